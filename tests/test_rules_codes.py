"""Move codes (rules/codes.py): every legal move the rules list comes back from its
code as the same move, for its own seat and for any other seat, whichever seat met
the code first (the codec makes a second seat's move from the first one's fields)."""

from __future__ import annotations

import random

import pytest

from pysaboteur.rules import Game, Move
from pysaboteur.rules.codes import Codec
from pysaboteur.rules.native_engine import pure_engine


def _positions(edition: str, players: int, seed: int, moves: int) -> list[list[Move]]:
    """The legal moves, listed by the pure engine, of the first ``moves`` positions of
    a random game."""
    chooser = random.Random(seed)
    listed: list[list[Move]] = []
    with pure_engine():
        game = Game.new(players, seed=seed, edition=edition)
    while not game.is_over and len(listed) < moves:
        legal = list(game.legal_moves())
        listed.append(legal)
        game.play(chooser.choice(legal))
    return listed


@pytest.mark.parametrize(("edition", "players"), [("base", 10), ("saboteur2", 12)])
def test_every_legal_move_comes_back_from_its_code_for_every_seat(
    edition: str, players: int
) -> None:
    codec = Codec(Game.new(players, seed=0, edition=edition).edition)  # a codec of its own
    checked = 0
    for legal in _positions(edition, players, seed=3, moves=150):
        for move in legal:
            code = codec.encode(move)
            assert code is not None, move
            for seat in (move.seat, (move.seat + 1) % players, (move.seat + 5) % players):
                decoded = codec.decode(code, seat)
                assert type(decoded) is Move
                assert decoded == move._replace(seat=seat)
                assert tuple(decoded) == tuple(Move(**{**move._asdict(), "seat": seat}))
            checked += 1
    assert checked > 1000


def test_a_code_that_names_no_move_is_none_for_every_seat() -> None:
    codec = Codec(Game.new(5, seed=0).edition)
    for seat in (0, 1, 4):
        assert codec.decode(31, seat) is None  # no kind has the number 31
        assert codec.decode(1 << 29, seat) is None  # bits above the fields
