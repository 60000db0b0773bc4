"""Ratings per edition: OpenSkill's Plackett-Luce model, as the arena rates bots.

A finished game is one match of all its seats, each a team of one, ranked by
the gold each took over the game (equal gold, equal rank): as the arena's
``rate_seats_by_gold``, whatever the edition, since the gold is what a game is
won by.  Accounts are rated, and bots, one rating per bot kind (``bot:heuristic``),
so a person sees how they compare with the bots; a guest's seat plays the match
with a new player's rating that nobody keeps.  A player in several seats (a
table of one bot kind) gets the sum of their mu changes and the smallest of
their new sigmas, as in the arena.

A game is written once (``RatedGameRow``), in the transaction that writes its
round results and its ratings; whichever process comes second finds it done.
A table its host made unrated keeps its round results (the statistics count
them) but changes no rating.  A guest's seat claimed by an account after the
game is rated then, against the others' ratings of that moment.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from sqlalchemy import insert, select, update
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import IntegrityError

from .accounts import rating_player
from .accounts_tables import (
    OwnedSeatRow,
    RatedGameRow,
    RatingRow,
    RoundResultRow,
    UnratedTableRow,
)
from .ratings_results import SeatRound, final_scores
from .store import BOT, SeatRow, TableRow


@dataclass(frozen=True)
class Rating:
    mu: float
    sigma: float
    games: int

    @property
    def ordinal(self) -> float:
        """mu - 3 sigma: what the arena's tables sort by."""
        return self.mu - 3 * self.sigma

    def to_dict(self) -> dict[str, float | int]:
        return {
            "mu": round(self.mu, 2),
            "sigma": round(self.sigma, 2),
            "ordinal": round(self.ordinal, 2),
            "games": self.games,
        }


def bot_player(spec: str) -> str:
    return f"bot:{spec}"


def new_rating() -> Rating:
    from openskill.models import PlackettLuce

    start = PlackettLuce().rating()
    return Rating(float(start.mu), float(start.sigma), 0)


def mark_unrated(engine: Engine, table_id: str) -> None:
    with engine.begin() as db:
        db.execute(insert(UnratedTableRow).values(table_id=table_id))


def is_rated(db: Connection, table_id: str) -> bool:
    unrated = db.execute(
        select(UnratedTableRow.table_id).where(UnratedTableRow.table_id == table_id)
    ).first()
    return unrated is None


def is_rated_table(engine: Engine, table_id: str) -> bool:
    with engine.connect() as db:
        return is_rated(db, table_id)


def seat_players(db: Connection, table_id: str) -> list[str | None]:
    """Who is rated for each seat: ``account:<id>``, ``bot:<spec>`` or None (a guest)."""
    spec = db.execute(select(TableRow.bots).where(TableRow.id == table_id)).scalar_one()
    owners = dict(
        db.execute(
            select(OwnedSeatRow.seat, OwnedSeatRow.account_id).where(
                OwnedSeatRow.table_id == table_id
            )
        ).all()
    )
    players: list[str | None] = []
    for seat, kind in db.execute(
        select(SeatRow.seat, SeatRow.kind)
        .where(SeatRow.table_id == table_id)
        .order_by(SeatRow.seat)
    ):
        if seat in owners:
            players.append(rating_player(owners[seat]))
        else:
            players.append(bot_player(spec) if kind == BOT else None)
    return players


def record_game(
    engine: Engine, table_id: str, edition: str, rows: list[SeatRound], now: float
) -> bool:
    """Write a finished game's round results and rate it (unless unrated); False if
    it was written already."""
    for _ in range(TRIES):
        try:
            with engine.begin() as db:
                _write_game(db, table_id, edition, rows, now)
            return True
        except IntegrityError:
            if _written(engine, table_id):
                return False  # another process wrote it first
            # Another game's transaction made a rating this one was making (a new
            # player's first): tried again, it finds that rating and changes it.
    raise RuntimeError(f"the results of table {table_id} could not be written")


#: Transactions a game's results may take: a new player's first rating may be
#: made by another game at the same moment, once per player at most.
TRIES = 16


def _write_game(
    db: Connection, table_id: str, edition: str, rows: list[SeatRound], now: float
) -> None:
    db.execute(insert(RatedGameRow).values(table_id=table_id, edition=edition, at=now))
    db.execute(
        insert(RoundResultRow),
        [
            {"table_id": table_id, "seat": r.seat, "round": r.round, "role": r.role,
             "won": r.won, "gold": r.gold}
            for r in rows
        ],
    )  # fmt: skip
    if is_rated(db, table_id):
        players = seat_players(db, table_id)
        _rate(db, edition, players, final_scores(rows, len(players)), only=None)


def _written(engine: Engine, table_id: str) -> bool:
    with engine.connect() as db:
        found = db.execute(select(RatedGameRow.table_id).where(RatedGameRow.table_id == table_id))
        return found.first() is not None


def rate_claimed_seat(db: Connection, table_id: str, seat: int) -> None:
    """Rate the game for the account that claims ``seat`` of it, in the claim's
    transaction ``db`` (if the game is written already: else it is rated with the rest)."""
    edition = db.execute(
        select(RatedGameRow.edition).where(RatedGameRow.table_id == table_id)
    ).scalar_one_or_none()
    if edition is None or not is_rated(db, table_id):
        return  # not over yet (rated with the rest when it is), or unrated
    players = seat_players(db, table_id)
    gold = db.execute(
        select(RoundResultRow.seat, RoundResultRow.gold).where(RoundResultRow.table_id == table_id)
    ).all()
    scores = [0.0] * len(players)
    for at, amount in gold:
        scores[at] += amount
    player = players[seat]
    assert player is not None
    _rate(db, edition, players, scores, only=player)


def _rate(
    db: Connection, edition: str, players: list[str | None], scores: list[float], only: str | None
) -> None:
    """One match of ``players`` ranked by ``scores``; the ratings of the players kept
    (of ``only``, if given) changed and written."""
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    known = read_ratings(db, edition, [player for player in players if player is not None])
    before = [known.get(player, new_rating()) if player else new_rating() for player in players]
    teams = [[model.rating(mu=rating.mu, sigma=rating.sigma)] for rating in before]
    rated = model.rate(teams, scores=scores)
    changes: dict[str, list[tuple[float, float]]] = {}
    for player, old, (new,) in zip(players, before, rated, strict=True):
        if player is not None and only in (None, player):
            changes.setdefault(player, []).append((float(new.mu) - old.mu, float(new.sigma)))
    for player, updates in changes.items():
        old = known.get(player, new_rating())
        values = {
            "mu": old.mu + sum(change for change, _ in updates),
            "sigma": min(sigma for _, sigma in updates),
            "games": old.games + 1,
        }
        if player in known:
            db.execute(
                update(RatingRow)
                .where(RatingRow.edition == edition, RatingRow.player == player)
                .values(**values)
            )
        else:
            db.execute(insert(RatingRow).values(edition=edition, player=player, **values))


def read_ratings(db: Connection, edition: str, players: Iterable[str]) -> dict[str, Rating]:
    """The kept ratings of ``players`` in ``edition``, locked until the transaction
    ends (two games finishing at once must not both start from the same rating)."""
    wanted = sorted(set(players))
    if not wanted:
        return {}
    rows = db.execute(
        select(RatingRow.player, RatingRow.mu, RatingRow.sigma, RatingRow.games)
        .where(RatingRow.edition == edition, RatingRow.player.in_(wanted))
        .with_for_update()
    )
    return {row.player: Rating(row.mu, row.sigma, row.games) for row in rows}


def ratings_of(
    engine: Engine, edition: str | None, players: Iterable[str]
) -> dict[str, dict[str, Rating]]:
    """Edition -> player -> rating, for ``players`` (every edition, or ``edition``)."""
    wanted = sorted(set(players))
    query = select(
        RatingRow.edition, RatingRow.player, RatingRow.mu, RatingRow.sigma, RatingRow.games
    )
    query = query.where(RatingRow.player.in_(wanted))
    if edition is not None:
        query = query.where(RatingRow.edition == edition)
    found: dict[str, dict[str, Rating]] = {}
    with engine.connect() as db:
        for row in db.execute(query):
            found.setdefault(row.edition, {})[row.player] = Rating(row.mu, row.sigma, row.games)
    return found
