"""The search's playout policy, played by the core (core/playout.cpp): the rules of
thumb of :mod:`pysaboteur.bots.rollout`, a whole round in one call.

A search hands it a sampled game (:mod:`pysaboteur.rules.determinize`); the core
plays a copy of the game's round on to its end, seeded, and says who won. Where
the core is not built, does not play the edition, or cannot hold the game's round,
:func:`native_play_out` answers None and the search plays by
:func:`pysaboteur.bots.rollout.play_on` instead.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from ..rules.results import MINERS, SABOTEURS
from . import core

#: The core's teams (core/round.hpp Team), by the names the rules give them.
_TEAMS: Final = {1: MINERS, 2: SABOTEURS}
#: More moves than any round lasts: a playout plays its round to the end.
WHOLE_ROUND: Final = 1000


@dataclass(frozen=True, slots=True)
class PlayoutResult:
    """How a playout ended: the team that won (None if ``limit`` moves came first),
    the moves it played, and each seat's gold of the round (the picks played)."""

    winner: str | None
    moves: int
    round_gold: list[int]


def core_round_of(game: Any) -> Any | None:
    """The core's round holding ``game``'s round in play, or None where the core
    does not play it (the core's round is the game's own, ahead of its state: read
    it, never play on it)."""
    if core is None or getattr(game, "_engine", None) is None:
        return None
    if game.edition.name != "base":  # the policy knows the base game's cards only
        return None
    return game._core_round()


def native_play_out(
    game: Any, seed: int, *, limit: int = WHOLE_ROUND, guess_right: float | None = None
) -> PlayoutResult | None:
    """Play ``game``'s round on by the policy in the core (the game is not changed);
    None where the core cannot."""
    round_ = core_round_of(game)
    if round_ is None:
        return None
    assert core is not None
    chance = core.GUESS_RIGHT if guess_right is None else guess_right
    winner, moves, gold = core.play_out(round_, seed & (2**64 - 1), limit, chance)
    return PlayoutResult(_TEAMS.get(winner), moves, gold)


def native_playout_codes(game: Any, seed: int, *, limit: int = WHOLE_ROUND) -> list[int] | None:
    """The codes of the moves :func:`native_play_out` plays with this seed, in order."""
    round_ = core_round_of(game)
    if round_ is None:
        return None
    assert core is not None
    codes: list[int] = core.playout_trace(round_, seed & (2**64 - 1), limit, core.GUESS_RIGHT)
    return codes


def native_miners_share(game: Any, seed: int, count: int) -> float | None:
    """The share of ``count`` playouts of ``game``'s round (each seeded from ``seed``)
    that the miners win, from the core; None where it cannot."""
    round_ = core_round_of(game)
    if round_ is None:
        return None
    assert core is not None
    miners: int = core.play_outs(round_, seed & (2**64 - 1), count)[0]
    return miners / count


def native_scores(game: Any) -> list[float] | None:
    """The policy's score of each legal move with every chance 0 (breaks never passed
    over, discards without their random part), from the core; None where it cannot."""
    round_ = core_round_of(game)
    if round_ is None:
        return None
    assert core is not None
    scores: list[float] = core.playout_scores(round_)
    return scores


def native_cards_to_goal(game: Any, goal: int) -> dict[int, int] | None:
    """:func:`pysaboteur.bots.maze_view.cards_to_goal` of the game's maze, from the core."""
    round_ = core_round_of(game)
    if round_ is None:
        return None
    assert core is not None
    return dict(core.cards_to_goal(round_, goal))
