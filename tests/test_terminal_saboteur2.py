"""The terminal with Saboteur 2: whole games at 2 and 12 seats through ``run_play``,
the drawing of the expansion's cards, the seats' panel, the new moves in words,
the round end and the replay; and what a typed number means, in both editions.
"""

from __future__ import annotations

import argparse
import builtins
import random
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from rich.console import Console

from pysaboteur.cli import main
from pysaboteur.rules import (
    Game,
    Move,
    Options,
    game_from_record,
    load_record,
    public_observation,
    save_record,
    seat_observation,
    table_observation,
)
from pysaboteur.rules.editions import find_edition
from pysaboteur.rules.editions.saboteur2 import EXPANSION_TUNNELS
from pysaboteur.rules.faces import SIDE_NAMES, SIDES, face_of, face_parts
from pysaboteur.terminal.card_art import card_picture, path_card_texts, tunnel_lines
from pysaboteur.terminal.move_list import ChooseCards, menu_entries, move_groups
from pysaboteur.terminal.move_sentences import describe_move
from pysaboteur.terminal.play import PlaySession, run_play
from pysaboteur.terminal.position_view import render_view, to_text
from pysaboteur.terminal.replay import build_frames, render_frame
from pysaboteur.terminal.round_end import render_round_end
from pysaboteur.terminal.table_panels import render_hand, render_players, render_status

Answer = Callable[[str], str]
NAMES = ["Ana", "Bo", "Cy", "Di"]


def play_args(tmp_path: Path, **changes: object) -> argparse.Namespace:
    values: dict[str, object] = {
        "edition": "saboteur2",
        "players": 2,
        "seat": 0,
        "seed": 5,
        "bot": "random",  # quick opponents: these tests are about the terminal
        "name": "Ana",
        "save": str(tmp_path / "game.json"),
    }
    values.update(changes)
    return argparse.Namespace(**values)


def scripted_input(monkeypatch: pytest.MonkeyPatch, answer: Answer) -> list[str]:
    prompts: list[str] = []

    def fake_input(prompt: str = "") -> str:
        prompts.append(prompt)
        return answer(prompt)

    monkeypatch.setattr(builtins, "input", fake_input)
    return prompts


# -- whole games -------------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "seed"), [(2, 5), (12, 8)])
def test_a_whole_saboteur2_game_is_played_in_the_terminal_and_saved(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    players: int,
    seed: int,
) -> None:
    rng = random.Random(seed)

    def answer(prompt: str) -> str:
        if prompt.startswith("Steal from which seat"):
            return rng.choice(re.findall(r"\d+", prompt))
        if prompt.startswith("Your move"):
            out = capsys.readouterr().out  # the turn screen just printed
            answer.screens.append(out)  # type: ignore[attr-defined]
            numbers = re.findall(r"(?:^|   |\s)(\d+) \S", out.split("Your moves")[-1])
            return rng.choice(numbers) if numbers else "1"
        return ""

    answer.screens = []  # type: ignore[attr-defined]
    scripted_input(monkeypatch, answer)

    status = run_play(play_args(tmp_path, players=players, seed=seed), Options())

    out = "".join(answer.screens) + capsys.readouterr().out  # type: ignore[attr-defined]
    assert status == 0
    assert f"{players} players · you are seat 0 (Ana) · the others are random bots" in out
    game = game_from_record(load_record(tmp_path / "game.json"))
    assert game.is_over and game.edition.name == "saboteur2"
    # Every round's end: the dwarf cards, the gold pieces of the round and in all.
    for number in (1, 2, 3):
        assert f"Round {number} is over: " in out
    assert out.count("GP this round") == 3
    assert out.count("Crystals in the maze: ") == 3
    final = out[out.index("Final score") :]
    assert "gold pieces" in final
    for seat, pieces in enumerate(game.gold_pieces):
        assert re.search(rf"│\s+{seat} │ .*│\s+{pieces} │", final), (seat, pieces)
    last_end = out[out.rindex("Round 3 is over: ") :]
    summary = seat_observation(game, 0)["rounds"][2]
    for seat, role in enumerate(summary["roles"]):
        name = game.names[seat] if game.names else ""
        row = next(line for line in last_end.splitlines() if re.match(rf"\s+{seat}\s+{name}", line))
        assert {"green": "green digger", "blue": "blue digger"}.get(role, role) in row
        assert f"{summary['gold'][seat]:+d}" in row
        assert str(game.gold_pieces[seat]) in row.split()[-1]


def test_saboteur2_player_counts_are_checked(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    assert run_play(play_args(tmp_path, players=13), Options()) == 2
    assert run_play(play_args(tmp_path, players=2, edition="base"), Options()) == 2
    err = capsys.readouterr().err
    assert "error: --players: Saboteur 2 is for 2 to 12 players, not 13" in err
    assert "error: --players: Saboteur is for 3 to 10 players, not 2" in err
    assert not (tmp_path / "game.json").exists()


def test_a_thief_at_the_round_end_is_asked_whom_to_rob(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # With this deal and move 1 at every turn, Ana plays a theft in round 3.
    steals = iter(["7", "1"])

    def answer(prompt: str) -> str:
        if prompt.startswith("Steal from which seat"):
            return next(steals)
        return "1" if prompt.startswith("Your move") else ""

    prompts = scripted_input(monkeypatch, answer)
    assert run_play(play_args(tmp_path, players=3, seed=2), Options()) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "Steal from which seat (1)? " in prompts
    assert "You steal 1 gold piece from one of: Bram (1) " in out
    assert "✗ you cannot steal from seat 7: choose 1" in out
    assert "You steal 1 gold piece from Bram (1)" in out
    assert "Thefts: you stole 1 GP from Bram (1)" in out
    game = game_from_record(load_record(tmp_path / "game.json"))
    steals_made = [move for log in game.rounds for move in log.moves if move.kind == "steal"]
    assert steals_made[0].seat == 0


# -- what a number means ----------------------------------------------------------------------


@pytest.mark.parametrize("edition", ["base", "saboteur2"])
def test_a_number_plays_the_move_of_that_number_in_the_list_shown_and_the_hand_goes_by_letter(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    edition: str,
) -> None:
    # The reported case: saboteur play --players 4 --seed 3, then 8 and 2. Each
    # number must be the move shown with that number on the turn's screen.
    screens: list[str] = []
    answers = iter(["? 2", "8", "2", "quit", "y"])

    def answer(prompt: str) -> str:
        if prompt.startswith("Your move"):
            screens.append(capsys.readouterr().out)
        return next(answers)

    scripted_input(monkeypatch, answer)
    args = play_args(tmp_path, edition=edition, players=4, seed=3, bot="random")
    assert run_play(args, Options()) == 0
    game = game_from_record(load_record(tmp_path / "game.json"))
    mine = [move for move in game.moves if move.seat == 0]
    assert len(mine) == 2
    first_turn = screens[0]
    assert "Your moves" in first_turn
    # The hand's cards go by letters a to f, and no label of the hand is a number.
    hand = first_turn[first_turn.index("Your hand") : first_turn.index("Your moves")]
    labels = re.search(r"│\s*a \S+\s+b \S+\s+c \S+\s+d \S+\s+e \S+\s+f \S+.*│", hand)
    assert labels is not None, hand
    assert not re.search(r"(?<!\S)\d ", labels[0])
    # "? 2" names no card: the answer says the hand goes by letters, and plays nothing.
    assert "the cards of your hand go by their letter: ? a" in " ".join(screens[1].split())
    # 8 answers the first turn's screen, 2 the second turn's.
    for number, move, screen in ((8, mine[0], screens[0]), (2, mine[1], screens[2])):
        listed = screen[screen.rindex("Your moves") :]
        short = move.notation().split(" ", 1)[-1] if move.kind != "theft" else "theft"
        assert re.search(rf"(?:^|\s){number} {re.escape(short)}(?:\s|$)", listed), (number, move)


def test_a_hand_letter_alone_lists_that_cards_moves(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    answers = iter(["b", "quit", "y"])
    scripted_input(monkeypatch, lambda prompt: next(answers))
    assert run_play(play_args(tmp_path, players=3, seed=4), Options()) == 0
    out = capsys.readouterr().out
    card = Game.new(3, seed=4, edition="saboteur2").hands[0][1]
    # The turn's whole list, then the moves of card b alone.
    whole, of_b, _ = out[out.rindex("Your moves") :].split("Type the number of a move", 2)
    titles = [line for line in of_b.splitlines()[1:] if line.strip() and line[0] != " "]
    assert titles and all(card in title for title in titles), titles
    assert len(of_b) < len(whole)


# -- the cards ---------------------------------------------------------------------------------

KINDS = {
    "bridge": "NS+EW",
    "double curve": "NW+ES",
    "ladder": "NE/ladder",
    "blue door": "NS/door-blue",
    "green door": "NS/door-green",
    "crystal": "NS+xE/crystal",
    "stub beside a tunnel": "EW+xN/door-green",
}


def test_each_kind_of_new_card_is_drawn_so_that_it_can_be_told_apart() -> None:
    drawings = {kind: tunnel_lines(code) for kind, code in KINDS.items()}
    assert drawings["bridge"] == ["  ┃  ", "━╸┃╺━", "  ┃  "]
    assert drawings["double curve"] == ["  ┃  ", "━━\u2571━━", "  ┃  "]
    assert drawings["ladder"] == ["  ┃  ", "  H━━", "     "]
    assert drawings["blue door"] == ["  ┃  ", "  B  ", "  ┃  "]
    assert drawings["green door"] == ["  ┃  ", "  G  ", "  ┃  "]
    assert drawings["crystal"] == ["  ┃  ", "  ┃ ╺", "  ┃ ◆"]
    assert drawings["stub beside a tunnel"] == ["  ╹  ", "━━G━━", "     "]
    # No two kinds look alike, nor like a base card of the same open sides.
    assert len({tuple(lines) for lines in drawings.values()}) == len(drawings)
    for code in KINDS.values():
        sides = face_parts(face_of(code)).sides
        plain = "".join(SIDE_NAMES[side] for side in SIDES if sides & side)
        assert tunnel_lines(code) != tunnel_lines(plain), code


def test_every_face_of_every_expansion_card_is_drawn_distinctly() -> None:
    edition = find_edition("saboteur2")
    drawings: dict[tuple[str, ...], str] = {}
    for card in EXPANSION_TUNNELS:
        for _, code in edition.orientations[card]:
            drawing = tuple(tunnel_lines(code))
            assert drawing not in drawings, (code, drawings.get(drawing))
            drawings[drawing] = code
            parts = face_parts(face_of(code))
            middle = drawing[1]
            assert ("H" in middle) == parts.ladder
            assert ("G" in middle) == (parts.door == "green")
            assert ("B" in middle) == (parts.door == "blue")
            assert ("◆" in drawing[2]) == parts.crystal
    base = {
        tuple(tunnel_lines(code))
        for faces in find_edition("base").orientations.values()
        for _, code in faces
    }
    assert not base & set(drawings)


def test_door_tunnels_take_their_colour() -> None:
    green = path_card_texts("NS/door-green", "on grey19")
    blue = path_card_texts("NS/door-blue", "on grey19")
    plain = path_card_texts("NS", "on grey19")
    assert "green" in str(green[0].style)
    assert "39" in str(blue[0].style)  # the blue of the palette
    assert str(plain[0].style) != str(green[0].style) != str(blue[0].style)


def test_the_hand_draws_the_new_action_cards_in_words() -> None:
    for card, word in {
        "theft": "THIEF",
        "hands-off": "STOP",
        "swap-hand": "SWAP",
        "inspection": "INSPECT",
        "swap-hats": "NEW HAT",
        "trapped": "TRAPPED",
        "free-at-last": "FREE",
    }.items():
        assert card_picture(card)[0].plain.strip() == word


# -- the seats, the status and the moves in words -----------------------------------------------


def saboteur2_game(players: int = 4, seed: int = 1) -> Game:
    return Game.new(players, seed=seed, names=NAMES[:players], edition="saboteur2")


def test_the_seats_show_what_lies_in_front_gold_pieces_and_only_the_known_roles() -> None:
    game = saboteur2_game()
    game.state.trapped[2] = True
    game.state.thieves.append(1)
    game.state.broken[3] = 2  # the lamp
    game.gold_pieces[:] = [0, 4, 1, 7]
    observation = seat_observation(game, 0)
    text = to_text(render_players(observation))
    seats = [re.match(r"\s*▶?\s*(\d+) ", line) for line in text.splitlines()]
    rows = {int(seat[1]): seat.string for seat in seats if seat is not None}
    assert "TRAPPED" in rows[2] and "theft" in rows[1] and "lamp" in rows[3]
    assert rows[0].split()[-1] == "0" and rows[3].split()[-1] == "7"
    own = {"green": "green digger", "blue": "blue digger"}.get(game.roles[0], game.roles[0])
    assert own in rows[0]
    for seat in (1, 2, 3):
        assert " ? " in rows[seat]  # the others' dwarf cards are not known
    status = render_status(observation).plain
    assert f"· dwarf reserve {15 - 4}" in status and "your GP 0" in status
    assert "gold deck" not in status


def test_an_inspection_shows_its_result_to_the_inspector_only() -> None:
    game = saboteur2_game()
    game.state.hands[0][0] = "inspection"
    game.play("0 inspection @2")
    text = "0 inspection @2"
    role = game.roles[2]
    name = {"green": "green digger", "blue": "blue digger"}.get(role, role)
    inspector = describe_move(seat_observation(game, 0), text, 0).plain
    assert inspector == f"You look at the dwarf card of Cy (2) (inspection): {name}"
    assert describe_move(seat_observation(game, 0), text).plain == inspector  # found by text
    for seen in (seat_observation(game, 1), public_observation(game), table_observation(game)):
        assert describe_move(seen, text, 0).plain == (
            "Ana (0) looks at the dwarf card of Cy (2) (inspection)"
        )
    assert describe_move(seat_observation(game, 2), text, 0).plain == (
        "Ana (0) looks at your dwarf card (inspection)"
    )
    assert f"{name} (seen)" in to_text(render_players(seat_observation(game, 0)))


def test_the_new_moves_read_as_sentences() -> None:
    seen_by_ana = seat_observation(saboteur2_game(), 0)
    cases = {
        "1 theft": "Bo (1) plays a theft (steals 1 gold piece at the end of the round)",
        "0 hands-off @1": "You stop the theft of Bo (1) (stop thief)",
        "2 hands-off @2": "Cy (2) stops their own theft (stop thief)",
        "1 hands-off @0": "Bo (1) stops your theft (stop thief)",
        "3 swap-hand @1": "Di (3) swaps hands with Bo (1)",
        "1 inspection @0": "Bo (1) looks at your dwarf card (inspection)",
        "2 swap-hats @2": "Cy (2) gives themself a new dwarf card from the reserve (new hat)",
        "2 trapped @0": "Cy (2) traps you (trapped: no path cards, no share of the gold)",
        "3 free-at-last @3": "Di (3) escapes the trap (free at last)",
        "1 free-at-last @0": "Bo (1) frees you from the trap (free at last)",
        "1 discard": "Bo (1) discards a card face down",
        "1 discard ? ?": "Bo (1) discards 2 cards face down",
        "2 discard ? ? ?": "Cy (2) discards 3 cards face down",
        "0 discard NS map xN": "You discard NS, map and xN",
        "3 clear trapped ? ?": "Di (3) clears their trap, discarding 2 cards face down",
        "0 clear break-pick EW xN": "You clear your broken pick, discarding EW and xN",
        "2 steal @0": "Cy (2) steals 1 gold piece from you",
        "0 place NS+EW 1,0": "You place NS+EW at 1,0",
    }
    for move, sentence in cases.items():
        assert describe_move(seen_by_ana, move).plain == sentence


def test_a_swap_of_hands_tells_the_two_seats_what_they_got() -> None:
    game = saboteur2_game()
    game.state.hands[0][0] = "swap-hand"
    before = list(game.hands[1])
    game.play("0 swap-hand @1")
    sentence = describe_move(seat_observation(game, 0), "0 swap-hand @1", 0).plain
    assert sentence.startswith("You swap hands with Bo (1): you get ")
    assert all(card in sentence for card in before)
    assert describe_move(seat_observation(game, 2), "0 swap-hand @1", 0).plain == (
        "Ana (0) swaps hands with Bo (1)"
    )


def test_the_move_list_groups_the_new_moves() -> None:
    game = saboteur2_game()
    game.state.hands[0][:] = ["theft", "trapped", "NS+EW", "swap-hats", "NS", "map"]
    groups = dict(move_groups(enumerate(menu_entries(game.legal_moves()), start=1)))
    assert [short for _, short in groups["theft"]] == ["theft"]
    assert [short for _, short in groups["trapped"]] == ["@1", "@2", "@3"]
    assert [short for _, short in groups["swap-hats"]] == ["@0", "@1", "@2", "@3"]
    assert "place NS+EW" in groups
    assert len(groups["discard"]) == 6
    assert "discard 2 cards" not in groups and "discard 3 cards" not in groups


def test_the_discards_of_several_cards_are_one_entry_that_asks_for_the_cards() -> None:
    # Listed one by one, the 15 pairs and 20 triples of a hand of six took 50 to
    # 70 lines of the turn's screen (issue 20).
    game = saboteur2_game()
    game.state.hands[0][:] = ["theft", "trapped", "NS+EW", "swap-hats", "NS", "map"]
    legal = game.legal_moves()
    entries = menu_entries(legal)
    choices = [entry for entry in entries if isinstance(entry, ChooseCards)]
    assert choices == [ChooseCards("discard", "", 2, 3)]
    assert len(entries) == len(legal) - 35 + 1
    groups = dict(move_groups(enumerate(entries, start=1)))
    number = entries.index(choices[0]) + 1
    assert groups["discard 2 to 3 cards"] == [(number, "choose the cards")]
    # The entry comes right after the single discards, whose numbers it follows.
    assert groups["discard"][-1][0] == number - 1


def test_the_clears_of_each_card_in_front_are_one_entry_that_asks_for_the_two_cards() -> None:
    game = saboteur2_game()
    game.state.hands[0][:] = ["theft", "trapped", "NS+EW", "swap-hats", "NS", "map"]
    game.state.trapped[0] = True
    game.state.thieves.append(0)
    legal = game.legal_moves()
    assert sum(move.kind == "clear" for move in legal) == 2 * 15
    entries = menu_entries(legal)
    clears = [
        entry for entry in entries if isinstance(entry, ChooseCards) and entry.kind == "clear"
    ]
    assert clears == [ChooseCards("clear", "trapped", 2, 2), ChooseCards("clear", "theft", 2, 2)]
    groups = dict(move_groups(enumerate(entries, start=1)))
    assert [short for _, short in groups["clear"]] == [
        "trapped: choose the cards",
        "theft: choose the cards",
    ]


def test_choosing_the_discard_of_several_asks_for_the_cards_by_their_letters(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    hand = Game.new(2, seed=5, edition="saboteur2").hands[0]
    screens: list[str] = []
    answers = iter(["a a", "a b c d", "c a", "quit", "y"])

    def answer(prompt: str) -> str:
        if prompt.startswith("Your move"):
            screen = capsys.readouterr().out
            screens.append(screen)
            if len(screens) == 1:  # the first turn: the number of the entry on screen
                found = re.search(r"(\d+) choose the cards", " ".join(screen.split()))
                assert found is not None, screen
                return found[1]
        return next(answers)

    prompts = scripted_input(monkeypatch, answer)
    assert run_play(play_args(tmp_path), Options()) == 0
    out = " ".join(("".join(screens) + capsys.readouterr().out).split())
    listed = " ".join(screens[0][screens[0].rindex("Your moves") :].split())
    assert "discard 2 to 3 cards" in listed and "discard 2 cards" not in listed
    assert len(screens[0][screens[0].rindex("Your moves") :].splitlines()) < 20
    asking = "Discard which cards? 2 to 3 letters of your hand (a b c): "
    assert prompts.count(asking) == 3
    assert "✗ 'a a' is not 2 to 3 different letters of your hand" in out
    assert "✗ 'a b c d' is not 2 to 3 different letters of your hand" in out
    game = game_from_record(load_record(tmp_path / "game.json"))
    first = next(move for move in game.moves if move.seat == 0)
    assert first.cards_played() == tuple(sorted([hand[0], hand[2]]))


def test_the_round_end_shows_every_dwarf_card_the_colours_winners_gold_and_thefts() -> None:
    game = saboteur2_game(3, seed=2)
    rng = random.Random(2)
    while game.round_number == 1:
        game.play(rng.choice(game.legal_moves()))
    observation = seat_observation(game, 0)
    summary = dict(observation["rounds"][0])
    summary.update(gold_reached=True, finder=1, open_to=["green", "blue"], winners=[0, 1])
    summary.update(gold=[3, 2, -1], thefts=[[1, 2]], crystals=4)
    text = to_text(render_round_end(observation, summary, 1), width=120)
    assert "Round 1 is over: Bo (1) reached the gold — it was open to green and blue" in text
    assert "Winners: you, Bo (1)" in text
    assert "Thefts: Bo (1) stole 1 GP from Cy (2)" in text
    assert "Crystals in the maze: 4" in text
    for seat, role in enumerate(summary["roles"]):
        name = {"green": "green digger", "blue": "blue digger"}.get(role, role)
        row = next(line for line in text.splitlines() if line.strip().startswith(f"{seat} "))
        assert name in row and f"{summary['gold'][seat]:+d}" in row
        assert row.split()[-1] == str(observation["gold_pieces"][seat])
    summary.update(open_to=[])
    assert "it was open to neither colour" in to_text(render_round_end(observation, summary, 1))


def test_the_view_of_a_saboteur2_position_draws_at_12_seats() -> None:
    game = Game.new(12, seed=3, edition="saboteur2")
    for _ in range(30):
        game.play(random.Random(len(game.moves)).choice(game.legal_moves()))
    text = to_text(render_view(seat_observation(game, 5), width=100))
    assert "H ladder" in text and "G green door" in text
    for seat in range(12):
        assert re.search(rf"^\s*▶?\s*{seat} Seat {seat}", text, re.MULTILINE), seat
    assert "Your hand" in to_text(render_hand(seat_observation(game, 5)))


# -- replay ------------------------------------------------------------------------------------


def test_a_saboteur2_record_replays_move_by_move(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    game = Game.new(3, seed=6, names=NAMES[:3], edition="saboteur2")
    rng = random.Random(6)
    while not game.is_over:
        game.play(rng.choice(game.legal_moves()))
    path = tmp_path / "s2.json"
    save_record(game, path)
    assert main(["replay", str(path), "--all"]) == 0
    out = capsys.readouterr().out
    total = sum(len(log.moves) for log in game.rounds)
    assert [int(n) for n in re.findall(rf"Move (\d+) of {total} ·", out)] == list(
        range(1, total + 1)
    )
    assert out.count("GP this round") == 3 and "gold pieces" in out
    frames = build_frames(game, lambda replay: seat_observation(replay, 1))
    assert all(frame.observation["edition"] == "saboteur2" for frame in frames)
    last = to_text(render_frame(frames[-1], total, 100))
    assert "Final score" in last and "gold pieces" in last


def test_choosing_a_clear_asks_for_its_two_cards(monkeypatch: pytest.MonkeyPatch) -> None:
    game = saboteur2_game()
    game.state.hands[0][:] = ["theft", "trapped", "NS+EW", "swap-hats", "NS", "map"]
    game.state.trapped[0] = True
    legal = game.legal_moves()
    number = next(
        index
        for index, entry in enumerate(menu_entries(legal), start=1)
        if isinstance(entry, ChooseCards) and entry.kind == "clear"
    )
    answers = iter(["a b c", "f c"])
    prompts = scripted_input(monkeypatch, lambda prompt: next(answers))
    console = Console(width=100, record=True)
    session = PlaySession(console, game, 0, {})
    move = session._numbered(number, legal, seat_observation(game, 0))
    assert move == Move.parse("0 clear trapped NS+EW map")
    assert (
        prompts
        == ["Which 2 cards do you discard to clear trapped? Letters of your hand (a b): "] * 2
    )
    assert "✗ 'a b c' is not 2 different letters of your hand" in console.export_text()
