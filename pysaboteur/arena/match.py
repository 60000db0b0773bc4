"""Play one scheduled game with bots and describe each of its rounds.

This is what runs inside a worker process or a Ray task: it takes a
:class:`~.schedule.Unit` and returns plain data (JSON-ready), so that any
runner can ship it back.  Everything in it is decided by the unit, so the same
unit gives the same game wherever and whenever it is played; only the measured
decision times differ.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from ..bots import Bot, make_bot
from ..rules import PLAY, Game, IllegalMove, Observation, game_to_record, seat_observation
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
    game = Game.new(unit.players, unit.options, unit.seed, edition=unit.edition)
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
    seconds = dict.fromkeys(specs, 0.0)
    decisions = dict.fromkeys(specs, 0)
    moves = 0
    while game.round_number == number and not game.is_over:
        seat = game.to_move
        assert seat is not None  # a round in play always has a seat to move
        observation = seat_observation(game, seat)
        if game.phase == PLAY:
            last_seen[seat] = observation
        legal = game.legal_moves()
        started = time.perf_counter()
        move = bots[seat].choose(observation, legal)
        seconds[specs[seat]] += time.perf_counter() - started
        decisions[specs[seat]] += 1
        try:
            game.play(move)
        except IllegalMove as error:
            raise ArenaError(
                f"bot {specs[seat]} in seat {seat} (game seed {unit.seed}, {unit.players} "
                f"players, {unit.cell.label}, round {number}) chose an illegal move {error}"
            ) from None
        moves += 1
    log = game.rounds[number - 1]
    assert log.result is not None  # the loop ends when the round does
    timing = {
        spec: {"seconds": round(seconds[spec], 6), "decisions": decisions[spec]} for spec in seconds
    }
    beliefs = [
        _beliefs(bot, observation, game.players)
        for bot, observation in zip(bots, last_seen, strict=True)
    ]
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
    timing: dict[str, dict[str, float | int]],
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
