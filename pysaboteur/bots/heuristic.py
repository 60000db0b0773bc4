"""The heuristic bot: plays like a sensible Saboteur player.

Miners dig the shortest way towards the goal most likely to be gold, break the
tools of the seats they suspect and mend those they trust, map the goals while
the gold is unknown and clear dead ends out of the way with rockfall.
Saboteurs block from the start — dead ends and turns at the front, rockfall
on the key card, broken tools on the leading diggers — keep the dead ends that
would block nothing yet, and among harmless moves pick those that look honest.
With ``hide=1`` its saboteurs hide while the miners are far (:mod:`.hiding`).
At the web table it hears the claims made in table talk (:meth:`HeuristicBot.hear`)
and then judges by :class:`~.clue_beliefs.ClueBeliefs`, which weigh them gently
and also say where the claims put the gold; ``talk=0`` makes it deaf.

Every legal move gets a score; the best wins, ties broken by the bot's own
seeded generator.  Suspicion comes from :class:`~.beliefs.RoleBeliefs`
(``evidence=K`` weighs the moves K times as much: the beliefs to the power K).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property

from ..rules.cards import DEAD_END, FIX_TOOLS, GOAL_CELLS, SABOTEUR, TUNNEL_SHAPE, parse_shape
from ..rules.maze import Maze
from ..rules.moves import BREAK, DISCARD, FIX, MAP, PLACE, ROCKFALL, TAKE, Move
from ..rules.observation import Observation, viewer_seat
from .base import register
from .beliefs import RoleBeliefs, checked_evidence
from .claims import Claim
from .clue_beliefs import ClueBeliefs
from .heuristic_duel import DuelHeuristic
from .heuristic_saboteur2 import Saboteur2Heuristic
from .hiding import HidingPlan, table_beliefs, table_view
from .maze_view import (
    average_distance,
    distances_now_and_after,
    observed_gold_chances,
    observed_maze,
    public_gold_chances,
)

#: A card of distance saved (or cost) is worth this many points.
DISTANCE_WEIGHT = 10.0
#: What a dead end that blocks nothing now scores for a saboteur: below
#: discarding a plain tunnel card, so that it is kept for where it will block.
HOLD_DEAD_END = -3.0


@dataclass
class Situation:
    """What the bot makes of its observation before scoring moves."""

    seat: int
    saboteur: bool
    maze: Maze
    distances: list[int]  # cards still needed to reach each goal
    chances: list[float]  # where the gold may be, as far as this seat knows
    public_chances: list[float]  # where the gold may be, as everyone can see
    suspicion: list[float]  # chance that each seat is a saboteur
    progress: list[float]  # how much each seat's cards have helped the miners
    broken: list[list[str]]
    #: The goals' distances after each legal placement and rockfall.
    after: dict[Move, list[int]] = field(default_factory=dict)
    hidden: bool = False  # a saboteur that still plays like a miner to the table's eyes
    table_suspicion: list[float] | None = None  # each seat as the table sees it

    @cached_property
    def distance(self) -> float:
        """Expected cards still needed to reach the gold."""
        return average_distance(self.distances, self.chances)

    @cached_property
    def public_distance(self) -> float:
        return average_distance(self.distances, self.public_chances)

    @cached_property
    def gold_known(self) -> bool:
        return max(self.chances) == 1.0


class HeuristicBot:
    """Scores every legal move with rules of thumb and plays the best."""

    name = "heuristic"

    def __init__(
        self,
        seed: int | None = None,
        hiding: HidingPlan | None = None,
        *,
        listens: bool = True,
        evidence: float = 1.0,
    ) -> None:
        self._rng = random.Random(seed)
        self._beliefs: RoleBeliefs | None = None
        self.listens = listens
        #: The weight of the moves in the beliefs (:class:`~.beliefs.RoleBeliefs`).
        self.evidence = checked_evidence(evidence)
        #: The round's claims in table talk, as last heard (none: plain beliefs).
        self._claims: list[Claim] = []
        self._hiding = hiding
        self._table: RoleBeliefs | None = None
        self._seed = seed
        self._saboteur2: Saboteur2Heuristic | None = None
        self._duel: DuelHeuristic | None = None

    def parameters(self) -> dict[str, float | bool]:
        """Every setting, defaults included (for a run's record)."""
        plan = self._hiding
        if plan is None:
            return {"hide": False, "talk": self.listens, "evidence": self.evidence}
        return {"hide": True, "open_at": plan.open_at, "exposed": plan.exposed, "look": plan.look,
                "talk": self.listens, "evidence": self.evidence}  # fmt: skip

    def hear(self, claims: Sequence[Claim]) -> None:
        """The claims made in table talk this round (the base game's and Saboteur 2's
        beliefs weigh them; the Duel's player does not read talk)."""
        if self.listens:
            self._claims = list(claims)

    def saboteur2(self, observation: Observation) -> Saboteur2Heuristic | None:
        """The Saboteur 2 player this bot hands a Saboteur 2 observation to (else None)."""
        if observation.get("edition", "base") != "saboteur2":
            return None
        if self._saboteur2 is None:
            self._saboteur2 = Saboteur2Heuristic(self._seed)
        self._saboteur2.hear(self._claims)
        return self._saboteur2

    def other_edition(self, observation: Observation) -> Saboteur2Heuristic | DuelHeuristic | None:
        """The player of another edition this bot hands that edition's observation to:
        Saboteur 2's or the Duel's (None for the base game)."""
        if observation.get("edition", "base") == "duel":
            if self._duel is None:
                self._duel = DuelHeuristic(self._seed)
            return self._duel
        return self.saboteur2(observation)

    def beliefs(self, observation: Observation) -> RoleBeliefs:
        seat = viewer_seat(observation)
        kind = ClueBeliefs if self._claims else RoleBeliefs
        if self._beliefs is None or self._beliefs.seat != seat or type(self._beliefs) is not kind:
            self._beliefs = kind(seat, observation["players"], self.evidence)
        self._beliefs.update(observation)
        if isinstance(self._beliefs, ClueBeliefs):
            self._beliefs.hear(self._claims)
        return self._beliefs

    def saboteur_probabilities(self, observation: Observation) -> list[float]:
        other = self.other_edition(observation)
        if other is not None:
            return other.saboteur_probabilities(observation)
        return self.beliefs(observation).saboteur_probabilities()

    def choose(self, observation: Observation, legal_moves: Sequence[Move]) -> Move:
        other = self.other_edition(observation)
        if other is not None:
            return other.choose(observation, legal_moves)
        if len(legal_moves) == 1:
            return legal_moves[0]
        if legal_moves[0].kind == TAKE:
            return max(legal_moves, key=lambda move: move.value)  # keep the biggest nugget
        scored = self.scores(observation, legal_moves)
        best = max(score for score, _ in scored)
        return self._rng.choice([move for score, move in scored if score >= best - 1e-9])

    def scores(
        self, observation: Observation, legal_moves: Sequence[Move]
    ) -> list[tuple[float, Move]]:
        """Every legal move with its score: higher is better for this seat."""
        other = self.other_edition(observation)
        if other is not None:
            return other.scores(observation, legal_moves)
        situation = self._read(observation, legal_moves)
        return [(self._score(move, situation), move) for move in legal_moves]

    def _read(self, observation: Observation, legal_moves: Sequence[Move]) -> Situation:
        beliefs = self.beliefs(observation)
        maze = observed_maze(observation)
        # Every placement and rockfall at once: the core answers them in one call.
        changes = [move for move in legal_moves if move.kind in (PLACE, ROCKFALL)]
        distances, after = distances_now_and_after(maze, changes)
        situation = Situation(
            seat=viewer_seat(observation),
            saboteur=observation["role"] == SABOTEUR,
            maze=maze,
            distances=distances,
            after=dict(zip(changes, after, strict=True)),
            chances=(
                beliefs.gold_chances()
                if isinstance(beliefs, ClueBeliefs)
                else observed_gold_chances(observation)
            ),
            public_chances=public_gold_chances(maze),
            suspicion=beliefs.saboteur_probabilities(),
            progress=beliefs.progress,
            broken=observation["broken"],
        )
        if situation.saboteur and self._hiding is not None:
            table = self._table_suspicion(observation)
            situation.table_suspicion = table
            situation.hidden = self._hiding.hides(situation.distance, table[situation.seat])
        return situation

    def _table_suspicion(self, observation: Observation) -> list[float]:
        if self._table is None or self._table.players != observation["players"]:
            self._table = table_beliefs(observation["players"])
        self._table.update(table_view(observation))
        return self._table.saboteur_probabilities()

    # -- scores --------------------------------------------------------------------------

    def _score(self, move: Move, situation: Situation) -> float:
        kind = move.kind
        if situation.hidden:
            return self._score_hidden(move, situation)
        if kind == PLACE:
            dead_end = bool(parse_shape(move.card) & DEAD_END)
            return self._score_path_change(situation.after[move], dead_end, situation)
        if kind == ROCKFALL:
            distances = situation.after[move]
            return self._score_path_change(distances, False, situation) - 1.0
        if kind == BREAK:
            return self._score_break(move, situation)
        if kind == FIX:
            return self._score_fix(move, situation)
        if kind == MAP:
            return self._score_map(move, situation)
        if kind == DISCARD:
            return -keep_value(move.card, situation)
        return 0.0

    def _score_hidden(self, move: Move, situation: Situation) -> float:
        """A move of a saboteur that still hides: its plain score, plus what the move
        tells the table, priced by the plan (:mod:`.hiding`)."""
        assert self._hiding is not None and situation.table_suspicion is not None
        plain = self._score(move, replace(situation, hidden=False))
        if move.kind in (PLACE, ROCKFALL):
            distances = situation.after[move]
            looks = situation.public_distance - average_distance(
                distances, situation.public_chances
            )
            dead_end = move.kind == PLACE and bool(parse_shape(move.card) & DEAD_END)
            return plain + self._hiding.path_price(looks, dead_end)
        if move.kind == BREAK and move.target != situation.seat:
            return plain + self._hiding.break_price(situation.table_suspicion[move.target])
        return plain

    @staticmethod
    def _score_path_change(distances: list[int], dead_end: bool, situation: Situation) -> float:
        """A path card or rockfall after which the goals are ``distances`` away."""
        gain = situation.distance - average_distance(distances, situation.chances)
        if not situation.saboteur:
            if dead_end:
                return DISTANCE_WEIGHT * gain - 3.0
            return DISTANCE_WEIGHT * gain if gain > 0 else DISTANCE_WEIGHT * gain - 0.5
        # A saboteur blocks as soon as it can: self-play measured that waiting
        # for the miners to come near, to stay hidden meanwhile, loses more
        # rounds than being found out does (being found out costs a saboteur
        # its path cards, not its broken tools and rockfalls).  It judges the
        # harm by what it knows (it may know where the gold is), and among
        # harmless moves prefers one that looks honest to the others, who
        # judge by the goals they can see: digging towards a stone it has mapped.
        harm = -gain
        if dead_end and harm <= 0:
            return HOLD_DEAD_END
        looks = situation.public_distance - average_distance(distances, situation.public_chances)
        camouflage = 1.0 if looks > 0 and harm >= 0 else 0.0
        return DISTANCE_WEIGHT * harm + camouflage

    @staticmethod
    def _score_break(move: Move, situation: Situation) -> float:
        target = move.target
        if target == situation.seat:
            return -50.0
        already_broken = 2.0 if situation.broken[target] else 0.0
        if not situation.saboteur:
            return 14.0 * (situation.suspicion[target] - 0.5) - already_broken
        trusted = 1.0 - situation.suspicion[target]
        diggers = 1.5 * min(situation.progress[target], 3.0)
        return 6.0 * (trusted - 0.4) + 2.0 * diggers - already_broken

    def _score_fix(self, move: Move, situation: Situation) -> float:
        target = move.target
        unblocks = len(situation.broken[target]) == 1  # the seat can build again
        if target == situation.seat:
            return (12.0 if not situation.saboteur else 4.0) + (2.0 if unblocks else 0.0)
        if situation.saboteur and self._hiding is not None:
            return -10.0  # a hiding saboteur never mends another seat in public
        suspicion = situation.suspicion[target]
        team_mate = suspicion if situation.saboteur else 1.0 - suspicion
        return 8.0 * (team_mate - 0.5) + (2.0 if unblocks else 0.0)

    @staticmethod
    def _score_map(move: Move, situation: Situation) -> float:
        if situation.gold_known:
            return -5.0
        index = GOAL_CELLS.index((move.x, move.y))
        chance = situation.chances[index]
        if chance == 0.0:
            return -5.0
        nearness = 1.0 / (1.0 + situation.distances[index])
        return (3.0 if situation.saboteur else 5.0) + chance + nearness


def keep_value(card: str, situation: Situation) -> float:
    """How much a card in hand is worth keeping: the cost of discarding it."""
    saboteur = situation.saboteur
    if card in TUNNEL_SHAPE:
        shape = TUNNEL_SHAPE[card]
        if shape & DEAD_END:
            return 2.5 if saboteur else 0.1
        return 0.8 + 0.2 * bin(shape).count("1")
    if card.startswith("break-"):
        return 2.0 if saboteur else 1.5
    if card in FIX_TOOLS:
        mine = set(situation.broken[situation.seat])
        return 1.2 + (2.0 if mine & set(FIX_TOOLS[card]) else 0.0)
    if card == MAP:
        return 0.1 if situation.gold_known else (1.0 if saboteur else 1.5)
    return 2.0 if saboteur else 1.0  # rockfall


def _make(settings: dict[str, str], seed: int | None) -> HeuristicBot:
    settings = dict(settings)
    hide = settings.pop("hide", "0")
    talk = settings.pop("talk", "1")
    evidence = _number("evidence", settings.pop("evidence", "1"))
    for name, value in (("hide", hide), ("talk", talk)):
        if value not in ("0", "1"):
            raise ValueError(f"the heuristic's {name} setting is 0 or 1, got {value}")
    if settings and hide == "0":
        raise ValueError(f"the heuristic bot takes these settings only with hide=1: "
                         f"{', '.join(settings)}")  # fmt: skip
    plan = HidingPlan.from_settings(settings) if hide == "1" else None
    return HeuristicBot(seed, plan, listens=talk == "1", evidence=evidence)


def _number(name: str, text: str) -> float:
    try:
        return float(text)
    except ValueError:
        raise ValueError(f"the heuristic's {name} setting is a number, got {text}") from None


register("heuristic", _make)
