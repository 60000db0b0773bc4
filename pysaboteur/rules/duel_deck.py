"""The Duel's deck as data (docs/rules-duel.md, "The deck file").

No list of the printed cards was available, so the deck is provisional: it is
kept in one JSON file (``editions/duel_deck.json``, shipped with the package),
which an owner of the printed game corrects without touching the code.  This
module reads such a file, checks every rule a deck must keep and refuses a bad
one with a :class:`DeckError` that names the entry and the rule it breaks.

The format, ``saboteur-duel-deck/1``::

    {"format": "saboteur-duel-deck/1", "provisional": true, "about": "...",
     "starts": [{"card": "start-green", "face": "NESW/ladder-green", "source": "R"}, ...],
     "paths": [{"code": "NS", "count": 3, "source": "C1 05 08 09"}, ...],
     "goals": [{"code": "xNEW", "source": "C1 10"}, ...],
     "actions": [{"code": "break-pick", "count": 2, "source": "C1"}, ...]}
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cached_property
from importlib import resources
from pathlib import Path
from typing import Any, Final

from .duel_faces import COLOURS, FaceError, read_face, turned
from .reasons import Reason

FORMAT: Final = "saboteur-duel-deck/1"
PATH_CARDS: Final = 34
GOAL_CARDS: Final = 18
ACTION_CARDS: Final = 18
START_CARDS: Final = tuple(f"start-{colour}" for colour in COLOURS)
TOOL_ORDER: Final = ("pick", "lamp", "cart")
#: Every action code a deck may hold, with the kind of move that plays it.
ACTION_KINDS: Final[dict[str, str]] = {
    **{f"break-{tool}": "break" for tool in TOOL_ORDER},
    **{f"fix-{tool}": "fix" for tool in TOOL_ORDER},
    **{
        f"fix-{first}-{second}": "fix"
        for index, first in enumerate(TOOL_ORDER)
        for second in TOOL_ORDER[index + 1 :]
    },
    "key": "key",
    "map": "map",
    "rockfall": "rockfall",
}
_TOP_FIELDS: Final = ("format", "provisional", "about", "starts", "paths", "goals", "actions")


class DeckError(ValueError):
    """A deck file that breaks a rule: ``entry`` names the card, ``problem`` the rule.

    Both are :class:`Reason` values (a field's name, such as ``paths[3]``, is
    the file's own word and stays as it is), so that the terminal and the
    server say the refusal in the owner's language; ``str()`` of the error is
    the English sentence, itself a :class:`Reason`.
    """

    def __init__(self, entry: str, problem: Reason) -> None:
        self.entry = entry
        self.problem = problem
        self.reason = (
            Reason("{entry}: {problem}", entry=entry, problem=problem) if entry else problem
        )
        super().__init__(self.reason)

    def __str__(self) -> str:
        return self.reason


def _card_entry(section: str, code: str) -> Reason:
    """How a refusal names an entry of a section: ``path card 'NS'``."""
    if section == "paths":
        return Reason("path card {code!r}", code=code)
    if section == "goals":
        return Reason("goal {code!r}", code=code)
    if section == "actions":
        return Reason("action {code!r}", code=code)
    return Reason("start {code!r}", code=code)


@dataclass(frozen=True)
class Entry:
    """One line of the deck file: a card type, how many there are and where that is from."""

    code: str
    count: int
    source: str


@dataclass(frozen=True)
class DuelDeck:
    """A checked Duel deck. Make one with :func:`load_deck` or :func:`deck_from_dict`."""

    provisional: bool
    about: str
    starts: tuple[Entry, ...]  # code: the card's name; the face is in ``start_faces``
    start_faces: tuple[str, ...]
    paths: tuple[Entry, ...]
    goals: tuple[Entry, ...]
    actions: tuple[Entry, ...]

    @cached_property
    def playing_cards(self) -> tuple[str, ...]:
        """The 52 cards shuffled for each round, in the file's order."""
        return tuple(
            entry.code for entry in (*self.paths, *self.actions) for _ in range(entry.count)
        )

    @cached_property
    def goal_cards(self) -> tuple[str, ...]:
        return tuple(entry.code for entry in self.goals)

    @cached_property
    def path_codes(self) -> frozenset[str]:
        return frozenset(entry.code for entry in self.paths)

    @cached_property
    def card_of_face(self) -> dict[str, str]:
        """The printed card of every face a start, path card or goal can lie as."""
        found: dict[str, str] = {}
        for name, face in zip(START_CARDS, self.start_faces, strict=True):
            found[face] = name
        for entry in (*self.paths, *self.goals):
            found[entry.code] = entry.code
            found[turned(read_face(entry.code)).code] = entry.code
        return found

    @cached_property
    def orientations(self) -> dict[str, tuple[str, ...]]:
        """Each path card's faces: as printed, then turned if that differs."""
        return {
            entry.code: tuple(dict.fromkeys((entry.code, turned(read_face(entry.code)).code)))
            for entry in self.paths
        }

    @cached_property
    def kinds(self) -> dict[str, str]:
        """The kind of every playing card: ``"place"`` for a path card, else the move
        kind of the action card."""
        found = {entry.code: ACTION_KINDS[entry.code] for entry in self.actions}
        found.update((code, "place") for code in self.path_codes)
        return found

    def kind_of(self, card: str) -> str | None:
        """``"place"`` for a path card, the move kind of an action card, None otherwise."""
        return self.kinds.get(card)

    def report(self) -> dict[str, int]:
        """What a deck may choose freely, counted (docs/rules-duel.md, "The deck file" 5)."""
        path_faces = [(read_face(entry.code), entry.count) for entry in self.paths]
        goal_faces = [read_face(entry.code) for entry in self.goals]
        keys = sum(entry.count for entry in self.actions if entry.code == "key")
        return {
            "nuggets_on_path_cards": sum(face.nuggets * count for face, count in path_faces),
            "nuggets_on_goals": sum(face.nuggets for face in goal_faces),
            **{
                f"{colour}_doors": sum(
                    count for face, count in path_faces if face.door_colour() == colour
                )
                + sum(1 for face in goal_faces if face.door_colour() == colour)
                for colour in COLOURS
            },
            "trolls": sum(count for face, count in path_faces if face.troll),
            "ladders": sum(count for face, count in path_faces if face.ladder),
            "key_cards": keys,
            "key_tokens": 2,
        }

    def to_dict(self) -> dict[str, Any]:
        """The deck as its file holds it (``deck_from_dict(deck.to_dict()) == deck``)."""
        return {
            "format": FORMAT,
            "provisional": self.provisional,
            "about": self.about,
            "starts": [
                {"card": entry.code, "face": face, "source": entry.source}
                for entry, face in zip(self.starts, self.start_faces, strict=True)
            ],
            "paths": [_entry_dict(entry, True) for entry in self.paths],
            "goals": [_entry_dict(entry, False) for entry in self.goals],
            "actions": [_entry_dict(entry, True) for entry in self.actions],
        }


def _entry_dict(entry: Entry, counted: bool) -> dict[str, Any]:
    if counted:
        return {"code": entry.code, "count": entry.count, "source": entry.source}
    return {"code": entry.code, "source": entry.source}


SHIPPED: Final = "duel_deck.json"


def shipped_deck() -> DuelDeck:
    """The provisional deck shipped with the package."""
    global _SHIPPED
    if _SHIPPED is None:
        text = resources.files("pysaboteur.rules.editions").joinpath(SHIPPED).read_text("utf-8")
        _SHIPPED = deck_from_dict(_json(text, SHIPPED))
    return _SHIPPED


_SHIPPED: DuelDeck | None = None


def load_deck(source: str | Path | dict[str, Any] | DuelDeck | None) -> DuelDeck:
    """A deck from a file's path, its parsed JSON, a deck, or None (the shipped deck)."""
    if source is None:
        return shipped_deck()
    if isinstance(source, DuelDeck):
        return source
    if isinstance(source, dict):
        return deck_from_dict(source)
    path = Path(source)
    try:
        text = path.read_text("utf-8")
    except OSError as error:
        raise DeckError(
            "",
            Reason(
                "cannot read the deck file {path!r}: {problem}",
                path=str(path),
                problem=error.strerror or "",
            ),
        ) from None
    return deck_from_dict(_json(text, str(path)))


def _json(text: str, where: str) -> dict[str, Any]:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise DeckError(
            "",
            Reason(
                "{file} is not JSON (line {line}, column {column})",
                file=where,
                line=error.lineno,
                column=error.colno,
            ),
        ) from None
    if not isinstance(data, dict):
        raise DeckError("", Reason("a deck file is a JSON object"))
    return data


def deck_from_dict(data: dict[str, Any]) -> DuelDeck:
    """Check a deck file's contents; :class:`DeckError` for the first rule it breaks."""
    if data.get("format") != FORMAT:
        raise DeckError("format", Reason('a deck file says "format": "{format}"', format=FORMAT))
    unknown = sorted(set(data) - set(_TOP_FIELDS))
    if unknown:
        raise DeckError(unknown[0], Reason("is not a field of a deck file"))
    provisional = data.get("provisional")
    if not isinstance(provisional, bool):
        raise DeckError("provisional", Reason("must be true or false"))
    about = data.get("about", "")
    if not isinstance(about, str):
        raise DeckError("about", Reason("must be a string"))
    starts, start_faces = _read_starts(data.get("starts"))
    paths = _read_entries(data.get("paths"), "paths", counted=True)
    goals = _read_entries(data.get("goals"), "goals", counted=False)
    actions = _read_entries(data.get("actions"), "actions", counted=True)
    _check_totals(paths, goals, actions)
    for entry in paths:
        _check_path(entry)
    for entry in goals:
        _check_goal(entry)
    for entry in actions:
        if entry.code not in ACTION_KINDS:
            raise DeckError(
                _card_entry("actions", entry.code),
                Reason(
                    "is not an action card of the Duel (break-T, fix-T, fix-T-U with T before U "
                    "in the order pick, lamp, cart, key, map, rockfall)"
                ),
            )
    _check_distinct_faces(start_faces, paths, goals)
    return DuelDeck(provisional, about, starts, start_faces, paths, goals, actions)


def _read_starts(value: Any) -> tuple[tuple[Entry, ...], tuple[str, ...]]:
    if not isinstance(value, list) or len(value) != 2:
        raise DeckError(
            "starts", Reason("there are exactly two start cards, start-green and start-blue")
        )
    entries = []
    faces = []
    for index, (item, colour) in enumerate(zip(value, COLOURS, strict=True)):
        name = f"start-{colour}"
        if not isinstance(item, dict) or item.get("card") != name:
            raise DeckError(
                f"starts[{index}]", Reason("must be the start card {name!r}", name=name)
            )
        face = item.get("face")
        wanted = f"NESW/ladder-{colour}"
        if face != wanted:
            raise DeckError(
                _card_entry("starts", name),
                Reason(
                    "its face is {face!r}: NESW with the ladder of its own colour "
                    "and no other marker",
                    face=wanted,
                ),
            )
        entries.append(Entry(name, 1, _source(item, _card_entry("starts", name))))
        faces.append(face)
    return tuple(entries), tuple(faces)


def _source(item: dict[str, Any], entry: str) -> str:
    source = item.get("source", "")
    if not isinstance(source, str):
        raise DeckError(
            entry, Reason('"source" must be a string (C1 card numbers, or P and the reason)')
        )
    return source


def _read_entries(value: Any, section: str, *, counted: bool) -> tuple[Entry, ...]:
    if not isinstance(value, list):
        raise DeckError(section, Reason("must be a list of cards"))
    entries = []
    seen: set[str] = set()
    for index, item in enumerate(value):
        if not isinstance(item, dict) or not isinstance(item.get("code"), str):
            raise DeckError(f"{section}[{index}]", Reason('each card is an object with a "code"'))
        code = item["code"]
        entry = _card_entry(section, code)
        extra = sorted(set(item) - {"code", "count", "source"} - ({"count"} if counted else set()))
        if not counted and "count" in item:
            extra = ["count", *extra]
        if extra:
            raise DeckError(
                entry,
                Reason(
                    "{field!r} is not a field of an entry of {section}",
                    field=extra[0],
                    section=section,
                ),
            )
        count = item.get("count") if counted else 1
        if not isinstance(count, int) or isinstance(count, bool):
            raise DeckError(
                entry,
                Reason("its count must be a whole number, not {count}", count=json.dumps(count)),
            )
        if count < 1:
            raise DeckError(entry, Reason("its count must be at least 1, not {count}", count=count))
        if code in seen:
            raise DeckError(entry, Reason("is listed twice in {section}", section=section))
        seen.add(code)
        entries.append(Entry(code, count, _source(item, entry)))
    return tuple(entries)


def _check_totals(
    paths: tuple[Entry, ...], goals: tuple[Entry, ...], actions: tuple[Entry, ...]
) -> None:
    for section, entries, wanted in (
        ("paths", paths, PATH_CARDS),
        ("goals", goals, GOAL_CARDS),
        ("actions", actions, ACTION_CARDS),
    ):
        total = sum(entry.count for entry in entries)
        if total != wanted:
            raise DeckError(
                section,
                Reason("{wanted} cards in all, not {total}", wanted=wanted, total=total),
            )


def _face(entry: Reason, code: str) -> Any:
    try:
        return read_face(code)
    except FaceError as error:
        raise DeckError(
            entry, Reason("its code does not parse: {problem}", problem=error.problem)
        ) from None


def _check_path(entry: Entry) -> None:
    _face(_card_entry("paths", entry.code), entry.code)


def _check_goal(entry: Entry) -> None:
    name = _card_entry("goals", entry.code)
    face = _face(name, entry.code)
    if face.ladder:
        raise DeckError(name, Reason("a goal carries no ladder"))
    if face.troll:
        raise DeckError(name, Reason("a goal carries no troll"))


def _check_distinct_faces(
    start_faces: tuple[str, ...], paths: tuple[Entry, ...], goals: tuple[Entry, ...]
) -> None:
    owner: dict[str, Reason] = {}
    cards = [
        (_card_entry("starts", name), face)
        for name, face in zip(START_CARDS, start_faces, strict=True)
    ]
    cards += [(_card_entry("paths", entry.code), entry.code) for entry in paths]
    cards += [(_card_entry("goals", entry.code), entry.code) for entry in goals]
    for name, code in cards:
        face = read_face(code)
        turn = turned(face)
        # Drawable in the notation: each face the card can lie as is written and read
        # back as itself, and turning twice gives the printed face.
        if read_face(turn.code) != turn or turned(turn) != face:
            raise DeckError(
                name,
                Reason("its turned face {face!r} does not read back as itself", face=turn.code),
            )
        for lying in dict.fromkeys((code, turn.code)):
            other = owner.setdefault(lying, name)
            if other != name:
                raise DeckError(
                    name,
                    Reason(
                        "its face {face!r} is also a face of {other}: a face on the table "
                        "must name one card",
                        face=lying,
                        other=other,
                    ),
                )
