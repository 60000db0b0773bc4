"""The ``ismcts`` bot's search for Saboteur 2: the heuristic's best moves, each tried
on the same sampled games and played out to the round's end.

:class:`~.ismcts.IsmctsBot` hands a Saboteur 2 observation here; the base
game's search is left as it was.

1. :class:`~.heuristic_saboteur2.Saboteur2Heuristic` ranks the legal moves; the search
   considers its best few (``candidates``).
2. Each iteration draws whole games consistent with the seat's observation
   (:class:`~pysaboteur.rules.determinize.Determinizer`, which deals the
   dwarf cards uniformly among those the seat's knowledge allows) and keeps
   one of :data:`RESAMPLE` of them with odds proportional to how well the
   bot's beliefs agree with its dwarf cards (each seat's believed chance of
   its card over the chance before any move): sampling importance
   resampling, an approximation of drawing from the beliefs.
3. On that sample every candidate is played, then the fast policy
   (:func:`playout_move`) plays the round out, the same playout generator for
   each candidate so that their differences are paired.  A candidate's result
   is the gold pieces the seat gets from the round (thefts included); where
   the core plays the game, all of an iteration's candidates are played out
   and paid there in one call (:func:`~pysaboteur.native.playout.native_saboteur2_round_gold`).
4. The heuristic's first choice stands unless another candidate does better
   by :data:`CLEAR_MARGIN` gold pieces and by two standard errors.

The playout reads the sampled game (each seat its own role and its maps,
never the others' roles): diggers and the boss lay the card whose open ends
come nearest the goal they dig for (a Manhattan guess, constant time per
card), without the other colour's doors; saboteurs lay blockers nearest that
goal, break the tools of others and rockfall near it; geologists lay crystal
cards; everyone plays ``theft``, frees and mends itself, steals from the
richest and otherwise discards a card. Its every chance is one ``random()`` of its
generator (a choice among ``n`` moves too: ``int(random() * n)``), so that the core's
copy of it (core/playout_saboteur2.cpp) plays the same moves from the same draws; the
search plays its rounds out there where the core plays the game (``playout="native"``,
the default), else here from the core's generator (:class:`~.splitmix.SplitMix`), so
that either way it decides the same.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from typing import Final, Protocol, TypeVar

from ..native.playout import native_saboteur2_round_gold
from ..rules.cards import BLUE, BOSS, GEOLOGIST, GOAL_CELLS, GREEN, SABOTEUR, parse_shape
from ..rules.determinize import Determinizer
from ..rules.editions.saboteur2 import DWARF_CARDS
from ..rules.faces import FACES, SIDE_NAMES, Face
from ..rules.game import Game
from ..rules.moves import (
    BREAK,
    DISCARD,
    FIX,
    FREE_AT_LAST,
    PASS,
    PLACE,
    ROCKFALL,
    STEAL,
    THEFT,
    Move,
)
from ..rules.observation import Observation, viewer_seat
from ..rules.routes_saboteur2 import door_closes
from .heuristic_saboteur2 import Saboteur2Heuristic
from .paired_choice import clear_winner
from .splitmix import SplitMix

DEFAULT_ITERATIONS: Final = 20
#: How much better than the heuristic's first choice another move must do on the
#: samples (in gold pieces for the seat) before the search prefers it.
CLEAR_MARGIN: Final = 0.1
#: Samples drawn per iteration, of which one is kept by the beliefs' odds.
RESAMPLE: Final = 4
#: A playout stops after this many moves if the round has not ended (it always
#: ends: the pile empties and hands shrink), a guard only.
MOVE_CAP: Final = 1000
_PRIOR: Final = {role: count / sum(DWARF_CARDS.values()) for role, count in DWARF_CARDS.items()}
_STEPS: Final = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}
_Item = TypeVar("_Item")


class Draws(Protocol):
    """Where the policy's chances come from: ``random.Random``, or any other source of
    uniform numbers in [0, 1) (a test hands it the core's own generator)."""

    def random(self) -> float: ...


def _pick(items: Sequence[_Item], rng: Draws) -> _Item:
    """One of ``items`` at random, from one draw (as the core picks)."""
    return items[min(int(rng.random() * len(items)), len(items) - 1)]


class Saboteur2Search:
    """Tries the heuristic's best Saboteur 2 moves on sampled games; plays the clearly best."""

    def __init__(
        self,
        heuristic: Saboteur2Heuristic,
        rng: random.Random,
        *,
        iterations: int | None,
        seconds: float | None,
        candidates: int,
        native: bool = True,
    ) -> None:
        self._heuristic = heuristic
        #: Whether the rounds are played out in the core where it plays the game.
        self.native = native
        self._rng = rng
        if iterations is None and seconds is None:
            iterations = DEFAULT_ITERATIONS
        self.iterations = iterations
        self.seconds = seconds
        self.candidates = candidates
        #: Sampled games the last decision was tried on (0: no search was needed).
        self.last_iterations = 0

    def choose(self, observation: Observation, legal_moves: Sequence[Move]) -> Move:
        started = time.perf_counter()
        self.last_iterations = 0
        if len(legal_moves) == 1:
            return legal_moves[0]
        heuristic = self._heuristic
        if legal_moves[0].kind == STEAL:
            return heuristic.choose(observation, legal_moves)
        ranked = sorted(heuristic.scores(observation, legal_moves), key=lambda pair: -pair[0])
        shortlist = [move for _, move in ranked[: self.candidates]]
        if len(shortlist) == 1:
            return shortlist[0]
        seat = viewer_seat(observation)
        sampler = Determinizer(observation)
        beliefs = heuristic.beliefs(observation).role_probabilities()
        advantage = {move: [0.0, 0.0] for move in shortlist}
        deadline = None if self.seconds is None else started + self.seconds
        count = 0
        searching = time.perf_counter()
        while (self.iterations is None or count < self.iterations) and (
            deadline is None
            or (now := time.perf_counter()) + (now - searching) / max(count, 1) < deadline
        ):
            sample = self._draw(sampler, beliefs, seat)
            playout_seed = self._rng.getrandbits(32)
            rewards: dict[Move, float] = {}
            native = (
                native_saboteur2_round_gold(sample, shortlist, seat, playout_seed)
                if self.native
                else None
            )
            if native is not None:
                rewards = dict(zip(shortlist, native, strict=True))
            for move in shortlist if native is None else ():
                # The core's generator from the same seed: the same playouts as the core's.
                reward = round_gold(sample.copy(), move, seat, SplitMix(playout_seed), deadline)
                if reward is None:
                    break  # out of time: an unfinished iteration is not counted
                rewards[move] = reward
            if len(rewards) < len(shortlist):
                break
            for move in shortlist:
                difference = rewards[move] - rewards[shortlist[0]]
                advantage[move][0] += difference
                advantage[move][1] += difference * difference
            count += 1
        self.last_iterations = count
        return clear_winner(shortlist, advantage, count, CLEAR_MARGIN)

    def _draw(self, sampler: Determinizer, beliefs: list[dict[str, float]], seat: int) -> Game:
        samples = [sampler.sample(self._rng) for _ in range(RESAMPLE)]
        weights = []
        for sample in samples:
            weight = 1.0
            for other, role in enumerate(sample.roles):
                if other != seat:
                    weight *= beliefs[other].get(role, 0.0) / _PRIOR[role]
            weights.append(weight)
        if not sum(weights):
            return samples[0]
        return self._rng.choices(samples, weights)[0]


def round_gold(
    game: Game, move: Move, seat: int, rng: Draws, deadline: float | None = None
) -> float | None:
    """Play ``move``, then the playout policy to the round's end: the seat's pay
    (None if the deadline passed first)."""
    number = game.round_number
    game.play(move)
    moves = 0
    while not game.is_over and game.round_number == number and moves < MOVE_CAP:
        if deadline is not None and moves % 16 == 0 and time.perf_counter() > deadline:
            return None
        game.play(playout_move(game, rng))
        moves += 1
    log = game.rounds[number - 1]
    if log.result is None:
        return 0.0
    return float(log.result.gold[seat])


def _target(game: Game, seat: int) -> tuple[int, int]:
    """The goal a seat digs towards: the gold if it knows it, else the middle or nearest open."""
    maps = game.maps[seat]
    revealed = game.maze.revealed
    for index, card in maps.items():
        if card == "gold" and not revealed[index]:
            return GOAL_CELLS[index]
    for index in (1, 0, 2):
        if not revealed[index] and maps.get(index, "gold") == "gold":
            return GOAL_CELLS[index]
    return GOAL_CELLS[1]


def _reach(move: Move, goal: tuple[int, int]) -> int:
    """How near the open ends of a placed card come to ``goal`` (Manhattan)."""
    part = FACES[parse_shape(move.card)]
    assert part is not None
    best = 99
    for tunnel in part.tunnels:
        for side, name in SIDE_NAMES.items():
            if tunnel & side:
                dx, dy = _STEPS[name]
                best = min(best, abs(move.x + dx - goal[0]) + abs(move.y + dy - goal[1]))
    return best


def playout_move(game: Game, rng: Draws) -> Move:
    """One move for the seat to move, by cheap rules of thumb on the sampled game."""
    moves = game.legal_moves()
    if len(moves) == 1:
        return moves[0]
    if moves[0].kind == STEAL:
        pieces = game.gold_pieces
        return max(moves, key=lambda move: pieces[move.target])
    seat = game.to_move
    assert seat is not None
    role = game.roles[seat]
    by_kind: dict[str, list[Move]] = {}
    for move in moves:
        by_kind.setdefault(move.kind, []).append(move)
    own = [move for move in by_kind.get(FREE_AT_LAST, []) if move.target == seat]
    if own:
        return own[0]
    if THEFT in by_kind and rng.random() < 0.8:
        return by_kind[THEFT][0]
    mend = [move for move in by_kind.get(FIX, []) if move.target == seat]
    if mend and role != GEOLOGIST:
        return mend[0]
    goal = _target(game, seat)
    places = by_kind.get(PLACE, [])
    if role in (GREEN, BLUE, BOSS) and places:
        colour = role if role in (GREEN, BLUE) else None  # the boss's routes pass any door

        def dig(move: Move) -> tuple[int, float]:
            face = parse_shape(move.card)
            part = FACES[face]
            assert part is not None
            bad = not part.tunnels or door_closes(face, colour)
            return (_reach(move, goal) + (20 if bad else 0), rng.random())

        best = min(places, key=dig)
        if dig(best)[0] < 20 and rng.random() < 0.9:
            return best
    elif role == SABOTEUR:
        blockers = [move for move in places if not _parts(move).tunnels]
        if blockers and rng.random() < 0.8:
            return min(
                blockers, key=lambda m: abs(m.x - goal[0]) + abs(m.y - goal[1]) + rng.random()
            )
        breaks = [move for move in by_kind.get(BREAK, []) if move.target != seat]
        if breaks and rng.random() < 0.7:
            return _pick(breaks, rng)
        falls = by_kind.get(ROCKFALL, [])
        if falls and rng.random() < 0.5:
            return min(falls, key=lambda m: abs(m.x - goal[0]) + abs(m.y - goal[1]))
    elif role == GEOLOGIST:
        crystals = [move for move in places if _parts(move).crystal]
        if crystals:
            return _pick(crystals, rng)
    discards = [move for move in by_kind.get(DISCARD, []) if not move.also]
    if discards and rng.random() < 0.85:
        return _pick(discards, rng)
    if PASS in by_kind:
        return by_kind[PASS][0]
    return _pick(moves, rng)


def _parts(move: Move) -> Face:
    part = FACES[parse_shape(move.card)]
    assert part is not None
    return part
