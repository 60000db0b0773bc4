"""The leak audit's checks of the lobby and Play again (scripts/audit_open_tables.py)
find what they look for: a lobby entry saying more than it may, a token, a card."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "scripts"))

from audit_open_tables import ENTRY_KEYS, OpenTableAnswers, check_answers
from leak_checks import Secrets

from pysaboteur.rules import Game, Options, seat_observation

ENTRY = {"table": "abcd1234", "status": "lobby", "edition": "base", "players": 3, "free": 1,
         "names": ["Ann", "P1"], "language": "en", "clock": None, "spectators": True}  # fmt: skip
TOKEN = "a-token-nobody-may-see"
SEED = 918273645


def findings(lobby: list[dict[str, object]], rematch: list[dict[str, object]]) -> list[str]:
    game = Game.new(3, Options(), SEED)
    return check_answers(OpenTableAnswers(lobby, rematch), game, Secrets(SEED, {TOKEN}))


def test_a_clean_lobby_and_rematch_are_clean() -> None:
    assert set(ENTRY) == ENTRY_KEYS
    assert findings([{"tables": [ENTRY]}], [{"table": "efgh5678", "by": 0}]) == []


def test_a_lobby_entry_saying_more_is_found() -> None:
    found = findings([{"tables": [{**ENTRY, "seed": 7}]}], [])
    assert any("says ['seed']" in line for line in found)


def test_a_token_or_a_card_in_an_answer_is_found() -> None:
    assert findings([], [{"table": "efgh5678", "token": TOKEN}]) != []
    card = seat_observation(Game.new(3, Options(), SEED), 0)["hand"][0]
    assert findings([{"tables": [{**ENTRY, "names": [card]}]}], []) != []
