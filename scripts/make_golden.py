"""Regenerate the golden records in ``tests/golden/`` (the perft of Saboteur).

Each golden file is a complete game record (``dumps_record(game_to_record(game))``)
with one extra key per round, ``"legal_move_counts"``: how many legal moves the
seat to move had before each move of that round.  ``tests/test_golden.py``
replays every file and fails, naming the round, the move and both counts, as
soon as move generation gives a different count; so a change to the rules
engine that alters what is legal shows up at once.  ``game_from_record``
ignores keys it does not know outside ``"options"``, so a golden file is still
an ordinary record that any tool can replay.

The games cover 3, 4, 5, 7 and 10 players, each value of every rule option
(``gold_draw``, ``next_round_start``, ``open_hands``) and a first seat other
than 0.  Six are played to the end by the random bot (one per seat, seeded
from the game's seed).  The random bot practically never reaches the gold (it places
cards all over the maze), so two more games mix in a seat-blind chooser that
usually extends the tunnel towards the goals: they pin the gold phase, whose
``take`` moves are counted like any other.  For those, the first seed from the
listed one on whose game the miners win a round with at least two picks is used.

Run it only when a change to the rules is intended, then read the diff of the
golden files before committing them::

    .venv/bin/python scripts/make_golden.py

The tests never run this script: a golden file that the code under test wrote
for itself would pin nothing.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from pathlib import Path

from pysaboteur.bots import Bot, make_bot
from pysaboteur.rules import (
    GOAL_CELLS,
    MINERS,
    Game,
    Move,
    Options,
    dumps_record,
    game_to_record,
    seat_observation,
)

GOLDEN_DIR = Path(__file__).resolve().parent.parent / "tests" / "golden"


@dataclass(frozen=True)
class GoldenGame:
    name: str
    players: int
    options: Options
    seed: int
    first: int = 0
    #: How often (0 to 1) the tunnel-extending chooser moves instead of the random bot.
    towards_gold: float = 0.0


GAMES = (
    GoldenGame("p3-players-after-last", 3, Options("players", "after-last"), seed=3),
    GoldenGame("p4-miners-rotate", 4, Options("miners", "rotate"), seed=4, first=2),
    GoldenGame("p5-players-last-path-open-hands", 5, Options("players", "last-path", True), seed=5),
    GoldenGame("p7-miners-after-last", 7, Options("miners", "after-last"), seed=7, first=6),
    GoldenGame("p10-players-rotate", 10, Options("players", "rotate"), seed=10, first=3),
    GoldenGame("p10-miners-last-path", 10, Options("miners", "last-path"), seed=110),
    GoldenGame(
        "p5-players-after-last-gold", 5, Options("players", "after-last"), 50, 1, towards_gold=0.8
    ),
    GoldenGame("p7-miners-rotate-gold", 7, Options("miners", "rotate"), 70, towards_gold=0.8),
)


def towards_gold(game: Game, legal: list[Move]) -> Move | None:
    """A placement of a connected card as near an unturned goal as any, else a self-repair."""
    targets = [cell for index, cell in enumerate(GOAL_CELLS) if not game.maze.revealed[index]]
    best: Move | None = None
    best_distance = 1 << 30
    for move in legal:
        if move.kind == "place" and not move.card.startswith("x"):
            distance = min(abs(move.x - x) + abs(move.y - y) for x, y in targets)
            if distance < best_distance:
                best, best_distance = move, distance
    if best is None:
        best = next((m for m in legal if m.kind == "fix" and m.target == m.seat), None)
    return best


def play(spec: GoldenGame, seed: int) -> tuple[Game, list[list[int]]]:
    """Play one game to its end; also return the legal-move count before every move."""
    game = Game.new(spec.players, spec.options, seed, first=spec.first)
    bots: list[Bot] = [make_bot("random", seed * 100 + seat) for seat in range(spec.players)]
    chooser = random.Random(seed)
    counts: list[list[int]] = [[]]
    while not game.is_over:
        seat = game.to_move
        assert seat is not None
        legal = game.legal_moves()
        counts[game.round_number - 1].append(len(legal))
        move = towards_gold(game, legal) if chooser.random() < spec.towards_gold else None
        if move is None:
            move = bots[seat].choose(seat_observation(game, seat), legal)
        number = game.round_number
        game.play(move)
        if game.round_number != number:
            counts.append([])
    return game, counts


def has_gold_picks(game: Game) -> bool:
    """Whether the miners won a round in which at least two picks were made."""
    return any(
        log.result is not None
        and log.result.winner == MINERS
        and sum(move.kind == "take" for move in log.moves) >= 2
        for log in game.rounds
    )


def golden_text(spec: GoldenGame) -> str:
    seed = spec.seed
    game, counts = play(spec, seed)
    while spec.towards_gold and not has_gold_picks(game):
        seed += 1
        game, counts = play(spec, seed)
    record = game_to_record(game)
    for data, round_counts in zip(record["rounds"], counts, strict=True):
        data["legal_move_counts"] = round_counts
    return dumps_record(record)


def main() -> None:
    GOLDEN_DIR.mkdir(parents=True, exist_ok=True)
    for spec in GAMES:
        path = GOLDEN_DIR / f"{spec.name}.json"
        path.write_text(golden_text(spec))
        print(f"wrote {path.relative_to(GOLDEN_DIR.parent.parent)}")


if __name__ == "__main__":
    main()
