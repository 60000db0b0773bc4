"""Rules section 1 (components, geometry, card codes) and section 2 (set-up)."""

from __future__ import annotations

from collections import Counter

import pytest
from scenarios import crafted_game

from pysaboteur.rules import (
    Game,
    IllegalMove,
    game_from_record,
    game_to_record,
    public_observation,
)
from pysaboteur.rules.cards import (
    ACTION_COUNTS,
    CARD_OF_SHAPE,
    DEAD_END,
    GOAL_CARDS,
    GOAL_CELLS,
    GOLD_CARDS,
    HAND_SIZE,
    ORIENTATIONS,
    PLAYING_CARDS,
    START_CELL,
    TUNNEL_COUNTS,
    parse_shape,
    role_pool,
    shape_code,
    turned,
)

# The table of rules section 1: printed code -> (turned code, count).
TUNNEL_TABLE = {
    "NESW": ("NESW", 5),
    "NES": ("NSW", 5),
    "NEW": ("ESW", 5),
    "NS": ("NS", 4),
    "EW": ("EW", 3),
    "ES": ("NW", 4),
    "SW": ("NE", 5),
    "xNESW": ("xNESW", 1),
    "xNES": ("xNSW", 1),
    "xNEW": ("xESW", 1),
    "xNS": ("xNS", 1),
    "xEW": ("xEW", 1),
    "xES": ("xNW", 1),
    "xSW": ("xNE", 1),
    "xN": ("xS", 1),
    "xW": ("xE", 1),
}

# -- 1. components -------------------------------------------------------------------


def test_path_cards_are_44_with_start_and_three_goals() -> None:
    assert sum(TUNNEL_COUNTS.values()) == 40
    assert 1 + len(GOAL_CARDS) + sum(TUNNEL_COUNTS.values()) == 44


def test_tunnel_cards_match_the_table_exactly() -> None:
    assert {code: count for code, (_, count) in TUNNEL_TABLE.items()} == TUNNEL_COUNTS
    for code, (turned_code, _) in TUNNEL_TABLE.items():
        assert shape_code(turned(parse_shape(code))) == turned_code


def test_tunnel_cards_are_31_connected_and_9_dead_ends() -> None:
    dead = sum(count for code, count in TUNNEL_COUNTS.items() if code.startswith("x"))
    assert (40 - dead, dead) == (31, 9)
    assert all(bool(parse_shape(code) & DEAD_END) == code.startswith("x") for code in TUNNEL_COUNTS)


def test_action_cards_are_27_with_the_table_counts() -> None:
    assert ACTION_COUNTS == {
        "break-pick": 3,
        "break-lamp": 3,
        "break-cart": 3,
        "fix-pick": 2,
        "fix-lamp": 2,
        "fix-cart": 2,
        "fix-pick-lamp": 1,
        "fix-pick-cart": 1,
        "fix-lamp-cart": 1,
        "map": 6,
        "rockfall": 3,
    }
    assert sum(ACTION_COUNTS.values()) == 27


def test_playing_cards_are_the_40_tunnel_and_27_action_cards() -> None:
    assert len(PLAYING_CARDS) == 67
    assert Counter(PLAYING_CARDS) == Counter({**TUNNEL_COUNTS, **ACTION_COUNTS})


def test_gold_cards_are_28_worth_44_nuggets() -> None:
    assert Counter(GOLD_CARDS) == {1: 16, 2: 8, 3: 4}
    assert (len(GOLD_CARDS), sum(GOLD_CARDS)) == (28, 44)


def test_role_cards_are_7_miners_and_4_saboteurs_at_most() -> None:
    # The largest pool (10 players) uses every role card of the box.
    assert Counter(role_pool(10)) == {"miner": 7, "saboteur": 4}


# -- geometry and card codes -------------------------------------------------------------


def test_every_lying_shape_names_exactly_one_card() -> None:
    lying: Counter[int] = Counter()
    for shapes in ORIENTATIONS.values():
        lying.update(shapes)
    assert all(count == 1 for count in lying.values())
    # 11 connected shapes (2 or more open sides) and all 15 dead-end shapes.
    assert len(lying) == 26
    for shape, card in CARD_OF_SHAPE.items():
        assert shape in ORIENTATIONS[card]


def test_no_card_lies_with_a_single_open_side_unless_a_dead_end() -> None:
    for code in ("N", "E", "S", "W"):
        assert parse_shape(code) not in CARD_OF_SHAPE
        assert parse_shape("x" + code) in CARD_OF_SHAPE


def test_turning_180_maps_north_to_south_and_east_to_west() -> None:
    assert shape_code(turned(parse_shape("N"))) == "S"
    assert shape_code(turned(parse_shape("E"))) == "W"
    assert shape_code(turned(parse_shape("NE"))) == "SW"
    assert shape_code(turned(parse_shape("xES"))) == "xNW"
    for shape in range(32):
        assert turned(turned(shape)) == shape


def test_cards_are_never_turned_90_degrees() -> None:
    # An ES card may lie as ES or NW; lying as SW or NE would be a 90° turn
    # (and names another card, the SW card).
    assert ORIENTATIONS["ES"] == (parse_shape("ES"), parse_shape("NW"))
    game = crafted_game(3, hands={0: ["ES"] * 4 + ["xW", "map"]})
    placed = {move.card for move in game.legal_moves() if move.kind == "place"}
    assert placed == {"ES", "NW", "xW", "xE"}
    with pytest.raises(IllegalMove) as error:
        game.play("0 place SW 1,0")
    assert error.value.reason == "seat 0 has no SW card in hand"


def test_y_grows_downward_north_is_the_smaller_y() -> None:
    # The start's north side faces 0,-1: a card there must be open to the south.
    game = crafted_game(hands={0: ["NS", "ES", "SW", "map", "map", "rockfall"]})
    placed_above = {move.card for move in game.legal_moves() if move.cell == (0, -1)}
    assert placed_above == {"NS", "ES", "SW"}  # each open to the south
    placed_right = {move.card for move in game.legal_moves() if move.cell == (1, 0)}
    assert placed_right == {"NW", "SW"}  # open to the west: x grows towards the goals


def test_shape_codes_read_and_write_in_nesw_order() -> None:
    assert parse_shape("NESW") == 15
    assert parse_shape("xNS") == 16 | 1 | 4
    for bad in ("SN", "", "x", "NN", "y", "NESWx"):
        with pytest.raises(ValueError):
            parse_shape(bad)


# -- 2. players and set-up -------------------------------------------------------------

ROLE_POOL = {
    3: (1, 3),
    4: (1, 4),
    5: (2, 4),
    6: (2, 5),
    7: (3, 5),
    8: (3, 6),
    9: (3, 7),
    10: (4, 7),
}
HAND_SIZES = {3: 6, 4: 6, 5: 6, 6: 5, 7: 5, 8: 4, 9: 4, 10: 4}


@pytest.mark.parametrize("players", range(3, 11))
def test_role_pool_per_player_count(players: int) -> None:
    saboteurs, miners = ROLE_POOL[players]
    assert Counter(role_pool(players)) == {"saboteur": saboteurs, "miner": miners}
    assert len(role_pool(players)) == players + 1


@pytest.mark.parametrize("players", range(3, 11))
def test_hand_size_per_player_count(players: int) -> None:
    assert HAND_SIZE[players] == HAND_SIZES[players]


@pytest.mark.parametrize("players", range(3, 11))
def test_each_round_deals_the_67_cards_exactly_into_hands_and_pile(players: int) -> None:
    game = Game.new(players, seed=players)
    deal = game.deal
    assert [len(hand) for hand in game.hands] == [HAND_SIZES[players]] * players
    assert len(game.draw_pile) == 67 - players * HAND_SIZES[players]
    dealt = [card for hand in deal.hands for card in hand] + deal.deck
    assert Counter(dealt) == Counter(PLAYING_CARDS)
    assert game.draw_pile == deal.deck[::-1]  # bottom first: the top is drawn first
    assert Counter([*deal.roles, deal.set_aside]) == Counter(role_pool(players))
    assert sorted(deal.goals) == sorted(GOAL_CARDS)


@pytest.mark.parametrize("players", [3, 10])
def test_every_round_is_dealt_again_from_the_full_sets(players: int) -> None:
    game = Game.new(players, seed=11)
    while game.round_number < 3:
        seat = game.to_move
        assert seat is not None
        hand = game.hands[seat]
        game.play(f"{seat} discard {hand[0]}" if hand else f"{seat} pass")
    deal = game.deal
    assert Counter([*deal.roles, deal.set_aside]) == Counter(role_pool(players))
    assert Counter([c for hand in deal.hands for c in hand] + deal.deck) == Counter(PLAYING_CARDS)
    assert game.discards == []
    assert game.broken == [0] * players


def test_start_is_face_up_at_the_origin_and_goals_face_down_at_x8() -> None:
    assert START_CELL == (0, 0)
    assert GOAL_CELLS == ((8, -2), (8, 0), (8, 2))
    view = public_observation(Game.new(4, seed=3))
    assert view["maze"] == [{"x": 0, "y": 0, "shape": "NESW", "card": "start"}]
    assert view["goals"] == [
        {"x": 8, "y": -2, "face_up": False, "card": None},
        {"x": 8, "y": 0, "face_up": False, "card": None},
        {"x": 8, "y": 2, "face_up": False, "card": None},
    ]


def test_gold_deck_is_shuffled_once_for_the_game() -> None:
    game = Game.new(5, seed=21)
    assert Counter(game.gold_deck) == Counter(GOLD_CARDS)
    assert game.gold_deck == game.initial_gold_deck


def test_player_counts_outside_3_to_10_are_refused() -> None:
    for players in (2, 11):
        with pytest.raises(ValueError, match=f"Saboteur is for 3 to 10 players, not {players}"):
            Game.new(players)


def test_round_one_starts_with_the_chosen_seat_seat_0_by_default() -> None:
    assert Game.new(5, seed=1).to_move == 0
    assert Game.new(5, seed=1, first=3).to_move == 3


def test_crafted_deals_of_these_tests_are_exact_component_sets() -> None:
    # The helper that deals crafted situations must itself obey section 2:
    # a record of a crafted game replays, and records check the deal.
    script = [f"{seat} discard map" for seat in (0, 1, 2, 0, 1, 2)] + ["0 place xS 0,-1"]
    game = crafted_game(script=script, hands={2: ["rockfall"]}, deck_top=["fix-cart"])
    dealt = [card for hand in game.deal.hands for card in hand] + game.deal.deck
    assert Counter(dealt) == Counter(PLAYING_CARDS)
    assert game_to_record(game_from_record(game_to_record(game))) == game_to_record(game)
