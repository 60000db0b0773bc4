"""Saboteur 2's report: the tables of a :class:`~.gold_summary.GoldSummary` and its
``summary.json``.  :mod:`.report` draws them, on the terminal and as Markdown,
as it draws the base game's."""

from __future__ import annotations

import math
from typing import Any

from ..rules.editions import find_edition
from .gold_summary import GOLD_ROLES, GoldHeadToHead, GoldSummary, RoleScore
from .report import TextTable, _finite, _proportion_json, bot_row, clustered_json
from .stats import Mean, Proportion
from .summary import OVERALL


def roles_of(summary: GoldSummary) -> tuple[str, ...]:
    """The roles a report lists: Saboteur 2's, or the Duel's two colours."""
    return ("green", "blue") if summary.edition == "duel" else GOLD_ROLES


def mean_text(m: Mean, signed: bool = False) -> str:
    """``1.23 (1.05, 1.41)``: a mean with its 95% t interval (``-`` with no values;
    the mean alone from a single value).  A comma, not a dash: bounds may be negative."""
    if not m.n:
        return "-"
    sign = "+" if signed else ""
    if math.isnan(m.low):
        return f"{m.mean:{sign}.2f}"
    return f"{m.mean:{sign}.2f} ({m.low:{sign}.2f}, {m.high:{sign}.2f})"


def rate_text(p: Proportion) -> str:
    """``52.3% (47.1-57.4)``: the rate and its Wilson interval; the table's rounds
    column gives the trials, so they are not repeated here."""
    if not p.trials:
        return "-"
    return f"{100 * p.rate:.1f}% ({100 * p.low:.1f}-{100 * p.high:.1f})"


def _role_row(score: RoleScore) -> list[str]:
    return [str(score.rounds), mean_text(score.gold), rate_text(score.win)]


def _win_difference_text(match: GoldHeadToHead) -> str:
    d = match.win
    return f"{100 * d.mean:+.1f} ({100 * d.low:+.1f}, {100 * d.high:+.1f})"


def _by_deal_text(match: GoldHeadToHead) -> str:
    d = match.by_deal
    if d is None or math.isnan(d.low):
        return "-"
    return f"{d.low:+.2f} to {d.high:+.2f}"


def gold_headline(summary: GoldSummary) -> str:
    counts = ", ".join(str(players) for players in summary.player_counts)
    return (
        f"{find_edition(summary.edition).title}, {summary.games} games, "
        f"{summary.rounds} rounds, {counts} players, "
        f"{summary.mode} mode, bots: {', '.join(summary.bots)}"
    )


def gold_text_tables(summary: GoldSummary) -> list[TextTable]:
    bots = summary.bots
    scored = (
        "Rounds: seat-rounds played in the role. GP/round: mean gold pieces per seat-round "
        "(95% t interval). Win rate: share of "
    )
    tables = [
        TextTable(
            "Gold pieces and wins per role",
            ["role", "rounds", "GP/round", "win rate"],
            [[role, *_role_row(summary.by_role[role])] for role in roles_of(summary)],
            scored + "seat-rounds among the round's winners (Wilson 95% interval). "
            "A seat counts in the role it held as the round ended.",
        ),
        TextTable(
            "Gold pieces and wins per bot and role",
            ["bot", "role", "rounds", "GP/round", "win rate"],
            [
                [bot, role, *_role_row(entry.by_role[role])]
                for bot in bots
                for entry in (summary.per_bot[bot],)
                for role in (*roles_of(summary), OVERALL)
                if role in entry.by_role
            ],
        ),
        TextTable(
            "Ratings, gold, beliefs and time per bot",
            [
                "bot",
                "ordinal",
                "mu",
                "sigma",
                "GP/game",
                "belief AUC",
                "ms/decision",
                "CPU ms/decision",
            ],
            [_bot_row(summary, bot) for bot in bots],
            "OpenSkill Plackett-Luce, every round a free-for-all of its seats ranked by GP; "
            "ordinal = mu - 3 sigma. GP per seat the bot played, per 3-round game. Belief "
            "AUC: how well its saboteur probabilities at round end rank the other seats.",
        ),
    ]
    if summary.head_to_head:
        tables.append(
            TextTable(
                "Head to head on the same deals",
                [
                    "A",
                    "B",
                    "dealt role",
                    "pairs",
                    "A - B GP/round",
                    "95% by deal",
                    "A - B win",
                    "stronger",
                ],
                [
                    [
                        m.a,
                        m.b,
                        m.role,
                        str(m.gold.n),
                        mean_text(m.gold, signed=True),
                        _by_deal_text(m),
                        _win_difference_text(m),
                        m.stronger or "not clear",
                    ]
                    for m in summary.head_to_head
                ],
                "Pairs: the same seat of the same deal and round, played by A and by B. "
                "A - B GP/round: the mean of A's gold pieces minus B's (95% t interval); "
                "A - B win: difference of win rates in percentage points (Bonett-Price); "
                "95% by deal: the GP interval with deals as the independent draws "
                "(cluster-robust, never narrower than the t interval); a bot is stronger "
                "when that interval excludes 0 (the t interval with a single deal).",
            )
        )
    if len(summary.by_players) > 1:
        tables.append(
            TextTable(
                "Gold pieces per round by player count",
                ["bot", *(f"{players} players" for players in summary.by_players)],
                [
                    [bot, *(mean_text(by_bot[bot].gold) for by_bot in summary.by_players.values())]
                    for bot in bots
                ],
                "Mean GP per seat-round, every role, with its 95% t interval.",
            )
        )
    return tables


def _bot_row(summary: GoldSummary, bot: str) -> list[str]:
    entry = summary.per_bot[bot]
    return bot_row(bot, entry, entry.gold_per_game)


def _mean_json(m: Mean) -> dict[str, Any]:
    return {
        "n": m.n,
        "mean": _finite(m.mean),
        "sd": _finite(m.sd),
        "low": _finite(m.low),
        "high": _finite(m.high),
    }


def _score_json(score: RoleScore) -> dict[str, Any]:
    return {
        "rounds": score.rounds,
        "gold": _mean_json(score.gold),
        "win": _proportion_json(score.win),
    }


def gold_summary_json(summary: GoldSummary) -> dict[str, Any]:
    return {
        "edition": summary.edition,
        "mode": summary.mode,
        "players": summary.player_counts,
        "bots": summary.bots,
        "games": summary.games,
        "rounds": summary.rounds,
        "options": summary.options,
        "by_role": {role: _score_json(score) for role, score in summary.by_role.items()},
        "per_bot": {
            bot: {
                "by_role": {role: _score_json(score) for role, score in entry.by_role.items()},
                "rating": {
                    "mu": entry.rating.mu,
                    "sigma": entry.rating.sigma,
                    "ordinal": entry.rating.ordinal,
                    "rounds": entry.rating.rounds,
                },
                "gold_per_game": _finite(entry.gold_per_game),
                "belief_auc": entry.belief_auc,
                "belief_rounds": entry.belief_rounds,
                "seconds_per_decision": _finite(entry.seconds_per_decision),
                "decisions": entry.decisions,
            }
            for bot, entry in summary.per_bot.items()
        },
        "head_to_head": [
            {
                "a": m.a,
                "b": m.b,
                "role": m.role,
                "pairs": m.gold.n,
                "gold_difference": _mean_json(m.gold),
                "only_a_won": m.win.only_a,
                "only_b_won": m.win.only_b,
                "win_difference": _finite(m.win.mean),
                "win_low": _finite(m.win.low),
                "win_high": _finite(m.win.high),
                "gold_by_deal": None if m.by_deal is None else clustered_json(m.by_deal),
                "stronger": m.stronger,
            }
            for m in summary.head_to_head
        ],
        "by_players": {
            str(players): {bot: _score_json(score) for bot, score in by_bot.items()}
            for players, by_bot in summary.by_players.items()
        },
    }
