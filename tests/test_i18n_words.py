"""Words a native player would change (issue 20, item 7), pinned in the real catalogues.

- Slovak says *dobierací balíček* and *odhadzovací balíček* for the draw and discard
  piles, *pasovať* for a pass, *nástroj* for a tool, and tells moves already made in
  the past tense, in the form Slovak software uses when the mover's gender is unknown
  ("odhodil(a)", "zahral(a) si").
- Card names are written as a sentence holds them (Slovak and Italian in lower case)
  and capitalised by the code where they stand alone (the hand, the rules page), in
  each language's own way, changing nothing but the first letter.
- Italian names every repair card by one pattern, the rulebook's *attrezzo riparato*.
- The How to play page says who begins round 1 (the engine's first seat, seat 0) and
  who begins the later rounds under the table's ``next_round_start``.

The browser's words are checked by running the real modules under Node.
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
from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import read_po

from pysaboteur.i18n import LANGUAGES
from pysaboteur.rules import Game, seat_observation
from pysaboteur.server.config import WEB_DIR
from pysaboteur.terminal.move_sentences import describe_move
from pysaboteur.terminal.words import speaking

LOCALES = WEB_DIR / "locales"
PO = Path(__file__).resolve().parent.parent / "pysaboteur" / "i18n" / "locale"
NODE = shutil.which("node")
needs_node = pytest.mark.skipif(NODE is None, reason="Node is not installed")


def web(lang: str) -> dict[str, Any]:
    """One language's browser catalogue, every area merged."""
    merged: dict[str, Any] = {}
    for path in sorted((LOCALES / lang).glob("*.json")):
        merged.update(json.loads(path.read_text(encoding="utf-8")))
    return merged


def forms(value: str | dict[str, str]) -> list[str]:
    return list(value.values()) if isinstance(value, dict) else [value]


def po(lang: str) -> Catalog:
    with (PO / lang / "LC_MESSAGES" / "pysaboteur.po").open("rb") as handle:
        return read_po(handle)


def msgid_of(message: Message) -> str:
    """A message's id; a plural message's singular."""
    return str(message.id[0] if isinstance(message.id, (tuple, list)) else message.id)


def po_strings(lang: str) -> dict[tuple[str | None, str], list[str]]:
    """``(context, msgid)`` -> the translation's forms."""
    found = {}
    for message in po(lang):
        if not message.id:
            continue
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        found[(message.context, msgid_of(message))] = [str(text) for text in strings]
    return found


def every_slovak_string() -> list[str]:
    texts = [text for value in web("sk").values() for text in forms(value)]
    return texts + [text for strings in po_strings("sk").values() for text in strings]


# ---- Slovak: the piles, a pass, a tool ----------------------------------------------------


@pytest.mark.parametrize("word", ["hromádk", "náradi", "vzdaj sa ťahu", "nepoužit", "použité"])
def test_no_slovak_string_keeps_the_old_words(word: str) -> None:
    assert [text for text in every_slovak_string() if word in text.lower()] == []


def test_slovak_says_dobierací_and_odhadzovací_balíček_wherever_english_names_a_pile() -> None:
    english, slovak = web("en"), web("sk")
    draw = [key for key, value in english.items() if "draw pile" in " ".join(forms(value))]
    discard = [key for key, value in english.items() if "discard pile" in " ".join(forms(value))]
    assert len(draw) >= 6 and len(discard) >= 2  # the table, the replay, the rules
    for key in draw:
        assert all(re.search(r"dobierac\w+ balíč", text) for text in forms(slovak[key])), key
    for key in discard:
        assert all("do odhadzovacieho balíčka" in text for text in forms(slovak[key])), key
    # Balíček is masculine: the pile "je prázdny".
    assert "Keď je dobierací balíček prázdny" in slovak["rules.turn_base_2"]
    assert slovak["table.draw_pile"]["few"] == "{count} karty v dobieracom balíčku"
    terminal = po_strings("sk")
    assert terminal[(None, "draw pile {count}")] == ["dobierací balíček {count}"]
    assert terminal[(None, "discards {count}")] == ["odhadzovací balíček {count}"]


def test_slovak_has_one_word_for_a_pass_and_one_for_a_tool() -> None:
    slovak = web("sk")
    for key in ["rules.turn_base_discard", "table.pass", "table.hand_empty", "moves.pass.you"]:
        assert "pas" in slovak[key].lower(), key
    assert all(text.startswith("Pasuj tak") for text in forms(slovak["rules.turn_s2_discard"]))
    terminal = po_strings("sk")
    assert terminal[("move", "pass")] == ["pasovanie"]
    broken = terminal[(None, "seat {seat} has a broken {tools} and cannot place path cards")]
    assert "nástroj" in broken[0]


# ---- Slovak: what happened is told in the past ----------------------------------------------


def test_every_slovak_move_of_the_log_is_in_the_past_tense() -> None:
    past = re.compile(r"\w+l\(a\)")  # odhodil(a), zahral(a), vzal(a), pasoval(a)…
    slovak = web("sk")
    moves = {key: value for key, value in slovak.items() if key.startswith("moves.")}
    moves.pop("moves.card_in_list")
    assert len(moves) > 100
    for key, value in moves.items():
        for text in forms(value):
            # "{actor} [si|sa|ti|ťa|...] odhodil(a) …" or "Odhodil(a) si …": the verb comes first.
            verb = text.split()[1:5] if text.startswith("{actor}") else text.split()[:1]
            assert any(past.fullmatch(word) for word in verb), (key, text)
            if not text.startswith("{actor}"):
                assert text.split()[1] == "si", (key, text)  # "you": the past's "si"


def test_every_slovak_move_sentence_of_the_terminal_is_in_the_past_tense() -> None:
    told = [
        msgid_of(message)
        for message in po("sk")
        if any(path.endswith("move_sentences.py") for path, _ in message.locations)
    ]
    strings = po_strings("sk")
    moves = [msgid for msgid in told if re.match(r"(You|\{actor\}) ", msgid)]
    assert len(moves) > 60
    for msgid in moves:
        for text in strings[(None, msgid)]:
            assert re.search(r"\w+l\(a\)", text), (msgid, text)


def test_a_slovak_discard_reads_in_the_past_in_the_terminal() -> None:
    game = Game.new(3, seed=1, names=["Ana", "Bo", "Cy"])
    seen_by_ana = seat_observation(game, 0)
    with speaking("sk"):
        assert (
            describe_move(seen_by_ana, "1 discard").plain == "Bo (1) odhodil(a) kartu lícom nadol"
        )
        assert describe_move(seen_by_ana, "0 discard NS").plain == "Odhodil(a) si NS"
        assert (
            describe_move(seen_by_ana, "2 pass").plain == "Cy (2) pasoval(a) (žiadne karty v ruke)"
        )


# ---- card names: lower case in sentences, capitalised alone ---------------------------------

HARNESS = textwrap.dedent(
    """
    const [webDir, catalogueFile, lang] = process.argv.slice(2);
    const { readFileSync } = await import("node:fs");
    const catalogue = JSON.parse(readFileSync(catalogueFile, "utf8"));
    // Just enough of a DOM for dom.js to build the hand: elements that keep their children.
    class Element {
      constructor(tag) { Object.assign(this, { tag, children: [], attributes: {}, dataset: {} }); }
      setAttribute(name, value) { this.attributes[name] = value; }
      append(...nodes) { this.children.push(...nodes); }
      prepend(...nodes) { this.children.unshift(...nodes); }
      addEventListener() {}
      get textContent() { return this.children.map((c) => c.textContent ?? c).join(""); }
      set textContent(text) { this.children = [String(text)]; }
    }
    globalThis.Node = Element;
    globalThis.document = {
      documentElement: { lang }, querySelector: () => null, getElementById: () => null,
      body: new Element("body"), createElement: (tag) => new Element(tag),
      createElementNS: (_, tag) => new Element(tag),
    };
    globalThis.fetch = async () => ({ ok: true, json: async () => catalogue });
    const load = (name) => import(`file://${webDir}/js/${name}`);
    const i18n = await load("i18n.js");
    const cards = await load("cards.js");
    const words = await load("words.js");
    const { renderHand } = await load("hand.js");
    const find = (node, name) => node.className === name ? [node] :
      (node.children || []).flatMap((child) => find(child, name));
    const names = (seat) => ["Ana", "Bo", "Cy"][seat];
    const codes = JSON.parse(process.argv[5]);
    const out = {
      names: Object.fromEntries(codes.map((code) => [code, cards.shortName(code)])),
      labels: Object.fromEntries(codes.map((code) => [code, cards.cardLabel(code)])),
      discard: words.describeMove("1 discard map", names, 0),
      mine: words.describeMove("0 discard NS map", names, 0),
      capitals: ["iz", "έλεγχος", "ίχνος", "ü"].map(i18n.capitalised),
      hand: find(renderHand({
        hand: ["map", "NS", "fix-pick-lamp"], selected: null, turned: false,
        playable: () => true, myTurn: true, onSelect: () => {},
      }), "card-name").map((node) => node.textContent),
    };
    console.log(JSON.stringify(out));
    """
)
#: One card of each name: path cards by their kind, action cards by their code.
CODES = [
    "NESW", "xNS", "NS+EW", "NE+SW", "N/ladder", "NS/door-blue", "EW/door-green", "NS/crystal",
    "map", "rockfall", "theft", "hands-off", "swap-hand", "inspection", "swap-hats", "trapped",
    "free-at-last", "break-pick", "break-lamp", "break-cart", "fix-pick", "fix-lamp", "fix-cart",
    "fix-pick-lamp", "fix-pick-cart", "fix-lamp-cart",
]  # fmt: skip


def in_the_browser(lang: str, tmp_path: Path) -> dict[str, Any]:
    catalogue = tmp_path / f"{lang}.json"
    catalogue.write_text(json.dumps({**web("en"), **web(lang)}), encoding="utf-8")
    harness = tmp_path / "harness.mjs"
    harness.write_text(HARNESS, encoding="utf-8")
    assert NODE is not None
    run = subprocess.run(
        [NODE, str(harness), str(WEB_DIR), str(catalogue), lang, json.dumps(CODES)],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert run.returncode == 0, run.stderr
    result: dict[str, Any] = json.loads(run.stdout)
    return result


@needs_node
@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_a_card_label_capitalises_the_name_and_changes_nothing_else(
    lang: str, tmp_path: Path
) -> None:
    shown = in_the_browser(lang, tmp_path)
    for code in CODES:
        name, label = shown["names"][code], shown["labels"][code]
        assert label[1:] == name[1:] and label[0] == label[0].upper() != label[0].lower(), code
        if lang != "en":  # the names as a sentence holds them (English names them as titles)
            assert name[0] == name[0].lower(), code
    labels = shown["labels"]
    assert shown["hand"] == [labels["map"], labels["NESW"], labels["fix-pick-lamp"]]
    turkish = "İz" if lang == "tr" else "Iz"
    assert shown["capitals"] == [turkish, "Έλεγχος", "Ίχνος", "Ü"]  # Greek keeps its accent


@needs_node
def test_a_card_name_inside_a_slovak_sentence_is_lower_case(tmp_path: Path) -> None:
    shown = in_the_browser("sk", tmp_path)
    assert shown["discard"] == "Bo odhodil(a) kartu: mapa"
    # Slovak's list keeps "a" with the word after it (a no-break space, as Intl writes it).
    assert shown["mine"] == "Odhodil(a) si 2 karty: tunel (S J) a\u00a0mapa"
    # The hand's labels under the cards stand alone: capitalised.
    assert shown["hand"] == ["Mapa", "Tunel", "Oprava krompáča / lampy"]


def test_slovak_reasons_name_cards_in_lower_case() -> None:
    cards = {msgid: strings for (context, msgid), strings in po_strings("sk").items()}
    named = [strings[0] for (context, _), strings in po_strings("sk").items() if context == "card"]
    assert len(named) == 19 and all(name[0].islower() for name in named)
    assert cards["trapped is played in front of another seat"] == [
        "kartu „v pasci“ treba zahrať pred iné miesto"
    ]


# ---- Italian: one pattern for the repair cards -----------------------------------------------


def test_every_italian_repair_card_is_named_as_the_rulebook_does() -> None:
    """The rulebook: "Gli attrezzi riparati rimuovono un attrezzo rotto"."""
    italian = web("it")
    web_names = [value for key, value in italian.items() if key.startswith("cards.name_fix_")]
    terminal = [
        strings[0]
        for (context, msgid), strings in po_strings("it").items()
        if context == "card" and msgid.startswith("fix-")
    ]
    assert len(web_names) == len(terminal) == 6
    for name in web_names + terminal:
        assert re.fullmatch(r"\w+ riparat[oa]|\w+ / \w+ riparati", name), name
    assert italian["cards.name_fix_pick_lamp"] == "piccone / lanterna riparati"


# ---- the How to play page: who begins -------------------------------------------------------

NEXT_KEYS = ["rules.game_next_after_last", "rules.game_next_rotate", "rules.game_next_last_path"]


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_the_rules_say_who_begins_round_1_in_every_language(lang: str) -> None:
    words = web(lang)
    first = words["rules.game_first"]
    host = words["pregame.host"]
    # The engine's first seat (Game.new's first=0): seat 0, the host's.
    assert "0" in first and host[:8].lower() in first.lower(), first
    assert Game.new(4, seed=3).first == 0
    later = [words[key] for key in [*NEXT_KEYS, "rules.game_next", "rules.game_next_others"]]
    assert len(set(later)) == len(later)  # each option its own sentence


def test_the_rules_page_picks_the_sentence_of_the_tables_option() -> None:
    script = (WEB_DIR / "js" / "rules_page.js").read_text(encoding="utf-8")
    table = re.search(r"const NEXT_ROUND_START = \{(.*?)\};", script, re.S)
    assert table is not None
    options = dict(re.findall(r'"?([a-z-]+)"?: "(rules\.[a-z_]+)"', table.group(1)))
    assert options == dict(zip(["after-last", "rotate", "last-path"], NEXT_KEYS, strict=True))
    link = (WEB_DIR / "js" / "table.js").read_text(encoding="utf-8")
    assert "&next_round_start=${nextStart}" in link
