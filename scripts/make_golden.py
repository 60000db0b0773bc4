"""Regenerate the golden records in ``tests/golden/`` (the perft of Saboteur).

Each golden file is a complete game record (``dumps_record(game_to_record(game))``)
with two extra keys per round: ``"legal_move_counts"``, how many legal moves the
seat to move had before each move of that round, and ``"legal_move_digests"``,
the first 16 hex digits of the sha256 of those moves' texts, sorted and joined
by newlines (:func:`legal_digest`).  ``tests/test_golden.py`` replays every file
and fails, naming the round, the move and both values, as soon as move
generation gives a different count or a different set of moves; the count
catches a move added or dropped, the digest a move generated in place of
another.  ``game_from_record`` ignores keys it does not know outside
``"options"``, so a golden file is still an ordinary record that any tool can
replay.

The base-game files cover 3, 4, 5, 7 and 10 players, each value of every rule
option (``gold_draw``, ``next_round_start``, ``open_hands``) and a first seat
other than 0.  Six are played to the end by the random bot (one per seat,
seeded from the game's seed).  The random bot practically never reaches the
gold (it places cards all over the maze), so two more games mix in a
seat-blind chooser that usually extends the tunnel towards the goals: they pin
the gold phase, whose ``take`` moves are counted like any other.  For those,
the first seed from the listed one on whose game the miners win a round with
at least two picks is used.  These eight were made before records named their
edition and are kept in the first format, ``saboteur-record/1``, so that the
golden set also pins that every such record still reads and replays.

The Saboteur 2 files (``s2-…``, ``saboteur-record/2``) cover 2, 5 and 12
players, each ``next_round_start``, ``open_hands`` and a first seat other than
0.  Each is the first game from its listed seed that shows what it is there
for: the gold reached (with the tunnel-extending chooser again), or every
expansion action that the random bot plays only now and then (a steal at a
round's end, ``swap-hand``, ``swap-hats``, ``inspection``).

Run it only when a change to the rules is intended, then read the diff of the
golden files before committing them::

    .venv/bin/python scripts/make_golden.py

The tests never run this script: a golden file that the code under test wrote
for itself would pin nothing.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable
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
from pysaboteur.rules.records import FORMAT_1, Record
from pysaboteur.rules.results import GoldPiecesResult

GOLDEN_DIR = Path(__file__).resolve().parent.parent / "tests" / "golden"
COUNTS = "legal_move_counts"
DIGESTS = "legal_move_digests"


def legal_digest(legal: list[Move]) -> str:
    """The first 16 hex digits of the sha256 of the legal moves' sorted texts.

    Sorted, so that the digest pins which moves are legal and not the order in
    which the engine happens to list them.
    """
    text = "\n".join(sorted(str(move) for move in legal))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def has_gold_picks(game: Game) -> bool:
    """Whether the miners won a round in which at least two picks were made."""
    return any(
        log.result is not None
        and log.result.winner == MINERS
        and sum(move.kind == "take" for move in log.moves) >= 2
        for log in game.rounds
    )


def reaches_gold(game: Game) -> bool:
    """Whether the gold was reached in some round (Saboteur 2)."""
    return any(
        isinstance(log.result, GoldPiecesResult) and log.result.gold_reached for log in game.rounds
    )


#: The Saboteur 2 moves the random bot plays too seldom to trust to any one seed.
RARE_KINDS = ("steal", "swap-hand", "swap-hats", "inspection")


def plays_rare_kinds(game: Game) -> bool:
    """Whether every kind of :data:`RARE_KINDS` was played."""
    played = {move.kind for log in game.rounds for move in log.moves}
    return played >= set(RARE_KINDS)


@dataclass(frozen=True)
class GoldenGame:
    name: str
    players: int
    options: Options
    seed: int
    first: int = 0
    #: How often (0 to 1) the tunnel-extending chooser moves instead of the random bot.
    towards_gold: float = 0.0
    edition: str = "base"
    #: What the game must show; from ``seed`` on, the first seed whose game does is used.
    wanted: Callable[[Game], bool] | None = None
    #: Written as a ``saboteur-record/1`` record (base game only).
    first_format: bool = False


GAMES = (
    GoldenGame("p3-players-after-last", 3, Options("players", "after-last"), 3, first_format=True),
    GoldenGame("p4-miners-rotate", 4, Options("miners", "rotate"), 4, first=2, first_format=True),
    GoldenGame(
        "p5-players-last-path-open-hands",
        5,
        Options("players", "last-path", True),
        5,
        first_format=True,
    ),
    GoldenGame(
        "p7-miners-after-last", 7, Options("miners", "after-last"), 7, first=6, first_format=True
    ),
    GoldenGame(
        "p10-players-rotate", 10, Options("players", "rotate"), 10, first=3, first_format=True
    ),
    GoldenGame("p10-miners-last-path", 10, Options("miners", "last-path"), 110, first_format=True),
    GoldenGame(
        "p5-players-after-last-gold",
        5,
        Options("players", "after-last"),
        50,
        1,
        towards_gold=0.8,
        wanted=has_gold_picks,
        first_format=True,
    ),
    GoldenGame(
        "p7-miners-rotate-gold",
        7,
        Options("miners", "rotate"),
        70,
        towards_gold=0.8,
        wanted=has_gold_picks,
        first_format=True,
    ),
    GoldenGame(
        "s2-p2-after-last",
        2,
        Options(next_round_start="after-last"),
        2,
        edition="saboteur2",
        wanted=lambda game: any(move.kind == "steal" for log in game.rounds for move in log.moves),
    ),
    GoldenGame(
        "s2-p5-rotate-open-hands-gold",
        5,
        Options(next_round_start="rotate", open_hands=True),
        5,
        first=3,
        towards_gold=0.8,
        edition="saboteur2",
        wanted=reaches_gold,
    ),
    GoldenGame(
        "s2-p12-last-path",
        12,
        Options(next_round_start="last-path"),
        12,
        edition="saboteur2",
        wanted=plays_rare_kinds,
    ),
)


def towards_gold(game: Game, legal: list[Move]) -> Move | None:
    """A placement of a connected card as near an unturned goal as any, else a self-repair
    (in Saboteur 2 also freeing oneself: a trapped seat cannot place)."""
    targets = [cell for index, cell in enumerate(GOAL_CELLS) if not game.maze.revealed[index]]
    best: Move | None = None
    best_distance = 1 << 30
    for move in legal:
        if move.kind == "place" and not move.card.startswith("x"):
            distance = min(abs(move.x - x) + abs(move.y - y) for x, y in targets)
            if distance < best_distance:
                best, best_distance = move, distance
    if best is None:
        best = next(
            (m for m in legal if m.kind in ("fix", "free-at-last") and m.target == m.seat), None
        )
    return best


@dataclass
class Played:
    """A whole game, with the legal-move count and digest before every move, per round."""

    game: Game
    counts: list[list[int]]
    digests: list[list[str]]


def play(spec: GoldenGame, seed: int) -> Played:
    """Play one game to its end, counting and digesting the legal moves before every move."""
    game = Game.new(spec.players, spec.options, seed, first=spec.first, edition=spec.edition)
    bots: list[Bot] = [make_bot("random", seed * 100 + seat) for seat in range(spec.players)]
    chooser = random.Random(seed)
    played = Played(game, [[]], [[]])
    while not game.is_over:
        seat = game.to_move
        assert seat is not None
        legal = game.legal_moves()
        played.counts[-1].append(len(legal))
        played.digests[-1].append(legal_digest(legal))
        move = towards_gold(game, legal) if chooser.random() < spec.towards_gold else None
        if move is None:
            move = bots[seat].choose(seat_observation(game, seat), legal)
        number = game.round_number
        game.play(move)
        if game.round_number != number:
            played.counts.append([])
            played.digests.append([])
    return played


def first_format(record: Record) -> Record:
    """The same base-game record in ``saboteur-record/1``: no ``"edition"``, the older format."""
    assert record["edition"] == "base", "saboteur-record/1 holds only base games"
    return {
        "format": FORMAT_1,
        **{k: v for k, v in record.items() if k not in ("format", "edition")},
    }


def golden_text(spec: GoldenGame) -> str:
    seed = spec.seed
    played = play(spec, seed)
    while spec.wanted is not None and not spec.wanted(played.game):
        seed += 1
        played = play(spec, seed)
    record = game_to_record(played.game)
    for data, counts, digests in zip(record["rounds"], played.counts, played.digests, strict=True):
        data[COUNTS] = counts
        data[DIGESTS] = digests
    if spec.first_format:
        record = first_format(record)
    return dumps_record(record)


def main() -> None:
    GOLDEN_DIR.mkdir(parents=True, exist_ok=True)
    for spec in GAMES:
        path = GOLDEN_DIR / f"{spec.name}.json"
        path.write_text(golden_text(spec))
        print(f"wrote {path.relative_to(GOLDEN_DIR.parent.parent)}")


if __name__ == "__main__":
    main()
