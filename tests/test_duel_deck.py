"""The Duel's deck file (docs/rules-duel.md, "The deck file"): the shipped deck is
the provisional one of the spec and round-trips; every crafted bad deck is refused
with its own message, naming the card and the rule it breaks."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from pysaboteur.i18n import translate
from pysaboteur.rules import Game
from pysaboteur.rules.duel_deck import DeckError, deck_from_dict, load_deck, shipped_deck
from pysaboteur.rules.duel_faces import FaceError, read_face, turned

SHIPPED = Path(__file__).parent.parent / "pysaboteur" / "rules" / "editions" / "duel_deck.json"


def _shipped() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(SHIPPED.read_text("utf-8"))
    return data


def test_the_shipped_deck_is_the_specs_provisional_deck() -> None:
    deck = shipped_deck()
    assert deck.provisional
    assert len(deck.playing_cards) == 52
    assert sum(entry.count for entry in deck.paths) == 34
    assert len(deck.goals) == 18
    assert deck.start_faces == ("NESW/ladder-green", "NESW/ladder-blue")
    assert deck.report() == {
        "nuggets_on_path_cards": 5,
        "nuggets_on_goals": 26,
        "green_doors": 7,
        "blue_doors": 7,
        "trolls": 3,
        "ladders": 2,
        "key_cards": 2,
        "key_tokens": 2,
    }
    assert all(entry.source for entry in (*deck.paths, *deck.goals, *deck.actions))


def test_the_deck_round_trips_through_its_file() -> None:
    deck = shipped_deck()
    assert deck.to_dict() == _shipped()
    assert deck_from_dict(json.loads(json.dumps(deck.to_dict()))) == deck
    assert load_deck(SHIPPED) == deck


@pytest.mark.parametrize(
    ("printed", "lying"),
    [
        ("NES/door-green@S", "NSW/door-green@N"),
        ("NW+ES/gold1@E", "NW+ES/gold1@N"),
        ("ESW+xN/gold1@N", "NEW+xS/gold1@S"),
        ("xES/gold1@E/gold1@S", "xNW/gold1@N/gold1@W"),
        ("NEW/door-green@N/gold2@N", "ESW/door-green@S/gold2@E"),
    ],
)
def test_a_turned_face_is_spelled_canonically(printed: str, lying: str) -> None:
    assert turned(read_face(printed)).code == lying
    assert turned(read_face(lying)).code == printed


def _set(path: str, value: Any) -> Callable[[dict[str, Any]], None]:
    """Set one field: ``"paths.0.code"``."""

    def change(data: dict[str, Any]) -> None:
        *parents, last = path.split(".")
        where: Any = data
        for part in parents:
            where = where[int(part)] if part.isdigit() else where[part]
        where[int(last) if last.isdigit() else last] = value

    return change


def _swap_code(section: str, old: str, new: str) -> Callable[[dict[str, Any]], None]:
    def change(data: dict[str, Any]) -> None:
        for item in data[section]:
            if item["code"] == old:
                item["code"] = new

    return change


def _add(section: str, item: dict[str, Any]) -> Callable[[dict[str, Any]], None]:
    def change(data: dict[str, Any]) -> None:
        data[section].append(item)

    return change


def _both(
    *changes: Callable[[dict[str, Any]], None],
) -> Callable[[dict[str, Any]], None]:
    def change(data: dict[str, Any]) -> None:
        for each in changes:
            each(data)

    return change


#: Crafted bad decks: what is changed, and the message it must be refused with.
BAD_DECKS: list[tuple[str, Callable[[dict[str, Any]], None], str]] = [
    ("wrong format", _set("format", "deck/0"), 'format: a deck file says "format"'),
    ("unknown field", _set("colour", "red"), "colour: is not a field of a deck file"),
    ("provisional not a flag", _set("provisional", "yes"), "provisional: must be true or false"),
    (
        "one start",
        lambda data: data["starts"].pop(),
        "starts: there are exactly two start cards",
    ),
    (
        "a start with gold",
        _set("starts.0.face", "NESW/ladder-green/gold1@N"),
        "start 'start-green': its face is 'NESW/ladder-green'",
    ),
    (
        "a start of the wrong colour",
        _set("starts.1.face", "NESW/ladder-green"),
        "start 'start-blue': its face is 'NESW/ladder-blue'",
    ),
    ("too few path cards", _set("paths.0.count", 2), "paths: 34 cards in all, not 33"),
    ("count zero", _set("paths.0.count", 0), "path card 'NS': its count must be at least 1, not 0"),
    (
        "count not whole",
        _set("paths.0.count", 1.5),
        "path card 'NS': its count must be a whole number, not 1.5",
    ),
    (
        "count missing",
        lambda data: data["paths"][0].pop("count"),
        "path card 'NS': its count must be a whole number, not null",
    ),
    (
        "a goal twice",
        _swap_code("goals", "xNEW", "xNESW"),
        "goal 'xNESW': is listed twice in goals",
    ),
    (
        "a goal with a count",
        _set("goals.0.count", 2),
        "goal 'xNEW': 'count' is not a field of an entry of goals",
    ),
    (
        "too many actions",
        _set("actions.0.count", 3),
        "actions: 18 cards in all, not 19",
    ),
    (
        "an unknown action",
        _swap_code("actions", "fix-pick-lamp", "fix-lamp-pick"),
        "action 'fix-lamp-pick': is not an action card of the Duel",
    ),
    (
        "a code that does not parse",
        _swap_code("paths", "NS", "SN"),
        "path card 'SN': its code does not parse: the group 'SN' is not sides",
    ),
    (
        "a code not canonically spelled",
        _swap_code("paths", "NW+ES/gold1@E", "ES+NW/gold1@E"),
        "path card 'ES+NW/gold1@E': its code does not parse: it is not spelled canonically "
        "(spell it 'NW+ES/gold1@E')",
    ),
    (
        "a marker on a side the card does not open",
        _swap_code("paths", "NEW/troll@E", "NEW/troll@S"),
        "path card 'NEW/troll@S': its code does not parse: 'troll@S' sits on side S",
    ),
    (
        "a door on a stub",
        _swap_code("paths", "NS+xE", "NS+xE/door-blue@E"),
        "path card 'NS+xE/door-blue@E': its code does not parse: 'door-blue@E' must sit on "
        "a side of a connected group",
    ),
    (
        "a door and a troll on one side",
        _swap_code("paths", "NESW/troll@S", "NESW/door-green@S/troll@S"),
        "path card 'NESW/door-green@S/troll@S': its code does not parse: side S carries two",
    ),
    (
        "doors of two colours",
        _swap_code("paths", "NESW/door-green@S", "NESW/door-green@S/door-blue@N"),
        "its code does not parse: all the doors of a card have one colour",
    ),
    (
        "two trolls",
        _swap_code("paths", "NESW/troll@S", "NESW/troll@N/troll@S"),
        "path card 'NESW/troll@N/troll@S': its code does not parse: a card has at most one troll",
    ),
    (
        "a ladder on a bridge",
        _swap_code("paths", "NS+EW", "NS+EW/ladder-blue"),
        "path card 'NS+EW/ladder-blue': its code does not parse: a ladder sits only on a card "
        "whose one group is a connected tunnel",
    ),
    (
        "a ladder on a goal",
        _swap_code("goals", "NESW", "NESW/ladder-green"),
        "goal 'NESW/ladder-green': a goal carries no ladder",
    ),
    (
        "a troll on a goal",
        _swap_code("goals", "NESW", "NESW/troll@N"),
        "goal 'NESW/troll@N': a goal carries no troll",
    ),
    (
        "four nuggets",
        _swap_code("goals", "xSW/gold3@S", "xSW/gold4@S"),
        "goal 'xSW/gold4@S': its code does not parse: 'gold4@S': gold is 1 to 3 nuggets",
    ),
    (
        "gold not at its group's first side",
        _swap_code("goals", "ES/gold2@E", "ES/gold2@S"),
        "goal 'ES/gold2@S': its code does not parse: 'gold2@S': gold on a tunnel is written at "
        "its first side, E",
    ),
    (
        "two golds on one group",
        _swap_code("goals", "xSW/gold3@S", "xSW/gold1@S/gold2@S"),
        "goal 'xSW/gold1@S/gold2@S': its code does not parse: 'gold2@S': a group carries at most",
    ),
    (
        "a face two card types share",
        _both(_swap_code("paths", "SW", "NE"), _swap_code("goals", "NESW", "NE")),
        "goal 'NE': its face 'NE' is also a face of path card 'NE'",
    ),
    (
        "a printed face that is another card turned",
        _both(_set("paths.3.count", 2), _add("paths", {"code": "NE", "count": 1})),
        "path card 'NE': its face 'NE' is also a face of path card 'SW'",
    ),
    (
        "a character that cannot be in a move",
        _swap_code("paths", "NS", "N S"),
        "path card 'N S': its code does not parse: a code is one word",
    ),
    (
        "a card without a code",
        _add("paths", {"count": 1}),
        'paths[27]: each card is an object with a "code"',
    ),
]


def _refusal(change: Callable[[dict[str, Any]], None], tmp_path: Path) -> str:
    data = copy.deepcopy(_shipped())
    change(data)
    path = tmp_path / "deck.json"
    path.write_text(json.dumps(data), "utf-8")
    with pytest.raises(DeckError) as refused:
        load_deck(path)
    return str(refused.value)


@pytest.mark.parametrize(("name", "change", "message"), BAD_DECKS, ids=[b[0] for b in BAD_DECKS])
def test_a_bad_deck_is_refused_with_its_reason(
    name: str, change: Callable[[dict[str, Any]], None], message: str, tmp_path: Path
) -> None:
    assert message in _refusal(change, tmp_path)


def test_every_bad_deck_has_its_own_message(tmp_path: Path) -> None:
    messages = [_refusal(change, tmp_path) for _, change, _ in BAD_DECKS]
    assert len(set(messages)) == len(messages)


def test_a_deck_file_that_is_not_json_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "deck.json"
    path.write_text("{", "utf-8")
    with pytest.raises(DeckError, match="is not JSON"):
        load_deck(path)
    with pytest.raises(DeckError, match="cannot read the deck file"):
        load_deck(tmp_path / "missing.json")


def test_a_face_that_is_not_canonical_says_how_to_spell_it() -> None:
    with pytest.raises(FaceError, match="spell it 'ESW/door-blue@S/gold3@E'"):
        read_face("ESW/gold3@E/door-blue@S")
    with pytest.raises(FaceError, match="'' is not a marker of the Duel"):
        read_face("NES/door-green@S/")


def test_a_corrected_deck_is_used_by_the_game(tmp_path: Path) -> None:
    """An owner's deck: one plain straight becomes a third nugget card."""
    data = _shipped()
    data["provisional"] = False
    for item in data["paths"]:
        if item["code"] == "NS":
            item["count"] = 2
    data["paths"].append({"code": "NS+xE/gold2@E", "count": 1, "source": "owner"})
    data["paths"] = [item for item in data["paths"] if item["code"] != "NS+xE"] + [
        {"code": "NS+xW", "count": 1, "source": "owner"}
    ]
    path = tmp_path / "mine.json"
    path.write_text(json.dumps(data), "utf-8")
    game = Game.new(players=2, edition="duel", seed=3, deck=str(path))
    dealt = [card for hand in game.hands for card in hand] + game.draw_pile
    assert dealt.count("NS+xE/gold2@E") == 1
    assert dealt.count("NS") == 2
    assert not load_deck(path).provisional


#: Refusals said in Slovak: the deck's own words (fields, codes) stay as written.
SAID_IN_SLOVAK = {
    "too few path cards": "paths: spolu 34 kariet, nie 33",
    "count zero": "karta cesty 'NS': počet musí byť aspoň 1, nie 0",
    "a code that does not parse": (
        "karta cesty 'SN': kód sa nedá prečítať: skupina 'SN' nie je zápis strán v poradí N E S W"
    ),
    "a face two card types share": (
        "cieľ 'NE': líce 'NE' má aj karta cesty 'NE': líce na stole musí označovať jednu kartu"
    ),
    "provisional not a flag": "provisional: musí byť true alebo false",
}


@pytest.mark.parametrize("name", SAID_IN_SLOVAK)
def test_a_refusal_is_said_in_the_owner_s_language(name: str, tmp_path: Path) -> None:
    change = next(change for bad, change, _ in BAD_DECKS if bad == name)
    assert translate(_refusal(change, tmp_path), "sk") == SAID_IN_SLOVAK[name]


def test_every_refusal_has_its_words_in_every_language(tmp_path: Path) -> None:
    for _, change, _ in BAD_DECKS:
        refusal = _refusal(change, tmp_path)
        for lang in ("el", "it", "lt", "sk", "tr"):
            assert translate(refusal, lang) != refusal, (lang, refusal)
