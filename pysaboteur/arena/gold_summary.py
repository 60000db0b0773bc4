"""Saboteur 2's report numbers: gold pieces and wins per role, per bot, head to head.

Saboteur 2 is played in ``seats`` mode, and every seat is scored alone: a
*seat-round* is one seat in one round, with the gold pieces (GP) it won that
round (thefts included, so a robbed seat may have -1) and whether it was among
the round's winners.  Seats of one round are not independent (a gold-digger
team wins or loses together, a theft moves a piece from one seat to another),
so the intervals that treat seat-rounds as independent are somewhat too
narrow; the head-to-head GP difference also has its interval clustered by deal,
which decides who is stronger.

A seat-round counts for the role the seat held *as the round ended*: that is
the role it was paid as (``swap-hats`` may have changed the role it was dealt).
The head-to-head pairs are the same seat of the same deal and round, which
were dealt the same role; they are grouped by that dealt role, since the two
bots' plays may end it in different roles.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any, Final

from ..rules.cards import BLUE, BOSS, GEOLOGIST, GREEN, PROFITEER, SABOTEUR
from .ratings import Rating, rate_seats_by_gold
from .results import line_order
from .stats import (
    ByDeal,
    Mean,
    PairedDifference,
    Proportion,
    mean_by_deal,
    mean_interval,
    paired_difference,
    wilson,
)
from .summary import OVERALL, ROUNDS_PER_GAME, belief_scores, bots_in

Line = dict[str, Any]
#: Saboteur 2's roles, in the order the report lists them.
GOLD_ROLES: Final = (GREEN, BLUE, BOSS, PROFITEER, GEOLOGIST, SABOTEUR)


@dataclass
class RoleScore:
    """Seat-rounds in one role (or OVERALL): gold pieces per round and wins."""

    gold: Mean  # n is the number of seat-rounds
    win: Proportion

    @property
    def rounds(self) -> int:
        return self.gold.n


@dataclass
class GoldBotSummary:
    by_role: dict[str, RoleScore]  # GOLD_ROLES the bot played, and OVERALL
    gold_per_game: float  # mean GP per seat-round, times three rounds
    rating: Rating
    belief_auc: float | None
    belief_rounds: int
    seconds_per_decision: float
    decisions: int
    cpu_per_decision: float = math.nan  # CPU seconds a decision (nan in older results)


@dataclass
class GoldHeadToHead:
    """A against B on the same seat of the same deal and round."""

    a: str
    b: str
    role: str  # the dealt role, or OVERALL
    gold: Mean  # of A's GP minus B's, pair by pair
    win: PairedDifference
    #: The GP difference with its interval clustered by deal (the seats and rounds
    #: of one deal are correlated: a team wins together, a theft moves a piece).
    by_deal: ByDeal | None = None

    @property
    def stronger(self) -> str | None:
        """The bot whose extra gold the interval shows (clustered by deal when there
        are two deals or more), or None when it includes 0."""
        low, high = self.gold.low, self.gold.high
        if self.by_deal is not None and not math.isnan(self.by_deal.low):
            low, high = self.by_deal.low, self.by_deal.high
        if low > 0:
            return self.a
        if high < 0:
            return self.b
        return None  # NaN bounds (a single pair) land here too


@dataclass
class GoldSummary:
    mode: str
    player_counts: list[int]
    bots: list[str]
    games: int
    rounds: int
    options: list[dict[str, Any]]
    by_role: dict[str, RoleScore]  # every seat-round of the run, by role
    per_bot: dict[str, GoldBotSummary]
    head_to_head: list[GoldHeadToHead] = field(default_factory=list)
    by_players: dict[int, dict[str, RoleScore]] = field(default_factory=dict)  # per bot, OVERALL
    edition: str = "saboteur2"


def seat_rounds(line: Line) -> list[tuple[str, str, float, bool]]:
    """(bot, role as the round ended, GP, won) for each seat of a round."""
    return [
        (seat["bot"], seat["final_role"], float(seat["gold"]), bool(seat["won"]))
        for seat in line["seats"]
    ]


class _Scores:
    """Gold and wins collected for one group of seat-rounds."""

    def __init__(self) -> None:
        self.gold: list[float] = []
        self.wins = 0

    def add(self, gold: float, won: bool) -> None:
        self.gold.append(gold)
        self.wins += won

    def score(self) -> RoleScore:
        return RoleScore(mean_interval(self.gold), wilson(self.wins, len(self.gold)))


def summarise_gold(lines: Sequence[Line], named_bots: Sequence[str] = ()) -> GoldSummary:
    """The numbers of a Saboteur 2 report; bots as named, then as they first appear."""
    if not lines:
        raise ValueError("no results to summarise")
    bots = bots_in(lines, named_bots)
    lines = sorted(lines, key=line_order)  # ratings depend on the order of rounds
    options: list[dict[str, Any]] = []
    for line in lines:
        if line["options"] not in options:
            options.append(line["options"])
    by_role = {role: _Scores() for role in GOLD_ROLES}
    for line in lines:
        for _, role, gold, won in seat_rounds(line):
            by_role[role].add(gold, won)
    return GoldSummary(
        mode=lines[0]["mode"],
        player_counts=sorted({line["players"] for line in lines}),
        bots=bots,
        games=sum(1 for line in lines if "game" in line),
        rounds=len(lines),
        options=options,
        by_role={role: scores.score() for role, scores in by_role.items()},
        per_bot=_per_bot(lines, bots),
        head_to_head=_head_to_head(lines, bots),
        by_players=_by_players(lines, bots),
        edition=lines[0].get("edition", "saboteur2"),  # the Duel's lines have this shape too
    )


def _per_bot(lines: Sequence[Line], bots: Sequence[str]) -> dict[str, GoldBotSummary]:
    scores = {bot: {role: _Scores() for role in (*GOLD_ROLES, OVERALL)} for bot in bots}
    seconds = dict.fromkeys(bots, 0.0)
    decisions = dict.fromkeys(bots, 0)
    cpu = dict.fromkeys(bots, 0.0)
    beliefs: dict[str, list[float]] = {bot: [] for bot in bots}
    for line in lines:
        for bot, role, gold, won in seat_rounds(line):
            scores[bot][role].add(gold, won)
            scores[bot][OVERALL].add(gold, won)
        for bot, timing in line["decision_time"].items():
            seconds[bot] += timing["seconds"]
            cpu[bot] += timing.get("cpu_seconds", math.nan)
            decisions[bot] += timing["decisions"]
        for seat, score in enumerate(belief_scores(_as_ended(line))):
            if score is not None:
                beliefs[line["seats"][seat]["bot"]].append(score)
    ratings = rate_seats_by_gold(lines, bots)
    summaries = {}
    for bot in bots:
        by_role = {role: s.score() for role, s in scores[bot].items() if s.gold or role == OVERALL}
        summaries[bot] = GoldBotSummary(
            by_role=by_role,
            gold_per_game=ROUNDS_PER_GAME * by_role[OVERALL].gold.mean,
            rating=ratings[bot],
            belief_auc=sum(beliefs[bot]) / len(beliefs[bot]) if beliefs[bot] else None,
            belief_rounds=len(beliefs[bot]),
            seconds_per_decision=seconds[bot] / decisions[bot] if decisions[bot] else math.nan,
            decisions=decisions[bot],
            cpu_per_decision=cpu[bot] / decisions[bot] if decisions[bot] else math.nan,
        )
    return summaries


def _as_ended(line: Line) -> Line:
    """The line with each seat's role as the round ended, which is what a bot's
    saboteur probabilities are scored against (a saboteur by then is one)."""
    seats = [{**seat, "role": seat["final_role"]} for seat in line["seats"]]
    return {**line, "seats": seats}


def _head_to_head(lines: Iterable[Line], bots: Sequence[str]) -> list[GoldHeadToHead]:
    """Every two bots compared on the same seat of the same deal and round."""
    played: dict[tuple[Any, ...], dict[str, tuple[float, bool]]] = defaultdict(dict)
    dealt: dict[tuple[Any, ...], str] = {}
    for line in lines:
        for number, seat in enumerate(line["seats"]):
            key = (line["players"], line["game_seed"], line["round"], number)
            played[key][seat["bot"]] = (float(seat["gold"]), bool(seat["won"]))
            dealt[key] = seat["role"]
    results = []
    for a, b in combinations(bots, 2):
        gold: dict[str, list[float]] = {role: [] for role in (*GOLD_ROLES, OVERALL)}
        by_deal: dict[str, dict[Any, list[float]]] = defaultdict(lambda: defaultdict(list))
        wins = {role: [0, 0] for role in (*GOLD_ROLES, OVERALL)}  # only a won, only b won
        for key, by_bot in played.items():
            if a not in by_bot or b not in by_bot:
                continue
            (gold_a, won_a), (gold_b, won_b) = by_bot[a], by_bot[b]
            for role in (dealt[key], OVERALL):
                gold[role].append(gold_a - gold_b)
                by_deal[role][key[:2]].append(gold_a - gold_b)
                wins[role][0] += won_a and not won_b
                wins[role][1] += won_b and not won_a
        for role, differences in gold.items():
            if differences:
                only_a, only_b = wins[role]
                win = paired_difference(only_a, only_b, len(differences))
                clustered = mean_by_deal(list(by_deal[role].values()))
                results.append(
                    GoldHeadToHead(a, b, role, mean_interval(differences), win, clustered)
                )
    return results


def _by_players(lines: Sequence[Line], bots: Sequence[str]) -> dict[int, dict[str, RoleScore]]:
    table = {}
    for players in sorted({line["players"] for line in lines}):
        scores = {bot: _Scores() for bot in bots}
        for line in lines:
            if line["players"] == players:
                for bot, _, gold, won in seat_rounds(line):
                    scores[bot].add(gold, won)
        table[players] = {bot: s.score() for bot, s in scores.items()}
    return table
