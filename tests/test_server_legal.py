"""The legal moves of a view: each move's fields, as the browser reads them.

A client tells which hand card a legal move plays from its ``cards`` alone (it
has no card geometry) and plays the move by sending its ``text`` back, so both
must be right for every move offered: the printed cards come from the hand
(a turned placement names the card as printed, not as it lies), and every
text is one the table's game accepts.
"""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import pytest
from server_helpers import Server, View, running_server

from pysaboteur.rules import Move
from pysaboteur.rules.moves import MoveView
from pysaboteur.server import table as server_table
from pysaboteur.server.hub import Hub

SEED = 20251201  # a fixed deal, so that the run (and its turned placements) repeats
VIEW_FIELDS = set(MoveView.__annotations__)
OPPOSITE = {"N": "S", "E": "W", "S": "N", "W": "E"}


def turned(code: str) -> str:
    """A path code turned 180°, worked out here rather than by the engine under test."""
    sides = {OPPOSITE[side] for side in code if side in OPPOSITE}
    return ("x" if code.startswith("x") else "") + "".join(s for s in "NESW" if s in sides)


def reasons_refused(server: Server, table: str, texts: list[str]) -> list[str | None]:
    """Why the table's own game would refuse each text (None: accepted), asked on
    the server's loop as its move handling asks it."""

    async def work(hub: Hub) -> list[str | None]:
        game = (await hub.get(table)).table.game
        assert game is not None
        return [game.why_illegal(Move.parse(text)) for text in texts]

    return server.in_server(work)


def check_legal(view: View) -> int:
    """Check one view's legal moves; returns how many are turned placements."""
    hand = Counter(view["observation"]["hand"])
    turned_placements = 0
    for entry in view["legal"]:
        assert set(entry) == VIEW_FIELDS
        move = Move.parse(entry["text"])
        assert str(move) == entry["text"] and move.seat == view["observation"]["seat"]
        # The fields are the engine's own view of the move, through JSON unchanged.
        assert entry == move.view()
        assert not Counter(entry["cards"]) - hand, f"{entry['text']} plays cards not in the hand"
        if move.kind in ("pass", "take"):
            assert entry["cards"] == []
        elif move.kind == "place":
            [printed] = entry["cards"]
            assert entry["face"] == move.card and (entry["x"], entry["y"]) == move.cell
            assert move.card in (printed, turned(printed))
            if move.card != printed:
                turned_placements += 1
        else:
            assert entry["cards"][0] == move.card and entry["face"] is None
    return turned_placements


def test_legal_moves_carry_the_printed_cards_and_texts_the_game_accepts(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(server_table, "new_seed", lambda: SEED)
    rng = random.Random(SEED)
    with running_server(tmp_path) as server:
        created = server.create(players=3, bots="random")
        table, host = created["table"], created["token"]
        server.ok("POST", f"/api/tables/{table}/start", host)
        turns = turned_placements = 0
        while (view := server.view(table, host))["table"]["status"] != "over":
            if not view["legal"]:
                continue  # the bots are moving
            turns += 1
            turned_placements += check_legal(view)
            texts = [entry["text"] for entry in view["legal"]]
            assert reasons_refused(server, table, texts) == [None] * len(texts)
            assert len(set(texts)) == len(texts)
            # Play one of them as a browser would: its text, back as it came.
            body = {"move": rng.choice(texts), "expect": view["version"]}
            assert server.ok("POST", f"/api/tables/{table}/moves", host, body)["version"] > 0
    # Not vacuous: the host had turns, some offering a turned card.
    assert turns > 20 and turned_placements > 0, (turns, turned_placements)


def test_a_turned_placement_lists_the_card_as_printed() -> None:
    """``place NSW 1,0`` lies as NSW but plays the NES from the hand."""
    view = Move.parse("0 place NSW 1,0").view()
    assert view["cards"] == ["NES"] and view["face"] == "NSW"
    assert (view["x"], view["y"], view["target"]) == (1, 0, None)
