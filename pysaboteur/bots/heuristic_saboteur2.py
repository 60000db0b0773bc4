"""The heuristic bot's play of Saboteur 2: every dwarf card as a sensible player plays it.

:class:`~.heuristic.HeuristicBot` hands a Saboteur 2 observation to
:class:`Saboteur2Heuristic`; the base game's play is left as it was.  Every
legal move gets a score for the seat's role and the best is played (ties
broken by the bot's own generator).  Distances are cards still to lay on a
route to each goal, for each colour of door (:mod:`.maze_saboteur2`), averaged over
where the gold may be; suspicion comes from :class:`~.dwarf_beliefs.DwarfBeliefs`.

- **Gold-diggers** (``green``, ``blue``) dig the route open to their colour:
  a door of their own colour is a door like any card, the other colour's door
  closes a route, so a longer route can be the shorter one for them.  They lay
  no card that would reach the gold along a route closed to them only, and do
  not help the rival colour's route alone.  They break, trap and swap the hats
  of the seats they suspect and mend those they trust.
- **The boss** wins with either team: it digs the nearer of the two routes.
- **The profiteer** wins in every case, but its share shrinks with every
  winner: it digs a little while the diggers are far from the gold and blocks a
  little once they are near, traps the likeliest winners.
- **Geologists** are paid by crystals: they lay crystal cards, never rockfall
  one, and do not dig for anyone (a long round lays more crystals).
- **Saboteurs** block any route, as the base game's do (dead ends and rockfall
  at the front, broken tools and ``trapped`` on the likeliest diggers).
- **Everyone** plays ``theft`` early, steals from the richest, stops the
  richest other thief, frees itself when trapped, clears what lies in front
  of it when nothing better is at hand, inspects the seat it knows least
  about, maps goals as in the base game, and discards its least useful cards
  (one normally, more when the hand is poor).
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Final

from ..rules.cards import (
    BLUE,
    BOSS,
    FIX_TOOLS,
    GEOLOGIST,
    GOAL_CELLS,
    GREEN,
    PROFITEER,
    SABOTEUR,
    cell_key,
    parse_shape,
)
from ..rules.faces import FACES, face_of
from ..rules.maze import Maze
from ..rules.moves import (
    BREAK,
    CLEAR,
    DISCARD,
    FIX,
    FREE_AT_LAST,
    HANDS_OFF,
    INSPECTION,
    MAP,
    PLACE,
    ROCKFALL,
    STEAL,
    SWAP_HAND,
    SWAP_HATS,
    THEFT,
    TRAPPED,
    Move,
)
from ..rules.observation import Observation, viewer_seat
from .claims import Claim
from .dwarf_beliefs import DwarfBeliefs
from .maze_saboteur2 import routes_now_and_after
from .maze_view import average_distance, observed_gold_chances, observed_maze, public_gold_chances

#: A card of distance saved (or cost) is worth this many points (as in the base game).
DISTANCE_WEIGHT: Final = 10.0
HOLD_DEAD_END: Final = -3.0
#: What reaching the gold along a route open to the seat's side is worth, beyond the card.
REACH_BONUS: Final = 20.0
#: Discarding one more card is worth this much: below it, keep the card.
EXTRA_DISCARD: Final = 0.6
_DIGGERS: Final = (GREEN, BLUE)

#: How much a seat of the row's role wants to hold back a seat of the column's.
_HOSTILITY: Final[dict[str, dict[str, float]]] = {
    GREEN: {GREEN: 0.0, BLUE: 0.6, BOSS: 0.1, PROFITEER: 0.2, GEOLOGIST: 0.2, SABOTEUR: 1.0},
    BLUE: {GREEN: 0.6, BLUE: 0.0, BOSS: 0.1, PROFITEER: 0.2, GEOLOGIST: 0.2, SABOTEUR: 1.0},
    BOSS: {GREEN: 0.1, BLUE: 0.1, BOSS: 0.0, PROFITEER: 0.2, GEOLOGIST: 0.2, SABOTEUR: 1.0},
    # Every winner shrinks the profiteer's share, a trapped seat wins nothing.
    PROFITEER: {GREEN: 0.5, BLUE: 0.5, BOSS: 0.5, PROFITEER: 0.0, GEOLOGIST: 0.1, SABOTEUR: 0.5},
    # Diggers end the round, and with it the crystals laid.
    GEOLOGIST: {GREEN: 0.5, BLUE: 0.5, BOSS: 0.5, PROFITEER: 0.2, GEOLOGIST: 0.0, SABOTEUR: 0.3},
    SABOTEUR: {GREEN: 1.0, BLUE: 1.0, BOSS: 0.8, PROFITEER: 0.3, GEOLOGIST: 0.2, SABOTEUR: 0.0},
}


def _is_blocker(face: int) -> bool:
    """A card with no tunnel: a dead end, or stubs alone (a crystal stub too)."""
    part = FACES[face]
    return part is not None and not part.tunnels


@dataclass
class Situation2:
    """What the bot makes of its observation before scoring moves."""

    seat: int
    role: str
    hand: list[str]
    maze: Maze
    distances: list[list[int]]  # per mode of MODES (any, green, blue), per goal
    chances: list[float]
    public_chances: list[float]
    roles: list[dict[str, float]]  # each seat's role, as believed
    known: set[int]  # seats whose dwarf card the bot knows
    progress: list[float]
    broken: list[list[str]]
    trapped: list[bool]
    gold_pieces: list[int]
    thieves: list[int]
    hand_sizes: list[int]
    draw_pile: int
    #: ``distances`` after each legal placement and rockfall.
    after: dict[Move, list[list[int]]] = field(default_factory=dict)

    @cached_property
    def gold_known(self) -> bool:
        return max(self.chances) == 1.0

    def own_distance(self, distances: list[list[int]]) -> list[int]:
        """Per goal, the distance that counts for this seat's side."""
        any_route, green, blue = distances
        if self.role == GREEN:
            return green
        if self.role == BLUE:
            return blue
        if self.role in (BOSS, PROFITEER):
            return [min(one, other) for one, other in zip(green, blue, strict=True)]
        return any_route

    def rival_distance(self, distances: list[list[int]]) -> list[int]:
        return distances[2] if self.role == GREEN else distances[1]

    def hostility(self, target: int) -> float:
        """How much this seat wants to hold back ``target``, over its believed roles."""
        row = _HOSTILITY[self.role]
        return sum(chance * row[role] for role, chance in self.roles[target].items())

    @cached_property
    def weak_role(self) -> bool:
        """A geologist with no crystal in the maze or in hand gains little this round."""
        if self.role != GEOLOGIST:
            return False
        in_hand = any(_crystal_card(card) for card in self.hand)
        return not in_hand and self.maze.crystals() == 0

    @cached_property
    def builds(self) -> bool:
        """Whether this seat's plan needs it to lay path cards."""
        return self.role in (*_DIGGERS, BOSS, SABOTEUR) or (
            self.role == GEOLOGIST and any(_crystal_card(card) for card in self.hand)
        )


def _crystal_card(card: str) -> bool:
    try:
        part = FACES[face_of(card)]
    except ValueError:
        return False
    return part is not None and part.crystal


class Saboteur2Heuristic:
    """Scores every legal Saboteur 2 move with rules of thumb and plays the best."""

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)
        self._beliefs: DwarfBeliefs | None = None
        self._claims: list[Claim] = []

    def hear(self, claims: Sequence[Claim]) -> None:
        """The claims made in table talk this round, for the beliefs to weigh."""
        self._claims = list(claims)

    def beliefs(self, observation: Observation) -> DwarfBeliefs:
        seat = viewer_seat(observation)
        if self._beliefs is None or self._beliefs.seat != seat:
            self._beliefs = DwarfBeliefs(seat, observation["players"])
        self._beliefs.update(observation)
        self._beliefs.hear(self._claims)
        return self._beliefs

    def saboteur_probabilities(self, observation: Observation) -> list[float]:
        return self.beliefs(observation).saboteur_probabilities()

    def choose(self, observation: Observation, legal_moves: Sequence[Move]) -> Move:
        if len(legal_moves) == 1:
            return legal_moves[0]
        if legal_moves[0].kind == STEAL:
            return self._steal(observation, legal_moves)
        scored = self.scores(observation, legal_moves)
        best = max(score for score, _ in scored)
        return self._rng.choice([move for score, move in scored if score >= best - 1e-9])

    @staticmethod
    def _steal(observation: Observation, legal_moves: Sequence[Move]) -> Move:
        """From the richest seat; among the richest, the one that won least this round."""
        pieces = observation.get("gold_pieces", [0] * observation["players"])
        return max(legal_moves, key=lambda move: (pieces[move.target], -move.target))

    def scores(
        self, observation: Observation, legal_moves: Sequence[Move]
    ) -> list[tuple[float, Move]]:
        if legal_moves and legal_moves[0].kind == STEAL:
            pieces = observation.get("gold_pieces", [0] * observation["players"])
            return [(float(pieces[move.target]), move) for move in legal_moves]
        situation = self._read(observation, legal_moves)
        return [(self._score(move, situation), move) for move in legal_moves]

    def _read(self, observation: Observation, legal_moves: Sequence[Move]) -> Situation2:
        beliefs = self.beliefs(observation)
        maze = observed_maze(observation)
        # Every placement and rockfall at once: the core answers them in one call.
        changes = [move for move in legal_moves if move.kind in (PLACE, ROCKFALL)]
        distances, after = routes_now_and_after(maze, changes)
        seat = viewer_seat(observation)
        players = observation["players"]
        known = {seat} | {look["seat"] for look in observation.get("looks", [])}
        return Situation2(
            seat=seat,
            role=observation.get("role", GREEN),
            hand=list(observation.get("hand", [])),
            maze=maze,
            distances=distances,
            chances=observed_gold_chances(observation),
            public_chances=public_gold_chances(maze),
            roles=beliefs.role_probabilities(),
            known=known,
            progress=beliefs.progress,
            broken=observation["broken"],
            trapped=observation.get("trapped", [False] * players),
            gold_pieces=observation.get("gold_pieces", [0] * players),
            thieves=observation.get("thieves", []),
            hand_sizes=observation["hand_sizes"],
            draw_pile=observation["draw_pile"],
            after=dict(zip(changes, after, strict=True)),
        )

    # -- scores ------------------------------------------------------------------------

    def _score(self, move: Move, s: Situation2) -> float:
        kind = move.kind
        if kind in (PLACE, ROCKFALL):
            return self._score_path(move, s)
        if kind in (BREAK, TRAPPED):
            return self._score_hold_back(move, s)
        if kind in (FIX, FREE_AT_LAST):
            return self._score_help(move, s)
        if kind == MAP:
            return self._score_map(move, s)
        if kind == DISCARD:
            cards = move.cards_played()
            return sum(EXTRA_DISCARD - keep_value2(card, s) for card in cards) - EXTRA_DISCARD
        if kind == CLEAR:
            return self._score_clear(move, s)
        if kind == THEFT:
            # Early, before a thief's hands-off comes round: a theft pays at the
            # round's end whoever wins, if the seat is not stopped or trapped.
            return 8.0 + 4.0 * min(1.0, s.draw_pile / 40) - (3.0 if s.trapped[s.seat] else 0.0)
        if kind == HANDS_OFF:
            if move.target == s.seat:
                return -20.0
            return 3.0 + 0.3 * s.gold_pieces[move.target] + s.hostility(move.target)
        if kind == INSPECTION:
            if move.target in s.known:
                return -5.0
            chances = s.roles[move.target].values()
            entropy = -sum(p * math.log(p) for p in chances if p > 0)
            return 0.5 + 2.5 * entropy
        if kind == SWAP_HATS:
            return self._score_hats(move, s)
        if kind == SWAP_HAND:
            held = [keep_value2(card, s) for card in s.hand if card != SWAP_HAND]
            poor = 1.2 - (sum(held) / len(held) if held else 0.0)
            return 3.0 * poor - 2.5 + s.hostility(move.target) + 0.1 * s.hand_sizes[move.target]
        return 0.0

    def _score_path(self, move: Move, s: Situation2) -> float:
        after = s.after[move]
        chances = s.chances
        before_own = s.own_distance(s.distances)
        after_own = s.own_distance(after)
        gain = average_distance(before_own, chances) - average_distance(after_own, chances)
        removed = s.maze.cells.get(cell_key(move.x, move.y)) if move.kind == ROCKFALL else None
        face = parse_shape(move.card) if move.kind == PLACE else None
        blocker = face is not None and _is_blocker(face)
        crystal = face is not None and bool((part := FACES[face]) and part.crystal)
        rockfall_cost = -1.0 if move.kind == ROCKFALL else 0.0
        role = s.role
        if role == SABOTEUR:
            harm = -gain
            if blocker and harm <= 0:
                return HOLD_DEAD_END
            public_before = average_distance(s.distances[0], s.public_chances)
            looks = public_before - average_distance(after[0], s.public_chances)
            camouflage = 1.0 if looks > 0 and harm >= 0 else 0.0
            return DISTANCE_WEIGHT * harm + camouflage + rockfall_cost
        if role == GEOLOGIST:
            if removed is not None and (part := FACES[removed]) is not None and part.crystal:
                return -50.0  # crystals pay the geologists
            if crystal:
                return 6.0
            help_given = max(average_distance(s.distances[0], chances)
                             - average_distance(after[0], chances), 0.0)  # fmt: skip
            # Neither digs nor blocks for anyone: a long round lays more crystals.
            return -0.5 - 3.0 * help_given + 2.0 * rockfall_cost
        # The card that reaches a goal that may be gold decides the round.
        finish = 0.0
        for index, chance in enumerate(chances):
            if chance and after[0][index] == 0 and s.distances[0][index] > 0:
                ours = after_own[index] == 0
                if role in _DIGGERS and not ours and s.rival_distance(after)[index] == 0:
                    finish -= REACH_BONUS * chance  # the other colour would win
                elif ours:
                    finish += REACH_BONUS * chance * (0.3 if role == PROFITEER else 1.0)
                else:
                    finish -= REACH_BONUS * chance / 2  # reached for nobody
        if role == PROFITEER:
            nearest = average_distance(before_own, chances)
            weight = 0.3 if nearest > 4 else -0.25  # hedge: dig while far, block a little when near
            score = weight * DISTANCE_WEIGHT * gain + finish + rockfall_cost
            return score - (1.0 if blocker and gain >= 0 else 0.0)
        score = DISTANCE_WEIGHT * gain + finish + rockfall_cost
        if role in _DIGGERS:
            before_rival = average_distance(s.rival_distance(s.distances), chances)
            rival_gain = before_rival - average_distance(s.rival_distance(after), chances)
            score -= 0.3 * DISTANCE_WEIGHT * max(rival_gain - max(gain, 0.0), 0.0)
        if blocker:
            return score - 3.0
        return score if gain > 0 else score - 0.5

    def _score_hold_back(self, move: Move, s: Situation2) -> float:
        target = move.target
        if target == s.seat:
            return -50.0
        hostility = s.hostility(target)
        digs = 1.5 * min(s.progress[target], 3.0)
        if move.kind == BREAK:
            already = 2.0 if s.broken[target] or s.trapped[target] else 0.0
            score = 14.0 * (hostility - 0.45) - already
            if s.role == SABOTEUR:
                score += digs
            return score
        # Trapped stops the seat building and takes its share of the treasure.
        already = 2.0 if s.broken[target] else 0.0
        score = 16.0 * (hostility - 0.45) - already
        if s.role in (SABOTEUR, PROFITEER):
            score += digs
        return score

    def _score_help(self, move: Move, s: Situation2) -> float:
        target = move.target
        if move.kind == FREE_AT_LAST:
            if target == s.seat:
                return 20.0  # a trapped seat wins nothing and takes no share
            return 10.0 * (0.5 - s.hostility(target))
        unblocks = len(s.broken[target]) == 1 and not s.trapped[target]
        if target == s.seat:
            return (12.0 if s.builds else 3.0) + (2.0 if unblocks else 0.0)
        return 8.0 * (0.5 - s.hostility(target)) + (2.0 if unblocks else 0.0)

    def _score_clear(self, move: Move, s: Situation2) -> float:
        """Clearing costs two cards and shrinks the hand: worth it when nothing better is."""
        front = move.front
        if front == TRAPPED:
            gain = 15.0
        elif front == THEFT:
            gain = -10.0
        else:
            gain = (8.0 if s.builds else 1.0) if len(s.broken[s.seat]) == 1 else 2.0
        return gain - sum(keep_value2(card, s) for card in move.cards_played()) - 1.5

    def _score_hats(self, move: Move, s: Situation2) -> float:
        target = move.target
        if target == s.seat:
            return 3.0 if s.weak_role else -5.0
        if target in s.known and s.roles[target].get(SABOTEUR, 0.0) < 0.5:
            return -5.0
        if s.role == SABOTEUR:
            return 6.0 * (s.hostility(target) - 0.6) + 0.5 * min(s.progress[target], 3.0)
        return 10.0 * (s.roles[target].get(SABOTEUR, 0.0) - 0.35)

    @staticmethod
    def _score_map(move: Move, s: Situation2) -> float:
        if s.gold_known:
            return -5.0
        index = GOAL_CELLS.index((move.x, move.y))
        chance = s.chances[index]
        if chance == 0.0:
            return -5.0
        nearness = 1.0 / (1.0 + s.distances[0][index])
        return (5.0 if s.role in (*_DIGGERS, BOSS) else 3.0) + chance + nearness


def keep_value2(card: str, s: Situation2) -> float:
    """How much a card in hand is worth keeping: the cost of discarding it."""
    role = s.role
    saboteur = role == SABOTEUR
    try:
        face = face_of(card)
    except ValueError:
        face = None
    if face is not None:
        part = FACES[face]
        assert part is not None
        value = 0.8 + 0.2 * bin(part.sides).count("1")
        if not part.tunnels:
            value = 2.5 if saboteur else (1.0 if role == PROFITEER else 0.1)
        if part.door:
            own = role == part.door
            value += 0.6 if own else (-0.5 if role in _DIGGERS else 0.3 if saboteur else 0.0)
        if part.ladder:
            value = max(value, 1.0)
        if part.crystal and role == GEOLOGIST:
            value += 3.0
        if role == GEOLOGIST and not part.crystal:
            value = min(value, 0.5)
        return value
    if card.startswith("break-"):
        return 2.0 if saboteur else 1.5
    if card in FIX_TOOLS:
        mine = set(s.broken[s.seat])
        return 1.2 + (2.0 if mine & set(FIX_TOOLS[card]) else 0.0)
    if card == MAP:
        return 0.1 if s.gold_known else (1.0 if saboteur else 1.5)
    if card == ROCKFALL:
        return 2.0 if saboteur else 1.0
    if card == THEFT:
        return 2.5 if s.seat not in s.thieves else 0.2
    if card == HANDS_OFF:
        return 1.0 if any(thief != s.seat for thief in s.thieves) else 0.4
    if card == FREE_AT_LAST:
        return 1.0 + (4.0 if s.trapped[s.seat] else 0.0)
    if card == TRAPPED:
        return 2.0 if role in (SABOTEUR, PROFITEER) else 1.6
    if card == SWAP_HATS:
        return 2.5 if s.weak_role else 0.8
    if card == INSPECTION:
        return 0.8
    return 0.4  # swap-hand
