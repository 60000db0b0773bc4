"""The browser client's catalogues and the pages' language.

- Every ``web/locales/<lang>/<area>.json`` that exists has exactly the keys of the English
  file of that name, the same placeholders, and plural objects with the categories that
  language's CLDR rules use: the checks grow with each language a translator adds.
- Every key the pages' scripts and HTML use is in English, and every English key is used.
- Every move sentence, outcome and card name the scripts can build has its text (the
  real modules run under Node with the English catalogue).
- The server negotiates the language (cookie, then ``Accept-Language``, then English),
  serves ``<html lang>`` and the static words in it, and one merged catalogue per language.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import textwrap
from pathlib import Path
from typing import Any

import pytest

from pysaboteur.i18n import LANGUAGES, negotiate
from pysaboteur.server.config import WEB_DIR

LOCALES = WEB_DIR / "locales"
ENGLISH = LOCALES / "en"
#: The plural categories each language's CLDR rules use (``Intl.PluralRules``); Italian's
#: newer rules add "many" for compact millions, which a translation may give or leave.
PLURALS: dict[str, set[str]] = {
    "en": {"one", "other"},
    "tr": {"one", "other"},
    "lt": {"one", "few", "many", "other"},
    "el": {"one", "other"},
    "sk": {"one", "few", "many", "other"},
    "it": {"one", "other"},
}
OPTIONAL_PLURALS: dict[str, set[str]] = {"it": {"many"}}
PLACEHOLDER = re.compile(r"\{(\w+)\}")
SOURCES = sorted(WEB_DIR.glob("js/*.js")) + sorted(WEB_DIR.glob("*.html"))


def read(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def english_files() -> list[Path]:
    return sorted(ENGLISH.glob("*.json"))


def catalogue_files() -> list[Path]:
    return sorted(LOCALES.glob("*/*.json"))


def english_keys() -> dict[str, Any]:
    merged: dict[str, Any] = {}
    for path in english_files():
        merged.update(read(path))
    return merged


def placeholders(value: str | dict[str, str]) -> set[str]:
    forms = value.values() if isinstance(value, dict) else [value]
    return {name for form in forms for name in PLACEHOLDER.findall(form)}


# ---- the catalogues' shape -------------------------------------------------------------


def test_the_browser_lists_the_same_languages_as_the_server() -> None:
    source = (WEB_DIR / "js" / "i18n.js").read_text(encoding="utf-8")
    listed = re.findall(r'\{ code: "(\w+)", name: "([^"]+)" \}', source)
    assert listed == list(LANGUAGES.items())


def test_the_languages_on_disk_are_among_the_six() -> None:
    assert tuple(LANGUAGES) == ("en", "tr", "lt", "el", "sk", "it")
    assert english_files(), "the English catalogue is the source of every other"
    assert {folder.name for folder in LOCALES.iterdir() if folder.is_dir()} <= set(LANGUAGES)


@pytest.mark.parametrize(
    "path", catalogue_files(), ids=lambda path: f"{path.parent.name}/{path.name}"
)
def test_each_catalogue_file_is_well_formed(path: Path) -> None:
    lang, area = path.parent.name, path.stem
    data = read(path)
    assert data, "an empty catalogue"
    categories = PLURALS[lang]
    for key, value in data.items():
        assert key.startswith(f"{area}."), f"{key} is not in the {area} area"
        assert re.fullmatch(r"[a-z0-9]+(\.[a-z0-9_\-]+)+", key), key
        if isinstance(value, dict):
            forms = set(value)
            assert categories <= forms <= categories | OPTIONAL_PLURALS.get(lang, set()), (
                f"{key}: {lang} needs the plural forms {sorted(categories)}, not {sorted(forms)}"
            )
            assert all(isinstance(form, str) and form.strip() for form in value.values()), key
        else:
            assert isinstance(value, str) and value.strip(), f"{key} has no text"


@pytest.mark.parametrize(
    "path",
    [path for path in catalogue_files() if path.parent.name != "en"] or [None],
    ids=lambda path: f"{path.parent.name}/{path.name}" if path else "no-translation-yet",
)
def test_each_translation_has_the_english_keys_and_placeholders(path: Path | None) -> None:
    if path is None:
        pytest.skip("no translation on disk yet: the check starts with the first one")
    english = read(ENGLISH / path.name)
    translated = read(path)
    assert sorted(translated) == sorted(english), "keys differ from the English file"
    for key, value in english.items():
        assert isinstance(translated[key], dict) == isinstance(value, dict), f"{key}: plural or not"
        assert placeholders(translated[key]) == placeholders(value), f"{key}: placeholders differ"


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if (LOCALES / lang).is_dir()])
def test_a_language_on_disk_has_every_english_file(lang: str) -> None:
    names = {path.name for path in (LOCALES / lang).glob("*.json")}
    assert names == {path.name for path in english_files()}


def test_the_placeholders_of_one_english_key_are_the_same_in_every_form() -> None:
    """A plural's forms may drop {count} ("Discard this card"), never another placeholder."""
    for key, value in english_keys().items():
        if isinstance(value, dict):
            others = [PLACEHOLDER.findall(form) for form in value.values()]
            assert all(set(names) - {"count"} == set(others[-1]) - {"count"} for names in others), (
                key
            )


# ---- keys used by the pages ------------------------------------------------------------

CALL = re.compile(r"\b(?:t|tn|tParts)\(\s*\"([^\"]+)\"")
#: A key built in a template literal: `moves.break_${tool}.${aimed}` (its fixed start).
TEMPLATE_KEY = re.compile(r"`([a-z0-9]+\.[a-z0-9_.\-]*)\$\{")
LITERAL = re.compile(r"\"([a-z0-9]+\.[a-z0-9_.\-]+)\"")
MARKER = re.compile(r"\{\{\s*([A-Za-z0-9_.\-]+)\s*\}\}")


def used_keys() -> tuple[set[str], set[str]]:
    """Keys the sources name in full, and the prefixes of keys they build (``moves.break_``)."""
    areas = {path.stem for path in english_files()}
    full: set[str] = set()
    prefixes: set[str] = set()
    for path in SOURCES:
        text = path.read_text(encoding="utf-8")
        full.update(CALL.findall(text))
        full.update(MARKER.findall(text))
        full.update(key for key in LITERAL.findall(text) if key.split(".")[0] in areas)
        prefixes.update(key for key in TEMPLATE_KEY.findall(text) if key.split(".")[0] in areas)
    return full, prefixes


def test_every_key_the_sources_use_is_in_english() -> None:
    english = english_keys()
    full, prefixes = used_keys()
    assert len(full) > 300  # the scan finds the sources' keys
    assert sorted(full - set(english)) == []
    for prefix in prefixes:
        assert prefix.count(".") >= 1, f"a key built from too little: {prefix!r}"
        assert any(key.startswith(prefix) for key in english), f"no key starts with {prefix!r}"


def test_every_english_key_is_used_somewhere() -> None:
    full, prefixes = used_keys()
    dead = [
        key
        for key in english_keys()
        if key not in full and not any(key.startswith(prefix) for prefix in prefixes)
    ]
    assert dead == []


def test_no_page_spells_a_word_outside_its_markers() -> None:
    """The pages' text between tags is markers only (the brand, labels, options …)."""
    for path in sorted(WEB_DIR.glob("*.html")):
        page = re.sub(
            r"<(script|style)\b.*?</\1>", "", path.read_text(encoding="utf-8"), flags=re.S
        )
        texts = [text.strip() for text in re.findall(r">([^<]+)<", page)]
        bare = [
            text
            for text in texts
            if text and not MARKER.fullmatch(text) and re.search(r"[A-Za-z]", text)
        ]
        assert bare == [], path.name
        for attribute in re.findall(r'(?:placeholder|title|aria-label|alt)="([^"]*)"', page):
            assert MARKER.fullmatch(attribute), f"{path.name}: {attribute!r}"


# ---- the scripts' sentences, run under Node ----------------------------------------------

NODE = shutil.which("node")
HARNESS = textwrap.dedent(
    """
    const [webDir, catalogueFile] = process.argv.slice(2);
    const { readFileSync } = await import("node:fs");
    const catalogue = JSON.parse(readFileSync(catalogueFile, "utf8"));
    const missing = [];
    console.warn = (...words) => missing.push(words.join(" "));
    globalThis.document = { documentElement: { lang: "en" }, querySelector: () => null };
    globalThis.fetch = async () => ({ ok: true, json: async () => catalogue });
    const load = (name) => import(`file://${webDir}/js/${name}`);
    const words = await load("words.js");
    const cards = await load("cards.js");
    const names = (seat) => ["Ana", "Bo", "Cy"][seat];
    const moves = [
      "0 place NES 1,0", "0 place xNS 1,0", "0 place NS+EW 1,0", "0 place NE+SW 1,0",
      "0 place NS/ladder 1,0", "0 place NS/door-blue 1,0", "0 place EW/door-green 1,0",
      "0 place NS/crystal 1,0", "0 place xN+xS 1,0", "0 theft", "0 rockfall 1,0", "0 map 8,0",
      "0 discard", "0 discard NS", "0 discard ? ?", "0 discard NS map", "0 discard NS map theft",
      "0 take", "0 take 1", "0 take 3", "0 pass",
    ];
    for (const tool of ["pick", "lamp", "cart"]) {
      for (const target of [0, 1, 2]) {
        moves.push(`0 break-${tool} @${target}`, `0 fix-${tool} @${target}`);
      }
    }
    for (const kind of ["hands-off", "swap-hats", "free-at-last"]) {
      for (const target of [0, 1, 2]) moves.push(`0 ${kind} @${target}`);
    }
    for (const kind of ["swap-hand", "inspection", "trapped", "steal"]) {
      for (const target of [1, 2]) moves.push(`0 ${kind} @${target}`);
    }
    for (const front of ["break-pick", "break-lamp", "break-cart", "trapped", "theft"]) {
      moves.push(`0 clear ${front} NS map`, `0 clear ${front} ? ?`);
    }
    moves.push("0 fix-pick-lamp lamp @1", "0 fix-lamp-cart cart @0");
    const sentences = new Set();
    const seen = (seat, role) => ({ look: { seat, role }, swap: { got: ["NS", "map"] } });
    for (const text of moves) {
      // The mover always sees its own cards: only the others get a hidden discard or clear.
      const hidden = text.includes("?") || text === "0 discard";
      for (const viewer of hidden ? [1, 2, null] : [0, 1, 2, null]) {
        for (const secret of [{}, seen(viewer, "boss"), { swap: { got: [] } }]) {
          sentences.add(words.describeMove(text, names, viewer, secret));
        }
      }
    }
    const roles = ["miner", "saboteur", "green", "blue", "boss", "profiteer", "geologist"];
    for (const viewer of [0, 1, null]) {
      for (const summary of [
        { winner: "miners", finder: 0 }, { winner: "miners", finder: 1 },
        { winner: "miners", finder: null }, { winner: "saboteurs" },
        { gold_reached: false, roles: ["saboteur", "profiteer"] },
        { gold_reached: false, roles: ["saboteur"] },
        { gold_reached: false, roles: ["profiteer"] },
        { gold_reached: false, roles: ["boss"] },
        { gold_reached: true, finder: 0, winners: [] },
        { gold_reached: true, finder: 1, winners: [0] },
        { gold_reached: true, finder: 1, winners: [1] },
        { gold_reached: true, finder: 1, winners: [0, 1] },
        { gold_reached: true, finder: 2, winners: [1, 2] },
      ]) {
        sentences.add(words.roundOutcome(summary, names, viewer));
      }
    }
    for (const open_to of [["green", "blue"], ["green"], ["blue"], []]) {
      sentences.add(words.openToText({ gold_reached: true, open_to }));
    }
    const codes = [
      "NESW", "xNS", "NS+EW", "NE+SW", "EW+xN/door-green", "NS/door-blue", "N/ladder", "NS/crystal",
      "start", "gold", "stone-NE", "map", "rockfall", "theft", "hands-off", "swap-hand",
      "inspection", "swap-hats", "trapped", "free-at-last",
      ...["pick", "lamp", "cart", "pick-lamp", "pick-cart", "lamp-cart"].map((t) => `fix-${t}`),
      ...["pick", "lamp", "cart"].map((tool) => `break-${tool}`),
    ];
    for (const code of codes) {
      sentences.add(cards.describeCard(code));
      sentences.add(cards.shortName(code));
    }
    for (const role of roles) sentences.add(`${cards.ROLE_WORDS[role]} ${words.aRole(role)}`);
    for (const count of [1, 2]) {
      sentences.add(`${cards.nuggetsText(count)} ${cards.piecesText(count)}`);
    }
    console.log(JSON.stringify({ missing, sentences: [...sentences] }));
    """
)


@pytest.mark.skipif(NODE is None, reason="Node is not installed")
def test_every_sentence_the_scripts_can_build_has_its_text(tmp_path: Path) -> None:
    catalogue = tmp_path / "en.json"
    catalogue.write_text(json.dumps(english_keys()), encoding="utf-8")
    harness = tmp_path / "harness.mjs"
    harness.write_text(HARNESS, encoding="utf-8")
    assert NODE is not None
    run = subprocess.run(
        [NODE, str(harness), str(WEB_DIR), str(catalogue)],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert run.returncode == 0, run.stderr
    result = json.loads(run.stdout)
    assert result["missing"] == []
    sentences: list[str] = result["sentences"]
    assert "You break Bo's lamp" in sentences
    assert "Ana breaks your lamp" in sentences
    assert "Ana breaks their own cart" in sentences
    assert "You inspect Bo's dwarf card: a boss" in sentences
    # Cards in sentences by their names, a path card's openings in compass letters, a
    # Saboteur 2 face group by group: never a card's code.
    assert "Ana discards 2 cards: Tunnel (N S) and Map" in sentences
    assert "Ana places a green door (E W) at 1,0" in sentences
    assert "Ana places a bridge (N S + E W) at 1,0" in sentences
    assert "Ana places a dead end (dead end N + dead end S) at 1,0" in sentences
    assert "The gold-miners win: you reached the gold." in sentences
    assert "Ana discards two cards face down to remove their trap" in sentences
    assert "Ana gives you a new dwarf card: you are now a boss" in sentences
    assert "Bo reached the gold: you and Bo win." in sentences  # the viewer is "you"
    assert "Cy reached the gold: Bo and Cy win." in sentences
    ladder = (
        "path card: Ladder: tunnel open north; the ladder joins it to the start wherever it lies"
    )
    assert ladder in sentences
    assert all("{" not in sentence and "moves." not in sentence for sentence in sentences)


# ---- negotiation -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("cookie", "header", "expected"),
    [
        ("it", "tr-TR,tr;q=0.9,en;q=0.5", "it"),  # the browser's own choice wins
        (None, "tr-TR,tr;q=0.9,en;q=0.5", "tr"),
        (None, "en;q=0.5, el;q=0.8", "el"),  # by q-value, not order
        (None, "de-DE,fr;q=0.9", "en"),  # none of the six: English
        (None, "sk;q=0, lt;q=0.3", "lt"),  # q=0 means "not this one"
        (None, "", "en"),
        (None, None, "en"),
        ("xx", "sk", "sk"),  # an unknown cookie is ignored
        ("LT", None, "lt"),
        (None, "*, it;q=0.1", "it"),
        (None, "el;q=abc, it;q=0.5", "it"),  # a broken q-value counts as 0
    ],
)
def test_negotiation(cookie: str | None, header: str | None, expected: str) -> None:
    assert negotiate(cookie, header) == expected


def test_equal_q_values_keep_the_headers_order() -> None:
    assert negotiate(None, "sk, tr") == "sk"
    assert negotiate(None, "tr-TR, sk-SK") == "tr"
    assert negotiate(None, "fr, sk;q=0.1") == "sk"


# ---- the served pages and catalogues -------------------------------------------------------


@pytest.fixture
def translated_web(tmp_path: Path) -> Path:
    """A copy of the web folder with a small Turkish catalogue (test-only, never shipped)."""
    web = tmp_path / "web"
    shutil.copytree(WEB_DIR, web)
    for folder in (web / "locales").iterdir():  # only English and the test's Turkish
        if folder.name != "en":
            shutil.rmtree(folder)
    (web / "locales" / "tr").mkdir()
    (web / "locales" / "tr" / "lobby.json").write_text(
        json.dumps({"lobby.create_title": "Masa kur", "lobby.page_title": "Saboteur — masa kur"}),
        encoding="utf-8",
    )
    return web


def test_pages_come_in_the_negotiated_language(tmp_path: Path, translated_web: Path) -> None:
    pytest.importorskip("fastapi")
    from server_helpers import running_server

    with running_server(tmp_path, web_dir=translated_web) as server:
        turkish = {"Accept-Language": "tr-TR,tr;q=0.9,en;q=0.5"}
        page = server.http.get("/", headers=turkish)
        assert page.status_code == 200
        assert '<html lang="tr">' in page.text
        assert "<title>Saboteur — masa kur</title>" in page.text
        assert "<h1>Masa kur</h1>" in page.text
        assert "<h2>Join a table</h2>" in page.text  # not translated yet: English
        assert "{{" not in page.text
        assert page.headers["content-language"] == "tr"
        assert "Accept-Language" in page.headers["vary"]

        server.http.cookies.set("lang", "en")
        english = server.http.get("/", headers=turkish)
        assert '<html lang="en">' in english.text and "<h1>Create a table</h1>" in english.text
        server.http.cookies.clear()
        for path in ("/t/abcd", "/replay/abcd"):
            shown = server.http.get(path, headers={"Accept-Language": "el"})
            assert shown.status_code == 200 and '<html lang="el">' in shown.text
            assert "{{" not in shown.text
        assert '<html lang="en">' in server.http.get("/t/abcd").text


def test_one_merged_catalogue_per_language(tmp_path: Path, translated_web: Path) -> None:
    pytest.importorskip("fastapi")
    from server_helpers import running_server

    with running_server(tmp_path, web_dir=translated_web) as server:
        english = server.http.get("/locales/en.json").json()
        assert english == english_keys()
        turkish = server.http.get("/locales/tr.json").json()
        assert turkish["lobby.create_title"] == "Masa kur"
        assert turkish["lobby.join_title"] == "Join a table"  # the English underneath
        assert set(turkish) == set(english)
        assert server.http.get("/locales/el.json").json() == english  # nothing Greek yet
        unknown = server.http.get("/locales/de.json")
        assert (unknown.status_code, unknown.text) == (404, "unknown language: 'de'")
        assert server.http.get("/locales/..%2Fen.json").status_code == 404

        # An edited file is read again: the cache is kept only while the files stay the same.
        path = translated_web / "locales" / "tr" / "lobby.json"
        path.write_text(json.dumps({"lobby.create_title": "Yeni masa"}), encoding="utf-8")
        assert server.http.get("/locales/tr.json").json()["lobby.create_title"] == "Yeni masa"
