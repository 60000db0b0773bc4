"""No leaks over the wire: every message two seats and a spectator receive during a
whole game is checked against the true game, version by version.

The game is played to its end through the server (two people, driven here by
the heuristic bot on their own views, and two bots), every WebSocket message
kept.  Then the record gives the truth (every deal and move), and each view is
compared with the game at its version: its observation must be exactly the
viewer's observation, and, checked directly on the message's content, no
message may hold another seat's hand, a role of the round in play other than
the viewer's own, the card of a face-down goal the viewer has not mapped, or
gold the viewer has not seen (others' picks, rounds' gold) before the end.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from server_helpers import Socket, View, legal_moves, running_server, watched_game

from pysaboteur.bots import make_bot
from pysaboteur.rules import (
    GOAL_CELLS,
    MINER,
    SABOTEUR,
    Game,
    Options,
    public_observation,
    seat_observation,
)
from pysaboteur.rules.cards import GOAL_CARDS
from pysaboteur.server import table as server_table

#: The deal of the game (fixed so that the game is the same every run: the bots'
#: choices and the people's below depend only on the position).  The test checks
#: that this game has what makes it a real test: maps, gold found, gold picked.
SEED = 20251130
PLAYERS = 4
VIEW_KEYS = {
    "type", "version", "accepted_at", "move", "table", "observation", "legal", "clock",
    "bot_moves",
}  # fmt: skip
FACT_KEYS = {
    "table", "status", "edition", "players", "options", "bots", "spectators", "clock", "host",
    "version", "away_after", "spectators_talk",
    "seats",
    # Open tables and Play again (server/lobby.py, server/rematch.py): public facts.
    "listed", "language", "rematch", "rematch_of",
}  # fmt: skip
SEAT_KEYS = {"seat", "name", "kind", "connected", "away", "away_because"}


def person(seat: int, view: View) -> str:
    """A person's move: look at a goal when one can, else as the heuristic bot would."""
    legal = legal_moves(view)
    known = {(g["x"], g["y"]) for g in view["observation"]["goals"] if g["card"] is not None}
    maps = [move for move in legal if move.kind == "map" and move.cell not in known]
    if maps:
        return str(maps[0])
    return str(make_bot("heuristic", seed=view["version"]).choose(view["observation"], legal))


def leaves(value: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[tuple[Any, ...], Any]]:
    """Every scalar in a JSON value, with its path."""
    if isinstance(value, dict):
        for key, item in value.items():
            yield from leaves(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from leaves(item, (*path, index))
    else:
        yield path, value


def string_lists(value: Any) -> Iterator[list[str]]:
    """Every list of strings in a JSON value."""
    if isinstance(value, dict):
        for item in value.values():
            yield from string_lists(item)
    elif isinstance(value, list):
        if value and all(isinstance(item, str) for item in value):
            yield value
        for item in value:
            yield from string_lists(item)


class Evidence:
    """What the run showed, so that the test is known not to be vacuous."""

    def __init__(self) -> None:
        self.mapped_goal_seen = 0  # views showing a face-down goal its viewer mapped
        self.own_gold_seen = 0  # views with gold the viewer saw before the end
        self.hidden_picks = 0  # others' gold picks shown without their value
        self.finished_rounds_seen = 0  # views before the end with a finished round's roles


def check_view(message: dict[str, Any], game: Game, viewer: int | None, seen: Evidence) -> None:
    assert set(message) == VIEW_KEYS
    assert message["version"] == sum(len(log.moves) for log in game.rounds)
    facts = message["table"]
    assert set(facts) == FACT_KEYS and all(set(seat) == SEAT_KEYS for seat in facts["seats"])
    observation = message["observation"]
    expected = public_observation(game) if viewer is None else seat_observation(game, viewer)
    assert observation == expected
    over = game.is_over
    round_index = game.round_number - 1

    # Legal moves: only the viewer's own, only on its turn.
    if viewer is None or game.to_move != viewer or over:
        assert message["legal"] == []
    else:
        assert message["legal"] == [move.view() for move in game.legal_moves()]

    # Hands: the viewer's own, nobody else's, anywhere in the message.
    assert observation["hands"] is None
    if viewer is not None:
        assert observation["hand"] == game.hands[viewer]
    others = [sorted(hand) for seat, hand in enumerate(game.hands) if seat != viewer and hand]
    for strings in string_lists(message):
        assert sorted(strings) not in others, "another seat's hand"

    # Roles: the viewer's own; others' only for finished rounds.
    for path, value in leaves(message):
        if value not in (MINER, SABOTEUR):
            continue
        if path == ("observation", "role"):
            assert viewer is not None and value == game.roles[viewer]
        else:
            assert path[:2] == ("observation", "rounds") and path[3] in ("roles", "set_aside")
            finished = path[2]
            assert finished < round_index or over
            deal = game.rounds[finished].deal
            truth = deal.set_aside if path[3] == "set_aside" else deal.roles[path[4]]
            assert value == truth
            seen.finished_rounds_seen += not over

    # Goals: a face-down goal's card only for a seat that mapped it (or at the end).
    mapped = game.maps[viewer] if viewer is not None else {}
    for index, goal in enumerate(observation["goals"]):
        may_know = game.maze.revealed[index] or over or index in mapped
        truth = game.maze.goals[index]
        assert goal["card"] == (truth if may_know else None)
        seen.mapped_goal_seen += not game.maze.revealed[index] and not over and index in mapped
    hidden = {
        GOAL_CELLS[index]
        for index in range(3)
        if not (game.maze.revealed[index] or over or index in mapped)
    }
    for card in observation["maze"]:
        assert (card["x"], card["y"]) not in hidden, "a face-down goal in the maze"
    for path, value in leaves(message):
        if value not in GOAL_CARDS or path == ("observation", "phase"):  # phase "gold"
            continue
        where = path[:2]
        if where == ("observation", "maze"):
            card = observation["maze"][path[2]]
            assert (card["x"], card["y"]) not in hidden, "a face-down goal in the maze"
        elif where == ("observation", "rounds"):
            assert path[2] < round_index or over
            assert path[3] in ("goals", "maze")
        else:
            assert where == ("observation", "goals"), f"a goal's card at {path}"

    # Gold: the viewer's own looks and picks; nobody else's before the end.
    if viewer is None:
        assert "gold" not in observation and "gold_offer" not in observation
    else:
        assert observation["gold"] == {
            "kept": game.gold_kept[viewer],
            "seen": game.gold_seen[viewer],
        }
        seen.own_gold_seen += bool(game.gold_seen[viewer]) and not over
        if game.offer and game.to_move == viewer:
            assert observation["gold_offer"] == sorted(game.offer, reverse=True)
        else:
            assert "gold_offer" not in observation
    if not over:
        assert observation["nuggets"] is None and observation["winners"] is None
        assert all(done["gold"] is None for done in observation["rounds"])
        texts = [text for moves in observation["history"] for text in moves]
        if message["move"] is not None:
            texts.append(message["move"])
        for text in texts:
            seat, _, rest = text.partition(" ")
            if int(seat) != viewer and rest.startswith(("take", "discard")):
                assert rest in ("take", "discard"), f"another seat's {text!r}"
                seen.hidden_picks += rest == "take"


def test_no_message_carries_what_its_viewer_may_not_know(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(server_table, "new_seed", lambda: SEED)
    with running_server(tmp_path, bots=("heuristic",)) as server:
        played = watched_game(server, person, players=PLAYERS)
    people, spectator, record, last = played.people, played.spectator, played.record, played.last

    assert "seed" not in record and last["observation"]["phase"] == "over"  # never shown
    moves = [text for played in record["rounds"] for text in played["moves"]]
    seen = Evidence()
    watchers: list[tuple[int | None, Socket]] = [(0, people[0]), (1, people[1]), (None, spectator)]
    for viewer, socket in watchers:
        game = Game.new(PLAYERS, Options.from_dict(record["options"]), SEED, names=record["names"])
        views = [m for m in socket.received if m["type"] == "view"]
        assert not [m for m in socket.received if m["type"] == "error"]
        assert views[-1]["version"] == len(moves)
        for message in views:
            if message["observation"] is None:
                continue
            while sum(len(log.moves) for log in game.rounds) < message["version"]:
                game.play(moves[sum(len(log.moves) for log in game.rounds)])
            check_view(message, game, viewer, seen)
    # The run met every kind of secret: the checks above were not vacuous.
    assert seen.mapped_goal_seen > 0
    assert seen.own_gold_seen > 0
    assert seen.hidden_picks > 0
    assert seen.finished_rounds_seen > 0
