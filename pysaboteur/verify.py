"""``saboteur verify``: replay records, check every move and the result."""

from __future__ import annotations

from collections.abc import Sequence

from .rules import RecordError, game_from_record, load_record


def verify_file(path: str) -> str:
    """A one-line summary of a record that replays cleanly; ``RecordError`` otherwise."""
    try:
        record = load_record(path)
    except OSError as error:
        raise RecordError(f"cannot read it: {error.strerror}") from None
    game = game_from_record(record)
    moves = sum(len(log.moves) for log in game.rounds)
    if game.is_over:
        state = "game over, result matches" if "result" in record else "game over, no result given"
    else:
        state = f"stops in round {game.round_number}"
    return f"{moves} moves, {state}"


def run_verify(paths: Sequence[str], quiet: bool = False) -> int:
    """Check each record; print ``ok`` or the first problem; 1 if any record fails."""
    failures = 0
    for path in paths:
        try:
            summary = verify_file(path)
        except RecordError as error:
            failures += 1
            print(f"FAIL {path}: {error}")
            continue
        if not quiet:
            print(f"ok   {path}: {summary}")
    if len(paths) > 1 and not quiet:
        print(f"{len(paths) - failures} of {len(paths)} records verified")
    return 1 if failures else 0
