"""The Duel in the terminal: a whole game against a bot, its cards drawn apart
without colour, the tokens on them, bribes and keys in words, the round's end."""

from __future__ import annotations

import argparse
import builtins
import json
import random
import re
from pathlib import Path

import pytest
from scenarios_duel import blue_discards, duel

from pysaboteur.rules import Options, game_from_record, load_record, seat_observation
from pysaboteur.rules.duel_deck import shipped_deck
from pysaboteur.rules.duel_faces import read_face, turned
from pysaboteur.terminal.card_art_duel import duel_card_texts, duel_face_lines
from pysaboteur.terminal.move_sentences import describe_move
from pysaboteur.terminal.play import run_play
from pysaboteur.terminal.position_view import render_view, to_text
from pysaboteur.terminal.round_end_duel import render_round_end_duel

BLUE = ["EW", "ES", "NS", "SW", "break-lamp", "key"]


def play_args(tmp_path: Path, **changes: object) -> argparse.Namespace:
    values: dict[str, object] = {
        "edition": "duel",
        "players": 2,
        "seat": 0,
        "seed": 5,
        "bot": "random",
        "name": "Ana",
        "save": str(tmp_path / "game.json"),
        "deck": None,
    }
    values.update(changes)
    return argparse.Namespace(**values)


def test_a_whole_duel_is_played_in_the_terminal_and_saved(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    rng = random.Random(5)
    screens: list[str] = []

    def answer(prompt: str) -> str:
        if prompt.startswith("Your move"):
            out = capsys.readouterr().out
            screens.append(out)
            numbers = re.findall(r"(?:^|   |\s)(\d+) \S", out.split("Your moves")[-1])
            return rng.choice(numbers) if numbers else "1"
        return ""

    monkeypatch.setattr(builtins, "input", answer)
    assert run_play(play_args(tmp_path), Options()) == 0
    out = "".join(screens) + capsys.readouterr().out
    game = game_from_record(load_record(tmp_path / "game.json"))
    assert game.is_over and game.edition.name == "duel"
    assert "2 players · you are seat 0 (Ana) · the others are random bots" in out
    assert "Ana (seat 0) · GREEN · your nuggets 0 · round 1/3 · draw pile 40" in out
    assert "key tokens 2" in out
    for number, log in enumerate(game.rounds, start=1):
        assert log.result is not None
        assert f"Round {number} is over: " in out
    final = out[out.index("Final score") :]
    for seat, nuggets in enumerate(game.nuggets):
        assert re.search(rf"│\s+{seat} │ .*│\s+{nuggets} │", final), (seat, nuggets)


def test_a_deck_that_breaks_a_rule_is_refused_by_name(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "deck.json"
    bad.write_text('{"format": "saboteur-duel-deck/1"}', "utf-8")
    assert run_play(play_args(tmp_path, deck=str(bad)), Options()) == 2
    assert "--deck: " in capsys.readouterr().err


def test_every_face_of_the_shipped_deck_is_drawn_apart() -> None:
    deck = shipped_deck()
    drawings: dict[tuple[str, ...], str] = {}
    codes = [entry.code for entry in (*deck.paths, *deck.goals)]
    for code in codes:
        for face in {read_face(code), turned(read_face(code))}:
            drawing = tuple(duel_face_lines(face))
            assert drawings.setdefault(drawing, face.code) == face.code
    assert duel_face_lines(read_face("NESW/troll@S")) == ["  ┃  ", "━━╋━━", "  T  "]
    assert duel_face_lines(read_face("NEW/door-blue@N")) == ["  B  ", "━━┻━━", "     "]
    assert duel_face_lines(read_face("EW/ladder-green")) == ["    g", "━━H━━", "     "]
    assert duel_face_lines(read_face("NW+ES/gold1@E")) == ["  ┃$1", "━━\u2571━━", "  ┃  "]
    assert duel_face_lines(read_face("NW+ES/gold1@N")) == ["$1┃  ", "━━\u2571━━", "  ┃  "]
    assert duel_face_lines(read_face("ESW+xN/gold1@N")) == ["$1╹  ", "━━┳━━", "  ┃  "]
    assert duel_face_lines(read_face("NESW/ladder-blue"), "blue") == ["  ┃ b", "━━S━━", "  ┃  "]


def test_tokens_change_the_mark_they_lie_on() -> None:
    claimed = duel_card_texts("NS+EW/gold1@N", "", claim=0)
    assert claimed[0].plain == "●1┃  "
    keyed = duel_card_texts("NEW/door-blue@N", "", key=0)
    assert keyed[0].plain == "  K  "
    bribed = duel_card_texts("NESW/troll@S", "", bribes=(1,))
    assert bribed[2].plain == "  ¤  "


def test_the_table_shows_claims_counters_and_the_goals_pyramid() -> None:
    game = duel(["NS+EW/gold1@N", "NEW/troll@E", "map", "NS", "SW", "ES"], BLUE)
    game.play("0 place NS+EW/gold1@N 0,-2")
    blue_discards(game)
    game.play("0 place NEW/troll@E 1,-1")
    game.play("1 discard EW")
    game.play("0 bribe 1,-1")
    game.play("0 map 9,0")
    text = to_text(render_view(seat_observation(game, 0)), width=120)
    assert "●1┃" in text  # green's claim on the bridge's nugget
    # Green: 2 counters left (a claim and a bribe), 1 nugget claimed this round, 0 kept.
    assert re.search(r"0 Seat 0 \(you\)\s+6 -\s+green\s+2\s+1/0", text)
    assert re.search(r"▶ 1 Seat 1\s+6 -\s+blue\s+4\s+0/0", text)
    assert "━━S━━━━┻━¤" in text  # green's start, and the troll green bribed
    assert "$2*" in text  # the goal green looked at, 9,0: ES/gold2@E
    assert "* seen with your map" in text
    seen = seat_observation(game, 1)
    assert "$2*" not in to_text(render_view(seen), width=120)


def test_bribes_and_keys_are_told_in_words() -> None:
    game = duel(["NS", "SW", "ES", "EW", "map", "NS"], BLUE)
    view = seat_observation(game, 0)
    assert describe_move(view, "0 bribe 1,-1").plain == (
        "You bribe the troll at 1,-1 with a counter"
    )
    assert describe_move(view, "1 key 3,0").plain.endswith("lays a key on the doors at 3,0")


def test_the_rounds_end_shows_claims_trolls_paid_and_nuggets() -> None:
    summary = {
        "end": "counters",
        "claims": [["1,-1", "2,-1"], ["5,0"]],
        "bribes": [["3,-1"], []],
        "gold": [3, 2],
        "paid": [1, 0],
        "nuggets": [2, 2],
    }
    game = duel(["NS", "SW", "ES", "EW", "map", "NS"], BLUE)
    text = to_text(render_round_end_duel(seat_observation(game, 0), summary, 1), width=100)
    assert "Round 1 is over: all eight counters are placed" in text
    rows = [line.split() for line in text.splitlines() if re.match(r"\s+[01]\s", line)]
    assert rows[0][-6:] == ["1,-1", "2,-1", "3", "1", "1", "2"]
    assert rows[1][-5:] == ["5,0", "2", "0", "0", "2"]


def test_a_refused_deck_is_refused_in_the_person_s_language(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    deck = shipped_deck().to_dict()
    deck["paths"][0]["count"] += 1
    bad = tmp_path / "deck.json"
    bad.write_text(json.dumps(deck), "utf-8")
    assert run_play(play_args(tmp_path, deck=str(bad), lang="sk"), Options()) == 2
    assert "--deck: paths: spolu 34 kariet, nie 35" in capsys.readouterr().err
