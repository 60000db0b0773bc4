"""Many games between bots: schedules over shared deals, runners (local processes
or Ray), statistics, ratings, reports and plots.  ``saboteur arena`` drives it
(:mod:`.command`); docs/arena.md explains the method and the output."""
