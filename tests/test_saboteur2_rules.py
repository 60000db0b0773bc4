"""Saboteur 2, rule by rule (docs/rules-saboteur2.md): one test per rule and per
ruling, each named after it, each pinning the exact outcome of an exact,
crafted situation (tests/scenarios_saboteur2.py)."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest
from scenarios import refusal
from scenarios_saboteur2 import (
    DWARVES,
    PLAYING_CARDS,
    crafted_deal,
    crafted_game,
    discard_some,
    empty_the_pile,
    exhaust_round,
    finder_first,
    in_turn,
    play,
    to_middle_goal,
)

from pysaboteur.rules import Game, Move, Options, public_observation, seat_observation
from pysaboteur.rules.cards import E, N, S, W, cell_key
from pysaboteur.rules.editions.base import BaseGame
from pysaboteur.rules.faces import face_of
from pysaboteur.rules.results import GoldPiecesResult
from pysaboteur.rules.routes_saboteur2 import door_closes, route_starts

GREEN_BLUE_SABOTEUR = ["green", "blue", "saboteur"]


def result(game: Game, number: int = 1) -> GoldPiecesResult:
    """The result of round ``number`` (which must be over)."""
    found = game.rounds[number - 1].result
    assert isinstance(found, GoldPiecesResult)
    return found


def placements(game: Game, *, ladders_only: bool = False) -> list[str]:
    """The legal placements of the seat to move, as text."""
    return [
        str(move)
        for move in game.legal_moves()
        if move.kind == "place" and (not ladders_only or "ladder" in move.card)
    ]


def legal(game: Game, kind: str) -> list[str]:
    """The legal moves of one kind of the seat to move, as text."""
    return [str(move) for move in game.legal_moves() if move.kind == kind]


def discard_one(game: Game) -> None:
    """The seat to move discards its first card in code order, or passes."""
    seat = game.to_move
    assert seat is not None
    hand = sorted(game.hands[seat])
    game.play(f"{seat} discard {hand[0]}" if hand else f"{seat} pass")


def network_sides(game: Game, x: int, y: int) -> int:
    """The sides of the card at ``x, y`` whose tunnels are in the start network."""
    return game.maze.network.get(cell_key(x, y), 0)


def gold_found(
    roles: list[str], faces: tuple[str, ...] = ("NEW",) * 5 + ("NESW",) * 2, finder: int = 0
) -> Game:
    """A game in which ``finder`` has just reached the gold at 8,0 along a
    corridor of ``faces`` at 1,0 .. 7,0 (a steal phase may follow)."""
    players = len(roles)
    first = finder_first(finder, players)
    return crafted_game(
        players, roles=roles, first=first, script=to_middle_goal(players, first, faces)
    )


def corridor(*doors: tuple[int, str]) -> tuple[str, ...]:
    """The corridor's seven faces, with the given (x, face) door cards put in."""
    faces = ["NEW"] * 5 + ["NESW"] * 2
    for x, face in doors:
        faces[x - 1] = face
    return tuple(faces)


BLUE_DOOR = (3, "EW/door-blue")
GREEN_DOOR = (4, "EW+xN/door-green")


# -- 1. components -----------------------------------------------------------------------


def test_deck_is_the_base_cards_and_the_24_known_path_and_20_listed_action_cards() -> None:
    counts = Counter(PLAYING_CARDS)
    expansion_paths = {
        "NS+EW": 2, "NW+ES": 2, "N/ladder": 1, "E/ladder": 1, "NE/ladder": 1, "NW/ladder": 1,
        "EW/door-blue": 1, "NS/door-blue": 1, "NW/door-blue": 1,
        "EW+xN/door-green": 1, "NS/door-green": 1, "NE/door-green": 1,
        "xE/crystal": 1, "xN/crystal": 1, "NESW/crystal": 1, "NES/crystal": 3,
        "ESW/crystal": 1, "ESW+xN/crystal": 1, "NES+xW/crystal": 1, "NS+xE/crystal": 1,
    }  # fmt: skip
    expansion_actions = {
        "theft": 4, "hands-off": 3, "swap-hand": 2, "inspection": 2, "swap-hats": 2,
        "trapped": 3, "free-at-last": 4,
    }  # fmt: skip
    base = Counter(BaseGame.playing_cards)
    assert counts == base + Counter(expansion_paths) + Counter(expansion_actions)
    assert (sum(expansion_paths.values()), sum(expansion_actions.values())) == (24, 20)
    assert Counter(DWARVES) == Counter(
        {"green": 4, "blue": 4, "boss": 1, "profiteer": 1, "geologist": 2, "saboteur": 3}
    )


def test_card_codes_have_one_canonical_spelling_and_discards_name_printed_codes() -> None:
    game = crafted_game(roles=GREEN_BLUE_SABOTEUR, hands={0: ["NS+EW", "NES/crystal"]})
    assert refusal(game, "0 place EW+NS 1,0") == (
        "not a move: 0 'place EW+NS 1,0': 'EW+NS' is not a card code (spell it 'NS+EW')"
    )
    assert refusal(game, "0 discard NSW/crystal") == (
        "not a move: 0 'discard NSW/crystal': 'NSW/crystal' is not a card code"
    )
    # A card turned lies as its turned face: the NES crystal card as NSW/crystal.
    game.play("0 place NSW/crystal 1,0")
    assert "NES/crystal" not in game.hands[0]
    assert public_observation(game)["maze"][1] == {
        "x": 1,
        "y": 0,
        "shape": "NSW/crystal",
        "card": "NES/crystal",
    }


# -- 2. players and set-up ---------------------------------------------------------------


def test_setup_two_to_twelve_players_six_cards_each_ten_removed_fifteen_dwarf_cards() -> None:
    assert len(PLAYING_CARDS) == 111
    for players in range(2, 13):
        game = Game.new(players, edition="saboteur2", seed=players)
        deal = game.deal
        assert [len(hand) for hand in game.hands] == [6] * players
        assert len(deal.removed) == 10
        assert len(game.draw_pile) == 111 - 10 - 6 * players
        dealt = [*deal.removed, *(card for hand in deal.hands for card in hand), *deal.deck]
        assert Counter(dealt) == Counter(PLAYING_CARDS)
        # Every seat gets one dwarf card; the other 15 - n are the reserve, in order.
        assert len(deal.roles) == players
        assert Counter([*deal.roles, *deal.reserve]) == Counter(DWARVES)
        assert game.state.reserve == deal.reserve
        assert len(deal.reserve) == 15 - players
        view = public_observation(game)
        assert (view["reserve"], view["removed"]) == (15 - players, 10)


def test_setup_refuses_one_and_thirteen_players() -> None:
    for players in (1, 13):
        with pytest.raises(ValueError) as error:
            Game.new(players, edition="saboteur2")
        assert str(error.value) == f"Saboteur 2 is for 2 to 12 players, not {players}"


def test_round_one_begins_with_the_seat_chosen_at_the_table() -> None:
    assert Game.new(4, edition="saboteur2", seed=1).to_move == 0
    assert Game.new(4, edition="saboteur2", seed=1, first=2).to_move == 2


# -- 4. path cards -----------------------------------------------------------------------

UNCONNECTED = "none of its open sides meets an open side of a card in the start network"


def test_bridge_second_tunnel_stays_unconnected_until_reached() -> None:
    later = ["1 place ES 0,-1", "2 place SW 1,-1", "0 place NS 1,1"]
    game = crafted_game(
        roles=GREEN_BLUE_SABOTEUR, script=["0 place NS+EW 1,0"], then=later, hands={1: ["NS"]}
    )
    # Only the east-west tunnel, entered from the start, is in the network.
    assert network_sides(game, 1, 0) == E | W
    assert refusal(game, "1 place NS 1,1") == UNCONNECTED
    assert "1 place NS 1,1" not in placements(game)
    play(game, later[:2])  # the north-south tunnel is reached from 1,-1
    assert network_sides(game, 1, 0) == N | E | S | W
    assert "0 place NS 1,1" in placements(game)
    game.play(later[2])


def test_double_curve_second_tunnel_stays_unconnected_until_reached() -> None:
    later = ["1 place NE 0,1", "2 place NW 1,1", "0 place EW 2,0"]
    game = crafted_game(
        roles=GREEN_BLUE_SABOTEUR, script=["0 place NW+ES 1,0"], then=later, hands={1: ["EW", "NS"]}
    )
    assert network_sides(game, 1, 0) == N | W
    assert refusal(game, "1 place EW 2,0") == UNCONNECTED
    assert "1 place NE 1,-1" not in placements(game)  # walls: NE's S meets the curve's N
    assert "1 place NS 1,-1" in placements(game)  # the reached tunnel's N side
    play(game, later[:2])  # the east-south tunnel is reached from 1,1
    assert network_sides(game, 1, 0) == N | E | S | W
    game.play(later[2])


def test_stubs_never_join_the_start_network() -> None:
    script = ["0 place NS+xE/crystal 0,1", "1 place xW/crystal 1,0"]
    game = crafted_game(roles=GREEN_BLUE_SABOTEUR, script=script, hands={2: ["EW"]})
    # The crystal card's tunnel is in the network, its stub is not; a card of
    # stubs alone may be laid against the network but never joins it.
    assert network_sides(game, 0, 1) == N | S
    assert cell_key(1, 0) not in game.maze.network
    assert refusal(game, "2 place EW 1,1") == UNCONNECTED


def test_ladder_is_in_the_network_however_it_lies() -> None:
    # The ladder at 1,1 touches the EW card only through walls, and its one
    # open side faces an empty cell: it is in the network all the same.
    script = ["0 place EW 1,0", "1 place E/ladder 1,1", "2 place EW 2,1"]
    game = crafted_game(roles=GREEN_BLUE_SABOTEUR, script=script[:2], then=script[2:])
    assert network_sides(game, 1, 1) == E
    assert "2 place EW 2,1" in placements(game)
    game.play(script[2])
    assert network_sides(game, 2, 1) == E | W


def test_ladder_may_lie_next_to_any_placed_card_connected_or_not() -> None:
    game = crafted_game(roles=GREEN_BLUE_SABOTEUR, hands={0: ["N/ladder"]})
    # Next to the start only where the sides match: the ladder's one side must face it.
    assert placements(game, ladders_only=True) == ["0 place S/ladder 0,-1", "0 place N/ladder 0,1"]
    # Next to a card of stubs, which is in no network, and through a wall.
    game = crafted_game(
        roles=GREEN_BLUE_SABOTEUR, script=["0 place xW/crystal 1,0"], hands={1: ["E/ladder"]}
    )
    assert "1 place E/ladder 2,0" in placements(game, ladders_only=True)
    assert refusal(game, "1 place E/ladder 5,5") == "a ladder must lie next to a path card"
    assert refusal(game, "1 place E/ladder 0,0") == "cell 0,0 holds the start card"
    game.play("1 place E/ladder 2,0")
    assert network_sides(game, 2, 0) == E


def test_ladder_never_lies_next_to_a_goal_face_down_or_up() -> None:
    # The gold at 8,2: the corridor turns up the stone at 8,0 (as NW, open to the west).
    goals = ("stone-NE", "stone-NW", "gold")
    game = crafted_game(
        roles=GREEN_BLUE_SABOTEUR,
        goals=goals,
        script=to_middle_goal()[:6],
        then=to_middle_goal()[6:],
        hands={0: ["E/ladder"], 1: ["N/ladder"]},
    )
    assert game.to_move == 0
    assert refusal(game, "0 place W/ladder 7,0") == (
        "a ladder may not lie next to a goal card, as 7,0 does"
    )
    assert not [move for move in placements(game, ladders_only=True) if move.endswith(" 7,0")]
    game.play("0 place NESW 7,0")
    assert game.maze.revealed == [False, True, False]
    assert refusal(game, "1 place N/ladder 9,0") == (
        "a ladder may not lie next to a goal card, as 9,0 does"
    )
    assert refusal(game, "1 place N/ladder 8,1") == (
        "a ladder may not lie next to a goal card, as 8,1 does"
    )


def test_rockfall_cut_cards_are_reached_again_through_a_ladder() -> None:
    script = ["0 place NEW 1,0", "1 place NESW 2,0", "2 place NEW 3,0", "0 rockfall 1,0"]
    later = ["1 place N/ladder 2,1", "2 place NEW 4,0"]
    game = crafted_game(roles=GREEN_BLUE_SABOTEUR, script=script, then=later, hands={1: ["NEW"]})
    assert cell_key(2, 0) not in game.maze.network
    assert refusal(game, "1 place NEW 4,0") == UNCONNECTED
    game.play(later[0])
    assert network_sides(game, 2, 0) == N | E | S | W
    assert network_sides(game, 3, 0) == N | E | W
    assert "2 place NEW 4,0" in placements(game)
    game.play(later[1])


def test_rockfall_removes_expansion_cards_never_the_start_or_a_goal() -> None:
    script = ["0 place NS+EW 1,0", "1 place N/ladder 0,1"]
    game = crafted_game(roles=GREEN_BLUE_SABOTEUR, script=script, hands={2: ["rockfall"]})
    assert legal(game, "rockfall") == ["2 rockfall 0,1", "2 rockfall 1,0"]
    assert refusal(game, "2 rockfall 0,0") == "rockfall cannot remove the start card"
    assert refusal(game, "2 rockfall 8,0") == "rockfall cannot remove a goal card"
    game.play("2 rockfall 0,1")
    assert game.maze.ladders == set()
    assert game.discards == ["rockfall", "N/ladder"]


def test_far_cells_are_bounded_at_88_cells() -> None:
    game = crafted_game(roles=GREEN_BLUE_SABOTEUR, hands={0: ["NESW"]})
    assert refusal(game, "0 place NESW 89,0") == "cell 89,0 is out of reach of any card"
    assert refusal(game, "0 place NESW 0,-89") == "cell 0,-89 is out of reach of any card"
    assert refusal(game, "0 place NESW 88,0") == UNCONNECTED


# -- 4.4 and 6: doors and who wins ----------------------------------------------------------


def test_door_of_the_other_colour_keeps_a_team_from_winning_not_from_building_or_revealing() -> (
    None
):
    # The green finder builds past a blue door and turns the gold up; the gold
    # is open to blue only, so the blue team wins.
    game = gold_found(["green", "blue", "saboteur"], corridor(BLUE_DOOR))
    assert result(game) == GoldPiecesResult(True, 0, ["blue"], [1], [0, 5, 0], [])
    assert game.gold_pieces == [0, 5, 0]


def test_gold_reached_through_no_door_is_open_to_both_colours() -> None:
    game = gold_found(["blue", "green", "saboteur"])
    assert result(game).open_to == ["green", "blue"]
    # A door of one's own colour does not close the route.
    game = gold_found(["blue", "green", "saboteur"], corridor((3, "EW/door-blue")))
    assert result(game).open_to == ["blue"]
    assert result(game).winners == [0]


@pytest.mark.parametrize(
    ("finder_role", "doors", "open_to", "gold"),
    [
        ("green", (), ["green", "blue"], [4, 4, 0, 0]),
        ("green", (BLUE_DOOR,), ["blue"], [0, 0, 5, 0]),
        ("blue", (GREEN_DOOR,), ["green"], [0, 5, 0, 0]),
        ("blue", (BLUE_DOOR,), ["blue"], [4, 0, 4, 0]),
        ("green", (BLUE_DOOR, GREEN_DOOR), [], [0, 0, 0, 0]),
    ],
)
def test_gold_digger_finder_wins_for_its_team_if_open_to_it_else_for_the_other(
    finder_role: str, doors: tuple[tuple[int, str], ...], open_to: list[str], gold: list[int]
) -> None:
    game = gold_found([finder_role, "green", "blue", "saboteur"], corridor(*doors))
    found = result(game)
    assert (found.finder, found.open_to, found.gold) == (0, open_to, gold)
    assert found.winners == [seat for seat, pieces in enumerate(gold) if pieces]


@pytest.mark.parametrize(
    ("finder_role", "doors", "gold"),
    [
        ("boss", (), [2, 3, 3, 0]),
        ("boss", (BLUE_DOOR,), [3, 0, 4, 0]),
        ("profiteer", (), [1, 3, 3, 0]),
        ("profiteer", (BLUE_DOOR,), [2, 0, 4, 0]),
        ("geologist", (), [0, 4, 4, 0]),
        ("geologist", (GREEN_DOOR,), [0, 5, 0, 0]),
        ("saboteur", (), [0, 4, 4, 0]),
        ("saboteur", (BLUE_DOOR,), [0, 0, 5, 0]),
    ],
)
def test_finder_outside_the_teams_wins_for_every_team_the_gold_is_open_to(
    finder_role: str, doors: tuple[tuple[int, str], ...], gold: list[int]
) -> None:
    game = gold_found([finder_role, "green", "blue", "saboteur"], corridor(*doors))
    found = result(game)
    assert found.gold == gold
    # No crystal lies in the maze, so the winners are the seats paid.
    assert found.winners == [seat for seat, pieces in enumerate(gold) if pieces]


def test_start_and_ladders_are_joined_so_a_route_by_a_ladder_passes_no_door() -> None:
    # The corridor crosses a blue door at 3,0, but a ladder at 5,1 joins 5,0
    # to the start directly: the gold is open to green too, so the green finder wins.
    script = in_turn(
        [
            "place NEW 1,0", "place NEW 2,0", "place EW/door-blue 3,0", "place NEW 4,0",
            "place NESW 5,0", "place N/ladder 5,1", "place NESW 6,0", "place NESW 7,0",
        ]
    )  # fmt: skip
    game = crafted_game(roles=["green", "green", "blue"], script=script)
    assert result(game) == GoldPiecesResult(True, 1, ["green", "blue"], [0, 1], [4, 4, 0], [])
    # Without the ladder only the blue team could win.
    script = [*script[:5], "2 place NESW 6,0", "0 place NESW 7,0"]
    game = crafted_game(roles=["green", "green", "blue"], script=script)
    assert result(game) == GoldPiecesResult(True, 0, ["blue"], [2], [0, 0, 5], [])


def test_gold_closed_to_both_colours_nobody_but_the_profiteer_wins() -> None:
    game = gold_found(["green", "boss", "profiteer", "blue"], corridor(BLUE_DOOR, GREEN_DOOR))
    assert result(game) == GoldPiecesResult(True, 0, [], [2], [0, 0, 3, 0], [])


def test_boss_wins_whenever_a_team_wins_even_with_no_member_in_play_and_gets_one_less() -> None:
    # No gold-digger in play: both teams win, and so does the boss (5 - 1).
    game = gold_found(["boss", "saboteur", "geologist"])
    assert result(game) == GoldPiecesResult(True, 0, ["green", "blue"], [0], [4, 0, 0], [])
    # The only green is trapped: its team still wins, the boss with it.
    script = [
        "0 trapped @1",
        *in_turn(
            [
                "discard map", "place NEW 1,0", "place NEW 2,0",
                "discard map", "place NEW 3,0", "place NEW 4,0",
                "discard map", "place NEW 5,0", "place NESW 6,0",
                "discard map", "place NESW 7,0",
            ],
            first=1,
        ),
    ]  # fmt: skip
    game = crafted_game(roles=["saboteur", "green", "boss"], script=script)
    assert result(game) == GoldPiecesResult(True, 2, ["green", "blue"], [2], [0, 0, 4], [])


def test_profiteer_gets_two_less_never_below_zero_and_wins_when_the_saboteurs_win() -> None:
    game = crafted_game(roles=["saboteur", "profiteer", "green"])
    exhaust_round(game)
    assert result(game) == GoldPiecesResult(False, None, [], [0, 1], [4, 2, 0], [])
    # Six winners: the share is 1, so the boss gets 0 and the profiteer 0, not -1.
    roles = ["green", "green", "green", "green", "boss", "profiteer", "saboteur"]
    game = gold_found(roles)
    assert result(game).winners == [0, 1, 2, 3, 4, 5]
    assert result(game).gold == [1, 1, 1, 1, 0, 0, 0]


@pytest.mark.parametrize(
    ("roles", "gold"),
    [
        (["green", "blue", "blue", "saboteur", "saboteur", "geologist"], [5, 0, 0, 0, 0, 0]),
        (["green", "green", "blue", "saboteur", "saboteur", "geologist"], [4, 4, 0, 0, 0, 0]),
        (["green", "green", "green", "blue", "saboteur", "geologist"], [3, 3, 3, 0, 0, 0]),
        (["green", "green", "green", "green", "blue", "saboteur"], [2, 2, 2, 2, 0, 0]),
        (["green", "green", "green", "green", "boss", "saboteur"], [1, 1, 1, 1, 0, 0]),
    ],
)
def test_winners_share_is_5_4_3_2_1_by_the_number_of_winners(
    roles: list[str], gold: list[int]
) -> None:
    assert result(gold_found(roles)).gold == gold


def test_winners_share_pays_winning_saboteurs_the_full_share() -> None:
    game = crafted_game(4, roles=["saboteur", "saboteur", "saboteur", "green"])
    exhaust_round(game)
    assert result(game).gold == [3, 3, 3, 0]


def test_rulebook_example_one_blue_digger_the_boss_and_the_profiteer_get_3_2_1() -> None:
    game = gold_found(["blue", "boss", "profiteer", "saboteur"])
    assert result(game) == GoldPiecesResult(True, 0, ["green", "blue"], [0, 1, 2], [3, 2, 1, 0])


# -- 7.2 geologists ----------------------------------------------------------------------

#: Three crystals: a card of stubs alone (never in the network), a tunnel card
#: below the start, and one in the corridor; then the blue seat 2 finds the gold.
CRYSTALS = [
    "0 place NS+xE/crystal 0,1",
    "1 place xS/crystal 0,-1",
    *in_turn(
        [f"place {face} {x},0" for x, face in enumerate(corridor((5, "NESW/crystal")), 1)],
        first=2,
    ),
]


def test_geologists_never_win_and_get_the_crystals_face_up_connected_or_not() -> None:
    game = crafted_game(roles=["geologist", "green", "blue"], script=CRYSTALS)
    found = result(game)
    assert (found.finder, found.winners, found.gold) == (2, [2], [3, 0, 5])
    assert game.rounds[0].final is not None and game.rounds[0].final.maze.crystals() == 3


def test_two_geologists_split_the_crystals_and_the_odd_one_pays_nobody() -> None:
    game = crafted_game(roles=["geologist", "blue", "geologist"], script=CRYSTALS)
    # The finder is geologist 2: both teams win, that is the blue seat 1 alone.
    assert result(game).gold == [1, 5, 1]


def test_trapped_geologist_gets_nothing_and_its_half_pays_nobody() -> None:
    # Four crystals; geologist 0 is trapped and stays so.
    script = [
        "0 place NS+xE/crystal 0,1",
        "1 place xS/crystal 0,-1",
        "2 trapped @0",
        *in_turn(
            [
                "discard map", "place NESW/crystal 1,0", "place ESW/crystal 2,0",
                "discard map", "place NEW 3,0", "place NEW 4,0",
                "discard map", "place NEW 5,0", "place NEW 6,0",
                "discard map", "place NESW 7,0",
            ]
        ),
    ]  # fmt: skip
    game = crafted_game(roles=["geologist", "green", "geologist"], script=script)
    assert result(game) == GoldPiecesResult(True, 1, ["green", "blue"], [1], [0, 5, 2], [])


# -- 5. action cards ----------------------------------------------------------------------


def test_trapped_seat_cannot_place_path_cards_not_even_a_ladder() -> None:
    game = crafted_game(
        roles=GREEN_BLUE_SABOTEUR,
        script=["0 trapped @1"],
        hands={1: ["N/ladder", "NESW", "theft", "map", "map", "map"]},
    )
    assert placements(game) == []
    assert refusal(game, "1 place N/ladder 0,1") == "seat 1 is trapped and cannot place path cards"
    assert refusal(game, "1 place NESW 1,0") == "seat 1 is trapped and cannot place path cards"
    # Action cards and discards are still its to play, a theft included.
    assert legal(game, "theft") == ["1 theft"]
    assert legal(game, "map") == ["1 map 8,-2", "1 map 8,0", "1 map 8,2"]


def test_trapped_seat_is_no_winner() -> None:
    script = [
        "2 trapped @1",
        *in_turn(
            [
                "place NEW 1,0", "discard map", "place NEW 2,0",
                "place NEW 3,0", "discard map", "place NEW 4,0",
                "place NEW 5,0", "discard map", "place NESW 6,0",
                "place NESW 7,0",
            ]
        ),
    ]  # fmt: skip
    game = crafted_game(roles=["green", "green", "saboteur"], script=script, first=2)
    assert result(game) == GoldPiecesResult(True, 0, ["green", "blue"], [0], [5, 0, 0], [])


def test_free_at_last_may_be_played_on_oneself() -> None:
    game = crafted_game(
        roles=GREEN_BLUE_SABOTEUR, script=["0 trapped @1"], hands={1: ["free-at-last"]}
    )
    assert legal(game, "free-at-last") == ["1 free-at-last @1"]
    assert refusal(game, "1 free-at-last @0") == "seat 0 is not trapped"
    game.play("1 free-at-last @1")
    assert game.state.trapped == [False, False, False]
    assert game.discards == ["free-at-last", "trapped"]


def test_trapped_is_played_neither_on_oneself_nor_on_a_trapped_seat() -> None:
    game = crafted_game(
        roles=GREEN_BLUE_SABOTEUR,
        script=["0 trapped @1", "1 discard map"],
        hands={0: ["trapped"], 2: ["trapped"]},
    )
    assert legal(game, "trapped") == ["2 trapped @0"]
    assert refusal(game, "2 trapped @2") == "trapped is played in front of another seat"
    assert refusal(game, "2 trapped @1") == "seat 1 is trapped already"


def test_theft_lies_only_once_in_front_of_a_seat() -> None:
    game = crafted_game(
        roles=GREEN_BLUE_SABOTEUR,
        script=["0 theft", "1 discard map", "2 discard map"],
        hands={0: ["theft", "theft"]},
    )
    assert game.state.thieves == [0]
    assert legal(game, "theft") == []
    assert refusal(game, "0 theft") == "seat 0 already has a theft in front of it"


def test_hands_off_may_be_played_on_oneself() -> None:
    game = crafted_game(
        roles=GREEN_BLUE_SABOTEUR,
        script=["0 theft", "1 theft", "2 discard map"],
        hands={0: ["hands-off"]},
    )
    assert legal(game, "hands-off") == ["0 hands-off @0", "0 hands-off @1"]
    assert refusal(game, "0 hands-off @2") == "seat 2 has no theft in front of it"
    game.play("0 hands-off @0")
    assert game.state.thieves == [1]
    assert game.discards == ["map", "hands-off", "theft"]


#: Five seats; thefts are played by seats 1, 4 and 2 in that order, then the
#: green seat 4 reaches the gold: the greens 0, 2 and 4 win 3 GP each.
THIEVES = [
    "0 place NEW 1,0", "1 theft", "2 place NEW 2,0", "3 place NEW 3,0", "4 theft",
    "0 place NEW 4,0", "1 place NEW 5,0", "2 theft", "3 place NESW 6,0", "4 place NESW 7,0",
]  # fmt: skip
FIVE_SEATS = ["green", "blue", "green", "blue", "green"]


def test_the_last_thief_steals_first_then_the_others_clockwise_from_it() -> None:
    game = crafted_game(5, roles=FIVE_SEATS, script=THIEVES)
    assert game.gold_pieces == [3, 0, 3, 0, 3]
    assert (game.phase, game.to_move, game.state.stealing) == ("steal", 2, [2, 4, 1])
    assert legal(game, "steal") == ["2 steal @0", "2 steal @4"]
    game.play("2 steal @0")
    assert (game.to_move, legal(game, "steal")) == (4, ["4 steal @0", "4 steal @2"])
    game.play("4 steal @2")
    assert (game.to_move, legal(game, "steal")) == (1, ["1 steal @0", "1 steal @2", "1 steal @4"])
    game.play("1 steal @4")
    found = result(game)
    assert found.thefts == [[2, 0], [4, 2], [1, 4]]
    assert found.gold == [2, 1, 3, 0, 3]
    assert game.gold_pieces == [2, 1, 3, 0, 3]
    assert game.round_number == 2


def test_a_victim_is_any_other_seat_holding_gold_pieces_from_any_round() -> None:
    # Round 1: green 0 finds the gold (5 GP). Round 2 begins with seat 1, which
    # plays a theft; the saboteurs win, and the thief robs seat 0 of GP won
    # in round 1, so seat 0's pay for round 2 is -1.
    deals = [
        crafted_deal(roles=GREEN_BLUE_SABOTEUR, script=to_middle_goal()),
        crafted_deal(roles=["green", "saboteur", "blue"], first=1, script=["1 theft"]),
    ]
    game = Game(3, seed=0, deals=deals, edition="saboteur2")
    play(game, [*to_middle_goal(), "1 theft"])
    exhaust_round(game)
    assert (game.phase, game.to_move, legal(game, "steal")) == ("steal", 1, ["1 steal @0"])
    game.play("1 steal @0")
    assert result(game, 2).gold == [-1, 6, 0]
    assert game.gold_pieces == [4, 6, 0]


def test_steal_moves_are_the_only_moves_while_thieves_steal() -> None:
    game = crafted_game(5, roles=FIVE_SEATS, script=THIEVES)
    assert {move.kind for move in game.legal_moves()} == {"steal"}
    card = game.hands[2][0]
    stealing = "the thieves are stealing: only steal moves until they are done"
    assert refusal(game, f"2 discard {card}") == stealing
    assert refusal(game, "4 steal @0") == "it is seat 2's turn, not seat 4's"
    assert refusal(game, "2 steal @2") == "a thief steals from another seat"
    assert refusal(game, "2 steal @1") == "seat 1 has no gold pieces to steal"


def test_a_trapped_thief_does_not_steal_nor_set_the_order() -> None:
    # Thefts by seats 3, 1 and 2 in that order; seat 2 is trapped and stays so.
    script = [
        "0 discard map", "1 discard map", "2 discard map", "3 theft", "4 trapped @2",
        "0 discard map", "1 theft", "2 theft",
    ]  # fmt: skip
    game = crafted_game(5, roles=["saboteur", "green", "blue", "green", "saboteur"], script=script)
    exhaust_round(game)
    # The saboteurs win 4 each. Thief 1 played last among those who steal, so
    # it begins (not thief 3, the next clockwise from the trapped seat 2).
    assert game.gold_pieces == [4, 0, 0, 0, 4]
    assert (game.phase, game.to_move, game.state.stealing) == ("steal", 1, [1, 3])
    assert legal(game, "steal") == ["1 steal @0", "1 steal @4"]
    play(game, ["1 steal @0", "3 steal @4"])
    assert result(game) == GoldPiecesResult(
        False, None, [], [0, 4], [3, 1, 0, 1, 3], [[1, 0], [3, 4]]
    )


def test_a_thief_with_nobody_to_rob_makes_no_move() -> None:
    game = crafted_game(roles=["saboteur", "green", "blue"], script=["0 theft"])
    exhaust_round(game)
    # Only the thief itself holds gold pieces: the round ends with no steal.
    assert result(game) == GoldPiecesResult(False, None, [], [0], [5, 0, 0], [])
    assert not [move for move in game.rounds[0].moves if move.kind == "steal"]
    assert (game.round_number, game.phase) == (2, "play")


def test_swap_hand_exchanges_hands_the_other_seat_draws_one_the_player_none() -> None:
    game = crafted_game(roles=GREEN_BLUE_SABOTEUR, hands={0: ["swap-hand"]})
    assert refusal(game, "0 swap-hand @0") == "swap hands is played with another seat"
    assert legal(game, "swap-hand") == ["0 swap-hand @1", "0 swap-hand @2"]
    gave = [card for card in game.hands[0] if card != "swap-hand"]
    got = list(game.hands[1])
    top = game.draw_pile[-1]
    game.play("0 swap-hand @1")
    assert game.hands[0] == got
    assert game.hands[1] == [*gave, top]
    assert game.discards == ["swap-hand"]
    assert len(game.draw_pile) == 111 - 10 - 18 - 1
    # Each of the two knows the other's old hand; the third seat only sees the move.
    assert seat_observation(game, 0)["swaps"] == [{"move": 0, "with": 1, "gave": gave, "got": got}]
    assert seat_observation(game, 1)["swaps"] == [{"move": 0, "with": 0, "gave": got, "got": gave}]
    assert seat_observation(game, 2)["swaps"] == []
    assert seat_observation(game, 2)["history"] == [["0 swap-hand @1"]]


def test_swap_hand_either_hand_may_be_empty_and_a_seat_that_passed_plays_again() -> None:
    game = crafted_game(roles=GREEN_BLUE_SABOTEUR, hands={0: ["swap-hand"], 2: ["swap-hand"]})
    empty_the_pile(game, keep=["swap-hand"])
    while not (game.to_move == 0 and game.hands[0] == ["swap-hand"]):
        if game.to_move == 0:
            discard_some(game, keep=["swap-hand"])
        else:  # the others keep cards to be swapped
            seat = game.to_move
            assert seat is not None
            card = sorted(card for card in game.hands[seat] if card != "swap-hand")[0]
            game.play(f"{seat} discard {card}")
    ones = sorted(game.hands[1])  # a hand changes owner sorted
    twos = sorted(card for card in game.hands[2] if card != "swap-hand")
    game.play("0 swap-hand @1")  # its own hand is empty once the card is played
    assert (game.hands[0], game.hands[1]) == (ones, [])
    assert legal(game, "pass") == ["1 pass"] and len(game.legal_moves()) == 1
    game.play("1 pass")
    game.play("2 swap-hand @1")  # with an empty hand
    assert (game.hands[1], game.hands[2]) == (twos, [])
    discard_some(game)  # seat 0
    assert game.to_move == 1
    assert "1 pass" not in [str(move) for move in game.legal_moves()]


def test_inspection_only_of_another_seat_its_result_only_in_the_inspecting_view() -> None:
    game = crafted_game(roles=GREEN_BLUE_SABOTEUR, hands={0: ["inspection"]})
    assert legal(game, "inspection") == ["0 inspection @1", "0 inspection @2"]
    assert refusal(game, "0 inspection @0") == "inspection looks at another seat's dwarf card"
    game.play("0 inspection @2")
    assert seat_observation(game, 0)["looks"] == [{"move": 0, "seat": 2, "role": "saboteur"}]
    assert seat_observation(game, 1)["looks"] == []
    assert seat_observation(game, 2)["looks"] == []
    assert "looks" not in public_observation(game)
    assert public_observation(game)["history"] == [["0 inspection @2"]]


def test_swap_hats_target_takes_the_top_of_the_reserve_the_old_card_is_out_for_the_round() -> None:
    reserve = ["boss", "green", "green", "green", "blue", "blue", "blue"]
    reserve += ["profiteer", "geologist", "geologist", "saboteur", "saboteur"]
    game = crafted_game(
        roles=GREEN_BLUE_SABOTEUR,
        reserve=reserve,
        hands={0: ["swap-hats"], 1: ["swap-hats"]},
    )
    assert legal(game, "swap-hats") == ["0 swap-hats @0", "0 swap-hats @1", "0 swap-hats @2"]
    game.play("0 swap-hats @1")
    assert game.roles == ["green", "boss", "saboteur"]
    assert (game.state.reserve, game.state.hats_out) == (reserve[1:], ["blue"])
    # Only the target sees its new card, and it keeps knowing the one it gave up.
    assert seat_observation(game, 1)["role"] == "boss"
    looks = [{"move": 0, "seat": 1, "role": "boss", "laid_aside": "blue"}]
    assert seat_observation(game, 1)["looks"] == looks
    assert seat_observation(game, 0)["looks"] == seat_observation(game, 2)["looks"] == []
    assert public_observation(game)["reserve"] == 11
    game.play("1 swap-hats @1")  # on itself: the boss is laid aside, not put back
    assert game.roles == ["green", "green", "saboteur"]
    assert (game.state.reserve, game.state.hats_out) == (reserve[2:], ["blue", "boss"])


def test_swap_hats_is_not_playable_with_an_empty_reserve() -> None:
    # Unreachable in a real deal (the reserve holds at least 3 cards, and there
    # are only 2 swap-hats), so this deal is made by hand with no reserve.
    deal = crafted_deal(roles=GREEN_BLUE_SABOTEUR, hands={0: ["swap-hats"]})
    game = Game(3, deals=[replace(deal, reserve=[])], edition="saboteur2")
    assert legal(game, "swap-hats") == []
    assert refusal(game, "0 swap-hats @1") == (
        "the role reserve is empty: no new dwarf card can be drawn"
    )


def test_action_cards_of_the_same_type_lie_once_in_front_of_a_seat() -> None:
    game = crafted_game(
        roles=GREEN_BLUE_SABOTEUR,
        script=["0 break-pick @1", "1 theft", "2 trapped @1"],
        hands={0: ["break-pick", "break-pick", "trapped", "theft"]},
    )
    assert legal(game, "break") == ["0 break-pick @0", "0 break-pick @2"]
    assert legal(game, "trapped") == ["0 trapped @2"]
    assert legal(game, "theft") == ["0 theft"]


# -- 3. a turn ---------------------------------------------------------------------------


def test_discard_takes_one_to_three_cards_and_draws_as_many() -> None:
    hand = ["NS", "EW", "map", "rockfall", "theft", "trapped"]
    game = crafted_game(roles=GREEN_BLUE_SABOTEUR, hands={0: hand})
    assert len(legal(game, "discard")) == 6 + 15 + 20
    top_three = game.draw_pile[-3:][::-1]
    game.play("0 discard EW map theft")
    assert game.hands[0] == ["NS", "rockfall", "trapped", *top_three]
    assert game.discards == ["EW", "map", "theft"]
    assert seat_observation(game, 1)["history"] == [["0 discard ? ? ?"]]
    cards = sorted(game.hands[1][:4])
    four = Move(1, "discard", cards[0], also=tuple(cards[1:]))
    assert game.why_illegal(four) == "a discard in Saboteur 2 takes 1 to 3 cards"


def test_every_draw_stops_when_the_pile_is_empty() -> None:
    game = crafted_game(roles=GREEN_BLUE_SABOTEUR)
    while len(game.draw_pile) > 2:
        discard_one(game)
    seat = game.to_move
    assert seat is not None
    before = len(game.hands[seat])
    discard_some(game)  # three cards out, the last two of the pile in
    assert (len(game.hands[seat]), game.draw_pile) == (before - 1, [])


def test_discards_are_face_down_others_see_how_many_unless_hands_are_open() -> None:
    script = ["0 discard map", "1 discard NS map", "2 discard NS NS map"]
    game = crafted_game(roles=GREEN_BLUE_SABOTEUR, script=script)
    assert seat_observation(game, 0)["history"] == [
        ["0 discard map", "1 discard ? ?", "2 discard ? ? ?"]
    ]
    assert public_observation(game)["history"] == [
        ["0 discard", "1 discard ? ?", "2 discard ? ? ?"]
    ]
    game = crafted_game(roles=GREEN_BLUE_SABOTEUR, script=script, options=Options(open_hands=True))
    assert public_observation(game)["history"] == [script]
    assert public_observation(game)["hands"] == game.hands
    assert "role" not in public_observation(game) and public_observation(game)["reserve"] == 12


def test_clear_discards_two_and_removes_a_broken_tool_a_trapped_or_its_own_theft() -> None:
    script = ["0 theft", "1 trapped @0", "2 break-pick @0"]
    game = crafted_game(
        roles=GREEN_BLUE_SABOTEUR,
        script=script,
        hands={0: ["theft", "NS", "NS", "EW", "map", "map"]},
        deck_top=["rockfall"],
    )
    assert sorted(game.hands[0]) == ["EW", "NS", "NS", "map", "map", "rockfall"]
    pairs = ["EW NS", "EW map", "EW rockfall", "NS NS", "NS map", "NS rockfall"]
    pairs += ["map map", "map rockfall"]
    assert legal(game, "clear") == [
        f"0 clear {front} {pair}" for front in ("break-pick", "trapped", "theft") for pair in pairs
    ]
    assert refusal(game, "0 clear break-lamp NS NS") == "seat 0 has no break-lamp in front of it"
    game.play("0 clear trapped NS map")
    assert game.state.trapped == [False, False, False]
    assert len(game.hands[0]) == 5  # two cards out, one drawn
    assert game.discards[-3:] == ["NS", "map", "trapped"]
    assert seat_observation(game, 1)["history"] == [[*script, "0 clear trapped ? ?"]]
    play(game, ["1 discard " + sorted(game.hands[1])[0], "2 discard " + sorted(game.hands[2])[0]])
    game.play("0 clear theft EW NS")
    assert (game.state.thieves, len(game.hands[0])) == ([], 4)
    discard_some(game)
    discard_some(game)
    game.play("0 clear break-pick map rockfall")
    assert (game.state.broken, len(game.hands[0])) == ([0, 0, 0], 3)


def test_clear_needs_two_cards_in_hand_and_a_card_in_front() -> None:
    game = crafted_game(roles=GREEN_BLUE_SABOTEUR, hands={0: ["NS", "NS"]})
    assert legal(game, "clear") == []
    assert refusal(game, "0 clear trapped NS NS") == "seat 0 has no trapped in front of it"
    # A trapped seat down to one card cannot clear either.
    game = crafted_game(roles=GREEN_BLUE_SABOTEUR, script=["0 trapped @1"])
    empty_the_pile(game)
    while not (game.to_move == 1 and len(game.hands[1]) == 1):
        discard_one(game)
    assert game.state.trapped[1]
    assert legal(game, "clear") == []
    card = game.hands[1][0]
    assert (
        refusal(game, f"1 clear trapped {card} {card}") == f"seat 1 holds fewer than 2 {card} cards"
    )


def test_with_an_empty_pile_a_seat_holding_cards_must_play_with_an_empty_hand_it_passes() -> None:
    game = crafted_game(roles=GREEN_BLUE_SABOTEUR)
    empty_the_pile(game)
    seat = game.to_move
    assert seat is not None and len(game.hands[seat]) >= 3
    assert refusal(game, f"{seat} pass") == "pass is allowed only with an empty hand"
    before = len(game.hands[seat])
    discard_some(game)  # a discard of three draws nothing now
    assert len(game.hands[seat]) == before - 3
    # Seat 0 discards three at a time, the others one, until seat 0 is to move empty-handed.
    while game.to_move != 0 or game.hands[0]:
        if game.to_move == 0:
            discard_some(game)
        else:
            discard_one(game)
    assert any(game.hands)
    assert [str(move) for move in game.legal_moves()] == ["0 pass"]
    game.play("0 pass")
    assert (game.hands[0], game.to_move, game.round_number) == ([], 1, 1)


def test_the_round_ends_when_the_pile_and_every_hand_are_empty() -> None:
    game = crafted_game(roles=["green", "profiteer", "saboteur"])
    empty_the_pile(game)
    assert game.round_number == 1  # the hands still hold cards
    exhaust_round(game)
    log = game.rounds[0]
    assert result(game) == GoldPiecesResult(False, None, [], [1, 2], [0, 2, 4], [])
    assert log.final is not None and not any(log.final.hands) and not log.final.draw_pile
    assert game.round_number == 2


def test_a_game_has_three_rounds() -> None:
    game = Game.new(3, edition="saboteur2", seed=5)
    for number in (1, 2, 3):
        assert game.round_number == number
        exhaust_round(game)
        while game.phase == "steal":
            game.play(game.legal_moves()[0])
    assert game.is_over and len(game.rounds) == 3
    assert game.legal_moves() == []
    assert game.why_illegal(Move(0, "pass")) == "the game is over"


def test_next_round_starts_after_the_seat_that_played_the_last_card() -> None:
    # The gold reached by seat 4: the steals that follow are not turns.
    game = crafted_game(5, roles=FIVE_SEATS, script=[*THIEVES, "2 steal @0", "4 steal @2"])
    game.play("1 steal @4")
    assert (game.round_number, game.first, game.to_move) == (2, 0, 0)
    # The gold not reached: after the seat whose move emptied the last hand.
    game = crafted_game(roles=GREEN_BLUE_SABOTEUR)
    exhaust_round(game)
    last = game.rounds[0].moves[-1].seat
    assert game.first == (last + 1) % 3
    # The rule option still chooses: rotate goes on from the first seat.
    game = crafted_game(roles=GREEN_BLUE_SABOTEUR, options=Options(next_round_start="rotate"))
    exhaust_round(game)
    assert game.first == 1
    # last-path: the seat that laid the last path card, expansion cards included.
    game = crafted_game(
        roles=GREEN_BLUE_SABOTEUR,
        script=["0 place NS+EW 1,0", "1 place N/ladder 0,1"],
        options=Options(next_round_start="last-path"),
    )
    exhaust_round(game)
    assert game.first == 1


def test_the_most_gold_pieces_wins_the_game_and_ties_share() -> None:
    # Round 1: green 0 finds (5). Round 2 begins after it with seat 1, and
    # green 1 finds (5). Round 3 begins with seat 2: greens 0 and 1 win 4 each.
    rounds = [
        (["green", "blue", "saboteur"], 0),
        (["blue", "green", "saboteur"], 1),
        (["green", "green", "saboteur"], 2),
    ]
    deals = [
        crafted_deal(roles=roles, first=first, script=to_middle_goal(3, first))
        for roles, first in rounds
    ]
    game = Game(3, seed=0, deals=deals, edition="saboteur2")
    for number, (_, first) in enumerate(rounds, 1):
        assert (game.round_number, game.first) == (number, first)
        play(game, to_middle_goal(3, first))
    assert [result(game, number).gold for number in (1, 2, 3)] == [[5, 0, 0], [0, 5, 0], [4, 4, 0]]
    assert game.is_over
    assert (game.nuggets, game.winners) == ([9, 9, 0], [0, 1])


def test_gold_pieces_are_public_in_every_view() -> None:
    game = gold_found(["green", "blue", "saboteur"])
    assert game.round_number == 2 and not game.is_over
    views = [public_observation(game), *(seat_observation(game, seat) for seat in range(3))]
    assert [view["gold_pieces"] for view in views] == [[5, 0, 0]] * 4


def test_round_end_shows_the_dwarf_cards_in_front_of_the_seats_not_the_reserve() -> None:
    game = crafted_game(
        roles=GREEN_BLUE_SABOTEUR,
        script=["0 swap-hats @2", *to_middle_goal(first=1)],
        hands={0: ["swap-hats"]},
    )
    shown = public_observation(game)["rounds"][0]
    assert shown["roles"] == ["green", "blue", "green"]
    # Hidden while the game goes on (shown once it is over).
    assert shown["reserve"] is None and shown["hats_out"] is None


def test_routes_open_at_the_start_and_ladders_and_only_the_other_colour_s_door_closes_them() -> (
    None
):
    # rules/routes_saboteur2.py: what the engine (gold_open_to) and the bots share.
    blue_door, green_door = face_of("NS/door-blue"), face_of("NS/door-green")
    assert [door_closes(blue_door, colour) for colour in ("green", "blue", None)] == [
        True,
        False,
        False,
    ]
    assert [door_closes(green_door, colour) for colour in ("green", "blue", None)] == [
        False,
        True,
        False,
    ]
    assert not door_closes(face_of("NS+EW"), "green")
    ladder = face_of("NE/ladder")
    cells = {cell_key(0, 0): face_of("NESW"), cell_key(3, 2): ladder}
    assert route_starts(cells, [cell_key(3, 2)]) == [
        (cell_key(0, 0), N | E | S | W),
        (cell_key(3, 2), N | E),
    ]
