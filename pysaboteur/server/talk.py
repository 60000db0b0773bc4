"""Table talk: what seats and spectators say at a table, and the claims they make in one tap.

A line holds what its sender wrote or chose and public facts only: the seat
(None for a spectator), the seat's name, whether a spectator said it, how many
moves the game had when it was said, and when.  Nothing of the game goes into
a line, so no line can leak what its readers may not know.

A claim ("I mapped the goal at 8,-2: stone", "I am a miner", "Bo is a
saboteur") is talk, not a fact: it is checked for its form only (a goal cell,
one of the edition's roles, another seat), never against the game — refusing a
false claim would tell everybody that it is false.

The limits (docs/server.md, "Table talk"): a text line has 1 to
:data:`MAX_TEXT` characters once trimmed, on one line (a newline or another
control character inside it is refused); each sender says at most
:data:`RATE_LINES` lines in any :data:`RATE_WINDOW` seconds (a seat counts as
one sender whatever its sockets, spectators count by address); a table keeps
at most :data:`MAX_LINES` lines.  A refused line changes nothing: it is neither
stored, nor sent, nor counted.
"""

from __future__ import annotations

import json
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..bots.claims import Claim
from ..rules import GOAL_CELLS
from ..rules.editions import find_edition
from ..rules.reasons import Reason
from .protocol import ApiError, ClaimMessage, SayMessage
from .rate_limit import RateLimit

MAX_TEXT = 300
MAX_LINES = 2000
#: The latest lines a socket gets when it says hello (a replay gets them all).
HISTORY = 200
RATE_LINES = 5
RATE_WINDOW = 10.0

#: The fields each kind of claim has, in the order a line lists them.
CLAIM_FIELDS: dict[str, tuple[str, ...]] = {
    "goal": ("x", "y", "card"),  # "I mapped the goal at x,y: gold / stone"
    "role": ("role",),  # "I am a miner" (the base game) or a dwarf card (Saboteur 2)
    "accuse": ("target",),  # "target is a saboteur"
    "trust": ("target",),  # "target is on my side"
}

#: Unicode's bidirectional embeddings, overrides and isolates: they reorder the
#: text after them, so a line could seem to say what it does not, or run on
#: into the next line's name.
BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
#: Categories refused inside a line: control characters (newlines and tabs
#: among them), lone surrogates (no database stores them), line and paragraph
#: separators (newlines by another name).
REFUSED_CATEGORIES = frozenset({"Cc", "Cs", "Zl", "Zp"})


@dataclass(frozen=True)
class Speaker:
    """Who says a line: a seat, or a spectator (``seat`` None) at ``address``."""

    seat: int | None
    address: str = ""

    @property
    def sender(self) -> str:
        """What the rate limit counts by."""
        return f"seat {self.seat}" if self.seat is not None else f"spectator {self.address}"


def check_text(text: str) -> str:
    """The text of a line, trimmed; or a ``talk_empty``, ``talk_too_long`` or
    ``talk_bad_character`` refusal."""
    text = text.strip()
    if not text:
        raise ApiError("talk_empty", "say something: the line is empty")
    if len(text) > MAX_TEXT:
        raise ApiError(
            "talk_too_long",
            "a line has at most {most} characters, not {length}",
            most=MAX_TEXT,
            length=len(text),
        )
    for character in text:
        if character in BIDI_CONTROLS or unicodedata.category(character) in REFUSED_CATEGORIES:
            raise ApiError(
                "talk_bad_character",
                "a line is one line of text: the character {character} is refused",
                character=f"U+{ord(character):04X}",
            )
    return text


def check_claim(
    claim: ClaimMessage, *, seat: int | None, edition: str, players: int
) -> dict[str, Any]:
    """A claim's words for its line, checked for form only; or ``talk_bad_claim``."""
    if seat is None:
        raise ApiError("talk_bad_claim", "claims are made by seats; spectators may say lines")
    kind = claim.claim
    wanted = CLAIM_FIELDS[kind]
    given = {name: getattr(claim, name) for name in ("x", "y", "card", "role", "target")}
    present = {name for name, value in given.items() if value is not None}
    if present != set(wanted):
        raise ApiError(
            "talk_bad_claim",
            "a {kind} claim has the fields {fields} and no others",
            kind=kind,
            fields=", ".join(wanted),
        )
    if kind == "goal" and (claim.x, claim.y) not in GOAL_CELLS:
        cells = ", ".join(f"{x},{y}" for x, y in GOAL_CELLS)
        raise ApiError(
            "talk_bad_claim",
            "there is no goal at {x},{y} (goals: {cells})",
            x=claim.x,
            y=claim.y,
            cells=cells,
        )
    if kind == "role":
        roles = find_edition(edition).role_codes
        if claim.role not in roles:
            raise ApiError(
                "talk_bad_claim",
                "{role!r} is not a role here (roles: {roles})",
                role=claim.role,
                roles=", ".join(roles),
            )
    if kind in ("accuse", "trust"):
        target = given["target"]
        if not 0 <= target < players or target == seat:
            raise ApiError(
                "talk_bad_claim",
                "a {kind} claim names another seat, 0 to {last}",
                kind=kind,
                last=players - 1,
            )
    return {"claim": kind, **{name: given[name] for name in wanted}}


def line_of(row: dict[str, Any]) -> dict[str, Any]:
    """A stored line (the columns of ``store.TalkRow``) as clients get it."""
    return {
        "n": row["number"],
        "at": row["said_at"],
        "move": row["move"],
        "seat": row["seat"],
        "name": row["name"],
        "spectator": row["seat"] is None,
        **row["said"],
    }


def message_of(line: dict[str, Any]) -> str:
    """The ``talk`` message that sends one new line to every socket."""
    return json.dumps({"type": "talk", "line": line}, separators=(",", ":"))


class Talk:
    """One table's talk in memory: its lines, whether spectators may talk, the
    rate limit of its senders.  ``clock`` tells the time (seconds)."""

    def __init__(
        self, rows: list[dict[str, Any]], spectators_talk: bool, clock: Callable[[], float]
    ) -> None:
        self.lines = [line_of(row) for row in rows]
        self.spectators_talk = spectators_talk
        self.clock = clock
        self._rate = RateLimit(RATE_LINES, RATE_WINDOW, clock)

    def history(self) -> str:
        """The ``talk_history`` message a socket gets after its hello."""
        message = {
            "type": "talk_history",
            "lines": self.lines[-HISTORY:],
            "total": len(self.lines),
            "spectators_talk": self.spectators_talk,
        }
        return json.dumps(message, separators=(",", ":"))

    def claims_since(self, move: int) -> list[Claim]:
        """The seats' claims said once the game had ``move`` moves or more, oldest first
        (what the bots hear: the claims of the round in play)."""
        return [
            Claim.from_said(line["seat"], line, at=line["move"] - move)
            for line in self.lines
            if "claim" in line and line["seat"] is not None and line["move"] >= move
        ]

    def at_position(self, move: int) -> list[dict[str, Any]]:
        """The lines said after ``move`` moves and before the next one (for a replay)."""
        return [line for line in self.lines if line["move"] == move]

    def new_row(
        self,
        speaker: Speaker,
        message: SayMessage | ClaimMessage,
        *,
        name: str | None,
        move: int,
        edition: str,
        players: int,
    ) -> dict[str, Any]:
        """The row of the line ``speaker`` says, every limit checked and the line
        counted for the rate limit (:meth:`give_back` uncounts it if it is not
        stored); a refusal raises :class:`ApiError` and counts nothing."""
        if speaker.seat is None and not self.spectators_talk:
            raise ApiError("talk_closed", "the host keeps spectators out of the talk at this table")
        if len(self.lines) >= MAX_LINES:
            raise ApiError("talk_full", "this table's talk is full ({most} lines)", most=MAX_LINES)
        if isinstance(message, SayMessage):
            said: dict[str, Any] = {"text": check_text(message.text)}
        else:
            said = check_claim(message, seat=speaker.seat, edition=edition, players=players)
        wait = self._rate.take(speaker.sender)
        if wait is not None:
            raise ApiError(
                "talk_too_fast",
                Reason.counted(
                    "at most {lines} lines in {window} seconds; try again in {count} second",
                    "at most {lines} lines in {window} seconds; try again in {count} seconds",
                    wait,
                    lines=RATE_LINES,
                    window=f"{RATE_WINDOW:g}",
                ),
            )
        return {
            "number": len(self.lines) + 1,
            "said_at": self.clock(),
            "move": move,
            "seat": speaker.seat,
            "name": name,
            "said": said,
        }

    def give_back(self, speaker: Speaker) -> None:
        """The line of :meth:`new_row` was not stored: it does not count."""
        self._rate.give_back(speaker.sender)

    def add(self, row: dict[str, Any]) -> str:
        """Keep a stored line; the message that sends it."""
        line = line_of(row)
        self.lines.append(line)
        return message_of(line)
