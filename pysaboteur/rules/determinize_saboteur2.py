"""Determinization of Saboteur 2: whole games that agree with everything one seat
knows (docs/rules-saboteur2.md, "What each seat sees"), its hidden parts drawn.

:class:`~.determinize.Determinizer` hands a Saboteur 2 observation to
:class:`Saboteur2Determinizer`; the base game's path is left as it was.

What is drawn, and from what:

- **Dwarf cards of the round in play.**  The 15 cards lie in slots: one in
  front of each seat, one for each ``swap-hats`` played so far (the card it
  laid aside) and the reserve, top first.  A uniform shuffle of the 15 at the
  deal is a uniform arrangement of these slots, since every ``swap-hats``
  moves the reserve's top to a seat and that seat's card aside.  The seat's
  own card and every card it looked at are pinned to their slot (a card it
  inspected lies aside if a later ``swap-hats`` replaced it); the other cards
  are dealt uniformly to the other slots.  While thieves steal, the round has
  been paid, and since GP are public the roles must explain that pay: then
  the roles in front of the seats are drawn with exact odds among those that
  do (:class:`_PaidRoles`).  The deal's roles and reserve follow by undoing
  the ``swap-hats``.
- **Dwarf cards of finished rounds.**  The cards in front of the seats were
  shown at the end; the reserve and the cards laid aside never are, so the
  other cards are shuffled into them.  Every round reshuffles all 15, so
  earlier rounds say nothing about the round in play.
- **Playing cards.**  The cards the seat has not seen this round (the 10
  removed, the other hands, the draw pile and the others' face-down discards
  and clears) are dealt uniformly to those places, as in the base game: if
  every card a seat plays or discards is a uniformly random one of its hand
  and play does not depend on which, every such arrangement is equally likely.
  A ``swap-hand`` with the seat breaks that symmetry: the seat knows the hand
  it got and the hand it gave.  The cards it gave were then followed by the
  others' plays (public) and discards (not): which of them were played,
  discarded face down or are still held is drawn with its exact odds under
  the same model (:class:`_GivenCards`), and only then is the rest dealt.
- **Earlier rounds** are filled in the same way, every place of them hidden,
  since the seat's view of a finished round keeps only its public moves and
  its own discards.

A sample is a whole game: every round's deal (hands, draw pile, removed cards,
dwarf cards and reserve) replayed with its moves leads to the sample's cards,
hand by hand as multisets.  The order of the cards within a hand after such a
replay may differ from the sample's, since it is not worth following (the
seat's own hand and the hands of its swaps are as it saw them in the sample).
"""

from __future__ import annotations

import random
from bisect import bisect
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from itertools import product
from math import comb, factorial
from typing import Any

from .cards import BREAK_TOOL, GEOLOGIST, TOOL_BIT, cell_key, parse_shape
from .determinize import Determinizer, _viewer
from .determinize_gold import shuffle
from .editions import Deal, find_edition
from .editions.saboteur2 import DWARF_CARDS, HAND_SIZE, REMOVED_PER_ROUND
from .faces import face_of
from .game import STEAL, Game, RoundLog
from .gold_pieces import SHARE, SHORTFALL, winning_teams
from .kinds import KINDS
from .maze import GOAL_KEYS, START_KEY, Maze
from .moves import (
    BREAK,
    CLEAR,
    DISCARD,
    FIX,
    FREE_AT_LAST,
    HANDS_OFF,
    INSPECTION,
    MAP,
    PASS,
    PLACE,
    ROCKFALL,
    SWAP_HAND,
    SWAP_HATS,
    THEFT,
    TRAPPED,
    Move,
    read_seen_move,
)
from .moves import STEAL as STEAL_MOVE
from .observation import Observation
from .options import Options
from .results import GoldPiecesResult
from .round_state import Look, RoundState, Swap

_EDITION = find_edition("saboteur2")
_CARDS: Counter[str] = Counter(_EDITION.playing_cards)
_DWARVES: Counter[str] = Counter(DWARF_CARDS)
_ROLES = tuple(DWARF_CARDS)
_FIXED_CELLS = frozenset((START_KEY, *GOAL_KEYS))
#: The cards that leave a hand to lie on the discard pile, by kind of move.
_TO_DISCARDS = frozenset((MAP, INSPECTION, SWAP_HATS, SWAP_HAND))

#: A multiset of cards, as a sorted tuple (hashable, for the states of a search).
Cards = tuple[str, ...]


# -- one round's history ------------------------------------------------------------------


@dataclass
class _Step:
    """One move as the seat saw it, and what it did to the hands."""

    move: Move
    out: list[str]  # cards that left the mover's hand, '' for each card the seat did not see
    hidden: bool  # whether they went face down unseen
    size: int  # the mover's hand before they left
    draws: int  # cards the mover drew after the move
    target_draws: int  # a swap-hand: the card the other seat drew


@dataclass
class _Round:
    first: int
    steps: list[_Step]
    hand_sizes: list[int]  # at the end of the round, or now
    draw_pile: int
    known: Counter[str]  # every card the seat saw leave a hand
    hidden: list[int]  # steps whose cards went face down unseen
    discards: list[str]  # the discard pile in order, '' where a card is unseen
    discard_slots: dict[int, list[int]]  # hidden step -> its cards' places in ``discards``
    cells: dict[int, int]  # the tunnel cards lying in the maze
    broken: list[int]
    trapped: list[bool]
    thieves: list[int]
    hats: list[tuple[int, int]]  # (step, target) of every swap-hats, in order
    last_turn: int | None
    last_path: int | None


def _cards_out(move: Move) -> list[str]:
    kind = move.kind
    if kind == PLACE:
        return [_EDITION.card_of_face[face_of(move.card)]]
    if kind in (DISCARD, CLEAR):
        return [move.card, *move.also]
    if kind == PASS:
        return []
    return [move.card]


def _read_round(texts: list[str], players: int, gold_reached: bool) -> _Round:
    """Follow a round's moves: hand sizes, draws, the maze, the discard pile, what lies
    in front of the seats."""
    moves = [read_seen_move(text) for text in texts]
    sizes = [HAND_SIZE] * players
    pile = len(_EDITION.playing_cards) - REMOVED_PER_ROUND - players * HAND_SIZE
    turns = [index for index, move in enumerate(moves) if KINDS[move.kind].is_turn]
    last = turns[-1] if turns else None
    steps: list[_Step] = []
    known: Counter[str] = Counter()
    discards: list[str] = []
    discard_slots: dict[int, list[int]] = {}
    cells: dict[int, int] = {}
    broken = [0] * players
    trapped = [False] * players
    thieves: list[int] = []
    hats: list[tuple[int, int]] = []
    for index, move in enumerate(moves):
        kind = move.kind
        seat = move.seat
        if not KINDS[kind].is_turn:
            steps.append(_Step(move, [], False, sizes[seat], 0, 0))
            continue
        out = _cards_out(move)
        hidden = bool(out) and not all(out)
        known.update(card for card in out if card)
        size = sizes[seat]
        sizes[seat] -= len(out)
        if sizes[seat] < 0:
            raise ValueError(f'the history has "{move}" from a hand too small for it')
        draws = target_draws = 0
        if kind == SWAP_HAND:
            other = move.target
            sizes[seat], sizes[other] = sizes[other], sizes[seat]
            target_draws = min(1, pile)
            sizes[other] += target_draws
        elif not (gold_reached and index == last and kind == PLACE):
            # The placement that reaches the gold ends the round before its draw.
            draws = min(len(out) if kind == DISCARD else 1, pile)
            sizes[seat] += draws
        pile -= draws + target_draws
        steps.append(_Step(move, out, hidden, size, draws, target_draws))
        # Where the cards went, as the engine's kinds lay them.
        if kind == PLACE:
            cells[cell_key(move.x, move.y)] = parse_shape(move.card)
        elif kind == ROCKFALL:
            removed = cells.pop(cell_key(move.x, move.y), None)
            if removed is None:
                raise ValueError(f'the history has "{move}" where no card lay')
            discards += (ROCKFALL, _EDITION.card_of_face[removed])
        elif kind == FIX:
            discards += (move.card, f"break-{move.tool}")
            broken[move.target] &= ~TOOL_BIT[move.tool]
        elif kind == BREAK:
            broken[move.target] |= TOOL_BIT[move.tool]
        elif kind in (DISCARD, CLEAR):
            if hidden:
                discard_slots[index] = list(range(len(discards), len(discards) + len(out)))
            discards += out
            if kind == CLEAR:
                front = move.front
                discards.append(front)
                if front in BREAK_TOOL:
                    broken[seat] &= ~TOOL_BIT[BREAK_TOOL[front]]
                elif front == TRAPPED:
                    trapped[seat] = False
                else:
                    thieves.remove(seat)
        elif kind in _TO_DISCARDS:
            discards.append(move.card)
            if kind == SWAP_HATS:
                hats.append((index, move.target))
        elif kind == TRAPPED:
            trapped[move.target] = True
        elif kind == FREE_AT_LAST:
            trapped[move.target] = False
            discards += (FREE_AT_LAST, TRAPPED)
        elif kind == THEFT:
            thieves.append(seat)
        elif kind == HANDS_OFF:
            thieves.remove(move.target)
            discards += (HANDS_OFF, THEFT)
    last_path = next((m.seat for m in reversed(moves) if m.kind == PLACE), None)
    return _Round(
        moves[0].seat if moves else 0,
        steps,
        sizes,
        pile,
        known,
        [index for index, step in enumerate(steps) if step.hidden],
        discards,
        discard_slots,
        cells,
        broken,
        trapped,
        thieves,
        hats,
        moves[last].seat if last is not None else None,
        last_path,
    )


def _gold_reached(observation: Observation) -> bool:
    return any(goal["face_up"] and goal["card"] == "gold" for goal in observation["goals"])


def _unseen(observation: Observation, seat: int, current: _Round) -> Counter[str]:
    """The cards of the round in play in places the seat cannot see (see ``unseen_cards``)."""
    unseen = Counter(_CARDS)
    unseen.subtract(current.known)
    unseen.subtract(observation["hand"])
    for other, hand in enumerate(observation["hands"] or []):
        if other != seat:
            unseen.subtract(hand)
    if any(count < 0 for count in unseen.values()):
        raise ValueError("the observation shows more of some card than the game has")
    return +unseen


def unseen_cards(observation: Observation) -> Counter[str]:
    """The playing cards of the round in play whose place the seat does not know: in the
    removed cards, the others' hands (unless hands are open), the draw pile and the
    others' face-down cards.  A card the seat gave away in a swap-hand is among them."""
    seat = _viewer(observation)
    current = _read_round(
        observation["history"][-1], observation["players"], _gold_reached(observation)
    )
    return _unseen(observation, seat, current)


# -- the cards the seat gave away ---------------------------------------------------------


def _minus(cards: Cards, taken: Cards) -> Cards:
    rest = list(cards)
    for card in taken:
        rest.remove(card)
    return tuple(rest)


def _sub_multisets(cards: Cards, most: int) -> Iterator[tuple[Cards, int]]:
    """Every sub-multiset of ``cards`` of at most ``most`` cards, with the number of ways
    to pick it from them."""
    counts = sorted(Counter(cards).items())
    for chosen in product(*(range(count + 1) for _, count in counts)):
        if sum(chosen) <= most:
            ways = 1
            for (_, count), take in zip(counts, chosen, strict=True):
                ways *= comb(count, take)
            yield tuple(card for (card, _), take in zip(counts, chosen, strict=True)
                        for _ in range(take)), ways  # fmt: skip


def _arrangements(cards: Counter[str]) -> int:
    """How many distinct orders of these cards there are."""
    ways = factorial(sum(cards.values()))
    for count in cards.values():
        ways //= factorial(count)
    return ways


#: The cards each seat holds that the seat knows of, then those of them gone face down.
_State = tuple[tuple[Cards, ...], Cards]
#: An event of the round: from a state, the states it may lead to.
Event = Callable[[_State], Iterator[tuple[_State, int, Cards]]]


class _GivenCards:
    """Where the cards the seat gave away in a swap-hand went.

    Under the model of the module docstring every history of the physical cards
    that fits the observation is equally likely.  The cards the seat gave away
    are followed through the others' moves: a card played face up was one of
    them or one of the cards the seat does not know; a face-down discard took
    some of them or none; a swap between others moves them; a swap-hand with the
    seat shows which are still held.  Each way has its count of physical
    histories: the choices of which cards left the hand, times the orders of the
    cards nobody saw in the places left for them at the end.  A forward pass
    counts the ways into each state; each sample then draws one way backwards,
    with its exact odds.
    """

    def __init__(
        self,
        seat: int,
        players: int,
        steps: list[_Step],
        swaps: dict[int, tuple[Cards, Cards]],
        unseen: Counter[str],
        open_hands: list[list[str]] | None,
    ) -> None:
        self.seat = seat
        layer: dict[_State, int] = {(((),) * players, ()): 1}
        #: Each event: its step, whether it reveals a hand, and the ways into each state.
        self.events: list[tuple[int, bool, dict[_State, list[tuple[_State, int, Cards]]]]] = []
        self.layers: list[dict[_State, int]] = []  # the counts before each event
        for index in range(min(swaps), len(steps)):
            step = steps[index]
            move = step.move
            mover = move.seat
            if step.out and mover != seat:
                layer = self._advance(index, False, layer, self._out(mover, step))
            if move.kind == SWAP_HAND:
                other = move.target
                if seat in (mover, other):
                    got, gave = swaps[index]
                    someone = other if mover == seat else mover
                    layer = self._advance(index, True, layer, self._reveal(someone, got, gave))
                else:
                    layer = self._advance(index, False, layer, self._swap(mover, other))
        weights = {
            state: ways * self._end(state, unseen, open_hands) for state, ways in layer.items()
        }
        self.end_states = [state for state, weight in weights.items() if weight]
        if not self.end_states:
            raise ValueError("no way to follow the cards the seat gave away fits its view")
        self.end_cumulative = _cumulative([weights[state] for state in self.end_states])

    def _advance(
        self, index: int, reveals: bool, layer: dict[_State, int], event: Event
    ) -> dict[_State, int]:
        following: dict[_State, int] = {}
        into: dict[_State, list[tuple[_State, int, Cards]]] = {}
        for state, ways in layer.items():
            for after, count, chosen in event(state):
                if count:
                    following[after] = following.get(after, 0) + ways * count
                    into.setdefault(after, []).append((state, count, chosen))
        self.layers.append(layer)
        self.events.append((index, reveals, into))
        return following

    # Each kind of event maps a state to the states it may lead to, with their counts
    # and the cards it took of those the seat knew of.

    def _out(self, mover: int, step: _Step) -> Event:
        out = step.out

        def event(state: _State) -> Iterator[tuple[_State, int, Cards]]:
            held, face_down = state
            known = held[mover]
            unknown = step.size - len(known)
            shown = None if step.hidden else Counter(out)
            for chosen, ways in _sub_multisets(known, len(out)):
                rest = len(out) - len(chosen)
                if rest > unknown:
                    continue
                ways *= comb(unknown, rest)  # which of the cards it does not know
                if shown is None:
                    after = _replace(held, mover, _minus(known, chosen))
                    yield (after, tuple(sorted(face_down + chosen))), ways, chosen
                    continue
                if Counter(chosen) - shown:
                    continue  # a card it knew of can only be one of those shown
                # ... and which of those cards is which of the cards shown
                ways *= _arrangements(shown - Counter(chosen))
                yield (_replace(held, mover, _minus(known, chosen)), face_down), ways, chosen

        return event

    def _reveal(self, other: int, got: Cards, gave: Cards) -> Event:
        seen = Counter(got)
        given = tuple(sorted(gave))

        def event(state: _State) -> Iterator[tuple[_State, int, Cards]]:
            held, face_down = state
            known = Counter(held[other])
            if known - seen:
                return  # a card it knew of is not in the hand it now sees
            # The hand's other cards are seen now: which of them is which card.
            yield (_replace(held, other, given), face_down), _arrangements(seen - known), ()

        return event

    def _swap(self, one: int, other: int) -> Event:
        def event(state: _State) -> Iterator[tuple[_State, int, Cards]]:
            held, face_down = state
            swapped = list(held)
            swapped[one], swapped[other] = held[other], held[one]
            yield (tuple(swapped), face_down), 1, ()

        return event

    def _end(self, state: _State, unseen: Counter[str], open_hands: list[list[str]] | None) -> int:
        """The orders of the cards nobody saw in the places the state leaves them."""
        held, face_down = state
        if open_hands is not None:
            # Every hand is seen: its cards the seat did not know of are which cards.
            ways = 1
            for other, known in enumerate(held):
                rest = Counter(open_hands[other])
                rest.subtract(known)
                if any(count < 0 for count in rest.values()):
                    return 0
                if other != self.seat:
                    ways *= _arrangements(+rest)
            return ways
        rest = Counter(unseen)
        for cards in (*held, face_down):
            rest.subtract(cards)
        if any(count < 0 for count in rest.values()):
            return 0
        return _arrangements(+rest)

    def draw(self, rng: random.Random) -> tuple[_State, list[tuple[_State, Cards]]]:
        """One way the cards went: the last state, and for each event the state before it
        and the cards it took of those the seat knew of."""
        state = end = self.end_states[_pick(self.end_cumulative, rng)]
        path: list[tuple[_State, Cards]] = []
        for (_, _, into), layer in zip(reversed(self.events), reversed(self.layers), strict=True):
            ways_in = into[state]
            weights = [layer[prev] * count for prev, count, _ in ways_in]
            prev, _, chosen = ways_in[_pick(_cumulative(weights), rng)]
            path.append((prev, chosen))
            state = prev
        path.reverse()
        return end, path


def _replace(held: tuple[Cards, ...], seat: int, cards: Cards) -> tuple[Cards, ...]:
    return (*held[:seat], cards, *held[seat + 1 :])


def _cumulative(weights: list[int]) -> list[int]:
    total = 0
    cumulative = []
    for weight in weights:
        total += weight
        cumulative.append(total)
    return cumulative


def _pick(cumulative: list[int], rng: random.Random) -> int:
    """An index drawn with the odds of the weights whose running totals these are."""
    if len(cumulative) == 1:
        return 0
    return bisect(cumulative, rng.randrange(cumulative[-1]))


# -- dwarf cards ----------------------------------------------------------------------------


class _PaidRoles:
    """While thieves steal, the round has been paid: the roles in front of the seats that
    explain every seat's pay, drawn with their exact odds.

    The pay of a seat depends on its own role, on the number *w* of winners, on
    the number *g* of geologists and, if the gold was reached, on the finder's
    role.  For each guess of those the roles each seat may hold are known; the
    deals that fit are counted seat by seat (the cards not in front of a seat
    lie in the reserve or aside, in any order), and a guess is right for each
    deal of it that comes out with exactly *w* winners and *g* geologists.
    """

    def __init__(
        self,
        pool: Counter[str],
        pinned: dict[int, str],
        paid: list[int],
        trapped: list[bool],
        finder: int | None,
        open_to: list[str],
        crystals: int,
    ) -> None:
        players = len(paid)
        self.pool = tuple(pool[role] for role in _ROLES)
        self.guesses: list[tuple[list[tuple[str, ...]], list[frozenset[str]], int, int]] = []
        self.memos: list[dict[tuple[int, tuple[int, ...], int, int], int]] = []
        totals: list[int] = []
        finder_roles = [pinned[finder]] if finder in pinned else list(_ROLES)
        for finder_role in finder_roles if finder is not None else [None]:
            if finder_role is None:
                winning = frozenset(("profiteer", "saboteur"))
            else:
                teams = winning_teams(finder_role, open_to)
                winning = (
                    frozenset(("profiteer", *teams, "boss")) if teams else frozenset(("profiteer",))
                )
            for winners in range(players + 1):
                for geologists in range(pool[GEOLOGIST] + 1):
                    allowed = []
                    for seat in range(players):
                        roles = [
                            role
                            for role in ([pinned[seat]] if seat in pinned else _ROLES)
                            if _pay(role, seat, winning, winners, geologists, trapped, crystals)
                            == paid[seat]
                            and (seat != finder or role == finder_role)
                        ]
                        allowed.append(tuple(roles))
                    if not all(allowed):
                        continue
                    wins = [frozenset(r for r in roles if r in winning and not trapped[s])
                            for s, roles in enumerate(allowed)]  # fmt: skip
                    guess = (allowed, wins, winners, geologists)
                    memo: dict[tuple[int, tuple[int, ...], int, int], int] = {}
                    total = self._count(guess, 0, self.pool, 0, 0, memo)
                    if total:
                        self.guesses.append(guess)
                        self.memos.append(memo)  # kept: every draw walks the same counts
                        totals.append(total)
        if not self.guesses:
            raise ValueError("no deal of the dwarf cards explains the round's pay")
        self.cumulative = _cumulative(totals)

    def _count(
        self,
        guess: tuple[list[tuple[str, ...]], list[frozenset[str]], int, int],
        seat: int,
        rest: tuple[int, ...],
        wins: int,
        geologists: int,
        memo: dict[tuple[int, tuple[int, ...], int, int], int],
    ) -> int:
        allowed, winning, winners, wanted = guess
        if wins > winners or geologists > wanted:
            return 0
        if seat == len(allowed):
            if wins != winners or geologists != wanted:
                return 0
            # Every deal of the 15 cards by kind is as many deals of the physical cards,
            # so a deal of the seats counts the orders of the rest in the other slots.
            return _arrangements(Counter(dict(zip(_ROLES, rest, strict=True))))
        key = (seat, rest, wins, geologists)
        known = memo.get(key)
        if known is None:
            known = sum(
                self._count(
                    guess, seat + 1, _less(rest, at), wins + (role in winning[seat]),
                    geologists + (role == GEOLOGIST), memo,
                )
                for role in allowed[seat]
                if rest[at := _ROLES.index(role)]
            )  # fmt: skip
            memo[key] = known
        return known

    def draw(self, rng: random.Random) -> tuple[list[str], Counter[str]]:
        """Roles in front of the seats, and the cards left for the reserve and aside."""
        chosen = _pick(self.cumulative, rng)
        guess = self.guesses[chosen]
        memo = self.memos[chosen]
        allowed, winning, _, _ = guess
        rest = self.pool
        wins = geologists = 0
        roles = []
        for seat in range(len(allowed)):
            options = []
            weights = []
            for role in allowed[seat]:
                at = _ROLES.index(role)
                if rest[at]:
                    ways = self._count(
                        guess, seat + 1, _less(rest, at), wins + (role in winning[seat]),
                        geologists + (role == GEOLOGIST), memo,
                    )  # fmt: skip
                    if ways:
                        options.append(role)
                        weights.append(ways)
            role = options[_pick(_cumulative(weights), rng)]
            roles.append(role)
            at = _ROLES.index(role)
            rest = _less(rest, at)
            wins += role in winning[seat]
            geologists += role == GEOLOGIST
        return roles, Counter(dict(zip(_ROLES, rest, strict=True)))


def _less(counts: tuple[int, ...], at: int) -> tuple[int, ...]:
    return (*counts[:at], counts[at] - 1, *counts[at + 1 :])


def _pay(
    role: str,
    seat: int,
    winning: frozenset[str],
    winners: int,
    geologists: int,
    trapped: list[bool],
    crystals: int,
) -> int:
    """What ``gold_pieces.payout`` pays a seat of this role, given the guess."""
    if trapped[seat]:
        return 0
    pay = 0
    if role in winning:
        pay = max(0, SHARE.get(winners, 1) - SHORTFALL.get(role, 0))
    if role == GEOLOGIST and geologists:
        pay += crystals // geologists
    return pay


def _undo_hats(
    roles: list[str], aside: list[str], reserve: list[str], hats: list[tuple[int, int]]
) -> tuple[list[str], list[str]]:
    """The roles and reserve of the deal, from those now and the cards laid aside."""
    roles = list(roles)
    reserve = list(reserve)
    for (_, target), card in zip(reversed(hats), reversed(aside), strict=True):
        reserve.insert(0, roles[target])
        roles[target] = card
    return roles, reserve


def _looks(steps: list[_Step], roles: list[str], reserve: list[str]) -> list[Look]:
    """Every look at a dwarf card in the round, played forward from the deal."""
    roles = list(roles)
    reserve = list(reserve)
    looks = []
    for index, step in enumerate(steps):
        move = step.move
        if move.kind == INSPECTION:
            looks.append(Look(index, move.seat, move.target, roles[move.target]))
        elif move.kind == SWAP_HATS:
            old = roles[move.target]
            roles[move.target] = reserve.pop(0)
            looks.append(Look(index, move.target, move.target, roles[move.target], old))
    return looks


# -- undoing a round ------------------------------------------------------------------------

#: A card in a hand, and whether it is one the seat gave away and knows of.
Token = tuple[str, bool]


@dataclass
class _Undo:
    """What undoing a round's moves needs beyond the moves: the face-down cards drawn
    for them, which cards played were ones the seat knew of, and the seat's swaps."""

    filled: dict[int, list[Token]]  # hidden step -> its face-down cards
    known_out: dict[int, Cards]  # step -> the cards it played that the seat knew of
    swaps: dict[int, tuple[Cards, Cards]]  # the seat's swaps: got, gave
    known_before: dict[int, Cards]  # the seat's swap -> what it knew of the other hand
    drawn: dict[int, Counter[str]]  # the seat's draws after each of its swaps
    seat: int | None  # the seat whose swaps these are (None: a finished round)


def _undo_round(
    steps: list[_Step], hands: list[list[Token]], pile: list[str], undo: _Undo
) -> tuple[list[list[str]], list[str], dict[int, Swap]]:
    """The hands and deck (top first) the round was dealt, undoing its moves from the end
    (``pile`` bottom first); and every swap-hand with the hands it swapped.

    A card drawn is taken back from the end of the hand, as the engine appends
    what it draws, except where that would break what the seat knows: another
    seat gives back a card the seat does not know of, and the seat itself, after
    a swap of its own, one of the cards it drew since then.  A card played goes
    back in front, so that the engine, removing the first such card, leaves the
    rest in order.
    """
    hands = [list(hand) for hand in hands]
    drawn: list[str] = []
    seat = undo.seat
    anchors = sorted(undo.swaps)
    segment = len(anchors)  # the seat's draws since its latest swap so far undone
    left = {number: Counter(cards) for number, cards in undo.drawn.items()}
    swaps: dict[int, Swap] = {}

    def take_back(who: int, count: int) -> None:
        hand = hands[who]
        for _ in range(count):
            if seat is None or (who == seat and segment == 0):
                at = len(hand) - 1
            elif who == seat:
                wanted = left[segment]
                at = next(i for i in range(len(hand) - 1, -1, -1) if wanted[hand[i][0]] > 0)
                wanted[hand[at][0]] -= 1
            else:
                at = next(i for i in range(len(hand) - 1, -1, -1) if not hand[i][1])
            drawn.append(hand.pop(at)[0])

    for index in range(len(steps) - 1, -1, -1):
        step = steps[index]
        move = step.move
        mover = move.seat
        take_back(mover, step.draws)
        if move.kind == SWAP_HAND:
            other = move.target
            take_back(other, step.target_draws)
            if index in undo.swaps:
                assert seat is not None  # only the round in play has the seat's swaps
                segment -= 1  # now undoing the seat's draws before this swap
                got, gave = undo.swaps[index]
                someone = other if mover == seat else mover
                if Counter(card for card, _ in hands[seat]) != Counter(got) or Counter(
                    card for card, _ in hands[someone]
                ) != Counter(gave):
                    raise AssertionError("the hands undone do not match the seat's swap")
                hands[seat] = [(card, False) for card in gave]
                hands[someone] = _tagged(got, undo.known_before[index])
            else:
                hands[mover], hands[other] = hands[other], hands[mover]
            swaps[index] = Swap(
                index, mover, other,
                tuple(card for card, _ in hands[mover]), tuple(card for card, _ in hands[other]),
            )  # fmt: skip
        if step.out:
            tokens = undo.filled.get(index) or _tagged(step.out, undo.known_out.get(index, ()))
            hands[mover][:0] = tokens
    drawn.reverse()
    return [[card for card, _ in hand] for hand in hands], drawn + pile[::-1], swaps


def _tagged(cards: list[str] | Cards, known: Cards) -> list[Token]:
    """The cards as tokens, the first of each of ``known`` marked as known."""
    marks = Counter(known)
    tokens = []
    for card in cards:
        tokens.append((card, marks[card] > 0))
        marks[card] -= 1
    return tokens


# -- the determinizer -------------------------------------------------------------------


class Saboteur2Determinizer(Determinizer):
    """A Saboteur 2 seat's observation, read once, from which games can be drawn quickly."""

    def __init__(self, observation: Observation, assignment_weights: Any = None) -> None:
        if assignment_weights is not None:
            raise ValueError("Saboteur 2 determinization takes no role weights")
        seat = _viewer(observation)
        self.seat = seat
        self.players = players = observation["players"]
        self.replays_exactly = False  # the order within hands: see the module docstring
        self._observation = observation
        self._options = Options.from_dict(observation["options"])
        history = observation["history"]
        finished = observation["rounds"]
        if len(history) != len(finished) + 1:
            raise ValueError("the observation's history and rounds do not agree")
        self._past_rounds = [
            _Finished(data, moves, players)
            for data, moves in zip(finished, history[:-1], strict=True)
        ]
        self._reached = _gold_reached(observation)
        current = self._current = _read_round(history[-1], players, self._reached)
        self._first = observation["first"]
        if current.steps and current.first != self._first:
            raise ValueError("the observation's first seat does not match its history")
        shown = (observation["hand_sizes"], observation["draw_pile"])
        if (current.hand_sizes, current.draw_pile) != shown:
            raise ValueError("the observation's hand sizes or draw pile do not match its history")
        for name, value in (
            ("broken", [sum(TOOL_BIT[tool] for tool in tools) for tools in observation["broken"]]),
            ("trapped", observation["trapped"]),
            ("thieves", observation["thieves"]),
        ):
            if getattr(current, name) != value:
                raise ValueError(f"the observation's {name} do not match its history")
        if len(current.discards) != observation["discard_pile"]:
            raise ValueError("the observation's discard pile does not match its history")
        self._open: list[list[str]] | None = observation["hands"]
        self._hidden_cards = _unseen(observation, seat, current)
        in_hands = 0 if self._open else sum(current.hand_sizes) - len(observation["hand"])
        places = REMOVED_PER_ROUND + current.draw_pile + in_hands
        if sum(self._hidden_cards.values()) != places + sum(
            len(current.steps[i].out) for i in current.hidden
        ):
            raise ValueError("the observation's unseen cards do not fill its hidden places")
        self._swaps = {
            swap["move"]: (tuple(swap["got"]), tuple(swap["gave"])) for swap in observation["swaps"]
        }
        self._given = (
            _GivenCards(seat, players, current.steps, self._swaps, self._hidden_cards, self._open)
            if self._swaps
            else None
        )
        self._drawn = self._own_draws(observation)
        self._read_goals(observation)
        self._read_maze(observation)
        self._read_roles(observation)

    # -- reading --------------------------------------------------------------------------

    def _own_draws(self, observation: Observation) -> dict[int, Counter[str]]:
        """The cards the seat drew after each of its swaps, until its next (by number)."""
        seat = self.seat
        steps = self._current.steps
        anchors = sorted(self._swaps)
        drawn: dict[int, Counter[str]] = {}
        for number, anchor in enumerate(anchors, start=1):
            end = anchors[number] if number < len(anchors) else len(steps)
            held = Counter(
                self._swaps[anchors[number]][1] if number < len(anchors) else observation["hand"]
            )
            for index in range(anchor + 1, min(end + 1, len(steps))):
                if steps[index].move.seat == seat:
                    held.update(steps[index].out)
            held.subtract(self._swaps[anchor][0])
            count = steps[anchor].target_draws if steps[anchor].move.target == seat else 0
            count += sum(
                steps[i].draws for i in range(anchor + 1, end) if steps[i].move.seat == seat
            )
            if any(n < 0 for n in held.values()) or sum(held.values()) != count:
                raise ValueError("the seat's swaps do not match its hand and its moves")
            drawn[number] = +held
        return drawn

    def _read_maze(self, observation: Observation) -> None:
        rest = iter(self._goals_left)
        goals = [card if card is not None else next(rest) for card in self._goals]
        cells = {
            cell_key(card["x"], card["y"]): parse_shape(card["shape"])
            for card in observation["maze"]
        }
        tunnels = {key: face for key, face in cells.items() if key not in _FIXED_CELLS}
        if tunnels != self._current.cells:
            raise ValueError("the observation's maze does not match its history")
        maze = Maze.from_cells(goals, cells, self._revealed)
        maze.frontier()  # worked out once, shared by every sample's copy
        self._maze = maze

    def _read_roles(self, observation: Observation) -> None:
        """Which dwarf card slots the seat knows: see the module docstring."""
        players = self.players
        hats = self._current.hats
        if players + len(hats) + observation["reserve"] != sum(_DWARVES.values()):
            raise ValueError("the observation's reserve does not match its swap-hats")
        pinned: dict[int, str] = {self.seat: observation["role"]}
        aside: dict[int, str] = {}
        for look in observation["looks"]:
            later = [n for n, (index, target) in enumerate(hats)
                     if target == look["seat"] and index > look["move"]]  # fmt: skip
            slots, slot = (aside, later[0]) if later else (pinned, look["seat"])
            if slots.setdefault(slot, look["role"]) != look["role"]:
                raise ValueError("the seat's looks at the dwarf cards contradict each other")
            if "laid_aside" in look:  # the seat's own card, which this swap-hats took
                hat = hats.index((look["move"], look["seat"]))
                if aside.setdefault(hat, look["laid_aside"]) != look["laid_aside"]:
                    raise ValueError("the seat's looks at the dwarf cards contradict each other")
        pool = Counter(_DWARVES)
        pool.subtract(aside.values())
        self._pinned = pinned
        self._aside = aside
        self._paid: list[int] | None = None
        self._paid_roles: _PaidRoles | None = None
        if observation["phase"] == STEAL:
            self._read_pay(observation, pool)
        else:
            pool.subtract(pinned.values())
        if any(count < 0 for count in pool.values()):
            raise ValueError("the seat has seen more of some dwarf card than there are")
        self._role_pool = +pool

    def _read_pay(self, observation: Observation, pool: Counter[str]) -> None:
        """While thieves steal: what the round paid each seat (GP are public)."""
        paid = list(observation["gold_pieces"])
        for data in observation["rounds"]:
            for seat, pieces in enumerate(data["gold"]):
                paid[seat] -= pieces
        self._round_gold = list(paid)  # the round's pay, thefts so far included
        thefts = []
        for step in self._current.steps:
            if step.move.kind == STEAL_MOVE:
                thefts.append([step.move.seat, step.move.target])
                paid[step.move.seat] -= 1
                paid[step.move.target] += 1
        self._thefts = thefts
        finder = self._current.last_path if self._reached else None
        self._open_to = [
            c for c in ("green", "blue") if self._reached and self._maze.gold_open_to(c)
        ]
        self._paid_roles = _PaidRoles(
            pool, self._pinned, paid, list(observation["trapped"]), finder, self._open_to,
            self._maze.crystals(),
        )  # fmt: skip

    # -- drawing ----------------------------------------------------------------------------

    def sample(self, rng: random.Random) -> Game:
        """One complete game that agrees with the observation, its hidden parts drawn."""
        observation = self._observation
        players = self.players
        goals = [card or "" for card in self._goals]
        if self._hidden_goals:
            rest = list(self._goals_left)
            rng.shuffle(rest)
            for index, card in zip(self._hidden_goals, rest, strict=True):
                goals[index] = card
        logs = [finished.sample(rng) for finished in self._past_rounds]
        current = self._current
        roles, aside, reserve = self._draw_roles(rng)
        dealt_roles, dealt_reserve = _undo_hats(roles, aside, reserve, current.hats)
        hands, pile, removed, filled, undo = self._draw_cards(rng)
        start_hands, deck, swaps = _undo_round(current.steps, hands, pile, undo)
        moves = _filled_moves(current, filled)
        deal = Deal(self._first, dealt_roles, "", goals, start_hands, deck, dealt_reserve, removed)
        logs.append(RoundLog(deal, moves))

        game = Game(
            players, self._options, rng.getrandbits(64), first=self._first,
            names=list(observation["names"]) if observation["names"] else None,
            edition=_EDITION,
        )  # fmt: skip
        game.rounds = logs
        game.phase = observation["phase"]
        game.gold_pieces = list(observation["gold_pieces"])
        maze = self._maze.copy()
        maze.goals = tuple(goals)
        maps: list[dict[int, str]] = [{} for _ in range(players)]
        for move in moves:
            if move.kind == MAP:
                mapped = maze.goal_index(move.x, move.y)
                assert mapped is not None
                maps[move.seat][mapped] = goals[mapped]
        discards = list(current.discards)
        for index, tokens in filled.items():
            cards = sorted(card for card, _ in tokens)
            for place, card in zip(current.discard_slots[index], cards, strict=True):
                discards[place] = card
        state = RoundState(
            roles=roles,
            hands=[[card for card, _ in hand] for hand in hands],
            draw_pile=pile,
            maze=maze,
            first=self._first,
            to_move=observation["to_move"],
            broken=list(current.broken),
            maps=maps,
            discards=discards,
            last_turn=current.last_turn,
            last_path=current.last_path,
            finder=current.last_path if self._reached else None,
            round_gold=[0] * players,
            trapped=list(current.trapped),
            thieves=list(current.thieves),
            reserve=reserve,
            hats_out=aside,
            swaps=[swaps[index] for index in sorted(swaps)],
            looks=_looks(current.steps, dealt_roles, dealt_reserve),
            stealing=list(observation["stealing"]),
        )
        if self._paid_roles is not None:
            state.round_gold = list(self._round_gold)
            finder = state.finder
            teams = winning_teams(roles[finder], self._open_to) if finder is not None else []
            winning = {"profiteer", *(("saboteur",) if finder is None else ()), *teams,
                       *(("boss",) if teams else ())}  # fmt: skip
            winners = [
                s for s, role in enumerate(roles) if role in winning and not state.trapped[s]
            ]
            state.result = GoldPiecesResult(
                self._reached, finder, list(self._open_to), winners, [],
                [list(theft) for theft in self._thefts],
            )  # fmt: skip
        game.state = state
        return game

    def _draw_roles(self, rng: random.Random) -> tuple[list[str], list[str], list[str]]:
        """The dwarf cards in front of the seats, laid aside, and in the reserve (top first)."""
        if self._paid_roles is not None:
            front, rest = self._paid_roles.draw(rng)
            pool = list(rest.elements())
            shuffle(pool, rng)
            cards = iter(pool)
        else:
            pool = list(self._role_pool.elements())
            shuffle(pool, rng)
            cards = iter(pool)
            front = [self._pinned.get(seat) or next(cards) for seat in range(self.players)]
        aside = [self._aside.get(n) or next(cards) for n in range(len(self._current.hats))]
        return front, aside, list(cards)

    def _draw_cards(
        self, rng: random.Random
    ) -> tuple[list[list[Token]], list[str], list[str], dict[int, list[Token]], _Undo]:
        """The hands, draw pile (bottom first) and removed cards now, the face-down cards
        of the round, and what undoing the round needs."""
        current = self._current
        seat = self.seat
        players = self.players
        given: _State = (((),) * players, ())
        path: list[tuple[_State, Cards]] = []
        if self._given is not None:
            given, path = self._given.draw(rng)
        held, face_down = given
        known_out: dict[int, Cards] = {}
        known_before: dict[int, Cards] = {}
        hidden_known: dict[int, Cards] = {}
        for (index, reveals, _), (before, chosen) in zip(
            self._given.events if self._given else [], path, strict=True
        ):
            if reveals:
                mover = current.steps[index].move
                someone = mover.target if mover.seat == seat else mover.seat
                known_before[index] = before[0][someone]
            elif chosen:
                if current.steps[index].hidden:
                    hidden_known[index] = chosen
                else:
                    known_out[index] = chosen
        # With open hands the cards unseen are the draw pile's and the removed ones only.
        free = Counter(self._hidden_cards)
        if self._open is None:
            for known_cards in (*held, face_down):
                free.subtract(known_cards)
        cards = list((+free).elements())
        shuffle(cards, rng)
        at = 0
        hands: list[list[Token]] = []
        for other, size in enumerate(current.hand_sizes):
            if other == seat:
                hands.append([(card, False) for card in self._observation["hand"]])
            elif self._open is not None:
                hands.append(_tagged(self._open[other], held[other]))
            else:
                known = [(card, True) for card in held[other]]
                count = size - len(known)
                hands.append(known + [(card, False) for card in cards[at : at + count]])
                at += count
        filled: dict[int, list[Token]] = {}
        for index in current.hidden:
            known = [(card, True) for card in hidden_known.get(index, ())]
            count = len(current.steps[index].out) - len(known)
            filled[index] = sorted(known + [(card, False) for card in cards[at : at + count]])
            at += count
        pile = cards[at : at + current.draw_pile]
        removed = cards[at + current.draw_pile :]
        assert len(removed) == REMOVED_PER_ROUND
        undo = _Undo(filled, known_out, self._swaps, known_before, self._drawn, seat)
        return hands, pile, removed, filled, undo


def _filled_moves(round_: _Round, filled: dict[int, list[Token]]) -> list[Move]:
    """The round's moves with the face-down cards drawn for them."""
    moves = [step.move for step in round_.steps]
    for index, tokens in filled.items():
        move = moves[index]
        cards = sorted(card for card, _ in tokens)
        moves[index] = move._replace(card=cards[0], also=tuple(cards[1:]))
    return moves


class _Finished:
    """A finished round as the seat's observation shows it: its public moves, the
    seat's own discards, its dwarf cards and its end."""

    def __init__(self, data: dict[str, Any], texts: list[str], players: int) -> None:
        self.data = data
        self.round = round_ = _read_round(texts, players, data["gold_reached"])
        unseen = Counter(_CARDS)
        unseen.subtract(round_.known)
        self.unseen = sorted((+unseen).elements())
        hidden = sum(len(round_.steps[index].out) for index in round_.hidden)
        places = REMOVED_PER_ROUND + round_.draw_pile + sum(round_.hand_sizes) + hidden
        if len(self.unseen) != places:
            raise ValueError("a finished round of the history does not add up")
        self.cells = {
            cell_key(card["x"], card["y"]): parse_shape(card["shape"]) for card in data["maze"]
        }
        self.maze = Maze.from_cells(list(data["goals"]), self.cells, [True, True, True])
        rest = Counter(_DWARVES)
        rest.subtract(data["roles"])
        if any(count < 0 for count in rest.values()) or len(round_.hats) > sum(rest.values()):
            raise ValueError("a finished round's dwarf cards do not add up")
        self.role_rest = sorted(rest.elements())

    def sample(self, rng: random.Random) -> RoundLog:
        data = self.data
        round_ = self.round
        cards = list(self.unseen)
        shuffle(cards, rng)
        at = 0
        hands: list[list[Token]] = []
        for size in round_.hand_sizes:
            hands.append([(card, False) for card in cards[at : at + size]])
            at += size
        filled: dict[int, list[Token]] = {}
        for index in round_.hidden:
            count = len(round_.steps[index].out)
            filled[index] = [(card, False) for card in cards[at : at + count]]
            at += count
        pile = cards[at : at + round_.draw_pile]
        removed = cards[at + round_.draw_pile :]
        undo = _Undo(filled, {}, {}, {}, {}, None)
        start_hands, deck, swaps = _undo_round(round_.steps, hands, pile, undo)
        roles = list(data["roles"])
        others = list(self.role_rest)
        shuffle(others, rng)
        hats = len(round_.hats)
        aside, reserve = others[:hats], others[hats:]
        dealt_roles, dealt_reserve = _undo_hats(roles, aside, reserve, round_.hats)
        deal = Deal(
            round_.first, dealt_roles, "", list(data["goals"]), start_hands, deck,
            dealt_reserve, removed,
        )  # fmt: skip
        moves = _filled_moves(round_, filled)
        result = GoldPiecesResult(
            data["gold_reached"], data["finder"], list(data["open_to"]), list(data["winners"]),
            list(data["gold"]), [list(theft) for theft in data["thefts"]],
        )  # fmt: skip
        players = len(roles)
        final = RoundState(
            roles=roles,
            hands=[[card for card, _ in hand] for hand in hands],
            draw_pile=pile,
            maze=self.maze,
            first=round_.first,
            to_move=None,
            broken=list(round_.broken),
            maps=[{} for _ in range(players)],
            last_turn=round_.last_turn,
            last_path=round_.last_path,
            finder=data["finder"],
            round_gold=list(data["gold"]),
            trapped=list(data["trapped"]),
            thieves=list(round_.thieves),
            reserve=reserve,
            hats_out=aside,
            swaps=[swaps[index] for index in sorted(swaps)],
            looks=_looks(round_.steps, dealt_roles, dealt_reserve),
        )
        return RoundLog(deal, moves, result, dict(self.cells), final=final)
