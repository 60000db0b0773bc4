"""From round results lines to the numbers of the report (pure computation).

A *trial* is one bot's play of one role in one round, and it is won when that
role's team wins the round:

- ``teams`` mode: the slot is the whole team, so a round gives one miner trial
  to the miners' bot and (if anyone is a saboteur) one saboteur trial to the
  saboteurs' bot, however many seats each held;
- ``seats`` mode: the slot is a seat, so a round gives one trial per seat.
  Seats of one team share the round's outcome, so these trials are not
  independent and the intervals are somewhat too narrow.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any

from ..rules import MINER, MINERS, SABOTEUR, SABOTEURS
from .ratings import Rating, rate_rounds
from .results import line_order
from .schedule import SEATS
from .stats import (
    ByDeal,
    PairedDifference,
    Proportion,
    auc,
    paired_by_deal,
    paired_difference,
    rate_by_deal,
    wilson,
)

Line = dict[str, Any]
ROLES = (MINER, SABOTEUR)
OVERALL = "overall"
# How the report and the plots name each role a bot is scored in.
ROLE_TITLES = {MINER: "as miner", SABOTEUR: "as saboteur", OVERALL: "overall"}
ROUNDS_PER_GAME = 3


@dataclass
class Tally:
    wins: int = 0
    trials: int = 0

    def add(self, won: bool) -> None:
        self.wins += won
        self.trials += 1

    def proportion(self) -> Proportion:
        return wilson(self.wins, self.trials)


@dataclass
class BotSummary:
    win: dict[str, Proportion]  # by role, and OVERALL
    nuggets_per_game: float  # per seat it played, over a 3-round game
    rating: Rating
    belief_auc: float | None  # mean AUC over the rounds it could be measured in
    belief_rounds: int
    seconds_per_decision: float
    decisions: int
    #: CPU seconds a decision (``nan`` for results written before CPU time was kept).
    cpu_per_decision: float = math.nan
    #: The win rate by role with a 95% interval clustered by deal (players, seed).
    win_by_deal: dict[str, ByDeal] = field(default_factory=dict)


@dataclass
class CellSummary:
    miners: str
    saboteurs: str
    miners_win: Proportion


@dataclass
class HeadToHead:
    a: str
    b: str
    role: str  # MINER, SABOTEUR or OVERALL
    difference: PairedDifference
    #: The same difference with its interval clustered by deal: the pairs of one deal
    #: (its three rounds, and every cell that played it) count as one draw.
    by_deal: ByDeal | None = None

    @property
    def stronger(self) -> str | None:
        """The bot whose advantage the interval shows, or None when it includes 0; the
        interval clustered by deal when there is one."""
        if self.by_deal is not None and not math.isnan(self.by_deal.low):
            low, high = self.by_deal.low, self.by_deal.high
            return self.a if low > 0 else self.b if high < 0 else None
        return {1: self.a, -1: self.b}.get(self.difference.verdict)


@dataclass
class Summary:
    mode: str
    player_counts: list[int]
    bots: list[str]
    games: int
    rounds: int
    options: list[dict[str, Any]]
    per_bot: dict[str, BotSummary]
    cells: list[CellSummary] = field(default_factory=list)
    head_to_head: list[HeadToHead] = field(default_factory=list)
    by_players: dict[int, dict[str, dict[str, Proportion]]] = field(default_factory=dict)


def won(role: str, winner: str) -> bool:
    return (winner == MINERS) if role == MINER else (winner == SABOTEURS)


def trials_of(line: Line) -> list[tuple[str, str, bool, tuple[Any, ...]]]:
    """(bot, role, won, pairing key) for each trial of a round.

    The pairing key names what is held equal when two bots are compared: in
    ``teams`` mode the deal, the round, the role and the opposing bot; in
    ``seats`` mode the deal, the round and the seat.
    """
    deal = (line["players"], line["game_seed"], line["round"])
    winner = line["winner"]
    if line["mode"] == SEATS:
        return [
            (seat["bot"], seat["role"], won(seat["role"], winner), (*deal, number))
            for number, seat in enumerate(line["seats"])
        ]
    cell = line["cell"]
    roles = {seat["role"] for seat in line["seats"]}
    trials = [(cell["miners"], MINER, won(MINER, winner), (*deal, MINER, cell["saboteurs"]))]
    if SABOTEUR in roles:
        trials.append(
            (cell["saboteurs"], SABOTEUR, won(SABOTEUR, winner), (*deal, SABOTEUR, cell["miners"]))
        )
    return trials


def bots_in(lines: Iterable[Line], named: Sequence[str] = ()) -> list[str]:
    """``named`` first, then any other bot in the order it first appears."""
    found = dict.fromkeys(named)
    for line in lines:
        found.update(dict.fromkeys(seat["bot"] for seat in line["seats"]))
    return list(found)


def summarise(lines: Sequence[Line], named_bots: Sequence[str] = ()) -> Summary:
    """The numbers of the report; bots are listed as named, then as they first appear."""
    if not lines:
        raise ValueError("no results to summarise")
    bots = bots_in(lines, named_bots)
    lines = sorted(lines, key=line_order)  # ratings depend on the order of rounds
    modes = {line["mode"] for line in lines}
    if len(modes) > 1:
        raise ValueError(f"results mix modes ({', '.join(sorted(modes))}); report them apart")
    options: list[dict[str, Any]] = []
    for line in lines:
        if line["options"] not in options:
            options.append(line["options"])
    return Summary(
        mode=modes.pop(),
        player_counts=sorted({line["players"] for line in lines}),
        bots=bots,
        games=sum(1 for line in lines if "game" in line),
        rounds=len(lines),
        options=options,
        per_bot=_per_bot(lines, bots),
        cells=_cells(lines),
        head_to_head=_head_to_head(lines, bots),
        by_players=_by_players(lines, bots),
    )


def _win_tallies(lines: Iterable[Line], bots: Sequence[str]) -> dict[str, dict[str, Tally]]:
    tallies = {bot: {role: Tally() for role in (*ROLES, OVERALL)} for bot in bots}
    for line in lines:
        for bot, role, victory, _ in trials_of(line):
            tallies[bot][role].add(victory)
            tallies[bot][OVERALL].add(victory)
    return tallies


def _per_bot(lines: Sequence[Line], bots: Sequence[str]) -> dict[str, BotSummary]:
    tallies = _win_tallies(lines, bots)
    ratings = rate_rounds(lines, bots)
    gold = dict.fromkeys(bots, 0)
    seat_rounds = dict.fromkeys(bots, 0)
    seconds = dict.fromkeys(bots, 0.0)
    cpu = dict.fromkeys(bots, 0.0)
    decisions = dict.fromkeys(bots, 0)
    beliefs: dict[str, list[float]] = {bot: [] for bot in bots}
    by_deal = _wins_by_deal(lines)
    for line in lines:
        for seat, nuggets in zip(line["seats"], line["gold"], strict=True):
            gold[seat["bot"]] += nuggets
            seat_rounds[seat["bot"]] += 1
        for bot, timing in line["decision_time"].items():
            seconds[bot] += timing["seconds"]
            cpu[bot] += timing.get("cpu_seconds", math.nan)
            decisions[bot] += timing["decisions"]
        for seat, score in enumerate(belief_scores(line)):
            if score is not None:
                beliefs[line["seats"][seat]["bot"]].append(score)
    return {
        bot: BotSummary(
            win={role: tally.proportion() for role, tally in tallies[bot].items()},
            nuggets_per_game=_ratio(ROUNDS_PER_GAME * gold[bot], seat_rounds[bot]),
            rating=ratings[bot],
            belief_auc=sum(beliefs[bot]) / len(beliefs[bot]) if beliefs[bot] else None,
            belief_rounds=len(beliefs[bot]),
            seconds_per_decision=_ratio(seconds[bot], decisions[bot]),
            decisions=decisions[bot],
            cpu_per_decision=_ratio(cpu[bot], decisions[bot]),
            win_by_deal={
                role: rate_by_deal(list(deals.values())) for role, deals in by_deal[bot].items()
            },
        )
        for bot in bots
    }


def deal_of(line: Line) -> tuple[int, int]:
    """The cluster a round belongs to: its deal (every cell plays the same deals)."""
    return (line["players"], line["game_seed"])


def _wins_by_deal(lines: Iterable[Line]) -> dict[str, dict[str, dict[Any, list[float]]]]:
    """Per bot and role (and OVERALL), each deal's trials as 1 (won) or 0."""
    found: dict[str, dict[str, dict[Any, list[float]]]] = defaultdict(
        lambda: defaultdict(lambda: defaultdict(list))
    )
    for line in lines:
        for bot, role, victory, _ in trials_of(line):
            for slot in (role, OVERALL):
                found[bot][slot][deal_of(line)].append(1.0 if victory else 0.0)
    return found


def belief_scores(line: Line) -> list[float | None]:
    """Per seat, the AUC of its bot's saboteur probabilities for the *other* seats
    against their true roles; None where the bot gave none or where all other
    seats share a role (nothing to tell apart)."""
    roles = [seat["role"] for seat in line["seats"]]
    scores: list[float | None] = []
    for seat, probabilities in enumerate(line.get("saboteur_probabilities") or []):
        if probabilities is None:
            scores.append(None)
            continue
        others = [other for other in range(len(roles)) if other != seat]
        positives = [probabilities[o] for o in others if roles[o] == SABOTEUR]
        negatives = [probabilities[o] for o in others if roles[o] != SABOTEUR]
        scores.append(auc(positives, negatives) if positives and negatives else None)
    return scores


def _cells(lines: Iterable[Line]) -> list[CellSummary]:
    """Teams mode: how often the miners win, per (miners' bot, saboteurs' bot)."""
    tallies: dict[tuple[str, str], Tally] = {}
    for line in lines:
        if line["mode"] == SEATS:
            return []
        cell = (line["cell"]["miners"], line["cell"]["saboteurs"])
        tallies.setdefault(cell, Tally()).add(line["winner"] == MINERS)
    return [CellSummary(m, s, tally.proportion()) for (m, s), tally in tallies.items()]


def _head_to_head(lines: Iterable[Line], bots: Sequence[str]) -> list[HeadToHead]:
    """Every two bots compared on the same deals, the same round and the same place."""
    outcomes: dict[tuple[Any, ...], dict[str, bool]] = defaultdict(dict)
    role_of: dict[tuple[Any, ...], str] = {}
    for line in lines:
        for bot, role, victory, key in trials_of(line):
            outcomes[key][bot] = victory
            role_of[key] = role
    results = []
    for a, b in combinations(bots, 2):
        counts = {role: [0, 0, 0] for role in (*ROLES, OVERALL)}  # only a, only b, pairs
        # per role, per deal (players, seed: the key's first two), each pair's a - b
        deals: dict[str, dict[Any, list[float]]] = defaultdict(lambda: defaultdict(list))
        for key, by_bot in outcomes.items():
            if a not in by_bot or b not in by_bot:
                continue
            for role in (role_of[key], OVERALL):
                counts[role][0] += by_bot[a] and not by_bot[b]
                counts[role][1] += by_bot[b] and not by_bot[a]
                counts[role][2] += 1
                deals[role][key[:2]].append(float(by_bot[a]) - float(by_bot[b]))
        for role, (only_a, only_b, pairs) in counts.items():
            if pairs:
                clustered = paired_by_deal(list(deals[role].values()))
                difference = paired_difference(only_a, only_b, pairs)
                results.append(HeadToHead(a, b, role, difference, clustered))
    return results


def _by_players(
    lines: Sequence[Line], bots: Sequence[str]
) -> dict[int, dict[str, dict[str, Proportion]]]:
    table = {}
    for players in sorted({line["players"] for line in lines}):
        tallies = _win_tallies((line for line in lines if line["players"] == players), bots)
        table[players] = {
            bot: {role: tally.proportion() for role, tally in by_role.items()}
            for bot, by_role in tallies.items()
        }
    return table


def _ratio(numerator: float, denominator: float) -> float:
    return numerator / denominator if denominator else math.nan
