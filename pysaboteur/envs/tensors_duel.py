"""The observation tensor of a Duel seat: what the seat may know, as a float32
vector in [0, 1], colours counted from the seat (``mine`` is the seat's colour).

Blocks, in order (``C = 357`` cells of :data:`.actions_duel.WINDOW`, ``K`` the
deck's kinds of playing card):

========== ========== ============================================================
block      shape      meaning
========== ========== ============================================================
maze       C x 33     per cell: tunnel sides (4), stub sides (4), doors of my colour
                      by side (4), of the other's (4), troll side (4), my / the
                      other's ladder (2), start (2), nuggets / 3, my / the other's
                      claim (2), key (2), bribe (2), a face-down goal, its nuggets
                      / 3 when I know them
hand       K          my cards of each kind / 3
table      27         broken tools (mine 3, the other's 3), counters left / 4 (2),
                      key tokens left / 2, draw pile / 40, discards / 52, hand
                      sizes / 6 (2), nuggets so far / 30 (2), this round's claimed
                      nuggets / 15 (2), round (3), my turn, the goals the other
                      looked at (6)
========== ========== ============================================================
"""

from __future__ import annotations

from typing import Any, Final

import numpy as np

from ..rules.duel_deck import DuelDeck, load_deck
from ..rules.duel_faces import COLOURS, read_face
from ..rules.duel_maze import GOAL_CELLS
from ..rules.faces import E, N, S, W
from ..rules.observation import Observation
from .actions_duel import CELLS, WINDOW

CELL_FEATURES: Final = 33
TABLE_FEATURES: Final = 27
_SIDES: Final = (N, E, S, W)
_TOOLS: Final = ("pick", "lamp", "cart")


class ObservationEncoderDuel:
    """Turns Duel seat observations into vectors (one encoder per deck)."""

    def __init__(self, players: int = 2, deck: Any = None) -> None:
        if players != 2:
            raise ValueError(f"Saboteur: The Duel is for 2 players, not {players}")
        self.deck: DuelDeck = load_deck(deck)
        self.kinds: tuple[str, ...] = tuple(dict.fromkeys(self.deck.playing_cards))
        self._kind_index = {card: index for index, card in enumerate(self.kinds)}
        self.size = CELLS * CELL_FEATURES + len(self.kinds) + TABLE_FEATURES

    def reset(self) -> None:
        """Nothing is kept between observations."""

    def encode(self, observation: Observation) -> np.ndarray:
        view: dict[str, Any] = dict(observation)
        seat = view["seat"]
        assert seat is not None, "a tensor is of a seat's observation"
        mine = COLOURS[seat]
        maze = np.zeros((CELLS, CELL_FEATURES), dtype=np.float32)
        tokens = view["duel"]
        for card in view["maze"]:
            index = WINDOW.index(card["x"], card["y"])
            if index is None:
                continue
            write_face(maze[index], card["shape"], card["card"], mine)
        for claim in tokens["claims"]:
            _mark(maze, claim, 25 if claim["seat"] == seat else 26)
        for key in tokens["keys"]:
            _mark(maze, key, 27 if key["seat"] == seat else 28)
        for bribe in tokens["bribes"]:
            for who in bribe["seats"]:
                _mark(maze, bribe, 29 if who == seat else 30)
        for goal in view["goals"]:
            index = WINDOW.index(goal["x"], goal["y"])
            if index is not None and not goal["face_up"]:
                maze[index, 31] = 1.0
                if goal["card"] is not None:
                    maze[index, 32] = read_face(goal["card"]).nuggets / 3
        hand = np.zeros(len(self.kinds), dtype=np.float32)
        for card in view.get("hand") or []:
            hand[self._kind_index[card]] += 1 / 3
        other = 1 - seat
        claimed = [0, 0]
        for claim in tokens["claims"]:
            claimed[claim["seat"]] += claim["nuggets"]
        nuggets = view["nuggets"] or [0, 0]
        mapped = {tuple(cell) for cell in tokens["mapped"][other]}
        table = [
            *(float(tool in view["broken"][seat]) for tool in _TOOLS),
            *(float(tool in view["broken"][other]) for tool in _TOOLS),
            tokens["counters_left"][seat] / 4,
            tokens["counters_left"][other] / 4,
            tokens["key_tokens_left"] / 2,
            view["draw_pile"] / 40,
            view["discard_pile"] / 52,
            view["hand_sizes"][seat] / 6,
            view["hand_sizes"][other] / 6,
            min(nuggets[seat] / 30, 1.0),
            min(nuggets[other] / 30, 1.0),
            min(claimed[seat] / 15, 1.0),
            min(claimed[other] / 15, 1.0),
            *(float(view["round"] == number) for number in (1, 2, 3)),
            float(view["to_move"] == seat),
            *(float(cell in mapped) for cell in GOAL_CELLS),
        ]
        return np.concatenate([maze.ravel(), np.minimum(hand, 1.0), np.array(table, np.float32)])


def write_face(row: np.ndarray, shape: str, card: str, mine: str) -> None:
    """The card's own features of a cell's row (0-24): what its face shows, seen by
    the seat of colour ``mine`` (the core takes them as a table, one row a face)."""
    face = read_face(shape)
    for bit, side in enumerate(_SIDES):
        row[bit] = any(tunnel & side for tunnel in face.tunnels)
        row[4 + bit] = bool(face.stubs & side)
        row[16 + bit] = face.troll == side
    for side, colour in face.doors:
        row[(8 if colour == mine else 12) + _SIDES.index(side)] = 1.0
    if face.ladder:
        row[20 if face.ladder == mine else 21] = 1.0
    if card.startswith("start-"):
        row[22 if card == f"start-{mine}" else 23] = 1.0
    row[24] = face.nuggets / 3


FACE_FEATURES: Final = 25  # write_face's: the rest of a row are tokens and goals


def _mark(maze: np.ndarray, token: dict[str, Any], feature: int) -> None:
    index = WINDOW.index(token["x"], token["y"])
    if index is not None:
        maze[index, feature] = 1.0


def round_end_observation(observation: Observation, number: int) -> Observation:
    """A seat's view of finished round ``number`` as it ended, from a later observation:
    its last maze with the six goals shown and its claims and bribes, the cards
    collected, nobody to move (the final observation of a one-round episode)."""
    finished = observation["rounds"][number - 1]
    view: dict[str, Any] = dict(observation)
    view.update(round=number, phase="over", to_move=None, maze=finished["maze"], hand=[])
    view["goals"] = [
        {"x": x, "y": y, "face_up": True, "card": card}
        for (x, y), card in zip(GOAL_CELLS, finished["goals"], strict=True)
    ]
    view.update(broken=[[], []], hand_sizes=[0, 0], draw_pile=0, discard_pile=0)
    if view.get("hands") is not None:
        view["hands"] = [[], []]
    view["history"] = observation["history"][:number]
    shapes = {f"{card['x']},{card['y']}": card["shape"] for card in finished["maze"]}

    def token(cell: str, **more: Any) -> dict[str, Any]:
        x, y = cell.split(",")
        return {"x": int(x), "y": int(y), **more}

    tokens = dict(view["duel"])
    tokens["claims"] = [
        token(cell, seat=seat, nuggets=read_face(shapes[cell]).nuggets)
        for seat, cells in enumerate(finished["claims"])
        for cell in cells
    ]
    bribed: dict[str, list[int]] = {}
    for seat, cells in enumerate(finished["bribes"]):
        for cell in cells:
            bribed.setdefault(cell, []).append(seat)
    tokens["bribes"] = [token(cell, seats=seats) for cell, seats in sorted(bribed.items())]
    tokens["keys"] = []  # a round's summary does not keep its keys
    tokens["counters_left"] = [
        4 - len(finished["claims"][seat]) - len(finished["bribes"][seat]) for seat in (0, 1)
    ]
    view["duel"] = tokens
    return view  # type: ignore[return-value]


def table_text(observation: Observation) -> str:
    """The maze as the terminal draws it, in plain text."""
    from ..terminal.position_view import render_view, to_text

    return to_text(render_view(observation, recent_title=""), width=120)
