"""No leaks over the wire in Saboteur 2: every message two seats and a spectator
receive during a whole game is checked against the true game, version by version.

Two people (who play the new cards whenever they can: inspections, swaps of hands
and hats, thefts, traps) and two random bots play a whole game through the server,
every WebSocket message kept. Each view's observation must be exactly the
viewer's; and, checked on the message itself: no other seat's hand, no dwarf card
but the viewer's own, those it inspected or got, and those of finished rounds; no
inspection or swap of hands the viewer took no part in; the reserve and the
dwarf cards laid aside only once the game is over.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from server_helpers import Socket, View, legal_moves, running_server, watched_game
from test_server_leaks import leaves

from pysaboteur.bots import make_bot
from pysaboteur.rules import Game, Options, public_observation, seat_observation
from pysaboteur.rules.editions.saboteur2 import DWARF_CARDS
from pysaboteur.server import table as server_table

SEED = 20260214
PLAYERS = 4
EDITION = "saboteur2"
DWARVES = set(DWARF_CARDS)
#: The moves the people play first when they can: those that show something to one seat.
EAGER = ("inspection", "swap-hand", "swap-hats", "theft", "trapped")


def person(seat: int, view: View) -> str:
    """A person who plays the secret-making cards first, else as the heuristic bot would."""
    legal = legal_moves(view)
    for kind in EAGER:
        for move in legal:
            if move.kind == kind:
                return str(move)
    return str(make_bot("heuristic", seed=view["version"]).choose(view["observation"], legal))


class Evidence:
    """What the run showed, so that the test is known not to be vacuous."""

    def __init__(self) -> None:
        self.own_looks = 0  # views with a dwarf card the viewer inspected or got
        self.others_inspections = 0  # views after another seat's inspection of a third
        self.own_swaps = 0  # views with a hand swap the viewer took part in
        self.others_swaps = 0  # views after a swap the viewer took no part in
        self.finished_rounds = 0  # views before the end with a finished round's dwarf cards


def check_view(message: dict[str, Any], game: Game, viewer: int | None, seen: Evidence) -> None:
    observation = message["observation"]
    expected = public_observation(game) if viewer is None else seat_observation(game, viewer)
    assert observation == expected
    assert message["table"]["edition"] == EDITION and observation["edition"] == EDITION
    over = game.is_over
    round_index = game.round_number - 1
    history = observation["history"][-1]

    if viewer is None or game.to_move != viewer or over:
        assert message["legal"] == []
    else:
        assert message["legal"] == [move.view() for move in game.legal_moves()]

    # Hands: the viewer's own (and the hands it swapped), nobody else's.
    assert observation["hands"] is None
    others = [sorted(hand) for seat, hand in enumerate(game.hands) if seat != viewer and hand]
    allowed = {("observation", "hand"), ("observation", "swaps"), ("legal",)}
    for path, strings in _string_lists_at(message):
        if path[:2] in allowed or path[:1] in allowed:
            continue
        assert sorted(strings) not in others, f"another seat's hand at {path}"

    # Dwarf cards: only where the viewer may see them.
    for path, value in leaves(message):
        if value not in DWARVES:
            continue
        if path == ("observation", "role"):
            assert viewer is not None and value == game.roles[viewer]
        elif path[:2] == ("observation", "looks"):
            assert viewer is not None and path[3] in ("role", "laid_aside")
        elif path[:2] == ("observation", "rounds") and path[3] == "open_to":
            assert value in ("green", "blue")  # the teams the gold was open to, public
        elif path[:2] == ("observation", "rounds"):
            assert path[2] < round_index or over, "a dwarf card of the round in play"
            if path[3] in ("reserve", "hats_out"):
                assert over, "the reserve or a laid-aside card before the game's end"
            else:
                assert path[3] == "roles", f"a dwarf card at {path}"
                seen.finished_rounds += not over
        else:
            raise AssertionError(f"a dwarf card at {path}")
    assert isinstance(observation["reserve"], int)  # its size only

    # Inspections and swaps: only the viewer's own, each of a move that showed it to it.
    if viewer is None:
        assert "looks" not in observation and "swaps" not in observation
        return
    for look in observation["looks"]:
        seat, _, rest = history[look["move"]].partition(" ")
        if rest.startswith("inspection"):
            assert int(seat) == viewer and rest == f"inspection @{look['seat']}"
        else:
            assert rest == f"swap-hats @{viewer}" and look["seat"] == viewer
        seen.own_looks += 1
    for swap in observation["swaps"]:
        seat, _, rest = history[swap["move"]].partition(" ")
        assert viewer in (int(seat), int(rest.removeprefix("swap-hand @")))
        seen.own_swaps += 1
    for index, text in enumerate(history):
        seat, _, rest = text.partition(" ")
        if rest.startswith("inspection") and int(seat) != viewer:
            assert all(look["move"] != index for look in observation["looks"])
            seen.others_inspections += 1
        if rest.startswith("swap-hand") and viewer not in (int(seat), int(rest[-1])):
            assert all(swap["move"] != index for swap in observation["swaps"])
            seen.others_swaps += 1


def _string_lists_at(
    value: Any, path: tuple[Any, ...] = ()
) -> list[tuple[tuple[Any, ...], list[str]]]:
    """Every list of strings in a JSON value, with its path."""
    found: list[tuple[tuple[Any, ...], list[str]]] = []
    if isinstance(value, dict):
        for key, item in value.items():
            found += _string_lists_at(item, (*path, key))
    elif isinstance(value, list):
        if value and all(isinstance(item, str) for item in value):
            found.append((path, value))
        for index, item in enumerate(value):
            found += _string_lists_at(item, (*path, index))
    return found


def test_no_saboteur2_message_carries_what_its_viewer_may_not_know(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(server_table, "new_seed", lambda: SEED)
    with running_server(tmp_path, bots=("random",)) as server:
        played = watched_game(server, person, edition=EDITION, players=PLAYERS)
    people, spectator, record, last = played.people, played.spectator, played.record, played.last

    assert "seed" not in record and last["observation"]["phase"] == "over"  # never shown
    moves = [text for played in record["rounds"] for text in played["moves"]]
    seen = Evidence()
    watchers: list[tuple[int | None, Socket]] = [(0, people[0]), (1, people[1]), (None, spectator)]
    for viewer, socket in watchers:
        options = Options.from_dict(record["options"])
        game = Game.new(PLAYERS, options, SEED, names=record["names"], edition=EDITION)
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
    assert seen.own_looks > 0
    assert seen.others_inspections > 0
    assert seen.own_swaps > 0
    assert seen.others_swaps > 0
    assert seen.finished_rounds > 0
