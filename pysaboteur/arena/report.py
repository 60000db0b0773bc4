"""The arena's report: tables on the terminal (Rich), ``summary.md`` and ``summary.json``.

The tables are built once as plain text rows and then drawn twice, with Rich
for the terminal and as Markdown for the file, so the two always agree.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

from .gold_summary import GoldBotSummary, GoldSummary
from .schedule import SEATS
from .stats import ByDeal, Proportion
from .summary import ROLE_TITLES, BotSummary, HeadToHead, Summary

#: A base game's summary or a Saboteur 2 one (``gold_report`` draws the latter's tables).
AnySummary = Summary | GoldSummary


@dataclass
class TextTable:
    title: str
    headers: list[str]
    rows: list[list[str]]
    note: str = ""


def percent(value: float) -> str:
    return "-" if math.isnan(value) else f"{100 * value:.1f}%"


def proportion_text(p: Proportion) -> str:
    """``52.3% (47.1-57.4) n=400``: the rate, its Wilson 95% interval, the trials."""
    if not p.trials:
        return "-"
    return f"{100 * p.rate:.1f}% ({100 * p.low:.1f}-{100 * p.high:.1f}) n={p.trials}"


def number(value: float | None, digits: int = 2) -> str:
    return "-" if value is None or math.isnan(value) else f"{value:.{digits}f}"


def difference_text(match: HeadToHead) -> str:
    d = match.difference
    return f"{100 * d.mean:+.1f} ({100 * d.low:+.1f} to {100 * d.high:+.1f})"


def clustered_text(value: ByDeal | None) -> str:
    """``(45.0-59.6) deals=100 deff=1.32``: a rate's interval clustered by deal."""
    if value is None or not value.n:
        return "-"
    effect = "-" if math.isnan(value.design_effect) else f"{value.design_effect:.2f}"
    return f"({100 * value.low:.1f}-{100 * value.high:.1f}) deals={value.deals} deff={effect}"


def by_deal_text(match: HeadToHead) -> str:
    d = match.by_deal
    if d is None or math.isnan(d.low):
        return "-"
    return f"{100 * d.low:+.1f} to {100 * d.high:+.1f}"


def stronger_text(match: HeadToHead) -> str:
    return match.stronger or "not clear"


def text_tables(summary: Summary) -> list[TextTable]:
    bots = summary.bots
    tables = [
        TextTable(
            "Win rate per bot and role",
            ["bot", *ROLE_TITLES.values()],
            [
                [bot, *(proportion_text(summary.per_bot[bot].win[role]) for role in ROLE_TITLES)]
                for bot in bots
            ],
            "Rate (Wilson 95% interval) and trials; a trial is one bot's play of one role "
            "in one round"
            + (" (one per seat in seats mode)" if summary.mode == SEATS else "")
            + ".",
        ),
        TextTable(
            "Ratings, gold, beliefs and time per bot",
            [
                "bot",
                "ordinal",
                "mu",
                "sigma",
                "nuggets/game",
                "belief AUC",
                "ms/decision",
                "CPU ms/decision",
            ],
            [_bot_row(summary, bot) for bot in bots],
            "OpenSkill Plackett-Luce, miners vs saboteurs each round; ordinal = mu - 3 sigma. "
            "Nuggets per seat the bot played, per 3-round game. Belief AUC: how well its "
            "saboteur probabilities at round end rank the other seats (0.5 = chance). "
            "ms/decision is wall time; CPU ms/decision the bot's own CPU time (its thread, "
            "and its program's for a subprocess bot), which a busy machine does not inflate.",
        ),
        TextTable(
            "Win rate per bot and role, clustered by deal",
            ["bot", *ROLE_TITLES.values()],
            [
                [
                    bot,
                    *(
                        clustered_text(summary.per_bot[bot].win_by_deal.get(role))
                        for role in ROLE_TITLES
                    ),
                ]
                for bot in bots
            ],
            "The rates above with 95% intervals clustered by deal: the rounds of a game and "
            "the cells played on one deal are correlated, so the trials count n / deff times "
            "(deff: the design effect, cluster-robust variance over deals / independent "
            "variance; below 1 taken as 1) in the Wilson interval.",
        ),
    ]
    if summary.cells:
        tables.append(
            TextTable(
                "Miners' win rate per cell (rows: miners' bot, columns: saboteurs' bot)",
                ["miners \\ saboteurs", *bots],
                [
                    [miner, *(_cell_text(summary, miner, saboteur) for saboteur in bots)]
                    for miner in bots
                    if any(cell.miners == miner for cell in summary.cells)
                ],
                "Every cell plays the same deals (same seeds): differences come from play.",
            )
        )
    if summary.head_to_head:
        tables.append(
            TextTable(
                "Head to head on the same deals",
                [
                    "A",
                    "B",
                    "role",
                    "pairs",
                    "only A won",
                    "only B won",
                    "A - B",
                    "95% by deal",
                    "stronger",
                ],
                [
                    [
                        m.a,
                        m.b,
                        m.role,
                        str(m.difference.pairs),
                        str(m.difference.only_a),
                        str(m.difference.only_b),
                        difference_text(m),
                        by_deal_text(m),
                        stronger_text(m),
                    ]
                    for m in summary.head_to_head
                ],
                "A - B: A's win rate minus B's on the same deals, in percentage points, "
                "with its 95% interval (Bonett-Price, pairs as independent); 95% by deal: the "
                "same with the pairs counted n / deff times (deff measured over deals, as "
                "above); a bot is stronger when the interval by deal excludes 0.",
            )
        )
    if len(summary.by_players) > 1:
        tables.append(
            TextTable(
                "Win rate by player count",
                ["bot", "role", *(f"{players} players" for players in summary.by_players)],
                [
                    [
                        bot,
                        ROLE_TITLES[role],
                        *(
                            proportion_text(by_bot[bot][role]) if role in by_bot[bot] else "-"
                            for by_bot in summary.by_players.values()
                        ),
                    ]
                    for bot in bots
                    for role in ROLE_TITLES
                ],
                "In self-play (one bot) the overall rate is 50% by construction; "
                "the miners' rate shows how balanced the teams are.",
            )
        )
    return tables


def _bot_row(summary: Summary, bot: str) -> list[str]:
    entry = summary.per_bot[bot]
    return bot_row(bot, entry, entry.nuggets_per_game)


def bot_row(bot: str, entry: BotSummary | GoldBotSummary, gold_per_game: float) -> list[str]:
    """A bot's line of the ratings table: rating, gold per game, beliefs, time."""
    belief = "-" if entry.belief_auc is None else f"{entry.belief_auc:.3f} n={entry.belief_rounds}"
    return [
        bot,
        number(entry.rating.ordinal),
        number(entry.rating.mu),
        number(entry.rating.sigma),
        number(gold_per_game),
        belief,
        number(1000 * entry.seconds_per_decision, 3),
        number(1000 * entry.cpu_per_decision, 3),
    ]


def _cell_text(summary: Summary, miner: str, saboteur: str) -> str:
    for cell in summary.cells:
        if (cell.miners, cell.saboteurs) == (miner, saboteur):
            return proportion_text(cell.miners_win)
    return ""


def headline(summary: Summary) -> str:
    counts = ", ".join(str(players) for players in summary.player_counts)
    return (
        f"{summary.games} games, {summary.rounds} rounds, {counts} players, "
        f"{summary.mode} mode, bots: {', '.join(summary.bots)}"
    )


def _tables_and_headline(summary: AnySummary) -> tuple[list[TextTable], str]:
    if isinstance(summary, GoldSummary):
        # imported here: gold_report builds on this module's helpers
        from .gold_report import gold_headline, gold_text_tables

        return gold_text_tables(summary), gold_headline(summary)
    return text_tables(summary), headline(summary)


def print_report(summary: AnySummary, console: Console) -> None:
    tables, title = _tables_and_headline(summary)
    console.print(f"[bold]arena[/]: {title}")
    for text in tables:
        table = Table(title=text.title, caption=text.note or None, title_justify="left")
        for index, header in enumerate(text.headers):
            table.add_column(header, justify="left" if index == 0 else "right")
        for row in text.rows:
            table.add_row(*row)
        console.print(table)


def markdown(summary: AnySummary, plots: list[str]) -> str:
    tables, title = _tables_and_headline(summary)
    parts = [f"# Arena results\n\n{title}.\n"]
    for text in tables:
        parts.append(f"## {text.title}\n")
        parts.append("| " + " | ".join(text.headers) + " |")
        parts.append("|" + "---|" * len(text.headers))
        parts.extend("| " + " | ".join(row) + " |" for row in text.rows)
        if text.note:
            parts.append(f"\n{text.note}")
        parts.append("")
    if plots:
        parts.append("## Plots\n")
        parts.extend(f"![{name}]({name})\n" for name in plots)
    return "\n".join(parts)


def _proportion_json(p: Proportion) -> dict[str, Any]:
    return {
        "wins": p.wins,
        "trials": p.trials,
        "rate": _finite(p.rate),
        "low": p.low,
        "high": p.high,
    }


def _finite(value: float | None) -> float | None:
    return None if value is None or math.isnan(value) else value


def clustered_json(value: ByDeal) -> dict[str, Any]:
    return {
        "low": _finite(value.low),
        "high": _finite(value.high),
        "deals": value.deals,
        "n": value.n,
        "design_effect": _finite(value.design_effect),
        "effective_n": value.effective,
    }


def summary_json(summary: Summary) -> dict[str, Any]:
    return {
        "mode": summary.mode,
        "players": summary.player_counts,
        "bots": summary.bots,
        "games": summary.games,
        "rounds": summary.rounds,
        "options": summary.options,
        "per_bot": {
            bot: {
                "win": {role: _proportion_json(p) for role, p in entry.win.items()},
                "rating": {
                    "mu": entry.rating.mu,
                    "sigma": entry.rating.sigma,
                    "ordinal": entry.rating.ordinal,
                    "rounds": entry.rating.rounds,
                },
                "nuggets_per_game": _finite(entry.nuggets_per_game),
                "belief_auc": entry.belief_auc,
                "belief_rounds": entry.belief_rounds,
                "seconds_per_decision": _finite(entry.seconds_per_decision),
                "cpu_seconds_per_decision": _finite(entry.cpu_per_decision),
                "decisions": entry.decisions,
                "win_by_deal": {
                    role: clustered_json(value) for role, value in entry.win_by_deal.items()
                },
            }
            for bot, entry in summary.per_bot.items()
        },
        "cells": [
            {
                "miners": cell.miners,
                "saboteurs": cell.saboteurs,
                "miners_win": _proportion_json(cell.miners_win),
            }
            for cell in summary.cells
        ],
        "head_to_head": [
            {
                "a": m.a,
                "b": m.b,
                "role": m.role,
                "pairs": m.difference.pairs,
                "only_a": m.difference.only_a,
                "only_b": m.difference.only_b,
                "difference": m.difference.mean,
                "low": m.difference.low,
                "high": m.difference.high,
                "by_deal": None if m.by_deal is None else clustered_json(m.by_deal),
                "stronger": m.stronger,
            }
            for m in summary.head_to_head
        ],
        "by_players": {
            str(players): {
                bot: {role: _proportion_json(p) for role, p in by_role.items()}
                for bot, by_role in by_bot.items()
            }
            for players, by_bot in summary.by_players.items()
        },
    }


def write_report(out: Path, summary: AnySummary, plots: list[str]) -> None:
    if isinstance(summary, GoldSummary):
        from .gold_report import gold_summary_json

        numbers = gold_summary_json(summary)
    else:
        numbers = summary_json(summary)
    (out / "summary.json").write_text(json.dumps(numbers, indent=1) + "\n")
    (out / "summary.md").write_text(markdown(summary, plots))
