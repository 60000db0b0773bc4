"""The information-state tensor of both editions: the observation tensor, then the
seat's most recent moves of the round, in order.

The observation tensor (:mod:`.tensors`, :mod:`.tensors_saboteur2`) tallies what
each seat played this round, but not in which order; the order is a clue (a
seat that broke a tool right after a map, a dead end right after a repair).  The
``recent`` block adds the last ``2 * players`` moves of the current round as the
seat saw them, newest first, each as:

- who moved, counted from the observing seat (``players`` one-hot);
- the kind of move (one-hot over every kind of both editions, :data:`KINDS`);
- the printed card played, when the seat saw it (one-hot over the edition's
  card codes);
- the cell, when the move has one: ``x`` and ``y`` scaled to ``[0, 1]`` over the
  edition's window, and a flag;
- the seat aimed at, counted from the observing seat, or none (``players + 1``);
- the tool named (pick, lamp, cart: one-hot), and a gold value / 3.

A slot with no move (fewer moves so far) is all zeros.  The tensor is not a
perfect-recall encoding (two histories that differ only before the window, in
a way the tallies do not show, share it); the information-state *string* is
exact (the seat's observation as JSON, with the whole public history).

This encoder is the reference of the core's (core/info_state.cpp, laid out by
:mod:`.native_recent`), which builds both editions' tensors for OpenSpiel from the
round's move codes (:mod:`.openspiel_native`, :mod:`.openspiel_native_saboteur2`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

import numpy as np

from ..rules.cards import TOOLS
from ..rules.moves import NOTATIONS, Move, NotationError, read_seen_move
from ..rules.observation import Observation, viewer_seat
from .aec import Encoder

#: Every kind of move of both editions, in a fixed order.
KINDS: Final = tuple(sorted(NOTATIONS))


class InfoStateEncoder:
    """An edition's observation encoder followed by the ``recent`` block."""

    def __init__(
        self,
        observation: Encoder,
        players: int,
        card_codes: Sequence[str],
        window: tuple[int, int, int, int],  # x_min, x_max, y_min, y_max
    ) -> None:
        self._observation = observation
        self.players = players
        self.recent = 2 * players
        self._cards = {code: index for index, code in enumerate(card_codes)}
        self.card_codes = len(card_codes)
        self.window = window
        n = players
        # seat, kind, card, (x, y, has cell), target or none, tools, value
        self.move_size = n + len(KINDS) + len(card_codes) + 3 + (n + 1) + len(TOOLS) + 1
        self.size = observation.size + self.recent * self.move_size
        self.shape = (self.size,)

    def reset(self) -> None:
        self._observation.reset()

    def encode(self, observation: Observation) -> np.ndarray:
        vector = np.zeros(self.size, dtype=np.float32)
        vector[: self._observation.size] = self._observation.encode(observation)
        seat = viewer_seat(observation)
        moves = observation["history"][-1] if observation["history"] else []
        for slot, text in enumerate(reversed(moves[-self.recent :])):
            start = self._observation.size + slot * self.move_size
            self._put_move(vector, start, text, seat)
        return vector

    def _put_move(self, vector: np.ndarray, at: int, text: str, viewer: int) -> None:
        try:
            move = read_seen_move(text)
        except (NotationError, ValueError):
            return  # a line the notation cannot read (none should be): left blank
        n = self.players
        vector[at + (move.seat - viewer) % n] = 1.0
        at += n
        vector[at + KINDS.index(move.kind)] = 1.0
        at += len(KINDS)
        card = self.card_index(move)
        if card is not None:
            vector[at + card] = 1.0
        at += len(self._cards)
        x_min, x_max, y_min, y_max = self.window
        if move.kind in ("place", "rockfall", "map") or move.x or move.y:
            vector[at] = min(1.0, max(0.0, (move.x - x_min) / (x_max - x_min)))
            vector[at + 1] = min(1.0, max(0.0, (move.y - y_min) / (y_max - y_min)))
            vector[at + 2] = 1.0
        at += 3
        vector[at + ((move.target - viewer) % n if move.target >= 0 else n)] = 1.0
        at += n + 1
        if move.tool in TOOLS:
            vector[at + TOOLS.index(move.tool)] = 1.0
        at += len(TOOLS)
        vector[at] = move.value / 3

    def card_index(self, move: Move) -> int | None:
        """The column of the card block that ``move`` (as the seat saw it) sets, if any."""
        card = move.card
        if not card:
            return None
        if card in self._cards:
            return self._cards[card]
        try:  # a placed card is written by its face: find the printed card
            printed = move.printed_cards()
        except (KeyError, ValueError):
            return None
        return self._cards.get(printed[0]) if printed else None
