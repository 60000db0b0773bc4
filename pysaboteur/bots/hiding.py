"""How a saboteur plays while it hides: what each move tells the table has a price.

A saboteur hides while the miners are far from the gold and the table does not
suspect it yet.  The table judges every seat by the public moves alone (the
goals face up, never a seat's maps), which :func:`table_beliefs` models as an
observer who holds no role.  While it hides, a move keeps its plain saboteur
score plus what it would add to the table's log-odds that this seat is a
miner, at ``look`` points a unit: a dead end or a harmful rockfall is played
only where its harm outweighs being seen, a card that looks like digging is
worth more than it harms.  A hiding saboteur never mends another seat's tools
(a repair within a team is the loudest clue there is).  It comes into the open
(plays as the plain saboteur) once the miners are within ``open_at`` cards of
the gold or the table suspects it anyway.

Measured against today's miners (docs/bots.md), hiding loses rounds: the
price is a setting, not the default.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from ..rules.cards import MINER
from ..rules.observation import Observation
from .beliefs import BREAK_SAME_TEAM, DEAD_END_PENALTY, GAIN_CAP, SHARPNESS, RoleBeliefs

#: Hide while the miners need more than this many cards to reach the gold.
OPEN_AT = 4.0
#: Hiding is over once the table's belief that this seat is a saboteur passes this.
EXPOSED = 0.6
#: Points per unit of log-odds of "miner" in the table's eyes (a card of real
#: harm to the miners is worth 10).
LOOK_PRICE = 6.0


@dataclass(frozen=True)
class HidingPlan:
    """When and how a saboteur hides; the heuristic's settings ``hide``, ``open_at``,
    ``exposed`` and ``look``."""

    open_at: float = OPEN_AT
    exposed: float = EXPOSED
    look: float = LOOK_PRICE

    @classmethod
    def from_settings(cls, settings: dict[str, str]) -> HidingPlan:
        known = {"open_at", "exposed", "look"}
        unknown = set(settings) - known
        if unknown:
            raise ValueError(f"unknown hiding settings {', '.join(sorted(unknown))}")
        return cls(**{key: float(value) for key, value in settings.items()})

    def hides(self, distance: float, exposure: float) -> bool:
        """Whether a saboteur still hides, ``distance`` cards from the gold as it knows."""
        return distance > self.open_at and exposure < self.exposed

    def path_price(self, looks: float, dead_end: bool) -> float:
        """What a path card or rockfall that saves the miners ``looks`` cards, as the
        table sees it, is worth to a hiding saboteur over its plain score: the
        log-odds of "miner" the table's beliefs add for it, in points."""
        gain = max(-GAIN_CAP, min(GAIN_CAP, looks)) - (DEAD_END_PENALTY if dead_end else 0.0)
        return self.look * SHARPNESS * gain

    def break_price(self, target_suspected: float) -> float:
        """The same for breaking the tools of a seat the table suspects this much:
        a break is likelier between teams, so breaking a trusted seat looks bad."""
        likelier = math.log((1 - BREAK_SAME_TEAM) / BREAK_SAME_TEAM)
        return -self.look * likelier * (1.0 - 2.0 * target_suspected)


def table_beliefs(players: int) -> RoleBeliefs:
    """Beliefs of an observer who holds no role: the table's view of every seat."""
    return RoleBeliefs(-1, players)


def table_view(observation: Observation) -> Observation:
    """What an observer with no role reads from ``observation``: its public part."""
    return {**observation, "role": MINER}
