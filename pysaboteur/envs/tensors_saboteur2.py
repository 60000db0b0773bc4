"""Saboteur 2's observation tensor: one seat's observation as a flat float32 vector.

Built from ``seat_observation(game, seat)`` and nothing else, like the base
game's (:mod:`.tensors`), so it holds exactly what the seat may know.  Every
value lies in ``[0, 1]``: counts are divided by the most there can be.  Seats
are counted from the observing seat (``+0`` is itself), as the action ids of
:mod:`.actions_saboteur2` count the seats that moves aim at.

The blocks, in order (``n`` players; ``docs/envs.md`` has the full table):

- ``maze`` (17, 17, 21): planes over the window of :mod:`.actions_saboteur2` (``MAZE_PLANES``).
- ``goals`` (3, 4): per goal: face up, known to the seat, known gold, known stone.
- ``hand`` (54,): copies of each card code in the hand / 6 (``CARD_CODES`` order).
- ``slots`` (6, 54): the hand slot by slot, as the discard and clear ids name them.
- ``role`` (6,): the seat's dwarf card (``ROLES`` order).
- ``laid_aside`` (6,): dwarf cards the seat itself laid aside this round / 2.
- ``seats`` (n, 10): ``SEAT_FEATURES``: what lies in front of each seat, its
  hand size, its gold pieces.
- ``looks`` (n, 7): the dwarf card the seat last saw each seat hold this round,
  and whether a ``swap-hats`` hit that seat since.
- ``swaps`` (n, 54): the cards the seat gave each seat in their last swap / 6.
- ``plays`` (n, 15 + 9n): what each seat played this round (``PLAY_FEATURES``),
  then per target seat and ``AIMED_FEATURES`` kind, the cards it aimed there.
- ``open_hands`` (n, 54): with the ``open_hands`` option, every hand; else zeros.
- ``table`` (12,): ``TABLE_FEATURES``.

This module also draws a Saboteur 2 table as text (:func:`table_text`), for
``render()`` and OpenSpiel's observation string.
"""

from __future__ import annotations

from array import array
from functools import lru_cache
from typing import Final

import numpy as np

from ..rules.cards import GOAL_CELLS, TOOLS
from ..rules.editions.saboteur2 import DWARF_CARDS, HAND_SIZE, REMOVED_PER_ROUND
from ..rules.faces import SIDES, N, S, face_of, face_parts
from ..rules.moves import (
    BREAK,
    CLEAR,
    DISCARD,
    FIX,
    FREE_AT_LAST,
    HANDS_OFF,
    INSPECTION,
    MAP,
    PLACE,
    ROCKFALL,
    STEAL,
    SWAP_HAND,
    SWAP_HATS,
    THEFT,
    TRAPPED,
    read_seen_move,
)
from ..rules.observation import Observation
from .actions_saboteur2 import (
    CARD_CODES,
    CELLS,
    EDITION,
    HAND_SLOTS,
    HEIGHT,
    WIDTH,
    X_MAX,
    X_MIN,
    Y_MAX,
    Y_MIN,
    hand_slots,
)
from .encoding import Block, BlockEncoder, finished_round_view, put_goals, stack_blocks
from .text import grid_text

MAZE_PLANES: Final = (
    "open N",
    "open E",
    "open S",
    "open W",
    "stub N",
    "stub E",
    "stub S",
    "stub W",
    "two tunnels",
    "bridge",
    "blue door",
    "green door",
    "ladder",
    "crystal",
    "card",
    "face-down goal",
    "gold chance",
)
GOAL_FEATURES: Final = ("face up", "known", "gold", "stone")
ROLES: Final = tuple(DWARF_CARDS)  # green blue boss profiteer geologist saboteur
SEAT_FEATURES: Final = (
    "broken pick",
    "broken lamp",
    "broken cart",
    "trapped",
    "theft in front",
    "steals next",
    "still to steal",
    "hand size / 6",
    "to move",
    "gold pieces / 60",
)
LOOK_FEATURES: Final = (*ROLES, "swap-hats on it since")


def _count(test: str) -> int:
    """How many path cards of the deck are of a kind (for the scales of ``plays``)."""
    return sum(count for code, count in EDITION.card_counts.items() if _is_kind(code, test))


def _is_kind(code: str, test: str) -> bool:
    if code not in EDITION.tunnel_counts:
        return False
    face = face_parts(face_of(code))
    return {
        "tunnel": bool(face.tunnels),
        "dead end": not face.tunnels,
        "ladder": face.ladder,
        "blue": face.door == "blue",
        "green": face.door == "green",
        "crystal": face.crystal,
    }[test]


_COUNT: Final = dict(EDITION.card_counts)
#: The cards in play in a round: the deck less the cards removed unseen.
IN_PLAY: Final = float(len(EDITION.playing_cards) - REMOVED_PER_ROUND)  # 101
#: A clear removes a card in front of its seat: at most one per such card.
_CLEARABLE: Final = float(
    sum(_COUNT[code] for code in ("break-pick", "break-lamp", "break-cart"))
    + _COUNT[TRAPPED]
    + _COUNT[THEFT]
)
#: (name, scale) of the first columns of a row of ``plays``.
_PLAYS: Final = (
    ("tunnel cards placed", float(_count("tunnel"))),
    ("dead ends placed", float(_count("dead end"))),
    ("ladders placed", float(_count("ladder"))),
    ("blue doors placed", float(_count("blue"))),
    ("green doors placed", float(_count("green"))),
    ("crystal cards placed", float(_count("crystal"))),
    ("rockfalls", float(_COUNT[ROCKFALL])),
    ("maps", float(_COUNT[MAP])),
    ("discard turns", IN_PLAY),
    ("cards discarded", IN_PLAY),
    ("clears", _CLEARABLE),
    ("thefts", float(_COUNT[THEFT])),
    ("looked at goal y=-2", 1.0),
    ("looked at goal y=0", 1.0),
    ("looked at goal y=2", 1.0),
)
PLAY_FEATURES: Final = tuple(
    f"{name} / {scale:g}" if scale != 1.0 else name for name, scale in _PLAYS
)
PLAY_SCALE: Final = tuple(scale for _, scale in _PLAYS)
_T_TUNNEL, _T_DEAD, _T_LADDER, _T_BLUE, _T_GREEN, _T_CRYSTAL = range(6)
_T_ROCKFALL, _T_MAP, _T_DISCARDS, _T_DISCARDED, _T_CLEAR, _T_THEFT, _T_GOAL = range(6, 13)

#: The moves aimed at a seat that ``plays`` counts per target, with their scales
#: (how many such cards there are; a thief steals once a round).
_AIMED: Final = (
    (BREAK, sum(_COUNT[f"break-{tool}"] for tool in TOOLS)),
    (FIX, sum(count for code, count in _COUNT.items() if code.startswith("fix-"))),
    (TRAPPED, _COUNT[TRAPPED]),
    (FREE_AT_LAST, _COUNT[FREE_AT_LAST]),
    (HANDS_OFF, _COUNT[HANDS_OFF]),
    (SWAP_HAND, _COUNT[SWAP_HAND]),
    (INSPECTION, _COUNT[INSPECTION]),
    (SWAP_HATS, _COUNT[SWAP_HATS]),
    (STEAL, 1),
)
AIMED_FEATURES: Final = tuple(f"{kind} / {scale}" for kind, scale in _AIMED)
_AIMED_INDEX: Final = {kind: index for index, (kind, _) in enumerate(_AIMED)}
AIMED_SCALE: Final = tuple(float(scale) for _, scale in _AIMED)

GOLD_PIECES: Final = 60.0  # divides gold pieces, capped at 1 (about 19 a round at most)
OUTSIDE: Final = float(sum(EDITION.tunnel_counts.values()))  # 64 tunnel cards
CRYSTALS: Final = float(_count("crystal"))
RESERVE: Final = float(sum(DWARF_CARDS.values()))  # 15
TABLE_FEATURES: Final = (
    "round 1",
    "round 2",
    "round 3",
    "phase play",
    "phase steal",
    "phase over",
    f"draw pile / {IN_PLAY:g}",
    f"discard pile / {len(EDITION.playing_cards)}",
    f"role reserve / {RESERVE:g}",
    f"own gold pieces / {GOLD_PIECES:g}",
    f"crystals in the maze / {CRYSTALS:g}",
    f"face-up cards outside the window / {OUTSIDE:g}",
)
_PHASES: Final = {"play": 3, "steal": 4, "over": 5}

_CARD_INDEX: Final = {code: index for index, code in enumerate(CARD_CODES)}
_ROLE_INDEX: Final = {role: index for index, role in enumerate(ROLES)}
_TOOL_INDEX: Final = {tool: index for index, tool in enumerate(TOOLS)}
_START: Final = (0 - Y_MIN) * WIDTH + (0 - X_MIN)
_LADDER_PLANE: Final = MAZE_PLANES.index("ladder") * CELLS
_FACE_DOWN_PLANE: Final = MAZE_PLANES.index("face-down goal") * CELLS
_GOLD_PLANE: Final = MAZE_PLANES.index("gold chance") * CELLS
_GOAL_CELL_INDEX: Final = tuple((y - Y_MIN) * WIDTH + (x - X_MIN) for x, y in GOAL_CELLS)


def planes_of(code: str) -> tuple[int, ...]:
    """The maze planes (as offsets into the vector) that are 1 where a card lies so."""
    face = face_parts(face_of(code))
    planes = [plane for plane, side in enumerate(SIDES) if face.sides & side]
    planes += [4 + plane for plane, side in enumerate(SIDES) if face.stubs & side]
    if len(face.tunnels) == 2:
        planes.append(8)
        if N | S in face.tunnels:
            planes.append(9)  # one of them runs N-S: a bridge (else a double curve)
    if face.door:
        planes.append(10 if face.door == "blue" else 11)
    if face.ladder:
        planes.append(12)
    if face.crystal:
        planes.append(13)
    planes.append(14)
    return tuple(plane * CELLS for plane in planes)


#: Every face a card (or the start, or a goal turned up) can show: the base
#: game's shapes and every face of Saboteur 2's cards.
_SHOWN_FACES: Final = (
    *(code for card in EDITION.tunnel_counts for _, code in EDITION.orientations[card]),
    *("NESW", "NE", "NW", "ES", "SW"),
)
_LYING: Final = {
    code: tuple(tuple(plane + cell for plane in planes_of(code)) for cell in range(CELLS))
    for code in dict.fromkeys(_SHOWN_FACES)
}
_CRYSTAL_FACES: Final = frozenset(code for code in _LYING if face_parts(face_of(code)).crystal)


def layout(players: int) -> tuple[Block, ...]:
    """The blocks of the vector for a player count, in order."""
    n = players
    plays = [*PLAY_FEATURES]
    plays += [f"{kind} on +{k}" for kind in AIMED_FEATURES for k in range(n)]
    cards = len(CARD_CODES)
    parts: list[tuple[str, tuple[int, ...], str]] = [
        ("maze", (len(MAZE_PLANES), HEIGHT, WIDTH), "planes: " + ", ".join(MAZE_PLANES)),
        ("goals", (len(GOAL_CELLS), len(GOAL_FEATURES)), ", ".join(GOAL_FEATURES)),
        ("hand", (cards,), "copies of each card code in hand / 6"),
        ("slots", (HAND_SLOTS, cards), "the card in each hand slot"),
        ("role", (len(ROLES),), ", ".join(ROLES)),
        ("laid_aside", (len(ROLES),), "dwarf cards the seat laid aside this round / 2"),
        ("seats", (n, len(SEAT_FEATURES)), ", ".join(SEAT_FEATURES)),
        ("looks", (n, len(LOOK_FEATURES)), ", ".join(LOOK_FEATURES)),
        ("swaps", (n, cards), "the cards the seat gave it in their last swap / 6"),
        ("plays", (n, len(plays)), ", ".join(plays)),
        ("open_hands", (n, cards), "every hand / 6, with open hands only"),
        ("table", (len(TABLE_FEATURES),), ", ".join(TABLE_FEATURES)),
    ]
    return stack_blocks(parts)


def vector_size(players: int) -> int:
    """The length of the vector: ``6483 + 140 * players + 9 * players ** 2``."""
    return sum(block.size for block in layout(players))


class RoundTally:
    """What each seat has played this round, read from the round's public history.

    The history only grows during a round, so the tally reads each move once.
    Seats are absolute here; the encoder counts them from the observing seat.
    """

    def __init__(self) -> None:
        self._start(0)

    def _start(self, number: int) -> None:
        self.round = number
        self.texts: list[str] = []
        #: (seat, column of PLAY_FEATURES) -> count.
        self.plays: dict[tuple[int, int], float] = {}
        #: (seat, index of AIMED_FEATURES, target seat) -> count.
        self.aimed: dict[tuple[int, int, int], float] = {}
        #: target seat -> index in the round of the last swap-hats on it.
        self.hats: dict[int, int] = {}

    def update(self, number: int, history: list[str]) -> None:
        """Catch up with round ``number``'s history, or start again if the moves read
        so far are not where it begins (another round, another game)."""
        texts = self.texts
        read = len(texts)
        if number != self.round or history[:read] != texts:
            self._start(number)
            texts = self.texts
            read = 0
        plays = self.plays
        aimed = self.aimed
        for index in range(read, len(history)):
            text = history[index]
            seat, counts, aim, target = _read_move(text)
            for column, amount in counts:
                key = (seat, column)
                # A goal looked at twice is still looked at: 1, not a count.
                plays[key] = amount if column >= _T_GOAL else plays.get(key, 0.0) + amount
            if aim >= 0:
                key3 = (seat, aim, target)
                aimed[key3] = aimed.get(key3, 0.0) + 1.0
                if aim == _HATS:
                    self.hats[target] = index
            texts.append(text)


_HATS: Final = _AIMED_INDEX[SWAP_HATS]


@lru_cache(maxsize=1 << 16)  # every seat reads the same moves, and many recur
def _read_move(text: str) -> tuple[int, tuple[tuple[int, float], ...], int, int]:
    """What a move of the history counts for: (seat, (column, amount) pairs of
    PLAY_FEATURES, index of AIMED_FEATURES or -1, the seat it aims at or -1)."""
    move = read_seen_move(text)
    kind = move.kind
    counts: list[tuple[int, float]] = []
    aim = _AIMED_INDEX.get(kind, -1)
    if kind == PLACE:
        face = face_parts(face_of(move.card))
        counts.append((_T_TUNNEL if face.tunnels else _T_DEAD, 1.0))
        for column, on in (
            (_T_LADDER, face.ladder),
            (_T_BLUE, face.door == "blue"),
            (_T_GREEN, face.door == "green"),
            (_T_CRYSTAL, face.crystal),
        ):
            if on:
                counts.append((column, 1.0))
    elif kind == DISCARD:  # an unseen discard has no card, but one blank per further card
        counts += [(_T_DISCARDS, 1.0), (_T_DISCARDED, 1.0 + len(move.also))]
    elif kind == CLEAR:
        counts.append((_T_CLEAR, 1.0))
    elif kind == ROCKFALL:
        counts.append((_T_ROCKFALL, 1.0))
    elif kind == MAP:
        counts.append((_T_MAP, 1.0))
        counts.append((_T_GOAL + (move.y + 2) // 2, 1.0))  # y = -2, 0, 2
    elif kind == THEFT:
        counts.append((_T_THEFT, 1.0))
    return move.seat, tuple(counts), aim, move.target if aim >= 0 else -1


class ObservationEncoder2(BlockEncoder):
    """Turns seat observations of ``players``-player Saboteur 2 games into vectors.

    Keep one encoder per running game: it reads each seat's history of a round
    incrementally, move by move.  The vector depends only on the observation
    given (an observation of another game or round makes it read afresh).
    """

    _tallies: dict[int, RoundTally]

    def __init__(self, players: int) -> None:
        EDITION.check_players(players)
        super().__init__(players, layout(players))

    def encode(self, observation: Observation) -> np.ndarray:
        """The vector of one seat's observation.

        Most entries are zero, and NumPy's cost is per call: the few others are
        written one by one into a zeroed ``array.array``, which NumPy then wraps.
        """
        n = self.players
        seat = observation["seat"]
        assert seat is not None, "a tensor is of a seat's observation"
        at = self._at
        put = array("f", self._zeros)
        cards = len(CARD_CODES)

        # -- maze and goals --------------------------------------------------------
        outside = crystals = 0
        lying = _LYING
        crystal_faces = _CRYSTAL_FACES
        for card in observation["maze"]:
            x = card["x"]
            y = card["y"]
            shape = card["shape"]
            if shape in crystal_faces:
                crystals += 1
            if X_MIN <= x <= X_MAX and Y_MIN <= y <= Y_MAX:
                for index in lying[shape][(y - Y_MIN) * WIDTH + (x - X_MIN)]:
                    put[index] = 1.0
            else:
                outside += 1
        put[_LADDER_PLANE + _START] = 1.0  # the start carries a ladder
        goals = observation["goals"]
        put_goals(put, goals, at["goals"], _GOAL_CELL_INDEX, _FACE_DOWN_PLANE, _GOLD_PLANE)

        # -- the seat's own cards, role and looks ---------------------------------------
        card_index = _CARD_INDEX
        hand_at = at["hand"]
        slots_at = at["slots"]
        for slot, code in enumerate(hand_slots(observation["hand"])):
            index = card_index[code]
            put[hand_at + index] += 1.0 / HAND_SIZE
            put[slots_at + slot * cards + index] = 1.0
        put[at["role"] + _ROLE_INDEX[observation["role"]]] = 1.0
        hands = observation["hands"]
        if hands:
            open_at = at["open_hands"]
            for absolute, hand in enumerate(hands):
                row = open_at + ((absolute - seat) % n) * cards
                for code in hand:
                    put[row + card_index[code]] += 1.0 / HAND_SIZE

        tally = self._tallies.get(seat)
        if tally is None:
            tally = self._tallies[seat] = RoundTally()
        history = observation["history"]
        tally.update(len(history), history[-1])
        looks_at = at["looks"]
        width = len(LOOK_FEATURES)
        seen: dict[int, int] = {}
        for look in observation.get("looks", ()):
            target = look["seat"]
            aside = look.get("laid_aside")
            if aside:
                put[at["laid_aside"] + _ROLE_INDEX[aside]] += 0.5
            seen[target] = _ROLE_INDEX[look["role"]]  # the last look counts
            row = looks_at + ((target - seat) % n) * width
            stale = tally.hats.get(target, -1) > look["move"]
            put[row + len(ROLES)] = 1.0 if stale else 0.0
        for target, role in seen.items():
            put[looks_at + ((target - seat) % n) * width + role] = 1.0
        swaps_at = at["swaps"]
        last_swap: dict[int, list[str]] = {}
        for swap in observation.get("swaps", ()):
            last_swap[swap["with"]] = swap["gave"]
        for other, gave in last_swap.items():
            row = swaps_at + ((other - seat) % n) * cards
            for code in gave:
                put[row + card_index[code]] += 1.0 / HAND_SIZE

        # -- seats, counted from the observing seat ------------------------------------
        seats_at = at["seats"]
        width = len(SEAT_FEATURES)
        for absolute, tools in enumerate(observation["broken"]):
            row = seats_at + ((absolute - seat) % n) * width
            for tool in tools:
                put[row + _TOOL_INDEX[tool]] = 1.0
        for absolute, trapped in enumerate(observation.get("trapped", ())):
            if trapped:
                put[seats_at + ((absolute - seat) % n) * width + 3] = 1.0
        for absolute in observation.get("thieves", ()):
            put[seats_at + ((absolute - seat) % n) * width + 4] = 1.0
        stealing = observation.get("stealing", ())
        for order, absolute in enumerate(stealing):
            row = seats_at + ((absolute - seat) % n) * width
            put[row + (5 if order == 0 else 6)] = 1.0
        for absolute, size in enumerate(observation["hand_sizes"]):
            put[seats_at + ((absolute - seat) % n) * width + 7] = size / HAND_SIZE
        to_move = observation["to_move"]
        if to_move is not None:
            put[seats_at + ((to_move - seat) % n) * width + 8] = 1.0
        pieces = observation.get("gold_pieces") or [0] * n
        for absolute, amount in enumerate(pieces):
            put[seats_at + ((absolute - seat) % n) * width + 9] = min(amount / GOLD_PIECES, 1.0)

        plays_at = at["plays"]
        width = len(PLAY_FEATURES) + len(AIMED_FEATURES) * n
        for (actor, column), count in tally.plays.items():
            put[plays_at + ((actor - seat) % n) * width + column] = count / PLAY_SCALE[column]
        targets = plays_at + len(PLAY_FEATURES)
        for (actor, aim, target), count in tally.aimed.items():
            row = ((actor - seat) % n) * width
            put[targets + row + aim * n + (target - seat) % n] = count / AIMED_SCALE[aim]

        # -- the table -----------------------------------------------------------------
        table = at["table"]
        put[table + observation["round"] - 1] = 1.0
        put[table + _PHASES[observation["phase"]]] = 1.0
        put[table + 6] = observation["draw_pile"] / IN_PLAY
        put[table + 7] = observation["discard_pile"] / len(EDITION.playing_cards)
        put[table + 8] = observation.get("reserve", 0) / RESERVE
        put[table + 9] = min(pieces[seat] / GOLD_PIECES, 1.0)
        put[table + 10] = min(crystals, CRYSTALS) / CRYSTALS
        put[table + 11] = min(outside, OUTSIDE) / OUTSIDE
        return np.frombuffer(put, dtype=np.float32)  # shares put's memory, writable


def round_end_observation(observation: Observation, number: int) -> Observation:
    """A seat's view of finished round ``number`` as it ended, from a later observation.

    The round's last maze with every goal turned up, the seat's dwarf card as
    the round ended and every other seat's (they are shown to all: the seat's
    ``looks``), and its moves; the cards are collected (hands, piles and the
    cards in front of the seats are empty) and nobody is to move.  The gold
    pieces are the totals after the round, its thefts included.  This is the
    final observation of an episode that is one round.
    """
    view = finished_round_view(observation, number)
    players = observation["players"]
    view["trapped"] = [False] * players
    view["thieves"] = []
    view["stealing"] = []
    view["reserve"] = 0
    last = len(view["history"][-1])  # every dwarf card shown, after the round's last move
    roles = observation["rounds"][number - 1]["roles"]
    view["looks"] = [
        {"move": last, "seat": other, "role": role} for other, role in enumerate(roles)
    ]
    view["swaps"] = []
    return view


# -- the table as text ------------------------------------------------------------------

_CENTRE: Final = {"start": "S", "gold": "G", "stone-NE": "o", "stone-NW": "o"}


def _centre(code: str, card: str) -> str:
    if card in _CENTRE:
        return _CENTRE[card]
    face = face_parts(face_of(code))
    if face.door:
        return face.door[0]  # b, g
    if face.ladder:
        return "H"
    if face.crystal:
        return "*"
    if len(face.tunnels) == 2:
        return "#"
    return "+" if face.tunnels else "x"


def maze_text(observation: Observation, margin: int = 1) -> str:
    """The maze: each card's open sides as ``|`` and ``-`` around a centre that is
    ``S`` start, ``G`` gold, ``o`` stone, ``?`` face-down goal, ``b``/``g`` a blue or
    green door, ``H`` a ladder, ``*`` a crystal, ``#`` two tunnels, ``+`` a tunnel,
    ``x`` stubs only; ``.`` an empty cell."""
    drawn: dict[tuple[int, int], tuple[str, str, str]] = {}
    for card in observation["maze"]:
        sides = face_of(card["shape"]) & 15
        middle = ("-" if sides & 8 else " ") + _centre(card["shape"], card["card"])
        drawn[card["x"], card["y"]] = (
            " | " if sides & 1 else "   ",
            middle + ("-" if sides & 2 else " "),
            " | " if sides & 4 else "   ",
        )
    for goal in observation["goals"]:
        if not goal["face_up"]:
            drawn[goal["x"], goal["y"]] = ("   ", "[?]", "   ")
    return grid_text(drawn, list(drawn), margin)


def table_text(observation: Observation, recent: int = 5) -> str:
    """The maze, whose turn it is, the piles, every seat and the latest moves."""
    to_move = observation["to_move"]
    if to_move is not None:
        turn = f"seat {to_move} to " + ("steal" if observation["phase"] == "steal" else "move")
    else:
        turn = "round over" if observation["winners"] is None else "game over"
    lines = [
        maze_text(observation),
        "",
        f"round {observation['round']} · {turn} · draw pile {observation['draw_pile']}"
        f" · discards {observation['discard_pile']} · role reserve {observation.get('reserve')}",
    ]
    trapped = observation.get("trapped") or [False] * observation["players"]
    thieves = observation.get("thieves", [])
    pieces = observation.get("gold_pieces") or [0] * observation["players"]
    for seat, size in enumerate(observation["hand_sizes"]):
        front = [f"broken {tool}" for tool in observation["broken"][seat]]
        front += ["trapped"] * trapped[seat] + ["theft"] * (seat in thieves)
        lying = f", {', '.join(front)}" if front else ""
        lines.append(
            f"  seat {seat}: {size} card{'' if size == 1 else 's'}, {pieces[seat]} GP{lying}"
        )
    moves = observation["history"][-1][-recent:] if observation["history"] else []
    if moves:
        lines.append("latest moves: " + " · ".join(moves))
    if observation["winners"] is not None:
        lines.append(f"gold pieces {pieces} · winners {observation['winners']}")
    return "\n".join(lines)


def observation_text(observation: Observation) -> str:
    """A seat's observation: the table, then what only the seat knows."""
    goals = [f"y={goal['y']} {goal['card']}" for goal in observation["goals"] if goal["card"]]
    looks = [f"seat {look['seat']} {look['role']}" for look in observation.get("looks", ())]
    lines = [
        table_text(observation),
        f"seat {observation['seat']} ({observation['role']}):"
        f" hand {' '.join(hand_slots(observation['hand']))}",
        f"  goals known: {', '.join(goals) or 'none'} · dwarf cards seen: "
        f"{', '.join(looks) or 'none'}",
    ]
    return "\n".join(lines)
