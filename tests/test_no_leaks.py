"""No leaks: two games that differ only in what a seat cannot know look the same to it.

Game A is played from a seed to a position where seats are taking turns.  Game
B is dealt like A except for what the viewer (a seat, or a spectator) has not
seen: the cards in the *slots* of each deal (dealt hands and deck positions)
that it never saw are shuffled among themselves, and in the round in play the
roles it does not know and the face-down goals it has not looked at are
shuffled too.  The same moves are replayed in B (others' face-down discards
renamed to the card now in their slot); they must all be legal, and the
viewer's observation must be exactly the same in both games.

Other tests here show the comparison is not vacuous: somebody else's
observation differs in almost every case.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import NamedTuple

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pysaboteur.rules import (
    GOAL_CELLS,
    GOLD,
    PLAY,
    Deal,
    Game,
    Move,
    Options,
    game_to_record,
    public_observation,
    seat_observation,
)
from pysaboteur.rules.cards import CARD_OF_SHAPE, parse_shape
from pysaboteur.rules.observation import Observation
from pysaboteur.rules.options import GOLD_DRAW_CHOICES, NEXT_ROUND_START_CHOICES

SCENARIOS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
SPECTATOR = None


class Scenario(NamedTuple):
    players: int
    options: Options
    seed: int  # the game's, and the chooser's that plays it
    greed: float  # how often the chooser heads for the goals (so that gold rounds happen)
    stop: float  # where to stop, as a fraction of the positions where seats take turns
    viewer: int | None  # a seat, or SPECTATOR
    shuffle: int  # the seed of B's shuffles


@st.composite
def scenarios(draw: st.DrawFn, viewer: bool) -> Scenario:
    players = draw(st.integers(3, 10))
    options = Options(
        draw(st.sampled_from(GOLD_DRAW_CHOICES)),
        draw(st.sampled_from(NEXT_ROUND_START_CHOICES)),
        draw(st.booleans()),
    )
    return Scenario(
        players,
        options,
        draw(st.integers(0, 2**32 - 1)),
        draw(st.sampled_from([0.0, 0.8])),
        draw(st.floats(0, 1, exclude_max=True)),
        draw(st.integers(0, players - 1)) if viewer else SPECTATOR,
        draw(st.integers(0, 2**32 - 1)),
    )


def towards_gold(game: Game, legal: list[Move]) -> Move | None:
    """A connected card placed as near an unturned goal as any."""
    targets = [cell for index, cell in enumerate(GOAL_CELLS) if not game.maze.revealed[index]]
    places = [m for m in legal if m.kind == "place" and not m.card.startswith("x")]
    if not places:
        return None
    return min(places, key=lambda m: min(abs(m.x - x) + abs(m.y - y) for x, y in targets))


def choose(game: Game, rng: random.Random, greed: float) -> Move:
    legal = game.legal_moves()
    move = towards_gold(game, legal) if rng.random() < greed else None
    return move or rng.choice(legal)


def chosen_moves(scenario: Scenario) -> list[Move]:
    """Game A's moves: the whole game as the chooser plays it, cut at the scenario's stop."""
    game = Game.new(scenario.players, scenario.options, scenario.seed)
    rng = random.Random(scenario.seed)
    moves: list[Move] = []
    turns: list[int] = []  # how many moves were made at each position where seats take turns
    while not game.is_over:
        if game.phase == PLAY:
            turns.append(len(moves))
        move = choose(game, rng, scenario.greed)
        game.play(move)
        moves.append(move)
    return moves[: turns[int(scenario.stop * len(turns))]]


def printed_card(move: Move) -> str:
    return CARD_OF_SHAPE[parse_shape(move.card)] if move.kind == "place" else move.card


@dataclass
class RoundSlots:
    """Where each card of one round's deal went.  The deal's slots are the places of the
    dealt hands, seat by seat, then those of the deck, top first."""

    codes: list[str]  # the card in each slot
    hand_size: int
    dealt: int  # slots below this are in dealt hands
    #: The slot each move took its card from (None for pass and take).
    taken: list[int | None] = field(default_factory=list)
    #: Slots whose card was played face up (path cards and action cards).
    face_up: set[int] = field(default_factory=set)
    #: The seat that drew each deck slot drawn so far.
    drawn_by: dict[int, int] = field(default_factory=dict)

    def holder(self, slot: int) -> int | None:
        """The seat that had the slot's card in hand, if any did."""
        return slot // self.hand_size if slot < self.dealt else self.drawn_by.get(slot)

    def seen_by(self, viewer: int | None, open_hands: bool) -> set[int]:
        """The slots whose card ``viewer`` has seen: those played face up, and those that
        were in its own hand (in every hand, with open hands)."""
        seen = set(self.face_up)
        for slot in range(len(self.codes)):
            holder = self.holder(slot)
            if holder is not None and (open_hands or holder == viewer):
                seen.add(slot)
        return seen


def follow_slots(game: Game, moves: list[Move]) -> list[RoundSlots]:
    """Play ``moves`` on ``game`` (fresh) and follow every card of every deal by its slot."""
    rounds: list[RoundSlots] = []
    held: list[list[int]] = []  # each seat's hand, as slots

    def deal_round() -> None:
        nonlocal held
        deal = game.deal
        size = len(deal.hands[0])
        codes = [card for hand in deal.hands for card in hand] + deal.deck
        rounds.append(RoundSlots(codes, size, game.players * size))
        held = [list(range(seat * size, (seat + 1) * size)) for seat in range(game.players)]

    deal_round()
    for move in moves:
        slots = rounds[-1]
        slot = None
        if move.kind not in ("pass", "take"):
            card = printed_card(move)
            slot = next(s for s in held[move.seat] if slots.codes[s] == card)
            held[move.seat].remove(slot)
            if move.kind != "discard":
                slots.face_up.add(slot)
        slots.taken.append(slot)
        pile, number = len(game.draw_pile), game.round_number
        game.play(move)
        if game.round_number != number:
            deal_round()
        elif len(game.draw_pile) == pile - 1:
            drawn = len(slots.codes) - pile  # the top of the pile is the first slot not drawn
            held[move.seat].append(drawn)
            slots.drawn_by[drawn] = move.seat
    return rounds


def shuffled_among(values: list[str], places: list[int], rng: random.Random) -> list[str]:
    """``values`` with the values at ``places`` shuffled among those places, changed if any
    shuffle can change them."""
    result = list(values)
    picked = [values[place] for place in places]
    rng.shuffle(picked)
    if picked == [values[place] for place in places] and len(set(picked)) > 1:
        other = next(i for i, value in enumerate(picked) if value != picked[0])
        picked[0], picked[other] = picked[other], picked[0]
    for place, value in zip(places, picked, strict=True):
        result[place] = value
    return result


class Twin(NamedTuple):
    a: Game
    b: Game
    changed: bool  # whether B's deals differ from A's at all


def twin_games(scenario: Scenario) -> Twin:
    """Games A and B of the module docstring, for the scenario's viewer."""
    moves = chosen_moves(scenario)
    players, options, viewer = scenario.players, scenario.options, scenario.viewer
    a = Game.new(players, options, scenario.seed)
    slots = follow_slots(a, moves)
    rng = random.Random(scenario.shuffle)
    deals = []
    for number, (log, round_slots) in enumerate(zip(a.rounds, slots, strict=True), start=1):
        seen = round_slots.seen_by(viewer, options.open_hands)
        unseen = [slot for slot in range(len(round_slots.codes)) if slot not in seen]
        codes = shuffled_among(round_slots.codes, unseen, rng)
        size = round_slots.hand_size
        hands = [codes[seat * size : (seat + 1) * size] for seat in range(players)]
        deck = codes[players * size :]
        deal = Deal(log.deal.first, log.deal.roles, log.deal.set_aside, log.deal.goals, hands, deck)
        if number == a.round_number:
            # The round in play: its roles and face-down goals are still secret.  A finished
            # round's are public, and they decided how it ended and how its gold went.
            roles = [*deal.roles, deal.set_aside]
            others = [seat for seat in range(players + 1) if seat != viewer]
            roles = shuffled_among(roles, others, rng)
            deal.roles, deal.set_aside = roles[:players], roles[players]
            # A goal still face down was never reached (a reached goal turns up for good),
            # and the gold was not reached in this round (seats are taking turns), so moving
            # the gold or a stone between face-down goal cells changes no move's effect: only
            # what the seats that looked at those goals know.
            secret = [
                index
                for index in range(3)
                if not a.maze.revealed[index] and (viewer is None or index not in a.maps[viewer])
            ]
            deal.goals = shuffled_among(list(deal.goals), secret, rng)
        deals.append(deal)
    b = Game(players, options, scenario.seed, first=deals[0].first, deals=deals)
    for number, (log, round_slots, deal) in enumerate(
        zip(a.rounds, slots, deals, strict=True), start=1
    ):
        codes = [card for hand in deal.hands for card in hand] + deal.deck
        for index, (move, taken) in enumerate(
            zip(log.moves, round_slots.taken, strict=True), start=1
        ):
            if move.kind == "discard":
                assert taken is not None
                move = move._replace(card=codes[taken])  # the card now in that slot
            reason = b.why_illegal(move)
            assert reason is None, f"round {number}, move {index} {move} is illegal in B: {reason}"
            b.play(move)
    return Twin(a, b, deals != [log.deal for log in a.rounds])


def observation_of(game: Game, viewer: int | None) -> Observation:
    return public_observation(game) if viewer is None else seat_observation(game, viewer)


def others(scenario: Scenario) -> list[int | None]:
    """The viewers other than the scenario's: the other seats, and the spectator."""
    return [v for v in [*range(scenario.players), SPECTATOR] if v != scenario.viewer]


@SCENARIOS
@given(scenarios(viewer=True))
def test_a_seat_sees_nothing_of_what_it_cannot_know(scenario: Scenario) -> None:
    a, b, _ = twin_games(scenario)
    seat = scenario.viewer
    assert seat is not None
    assert seat_observation(a, seat) == seat_observation(b, seat)
    if a.to_move == seat:
        assert a.legal_moves() == b.legal_moves()


@SCENARIOS
@given(scenarios(viewer=False))
def test_a_spectator_sees_nothing_that_is_not_public(scenario: Scenario) -> None:
    a, b, _ = twin_games(scenario)
    assert public_observation(a) == public_observation(b)


def sweep(viewer: bool) -> list[Scenario]:
    """Fixed scenarios across player counts and options, for the counts below."""
    result = []
    for index in range(40):
        rng = random.Random(index)
        players = 3 + index % 8
        options = Options(
            GOLD_DRAW_CHOICES[index % 2], NEXT_ROUND_START_CHOICES[index % 3], index % 5 == 0
        )
        seat = rng.randrange(players) if viewer else SPECTATOR
        result.append(
            Scenario(players, options, index, 0.8 * (index % 2), rng.random(), seat, index)
        )
    return result


def test_the_twin_games_differ_for_someone_else_in_almost_every_scenario() -> None:
    # Otherwise the two tests above could pass by comparing a game with itself.
    for viewer in (True, False):
        differ = 0
        for scenario in sweep(viewer):
            a, b, changed = twin_games(scenario)
            assert changed == (game_to_record(a) != game_to_record(b))
            differ += any(
                observation_of(a, other) != observation_of(b, other) for other in others(scenario)
            )
        assert differ >= 36, f"only {differ} of 40 twins look different to anyone else"


# -- gold ------------------------------------------------------------------------------


def at_a_pick_between_two_values() -> tuple[Game, random.Random]:
    """A game in which a miner is to pick from two gold cards of different values before
    the last round, and the generator of the chooser that played it."""
    for seed in range(200):
        game = Game.new(4 + seed % 4, Options(GOLD_DRAW_CHOICES[seed % 2]), seed)
        rng = random.Random(seed)
        while not game.is_over:
            two_values = len(set(game.offer)) == 2 == len(game.offer)
            if game.phase == GOLD and two_values and game.round_number < 3:
                return game, rng
            game.play(choose(game, rng, 0.9))
    raise AssertionError("no game of the first 200 seeds reaches such a pick")


def test_the_gold_others_take_stays_secret_until_the_game_is_over() -> None:
    start, rng = at_a_pick_between_two_values()
    picker = start.to_move
    assert picker is not None
    high, low = max(start.offer), min(start.offer)
    # In A the picker keeps the higher card and the next miner the lower; in B the other way.
    a, b = start.copy(), start.copy()
    a.play(Move(picker, "take", value=high))
    b.play(Move(picker, "take", value=low))
    last = a.to_move
    assert last is not None and last == b.to_move
    a.play(Move(last, "take", value=low))
    b.play(Move(last, "take", value=high))
    bystanders = [seat for seat in range(a.players) if seat not in (picker, last)]
    assert not a.is_over
    while not a.is_over:
        for seat in bystanders:
            seen = seat_observation(a, seat)
            assert seen == seat_observation(b, seat)
            assert seen["gold"]["kept"] == a.gold_kept[seat]
            assert f"{picker} take" in seen["history"][start.round_number - 1]
            assert all(r["gold"] is None for r in seen["rounds"])
            assert seen["nuggets"] is None
        assert public_observation(a) == public_observation(b)
        for seat in (picker, last):
            assert seat_observation(a, seat) != seat_observation(b, seat)
        move = choose(a, rng, 0.9)
        a.play(move)
        b.play(move)
    # Once the game is over every pick is shown, so the two games no longer look alike.
    assert public_observation(a)["history"] != public_observation(b)["history"]
    assert public_observation(a)["rounds"] != public_observation(b)["rounds"]
