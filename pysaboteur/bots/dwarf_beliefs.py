"""Beliefs over Saboteur 2's dwarf cards: what each seat is, from the public moves
and the seat's own looks.

**The model.**  The 15 dwarf cards (4 green, 4 blue, boss, profiteer, 2
geologists, 3 saboteurs) are dealt uniformly: one to each seat, the rest to
the reserve.  A ``swap-hats`` lays a seat's card aside and gives it the
reserve's top, so the cards that ever lay in front of a seat fill *slots*: one
per seat, plus one per ``swap-hats`` (the card laid aside).  A uniform shuffle
gives every arrangement of the 15 cards over the slots and the rest of the
reserve the same chance, so the prior of a role per slot is exactly drawing
without replacement.  Each public move is evidence about the slot in front of
its seat at the time (a seat's moves before a ``swap-hats`` speak of the card
laid aside, not of its new one):

- a path card or a rockfall is judged by how many cards it saves the routes to
  where the gold may be (as everyone could see at the time): a route open to
  green for ``green``, open to blue for ``blue``, the nearer of the two for the
  boss, any route (negated) for a saboteur, a third of any route for the
  profiteer; geologists are indifferent to routes but like crystal cards;
- a broken tool, ``trapped`` or ``swap-hats`` on another seat is likelier
  between opponents (a saboteur and a digger or the boss, the two colours),
  a repair or ``free-at-last`` on another seat likelier within a team; the
  profiteer and geologists are nobody's team;
- the observer's own moves and the moves without a target say nothing;
- claims made in table talk (:mod:`.claims`, heard through :meth:`DwarfBeliefs.hear`),
  gently: a claimed dwarf card is :data:`~.claims.DWARF_CLAIM_RATIO` times likelier
  for the slot in front of its seat when it was said, an accusation or a word of
  trust weighs about as a ``swap-hats`` or its opposite; goal claims are not read.

The observer's own card, every card it saw (an inspection, its new hat and
the card it laid aside) pin their slots.

**Exact, and the approximation.**  With at most :data:`EXACT_SLOTS` slots the
posterior is exact: every assignment of roles to the slots is enumerated
(at most 6^5), weighted by the prior and the likelihood.  Beyond that, an
approximation: the likelihood of each slot on its own is handled exactly by a
dynamic programme over the cards left (the prior's without-replacement
coupling is kept), and the moves between two seats are folded into the actor's
slot, averaged over the target's current marginals (three rounds of this
mean-field step).  ``tests/test_bots_saboteur2.py`` measures the two against
each other on tables of 2 to 4 seats (and docs/bots.md quotes the figure).

The pay while thieves steal (which the determinizer uses) is not read here.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from typing import Final

from ..rules.cards import (
    BLUE,
    BOSS,
    DEAD_END,
    GEOLOGIST,
    GREEN,
    PROFITEER,
    SABOTEUR,
    cell_key,
    parse_shape,
)
from ..rules.editions.saboteur2 import DWARF_CARDS
from ..rules.faces import FACES
from ..rules.maze import Maze
from ..rules.moves import (
    BREAK,
    FIX,
    FREE_AT_LAST,
    INSPECTION,
    PLACE,
    ROCKFALL,
    SWAP_HATS,
    TRAPPED,
    Move,
    read_seen_move,
)
from ..rules.observation import LookView, Observation
from .claims import ACCUSE, DWARF_CLAIM_RATIO, ROLE, TRUST, Claim, distinct
from .maze_saboteur2 import routes_now_and_after
from .maze_view import average_distance, observed_maze, public_gold_chances

ROLES: Final = tuple(DWARF_CARDS)  # green, blue, boss, profiteer, geologist, saboteur
COUNTS: Final = tuple(DWARF_CARDS[role] for role in ROLES)
_INDEX: Final = {role: index for index, role in enumerate(ROLES)}
#: Up to this many slots the posterior is enumerated exactly.
EXACT_SLOTS: Final = 5
#: How sharply a helpful or harmful card tells the roles apart (as the base game's).
SHARPNESS: Final = 1.2
#: A dead end is a blocker's card even where it blocks nothing yet.
DEAD_END_PENALTY: Final = 0.6
GAIN_CAP: Final = 2.0
#: A geologist's liking for laying a crystal card, in log-likelihood.
CRYSTAL_BONUS: Final = 0.8

#: How two roles stand to each other: +1 one team, -1 opponents, 0 neither.
_DIGGERS: Final = frozenset((GREEN, BLUE, BOSS))


def relation(one: str, other: str) -> int:
    if one == SABOTEUR or other == SABOTEUR:
        if one == other:
            return 1
        return -1 if {one, other} & _DIGGERS else 0
    if one in (GREEN, BLUE) and other in (GREEN, BLUE):
        return 1 if one == other else -1
    return 0


#: The chance that a seat plays a hostile card on another / a friendly one, by relation.
_HOSTILE: Final = {-1: 0.7, 0: 0.45, 1: 0.2}
_FRIENDLY: Final = {-1: 0.2, 0: 0.45, 1: 0.7}
#: swap-hats on another seat says the same as a broken tool, but less surely; so do
#: an accusation in table talk and (the other way) a word of trust.
_HATS: Final = {-1: 0.55, 0: 0.45, 1: 0.35}
_TRUST: Final = {-1: 0.35, 0: 0.45, 1: 0.55}


def _pair_table(table: dict[int, float]) -> tuple[tuple[float, ...], ...]:
    return tuple(
        tuple(math.log(table[relation(actor, target)]) for target in ROLES) for actor in ROLES
    )


PAIR_LOG: Final = {
    BREAK: _pair_table(_HOSTILE),
    TRAPPED: _pair_table(_HOSTILE),
    SWAP_HATS: _pair_table(_HATS),
    FIX: _pair_table(_FRIENDLY),
    FREE_AT_LAST: _pair_table(_FRIENDLY),
    ACCUSE: _pair_table(_HATS),
    TRUST: _pair_table(_TRUST),
}

Vector = list[float]


def path_log_likelihood(maze: Maze, move: Move, chances: list[float]) -> Vector:
    """The log-likelihood of a path card or a rockfall under each role."""
    before, (after,) = routes_now_and_after(maze, [move])  # modes: any, green, blue
    gains = []
    for old, new in zip(before, after, strict=True):
        gain = average_distance(old, chances) - average_distance(new, chances)
        gains.append(max(-GAIN_CAP, min(GAIN_CAP, gain)))
    nearest_before = [min(g, b) for g, b in zip(before[1], before[2], strict=True)]
    nearest_after = [min(g, b) for g, b in zip(after[1], after[2], strict=True)]
    boss = average_distance(nearest_before, chances) - average_distance(nearest_after, chances)
    boss = max(-GAIN_CAP, min(GAIN_CAP, boss))
    any_gain, green_gain, blue_gain = gains
    crystal = 0.0
    if move.kind == PLACE:
        face = parse_shape(move.card)
        part = FACES[face]
        if face & DEAD_END or (part is not None and not part.tunnels):
            any_gain -= DEAD_END_PENALTY
            green_gain -= DEAD_END_PENALTY
            blue_gain -= DEAD_END_PENALTY
            boss -= DEAD_END_PENALTY
        if part is not None and part.crystal:
            crystal = CRYSTAL_BONUS
    else:
        removed = maze.cells.get(cell_key(move.x, move.y))
        part = FACES[removed] if removed is not None else None
        if part is not None and part.crystal:
            crystal = -2 * CRYSTAL_BONUS
    half = SHARPNESS / 2
    by_role = {
        GREEN: half * green_gain,
        BLUE: half * blue_gain,
        BOSS: half * boss,
        PROFITEER: half * any_gain / 3,
        GEOLOGIST: crystal,
        SABOTEUR: -half * any_gain,
    }
    return [by_role[role] for role in ROLES]


class DwarfBeliefs:
    """One seat's beliefs about the dwarf cards of a round, updated from its observations."""

    def __init__(self, seat: int, players: int, *, exact_slots: int = EXACT_SLOTS) -> None:
        self.seat = seat
        self.players = players
        self.exact_slots = exact_slots
        self._start_round(None)

    def _start_round(self, observation: Observation | None) -> None:
        self._round = observation["round"] if observation else 0
        self._seen = 0
        self._maze = _fresh_maze(observation) if observation else None
        #: Per slot, the log-likelihood of its moves under each role.
        self._slot_log: list[Vector] = [[0.0] * len(ROLES) for _ in range(self.players)]
        #: The slot in front of each seat now, and from which move of the round on.
        self.slot_of = list(range(self.players))
        self._slots_from: list[list[tuple[int, int]]] = [
            [(0, seat)] for seat in range(self.players)
        ]
        self._claims: list[Claim] = []
        self._pinned: dict[int, str] = {}
        #: (actor slot, target slot, kind) of every move between two seats.
        self._pairs: list[tuple[int, int, str]] = []
        #: How much each seat's cards have helped any route to the gold this round.
        self.progress = [0.0] * self.players
        self._marginals: list[Vector] | None = None

    # -- reading the history ----------------------------------------------------------

    def update(self, observation: Observation) -> None:
        """Take in the moves of the round that this seat has not seen yet."""
        if observation["round"] != self._round:
            self._start_round(observation)
        assert self._maze is not None
        self._maze.goals = tuple(
            goal["card"] or stand_in
            for goal, stand_in in zip(observation["goals"], self._maze.goals, strict=True)
        )
        looks = {look["move"]: look for look in observation.get("looks", [])}
        history = observation["history"][-1]
        if self._seen == 0:
            self._pin(self.seat, observation, looks, before_any=True)
        for index in range(self._seen, len(history)):
            self._take_in(index, read_seen_move(history[index]), looks)
        if len(history) != self._seen:
            self._marginals = None
        self._seen = len(history)
        own = observation.get("role")
        if own is not None and self._pinned.get(self.slot_of[self.seat]) != own:
            self._pinned[self.slot_of[self.seat]] = own
            self._marginals = None

    def _pin(
        self, seat: int, observation: Observation, looks: dict[int, LookView],
        *, before_any: bool,
    ) -> None:  # fmt: skip
        """The observer's first card: the role it holds now, unless a later swap-hats
        on it told it which card it gave up (its look says ``laid_aside``)."""
        own_looks = sorted(
            (look for look in looks.values() if look["seat"] == seat and "laid_aside" in look),
            key=lambda look: look["move"],
        )
        first = own_looks[0].get("laid_aside") if own_looks else observation.get("role")
        if first is not None:
            self._pinned[self.slot_of[seat]] = first

    def _take_in(self, index: int, move: Move, looks: dict[int, LookView]) -> None:
        kind = move.kind
        assert self._maze is not None
        if kind in (PLACE, ROCKFALL):
            chances = public_gold_chances(self._maze)
            if move.seat != self.seat:
                logs = path_log_likelihood(self._maze, move, chances)
                slot = self._slot_log[self.slot_of[move.seat]]
                for at, value in enumerate(logs):
                    slot[at] += value
                self.progress[move.seat] += max(-logs[_INDEX[SABOTEUR]] / (SHARPNESS / 2), 0.0)
            if kind == PLACE:
                self._maze.place(parse_shape(move.card), move.x, move.y)
            else:
                self._maze.remove(move.x, move.y)
            return
        if kind in PAIR_LOG and move.seat not in (move.target, self.seat):
            self._pairs.append((self.slot_of[move.seat], self.slot_of[move.target], kind))
        if kind == INSPECTION and index in looks:
            self._pinned[self.slot_of[move.target]] = looks[index]["role"]
        if kind == SWAP_HATS:
            # The seat's card is laid aside with its evidence; a fresh slot takes its place.
            self.slot_of[move.target] = len(self._slot_log)
            self._slots_from[move.target].append((index + 1, len(self._slot_log)))
            self._slot_log.append([0.0] * len(ROLES))
            look = looks.get(index)
            if look is not None and look["seat"] == move.target:
                self._pinned[self.slot_of[move.target]] = look["role"]

    def hear(self, claims: Sequence[Claim]) -> None:
        """The round's claims in table talk so far (replacing those heard before)."""
        heard = [claim for claim in distinct(claims) if claim.seat != self.seat]
        if heard != self._claims:
            self._claims = heard
            self._marginals = None

    def _slot_when(self, seat: int, at: int) -> int:
        """The slot in front of ``seat`` after ``at`` moves of the round."""
        return [slot for start, slot in self._slots_from[seat] if start <= at][-1]

    def _evidence(self) -> tuple[list[Vector], list[tuple[int, int, str]]]:
        """Each slot's log-likelihood and the moves between slots, the claims heard in."""
        slot_log = [list(logs) for logs in self._slot_log]
        pairs = list(self._pairs)
        for claim in self._claims:
            if claim.kind == ROLE and claim.role in _INDEX:
                slot_log[self._slot_when(claim.seat, claim.at)][_INDEX[claim.role]] += math.log(
                    DWARF_CLAIM_RATIO
                )
            elif claim.kind in (ACCUSE, TRUST) and claim.target is not None:
                actor = self._slot_when(claim.seat, claim.at)
                pairs.append((actor, self._slot_when(claim.target, claim.at), claim.kind))
        return slot_log, pairs

    # -- the posterior -----------------------------------------------------------------

    @property
    def exact(self) -> bool:
        return len(self._slot_log) <= self.exact_slots

    def marginals(self) -> list[Vector]:
        """For each seat, the probability of each role (in :data:`ROLES` order)."""
        if self._marginals is None:
            slots = self._exact_slots() if self.exact else self._approximate_slots()
            self._marginals = [slots[slot] for slot in self.slot_of]
        return self._marginals

    def role_probabilities(self) -> list[dict[str, float]]:
        return [dict(zip(ROLES, chances, strict=True)) for chances in self.marginals()]

    def saboteur_probabilities(self) -> list[float]:
        at = _INDEX[SABOTEUR]
        return [chances[at] for chances in self.marginals()]

    def _allowed(self, slot: int) -> range | tuple[int]:
        pinned = self._pinned.get(slot)
        return (_INDEX[pinned],) if pinned is not None else range(len(ROLES))

    def _assignments(self) -> Iterator[tuple[tuple[int, ...], float]]:
        """Every assignment of roles to the slots, with its prior weight (cards left)."""
        slots = len(self._slot_log)

        def walk(slot: int, left: list[int], chosen: list[int], weight: float) -> Iterator[
            tuple[tuple[int, ...], float]
        ]:  # fmt: skip
            if slot == slots:
                yield tuple(chosen), weight
                return
            for role in self._allowed(slot):
                if left[role]:
                    count = left[role]
                    left[role] -= 1
                    chosen.append(role)
                    yield from walk(slot + 1, left, chosen, weight * count)
                    chosen.pop()
                    left[role] += 1

        yield from walk(0, list(COUNTS), [], 1.0)

    def _exact_slots(self) -> list[Vector]:
        slots = len(self._slot_log)
        slot_log, pairs = self._evidence()
        logs: list[tuple[tuple[int, ...], float]] = []
        for roles, prior in self._assignments():
            total = math.log(prior)
            for slot, role in enumerate(roles):
                total += slot_log[slot][role]
            for actor, target, kind in pairs:
                total += PAIR_LOG[kind][roles[actor]][roles[target]]
            logs.append((roles, total))
        top = max(total for _, total in logs)
        marginals = [[0.0] * len(ROLES) for _ in range(slots)]
        norm = 0.0
        for roles, total in logs:
            weight = math.exp(total - top)
            norm += weight
            for slot, role in enumerate(roles):
                marginals[slot][role] += weight
        return [[value / norm for value in slot] for slot in marginals]

    def _approximate_slots(self) -> list[Vector]:
        slots = len(self._slot_log)
        slot_log, pairs = self._evidence()
        marginals = _slot_marginals(
            [self._weights(slot_log, slot, [0.0] * len(ROLES)) for slot in range(slots)]
        )
        for _ in range(3):
            extra = [[0.0] * len(ROLES) for _ in range(slots)]
            for actor, target, kind in pairs:
                table = PAIR_LOG[kind]
                for role in range(len(ROLES)):
                    expected = sum(
                        chance * math.exp(table[role][other])
                        for other, chance in enumerate(marginals[target])
                    )
                    extra[actor][role] += math.log(expected)
            marginals = _slot_marginals(
                [self._weights(slot_log, slot, extra[slot]) for slot in range(slots)]
            )
        return marginals

    def _weights(self, slot_log: list[Vector], slot: int, extra: Vector) -> Vector:
        logs = [value + more for value, more in zip(slot_log[slot], extra, strict=True)]
        allowed = set(self._allowed(slot))
        top = max(logs[role] for role in allowed)
        return [
            math.exp(logs[role] - top) if role in allowed else 0.0 for role in range(len(ROLES))
        ]


State = tuple[int, ...]


def _slot_marginals(weights: list[Vector]) -> list[Vector]:
    """Exact marginals when each slot's likelihood is its own: cards drawn without
    replacement, a forward and a backward pass over the counts of cards left."""
    slots = len(weights)
    forward: list[dict[State, float]] = [{COUNTS: 1.0}]
    for slot in range(slots):
        following: dict[State, float] = {}
        for left, mass in forward[-1].items():
            for role, weight in enumerate(weights[slot]):
                if weight and left[role]:
                    after = (*left[:role], left[role] - 1, *left[role + 1 :])
                    following[after] = following.get(after, 0.0) + mass * left[role] * weight
        forward.append(following)
    backward: list[dict[State, float]] = [dict.fromkeys(forward[-1], 1.0)]
    for slot in range(slots - 1, -1, -1):
        later = backward[0]
        here: dict[State, float] = {}
        for left in forward[slot]:
            total = 0.0
            for role, weight in enumerate(weights[slot]):
                if weight and left[role]:
                    after = (*left[:role], left[role] - 1, *left[role + 1 :])
                    total += left[role] * weight * later.get(after, 0.0)
            here[left] = total
        backward.insert(0, here)
    norm = backward[0][COUNTS]
    marginals = []
    for slot in range(slots):
        chances = [0.0] * len(ROLES)
        for left, mass in forward[slot].items():
            for role, weight in enumerate(weights[slot]):
                if weight and left[role]:
                    after = (*left[:role], left[role] - 1, *left[role + 1 :])
                    chances[role] += mass * left[role] * weight * backward[slot + 1].get(after, 0.0)
        marginals.append([chance / norm for chance in chances])
    return marginals


def _fresh_maze(observation: Observation) -> Maze:
    """The round's maze before its first move: the start alone, goals as now known."""
    start_only = [card for card in observation["maze"] if card["card"] == "start"]
    maze = observed_maze({**observation, "maze": start_only})
    maze.revealed = [False, False, False]
    return maze
