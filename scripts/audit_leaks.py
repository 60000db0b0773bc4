"""Audit the web table for hidden information: play whole games over the real
WebSocket protocol and check every message every seat and spectator received.

Starts ``saboteur serve`` on a free port with a new SQLite file (or uses
``--database URL``), then plays ``--games`` whole games, base game at 3-10
players and Saboteur 2 at 2-12: some seats are clients of this script that
pick legal moves from their own views (at random, leaning to the cards that
make secrets: maps, inspections, swaps, thefts), the others are the server's
bots; a spectator watches from the start, a second one joins mid-game, and one
seat drops its socket and comes back.  Where the server offers table talk, the
clients talk too.

After each game the truth is read from the server's database (the seed and
every move) and the game replayed with the engine; then every message is
checked against the game at its version: no other seat's hand, no role or
dwarf card the viewer may not know, no face-down goal it did not map, no deck
order, no laid-aside or reserve card before the end, no other seat's gold,
inspections or swaps, no seed, no seat token; and each view's observation
must be exactly the engine's observation for that viewer.

    .venv/bin/python scripts/audit_leaks.py --games 16 --jobs 2
"""

from __future__ import annotations

import argparse
import asyncio
import hashlib
import json
import random
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from audit_common import Progress as Progress
from audit_common import (
    ServerProcess,
    load_stored,
    new_game,
    script_parser,
    start_server,
    summary,
    version_of,
)
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from pysaboteur.rules import (
    GOAL_CELLS,
    Game,
    Move,
    find_edition,
    public_observation,
    seat_observation,
)
from pysaboteur.rules.cards import GOAL_CARDS

Json = Any
Path_ = tuple[Any, ...]
#: Seconds a whole game may take before the audit gives up on it.
GAME_TIMEOUT = 900.0
#: The moves clients play first when they can: those that make a secret for one seat.
EAGER = ("map", "inspection", "swap-hand", "swap-hats", "theft", "trapped")


# -- the checker: one message against the truth ------------------------------------


@dataclass
class Secrets:
    """What no message may ever hold: the game's seed, every seat token and its digest."""

    seed: int
    tokens: set[str] = field(default_factory=set)

    @property
    def strings(self) -> set[str]:
        digests = {hashlib.sha256(token.encode()).hexdigest() for token in self.tokens}
        return {str(self.seed), *self.tokens, *digests}


def leaves(value: Json, path: Path_ = ()) -> Iterator[tuple[Path_, Json]]:
    """Every scalar of a JSON value, with its path."""
    if isinstance(value, dict):
        for key, item in value.items():
            yield from leaves(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from leaves(item, (*path, index))
    else:
        yield path, value


def string_lists(value: Json, path: Path_ = ()) -> Iterator[tuple[Path_, list[str]]]:
    """Every non-empty list of strings of a JSON value, with its path."""
    if isinstance(value, dict):
        for key, item in value.items():
            yield from string_lists(item, (*path, key))
    elif isinstance(value, list):
        if value and all(isinstance(item, str) for item in value):
            yield path, value
        for index, item in enumerate(value):
            yield from string_lists(item, (*path, index))


def matches(path: Path_, *patterns: Path_) -> bool:
    """Whether ``path`` is one of ``patterns`` (``"*"`` stands for any key or index)."""
    return any(
        len(path) == len(pattern)
        and all(want == "*" or want == got for want, got in zip(pattern, path, strict=True))
        for pattern in patterns
    )


O = "observation"  # noqa: E741 (the key most paths start with)
#: Where the printed codes of path and action cards may stand in a message.
CARD_PATHS: tuple[Path_, ...] = (
    (O, "hand", "*"),
    ("legal", "*", "kind"),  # a move's kind: "map", "rockfall" are also cards' names
    ("legal", "*", "cards", "*"),
    ("legal", "*", "face"),
    ("legal", "*", "front"),
    (O, "maze", "*", "card"),
    (O, "maze", "*", "shape"),
    (O, "rounds", "*", "maze", "*", "card"),
    (O, "rounds", "*", "maze", "*", "shape"),
    (O, "swaps", "*", "gave", "*"),
    (O, "swaps", "*", "got", "*"),
)


def find_leaks(
    message: Json,
    game: Game,
    viewer: int | None,
    secrets: Secrets,
    said: frozenset[str] = frozenset(),
) -> list[str]:
    """What ``message``, received by ``viewer`` (a seat, or None for a spectator)
    when the game was ``game``, holds that its viewer may not know: one sentence
    per finding, none for a clean message.  ``said``: what the clients said or
    claimed at the table (:func:`said_key`), the only content a talk line may have."""
    found: list[str] = []
    found += _secrets(message, secrets)
    found += _other_hands(message, game, viewer)
    if not isinstance(message, dict):
        return found
    kind = message.get("type")
    if kind in ("view", None) and "observation" in message:
        found += _view(message, game, viewer)
    elif kind in ("talk", "talk_history"):
        lines = [message.get("line")] if kind == "talk" else message.get("lines", [])
        for line in lines:
            found += _talk_line(line, said)
        rest = {key: value for key, value in message.items() if key not in ("line", "lines")}
        found += _no_game_values(rest, game)
    else:  # welcome, pong, error, anything new: no game secret anywhere in it
        found += _no_game_values(message, game)
        if message.get("type") == "welcome" and message.get("seat") != viewer:
            found.append(f"welcome names seat {message.get('seat')} to seat {viewer}")
    return found


def _secrets(message: Json, secrets: Secrets) -> list[str]:
    found = []
    strings = secrets.strings
    for path, value in leaves(message):
        if isinstance(value, int) and not isinstance(value, bool) and value == secrets.seed:
            found.append(f"the seed at {path}")
        elif isinstance(value, str) and any(secret in value for secret in strings):
            found.append(f"the seed, a seat token or its digest at {path}")
    return found


def _other_hands(message: Json, game: Game, viewer: int | None) -> list[str]:
    """Another seat's hand as a list anywhere (swaps the viewer made apart)."""
    if game.options.open_hands:
        return []
    others = {seat: sorted(hand) for seat, hand in enumerate(game.hands) if seat != viewer and hand}
    found = []
    for path, strings in string_lists(message):
        own = (
            (O, "hand"),
            (O, "swaps", "*", "gave"),
            (O, "swaps", "*", "got"),
            ("legal", "*", "cards"),
        )
        if matches(path, *own):
            continue  # the viewer's own cards, checked against the truth in _view
        for seat, hand in others.items():
            if sorted(strings) == hand:
                found.append(f"seat {seat}'s hand at {path}")
    return found


#: What a talk line holds besides what its sender said (docs/web-protocol.md).
LINE_FACTS = ("n", "at", "move", "seat", "name", "spectator")


def said_key(seat: int | None, content: dict[str, Any]) -> str:
    """What a sender said (``{"text": …}``) or claimed (``{"claim": …, …}``), as a key."""
    return json.dumps({"seat": seat, **content}, sort_keys=True)


def _talk_line(line: Json, said: frozenset[str]) -> list[str]:
    """A talk line holds its public facts and exactly what its sender said: nothing
    the server added (a claim is the sender's, never checked against the truth)."""
    if not isinstance(line, dict):
        return [f"a talk line that is not an object: {line!r}"]
    content = {key: value for key, value in line.items() if key not in LINE_FACTS}
    if said_key(line.get("seat"), content) not in said:
        return [f"a talk line with what its sender did not say: {content}"]
    if line.get("spectator") != (line.get("seat") is None):
        return [f"a talk line whose sender is not what it says: {line}"]
    return []


def _no_game_values(message: Json, game: Game) -> list[str]:
    """A message that is not a view: no card, role or goal anywhere."""
    cards, roles = set(game.edition.playing_cards), set(game.edition.role_codes)
    found = []
    for path, value in leaves(message):
        if not isinstance(value, str):
            continue
        if value in cards or value in roles or value in GOAL_CARDS:
            found.append(f"{value!r} at {path} of a {message.get('type')!r} message")
    return found


def _view(message: dict[str, Any], game: Game, viewer: int | None) -> list[str]:
    observation = message["observation"]
    if observation is None:  # the lobby's views: nothing dealt yet
        status = message.get("table", {}).get("status")
        return [] if status == "lobby" else [f"a view without observation at a table {status}"]
    found: list[str] = []
    over = game.is_over
    if message.get("version", version_of(game)) != version_of(game):
        found.append(f"version {message.get('version')} checked at {version_of(game)}")
    expected = public_observation(game) if viewer is None else seat_observation(game, viewer)
    if observation != expected:
        wrong = [key for key in expected.keys() | observation.keys()
                 if observation.get(key) != expected.get(key)]  # fmt: skip
        found.append(f"the observation is not the viewer's own: {sorted(wrong)} differ")
    found += _card_places(message, game, viewer)
    found += _roles(message, game, viewer)
    found += _goals(message, game, viewer)
    found += _gold(observation, game, viewer)
    found += _history(message, game, viewer)
    found += _legal(message, game, viewer)
    if game.edition.name != "base":
        found += _saboteur2(observation, game, viewer)
    for counted in ("draw_pile", "discard_pile", "gold_deck", "reserve", "removed"):
        if counted in observation and not isinstance(observation[counted], int):
            found.append(f"{counted} is not a count: {observation[counted]!r}")
    if viewer is None:
        for own in ("hand", "role", "gold", "gold_offer", "looks", "swaps"):
            if own in observation:
                found.append(f"a spectator's view has {own!r}")
    elif observation.get("hand") != game.hands[viewer]:
        found.append("the hand is not the viewer's")
    if observation.get("hands") is not None and not game.options.open_hands:
        found.append("every hand is shown")
    if not over:
        for key in ("nuggets", "winners"):
            if observation.get(key) is not None:
                found.append(f"{key} before the end")
    return found


def _card_places(message: dict[str, Any], game: Game, viewer: int | None) -> list[str]:
    """Card codes only where cards are public or the viewer's own (this catches a
    deck order, laid-aside or removed cards, or any new field carrying cards)."""
    cards = set(game.edition.playing_cards)
    found = []
    places = CARD_PATHS + (((O, "hands", "*", "*"),) if game.options.open_hands else ())
    for path, value in leaves(message):
        if isinstance(value, str) and value in cards and not matches(path, *places):
            found.append(f"the card {value!r} at {path}")
    draw = game.draw_pile
    for path, strings in string_lists(message):
        if len(draw) >= 3 and strings[:3] == draw[:3]:
            found.append(f"the draw pile's order at {path}")
    return found


def _roles(message: dict[str, Any], game: Game, viewer: int | None) -> list[str]:
    roles = set(game.edition.role_codes)
    over = game.is_over
    finished = [log for log in game.rounds if log.result is not None]
    looks = (
        [look for look in game.state.looks if look.viewer == viewer] if viewer is not None else []
    )
    found = []
    for path, value in leaves(message):
        if not isinstance(value, str) or value not in roles:
            continue
        if path == (O, "role"):
            if viewer is None or value != game.roles[viewer]:
                found.append(f"role {value!r} at {path} is not the viewer's")
        elif matches(path, (O, "rounds", "*", "roles", "*"), (O, "rounds", "*", "set_aside")):
            number = path[2]
            if number >= len(finished):
                found.append(f"a role of the round in play at {path}")
                continue
            log = finished[number]
            if path[3] == "set_aside":
                truth = log.deal.set_aside
            elif log.final is not None:  # Saboteur 2: the dwarf cards as the round ended
                truth = log.final.roles[path[4]]
            else:
                truth = log.deal.roles[path[4]]
            if value != truth:
                found.append(f"a wrong role at {path}")
        elif matches(path, (O, "rounds", "*", "reserve", "*"), (O, "rounds", "*", "hats_out", "*")):
            if not over:
                found.append(f"the reserve or a laid-aside dwarf card before the end at {path}")
        elif matches(path, (O, "rounds", "*", "open_to", "*")) and value in ("green", "blue"):
            pass  # the teams a round's gold was open to: public
        elif matches(path, (O, "looks", "*", "role"), (O, "looks", "*", "laid_aside")):
            index = path[2]
            if index >= len(looks) or value != getattr(looks[index], path[3]):
                found.append(f"a dwarf card at {path} the viewer never looked at")
        else:
            found.append(f"role {value!r} at {path}")
    return found


def _goals(message: dict[str, Any], game: Game, viewer: int | None) -> list[str]:
    over = game.is_over
    maze = game.maze
    mapped = game.maps[viewer] if viewer is not None else {}
    known = [maze.revealed[i] or over or i in mapped for i in range(3)]
    finished = sum(log.result is not None for log in game.rounds)
    observation = message["observation"]
    found = []
    for path, value in leaves(message):
        if not isinstance(value, str) or value not in GOAL_CARDS or path == (O, "phase"):
            continue
        if matches(path, (O, "goals", "*", "card")):
            index = path[2]
            if not known[index] or value != maze.goals[index]:
                found.append(f"goal {index}'s card {value!r}, not known to the viewer")
        elif matches(path, (O, "maze", "*", "card")):
            cell = observation["maze"][path[2]]
            index = (
                GOAL_CELLS.index((cell["x"], cell["y"]))
                if (cell["x"], cell["y"]) in GOAL_CELLS
                else None
            )
            if index is None or not (maze.revealed[index] or over):
                found.append(f"a face-down goal in the maze at {path}")
        elif matches(
            path, (O, "rounds", "*", "goals", "*"), (O, "rounds", "*", "maze", "*", "card")
        ):
            if path[2] >= finished:
                found.append(f"a goal of the round in play at {path}")
        else:
            found.append(f"goal card {value!r} at {path}")
    return found


def _gold(observation: dict[str, Any], game: Game, viewer: int | None) -> list[str]:
    found = []
    over = game.is_over
    if viewer is not None:
        truth = {"kept": game.gold_kept[viewer], "seen": game.gold_seen[viewer]}
        if observation.get("gold") != truth:
            found.append("gold that is not the viewer's own")
        offer = observation.get("gold_offer")
        if offer is not None and not (game.offer and game.to_move == viewer):
            found.append("the gold offer shown to a seat not choosing")
    if game.edition.name == "base" and not over:
        for number, done in enumerate(observation.get("rounds", [])):
            if done.get("gold") is not None:
                found.append(f"round {number + 1}'s gold before the end")
    return found


def _hidden_words(move: Move) -> set[str]:
    """The words of a move's text another seat may not see (face-down cards, a pick)."""
    if move.kind in ("discard", "clear"):
        return set(move.cards_played()) - {move.front, ""}
    if move.kind == "take":
        return {str(move.value)}
    return set()


def _history(message: dict[str, Any], game: Game, viewer: int | None) -> list[str]:
    if game.options.open_hands or game.is_over:
        return []
    found = []
    shown: list[tuple[Path_, str, Move]] = []
    for number, texts in enumerate(message["observation"]["history"]):
        truth = game.rounds[number].moves if number < len(game.rounds) else []
        for index, text in enumerate(texts):
            if index < len(truth):
                shown.append(((O, "history", number, index), text, truth[index]))
    last = [move for log in game.rounds for move in log.moves][-1:]
    if message.get("move") is not None and last:
        shown.append((("move",), message["move"], last[0]))
    for path, text, move in shown:
        if move.seat == viewer:
            continue
        hidden = _hidden_words(move) & set(text.split()[2:])
        if hidden:
            found.append(f"another seat's hidden {sorted(hidden)} in {text!r} at {path}")
    return found


def _legal(message: dict[str, Any], game: Game, viewer: int | None) -> list[str]:
    legal = message.get("legal", [])
    if not legal:
        return []
    if viewer is None or game.to_move != viewer or game.is_over:
        return ["legal moves for a viewer not to move"]
    hand = Counter(game.hands[viewer])
    found = []
    for move in legal:
        if move.get("seat") != viewer or move.get("unseen"):
            found.append(f"a legal move of another seat or with unseen cards: {move.get('text')}")
        if Counter(move.get("cards", [])) - hand:
            found.append(f"a legal move playing cards not in the hand: {move.get('text')}")
    return found


def _saboteur2(observation: dict[str, Any], game: Game, viewer: int | None) -> list[str]:
    found: list[str] = []
    state = game.state
    if viewer is None:
        return found
    mine = [look for look in state.looks if look.viewer == viewer]
    for look in observation.get("looks", []):
        if not any(look["move"] == t.move and look["seat"] == t.seat for t in mine):
            found.append(f"an inspection or look the viewer did not make: {look}")
    swaps = [swap for swap in state.swaps if viewer in (swap.seat, swap.other)]
    for swap in observation.get("swaps", []):
        if not any(swap["move"] == t.move for t in swaps):
            found.append(f"a swap of hands the viewer took no part in: move {swap['move']}")
    return found


# -- the players: clients of the real server ---------------------------------------


@dataclass
class GameSpec:
    number: int
    edition: str
    players: int
    people: int  # seats played by this script's clients (the rest: the server's bots)
    bots: str


@dataclass
class Watcher:
    """One socket's owner: a seat (its token) or a spectator, and all it received."""

    seat: int | None
    token: str | None
    rng: random.Random
    received: list[Json] = field(default_factory=list)
    answered: set[int] = field(default_factory=set)
    over: asyncio.Event = field(default_factory=asyncio.Event)
    said: list[str] = field(default_factory=list)  # said_key of each line sent
    talked_at: float = 0.0
    players: int = 0
    roles: tuple[str, ...] = ()


@dataclass
class Played:
    spec: GameSpec
    table: str = ""
    messages: int = 0
    leaks: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    moves: int = 0
    talk_lines: int = 0
    seconds: float = 0.0
    #: How many checked views held each kind of secret of someone (so that a clean
    #: run is known to have met them).
    met: Counter[str] = field(default_factory=Counter)


def choose(watcher: Watcher, legal: list[Json]) -> str:
    """A legal move, leaning towards those that make secrets."""
    eager = [move for move in legal if move["kind"] in EAGER]
    if eager and watcher.rng.random() < 0.6:
        return str(watcher.rng.choice(eager)["text"])
    return str(watcher.rng.choice(legal)["text"])


class Talk:
    """Whether the server offers table talk (``say`` and ``claim`` messages)."""

    offered: bool | None = None  # unknown until a first line was tried


#: Refusals a talking client may get without anything being wrong.
TALK_REFUSALS = ("talk_too_fast", "talk_full", "talk_closed")


def talk_content(watcher: Watcher, version: int) -> dict[str, Any]:
    """Something to say or claim: true or false, as people do (claims are talk)."""
    rng = watcher.rng
    if watcher.seat is None or rng.random() < 0.5:
        return {"type": "say", "text": f"at move {version} I think the left one is stone"}
    others = [seat for seat in range(watcher.players) if seat != watcher.seat]
    kind = rng.choice(["goal", "role", "accuse", "trust"])
    if kind == "goal":
        x, y = rng.choice(GOAL_CELLS)
        return {
            "type": "claim",
            "claim": "goal",
            "x": x,
            "y": y,
            "card": rng.choice(["gold", "stone"]),
        }
    if kind == "role":
        return {"type": "claim", "claim": "role", "role": rng.choice(watcher.roles)}
    return {"type": "claim", "claim": kind, "target": rng.choice(others)}


async def maybe_talk(socket: ClientConnection, watcher: Watcher, version: int) -> None:
    """Now and then (no faster than the server's limit), say or claim something."""
    if Talk.offered is False or time.monotonic() - watcher.talked_at < 2.5:
        return
    if watcher.rng.random() > 0.3:
        return
    watcher.talked_at = time.monotonic()
    message = talk_content(watcher, version)
    content = {key: value for key, value in message.items() if key != "type"}
    if message["type"] == "say":
        content = {"text": message["text"]}
    watcher.said.append(said_key(watcher.seat, content))
    await socket.send(json.dumps(message))


async def watch(
    server: ServerProcess, table: str, watcher: Watcher, talk: bool, stop_after: int | None = None
) -> None:
    """Read ``watcher``'s socket until the game is over (or ``stop_after`` views),
    playing its seat's moves from its own views."""
    async with connect(f"{server.ws_url}/ws/tables/{table}", open_timeout=30) as socket:
        hello: dict[str, Any] = {"type": "hello"}
        if watcher.token is not None:
            hello["token"] = watcher.token
        await socket.send(json.dumps(hello))
        views = 0
        while True:
            try:
                message = json.loads(await socket.recv())
            except ConnectionClosed:
                return
            watcher.received.append(message)
            if message.get("type") != "view":
                continue
            views += 1
            if message["table"]["status"] == "over":
                watcher.over.set()
                return
            if stop_after is not None and views >= stop_after:
                return
            if talk and watcher.seat is None:
                await maybe_talk(socket, watcher, message["version"])
            await _act(socket, watcher, message, talk)


async def _act(socket: ClientConnection, watcher: Watcher, view: Json, talk: bool) -> None:
    version = view["version"]
    if not view["legal"] or version in watcher.answered:
        return
    watcher.answered.add(version)
    if talk:
        await maybe_talk(socket, watcher, version)
    move = choose(watcher, view["legal"])
    await socket.send(json.dumps({"type": "move", "move": move, "expect": version}))


async def play_game(
    spec: GameSpec, server: ServerProcess, http: httpx.AsyncClient, talk: bool, seed: int
) -> Played:
    played = Played(spec)
    began = time.monotonic()
    rng = random.Random(seed * 1000 + spec.number)
    body = {"name": "Ann", "edition": spec.edition, "players": spec.players, "bots": spec.bots,
            "spectators": True, "bot_pause": 0}  # fmt: skip
    created = (await http.post("/api/tables", json=body)).raise_for_status().json()
    table = played.table = created["table"]
    tokens = {0: created["token"]}
    for _ in range(1, spec.people):
        joined = await http.post(f"/api/tables/{table}/join", json={"name": f"P{len(tokens)}"})
        tokens[joined.raise_for_status().json()["seat"]] = joined.json()["token"]
    watchers = [Watcher(seat, token, random.Random(rng.random())) for seat, token in tokens.items()]
    spectator = Watcher(None, None, random.Random(rng.random()))
    late = Watcher(None, None, random.Random(rng.random()))
    roles = tuple(find_edition(spec.edition).role_codes)
    for watcher in (*watchers, spectator, late):
        watcher.players, watcher.roles = spec.players, roles
    # One seat's socket goes away after a few views and comes back: its new hello
    # gets the table as it is now.
    dropper = watchers[-1]
    tasks = [
        asyncio.create_task(watch(server, table, w, talk, 15 if w is dropper else None))
        for w in (*watchers, spectator)
    ]
    await asyncio.sleep(0.2)  # every socket has said hello before the start
    (await http.post(f"/api/tables/{table}/start", headers=_bearer(tokens[0]))).raise_for_status()

    async def drop_and_return() -> None:
        await tasks[len(watchers) - 1]
        if not dropper.over.is_set():
            await watch(server, table, dropper, talk)

    async def join_late() -> None:
        await asyncio.sleep(0.5)
        await watch(server, table, late, talk)

    extra = [asyncio.create_task(drop_and_return()), asyncio.create_task(join_late())]
    try:
        async with asyncio.timeout(GAME_TIMEOUT):
            await asyncio.gather(*(w.over.wait() for w in (*watchers, spectator)))
    except TimeoutError:
        played.errors.append(f"game {spec.number} ({table}) did not end in {GAME_TIMEOUT:g} s")
    for task in (*tasks, *extra):
        task.cancel()
    await asyncio.gather(*tasks, *extra, return_exceptions=True)
    # The HTTP view of each seat and of a spectator, once over, is checked too.
    finals: list[tuple[Watcher, Json]] = []
    for watcher in (*watchers, spectator):
        headers = _bearer(watcher.token) if watcher.token else {}
        response = await http.get(f"/api/tables/{table}/view", headers=headers)
        finals.append((watcher, response.json()))
    record = await http.get(f"/api/tables/{table}/record")
    if record.status_code == 200 and "seed" in record.json():
        played.errors.append(f"{table}: the downloaded record holds the seed")
    played.seconds = time.monotonic() - began
    check_game(played, server, [*watchers, spectator, late], finals, set(tokens.values()))
    return played


def _bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def check_game(
    played: Played,
    server: ServerProcess,
    watchers: list[Watcher],
    finals: list[tuple[Watcher, Json]],
    tokens: set[str],
) -> None:
    """Every message of every watcher, checked against the stored game at its version."""
    stored = load_stored(server.database_url, played.table)
    if stored is None or stored.seed is None:
        played.errors.append(f"{played.table}: not in the database")
        return
    played.moves = len(stored.moves)
    secrets = Secrets(stored.seed, tokens)
    said = frozenset(line for watcher in watchers for line in watcher.said)
    for watcher in watchers:
        game = new_game(stored)
        inbox = [*watcher.received, *[view for w, view in finals if w is watcher]]
        for message in inbox:
            played.messages += 1
            kind = message.get("type") if isinstance(message, dict) else None
            if kind == "error":
                code = message["error"]["code"]
                text = message["error"]["message"]
                if code == "bad_request" and ("'say'" in text or "'claim'" in text):
                    Talk.offered = False  # an older server: no table talk
                elif code not in TALK_REFUSALS:
                    played.errors.append(f"{played.table} seat {watcher.seat}: error {code}")
            if kind == "talk":
                played.talk_lines += 1
            version = message.get("version") if isinstance(message, dict) else None
            if isinstance(version, int):
                while version_of(game) < min(version, len(stored.moves)):
                    game.play(stored.moves[version_of(game)])
            if kind == "view" and message.get("observation") is not None:
                played.met.update(secrets_met(game, watcher.seat))
            for leak in find_leaks(message, game, watcher.seat, secrets, said):
                who = "spectator" if watcher.seat is None else f"seat {watcher.seat}"
                played.leaks.append(f"{played.table} v{version_of(game)} {who}: {leak}")


def secrets_met(game: Game, viewer: int | None) -> list[str]:
    """The kinds of secret the game held when a view was checked."""
    if game.is_over:
        return []
    met = ["other seats' hands"]
    state = game.state
    moves = [move for log in game.rounds for move in log.moves]
    if viewer is not None and any(not game.maze.revealed[i] for i in game.maps[viewer]):
        met.append("a face-down goal the viewer mapped")
    others = [maps for seat, maps in enumerate(game.maps) if seat != viewer]
    if any(not game.maze.revealed[i] for maps in others for i in maps):
        met.append("a face-down goal another seat mapped")
    if any(log.result is not None for log in game.rounds):
        met.append("roles of a finished round before the end")
    if any(move.kind in ("discard", "clear") and move.seat != viewer for move in moves):
        met.append("another seat's face-down discard")
    if any(move.kind == "take" and move.seat != viewer for move in moves):
        met.append("another seat's gold pick")
    if any(look.viewer != viewer for look in state.looks):
        met.append("another seat's inspection or look")
    if any(look.viewer == viewer for look in state.looks):
        met.append("the viewer's own inspection or look")
    if any(viewer not in (swap.seat, swap.other) for swap in state.swaps):
        met.append("a swap of hands the viewer took no part in")
    return met


def game_plan(games: int, first_seed: int) -> list[GameSpec]:
    """``games`` games over both editions and every player count (base 3-10,
    Saboteur 2 2-12), some seats bots, always at least one client seat."""
    # Both editions in turn, so that a short run has both.
    base = [("base", n) for n in range(3, 11)]
    second = [("saboteur2", n) for n in range(2, 13)]
    counts = [
        pair for pairs in zip(base + [None] * 3, second, strict=True) for pair in pairs if pair
    ]
    rng = random.Random(first_seed)
    plan = []
    for number in range(games):
        edition, players = (
            counts[number % len(counts)] if number < len(counts) else rng.choice(counts)
        )
        bots_seats = number % 3 if players > 2 else 0
        people = max(1, players - bots_seats)
        bots = "heuristic" if edition == "base" and number // 2 % 2 else "random"
        plan.append(GameSpec(number, edition, players, people, bots))
    return plan


async def run(args: argparse.Namespace, server: ServerProcess, progress: Progress) -> list[Played]:
    plan = game_plan(args.games, args.seed)
    results: list[Played] = []
    limit = asyncio.Semaphore(args.jobs)
    async with httpx.AsyncClient(base_url=server.url, timeout=60) as http:

        async def one(spec: GameSpec) -> None:
            async with limit:
                progress.say(
                    f"game {spec.number + 1}/{len(plan)}: {spec.edition}, {spec.players} players"
                    f" ({spec.people} clients, {spec.bots} bots)"
                )
                played = await play_game(spec, server, http, not args.no_talk, args.seed)
                results.append(played)
                progress.say(
                    f"game {spec.number + 1} done in {played.seconds:.0f} s: {played.moves} moves, "
                    f"{played.messages} messages checked, leaks {len(played.leaks)}"
                )

        await asyncio.gather(*(one(spec) for spec in plan))
    return results


def main(argv: list[str] | None = None) -> int:
    parser = script_parser(__doc__)
    parser.add_argument("--games", type=int, default=16, help="whole games (default: 16)")
    parser.add_argument("--jobs", type=int, default=2, help="games played at once (default: 2)")
    parser.add_argument("--seed", type=int, default=1, help="the clients' choices (default: 1)")
    parser.add_argument(
        "--database", default="sqlite", help="sqlite (a new file, default) or a database URL"
    )
    parser.add_argument("--no-talk", action="store_true", help="do not try table talk")
    parser.add_argument("--quiet", action="store_true", help="no progress lines")
    args = parser.parse_args(argv)
    progress = Progress(args.quiet)
    with tempfile.TemporaryDirectory(prefix="audit-leaks-") as folder:
        server = start_server(Path(folder), args.database, ["--bots", "random,heuristic"])
        progress.say(f"server at {server.url}, log {server.log_path}")
        try:
            results = asyncio.run(run(args, server, progress))
        finally:
            server.stop()
        tracebacks = server.tracebacks()
        if tracebacks:
            print(server.first_traceback())
    leaks = [leak for played in results for leak in played.leaks]
    errors = [error for played in results for error in played.errors]
    for line in (leaks + errors)[:30]:
        print("  ", line)
    base = sorted({p.spec.players for p in results if p.spec.edition == "base"})
    second = sorted({p.spec.players for p in results if p.spec.edition != "base"})
    talk = sum(p.talk_lines for p in results)
    met: Counter[str] = sum((p.met for p in results), Counter())
    print("views checked while the game held each kind of secret:")
    for kind, count in sorted(met.items()):
        print(f"   {kind}: {count}")
    return summary(
        "leak audit",
        [
            ("whole games", len(results), len(results) == args.games and not errors),
            ("base game player counts", base or "-", True),
            ("Saboteur 2 player counts", second or "-", True),
            ("moves played", sum(p.moves for p in results), True),
            ("messages checked", sum(p.messages for p in results), True),
            ("talk lines checked", talk if Talk.offered is not False else "talk not offered", True),
            ("errors (refusals, games not ended)", len(errors), not errors),
            ("server tracebacks", tracebacks, tracebacks == 0),
            ("leaks", len(leaks), not leaks),
        ],
    )


if __name__ == "__main__":
    sys.exit(main())
