"""The leak audit's checker: one message a socket received, against the truth of
the game at its version (docs/audit.md, ``scripts/audit_leaks.py``).

The checks are written from the truth (the replayed game), not from the
engine's observation code, so that a mistake in that code shows: each finding
is a :class:`Leak` naming the field and the value that should not be there.
"""

from __future__ import annotations

import functools
import hashlib
import json
import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from audit_common import version_of

from pysaboteur.rules import GOAL_CELLS, Game, Move, public_observation, seat_observation
from pysaboteur.rules.cards import GOAL_CARDS

Json = Any
Path_ = tuple[Any, ...]

#: How much of an offending value a finding shows.
SHOWN = 80


def abbreviated(value: Json, width: int = SHOWN) -> str:
    """``value`` as JSON, cut to ``width`` characters."""
    text = json.dumps(value, separators=(",", ":"), default=str)
    return text if len(text) <= width else text[: width - 1] + "…"


def dotted(path: Path_) -> str:
    """A path as people read it: ``observation.hand.2``."""
    return ".".join(str(part) for part in path) or "(the message)"


@dataclass(frozen=True)
class Leak:
    """One thing a message held that its viewer may not know: what it is, the
    field it stood in, and the value there."""

    what: str
    path: Path_ = ()
    value: Json = None

    def __str__(self) -> str:
        return f"{self.what} at {dotted(self.path)} = {abbreviated(self.value)}"


@dataclass
class Secrets:
    """What no message may ever hold: the game's seed, every seat token and its digest."""

    seed: int
    tokens: set[str] = field(default_factory=set)

    @property
    def strings(self) -> set[str]:
        digests = {hashlib.sha256(token.encode()).hexdigest() for token in self.tokens}
        return {str(self.seed), *self.tokens, *digests}

    @functools.cached_property
    def pattern(self) -> re.Pattern[str]:
        """Any of :attr:`strings` inside a string (one search, not one per secret)."""
        return re.compile("|".join(re.escape(text) for text in sorted(self.strings)))


@dataclass
class Walked:
    """A message taken apart once for all the checks (they are many, the messages
    thousands): its strings and other scalars, and its lists of strings, each
    with its path."""

    strings: list[tuple[Path_, str]] = field(default_factory=list)
    others: list[tuple[Path_, Json]] = field(default_factory=list)
    string_lists: list[tuple[Path_, list[str]]] = field(default_factory=list)


def walk(message: Json) -> Walked:
    walked = Walked()
    stack: list[tuple[Path_, Json]] = [((), message)]
    while stack:
        path, value = stack.pop()
        if isinstance(value, dict):
            stack.extend(((*path, key), item) for key, item in value.items())
        elif isinstance(value, list):
            if value and all(isinstance(item, str) for item in value):
                walked.string_lists.append((path, value))
            stack.extend(((*path, index), item) for index, item in enumerate(value))
        elif isinstance(value, str):
            walked.strings.append((path, value))
        else:
            walked.others.append((path, value))
    return walked


def first_difference(got: Json, want: Json, path: Path_ = ()) -> tuple[Path_, Json] | None:
    """The first place where ``got`` differs from ``want``, and ``got``'s value there."""
    if isinstance(got, dict) and isinstance(want, dict):
        for key in [*want, *(key for key in got if key not in want)]:
            if key not in got or key not in want:
                return (*path, key), got.get(key)
            found = first_difference(got[key], want[key], (*path, key))
            if found is not None:
                return found
        return None
    if isinstance(got, list) and isinstance(want, list) and len(got) == len(want):
        for index, (one, other) in enumerate(zip(got, want, strict=True)):
            found = first_difference(one, other, (*path, index))
            if found is not None:
                return found
        return None
    return None if got == want else (path, got)


def matches(path: Path_, *patterns: Path_) -> bool:
    """Whether ``path`` is one of ``patterns``, where ``"*"`` stands for any index
    of a list (never for a key: a new key is never one of the known places)."""
    return tuple("*" if isinstance(part, int) else part for part in path) in patterns


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
#: The lists of cards that are the viewer's own (checked against the truth in _view).
OWN_CARD_LISTS: tuple[Path_, ...] = (
    (O, "hand"),
    (O, "swaps", "*", "gave"),
    (O, "swaps", "*", "got"),
    ("legal", "*", "cards"),
)


def find_leaks(
    message: Json,
    game: Game,
    viewer: int | None,
    secrets: Secrets,
    said: frozenset[str] = frozenset(),
) -> list[Leak]:
    """What ``message``, received by ``viewer`` (a seat, or None for a spectator)
    when the game was ``game``, holds that its viewer may not know: one
    :class:`Leak` per finding, none for a clean message.  ``said``: what the
    clients said or claimed at the table (:func:`said_key`), the only content a
    talk line may have."""
    walked = walk(message)
    found: list[Leak] = []
    found += _secrets(walked, secrets)
    found += _other_hands(walked, game, viewer)
    if not isinstance(message, dict):
        return found
    kind = message.get("type")
    if kind in ("view", None) and "observation" in message:
        found += _view(message, walked, game, viewer)
    elif kind in ("talk", "talk_history"):
        lines = [message.get("line")] if kind == "talk" else message.get("lines", [])
        for index, line in enumerate(lines):
            found += _talk_line(line, said, ("line",) if kind == "talk" else ("lines", index))
        rest = {key: value for key, value in message.items() if key not in ("line", "lines")}
        found += _no_game_values(rest, walk(rest), game)
    else:  # welcome, pong, error, anything new: no game secret anywhere in it
        found += _no_game_values(message, walked, game)
        if message.get("type") == "welcome" and message.get("seat") != viewer:
            found.append(
                Leak(f"a welcome to seat {viewer} naming another", ("seat",), message.get("seat"))
            )
    return found


def _secrets(walked: Walked, secrets: Secrets) -> list[Leak]:
    found = []
    for path, value in walked.others:
        if isinstance(value, int) and not isinstance(value, bool) and value == secrets.seed:
            found.append(Leak("the seed", path, value))
    search = secrets.pattern.search
    for path, text in walked.strings:
        if search(text):
            found.append(Leak("the seed, a seat token or its digest", path, text))
    return found


def _other_hands(walked: Walked, game: Game, viewer: int | None) -> list[Leak]:
    """Another seat's hand as a list anywhere (swaps the viewer made apart)."""
    if game.options.open_hands:
        return []
    others = {seat: sorted(hand) for seat, hand in enumerate(game.hands) if seat != viewer and hand}
    found = []
    for path, strings in walked.string_lists:
        if matches(path, *OWN_CARD_LISTS):
            continue
        for seat, hand in others.items():
            if sorted(strings) == hand:
                found.append(Leak(f"seat {seat}'s hand", path, strings))
    return found


#: What a talk line holds besides what its sender said (docs/web-protocol.md).
LINE_FACTS = ("n", "at", "move", "seat", "name", "spectator")


def said_key(seat: int | None, content: dict[str, Any]) -> str:
    """What a sender said (``{"text": …}``) or claimed (``{"claim": …, …}``), as a key."""
    return json.dumps({"seat": seat, **content}, sort_keys=True)


def _talk_line(line: Json, said: frozenset[str], path: Path_) -> list[Leak]:
    """A talk line holds its public facts and exactly what its sender said: nothing
    the server added (a claim is the sender's, never checked against the truth)."""
    if not isinstance(line, dict):
        return [Leak("a talk line that is not an object", path, line)]
    content = {key: value for key, value in line.items() if key not in LINE_FACTS}
    if said_key(line.get("seat"), content) not in said:
        return [Leak("a talk line with what its sender did not say", path, content)]
    if line.get("spectator") != (line.get("seat") is None):
        return [Leak("a talk line whose sender is not what it says", path, line)]
    return []


def _no_game_values(message: dict[str, Any], walked: Walked, game: Game) -> list[Leak]:
    """A message that is not a view: no card, role or goal anywhere."""
    cards, roles = set(game.edition.playing_cards), set(game.edition.role_codes)
    found = []
    for path, value in walked.strings:
        if value in cards or value in roles or value in GOAL_CARDS:
            found.append(Leak(f"a game value in a {message.get('type')!r} message", path, value))
    return found


def _view(message: dict[str, Any], walked: Walked, game: Game, viewer: int | None) -> list[Leak]:
    observation = message["observation"]
    if observation is None:  # the lobby's views: nothing dealt yet
        status = message.get("table", {}).get("status")
        if status == "lobby":
            return []
        return [Leak(f"a view without observation at a table {status}", (O,), None)]
    found: list[Leak] = []
    over = game.is_over
    if message.get("version", version_of(game)) != version_of(game):
        found.append(
            Leak(f"a view checked at version {version_of(game)}", ("version",), message["version"])
        )
    expected = public_observation(game) if viewer is None else seat_observation(game, viewer)
    if observation != expected:
        difference = first_difference(observation, expected, (O,)) or ((O,), observation)
        found.append(Leak("the observation is not the engine's for this viewer", *difference))
    found += _card_places(walked, game)
    found += _roles(walked, game, viewer)
    found += _goals(message, walked, game, viewer)
    found += _gold(observation, game, viewer)
    found += _history(message, game, viewer)
    found += _legal(message, game, viewer)
    if game.edition.name != "base":
        found += _saboteur2(observation, game, viewer)
    for counted in ("draw_pile", "discard_pile", "gold_deck", "reserve", "removed"):
        if counted in observation and not isinstance(observation[counted], int):
            found.append(Leak("a count that is not a count", (O, counted), observation[counted]))
    if viewer is None:
        for own in ("hand", "role", "gold", "gold_offer", "looks", "swaps"):
            if own in observation:
                found.append(
                    Leak("a seat's own field in a spectator's view", (O, own), observation[own])
                )
    elif observation.get("hand") != game.hands[viewer]:
        found.append(Leak("a hand that is not the viewer's", (O, "hand"), observation.get("hand")))
    if observation.get("hands") is not None and not game.options.open_hands:
        found.append(Leak("every hand", (O, "hands"), observation["hands"]))
    if not over:
        for key in ("nuggets", "winners"):
            if observation.get(key) is not None:
                found.append(Leak(f"{key} before the end", (O, key), observation[key]))
    return found


def _card_places(walked: Walked, game: Game) -> list[Leak]:
    """Card codes only where cards are public or the viewer's own (this catches a
    deck order, laid-aside or removed cards, or any new field carrying cards)."""
    cards = set(game.edition.playing_cards)
    found = []
    places = CARD_PATHS + (((O, "hands", "*", "*"),) if game.options.open_hands else ())
    for path, value in walked.strings:
        if value in cards and not matches(path, *places):
            found.append(Leak("a card where no card is shown", path, value))
    found += _draw_order(walked, game)
    return found


def _draw_order(walked: Walked, game: Game) -> list[Leak]:
    """The draw pile's order: a list starting with three of its cards in a row, as
    the engine keeps them (the top last) or as they will be drawn.

    The viewer's own card lists (its hand, its legal moves' cards, its swaps) are
    checked against the truth elsewhere and may hold those three cards by
    chance: in Saboteur 2 a discard plays up to three cards, so a legal discard
    can list three cards that also lie in a row in the pile."""
    pile = game.draw_pile
    if len(pile) < 3:
        return []
    runs = (pile[:3], pile[::-1][:3])
    return [
        Leak("the draw pile's order", path, strings)
        for path, strings in walked.string_lists
        if strings[:3] in runs and not matches(path, *OWN_CARD_LISTS)
    ]


def _roles(walked: Walked, game: Game, viewer: int | None) -> list[Leak]:
    roles = set(game.edition.role_codes)
    over = game.is_over
    finished = [log for log in game.rounds if log.result is not None]
    looks = (
        [look for look in game.state.looks if look.viewer == viewer] if viewer is not None else []
    )
    found = []
    for path, value in walked.strings:
        if value not in roles:
            continue
        if path == (O, "role"):
            if viewer is None or value != game.roles[viewer]:
                found.append(Leak("a role that is not the viewer's", path, value))
        elif matches(path, (O, "rounds", "*", "roles", "*"), (O, "rounds", "*", "set_aside")):
            number = path[2]
            if number >= len(finished):
                found.append(Leak("a role of the round in play", path, value))
                continue
            log = finished[number]
            if path[3] == "set_aside":
                truth = log.deal.set_aside
            elif log.final is not None:  # Saboteur 2: the dwarf cards as the round ended
                truth = log.final.roles[path[4]]
            else:
                truth = log.deal.roles[path[4]]
            if value != truth:
                found.append(Leak(f"a wrong role (truly {truth!r})", path, value))
        elif matches(path, (O, "rounds", "*", "reserve", "*"), (O, "rounds", "*", "hats_out", "*")):
            if not over:
                found.append(
                    Leak("the reserve or a laid-aside dwarf card before the end", path, value)
                )
        elif matches(path, (O, "rounds", "*", "open_to", "*")) and value in ("green", "blue"):
            pass  # the teams a round's gold was open to: public
        elif matches(path, (O, "looks", "*", "role"), (O, "looks", "*", "laid_aside")):
            index = path[2]
            if index >= len(looks) or value != getattr(looks[index], path[3]):
                found.append(Leak("a dwarf card the viewer never looked at", path, value))
        else:
            found.append(Leak("a role where no role is shown", path, value))
    return found


def _goals(message: dict[str, Any], walked: Walked, game: Game, viewer: int | None) -> list[Leak]:
    over = game.is_over
    maze = game.maze
    mapped = game.maps[viewer] if viewer is not None else {}
    known = [maze.revealed[i] or over or i in mapped for i in range(3)]
    finished = sum(log.result is not None for log in game.rounds)
    observation = message["observation"]
    found = []
    for path, value in walked.strings:
        if value not in GOAL_CARDS or path == (O, "phase"):
            continue
        if matches(path, (O, "goals", "*", "card")):
            index = path[2]
            if not known[index] or value != maze.goals[index]:
                found.append(Leak(f"goal {index}'s card, not known to the viewer", path, value))
        elif matches(path, (O, "maze", "*", "card")):
            cell = observation["maze"][path[2]]
            index = (
                GOAL_CELLS.index((cell["x"], cell["y"]))
                if (cell["x"], cell["y"]) in GOAL_CELLS
                else None
            )
            if index is None or not (maze.revealed[index] or over):
                found.append(Leak("a face-down goal in the maze", path, value))
        elif matches(
            path, (O, "rounds", "*", "goals", "*"), (O, "rounds", "*", "maze", "*", "card")
        ):
            if path[2] >= finished:
                found.append(Leak("a goal of the round in play", path, value))
        else:
            found.append(Leak("a goal card where no goal is shown", path, value))
    return found


def _gold(observation: dict[str, Any], game: Game, viewer: int | None) -> list[Leak]:
    found = []
    over = game.is_over
    if viewer is not None:
        truth = {"kept": game.gold_kept[viewer], "seen": game.gold_seen[viewer]}
        if observation.get("gold") != truth:
            found.append(
                Leak("gold that is not the viewer's own", (O, "gold"), observation.get("gold"))
            )
        offer = observation.get("gold_offer")
        if offer is not None and not (game.offer and game.to_move == viewer):
            found.append(
                Leak("the gold offer shown to a seat not choosing", (O, "gold_offer"), offer)
            )
    if game.edition.name == "base" and not over:
        for number, done in enumerate(observation.get("rounds", [])):
            if done.get("gold") is not None:
                found.append(
                    Leak(
                        "a round's gold before the end", (O, "rounds", number, "gold"), done["gold"]
                    )
                )
    return found


def _hidden_words(move: Move) -> set[str]:
    """The words of a move's text another seat may not see (face-down cards, a pick)."""
    if move.kind in ("discard", "clear"):
        return set(move.cards_played()) - {move.front, ""}
    if move.kind == "take":
        return {str(move.value)}
    return set()


def _history(message: dict[str, Any], game: Game, viewer: int | None) -> list[Leak]:
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
            found.append(Leak(f"another seat's hidden {sorted(hidden)}", path, text))
    return found


def _legal(message: dict[str, Any], game: Game, viewer: int | None) -> list[Leak]:
    legal = message.get("legal", [])
    if not legal:
        return []
    if viewer is None or game.to_move != viewer or game.is_over:
        return [Leak("legal moves for a viewer not to move", ("legal",), legal)]
    hand = Counter(game.hands[viewer])
    found = []
    for index, move in enumerate(legal):
        if move.get("seat") != viewer or move.get("unseen"):
            found.append(
                Leak("a legal move of another seat or with unseen cards", ("legal", index), move)
            )
        if Counter(move.get("cards", [])) - hand:
            found.append(Leak("a legal move playing cards not in the hand", ("legal", index), move))
    return found


def _saboteur2(observation: dict[str, Any], game: Game, viewer: int | None) -> list[Leak]:
    found: list[Leak] = []
    state = game.state
    if viewer is None:
        return found
    mine = [look for look in state.looks if look.viewer == viewer]
    for index, look in enumerate(observation.get("looks", [])):
        if not any(look["move"] == t.move and look["seat"] == t.seat for t in mine):
            found.append(
                Leak("an inspection or look the viewer did not make", (O, "looks", index), look)
            )
    swaps = [swap for swap in state.swaps if viewer in (swap.seat, swap.other)]
    for index, swap in enumerate(observation.get("swaps", [])):
        if not any(swap["move"] == t.move for t in swaps):
            found.append(
                Leak("a swap of hands the viewer took no part in", (O, "swaps", index), swap)
            )
    return found


def secrets_met(game: Game, viewer: int | None) -> list[str]:
    """The kinds of secret the game held when a view was checked (so that a clean
    run is known to have met them)."""
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
