"""Game records of both editions (docs/records.md): what is written, what is read
back, and the message for each part of a record that is wrong."""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path
from typing import Any

import pytest

from pysaboteur.rules import (
    Game,
    Options,
    RecordError,
    dumps_record,
    game_from_record,
    game_to_record,
    load_record,
    public_observation,
    seat_observation,
    table_observation,
)
from pysaboteur.rules.records import FORMAT, FORMAT_1

GOLDEN_DIR = Path(__file__).parent / "golden"
Record = dict[str, Any]


def _played(game: Game, seed: int, moves: int | None = None) -> Game:
    """``game`` after random legal moves from ``seed``: ``moves`` of them, or to its end."""
    rng = random.Random(seed)
    while not game.is_over and (moves is None or moves > 0):
        game.play(rng.choice(game.legal_moves()))
        moves = None if moves is None else moves - 1
    return game


def _saboteur2(players: int = 5, seed: int = 1, moves: int | None = None) -> Game:
    options = Options(next_round_start="rotate")
    return _played(Game.new(players, options, seed, edition="saboteur2"), seed, moves)


def _reread(record: Record) -> Game:
    """The game a record gives once written out as JSON text and read back."""
    return game_from_record(json.loads(dumps_record(record)))


def _observations(game: Game) -> list[Any]:
    return [
        *(seat_observation(game, seat) for seat in range(game.players)),
        public_observation(game),
        table_observation(game),
    ]


def _refusal(record: Record) -> str:
    with pytest.raises(RecordError) as caught:
        game_from_record(record)
    return str(caught.value)


# -- what is written ---------------------------------------------------------------


def test_a_saboteur2_record_names_its_edition_and_has_no_gold_deck_or_set_aside() -> None:
    record = game_to_record(_saboteur2())
    assert (record["format"], record["edition"]) == (FORMAT, "saboteur2")
    assert "gold_deck" not in record
    # gold_draw means nothing without gold cards: it is not written.
    assert record["options"] == {"next_round_start": "rotate", "open_hands": False}
    assert len(record["rounds"]) == 3
    for data in record["rounds"]:
        fields = ["first", "roles", "reserve", "removed", "goals", "hands", "deck", "moves"]
        assert list(data) == fields
        assert len(data["roles"]) + len(data["reserve"]) == 15
        assert len(data["removed"]) == 10
        assert all(len(hand) == 6 for hand in data["hands"])
    result = record["result"]
    assert list(result) == ["rounds", "gold_pieces", "winners"]
    fields = ["gold_reached", "finder", "open_to", "winners", "gold", "thefts"]
    assert all(list(data) == fields for data in result["rounds"])
    # A round's gold counts its thefts, so the rounds add up to the totals.
    assert result["gold_pieces"] == [
        sum(r["gold"][seat] for r in result["rounds"]) for seat in range(5)
    ]


def test_a_base_record_is_written_in_the_second_format_naming_the_base_edition() -> None:
    record = game_to_record(_played(Game.new(4, seed=2), seed=2))
    assert (record["format"], record["edition"]) == (FORMAT, "base")
    assert list(record["rounds"][0])[:3] == ["first", "roles", "set_aside"]
    assert list(record["result"]) == ["rounds", "nuggets", "winners"]
    assert len(record["gold_deck"]) == 28


# -- round trips -------------------------------------------------------------------


@pytest.mark.parametrize(("players", "seed"), [(2, 3), (5, 1), (12, 4)])
def test_a_saboteur2_game_round_trips_to_the_same_record_and_observations(
    players: int, seed: int
) -> None:
    game = _saboteur2(players, seed)
    record = game_to_record(game)
    replay = _reread(record)
    assert replay.edition.name == "saboteur2"
    assert game_to_record(replay) == record
    assert _observations(replay) == _observations(game)


def test_a_saboteur2_game_in_progress_round_trips_and_plays_on_alike() -> None:
    game = _saboteur2(5, 6, moves=70)  # well into round 2 or later
    assert not game.is_over and game.round_number >= 2
    replay = _reread(game_to_record(game))
    assert game_to_record(replay) == game_to_record(game)
    assert _observations(replay) == _observations(game)
    assert replay.legal_moves() == game.legal_moves()
    # The replay draws the same chance as the game afterwards: both play on alike.
    assert game_to_record(_played(replay, 9)) == game_to_record(_played(game, 9))


def test_a_saboteur2_record_without_deals_is_dealt_from_its_seed() -> None:
    record = game_to_record(_saboteur2(5, 1))
    for data in record["rounds"]:
        for key in ("roles", "reserve", "removed", "goals", "hands", "deck"):
            del data[key]
    assert game_to_record(game_from_record(record)) == game_to_record(_saboteur2(5, 1))


def test_a_saboteur2_discard_reads_in_any_order_and_is_written_back_sorted() -> None:
    game = _saboteur2(5, 1)
    record = game_to_record(game)
    where = next(
        (number, index)
        for number, data in enumerate(record["rounds"])
        for index, move in enumerate(data["moves"])
        if move.split(" ")[1] == "discard" and len(set(move.split(" ")[2:])) > 1
    )
    written = record["rounds"][where[0]]["moves"][where[1]]
    seat, kind, *cards = written.split(" ")
    assert cards == sorted(cards)
    shuffled = copy.deepcopy(record)
    shuffled["rounds"][where[0]]["moves"][where[1]] = " ".join([seat, kind, *cards[::-1]])
    assert game_to_record(game_from_record(shuffled)) == record


def test_gold_draw_is_ignored_in_a_saboteur2_record() -> None:
    record = game_to_record(_saboteur2(5, 1))
    record["options"]["gold_draw"] = "no such choice"
    assert game_to_record(game_from_record(record)) == game_to_record(_saboteur2(5, 1))


def test_a_record_of_the_second_format_without_an_edition_is_a_base_record() -> None:
    record = game_to_record(_played(Game.new(5, seed=3), seed=3))
    del record["edition"]
    assert game_to_record(game_from_record(record)) == {"edition": "base", **record}


# -- saboteur-record/1 -------------------------------------------------------------


def _first_format(record: Record) -> Record:
    return {
        "format": FORMAT_1,
        **{k: v for k, v in record.items() if k not in ("format", "edition")},
    }


def test_a_first_format_base_record_reads_and_verifies() -> None:
    game = _played(Game.new(5, Options("miners", "last-path"), seed=7), seed=7)
    old = _first_format(game_to_record(game))
    replay = _reread(old)
    assert replay.edition.name == "base"
    assert game_to_record(replay) == game_to_record(game)
    assert _observations(replay) == _observations(game)


@pytest.mark.parametrize("path", sorted(GOLDEN_DIR.glob("p*.json")), ids=lambda path: path.stem)
def test_every_first_format_golden_record_reads_and_verifies(path: Path) -> None:
    record = load_record(path)
    assert record["format"] == FORMAT_1 and "edition" not in record
    game = game_from_record(record)  # checks every move and the result
    assert game.is_over and game.edition.name == "base"


def test_a_first_format_record_keeps_its_messages() -> None:
    record = _first_format(game_to_record(Game.new(5, seed=4)))
    record["rounds"][0]["deck"][0] = "NESW" if record["rounds"][0]["deck"][0] != "NESW" else "NS"
    assert _refusal(record) == 'round 1: "hands" and "deck" must be exactly the 67 playing cards'
    record = _first_format(game_to_record(Game.new(5, seed=4)))
    data = record["rounds"][0]
    data["set_aside"] = "saboteur" if data["set_aside"] == "miner" else "miner"
    assert _refusal(record) == (
        'round 1: "roles" and "set_aside" must be exactly the role pool of 5 players'
    )
    record = _first_format(game_to_record(Game.new(5, seed=4)))
    record["players"] = 2
    assert _refusal(record) == '"players" must be a whole number from 3 to 10'


def test_a_first_format_record_is_always_of_the_base_game() -> None:
    record = _first_format(game_to_record(_saboteur2()))
    record["edition"] = "saboteur2"
    assert _refusal(record) == "a \"saboteur-record/1\" record is of the base game, not 'saboteur2'"


# -- refusals ----------------------------------------------------------------------


def _s2_record() -> Record:
    return game_to_record(_saboteur2(5, 1))


def _swap(values: list[str], old: str, new: str) -> None:
    values[values.index(old)] = new


def test_a_record_of_an_unknown_format_is_refused() -> None:
    record = _s2_record()
    record["format"] = "saboteur-record/3"
    assert _refusal(record) == (
        '"format" must be "saboteur-record/2" (or the older "saboteur-record/1")'
    )
    del record["format"]
    assert _refusal(record).startswith('"format" must be')


def test_a_record_of_an_unknown_edition_is_refused() -> None:
    record = _s2_record()
    record["edition"] = "saboteur3"
    assert _refusal(record) == (
        "\"edition\": no edition is called 'saboteur3' (there are: base, duel, saboteur2)"
    )
    record["edition"] = 2
    assert _refusal(record) == '"edition" must be the name of an edition, such as "saboteur2"'


def test_a_saboteur2_record_outside_its_player_counts_is_refused() -> None:
    record = _s2_record()
    record["players"] = 13
    assert _refusal(record) == '"players" must be a whole number from 2 to 12'


def test_roles_and_reserve_must_be_the_15_dwarf_cards() -> None:
    message = 'round 1: "roles" and "reserve" must be exactly the 15 dwarf cards'
    record = _s2_record()
    record["rounds"][0]["reserve"][0] = "miner"
    assert _refusal(record) == message
    record = _s2_record()
    record["rounds"][0]["reserve"].pop()
    assert _refusal(record) == message
    record = _s2_record()
    record["rounds"][0]["roles"].append(record["rounds"][0]["reserve"].pop())  # 6 roles
    assert _refusal(record) == message
    record = _s2_record()
    del record["rounds"][1]["reserve"]
    assert _refusal(record) == message.replace("round 1", "round 2")


def test_removed_must_be_10_cards() -> None:
    record = _s2_record()
    data = record["rounds"][0]
    data["deck"].append(data["removed"].pop())  # still the 111 cards, but 9 removed
    assert _refusal(record) == 'round 1: "removed" must hold the 10 cards removed for the round'
    record = _s2_record()
    record["rounds"][2]["removed"] = "none"
    assert _refusal(record) == 'round 3: "removed" must hold the 10 cards removed for the round'


def test_hands_must_be_6_cards() -> None:
    message = 'round 1: "hands" must be 5 hands of 6 cards'
    record = _s2_record()
    data = record["rounds"][0]
    data["deck"].append(data["hands"][2].pop())
    assert _refusal(record) == message
    record = _s2_record()
    record["rounds"][0]["hands"].pop()
    assert _refusal(record) == message
    record = _s2_record()
    record["rounds"][0]["hands"][1] = "xNS NS EW"
    assert _refusal(record) == message


def test_the_cards_must_be_exactly_the_111() -> None:
    message = 'round 1: "hands", "deck" and "removed" must be exactly the 111 playing cards'
    record = _s2_record()
    deck = record["rounds"][0]["deck"]
    deck[0] = "NESW" if deck[0] != "NESW" else "NS"  # one card twice too many, one missing
    assert _refusal(record) == message
    record = _s2_record()
    record["rounds"][0]["deck"].pop()
    assert _refusal(record) == message
    record = _s2_record()
    _swap(record["rounds"][0]["removed"], record["rounds"][0]["removed"][0], "miner")
    assert _refusal(record) == message
    record = _s2_record()
    record["rounds"][0]["hands"][0][0] = 7  # not a card code at all
    assert _refusal(record) == message
    record = _s2_record()
    record["rounds"][0]["deck"] = "NS"
    assert _refusal(record) == 'round 1: "deck" must be a list of cards'


def test_a_saboteur2_record_has_no_set_aside_and_no_gold_deck() -> None:
    record = _s2_record()
    record["rounds"][0]["set_aside"] = "saboteur"
    assert _refusal(record) == (
        'round 1: Saboteur 2 has no "set_aside" role: the dwarf cards not dealt are the "reserve"'
    )
    record = _s2_record()
    record["rounds"][1]["set_aside"] = ""
    assert _refusal(record).startswith('round 2: Saboteur 2 has no "set_aside" role')
    record = _s2_record()
    record["gold_deck"] = [1] * 16 + [2] * 8 + [3] * 4
    assert _refusal(record) == 'Saboteur 2 has no "gold_deck": gold pieces come from the bank'


def test_the_goals_must_be_the_three_goal_cards() -> None:
    record = _s2_record()
    record["rounds"][0]["goals"] = ["gold", "gold", "stone-NE"]
    assert _refusal(record) == 'round 1: "goals" must be gold, stone-NE and stone-NW in some order'


def test_an_illegal_move_is_named_by_round_index_text_and_rule() -> None:
    record = _s2_record()
    data = record["rounds"][1]
    first = data["first"]
    seat, rest = data["moves"][0].split(" ", 1)
    assert int(seat) == first
    wrong = f"{(first + 1) % 5} {rest}"
    data["moves"][0] = wrong
    assert _refusal(record) == (
        f"round 2, move 1 \"{wrong}\": it is seat {first}'s turn, not seat {(first + 1) % 5}'s"
    )
    record = _s2_record()
    record["rounds"][0]["moves"][3] = "0 juggle @1"
    assert _refusal(record).startswith('round 1, move 4 "0 juggle @1": not a move: ')


def test_a_move_after_the_round_is_over_is_refused() -> None:
    record = _s2_record()
    moves = record["rounds"][0]["moves"]
    extra = record["rounds"][1]["moves"][0]
    moves.append(extra)
    assert _refusal(record) == f'round 1, move {len(moves)} "{extra}": the round is over'


def test_a_later_round_must_start_where_next_round_start_says() -> None:
    record = _s2_record()
    expected = record["rounds"][1]["first"]
    record["rounds"][1]["first"] = (expected + 1) % 5
    # The deal check comes first, and the deal is still exact; then the rule.
    assert _refusal(record) == (
        f"round 2 must start with seat {expected} (next_round_start=rotate)"
    )


def test_a_result_the_replay_does_not_give_is_refused() -> None:
    record = _s2_record()
    record["result"]["gold_pieces"][0] += 1
    assert _refusal(record).startswith("the result does not match the replay: ")
    record = _s2_record()
    record["result"]["rounds"][0]["thefts"].append([0, 1])
    assert _refusal(record).startswith("the result does not match the replay: ")
    record = _s2_record()
    record["result"]["nuggets"] = record["result"].pop("gold_pieces")  # the base game's name
    assert _refusal(record).startswith("the result does not match the replay: ")
