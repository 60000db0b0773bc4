"""Beliefs over roles that also read who looked at which goal, and where they dug next.

:class:`~.beliefs.RoleBeliefs` judges a path card by how much it brings the
network nearer to where the gold may be *as everyone can see*.  But a seat
that has mapped a goal knows more, and digs by what it knows: a miner who saw
the gold digs towards it, a miner who saw a stone digs towards the others, a
saboteur the other way round.  So these beliefs are exact over pairs
(assignment of roles, goal that holds the gold): under each goal ``h`` that may
be gold, every path card or rockfall is judged by the cards it saves the way
to the gold *as its player would know it if the gold were at h* (its maps
then say gold or stone), with the same likelihood as the plain beliefs.  The
gold is marginalised out with the observer's own knowledge as its prior (its
maps, the goals face up).  Breaks and repairs weigh as in the plain beliefs;
a discard by a seat whose tools are whole leans a little towards saboteur
(``DISCARD_RATIO``).

Claims made in table talk (:mod:`.claims`, heard through :meth:`ClueBeliefs.hear`)
weigh in the same sum, gently: a goal claim under each place of the gold is true
or false, so it tells most once the observer knows where the gold is not; an
accusation or a word of trust weighs as a mild break or repair; "I am a miner"
next to nothing.  The posterior's other margin, :meth:`ClueBeliefs.gold_chances`,
says where the gold is likely to be given everything seen and heard.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from ..rules.cards import DEAD_END, GOAL_CELLS, SABOTEUR, parse_shape
from ..rules.moves import BREAK, DISCARD, FIX, MAP, PLACE, ROCKFALL, read_seen_move
from ..rules.observation import Observation
from .beliefs import DEAD_END_PENALTY, GAIN_CAP, SHARPNESS, RoleBeliefs, saboteur_slots
from .claims import (
    ACCUSE,
    GOAL,
    ROLE,
    TRUST,
    Claim,
    distinct,
    goal_claim_truth,
    role_claim_ratio,
    same_team_likelihood,
)
from .maze_view import distances_now_and_after, observed_gold_chances

GOALS = len(GOAL_CELLS)
#: How much likelier a saboteur is than a miner to discard while its tools are whole:
#: in heuristic self-play (5 players) saboteurs' moves were discards 38% of the
#: time and miners' 20%; a broken seat, which cannot dig, says nothing by it.
DISCARD_RATIO = 1.5


class ClueBeliefs(RoleBeliefs):
    """:class:`RoleBeliefs` with the gold's place as a hidden variable read from maps."""

    def _start_round(self, observation: Observation | None) -> None:
        super()._start_round(observation)
        #: per goal that may be gold: log-likelihood of each seat's path moves, miner / saboteur
        self._gold_log = [[[0.0, 0.0] for _ in range(self.players)] for _ in range(GOALS)]
        self._mapped: list[set[int]] = [set() for _ in range(self.players)]
        self._prior = [1.0 / GOALS] * GOALS
        self._broken: list[set[str]] = [set() for _ in range(self.players)]
        self._claims: list[Claim] = []
        self._gold_posterior: list[float] | None = None

    def hear(self, claims: Sequence[Claim]) -> None:
        """The round's claims in table talk so far (replacing those heard before); the
        observer's own say nothing it did not know."""
        heard = [claim for claim in distinct(claims) if claim.seat != self.seat]
        if heard != self._claims:
            self._claims = heard
            self._posterior = None

    def update(self, observation: Observation) -> None:
        super().update(observation)
        self._prior = observed_gold_chances(observation)

    def _take_in(self, text: str) -> None:
        move = read_seen_move(text)
        if move.kind == MAP:
            self._mapped[move.seat].add(GOAL_CELLS.index((move.x, move.y)))
            return
        if move.kind == DISCARD:
            if move.seat != self.seat and not self._broken[move.seat]:
                half = math.log(DISCARD_RATIO) / 2
                for gold in range(GOALS):
                    self._gold_log[gold][move.seat][0] -= half
                    self._gold_log[gold][move.seat][1] += half
            return
        if move.kind == BREAK:
            self._broken[move.target].add(move.tool)
        elif move.kind == FIX:
            self._broken[move.target].discard(move.tool)
        if move.kind not in (PLACE, ROCKFALL):
            super()._take_in(text)
            return
        assert self._maze is not None
        before, (after,) = distances_now_and_after(self._maze, [move])
        dead_end = move.kind == PLACE and bool(parse_shape(move.card) & DEAD_END)
        if move.seat != self.seat:  # the observer's own cards tell it nothing it did not know
            for gold in range(GOALS):
                chances = self._knowledge(move.seat, gold)
                saved = sum(c * (b - a) for c, b, a in zip(chances, before, after, strict=True))
                gain = max(-GAIN_CAP, min(GAIN_CAP, saved)) - (DEAD_END_PENALTY if dead_end else 0)
                half = SHARPNESS * gain / 2
                self._gold_log[gold][move.seat][0] += half
                self._gold_log[gold][move.seat][1] -= half
        public = self._knowledge(-1, 0)
        saved = sum(c * (b - a) for c, b, a in zip(public, before, after, strict=True))
        self.progress[move.seat] += max(min(GAIN_CAP, saved), 0.0)
        if move.kind == PLACE:
            self._maze.place(parse_shape(move.card), move.x, move.y)
        else:
            self._maze.remove(move.x, move.y)

    def _knowledge(self, seat: int, gold: int) -> list[float]:
        """Where ``seat`` would believe the gold is, were it at ``gold``."""
        assert self._maze is not None
        revealed = self._maze.revealed
        for index, up in enumerate(revealed):
            if up and self._maze.goals[index] == "gold":
                return [1.0 if i == index else 0.0 for i in range(GOALS)]
        mapped = self._mapped[seat] if seat >= 0 else set()
        if gold in mapped:
            return [1.0 if i == gold else 0.0 for i in range(GOALS)]
        open_goals = [i for i in range(GOALS) if not revealed[i] and i not in mapped]
        if not open_goals:  # cannot happen while the gold is hidden; be safe
            open_goals = [i for i in range(GOALS) if not revealed[i]] or list(range(GOALS))
        return [1.0 / len(open_goals) if i in open_goals else 0.0 for i in range(GOALS)]

    def gold_chances(self) -> list[float]:
        """Where the gold is, by everything seen and heard: the observer's own
        knowledge as the prior, every seat's digging and claims under each role."""
        self.posterior()
        assert self._gold_posterior is not None
        return self._gold_posterior

    def _compute_posterior(self) -> list[tuple[frozenset[int], float]]:
        own_saboteur = self._own_role == SABOTEUR
        seat_claims, pair_claims, goal_claims = self._claim_logs()
        logs = []
        by_assignment = []
        for saboteurs in saboteur_slots(self.players):
            if (self.seat in saboteurs) != own_saboteur:
                continue
            pairs = sum(
                pair[0] if (actor in saboteurs) == (target in saboteurs) else pair[1]
                for (actor, target), pair in [*self._pair_log.items(), *pair_claims]
            )
            pairs += sum(
                seat_log[1] if seat in saboteurs else seat_log[0] for seat, seat_log in seat_claims
            )
            by_gold = [
                (
                    math.log(prior)
                    + sum(
                        seat_log[1] if seat in saboteurs else seat_log[0]
                        for seat, seat_log in enumerate(self._gold_log[gold])
                    )
                    + sum(
                        log[1] if seat in saboteurs else log[0] for seat, log in goal_claims[gold]
                    )
                )
                if prior > 0
                else -math.inf
                for gold, prior in enumerate(self._prior)
            ]
            top = max(by_gold)
            logs.append(
                (saboteurs, pairs + top + math.log(sum(math.exp(x - top) for x in by_gold)))
            )
            by_assignment.append((pairs, by_gold))
        top = max(total for _, total in logs)
        weights = [(saboteurs, math.exp(total - top)) for saboteurs, total in logs]
        norm = sum(weight for _, weight in weights)
        gold = [0.0] * GOALS
        for pairs, by_gold in by_assignment:
            for index, log in enumerate(by_gold):
                gold[index] += math.exp(pairs + log - top)
        self._gold_posterior = [weight / sum(gold) for weight in gold]
        return [(saboteurs, weight / norm) for saboteurs, weight in weights]

    def _claim_logs(
        self,
    ) -> tuple[
        list[tuple[int, list[float]]],
        list[tuple[tuple[int, int], list[float]]],
        list[list[tuple[int, list[float]]]],
    ]:
        """The claims' log-likelihoods, miner / saboteur (or same team / not): per seat,
        per pair of seats, and per seat under each place of the gold."""
        seats: list[tuple[int, list[float]]] = []
        pairs: list[tuple[tuple[int, int], list[float]]] = []
        goals: list[list[tuple[int, list[float]]]] = [[] for _ in range(GOALS)]
        for claim in self._claims:
            if claim.kind == ROLE and claim.role is not None:
                seats.append((claim.seat, [0.0, math.log(role_claim_ratio(claim.role))]))
            elif claim.kind in (ACCUSE, TRUST) and claim.target is not None:
                same = same_team_likelihood(claim.kind)
                pairs.append(((claim.seat, claim.target), [math.log(same), math.log(1 - same)]))
            elif claim.kind == GOAL and (claim.x, claim.y) in GOAL_CELLS:
                goal = GOAL_CELLS.index((claim.x, claim.y))
                miner_true, saboteur_true = goal_claim_truth(goal in self._mapped[claim.seat])
                for gold in range(GOALS):
                    true = (claim.card == "gold") == (gold == goal)
                    miner = miner_true if true else 1 - miner_true
                    saboteur = saboteur_true if true else 1 - saboteur_true
                    goals[gold].append((claim.seat, [math.log(miner), math.log(saboteur)]))
        return seats, pairs, goals
