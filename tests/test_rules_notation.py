"""Move notation (spec/records.md): reading and writing moves, and the reasons
given for moves the rules refuse; a refused move changes nothing."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scenarios import crafted_game, discard_until_round_ends, snapshot

from pysaboteur.rules import Game, IllegalMove, Move
from pysaboteur.rules.cards import PLAYING_CARDS

# -- reading and writing ----------------------------------------------------------------

EXAMPLES = [
    ("0 place NESW 1,0", Move(0, "place", "NESW", 1, 0)),
    ("2 place NSW 3,-1", Move(2, "place", "NSW", 3, -1)),
    ("0 place xNE -12,7", Move(0, "place", "xNE", -12, 7)),
    ("1 break-lamp @3", Move(1, "break", "break-lamp", target=3, tool="lamp")),
    ("0 fix-pick-lamp lamp @2", Move(0, "fix", "fix-pick-lamp", target=2, tool="lamp")),
    ("2 fix-cart @1", Move(2, "fix", "fix-cart", target=1, tool="cart")),
    ("3 rockfall 2,0", Move(3, "rockfall", "rockfall", 2, 0)),
    ("4 map 8,-2", Move(4, "map", "map", 8, -2)),
    ("2 discard xNES", Move(2, "discard", "xNES")),
    ("9 discard fix-lamp-cart", Move(9, "discard", "fix-lamp-cart")),
    ("1 pass", Move(1, "pass")),
    ("3 take 2", Move(3, "take", value=2)),
]


@pytest.mark.parametrize(("text", "move"), EXAMPLES)
def test_move_notation_reads_and_writes_back_unchanged(text: str, move: Move) -> None:
    assert Move.parse(text) == move
    assert str(move) == text


def test_single_tool_repair_may_name_its_tool() -> None:
    # "fix-cart cart @1" is read, and written back in the short form.
    assert str(Move.parse("2 fix-cart cart @1")) == "2 fix-cart @1"


BAD_TEXT = [
    ("x pass", "not a move: 'x pass' (it starts with the acting seat's number)"),
    ("-1 pass", "not a move: '-1 pass' (it starts with the acting seat's number)"),
    ("01 pass", "not a move: '01 pass' (it starts with the acting seat's number)"),
    ("0 jump", "not a move: '0 jump' (see the move notation in the docs)"),
    ("0  pass", "not a move: '0  pass' (see the move notation in the docs)"),
    ("0 pass now", "not a move: '0 pass now' (see the move notation in the docs)"),
    ("0 place EW 1;0", "not a move: 0 'place EW 1;0': '1;0' is not a cell (write x,y)"),
    ("0 place EW -0,1", "not a move: 0 'place EW -0,1': '-0,1' is not a cell (write x,y)"),
    (
        "0 place SN 1,0",
        "not a move: 0 'place SN 1,0': 'SN' is not a card shape "
        "(open sides in NESW order, x for a dead end)",
    ),
    (
        "0 break-lamp 3",
        "not a move: 0 'break-lamp 3': '3' is not a seat (write @ and the seat number)",
    ),
    ("0 discard NSW", "not a move: 0 'discard NSW': 'NSW' is not a card code"),
    ("0 take 4", "not a move: 0 'take 4': a gold card's value is 1, 2 or 3"),
    (
        "0 fix-lamp-cart @1",
        "not a move: 0 'fix-lamp-cart @1': fix-lamp-cart repairs one of lamp or cart: name which",
    ),
]


@pytest.mark.parametrize(("text", "reason"), BAD_TEXT)
def test_text_that_is_not_a_move_is_refused_with_the_reason(text: str, reason: str) -> None:
    with pytest.raises(ValueError) as parse_error:
        Move.parse(text)
    assert str(parse_error.value) == reason
    game = crafted_game()
    before = snapshot(game)
    with pytest.raises(IllegalMove) as play_error:
        game.play(text)
    assert play_error.value.reason == reason
    assert snapshot(game) == before


# -- moves the rules refuse, and why ---------------------------------------------------------


def refused(game: Game, text: str) -> str:
    before = snapshot(game)
    with pytest.raises(IllegalMove) as error:
        game.play(text)
    assert snapshot(game) == before
    assert str(error.value) == f'"{text}": {error.value.reason}'
    return error.value.reason


def test_move_out_of_turn_is_refused() -> None:
    game = crafted_game(hands={1: ["map"]})
    assert refused(game, "1 map 8,0") == "it is seat 0's turn, not seat 1's"


def test_seat_out_of_range_is_refused() -> None:
    game = crafted_game(hands={0: ["break-cart", "fix-cart"]})
    assert refused(game, "3 pass") == "there is no seat 3 in a 3-player game"
    assert refused(game, "0 break-cart @7") == "there is no seat 7 in a 3-player game"
    assert refused(game, "0 fix-cart @3") == "there is no seat 3 in a 3-player game"


def test_card_not_in_hand_is_refused() -> None:
    game = crafted_game(hands={0: ["NS", "NS", "NS", "NS", "EW", "EW"]})
    assert refused(game, "0 rockfall 1,0") == "seat 0 has no rockfall card in hand"
    assert refused(game, "0 place NESW 1,0") == "seat 0 has no NESW card in hand"
    assert refused(game, "0 discard map") == "seat 0 has no map card in hand"
    assert refused(game, "0 fix-pick-lamp pick @0") == "seat 0 has no fix-pick-lamp card in hand"


def test_shape_no_card_lies_as_is_refused() -> None:
    game = crafted_game()
    assert refused(game, "0 place N 1,0") == "no card lies as N"


def test_cells_far_beyond_the_maze_are_refused_not_confused_with_near_ones() -> None:
    # Cells are packed into integer keys; 0,256 once named the cell 1,0 and
    # 7,256 the goal at 8,0.
    game = crafted_game(script=["0 place EW 1,0"], hands={1: ["rockfall", "map", "NESW"]})
    assert refused(game, "1 rockfall 0,256") == "cell 0,256 is out of reach of any card"
    assert refused(game, "1 map 7,256") == "cell 7,256 is out of reach of any card"
    assert refused(game, "1 place NESW -1,256") == "cell -1,256 is out of reach of any card"
    assert refused(game, "1 place NESW 65,0") == "cell 65,0 is out of reach of any card"
    assert refused(game, "1 rockfall 64,0") == "there is no tunnel card at 64,0"


def test_moves_after_the_game_is_over_are_refused() -> None:
    game = Game.new(3, seed=2)
    while not game.is_over:
        discard_until_round_ends(game)
    for text in ("0 pass", "1 discard map", "2 take 1", "5 pass"):
        assert refused(game, text) == "the game is over"


def test_illegal_move_names_the_move_and_the_reason() -> None:
    game = crafted_game()
    with pytest.raises(IllegalMove) as error:
        game.play(Move(0, "pass"))
    assert str(error.value) == '"0 pass": pass is allowed only with an empty hand'
    assert error.value.move == Move(0, "pass")


# -- a refused move changes nothing ----------------------------------------------------------


def candidate_moves(game: Game, rng: random.Random) -> list[Move]:
    """Moves of every kind for every seat, most of them illegal."""
    seats = range(-1, game.players + 1)
    cards = sorted(set(PLAYING_CARDS))
    return [
        Move(rng.choice(seats), "place", rng.choice(["NESW", "N", "xNE", "SW"]),
             rng.randint(-2, 9), rng.randint(-3, 3)),
        Move(rng.choice(seats), "break", "break-pick", target=rng.choice(seats), tool="pick"),
        Move(rng.choice(seats), "fix", "fix-pick-lamp", target=rng.choice(seats),
             tool=rng.choice(["pick", "lamp", "cart"])),
        Move(rng.choice(seats), "rockfall", "rockfall", rng.randint(-1, 9), rng.randint(-3, 3)),
        Move(rng.choice(seats), "map", "map", 8, rng.randint(-3, 3)),
        Move(rng.choice(seats), "discard", rng.choice(cards)),
        Move(rng.choice(seats), "pass"),
        Move(rng.choice(seats), "take", value=rng.randint(0, 4)),
    ]  # fmt: skip


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 100_000), steps=st.integers(0, 120))
def test_refused_move_leaves_the_game_unchanged(seed: int, steps: int) -> None:
    rng = random.Random(seed)
    game = Game.new(rng.randint(3, 6), seed=seed)
    for _ in range(steps):
        if game.is_over:
            break
        game.play(rng.choice(game.legal_moves()))
    legal = set(game.legal_moves())
    for move in candidate_moves(game, rng):
        if move in legal:
            continue
        before = snapshot(game)
        with pytest.raises(IllegalMove):
            game.play(move)
        assert snapshot(game) == before
