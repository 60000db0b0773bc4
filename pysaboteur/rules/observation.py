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

from typing import Any

from .cards import CARD_OF_SHAPE, GOAL_CELLS, TOOL_BIT, TOOLS, cell_xy, shape_code
from .game import OVER, Game
from .maze import GOAL_KEYS, START_KEY
from .moves import DISCARD, TAKE, Move

Observation = dict[str, Any]


def seat_observation(game: Game, seat: int) -> Observation:
    """Everything seat ``seat`` may know now, and nothing more."""
    if not 0 <= seat < game.players:
        raise ValueError(f"there is no seat {seat} in a {game.players}-player game")
    observation = _observation(game, seat)
    observation["hand"] = list(game.hands[seat])
    observation["role"] = game.roles[seat]
    observation["gold"] = {
        "kept": list(game.gold_kept[seat]),
        "seen": [list(look) for look in game.gold_seen[seat]],
    }
    if game.offer and game.to_move == seat:
        observation["gold_offer"] = sorted(game.offer, reverse=True)
    return observation


def public_observation(game: Game) -> Observation:
    """What a spectator may know: the public state only."""
    return _observation(game, None)


def _observation(game: Game, viewer: int | None) -> Observation:
    maze = game.maze
    over = game.phase == OVER
    goals = []
    for index, (x, y) in enumerate(GOAL_CELLS):
        known = maze.revealed[index] or over or (viewer is not None and index in game.maps[viewer])
        goals.append(
            {
                "x": x,
                "y": y,
                "face_up": maze.revealed[index],
                "card": maze.goals[index] if known else None,
            }
        )
    return {
        "seat": viewer,
        "players": game.players,
        "names": list(game.names) if game.names else None,
        "options": game.options.to_dict(),
        "round": game.round_number,
        "phase": game.phase,
        "to_move": game.to_move,
        "first": game.first,
        "maze": [_maze_card(game, key, shape) for key, shape in sorted(maze.cells.items())],
        "goals": goals,
        "broken": [[tool for tool in TOOLS if bits & TOOL_BIT[tool]] for bits in game.broken],
        "hand_sizes": [len(hand) for hand in game.hands],
        "hands": [list(hand) for hand in game.hands] if game.options.open_hands else None,
        "draw_pile": len(game.draw_pile),
        "discard_pile": len(game.discards),
        "gold_deck": len(game.gold_deck),
        "gold_offer_size": len(game.offer),
        "history": [
            [_public_move(move, viewer, game.options.open_hands, over) for move in log.moves]
            for log in game.rounds
        ],
        "rounds": [_finished_round(log, over) for log in game.rounds if log.result is not None],
        "nuggets": game.nuggets if over else None,
        "winners": game.winners if over else None,
    }


def _maze_card(game: Game, key: int, shape: int) -> dict[str, Any]:
    x, y = cell_xy(key)
    if key == START_KEY:
        card = "start"
    elif key in GOAL_KEYS:
        card = game.maze.goals[GOAL_KEYS.index(key)]
    else:
        card = CARD_OF_SHAPE[shape]
    return {"x": x, "y": y, "shape": shape_code(shape), "card": card}


def _public_move(move: Move, viewer: int | None, open_hands: bool, over: bool) -> str:
    """A move as ``viewer`` saw it: others' discards face down, others' gold picks unseen."""
    if over or move.seat == viewer:
        return str(move)
    if move.kind == DISCARD and not open_hands:
        return f"{move.seat} discard"
    if move.kind == TAKE:
        return f"{move.seat} take"
    return str(move)


def _finished_round(log: Any, over: bool) -> dict[str, Any]:
    result = log.result
    deal = log.deal
    return {
        "winner": result.winner,
        "finder": result.finder,
        "roles": list(deal.roles),
        "set_aside": deal.set_aside,
        "goals": list(deal.goals),
        "gold": list(result.gold) if over else None,
    }
