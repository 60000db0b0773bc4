"""Play base-game rounds as the arena's teams mode does and record what hiding needs.

A round is traced move by move: who moved, what kind of move, how it changed the
way to each goal, and after each move of the play the miners' mean belief that
each seat is a saboteur.  The beliefs are a reference model's (by default
today's :class:`~.beliefs.RoleBeliefs`), fed from each miner seat's own
observations, so that any pair of bots is judged by the same eyes.  The deals
and the bots' seeds are the arena's (``game seed = seed + k``,
:func:`~pysaboteur.arena.schedule.bot_seed`), so figures are paired with arena
runs of the same seeds.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Protocol

from ..bots.base import make_bot
from ..bots.beliefs import RoleBeliefs
from ..bots.maze_view import goal_distances, public_gold_chances
from ..rules import PLAY, Game, seat_observation
from ..rules.cards import DEAD_END, SABOTEUR, START_CELL, parse_shape
from ..rules.moves import BREAK, FIX, PLACE, ROCKFALL, Move
from ..rules.observation import Observation
from .schedule import bot_seed


class Believer(Protocol):
    """A seat's beliefs over roles, as the measurement reads them."""

    def update(self, observation: Observation) -> None: ...

    def saboteur_probabilities(self) -> list[float]: ...


BeliefFactory = Callable[[int, int], Believer]


@dataclass
class TracedMove:
    """One move of a round's play, with what the table could make of it."""

    seat: int
    kind: str
    target: int
    dead_end: bool
    near_start: bool  # a card laid within two steps of the start
    before: list[int]  # cards still needed to reach each goal before the move
    after: list[int]
    public_gain: float  # cards it saved the way to where the gold may be, as all could see
    breaker_gold: int | None  # a break: the goal the breaker has mapped as gold, if any
    suspicion: list[float]  # the miners' mean belief in each seat, after the move
    #: each miner's own belief in each seat, after the move (what a bot acts on)
    by_miner: dict[int, list[float]] = field(default_factory=dict)


@dataclass
class RoundTrace:
    game_seed: int
    round: int
    roles: list[str]
    winner: str
    moves: list[TracedMove] = field(default_factory=list)

    @property
    def saboteurs(self) -> list[int]:
        return [seat for seat, role in enumerate(self.roles) if role == SABOTEUR]


def play_traced_game(
    seed: int,
    miners: str,
    saboteurs: str,
    players: int = 5,
    believer: BeliefFactory = RoleBeliefs,
) -> list[RoundTrace]:
    """The three rounds of the game dealt from ``seed``, miners and saboteurs by spec."""
    game = Game.new(players, seed=seed)
    traces = []
    while not game.is_over:
        traces.append(_play_round(game, seed, miners, saboteurs, believer))
    return traces


def _play_round(
    game: Game, seed: int, miners: str, saboteurs: str, believer: BeliefFactory
) -> RoundTrace:
    number = game.round_number
    roles = list(game.roles)
    specs = [saboteurs if role == SABOTEUR else miners for role in roles]
    bots = [make_bot(spec, bot_seed(seed, number, seat)) for seat, spec in enumerate(specs)]
    watchers = {seat: believer(seat, game.players) for seat, r in enumerate(roles) if r != SABOTEUR}
    trace = RoundTrace(seed, number, roles, "")
    while game.round_number == number and not game.is_over:
        seat = game.to_move
        assert seat is not None
        move = bots[seat].choose(seat_observation(game, seat), game.legal_moves())
        in_play = game.phase == PLAY
        before = goal_distances(game.maze)
        chances = public_gold_chances(game.maze)
        gold = _mapped_gold(game, seat) if move.kind == BREAK else None
        game.play(move)
        if not in_play or game.round_number != number or game.is_over:
            if in_play:  # the move that ended the round: the maze as it was left
                trace.moves.append(_traced(move, before, before, chances, gold, trace))
            continue
        after = goal_distances(game.maze)
        traced = _traced(move, before, after, chances, gold, trace)
        if game.phase == PLAY:
            traced.by_miner = _beliefs(game, watchers)
            traced.suspicion = _mean_suspicion(game.players, traced.by_miner)
        trace.moves.append(traced)
    result = game.rounds[number - 1].result
    assert result is not None
    trace.winner = result.winner
    return trace


def _traced(
    move: Move,
    before: list[int],
    after: list[int],
    chances: list[float],
    gold: int | None,
    trace: RoundTrace,
) -> TracedMove:
    placed = move.kind == PLACE
    dead_end = placed and bool(parse_shape(move.card) & DEAD_END)
    near = placed and abs(move.x - START_CELL[0]) + abs(move.y - START_CELL[1]) <= 2
    gain = 0.0
    if move.kind in (PLACE, ROCKFALL):
        gain = sum(c * (b - a) for c, b, a in zip(chances, before, after, strict=True))
    # The round's last move keeps the suspicion as it stood before it.
    last = trace.moves[-1].suspicion if trace.moves else [0.0] * len(trace.roles)
    target = move.target if move.kind in (BREAK, FIX) else -1
    return TracedMove(
        move.seat, move.kind, target, dead_end, near, before, after, gain, gold, list(last)
    )


def _mapped_gold(game: Game, seat: int) -> int | None:
    for goal, card in game.maps[seat].items():
        if card == "gold":
            return goal
    return None


def _beliefs(game: Game, watchers: dict[int, Believer]) -> dict[int, list[float]]:
    """Each miner's saboteur probability of every seat, as of now."""
    beliefs: dict[int, list[float]] = {}
    for seat, watcher in watchers.items():
        watcher.update(seat_observation(game, seat))
        beliefs[seat] = watcher.saboteur_probabilities()
    return beliefs


def _mean_suspicion(players: int, beliefs: dict[int, list[float]]) -> list[float]:
    """Each seat's mean saboteur probability among the miners other than itself."""
    means = []
    for suspect in range(players):
        seen = [chances[suspect] for seat, chances in beliefs.items() if seat != suspect]
        means.append(sum(seen) / len(seen) if seen else 0.0)
    return means
