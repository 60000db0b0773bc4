"""Rules sections 3 and 6: a turn (play, discard, pass, draw), the end of a
round, and what the observations show then; the ``open_hands`` option."""

from __future__ import annotations

from scenarios import GOLD_IN_THE_MIDDLE, crafted_game, discard_until_round_ends, refusal

from pysaboteur.rules import Deal, Game, Options, RoundResult, public_observation, seat_observation


def discard_until_the_pile_is_empty(game: Game) -> None:
    while game.draw_pile:
        seat = game.to_move
        assert seat is not None
        game.play(f"{seat} discard {game.hands[seat][0]}")


# -- a turn --------------------------------------------------------------------------


def test_discard_is_always_allowed_with_a_non_empty_hand() -> None:
    # Seat 0 has every tool broken and cards it could not otherwise play.
    moves = ["0 break-pick @0", "1 break-lamp @0", "2 break-cart @0"]
    hand = ["NESW", "fix-pick", "map", "rockfall", "xN", "NESW"]
    game = crafted_game(script=moves, hands={0: hand[:5]}, deck_top=hand[5:])
    assert sorted(game.hands[0]) == sorted(hand)
    discards = [str(move) for move in game.legal_moves() if move.kind == "discard"]
    assert discards == [f"0 discard {card}" for card in dict.fromkeys(game.hands[0])]
    game.play("0 discard NESW")
    assert game.discards == ["NESW"]


def test_discard_is_face_down_only_its_seat_sees_the_card() -> None:
    game = crafted_game(script=["0 discard map"])
    assert seat_observation(game, 0)["history"] == [["0 discard map"]]
    assert seat_observation(game, 1)["history"] == [["0 discard"]]
    assert public_observation(game)["history"] == [["0 discard"]]
    assert public_observation(game)["discard_pile"] == 1


def test_discard_needs_the_card_in_hand() -> None:
    game = crafted_game(hands={0: ["NS", "NS", "NS", "NS", "EW", "EW"]})
    assert refusal(game, "0 discard map") == "seat 0 has no map card in hand"


def test_pass_only_with_an_empty_hand() -> None:
    game = crafted_game()
    assert refusal(game, "0 pass") == "pass is allowed only with an empty hand"
    assert not any(move.kind == "pass" for move in game.legal_moves())


def test_seat_with_an_empty_hand_can_only_pass() -> None:
    # A full deal never gets here (see the next test), so this deal is short.
    deal = Deal(
        0,
        ["miner", "miner", "miner"],
        "saboteur",
        list(GOLD_IN_THE_MIDDLE),
        [[], ["map"], ["xN"]],
        [],
    )
    game = Game(3, deals=[deal])
    assert [str(move) for move in game.legal_moves()] == ["0 pass"]
    assert refusal(game, "0 discard map") == "seat 0 has no map card in hand"
    game.play("0 pass")
    assert (game.to_move, game.phase, game.round_number) == (1, "play", 1)
    game.play("1 discard map")
    game.play("2 discard xN")  # the last card of the last hand ends the round
    assert game.rounds[0].result == RoundResult("saboteurs", None, [0, 0, 0])


def test_in_a_full_deal_hands_stay_equal_so_nobody_has_to_pass() -> None:
    # Every move but pass plays one card and draws one while the pile lasts,
    # so every hand holds the hand size when the pile runs out; then the
    # seats play their last cards in one go round, and the last one ends it.
    for players in range(3, 11):
        game = crafted_game(players)
        discard_until_round_ends(game)
        assert not any(move.kind == "pass" for move in game.rounds[0].moves)


def test_seat_draws_the_top_card_after_its_move() -> None:
    game = crafted_game(deck_top=["rockfall", "xN"])
    pile = len(game.draw_pile)
    game.play(f"0 discard {game.hands[0][0]}")
    assert game.hands[0][-1] == "rockfall"
    assert len(game.hands[0]) == 6
    game.play(f"1 discard {game.hands[1][0]}")
    assert game.hands[1][-1] == "xN"
    assert len(game.draw_pile) == pile - 2


def test_no_card_is_drawn_once_the_pile_is_empty() -> None:
    game = crafted_game()
    discard_until_the_pile_is_empty(game)
    seat = game.to_move
    assert seat is not None
    game.play(f"{seat} discard {game.hands[seat][0]}")
    assert len(game.hands[seat]) == 5


def test_play_goes_to_the_next_seat_in_increasing_order() -> None:
    game = crafted_game(4, first=2)
    seen = []
    for _ in range(5):
        seat = game.to_move
        assert seat is not None
        seen.append(seat)
        game.play(f"{seat} discard {game.hands[seat][0]}")
    assert seen == [2, 3, 0, 1, 2]


def test_take_is_refused_while_the_round_is_played() -> None:
    game = crafted_game()
    assert refusal(game, "0 take 1") == "take is only for sharing out the gold once it is reached"


# -- the end of a round ------------------------------------------------------------------


def test_saboteurs_win_when_the_pile_and_every_hand_are_empty() -> None:
    game = crafted_game(roles=["miner", "saboteur", "miner"], set_aside="miner")
    discard_until_the_pile_is_empty(game)
    while game.round_number == 1:
        seat = game.to_move
        assert seat is not None
        assert game.phase == "play"
        last_cards = sum(len(hand) for hand in game.hands)
        game.play(f"{seat} discard {game.hands[seat][0]}" if game.hands[seat] else f"{seat} pass")
    assert last_cards == 1  # the round ended with the very last card
    result = game.rounds[0].result
    assert result is not None
    assert (result.winner, result.finder) == ("saboteurs", None)
    assert result.gold[0] == result.gold[2] == 0


def test_round_goes_on_while_any_hand_holds_a_card() -> None:
    game = crafted_game()
    discard_until_the_pile_is_empty(game)
    while game.round_number == 1:
        seat = game.to_move
        assert seat is not None
        game.play(f"{seat} discard {game.hands[seat][0]}" if game.hands[seat] else f"{seat} pass")
        if game.round_number == 1:
            # Not over yet: some hand still holds a card.
            assert any(game.hands)
            assert game.phase == "play"
    assert game.rounds[0].result is not None
    assert game.rounds[0].moves[-1].kind == "discard"


def test_round_end_reveals_every_role_the_set_aside_card_and_the_goals() -> None:
    roles = ["saboteur", "miner", "miner"]
    game = crafted_game(roles=roles, set_aside="miner", goals=["stone-NW", "gold", "stone-NE"])
    assert all(entry["card"] is None for entry in public_observation(game)["goals"])
    discard_until_round_ends(game)
    expected = {
        "winner": "saboteurs",
        "finder": None,
        "roles": roles,
        "set_aside": "miner",
        "goals": ["stone-NW", "gold", "stone-NE"],
        # The maze as the round ended, every goal face up (as printed, where unreached).
        "maze": [
            {"x": 0, "y": 0, "shape": "NESW", "card": "start"},
            {"x": 8, "y": -2, "shape": "NW", "card": "stone-NW"},
            {"x": 8, "y": 0, "shape": "NESW", "card": "gold"},
            {"x": 8, "y": 2, "shape": "NE", "card": "stone-NE"},
        ],
        "gold": None,  # gold stays secret until the game is over
    }
    assert public_observation(game)["rounds"] == [expected]
    for seat in range(3):
        assert seat_observation(game, seat)["rounds"] == [expected]
    assert game.rounds[0].result == RoundResult("saboteurs", None, [4, 0, 0])


def test_roles_are_secret_during_a_round() -> None:
    game = crafted_game(roles=["saboteur", "miner", "miner"], set_aside="miner")
    public = public_observation(game)
    assert "role" not in public
    assert public["rounds"] == []
    assert [seat_observation(game, seat)["role"] for seat in range(3)] == [
        "saboteur",
        "miner",
        "miner",
    ]
    # Nothing a miner or a spectator sees names the saboteur.
    assert "saboteur" not in str(public)
    assert "saboteur" not in str(seat_observation(game, 1))
    assert "saboteur" not in str(seat_observation(game, 2))


def test_hands_are_secret_without_open_hands() -> None:
    game = crafted_game()
    assert public_observation(game)["hands"] is None
    for seat in range(3):
        view = seat_observation(game, seat)
        assert view["hands"] is None
        assert view["hand"] == game.hands[seat]
        assert view["hand_sizes"] == [6, 6, 6]


# -- open hands ----------------------------------------------------------------------------


def test_open_hands_shows_every_hand_in_every_observation_but_not_roles() -> None:
    game = crafted_game(
        options=Options(open_hands=True),
        roles=["saboteur", "miner", "miner"],
        set_aside="miner",
        script=["0 discard map"],
    )
    views = [public_observation(game), *(seat_observation(game, seat) for seat in range(3))]
    for view in views:
        assert view["hands"] == game.hands
        assert "saboteur" not in str({key: v for key, v in view.items() if key != "role"})
    assert "role" not in views[0]
    assert [view["role"] for view in views[1:]] == ["saboteur", "miner", "miner"]


def test_ruling_open_hands_shows_which_card_was_discarded() -> None:
    # With every hand visible a discard cannot be hidden: the history shows it.
    game = crafted_game(options=Options(open_hands=True), script=["0 discard map"])
    assert public_observation(game)["history"] == [["0 discard map"]]
    assert seat_observation(game, 1)["history"] == [["0 discard map"]]


def test_ruling_every_move_is_shown_once_the_game_is_over() -> None:
    # Face-down discards and gold picks stay hidden from the other seats
    # during the game, and are shown to everyone once it is over.
    game = crafted_game(script=["0 discard map"])
    assert public_observation(game)["history"][0][0] == "0 discard"
    while not game.is_over:
        discard_until_round_ends(game)
    assert public_observation(game)["history"][0][0] == "0 discard map"
    assert seat_observation(game, 1)["history"][0][0] == "0 discard map"
