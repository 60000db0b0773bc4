"""The numbers of the How to play page (``GET /api/rules/{edition}``), read from the
engine's edition tables, so that the page never says other than the engine plays.

Everything here is asked of the engine itself (its tables, and its own functions
where a number is worked out, such as the winners' share in Saboteur 2), never
written out again.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from fastapi import APIRouter

from ..rules.cards import GREEN
from ..rules.editions import EDITIONS, Edition, find_edition
from ..rules.editions import base as base_tables
from ..rules.editions import saboteur2 as saboteur2_tables
from ..rules.gold import SABOTEUR_PAY, finder_draw_count
from ..rules.gold_pieces import SHORTFALL, payout
from .protocol import ApiError
from .rules_api_duel import duel_rules
from .wire_json import JsonAnswer

router = APIRouter(prefix="/api")
#: The answer changes only with the engine: browsers may keep it for an hour.
CACHE = {"Cache-Control": "public, max-age=3600"}
#: Saboteur 2's share table ends at this many winners ("5 or more").
MOST_WINNERS_LISTED = 5


def _cards(edition: Edition) -> dict[str, Any]:
    """Every playing card by code with its count, split into path and action cards."""
    tunnels = dict(edition.tunnel_counts)
    actions = {code: count for code, (_, count) in edition.action_cards.items()}
    return {
        "path": tunnels,
        "action": actions,
        "path_total": sum(tunnels.values()),
        "action_total": sum(actions.values()),
        "deck": len(edition.playing_cards),
    }


def _heading(edition: Edition) -> dict[str, Any]:
    """What every edition's page says first: its name, seats, rounds and discards."""
    return {
        "edition": edition.name,
        "title": edition.title,
        "min_players": edition.min_players,
        "max_players": edition.max_players,
        "rounds": edition.rounds,
        "most_discarded": edition.most_discarded,
    }


def _common(edition: Edition) -> dict[str, Any]:
    players = range(edition.min_players, edition.max_players + 1)
    return {
        **_heading(edition),
        "cards": _cards(edition),
        "hand_sizes": {str(count): edition.hand_size(count) for count in players},
        "roles": dict(Counter(edition.role_pool(edition.max_players))),
    }


def base_rules(edition: Edition) -> dict[str, Any]:
    """The base game: roles, hands and the finder's draw per player count, the gold."""
    counts = []
    for players in range(edition.min_players, edition.max_players + 1):
        pool = Counter(edition.role_pool(players))
        counts.append(
            {
                "players": players,
                "saboteurs": pool["saboteur"],
                "miners": pool["miner"],
                "hand": edition.hand_size(players),
                # The default option `gold_draw = players` does not look at the roles.
                "finder_draws": finder_draw_count("players", players, []),
            }
        )
    gold = Counter(base_tables.GOLD_CARDS)
    return {
        **_common(edition),
        "counts": counts,
        "gold_cards": {str(value): gold[value] for value in sorted(gold)},
        "nuggets": sum(base_tables.GOLD_CARDS),
        "saboteur_pay": [
            {"saboteurs": saboteurs, "nuggets": pay} for saboteurs, pay in SABOTEUR_PAY.items()
        ],
    }


def saboteur2_rules(edition: Edition) -> dict[str, Any]:
    """Saboteur 2: dwarf cards, the cards removed each round, the winners' shares."""
    shares = []
    for winners in range(1, MOST_WINNERS_LISTED + 1):
        paid = payout([GREEN] * winners, list(range(winners)), [False] * winners, crystals=0)
        shares.append({"winners": winners, "share": paid[0]})
    return {
        **_common(edition),
        "hand": saboteur2_tables.HAND_SIZE,
        "removed": saboteur2_tables.REMOVED_PER_ROUND,
        "shares": shares,
        "shortfall": dict(SHORTFALL),
    }


def rules_of(name: str) -> dict[str, Any]:
    """The page's numbers for the edition called ``name`` (or an alias of it)."""
    edition = find_edition(name)
    if edition.name == "duel":
        return {**_heading(edition), **duel_rules()}
    if edition.name == "saboteur2":
        return saboteur2_rules(edition)
    return base_rules(edition)


@router.get("/rules/{edition}")
async def rules_numbers(edition: str) -> JsonAnswer:
    try:
        numbers = rules_of(edition)
    except ValueError:
        known = ", ".join(EDITIONS)
        raise ApiError(
            "not_found",
            "no edition is called {edition!r} ({known})",
            edition=edition[:40],
            known=known,
        ) from None
    return JsonAnswer(numbers, headers=CACHE)
