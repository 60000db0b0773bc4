"""The beliefs' evidence weight (pysaboteur.bots.beliefs, ``evidence``): the posterior
taken to a power, exact in hand-worked cases, and what must hold for any."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st
from scenarios import crafted_game, in_turn

from pysaboteur.arena.hiding_trace import RoundTrace, TracedMove, play_traced_game
from pysaboteur.arena.reliability import cases, log_loss, reliability
from pysaboteur.bots import make_bot
from pysaboteur.bots.beliefs import SHARPNESS, RoleBeliefs, tempered
from pysaboteur.bots.clue_beliefs import ClueBeliefs
from pysaboteur.bots.heuristic import HeuristicBot
from pysaboteur.bots.ismcts import IsmctsBot
from pysaboteur.rules import Game, seat_observation


def _after(script: list[str], evidence: float) -> list[float]:
    game = crafted_game(3, script=script)
    beliefs = RoleBeliefs(0, 3, evidence)
    beliefs.update(seat_observation(game, 0))
    return beliefs.saboteur_probabilities()


def test_a_digging_card_weighs_evidence_times_as_much() -> None:
    # NESW at 1,0 saves one card: log-odds of SHARPNESS between seat 1 and the others,
    # twice that with evidence 2.
    half = SHARPNESS  # evidence 2 x SHARPNESS / 2
    norm = math.exp(-half) + 2 * math.exp(half)
    probabilities = _after(in_turn(["discard NS", "place NESW 1,0"]), 2.0)
    assert probabilities == pytest.approx([0.0, math.exp(-half) / norm, math.exp(half) / norm])


def test_without_moves_the_weight_changes_nothing() -> None:
    assert _after([], 3.0) == pytest.approx([0.0, 1 / 3, 1 / 3])


def test_tempered_by_hand() -> None:
    a, b, c = frozenset({1}), frozenset({2}), frozenset({3})
    posterior = [(a, 0.5), (b, 0.25), (c, 0.25)]
    assert tempered(posterior, 1.0) is posterior
    squared = tempered(posterior, 2.0)
    assert [s for s, _ in squared] == [a, b, c]
    assert [w for _, w in squared] == pytest.approx([2 / 3, 1 / 6, 1 / 6])
    halved = tempered(posterior, 0.5)
    root = math.sqrt(0.5) + 2 * math.sqrt(0.25)
    assert [w for _, w in halved] == pytest.approx([math.sqrt(0.5) / root, 0.5 / root, 0.5 / root])


@given(
    weights=st.lists(st.floats(1e-6, 1.0), min_size=1, max_size=12),
    evidence=st.floats(0.1, 8.0),
)
def test_tempered_stays_a_distribution_in_the_same_order(
    weights: list[float], evidence: float
) -> None:
    total = sum(weights)
    posterior = [(frozenset({i}), w / total) for i, w in enumerate(weights)]
    out = tempered(posterior, evidence)
    assert [s for s, _ in out] == [s for s, _ in posterior]
    assert sum(w for _, w in out) == pytest.approx(1.0)
    for (_, before_i), (_, after_i) in zip(posterior, out, strict=True):
        for (_, before_j), (_, after_j) in zip(posterior, out, strict=True):
            if before_i < before_j:
                assert after_i <= after_j * (1 + 1e-9)


@given(seed=st.integers(0, 10_000), evidence=st.floats(0.25, 6.0))
def test_every_seat_s_chance_is_the_tempered_posterior_s(seed: int, evidence: float) -> None:
    game = Game.new(5, seed=seed)
    for _ in range(12):
        game.play(game.legal_moves()[seed % len(game.legal_moves())])
    plain, weighed = RoleBeliefs(0, 5), RoleBeliefs(0, 5, evidence)
    for beliefs in (plain, weighed):
        beliefs.update(seat_observation(game, 0))
    expected = [0.0] * 5
    for saboteurs, weight in tempered(plain.posterior(), evidence):
        for seat in saboteurs:
            if seat < 5:
                expected[seat] += weight
    assert weighed.saboteur_probabilities() == pytest.approx(expected)


def test_the_clue_beliefs_take_the_weight_too() -> None:
    game = crafted_game(3, script=in_turn(["discard NS", "place NESW 1,0"]))
    plain, weighed = ClueBeliefs(0, 3), ClueBeliefs(0, 3, 2.0)
    for beliefs in (plain, weighed):
        beliefs.update(seat_observation(game, 0))
    expected = tempered(plain.posterior(), 2.0)
    assert [s for s, _ in weighed.posterior()] == [s for s, _ in expected]
    assert [w for _, w in weighed.posterior()] == pytest.approx([w for _, w in expected])


def test_the_heuristic_takes_an_evidence_setting() -> None:
    bot = make_bot("heuristic:evidence=2.5", seed=1)
    assert isinstance(bot, HeuristicBot)
    assert bot.parameters() == {"hide": False, "talk": True, "evidence": 2.5}
    observation = seat_observation(Game.new(5, seed=3), 0)
    assert bot.beliefs(observation).evidence == 2.5
    hiding = make_bot("heuristic:hide=1,evidence=2", seed=1)
    assert hiding.parameters()["evidence"] == 2.0  # type: ignore[attr-defined]


@pytest.mark.parametrize("text", ["0", "-1", "x", "nan", "inf"])
def test_an_evidence_weight_must_be_a_number_above_zero(text: str) -> None:
    with pytest.raises(ValueError, match="evidence"):
        make_bot(f"heuristic:evidence={text}")
    with pytest.raises(ValueError, match="evidence"):
        RoleBeliefs(0, 3, 0.0)


def test_log_loss_by_hand() -> None:
    # Two cases: a saboteur believed at 0.8, a miner at 0.4.
    assert log_loss([(0.8, True), (0.4, False)]) == pytest.approx(
        -(math.log(0.8) + math.log(0.6)) / 2
    )


def test_cases_read_each_miner_s_own_beliefs_but_not_of_itself() -> None:
    roles = ["saboteur", "miner", "miner"]
    move = TracedMove(1, "discard", -1, False, False, [8] * 3, [8] * 3, 0.0, None, [0.7, 0.2, 0.3])
    move.by_miner = {1: [0.6, 0.0, 0.3], 2: [0.8, 0.2, 0.0]}
    trace = RoundTrace(0, 1, roles, "miners", [move])
    assert sorted(cases([trace], by_miner=True)) == [
        (0.2, False), (0.3, False), (0.6, True), (0.8, True)
    ]  # fmt: skip
    assert sorted(cases([trace])) == [(0.2, False), (0.3, False), (0.7, True)]
    assert reliability([trace], bins=2, by_miner=True) == [
        (pytest.approx(0.25), 0.0, 2),
        (pytest.approx(0.7), 1.0, 2),
    ]


def test_a_traced_round_s_mean_suspicion_is_the_mean_of_the_miners_beliefs() -> None:
    traces = play_traced_game(11, "heuristic", "heuristic", 5)
    for trace in traces:
        miners = {seat for seat, role in enumerate(trace.roles) if role != "saboteur"}
        for move in trace.moves:
            if not move.by_miner:
                continue
            assert set(move.by_miner) == miners
            for suspect in range(5):
                seen = [b[suspect] for seat, b in move.by_miner.items() if seat != suspect]
                assert move.suspicion[suspect] == pytest.approx(sum(seen) / len(seen))


def test_the_search_judges_and_samples_by_the_same_weight() -> None:
    bot = make_bot("ismcts:iterations=3,evidence=3", seed=2)
    assert isinstance(bot, IsmctsBot) and bot.evidence == 3.0
    observation = seat_observation(Game.new(5, seed=3), 0)
    assert bot.beliefs(observation).evidence == 3.0
    for text in ("0", "nan", "inf", "x"):
        with pytest.raises(ValueError, match="evidence"):
            make_bot(f"ismcts:evidence={text}")
