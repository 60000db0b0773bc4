"""Placing a path card (docs/rules.md, "Placing a path card"; Saboteur 2's
bridges, ladders and doors in docs/rules-saboteur2.md, "Path cards").

Listing placements is the hot path of every simulation: the maze keeps its
frontier (every empty cell with the side patterns that fit there), so a card
fits a cell when its face's open sides have their bit in the cell's mask.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..faces import face_of
from ..moves import PLACE, Move, Notation, check_face, parse_cell, register_notation
from ..reasons import Reason, joined
from . import Kind, register_kind

if TYPE_CHECKING:
    from ..game import Game


def list_placements(game: Game, seat: int, distinct: dict[str, None], moves: list[Move]) -> None:
    """Append every placement of the tunnel cards in ``distinct`` (the seat's hand)."""
    edition = game.edition
    orientations = edition.fit_bits
    plain = [pair for card in distinct if card in orientations for pair in orientations[card]]
    append = moves.append
    maze = game.state.maze
    if plain:
        # Built as the tuple it is: placements are most of every list of moves, and
        # the named tuple's own constructor costs a call more for each.
        new = tuple.__new__
        for _key, x, y, fits in maze.frontier():
            for bit, code in plain:
                if fits & bit:
                    append(new(Move, (seat, PLACE, code, x, y, -1, "", 0, (), "")))
    ladder_orientations = edition.ladder_orientations
    if ladder_orientations:
        ladders = [
            pair
            for card in distinct
            if card in ladder_orientations
            for pair in ladder_orientations[card]
        ]
        if not ladders:
            return
        for _key, x, y, must_open, must_wall in maze.ladder_cells():
            for shape, code in ladders:
                if shape & must_open == must_open and not shape & must_wall:
                    append(Move(seat, PLACE, code, x, y))


class Place(Kind):
    name = PLACE
    has_cell = True

    def why_illegal(self, game: Game, move: Move) -> str | None:
        state = game.state
        seat = move.seat
        if state.broken[seat]:
            tools = joined([Reason.word(tool, "tool") for tool in game.broken_tools(seat)])
            return Reason(
                "seat {seat} has a broken {tools} and cannot place path cards",
                seat=seat,
                tools=tools,
            )
        if state.trapped[seat]:
            return Reason("seat {seat} is trapped and cannot place path cards", seat=seat)
        return state.maze.placement_error(face_of(move.card), move.x, move.y)

    def apply(self, game: Game, move: Move) -> int:
        state = game.state
        state.last_path = move.seat
        maze = state.maze
        revealed = maze.place(face_of(move.card), move.x, move.y)
        if revealed and any(maze.goals[index] == "gold" for index in revealed):
            game.edition.gold_reached(game, move.seat)
        return 1


def _read(seat: int, words: list[str]) -> Move | None:
    if len(words) != 3:
        return None
    check_face(words[1])
    x, y = parse_cell(words[2])
    return Move(seat, PLACE, words[1], x, y)


register_kind(Place())
register_notation(
    Notation(
        PLACE,
        (PLACE,),
        frozenset({"card", "x", "y"}),
        lambda move: f"place {move.card} {move.x},{move.y}",
        _read,
        None,  # the face is checked by the game
    )
)
