"""The heuristic bot's Duel player: digs for gold on its own network, lets its
counters claim it, bribes and keys when that opens the way to gold, and breaks
the other player's tools when the other is close to gold.

Every move that changes the maze (a path card, a key, a bribe, a rockfall) is
tried on the bot's own copy of the maze and scored by what it does to both
players' *prospects* (:mod:`.duel_prospects`, which the core answers where it is
built): the nuggets each would claim at once, plus the gold each network is near,
discounted by the cards still needed to reach it.  The score is the bot's
prospects less the other's, since the Duel is won by having more nuggets than the
other player.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import cache
from typing import Final

from ..rules.duel_faces import COLOURS, read_face
from ..rules.duel_maze import GOAL_CELLS
from ..rules.kinds.bribe import BRIBE
from ..rules.kinds.key import KEY
from ..rules.moves import BREAK, CLEAR, DISCARD, FIX, MAP, PASS, ROCKFALL, Move
from ..rules.observation import Observation, viewer_seat
from .duel_prospects import MAZE_KINDS, NEAR, Prospects, outlook, prospects
from .duel_view import goal_beliefs

#: A bribe's counter and the card the troll takes at scoring.
BRIBE_COST: Final = 1.5
#: A main move that keeps every card in hand but changes nothing.
DISCARD_ONE: Final = -0.4


class DuelHeuristic:
    """Scores every legal Duel move and plays the best; ties by its own generator."""

    name = "heuristic"

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    def choose(self, observation: Observation, legal_moves: Sequence[Move]) -> Move:
        if len(legal_moves) == 1:
            return legal_moves[0]
        scored = self.scores(observation, legal_moves)
        best = max(score for score, _ in scored)
        return self._rng.choice([move for score, move in scored if score >= best - 1e-9])

    def scores(
        self, observation: Observation, legal_moves: Sequence[Move]
    ) -> list[tuple[float, Move]]:
        seat = viewer_seat(observation)
        assert seat is not None  # a bot plays a seat
        beliefs = goal_beliefs(observation)
        broken = observation["broken"]
        changes = [move for move in legal_moves if move.kind in MAZE_KINDS]
        seen = outlook(observation, beliefs, seat, changes)
        now = seen.now
        baseline = now[seat].value - now[1 - seat].value
        after = iter(seen.after)
        scored = []
        for move in legal_moves:
            kind = move.kind
            if kind in MAZE_KINDS:
                changed = next(after)
                score = changed[seat].value - changed[1 - seat].value - baseline
                if kind == BRIBE:
                    score -= BRIBE_COST
                elif kind == KEY:
                    score -= 0.2  # keep a key for a door that matters
                elif kind == ROCKFALL:
                    score -= 0.3
            elif kind == BREAK:
                # Best just before the other reaches gold; a second broken tool adds little.
                already = len(broken[1 - seat])
                score = (0.6 + now[1 - seat].near) / (1 + 2 * already)
            elif kind == FIX:
                score = 1.0 + now[seat].near if len(broken[seat]) == 1 else 0.8
            elif kind == CLEAR:
                score = (0.6 + now[seat].near if len(broken[seat]) == 1 else 0.4) - 0.8
            elif kind == MAP:
                index = GOAL_CELLS.index(move.cell)
                distance = seen.goal_distances[seat][index]
                closeness = 0.0 if distance is None else NEAR**distance
                score = 0.3 + 0.3 * beliefs.expected[index] * closeness
            elif kind == DISCARD:
                score = DISCARD_ONE - 0.1 * len(move.also) - _keep_value(move, broken[seat])
            else:
                assert kind == PASS
                score = 0.0
            scored.append((score, move))
        return scored

    def saboteur_probabilities(self, observation: Observation) -> list[float]:
        """The Duel has no saboteurs: nobody is one."""
        return [0.0, 0.0]


def _keep_value(move: Move, broken: list[str]) -> float:
    """What the discarded cards would have been worth kept (a repair when broken most)."""
    value = 0.0
    for card in move.cards_played():
        if card.startswith("fix-"):
            value += 1.0 if any(tool in card for tool in broken) else 0.3
        else:
            value += _kept_worth(card)
    return value


@cache
def _kept_worth(card: str) -> float:
    """What a card other than a repair is worth kept (asked of every discard)."""
    if card in (KEY, MAP, ROCKFALL) or card.startswith("break-"):
        return 0.4
    return 0.2 + 0.2 * read_face(card).nuggets


__all__ = ["COLOURS", "DuelHeuristic", "Prospects", "prospects"]
