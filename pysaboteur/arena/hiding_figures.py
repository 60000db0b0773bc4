"""The figures of hiding, from traced rounds (:mod:`.hiding_trace`).

Every function here reads traces only, so the figures can be computed again
from saved traces and tested on hand-made ones.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ..rules.cards import SABOTEUR
from ..rules.moves import BREAK, FIX, PLACE, ROCKFALL
from ..rules.results import SABOTEURS
from .hiding_trace import RoundTrace, TracedMove
from .stats import auc

Z95 = 1.959963984540054
#: Mean belief above which the miners suspect a seat.
SUSPECTED = 0.5


@dataclass(frozen=True)
class ClusteredRate:
    """A rate over rounds with a 95% interval that treats each game as one cluster."""

    hits: int
    trials: int
    low: float
    high: float

    @property
    def rate(self) -> float:
        return self.hits / self.trials


def clustered_rate(clusters: Sequence[tuple[int, int]]) -> ClusteredRate:
    """(hits, trials) per game: the ratio estimator with a cluster-robust standard error.

    Rounds of one game share seats and carry gold over, so they are not
    independent; the variance is taken over games, with the small-sample
    factor G / (G - 1).
    """
    hits = sum(h for h, _ in clusters)
    trials = sum(n for _, n in clusters)
    rate = hits / trials
    games = len(clusters)
    spread = sum((h - rate * n) ** 2 for h, n in clusters)
    error = math.sqrt(spread * games / max(games - 1, 1)) / trials
    return ClusteredRate(hits, trials, max(0.0, rate - Z95 * error), min(1.0, rate + Z95 * error))


def saboteur_wins(traces: Iterable[RoundTrace]) -> ClusteredRate:
    games: dict[int, list[int]] = {}
    for trace in traces:
        tally = games.setdefault(trace.game_seed, [0, 0])
        tally[0] += trace.winner == SABOTEURS
        tally[1] += 1
    return clustered_rate([(h, n) for h, n in games.values()])


def _in_play(trace: RoundTrace) -> list[TracedMove]:
    return [move for move in trace.moves if move.kind != "take"]


def suspicion_after_own_moves(trace: RoundTrace, seat: int, count: int) -> float | None:
    """The miners' mean belief in ``seat`` just after its ``count``-th move (None: fewer)."""
    made = 0
    for move in _in_play(trace):
        if move.seat == seat:
            made += 1
            if made == count:
                return move.suspicion[seat]
    return None


def suspicion_at(trace: RoundTrace, seat: int, share: float) -> float:
    """The miners' mean belief in ``seat`` after ``share`` of the round's moves (1: its end)."""
    moves = _in_play(trace)
    index = max(0, min(len(moves) - 1, math.ceil(share * len(moves)) - 1))
    return moves[index].suspicion[seat]


def suspicion_after_round_moves(trace: RoundTrace, seat: int, count: int) -> float | None:
    """The miners' mean belief in ``seat`` after the round's ``count``-th move (None: fewer)."""
    moves = _in_play(trace)
    return moves[count - 1].suspicion[seat] if len(moves) >= count else None


def _auc_of(pairs: Iterable[tuple[bool, float]]) -> float | None:
    positives: list[float] = []
    negatives: list[float] = []
    for saboteur, belief in pairs:
        (positives if saboteur else negatives).append(belief)
    if not positives or not negatives:
        return None
    return auc(positives, negatives)


def auc_after_moves(traces: Sequence[RoundTrace], count: int, own: bool = True) -> float | None:
    """AUC of the miners' mean belief, saboteurs against miners, after each seat's
    ``count``-th move (seats that made fewer are left out), or after the round's
    ``count``-th move (``own=False``: how issue 18 first counted)."""
    after = suspicion_after_own_moves if own else suspicion_after_round_moves
    pairs = []
    for trace in traces:
        for seat, role in enumerate(trace.roles):
            belief = after(trace, seat, count)
            if belief is not None:
                pairs.append((role == SABOTEUR, belief))
    return _auc_of(pairs)


def auc_at(traces: Sequence[RoundTrace], share: float) -> float | None:
    pairs = [
        (role == SABOTEUR, suspicion_at(trace, seat, share))
        for trace in traces
        if _in_play(trace)
        for seat, role in enumerate(trace.roles)
    ]
    return _auc_of(pairs)


def first_suspected(trace: RoundTrace, seat: int, own: bool = True) -> float:
    """The seat's own move (or the round's, ``own=False``) after which the miners
    first suspect it (inf: never)."""
    made = 0
    for number, move in enumerate(_in_play(trace), start=1):
        if move.seat == seat:
            made += 1
        if (move.seat == seat or not own) and move.suspicion[seat] > SUSPECTED:
            return float(made if own else number)
    return math.inf


def median_first_suspected(traces: Sequence[RoundTrace], own: bool = True) -> float:
    found = [first_suspected(t, seat, own) for t in traces for seat in t.saboteurs]
    return statistics.median_low(sorted(found)) if found else math.inf


def first_move_kinds(traces: Sequence[RoundTrace], saboteur: bool) -> dict[str, float]:
    """Shares of a role's first moves of a round: how a seat first shows itself."""
    counts = dict.fromkeys(
        ("dead end near the start", "dead end", "break on a miner", "harmful rockfall",
         "helpful path card", "other"),
        0,
    )  # fmt: skip
    total = 0
    for trace in traces:
        for seat, role in enumerate(trace.roles):
            if (role == SABOTEUR) != saboteur:
                continue
            first = next((m for m in _in_play(trace) if m.seat == seat), None)
            if first is None:
                continue
            total += 1
            counts[_kind_of(first, trace)] += 1
    return {kind: count / max(total, 1) for kind, count in counts.items()}


def _kind_of(move: TracedMove, trace: RoundTrace) -> str:
    if move.kind == PLACE and move.dead_end:
        return "dead end near the start" if move.near_start else "dead end"
    if move.kind == BREAK and trace.roles[move.target] != SABOTEUR:
        return "break on a miner"
    if move.kind == ROCKFALL and move.public_gain < 0:
        return "harmful rockfall"
    if move.kind == PLACE and move.public_gain > 0:
        return "helpful path card"
    return "other"


def saboteur_repairs(traces: Sequence[RoundTrace]) -> tuple[int, int, int]:
    """(repairs of one saboteur by another, rounds with two saboteurs, those with such a repair)."""
    repairs = pairs = rounds_with = 0
    for trace in traces:
        saboteurs = set(trace.saboteurs)
        if len(saboteurs) < 2:
            continue
        pairs += 1
        here = sum(
            1
            for m in _in_play(trace)
            if m.kind == FIX and m.seat in saboteurs and m.target in saboteurs - {m.seat}
        )
        repairs += here
        rounds_with += here > 0
    return repairs, pairs, rounds_with


def miners_breaking_miners(traces: Sequence[RoundTrace]) -> tuple[int, int]:
    """(breaks of a miner's tools by another miner, rounds with any): the miners'
    mistakes that a hidden saboteur could cause."""
    breaks = rounds_with = 0
    for trace in traces:
        here = sum(
            1
            for m in _in_play(trace)
            if m.kind == BREAK
            and m.target not in (m.seat, -1)
            and trace.roles[m.seat] != SABOTEUR
            and trace.roles[m.target] != SABOTEUR
        )
        breaks += here
        rounds_with += here > 0
    return breaks, rounds_with


def wrongful_breaks(traces: Sequence[RoundTrace]) -> int:
    """Rounds in which a miner broke a seat whose every path card and rockfall so far had
    shortened the way to the goal the breaker had mapped as gold (and which broke no one)."""
    count = 0
    for trace in traces:
        count += any(_wrongful(trace, index) for index in range(len(trace.moves)))
    return count


def _wrongful(trace: RoundTrace, index: int) -> bool:
    move = trace.moves[index]
    if move.kind != BREAK or move.breaker_gold is None or trace.roles[move.seat] == SABOTEUR:
        return False
    gold = move.breaker_gold
    digs = [m for m in trace.moves[:index] if m.seat == move.target]
    maze_moves = [m for m in digs if m.kind in (PLACE, ROCKFALL)]
    if not maze_moves or any(m.kind == BREAK for m in digs):
        return False
    return all(m.after[gold] < m.before[gold] for m in maze_moves)


def report(traces: Sequence[RoundTrace]) -> list[str]:
    """The figures as lines of text."""
    wins = saboteur_wins(traces)
    games = len({t.game_seed for t in traces})
    lines = [
        f"rounds {wins.trials} in {games} games",
        f"saboteurs win {100 * wins.rate:.1f}% (95% clustered by game: "
        f"{100 * wins.low:.1f}-{100 * wins.high:.1f})",
    ]
    for count in (2, 5):
        mine, table = auc_after_moves(traces, count), auc_after_moves(traces, count, own=False)
        lines.append(f"belief AUC after {count} moves of the suspect: {_fmt(mine)}; "
                     f"after {count} moves of the round: {_fmt(table)}")  # fmt: skip
    lines.append(f"belief AUC halfway through the round: {_fmt(auc_at(traces, 0.5))}")
    lines.append(f"belief AUC at round end: {_fmt(auc_at(traces, 1.0))}")
    lines.append(
        f"median saboteur first suspected after its move {median_first_suspected(traces)}, "
        f"after the round's move {median_first_suspected(traces, own=False)}"
    )
    for label, saboteur in (("saboteur", True), ("miner", False)):
        shares = first_move_kinds(traces, saboteur)
        text = ", ".join(f"{kind} {100 * share:.1f}%" for kind, share in shares.items())
        lines.append(f"a {label}'s first move: {text}")
    repairs, pairs, rounds_with = saboteur_repairs(traces)
    lines.append(
        f"public repairs between saboteurs: {repairs} in {pairs} rounds with two saboteurs "
        f"({rounds_with} rounds with one or more)"
    )
    breaks, rounds_with = miners_breaking_miners(traces)
    lines.append(f"breaks of a miner by a miner: {breaks} ({rounds_with} rounds with one or more)")
    lines.append(f"rounds where a miner broke a seat that only dug towards its mapped gold: "
                 f"{wrongful_breaks(traces)}")  # fmt: skip
    return lines


def _fmt(value: float | None) -> str:
    return "n/a" if value is None else f"{value:.3f}"
