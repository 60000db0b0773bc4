"""The arena's schedule: which games are played, with which bots in which seats."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pysaboteur.arena.schedule import (
    SEATS,
    TEAMS,
    bot_seed,
    build_schedule,
    parse_pairs,
)
from pysaboteur.rules import Options

BOTS = ["a", "b", "c"]


def test_teams_schedule_plays_every_ordered_pair_on_every_deal() -> None:
    units = build_schedule(BOTS, [5], 4, 10, Options())
    assert len(units) == 4 * 9
    assert [unit.index for unit in units] == list(range(36))
    for seed in range(10, 14):
        cells = [(u.cell.miners, u.cell.saboteurs) for u in units if u.seed == seed]
        assert cells == [(m, s) for m in BOTS for s in BOTS]


def test_teams_schedule_gives_each_bot_each_team_equally() -> None:
    units = build_schedule(BOTS, [4, 6], 5, 0, Options())
    as_miners = Counter(unit.cell.miners for unit in units)
    as_saboteurs = Counter(unit.cell.saboteurs for unit in units)
    assert as_miners == as_saboteurs == dict.fromkeys(BOTS, 2 * 5 * 3)


def test_teams_cell_seats_bots_by_role() -> None:
    unit = build_schedule(["h", "r"], [5], 1, 0, Options(), pairs=[("h", "r")])[0]
    roles = ["miner", "saboteur", "miner", "miner", "saboteur"]
    assert unit.cell.seat_bots(roles) == ["h", "r", "h", "h", "r"]


def test_seats_schedule_rotates_bots_over_the_seats() -> None:
    units = build_schedule(BOTS, [4], 1, 0, Options(), SEATS)
    assert [unit.cell.bots for unit in units] == [
        ("a", "b", "c", "a"),
        ("b", "c", "a", "b"),
        ("c", "a", "b", "c"),
    ]
    # the seat's bot does not depend on the round's roles
    assert units[1].cell.seat_bots(["saboteur", "miner", "miner", "miner"]) == [
        "b", "c", "a", "b",
    ]  # fmt: skip


@settings(max_examples=60, deadline=None)
@given(st.integers(min_value=1, max_value=5), st.integers(min_value=3, max_value=10))
def test_seats_schedule_puts_every_bot_in_every_seat_equally(bots: int, players: int) -> None:
    names = [f"bot{number}" for number in range(bots)]
    units = build_schedule(names, [players], 3, 0, Options(), SEATS)
    seated = Counter((bot, seat) for unit in units for seat, bot in enumerate(unit.cell.bots))
    assert seated == {(bot, seat): 3 for bot in names for seat in range(players)}


def test_schedule_runs_each_player_count_over_the_same_seeds() -> None:
    units = build_schedule(["a", "b"], [3, 5], 2, 7, Options(), SEATS)
    assert [(unit.players, unit.seed, unit.cell.rotation) for unit in units] == [
        (3, 7, 0), (3, 7, 1), (3, 8, 0), (3, 8, 1),
        (5, 7, 0), (5, 7, 1), (5, 8, 0), (5, 8, 1),
    ]  # fmt: skip


def test_schedule_refuses_what_it_cannot_play() -> None:
    with pytest.raises(ValueError, match="at least one bot"):
        build_schedule([], [5], 1, 0, Options())
    with pytest.raises(ValueError, match="named twice"):
        build_schedule(["a", "a"], [5], 1, 0, Options())
    with pytest.raises(ValueError, match="pairs are for teams"):
        build_schedule(["a", "b"], [5], 1, 0, Options(), SEATS, pairs=[("a", "b")])
    with pytest.raises(ValueError, match="mode must be"):
        build_schedule(["a"], [5], 1, 0, Options(), "duel")


def test_pairs_name_miner_then_saboteur_bot() -> None:
    pairs = parse_pairs("heuristic/random,random/random", ["heuristic", "random"])
    assert pairs == [("heuristic", "random"), ("random", "random")]
    units = build_schedule(["heuristic", "random"], [5], 2, 0, Options(), TEAMS, pairs)
    assert [(u.seed, u.cell.label) for u in units] == [
        (0, "heuristic vs random"), (0, "random vs random"),
        (1, "heuristic vs random"), (1, "random vs random"),
    ]  # fmt: skip


def test_pairs_read_bot_specs_that_hold_commas() -> None:
    bots = ["ismcts:iterations=200,c=1.4", "random"]
    text = "ismcts:iterations=200,c=1.4/random,random/ismcts:iterations=200,c=1.4"
    assert parse_pairs(text, bots) == [(bots[0], "random"), ("random", bots[0])]


def test_pairs_may_name_bots_by_position() -> None:
    assert parse_pairs("1/2,2/2", ["x:a=1,b=2", "y"]) == [("x:a=1,b=2", "y"), ("y", "y")]


def test_pairs_refuse_bots_not_on_the_command_line() -> None:
    with pytest.raises(ValueError, match="'heuristic/random' is not MINER_BOT/SABOTEUR_BOT"):
        parse_pairs("random/random,heuristic/random", ["random"])
    with pytest.raises(ValueError, match="named twice"):
        parse_pairs("random/random,random/random", ["random"])


def test_bot_seed_depends_on_deal_round_and_seat_only() -> None:
    seeds = {bot_seed(game, number, seat) for game in range(3) for number in (1, 2, 3)
             for seat in range(10)}  # fmt: skip
    assert len(seeds) == 90
    assert bot_seed(5, 2, 3) == bot_seed(5, 2, 3)
