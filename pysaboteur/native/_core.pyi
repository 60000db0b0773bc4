# The extension's interface (core/bind.cpp), for mypy: only pysaboteur.native calls it.
from typing import Any, Final

KINDS: Final[dict[str, int]]
PLAY: Final[int]
GOLD: Final[int]
ENDED: Final[int]

class Tables: ...

class Codes:
    def __len__(self) -> int: ...
    def __getitem__(self, index: int) -> int: ...
    def __contains__(self, code: object) -> bool: ...
    def tolist(self) -> list[int]: ...

class Round:
    def legal(self) -> Codes: ...
    def listing(self) -> tuple[int, Codes]: ...
    def legal_count(self) -> int: ...
    def is_legal(self, code: int) -> bool: ...
    def play(self, code: int) -> bool: ...
    def advance(self, code: int) -> int: ...
    def previous(self) -> Round: ...
    def copy(self) -> Round: ...
    def playout(self, seed: int) -> int: ...
    def observe(
        self,
        tensors: Tensors,
        seat: int,
        seats: list[int],
        codes: list[int],
        round_number: int,
        nuggets: int,
        open_hands: bool,
        out: Any,
        recent: Recent | None = None,
    ) -> None: ...
    def observe_saboteur2(
        self,
        tensors: Tensors2,
        seat: int,
        seats: list[int],
        codes: list[int],
        round_number: int,
        pieces: list[int],
        open_hands: bool,
        out: Any,
        recent: Recent | None = None,
        stealing: list[int] = ...,
    ) -> None: ...
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
    def discards(self) -> list[int]: ...
    @property
    def maps(self) -> list[list[int]]: ...
    @property
    def pile(self) -> list[int]: ...
    @property
    def network(self) -> list[tuple[int, int]]: ...
    @property
    def revealed(self) -> list[bool]: ...
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
    def cells(self) -> list[tuple[int, int]]: ...
    @property
    def cell_faces(self) -> dict[int, int]: ...
    @property
    def network_sides(self) -> dict[int, int]: ...
    @property
    def frontier(self) -> list[tuple[int, int]]: ...
    @property
    def roles(self) -> list[int]: ...
    @property
    def trapped(self) -> list[bool]: ...
    @property
    def thieves(self) -> list[int]: ...
    @property
    def reserve(self) -> list[int]: ...
    @property
    def hats_out(self) -> list[int]: ...
    @property
    def looks(self) -> list[tuple[int, int, int, int, int]]: ...
    @property
    def swaps(self) -> list[tuple[int, int, int, list[int], list[int]]]: ...

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
    break_card: list[int],
    card_of_face: list[int],
    most_discarded: int,
    reach: int,
    gold_pieces: bool,
    clears: bool,
    ladder_sides: list[int],
    rank: list[int],
    front_card: list[int],
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
    discards: list[int],
    maps: list[list[int]],
    roles: list[int] = ...,
    trapped: list[bool] = ...,
    thieves: list[int] = ...,
    reserve: list[int] = ...,
    hats_out: list[int] = ...,
    moves_played: int = ...,
    looks: list[tuple[int, int, int, int, int]] = ...,
    swaps: list[tuple[int, int, int, list[int], list[int]]] = ...,
) -> Round: ...

class Batch:
    def attach(
        self,
        observations: Any,
        masks: Any,
        rewards: Any,
        done: Any,
        seats: Any,
        next_seeds: Any,
        wants_seed: Any,
    ) -> None: ...
    def reset(self, seeds: Any) -> None: ...
    def step(self, actions: Any) -> bool: ...
    def sample(self, out: Any) -> None: ...
    def seed_sampler(self, seed: int) -> None: ...
    def round_number(self, index: int) -> int: ...
    @property
    def games(self) -> int: ...

def make_batch(
    tables: Tables,
    tensor: dict[str, Any],
    deal: dict[str, Any],
    games: int,
    round_episodes: bool,
    win_rewards: bool,
) -> Batch: ...
def python_shuffle(seed: int, items: list[int], times: int) -> list[int]: ...

class Table:
    def start(self, seed: int) -> None: ...
    def observe(self, seat: int, out: Any) -> None: ...
    def observe_over(self, seat: int, out: Any) -> None: ...
    def mask(self, out: Any) -> None: ...
    def code_of(self, action: int) -> int: ...
    def play(self, code: int) -> int: ...
    @property
    def to_move(self) -> int: ...

def make_table(tables: Tables, tensor: dict[str, Any], deal: dict[str, Any]) -> Table: ...

# Saboteur 2's game for the environments (core/table_saboteur2_bind.cpp).
class Table2:
    def start(self, seed: int) -> None: ...
    def observe(self, seat: int, out: Any) -> None: ...
    def mask(self, out: Any) -> None: ...
    def code_of(self, action: int) -> int: ...
    def play(self, code: int) -> int: ...
    @property
    def to_move(self) -> int: ...
    @property
    def round_number(self) -> int: ...
    @property
    def gold_pieces(self) -> list[int]: ...

class Batch2(Batch): ...  # Saboteur 2's: the same calls

def make_batch_saboteur2(
    tables: Tables,
    saboteur2_tables: Saboteur2Tables,
    tensor: dict[str, Any],
    deal: dict[str, Any],
    games: int,
    round_episodes: bool,
    win_rewards: bool,
) -> Batch2: ...
def make_table_saboteur2(
    tables: Tables,
    saboteur2_tables: Saboteur2Tables,
    tensor: dict[str, Any],
    deal: dict[str, Any],
) -> Table2: ...

class Tensors:
    @property
    def size(self) -> int: ...
    @property
    def players(self) -> int: ...

def make_tensors(tables: Tables, tensor: dict[str, Any]) -> Tensors: ...

class Tensors2(Tensors): ...  # Saboteur 2's layout (core/table_saboteur2_bind.cpp)

def make_tensors_saboteur2(tables: Tables, tensor: dict[str, Any]) -> Tensors2: ...

# The information-state tensor's recent block (core/info_state_bind.cpp).
class Recent:
    @property
    def size(self) -> int: ...
    @property
    def players(self) -> int: ...

def make_recent(tables: Tables, recent: dict[str, Any]) -> Recent: ...
def encode_recent(
    recent: Recent, seat: int, seats: list[int], codes: list[int], open_hands: bool, out: Any
) -> None: ...

# The search's playout policy (core/playout_bind.cpp).
GUESS_RIGHT: Final[float]
FAR: Final[int]

def play_out(
    round: Round, seed: int, limit: int = 1000, guess_right: float = ...
) -> tuple[int, int, list[int]]: ...
def playout_trace(
    round: Round, seed: int, limit: int = 1000, guess_right: float = ...
) -> list[int]: ...
def play_outs(
    round: Round, seed: int, count: int, limit: int = 1000, guess_right: float = ...
) -> tuple[int, int, int]: ...
def playout_scores(round: Round) -> list[float]: ...
def target_goal(round: Round, seat: int) -> int: ...
def cards_to_goal(round: Round, goal: int) -> list[tuple[int, int]]: ...

# Saboteur 2's pay-out and playout policy (core/playout_saboteur2_bind.cpp).
class Saboteur2Tables: ...

def make_saboteur2_tables(
    *,
    dwarf: list[int],
    share: list[int],
    shortfall: list[int],
    door: list[int],
    crystal: list[int],
    tunnels: list[int],
) -> Saboteur2Tables: ...
def saboteur2_pay(
    tables: Saboteur2Tables, round: Round, pieces: list[int]
) -> tuple[bool, int, int, list[int], list[int], list[int], list[tuple[int, int]], list[int]]: ...
def saboteur2_play_out(
    tables: Saboteur2Tables,
    round: Round,
    pieces: list[int],
    first: int,
    seed: int,
    limit: int = 1000,
) -> tuple[bool, int, list[int]]: ...
def saboteur2_playout_trace(
    tables: Saboteur2Tables,
    round: Round,
    pieces: list[int],
    first: int,
    seed: int,
    limit: int = 1000,
) -> list[int]: ...
def saboteur2_round_gold(
    tables: Saboteur2Tables,
    round: Round,
    pieces: list[int],
    firsts: list[int],
    seat: int,
    seed: int,
    limit: int = 1000,
) -> list[int]: ...
def maze_distances(
    tables: Tables,
    goals: list[int],
    revealed: list[bool],
    keys: list[int],
    faces: list[int],
    change_keys: list[int],
    change_faces: list[int],
) -> tuple[list[int], list[list[int]]]: ...
def saboteur2_route_distances(
    tables: Tables,
    saboteur2: Saboteur2Tables,
    revealed: list[bool],
    keys: list[int],
    faces: list[int],
    change_keys: list[int],
    change_faces: list[int],
) -> tuple[list[list[int]], list[list[list[int]]]]: ...
def duel_prospects(
    tables: Any,
    revealed: list[bool],
    cells: list[tuple[int, int, int]],
    keys: list[tuple[int, int, int]],
    bribes: list[tuple[int, int, int]],
    claims: list[tuple[int, int, int]],
    expected: list[float],
    near: float,
    mover: int,
    changes: list[tuple[int, int, int, int]],
) -> tuple[
    tuple[float, float, float, float],
    list[list[int]],
    list[tuple[float, float, float, float]],
]: ...
