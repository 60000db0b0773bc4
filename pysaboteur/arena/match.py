"""Play one scheduled game with bots and describe each of its rounds.

This is what runs inside a worker process or a Ray task: it takes a
:class:`~.schedule.Unit` and returns plain data (JSON-ready), so that any
runner can ship it back.  Everything in it is decided by the unit, so the same
unit gives the same game wherever and whenever it is played; only the measured
decision times differ.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..bots import Bot, make_bot
from ..rules import (
    PLAY,
    Game,
    IllegalMove,
    Move,
    Observation,
    game_to_record,
    seat_observation,
)
from ..rules.duel_faces import COLOURS
from ..rules.duel_results import DuelRoundResult
from ..rules.results import GoldPiecesResult
from .schedule import BASE, Unit, bot_seed


class ArenaError(RuntimeError):
    """A run that cannot go on: a bot broke a rule, a setting is wrong."""


@dataclass
class GameOutcome:
    """A played game: its record, and one results line per round."""

    unit: Unit
    record: dict[str, Any]
    rounds: list[dict[str, Any]]


def play_unit(unit: Unit) -> GameOutcome:
    """Play the whole game (three rounds) of ``unit``."""
    game = Game.new(unit.players, unit.options, unit.seed, edition=unit.edition, deck=unit.deck)
    lines = []
    while not game.is_over:
        lines.append(_play_round(game, unit))
    final = lines[-1]
    # Saboteur 2 pays gold pieces, not nuggets: the name says which a line counts.
    total = "nuggets" if unit.edition == BASE else "gold_pieces"
    final["game"] = {total: game.nuggets, "winners": game.winners}
    return GameOutcome(unit, game_to_record(game), lines)


def _play_round(game: Game, unit: Unit) -> dict[str, Any]:
    number = game.round_number
    specs = unit.cell.seat_bots(game.roles)
    # Fresh bots each round: a bot may remember within a round, never across deals.
    bots = [make_bot(spec, bot_seed(unit.seed, number, seat)) for seat, spec in enumerate(specs)]
    # A bot's beliefs are read from the last observation it had while the round was
    # still being played: gold picks (only miners take) would give the roles away.
    last_seen: list[Observation | None] = [None] * game.players
    clocks = {spec: DecisionClock() for spec in specs}
    moves = 0
    try:
        while game.round_number == number and not game.is_over:
            seat = game.to_move
            assert seat is not None  # a round in play always has a seat to move
            observation = seat_observation(game, seat)
            if game.phase == PLAY:
                last_seen[seat] = observation
            legal = game.legal_moves()
            move = clocks[specs[seat]].time(bots[seat], observation, legal)
            try:
                game.play(move)
            except IllegalMove as error:
                raise ArenaError(
                    f"bot {specs[seat]} in seat {seat} (game seed {unit.seed}, {unit.players} "
                    f"players, {unit.cell.label}, round {number}) chose an illegal move {error}"
                ) from None
            moves += 1
        beliefs = [
            _beliefs(bot, observation, game.players)
            for bot, observation in zip(bots, last_seen, strict=True)
        ]
    finally:
        _close(bots)
    log = game.rounds[number - 1]
    assert log.result is not None  # the loop ends when the round does
    timing = {spec: clock.to_dict() for spec, clock in clocks.items()}
    if isinstance(log.result, DuelRoundResult):
        return _duel_line(unit, number, specs, log.result, moves, timing)
    if isinstance(log.result, GoldPiecesResult):
        assert log.final is not None  # set with the result
        return _gold_pieces_line(unit, number, specs, log.deal.roles, log.final.roles,
                                 log.result, moves, timing, beliefs)  # fmt: skip
    return {
        "game_seed": unit.seed,
        "players": unit.players,
        "options": unit.options.to_dict(),
        "mode": unit.cell.mode,
        "cell": unit.cell.to_dict(),
        "round": number,
        "seats": [
            {"bot": spec, "role": role} for spec, role in zip(specs, log.deal.roles, strict=True)
        ],
        "winner": log.result.winner,
        "gold": list(log.result.gold),
        "finder": log.result.finder,
        "moves": moves,
        "decision_time": timing,
        "saboteur_probabilities": beliefs,
    }


def _gold_pieces_line(
    unit: Unit,
    number: int,
    specs: list[str],
    dealt: list[str],
    final: list[str],
    result: GoldPiecesResult,
    moves: int,
    timing: dict[str, dict[str, Any]],
    beliefs: list[list[float] | None],
) -> dict[str, Any]:
    """A Saboteur 2 round: every seat is scored alone, by its gold pieces and whether
    it won; ``swap-hats`` may have changed its role, so both roles are kept."""
    winners = set(result.winners)
    return {
        "game_seed": unit.seed,
        "players": unit.players,
        "edition": unit.edition,
        "options": unit.options.to_dict(),
        "mode": unit.cell.mode,
        "cell": unit.cell.to_dict(),
        "round": number,
        "seats": [
            {"bot": spec, "role": role, "final_role": last, "gold": gold, "won": seat in winners}
            for seat, (spec, role, last, gold) in enumerate(
                zip(specs, dealt, final, result.gold, strict=True)
            )
        ],
        "winner": result.winner,
        "gold_reached": result.gold_reached,
        "open_to": list(result.open_to),
        "winners": list(result.winners),
        "gold": list(result.gold),
        "thefts": [list(theft) for theft in result.thefts],
        "finder": result.finder,
        "moves": moves,
        "decision_time": timing,
        "saboteur_probabilities": beliefs,
    }


def _duel_line(
    unit: Unit,
    number: int,
    specs: list[str],
    result: DuelRoundResult,
    moves: int,
    timing: dict[str, dict[str, Any]],
) -> dict[str, Any]:
    """A Duel round, in the shape of a Saboteur 2 line (every seat scored alone, so
    the same report reads it): a seat's gold is its round's nuggets (trolls paid),
    and it won when it has more than the other; a tie is won by nobody."""
    nuggets = result.nuggets
    won = [nuggets[seat] > nuggets[1 - seat] for seat in (0, 1)]
    return {
        "game_seed": unit.seed,
        "players": 2,
        "edition": unit.edition,
        "options": unit.options.to_dict(),
        "mode": unit.cell.mode,
        "cell": unit.cell.to_dict(),
        "round": number,
        "seats": [
            {"bot": spec, "role": colour, "final_role": colour, "gold": gold, "won": win}
            for spec, colour, gold, win in zip(specs, COLOURS, nuggets, won, strict=True)
        ],
        "winner": result.end,
        "end": result.end,
        "winners": [seat for seat in (0, 1) if won[seat]],
        "gold": list(nuggets),
        "claimed": list(result.gold),
        "paid": list(result.paid),
        "bribes": [len(cells) for cells in result.bribes],
        "moves": moves,
        "decision_time": timing,
        "saboteur_probabilities": [None, None],
    }


def _close(bots: list[Bot]) -> None:
    """Let bots that hold something (a program, a connection) let go of it."""
    for bot in bots:
        close = getattr(bot, "close", None)
        if callable(close):
            close()


class DecisionClock:
    """One bot spec's decisions in a round: wall time, CPU time and iterations of each.

    CPU time is this thread's (``time.thread_time``: other processes sharing the
    machine do not inflate it, unlike wall time) plus what the bot says it spent
    elsewhere (``last_cpu_seconds``, e.g. a program of the subprocess protocol).
    Iterations are the bot's ``last_iterations`` after each decision, if it says.
    """

    def __init__(self) -> None:
        self.wall: list[float] = []
        self.cpu: list[float] = []
        self.iterations: list[int | None] = []

    def time(self, bot: Bot, observation: Observation, legal: Sequence[Move]) -> Move:
        wall, cpu = time.perf_counter(), time.thread_time()
        move = bot.choose(observation, legal)
        cpu = time.thread_time() - cpu
        wall = time.perf_counter() - wall
        elsewhere = getattr(bot, "last_cpu_seconds", None)
        self.wall.append(wall)
        self.cpu.append(cpu + (elsewhere if isinstance(elsewhere, int | float) else 0.0))
        done = getattr(bot, "last_iterations", None)
        self.iterations.append(done if isinstance(done, int) else None)
        return move

    def to_dict(self) -> dict[str, Any]:
        """``seconds`` and ``decisions`` as before (summed), and one entry per decision."""
        known = [n for n in self.iterations if n is not None]
        return {
            "seconds": round(sum(self.wall), 6),
            "cpu_seconds": round(sum(self.cpu), 6),
            "decisions": len(self.wall),
            "iterations": sum(known) if known else None,
            "per_decision": {
                "wall": [round(value, 6) for value in self.wall],
                "cpu": [round(value, 6) for value in self.cpu],
                "iterations": self.iterations,
            },
        }


def _beliefs(bot: Bot, observation: Observation | None, players: int) -> list[float] | None:
    """The bot's probability that each seat is a saboteur, if it says."""
    believe = getattr(bot, "saboteur_probabilities", None)
    if believe is None or observation is None:
        return None
    probabilities = [float(p) for p in believe(observation)]
    if len(probabilities) != players:
        raise ArenaError(
            f"bot {bot.name} gave {len(probabilities)} saboteur probabilities for {players} seats"
        )
    return [round(p, 6) for p in probabilities]
