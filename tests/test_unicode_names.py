"""Names in every language the table speaks, and names that cannot pass for another's.

Greek and Turkish letters survive everywhere a name goes: the table's views, the
downloaded record, the record file, the replay and the terminal.  Real names in
the six languages are accepted; invisible characters, characters outside the
identifier profile and words mixing scripts are refused with their reason
(``server/name_rules.py``); a name that only looks like one already at the table
is refused as taken (``server/names.py``, UTS #39 skeletons).  Look-alike
letters are written as escapes, so that this file shows which is which.
"""

from __future__ import annotations

import argparse
import random
import sys
import unicodedata
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st
from pydantic import ValidationError
from server_helpers import (
    Server,
    View,
    error_of,
    legal_texts,
    play_to_the_end,
    running_server,
)

from pysaboteur.bots import available_bots
from pysaboteur.i18n import LANGUAGES
from pysaboteur.rules import Game, game_from_record, load_record, save_record
from pysaboteur.rules.records import dumps_record, game_to_record
from pysaboteur.server.name_rules import SEPARATORS, name_problem
from pysaboteur.server.names import is_taken, unique_bot_names
from pysaboteur.server.protocol import JoinTable
from pysaboteur.server.table import bot_name
from pysaboteur.terminal.replay import run_replay

#: Letters that break naive handling: Greek with tonos and final sigma, Turkish
#: dotless/dotted i (whose case mapping differs from English), ğ, ş, ç.
HOST = "Άννα Σωκράτους"
GUEST = "Işıl İğdeci"


@pytest.fixture
def server(tmp_path: Path) -> Any:
    with running_server(tmp_path) as running:
        yield running


def test_names_in_greek_and_turkish_letters_survive_a_whole_game(
    server: Server, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    created = server.create(name=HOST, players=3, bots="random")
    table, host = created["table"], created["token"]
    guest = server.ok("POST", f"/api/tables/{table}/join", body={"name": GUEST})["token"]
    assert [seat["name"] for seat in server.facts(table)["seats"][:2]] == [HOST, GUEST]
    sockets = {0: server.socket(table, host), 1: server.socket(table, guest)}
    for socket in sockets.values():
        socket.until(lambda message: message["type"] == "welcome")
    sockets[0].send({"type": "start"})
    chance = random.Random(7)

    def choose(seat: int, view: View) -> str:
        return chance.choice(legal_texts(view))

    last = play_to_the_end(sockets, choose)
    assert last["observation"]["names"][:2] == [HOST, GUEST]

    response = server.call("GET", f"/api/tables/{table}/record")
    assert response.status_code == 200
    assert HOST.encode() in response.content and GUEST.encode() in response.content
    game = game_from_record(response.json())
    assert game.names[:2] == [HOST, GUEST]

    total = last["version"]
    replay = server.ok("GET", f"/api/tables/{table}/replay/{total}")
    assert replay["observation"]["names"][:2] == [HOST, GUEST]

    path = tmp_path / "game.json"
    save_record(game, path)
    assert HOST.encode() in path.read_bytes()  # the letters themselves, in UTF-8
    again = game_from_record(load_record(path))
    assert again.names == game.names
    assert dumps_record(game_to_record(again)) == dumps_record(game_to_record(game))

    capsys.readouterr()
    args = argparse.Namespace(record=str(path), seat=None, public=False, all=True)
    assert run_replay(args) == 0
    shown = capsys.readouterr().out
    assert HOST in shown and GUEST in shown


def test_a_record_file_is_utf8_whatever_the_locale(tmp_path: Path) -> None:
    game = Game.new(3, seed=3, names=["Ελένη", "Şule", "Çağan"])
    path = tmp_path / "names.json"
    save_record(game, path)
    text = path.read_bytes().decode("utf-8")
    assert '"Ελένη"' in text and '"Şule"' in text and "\\u" not in text
    assert game_from_record(load_record(path)).names == ["Ελένη", "Şule", "Çağan"]


# -- names that cannot pass for another's -----------------------------------------------

#: Real names people type in each of the table's languages (and a Spanish one).
REAL_NAMES = {
    "tr": ["İrem", "Işık", "Çağla", "Şule", "Gökhan", "Ümit"],
    "lt": ["Žydrūnė", "Ąžuolas", "Jūratė", "Vaitkevičius", "Jonas Žukauskas"],
    "el": ["Ελένη", "Γιώργος", "Αθηνά", "Νίκος", "Άννα Σωκράτους"],
    "sk": ["Ľubomír", "Ďurica", "Ťažký", "Ôsma", "Ňuňo"],
    "it": ["Niccolò", "Lucía", "Perù", "D'Angelo", "Maria Teresa"],
    "en": ["Ann", "O'Brien", "O\u2019Brien", "Mary-Jane", "J. R.", "Ann 2"],
}

INVISIBLE = "a name has no invisible characters (this one has {code})"
MIXED = "a name does not mix alphabets in one word ({word})"
PROFILE = (
    "a name has only letters and digits in common use, spaces, hyphens, apostrophes"
    " and periods (not \u201c{char}\u201d, {code})"
)

#: The audit's names that pass for "Ann", and their kin: each refused, and why.
REFUSED = [
    ("Ann\u3164", INVISIBLE.format(code="U+3164")),  # Hangul filler
    ("Ann\u2800", INVISIBLE.format(code="U+2800")),  # Braille pattern blank
    ("Ann\u034f", INVISIBLE.format(code="U+034F")),  # combining grapheme joiner
    ("Ann\ufe0f", INVISIBLE.format(code="U+FE0F")),  # variation selector 16
    ("An\u200dn", INVISIBLE.format(code="U+200D")),  # zero-width joiner
    ("A\u200bnn", INVISIBLE.format(code="U+200B")),  # zero-width space
    ("\u115fAnn", INVISIBLE.format(code="U+115F")),  # Hangul choseong filler
    ("Ann\u1160", INVISIBLE.format(code="U+1160")),  # Hangul jungseong filler
    ("Ann\uffa0", INVISIBLE.format(code="U+FFA0")),  # half-width Hangul filler
    ("Ann\U000e0041", INVISIBLE.format(code="U+E0041")),  # tag letter A
    ("\u202eAnn", INVISIBLE.format(code="U+202E")),  # right-to-left override
    ("Ann\u2066", INVISIBLE.format(code="U+2066")),  # left-to-right isolate
    ("An\u00adn", INVISIBLE.format(code="U+00AD")),  # soft hyphen
    ("Ann\u00a0Bo", INVISIBLE.format(code="U+00A0")),  # no-break space
    ("Ann\u3000Bo", INVISIBLE.format(code="U+3000")),  # ideographic space
    ("\u0410nn", MIXED.format(word="\u0410nn")),  # Cyrillic A, Latin nn
    ("Bo \u0391nn", MIXED.format(word="\u0391nn")),  # Greek Alpha, Latin nn
    ("\u0395\u03bbe\u03bd\u03b7", MIXED.format(word="\u0395\u03bbe\u03bd\u03b7")),  # Latin e
    ("Ann1\u0661", "a name has digits of one kind"),  # an Arabic-Indic one after a 1
    ("Ann\u0301\u0301", "a name does not carry the same accent twice on one letter"),
    ("Bot 2 (heuristic)", PROFILE.format(char="(", code="U+0028")),  # only the server's
    ("Ann\u2764", PROFILE.format(char="\u2764", code="U+2764")),  # a heart
    ("Ann_Bo", PROFILE.format(char="_", code="U+005F")),
    ("Ann\u13aa", PROFILE.format(char="\u13aa", code="U+13AA")),  # Cherokee: limited use
    ("-Ann", "a name begins with a letter or a digit"),
    ("'", "a name begins with a letter or a digit"),
    ("Ann  Bo", "a name has one space between words"),
    ("An\x07n", "a name has only printable characters"),
]

#: Names that look like one already at the table: (seated, newcomer).
LOOK_ALIKES = [
    ("Ann", "\u0391\u039d\u039d"),  # in Greek capitals
    ("Ann", "\u0430nn".upper()),  # a Cyrillic capital A: refused as mixed before taken
    ("Ace", "\u0410\u0441\u0435"),  # all three letters Cyrillic
    ("Iris", "lris"),  # a capital I and a small L
    ("Ann l", "Ann 1"),
    ("Ümit", "Ürnit"),  # "rn" reads as "m"
    ("O'Brien", "O\u2019Brien"),  # the apostrophe phones type
    ("Jon", "\uff2a\uff4f\uff4e"),  # full-width letters
    ("Ánn", "A\u0301NN"),  # case and a decomposed accent, as before
]


@pytest.fixture(scope="module")
def shared(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with running_server(tmp_path_factory.mktemp("names")) as running:
        yield running


def refusal(response: Any) -> tuple[int, str, str]:
    status, code = error_of(response)
    return status, code, response.json()["error"]["message"]


@pytest.mark.parametrize(("name", "reason"), REFUSED)
def test_a_name_that_could_pass_for_another_is_refused_with_its_reason(
    name: str, reason: str
) -> None:
    assert name_problem(name) == reason
    with pytest.raises(ValidationError, match="name") as refused:
        JoinTable(name=name)
    assert reason in str(refused.value)


@pytest.mark.parametrize("name", ["Ann\u3164", "Ann\u2800", "Ann\u034f", "Ann\ufe0f", "\u0410nn"])
def test_the_audits_names_are_refused_at_create_and_at_join(shared: Server, name: str) -> None:
    reason = dict(REFUSED)[name]
    created = shared.call("POST", "/api/tables", body={"name": name})
    assert refusal(created) == (400, "bad_request", f"name: {reason}")
    table = shared.create(name="Bo")["table"]
    joined = shared.call("POST", f"/api/tables/{table}/join", body={"name": name})
    assert refusal(joined) == (400, "bad_request", f"name: {reason}")
    assert [seat["name"] for seat in shared.facts(table)["seats"]] == ["Bo", *[None] * 4]


def test_the_refusal_is_said_in_the_requesters_language(shared: Server) -> None:
    said = {
        lang: shared.http.post(
            "/api/tables", json={"name": "Ann\u3164"}, headers={"Cookie": f"lang={lang}"}
        ).json()["error"]["message"]
        for lang in LANGUAGES
    }
    assert said == {
        "en": "name: a name has no invisible characters (this one has U+3164)",
        "tr": "name: bir adda görünmez karakter olmaz (bu adda U+3164 var)",
        "lt": "name: varde negali būti nematomų simbolių (šiame yra U+3164)",
        "el": "name: ένα όνομα δεν έχει αόρατους χαρακτήρες (αυτό έχει τον U+3164)",
        "sk": "name: meno nesmie obsahovať neviditeľné znaky (toto obsahuje U+3164)",
        "it": "name: un nome non contiene caratteri invisibili (questo contiene U+3164)",
    }


@pytest.mark.parametrize(("seated", "newcomer"), LOOK_ALIKES)
def test_a_look_alike_of_a_seated_name_is_taken(seated: str, newcomer: str) -> None:
    assert is_taken(newcomer, [None, seated]) and is_taken(seated, [newcomer])


@pytest.mark.parametrize(
    ("seated", "newcomer"), [("Ann", "\u0391\u039d\u039d"), ("Ace", "\u0410\u0441\u0435")]
)
def test_a_whole_script_look_alike_is_refused_as_taken_at_the_table(
    shared: Server, seated: str, newcomer: str
) -> None:
    assert name_problem(newcomer) is None  # a whole-Greek or whole-Cyrillic name is a name
    table = shared.create(name=seated)["table"]
    refused = shared.call("POST", f"/api/tables/{table}/join", body={"name": newcomer})
    assert refusal(refused) == (
        409,
        "name_taken",
        f"somebody at this table is already called {newcomer}: choose another name",
    )


@pytest.mark.parametrize(
    ("one", "other"),
    [("Ann", "Anna"), ("İrem", "Irem"), ("Şule", "Sule"), ("Jūratė", "Jurate"), ("Ana", "Ána")],
)
def test_names_that_differ_to_the_eye_are_not_taken(one: str, other: str) -> None:
    assert not is_taken(one, [other]) and not is_taken(other, [one])


@pytest.mark.parametrize("lang", sorted(REAL_NAMES))
def test_real_names_in_every_language_sit_at_one_table(shared: Server, lang: str) -> None:
    first, *others = names = REAL_NAMES[lang]
    assert [name_problem(name) for name in names] == [None] * len(names)
    table = shared.create(name=first, players=len(names))["table"]
    for name in others:
        if lang == "en" and name == "O\u2019Brien":  # one name, however the apostrophe is typed
            refused = shared.call("POST", f"/api/tables/{table}/join", body={"name": name})
            assert error_of(refused) == (409, "name_taken")
            continue
        shared.ok("POST", f"/api/tables/{table}/join", body={"name": name})
    seated = [seat["name"] for seat in shared.facts(table)["seats"]]
    assert [name for name in seated if name is not None] == [
        name for name in names if name != "O\u2019Brien"
    ]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_servers_bot_names_stay_as_they_are_in_every_language(lang: str) -> None:
    for spec in available_bots():
        plain = {seat: bot_name(seat, spec, lang) for seat in range(1, 10)}
        assert unique_bot_names(plain, ["Ana", None]) == plain
    bots = {2: bot_name(2, "random", lang)}
    # A look-alike of a bot's name (a Cyrillic "B" and "o", kept from before) is that name.
    look_alike = "\u0412\u043e" + bots[2][2:]
    assert unique_bot_names(bots, [look_alike]) == {2: bots[2] + " #2"}


# -- properties --------------------------------------------------------------------------

LATIN = "abcdefghijklmnopqrstuvwxyzçğıöşüąčęėįšųūžáäďéíĺľňóôŕťúýàèìîòù"
GREEK = "αβγδεζηθικλμνξοπρστυφχψωάέήίόύώϊϋΐΰ"


def _words(letters: str) -> st.SearchStrategy[str]:
    word = st.text(alphabet=letters + letters.upper() + "0123456789", min_size=1, max_size=7)
    return st.builds(
        lambda first, rest: first + "".join(mark + word for mark, word in rest),
        word,
        st.lists(st.tuples(st.sampled_from(sorted(SEPARATORS)), word), max_size=2),
    )


#: Names made the way people write them: words of one alphabet (Latin letters of
#: the table's languages, or Greek) with digits, and a mark between words.
NAMES = st.one_of(_words(LATIN), _words(GREEK)).filter(lambda name: len(name) <= 24)

#: What hides in a name: every format character (zero-width ones, bidi
#: controls, tags), the variation selectors, the other default-ignorable
#: characters (Unicode's Other_Default_Ignorable_Code_Point), the blanks and
#: every space but the plain one; listed from Python's own Unicode data, not ICU's.
SELECTORS = [(0x180B, 0x1810), (0xFE00, 0xFE10), (0xE0100, 0xE01F0)]
HIDDEN = sorted(
    (
        {chr(c) for c in range(sys.maxunicode + 1) if unicodedata.category(chr(c)) in ("Cf", "Zs")}
        | {chr(c) for start, end in SELECTORS for c in range(start, end)}
        | set("\u034f\u115f\u1160\u17b4\u17b5\u3164\uffa0\u2800\u2028\u2029\x85")
    )
    - {" "}
)


@given(NAMES, st.sampled_from(HIDDEN), st.integers(min_value=0))
def test_a_name_with_anything_hidden_in_it_is_refused(name: str, hidden: str, at: int) -> None:
    assume(name_problem(name) is None)
    at %= len(name) + 1
    assert name_problem(name[:at] + hidden + name[at:]) is not None


@given(NAMES)
def test_a_name_is_taken_by_itself_in_any_case_or_form(name: str) -> None:
    assume(name_problem(name) is None)
    for form in ("NFC", "NFD", "NFKC", "NFKD"):
        assert is_taken(unicodedata.normalize(form, name), [name])
    for same in (name.upper(), name.lower(), name.casefold(), name.title(), f" {name} "):
        assert is_taken(same, [name]) and is_taken(name, [same])


#: Latin letters and the Cyrillic ones that look just like them.
CYRILLIC_TWINS = {"a": "\u0430", "c": "\u0441", "e": "\u0435", "o": "\u043e", "p": "\u0440"}


@given(_words("acdeinoprst"), st.data())
def test_a_latin_name_with_a_cyrillic_twin_letter_is_refused_or_taken(
    name: str, data: st.DataObject
) -> None:
    assume(len(name) <= 24 and name_problem(name) is None)
    twins = [i for i, char in enumerate(name) if char in CYRILLIC_TWINS]
    assume(twins)
    at = data.draw(st.sampled_from(twins))
    swapped = name[:at] + CYRILLIC_TWINS[name[at]] + name[at + 1 :]
    assert name_problem(swapped) is not None or is_taken(swapped, [name])


@given(NAMES, st.lists(st.tuples(st.integers(min_value=0), st.characters()), max_size=2))
def test_whatever_is_accepted_is_letters_digits_and_single_marks(
    name: str, additions: list[tuple[int, str]]
) -> None:
    for at, char in additions:  # anything at all, anywhere
        at %= len(name) + 1
        name = name[:at] + char + name[at:]
    name = name.strip()
    if name and name_problem(name) is None:
        shown = unicodedata.normalize("NFKC", name)
        assert "  " not in shown and shown[0] not in SEPARATORS
        for char in shown:
            assert char in SEPARATORS or unicodedata.category(char)[0] in "LM" or char.isdecimal()


@given(st.text(max_size=12), st.text(max_size=12))
def test_being_taken_goes_both_ways(one: str, other: str) -> None:
    assert is_taken(one, [other]) == is_taken(other, [one])
