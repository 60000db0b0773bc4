"""PNG plots of a summary with Matplotlib (Agg backend: no display needed)."""

from __future__ import annotations

import math
from collections.abc import Callable
from pathlib import Path
from typing import Any

from .gold_summary import GOLD_ROLES, GoldSummary, RoleScore
from .stats import Mean, Proportion
from .summary import OVERALL, ROLE_TITLES, Summary

BY_ROLE = "win-rate-by-role.png"
BY_CELL = "miners-win-by-cell.png"
BY_PLAYERS = "win-rate-by-players.png"
#: Saboteur 2's plots (its win rates by role go to BY_ROLE).
GOLD_BY_ROLE = "gold-by-role.png"
GOLD_BY_PLAYERS = "gold-by-players.png"


def _pyplot() -> Any:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def _save(plt: Any, figure: Any, path: Path) -> None:
    # Cropped to what is drawn, not laid out to the figure's size: a long bot spec on
    # an axis (a subprocess bot's command) fits where tight_layout gives up on it.
    figure.savefig(path, dpi=100, bbox_inches="tight")
    plt.close(figure)


def _error(p: Proportion) -> tuple[float, float]:
    """Distances from the rate down to the interval's low end and up to its high end."""
    if not p.trials:
        return (0.0, 0.0)
    return (p.rate - p.low, p.high - p.rate)


def _rate(p: Proportion) -> float:
    return p.rate if p.trials else math.nan


def plot_by_role(summary: Summary, path: Path) -> None:
    plt = _pyplot()
    bots = summary.bots
    width = 0.8 / len(ROLE_TITLES)
    figure, axes = plt.subplots(figsize=(max(5.0, 1.8 * len(bots) + 2), 4))
    for offset, (role, label) in enumerate(ROLE_TITLES.items()):
        proportions = [summary.per_bot[bot].win[role] for bot in bots]
        errors = list(zip(*(_error(p) for p in proportions), strict=True))
        axes.bar(
            [index + (offset - 1) * width for index in range(len(bots))],
            [_rate(p) for p in proportions],
            width,
            yerr=errors,
            capsize=4,
            label=label,
        )
    axes.set_xticks(range(len(bots)), bots)
    axes.set_ylim(0, 1)
    axes.set_ylabel("rounds won")
    axes.set_title("Win rate by role (Wilson 95% intervals)")
    axes.legend()
    _save(plt, figure, path)


def plot_by_cell(summary: Summary, path: Path) -> None:
    """Teams mode: a grid of the miners' win rate, miners' bot by saboteurs' bot."""
    plt = _pyplot()
    bots = summary.bots
    grid = [[math.nan] * len(bots) for _ in bots]
    for cell in summary.cells:
        grid[bots.index(cell.miners)][bots.index(cell.saboteurs)] = _rate(cell.miners_win)
    size = 2.0 + 1.4 * len(bots)
    figure, axes = plt.subplots(figsize=(size + 1, size))
    image = axes.imshow(grid, vmin=0, vmax=1, cmap="RdYlGn")
    for cell in summary.cells:
        p = cell.miners_win
        axes.text(
            bots.index(cell.saboteurs),
            bots.index(cell.miners),
            f"{100 * p.rate:.0f}%\n({100 * p.low:.0f}-{100 * p.high:.0f})",
            ha="center",
            va="center",
            fontsize=9,
            # dark ends of the colour map need light text
            color="white" if p.rate < 0.2 or p.rate > 0.85 else "black",
        )
    axes.set_xticks(range(len(bots)), bots)
    axes.set_yticks(range(len(bots)), bots)
    axes.set_xlabel("saboteurs' bot")
    axes.set_ylabel("miners' bot")
    axes.set_title("Miners' win rate per cell")
    figure.colorbar(image, ax=axes, fraction=0.046)
    _save(plt, figure, path)


def plot_by_players(summary: Summary, path: Path) -> None:
    """Win rate against the number of players, one panel per role, one line per bot."""
    plt = _pyplot()
    counts = list(summary.by_players)
    figure, panels = plt.subplots(1, len(ROLE_TITLES), figsize=(12, 4), sharey=True)
    for axes, (role, label) in zip(panels, ROLE_TITLES.items(), strict=True):
        for bot in summary.bots:
            proportions = [summary.by_players[players][bot][role] for players in counts]
            axes.errorbar(
                counts,
                [_rate(p) for p in proportions],
                yerr=list(zip(*(_error(p) for p in proportions), strict=True)),
                capsize=3,
                marker="o",
                label=bot,
            )
        axes.set_title(label)
        axes.set_xlabel("players")
        axes.set_xticks(counts)
        axes.set_ylim(0, 1)
    panels[0].set_ylabel("rounds won")
    panels[0].legend()
    figure.suptitle("Win rate by player count (Wilson 95% intervals)")
    _save(plt, figure, path)


def _mean_error(m: Mean) -> tuple[float, float]:
    if m.n < 2:
        return (0.0, 0.0)  # no interval to draw (the mean alone, or nothing)
    return (m.mean - m.low, m.high - m.mean)


def _grouped_bars(
    summary: GoldSummary,
    path: Path,
    value: Callable[[RoleScore], tuple[float, tuple[float, float]]],
    ylabel: str,
    title: str,
) -> None:
    """Saboteur 2: one group of bars per role (and overall), one bar per bot.

    ``value(score)`` gives (height, (error below, error above)); a role a bot
    never played gets no bar."""
    plt = _pyplot()
    roles = [*GOLD_ROLES, OVERALL]
    bots = summary.bots
    width = 0.8 / len(bots)
    figure, axes = plt.subplots(figsize=(max(8.0, 1.3 * len(roles) * max(1, len(bots)) / 2), 4))
    for offset, bot in enumerate(bots):
        heights, below, above = [], [], []
        for role in roles:
            score = summary.per_bot[bot].by_role.get(role)
            height, (low, high) = value(score) if score else (math.nan, (0.0, 0.0))
            heights.append(height)
            below.append(low)
            above.append(high)
        axes.bar(
            [index + (offset - (len(bots) - 1) / 2) * width for index in range(len(roles))],
            heights,
            width,
            yerr=[below, above],
            capsize=3,
            label=bot,
        )
    axes.set_xticks(range(len(roles)), roles)
    axes.axhline(0, color="black", linewidth=0.6)
    axes.set_ylabel(ylabel)
    axes.set_title(title)
    axes.legend()
    _save(plt, figure, path)


def plot_gold_by_role(summary: GoldSummary, path: Path) -> None:
    _grouped_bars(
        summary,
        path,
        lambda score: (score.gold.mean, _mean_error(score.gold)),
        "gold pieces per seat-round",
        "Saboteur 2: mean GP per round by role (95% t intervals)",
    )


def plot_gold_win_by_role(summary: GoldSummary, path: Path) -> None:
    _grouped_bars(
        summary,
        path,
        lambda score: (_rate(score.win), _error(score.win)),
        "seat-rounds won",
        "Saboteur 2: win rate by role (Wilson 95% intervals)",
    )


def plot_gold_by_players(summary: GoldSummary, path: Path) -> None:
    """Mean GP per seat-round against the number of players, one line per bot."""
    plt = _pyplot()
    counts = list(summary.by_players)
    figure, axes = plt.subplots(figsize=(6, 4))
    for bot in summary.bots:
        means = [summary.by_players[players][bot].gold for players in counts]
        axes.errorbar(
            counts,
            [m.mean for m in means],
            yerr=list(zip(*(_mean_error(m) for m in means), strict=True)),
            capsize=3,
            marker="o",
            label=bot,
        )
    axes.set_xlabel("players")
    axes.set_xticks(counts)
    axes.set_ylabel("gold pieces per seat-round")
    axes.set_title("Saboteur 2: mean GP per round by player count (95% t intervals)")
    axes.legend()
    _save(plt, figure, path)


def write_gold_plots(summary: GoldSummary, out: Path) -> list[str]:
    plot_gold_by_role(summary, out / GOLD_BY_ROLE)
    plot_gold_win_by_role(summary, out / BY_ROLE)
    written = [GOLD_BY_ROLE, BY_ROLE]
    if len(summary.by_players) > 1:
        plot_gold_by_players(summary, out / GOLD_BY_PLAYERS)
        written.append(GOLD_BY_PLAYERS)
    return written


def write_plots(summary: Summary | GoldSummary, out: Path) -> list[str]:
    """Every plot that applies to ``summary``; their file names."""
    if isinstance(summary, GoldSummary):
        return write_gold_plots(summary, out)
    written = [BY_ROLE]
    plot_by_role(summary, out / BY_ROLE)
    if summary.cells:
        plot_by_cell(summary, out / BY_CELL)
        written.append(BY_CELL)
    if len(summary.by_players) > 1:
        plot_by_players(summary, out / BY_PLAYERS)
        written.append(BY_PLAYERS)
    return written
