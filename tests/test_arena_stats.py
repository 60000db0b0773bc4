"""The arena's statistics: Wilson intervals, AUC, paired differences, belief scores
and the team-aware ratings, each pinned on inputs worked out by hand."""

from __future__ import annotations

import math
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pysaboteur.arena.plan import make_plan, paired_pairs, unpaired_rounds
from pysaboteur.arena.ratings import rate_rounds
from pysaboteur.arena.stats import (
    Z95,
    auc,
    clustered_mean,
    mean_interval,
    paired_by_deal,
    paired_difference,
    rate_by_deal,
    t_quantile,
    wilson,
    wilson_bounds,
)
from pysaboteur.arena.summary import belief_scores

Z2 = Z95 * Z95


def test_wilson_interval_of_no_wins_in_ten() -> None:
    # p = 0: the centre and the half-width are both (z²/2n)/(1 + z²/n), so the
    # interval is [0, z²/(n + z²)], which is 0.2775 for n = 10.
    interval = wilson(0, 10)
    assert interval.low == 0.0
    assert interval.high == pytest.approx(Z2 / (10 + Z2), abs=1e-12)
    assert interval.high == pytest.approx(0.27753, abs=5e-6)


def test_wilson_interval_of_five_wins_in_ten() -> None:
    # p = 1/2: centred on 0.5, half-width z·sqrt(1/40 + z²/400) / (1 + z²/10).
    half = Z95 * math.sqrt(1 / 40 + Z2 / 400) / (1 + Z2 / 10)
    interval = wilson(5, 10)
    assert interval.low == pytest.approx(0.5 - half, abs=1e-12)
    assert interval.high == pytest.approx(0.5 + half, abs=1e-12)
    assert (interval.low, interval.high) == pytest.approx((0.23659, 0.76341), abs=5e-6)


def test_wilson_interval_of_ten_wins_in_ten_mirrors_no_wins() -> None:
    interval = wilson(10, 10)
    assert interval.low == pytest.approx(10 / (10 + Z2), abs=1e-12)
    assert interval.high == 1.0
    assert interval.rate == 1.0


def test_wilson_interval_without_trials_is_everything() -> None:
    interval = wilson(0, 0)
    assert (interval.low, interval.high) == (0.0, 1.0)
    assert math.isnan(interval.rate)


def test_wilson_refuses_more_wins_than_trials() -> None:
    with pytest.raises(ValueError, match="3 wins out of 2 trials"):
        wilson(3, 2)


@settings(max_examples=200, deadline=None)
@given(st.integers(min_value=1, max_value=2000), st.data())
def test_wilson_interval_holds_the_rate_and_is_symmetric(trials: int, data: Any) -> None:
    wins = data.draw(st.integers(min_value=0, max_value=trials))
    interval = wilson(wins, trials)
    mirror = wilson(trials - wins, trials)
    assert 0.0 <= interval.low <= interval.rate <= interval.high <= 1.0
    assert interval.low == pytest.approx(1 - mirror.high, abs=1e-12)


def test_auc_of_a_perfect_ranking_is_one() -> None:
    assert auc([0.9, 0.8], [0.1, 0.5, 0.7]) == 1.0


def test_auc_of_a_reversed_ranking_is_zero() -> None:
    assert auc([0.1], [0.4, 0.9]) == 0.0


def test_auc_counts_ties_half() -> None:
    # pairs (0.5 vs 0.5) tie = 1/2, (0.5 vs 0.2) above = 1: (1/2 + 1) / 2
    assert auc([0.5], [0.5, 0.2]) == 0.75
    assert auc([0.3, 0.3], [0.3]) == 0.5


def test_auc_of_a_mixed_ranking() -> None:
    # 0.8 beats both negatives, 0.3 beats 0.2 only, ties 0.3 with nothing: 3 of 4 pairs
    assert auc([0.8, 0.3], [0.2, 0.6]) == 0.75


def test_auc_needs_both_classes() -> None:
    with pytest.raises(ValueError):
        auc([], [0.1])
    with pytest.raises(ValueError):
        auc([0.1], [])


def _line(roles: list[str], probabilities: list[list[float] | None]) -> dict[str, Any]:
    return {
        "seats": [{"bot": "b", "role": role} for role in roles],
        "saboteur_probabilities": probabilities,
    }


def test_belief_score_ranks_the_other_seats_only() -> None:
    roles = ["saboteur", "miner", "saboteur", "miner"]
    line = _line(
        roles,
        [
            # seat 0 is itself a saboteur and sure of it; only seats 1..3 count:
            # saboteur 2 (0.6) against miners 1 (0.7) and 3 (0.1): 1 of 2 pairs
            [1.0, 0.7, 0.6, 0.1],
            None,  # this seat's bot gives no beliefs
            # seat 2: saboteur 0 (0.5) against miners 1 (0.5) and 3 (0.2): (1/2 + 1) / 2
            [0.5, 0.5, 0.9, 0.2],
            # seat 3: saboteurs 0, 2 (0.9, 0.8) above miner 1 (0.1)
            [0.9, 0.1, 0.8, 0.0],
        ],
    )
    assert belief_scores(line) == [0.5, None, 0.75, 1.0]


def test_belief_score_is_undefined_when_all_others_share_a_role() -> None:
    # three players, seat 0 the only saboteur: the others are both miners
    line = _line(["saboteur", "miner", "miner"], [[0.0, 0.4, 0.6], [0.9, 0.0, 0.1], None])
    assert belief_scores(line) == [None, 1.0, None]


def test_paired_difference_uses_the_bonett_price_interval() -> None:
    # 50 pairs, A alone won 10, B alone won 2: adjusted shares 11/52 and 3/52
    result = paired_difference(10, 2, 50)
    a, b = 11 / 52, 3 / 52
    half = Z95 * math.sqrt((a + b - (a - b) ** 2) / 52)
    assert result.mean == pytest.approx(8 / 50)
    assert (result.low, result.high) == pytest.approx((a - b - half, a - b + half))
    assert result.verdict == 1


def test_paired_difference_sees_no_winner_in_balanced_pairs() -> None:
    result = paired_difference(7, 7, 40)
    assert result.mean == 0.0
    assert result.low == pytest.approx(-result.high)
    assert result.verdict == 0


def test_paired_difference_is_not_sure_after_three_lopsided_pairs() -> None:
    # B won all three discordant pairs, but three pairs are not enough to be sure
    result = paired_difference(0, 3, 3)
    assert result.mean == -1.0
    assert result.low < result.high
    assert result.high > 0
    assert result.verdict == 0


def test_paired_difference_without_pairs_is_unknown() -> None:
    result = paired_difference(0, 0, 0)
    assert math.isnan(result.mean)
    assert result.verdict == 0


def _round(miners: list[str], saboteurs: list[str], winner: str) -> dict[str, Any]:
    seats = [{"bot": bot, "role": "miner"} for bot in miners]
    seats += [{"bot": bot, "role": "saboteur"} for bot in saboteurs]
    return {"seats": seats, "winner": winner}


def test_rating_a_bot_against_itself_leaves_its_mu_alone() -> None:
    lines = [_round(["a", "a", "a"], ["a"], "miners"), _round(["a"], ["a", "a"], "saboteurs")]
    rating = rate_rounds(lines, ["a"])["a"]
    assert rating.mu == pytest.approx(25.0)
    assert rating.sigma < 25 / 3
    assert rating.rounds == 2


def test_rating_counts_a_bot_once_however_many_seats_it_holds() -> None:
    one_seat = rate_rounds([_round(["a"], ["b"], "miners")], ["a", "b"])
    four_seats = rate_rounds([_round(["a"] * 4, ["b"], "miners")], ["a", "b"])
    assert one_seat == four_seats
    assert one_seat["a"].mu > 25.0 > one_seat["b"].mu
    assert one_seat["a"].ordinal == pytest.approx(one_seat["a"].mu - 3 * one_seat["a"].sigma)


def test_rating_skips_rounds_without_saboteurs() -> None:
    ratings = rate_rounds([_round(["a", "b", "a"], [], "saboteurs")], ["a", "b"])
    assert ratings["a"].mu == 25.0
    assert ratings["a"].rounds == 0


def test_rating_ranks_the_bot_that_keeps_winning_first() -> None:
    lines = [_round(["a"], ["b"], "miners"), _round(["b"], ["a"], "saboteurs")] * 10
    ratings = rate_rounds(lines, ["a", "b"])
    assert ratings["a"].ordinal > ratings["b"].ordinal
    assert ratings["a"].rounds == ratings["b"].rounds == 20


@pytest.mark.parametrize(
    ("df", "quantile"),
    [(1, 12.706204736174707), (2, 4.302652729749464), (4, 2.7764451051977934),
     (10, 2.2281388519862744), (30, 2.0422724563012373), (1000, 1.9623390808264078)],
)  # fmt: skip
def test_t_quantiles_match_the_tables(df: int, quantile: float) -> None:
    assert t_quantile(0.975, df) == pytest.approx(quantile, rel=1e-12)
    assert t_quantile(0.025, df) == pytest.approx(-quantile, rel=1e-12)


def test_mean_interval_of_one_two_three_four() -> None:
    # mean 2.5, sd sqrt(5/3), half-width t(3) * sd / 2
    m = mean_interval([1, 2, 3, 4])
    half = 3.182446305284263 * math.sqrt(5 / 3) / 2
    assert (m.n, m.mean, m.sd) == pytest.approx((4, 2.5, math.sqrt(5 / 3)))
    assert (m.low, m.high) == pytest.approx((2.5 - half, 2.5 + half))


def test_mean_interval_of_too_few_values_has_no_interval() -> None:
    assert mean_interval([]).n == 0 and math.isnan(mean_interval([]).mean)
    single = mean_interval([3])
    assert single.mean == 3 and math.isnan(single.low) and math.isnan(single.high)
    same = mean_interval([2, 2, 2])
    assert (same.low, same.high) == (2.0, 2.0)  # no spread: the interval is the point


def test_clustered_mean_of_two_games_that_each_went_one_way() -> None:
    # Three rounds won in one game, three lost in the other: only two draws, not six.
    result = clustered_mean([[1.0, 1.0, 1.0], [0.0, 0.0, 0.0]], bounds=(0.0, 1.0))
    assert (result.clusters, result.n, result.mean) == (2, 6, 0.5)
    assert (result.low, result.high) == (0.0, 1.0)  # t(1) is 12.7: nothing is known
    # se^2 = 2/1 * (1.5^2 + 1.5^2) / 6^2 = 0.25; independent: 0.25 * 6/5 / 6 = 0.05
    assert result.design_effect == pytest.approx(5.0)


def test_clustered_mean_without_values_or_with_one_cluster() -> None:
    assert math.isnan(clustered_mean([]).mean)
    one = clustered_mean([[1.0, 0.0]])
    assert (one.clusters, one.mean) == (1, 0.5) and math.isnan(one.low)


@given(st.lists(st.floats(-1, 1, allow_nan=False), min_size=2, max_size=40))
def test_clusters_of_one_value_give_the_student_t_interval(values: list[float]) -> None:
    clustered = clustered_mean([[value] for value in values])
    plain = mean_interval(values)
    assert clustered.mean == pytest.approx(plain.mean, abs=1e-12)
    assert clustered.low == pytest.approx(plain.low, abs=1e-9)
    assert clustered.high == pytest.approx(plain.high, abs=1e-9)
    if plain.sd > 1e-6:
        assert clustered.design_effect == pytest.approx(1.0)


@given(st.lists(st.lists(st.sampled_from([0.0, 1.0]), min_size=1, max_size=3), min_size=2))
def test_a_clustered_rate_lies_in_its_bounded_interval(clusters: list[list[float]]) -> None:
    result = clustered_mean(clusters, bounds=(0.0, 1.0))
    assert 0.0 <= result.low <= result.mean <= result.high <= 1.0


def test_plan_pairs_and_rounds_for_five_points() -> None:
    # Connor (1987) with half the pairs discordant, and two proportions 47.5% / 52.5%.
    assert paired_pairs(0.05, 0.5, 0.8) == 1568
    assert unpaired_rounds(0.05, 0.5, 0.8) == 1569
    # Pairing pays when the same deal mostly ends the same way for both bots.
    assert paired_pairs(0.05, 0.1, 0.8) == 312  # (1.96 * 0.316 + 0.842 * 0.312)^2 / 0.0025
    plan = make_plan(0.05, 0.8, 0.5, discordant=0.1, design_effect=1.5)
    assert (plan.pairs, plan.clustered_pairs, plan.games) == (312, 468, 156)
    assert make_plan(0.05, 0.8, 0.5, discordant=0.1, design_effect=0.4).clustered_pairs == 312
    with pytest.raises(ValueError, match="cannot come from"):
        paired_pairs(0.5, 0.2, 0.8)


def test_arena_plan_prints_the_rounds_a_difference_needs(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from pysaboteur.cli import main

    assert main(["arena", "--plan", "5%"]) == 0
    text = " ".join(capsys.readouterr().out.split())
    assert "1,568 pairs" in text and "523 games at 3 pairs a game" in text
    assert "1,569 rounds per bot" in text


def test_a_rate_by_deal_counts_the_rounds_n_over_deff_times() -> None:
    alike = rate_by_deal([[1.0, 1.0, 1.0], [0.0, 0.0, 0.0]])
    assert (alike.deals, alike.n, alike.design_effect) == (2, 6, pytest.approx(5.0))
    assert alike.effective == pytest.approx(6 / 5)
    assert (alike.low, alike.high) == pytest.approx(wilson_bounds(0.5, 1.2))
    # Rounds that differ within every deal and not between deals: no correlation
    # is counted on below 1, so the interval is Wilson's over all six rounds.
    mixed = rate_by_deal([[1.0, 0.0], [1.0, 0.0], [0.0, 1.0]])
    assert mixed.design_effect < 1 and mixed.effective == 6.0
    plain = wilson(3, 6)
    assert (mixed.low, mixed.high) == pytest.approx((plain.low, plain.high))
    # Every round lost: no spread to measure, still an interval (Wilson's).
    never = rate_by_deal([[0.0, 0.0], [0.0, 0.0]])
    assert (never.low, never.high) == pytest.approx((0.0, wilson(0, 4).high))


def test_a_paired_difference_by_deal_is_bonett_price_at_the_effective_size() -> None:
    # Deal one: A won both its pairs alone; deal two: B won both alone.
    result = paired_by_deal([[1.0, 1.0], [-1.0, -1.0]])
    # CR1: 2/1 * (2^2 + 2^2) / 4^2 = 1; independent: (4/3) / 4 = 1/3
    assert result.design_effect == pytest.approx(3.0)
    scale = result.effective / 4
    plain = paired_difference(2, 2, 4)
    assert result.effective < 4 and result.low < plain.low and result.high > plain.high
    a = (2 * scale + 1) / (result.effective + 2)
    half = Z95 * math.sqrt(2 * a / (result.effective + 2))
    assert (result.low, result.high) == (max(-1.0, -half), min(1.0, half)) == (-1.0, 1.0)
