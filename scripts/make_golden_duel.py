"""Regenerate the Duel's golden records in ``tests/golden/duel/`` (its perft).

Each file is a whole Duel record (the shipped deck inside it) with, per round,
``"legal_move_counts"`` and ``"legal_move_digests"`` before every move, as
``scripts/make_golden.py`` writes them for the other editions.  The games are
played by a seeded chooser that picks a kind of move first (bribes whenever it
can) and, half the time, the placement furthest towards the goals; each file
is the first game from its listed seed that shows what it is there for.

Run it only when a change to the Duel's rules or to the deck file is intended
(an owner's corrected deck changes every game), and read the diff::

    .venv/bin/python scripts/make_golden_duel.py
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable
from pathlib import Path

from pysaboteur.rules import Game, Move, Options, dumps_record, game_to_record
from pysaboteur.rules.duel_game import DuelGame

OUT = Path(__file__).parent.parent / "tests" / "golden" / "duel"


def legal_digest(moves: list[Move]) -> str:
    return hashlib.sha256("\n".join(sorted(str(m) for m in moves)).encode()).hexdigest()[:16]


def choose(game: Game, rng: random.Random) -> Move:
    moves = game.legal_moves()
    bribes = [move for move in moves if move.kind == "bribe"]
    if bribes:
        return rng.choice(bribes)
    places = [move for move in moves if move.kind == "place"]
    if places and rng.random() < 0.5:
        far = max(move.x for move in places)
        return rng.choice([move for move in places if move.x == far])
    kind = rng.choice(sorted({move.kind for move in moves}))
    return rng.choice([move for move in moves if move.kind == kind])


def play(seed: int, options: Options) -> tuple[DuelGame, list[list[int]], list[list[str]]]:
    game = Game.new(players=2, edition="duel", seed=seed, options=options)
    assert isinstance(game, DuelGame)
    rng = random.Random(seed)
    counts: list[list[int]] = [[]]
    digests: list[list[str]] = [[]]
    while not game.is_over:
        number = game.round_number
        legal = game.legal_moves()
        counts[-1].append(len(legal))
        digests[-1].append(legal_digest(legal))
        game.play(choose(game, rng))
        if game.round_number != number and not game.is_over:
            counts.append([])
            digests.append([])
    return game, counts, digests


def shows(game: DuelGame, wanted: set[str]) -> bool:
    kinds = {move.kind for log in game.rounds for move in log.moves}
    ends = {log.result.end for log in game.rounds if log.result is not None}
    return wanted <= kinds | ends


#: name, first seed, options, what the game must show (kinds of move and round ends).
GAMES: list[tuple[str, int, Options, set[str]]] = [
    ("duel-keys-bribes", 1, Options(), {"key", "bribe", "rockfall", "clear"}),
    ("duel-open-hands-ends", 1, Options(open_hands=True), {"bribe", "counters"}),
    ("duel-goals", 1, Options(), {"goals"}),
]


def main(report: Callable[[str], None] = print) -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for name, seed, options, wanted in GAMES:
        while True:
            game, counts, digests = play(seed, options)
            if shows(game, wanted):
                break
            seed += 1
        record = game_to_record(game)
        for data, round_counts, round_digests in zip(
            record["rounds"], counts, digests, strict=True
        ):
            data["legal_move_counts"] = round_counts
            data["legal_move_digests"] = round_digests
        (OUT / f"{name}.json").write_text(dumps_record(record), encoding="utf-8")
        ends = [log.result.end for log in game.rounds if log.result is not None]
        report(f"{name}: seed {seed}, rounds end by {ends}, nuggets {game.nuggets}")


if __name__ == "__main__":
    main()
