"""A finished game, position by position, for the replay page.

Positions are rebuilt from the stored moves.  Stepping forward plays on from
the last position asked for; stepping back replays from the deal (a few
milliseconds for a whole game); recent answers are kept.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Any

from ..rules import Game, table_observation
from .protocol import ApiError
from .table import Table

KEPT = 64


class Replay:
    def __init__(self, table: Table) -> None:
        self.table = table
        self.moves = list(table.moves)
        self.bot_moves = sorted(table.bot_moves)
        self._game: Game | None = None
        self._at = 0
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

    def _game_after(self, n: int) -> Game:
        if self._game is None or self._at > n:
            self._game = self.table.new_game()
            self._at = 0
        while self._at < n:
            self._game.play(self.moves[self._at])
            self._at += 1
        return self._game
