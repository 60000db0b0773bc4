"""The gold of a determinized game: where each gold card went, as far as one seat
can tell, and a fresh deal of the rest for each sample.

A sample must agree with the seat's gold to the card and still be a whole game
whose record replays, so its gold cannot simply be shuffled.  The seat knows
its own picks and pay exactly.  Each offer it looked at tells it, as a set,
which cards the miners after it picked before its next look (or hold in the
offer now).  What its pay as a saboteur sent to the bottom of the gold deck
lies there still, or came up in the offer being shared out.  Every other
saboteur was paid exactly what it was owed, which the cards left must allow.

:func:`read_gold_ledger` follows the gold through the rounds once for an
observation; :meth:`GoldLedger.deal` then draws, for each sample, one world
that fits, every choice of actual cards equally likely, and writes it down as
the engine would have: every seat's gold and looks, the values of the picks in
the history and a gold deck order at the start of the game that deals it all
again.  This bookkeeping is apart from :mod:`.determinize` because it does not
depend on how a sample's cards, roles and goals are drawn.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field, replace
from functools import lru_cache
from math import comb
from typing import Any

from .cards import GOLD_CARDS, SABOTEUR
from .game import GOLD, MINERS, RoundLog
from .gold import SABOTEUR_PAY, keep_or_send_down
from .moves import TAKE, Move
from .observation import Observation


def shuffle(items: list[Any], rng: random.Random) -> None:
    """``rng.shuffle`` made faster: Fisher-Yates on ``rng.random()`` (the playing
    cards of a sample are shuffled with it too).

    The bias of scaling a 53-bit float is below 2**-46 for these few cards.
    """
    draw = rng.random
    for last in range(len(items) - 1, 0, -1):
        other = int(draw() * (last + 1))
        items[last], items[other] = items[other], items[last]


@dataclass
class _Pinned:
    """Picks by others whose cards the seat knows as a whole, from what it saw offered."""

    slots: list[int]  # indices into the ledger's picks
    cards: list[int]
    offer: int = 0  # how many of ``cards`` are still offered now (the last of them)


@dataclass
class DealtGold:
    """The gold of one sample, as the game holds it."""

    initial: list[int]  # the gold deck at the start of the game, top first
    deck: list[int]
    offer: list[int]
    kept: list[list[int]]
    seen: list[list[list[int]]]
    round_gold: list[int]


@dataclass
class GoldLedger:
    """Where every gold card went, as far as the seat can tell."""

    seat: int
    players: int
    to_move: int | None
    gold_deck: int  # cards left in it
    own_kept: list[int]
    own_seen: list[list[int]]
    #: (round index, move index, seat) of every pick, in order.
    picks: list[tuple[int, int, int]] = field(default_factory=list)
    own_values: dict[int, int] = field(default_factory=dict)  # the seat's picks by index
    pinned: list[_Pinned] = field(default_factory=list)
    free: list[int] = field(default_factory=list)  # picks valued from the pool
    others_pay: list[tuple[int, int, int]] = field(default_factory=list)  # round, seat, amount
    #: The seat's own pay by round index: what it kept, what it drew.
    own_pay: dict[int, tuple[list[int], list[int]]] = field(default_factory=dict)
    bottom: list[int] = field(default_factory=list)  # what that sent down, in order
    pool: Counter[int] = field(default_factory=lambda: Counter(GOLD_CARDS))  # left to deal
    not_pay: int = 0  # how many cards of the pool are not the other saboteurs' pay
    offer: list[int] | None = None  # the offer being shared out, when the seat sees it
    offer_from_pool: int = 0  # its size when it is drawn from the pool instead
    #: Cards sent down that the offer now being shared out brought up again:
    #: all of them, and those among picks or an offer the seat has not seen.
    brought_up: list[int] = field(default_factory=list)
    unseen_brought_up: list[int] = field(default_factory=list)
    #: The picks of that offer before the seat's first look, and the offer
    #: itself (``-1``) when the seat has not seen it: where those may lie.
    unseen_places: list[int] = field(default_factory=list)
    exact: bool = True  # whether a sample's record replays to it; see _place_sent_down

    def deal(self, logs: list[RoundLog], rng: random.Random) -> DealtGold:
        """Deal out the gold the seat cannot place, then write down who holds what.

        ``logs`` are the sample's rounds, their picks still blank: they get their values.
        """
        pool = Counter(self.pool)
        amounts = tuple(amount for _, _, amount in self.others_pay)
        pay = {(index, self.seat): own for index, own in self.own_pay.items()}
        for at, (index, seat, _) in enumerate(self.others_pay):
            cards = _draw_pay(amounts[at:], self.not_pay, pool, rng)
            pool.subtract(cards)
            pay[index, seat] = (cards, cards)
        rest = list(pool.elements())
        shuffle(rest, rng)
        top = self.gold_deck - len(self.bottom)
        deck_top, rest = rest[:top], rest[top:]
        values = dict(self.own_values)
        offer = []
        if self.unseen_brought_up:
            places = list(self.unseen_places)
            shuffle(places, rng)
            for place, card in zip(places, self.unseen_brought_up, strict=False):
                if place < 0:
                    offer.append(card)
                else:
                    values[place] = card
        from_pool = self.offer_from_pool - len(offer)
        offer += rest[:from_pool]
        free = (pick for pick in self.free if pick not in values)
        values.update(zip(free, rest[from_pool:], strict=True))
        for block in self.pinned:
            cards = list(block.cards)
            shuffle(cards, rng)
            values.update(zip(block.slots, cards, strict=False))
            if block.offer:
                offer = cards[len(block.slots) :]
        if self.offer is not None:
            offer = list(self.offer)
        return self._write(logs, values, pay, deck_top, offer)

    def _write(
        self,
        logs: list[RoundLog],
        values: dict[int, int],
        pay: dict[tuple[int, int], tuple[list[int], list[int]]],
        deck_top: list[int],
        offer: list[int],
    ) -> DealtGold:
        """Fill in the picks and pay round by round: every seat's gold and looks, and
        a gold deck order for the start of the game that deals the same again."""
        players = self.players
        kept: list[list[int]] = [[] for _ in range(players)]
        seen: list[list[list[int]]] = [[] for _ in range(players)]
        initial: list[int] = []
        round_gold = [0] * players
        picks_by_round: dict[int, list[int]] = {}
        for pick, (index, _, _) in enumerate(self.picks):
            picks_by_round.setdefault(index, []).append(pick)
        for index, log in enumerate(logs):
            gold = [0] * players
            current = index == len(logs) - 1
            picks = picks_by_round.get(index, [])
            # Picks and pay cannot both happen in one round; a round may have neither.
            taken = [values[pick] for pick in picks]
            left = offer if current else []
            # What the offer brought up from the bottom of the deck was not where it
            # lay at the start of the game: the seat's pay had sent it down.
            initial += _minus(taken + left, self.brought_up) if current else taken
            for order, pick in enumerate(picks):
                _, move_index, picker = self.picks[pick]
                value = taken[order]
                log.moves[move_index] = Move(picker, TAKE, value=value)
                kept[picker].append(value)
                gold[picker] += value
                seen[picker].append(sorted(taken[order:] + left, reverse=True))
            if left:
                assert self.to_move is not None  # someone picks from an offer
                seen[self.to_move].append(sorted(left, reverse=True))
            for paid in range(players):
                if (index, paid) not in pay:
                    continue
                chunk, drawn = pay[index, paid]
                initial += drawn  # what the seat's pay sent down lies in ``self.bottom``
                kept[paid] += chunk
                gold[paid] += sum(chunk)
                seen[paid].append(list(drawn))
            if log.result is not None:
                log.result.gold = gold
            else:
                round_gold = gold
        # The seat's own gold and looks are as it knows them; the loop has rebuilt
        # them the same way, unless the sample does not replay exactly.
        kept[self.seat] = list(self.own_kept)
        seen[self.seat] = [list(look) for look in self.own_seen]
        deck = deck_top + self.bottom
        return DealtGold(initial + deck_top, deck, offer, kept, seen, round_gold)


def read_gold_ledger(
    observation: Observation, seat: int, moves_by_round: list[list[Move]]
) -> GoldLedger:
    """Follow the gold through the rounds as the seat saw it.

    ``moves_by_round`` are the moves of every round so far, others' picks without
    their values.  Raises ValueError if the seat's gold does not add up.
    """
    reader = _LedgerReader(observation, seat)
    finished = observation["rounds"]
    for index, moves in enumerate(moves_by_round[: len(finished)]):
        if finished[index]["winner"] == MINERS:
            reader.read_picks(index, moves, current=False)
        else:
            reader.read_pay(index, finished[index]["roles"])
    if observation["phase"] == GOLD:
        reader.read_picks(len(finished), moves_by_round[-1], current=True)
    return reader.settle()


class _LedgerReader:
    """Reads the seat's picks, pay and looks in order, noting where each gold card went."""

    def __init__(self, observation: Observation, seat: int) -> None:
        self.observation = observation
        gold = observation["gold"]
        self.ledger = GoldLedger(
            seat,
            observation["players"],
            observation["to_move"],
            observation["gold_deck"],
            list(gold["kept"]),
            [list(look) for look in gold["seen"]],
        )
        self.ledger.pool.subtract(self.ledger.own_kept)
        self.look_at = self.kept_at = 0
        self.first_look: list[int] = []  # the seat's first look at the offer being shared out

    def next_look(self) -> list[int]:
        looks = self.ledger.own_seen
        if self.look_at == len(looks):
            raise ValueError("the seat's gold looks do not match its picks and pay")
        self.look_at += 1
        return looks[self.look_at - 1]

    def take_kept(self, cards: list[int]) -> None:
        if self.ledger.own_kept[self.kept_at : self.kept_at + len(cards)] != cards:
            raise ValueError("the seat's gold does not match its picks and pay")
        self.kept_at += len(cards)

    def read_pay(self, index: int, roles: list[str]) -> None:
        """The saboteurs won: each in turn was paid from the gold deck."""
        saboteurs = [s for s, role in enumerate(roles) if role == SABOTEUR]
        for paid in saboteurs:
            amount = SABOTEUR_PAY[len(saboteurs)]
            if paid != self.ledger.seat:
                self.ledger.others_pay.append((index, paid, amount))
                continue
            drawn = self.next_look()
            kept, sent_down = _pay_from(drawn, amount)
            self.take_kept(kept)
            self.ledger.own_pay[index] = (kept, drawn)
            self.ledger.bottom += sent_down

    def read_picks(self, index: int, moves: list[Move], *, current: bool) -> None:
        """The miners found the gold: picks in order, each seen by its picker."""
        ledger = self.ledger
        last_look: list[int] | None = None  # what the seat passed on after its last pick
        since: list[int] = []  # others' picks since then
        for move_index, move in enumerate(moves):
            if move.kind != TAKE:
                continue
            pick = len(ledger.picks)
            ledger.picks.append((index, move_index, move.seat))
            if move.seat != ledger.seat:
                if last_look is not None:
                    since.append(pick)
                else:
                    ledger.free.append(pick)
                    if current:
                        ledger.unseen_places.append(pick)
                continue
            look = self.next_look()
            if move.value not in look:
                raise ValueError("the seat picked a gold card it was not offered")
            if last_look is not None:
                ledger.pinned.append(_Pinned(since, _minus(last_look, look)))
            elif current:
                self.first_look = look
            self.take_kept([move.value])
            ledger.own_values[pick] = move.value
            last_look, since = _minus(look, [move.value]), []
        if current and ledger.to_move == ledger.seat:
            ledger.offer = offer = self.next_look()
            if last_look is not None:
                ledger.pinned.append(_Pinned(since, _minus(last_look, offer)))
            else:
                self.first_look = offer
            ledger.pool.subtract(offer)
        elif last_look is not None:
            offer_size = self.observation["gold_offer_size"] if current else 0
            ledger.pinned.append(_Pinned(since, last_look, offer_size))
        elif current:
            ledger.offer_from_pool = self.observation["gold_offer_size"]
            ledger.unseen_places += [-1] * ledger.offer_from_pool

    def settle(self) -> GoldLedger:
        ledger = self.ledger
        if self.look_at != len(ledger.own_seen) or self.kept_at != len(ledger.own_kept):
            raise ValueError("the seat's gold does not match its picks and pay")
        for block in ledger.pinned:
            ledger.pool.subtract(block.cards)
            if len(block.cards) != len(block.slots) + block.offer:
                raise ValueError("the gold the seat saw offered does not match the picks after")
        if any(count < 0 for count in ledger.pool.values()):
            raise ValueError("the seat has seen more of some gold card than the game has")
        gold_phase = self.observation["phase"] == GOLD
        for keep in (True, False):
            settled = _place_sent_down(ledger, gold_phase, self.first_look, keep=keep)
            if settled is not None:
                return settled
        raise ValueError("no deal of the gold explains the saboteurs' pay")


def _place_sent_down(
    ledger: GoldLedger, gold_phase: bool, first_look: list[int], *, keep: bool
) -> GoldLedger | None:
    """The ledger with the cards the seat's pay sent down at the bottom of the gold deck,
    or None if no world is drawn that way.

    In the world drawn here no other saboteur drew a card too many, so the
    cards the seat sent down lie at the very bottom: only the last round's
    offer can draw the deck down to them, and if it did, they are among its
    cards.  Where the deck has gone round, the seat's looks can rule that
    world out; then (``keep=False``) the sample forgets what the seat sent
    down: it keeps the seat's looks as they were, but its record would show
    that pay without those cards, and ``exact`` is False.
    """
    own_pay = ledger.own_pay
    bottom = ledger.bottom
    if not keep:
        own_pay = {index: (chunk, chunk) for index, (chunk, _) in own_pay.items()}
        bottom = []
    brought_up = bottom[: max(0, len(bottom) - ledger.gold_deck)]
    bottom = bottom[len(brought_up) :]
    unseen_brought_up = _minus_what_is_there(brought_up, first_look)
    if brought_up and (not gold_phase or len(unseen_brought_up) > len(ledger.unseen_places)):
        return None
    pool = Counter(ledger.pool)
    pool.subtract(bottom)
    pool.subtract(unseen_brought_up)
    if any(count < 0 for count in pool.values()):
        return None
    # The pool fills the picks and offer the seat has not seen, less what the offer
    # brought up, and the deck above what the seat sent down; the rest is pay.
    unseen_slots = len(ledger.free) + ledger.offer_from_pool - len(unseen_brought_up)
    not_pay = unseen_slots + ledger.gold_deck - len(bottom)
    amounts = tuple(amount for _, _, amount in ledger.others_pay)
    if not _pay_ways(amounts, not_pay, pool[1], pool[2], pool[3]):
        return None
    return replace(
        ledger,
        own_pay=own_pay,
        bottom=bottom,
        brought_up=brought_up,
        unseen_brought_up=unseen_brought_up,
        pool=+pool,
        not_pay=not_pay,
        exact=keep or not ledger.bottom,
    )


def _minus_what_is_there(cards: list[int], there: list[int]) -> list[int]:
    """``cards`` without those that ``there`` holds too (each card of it once)."""
    rest = list(there)
    missing = []
    for card in cards:
        if card in rest:
            rest.remove(card)
        else:
            missing.append(card)
    return missing


def _minus(cards: list[int], taken: list[int]) -> list[int]:
    rest = list(cards)
    for card in taken:
        rest.remove(card)  # ValueError if the seat's looks contradict each other
    return rest


def _pay_from(drawn: list[int], amount: int) -> tuple[list[int], list[int]]:
    """What a saboteur kept of the cards it drew, and what went to the bottom of the deck.

    The deck can always make the amount exactly before the last round is over, so
    what the saboteur is owed only ever goes down by what it keeps.
    """
    kept: list[int] = []
    sent_down: list[int] = []
    for card in drawn:
        amount = keep_or_send_down(card, amount, kept, sent_down)
    return kept, sent_down


#: Each way to make an amount of 2, 3 or 4 nuggets: how many 1s, 2s and 3s.
_MAKES: dict[int, list[tuple[int, int, int]]] = {
    amount: [
        (ones, twos, threes)
        for threes in range(amount // 3 + 1)
        for twos in range((amount - 3 * threes) // 2 + 1)
        for ones in [amount - 3 * threes - 2 * twos]
    ]
    for amount in set(SABOTEUR_PAY.values())
}


@lru_cache(maxsize=1 << 16)  # every sample asks again, and so do later observations
def _pay_ways(amounts: tuple[int, ...], not_pay: int, ones: int, twos: int, threes: int) -> int:
    """How many ways to pay ``amounts`` in turn from these cards, leaving ``not_pay`` of them.

    A way picks particular cards, so that drawing ways uniformly makes every
    choice of actual cards equally likely.
    """
    if not amounts:
        return int(ones + twos + threes == not_pay)
    return sum(_pay_choices(amounts, not_pay, ones, twos, threes))


def _pay_choices(
    amounts: tuple[int, ...], not_pay: int, ones: int, twos: int, threes: int
) -> list[int]:
    """For each way in ``_MAKES`` to pay ``amounts[0]``: how many ways to go on from it."""
    return [
        comb(ones, a) * comb(twos, b) * comb(threes, c)
        * _pay_ways(amounts[1:], not_pay, ones - a, twos - b, threes - c)
        if a <= ones and b <= twos and c <= threes
        else 0
        for a, b, c in _MAKES[amounts[0]]
    ]  # fmt: skip


def _draw_pay(
    amounts: tuple[int, ...], not_pay: int, pool: Counter[int], rng: random.Random
) -> list[int]:
    """The pay of ``amounts[0]`` from ``pool``: every choice of actual cards is equally likely."""
    choices = _pay_choices(amounts, not_pay, pool[1], pool[2], pool[3])
    pick = rng.randrange(sum(choices))
    for (ones, twos, threes), ways in zip(_MAKES[amounts[0]], choices, strict=True):
        if pick < ways:
            cards = [1] * ones + [2] * twos + [3] * threes
            rng.shuffle(cards)
            return cards
        pick -= ways
    raise AssertionError("a pick below the total falls in one of the choices")
