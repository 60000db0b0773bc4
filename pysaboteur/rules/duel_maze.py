"""The Duel's maze (docs/rules-duel.md, "Tunnels, networks and placement"): two
start cards, six goals in a pyramid, and a network for each player.

A player's network is a set of *tunnels* (a card's connected groups, as side
masks) reached by steps from his own start card and from every ladder of his
colour; a step never crosses a barrier closed to him (a door of the other
colour without his key, a troll without his counter).  The tokens on the maze
(keys, bribes, claims) live here too: they lie on its cards, and they change
who may pass.

Cells are ``(x, y)`` tuples.  The networks are searched again after a change
that may cut them (a rockfall) or open a barrier (a key, a bribe); a card laid
can only join tunnels to them, so laying one extends the known networks from
that card alone.  What placement asks of each empty cell is worked out once
per change of the maze, for both seats, and kept until the next change: moves
that leave the maze alone (discards, tools, maps) list their placements from it.
"""

from __future__ import annotations

from collections.abc import Set as AbstractSet
from functools import cache
from typing import Final

from .duel_faces import COLOURS, DuelFace, read_face, turned
from .faces import SIDE_NAMES, E, N, S, W
from .maze import Maze
from .reasons import Reason

Cell = tuple[int, int]
Tunnel = tuple[Cell, int]
#: What an empty cell asks of a card laid there: sides that must be open, sides
#: that must be walls, sides facing the seat's open network, whether it touches a card.
Constraints = tuple[int, int, int, bool]

#: (side, the step to the neighbour across it, the neighbour's side facing back)
STEPS: Final = ((N, (0, -1), S), (E, (1, 0), W), (S, (0, 1), N), (W, (-1, 0), E))
STEP_OF: Final = {side: (step, back) for side, step, back in STEPS}
START_CELLS: Final[tuple[Cell, Cell]] = ((0, -1), (0, 1))
#: In the order records list a round's goals.
GOAL_CELLS: Final[tuple[Cell, ...]] = ((5, -2), (5, 0), (5, 2), (7, -1), (7, 1), (9, 0))
_GOAL_INDEX: Final = {cell: index for index, cell in enumerate(GOAL_CELLS)}
#: The cells next to a goal (no ladder may lie there).
NEXT_TO_GOALS: Final = frozenset(
    (x + dx, y + dy) for x, y in GOAL_CELLS for _, (dx, dy), _ in STEPS
)
#: No card can lie further than 35 cells from (0,0) along either axis; 40 is the bound.
REACH: Final = 40
COUNTERS: Final = 4
KEY_TOKENS: Final = 2


@cache
def fitting(face: DuelFace, seat: int) -> tuple[int, bool, bool, int]:
    """What placement looks at in a face laid fresh by the seat: its open sides,
    whether it is a ladder of the seat's colour, whether it is a ladder, and the
    sides that may join the seat's network (the card's own doors carry no key and
    its troll no counter, so a troll or a door of the other colour closes its side)."""
    joining = face.sides
    for side in (N, E, S, W):
        if face.troll == side:
            joining &= ~side
        for door_side, colour in face.doors:
            if door_side == side and colour != COLOURS[seat]:
                joining &= ~side
    return face.sides, face.ladder == COLOURS[seat], bool(face.ladder), joining


#: Each cell's neighbours, as :func:`around` gives them (filled as cells are asked for).
_AROUND: Final[dict[Cell, tuple[tuple[int, Cell, int, bool], ...]]] = {}


def around(cell: Cell) -> tuple[tuple[int, Cell, int, bool], ...]:
    """For each side of ``cell``: the side, the neighbour across it, the neighbour's
    side facing back, and whether the neighbour is a goal cell."""
    x, y = cell
    found = tuple(
        (side, (x + dx, y + dy), back, (x + dx, y + dy) in _GOAL_INDEX)
        for side, (dx, dy), back in STEPS
    )
    _AROUND[cell] = found
    return found


#: The neighbours of each goal cell, in the order of GOAL_CELLS.
_GOAL_AROUND: Final = tuple(around(cell) for cell in GOAL_CELLS)


def neighbour(cell: Cell, side: int) -> Cell:
    (dx, dy), _ = STEP_OF[side]
    return (cell[0] + dx, cell[1] + dy)


def _where(cell: Cell) -> str:
    return f"{cell[0]},{cell[1]}"


class DuelMaze(Maze):
    """The cards and tokens of one Duel round. (A :class:`Maze` only so that a round's
    state holds either; none of the base maze's own methods apply to it.)"""

    __slots__ = (
        "_cells",
        "_networks",
        "_open",
        "_paths",
        "bribes",
        "claims",
        "faces",
        "keys",
        "names",
        "start_faces",
    )

    def __init__(self, goals: tuple[str, ...] | list[str], start_faces: tuple[str, ...]) -> None:
        self.goals = tuple(goals)
        self.revealed = [False] * len(GOAL_CELLS)
        self.cells = {}  # the base maze's packed cells: unused in the Duel
        self.network = {}
        self.ladders = set()
        self._frontier = None
        self._ladder_cells = None
        self.start_faces = start_faces
        #: The face of every face-up card by cell: starts, path cards, turned-up goals.
        self.faces: dict[Cell, DuelFace] = {
            cell: read_face(code) for cell, code in zip(START_CELLS, start_faces, strict=True)
        }
        #: The printed card at each cell ("start-green", a path card's or a goal's code).
        self.names: dict[Cell, str] = {
            START_CELLS[0]: "start-green",
            START_CELLS[1]: "start-blue",
        }
        #: The key on each keyed card: the seat that owns it.
        self.keys: dict[Cell, int] = {}
        #: The seats whose counters lie on each card's troll, in the order they bribed.
        self.bribes: dict[Cell, list[int]] = {}
        #: Every claim of the round, in order: (cell, seat).
        self.claims: list[tuple[Cell, int]] = []
        self._networks: list[set[Tunnel] | None] = [None, None]
        self._open: list[dict[Cell, int] | None] = [None, None]
        #: Per seat, what placement asks of each candidate cell (see :meth:`cell_constraints`).
        self._cells: list[dict[bool, list[tuple[Cell, Constraints]]] | None] = [None, None]
        self._paths: list[Cell] | None = None

    @classmethod
    def laid_out(
        cls,
        goals: tuple[str, ...],
        start_faces: tuple[str, ...],
        faces: dict[Cell, DuelFace],
        names: dict[Cell, str],
        revealed: list[bool],
    ) -> DuelMaze:
        """A maze whose cards are already known (the core's round read back): what
        ``__init__`` does without laying the starts, which ``faces`` hold; no tokens yet."""
        maze = cls.__new__(cls)
        maze.goals = goals
        maze.revealed = revealed
        maze.cells = {}
        maze.network = {}
        maze.ladders = set()
        maze._frontier = None
        maze._ladder_cells = None
        maze.start_faces = start_faces
        maze.faces = faces
        maze.names = names
        maze.keys = {}
        maze.bribes = {}
        maze.claims = []
        maze._networks = [None, None]
        maze._open = [None, None]
        maze._cells = [None, None]
        maze._paths = None
        return maze

    def copy(self) -> DuelMaze:
        other = DuelMaze.__new__(DuelMaze)
        other.goals = self.goals
        other.revealed = list(self.revealed)
        other.cells = {}
        other.network = {}
        other.ladders = set()
        other._frontier = None
        other._ladder_cells = None
        other.start_faces = self.start_faces
        other.faces = dict(self.faces)
        other.names = dict(self.names)
        other.keys = dict(self.keys)
        other.bribes = {cell: list(seats) for cell, seats in self.bribes.items()}
        other.claims = list(self.claims)
        # Laying a card extends the known networks in place: each copy has its own.
        other._networks = [None if known is None else set(known) for known in self._networks]
        other._open = [None if known is None else dict(known) for known in self._open]
        other._cells = list(self._cells)  # replaced, never changed in place
        other._paths = self._paths
        return other

    # -- tokens -----------------------------------------------------------------------

    def counters_left(self, seat: int) -> int:
        """Counters still in the seat's supply: 4, less its claims and its bribes."""
        placed = sum(1 for _, owner in self.claims if owner == seat)
        placed += sum(seats.count(seat) for seats in self.bribes.values())
        return COUNTERS - placed

    def key_tokens_left(self) -> int:
        return KEY_TOKENS - len(self.keys)

    def claimed_by(self, cell: Cell) -> int | None:
        for claimed, seat in self.claims:
            if claimed == cell:
                return seat
        return None

    def has_token(self, cell: Cell) -> bool:
        """Whether a counter or a key lies on the card (then rockfall cannot remove it)."""
        return cell in self.keys or bool(self.bribes.get(cell)) or self.claimed_by(cell) is not None

    def token_cells(self) -> set[Cell]:
        """Every cell whose card carries a counter or a key."""
        found = {cell for cell, _ in self.claims}
        found.update(self.keys)
        found.update(cell for cell, seats in self.bribes.items() if seats)
        return found

    # -- barriers and networks --------------------------------------------------------

    def closed(self, seat: int, cell: Cell, face: DuelFace, side: int) -> bool:
        """Whether a barrier on ``side`` of the card at ``cell`` is closed to ``seat``."""
        if face.troll == side:
            return seat not in self.bribes.get(cell, ())
        for door_side, colour in face.doors:
            if door_side == side:
                return colour != COLOURS[seat] and self.keys.get(cell) != seat
        return False

    def network_of(self, seat: int) -> AbstractSet[Tunnel]:
        """Every tunnel of the seat's network (docs/rules-duel.md, "Each player's network")."""
        known = self._networks[seat]
        if known is None:
            known = self._networks[seat] = set()
            colour = COLOURS[seat]
            # The seat's start card carries its ladder; every ladder of its colour is
            # joined to it, wherever it lies.
            seeds = [
                (cell, face.tunnels[0])
                for cell, face in self.faces.items()
                if face.ladder == colour
            ]
            self._search(seat, known, seeds)
        return known

    def _search(self, seat: int, found: set[Tunnel], seeds: list[Tunnel]) -> list[Tunnel]:
        """Add to ``found`` every tunnel reached from ``seeds`` (not yet in it); those added."""
        stack = [seed for seed in seeds if seed not in found]
        found.update(stack)
        added = list(stack)
        while stack:
            for step in self._steps(seat, *stack.pop()):
                if step not in found:
                    found.add(step)
                    stack.append(step)
                    added.append(step)
        return added

    def _steps(self, seat: int, cell: Cell, tunnel: int) -> list[Tunnel]:
        """The tunnels one step from a tunnel of the card at ``cell``: across each of its
        sides where neither card's barrier is closed to the seat."""
        faces = self.faces
        face = faces[cell]
        found = []
        for side, (dx, dy), back in STEPS:
            if not tunnel & side or self.closed(seat, cell, face, side):
                continue
            there = (cell[0] + dx, cell[1] + dy)
            other = faces.get(there)
            if other is None:
                continue
            reached = other.tunnel_at(back)
            if reached and not self.closed(seat, there, other, back):
                found.append((there, reached))
        return found

    def _extend(self, seat: int, cell: Cell, face: DuelFace) -> None:
        """A card was laid at ``cell``: join to the seat's known network what it reaches.
        (Nothing else changed, so nothing leaves the network and every other barrier
        stays as it was.)"""
        found = self._networks[seat]
        if found is None:
            return
        if face.ladder == COLOURS[seat]:
            seeds = [(cell, face.tunnels[0])]
        else:
            seeds = [
                (cell, tunnel)
                for tunnel in face.tunnels
                if any(step in found for step in self._steps(seat, cell, tunnel))
            ]
        if not seeds:
            return
        added = self._search(seat, found, seeds)
        known = self._open[seat]
        if known is not None:
            for place, tunnel in added:
                known[place] = known.get(place, 0) | self._open_of(seat, place, tunnel)

    def changed(self) -> None:
        """The cards or tokens changed: the networks are searched again when next asked."""
        self._networks = [None, None]
        self._open = [None, None]
        self._cells = [None, None]
        self._paths = None

    def open_sides(self, seat: int) -> dict[Cell, int]:
        """For each cell with a tunnel of the seat's network, the sides those tunnels
        own that no barrier closes to the seat: where the network meets a neighbour."""
        known = self._open[seat]
        if known is None:
            known = {}
            for cell, tunnel in self.network_of(seat):
                known[cell] = known.get(cell, 0) | self._open_of(seat, cell, tunnel)
            self._open[seat] = known
        return known

    def _open_of(self, seat: int, cell: Cell, tunnel: int) -> int:
        """The sides of a tunnel of the card at ``cell`` that no barrier closes to the seat."""
        face = self.faces[cell]
        sides = tunnel
        if tunnel & face.barred:
            for side in (N, E, S, W):
                if tunnel & side and self.closed(seat, cell, face, side):
                    sides &= ~side
        return sides

    def open_towards(self, seat: int, cell: Cell, side: int) -> bool:
        """Whether the card at ``cell`` has a tunnel of the seat's network owning ``side``,
        with no barrier closed to the seat on that side."""
        return bool(self.open_sides(seat).get(cell, 0) & side)

    # -- placing ----------------------------------------------------------------------

    def is_goal_cell(self, cell: Cell) -> bool:
        return cell in _GOAL_INDEX

    def goal_at(self, cell: Cell) -> int | None:
        return _GOAL_INDEX.get(cell)

    def placing_error(self, seat: int, face: DuelFace, cell: Cell) -> str | None:
        """Why the seat may not lay a card lying as ``face`` at ``cell`` (the tools aside)."""
        x, y = cell
        if cell in START_CELLS:
            return Reason("cell {x},{y} holds a start card", x=x, y=y)
        if cell in _GOAL_INDEX:
            return Reason("cell {x},{y} holds a goal card", x=x, y=y)
        if cell in self.faces:
            return Reason("cell {x},{y} is not empty", x=x, y=y)
        if self.fits(seat, face, self.constraints(seat, cell), cell):
            return None
        if face.ladder and cell in NEXT_TO_GOALS:
            return Reason("a ladder may not lie next to a goal card, as {x},{y} does", x=x, y=y)
        sides = face.sides
        for side, (dx, dy), back in STEPS:
            there = (x + dx, y + dy)
            other = self.faces.get(there)
            if other is None:
                continue  # an empty cell, or a face-down goal, imposes nothing
            if sides & side and not other.sides & back:
                return Reason(
                    "side {side} meets a wall of the card at {cell}",
                    side=SIDE_NAMES[side],
                    cell=_where(there),
                )
            if not sides & side and other.sides & back:
                return Reason(
                    "side {side} is a wall against an open side of the card at {cell}",
                    side=SIDE_NAMES[side],
                    cell=_where(there),
                )
        if face.ladder == COLOURS[seat]:
            return Reason("a ladder must lie next to a path card")
        return Reason(
            "none of its open sides meets an open tunnel of seat {seat}'s network", seat=seat
        )

    def constraints(self, seat: int, cell: Cell) -> Constraints:
        """What the neighbours of an empty cell ask of a card laid there by the seat:
        the sides that must be open, those that must be walls, those facing an open
        tunnel of the seat's network, and whether a start or path card is next to it."""
        must_open = must_wall = joins = 0
        touches_card = False
        faces = self.faces
        network = self.open_sides(seat)
        for side, there, back, goal in _AROUND.get(cell) or around(cell):
            other = faces.get(there)
            if other is None:
                continue  # an empty cell, or a face-down goal, imposes nothing
            if not goal:
                touches_card = True
            if other.sides & back:
                must_open |= side
                if network.get(there, 0) & back:
                    joins |= side
            else:
                must_wall |= side
        return must_open, must_wall, joins, touches_card

    def fits(self, seat: int, face: DuelFace, constraints: Constraints, cell: Cell) -> bool:
        """Whether a card lying as ``face`` may go at the empty ``cell`` (placement rules
        2 and 3, or a ladder's rule), given the cell's :meth:`constraints`."""
        must_open, must_wall, joins, touches_card = constraints
        sides, own_ladder, ladder, joining = fitting(face, seat)
        if sides & must_open != must_open or sides & must_wall:
            return False
        if ladder and cell in NEXT_TO_GOALS:
            return False
        if own_ladder:
            return touches_card
        return bool(joining & joins)

    def cell_constraints(self, seat: int, ladder: bool) -> list[tuple[Cell, Constraints]]:
        """The cells where the seat may place a card, with their :meth:`constraints`
        (kept until the maze changes): with a ladder of its colour, every
        :meth:`candidate_cells` cell; else only those an open side of its network
        faces (placement rule 3 asks for no less)."""
        known = self._cells[seat]
        if known is None:
            known = self._cells[seat] = {}
        if ladder not in known:
            if ladder:
                cells = self.candidate_cells()
            else:
                fronts = set()
                for (x, y), sides in self.open_sides(seat).items():
                    for side, (dx, dy), _ in STEPS:
                        if sides & side:
                            fronts.add((x + dx, y + dy))
                cells = sorted(
                    cell
                    for cell in fronts
                    if cell not in self.faces
                    and cell not in _GOAL_INDEX
                    and abs(cell[0]) <= REACH
                    and abs(cell[1]) <= REACH
                )
            known[ladder] = [(cell, self.constraints(seat, cell)) for cell in cells]
        return known[ladder]

    def candidate_cells(self) -> list[Cell]:
        """Every empty cell next to a face-up card where a path card could go, in order."""
        found = {(x + dx, y + dy) for (x, y) in self.faces for _, (dx, dy), _ in STEPS}
        return sorted(
            cell
            for cell in found
            if cell not in self.faces
            and cell not in _GOAL_INDEX
            and abs(cell[0]) <= REACH
            and abs(cell[1]) <= REACH
        )

    def lay(self, face: DuelFace, card: str, cell: Cell) -> None:
        self.faces[cell] = face
        self.names[cell] = card
        self._extend(0, cell, face)
        self._extend(1, cell, face)
        self._cells = [None, None]
        self._paths = None

    def remove(self, x: int, y: int) -> None:
        del self.faces[(x, y)]
        del self.names[(x, y)]
        self.changed()

    def path_cells(self) -> list[Cell]:
        """Cells of the path cards (not starts, not goals), in order."""
        if self._paths is None:
            self._paths = sorted(
                cell for cell in self.faces if cell not in START_CELLS and cell not in _GOAL_INDEX
            )
        return self._paths

    # -- goals and gold ---------------------------------------------------------------

    def reveal_reached(self) -> list[int]:
        """Turn face up every goal either network reaches, until nothing more turns up;
        the goals turned, in order (docs/rules-duel.md, "Reaching a goal")."""
        turned_up: list[int] = []
        revealed = self.revealed
        progress = True
        while progress and not all(revealed):
            progress = False
            # Turning a goal up extends both networks' open sides in place (lay).
            green, blue = self.open_sides(0), self.open_sides(1)
            for index, neighbours in enumerate(_GOAL_AROUND):
                if revealed[index]:
                    continue
                reaching = 0
                for side, there, back, _ in neighbours:
                    if (green.get(there, 0) | blue.get(there, 0)) & back:
                        reaching |= side
                if reaching:
                    self._turn_up(index, reaching)
                    turned_up.append(index)
                    progress = True
        return turned_up

    def _turn_up(self, index: int, reaching: int) -> None:
        printed = read_face(self.goals[index])
        lying = printed
        if not printed.sides & reaching and turned(printed).sides & reaching:
            lying = turned(printed)
        self.revealed[index] = True
        self.lay(lying, self.goals[index], GOAL_CELLS[index])

    def reached_gold(self, seat: int) -> list[Cell]:
        """The unclaimed cards whose gold the seat reaches: more nuggets first, then by cell."""
        network = self.network_of(seat)
        claimed = {cell for cell, _ in self.claims}
        found = []
        for cell, face in self.faces.items():
            if not face.gold or cell in claimed:
                continue
            for side, _ in face.gold:
                tunnel = face.tunnel_at(side)
                if tunnel:
                    reached = (cell, tunnel) in network
                else:
                    # Gold on a stub lies at the end of a dead end: reached from across it.
                    _, back = STEP_OF[side]
                    reached = self.open_towards(seat, neighbour(cell, side), back)
                if reached:
                    found.append(cell)
                    break
        return sorted(found, key=lambda cell: (-self.faces[cell].nuggets, cell))

    def claim(self, seat: int) -> list[Cell]:
        """Claim every card whose gold the seat reaches, while its counters last."""
        left = self.counters_left(seat)
        if not left:
            return []  # a player without counters cannot claim
        made = self.reached_gold(seat)[:left]
        self.claims.extend((cell, seat) for cell in made)
        return made

    def nuggets_at(self, cell: Cell) -> int:
        return self.faces[cell].nuggets
