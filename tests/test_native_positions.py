"""A corpus of positions from real playouts, with the legal moves the pure engine
listed there (tests/data/positions_<edition>.json): the core must list exactly the
same codes, in the same order, whether it steps through the game or is loaded from
the position afresh.

Each playout is a seed, a player count and the codes of its moves; each position is
a move's index in the playout and the codes listed before it. Written by the pure
engine with ``python tests/test_native_positions.py`` (the choices: inventory.py's
choosers, so that every kind of move turns up, not only placements and discards).
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

import pytest
from inventory import Chooser, Saboteur2Chooser

from pysaboteur.native import core
from pysaboteur.rules import Game
from pysaboteur.rules.codes import codec_of
from pysaboteur.rules.native_engine import LegalMoves, native_engine, pure_engine

DATA = Path(__file__).parent / "data"
EDITIONS = ("base", "saboteur2")
#: Per edition: the playouts written, and every how many moves a position is kept.
PLAYOUTS = 8
EVERY = 9


def corpus(edition: str) -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads((DATA / f"positions_{edition}.json").read_text())
    return loaded


def listed_codes(game: Game) -> list[int]:
    """The legal moves of the game as codes, by whichever engine plays it."""
    moves = game.legal_moves()
    if isinstance(moves, LegalMoves):
        return moves.codes.tolist()
    codec = codec_of(game.edition)
    codes = [codec.encode(move) for move in moves]
    assert None not in codes
    return codes  # type: ignore[return-value]


@pytest.mark.parametrize("edition", EDITIONS)
def test_the_corpus_holds_a_few_hundred_positions_of_every_kind_of_move(edition: str) -> None:
    playouts = corpus(edition)["playouts"]
    positions = sum(len(playout["positions"]) for playout in playouts)
    assert 150 <= positions <= 400
    codec = codec_of(Game.new(5, edition=edition).edition)
    kinds = {
        codec.decode(code, 0).kind  # type: ignore[union-attr]
        for playout in playouts
        for code in playout["moves"]
    }
    wanted = {"place", "break", "fix", "rockfall", "map", "discard"}
    if edition == "saboteur2":
        wanted |= {"theft", "trapped", "free-at-last", "inspection", "swap-hand", "clear"}
    assert wanted <= kinds


@pytest.mark.parametrize("edition", EDITIONS)
def test_the_engine_lists_the_corpus_moves_exactly(edition: str) -> None:
    for playout in corpus(edition)["playouts"]:
        game = Game.new(playout["players"], seed=playout["seed"], edition=edition)
        positions = {int(at): codes for at, codes in playout["positions"].items()}
        for at, code in enumerate(playout["moves"]):
            if at in positions:
                where = f"seed {playout['seed']}, move {at}"
                assert listed_codes(game) == positions[at], where
                if core is not None and game.phase == "play":
                    # The core loaded from the position, not stepped to it.
                    engine = native_engine(game.edition)
                    assert engine is not None
                    loaded = engine.load(game)
                    assert loaded is not None and loaded.legal().tolist() == positions[at], where
            game.play(code)


def write(edition: str) -> None:
    """The corpus of ``edition``, played and listed by the pure engine."""
    playouts = []
    for seed in range(PLAYOUTS):
        rng = random.Random(seed)
        players = rng.randint(2, 12) if edition == "saboteur2" else rng.randint(3, 10)
        with pure_engine():
            game = Game.new(players, seed=seed, edition=edition)
        choose = Saboteur2Chooser(rng, 0.3, 0.6) if edition == "saboteur2" else Chooser(rng, 0.5)
        codec = codec_of(game.edition)
        moves: list[int] = []
        positions: dict[str, list[int]] = {}
        while not game.is_over:
            if len(moves) % EVERY == seed % EVERY:
                positions[str(len(moves))] = listed_codes(game)
            move = choose(game)
            code = codec.encode(move)
            assert code is not None
            moves.append(code)
            game.play(move)
        playouts.append({"players": players, "seed": seed, "moves": moves, "positions": positions})
    text = json.dumps({"edition": edition, "playouts": playouts}, separators=(",", ":"))
    (DATA / f"positions_{edition}.json").write_text(text + "\n")


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).parent))
    for name in EDITIONS:
        write(name)
