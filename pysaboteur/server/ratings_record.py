"""A finished game's results and ratings written, once, when a process sees it over."""

from __future__ import annotations

from .ratings import record_game
from .ratings_results import round_results
from .table import Table


async def record_finished(table: Table) -> None:
    """Write ``table``'s round results and ratings (it is over), unless written already."""
    game = table.game
    assert game is not None and game.is_over
    await table.store.run(
        record_game,
        table.store.engine,
        table.id,
        table.edition,
        round_results(game),
        table.wall_clock(),
    )
