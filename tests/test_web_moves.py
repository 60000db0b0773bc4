"""The page's reading of the server's legal moves (``web/js/moves.js``), run by Node
on the legal moves of exact engine positions: when the page shows its Pass button."""

from __future__ import annotations

import textwrap
from pathlib import Path
from typing import Any

import pytest
from node_helpers import NODE, run_module
from scenarios_duel import empty_hand_beside_a_troll

from pysaboteur.rules import Game, Move

pytestmark = pytest.mark.skipif(NODE is None, reason="Node is not installed")

HARNESS = textwrap.dedent(
    """
    const { emptyHandPass } = await import(process.argv[2]);
    const legal = JSON.parse(process.argv[3]);
    console.log(JSON.stringify(emptyHandPass(legal)));
    """
)


def page_pass(tmp_path: Path, game: Game) -> Any:
    """What ``emptyHandPass`` answers for the legal moves the server would send."""
    return run_module(tmp_path, HARNESS, "moves.js", [move.view() for move in game.legal_moves()])


def test_an_empty_hand_is_offered_the_pass_beside_a_troll_it_could_bribe(
    tmp_path: Path,
) -> None:
    game = empty_hand_beside_a_troll()
    assert game.legal_moves() == [Move.parse("0 bribe 1,-1"), Move.parse("0 pass")]
    answer = page_pass(tmp_path, game)
    assert answer is not None and answer["text"] == "0 pass"
    game.play("0 bribe 1,-1")  # the bribe keeps the turn: the pass is still there
    assert page_pass(tmp_path, game)["text"] == "0 pass"


def test_a_hand_with_cards_is_offered_no_pass_button(tmp_path: Path) -> None:
    game = Game.new(2, seed=4, edition="duel")
    assert page_pass(tmp_path, game) is None
