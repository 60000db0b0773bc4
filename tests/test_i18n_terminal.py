"""The terminal game in another language: a translated message shows up where the
game draws it, names and the notation stay as they are, and ``--lang`` (or the
environment) chooses the language.  The translations here are a tiny Greek
catalogue of the test's own; the real ones are the translators'."""

# ruff: noqa: RUF001 (Greek letters that look like Latin ones are the point)

from __future__ import annotations

import argparse
import builtins
import gettext
from collections.abc import Iterator
from pathlib import Path

import pytest
from i18n_helpers import compiled

from pysaboteur.cli import main
from pysaboteur.i18n.catalogues import installed
from pysaboteur.rules import Game, Options, game_from_record, load_record, seat_observation
from pysaboteur.terminal.move_sentences import describe_move
from pysaboteur.terminal.play import run_play
from pysaboteur.terminal.position_view import render_view, to_text
from pysaboteur.terminal.words import language, speaking

GREEK = {
    "You break the lamp of {target}": "Σπας τη λάμπα του/της {target}",
    "{actor} breaks your pick": "Ο/Η {actor} σπάει την αξίνα σου",
    "{actor} places {card} at {x},{y}": "Ο/Η {actor} τοποθετεί {card} στο {x},{y}",
    "Your hand": "Το χέρι σου",
    "Since your last turn": "Από τη σειρά σου",
    "gold-miner": "χρυσωρύχος",
    "{players} players · you are seat {seat} ({name}) · the others are {bot} bots · seed {seed}": (
        "{players} παίκτες · είσαι η θέση {seat} ({name}) · οι άλλοι είναι ρομπότ {bot} · "
        "σπόρος {seed}"
    ),
    "Your move (? lists them, help)> ": "Η κίνησή σου (? τις δείχνει, help)> ",
    "Quit this game? The record so far will be saved. [y/N] ": (
        "Να σταματήσει το παιχνίδι; Η καταγραφή θα σωθεί. [y/N] "
    ),
    "The game record is saved in [bold]{path}[/]": "Η καταγραφή σώθηκε στο [bold]{path}[/]",
}
CONTEXTS = {"gold-miner": "role"}


@pytest.fixture
def greek() -> Iterator[gettext.GNUTranslations]:
    translations = compiled("el", GREEK, CONTEXTS)
    with installed("el", translations):
        yield translations


def test_move_sentences_are_whole_translated_sentences_with_the_names_in_them(
    greek: gettext.GNUTranslations,
) -> None:
    game = Game.new(3, seed=1, names=["Ana", "Bo", "Cy"])
    seen_by_ana = seat_observation(game, 0)
    with speaking("el"):
        assert describe_move(seen_by_ana, "0 break-lamp @2").plain == "Σπας τη λάμπα του/της Cy (2)"
        assert (
            describe_move(seen_by_ana, "2 break-pick @0").plain == "Ο/Η Cy (2) σπάει την αξίνα σου"
        )
        placed = describe_move(seen_by_ana, "1 place NSW 3,-1").plain
        assert placed == "Ο/Η Bo (1) τοποθετεί NSW στο 3,-1"  # the card code stays notation
        # A sentence nobody translated yet is the English one.
        assert describe_move(seen_by_ana, "1 pass").plain == "Bo (1) passes (no cards left)"
    assert describe_move(seen_by_ana, "0 break-lamp @2").plain == "You break the lamp of Cy (2)"


def test_the_table_is_drawn_with_the_translations_and_the_codes_as_they_are(
    greek: gettext.GNUTranslations,
) -> None:
    game = Game.new(3, seed=1, names=["Ana", "Bo", "Cy"])
    observation = seat_observation(game, 0)
    english = to_text(render_view(observation, recent=[], width=120), width=120)
    with speaking("el"):
        text = to_text(render_view(observation, recent=[], width=120), width=120)
    assert "Το χέρι σου" in text and "Your hand" not in text
    assert "Από τη σειρά σου" in text
    assert "Your hand" in english and "Το χέρι σου" not in english
    for card in game.hands[0]:  # the hand's codes are the record's, in every language
        assert card.split("/")[0] in text


def test_a_language_without_translations_draws_exactly_the_english_table() -> None:
    game = Game.new(4, seed=3, names=["Ana", "Bo", "Cy", "Di"])
    observation = seat_observation(game, 0)
    english = to_text(render_view(observation, width=120), width=120)
    with installed("it", gettext.NullTranslations()), speaking("it"):
        italian = to_text(render_view(observation, width=120), width=120)
    assert italian == english


def _play_args(tmp_path: Path, **changes: object) -> argparse.Namespace:
    values: dict[str, object] = {
        "players": 3,
        "seat": 0,
        "seed": 5,
        "bot": "random",
        "name": "Ana",
        "save": str(tmp_path / "game.json"),
    }
    values.update(changes)
    return argparse.Namespace(**values)


def _quit_at_once(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    prompts: list[str] = []
    answers = iter(["quit", "y"])

    def fake_input(prompt: str = "") -> str:
        prompts.append(prompt)
        return next(answers)

    monkeypatch.setattr(builtins, "input", fake_input)
    return prompts


def test_play_with_lang_speaks_the_language_and_leaves_it_after(
    greek: gettext.GNUTranslations,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
) -> None:
    prompts = _quit_at_once(monkeypatch)
    assert run_play(_play_args(tmp_path, lang="el"), Options()) == 0
    out = capsys.readouterr().out
    assert "3 παίκτες · είσαι η θέση 0 (Ana) · οι άλλοι είναι ρομπότ random · σπόρος 5" in out
    assert f"Η καταγραφή σώθηκε στο {tmp_path / 'game.json'}" in out.replace("\n", "")
    assert prompts == [
        "Η κίνησή σου (? τις δείχνει, help)> ",
        "Να σταματήσει το παιχνίδι; Η καταγραφή θα σωθεί. [y/N] ",
    ]
    assert language() == "en"  # the game's language ends with the game
    # The record is the game's, whatever the language: names and moves as they were.
    record = load_record(tmp_path / "game.json")
    assert record["names"] == ["Ana", "Bram", "Cleo"]
    assert game_from_record(record).players == 3


def test_play_takes_its_language_from_the_environment_without_lang(
    greek: gettext.GNUTranslations,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
) -> None:
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANGUAGE", "el_GR:en")
    prompts = _quit_at_once(monkeypatch)
    assert run_play(_play_args(tmp_path), Options()) == 0
    assert prompts[0] == "Η κίνησή σου (? τις δείχνει, help)> "
    monkeypatch.setenv("LANGUAGE", "de")
    monkeypatch.setenv("LANG", "C.UTF-8")
    capsys.readouterr()
    prompts = _quit_at_once(monkeypatch)
    assert run_play(_play_args(tmp_path, save=str(tmp_path / "b.json")), Options()) == 0
    assert prompts[0] == "Your move (? lists them, help)> "


def test_the_lang_flag_takes_one_of_the_six_languages(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit) as refused:
        main(["play", "--lang", "de"])
    assert refused.value.code == 2
    assert "invalid choice: 'de'" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["replay", "--help"])
    assert "--lang LANG" in capsys.readouterr().out


def test_turkish_capitals_keep_the_dot_of_their_i() -> None:
    # "madenci" in capitals is "MADENCİ" in Turkish; str.upper would write "MADENCI".
    game = Game.new(3, seed=1, names=["Ana", "Bo", "Cy"])
    miner = next(seat for seat, role in enumerate(game.roles) if role == "miner")
    observation = seat_observation(game, miner)
    with speaking("tr"):
        text = to_text(render_view(observation, recent=[], width=120), width=120)
    assert "MADENCİ" in text and "MADENCI" not in text
    english = to_text(render_view(observation, recent=[], width=120), width=120)
    assert "GOLD-MINER" in english


def test_without_a_name_the_person_is_you_in_their_language(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    _quit_at_once(monkeypatch)
    assert run_play(_play_args(tmp_path, name=None, lang="tr"), Options()) == 0
    assert "(Sen)" in capsys.readouterr().out
    assert load_record(tmp_path / "game.json")["names"] == ["Sen", "Bram", "Cleo"]


@pytest.mark.parametrize("lang", ["el", "it", "lt", "sk", "tr"])
def test_action_cards_are_named_in_the_language_in_the_shipped_catalogues(lang: str) -> None:
    """A Saboteur 2 discard, clear and swap of hands, and the moves whose sentence
    names its card, say each action card as the language names it, never by code."""
    game = Game.new(players=4, seed=11, edition="saboteur2")
    seen = seat_observation(game, 0)
    moves = [
        "1 discard NS fix-pick-cart hands-off",
        "2 hands-off @1",
        "2 swap-hats @3",
        "3 trapped @0",
        "1 free-at-last @1",
        "0 inspection @2",
        "2 fix-cart @1",
    ]
    codes = ("fix-pick-cart", "hands-off", "swap-hats", "trapped", "free-at-last", "inspection")
    with speaking(lang):
        for move in moves:
            sentence = describe_move(seen, move).plain
            assert not any(code in sentence for code in (*codes, "fix-cart")), sentence
            assert "NS" in sentence or not move.startswith("1 discard"), sentence


@pytest.mark.parametrize(
    ("lang", "spec", "line"),
    [
        ("en", "heuristic", "Heuristic: quick and sensible"),
        ("it", "random", "Casuale: gioca una mossa valida qualsiasi"),
        ("tr", "ismcts:seconds=1", "Arama (ISMCTS): her hamleden önce düşünür (seconds=1)"),
    ],
)
def test_the_game_starts_by_saying_what_the_bots_are_in_the_language(
    lang: str,
    spec: str,
    line: str,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
) -> None:
    """The shipped catalogues: the web lobby's own description of each bot."""
    _quit_at_once(monkeypatch)
    assert run_play(_play_args(tmp_path, bot=spec, lang=lang), Options()) == 0
    assert line in capsys.readouterr().out.splitlines()
