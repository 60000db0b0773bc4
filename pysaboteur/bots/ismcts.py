"""The ``ismcts`` bot: information-set Monte Carlo tree search.

Each iteration samples a complete game consistent with what the seat knows
(:mod:`pysaboteur.rules.determinize`), the other seats' roles drawn from the
bot's beliefs.  In that sample every candidate move at the root is played,
each followed by a walk down its own tree of replies: at every node the seat
to move picks by UCB among the moves legal in *this* sample (counting how
often each was available, as single-observer ISMCTS does); a new node is
added, the fast playout policy plays on for a table round, and the position
is judged by the value model (:mod:`.value`), or by the round's result if it
ended.  Each node scores for the team of the seat that moved there, so every
seat in the tree plays for its own side.

The root considers only the heuristic bot's best few moves, and all of them
on the same samples: search spends its time telling good moves apart, and the
paired comparison cancels most of the luck of the draw.  The heuristic's first
choice stands unless another candidate does clearly better on the samples
(by ``CLEAR_MARGIN`` and two standard errors).

Settings (``ismcts:iterations=100``, ``ismcts:seconds=0.5``): ``iterations``
(samples per move, each trying every candidate; deterministic for a seed; 100
by default) or ``seconds`` per move (also spelt ``time``); ``saboteur_iterations``
the samples for a decision the seat makes as a saboteur, where it differs
(a saboteur's few moves decide more of the round than a miner's); ``evidence``
the beliefs' weight of the moves (as ``heuristic:evidence``); ``candidates``
at the root (default 6); ``horizon`` playout moves before the value model
judges (default: one round of the table); ``exploration`` the UCB constant.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from typing import Any, Final

from ..native.playout import (
    core_round_of,
    in_play,
    miners_share_of_round,
    native_miners_share,
    native_play_out,
    play_out_round,
)
from ..rules.cards import MINER, SABOTEUR
from ..rules.codes import Codec, codec_of
from ..rules.determinize import Determinizer
from ..rules.game import MINERS, OVER, PLAY, Game
from ..rules.moves import TAKE, Move
from ..rules.native_engine import LegalMoves
from ..rules.observation import Observation, viewer_seat
from .base import register
from .beliefs import RoleBeliefs
from .claims import Claim
from .heuristic import HeuristicBot
from .ismcts_saboteur2 import Saboteur2Search
from .paired_choice import clear_winner
from .rollout import play_on
from .value import miners_win_chance

DEFAULT_ITERATIONS = 100
#: Where the playouts run: in the core (to the round's end) where it plays the game,
#: or always in Python (the value model judging after ``horizon`` moves).
NATIVE_PLAYOUT: Final = "native"
PYTHON_PLAYOUT: Final = "python"
#: How much better than the heuristic's first choice another move must do on
#: the samples (in chance of winning the round) before the search prefers it.
CLEAR_MARGIN = 0.02


class Node:
    __slots__ = ("available", "children", "reward", "seat", "visits")

    def __init__(self, seat: int) -> None:
        self.seat = seat  # the seat whose move led here
        self.visits = 0
        self.available = 0
        self.reward = 0.0
        #: By the move's code where the core lists the moves (no ``Move`` is built), else by move.
        self.children: dict[Move | int, Node] = {}


class IsmctsBot:
    """Tries the heuristic's best moves on many sampled games; plays the clearly best one."""

    name = "ismcts"

    def __init__(
        self,
        seed: int | None = None,
        *,
        iterations: int | None = None,
        seconds: float | None = None,
        candidates: int = 6,
        horizon: int | None = None,
        exploration: float = 0.7,
        playout: str = NATIVE_PLAYOUT,
        playouts: int = 1,
        saboteur_iterations: int | None = None,
        evidence: float = 1.0,
    ) -> None:
        if playout not in (NATIVE_PLAYOUT, PYTHON_PLAYOUT):
            raise ValueError(f"ismcts playout must be {NATIVE_PLAYOUT} or {PYTHON_PLAYOUT}")
        # Saboteur 2's search plays rounds out, which costs more: its own default.
        self._saboteur2_iterations = iterations
        if iterations is None and seconds is None:
            iterations = DEFAULT_ITERATIONS
        self._rng = random.Random(seed)
        self.iterations = iterations
        self.saboteur_iterations = saboteur_iterations
        self.seconds = seconds
        self.candidates = candidates
        self.horizon = horizon
        self.exploration = exploration
        self.playout = playout
        self.playouts = playouts
        #: The beliefs' evidence weight (``RoleBeliefs``): the heuristic that ranks the
        #: candidates judges by them, and the samples draw the roles from them.
        self.evidence = evidence
        self._heuristic = HeuristicBot(seed, evidence=evidence)
        self._saboteur2: Saboteur2Search | None = None
        #: Sampled games the last decision was tried on (0: no search was needed), for
        #: the arena's record of each decision.
        self.last_iterations: int | None = None
        #: Each candidate's mean advantage over the heuristic's first choice in the last
        #: decision that searched (its chance of winning the round, per sample).
        self.last_advantage: dict[Move, float] = {}
        #: Walk the trees and play out in the core where it can (False: through games of
        #: the rules, the reference the core's walk is held to).
        self.walk_in_core = True

    def hear(self, claims: Sequence[Claim]) -> None:
        """Table talk's claims reach the heuristic, whose beliefs draw the samples."""
        self._heuristic.hear(claims)

    def beliefs(self, observation: Observation) -> RoleBeliefs:
        return self._heuristic.beliefs(observation)

    def saboteur_probabilities(self, observation: Observation) -> list[float]:
        return self._heuristic.saboteur_probabilities(observation)

    def choose(self, observation: Observation, legal_moves: Sequence[Move]) -> Move:
        sab2 = self._heuristic.saboteur2(observation)
        if sab2 is not None:
            if self._saboteur2 is None:
                self._saboteur2 = Saboteur2Search(
                    sab2, random.Random(self._rng.getrandbits(64)),
                    iterations=self._saboteur2_iterations, seconds=self.seconds,
                    candidates=self.candidates, native=self.playout != PYTHON_PLAYOUT,
                )  # fmt: skip
            chosen = self._saboteur2.choose(observation, legal_moves)
            self.last_iterations = self._saboteur2.last_iterations
            return chosen
        started = time.perf_counter()
        self.last_iterations = 0
        if len(legal_moves) == 1:
            return legal_moves[0]
        if legal_moves[0].kind == TAKE:
            return max(legal_moves, key=lambda move: move.value)
        ranked = sorted(self._heuristic.scores(observation, legal_moves), key=lambda pair: -pair[0])
        shortlist = [move for _, move in ranked[: self.candidates]]
        if len(shortlist) == 1:
            return shortlist[0]
        sampler = Determinizer(observation, self.beliefs(observation).assignment_weights())
        seat = viewer_seat(observation)
        roots = {move: Node(seat) for move in shortlist}
        # Paired comparison: every candidate is tried on the same samples, and
        # judged by how much better it does than the heuristic's first choice.
        advantage = {move: [0.0, 0.0] for move in shortlist}  # sum, sum of squares
        horizon = self.horizon if self.horizon is not None else observation["players"]
        # The budget covers the whole decision: no iteration starts that the
        # average one so far says would end after it.
        deadline = None if self.seconds is None else started + self.seconds
        count = 0
        iterations = self._iterations_for(observation)
        searching = time.perf_counter()
        codes: dict[Move, int] | None = None
        while (iterations is None or count < iterations) and (
            deadline is None
            or (now := time.perf_counter()) + (now - searching) / max(count, 1) < deadline
        ):
            sample = sampler.sample(self._rng)
            playout_seed = self._rng.getrandbits(32)
            start = self._core_start(sample)
            if start is None:
                rewards = {
                    move: self._iterate(
                        roots[move], sample.copy(), move, horizon, random.Random(playout_seed)
                    )
                    for move in shortlist
                }
            else:
                if codes is None:
                    codes = _codes_of(shortlist, codec_of(sample.edition))
                roles = sample.roles
                rewards = {
                    move: self._iterate_in_core(
                        roots[move], start, codes[move], roles, random.Random(playout_seed)
                    )
                    for move in shortlist
                }
            for move in shortlist:
                difference = rewards[move] - rewards[shortlist[0]]
                advantage[move][0] += difference
                advantage[move][1] += difference * difference
            count += 1
        self.last_iterations = count
        self.last_advantage = {
            move: total / max(count, 1) for move, (total, _) in advantage.items()
        }
        return clear_winner(shortlist, advantage, count, CLEAR_MARGIN)

    def _iterations_for(self, observation: Observation) -> int | None:
        """The samples this decision gets: a saboteur's own number where one is set."""
        if self.saboteur_iterations is not None and observation["role"] == SABOTEUR:
            return self.saboteur_iterations
        return self.iterations

    def _iterate(
        self, node: Node, game: Game, move: Move, horizon: int, rng: random.Random
    ) -> float:
        """Play ``move`` and walk its subtree in one sample; the mover's reward."""
        number = game.round_number
        roles = list(game.roles)
        mover = game.to_move
        assert mover is not None
        game.play(move)

        def listing() -> tuple[int, Sequence[Move | int]] | None:
            if game.phase != PLAY or game.round_number != number:
                return None
            seat = game.to_move
            assert seat is not None
            return seat, _tree_keys(game.legal_moves())

        path = self._walk(node, rng, listing, game.play)
        if game.round_number == number and game.phase != OVER:
            miners_chance = self._judge(game, horizon, rng)
        else:  # the round ended on the walk (its last card): its result, not the next round's
            result = game.rounds[number - 1].result
            assert result is not None
            miners_chance = 1.0 if result.winner == MINERS else 0.0
        return _back_up(path, roles, mover, miners_chance)

    def _core_start(self, sample: Game) -> Any | None:
        """The core's round of the sample, where the search walks its trees and plays
        out in the core (the core plays the game, the playouts go to the round's end)."""
        if self.horizon is not None or self.playout == PYTHON_PLAYOUT or not self.walk_in_core:
            return None
        return core_round_of(sample)

    def _iterate_in_core(
        self, node: Node, start: Any, code: int, roles: Sequence[str], rng: random.Random
    ) -> float:
        """:meth:`_iterate` on a copy of the sample's round in the core: the same moves
        in the same order, the same draws, no game of the rules made or copied."""
        round_ = start.copy()
        mover = round_.to_move
        round_.advance(code)

        def listing() -> tuple[int, Sequence[Move | int]] | None:
            if not in_play(round_):
                return None
            seat, listed = round_.listing()
            return seat, listed.tolist()

        path = self._walk(node, rng, listing, round_.advance)
        seed = rng.getrandbits(64)
        if self.playouts == 1:
            miners_chance = 1.0 if play_out_round(round_, seed).winner == MINERS else 0.0
        else:
            miners_chance = miners_share_of_round(round_, seed, self.playouts)
        return _back_up(path, roles, mover, miners_chance)

    def _walk(
        self,
        node: Node,
        rng: random.Random,
        listing: Callable[[], tuple[int, Sequence[Move | int]] | None],
        play: Callable[[Any], object],
    ) -> list[Node]:
        """Down the tree from ``node`` (its move just played): by UCB among the moves
        ``listing`` gives the seat to move, until a new node is added or the play ends
        (``listing`` gives None); the nodes passed, ``node`` first."""
        path = [node]
        while (listed := listing()) is not None:
            seat, moves = listed
            for other in moves:
                if other in node.children:
                    node.children[other].available += 1
            untried = [other for other in moves if other not in node.children]
            if untried:
                chosen = rng.choice(untried)
                child = node.children[chosen] = Node(seat)
                child.available = 1
                play(chosen)
                path.append(child)
                break
            chosen, node = self._select(node, moves)
            play(chosen)
            path.append(node)
        return path

    def _judge(self, game: Game, horizon: int, rng: random.Random) -> float:
        """The chance that the miners win the round: the share of the core's playouts
        to the round's end that they win, or (without the core, or with a ``horizon``
        given) the value model after ``horizon`` fast moves played in Python."""
        if self.horizon is None and self.playout != PYTHON_PLAYOUT:
            seed = rng.getrandbits(64)
            if self.playouts == 1:
                played = native_play_out(game, seed)
                if played is not None:
                    return 1.0 if played.winner == MINERS else 0.0
            else:
                share = native_miners_share(game, seed, self.playouts)
                if share is not None:
                    return share
        winner = play_on(game, rng, horizon)
        if winner is None:
            return miners_win_chance(game)
        return 1.0 if winner == MINERS else 0.0

    def _select(self, node: Node, moves: Sequence[Move | int]) -> tuple[Move | int, Node]:
        best_value = -1.0
        best: tuple[Move | int, Node] | None = None
        for move in moves:
            child = node.children[move]
            value = child.reward / child.visits + self.exploration * math.sqrt(
                math.log(child.available) / child.visits
            )
            if value > best_value:
                best_value = value
                best = (move, child)
        assert best is not None
        return best


def _back_up(path: list[Node], roles: Sequence[str], mover: int, miners_chance: float) -> float:
    """Score the walk's nodes, each for the team of the seat that moved there; the
    mover's reward."""
    for visited in path:
        visited.visits += 1
        visited.reward += miners_chance if roles[visited.seat] == MINER else 1 - miners_chance
    return miners_chance if roles[mover] == MINER else 1 - miners_chance


def _codes_of(moves: Sequence[Move], codec: Codec) -> dict[Move, int]:
    """Each move's code, for the core's walk."""
    codes = {}
    for move in moves:
        code = codec.encode(move)
        assert code is not None, "every legal move has a code"
        codes[move] = code
    return codes


def _tree_keys(moves: Sequence[Move]) -> Sequence[Move | int]:
    """The moves as the tree knows them: their codes where the core listed them, which
    ``Game.play`` takes as they are."""
    return moves.codes.tolist() if isinstance(moves, LegalMoves) else moves


_SETTINGS = {
    "iterations": int,
    "seconds": float,
    "time": float,  # another name for seconds
    "candidates": int,
    "horizon": int,
    "exploration": float,
    "playout": str,
    "playouts": int,
    "saboteur_iterations": int,
    "evidence": float,
}


def _make(settings: dict[str, str], seed: int | None) -> IsmctsBot:
    unknown = set(settings) - set(_SETTINGS)
    if unknown:
        raise ValueError(
            f"unknown ismcts setting(s) {', '.join(sorted(unknown))}; known: {', '.join(_SETTINGS)}"
        )
    values: dict[str, Any] = {}
    for key, text in settings.items():
        try:
            values[key] = _SETTINGS[key](text)
        except ValueError:
            raise ValueError(f"ismcts setting {key} must be a number, not {text!r}") from None
        if key == "playout":
            continue
        if (values[key] <= 0 and key != "horizon") or values[key] < 0:
            raise ValueError(f"ismcts setting {key} must be positive")
    if "time" in values:
        if "seconds" in values:
            raise ValueError("ismcts settings time and seconds are the same: give one")
        values["seconds"] = values.pop("time")
    return IsmctsBot(seed, **values)


register("ismcts", _make)
