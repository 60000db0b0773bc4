"""Saboteurs that hide (pysaboteur.bots.hiding) and the figures that measure hiding
(pysaboteur.arena.hiding_figures): exact situations, hand-made traces, invariants."""

from __future__ import annotations

import math
import random

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st
from scenarios import corridor, crafted_game, in_turn

from pysaboteur.arena.hiding_figures import (
    clustered_rate,
    first_move_kinds,
    first_suspected,
    miners_breaking_miners,
    saboteur_repairs,
    saboteur_wins,
    wrongful_breaks,
)
from pysaboteur.arena.hiding_trace import RoundTrace, TracedMove, play_traced_game
from pysaboteur.arena.reliability import reliability
from pysaboteur.bots import make_bot
from pysaboteur.bots.beliefs import RoleBeliefs
from pysaboteur.bots.clue_beliefs import ClueBeliefs
from pysaboteur.bots.heuristic import HeuristicBot
from pysaboteur.bots.hiding import HidingPlan, table_beliefs, table_view
from pysaboteur.rules import Game, Move, seat_observation

# -- the bot's settings --


def test_hiding_is_a_setting_of_the_heuristic() -> None:
    bot = make_bot("heuristic:hide=1,open_at=3,look=2", seed=1)
    assert isinstance(bot, HeuristicBot)
    assert bot.name == "heuristic"
    assert bot.parameters() == {
        "hide": True, "open_at": 3.0, "exposed": 0.6, "look": 2.0, "talk": True, "evidence": 1.0
    }  # fmt: skip
    plain = make_bot("heuristic")
    assert isinstance(plain, HeuristicBot)
    assert plain.parameters() == {"hide": False, "talk": True, "evidence": 1.0}
    deaf = make_bot("heuristic:talk=0")
    assert isinstance(deaf, HeuristicBot)
    assert deaf.parameters() == {"hide": False, "talk": False, "evidence": 1.0}


@pytest.mark.parametrize(
    "spec",
    ["heuristic:open_at=3", "heuristic:hide=2", "heuristic:hide=1,later=3", "heuristic:talk=yes"],
)
def test_bad_hiding_settings_are_refused(spec: str) -> None:
    with pytest.raises(ValueError):
        make_bot(spec)


def test_a_saboteur_hides_only_while_far_and_unsuspected() -> None:
    plan = HidingPlan(open_at=4.0, exposed=0.6)
    assert plan.hides(5.0, 0.3)
    assert not plan.hides(4.0, 0.3)  # the miners are near: into the open
    assert not plan.hides(7.0, 0.6)  # the table suspects it anyway


def test_the_price_of_a_dead_end_is_the_log_odds_the_table_adds() -> None:
    plan = HidingPlan(look=6.0)
    # A dead end that costs the miners a card as all see it: gain -1, then -0.6.
    assert plan.path_price(-1.0, dead_end=True) == pytest.approx(6.0 * 1.2 * -1.6)
    assert plan.path_price(5.0, dead_end=False) == pytest.approx(6.0 * 1.2 * 2.0)  # capped
    assert plan.break_price(0.5) == pytest.approx(0.0)  # no one can tell
    assert plan.break_price(0.0) == pytest.approx(-6.0 * math.log(3.0))


# -- exact situations --


def _moves_of(game: Game, spec: str) -> list[tuple[float, Move]]:
    seat = game.to_move
    assert seat is not None
    bot = make_bot(spec, seed=0)
    assert isinstance(bot, HeuristicBot)
    scores = bot.scores(seat_observation(game, seat), game.legal_moves())
    return sorted(scores, key=lambda pair: -pair[0])


def test_a_hiding_saboteur_never_mends_another_seat() -> None:
    # Seat 1 broke seat 2's pick in public; saboteur 0 holds the repair.  The plain
    # heuristic weighs the repair by how much it trusts seat 2; hiding, it never does.
    game = crafted_game(
        3,
        script=in_turn(["discard NS", "break-pick @2", "discard NS"]),
        roles=["saboteur", "miner", "miner"],
        set_aside="miner",
        hands={0: ["fix-pick", "NS", "EW", "map", "NESW"]},
    )
    scores = _moves_of(game, "heuristic:hide=1")
    repairs = [score for score, move in scores if move.kind == "fix" and move.target == 2]
    assert repairs == [-10.0]


def test_a_hiding_saboteur_digs_where_the_plain_one_holds_back() -> None:
    # The opening of a round, the miners eight cards from every goal: the plain
    # saboteur lays its tunnel where it helps no one (west of the start); one
    # that prices the table's log-odds at 9 points lays it east, where the table
    # sees a card of digging (1.2 x 9 = 10.8 points against a card of help, 10).
    game = crafted_game(
        3,
        roles=["saboteur", "miner", "miner"],
        set_aside="miner",
        hands={0: ["EW", "xN", "fix-cart", "fix-lamp", "fix-pick"]},
    )
    (_, plain), *_ = _moves_of(game, "heuristic")
    (_, hiding), *_ = _moves_of(game, "heuristic:hide=1,look=9")
    assert (plain.kind, plain.card, plain.x, plain.y) == ("place", "EW", -1, 0)
    assert (hiding.kind, hiding.card, hiding.x, hiding.y) == ("place", "EW", 1, 0)


# -- the table's view --


@given(st.integers(min_value=0, max_value=2**16), st.integers(min_value=3, max_value=10))
def test_the_table_holds_no_role(seed: int, players: int) -> None:
    game = Game.new(players, seed=seed)
    for _ in range(6):
        game.play(game.legal_moves()[seed % len(game.legal_moves())])
    seat = game.to_move
    assert seat is not None
    table = table_beliefs(players)
    table.update(table_view(seat_observation(game, seat)))
    chances = table.saboteur_probabilities()
    assert all(0.0 < chance < 1.0 for chance in chances)  # not even the viewer's own seat
    assert sum(chances) <= 4.0 + 1e-9  # at most four saboteurs in any pool


# -- the figures --


def _move(
    seat: int, kind: str, before: list[int], after: list[int], **fields: object
) -> TracedMove:
    traced = TracedMove(seat, kind, -1, False, False, before, after, 0.0, None, [0.4] * 4)
    for name, value in fields.items():
        setattr(traced, name, value)
    return traced


def test_clustered_rate_of_hand_made_games() -> None:
    rate = clustered_rate([(3, 3), (0, 3), (0, 3)])
    assert rate.rate == pytest.approx(1 / 3)
    # Residuals 2, -1, -1 over three games of three rounds: se = sqrt(6 * 3/2) / 9.
    half = 1.959963984540054 * math.sqrt(9.0) / 9
    assert (rate.low, rate.high) == pytest.approx((0.0, 1 / 3 + half))


@given(st.lists(st.tuples(st.integers(0, 3), st.just(3)), min_size=2, max_size=40))
def test_a_clustered_interval_holds_its_rate(games: list[tuple[int, int]]) -> None:
    rate = clustered_rate(games)
    assert 0.0 <= rate.low <= rate.rate <= rate.high <= 1.0


def test_a_miner_breaking_a_seat_that_dug_towards_its_mapped_gold_is_counted() -> None:
    dig = _move(1, "place", [8, 8, 8], [7, 7, 7])
    away = _move(2, "place", [7, 7, 7], [7, 7, 6])
    wrongful = _move(0, "break", [7, 7, 6], [7, 7, 6], target=1, breaker_gold=1)
    fair = _move(0, "break", [7, 7, 6], [7, 7, 6], target=2, breaker_gold=1)
    roles = ["miner", "miner", "saboteur", "miner"]
    traces = [
        RoundTrace(0, 1, roles, "miners", [dig, away, wrongful]),
        RoundTrace(0, 2, roles, "miners", [dig, away, fair]),
    ]
    assert wrongful_breaks(traces) == 1
    assert miners_breaking_miners(traces) == (1, 1)  # the wrongful break; seat 2 is a saboteur


def test_first_moves_repairs_and_suspicion_of_hand_made_rounds() -> None:
    roles = ["saboteur", "miner", "saboteur", "miner"]
    dead_end = _move(0, "place", [8, 8, 8], [8, 8, 8], dead_end=True, near_start=True)
    dead_end.suspicion = [0.8, 0.2, 0.4, 0.4]
    helpful = _move(1, "place", [8, 8, 8], [7, 7, 7], public_gain=1.0)
    repair = _move(2, "fix", [7, 7, 7], [7, 7, 7], target=0)
    trace = RoundTrace(5, 1, roles, "saboteurs", [dead_end, helpful, repair])
    assert first_move_kinds([trace], saboteur=True)["dead end near the start"] == 0.5
    assert first_move_kinds([trace], saboteur=False)["helpful path card"] == 1.0
    assert saboteur_repairs([trace]) == (1, 1, 1)
    assert first_suspected(trace, 0) == 1.0
    assert first_suspected(trace, 2) == math.inf
    assert saboteur_wins([trace]).rate == 1.0


def test_a_traced_game_is_the_arena_game_of_its_seed() -> None:
    traces = play_traced_game(3, "heuristic", "heuristic", players=5)
    assert [trace.round for trace in traces] == [1, 2, 3]
    game = Game.new(5, seed=3)
    assert traces[0].roles == list(game.roles)
    assert all(len(move.suspicion) == 5 for trace in traces for move in trace.moves)


# -- beliefs that read the maps --


def _seat_one_after(mapped: str | None, last: str) -> list[float]:
    """Seat 0's belief in seat 1, plain and reading maps, after seat 1 maps a goal
    (or discards) beside a corridor to 5,0 and then plays ``last``."""
    tail = [
        "discard fix-cart",
        "discard fix-lamp",
        f"map {mapped}" if mapped else "discard fix-pick",
    ]
    tail += ["discard fix-pick", "discard break-cart", last]
    script = in_turn(corridor((x, 0) for x in range(1, 6)) + tail)
    game = crafted_game(3, script=script, roles=["miner", "miner", "saboteur"], set_aside="miner")
    observation = seat_observation(game, 0)
    found = []
    for kind in (RoleBeliefs, ClueBeliefs):
        beliefs = kind(0, 3)
        beliefs.update(observation)
        found.append(beliefs.saboteur_probabilities()[1])
    return found


def test_a_dead_end_before_the_goal_one_has_mapped_weighs_more() -> None:
    # The dead end at 6,0 blocks the middle goal.  Seat 1 mapped the top one: if
    # the gold is there, it knew, and the block harms the miners less; if it
    # mapped the middle one, the block is worse.  The plain beliefs cannot tell.
    plain_top, top = _seat_one_after("8,-2", "place xEW 6,0")
    plain_middle, middle = _seat_one_after("8,0", "place xEW 6,0")
    assert plain_top == plain_middle == pytest.approx(0.415, abs=5e-4)
    assert top == pytest.approx(0.346, abs=5e-4)
    assert middle == pytest.approx(0.356, abs=5e-4)


def test_a_discard_with_whole_tools_leans_towards_saboteur() -> None:
    # Seat 1 discards where it mapped before: the plain beliefs take no notice.
    plain, clues = _seat_one_after(None, "place xEW 6,0")
    assert plain == pytest.approx(0.415, abs=5e-4)
    assert clues == pytest.approx(0.452, abs=5e-4)


@given(st.integers(min_value=0, max_value=2**16), st.integers(min_value=3, max_value=7))
def test_without_maps_or_discards_the_clues_are_the_plain_beliefs(seed: int, players: int) -> None:
    game = Game.new(players, seed=seed)
    pick = random.Random(seed)
    for _ in range(12):
        legal = [move for move in game.legal_moves() if move.kind not in ("map", "discard")]
        if game.round_number != 1 or not legal:
            break
        game.play(pick.choice(legal))
    seat = game.to_move
    assume(seat is not None and game.round_number == 1)
    assert seat is not None
    observation = seat_observation(game, seat)
    plain, clues = RoleBeliefs(seat, players), ClueBeliefs(seat, players)
    plain.update(observation)
    clues.update(observation)
    assert clues.saboteur_probabilities() == pytest.approx(plain.saboteur_probabilities())


def test_near_the_gold_a_hiding_saboteur_blocks_as_the_plain_one() -> None:
    # One card from the gold (within open_at): hiding is over, the dead end goes in.
    game = crafted_game(
        3,
        script=in_turn(corridor((x, 0) for x in range(1, 7))),
        roles=["saboteur", "miner", "miner"],
        set_aside="miner",
        hands={0: ["xNESW", "NS", "EW", "map", "fix-cart"]},
    )
    plain = _moves_of(game, "heuristic")
    assert _moves_of(game, "heuristic:hide=1") == plain
    assert plain[0][1] == Move(0, "place", "xNESW", 7, 0)


def test_a_hiding_saboteur_still_plays_a_block_worth_being_seen() -> None:
    # Five cards from the nearest goal, a dead end at the mouth of the corridor costs
    # the miners 8/3 cards: the plain saboteur scores it 26.7 points; the hiding one
    # prices what the table sees, 1.2 x 6 x (-2 - 0.6) = -18.72 points, and still
    # plays it (7.9 points, where its next best move scores 0).
    game = crafted_game(
        3,
        script=in_turn(["place EW 1,0", "place EW 2,0"]),
        roles=["miner", "miner", "saboteur"],
        set_aside="miner",
        hands={2: ["xEW", "NS", "fix-cart", "fix-lamp", "fix-pick", "EW"]},
    )
    block = Move(2, "place", "xEW", 3, 0)
    plain = dict((move, score) for score, move in _moves_of(game, "heuristic"))
    hiding = dict((move, score) for score, move in _moves_of(game, "heuristic:hide=1"))
    assert hiding[block] == pytest.approx(plain[block] - 18.72)
    assert max(hiding, key=lambda move: hiding[move]) == block


def test_reliability_bins_every_seat_after_every_move() -> None:
    roles = ["saboteur", "miner", "miner", "miner"]
    first = _move(1, "place", [8, 8, 8], [7, 7, 7], suspicion=[0.85, 0.15, 0.12, 0.41])
    second = _move(2, "discard", [7, 7, 7], [7, 7, 7], suspicion=[0.95, 0.05, 0.11, 0.44])
    trace = RoundTrace(0, 1, roles, "miners", [first, second])
    assert reliability([trace], bins=10) == [
        (pytest.approx(0.05), 0.0, 1),
        (pytest.approx((0.15 + 0.12 + 0.11) / 3), 0.0, 3),
        (pytest.approx((0.41 + 0.44) / 2), 0.0, 2),
        (pytest.approx(0.85), 1.0, 1),
        (pytest.approx(0.95), 1.0, 1),
    ]
