"""The observation tensor: one seat's observation as a flat float32 vector.

Built from ``seat_observation(game, seat)`` and nothing else, so it holds
exactly what the seat may know.  Every value lies in ``[0, 1]``: counts are
divided by the most there can be.  Seats are counted from the observing seat
(``+0`` is the seat itself, ``+1`` the next in turn order), as the action ids
count the seats that moves aim at.

The blocks, in order (``n`` players; ``docs/envs.md`` has the full table):

- ``maze`` (8, 13, 17): planes over the window of :mod:`.actions`, row
  ``y + 6``, column ``x + 4``: open sides N, E, S, W of the face-up card there,
  dead end, any face-up card, face-down goal, chance that the goal there is
  the gold as far as the seat knows.
- ``goals`` (3, 4): per goal (``y = -2, 0, 2``): face up, known to the seat,
  known gold, known stone.
- ``hand`` (27,): copies of each card code in the hand / 6.
- ``role`` (2,): miner, saboteur.
- ``seats`` (n, 5): broken pick, lamp, cart; hand size / 6; to move.
- ``plays`` (n, 8 + 2n): what the seat played this round: connected path
  cards / 31, dead ends / 9, rockfalls / 3, maps / 6, discards / 67; whether
  it looked at each goal; broken tools it played on each seat / 9; repairs it
  played on each seat / 9.
- ``open_hands`` (n, 27): with the ``open_hands`` option, every hand like
  ``hand``; zeros otherwise.
- ``table`` (15,): round 1, 2, 3; phase play, gold, over; draw pile / 67;
  discard pile / 67; gold deck / 28; gold offer size / 10; gold cards of value
  1, 2, 3 offered to the seat / 10; the seat's nuggets / 44; face-up cards
  outside the window / 40.
"""

from __future__ import annotations

from array import array
from functools import lru_cache
from typing import Final

import numpy as np

from ..rules.cards import (
    CARD_COUNTS,
    DEAD_END,
    GOAL_CELLS,
    GOLD_CARDS,
    PLAYING_CARDS,
    SABOTEUR,
    SIDES,
    TOOLS,
    shape_code,
)
from ..rules.moves import BREAK, DISCARD, FIX, MAP, PLACE, ROCKFALL, read_seen_move
from ..rules.observation import Observation
from .actions import CARD_CODES, CELLS, HEIGHT, WIDTH, X_MAX, X_MIN, Y_MAX, Y_MIN
from .encoding import Block, BlockEncoder, finished_round_view, put_goals, stack_blocks

MAZE_PLANES: Final = (
    "open N",
    "open E",
    "open S",
    "open W",
    "dead end",
    "card",
    "face-down goal",
    "gold chance",
)
GOAL_FEATURES: Final = ("face up", "known", "gold", "stone")
SEAT_FEATURES: Final = ("broken pick", "broken lamp", "broken cart", "hand size / 6", "to move")
#: The first columns of a row of ``plays``; then one per seat for broken tools
#: played on it, and one per seat for repairs.
PLAY_FEATURES: Final = (
    "connected path cards / 31",
    "dead ends / 9",
    "rockfalls / 3",
    "maps / 6",
    "discards / 67",
    "looked at goal y=-2",
    "looked at goal y=0",
    "looked at goal y=2",
)
TABLE_FEATURES: Final = (
    "round 1",
    "round 2",
    "round 3",
    "phase play",
    "phase gold",
    "phase over",
    "draw pile / 67",
    "discard pile / 67",
    "gold deck / 28",
    "gold offer size / 10",
    "offered 1s / 10",
    "offered 2s / 10",
    "offered 3s / 10",
    "own nuggets / 44",
    "face-up cards outside the window / 40",
)

HAND_SCALE: Final = 6.0  # the largest hand
ALL_CARDS: Final = float(len(PLAYING_CARDS))  # 67
NUGGETS: Final = float(sum(GOLD_CARDS))  # 44
GOLD_DECK: Final = float(len(GOLD_CARDS))  # 28
OUTSIDE_SCALE: Final = 40.0  # no more tunnel cards than this can lie anywhere
OFFER_SCALE: Final = 10.0  # no finder draws more gold cards than this


def _cards(prefix: str) -> float:
    return float(sum(count for code, count in CARD_COUNTS.items() if code.startswith(prefix)))


#: What each column of ``PLAY_FEATURES`` is divided by: how many such cards there are.
PLAY_SCALE: Final = (
    sum(count for code, count in CARD_COUNTS.items() if code[0] in "NESW"),  # 31 connected
    _cards("x"),  # 9 dead ends
    _cards("rockfall"),
    _cards("map"),
    ALL_CARDS,
    1.0,
    1.0,
    1.0,
)
AIMED_SCALE: Final = _cards("break-")  # 9 broken tools, and 9 repairs
assert _cards("fix-") == AIMED_SCALE

_CARD_INDEX: Final = {code: index for index, code in enumerate(CARD_CODES)}
_TOOL_INDEX: Final = {tool: index for index, tool in enumerate(TOOLS)}
#: The maze planes (as offsets into the vector) that are 1 where a card lies as each shape.
_PLANES_OF_SHAPE: Final = {
    shape_code(shape): tuple(
        [plane * CELLS for plane, side in enumerate(SIDES) if shape & side]
        + ([4 * CELLS] if shape & DEAD_END else [])
        + [5 * CELLS]
    )
    for shape in range(1, 32)
    if shape != DEAD_END
}
_SHAPE_OF_CODE: Final = {shape_code(shape): shape for shape in range(1, 32) if shape != DEAD_END}


def shape_of_code(code: str) -> int:
    """The shape int of a shape code as observations write it (``"xNS"``)."""
    return _SHAPE_OF_CODE[code]


#: Shape code -> for each window cell, the vector indices that are 1 where a card lies so.
_LYING: Final = {
    code: tuple(tuple(plane + cell for plane in planes) for cell in range(CELLS))
    for code, planes in _PLANES_OF_SHAPE.items()
}
_FACE_DOWN_PLANE: Final = 6 * CELLS
_GOLD_PLANE: Final = 7 * CELLS
_GOAL_CELL_INDEX: Final = tuple((y - Y_MIN) * WIDTH + (x - X_MIN) for x, y in GOAL_CELLS)
_PHASES: Final = {"play": 3, "gold": 4, "over": 5}


def layout(players: int) -> tuple[Block, ...]:
    """The blocks of the vector for a player count, in order."""
    n = players
    plays = [*PLAY_FEATURES, *(f"broke a tool of +{k} / 9" for k in range(n))]
    plays += [f"repaired +{k} / 9" for k in range(n)]
    parts: list[tuple[str, tuple[int, ...], str]] = [
        ("maze", (len(MAZE_PLANES), HEIGHT, WIDTH), "planes: " + ", ".join(MAZE_PLANES)),
        ("goals", (len(GOAL_CELLS), len(GOAL_FEATURES)), ", ".join(GOAL_FEATURES)),
        ("hand", (len(CARD_CODES),), "copies of each card code in hand / 6"),
        ("role", (2,), "miner, saboteur"),
        ("seats", (n, len(SEAT_FEATURES)), ", ".join(SEAT_FEATURES)),
        ("plays", (n, len(plays)), ", ".join(plays)),
        ("open_hands", (n, len(CARD_CODES)), "every hand / 6, with open hands only"),
        ("table", (len(TABLE_FEATURES),), ", ".join(TABLE_FEATURES)),
    ]
    return stack_blocks(parts)


class RoundTally:
    """What each seat has played this round, read from the round's public history.

    The history only grows during a round, so the tally reads each move once.
    Seats are absolute here; the encoder counts them from the observing seat.
    """

    def __init__(self) -> None:
        self._start(0)

    def _start(self, number: int) -> None:
        self.round = number
        self.texts: list[str] = []  # the moves of the round read so far
        #: (seat, column of PLAY_FEATURES) -> count, for the columns before the targets.
        self.plays: dict[tuple[int, int], float] = {}
        #: (seat, _BROKEN_TOOL or _REPAIR, target seat) -> count.
        self.aimed: dict[tuple[int, int, int], float] = {}

    def update(self, number: int, history: list[str]) -> None:
        """Catch up with round ``number``'s history, or start again if the moves read
        so far are not where it begins (another round, another game)."""
        texts = self.texts
        read = len(texts)
        if number != self.round or history[:read] != texts:
            self._start(number)
            texts = self.texts
            read = 0
        for text in history[read:]:
            self._count(text)
            texts.append(text)

    def _count(self, text: str) -> None:
        seat, column, aimed, target, goal = _read_move(text)
        if column >= 0:
            key = (seat, column)
            self.plays[key] = self.plays.get(key, 0.0) + 1.0
        if goal >= 0:
            self.plays[seat, 5 + goal] = 1.0  # looked at that goal
        if aimed >= 0:
            aim = (seat, aimed, target)
            self.aimed[aim] = self.aimed.get(aim, 0.0) + 1.0


_BROKEN_TOOL, _REPAIR = 0, 1


@lru_cache(maxsize=1 << 16)  # every seat reads the same moves, and many recur
def _read_move(text: str) -> tuple[int, int, int, int, int]:
    """What a move of the history counts for: (seat, column of PLAY_FEATURES or -1,
    _BROKEN_TOOL or _REPAIR or -1, the seat that aims at or -1, goal looked at or -1)."""
    move = read_seen_move(text)
    kind = move.kind
    column = aimed = target = goal = -1
    if kind == PLACE:
        column = 1 if move.card.startswith("x") else 0
    elif kind in (BREAK, FIX):
        aimed = _BROKEN_TOOL if kind == BREAK else _REPAIR
        target = move.target
    elif kind == ROCKFALL:
        column = 2
    elif kind == MAP:
        column = 3
        goal = (move.y + 2) // 2  # y = -2, 0, 2
    elif kind == DISCARD:
        column = 4
    return move.seat, column, aimed, target, goal


class ObservationEncoder(BlockEncoder):
    """Turns seat observations of ``players``-player games into vectors.

    Keep one encoder per running game: it reads each seat's history of a round
    incrementally, move by move.  The vector depends only on the observation
    given (an observation of another game or round makes it read afresh).
    """

    _tallies: dict[int, RoundTally]

    def __init__(self, players: int) -> None:
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

        # -- maze and goals --------------------------------------------------------
        outside = 0
        lying = _LYING
        for card in observation["maze"]:
            x = card["x"]
            y = card["y"]
            if X_MIN <= x <= X_MAX and Y_MIN <= y <= Y_MAX:
                for index in lying[card["shape"]][(y - Y_MIN) * WIDTH + (x - X_MIN)]:
                    put[index] = 1.0
            else:
                outside += 1
        goals = observation["goals"]
        put_goals(put, goals, at["goals"], _GOAL_CELL_INDEX, _FACE_DOWN_PLANE, _GOLD_PLANE)

        # -- the seat's own cards and role -------------------------------------------
        _add_hand(put, at["hand"], observation["hand"])
        put[at["role"] + (1 if observation["role"] == SABOTEUR else 0)] = 1.0
        hands = observation["hands"]
        if hands:
            open_at = at["open_hands"]
            for absolute, hand in enumerate(hands):
                _add_hand(put, open_at + ((absolute - seat) % n) * len(CARD_CODES), hand)

        # -- seats, counted from the observing seat ------------------------------------
        seats_at = at["seats"]
        width = len(SEAT_FEATURES)
        for absolute, tools in enumerate(observation["broken"]):
            row = seats_at + ((absolute - seat) % n) * width
            for tool in tools:
                put[row + _TOOL_INDEX[tool]] = 1.0
        for absolute, size in enumerate(observation["hand_sizes"]):
            put[seats_at + ((absolute - seat) % n) * width + 3] = size / HAND_SCALE
        to_move = observation["to_move"]
        if to_move is not None:
            put[seats_at + ((to_move - seat) % n) * width + 4] = 1.0
        tally = self._tallies.get(seat)
        if tally is None:
            tally = self._tallies[seat] = RoundTally()
        history = observation["history"]
        tally.update(len(history), history[-1])
        plays_at = at["plays"]
        width = len(PLAY_FEATURES) + 2 * n
        for (actor, column), count in tally.plays.items():
            put[plays_at + ((actor - seat) % n) * width + column] = count / PLAY_SCALE[column]
        targets = plays_at + len(PLAY_FEATURES)
        for (actor, kind, target), count in tally.aimed.items():
            row = ((actor - seat) % n) * width
            put[targets + row + kind * n + (target - seat) % n] = count / AIMED_SCALE

        # -- the table -----------------------------------------------------------------
        table = at["table"]
        put[table + observation["round"] - 1] = 1.0
        put[table + _PHASES[observation["phase"]]] = 1.0
        put[table + 6] = observation["draw_pile"] / ALL_CARDS
        put[table + 7] = observation["discard_pile"] / ALL_CARDS
        put[table + 8] = observation["gold_deck"] / GOLD_DECK
        put[table + 9] = observation["gold_offer_size"] / OFFER_SCALE
        for value in observation.get("gold_offer", ()):
            put[table + 9 + value] += 1.0 / OFFER_SCALE
        put[table + 13] = sum(observation["gold"]["kept"]) / NUGGETS
        put[table + 14] = min(outside, OUTSIDE_SCALE) / OUTSIDE_SCALE
        return np.frombuffer(put, dtype=np.float32)  # shares put's memory, writable


def _add_hand(put: array[float], offset: int, hand: list[str]) -> None:
    """Copies of each card code in ``hand`` / 6, at ``offset`` + the code's index."""
    for code in hand:
        put[offset + _CARD_INDEX[code]] += 1.0 / HAND_SCALE


def round_end_observation(observation: Observation, number: int) -> Observation:
    """A seat's view of finished round ``number`` as it ended, from a later observation.

    The round's last maze with every goal turned up, the seat's role in that
    round, and its moves; the cards are collected (hands, piles and broken
    tools are empty) and nobody is to move.  This is the final observation of
    an episode that is one round.  A spectator's observation works too.
    """
    view = finished_round_view(observation, number)
    view.pop("gold_offer", None)
    view["gold_offer_size"] = 0
    return view
