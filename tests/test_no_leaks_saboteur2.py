"""No leaks in Saboteur 2: two games that differ only in what a viewer cannot know
look the same to it at every position (docs/rules-saboteur2.md, "What each seat sees").

Game A is played from a seed to a position where seats take turns.  Game B is
dealt like A except for what the viewer (a seat, or a spectator) has not seen,
and B replays A's moves (others' face-down discards renamed to the cards now in
their places), every one of which must be legal in B.  What differs:

- the cards of each deal's *slots* (dealt hands, draw pile, the 10 removed cards)
  that the viewer never saw, shuffled among themselves.  A card is seen when it
  is played face up, or held by the viewer at any time (its own deal, draws, a
  ``swap-hand`` it made or suffered), or in any hand with ``open_hands``;
- the dwarf cards the viewer never saw, shuffled among their slots (the seats'
  dwarf cards, then the reserve, top first).  A seat sees its own, each one it
  draws with a ``swap-hats`` on itself and each one it looks at with an
  ``inspection``.  In the round in play every such slot is shuffled; in a finished
  round only those no seat wore at its end (its roles decided its pay and are
  public), that is the reserve's rest and the cards laid aside;
- in the round in play, the face-down goals the viewer has not looked at.

No move's legality depends on any of these: cards leave the hand by slot, and
roles matter only once the round is paid, after the last position compared.

The targeted tests make A play an ``inspection``, a ``swap-hand`` or a
``swap-hats`` and B differ in exactly what it shows to its seats, and check both
that a third seat cannot tell and that the seats it shows it to can.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from typing import Any, NamedTuple

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from inventory import Saboteur2Chooser

from pysaboteur.rules import (
    PLAY,
    Deal,
    Game,
    Move,
    Options,
    public_observation,
    seat_observation,
)
from pysaboteur.rules.editions import find_edition
from pysaboteur.rules.observation import Observation
from pysaboteur.rules.options import NEXT_ROUND_START_CHOICES

EDITION = find_edition("saboteur2")
SCENARIOS = settings(
    max_examples=30,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
SPECTATOR = None
#: Moves that take no card from the hand.
NO_CARD = ("pass", "steal", "take")
#: Moves whose cards go to the discard pile face down.
FACE_DOWN = ("discard", "clear")


class Scenario(NamedTuple):
    players: int
    options: Options
    seed: int  # the game's, and the chooser's that plays it
    greed: float  # how often the chooser heads for the goals
    variety: float  # how often it picks a kind of move first (so action cards are played)
    stop: float  # where to stop, as a fraction of the positions where seats take turns
    viewer: int | None  # a seat, or SPECTATOR
    shuffle: int  # the seed of B's shuffles

    def new(self) -> Game:
        return Game.new(self.players, self.options, self.seed, edition="saboteur2")

    def chooser(self) -> Saboteur2Chooser:
        return Saboteur2Chooser(random.Random(self.seed), self.greed, self.variety)


@st.composite
def scenarios(draw: st.DrawFn, viewer: bool, fewest: int = 2) -> Scenario:
    players = draw(st.integers(fewest, 12))
    options = Options(
        next_round_start=draw(st.sampled_from(NEXT_ROUND_START_CHOICES)),
        open_hands=draw(st.booleans()),
    )
    return Scenario(
        players,
        options,
        draw(st.integers(0, 2**32 - 1)),
        draw(st.sampled_from([0.0, 0.6])),
        draw(st.sampled_from([0.0, 0.4])),
        draw(st.floats(0, 1, exclude_max=True)),
        draw(st.integers(0, players - 1)) if viewer else SPECTATOR,
        draw(st.integers(0, 2**32 - 1)),
    )


def chosen_moves(scenario: Scenario) -> list[Move]:
    """Game A's moves: the whole game as the chooser plays it, cut at the scenario's stop."""
    game = scenario.new()
    choose = scenario.chooser()
    moves: list[Move] = []
    turns: list[int] = []  # how many moves were made at each position where seats take turns
    while not game.is_over:
        if game.phase == PLAY:
            turns.append(len(moves))
        move = choose(game)
        game.play(move)
        moves.append(move)
    return moves[: turns[int(scenario.stop * len(turns))]]


# -- following every card and every dwarf card by its slot ------------------------------


@dataclass
class CardSlots:
    """Where each card of one round's deal went.  Its slots are the dealt hands' places,
    seat by seat, then the draw pile's, top first, then the removed cards'."""

    codes: list[str]
    dealt: int  # the slots of the dealt hands
    held: list[list[int]]  # each seat's hand, as slots
    #: The seats that held each slot at some time (the first is who was dealt or drew it).
    holders: dict[int, set[int]] = field(default_factory=dict)
    face_up: set[int] = field(default_factory=set)
    #: The slots each move of the round took from the hand.
    taken: list[tuple[int, ...]] = field(default_factory=list)
    drawn: int = 0  # cards drawn from the pile so far

    def hold(self, seat: int, slots: list[int]) -> None:
        for slot in slots:
            self.holders.setdefault(slot, set()).add(seat)

    def seen_by(self, viewer: int | None, open_hands: bool) -> set[int]:
        seen = set(self.face_up)
        seen.update(slot for slot, seats in self.holders.items() if open_hands or viewer in seats)
        return seen


@dataclass
class DwarfSlots:
    """Where each dwarf card of one round went.  Its slots are the seats' dwarf cards as
    dealt, then the reserve's, top first."""

    codes: list[str]
    wearing: list[int]  # the slot of each seat's dwarf card now
    next_reserve: int  # the slot of the reserve's top card
    #: ``(seat, slot)``: the seat saw the dwarf card in that slot.
    looks: list[tuple[int, int]] = field(default_factory=list)

    def seen_by(self, viewer: int | None) -> set[int]:
        return {slot for seat, slot in self.looks if seat == viewer}


@dataclass
class RoundSlots:
    cards: CardSlots
    dwarfs: DwarfSlots
    #: What some moves (by index in the round) showed to whom: the card slots of both
    #: hands a ``swap-hand`` exchanged, the dwarf slot an ``inspection`` looked at or a
    #: ``swap-hats`` drew.
    shown: dict[int, tuple[int, ...]] = field(default_factory=dict)


def printed_cards(move: Move) -> tuple[str, ...]:
    """The printed cards a move takes from its seat's hand."""
    if move.kind in NO_CARD:
        return ()
    if move.kind == "place":
        card = EDITION.card_of(move.card)
        assert card is not None
        return (card,)
    return move.cards_played()


def follow_slots(game: Game, moves: list[Move]) -> list[RoundSlots]:
    """Play ``moves`` on ``game`` (fresh) and follow every card and dwarf card by its slot."""
    rounds: list[RoundSlots] = []

    def deal_round() -> None:
        deal = game.deal
        size = len(deal.hands[0])
        codes = [card for hand in deal.hands for card in hand] + deal.deck + deal.removed
        held = [list(range(seat * size, (seat + 1) * size)) for seat in range(game.players)]
        cards = CardSlots(codes, game.players * size, held)
        for seat, hand in enumerate(held):
            cards.hold(seat, hand)
        seats = list(range(game.players))
        dwarfs = DwarfSlots(deal.roles + deal.reserve, seats, game.players)
        dwarfs.looks = [(seat, seat) for seat in seats]
        rounds.append(RoundSlots(cards, dwarfs))

    deal_round()
    for move in moves:
        slots = rounds[-1]
        cards, dwarfs = slots.cards, slots.dwarfs
        index = len(cards.taken)
        hand = cards.held[move.seat]
        taken = []
        for card in printed_cards(move):
            slot = next(s for s in hand if cards.codes[s] == card and s not in taken)
            taken.append(slot)
        for slot in taken:
            hand.remove(slot)
            if move.kind not in FACE_DOWN:
                cards.face_up.add(slot)
        cards.taken.append(tuple(taken))
        drawer = move.seat
        if move.kind == "swap-hand":
            seat, other = move.seat, move.target
            slots.shown[index] = (*cards.held[seat], *cards.held[other])
            cards.held[seat], cards.held[other] = cards.held[other], cards.held[seat]
            cards.hold(seat, cards.held[seat])
            cards.hold(other, cards.held[other])
            drawer = other  # the other seat draws, the player does not
        elif move.kind == "inspection":
            looked = dwarfs.wearing[move.target]
            dwarfs.looks.append((move.seat, looked))
            slots.shown[index] = (looked,)
        elif move.kind == "swap-hats":
            drawn = dwarfs.next_reserve
            dwarfs.next_reserve += 1
            dwarfs.wearing[move.target] = drawn
            dwarfs.looks.append((move.target, drawn))
            slots.shown[index] = (drawn,)
        pile, number = len(game.draw_pile), game.round_number
        game.play(move)
        if game.round_number != number:
            deal_round()
            continue
        for _ in range(pile - len(game.draw_pile)):
            slot = cards.dealt + cards.drawn
            cards.drawn += 1
            cards.held[drawer].append(slot)
            cards.hold(drawer, [slot])
    return rounds


# -- the twin -------------------------------------------------------------------------


def shuffled_among(
    values: list[str], places: list[int], rng: random.Random, differ: tuple[int, ...] = ()
) -> list[str]:
    """``values`` with the values at ``places`` shuffled among those places.  The values
    at ``differ`` (some of ``places``) are made to change, and some value is made to
    change when one can."""
    result = list(values)
    picked = [values[place] for place in places]
    rng.shuffle(picked)
    for place, value in zip(places, picked, strict=True):
        result[place] = value
    must = [place for place in differ if place in places]
    if not must and result == values and len(set(picked)) > 1:
        must = [places[0]]
    for place in must:
        if result[place] == values[place]:
            other = next((p for p in places if result[p] != result[place]), None)
            assert other is not None, "nothing to exchange with"
            result[place], result[other] = result[other], result[place]
    return result


class Differ(NamedTuple):
    """Slots of the round in play whose content B must change."""

    cards: tuple[int, ...] = ()
    dwarfs: tuple[int, ...] = ()


def twin_deals(
    a: Game,
    rounds: list[RoundSlots],
    viewer: int | None,
    rng: random.Random,
    differ: Differ = Differ(),  # noqa: B008 (an immutable tuple)
) -> list[Deal]:
    """B's deals: A's with what ``viewer`` did not see shuffled (the module docstring)."""
    players, open_hands = a.players, a.options.open_hands
    deals = []
    for number, (log, slots) in enumerate(zip(a.rounds, rounds, strict=True), start=1):
        in_play = number == a.round_number
        here = differ if in_play else Differ()
        cards = slots.cards
        seen = cards.seen_by(viewer, open_hands)
        unseen = [slot for slot in range(len(cards.codes)) if slot not in seen]
        codes = shuffled_among(cards.codes, unseen, rng, here.cards)
        size = cards.dealt // players
        hands = [codes[seat * size : (seat + 1) * size] for seat in range(players)]
        deck = codes[cards.dealt : len(codes) - len(log.deal.removed)]
        removed = codes[len(codes) - len(log.deal.removed) :]
        dwarfs = slots.dwarfs
        shown = dwarfs.seen_by(viewer)
        if not in_play:
            shown |= set(dwarfs.wearing)  # a finished round's dwarf cards are public
        hidden = [slot for slot in range(len(dwarfs.codes)) if slot not in shown]
        roles = shuffled_among(dwarfs.codes, hidden, rng, here.dwarfs)
        goals = list(log.deal.goals)
        if in_play:
            # A goal still face down was never reached and the gold was not reached in
            # this round, so moving goal cards between face-down goal cells changes no
            # move's effect: only what the seats that looked at them know.
            secret = [
                index
                for index in range(3)
                if not a.maze.revealed[index] and (viewer is None or index not in a.maps[viewer])
            ]
            goals = shuffled_among(goals, secret, rng)
        deals.append(
            Deal(log.deal.first, roles[:players], "", goals, hands, deck, roles[players:], removed)
        )
    return deals


def twin_positions(
    scenario: Scenario, moves: list[Move], rounds: list[RoundSlots], deals: list[Deal]
) -> Iterator[tuple[Game, Game]]:
    """Games A and B side by side, before the first move and after each of ``moves``;
    B's face-down discards name the cards now in their slots."""
    a = scenario.new()
    b = Game(
        scenario.players,
        scenario.options,
        scenario.seed,
        first=deals[0].first,
        deals=deals,
        edition="saboteur2",
    )
    yield a, b
    played = 0
    for slots, deal in zip(rounds, deals, strict=True):
        codes = [card for hand in deal.hands for card in hand] + deal.deck + deal.removed
        for taken in slots.cards.taken:
            move = moves[played]
            played += 1
            if move.kind in FACE_DOWN:
                renamed = sorted(codes[slot] for slot in taken)
                move = move._replace(card=renamed[0], also=tuple(renamed[1:]))
            reason = b.why_illegal(move)
            assert reason is None, f"move {played} {move} is illegal in B: {reason}"
            a.play(moves[played - 1])
            b.play(move)
            yield a, b
    assert played == len(moves)


def observation_of(game: Game, viewer: int | None) -> Observation:
    return public_observation(game) if viewer is None else seat_observation(game, viewer)


def unordered(observation: Observation) -> Any:
    """The observation with every hand (and the hands of its swaps) as a sorted list.

    A hand keeps the order its cards arrived in, and a face-down discard takes the
    first copy of its card; after a ``swap-hand`` that order can tell the receiver
    which copy the giver discarded (see the xfail test below), so the broad twin
    tests compare hands as sets of cards, and that test pins the order apart.
    """
    seen: Any = dict(observation)
    seen["hand"] = sorted(observation.get("hand", []))
    hands = observation.get("hands")
    if hands is not None:
        seen["hands"] = [sorted(hand) for hand in hands]
    seen["swaps"] = [
        {**swap, "gave": sorted(swap["gave"]), "got": sorted(swap["got"])}
        for swap in observation.get("swaps", [])
    ]
    return seen


def check_alike_throughout(
    scenario: Scenario,
    moves: list[Move],
    rounds: list[RoundSlots],
    deals: list[Deal],
    viewer: int | None,
    *,
    in_order: bool = False,
) -> tuple[Game, Game]:
    """The viewer's observation (and, when it is to move, its legal moves as a set) is
    the same in A and B at every position, its hands compared in order only if told;
    the two games at the end."""
    same: Callable[[Observation], Any] = (lambda seen: seen) if in_order else unordered
    for a, b in twin_positions(scenario, moves, rounds, deals):
        where = f"round {a.round_number}, after move {len(a.moves)}"
        assert same(observation_of(a, viewer)) == same(observation_of(b, viewer)), where
        if viewer is not None and a.to_move == viewer:
            legal: Callable[[list[Move]], Any] = list if in_order else set
            assert legal(a.legal_moves()) == legal(b.legal_moves()), where
    return a, b


def twin(scenario: Scenario) -> tuple[list[Move], list[RoundSlots], list[Deal]]:
    moves = chosen_moves(scenario)
    rounds = follow_slots(scenario.new(), moves)
    deals = twin_deals(
        replay(scenario, moves), rounds, scenario.viewer, random.Random(scenario.shuffle)
    )
    return moves, rounds, deals


def replay(scenario: Scenario, moves: list[Move]) -> Game:
    game = scenario.new()
    for move in moves:
        game.play(move)
    return game


# -- hands, pile, removed cards, roles and the reserve ----------------------------------


@SCENARIOS
@given(scenarios(viewer=True))
def test_a_seat_sees_nothing_of_what_it_cannot_know(scenario: Scenario) -> None:
    moves, rounds, deals = twin(scenario)
    check_alike_throughout(scenario, moves, rounds, deals, scenario.viewer)


#: Found by the test above before hands were compared as sets: 12 players, seat 8
#: swaps hands with seat 5 at move 44 of round 1.
ORDER_LEAK = Scenario(
    12, Options(next_round_start="rotate"), 3114, 0.0, 0.4, 0.9170248795492729, 8, 3252
)


def test_the_order_of_a_swapped_hand_tells_nothing() -> None:
    # A hand keeps its cards' arrival order and a face-down discard removes the first
    # copy of its card: after '8 swap-hand @5' (round 1, move 44 of ORDER_LEAK) seat 8
    # once got ['hands-off', 'xNEW'] in A but ['xNEW', 'hands-off'] in B, whose only
    # difference is which cards seat 5 had discarded face down.  Hands now change
    # owner sorted.
    moves, rounds, deals = twin(ORDER_LEAK)
    check_alike_throughout(ORDER_LEAK, moves, rounds, deals, ORDER_LEAK.viewer, in_order=True)


@SCENARIOS
@given(scenarios(viewer=False))
def test_a_spectator_sees_nothing_that_is_not_public(scenario: Scenario) -> None:
    moves, rounds, deals = twin(scenario)
    check_alike_throughout(scenario, moves, rounds, deals, SPECTATOR)


def sweep(viewer: bool) -> list[Scenario]:
    """Fixed scenarios across player counts and options, for the counts below."""
    result = []
    for index in range(30):
        rng = random.Random(index)
        players = 2 + index % 11
        options = Options(next_round_start=NEXT_ROUND_START_CHOICES[index % 3])
        seat = rng.randrange(players) if viewer else SPECTATOR
        variety = 0.4 * (index % 2)
        result.append(Scenario(players, options, index, 0.6, variety, rng.random(), seat, index))
    return result


def test_the_twins_differ_in_hidden_cards_and_roles_and_to_someone_else() -> None:
    # Otherwise the tests above could pass by comparing a game with itself.
    for viewer in (True, False):
        cards = roles = seen = 0
        for scenario in sweep(viewer):
            moves, rounds, deals = twin(scenario)
            a = replay(scenario, moves)
            in_play = deals[-1], a.deal
            cards += any(
                (x.hands, x.deck, x.removed) != (y.hands, y.deck, y.removed)
                for x, y in zip(deals, (log.deal for log in a.rounds), strict=True)
            )
            roles += (in_play[0].roles, in_play[0].reserve) != (
                in_play[1].roles,
                in_play[1].reserve,
            )
            *_, (a, b) = twin_positions(scenario, moves, rounds, deals)
            viewers = [*range(scenario.players), SPECTATOR]
            seen += any(
                observation_of(a, other) != observation_of(b, other)
                for other in viewers
                if other != scenario.viewer
            )
        assert cards == 30, f"only {cards} of 30 twins differ in hidden cards"
        assert roles == 30, f"only {roles} of 30 twins differ in hidden dwarf cards"
        assert seen >= 28, f"only {seen} of 30 twins look different to anyone else"


# -- inspection, swap-hand, swap-hats ------------------------------------------------------


def play_until(
    scenario: Scenario, wanted: Callable[[Game, Move], bool], after: int
) -> tuple[list[Move], int] | None:
    """A's moves when the chooser is made to play, as soon as it can, a move that
    ``wanted`` accepts, and then up to ``after`` more moves of the same round while
    seats take turns; with the index in the round of that move.  None if no such move
    came up."""
    game = scenario.new()
    choose = scenario.chooser()
    moves: list[Move] = []
    while not game.is_over:
        number = game.round_number
        options = [move for move in game.legal_moves() if wanted(game, move)]
        if options:
            move = choose.rng.choice(options)
            index = len(game.moves)
            game.play(move)
            moves.append(move)
            if game.phase != PLAY or game.round_number != number:
                return None  # it ended the round (the last cards played)
            for _ in range(after):
                if game.phase != PLAY or game.round_number != number:
                    break
                follow = choose(game)
                probe = game.copy()
                probe.play(follow)
                if probe.phase != PLAY or probe.round_number != number:
                    break  # stop while the round is in play: its roles are still secret
                game.play(follow)
                moves.append(follow)
            return moves, index
        move = choose(game)
        game.play(move)
        moves.append(move)
    return None


def shows(looks: Any, **fields: object) -> bool:
    """Whether some look has these fields (a look may have more: the card laid aside)."""
    return any(all(look.get(name) == value for name, value in fields.items()) for look in looks)


def bystander(scenario: Scenario, data: st.DataObject, *involved: int) -> int | None:
    """A seat not involved (or the spectator), drawn."""
    seats = [seat for seat in range(scenario.players) if seat not in involved]
    return data.draw(st.sampled_from([*seats, SPECTATOR]), label="viewer")


@SCENARIOS
@given(scenarios(viewer=False, fewest=3), st.integers(0, 12), st.data())
def test_another_seats_inspection_shows_the_viewer_nothing_and_the_inspector_the_role(
    scenario: Scenario, after: int, data: st.DataObject
) -> None:
    found = play_until(scenario, lambda game, move: move.kind == "inspection", after)
    assume(found is not None)
    assert found is not None
    moves, index = found
    a = replay(scenario, moves)
    inspection = a.moves[index]
    inspector, inspected = inspection.seat, inspection.target
    rounds = follow_slots(scenario.new(), moves)
    (slot,) = rounds[-1].shown[index]
    role = rounds[-1].dwarfs.codes[slot]
    # The inspector's view shows the dwarf card as it was when it looked.
    assert shows(seat_observation(a, inspector)["looks"], move=index, seat=inspected, role=role)
    for seat in range(a.players):
        if seat != inspector:
            assert all(seen["move"] != index for seen in seat_observation(a, seat)["looks"])
    viewer = bystander(scenario, data, inspector, inspected)
    # Unless the viewer looked at that card itself (an inspection of its own), or no
    # other card it has not seen differs from it.
    hidden = [s for s in range(15) if s not in rounds[-1].dwarfs.seen_by(viewer)]
    assume(slot in hidden and any(rounds[-1].dwarfs.codes[s] != role for s in hidden))
    rng = random.Random(scenario.shuffle)
    deals = twin_deals(a, rounds, viewer, rng, Differ(dwarfs=(slot,)))
    a, b = check_alike_throughout(scenario, moves, rounds, deals, viewer)
    # B's inspected card differs from A's, and the inspector can tell.
    assert seat_observation(a, inspector)["looks"] != seat_observation(b, inspector)["looks"]


@SCENARIOS
@given(scenarios(viewer=False, fewest=3), st.integers(0, 12), st.data())
def test_a_swap_hand_between_two_other_seats_shows_a_third_nothing_and_the_two_the_hands(
    scenario: Scenario, after: int, data: st.DataObject
) -> None:
    # With open hands every seat sees every hand anyway.
    scenario = scenario._replace(options=replace(scenario.options, open_hands=False))

    def wanted(game: Game, move: Move) -> bool:
        return move.kind == "swap-hand" and bool(game.hands[move.seat] or game.hands[move.target])

    found = play_until(scenario, wanted, after)
    assume(found is not None)
    assert found is not None
    moves, index = found
    a = replay(scenario, moves)
    at = len(moves) - len(a.moves) + index  # the swap among all the game's moves
    before = replay(scenario, moves[:at])
    swap = moves[at]
    seat, other = swap.seat, swap.target
    # The swap-hand card itself left the seat's hand first; each hand changes owner sorted.
    gave = list(before.hands[seat])
    gave.remove("swap-hand")
    gave.sort()
    got = sorted(before.hands[other])
    assert {"move": index, "with": other, "gave": gave, "got": got} in seat_observation(a, seat)[
        "swaps"
    ]
    assert {"move": index, "with": seat, "gave": got, "got": gave} in seat_observation(a, other)[
        "swaps"
    ]
    viewer = bystander(scenario, data, seat, other)
    if viewer is not None:
        assert all(shown["move"] != index for shown in seat_observation(a, viewer)["swaps"])
    rounds = follow_slots(scenario.new(), moves)
    seen = rounds[-1].cards.seen_by(viewer, False)
    exchanged = [slot for slot in rounds[-1].shown[index] if slot not in seen]
    assume(exchanged)
    rng = random.Random(scenario.shuffle)
    deals = twin_deals(a, rounds, viewer, rng, Differ(cards=(exchanged[0],)))
    a, b = check_alike_throughout(scenario, moves, rounds, deals, viewer)
    assert seat_observation(a, seat)["swaps"] != seat_observation(b, seat)["swaps"]
    assert seat_observation(a, other)["swaps"] != seat_observation(b, other)["swaps"]


@SCENARIOS
@given(scenarios(viewer=False), st.integers(0, 12), st.data())
def test_a_new_hat_is_seen_by_its_wearer_alone(
    scenario: Scenario, after: int, data: st.DataObject
) -> None:
    found = play_until(scenario, lambda game, move: move.kind == "swap-hats", after)
    assume(found is not None)
    assert found is not None
    moves, index = found
    a = replay(scenario, moves)
    hats = a.moves[index]
    wearer = hats.target
    rounds = follow_slots(scenario.new(), moves)
    (slot,) = rounds[-1].shown[index]
    role = rounds[-1].dwarfs.codes[slot]
    # The wearer sees its new dwarf card (it may have had another hat since).
    assert shows(seat_observation(a, wearer)["looks"], move=index, seat=wearer, role=role)
    if rounds[-1].dwarfs.wearing[wearer] == slot:
        assert seat_observation(a, wearer)["role"] == role
    viewer = bystander(scenario, data, wearer)
    # Unless the viewer looked at that card itself (an inspection of its own), or no
    # other card it has not seen differs from it.
    hidden = [s for s in range(15) if s not in rounds[-1].dwarfs.seen_by(viewer)]
    assume(slot in hidden and any(rounds[-1].dwarfs.codes[s] != role for s in hidden))
    rng = random.Random(scenario.shuffle)
    deals = twin_deals(a, rounds, viewer, rng, Differ(dwarfs=(slot,)))
    a, b = check_alike_throughout(scenario, moves, rounds, deals, viewer)
    assert seat_observation(a, wearer)["looks"] != seat_observation(b, wearer)["looks"]
