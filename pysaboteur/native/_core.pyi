# The extension's interface (core/bind.cpp), for mypy: only pysaboteur.native calls it.
from typing import Final

KINDS: Final[dict[str, int]]
PLAY: Final[int]
GOLD: Final[int]
ENDED: Final[int]

class Tables: ...

class Round:
    def legal(self) -> list[int]: ...
    def legal_count(self) -> int: ...
    def is_legal(self, code: int) -> bool: ...
    def play(self, code: int) -> bool: ...
    def copy(self) -> Round: ...
    def playout(self, seed: int) -> int: ...
    @property
    def to_move(self) -> int: ...
    @property
    def phase(self) -> int: ...
    @property
    def winner(self) -> int: ...
    @property
    def finder(self) -> int: ...
    @property
    def last_turn(self) -> int: ...
    @property
    def last_path(self) -> int: ...
    @property
    def discards(self) -> int: ...
    @property
    def broken(self) -> list[int]: ...
    @property
    def round_gold(self) -> list[int]: ...
    @property
    def hands(self) -> list[list[int]]: ...
    @property
    def pile_size(self) -> int: ...
    @property
    def gold(self) -> list[int]: ...
    @property
    def offer(self) -> list[int]: ...
    @property
    def cells(self) -> list[tuple[int, int, int]]: ...
    @property
    def frontier(self) -> list[tuple[int, int]]: ...

def make_tables(
    *,
    kinds: list[int],
    faces: list[list[int]],
    tools: list[list[int]],
    tunnel_at: list[int],
    fits: list[int],
    goal_shapes: list[tuple[int, int]],
    gold_card: int,
    saboteur_pay: list[int],
    most_discarded: int,
    reach: int,
) -> Tables: ...
def make_round(
    *,
    tables: Tables,
    players: int,
    first: int,
    to_move: int,
    phase: int,
    hands: list[list[int]],
    pile: list[int],
    broken: list[int],
    miners: list[bool],
    goals: list[int],
    cells: list[tuple[int, int]],
    revealed: list[bool],
    offer: list[int],
    gold: list[int],
    gold_draw: int,
    last_turn: int,
    last_path: int,
    finder: int,
    round_gold: list[int],
    discards: int,
) -> Round: ...
