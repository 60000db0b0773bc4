"""Determinization of Saboteur 2: a sampled game agrees with everything its seat
knows, is a whole game that plays on, and draws what the seat does not know (the
dwarf cards, the reserve, the removed cards, the other hands, face-down cards,
what became of the cards it gave away in a swap-hand) with the right odds.

Frequencies are compared with exact distributions by the chi-square test of
tests/test_determinize.py (a correct sampler fails it with probability about
1e-4, so the fixed seeds are not a lucky pick).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Hashable, Iterator
from itertools import product
from math import comb, factorial
from typing import Any, NamedTuple

import pytest
from inventory import Saboteur2Chooser, card_places, dwarf_places
from test_determinize import SAMPLES, assert_frequencies

from pysaboteur.rules import Game, Move, Options, public_observation, seat_observation
from pysaboteur.rules.determinize import Determinizer, determinize, unseen_cards
from pysaboteur.rules.editions.saboteur2 import DWARF_CARDS
from pysaboteur.rules.gold_pieces import payout, round_winners, winning_teams
from pysaboteur.rules.observation import Observation
from pysaboteur.rules.results import GoldPiecesResult

EDITION = "saboteur2"
PLAYING_CARDS: Counter[str] = Counter(Game.new(2, edition=EDITION).edition.playing_cards)
DWARVES: Counter[str] = Counter(DWARF_CARDS)

# -- games to sample from ------------------------------------------------------------------


class Spec(NamedTuple):
    players: int
    options: Options
    seed: int
    every: int  # check every so many moves, and at every theft

    def positions(self) -> Iterator[Game]:
        """The game before each move that is checked, until it is over."""
        game = Game.new(
            self.players, self.options, self.seed, first=self.seed % self.players, edition=EDITION
        )
        choose = Saboteur2Chooser(random.Random(self.seed), 0.5, 0.3)
        count = 0
        while not game.is_over:
            if game.phase == "steal" or count % self.every == 0:
                yield game
            game.play(choose(game))
            count += 1


SPECS = [
    Spec(2, Options(), 1, 4),
    Spec(2, Options(next_round_start="rotate", open_hands=True), 2, 4),
    Spec(5, Options(), 3, 7),
    Spec(5, Options(next_round_start="last-path"), 4, 7),
    Spec(12, Options(), 5, 11),
    Spec(12, Options(open_hands=True), 6, 11),
]


def hidden_from(game: Game, seat: int) -> Counter[str]:
    """The cards of the round whose place ``seat`` cannot know, read from the real game."""
    hidden = Counter(game.draw_pile) + Counter(game.deal.removed)
    if not game.options.open_hands:
        for other, hand in enumerate(game.hands):
            if other != seat:
                hidden.update(hand)
        for move in game.moves:
            if move.kind in ("discard", "clear") and move.seat != seat:
                hidden.update(move.cards_played())
    return hidden


def replayed(sample: Game) -> Game:
    """The sample's deals and moves played again by the engine."""
    deals = [log.deal for log in sample.rounds]
    game = Game(
        sample.players, sample.options, 0, first=deals[0].first, deals=deals, edition=EDITION
    )
    for log in sample.rounds:
        for move in log.moves:
            game.play(move)
    return game


def in_any_order(observation: Observation) -> dict[str, Any]:
    """An observation with the cards of each hand it shows sorted."""
    seen: dict[str, Any] = dict(observation)
    seen["hand"] = sorted(observation["hand"])
    seen["hands"] = [sorted(hand) for hand in observation["hands"] or []]
    seen["swaps"] = [
        {**swap, "gave": sorted(swap["gave"]), "got": sorted(swap["got"])}
        for swap in observation["swaps"]
    ]
    return seen


# -- what a sample shows -------------------------------------------------------------------


@pytest.mark.parametrize("spec", SPECS, ids=lambda s: f"{s.players}p-seed{s.seed}")
def test_a_sample_shows_every_seat_exactly_what_it_saw(spec: Spec) -> None:
    rng = random.Random(spec.seed)
    for game in spec.positions():
        for seat in range(game.players):
            observation = seat_observation(game, seat)
            where = f"round {game.round_number}, move {len(game.moves)}, seat {seat}"
            assert unseen_cards(observation) == hidden_from(game, seat), where
            sample = determinize(observation, rng)
            assert seat_observation(sample, seat) == observation, where
            assert public_observation(sample) == public_observation(game), where
            assert card_places(sample) == PLAYING_CARDS, where
            assert dwarf_places(sample) == DWARVES, where
            assert sample.maze.network == game.maze.network, where
            assert sample.gold_pieces == game.gold_pieces, where
            assert sample.state.round_gold == game.state.round_gold, where
            if game.to_move == seat:
                assert sample.legal_moves() == game.legal_moves(), where


@pytest.mark.parametrize("spec", SPECS, ids=lambda s: f"{s.players}p-seed{s.seed}")
def test_a_sample_is_a_whole_game_whose_deals_replay_to_it(spec: Spec) -> None:
    """Every round's deal, its moves played again, leads to the sample as every seat
    sees it (the order of the cards within a hand aside)."""
    rng = random.Random(spec.seed + 100)
    for game in spec.positions():
        seat = rng.randrange(game.players)
        sample = Determinizer(seat_observation(game, seat)).sample(rng)
        again = replayed(sample)
        for anyone in range(game.players):
            assert in_any_order(seat_observation(again, anyone)) == in_any_order(
                seat_observation(sample, anyone)
            )


@pytest.mark.parametrize("spec", SPECS, ids=lambda s: f"{s.players}p-seed{s.seed}")
def test_a_sample_plays_on_to_the_end_of_the_game(spec: Spec) -> None:
    rng = random.Random(spec.seed + 200)
    for number, game in enumerate(spec.positions()):
        if number % 4:
            continue
        sample = determinize(seat_observation(game, rng.randrange(game.players)), rng)
        choose = Saboteur2Chooser(rng, 0.5, 0.3)
        while not sample.is_over:
            assert card_places(sample) == PLAYING_CARDS
            assert dwarf_places(sample) == DWARVES
            sample.play(choose(sample))  # raises IllegalMove if a listed move is refused


def test_the_same_generator_state_draws_the_same_game() -> None:
    game = first_position(5, lambda g: g.round_number == 2 and len(g.moves) == 12)
    observation = seat_observation(game, 3)
    once, again = (determinize(observation, random.Random(11)) for _ in range(2))
    assert [log.deal for log in once.rounds] == [log.deal for log in again.rounds]
    other = determinize(observation, random.Random(12))
    assert [log.deal for log in once.rounds] != [log.deal for log in other.rounds]


def test_a_public_observation_or_role_weights_are_refused() -> None:
    game = Game.new(3, seed=3, edition=EDITION)
    with pytest.raises(ValueError, match="seat"):
        determinize(public_observation(game), random.Random(0))
    with pytest.raises(ValueError, match="weights"):
        Determinizer(seat_observation(game, 0), [(("green",) * 15, 1.0)])


# -- positions for the frequencies ------------------------------------------------------------


def deals_paid_alike(game: Game) -> Counter[Hashable]:
    """Every deal of the dwarf cards to the seats that the seat to move cannot tell
    from the real one while thieves steal (its own card as it is, the round paid as it
    was), with the number of reserve orders that go with it."""
    seat = game.to_move
    assert seat is not None
    players = game.players
    state = game.state
    result = state.result
    assert isinstance(result, GoldPiecesResult)
    reached, finder = result.gold_reached, result.finder
    exact: Counter[Hashable] = Counter()
    for roles in product(DWARF_CARDS, repeat=players):
        rest = DWARVES - Counter(roles)
        if roles[seat] != game.roles[seat] or sum(rest.values()) != 15 - players:
            continue
        teams = winning_teams(roles[finder], result.open_to) if finder is not None else []
        winners = round_winners(list(roles), state.trapped, teams, reached)
        paid = payout(list(roles), winners, state.trapped, state.maze.crystals())
        if paid == state.round_gold:
            ways = factorial(15 - players)  # the orders of the reserve
            for count in rest.values():
                ways //= factorial(count)
            exact[roles] += ways
    return exact


def first_position(players: int, wanted: Callable[[Game], bool], seeds: int = 300) -> Game:
    """The first position, over seeds 0, 1, ..., that ``wanted`` accepts."""
    for seed in range(seeds):
        for game in Spec(players, Options(), seed, 1).positions():
            if wanted(game):
                return game
    raise AssertionError("no game reached the wanted position")


def scripted(players: int, seed: int, moves: list[str]) -> Game:
    game = Game.new(players, seed=seed, edition=EDITION)
    for move in moves:
        game.play(move)
    return game


def a_game_whose_seat_holds(players: int, card: str) -> Game:
    """A fresh game whose seat 0 holds ``card``."""
    for seed in range(500):
        game = Game.new(players, seed=seed, edition=EDITION)
        if card in game.hands[0]:
            return game
    raise AssertionError(f"no deal gives seat 0 a {card}")


def one_discard(game: Game) -> Move:
    """The first single-card discard the seat to move may make."""
    return next(m for m in game.legal_moves() if m.kind == "discard" and not m.also)


def uniform_over(cards: Counter[str]) -> dict[Hashable, float]:
    total = sum(cards.values())
    return {card: count / total for card, count in cards.items() if count}


# -- dwarf cards ---------------------------------------------------------------------------------


def test_the_other_dwarf_cards_and_the_reserve_are_dealt_uniformly() -> None:
    """Two players, nothing seen yet: the other seat's card and the reserve's top are
    each any of the 14 cards but the seat's own."""
    game = Game.new(2, seed=1, edition=EDITION)
    observation = seat_observation(game, 0)
    rest = DWARVES - Counter([game.roles[0]])
    determinizer = Determinizer(observation)
    rng = random.Random(21)
    other: Counter[Hashable] = Counter()
    top: Counter[Hashable] = Counter()
    for _ in range(SAMPLES):
        sample = determinizer.sample(rng)
        assert sample.roles[0] == game.roles[0]
        other[sample.roles[1]] += 1
        top[sample.state.reserve[0]] += 1
    assert_frequencies(other, uniform_over(rest))
    assert_frequencies(top, uniform_over(rest))


def test_an_inspected_card_is_known_and_the_others_are_dealt_from_the_rest() -> None:
    game = a_game_whose_seat_holds(3, "inspection")
    game.play("0 inspection @1")
    observation = seat_observation(game, 0)
    rest = DWARVES - Counter([game.roles[0], game.roles[1]])
    determinizer = Determinizer(observation)
    rng = random.Random(22)
    seen: Counter[Hashable] = Counter()
    for _ in range(SAMPLES):
        sample = determinizer.sample(rng)
        assert sample.roles[:2] == game.roles[:2]
        seen[sample.roles[2]] += 1
    assert_frequencies(seen, uniform_over(rest))


def test_an_inspected_card_that_a_swap_hats_replaced_lies_aside() -> None:
    """Seat 0 looked at seat 1's card; a swap-hats then gave seat 1 the reserve's top.
    The card seen is the one laid aside; seat 1's new card is any of the rest."""
    for seed in range(500):
        game = Game.new(3, seed=seed, edition=EDITION)
        if "inspection" in game.hands[0] and "swap-hats" in game.hands[1]:
            break
    else:
        raise AssertionError("no deal to inspect and then swap hats")
    looked_at = game.roles[1]
    game.play("0 inspection @1")
    game.play("1 swap-hats @1")
    game.play(one_discard(game))
    observation = seat_observation(game, 0)
    assert observation["looks"] == [{"move": 0, "seat": 1, "role": looked_at}]
    rest = DWARVES - Counter([game.roles[0], looked_at])
    determinizer = Determinizer(observation)
    rng = random.Random(23)
    seen: Counter[Hashable] = Counter()
    for _ in range(SAMPLES):
        sample = determinizer.sample(rng)
        assert sample.state.hats_out == [looked_at]
        assert sample.rounds[-1].deal.roles[1] == looked_at
        seen[sample.roles[1]] += 1
    assert_frequencies(seen, uniform_over(rest))


def test_the_seat_knows_its_new_hat_and_the_reserve_below_is_uniform() -> None:
    game = a_game_whose_seat_holds(2, "swap-hats")
    game.play("0 swap-hats @0")
    observation = seat_observation(game, 0)
    new = game.roles[0]
    old = game.state.hats_out[0]
    assert observation["looks"] == [{"move": 0, "seat": 0, "role": new, "laid_aside": old}]
    determinizer = Determinizer(observation)
    rng = random.Random(24)
    seen: Counter[Hashable] = Counter()
    for _ in range(SAMPLES):
        sample = determinizer.sample(rng)
        assert sample.roles[0] == new and sample.rounds[-1].deal.reserve[0] == new
        assert sample.state.hats_out == [old]  # the seat knew the card it gave up
        seen[sample.state.reserve[0]] += 1
    # The rest of the reserve: the 13 cards that are neither the new nor the old one.
    assert_frequencies(seen, uniform_over(DWARVES - Counter([new, old])))


@pytest.mark.parametrize("players", [2, 3])
def test_while_thieves_steal_the_roles_are_those_that_explain_the_pay(players: int) -> None:
    """The round has been paid: every deal of the dwarf cards whose pay is the one seen
    comes up with its exact odds, counted by going through every role of every seat."""

    def paid_with_several_deals_open(game: Game) -> bool:
        # Without looks, and with more than one deal that explains the pay: else the
        # test would have nothing to tell apart.
        return game.phase == "steal" and not game.state.looks and len(deals_paid_alike(game)) >= 2

    game = first_position(players, paid_with_several_deals_open)
    seat = game.to_move
    assert seat is not None
    observation = seat_observation(game, seat)
    exact = deals_paid_alike(game)
    total = sum(exact.values())
    determinizer = Determinizer(observation)
    rng = random.Random(25)
    seen: Counter[Hashable] = Counter(tuple(determinizer.sample(rng).roles) for _ in range(SAMPLES))
    assert_frequencies(seen, {roles: ways / total for roles, ways in exact.items()})


# -- playing cards --------------------------------------------------------------------------------


def test_the_unseen_cards_are_dealt_uniformly_to_the_hidden_places() -> None:
    """The draw pile's top, the first card removed and the first card of the other hand
    are each any unseen card."""
    game = first_position(2, lambda g: len(g.moves) == 6 and g.to_move == 0)
    observation = seat_observation(game, 0)
    unseen = unseen_cards(observation)
    determinizer = Determinizer(observation)
    rng = random.Random(26)
    places: dict[str, Counter[Hashable]] = {"top": Counter(), "removed": Counter()}
    places["hand"] = Counter()
    for _ in range(SAMPLES):
        sample = determinizer.sample(rng)
        places["top"][sample.draw_pile[-1]] += 1
        places["removed"][sample.deal.removed[0]] += 1
        places["hand"][sample.hands[1][0]] += 1
    for seen in places.values():
        assert_frequencies(seen, uniform_over(unseen))


def test_a_swapped_hand_is_followed_through_a_face_down_discard() -> None:
    """Seat 0 gives its hand G (5 cards) to seat 1, which draws one card d and then
    discards one card face down.  Each of the six cards it held is as likely to be
    the one discarded: the discard is a card of G, or d, which is any card seat 0
    does not know of."""
    game = a_game_whose_seat_holds(2, "swap-hand")
    game.play("0 swap-hand @1")
    game.play(one_discard(game))
    observation = seat_observation(game, 0)
    (swap,) = observation["swaps"]
    gave = Counter(swap["gave"])
    free = unseen_cards(observation) - gave
    others = sum(count for card, count in free.items() if card not in gave)
    size = sum(gave.values()) + 1
    exact: dict[Hashable, float] = {
        card: (count + free[card] / sum(free.values())) / size for card, count in gave.items()
    }
    exact["another card"] = others / sum(free.values()) / size
    determinizer = Determinizer(observation)
    rng = random.Random(27)
    seen: Counter[Hashable] = Counter()
    for _ in range(SAMPLES):
        card = determinizer.sample(rng).moves[1].card
        seen[card if card in gave else "another card"] += 1
    assert_frequencies(seen, exact)


def test_a_swapped_hand_played_face_up_was_one_of_its_cards_or_the_card_drawn() -> None:
    """After the swap, seat 1 plays face up a card c of those seat 0 gave it (G).  It
    was one of G's copies of c (G[c] ways) or the card d it drew after the swap (one
    way, times the odds that d is c).  In the first case all of G but one c is still
    held, with cards seat 0 does not know of; in the second all of G is."""

    def swapped_then_played(game: Game) -> bool:
        swaps = game.state.swaps
        if len(game.moves) < 2 or len(swaps) != 1 or swaps[0].seat != 0 or game.to_move != 0:
            return False
        last = game.moves[-1]
        return (
            swaps[0].move == len(game.moves) - 2
            and last.seat == 1
            and last.kind not in ("discard", "clear", "pass")
            and game.edition.card_of(last.card) in swaps[0].gave
        )

    game = first_position(2, swapped_then_played, seeds=2000)
    observation = seat_observation(game, 0)
    (swap,) = observation["swaps"]
    c = game.edition.card_of(game.moves[-1].card)
    assert c is not None
    gave = Counter(swap["gave"])
    # The cards seat 0 knows nothing of if c came from G: d came from them.
    pool = unseen_cards(observation) - gave + Counter([c])
    n, k = sum(pool.values()), pool[c]
    from_g, drawn = gave[c], k / n
    p_drawn = drawn / (from_g + drawn)
    # If c came from G, the hand still holds a c when one of its unknown cards is one.
    unknown = observation["hand_sizes"][1] - (sum(gave.values()) - 1)
    none_is_c = comb(n - k, unknown) / comb(n, unknown)
    exact: dict[Hashable, float] = {
        "all of G": p_drawn + (1 - p_drawn) * (1 - none_is_c),
        "G but one c": (1 - p_drawn) * none_is_c,
    }
    determinizer = Determinizer(observation)
    rng = random.Random(28)
    seen: Counter[Hashable] = Counter()
    for _ in range(SAMPLES):
        hand = Counter(determinizer.sample(rng).hands[1])
        assert hand >= gave - Counter([c])
        seen["all of G" if hand >= gave else "G but one c"] += 1
    assert_frequencies(seen, exact)
