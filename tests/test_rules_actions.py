"""Rules section 5: broken tools, repairs, rockfall and map."""

from __future__ import annotations

from scenarios import corridor, crafted_game, in_turn, refusal

from pysaboteur.rules import Move, public_observation, seat_observation
from pysaboteur.rules.cards import cell_key

PICK, LAMP, CART = 1, 2, 4

# -- broken tools -------------------------------------------------------------------------


def test_broken_tool_at_most_one_per_tool_type_per_seat() -> None:
    moves = ["0 break-lamp @1", "1 discard map"]
    game = crafted_game(script=moves, hands={2: ["break-lamp", "break-pick"]})
    assert refusal(game, "2 break-lamp @1") == "seat 1 already has a broken lamp"
    assert "2 break-lamp @1" not in {str(move) for move in game.legal_moves()}
    game.play("2 break-pick @1")  # another tool type is still allowed
    assert game.broken[1] == LAMP | PICK


def test_broken_tool_all_three_types_on_one_seat() -> None:
    moves = ["0 break-lamp @2", "1 break-pick @2", "2 break-cart @2"]
    game = crafted_game(script=moves)
    assert game.broken == [0, 0, PICK | LAMP | CART]
    assert public_observation(game)["broken"] == [[], [], ["pick", "lamp", "cart"]]


def test_broken_tool_on_any_seat_including_oneself() -> None:
    game = crafted_game(hands={0: ["break-cart"]})
    targets = {move.target for move in game.legal_moves() if move.kind == "break"}
    assert targets == {0, 1, 2}
    game.play("0 break-cart @0")
    assert game.broken == [CART, 0, 0]


def test_broken_tool_card_lies_in_front_of_the_seat_not_on_the_discards() -> None:
    game = crafted_game(script=["0 break-pick @1"])
    assert game.discards == []
    assert "break-pick" not in game.hands[0]


def test_broken_tool_on_a_seat_that_does_not_exist_is_refused() -> None:
    game = crafted_game(hands={0: ["break-pick"]})
    assert refusal(game, "0 break-pick @3") == "there is no seat 3 in a 3-player game"


# -- repairs -----------------------------------------------------------------------------


def test_repair_needs_that_tool_broken() -> None:
    game = crafted_game(script=["0 break-lamp @1"], hands={1: ["fix-pick", "fix-lamp"]})
    assert refusal(game, "1 fix-pick @1") == "seat 1 has no broken pick"
    assert refusal(game, "1 fix-lamp @0") == "seat 0 has no broken lamp"
    fixes = {str(move) for move in game.legal_moves() if move.kind == "fix"}
    assert fixes == {"1 fix-lamp @1"}


def test_repair_needs_a_card_that_shows_the_tool() -> None:
    game = crafted_game(script=["0 break-lamp @1"], hands={1: ["fix-pick-cart", "fix-cart"]})
    assert refusal(game, "1 fix-pick-cart lamp @1") == (
        "not a move: 1 'fix-pick-cart lamp @1': fix-pick-cart shows pick and cart, not 'lamp'"
    )
    assert game.why_illegal(Move(1, "fix", "fix-cart", target=1, tool="lamp")) == "malformed move"
    assert not any(move.kind == "fix" for move in game.legal_moves())


def test_repair_on_any_seat_including_oneself() -> None:
    moves = ["0 break-cart @0", "1 break-cart @1"]
    game = crafted_game(script=moves, then=["2 fix-cart @1", "0 fix-cart @0"])
    assert refusal(game, "2 fix-cart @2") == "seat 2 has no broken cart"
    targets = {move.target for move in game.legal_moves() if move.kind == "fix"}
    assert targets == {0, 1}
    game.play("2 fix-cart @1")  # another seat
    assert game.broken == [CART, 0, 0]
    game.play("0 fix-cart @0")  # itself (its second fix-cart card)
    assert game.broken == [0, 0, 0]


def test_double_repair_fixes_only_the_chosen_tool() -> None:
    moves = ["0 break-pick @1", "1 discard map", "2 break-lamp @1"]
    game = crafted_game(script=moves, hands={0: ["fix-pick-lamp"]})
    fixes = {str(move) for move in game.legal_moves() if move.kind == "fix"}
    assert fixes == {"0 fix-pick-lamp pick @1", "0 fix-pick-lamp lamp @1"}
    game.play("0 fix-pick-lamp lamp @1")
    assert game.broken[1] == PICK
    assert game.discards[-2:] == ["fix-pick-lamp", "break-lamp"]


def test_double_repair_must_name_its_tool() -> None:
    game = crafted_game(script=["0 break-pick @1"], hands={1: ["fix-pick-lamp"]})
    assert refusal(game, "1 fix-pick-lamp @1") == (
        "not a move: 1 'fix-pick-lamp @1': fix-pick-lamp repairs one of pick or lamp: name which"
    )


def test_repair_sends_the_broken_card_and_the_repair_to_the_discards() -> None:
    game = crafted_game(script=["0 break-lamp @1", "1 fix-lamp @1"])
    assert game.broken == [0, 0, 0]
    assert game.discards == ["fix-lamp", "break-lamp"]
    assert public_observation(game)["discard_pile"] == 2


def test_repaired_seat_may_place_path_cards_again() -> None:
    moves = ["0 break-lamp @1", "1 fix-lamp @1", "2 discard map", "0 discard map"]
    game = crafted_game(script=moves, hands={1: ["NESW"]})
    game.play("1 place NESW 1,0")
    assert cell_key(1, 0) in game.maze.network


# -- rockfall ---------------------------------------------------------------------------


def test_rockfall_removes_a_tunnel_card() -> None:
    game = crafted_game(script=["0 place EW 1,0"], hands={1: ["rockfall"]})
    assert [str(m) for m in game.legal_moves() if m.kind == "rockfall"] == ["1 rockfall 1,0"]
    game.play("1 rockfall 1,0")
    assert cell_key(1, 0) not in game.maze.cells
    assert set(game.maze.network) == {cell_key(0, 0)}
    assert game.discards == ["rockfall", "EW"]


def test_rockfall_removes_a_dead_end_too() -> None:
    game = crafted_game(script=["0 place xNW 1,0", "1 rockfall 1,0"])
    assert cell_key(1, 0) not in game.maze.cells
    assert game.discards == ["rockfall", "xES"]  # the card's printed code


def test_rockfall_never_removes_the_start() -> None:
    game = crafted_game(hands={0: ["rockfall"]})
    assert refusal(game, "0 rockfall 0,0") == "rockfall cannot remove the start card"
    assert not any(move.kind == "rockfall" for move in game.legal_moves())


def test_rockfall_never_removes_a_face_down_goal() -> None:
    game = crafted_game(hands={0: ["rockfall"]})
    assert refusal(game, "0 rockfall 8,0") == "rockfall cannot remove a goal card"


def test_rockfall_never_removes_a_face_up_goal() -> None:
    moves = in_turn([*corridor((x, 0) for x in range(1, 8)), "rockfall 8,0"])
    game = crafted_game(goals=["gold", "stone-NE", "stone-NW"], script=moves[:-1], then=moves[-1:])
    assert game.maze.revealed[1]
    assert refusal(game, moves[-1]) == "rockfall cannot remove a goal card"
    rockfalls = {(move.x, move.y) for move in game.legal_moves() if move.kind == "rockfall"}
    assert rockfalls == {(x, 0) for x in range(1, 8)}


def test_rockfall_needs_a_card_at_the_cell() -> None:
    game = crafted_game(hands={0: ["rockfall"]})
    assert refusal(game, "0 rockfall 3,2") == "there is no tunnel card at 3,2"


def test_rockfall_cell_can_be_filled_again() -> None:
    moves = ["0 place EW 1,0", "1 rockfall 1,0", "2 place NESW 1,0"]
    game = crafted_game(script=moves)
    assert game.maze.cells[cell_key(1, 0)] == 15
    assert cell_key(1, 0) in game.maze.network


def test_cards_cut_off_by_rockfall_stay_outside_the_network() -> None:
    moves = in_turn([*corridor((x, 0) for x in range(1, 4)), "rockfall 1,0"])
    game = crafted_game(script=moves, hands={1: ["NESW"]})
    cells = game.maze.cells
    assert cell_key(1, 0) not in cells
    assert {cell_key(2, 0), cell_key(3, 0)} <= set(cells)  # they stay where they are
    assert set(game.maze.network) == {cell_key(0, 0)}
    # Nothing may be built from the cut-off cards ...
    assert refusal(game, "1 place NESW 4,0") == (
        "none of its open sides meets an open side of a card in the start network"
    )
    # ... until the gap is filled, which joins them to the network again.
    game.play("1 place NESW 1,0")
    assert {cell_key(2, 0), cell_key(3, 0)} <= set(game.maze.network)


def test_rockfall_can_cut_a_turned_up_stone_off_the_network() -> None:
    # stone-NE reached from the west lies SW and carries the network to 8,1;
    # removing the card at 7,0 cuts it off, filling 7,0 again joins it back.
    moves = in_turn([*corridor((x, 0) for x in range(1, 8)), "rockfall 7,0"])
    game = crafted_game(goals=["gold", "stone-NE", "stone-NW"], script=moves, hands={2: ["EW"]})
    assert game.maze.revealed == [False, True, False]  # it stays face up
    assert cell_key(8, 0) in game.maze.cells
    assert cell_key(8, 0) not in game.maze.network
    assert (8, 1) not in {(x, y) for _, x, y, _ in game.maze.frontier()}
    game.play("2 place EW 7,0")
    assert cell_key(8, 0) in game.maze.network
    assert (8, 1) in {(x, y) for _, x, y, _ in game.maze.frontier()}


# -- map ----------------------------------------------------------------------------------


def test_map_only_on_a_face_down_goal() -> None:
    moves = in_turn([*corridor((x, 0) for x in range(1, 8)), "map 8,0"])
    game = crafted_game(goals=["gold", "stone-NE", "stone-NW"], script=moves[:-1], then=moves[-1:])
    seat = int(moves[-1].split()[0])
    assert refusal(game, moves[-1]) == "the goal at 8,0 is already face up"
    assert refusal(game, f"{seat} map 4,0") == "there is no goal card at 4,0"
    maps = {(move.x, move.y) for move in game.legal_moves() if move.kind == "map"}
    assert maps == {(8, -2), (8, 2)}


def test_map_shows_the_goal_to_the_mapping_seat_only() -> None:
    game = crafted_game(goals=["stone-NE", "stone-NW", "gold"], script=["0 map 8,2"])
    assert game.maps == [{2: "gold"}, {}, {}]
    assert seat_observation(game, 0)["goals"][2] == {
        "x": 8,
        "y": 2,
        "face_up": False,
        "card": "gold",
    }
    assert seat_observation(game, 0)["goals"][0]["card"] is None
    for seat in (1, 2):
        assert seat_observation(game, seat)["goals"][2]["card"] is None
    assert public_observation(game)["goals"][2]["card"] is None
    assert not game.maze.revealed[2]


def test_map_is_public_about_which_goal_was_looked_at() -> None:
    game = crafted_game(script=["0 map 8,-2"])
    assert public_observation(game)["history"] == [["0 map 8,-2"]]
    for seat in (1, 2):
        assert seat_observation(game, seat)["history"] == [["0 map 8,-2"]]


def test_played_action_cards_are_public() -> None:
    moves = ["0 break-lamp @1", "1 fix-lamp @1", "2 map 8,0"]
    game = crafted_game(script=moves)
    assert public_observation(game)["history"] == [moves]
    assert game.discards == ["fix-lamp", "break-lamp", "map"]
