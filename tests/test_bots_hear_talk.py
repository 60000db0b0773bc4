"""The bots at a web table hear the claims people make in table talk, round by round."""

from __future__ import annotations

import threading
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest
from server_helpers import Server, play_to_the_end, running_server

from pysaboteur.bots.base import register
from pysaboteur.bots.claims import Claim
from pysaboteur.rules import Move, Observation
from pysaboteur.server.talk import Talk

#: (round, claims heard) of every decision of the bot below, in order.
HEARD: list[tuple[int, tuple[Claim, ...]]] = []
_LOCK = threading.Lock()


class EarBot:
    """Plays the first legal move and notes what it heard before choosing."""

    name = "ear"

    def __init__(self) -> None:
        self.claims: tuple[Claim, ...] = ()

    def hear(self, claims: Sequence[Claim]) -> None:
        self.claims = tuple(claims)

    def choose(self, observation: Observation, legal_moves: Sequence[Move]) -> Move:
        with _LOCK:
            HEARD.append((observation["round"], self.claims))
        return legal_moves[0]


register("ear", lambda settings, seed: EarBot())


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    HEARD.clear()
    with running_server(tmp_path, bots=("ear",)) as running:
        yield running


def test_bots_hear_the_claims_of_the_round_in_play(server: Server) -> None:
    created = server.create(name="Ana", players=3, bots="ear")
    table = created["table"]
    ana = server.socket(table, created["token"])
    ana.send({"type": "claim", "claim": "accuse", "target": 1})
    ana.send({"type": "say", "text": "words are not claims"})
    ana.send({"type": "start"})
    rounds_seen: dict[int, bool] = {}

    def choose(seat: int, view: dict[str, Any]) -> str:
        observation = view["observation"]
        number = observation["round"]
        if number == 2 and not rounds_seen.get(2):
            # Said in round 2: heard in round 2 only, with round 1's claim forgotten.
            ana.send({"type": "claim", "claim": "goal", "x": 8, "y": 0, "card": "gold"})
        rounds_seen[number] = True
        return str(view["legal"][0]["text"])

    play_to_the_end({0: ana}, choose)
    accuse = Claim(seat=0, kind="accuse", target=1)
    goal = Claim(seat=0, kind="goal", x=8, y=0, card="gold")
    by_round = {
        number: {claims for seen, claims in HEARD if seen == number} for number in (1, 2, 3)
    }
    assert by_round[1] == {(accuse,)}
    assert by_round[3] == {()}
    # In round 2 the bots that moved before Ana's first turn heard nothing yet.
    assert by_round[2] <= {(), (goal,)} and (goal,) in by_round[2]


def test_claims_since_keeps_seats_claims_from_that_move_on() -> None:
    def row(number: int, move: int, seat: int | None, said: dict[str, Any]) -> dict[str, Any]:
        return {"number": number, "said_at": 0.0, "move": move, "seat": seat, "name": None,
                "said": said}  # fmt: skip

    talk = Talk(
        [
            row(1, 3, 0, {"claim": "role", "role": "miner"}),
            row(2, 10, 1, {"claim": "trust", "target": 2}),
            row(3, 11, 1, {"text": "hello"}),
            row(4, 12, 2, {"claim": "goal", "x": 8, "y": 2, "card": "stone"}),
        ],
        spectators_talk=True,
        clock=lambda: 0.0,
    )
    assert talk.claims_since(10) == [
        Claim(seat=1, kind="trust", target=2),
        Claim(seat=2, kind="goal", x=8, y=2, card="stone"),
    ]
    assert [claim.at for claim in talk.claims_since(10)] == [0, 2]  # moves into the round
    assert talk.claims_since(13) == []
    assert talk.claims_since(0)[0] == Claim(seat=0, kind="role", role="miner")
