"""The Duel heuristic's maze questions, answered by the core (core/duel_query.cpp):
both seats' prospects now and after every change of the maze the seat to move may
make, and how far each network's fronts lie from each goal, in one call a decision.

:mod:`pysaboteur.bots.duel_prospects` stays the reference and answers where the core
is not built or ``PYSABOTEUR_PURE`` is set (:func:`native_prospects` then says None).
An observation names no deck and has no round of the core behind it, so the maze
goes over as its cards and tokens, each face by its number in one table of every
face asked about so far (a user's deck adds its own as they turn up).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from ..rules.duel_codes import DUEL_KIND_IDS
from ..rules.duel_faces import read_face
from ..rules.moves import PLACE, Move
from ..rules.observation import Observation
from . import core, wants_pure
from .duel import face_fields

#: A cell of the core's Duel round keeps its face's number + 1 in a byte.
MOST_FACES: Final = 254
#: The face of a change that lays no card (a key, a bribe, a rockfall).
NO_FACE: Final = -1

#: (claimed, near) of seat 0 then seat 1, as heuristic_duel's prospects.
Prospects4 = tuple[float, float, float, float]


class FaceTable:
    """The core's tables of every face named so far, each by its number (the numbers
    stay while the table lasts; it starts again once full)."""

    def __init__(self) -> None:
        self.number: dict[str, int] = {}
        self._tables: Any = None

    def numbers(self, codes: Sequence[str]) -> list[int]:
        number = self.number
        try:
            return [number[code] for code in codes]
        except KeyError:
            pass  # a face new to the table: numbered, afresh once the table is full
        missing = [code for code in dict.fromkeys(codes) if code not in number]
        if len(number) + len(missing) > MOST_FACES:
            number.clear()
            missing = list(dict.fromkeys(codes))
        for code in missing:
            number[code] = len(number)
        self._tables = None
        return [number[code] for code in codes]

    def tables(self) -> Any:
        """The core's tables of the faces numbered so far (made again after new ones)."""
        if self._tables is None:
            assert core is not None
            self._tables = core.make_duel_tables(
                # A face is never turned here: its own number stands for the turned one.
                faces=[face_fields(read_face(code), n, -1) for code, n in self.number.items()],
                kinds=[],
                lying=[],
                tools=[],
                rank=[],
                break_card=[-1, -1, -1],
                start_faces=[0, 0],
            )
        return self._tables


_FACES: Final = FaceTable()


def native_prospects(
    observation: Observation,
    expected: Sequence[float],
    near: float,
    mover: int,
    changes: Sequence[Move],
) -> tuple[Prospects4, list[list[int]], list[Prospects4]] | None:
    """Both seats' prospects on the observation's maze, each seat's distances from its
    fronts to the goals (-1: it has no front), and both seats' prospects after each
    placement, key, bribe or rockfall of ``mover`` in ``changes`` (heuristic_duel's
    ``_after``); None where the core does not answer."""
    if wants_pure() or core is None:
        return None
    view: dict[str, Any] = dict(observation)
    # In the observation's order, not DuelMaze.faces' (the starts first): the prospects
    # sum the gold in it, and a start is NESW and its ladder only (duel_deck.py).
    cards = view["maze"]
    laid = [move.card for move in changes if move.kind == PLACE]
    numbers = _FACES.numbers([card["shape"] for card in cards] + laid)
    count = len(cards)
    cells = [(card["x"], card["y"], n) for card, n in zip(cards, numbers[:count], strict=True)]
    placed = iter(numbers[count:])
    tried = [
        (DUEL_KIND_IDS[move.kind], move.x, move.y, next(placed) if move.kind == PLACE else NO_FACE)
        for move in changes
    ]
    tokens = view["duel"]
    now, distances, after = core.duel_prospects(
        tables=_FACES.tables(),
        revealed=[goal["face_up"] for goal in view["goals"]],
        cells=cells,
        keys=[(key["x"], key["y"], key["seat"]) for key in tokens["keys"]],
        bribes=[
            (bribe["x"], bribe["y"], seat) for bribe in tokens["bribes"] for seat in bribe["seats"]
        ],
        claims=[(claim["x"], claim["y"], claim["seat"]) for claim in tokens["claims"]],
        expected=list(expected),
        near=near,
        mover=mover,
        changes=tried,
    )
    return now, distances, after
