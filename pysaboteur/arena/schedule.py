"""Which games the arena plays: every comparison over the same deals.

Game ``k`` of a schedule is dealt from seed ``seed + k``, and every *cell* (a
way of putting bots in the seats) plays that same game seed.  The engine deals
all three rounds from the seed before any move is made, so every cell gets the
same roles, hands, decks, goals and gold deck: differences between cells come
from play, not from the luck of the deal (common random numbers).

Two ways to fill the seats:

- ``teams``: in every round all miners are played by one bot and all saboteurs
  by another.  A cell is an ordered pair (miner bot, saboteur bot); with every
  ordered pair each bot plays each role equally often by construction.
- ``seats``: seat ``i`` is played by ``bots[(i + rotation) % len(bots)]`` for
  the whole game; the rotations ``0 .. len(bots) - 1`` of one deal put every bot
  in every seat once, so each bot meets every seat's role equally often.

Saboteur 2 (``edition="saboteur2"``) is played in ``seats`` mode only: its
roles are not two teams (the boss, the profiteer and the geologists side with
nobody, and ``swap-hats`` changes a seat's role during a round), so there is
no "all miners by one bot" to schedule; every seat is scored by its own gold.
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

from ..rules import MINER, Options
from ..rules.editions import find_edition

TEAMS: Final = "teams"
SEATS: Final = "seats"
MODES: Final = (TEAMS, SEATS)
BASE: Final = "base"
SABOTEUR2: Final = "saboteur2"
DUEL: Final = "duel"


def default_mode(edition: str) -> str:
    """``teams`` for the base game, ``seats`` for Saboteur 2 and the Duel (the only
    mode they have)."""
    return TEAMS if find_edition(edition).name == BASE else SEATS


@dataclass(frozen=True)
class Cell:
    """One way of seating bots.  ``teams``: ``miners``/``saboteurs`` name the two bots;
    ``seats``: ``rotation`` and ``bots`` (the bot of each seat)."""

    mode: str
    miners: str = ""
    saboteurs: str = ""
    rotation: int = 0
    bots: tuple[str, ...] = ()

    def seat_bots(self, roles: Sequence[str]) -> list[str]:
        """The bot spec of each seat in a round whose roles are ``roles``."""
        if self.mode == TEAMS:
            return [self.miners if role == MINER else self.saboteurs for role in roles]
        return list(self.bots)

    @property
    def label(self) -> str:
        if self.mode == TEAMS:
            return f"{self.miners} vs {self.saboteurs}"
        return f"rotation {self.rotation}"

    def to_dict(self) -> dict[str, Any]:
        if self.mode == TEAMS:
            return {"miners": self.miners, "saboteurs": self.saboteurs}
        return {"rotation": self.rotation, "bots": list(self.bots)}


@dataclass(frozen=True)
class Unit:
    """One game to play: a deal (players, options, seed) and a cell."""

    index: int  # position in the schedule; results are written in this order
    players: int
    options: Options
    seed: int
    cell: Cell
    edition: str = BASE
    deck: str | None = None  # the Duel's deck file (None: the shipped deck)

    @property
    def key(self) -> str:
        """What identifies this game among a run's results (for resuming a run)."""
        return unit_key(self.players, self.seed, self.cell.to_dict())


def unit_key(players: int, seed: int, cell: dict[str, Any]) -> str:
    return json.dumps([players, seed, cell], sort_keys=True)


def teams_cells(bots: Sequence[str], pairs: Sequence[tuple[str, str]] | None) -> list[Cell]:
    """Every ordered pair (miner bot, saboteur bot), or just ``pairs``."""
    chosen = pairs if pairs else [(miner, saboteur) for miner in bots for saboteur in bots]
    return [Cell(TEAMS, miners=miner, saboteurs=saboteur) for miner, saboteur in chosen]


def seats_cells(bots: Sequence[str], players: int) -> list[Cell]:
    """The rotations that put every bot in every seat once."""
    return [
        Cell(
            SEATS,
            rotation=rotation,
            bots=tuple(bots[(seat + rotation) % len(bots)] for seat in range(players)),
        )
        for rotation in range(len(bots))
    ]


def build_schedule(
    bots: Sequence[str],
    player_counts: Sequence[int],
    games: int,
    seed: int,
    options: Options,
    mode: str = TEAMS,
    pairs: Sequence[tuple[str, str]] | None = None,
    edition: str = BASE,
    deck: str | None = None,
) -> list[Unit]:
    """Every game of a run, in a fixed order: player count, then game seed, then cell.

    Seed-major order means an interrupted run holds whole comparisons (every cell
    of the seeds it reached) rather than all games of a few cells.
    """
    rules = find_edition(edition)
    for players in player_counts:
        rules.check_players(players)
    if not bots:
        raise ValueError("name at least one bot")
    if len(set(bots)) != len(bots):
        raise ValueError("a bot is named twice")
    if mode not in MODES:
        raise ValueError(f"mode must be one of {', '.join(MODES)}")
    if pairs and mode != TEAMS:
        raise ValueError("pairs are for teams mode")
    if rules.name == SABOTEUR2 and mode != SEATS:
        raise ValueError(
            "Saboteur 2 has no two teams to seat one bot per team (the boss, the profiteer "
            "and the geologists side with nobody): use --mode seats"
        )
    if rules.name == DUEL and mode != SEATS:
        raise ValueError("the Duel has no teams, only two players: use --mode seats")
    units: list[Unit] = []
    for players in player_counts:
        cells = teams_cells(bots, pairs) if mode == TEAMS else seats_cells(bots, players)
        for game_seed in range(seed, seed + games):
            for cell in cells:
                units.append(Unit(len(units), players, options, game_seed, cell, rules.name, deck))
    return units


def parse_pairs(text: str, bots: Sequence[str]) -> list[tuple[str, str]]:
    """``"heuristic/random,random/random"`` as (miner bot, saboteur bot) pairs.

    Bot specs may themselves hold commas (``ismcts:iterations=2000,c=1.4``), so
    the text is read against the bots named on the command line, longest match
    first.  A bot may also be named by its 1-based position: ``"1/2,2/1"``.
    """
    names = {str(number): bot for number, bot in enumerate(bots, start=1)}
    names.update({bot: bot for bot in bots})
    candidates = sorted(
        ((f"{m}/{s}", (names[m], names[s])) for m in names for s in names),
        key=lambda item: -len(item[0]),
    )
    pairs: list[tuple[str, str]] = []
    rest = text.strip()
    while rest:
        for written, pair in candidates:
            if rest.startswith(written) and rest[len(written) :][:1] in ("", ","):
                pairs.append(pair)
                rest = rest[len(written) + 1 :]
                break
        else:
            wanted = rest.split(",")[0]
            raise ValueError(
                f"pair {wanted!r} is not MINER_BOT/SABOTEUR_BOT with bots named on the "
                f"command line ({', '.join(bots)})"
            )
    if len(set(pairs)) != len(pairs):
        raise ValueError("a pair is named twice")
    return pairs


def bot_seed(game_seed: int, round_number: int, seat: int) -> int:
    """The seed of the bot in ``seat`` for one round of one game.

    It depends on the deal and the seat only, not on the cell, so the same bot in
    the same seat of the same deal draws the same chances in every cell.
    """
    return random.Random(f"arena:{game_seed}:{round_number}:{seat}").getrandbits(63)
