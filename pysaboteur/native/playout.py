"""The search's playout policy, played by the core (core/playout.cpp): the rules of
thumb of :mod:`pysaboteur.bots.rollout`, a whole round in one call; and Saboteur 2's
(core/playout_saboteur2.cpp, the rules of thumb of
:func:`pysaboteur.bots.ismcts_saboteur2.playout_move`), its rounds paid by the core's
pay-out (core/payout_saboteur2.cpp: the rules' gold pieces, thefts included).

A search hands it a sampled game (:mod:`pysaboteur.rules.determinize`); the core
plays a copy of the game's round on to its end, seeded, and says who won. Where
the core is not built, does not play the edition, or cannot hold the game's round,
:func:`native_play_out` answers None and the search plays by
:func:`pysaboteur.bots.rollout.play_on` instead.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

from ..rules.cards import BLUE, BOSS, GEOLOGIST, GREEN, PROFITEER, SABOTEUR
from ..rules.codes import codec_of
from ..rules.faces import FACES
from ..rules.gold_pieces import SHARE, SHORTFALL
from ..rules.moves import Move
from ..rules.results import MINERS, SABOTEURS
from . import core

#: The core's teams (core/round.hpp Team), by the names the rules give them.
_TEAMS: Final = {1: MINERS, 2: SABOTEURS}
#: More moves than any round lasts: a playout plays its round to the end.
WHOLE_ROUND: Final = 1000
#: The core's dwarf cards (core/payout_saboteur2.hpp Dwarf), by the rules' names.
DWARF_IDS: Final = {GREEN: 0, BLUE: 1, BOSS: 2, PROFITEER: 3, GEOLOGIST: 4, SABOTEUR: 5}
#: The door colours and the teams the gold is open to, as the core's bits.
DOOR_BITS: Final = {GREEN: 1, BLUE: 2}
#: The core's Saboteur 2 tables, made once per edition.
_SABOTEUR2_TABLES: dict[str, Any] = {}


@dataclass(frozen=True, slots=True)
class PlayoutResult:
    """How a playout ended: the team that won (None if ``limit`` moves came first),
    the moves it played, and each seat's gold of the round (the picks played)."""

    winner: str | None
    moves: int
    round_gold: list[int]


def in_play(round_: Any) -> bool:
    """Whether one of the core's rounds is still in its play (not at its gold picks, not ended)."""
    assert core is not None
    return bool(round_.phase == core.PLAY)


def core_round_of(game: Any, edition: str = "base") -> Any | None:
    """The core's round holding ``game``'s round in play, or None where the core
    does not play it or the game is not of ``edition`` (each policy knows its own
    edition's cards; the core's round is the game's own, ahead of its state: read
    it, never play on it)."""
    if core is None or getattr(game, "_engine", None) is None:
        return None
    if game.edition.name != edition:
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
    return play_out_round(round_, seed, limit=limit, guess_right=guess_right)


def play_out_round(
    round_: Any, seed: int, *, limit: int = WHOLE_ROUND, guess_right: float | None = None
) -> PlayoutResult:
    """Play a copy of one of the core's rounds on by the policy (an ended round: its
    result as it stands)."""
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
    return miners_share_of_round(round_, seed, count)


def miners_share_of_round(round_: Any, seed: int, count: int) -> float:
    """The share of ``count`` playouts of one of the core's rounds that the miners win."""
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


@dataclass(frozen=True, slots=True)
class Saboteur2Pay:
    """A Saboteur 2 round's pay-out as the core makes it: whether the gold was reached
    and by whom, the teams it is open to, the winners, each seat's pay before the
    thefts, the thieves in the order they steal, the thefts ``(thief, victim)`` (each
    from the richest seat, as the playout policy steals) and each seat's gold pieces
    of the round, the thefts made."""

    reached: bool
    finder: int | None
    open_to: list[str]
    winners: list[int]
    paid: list[int]
    stealing: list[int]
    thefts: list[tuple[int, int]]
    round_gold: list[int]


def saboteur2_tables(edition: Any) -> Any:
    """The core's tables of Saboteur 2's pay-out and policy, read from the rules."""
    assert core is not None
    tables = _SABOTEUR2_TABLES.get(edition.name)
    if tables is None:
        parts = [FACES[face] for face in range(len(FACES))]
        tables = core.make_saboteur2_tables(
            dwarf=[DWARF_IDS[role] for role in edition.role_codes],
            share=[SHARE.get(count, 1) if count else 0 for count in range(17)],
            shortfall=[SHORTFALL.get(role, 0) for role in DWARF_IDS],
            door=[DOOR_BITS.get(part.door, 0) if part else 0 for part in parts],
            crystal=[int(part.crystal) if part else 0 for part in parts],
            tunnels=[sum(part.tunnels) if part else 0 for part in parts],
        )
        _SABOTEUR2_TABLES[edition.name] = tables
    return tables


def _saboteur2_round(game: Any) -> Any | None:
    round_ = core_round_of(game, "saboteur2")
    if round_ is None or game.phase != "play":
        return None
    return round_


def _first_code(game: Any, first: Move | None) -> int | None:
    """The code of ``first`` (-1 for none), or None if the codec cannot write it."""
    if first is None:
        return -1
    code: int | None = codec_of(game.edition).encode(first)
    return code


def native_saboteur2_pay(game: Any, last: Move) -> Saboteur2Pay | None:
    """The core's pay-out of the Saboteur 2 round that ``last`` ends (the game, in
    play, is not changed); None where the core cannot, or ``last`` does not end it."""
    round_ = _saboteur2_round(game)
    code = _first_code(game, last)
    if round_ is None or code is None:
        return None
    assert core is not None
    ended = round_.copy()
    if not ended.play(code) or ended.phase != core.ENDED:
        return None
    reached, finder, open_to, winners, paid, stealing, thefts, gold = core.saboteur2_pay(
        saboteur2_tables(game.edition), ended, list(game.gold_pieces)
    )
    colours = [colour for colour, bit in DOOR_BITS.items() if open_to & bit]
    return Saboteur2Pay(
        reached, None if finder < 0 else finder, colours, winners, paid, stealing,
        [(thief, victim) for thief, victim in thefts], gold,
    )  # fmt: skip


def native_saboteur2_trace(
    game: Any, seed: int, *, first: Move | None = None, limit: int = WHOLE_ROUND
) -> list[int] | None:
    """The codes Saboteur 2's policy plays in the core after ``first`` with this seed,
    the thieves' steals last; None where the core cannot."""
    round_ = _saboteur2_round(game)
    code = _first_code(game, first)
    if round_ is None or code is None:
        return None
    assert core is not None
    codes: list[int] = core.saboteur2_playout_trace(
        saboteur2_tables(game.edition), round_, list(game.gold_pieces), code,
        seed & (2**64 - 1), limit,
    )  # fmt: skip
    return codes


def native_saboteur2_play_out(
    game: Any, seed: int, *, first: Move | None = None, limit: int = WHOLE_ROUND
) -> tuple[bool, int, list[int]] | None:
    """Play ``first`` and Saboteur 2's policy on to the round's end in the core and pay
    it: (ended, moves, each seat's gold pieces of the round, thefts included); None
    where the core cannot."""
    round_ = _saboteur2_round(game)
    code = _first_code(game, first)
    if round_ is None or code is None:
        return None
    assert core is not None
    ended, moves, gold = core.saboteur2_play_out(
        saboteur2_tables(game.edition), round_, list(game.gold_pieces), code,
        seed & (2**64 - 1), limit,
    )  # fmt: skip
    return bool(ended), int(moves), list(gold)


def native_saboteur2_round_gold(
    game: Any, firsts: Sequence[Move], seat: int, seed: int, *, limit: int = WHOLE_ROUND
) -> list[float] | None:
    """For each move of ``firsts``, the seat's gold pieces of the round once the move
    and Saboteur 2's policy have played it out in the core, every move with the same
    seed (0 for a round not ended in ``limit`` moves); None where the core cannot."""
    round_ = _saboteur2_round(game)
    if round_ is None:
        return None
    codec = codec_of(game.edition)
    codes = [codec.encode(move) for move in firsts]
    if any(code is None for code in codes):
        return None
    assert core is not None
    gold: list[int] = core.saboteur2_round_gold(
        saboteur2_tables(game.edition), round_, list(game.gold_pieces), codes, seat,
        seed & (2**64 - 1), limit,
    )  # fmt: skip
    return [float(pieces) for pieces in gold]
