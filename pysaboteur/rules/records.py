"""Game records (docs/records.md): write a game out, read it back, check it.

A record holds the options, every round's deal card by card and every move,
so that any implementation can replay the game exactly.
"""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from dataclasses import asdict
from pathlib import Path
from typing import Any

from .cards import GOAL_CARDS, GOLD_CARDS, HAND_SIZE, PLAYING_CARDS, role_pool
from .game import Deal, Game, IllegalMove
from .options import Options

FORMAT = "saboteur-record/1"
Record = dict[str, Any]


class RecordError(ValueError):
    """A record that is malformed, or whose replay breaks a rule or disagrees with its result."""


def game_to_record(game: Game) -> Record:
    """The record of ``game`` so far, deals spelled out card by card."""
    record: Record = {"format": FORMAT, "players": game.players}
    if game.names:
        record["names"] = list(game.names)
    record["options"] = game.options.to_dict()
    if game.seed is not None:
        record["seed"] = game.seed
    record["gold_deck"] = list(game.initial_gold_deck)
    record["rounds"] = [
        {
            "first": log.deal.first,
            "roles": list(log.deal.roles),
            "set_aside": log.deal.set_aside,
            "goals": list(log.deal.goals),
            "hands": [list(hand) for hand in log.deal.hands],
            "deck": list(log.deal.deck),
            "moves": [str(move) for move in log.moves],
        }
        for log in game.rounds
    ]
    if game.is_over:
        record["result"] = result_of(game)
    return record


def result_of(game: Game) -> dict[str, Any]:
    """The ``result`` part of a record for a finished game."""
    return {
        "rounds": [asdict(log.result) for log in game.rounds if log.result is not None],
        "nuggets": game.nuggets,
        "winners": game.winners,
    }


def game_from_record(record: Record) -> Game:
    """Replay a record, checking every move; :class:`RecordError` says what is wrong.

    The game returned stands where the record stops, ready for more moves.
    """
    if not isinstance(record, dict):
        raise RecordError("a record is a JSON object")
    if record.get("format") != FORMAT:
        raise RecordError(f'"format" must be "{FORMAT}"')
    players = record.get("players")
    if not isinstance(players, int) or players not in HAND_SIZE:
        raise RecordError('"players" must be a whole number from 3 to 10')
    try:
        options = Options.from_dict(_field(record, "options", dict))
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
    if not 1 <= len(rounds) <= 3:
        raise RecordError('"rounds" must hold one to three rounds')
    seed = record.get("seed")
    if seed is not None and not isinstance(seed, int):
        raise RecordError('"seed" must be a whole number')
    deals = (
        [_read_deal(players, index + 1, data) for index, data in enumerate(rounds)]
        if (seed is None or any("hands" in data for data in rounds))
        else None
    )
    if seed is None:
        seed = _seed_from(record)
    gold_deck = record.get("gold_deck")
    if gold_deck is not None and (
        not isinstance(gold_deck, list) or sorted(gold_deck) != sorted(GOLD_CARDS)
    ):
        raise RecordError('"gold_deck" must hold the 28 gold cards (16 of 1, 8 of 2, 4 of 3)')
    first = deals[0].first if deals else _first_of(rounds[0], players, 1)
    game = Game(players, options, seed, first=first, names=names, gold_deck=gold_deck, deals=deals)
    for number, data in enumerate(rounds, start=1):
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


def _first_of(data: dict[str, Any], players: int, number: int) -> int:
    first = data.get("first")
    if not isinstance(first, int) or not 0 <= first < players:
        raise RecordError(f'round {number}: "first" must be a seat from 0 to {players - 1}')
    return first


def _read_deal(players: int, number: int, data: Any) -> Deal:
    where = f"round {number}"
    if not isinstance(data, dict):
        raise RecordError(f"{where} must be a JSON object")
    first = _first_of(data, players, number)
    roles = data.get("roles")
    set_aside = data.get("set_aside")
    if (
        not isinstance(roles, list)
        or not isinstance(set_aside, str)
        or len(roles) != players
        or Counter([*roles, set_aside]) != Counter(role_pool(players))
    ):
        raise RecordError(
            f'{where}: "roles" and "set_aside" must be exactly the role pool of {players} players'
        )
    goals = data.get("goals")
    if not isinstance(goals, list) or sorted(goals) != sorted(GOAL_CARDS):
        raise RecordError(f'{where}: "goals" must be gold, stone-NE and stone-NW in some order')
    hands = data.get("hands")
    deck = data.get("deck")
    size = HAND_SIZE[players]
    if (
        not isinstance(hands, list)
        or len(hands) != players
        or not all(isinstance(hand, list) and len(hand) == size for hand in hands)
    ):
        raise RecordError(f'{where}: "hands" must be {players} hands of {size} cards')
    if not isinstance(deck, list):
        raise RecordError(f'{where}: "deck" must be a list of cards')
    dealt = [card for hand in hands for card in hand] + deck
    if not all(isinstance(card, str) for card in dealt) or Counter(dealt) != Counter(PLAYING_CARDS):
        raise RecordError(f'{where}: "hands" and "deck" must be exactly the 67 playing cards')
    return Deal(
        first, list(roles), set_aside, list(goals), [list(hand) for hand in hands], list(deck)
    )


def _seed_from(record: Record) -> int:
    """A seed for the chance after a record's last deal, the same for every replay."""
    text = json.dumps([record.get("gold_deck"), record.get("rounds")], sort_keys=True)
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")


def dumps_record(record: Record) -> str:
    """JSON text of a record, one field a line, so that records diff well."""

    def fields(data: dict[str, Any], indent: str) -> str:
        return ",\n".join(
            f"{indent}{json.dumps(key)}: {json.dumps(value)}" for key, value in data.items()
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
    Path(path).write_text(dumps_record(game_to_record(game)))


def load_record(path: str | Path) -> Record:
    """Read a record file; :class:`RecordError` if it is not JSON."""
    try:
        data = json.loads(Path(path).read_text())
    except json.JSONDecodeError as error:
        raise RecordError(f"not JSON: {error}") from None
    if not isinstance(data, dict):
        raise RecordError("a record is a JSON object")
    return data
