"""A corpus of positions from real playouts, with the legal moves the pure engine
listed there (tests/data/positions_<edition>.json): the core must list exactly the
same codes, in the same order, whether it steps through the game or is loaded from
the position afresh.

Each playout is a seed, a player count and the codes of its moves; each position is
a move's index in the playout and the codes listed before it. Written by the pure
engine with ``python tests/test_native_positions.py [EDITION...]`` (the choices: inventory.py's
choosers, so that every kind of move turns up, not only placements and discards).
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

import pytest
from inventory import Chooser, DuelChooser, Saboteur2Chooser

from pysaboteur.native import core
from pysaboteur.rules import Game
from pysaboteur.rules.codes import Codec, codec_of
from pysaboteur.rules.native_engine import Engine, LegalMoves, native_engine, pure_engine

DATA = Path(__file__).parent / "data"
EDITIONS = ("base", "saboteur2", "duel")
#: Per edition: the playouts written (a Duel game is short: more of them), and every
#: how many moves a position is kept.
PLAYOUTS = {"base": 8, "saboteur2": 8, "duel": 16}
EVERY = 9


def corpus(edition: str) -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads((DATA / f"positions_{edition}.json").read_text())
    return loaded


def codec_for(game: Game) -> Codec:
    """The game's codes: its edition's, or a Duel deck's."""
    codec: Codec = getattr(game, "_codec", None) or codec_of(game.edition)
    return codec


def engine_for(game: Game) -> Engine | None:
    """The core of the game's edition (or deck), as the game found it."""
    return game._engine if game.edition.name == "duel" else native_engine(game.edition)


def listed_codes(game: Game) -> list[int]:
    """The legal moves of the game as codes, by whichever engine plays it."""
    moves = game.legal_moves()
    if isinstance(moves, LegalMoves):
        return moves.codes.tolist()
    codec = codec_for(game)
    codes = [codec.encode(move) for move in moves]
    assert None not in codes
    return codes  # type: ignore[return-value]


@pytest.mark.parametrize("edition", EDITIONS)
def test_the_corpus_holds_a_few_hundred_positions_of_every_kind_of_move(edition: str) -> None:
    playouts = corpus(edition)["playouts"]
    positions = sum(len(playout["positions"]) for playout in playouts)
    assert 150 <= positions <= 400
    codec = codec_for(Game.new(2 if edition == "duel" else 5, edition=edition))
    kinds = {
        codec.decode(code, 0).kind  # type: ignore[union-attr]
        for playout in playouts
        for code in playout["moves"]
    }
    wanted = {"place", "break", "fix", "rockfall", "map", "discard"}
    if edition == "saboteur2":
        wanted |= {"theft", "trapped", "free-at-last", "inspection", "swap-hand", "clear"}
    if edition == "duel":
        wanted |= {"key", "bribe", "clear"}
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
                    engine = engine_for(game)
                    assert engine is not None
                    loaded = engine.load(game)
                    assert loaded is not None and loaded.legal().tolist() == positions[at], where
            game.play(code)


def write(edition: str) -> None:
    """The corpus of ``edition``, played and listed by the pure engine."""
    playouts = []
    for seed in range(PLAYOUTS[edition]):
        rng = random.Random(seed)
        players = {"base": rng.randint(3, 10), "saboteur2": rng.randint(2, 12), "duel": 2}[edition]
        with pure_engine():
            game = Game.new(players, seed=seed, edition=edition)
        choose: Chooser | Saboteur2Chooser | DuelChooser = {
            "base": Chooser(rng, 0.5),
            "saboteur2": Saboteur2Chooser(rng, 0.3, 0.6),
            "duel": DuelChooser(rng, 0.5, 0.4),
        }[edition]
        codec = codec_for(game)
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
    for name in sys.argv[1:] or EDITIONS:
        write(name)
