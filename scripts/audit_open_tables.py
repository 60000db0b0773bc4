"""The leak audit's part for open tables and Play again (scripts/audit_leaks.py).

Every audited table is listed on the lobby page: while its game runs, the lobby
(``GET /api/lobby``) is read again and again, and once it is over the first seat
proposes the next game, a second seat accepts, a third declines, and requests
without a token or with another table's are tried.  Everything the server
answered is kept and checked with the views (:func:`check_answers`): no game
value, no token, no seed, and a lobby entry says only what it may.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field

from audit_http import AuditHttp, answered, bearer, refusal_code
from leak_checks import Json, Secrets, find_leaks

from pysaboteur.rules import Game

#: Everything a lobby entry may say (server/lobby.py), and nothing more.
ENTRY_KEYS = frozenset(
    {"table", "status", "edition", "players", "free", "names", "language", "clock", "spectators"}
)
#: Seconds between two looks at the lobby while a game runs.
LOOK_EVERY = 0.5


@dataclass
class OpenTableAnswers:
    """What the lobby and the rematch's requests answered for one audited table."""

    lobby: list[Json] = field(default_factory=list)
    rematch: list[Json] = field(default_factory=list)
    #: What went otherwise than the rules of server/rematch.py say.
    wrong: list[str] = field(default_factory=list)


async def look_at_the_lobby(http: AuditHttp, answers: OpenTableAnswers) -> None:
    """Read the lobby until cancelled."""
    while True:
        answers.lobby.append(answered(await http.get("/api/lobby")))
        await asyncio.sleep(LOOK_EVERY)


async def play_again(
    http: AuditHttp, table: str, tokens: dict[int, str], answers: OpenTableAnswers
) -> None:
    """The first seat proposes the next game; the second accepts, the third declines;
    no token, and a token already answered, are refused as they must be."""
    seats = sorted(tokens)
    proposed = answered(
        await http.post_once(f"/api/tables/{table}/rematch", {}, bearer(tokens[seats[0]]))
    )
    answers.rematch.append(proposed)
    new = proposed["table"]
    if proposed.get("by") != seats[0]:
        answers.wrong.append(
            f"rematch of {table}: proposed by {proposed.get('by')}, not {seats[0]}"
        )
    refused = await http.post_once(f"/api/tables/{new}/accept", {})
    if refusal_code(refused) != "no_token":
        answers.wrong.append(
            f"rematch {new}: accept without a token answered {refused.status_code}"
        )
    for seat, path in zip(seats[1:3], ("accept", "decline"), strict=False):
        answers.rematch.append(
            answered(await http.post_once(f"/api/tables/{new}/{path}", {}, bearer(tokens[seat])))
        )
    if len(seats) > 2:
        again = await http.post_once(f"/api/tables/{new}/accept", {}, bearer(tokens[seats[2]]))
        if refusal_code(again) != "not_invited":
            answers.wrong.append(f"rematch {new}: accepted after declining ({again.status_code})")
    answers.rematch.append(answered(await http.get(f"/api/tables/{new}")))
    answers.rematch.append(answered(await http.get(f"/api/tables/{table}")))
    answers.lobby.append(answered(await http.get("/api/lobby")))


def check_answers(answers: OpenTableAnswers, game: Game, secrets: Secrets) -> list[str]:
    """One line per leak in what the lobby and the rematch's requests answered."""
    found = [f"wrong: {line}" for line in answers.wrong]
    for source, inbox in (("lobby answer", answers.lobby), ("rematch answer", answers.rematch)):
        for number, message in enumerate(inbox, 1):
            for leak in find_leaks(message, game, None, secrets):
                found.append(f"{source} {number}: {leak}")
    for number, lobby in enumerate(answers.lobby, 1):
        for entry in lobby.get("tables", []):
            extra = set(entry) - ENTRY_KEYS
            if extra:
                found.append(
                    f"lobby answer {number}: table {entry.get('table')} says {sorted(extra)}"
                )
    return found
