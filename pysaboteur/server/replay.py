"""A finished game, position by position, for the replay page.

Positions are rebuilt from the stored moves.  When the replay is first asked
for, the game is played through once and a copy of it is kept every
:data:`EVERY` moves; any position is then a kept copy played on by fewer than
:data:`EVERY` moves, however far back it is, where replaying from the deal cost
work in proportion to the position (stepping forward plays on from the last
position asked for).  The copies cost memory in proportion to the game's moves;
recent answers are kept too.  ``scripts/bench_replay.py`` measures both.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Any

from ..rules import Game, table_observation
from .protocol import ApiError
from .table import Table

KEPT = 64
#: A copy of the game is kept every this many moves: no answer plays more.
EVERY = 16


class Replay:
    def __init__(self, table: Table) -> None:
        self.table = table
        self.moves = list(table.moves)
        self.bot_moves = sorted(table.bot_moves)
        # The game in hand is where the last answer left it: at first, the end.
        self._game, self._copies = self._played_through(EVERY)
        self._at = len(self.moves)
        #: A copy of the kept copy last started from, its moves' texts written out.
        self._written: tuple[int, Game] | None = None
        self._answers: OrderedDict[int, dict[str, Any]] = OrderedDict()

    def position(self, n: int) -> dict[str, Any]:
        """The answer for the position after ``n`` moves."""
        total = len(self.moves)
        if not 0 <= n <= total:
            raise ApiError("bad_request", "n: a position from 0 to {total}", total=total)
        answer = self._answers.get(n)
        if answer is None:
            answer = {
                "n": n,
                "moves": total,
                "move": self.moves[n - 1] if n else None,
                # As in the views: the moves a bot made for a person who was away.
                "bot_moves": [number for number in self.bot_moves if number <= n],
                "observation": table_observation(self._game_after(n)),
            }
            self._answers[n] = answer
            if len(self._answers) > KEPT:
                self._answers.popitem(last=False)
        else:
            self._answers.move_to_end(n)
        # Talk goes on after the game: its lines at this position are looked up afresh.
        return {**answer, "talk": self.table.talk.at_position(n)}

    def _played_through(self, every: int) -> tuple[Game, list[Game]]:
        """The game after all its moves, and copies of it after 0, ``every``,
        2 ``every``… moves."""
        game = self.table.new_game()
        copies = [game.copy()]
        for at, text in enumerate(self.moves, start=1):
            game.play(text)
            if at % every == 0:
                copies.append(game.copy())
        return game, copies

    def _written_out(self, kept: int) -> Game:
        """A copy of the ``kept``-th kept copy with its moves' texts written out (as
        its observation writes them), for the next :data:`EVERY` steps back to start
        from.  Only the last one is kept: the texts take more memory than a game."""
        if self._written is None or self._written[0] != kept:
            game = self._copies[kept].copy()
            table_observation(game)
            self._written = (kept, game)
        return self._written[1]

    def _game_after(self, n: int) -> Game:
        if not self._at <= n < self._at + EVERY:
            # Too far from the game in hand: the kept copy nearest before ``n``,
            # copied again (kept copies are never played on).
            kept = n // EVERY
            self._game, self._at = _copy(self._written_out(kept)), kept * EVERY
        while self._at < n:
            self._game.play(self.moves[self._at])
            self._at += 1
        return self._game


def _copy(game: Game) -> Game:
    """A copy of ``game`` that keeps the texts its rounds' moves were seen as.

    ``Game.copy`` (made for search) starts each round's texts again
    (``RoundLog.texts``, ``seen``, ``shown``): an observation of the copy would
    write out every move of the game again for every seat, several times the
    work of the few moves a replay plays.  They are worked out from the
    round's moves alone, which the copy has, and only ever appended to, so the
    copy's own lists start as copies of them.
    """
    copy = game.copy()
    for mine, theirs in zip(copy.rounds, game.rounds, strict=True):
        mine.texts = list(theirs.texts)
        mine.seen = {viewer: list(texts) for viewer, texts in theirs.seen.items()}
        mine.shown = dict(theirs.shown)  # each finished round's view, never changed
    return copy
