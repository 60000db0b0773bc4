"""The Python side's catalogues: choosing a language, the catalogues on disk kept
up to date with the code (``scripts/catalogues check``), and the engine's reasons
said in another language while they stay the English text for everyone else."""

from __future__ import annotations

import importlib.machinery
import importlib.util
import pickle
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest
from i18n_helpers import compiled

from pysaboteur.i18n import LANGUAGES, capitalised, from_environment, negotiate, translate, upper
from pysaboteur.i18n import words as game_words
from pysaboteur.i18n.catalogues import installed
from pysaboteur.rules import Game, Move
from pysaboteur.rules.editions import EDITIONS
from pysaboteur.rules.kinds import KINDS
from pysaboteur.rules.reasons import Reason, joined

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "scripts" / "catalogues"


def test_the_six_languages_in_their_order_with_their_own_names() -> None:
    assert list(LANGUAGES.items()) == [
        ("en", "English"),
        ("tr", "Türkçe"),
        ("lt", "Lietuvių"),
        ("el", "Ελληνικά"),
        ("sk", "Slovenčina"),
        ("it", "Italiano"),
    ]


@pytest.mark.parametrize(
    ("cookie", "accept_language", "chosen"),
    [
        ("el", "tr-TR,tr;q=0.9", "el"),  # the cookie wins
        ("EL ", None, "el"),
        ("xx", "sk", "sk"),  # a cookie naming no language of ours is ignored
        (None, "tr-TR,tr;q=0.9,en;q=0.8", "tr"),
        (None, "de-DE,de;q=0.9,it;q=0.5,lt;q=0.7", "lt"),  # the best of ours by q
        (None, "en;q=0.2,el;q=0.9", "el"),
        (None, "lt;q=0,sk;q=0.1", "sk"),  # q=0: not wanted at all
        (None, "fr, it", "it"),
        (None, "it;q=0.5, sk;q=0.5", "it"),  # equal weights: the header's order
        (None, "*", "en"),
        (None, "de, fr", "en"),
        (None, "it;q=nonsense, sk;q=0.3", "sk"),
        (None, "", "en"),
        (None, None, "en"),
    ],
)
def test_negotiation_takes_the_cookie_then_accept_language_then_english(
    cookie: str | None, accept_language: str | None, chosen: str
) -> None:
    assert negotiate(cookie, accept_language) == chosen


@pytest.mark.parametrize(
    ("environ", "chosen"),
    [
        ({"LANG": "el_GR.UTF-8"}, "el"),
        ({"LANGUAGE": "de:sk:en", "LANG": "C.UTF-8"}, "sk"),  # the first of ours in the list
        ({"LC_ALL": "tr_TR.UTF-8", "LANG": "it_IT.UTF-8"}, "tr"),
        ({"LC_MESSAGES": "lt_LT", "LANG": "it_IT"}, "lt"),
        ({"LC_ALL": "C", "LANG": "it_IT.UTF-8"}, "en"),  # the first set one decides
        ({"LANG": "de_DE.UTF-8"}, "en"),
        ({}, "en"),
    ],
)
def test_the_terminal_language_comes_from_the_environment(
    environ: dict[str, str], chosen: str
) -> None:
    assert from_environment(environ) == chosen


def test_the_catalogues_are_up_to_date_and_complete_where_translation_has_begun() -> None:
    # --started: a language with one translated message must have them all, so the
    # test turns strict as soon as a translator begins.
    result = subprocess.run(
        [sys.executable, str(SCRIPT), "check", "--started"],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=ROOT,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "catalogues: all up to date" in result.stdout


def _script() -> ModuleType:
    loader = importlib.machinery.SourceFileLoader("catalogues_script", str(SCRIPT))
    spec = importlib.util.spec_from_loader("catalogues_script", loader)
    assert spec is not None
    module = importlib.util.module_from_spec(spec)
    loader.exec_module(module)
    return module


def test_the_check_refuses_a_translation_whose_placeholders_differ() -> None:
    from babel.messages.catalog import Message

    script = _script()
    good = Message("seat {seat} is trapped already", "il posto {seat} è già intrappolato")
    lost = Message("seat {seat} is trapped already", "il posto è già intrappolato")
    renamed = Message("all {players} seats are taken", "tutti i {giocatori} posti sono presi")
    markup = Message("The record is saved in [bold]{path}[/]", "Salvato in {path}")
    plural = Message(
        ("{count} card", "{count} cards"), ("una carta", "{count} carte", "{count} carte")
    )
    assert list(script.placeholder_problems("it", good)) == []
    assert list(script.placeholder_problems("it", plural)) == []  # a form may drop the count
    for wrong in (lost, renamed, markup):
        assert len(list(script.placeholder_problems("it", wrong))) == 1


def test_every_game_word_a_reason_names_is_in_the_catalogue() -> None:
    tools = {"pick", "lamp", "cart"}
    action_cards = {
        card
        for edition in EDITIONS.values()
        for card, kind in edition.kind_of_card.items()
        if kind != "place"
    }
    assert set(game_words.TOOLS) == tools
    assert set(game_words.CARDS) == action_cards
    assert set(game_words.EDITIONS) == {edition.title for edition in EDITIONS.values()}
    assert set(game_words.MOVES) == set(KINDS)


def test_a_reason_is_its_english_text_and_keeps_what_it_was_made_of() -> None:
    reason = Reason(
        "seat {target} already has a broken {tool}", target=3, tool=Reason.word("lamp", "tool")
    )
    assert reason == "seat 3 already has a broken lamp"
    assert str(reason) == "seat 3 already has a broken lamp" and type(str(reason)) is str
    assert reason.template == "seat {target} already has a broken {tool}"
    assert reason.params["target"] == 3 and reason.params["tool"].context == "tool"
    assert joined(["pick", "lamp", "cart"]) == "pick and lamp and cart"
    copy = pickle.loads(pickle.dumps(reason))
    assert copy == reason and copy.template == reason.template and copy.params == reason.params
    assert translate(reason, "en") == "seat 3 already has a broken lamp"
    assert translate(reason, "de") == "seat 3 already has a broken lamp"  # none of ours


def test_the_engine_refuses_with_reasons_that_another_language_can_say() -> None:
    game = Game.new(3, seed=5)
    refused = game.why_illegal(Move.parse("1 break-lamp @0"))
    assert refused == "it is seat 0's turn, not seat 1's"
    assert isinstance(refused, Reason)
    italian = compiled(
        "it",
        {
            "it is seat {to_move}'s turn, not seat {seat}'s": (
                "tocca al posto {to_move}, non al posto {seat}"
            ),
            "seat {seat} has a broken {tools} and cannot place path cards": (
                "il posto {seat} ha {tools} rotti e non può posare carte percorso"
            ),
            "{first} and {second}": "{first} e {second}",
            "pick": "piccone",
            "lamp": "lanterna",
        },
        {"pick": "tool", "lamp": "tool"},
    )
    tools = joined([Reason.word("pick", "tool"), Reason.word("lamp", "tool")])
    broken = Reason(
        "seat {seat} has a broken {tools} and cannot place path cards", seat=2, tools=tools
    )
    with installed("it", italian):
        assert translate(refused, "it") == "tocca al posto 0, non al posto 1"
        assert translate(broken, "it") == (
            "il posto 2 ha piccone e lanterna rotti e non può posare carte percorso"
        )
        assert translate(refused, "de") == refused  # none of ours: the English
    assert broken == "seat 2 has a broken pick and lamp and cannot place path cards"


def test_a_translation_with_broken_placeholders_falls_back_to_english() -> None:
    reason = Reason("seat {target} is trapped already", target=4)
    broken = compiled("it", {"seat {target} is trapped already": "posto {bersaglio} già preso"})
    with installed("it", broken):
        assert translate(reason, "it") == "seat 4 is trapped already"


def test_notation_errors_carry_their_detail_as_a_reason() -> None:
    with pytest.raises(ValueError) as caught:
        Move.parse("1 rockfall 2;0")
    error = caught.value
    assert str(error) == "not a move: 1 'rockfall 2;0': '2;0' is not a cell (write x,y)"
    reason = error.reason  # type: ignore[attr-defined]
    assert isinstance(reason, Reason) and isinstance(reason.params["detail"], Reason)
    italian = compiled(
        "it",
        {
            "not a move: {seat} {text!r}: {detail}": "non è una mossa: {seat} {text!r}: {detail}",
            "{text!r} is not a cell (write x,y)": "{text!r} non è una casella (scrivi x,y)",
        },
    )
    with installed("it", italian):
        assert translate(reason, "it") == (
            "non è una mossa: 1 'rockfall 2;0': '2;0' non è una casella (scrivi x,y)"
        )


@pytest.mark.parametrize(
    ("lang", "text", "capitals", "sentence"),
    [
        ("tr", "madenci ışık", "MADENCİ IŞIK", "Madenci ışık"),
        ("tr", "işçi", "İŞÇİ", "İşçi"),
        ("el", "χρυσωρύχος", "ΧΡΥΣΩΡΥΧΟΣ", "Χρυσωρύχος"),  # all capitals drop the tonos
        ("el", "άννα προϊόν", "ΑΝΝΑ ΠΡΟΪΟΝ", "Άννα προϊόν"),  # noqa: RUF001 (...keep the diaeresis)
        ("en", "miner", "MINER", "Miner"),
        ("lt", "šachtininkas", "ŠACHTININKAS", "Šachtininkas"),
    ],
)
def test_capitals_as_each_language_writes_them(
    lang: str, text: str, capitals: str, sentence: str
) -> None:
    assert upper(text, lang) == capitals
    assert capitalised(text, lang) == sentence
