"""Records of the Duel (docs/rules-duel.md, "The record"): ``saboteur-record/2`` with
``"edition": "duel"``, each round's goals, hands, draw pile and moves, and the deck
itself under ``"duel_deck"``, so that a replay needs nothing but the record."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from .duel_deck import DeckError, DuelDeck, load_deck
from .duel_faces import COLOURS
from .duel_game import GOALS_PER_ROUND, HAND_SIZE, DuelGame
from .editions import Deal
from .options import Options

if TYPE_CHECKING:
    from .records import Record

#: Who starts each round: green, blue, green.
FIRSTS = (0, 1, 0)


def duel_to_record(game: DuelGame, form: str) -> Record:
    record: Record = {"format": form, "edition": "duel", "players": 2}
    if game.names:
        record["names"] = list(game.names)
    record["options"] = {"open_hands": game.options.open_hands}
    if game.seed is not None:
        record["seed"] = game.seed
    record["duel_deck"] = game.deck.to_dict()
    record["rounds"] = [
        {
            "first": log.deal.first,
            "goals": list(log.deal.goals),
            "hands": [list(hand) for hand in log.deal.hands],
            "deck": list(log.deal.deck),
            "moves": [str(move) for move in log.moves],
        }
        for log in game.rounds
    ]
    if game.is_over:
        record["result"] = duel_result(game)
    return record


def duel_result(game: DuelGame) -> dict[str, Any]:
    return {
        "rounds": [log.result.to_dict() for log in game.rounds if log.result is not None],
        "nuggets": game.nuggets,
        "winners": game.winners,
    }


def duel_from_record(record: Record, error: type[ValueError], seed: int, seeded: bool) -> DuelGame:
    """The game of a Duel record, before its moves are replayed (``error``: RecordError).
    Its deals are read from the record unless a seed of its own deals them."""
    if record.get("players") != 2:
        raise error('"players" must be 2 in the Duel')
    options = record.get("options", {})
    if not isinstance(options, dict):
        raise error('"options" must be a JSON object')
    open_hands = options.get("open_hands", False)
    if not isinstance(open_hands, bool):
        raise error('"options": open_hands must be true or false')
    names = record.get("names")
    if names is not None and (
        not isinstance(names, list) or len(names) != 2 or not all(isinstance(n, str) for n in names)
    ):
        raise error('"names" must be a list of 2 strings')
    try:
        deck = load_deck(record.get("duel_deck"))
    except DeckError as problem:
        raise error(f'"duel_deck": {problem}') from None
    rounds = record.get("rounds")
    if not isinstance(rounds, list) or not 1 <= len(rounds) <= 3:
        raise error('"rounds" must hold one to three rounds')
    deals = None
    if not seeded or any(isinstance(data, dict) and "hands" in data for data in rounds):
        deals = [_read_deal(deck, number, data, error) for number, data in enumerate(rounds, 1)]
        used = [goal for deal in deals for goal in deal.goals]
        if len(set(used)) != len(used):
            raise error('"goals": the rounds together hold each goal card once')
    return DuelGame(2, Options(open_hands=open_hands), seed, names=names, deals=deals, deck=deck)


def check_round_first(data: Any, number: int, error: type[ValueError]) -> None:
    if not isinstance(data, dict) or data.get("first") != FIRSTS[number - 1]:
        raise error(
            f'round {number}: "first" must be {FIRSTS[number - 1]} '
            f"({COLOURS[FIRSTS[number - 1]]} starts round {number})"
        )


def _read_deal(deck: DuelDeck, number: int, data: Any, error: type[ValueError]) -> Deal:
    where = f"round {number}"
    check_round_first(data, number, error)
    goals = data.get("goals")
    if (
        not isinstance(goals, list)
        or len(goals) != GOALS_PER_ROUND
        or len(set(map(str, goals))) != GOALS_PER_ROUND
        or not set(map(str, goals)) <= set(deck.goal_cards)
    ):
        raise error(f'{where}: "goals" must be 6 distinct goal cards of the deck')
    hands = data.get("hands")
    pile = data.get("deck")
    if (
        not isinstance(hands, list)
        or len(hands) != 2
        or not all(isinstance(hand, list) and len(hand) == HAND_SIZE for hand in hands)
    ):
        raise error(f'{where}: "hands" must be 2 hands of {HAND_SIZE} cards')
    if not isinstance(pile, list):
        raise error(f'{where}: "deck" must be a list of cards')
    dealt = [card for hand in hands for card in hand] + pile
    if Counter(map(str, dealt)) != Counter(deck.playing_cards) or not all(
        isinstance(card, str) for card in dealt
    ):
        raise error(f'{where}: "hands" and "deck" must be exactly the 52 playing cards')
    return Deal(
        data["first"], list(COLOURS), "", list(goals), [list(hand) for hand in hands], list(pile)
    )
