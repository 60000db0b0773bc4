"""What a seat may know, and what a spectator may know: the one door through
which game state reaches bots, terminals, browsers and learning code.

Both observations are plain JSON-ready dictionaries built from the game.  A
seat's adds its hand, its role, the goals it has mapped and the gold cards it
has looked at.  Hidden things never enter them: other hands (unless the game
has ``open_hands``), the draw pile's order, face-down discards, roles before a
round's end, face-down goals nobody showed the seat, and other seats' gold
before the game's end.
"""

from __future__ import annotations

from typing import Any, NotRequired, TypedDict

from .cards import GOAL_CELLS, TOOL_BIT, TOOLS, cell_xy, shape_code
from .duel_game import DuelGame
from .duel_observation import duel_observation
from .faces import CARD_OF_FACE
from .game import OVER, Game, RoundLog
from .maze import GOAL_KEYS, START_KEY
from .moves import CLEAR, DISCARD, TAKE, Move
from .results import GoldPiecesResult
from .round_state import Look


class GoalView(TypedDict):
    x: int
    y: int
    face_up: bool
    card: str | None  # None unless face up, mapped by the viewer, or the game is over


class MazeCard(TypedDict):
    x: int
    y: int
    shape: str  # the face as it lies
    card: str  # the printed card, "start", or the goal card


class GoldSeen(TypedDict):
    kept: list[int]  # the gold cards the seat kept
    seen: list[list[int]]  # every set of gold cards it looked at


class LookView(TypedDict):
    """A dwarf card the seat saw (Saboteur 2): an inspection, or its own new hat."""

    move: int
    seat: int
    role: str
    #: After a swap-hats on the seat: the dwarf card it gave up.
    laid_aside: NotRequired[str]


#: A swap-hand the seat took part in (Saboteur 2): with whom, what it gave and got.
SwapView = TypedDict("SwapView", {"move": int, "with": int, "gave": list[str], "got": list[str]})


class Observation(TypedDict):
    """What one viewer may know, JSON-ready (docs/engine.md, "Observations").

    The keys marked NotRequired are there for a seat (its own), for Saboteur 2,
    or in :func:`table_observation`.
    """

    seat: int | None
    edition: str
    players: int
    names: list[str] | None
    options: dict[str, Any]
    round: int
    phase: str
    to_move: int | None
    first: int
    maze: list[MazeCard]
    goals: list[GoalView]
    broken: list[list[str]]
    hand_sizes: list[int]
    hands: list[list[str]] | None
    draw_pile: int
    discard_pile: int
    gold_deck: int
    gold_offer_size: int
    #: Per round, each move's text as the viewer saw it (read with ``read_seen_move``).
    history: list[list[str]]
    #: The finished rounds, as each edition shows them.
    rounds: list[dict[str, Any]]
    nuggets: list[int] | None
    winners: list[int] | None
    # Saboteur 2, for every viewer
    gold_pieces: NotRequired[list[int]]
    trapped: NotRequired[list[bool]]
    thieves: NotRequired[list[int]]
    stealing: NotRequired[list[int]]
    reserve: NotRequired[int]
    removed: NotRequired[int]
    # the Duel, for every viewer: its tokens (duel_observation)
    duel: NotRequired[dict[str, Any]]
    # the seat's own
    hand: NotRequired[list[str]]
    role: NotRequired[str]
    gold: NotRequired[GoldSeen]
    gold_offer: NotRequired[list[int]]
    looks: NotRequired[list[LookView]]
    swaps: NotRequired[list[SwapView]]
    # what all the seats knew (table_observation)
    roles: NotRequired[list[str]]
    gold_so_far: NotRequired[list[int]]


def viewer_seat(observation: Observation) -> int:
    """The seat whose observation this is; ``ValueError`` for the public view."""
    seat = observation["seat"]
    if seat is None:
        raise ValueError("this needs a seat's observation, not the public one")
    return seat


def seat_observation(game: Game, seat: int) -> Observation:
    """Everything seat ``seat`` may know now, and nothing more."""
    if not 0 <= seat < game.players:
        raise ValueError(f"there is no seat {seat} in a {game.players}-player game")
    if isinstance(game, DuelGame):
        return duel_observation(game, seat)
    observation = _observation(game, seat)
    observation["hand"] = list(game.hands[seat])
    observation["role"] = game.roles[seat]
    observation["gold"] = {
        "kept": list(game.gold_kept[seat]),
        "seen": [list(look) for look in game.gold_seen[seat]],
    }
    if game.offer and game.to_move == seat:
        observation["gold_offer"] = sorted(game.offer, reverse=True)
    if game.edition.name != "base":
        state = game.state
        # What this seat alone learnt this round: dwarf cards it looked at (its
        # own new one after a swap-hats too) and the hands it swapped.
        observation["looks"] = [_look_view(look) for look in state.looks if look.viewer == seat]
        observation["swaps"] = [
            {
                "move": swap.move,
                "with": swap.other if swap.seat == seat else swap.seat,
                "gave": list(swap.gave if swap.seat == seat else swap.got),
                "got": list(swap.got if swap.seat == seat else swap.gave),
            }
            for swap in state.swaps
            if seat in (swap.seat, swap.other)
        ]
    return observation


def _look_view(look: Look) -> LookView:
    view: LookView = {"move": look.move, "seat": look.seat, "role": look.role}
    if look.laid_aside:
        view["laid_aside"] = look.laid_aside
    return view


def public_observation(game: Game) -> Observation:
    """What a spectator may know: the public state only."""
    if isinstance(game, DuelGame):
        return duel_observation(game, None)
    return _observation(game, None)


def table_observation(game: Game) -> Observation:
    """What all the seats knew, put together: every hand, role and gold, every mapped goal.

    Built from the seats' own observations, so it holds nothing no seat knew.
    """
    seats = [seat_observation(game, seat) for seat in range(game.players)]
    table = public_observation(game)
    table["hands"] = [seen["hand"] for seen in seats]
    table["roles"] = [seen["role"] for seen in seats]
    table["gold_so_far"] = [sum(seen["gold"]["kept"]) for seen in seats]
    for index, goal in enumerate(table["goals"]):
        known = [seen["goals"][index]["card"] for seen in seats]
        goal["card"] = next((card for card in known if card is not None), None)
    # Each move as its own seat saw it: a face-down discard is known to who made it.
    table["history"] = [
        [
            seats[int(text.partition(" ")[0])]["history"][number][index]
            for index, text in enumerate(moves)
        ]
        for number, moves in enumerate(table["history"])
    ]
    return table


def _observation(game: Game, viewer: int | None) -> Observation:
    maze = game.maze
    over = game.phase == OVER
    goals: list[GoalView] = []
    for index, (x, y) in enumerate(GOAL_CELLS):
        known = maze.revealed[index] or over or (viewer is not None and index in game.maps[viewer])
        card = maze.goals[index] if known else None
        goals.append({"x": x, "y": y, "face_up": maze.revealed[index], "card": card})
    observation: Observation = {
        "seat": viewer,
        "edition": game.edition.name,
        "players": game.players,
        "names": list(game.names) if game.names else None,
        "options": game.options.to_dict(),
        "round": game.round_number,
        "phase": game.phase,
        "to_move": game.to_move,
        "first": game.first,
        "maze": _maze_cards(maze.cells, maze.goals),
        "goals": goals,
        "broken": [[tool for tool in TOOLS if bits & TOOL_BIT[tool]] for bits in game.broken],
        "hand_sizes": [len(hand) for hand in game.hands],
        "hands": [list(hand) for hand in game.hands] if game.options.open_hands else None,
        "draw_pile": len(game.draw_pile),
        "discard_pile": len(game.discards),
        "gold_deck": len(game.gold_deck),
        "gold_offer_size": len(game.offer),
        "history": [
            _history(log, viewer, discards_seen=game.options.open_hands or over, picks_seen=over)
            for log in game.rounds
        ],
        "rounds": [_finished_round(log, over) for log in game.rounds if log.result is not None],
        "nuggets": game.nuggets if over else None,
        "winners": game.winners if over else None,
    }
    if game.edition.name != "base":
        state = game.state
        observation["gold_pieces"] = list(game.gold_pieces)  # public: docs/rules-saboteur2.md
        observation["trapped"] = list(state.trapped)
        observation["thieves"] = list(state.thieves)
        observation["stealing"] = list(state.stealing)
        observation["reserve"] = len(state.reserve)
        observation["removed"] = len(game.deal.removed)
    return observation


def _maze_cards(cells: dict[int, int], goals: tuple[str, ...]) -> list[MazeCard]:
    """Every face-up card, ordered by cell: ``{"x", "y", "shape", "card"}``."""
    cards: list[MazeCard] = []
    for key, shape in sorted(cells.items()):
        x, y = cell_xy(key)
        if key == START_KEY:
            card = "start"
        elif key in GOAL_KEYS:
            card = goals[GOAL_KEYS.index(key)]
        else:
            card = CARD_OF_FACE[shape]
        cards.append({"x": x, "y": y, "shape": shape_code(shape), "card": card})
    return cards


def _history(
    log: RoundLog, viewer: int | None, *, discards_seen: bool, picks_seen: bool
) -> list[str]:
    """A round's moves as ``viewer`` saw them: another seat's face-down discard
    without its card, another seat's gold pick without its value.

    Each viewer's list is kept with the round and only its new moves are
    written, since observations are asked for after every move.
    """
    seen = log.seen.setdefault((viewer, discards_seen, picks_seen), [])
    if len(seen) < len(log.moves):
        texts = log.move_texts()
        for index in range(len(seen), len(log.moves)):
            move = log.moves[index]
            kind = move.kind
            if move.seat != viewer and (
                (kind in _FACE_DOWN and not discards_seen) or (kind == TAKE and not picks_seen)
            ):
                seen.append(str(_unseen(move)))
            else:
                seen.append(texts[index])
    return list(seen)


#: Moves whose cards go face down: others see how many, not which.
_FACE_DOWN = frozenset((DISCARD, CLEAR))


def _unseen(move: Move) -> Move:
    """The move as another seat sees it: its face-down cards and gold pick blanked."""
    return move._replace(card="", also=("",) * len(move.also), value=0)


def _finished_round(log: RoundLog, over: bool) -> dict[str, Any]:
    """A finished round as observations show it: worked out once, then copied."""
    shown = log.shown.get(over)
    if shown is None:
        shown = log.shown[over] = _show_finished_round(log, over)
    # Copied level by level (what each key holds is known), which is several times
    # cheaper than a general deep copy: observations are asked for after every move.
    fresh: dict[str, Any] = {}
    for key, value in shown.items():
        if key == "maze":
            fresh[key] = [card.copy() for card in value]
        elif key == "thefts":
            fresh[key] = [list(pair) for pair in value]
        elif isinstance(value, list):
            fresh[key] = list(value)
        else:
            fresh[key] = value
    return fresh


def _show_finished_round(log: RoundLog, over: bool) -> dict[str, Any]:
    result = log.result
    assert result is not None and log.final_cells is not None
    deal = log.deal
    if isinstance(result, GoldPiecesResult):
        assert log.final is not None
        # Every dwarf card as the round ended; the reserve stays hidden.
        return {
            **result.to_dict(),
            "winner": result.winner,
            "roles": list(log.final.roles),
            # The dwarf cards nobody played stay hidden until the game is over.
            "reserve": list(log.final.reserve) if over else None,
            "hats_out": list(log.final.hats_out) if over else None,
            "trapped": list(log.final.trapped),
            "crystals": log.final.maze.crystals(),
            "goals": list(deal.goals),
            "maze": _maze_cards(log.final_cells, tuple(deal.goals)),
        }
    return {
        "winner": result.winner,
        "finder": result.finder,
        "roles": list(deal.roles),
        "set_aside": deal.set_aside,
        "goals": list(deal.goals),
        "maze": _maze_cards(log.final_cells, tuple(deal.goals)),
        "gold": list(result.gold) if over else None,
    }
