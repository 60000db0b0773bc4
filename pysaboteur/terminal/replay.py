"""``saboteur replay``: step through a game record, one position after each move.

The record is checked first (:func:`game_from_record`), then replayed move by
move from its deals.  Each position is drawn from an observation:

- ``--seat S``: seat S's own observation, exactly what that player saw;
- ``--public``: the public observation, what a spectator at the table saw;
- by default, what all the seats knew put together (every hand, every role,
  every goal someone looked at), since a record holds all of it anyway.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from rich.console import Console, Group, RenderableType
from rich.rule import Rule
from rich.text import Text

from ..i18n import from_environment
from ..rules import (
    Game,
    Observation,
    RecordError,
    game_from_record,
    load_record,
    public_observation,
    seat_observation,
    table_observation,
)
from .position_view import render_view
from .recent_moves import changed_cells
from .round_end import final_board, render_game_end, render_round_end
from .words import N_, _, speaking

_STEP_PROMPT = N_("Enter next · b back · number: go to that move · q quit> ")

Observe = Callable[[Game], Observation]


@dataclass
class Frame:
    """One position of the replay: after move ``number`` (0: before any move)."""

    number: int
    round_number: int
    move_in_round: int
    observation: Observation
    move: str | None  # the move that led here, as the viewer saw it
    round_end: dict[str, Any] | None = None  # the summary, when this move ended a round
    game_end: Observation | None = None  # the observation after the game's last move


def run_replay(args: argparse.Namespace) -> int:
    """Show a record's positions, in the language ``--lang`` or the environment asks
    for; returns the exit code."""
    with speaking(getattr(args, "lang", None) or from_environment()):
        return _run_replay(args)


def _run_replay(args: argparse.Namespace) -> int:
    try:
        game = game_from_record(load_record(args.record))
    except RecordError as error:
        # The record's own wording stays English: it names the record's fields.
        _error(_("{path}: {problem}").format(path=args.record, problem=error))
        return 1
    except UnicodeDecodeError:
        _error(_("{path}: not a text file").format(path=args.record))
        return 1
    except OSError as error:
        _error(_("cannot read {path}: {reason}").format(path=args.record, reason=error.strerror))
        return 1
    seat = args.seat
    if seat is not None and not 0 <= seat < game.players:
        _error(_("--seat must be a seat from 0 to {last}").format(last=game.players - 1))
        return 2
    console = Console(highlight=False)
    observe = _observer(seat, getattr(args, "public", False))
    frames = build_frames(game, observe)
    if args.all or not sys.stdin.isatty():
        for frame in frames:
            console.print(render_frame(frame, frames[-1].number, console.width))
        return 0
    return _step(console, frames)


def _error(message: str) -> None:
    print(_("error: {message}").format(message=message), file=sys.stderr)


def _observer(seat: int | None, public: bool) -> Observe:
    if seat is not None:
        return lambda game: seat_observation(game, seat)
    if public:
        return public_observation
    return table_observation


def build_frames(game: Game, observe: Observe) -> list[Frame]:
    """Replay ``game`` (a checked record's game) from its deals, a frame after every move."""
    # The Duel has no gold deck but a deck of its own, which its record carries.
    deck = getattr(game, "deck", None)
    extra: dict[str, object] = {"deck": deck} if deck is not None else {}
    replay = Game(
        game.players,
        game.options,
        game.seed,
        first=game.rounds[0].deal.first,
        names=game.names,
        gold_deck=None if deck is not None else game.initial_gold_deck,
        deals=[log.deal for log in game.rounds],
        edition=game.edition,
        **extra,
    )
    after = observe(replay)
    frames = [Frame(0, 1, 0, after, None)]
    number = 0
    for log in game.rounds:
        for index, move in enumerate(log.moves):
            number += 1
            round_number = replay.round_number
            before = after  # one observation per position: the merged view costs players + 1
            replay.play(move)
            after = observe(replay)
            seen = after["history"][round_number - 1][index]
            if replay.round_number == round_number and not replay.is_over:
                frames.append(Frame(number, round_number, index + 1, after, seen))
                continue
            board = final_board(before, after)
            summary = after["rounds"][round_number - 1]
            end = after if replay.is_over else None
            frames.append(Frame(number, round_number, index + 1, board, seen, summary, end))
            if not replay.is_over:
                frames.append(Frame(number, replay.round_number, 0, after, None))
    return frames


def render_frame(frame: Frame, last: int, width: int) -> RenderableType:
    """A frame: which move it is, the move in words, and the position after it."""
    observation = frame.observation
    if frame.move is None and frame.number:
        title = _("Round {round} begins · after move {number} of {last}")
    elif frame.move is None:
        title = _("Round {round} begins")
    else:
        title = _("Move {number} of {last} · round {round}, move {in_round}")
    title = title.format(
        round=frame.round_number, number=frame.number, last=last, in_round=frame.move_in_round
    )
    parts: list[RenderableType] = [Rule(title)]
    moves = [frame.move] if frame.move is not None else []
    parts.append(
        render_view(
            observation,
            recent=moves,
            recent_title=_("This move") if moves else "",
            recent_first=frame.move_in_round - 1 if moves else None,
            highlight=changed_cells(moves),
            width=width,
        )
    )
    if frame.round_end is not None:
        parts.append(render_round_end(observation, frame.round_end, frame.round_number))
    if frame.game_end is not None:
        parts.append(render_game_end(frame.game_end))
    return Group(*parts)


def _step(console: Console, frames: list[Frame]) -> int:
    """Step through the frames at the keyboard."""
    last = frames[-1].number
    index = 0
    while True:
        console.print(render_frame(frames[index], last, console.width))
        while True:
            try:
                answer = input(_(_STEP_PROMPT)).strip().lower()
            except EOFError:
                return 0
            if answer in ("q", "quit", _("q"), _("quit")):
                return 0
            target = _where(answer, index, frames)
            if isinstance(target, str):
                console.print(Text(target, style="red"))
                continue
            index = target
            break


def _where(answer: str, index: int, frames: list[Frame]) -> int | str:
    """The frame an answer at the step prompt asks for, or a message why it cannot go there."""
    if answer == "":
        if index + 1 < len(frames):
            return index + 1
        return _("That was the last move (b: back, q: quit).")
    # TRANSLATORS: "b" and "back" step back in the replay; the English ones work too.
    if answer in ("b", "back", _("b"), _("back")):
        return index - 1 if index > 0 else _("This is the start of the game.")
    if answer.isdigit():
        number = int(answer)
        for position, frame in enumerate(frames):
            if frame.number == number:
                return position
        return _("There is no move {number}: the moves are 0 to {last}.").format(
            number=number, last=frames[-1].number
        )
    return _("Enter: next move · b: back · a number: that move · q: quit")
