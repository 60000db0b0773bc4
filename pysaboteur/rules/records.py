"""Game records (docs/records.md): write a game out, read it back, check it.

A record holds the edition, the options, every round's deal card by card and
every move, so that any implementation can replay the game exactly.  Records
are written as ``saboteur-record/2`` (either edition, named in ``"edition"``);
the first format, ``saboteur-record/1`` (base game only), is still read.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from .duel_game import DuelGame
from .duel_records import check_round_first, duel_from_record, duel_result, duel_to_record
from .editions import Deal, Duel, Edition, Saboteur2, find_edition
from .editions.base import GOLD_CARDS, BaseGame
from .game import Game, IllegalMove
from .moves import Move
from .options import Options

#: The format pysaboteur writes: every record names its edition.
FORMAT = "saboteur-record/2"
#: The first format, base game only: no longer written, still read (docs/records.md, §1).
FORMAT_1 = "saboteur-record/1"
Record = dict[str, Any]


class RecordError(ValueError):
    """A record that is malformed, or whose replay breaks a rule or disagrees with its result."""


@dataclass(frozen=True)
class _Layout:
    """What differs between the records of two editions (docs/records.md, §2 and §3)."""

    #: The round fields of the deal besides first, roles, goals, hands and deck.
    deal_fields: tuple[str, ...]
    #: Whether the game has a gold deck to write down.
    gold_deck: bool
    #: The name of the game result's per-seat totals.
    totals: str
    #: The rule options that mean something in the edition.
    options: tuple[str, ...]


_LAYOUTS: Final[dict[str, _Layout]] = {
    BaseGame.name: _Layout(
        ("set_aside",), True, "nuggets", ("gold_draw", "next_round_start", "open_hands")
    ),
    Saboteur2.name: _Layout(
        ("reserve", "removed"), False, "gold_pieces", ("next_round_start", "open_hands")
    ),
}
_COUNT_WORDS: Final = ("one", "two", "three", "four", "five")


def _layout(edition: Edition) -> _Layout:
    return _LAYOUTS[edition.name]


def game_to_record(game: Game) -> Record:
    """The record of ``game`` so far, deals spelled out card by card."""
    if isinstance(game, DuelGame):
        return duel_to_record(game, FORMAT)
    layout = _layout(game.edition)
    record: Record = {"format": FORMAT, "edition": game.edition.name, "players": game.players}
    if game.names:
        record["names"] = list(game.names)
    options = game.options.to_dict()
    record["options"] = {name: options[name] for name in layout.options}
    if game.seed is not None:
        record["seed"] = game.seed
    if layout.gold_deck:
        record["gold_deck"] = list(game.initial_gold_deck)
    record["rounds"] = [_round_record(log.deal, log.moves, layout) for log in game.rounds]
    if game.is_over:
        record["result"] = result_of(game)
    return record


def _round_record(deal: Deal, moves: list[Move], layout: _Layout) -> dict[str, Any]:
    data: dict[str, Any] = {"first": deal.first, "roles": list(deal.roles)}
    if "set_aside" in layout.deal_fields:
        data["set_aside"] = deal.set_aside
    if "reserve" in layout.deal_fields:
        data["reserve"] = list(deal.reserve)
    if "removed" in layout.deal_fields:
        data["removed"] = list(deal.removed)
    data["goals"] = list(deal.goals)
    data["hands"] = [list(hand) for hand in deal.hands]
    data["deck"] = list(deal.deck)
    data["moves"] = [str(move) for move in moves]
    return data


def result_of(game: Game) -> dict[str, Any]:
    """The ``result`` part of a record for a finished game."""
    if isinstance(game, DuelGame):
        return duel_result(game)
    return {
        "rounds": [log.result.to_dict() for log in game.rounds if log.result is not None],
        _layout(game.edition).totals: game.nuggets,
        "winners": game.winners,
    }


def game_from_record(record: Record) -> Game:
    """Replay a record, checking every move; :class:`RecordError` says what is wrong.

    Reads ``saboteur-record/1`` (base game) and ``saboteur-record/2`` (either
    edition). The game returned stands where the record stops, ready for more moves.
    """
    if not isinstance(record, dict):
        raise RecordError("a record is a JSON object")
    edition = _edition_of(record)
    if edition.name == Duel.name:
        return _duel_from_record(record)
    layout = _layout(edition)
    players = record.get("players")
    if (
        not isinstance(players, int)
        or isinstance(players, bool)
        or not edition.min_players <= players <= edition.max_players
    ):
        raise RecordError(
            f'"players" must be a whole number from {edition.min_players} to {edition.max_players}'
        )
    options_data = _field(record, "options", dict)
    if not layout.gold_deck:
        # gold_draw says how many gold cards the finder draws: meaningless
        # without gold cards, so it is ignored rather than refused.
        options_data = {key: value for key, value in options_data.items() if key != "gold_draw"}
    try:
        options = Options.from_dict(options_data)
    except (TypeError, ValueError) as error:
        raise RecordError(f'"options": {error}') from None
    names = record.get("names")
    if names is not None and (
        not isinstance(names, list)
        or len(names) != players
        or not all(isinstance(name, str) for name in names)
    ):
        raise RecordError(f'"names" must be a list of {players} strings')
    rounds = _field(record, "rounds", list)
    if not 1 <= len(rounds) <= edition.rounds:
        raise RecordError(f'"rounds" must hold one to {_COUNT_WORDS[edition.rounds - 1]} rounds')
    seed = record.get("seed")
    if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
        raise RecordError('"seed" must be a whole number')
    deals = (
        [_read_deal(edition, players, index + 1, data) for index, data in enumerate(rounds)]
        if seed is None or any(isinstance(data, dict) and "hands" in data for data in rounds)
        else None
    )
    if seed is None:
        seed = _seed_from(record)
    gold_deck = record.get("gold_deck")
    if not layout.gold_deck:
        if gold_deck is not None:
            raise RecordError(f'{edition.title} has no "gold_deck": gold pieces come from the bank')
    elif gold_deck is not None and (
        not isinstance(gold_deck, list)
        or not all(isinstance(card, int) for card in gold_deck)
        or sorted(gold_deck) != sorted(GOLD_CARDS)
    ):
        raise RecordError('"gold_deck" must hold the 28 gold cards (16 of 1, 8 of 2, 4 of 3)')
    first = deals[0].first if deals else _first_of(rounds[0], players, 1)
    game = Game(
        players,
        options,
        seed,
        first=first,
        names=names,
        gold_deck=gold_deck,
        deals=deals,
        edition=edition,
    )
    for number, data in enumerate(rounds, start=1):
        if not isinstance(data, dict):
            raise RecordError(f"round {number} must be a JSON object")
        if number > 1:
            if game.round_number < number:
                raise RecordError(
                    f"round {number - 1} is not over, but the record has a round {number}"
                )
            expected = game.rounds[number - 1].deal.first
            if _first_of(data, players, number) != expected:
                raise RecordError(
                    f"round {number} must start with seat {expected} "
                    f"(next_round_start={options.next_round_start})"
                )
        _replay_moves(game, number, _field(data, "moves", list))
    if "result" in record:
        _check_result(game, record["result"])
    return game


def _duel_from_record(record: Record) -> Game:
    seed = record.get("seed")
    if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
        raise RecordError('"seed" must be a whole number')
    rounds = _field(record, "rounds", list)
    if seed is None:
        game = duel_from_record(record, RecordError, _seed_from(record), False)
    else:
        game = duel_from_record(record, RecordError, seed, True)
    for number, data in enumerate(rounds, start=1):
        if not isinstance(data, dict):
            raise RecordError(f"round {number} must be a JSON object")
        if number > 1 and game.round_number < number:
            raise RecordError(
                f"round {number - 1} is not over, but the record has a round {number}"
            )
        check_round_first(data, number, RecordError)
        _replay_moves(game, number, _field(data, "moves", list))
    if "result" in record:
        _check_result(game, record["result"])
    return game


def _edition_of(record: Record) -> Edition:
    """The edition a record is of, by its format and its ``"edition"``."""
    form = record.get("format")
    edition = record.get("edition")
    if form == FORMAT_1:
        # A /1 record is always of the base game; one that names another
        # edition was not written by any version of pysaboteur.
        if edition is not None and edition != BaseGame.name:
            raise RecordError(f'a "{FORMAT_1}" record is of the base game, not {edition!r}')
        return find_edition(BaseGame.name)
    if form != FORMAT:
        raise RecordError(f'"format" must be "{FORMAT}" (or the older "{FORMAT_1}")')
    if edition is None:
        return find_edition(BaseGame.name)  # docs/records.md, §1: no edition is the base game
    if not isinstance(edition, str):
        raise RecordError('"edition" must be the name of an edition, such as "saboteur2"')
    try:
        return find_edition(edition)
    except ValueError as error:
        raise RecordError(f'"edition": {error}') from None


def _replay_moves(game: Game, number: int, moves: list[Any]) -> None:
    for index, text in enumerate(moves, start=1):
        where = f'round {number}, move {index} "{text}"'
        if not isinstance(text, str):
            raise RecordError(f"round {number}, move {index}: a move is a string")
        if game.round_number != number or game.is_over:
            raise RecordError(f"{where}: the round is over")
        try:
            game.play(text)
        except IllegalMove as error:
            raise RecordError(f"{where}: {error.reason}") from None


def _check_result(game: Game, claimed: Any) -> None:
    if not game.is_over:
        raise RecordError("the record has a result, but its game is not over")
    actual = result_of(game)
    if claimed != actual:
        raise RecordError(
            f"the result does not match the replay: the record says {json.dumps(claimed)}, "
            f"the replay gives {json.dumps(actual)}"
        )


def _field(data: dict[str, Any], name: str, kind: type) -> Any:
    if name not in data:
        raise RecordError(f'"{name}" is missing')
    value = data[name]
    if not isinstance(value, kind):
        raise RecordError(f'"{name}" must be a JSON {"object" if kind is dict else "list"}')
    return value


def _first_of(data: Any, players: int, number: int) -> int:
    if not isinstance(data, dict):
        raise RecordError(f"round {number} must be a JSON object")
    first = data.get("first")
    if not isinstance(first, int) or isinstance(first, bool) or not 0 <= first < players:
        raise RecordError(f'round {number}: "first" must be a seat from 0 to {players - 1}')
    return first


def _codes(value: Any) -> list[str]:
    """A list of card or role codes as read, for the edition's deal check.

    Whatever is malformed becomes something that check refuses with the message
    of its own field, so that each field has one message: a field that is not a
    list becomes an empty list, an item that is not a string its JSON text
    (which no code is).
    """
    if not isinstance(value, list):
        return []
    return [item if isinstance(item, str) else json.dumps(item) for item in value]


def _read_deal(edition: Edition, players: int, number: int, data: Any) -> Deal:
    where = f"round {number}"
    first = _first_of(data, players, number)
    hands = data.get("hands")
    deck = data.get("deck")
    if not isinstance(deck, list):
        raise RecordError(f'{where}: "deck" must be a list of cards')
    # A set-aside role that is not a role code (an empty one included) is spelled
    # as JSON, so that it is refused: as outside the pool (base game), or as a
    # set_aside the edition does not have (Saboteur 2).
    set_aside = data.get("set_aside")
    if "set_aside" in data and not (isinstance(set_aside, str) and set_aside):
        set_aside = json.dumps(set_aside)
    deal = Deal(
        first,
        _codes(data.get("roles")),
        set_aside or "",
        _codes(data.get("goals")),
        [_codes(hand) for hand in hands] if isinstance(hands, list) else [],
        _codes(deck),
        reserve=_codes(data.get("reserve")),
        removed=_codes(data.get("removed")),
    )
    error = edition.deal_error(deal, players)
    if error is not None:
        raise RecordError(f"{where}: {error}")
    return deal


def _seed_from(record: Record) -> int:
    """A seed for the chance after a record's last deal, the same for every replay."""
    text = json.dumps([record.get("gold_deck"), record.get("rounds")], sort_keys=True)
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")


def dumps_record(record: Record) -> str:
    """JSON text of a record, one field a line, so that records diff well.

    Names keep their own letters (Greek, Turkish, …) rather than ``\\u`` escapes,
    so a record reads as the table showed it; files are UTF-8 whatever the locale."""

    def fields(data: dict[str, Any], indent: str) -> str:
        return ",\n".join(
            f"{indent}{json.dumps(key)}: {json.dumps(value, ensure_ascii=False)}"
            for key, value in data.items()
        )

    parts = []
    for key, value in record.items():
        if key == "rounds":
            rounds = ",\n".join("  {\n" + fields(data, "   ") + "\n  }" for data in value)
            parts.append(f' "rounds": [\n{rounds}\n ]')
        else:
            parts.append(fields({key: value}, " "))
    return "{\n" + ",\n".join(parts) + "\n}\n"


def save_record(game: Game, path: str | Path) -> None:
    Path(path).write_text(dumps_record(game_to_record(game)), encoding="utf-8")


def load_record(path: str | Path) -> Record:
    """Read a record file; :class:`RecordError` if it is not JSON."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except json.JSONDecodeError as error:
        raise RecordError(f"not JSON: {error}") from None
    if not isinstance(data, dict):
        raise RecordError("a record is a JSON object")
    return data
