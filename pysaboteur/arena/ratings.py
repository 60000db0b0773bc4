"""Team-aware skill ratings with OpenSkill's Plackett-Luce model.

Every round is one match between two teams, the miners and the saboteurs,
rated in the order of the results (player count, game seed, cell, round), so
the ratings of a results file are always the same.

How a round becomes a match:

- A team is the set of *distinct* bots among its seats: a bot playing three
  miner seats is one member of the miners' team, not three (the seats are one
  program, and counting it thrice would let team size stand in for skill).
- A round where one team has no seat (the only saboteur was set aside) is not
  a match and is skipped.
- A bot that plays seats on both teams (possible in ``seats`` mode, and in a
  ``teams`` cell that pits a bot against itself) gets the sum of the two mu
  changes, which cancel when it plays only itself, and the smaller of the two
  new sigmas (one round is one observation of it, however many seats it held).

The model knows nothing of roles: a bot rated mostly as a miner looks stronger
or weaker by what the role is worth.  A full ``teams`` schedule (every ordered
pair) gives every bot each role equally often, which cancels that out.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from ..rules import MINER, MINERS, SABOTEUR


@dataclass(frozen=True)
class Rating:
    mu: float
    sigma: float
    rounds: int  # rounds that updated it

    @property
    def ordinal(self) -> float:
        """A cautious skill estimate: mu - 3 sigma (what leaderboards sort by)."""
        return self.mu - 3 * self.sigma


def rate_rounds(lines: Iterable[dict[str, Any]], bots: Sequence[str]) -> dict[str, Rating]:
    """OpenSkill (Plackett-Luce) ratings of ``bots`` from round results lines, in order."""
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    start = model.rating()
    mu = dict.fromkeys(bots, float(start.mu))
    sigma = dict.fromkeys(bots, float(start.sigma))
    rounds = dict.fromkeys(bots, 0)
    for line in lines:
        miners = _distinct(seat["bot"] for seat in line["seats"] if seat["role"] == MINER)
        saboteurs = _distinct(seat["bot"] for seat in line["seats"] if seat["role"] == SABOTEUR)
        if not miners or not saboteurs:
            continue
        teams = [
            [model.rating(mu=mu[bot], sigma=sigma[bot]) for bot in team]
            for team in (miners, saboteurs)
        ]
        ranks = [1.0, 2.0] if line["winner"] == MINERS else [2.0, 1.0]
        rated = model.rate(teams, ranks=ranks)
        changes: dict[str, list[tuple[float, float]]] = {}
        for team, new_team in zip((miners, saboteurs), rated, strict=True):
            for bot, new in zip(team, new_team, strict=True):
                changes.setdefault(bot, []).append((float(new.mu) - mu[bot], float(new.sigma)))
        for bot, updates in changes.items():
            mu[bot] += sum(change for change, _ in updates)
            sigma[bot] = min(new_sigma for _, new_sigma in updates)
            rounds[bot] += 1
    return {bot: Rating(mu[bot], sigma[bot], rounds[bot]) for bot in bots}


def _distinct(bots: Iterable[str]) -> list[str]:
    return list(dict.fromkeys(bots))


def rate_seats_by_gold(lines: Iterable[dict[str, Any]], bots: Sequence[str]) -> dict[str, Rating]:
    """Saboteur 2: OpenSkill ratings with every round a free-for-all of its seats,
    ranked by the gold pieces each won (equal gold, equal rank).

    Saboteur 2 has no two sides to rank (every seat is paid for itself, the boss
    and the profiteer win with others), so each seat is a one-member team.  A bot
    in several seats gets the sum of their mu changes (they cancel when it plays
    only itself) and the smallest of their new sigmas, as in :func:`rate_rounds`.
    """
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    start = model.rating()
    mu = dict.fromkeys(bots, float(start.mu))
    sigma = dict.fromkeys(bots, float(start.sigma))
    rounds = dict.fromkeys(bots, 0)
    for line in lines:
        seats = [seat["bot"] for seat in line["seats"]]
        teams = [[model.rating(mu=mu[bot], sigma=sigma[bot])] for bot in seats]
        rated = model.rate(teams, scores=[float(gold) for gold in line["gold"]])
        changes: dict[str, list[tuple[float, float]]] = {}
        for bot, (new,) in zip(seats, rated, strict=True):
            changes.setdefault(bot, []).append((float(new.mu) - mu[bot], float(new.sigma)))
        for bot, updates in changes.items():
            mu[bot] += sum(change for change, _ in updates)
            sigma[bot] = min(new_sigma for _, new_sigma in updates)
            rounds[bot] += 1
    return {bot: Rating(mu[bot], sigma[bot], rounds[bot]) for bot in bots}
