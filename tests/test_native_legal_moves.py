"""The core's legal moves read one at a time are the moves read in order: each
index gives the move of the seat to move (the codec's moves are kept by code and
seat, and a code one seat met is another seat's move too), in every edition."""

from __future__ import annotations

import random

import pytest

from pysaboteur.native import core
from pysaboteur.rules import Game
from pysaboteur.rules.native_engine import LegalMoves

pytestmark = pytest.mark.skipif(core is None, reason="the native core is not built here")


@pytest.mark.parametrize(("edition", "players"), [("base", 5), ("saboteur2", 4), ("duel", 2)])
def test_each_index_reads_the_move_listed_there(edition: str, players: int) -> None:
    rng = random.Random(11)
    seats_met: set[int] = set()
    for seed in range(3):
        game = Game.new(players, seed=seed, edition=edition)
        while not game.is_over:
            moves = game.legal_moves()
            assert isinstance(moves, LegalMoves)
            seat = game.state.to_move
            in_order = list(moves)
            assert [moves[index] for index in range(len(moves))] == in_order
            assert [moves[index - len(moves)] for index in range(len(moves))] == in_order
            assert all(move.seat == seat for move in in_order)
            seats_met.add(seat)
            game.play(moves[rng.randrange(len(moves))])
    assert seats_met == set(range(players))


def test_an_index_past_the_end_is_refused() -> None:
    moves = Game.new(2, seed=1, edition="duel").legal_moves()
    with pytest.raises(IndexError):
        moves[len(moves)]


@pytest.mark.parametrize(("edition", "players"), [("base", 5), ("saboteur2", 4), ("duel", 2)])
def test_a_listing_kept_is_never_written_over(edition: str, players: int) -> None:
    # The core refills the codes of listings nothing holds any more: one a reader
    # keeps, or a copy of the game lists, stays as it was through later listings.
    game = Game.new(players, seed=4, edition=edition)
    kept: list[tuple[LegalMoves, list[int]]] = []
    copies: list[tuple[Game, list[int]]] = []
    for turn in range(30):
        moves = game.legal_moves()
        assert isinstance(moves, LegalMoves)
        if turn % 7 == 0:
            kept.append((moves, moves.codes.tolist()))
        if turn % 5 == 0:
            copied = game.copy()
            copies.append((copied, copied.legal_moves().codes.tolist()))  # type: ignore[attr-defined]
        game.play(moves.codes[turn % len(moves)])
        for listing, codes in kept:
            assert listing.codes.tolist() == codes
        for other, codes in copies:
            assert other.legal_moves().codes.tolist() == codes  # type: ignore[attr-defined]
