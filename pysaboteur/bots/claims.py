"""What seats claim in table talk, as a clue the bots' beliefs may weigh.

At the web table a person can claim in one tap "I mapped the goal at 8,-2:
stone", "I am a miner", "Bo is a saboteur" or "Bo is on my side"
(server/talk.py).  A claim is words, not a fact: a miner usually tells the
truth, a saboteur says whatever helps, so a claim moves beliefs far less than a
move does, and a goal claim mostly by what is learnt later: once the goal's
card is known (the observer maps it, the network reaches it, the gold turns up
elsewhere) a false claim points at its speaker.

The likelihoods here are deliberately gentle (down-weighted): people joke,
guess and misremember, and a bot that trusted talk fully would be led by the
first saboteur who talks.  Bots hear claims through :class:`Listener`; bots
that do not implement it play as if nobody spoke.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

from ..rules.cards import MINER, SABOTEUR

GOAL: str = "goal"
ROLE: str = "role"
ACCUSE: str = "accuse"
TRUST: str = "trust"
KINDS = (GOAL, ROLE, ACCUSE, TRUST)

#: The chance that a miner's claim about a goal it mapped is true; the rest is
#: slips and jokes.  A saboteur's claims are true half the time: some truth buys trust.
MINER_TRUE_MAPPED = 0.9
#: A miner's claim about a goal it never mapped is a guess said as a fact.
MINER_TRUE_UNMAPPED = 0.6
SABOTEUR_TRUE = 0.5
#: Likelihood of an accusation / a word of trust between seats of the same team
#: (a broken tool's is 0.25, a repair's 0.75: words weigh less than cards).
ACCUSE_SAME_TEAM = 0.4
TRUST_SAME_TEAM = 0.6
#: How much likelier a saboteur than a miner is to say "I am a miner" (everyone
#: says it) and "I am a saboteur" (a miner seldom jokes so).
SAYS_MINER_SABOTEUR_RATIO = 0.8
SAYS_SABOTEUR_SABOTEUR_RATIO = 2.0
#: Saboteur 2: a seat that claims a dwarf card is this much likelier to hold it than
#: any other card (the claim is as likely a lie as any other card's, then).
DWARF_CLAIM_RATIO = 2.0


@dataclass(frozen=True)
class Claim:
    """One claim a seat made this round: ``kind`` is ``goal`` (``x``, ``y``,
    ``card`` gold or stone), ``role`` (``role``), ``accuse`` or ``trust``
    (``target``, another seat)."""

    seat: int
    kind: str
    x: int | None = None
    y: int | None = None
    card: str | None = None
    role: str | None = None
    target: int | None = None
    #: The moves the round had when it was said (a Saboteur 2 claim speaks of the dwarf
    #: card a seat held then); not part of what is claimed, so saying it again is the same.
    at: int = field(default=0, compare=False)

    @classmethod
    def from_said(cls, seat: int, said: Mapping[str, Any], at: int = 0) -> Claim:
        """The claim of a talk line's ``said`` fields (``{"claim": kind, ...}``), said
        after ``at`` moves of the round."""
        fields = {name: said[name] for name in ("x", "y", "card", "role", "target") if name in said}
        return cls(seat=seat, kind=said["claim"], at=at, **fields)


@runtime_checkable
class Listener(Protocol):
    """A bot that takes the round's claims into account before it chooses."""

    def hear(self, claims: Sequence[Claim]) -> None:
        """The claims made so far this round, oldest first (replacing any heard before)."""
        ...


def distinct(claims: Sequence[Claim]) -> list[Claim]:
    """Each claim once: saying the same thing again is no new evidence."""
    return list(dict.fromkeys(claims))


def goal_claim_truth(mapped: bool) -> tuple[float, float]:
    """The chance that a goal claim is true if its speaker is a miner, and if a
    saboteur; ``mapped``: the speaker has mapped that goal (public: maps are moves)."""
    return (MINER_TRUE_MAPPED if mapped else MINER_TRUE_UNMAPPED), SABOTEUR_TRUE


def role_claim_ratio(role: str) -> float:
    """How much likelier a saboteur than a miner is to claim ``role``."""
    if role == SABOTEUR:
        return SAYS_SABOTEUR_SABOTEUR_RATIO
    if role == MINER:
        return SAYS_MINER_SABOTEUR_RATIO
    return 1.0


def same_team_likelihood(kind: str) -> float:
    """Likelihood of an accusation or a word of trust if speaker and target are on
    the same team (``1 -`` it if not)."""
    return ACCUSE_SAME_TEAM if kind == ACCUSE else TRUST_SAME_TEAM
