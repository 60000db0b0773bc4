"""The HTTP API of "My games": the signed-in account's games, figures and ratings,
and the ratings of a table's seats (for its seat panels)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Depends, Request
from fastapi.responses import JSONResponse

from .accounts import rating_player
from .api import answer, hub_of, same_origin
from .history import OwnedGame, games_of, owners_of, statistics_of
from .hub import Hub
from .protocol import ApiError
from .ratings import bot_player, is_rated_table, ratings_of
from .sessions_requests import signed_in
from .store import BOT, OVER, PLAYING

router = APIRouter(prefix="/api", dependencies=[Depends(same_origin)])


async def _game_entry(hub: Hub, game: OwnedGame) -> dict[str, Any]:
    entry: dict[str, Any] = {
        "table": game.table,
        "seat": game.seat,
        "name": game.name,
        "edition": game.edition,
        "status": game.status,
        "players": game.players,
        "created_at": game.created_at,
        "rated": game.rated,
        "my_turn": False,
        "link": f"/t/{game.table}",
    }
    if game.status == PLAYING:
        try:
            live = await hub.get(game.table)
        except ApiError:
            return entry
        played = live.table.game
        entry["my_turn"] = played is not None and played.to_move == game.seat
    if game.status == OVER:
        entry["replay"] = f"/replay/{game.table}"
        entry["record"] = f"/api/tables/{game.table}/record"
    return entry


@router.get("/account/games")
async def my_games(request: Request) -> JSONResponse:
    """Every table of the signed-in account, the newest first; ``my_turn``: the seat's."""
    account = await signed_in(request)
    hub = hub_of(request)
    games = await hub.store.read(games_of, hub.store.engine, account.id)
    return answer({"games": [await _game_entry(hub, game) for game in games]})


@router.get("/account/statistics")
async def my_statistics(request: Request) -> JSONResponse:
    """Rounds and gold per edition and role, the account's rating per edition and
    the bots' ratings beside it."""
    account = await signed_in(request)
    hub = hub_of(request)
    engine = hub.store.engine
    me = rating_player(account.id)
    bots = [bot_player(spec) for spec in hub.settings.bots]
    statistics = await hub.store.read(statistics_of, engine, account.id)
    found = await hub.store.read(ratings_of, engine, None, [me, *bots])
    ratings = {
        edition: {
            "mine": None if me not in rated else rated[me].to_dict(),
            "bots": {
                player.removeprefix("bot:"): rating.to_dict()
                for player, rating in sorted(rated.items())
                if player != me
            },
        }
        for edition, rated in sorted(found.items())
    }
    return answer({"statistics": statistics, "ratings": ratings})


@router.get("/tables/{table_id}/ratings")
async def seat_ratings(request: Request, table_id: str) -> JSONResponse:
    """``{"rated": bool, "seats": [rating | null, ...], "owned": [bool, ...], "game_over"}``:
    each seat's rating in the table's edition (an account's or its bot kind's; null: a
    guest, or none yet), and whether an account has the seat (none may claim it)."""
    hub = hub_of(request)
    live = await hub.get(table_id)
    table = live.table
    engine = hub.store.engine
    owners = await hub.store.read(owners_of, engine, table_id)
    facts = {
        "owned": [index in owners for index in range(table.players)],
        "game_over": table.status == OVER,
    }
    if not await hub.store.read(is_rated_table, engine, table_id):
        return answer({"rated": False, "seats": [None] * table.players, **facts})
    players: list[str | None] = []
    for index, seat in enumerate(table.seats):
        if index in owners:
            players.append(rating_player(owners[index]))
        else:
            players.append(bot_player(table.bots) if seat.kind == BOT else None)
    found = await hub.store.read(
        ratings_of, engine, table.edition, [p for p in players if p is not None]
    )
    rated = found.get(table.edition, {})
    seats = [None if p is None or p not in rated else rated[p].to_dict() for p in players]
    return answer({"rated": True, "seats": seats, **facts})
