"""The search's walk in the core decides exactly as its walk through games of the rules.

``IsmctsBot.walk_in_core`` (the default where the core plays) plays every candidate,
walks its tree and plays out on a copy of the sample's round in the core; with it
off, the same walk goes through copies of the sampled game.  Same seeds, same draws:
every decision and every candidate's mean advantage must be the same, at every point
of a round, its last cards (where a move ends the round) included.
"""

from __future__ import annotations

import pytest

from pysaboteur.bots import make_bot
from pysaboteur.bots.ismcts import IsmctsBot
from pysaboteur.native import core
from pysaboteur.rules import Game, Move, Observation, seat_observation

pytestmark = pytest.mark.skipif(core is None, reason="the native core is not built")


def positions(seed: int) -> list[tuple[Observation, list[Move]]]:
    """Every 3rd position of a 5-player game of heuristic play, and each of a round's
    last 6."""
    game = Game.new(players=5, seed=seed)
    player = make_bot("heuristic", seed=seed)
    by_round: dict[int, list[tuple[Observation, list[Move]]]] = {}
    while not game.is_over:
        seat = game.to_move
        assert seat is not None
        observation, legal = seat_observation(game, seat), list(game.legal_moves())
        by_round.setdefault(game.round_number, []).append((observation, legal))
        game.play(player.choose(observation, legal))
    chosen = []
    for seen in by_round.values():
        chosen += [
            seen[index] for index in range(len(seen)) if index % 3 == 0 or index >= len(seen) - 6
        ]
    return chosen


def decide(
    walk_in_core: bool, observation: Observation, legal: list[Move]
) -> tuple[Move, dict[Move, float], int | None]:
    bot = make_bot("ismcts:iterations=12", seed=7)
    assert isinstance(bot, IsmctsBot)
    bot.walk_in_core = walk_in_core
    move = bot.choose(observation, legal)
    return move, bot.last_advantage, bot.last_iterations


# Game seed 7 has a walk that ends its round with the last card (judged by the
# round's result: the walk through games once judged the next round instead).
@pytest.mark.parametrize("seed", [3, 7])
def test_the_core_walk_decides_as_the_walk_through_games(seed: int) -> None:
    searched = 0
    for observation, legal in positions(seed):
        in_core = decide(True, observation, legal)
        through_games = decide(False, observation, legal)
        assert in_core == through_games, (observation["round"], len(observation["history"][-1]))
        searched += bool(in_core[2])
    assert searched >= 40
