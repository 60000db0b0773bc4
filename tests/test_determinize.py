"""Determinization: a sampled game agrees with everything its seat knows, is a
whole legal game, and draws what the seat does not know with the right odds.

Games are played by a chooser that mixes uniform choices with placements
towards the goals (uniform choices alone almost never reach the gold), so that
the gold phase, miners' rounds and saboteurs' pay all occur before a sample is
drawn.  Frequencies are compared with exact distributions by a chi-square test
whose bound a correct sampler exceeds with probability about 1e-4, so that the
fixed seeds below are not a lucky pick; every expected count is at least 5.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable, Hashable, Iterator
from itertools import combinations, permutations
from typing import NamedTuple

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from inventory import Chooser, card_places, gold_places

from pysaboteur.rules import (
    GOLD,
    PLAY,
    Game,
    Options,
    RecordError,
    game_from_record,
    game_to_record,
    public_observation,
    seat_observation,
)
from pysaboteur.rules.cards import (
    GOAL_CARDS,
    GOLD_CARDS,
    PLAYING_CARDS,
    SABOTEURS_IN_POOL,
    role_pool,
)
from pysaboteur.rules.determinize import (
    Determinizer,
    consistent_assignments,
    determinize,
    role_assignments,
    unseen_cards,
)
from pysaboteur.rules.options import GOLD_DRAW_CHOICES, NEXT_ROUND_START_CHOICES

SAMPLES = 2000

# -- games to sample from ----------------------------------------------------------------


class Spec(NamedTuple):
    players: int
    options: Options
    seed: int
    greed: float
    every: int  # check every so many moves, and at every gold pick

    def positions(self) -> Iterator[Game]:
        """The game before each move that is checked, until it is over."""
        game = Game.new(self.players, self.options, self.seed, first=self.seed % self.players)
        choose = Chooser(random.Random(self.seed), self.greed)
        count = 0
        while not game.is_over:
            if game.phase == GOLD or count % self.every == 0:
                yield game
            game.play(choose(game))
            count += 1


@st.composite
def specs(draw: st.DrawFn) -> Spec:
    return Spec(
        draw(st.integers(3, 10)),
        Options(
            draw(st.sampled_from(GOLD_DRAW_CHOICES)),
            draw(st.sampled_from(NEXT_ROUND_START_CHOICES)),
            draw(st.booleans()),
        ),
        draw(st.integers(0, 2**32 - 1)),
        draw(st.sampled_from([0.5, 0.8, 0.95])),
        draw(st.integers(9, 25)),
    )


#: Whole games are slow examples: hypothesis reports a failing one as it is,
#: without minutes of shrinking.
GAMES = settings(
    max_examples=8,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    phases=[Phase.explicit, Phase.reuse, Phase.generate],
)


def hidden_from(game: Game, seat: int) -> Counter[str]:
    """The cards of the round whose place ``seat`` cannot know, read from the real game."""
    hidden = Counter(game.draw_pile)
    if not game.options.open_hands:
        for other, hand in enumerate(game.hands):
            if other != seat:
                hidden.update(hand)
        hidden.update(m.card for m in game.moves if m.kind == "discard" and m.seat != seat)
    return hidden


def first_position(
    players: int, options: Options, wanted: Callable[[Game], bool], greed: float = 0.8
) -> Game:
    """The first position, over seeds 0, 1, ..., that ``wanted`` accepts."""
    for seed in range(200):
        for game in Spec(players, options, seed, greed, 1).positions():
            if wanted(game):
                return game
    raise AssertionError("no game reached the wanted position")


# -- what a sample shows -----------------------------------------------------------------


@GAMES
@given(specs(), st.integers(0, 2**32 - 1))
def test_a_sample_shows_every_seat_exactly_what_it_saw(spec: Spec, seed: int) -> None:
    rng = random.Random(seed)
    for game in spec.positions():
        for seat in range(game.players):
            observation = seat_observation(game, seat)
            where = f"round {game.round_number}, move {len(game.moves)}, seat {seat}"
            assert unseen_cards(observation) == hidden_from(game, seat), where
            sample = determinize(observation, rng)
            assert seat_observation(sample, seat) == observation, where
            assert public_observation(sample) == public_observation(game), where
            assert card_places(sample) == Counter(PLAYING_CARDS), where
            assert gold_places(sample) == Counter(GOLD_CARDS), where
            assert sample.maze.network == game.maze.network, where
            roles = [*sample.roles, sample.deal.set_aside]
            assert sorted(roles) == sorted(role_pool(spec.players)), where
            if game.to_move == seat:
                assert sample.legal_moves() == game.legal_moves(), where


def assert_record_replays_to(sample: Game, seat: int, exactly: bool) -> None:
    """The sample's record replays to the sample, as every seat sees it.  Where the
    determinizer says it cannot (``Determinizer.replays_exactly``), the one
    difference allowed is the drawing seat's own looks at its pay."""
    replayed = game_from_record(game_to_record(sample))
    for anyone in range(sample.players):
        got, wanted = seat_observation(replayed, anyone), seat_observation(sample, anyone)
        if anyone == seat and not exactly:
            got["gold"]["seen"] = wanted["gold"]["seen"] = []  # the looks at its pay differ
        assert got == wanted


@GAMES
@given(specs(), st.integers(0, 2**32 - 1))
def test_a_sample_is_a_whole_game_whose_record_replays_to_it(spec: Spec, seed: int) -> None:
    """Its deals, face-down discards and gold make a record that the engine accepts
    and that leads to the same position, seen from every seat."""
    rng = random.Random(seed)
    for game in spec.positions():
        seat = rng.randrange(game.players)
        determinizer = Determinizer(seat_observation(game, seat))
        assert_record_replays_to(determinizer.sample(rng), seat, determinizer.replays_exactly)


@pytest.mark.parametrize(("seed", "exactly"), [(9, True), (23, False)])
def test_gold_a_seat_sent_down_may_come_up_again_in_the_last_round(
    seed: int, exactly: bool
) -> None:
    """Ten players: the last round's offer draws the gold deck down to the cards a
    seat's pay sent to its bottom in an earlier round.  With seed 9 the sample
    deals them into that offer; with seed 23 one seat's looks show that other
    saboteurs sent cards down too, which the sample does not follow: it forgets
    what that seat sent down, and shows it all it saw all the same."""
    rng = random.Random(seed)
    replays = set()
    for game in Spec(10, Options(), seed, 0.95, 1).positions():
        if game.round_number < 3 or game.phase != GOLD:
            continue
        for seat in range(10):
            observation = seat_observation(game, seat)
            determinizer = Determinizer(observation)
            sample = determinizer.sample(rng)
            assert seat_observation(sample, seat) == observation
            assert gold_places(sample) == Counter(GOLD_CARDS)
            assert_record_replays_to(sample, seat, determinizer.replays_exactly)
            replays.add(determinizer.replays_exactly)
    assert exactly in replays


@GAMES
@given(specs(), st.integers(0, 2**32 - 1))
def test_a_sample_plays_on_to_the_end_of_the_game(spec: Spec, seed: int) -> None:
    rng = random.Random(seed)
    for number, game in enumerate(spec.positions()):
        if number % 3:
            continue
        sample = determinize(seat_observation(game, rng.randrange(game.players)), rng)
        choose = Chooser(rng, spec.greed)
        while not sample.is_over:
            assert card_places(sample) == Counter(PLAYING_CARDS)
            sample.play(choose(sample))  # raises IllegalMove if a generated move is refused
        assert gold_places(sample) == Counter(GOLD_CARDS)


def test_the_same_generator_state_draws_the_same_game() -> None:
    game = first_position(5, Options(), lambda g: g.round_number == 2 and len(g.moves) == 12)
    observation = seat_observation(game, 3)
    once = determinize(observation, random.Random(11))
    again = Determinizer(observation).sample(random.Random(11))
    assert game_to_record(once) == game_to_record(again)
    assert game_to_record(once) != game_to_record(determinize(observation, random.Random(12)))


def test_a_public_observation_or_a_finished_game_cannot_be_determinized() -> None:
    game = Game.new(4, seed=3)
    with pytest.raises(ValueError, match="seat"):
        determinize(public_observation(game), random.Random(0))
    choose = Chooser(random.Random(5), 0.0)
    while not game.is_over:
        game.play(choose(game))
    with pytest.raises(ValueError, match="over"):
        determinize(seat_observation(game, 0), random.Random(0))


# -- frequencies ---------------------------------------------------------------------------


def chi_square_bound(degrees: int) -> float:
    """The chi-square value exceeded with probability about 1e-4 (Wilson-Hilferty)."""
    z = 3.719  # the standard normal quantile of 1 - 1e-4
    return degrees * (1 - 2 / (9 * degrees) + z * math.sqrt(2 / (9 * degrees))) ** 3


def assert_frequencies(seen: Counter[Hashable], exact: dict[Hashable, float]) -> None:
    """Every outcome drawn is possible, and the counts fit the exact odds."""
    total = sum(seen.values())
    assert set(seen) <= set(exact), f"impossible outcomes drawn: {set(seen) - set(exact)}"
    assert min(exact.values()) * total >= 5, "too few samples for a chi-square test"
    statistic = sum((seen[k] - total * p) ** 2 / (total * p) for k, p in exact.items())
    assert statistic < chi_square_bound(len(exact) - 1)


def first_late_position(wanted: Callable[[Game], bool]) -> Game:
    """The first position ``wanted`` accepts in the first round of three-player
    games whose seats play face up whenever they can (so few cards are unseen)."""
    for seed in range(200):
        game = Game.new(3, Options(), seed)
        rng = random.Random(seed)
        while game.round_number == 1:
            if wanted(game):
                return game
            legal = game.legal_moves()
            game.play(rng.choice([m for m in legal if m.kind != "discard"] or legal))
    raise AssertionError("no game reached the wanted position")


def test_the_hidden_cards_of_a_late_round_are_dealt_with_their_exact_odds() -> None:
    """Three players, the draw pile empty, seven cards unseen by seat 0: the odds of
    every split of them over the two other hands and the face-down discards are
    worked out by going through every order of the seven cards."""

    def late(game: Game) -> bool:
        if game.phase != PLAY or game.draw_pile or game.to_move != 0:
            return False
        hidden = hidden_from(game, 0)
        faced_down = [m for m in game.moves if m.kind == "discard" and m.seat != 0]
        return sum(hidden.values()) == 7 and len(faced_down) == 1 and len(hidden) < 7

    game = first_late_position(late)
    observation = seat_observation(game, 0)
    sizes = observation["hand_sizes"]
    unseen = sorted(unseen_cards(observation).elements())

    def split(cards: tuple[str, ...] | list[str]) -> Hashable:
        return (
            tuple(sorted(cards[: sizes[1]])),
            tuple(sorted(cards[sizes[1] : sizes[1] + sizes[2]])),
            tuple(cards[sizes[1] + sizes[2] :]),
        )

    orders = Counter(split(order) for order in permutations(unseen))
    exact = {outcome: count / math.factorial(len(unseen)) for outcome, count in orders.items()}
    assert len(exact) > 20, "the position should leave many splits open"
    determinizer = Determinizer(observation)
    rng = random.Random(1)
    seen: Counter[Hashable] = Counter()
    for _ in range(SAMPLES):
        sample = determinizer.sample(rng)
        faced_down = [m.card for m in sample.moves if m.kind == "discard" and m.seat != 0]
        seen[split([*sample.hands[1], *sample.hands[2], *faced_down])] += 1
        assert sample.draw_pile == []
    assert_frequencies(seen, exact)


def five_player_position(length: int) -> Game:
    return first_position(5, Options(), lambda g: g.phase == PLAY and len(g.moves) == length)


def test_roles_are_drawn_with_the_given_weights_among_those_that_fit() -> None:
    game = five_player_position(9)
    observation = seat_observation(game, 2)
    fitting = consistent_assignments(observation)
    own = game.roles[2]
    assert fitting == [roles for roles in role_assignments(5) if roles[2] == own]
    weights = [(roles, float(index + 1)) for index, roles in enumerate(fitting)]
    wrong = [roles for roles in role_assignments(5) if roles[2] != own]
    weights += [(roles, 100.0) for roles in wrong]  # never drawn: the seat knows its role
    total = sum(range(1, len(fitting) + 1))
    determinizer = Determinizer(observation, weights)
    rng = random.Random(2)
    seen: Counter[Hashable] = Counter(
        (*sample.roles, sample.deal.set_aside)
        for sample in (determinizer.sample(rng) for _ in range(SAMPLES))
    )
    assert_frequencies(seen, {roles: (index + 1) / total for index, roles in enumerate(fitting)})


def test_without_weights_every_role_deal_that_fits_is_equally_likely() -> None:
    observation = seat_observation(five_player_position(4), 0)
    fitting = consistent_assignments(observation)
    determinizer = Determinizer(observation)
    rng = random.Random(3)
    seen: Counter[Hashable] = Counter(
        (*sample.roles, sample.deal.set_aside)
        for sample in (determinizer.sample(rng) for _ in range(SAMPLES))
    )
    assert_frequencies(seen, {roles: 1 / len(fitting) for roles in fitting})


def test_weights_that_leave_no_fitting_role_deal_are_refused() -> None:
    game = five_player_position(4)
    wrong = [roles for roles in role_assignments(5) if roles[1] != game.roles[1]]
    with pytest.raises(ValueError, match="role"):
        determinize(seat_observation(game, 1), random.Random(0), [(r, 1.0) for r in wrong])


def test_goals_nobody_showed_the_seat_are_dealt_uniformly() -> None:
    observation = seat_observation(five_player_position(2), 1)
    assert all(goal["card"] is None for goal in observation["goals"])
    determinizer = Determinizer(observation)
    rng = random.Random(4)
    seen: Counter[Hashable] = Counter(determinizer.sample(rng).maze.goals for _ in range(SAMPLES))
    assert_frequencies(seen, {order: 1 / 6 for order in permutations(GOAL_CARDS)})


def test_a_goal_the_seat_has_mapped_is_never_changed_and_the_others_are_even() -> None:
    def one_mapped(game: Game) -> bool:
        seat = game.to_move
        return (
            game.phase == PLAY
            and game.round_number == 1
            and seat is not None
            and len(game.maps[seat]) == 1
            and not any(game.maze.revealed)
        )

    game = first_position(4, Options(), one_mapped)
    seat = game.to_move
    assert seat is not None
    ((mapped, card),) = game.maps[seat].items()
    determinizer = Determinizer(seat_observation(game, seat))
    rng = random.Random(5)
    seen: Counter[Hashable] = Counter()
    for _ in range(SAMPLES):
        goals = determinizer.sample(rng).maze.goals
        assert goals[mapped] == card
        seen[goals] += 1
    first, second = (other for other in GOAL_CARDS if other != card)
    exact: dict[Hashable, float] = {}
    for pair in ((first, second), (second, first)):
        others = iter(pair)
        exact[tuple(card if index == mapped else next(others) for index in range(3))] = 0.5
    assert_frequencies(seen, exact)


# -- roles while the gold is shared out ----------------------------------------------------


def replays_with_roles(game: Game, roles: tuple[str, ...]) -> bool:
    """Whether the game's record, the current round's roles changed, still replays
    to the same seat picking from an offer of the same size."""
    record = game_to_record(game)
    record["rounds"][-1]["roles"] = list(roles[:-1])
    record["rounds"][-1]["set_aside"] = roles[-1]
    try:
        replayed = game_from_record(record)
    except RecordError:
        return False
    return (replayed.phase, replayed.to_move, len(replayed.offer), len(replayed.gold_deck)) == (
        game.phase,
        game.to_move,
        len(game.offer),
        len(game.gold_deck),
    )


@pytest.mark.parametrize(
    ("players", "gold_draw"), [(4, "players"), (6, "miners"), (7, "players"), (9, "miners")]
)
def test_the_role_deals_that_fit_the_gold_picks_are_those_the_engine_would_replay(
    players: int, gold_draw: str
) -> None:
    def picking(game: Game) -> bool:
        return game.phase == GOLD and any(m.kind == "take" for m in game.moves)

    game = first_position(players, Options(gold_draw=gold_draw), picking, greed=0.95)
    replaying = [roles for roles in role_assignments(players) if replays_with_roles(game, roles)]
    assert (*game.roles, game.deal.set_aside) in replaying
    narrowed = False
    for seat in range(players):
        own_role = [roles for roles in role_assignments(players) if roles[seat] == game.roles[seat]]
        fits = consistent_assignments(seat_observation(game, seat))
        assert fits == [roles for roles in own_role if roles in replaying]
        narrowed |= len(fits) < len(own_role)
    assert narrowed, "the picks so far should tell the seats something about the roles"


def test_role_assignments_are_every_distinct_deal_of_the_role_pool() -> None:
    for players in range(3, 11):
        deals = role_assignments(players)
        assert len(set(deals)) == len(deals) == math.comb(players + 1, SABOTEURS_IN_POOL[players])
        assert all(sorted(deal) == sorted(role_pool(players)) for deal in deals)
    assert len(role_assignments(10)) == 330


# -- gold ------------------------------------------------------------------------------------


def test_the_offer_another_seat_picks_from_is_drawn_from_what_the_seat_passed_on() -> None:
    """A seat that picked and passed the rest on, after which others picked too,
    knows the offer lies within what it passed: each way of choosing the offer's
    cards from those is equally likely."""

    def last_picker_before_others(game: Game) -> int | None:
        if game.phase != GOLD:
            return None
        takes = [m for m in game.moves if m.kind == "take"]
        for seat in {m.seat for m in takes} - {game.to_move}:
            last = max(i for i, m in enumerate(takes) if m.seat == seat)
            if last < len(takes) - 1 and len(game.offer) >= 2:
                return seat
        return None

    game = first_position(
        7, Options(), lambda g: last_picker_before_others(g) is not None, greed=0.95
    )
    seat = last_picker_before_others(game)
    assert seat is not None
    observation = seat_observation(game, seat)
    passed = list(observation["gold"]["seen"][-1])
    passed.remove([m for m in game.moves if m.kind == "take" and m.seat == seat][-1].value)
    size = len(game.offer)
    exact: Counter[Hashable] = Counter(
        tuple(sorted((passed[i] for i in chosen), reverse=True))
        for chosen in combinations(range(len(passed)), size)
    )
    ways = sum(exact.values())
    assert len(exact) >= 2, "the position should leave the offer open"
    determinizer = Determinizer(observation)
    rng = random.Random(6)
    seen: Counter[Hashable] = Counter(
        tuple(sorted(determinizer.sample(rng).offer, reverse=True)) for _ in range(SAMPLES)
    )
    assert_frequencies(seen, {offer: count / ways for offer, count in exact.items()})


def test_the_seats_own_gold_is_exact_and_every_saboteur_was_paid_what_it_was_owed() -> None:
    """The seat's gold and looks are its own; the others' picks are drawn, but
    each seat picked as many cards as it did, and a saboteur's pay is public."""

    def after_pay(game: Game) -> bool:
        results = [log.result for log in game.rounds[:-1]]
        return (
            game.phase == PLAY
            and any(r is not None and r.winner == "saboteurs" for r in results)
            and any(r is not None and r.winner == "miners" for r in results)
        )

    game = first_position(5, Options(), after_pay, greed=0.9)
    for seat in range(5):
        sample = determinize(seat_observation(game, seat), random.Random(seat))
        assert sample.gold_kept[seat] == game.gold_kept[seat]
        assert sample.gold_seen[seat] == game.gold_seen[seat]
        assert len(sample.gold_deck) == len(game.gold_deck)
        for real, drawn in zip(game.rounds[:-1], sample.rounds[:-1], strict=True):
            assert real.result is not None and drawn.result is not None
            if real.result.winner == "saboteurs":
                assert drawn.result.gold == real.result.gold
            else:
                picks = [m.seat for m in real.moves if m.kind == "take"]
                assert [m.seat for m in drawn.moves if m.kind == "take"] == picks
