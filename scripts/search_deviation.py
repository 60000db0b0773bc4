#!/usr/bin/env python
"""How often the ismcts bot leaves the heuristic's first choice.

    scripts/search_deviation.py --edition saboteur2 --iterations 20 --games 12
    scripts/search_deviation.py --edition base --search "ismcts:iterations=150"

Heuristic bots play ``--games`` games of 5 players (game seeds from ``--seed``);
at every ``--every``-th decision with more than one legal move the search is asked
too, and the decision counts as left when its move is not the heuristic's best
(ties among the best count as the same move). A search that seldom leaves the
heuristic's choice can win or lose only in those decisions: this says how many
there are to win (docs/bots.md, "Measured against the heuristic").
"""

from __future__ import annotations

import argparse
import sys

from pysaboteur.bots import make_bot
from pysaboteur.bots.heuristic import HeuristicBot
from pysaboteur.rules import Game, seat_observation


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--edition", choices=("base", "saboteur2"), default="saboteur2")
    parser.add_argument("--iterations", type=int, default=20, help="the search's samples")
    parser.add_argument("--search", help="the search's spec (default ismcts:iterations=N)")
    parser.add_argument("--games", type=int, default=12)
    parser.add_argument("--seed", type=int, default=40000)
    parser.add_argument("--every", type=int, default=7, help="ask the search every N-th move")
    args = parser.parse_args()
    spec = args.search or f"ismcts:iterations={args.iterations}"
    asked = left = 0
    for game_seed in range(args.seed, args.seed + args.games):
        game = Game.new(5, seed=game_seed, edition=args.edition)
        players = [make_bot("heuristic", seed=seat) for seat in range(5)]
        search, judge = make_bot(spec, seed=game_seed), HeuristicBot(game_seed)
        moves = 0
        while not game.is_over:
            seat = game.to_move
            assert seat is not None
            observation, legal = seat_observation(game, seat), game.legal_moves()
            if moves % args.every == 0 and len(legal) > 1:
                chosen = search.choose(observation, legal)
                scores = dict((move, score) for score, move in judge.scores(observation, legal))
                asked += 1
                left += scores[chosen] < max(scores.values()) - 1e-9
            game.play(players[seat].choose(observation, legal))
            moves += 1
        print(f"game {game_seed}: {left} of {asked} decisions left the heuristic's choice so far",
              file=sys.stderr)  # fmt: skip
    print(f"{spec}, {args.edition}: {left} of {asked} decisions ({left / max(asked, 1):.1%}) "
          f"left the heuristic's choice")  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())
