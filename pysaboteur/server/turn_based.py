"""Clocks per move from seconds (live play) to days (turn-based play).

A table whose clock gives each move at least :data:`TURN_BASED_FROM` is
*turn-based*: people leave and come back when it is their turn, so its turn's
deadline is kept in the store and survives a restart (a live clock starts
again from its full time after a restart, as it always did: the minutes the
server was down are not the player's), and a person may be e-mailed when it
is their turn (``turn_mail.py``).  What happens when the clock runs out is the
same at every speed: the person is marked away and a bot plays their seat.
"""

from __future__ import annotations

from ..i18n import translate
from ..rules.reasons import Reason
from .protocol import ApiError

MINUTE = 60.0
HOUR = 3600.0
DAY = 24 * HOUR
#: The longest clock a table may set: a week per move.
MAX_CLOCK = 7 * DAY
#: The shortest clock of a turn-based table: below it, play is live.
TURN_BASED_FROM = 10 * MINUTE
#: The clocks the create form offers, in seconds per move (any other from the
#: server's shortest to :data:`MAX_CLOCK` is accepted from the API too).
LIVE_CLOCKS = (30.0, MINUTE, 2 * MINUTE, 5 * MINUTE)
TURN_BASED_CLOCKS = (HOUR, 12 * HOUR, DAY, 3 * DAY)


def is_turn_based(clock: float | None) -> bool:
    """Whether a table with ``clock`` seconds per move is played turn by turn, over days."""
    return clock is not None and clock >= TURN_BASED_FROM


def checked_clock(clock: float | None, shortest: float) -> float | None:
    """A new table's clock, from ``shortest`` (the server's) to a week per move."""
    if clock is None:
        return None
    if clock < shortest:
        raise ApiError(
            "bad_request",
            "clock: at least {seconds} seconds per move",
            seconds=f"{shortest:g}",
        )
    if clock > MAX_CLOCK:
        raise ApiError(
            "bad_request",
            "clock: at most {days} days per move ({seconds} seconds)",
            days=f"{MAX_CLOCK / DAY:g}",
            seconds=f"{MAX_CLOCK:g}",
        )
    return clock


def resumed_turn_start(clock: float | None, stored_turn_start: float | None, now: float) -> float:
    """When the turn under way began, for a table loaded at ``now``: a turn-based
    table's as stored (its deadline is the same after a restart), a live table's
    now (its clock starts again from its full time)."""
    if is_turn_based(clock) and stored_turn_start is not None:
        return min(stored_turn_start, now)
    return now


def clock_words(seconds: float, lang: str) -> str:
    """A clock per move said in ``lang``: "3 days", "12 hours", "5 minutes", "30 seconds"."""
    # Each unit spelt out: the catalogues find only the literal words of a call.
    if seconds >= DAY and seconds % DAY == 0:
        days = int(seconds // DAY)
        said = Reason.counted("{amount} day", "{amount} days", days, amount=days)
    elif seconds >= HOUR and seconds % HOUR == 0:
        hours = int(seconds // HOUR)
        said = Reason.counted("{amount} hour", "{amount} hours", hours, amount=hours)
    elif seconds >= MINUTE and seconds % MINUTE == 0:
        minutes = int(seconds // MINUTE)
        said = Reason.counted("{amount} minute", "{amount} minutes", minutes, amount=minutes)
    else:
        count = int(seconds) if seconds == int(seconds) else 2  # "1.5 seconds", as in English
        said = Reason.counted("{amount} second", "{amount} seconds", count, amount=f"{seconds:g}")
    return translate(said, lang)
