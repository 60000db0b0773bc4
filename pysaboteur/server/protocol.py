"""The wire protocol's shapes (docs/web-protocol.md): requests, client messages, errors.

Every request body and client message is checked against a model here; a
field of the wrong type, a missing one or an unknown one is a ``bad_request``.
"""

from __future__ import annotations

import json
from typing import Any, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from ..i18n import SOURCE, translate
from ..i18n.validation import field_problem
from ..rules.reasons import Reason
from .name_rules import name_problem
from .wire_json import clean, dumps, echo

#: Every error code and the HTTP status it goes with.
STATUS = {
    "bad_request": 400,
    "bad_move": 400,
    "no_token": 401,
    "bad_token": 403,
    "not_host": 403,
    "no_spectators": 403,
    "wrong_seat": 403,
    "unknown_table": 404,
    "not_found": 404,
    "table_expired": 410,
    "table_full": 409,
    "already_started": 409,
    "not_started": 409,
    "game_over": 409,
    "not_over": 409,
    "not_your_turn": 409,
    "illegal_move": 409,
    "stale": 409,
    "too_large": 413,
    "bad_media_type": 415,
    "bad_origin": 403,
    "rate_limited": 429,
    # The host's (away.py, names.py): a name already at the table, a removed seat's token.
    "name_taken": 409,
    "removed": 403,
    # Play again (rematch.py): a token with no seat kept for it at the next game.
    "not_invited": 403,
    # Table talk (talk.py): a refused line is not stored, sent nor counted.
    "talk_empty": 400,
    "talk_too_long": 400,
    "talk_bad_character": 400,
    "talk_bad_claim": 400,
    "talk_closed": 403,
    "talk_full": 409,
    "talk_too_fast": 429,
    # Accounts (accounts_api.py).
    "not_signed_in": 401,
    "bad_login": 401,
    "seat_claimed": 409,
    # A seat taken to another device by its account (Table.hand_over).
    "seat_moved": 403,
    "no_owned_seat": 404,
    "not_your_seat": 409,
    "server_error": 500,
}

#: WebSocket close codes for a refused hello.
CLOSE_CODES = {
    "bad_request": 4400,
    "too_large": 4400,
    "no_token": 4401,
    "bad_token": 4401,
    "removed": 4401,  # like a bad token: the page says so and offers to join again
    "seat_moved": 4401,  # taken to another device: the page offers to take it back
    "no_spectators": 4403,
    "bad_origin": 4403,  # a page of another site: refused, like a watcher not allowed
    "unknown_table": 4404,
    "table_expired": 4404,  # gone for good, like an unknown table: clients stop retrying
}
#: Close code for a socket that fell too far behind (standard "try again later").
CLOSE_TOO_SLOW = 1013
#: Close code when the server shuts down (standard "service restart").
CLOSE_RESTART = 1012

NAME_LENGTH = 24
#: The deepest nesting of arrays and objects a body or message may have: the
#: protocol's own go two deep; far deeper ones would only exhaust the stack of
#: whatever walks them next (the JSON parser, the validator, the store).
MAX_DEPTH = 16

M = TypeVar("M", bound=BaseModel)


class ApiError(Exception):
    """A refused request: a code from :data:`STATUS` and a sentence saying why
    (and any HTTP headers that go with it, such as ``Retry-After``).

    The sentence is an English template filled with ``params``
    (``ApiError("table_full", "all {players} seats are taken", players=5)``), or an
    engine's :class:`~pysaboteur.rules.reasons.Reason`: :meth:`body` says it in the
    requester's language (docs/languages.md).  Its text values (often what the
    client sent: a key, a name, a path) are said back cleaned and cut short
    (:func:`~pysaboteur.server.wire_json.echo`).
    """

    def __init__(
        self, code: str, message: str, headers: dict[str, str] | None = None, **params: Any
    ) -> None:
        assert code in STATUS, code
        made = message if isinstance(message, Reason) and not params else None
        reason = _echoable(made if made is not None else Reason(message, **params))
        super().__init__(reason)
        self.code = code
        self.message: str = reason  # the English sentence (a Reason)
        self.headers = headers or {}

    @property
    def status(self) -> int:
        return STATUS[self.code]

    def body(self, lang: str = SOURCE) -> dict[str, Any]:
        return {"error": {"code": self.code, "message": clean(translate(self.message, lang))}}


def _echoable(reason: Reason) -> Reason:
    """``reason`` with each text value (its own, and its Reasons' in turn) cut short
    and cleaned; ``reason`` itself when none needed it."""
    params = {
        name: _echoable(value) if isinstance(value, Reason) else _echoed(value)
        for name, value in reason.params.items()
    }
    if all(params[name] is value for name, value in reason.params.items()):
        return reason
    # Made again from the form it was said in (a counted sentence's plural, if not 1).
    said = reason.template if reason.plural is None or reason.number == 1 else reason.plural
    again = Reason(said, **params)
    again.template, again.plural = reason.template, reason.plural
    again.number, again.context = reason.number, reason.context
    return again


def _echoed(value: Any) -> Any:
    """A text value cleaned and cut short (the same object if that changed nothing)."""
    if isinstance(value, str):
        said = echo(value)
        return value if said == value else said
    return value


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


def _check_name(value: str | None) -> str | None:
    if value is None:
        return None
    value = value.strip()
    if not 1 <= len(value) <= NAME_LENGTH:
        raise ValueError(Reason("a name has 1 to {most} characters", most=NAME_LENGTH))
    problem = name_problem(value)
    if problem is not None:
        raise ValueError(problem)
    return value


class CreateTable(Strict):
    name: str | None = None  # required unless all_bots
    #: "base", "saboteur2" or "duel"; the seats it allows are checked with it (``Hub.create``).
    edition: str = "base"
    #: The Duel only: a deck file's content (``saboteur-duel-deck/1``); null: the shipped deck.
    deck: dict[str, Any] | None = None
    players: int = 5
    options: dict[str, Any] = Field(default_factory=dict)
    bots: str | None = None
    spectators: bool = True
    #: Whether spectators may talk at the table (the host may change it later).
    spectators_talk: bool = True
    #: Seconds per move, from the server's shortest to a week (``turn_based.py``).
    clock: float | None = Field(None, gt=0)
    bot_pause: float | None = Field(None, ge=0, le=60)
    #: Seconds offline before a bot plays a person's seat; null: never (``away.py``).
    away_after: float | None = 120.0
    #: Whether the game changes its players' ratings (``ratings.py``).
    rated: bool = True
    #: Every seat a bot and the game started at once (demonstrations, load tests).
    all_bots: bool = False
    #: Listed on the lobby page for anyone to join or watch (``lobby.py``).
    listed: bool = False

    _name = field_validator("name")(_check_name)


class ListedChoice(Strict):
    """The host lists the table on the lobby page, or takes it off."""

    listed: bool


class JoinTable(Strict):
    name: str

    _name = field_validator("name")(_check_name)


class MakeMove(Strict):
    move: str = Field(max_length=100)
    expect: int | None = None


class Hello(Strict):
    type: Literal["hello"]
    token: str | None = None


class MoveMessage(Strict):
    type: Literal["move"]
    move: str = Field(max_length=100)
    expect: int | None = None


class StartMessage(Strict):
    type: Literal["start"]


class BackMessage(Strict):
    type: Literal["back"]


class PingMessage(Strict):
    type: Literal["ping"]


class SeatChoice(Strict):
    """The seat the host removes (lobby) or hands to a bot (game): a body or a message's field."""

    seat: int = Field(ge=0, le=100)


class RemoveMessage(SeatChoice):
    type: Literal["remove"]


class HandToBotMessage(SeatChoice):
    type: Literal["hand_to_bot"]


class SayMessage(Strict):
    """A line of table talk; its length and characters are checked by ``talk.py``."""

    type: Literal["say"]
    text: str


class ClaimMessage(Strict):
    """A one-tap claim; which fields each kind needs is checked by ``talk.py``."""

    type: Literal["claim"]
    claim: Literal["goal", "role", "accuse", "trust"]
    x: int | None = None  # goal
    y: int | None = None  # goal
    card: Literal["gold", "stone"] | None = None  # goal
    role: str | None = Field(None, max_length=20)  # role
    target: int | None = None  # accuse, trust


class SpectatorsTalkMessage(Strict):
    """The host lets spectators talk, or not."""

    type: Literal["spectators_talk"]
    allowed: bool


ClientMessage = (
    Hello
    | MoveMessage
    | StartMessage
    | BackMessage
    | PingMessage
    | SayMessage
    | ClaimMessage
    | SpectatorsTalkMessage
    | RemoveMessage
    | HandToBotMessage
)
MESSAGE_TYPES: dict[str, type[ClientMessage]] = {
    "hello": Hello,
    "move": MoveMessage,
    "start": StartMessage,
    "back": BackMessage,
    "ping": PingMessage,
    "say": SayMessage,
    "claim": ClaimMessage,
    "spectators_talk": SpectatorsTalkMessage,
    "remove": RemoveMessage,
    "hand_to_bot": HandToBotMessage,
}


def check_size(data: str | bytes, limit: int) -> None:
    size = len(data) if isinstance(data, bytes) else len(data.encode())
    if size > limit:
        raise ApiError(
            "too_large", "{size} bytes is over the limit of {limit}", size=size, limit=limit
        )


def parse_json(data: str | bytes) -> Any:
    try:
        value = json.loads(data)
    except (ValueError, UnicodeDecodeError) as error:
        raise ApiError("bad_request", "not valid JSON: {error}", error=str(error)) from None
    except RecursionError:
        value = None  # deeper than the parser can go: certainly too deep
    else:
        if _depth_within(value, MAX_DEPTH):
            return value
    raise ApiError(
        "bad_request", "the JSON is nested more than {depth} levels deep", depth=MAX_DEPTH
    )


def _depth_within(value: Any, limit: int) -> bool:
    """Whether ``value``'s arrays and objects nest at most ``limit`` deep; walked
    without recursion, so that any depth the parser returned is safe to check."""
    pending: list[tuple[Any, int]] = [(value, 0)]
    while pending:
        item, depth = pending.pop()
        if not isinstance(item, dict | list):
            continue  # a number, a string, true, false or null: no deeper
        if depth >= limit:
            return False
        children = item.values() if isinstance(item, dict) else item
        pending.extend((child, depth + 1) for child in children)
    return True


def validate(model: type[M], data: Any) -> M:
    """``data`` as ``model``, or a ``bad_request`` naming the first wrong field."""
    if not isinstance(data, dict):
        raise ApiError("bad_request", "the body must be a JSON object")
    try:
        return model.model_validate(data)
    except ValidationError as error:
        first = error.errors()[0]
        where = ".".join(str(part) for part in first["loc"])
        raise ApiError("bad_request", field_problem(where, first)) from None


def parse_message(data: str | bytes, limit: int) -> ClientMessage:
    """A client's WebSocket message, checked."""
    check_size(data, limit)
    value = parse_json(data)
    if not isinstance(value, dict) or not isinstance(value.get("type"), str):
        raise ApiError("bad_request", 'a message is a JSON object with a "type"')
    model = MESSAGE_TYPES.get(value["type"])
    if model is None:
        known = ", ".join(MESSAGE_TYPES)
        raise ApiError(
            "bad_request",
            "unknown message type {type!r} (known: {known})",
            type=value["type"],
            known=known,
        )
    return validate(model, value)


def error_message(error: ApiError, lang: str = SOURCE) -> str:
    return dumps({"type": "error", **error.body(lang)})
