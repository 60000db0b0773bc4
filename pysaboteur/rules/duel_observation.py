"""What a seat of the Duel may know, and what a spectator may (docs/rules-duel.md,
"What each player sees"): the observation every edition has, with the Duel's
tokens under ``"duel"``.  Hidden: the other hand, face-down discards, the
identity of face-down goals (but for the seat's own map looks), later rounds'
goals and the draw pile's order."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .cards import TOOL_BIT, TOOLS
from .duel_faces import COLOURS
from .duel_maze import GOAL_CELLS, DuelMaze
from .game import OVER

if TYPE_CHECKING:
    from .duel_game import DuelGame
    from .observation import Observation


def duel_observation(game: DuelGame, viewer: int | None) -> Observation:
    from .observation import _history  # one writer of what a viewer saw of the moves

    maze = game.duel_maze
    state = game.state
    over = game.phase == OVER
    mine = game.maps[viewer] if viewer is not None else {}
    goals = []
    for index, (x, y) in enumerate(GOAL_CELLS):
        known = maze.revealed[index] or over or index in mine
        goals.append(
            {
                "x": x,
                "y": y,
                "face_up": maze.revealed[index],
                "card": maze.goals[index] if known else None,
            }
        )
    observation: dict[str, Any] = {
        "seat": viewer,
        "edition": game.edition.name,
        "players": 2,
        "names": list(game.names) if game.names else None,
        "options": {"open_hands": game.options.open_hands},  # the Duel's one option
        "round": game.round_number,
        "phase": game.phase,
        "to_move": game.to_move,
        "first": game.first,
        "maze": _maze_cards(maze),
        "goals": goals,
        "broken": [[tool for tool in TOOLS if bits & TOOL_BIT[tool]] for bits in state.broken],
        "hand_sizes": [len(hand) for hand in state.hands],
        "hands": [list(hand) for hand in state.hands] if game.options.open_hands else None,
        "draw_pile": len(state.draw_pile),
        "discard_pile": len(state.discards),
        "gold_deck": 0,
        "gold_offer_size": 0,
        "history": [
            _history(log, viewer, discards_seen=game.options.open_hands or over, picks_seen=True)
            for log in game.rounds
        ],
        "rounds": [
            _finished_round(game, log.final, log.result) for log in game.rounds if log.result
        ],
        # Claims, payments and nuggets are public as they are made.
        "nuggets": game.nuggets,
        "winners": game.winners if over else None,
        "duel": _tokens(maze, game),
    }
    if viewer is not None:
        observation["hand"] = list(state.hands[viewer])
        observation["role"] = COLOURS[viewer]
        observation["gold"] = {"kept": [], "seen": []}
    return observation  # type: ignore[return-value]


def _maze_cards(maze: DuelMaze) -> list[dict[str, Any]]:
    return [
        {"x": x, "y": y, "shape": face.code, "card": maze.names[(x, y)]}
        for (x, y), face in sorted(maze.faces.items())
    ]


def _tokens(maze: DuelMaze, game: DuelGame) -> dict[str, Any]:
    """The tokens on the maze and in the supplies: all public."""
    return {
        "colours": list(COLOURS),
        "counters_left": [maze.counters_left(0), maze.counters_left(1)],
        "key_tokens_left": maze.key_tokens_left(),
        "keys": [{"x": x, "y": y, "seat": seat} for (x, y), seat in sorted(maze.keys.items())],
        "bribes": [
            {"x": x, "y": y, "seats": list(seats)} for (x, y), seats in sorted(maze.bribes.items())
        ],
        "claims": [
            {"x": x, "y": y, "seat": seat, "nuggets": maze.nuggets_at((x, y))}
            for (x, y), seat in maze.claims
        ],
        # Which cells each seat looked at with a map is public; what it saw is not.
        "mapped": [sorted([list(GOAL_CELLS[index]) for index in looks]) for looks in game.maps],
        "round_nuggets": list(game.state.round_gold),
    }


def _finished_round(game: DuelGame, final: Any, result: Any) -> dict[str, Any]:
    """A finished round: its result, and its six goals and maze as it ended, all shown."""
    maze = final.maze
    assert isinstance(maze, DuelMaze)
    return {**result.to_dict(), "goals": list(maze.goals), "maze": _maze_cards(maze)}
