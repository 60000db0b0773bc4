"""Beliefs over roles: how likely each seat is a saboteur, from the public moves.

The posterior is exact over every assignment of the role pool to the seats and
the set-aside card (at most C(11, 4) = 330 with 10 players), given the
observer's own role and a likelihood for each public move under each role:

- a path card or rockfall is judged by how much it brings the start network
  closer to where the gold may be (as everyone could see at the time):
  miners tend to help, saboteurs to hinder;
- a broken tool on another seat is likelier between opposing teams, a repair
  on another seat likelier within a team;
- discards, passes, maps and gold picks say nothing.

``evidence`` weighs all of that at once: the posterior is taken to that power
(log-likelihoods times ``evidence``, the prior over the role pool being even),
so 1 is the likelihoods as written and more trusts the moves more. Fitted to
play (``python -m pysaboteur.arena.reliability --fit``), it makes the beliefs
calibrated: of the seats believed saboteurs at 0.7, about 70% are.
"""

from __future__ import annotations

import math
from functools import cache
from itertools import combinations

from ..rules.cards import DEAD_END, MINER, SABOTEUR, SABOTEURS_IN_POOL, parse_shape
from ..rules.maze import Maze
from ..rules.moves import BREAK, FIX, PLACE, ROCKFALL, Move, read_seen_move
from ..rules.observation import Observation
from .maze_view import (
    average_distance,
    distances_now_and_after,
    observed_maze,
    public_gold_chances,
)

#: How sharply a helpful or harmful card tells the roles apart.
SHARPNESS = 1.2
#: A dead end is a saboteur's card even where it blocks nothing yet.
DEAD_END_PENALTY = 0.6
#: Likelihood of a broken tool / a repair between seats of the same team.
BREAK_SAME_TEAM = 0.25
FIX_SAME_TEAM = 0.75
#: A single card's help is counted up to this many cards of distance.
GAIN_CAP = 2.0

Assignment = tuple[str, ...]


@cache
def saboteur_slots(players: int) -> tuple[frozenset[int], ...]:
    """Every set of places (seats, then ``players`` for the set-aside card) of the saboteurs."""
    places = range(players + 1)
    return tuple(frozenset(chosen) for chosen in combinations(places, SABOTEURS_IN_POOL[players]))


def as_assignment(players: int, saboteurs: frozenset[int]) -> Assignment:
    return tuple(SABOTEUR if place in saboteurs else MINER for place in range(players + 1))


def move_gain(maze: Maze, move: Move, chances: list[float]) -> float:
    """How many cards of distance to the gold a path or rockfall move saves the miners."""
    now, (after,) = distances_now_and_after(maze, [move])
    return average_distance(now, chances) - average_distance(after, chances)


class RoleBeliefs:
    """One seat's beliefs about the roles of a round, updated from its observations."""

    def __init__(self, seat: int, players: int, evidence: float = 1.0) -> None:
        self.seat = seat
        self.players = players
        self.evidence = checked_evidence(evidence)
        self._start_round(None)

    def _start_round(self, observation: Observation | None) -> None:
        self._round = observation["round"] if observation else 0
        self._seen = 0
        self._maze = _fresh_maze(observation) if observation else None
        self._own_role = MINER
        #: log-likelihood of each seat's moves if it is a miner, and if a saboteur
        self._seat_log = [[0.0, 0.0] for _ in range(self.players)]
        #: log-likelihood of the moves between two seats if on the same team, and if not
        self._pair_log: dict[tuple[int, int], list[float]] = {}
        #: how much each seat's cards have helped the miners this round
        self.progress = [0.0] * self.players
        self._posterior: list[tuple[frozenset[int], float]] | None = None

    @property
    def maze(self) -> Maze | None:
        """The round's maze as these beliefs replayed it from the public moves."""
        return self._maze

    # -- reading the history ------------------------------------------------------------

    def update(self, observation: Observation) -> None:
        """Take in the moves of the round that this seat has not seen yet."""
        if observation["round"] != self._round:
            self._start_round(observation)
        self._own_role = observation.get("role", MINER)
        assert self._maze is not None
        # Every goal the new moves turned up is face up in this observation: learn
        # its card before replaying them, so that it is laid as it really lies.
        self._maze.goals = tuple(
            goal["card"] or stand_in
            for goal, stand_in in zip(observation["goals"], self._maze.goals, strict=True)
        )
        history = observation["history"][-1]
        for text in history[self._seen :]:
            self._take_in(text)
        if len(history) != self._seen:
            self._posterior = None
        self._seen = len(history)

    def _take_in(self, text: str) -> None:
        move = read_seen_move(text)
        if move.kind not in (PLACE, ROCKFALL, BREAK, FIX):
            return  # discards, passes, maps, gold picks: no evidence about roles
        assert self._maze is not None
        if move.kind in (PLACE, ROCKFALL):
            chances = public_gold_chances(self._maze)
            gain = max(-GAIN_CAP, min(GAIN_CAP, move_gain(self._maze, move, chances)))
            if move.kind == PLACE and parse_shape(move.card) & DEAD_END:
                gain -= DEAD_END_PENALTY
            self.progress[move.seat] += max(gain, 0.0)
            half = SHARPNESS * gain / 2
            self._seat_log[move.seat][0] += half
            self._seat_log[move.seat][1] -= half
            if move.kind == PLACE:
                self._maze.place(parse_shape(move.card), move.x, move.y)
            else:
                self._maze.remove(move.x, move.y)
        elif move.kind in (BREAK, FIX) and move.seat not in (move.target, self.seat):
            # The observer's own cards say what it thinks, not what others are.
            same = BREAK_SAME_TEAM if move.kind == BREAK else FIX_SAME_TEAM
            pair = self._pair_log.setdefault((move.seat, move.target), [0.0, 0.0])
            pair[0] += math.log(same)
            pair[1] += math.log(1 - same)

    # -- the posterior ----------------------------------------------------------------------

    def posterior(self) -> list[tuple[frozenset[int], float]]:
        """Each possible set of saboteur places, with its probability."""
        if self._posterior is None:
            self._posterior = tempered(self._compute_posterior(), self.evidence)
        return self._posterior

    def _compute_posterior(self) -> list[tuple[frozenset[int], float]]:
        own_saboteur = self._own_role == SABOTEUR
        logs = []
        for saboteurs in saboteur_slots(self.players):
            if (self.seat in saboteurs) != own_saboteur:
                continue
            total = sum(
                seat_log[1] if seat in saboteurs else seat_log[0]
                for seat, seat_log in enumerate(self._seat_log)
            )
            for (actor, target), pair in self._pair_log.items():
                total += pair[0] if (actor in saboteurs) == (target in saboteurs) else pair[1]
            logs.append((saboteurs, total))
        top = max(total for _, total in logs)
        weights = [(saboteurs, math.exp(total - top)) for saboteurs, total in logs]
        norm = sum(weight for _, weight in weights)
        return [(saboteurs, weight / norm) for saboteurs, weight in weights]

    def saboteur_probabilities(self) -> list[float]:
        """The probability that each seat is a saboteur (the observer's own is 0 or 1)."""
        chances = [0.0] * self.players
        for saboteurs, weight in self.posterior():
            for seat in saboteurs:
                if seat < self.players:
                    chances[seat] += weight
        return chances

    def assignment_weights(self) -> list[tuple[Assignment, float]]:
        """The posterior as (roles of the seats and the set-aside card, weight) pairs."""
        return [(as_assignment(self.players, saboteurs), w) for saboteurs, w in self.posterior()]


def checked_evidence(evidence: float) -> float:
    """``evidence`` if it can weigh the moves (a finite number above 0), else ValueError."""
    if not 0 < evidence < math.inf:
        raise ValueError(f"the beliefs' evidence weight is a number above 0, got {evidence}")
    return evidence


def tempered(
    posterior: list[tuple[frozenset[int], float]], evidence: float
) -> list[tuple[frozenset[int], float]]:
    """The posterior with every log-likelihood times ``evidence`` (its weights to that
    power, normalized: the prior over the sets is even)."""
    if evidence == 1.0:
        return posterior
    top = max(weight for _, weight in posterior)
    powered = [(saboteurs, (weight / top) ** evidence) for saboteurs, weight in posterior]
    norm = sum(weight for _, weight in powered)
    return [(saboteurs, weight / norm) for saboteurs, weight in powered]


def _fresh_maze(observation: Observation) -> Maze:
    """The round's maze before its first move: the start alone, goals as now known."""
    start_only = [card for card in observation["maze"] if card["card"] == "start"]
    maze = observed_maze({**observation, "maze": start_only})
    maze.revealed = [False, False, False]
    return maze
