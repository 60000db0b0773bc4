"""Determinization: whole games that agree with everything one seat knows.

A bot cannot look at the hidden cards, so a searching bot plays many possible
games instead.  :func:`determinize` turns a seat's observation into one such
game: a complete :class:`Game` at the same moment as the real one, in which all
the seat knows is as it knows it and all it does not know is drawn at random.
``seat_observation(sample, seat)`` equals the observation it came from, and the
sample plays on to the end of the game like any other.

What is drawn, and from what:

- **Cards.**  The cards the seat has not seen (:func:`unseen_cards`) are dealt
  uniformly into the other hands, the draw pile and the others' face-down
  discards.  If the deal was uniform and play did not depend on which hidden
  cards a seat holds, every such arrangement is equally likely given the
  public moves; that simplification is the usual one for determinization.
- **Roles.**  The seat's own role is known; the rest of the role pool, set-aside
  card included, is drawn from ``assignment_weights`` (uniform by default),
  restricted to :func:`consistent_assignments`: once the gold is being shared
  out, who picks in which order tells miners from saboteurs.
- **Goals.**  Face-up goals and the goals the seat has mapped are known; the
  other goal cards are dealt uniformly to the other goal cells.
- **Gold.**  The seat's own gold and looks are exact.  What it saw offered and
  passed on went to the miners who picked after it, as its later looks allow;
  what its pay as a saboteur sent to the bottom of the gold deck lies there
  still (or, if the deck was drawn down that far, in the offer being shared
  out).  Every other gold card is dealt at random to the gold deck, the picks
  the seat did not see, the offer another seat is picking from and the other
  saboteurs' pay, each exactly what it was owed (before the last round ends
  the gold deck always holds it), drawn with no card too many.  That
  bookkeeping is done in :mod:`.determinize_gold`.

Earlier rounds are filled in the same way (their face-down discards, their
deals, the gold picked in them), so a sample is a whole game: its record
replays to the sample itself.  The one exception is a rare game in which the
gold deck has gone round and the seat's looks rule out the world above; the
sample then leaves out what the seat's pay sent down, and its record shows
that pay without those cards (``Determinizer.replays_exactly`` is False).

Saboteur 2 observations are determinized by :mod:`.determinize_saboteur2`, which
:class:`Determinizer` and :func:`unseen_cards` hand them to.

Preparing the observation takes longer than drawing from it: a bot that
samples many games from one observation should make one :class:`Determinizer`
and call :meth:`Determinizer.sample` repeatedly.
"""

from __future__ import annotations

import random
from bisect import bisect
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from itertools import combinations

from .cards import (
    CARD_OF_SHAPE,
    GOAL_CARDS,
    HAND_SIZE,
    MINER,
    PLAYING_CARDS,
    SABOTEUR,
    SABOTEURS_IN_POOL,
    TOOL_BIT,
    cell_key,
    parse_shape,
)
from .determinize_gold import read_gold_ledger, shuffle
from .game import GOLD, MINERS, OVER, Deal, Game, RoundLog, RoundResult
from .gold import finder_draw_count, first_picker, next_miner_counter_clockwise
from .maze import GOAL_KEYS, START_KEY, Maze
from .moves import DISCARD, FIX, MAP, PASS, PLACE, ROCKFALL, TAKE, Move, read_seen_move
from .observation import Observation
from .options import Options
from .round_state import RoundState

#: Cells whose cards no move lays or removes.
_FIXED_CELLS = frozenset((START_KEY, *GOAL_KEYS))

#: Roles of seats ``0 .. n-1``, then the set-aside card.
Assignment = tuple[str, ...]
AssignmentWeights = Sequence[tuple[Assignment, float]]


# -- roles ------------------------------------------------------------------------------


@cache
def _assignments(players: int) -> tuple[Assignment, ...]:
    places = range(players + 1)
    return tuple(
        tuple(SABOTEUR if place in chosen else MINER for place in places)
        for chosen in combinations(places, SABOTEURS_IN_POOL[players])
    )


def role_assignments(players: int) -> list[Assignment]:
    """Every distinct deal of the role pool (at most C(11, 4) = 330, with 10 players).

    The pool is shuffled, so each of these is equally likely before anything is seen.
    """
    if players not in HAND_SIZE:
        raise ValueError(f"Saboteur is for 3 to 10 players, not {players}")
    return list(_assignments(players))


def consistent_assignments(observation: Observation) -> list[Assignment]:
    """The role deals that agree with the seat's observation of the current round."""
    seat = _viewer(observation)
    own_role = observation["role"]
    players = observation["players"]
    fits = _gold_picks_fit(observation)
    return [
        roles
        for roles in _assignments(players)
        if roles[seat] == own_role and (fits is None or fits(roles))
    ]


def _gold_picks_fit(observation: Observation) -> _PickCheck | None:
    """While the gold is shared out, a check that a role deal explains who has picked."""
    if observation["phase"] != GOLD:
        return None
    moves = [move for move, _ in map(_read_move, observation["history"][-1])]
    takers = [move.seat for move in moves if move.kind == TAKE]
    finder = next(move.seat for move in reversed(moves) if move.kind == PLACE)
    return _PickCheck(
        observation["players"],
        Options.from_dict(observation["options"]).gold_draw,
        finder,
        takers,
        observation["to_move"],
        len(takers) + observation["gold_offer_size"],
        observation["gold_deck"],
    )


@dataclass(frozen=True)
class _PickCheck:
    players: int
    gold_draw: str
    finder: int
    takers: list[int]
    to_move: int | None
    offered: int  # gold cards the finder drew
    deck_left: int

    def __call__(self, assignment: Assignment) -> bool:
        roles = list(assignment[: self.players])
        wanted = finder_draw_count(self.gold_draw, self.players, roles)
        if self.offered != min(wanted, self.offered + self.deck_left):
            return False
        picker = first_picker(self.finder, roles)
        for taker in self.takers:
            if taker != picker:
                return False
            picker = next_miner_counter_clockwise(picker, roles)
        return picker == self.to_move


# -- reading one round's history -----------------------------------------------------


@lru_cache(maxsize=4096)  # the same few histories are read again and again
def _read_move(text: str) -> tuple[Move, str | None]:
    """A move as the seat saw it, and the printed card it took from the hand.

    Another seat's face-down discard has no card (''), its gold pick no value.
    """
    move = read_seen_move(text)
    if move.kind in (PASS, TAKE):
        return move, None
    return move, move.printed_cards()[0] if move.card else ""


@dataclass
class _Round:
    """One round's history as the seat saw it, and what follows from it."""

    first: int
    moves: list[Move]  # others' face-down discards and picks as blanks
    played: list[str | None]  # card each move took from the hand, '' where face down
    hidden_discards: list[int]  # move indices of the face-down discards
    drew: list[bool]  # whether the mover drew a card after each move
    hand_sizes: list[int]  # at the end of the round, or now
    draw_pile: int  # at the end of the round, or now
    known: Counter[str]  # every card the seat saw leave a hand


def _read_round(history: list[str], players: int, first: int | None, gold_reached: bool) -> _Round:
    read = [_read_move(text) for text in history]
    moves = [move for move, _ in read]
    played = [card for _, card in read]
    hidden = [index for index, card in enumerate(played) if card == ""]
    size = HAND_SIZE[players]
    deck = len(PLAYING_CARDS) - players * size
    turns = [index for index, move in enumerate(moves) if move.kind != TAKE]
    # The first turns each draw a card until the pile is empty; the placement
    # that reaches the gold ends the round before its draw.
    drawing = set(turns[:deck])
    if gold_reached and turns:
        drawing.discard(turns[-1])
    drew = [index in drawing for index in range(len(moves))]
    hand_sizes = [size] * players
    for move, card, draws in zip(moves, played, drew, strict=True):
        hand_sizes[move.seat] += draws - (card is not None)
    known = Counter(card for card in played if card)
    return _Round(
        first if first is not None else moves[0].seat,
        moves,
        played,
        hidden,
        drew,
        hand_sizes,
        deck - len(drawing),
        known,
    )


def _deal_before(
    moves: list[Move],
    played: list[str | None],
    drew: list[bool],
    hands: list[list[str]],
    draw_pile: list[str],
) -> tuple[list[list[str]], list[str]]:
    """The hands and deck (top first) a round began with, undoing its moves from the end.

    Which card of a hand was the one drawn after a move makes no difference to
    anything later, so the last card of the hand is taken back each time, as
    the engine appends what it draws; the card played goes back in front, so
    that the engine, removing the first such card, leaves the hand in order.
    """
    hands = [list(hand) for hand in hands]
    drawn: list[str] = []
    for index in range(len(moves) - 1, -1, -1):
        hand = hands[moves[index].seat]
        if drew[index]:
            drawn.append(hand.pop())
        card = played[index]
        if card is not None:
            hand.insert(0, card)
    drawn.reverse()
    return hands, drawn + draw_pile[::-1]


def _lay_out(
    round_: _Round, unseen: list[str], known_hands: dict[int, list[str]], rng: random.Random
) -> tuple[list[list[str]], list[str], list[str]]:
    """The round's hands, draw pile (bottom first) and others' face-down discards, the
    ``unseen`` cards shuffled into all of them but the hands the seat knows."""
    cards = list(unseen)
    shuffle(cards, rng)
    hands = []
    at = 0
    for seat, size in enumerate(round_.hand_sizes):
        if seat in known_hands:
            hands.append(list(known_hands[seat]))
        else:
            hands.append(cards[at : at + size])
            at += size
    draw_pile = cards[at : at + round_.draw_pile]
    return hands, draw_pile, cards[at + round_.draw_pile :]


def _fill_discards(round_: _Round, cards: list[str]) -> tuple[list[Move], list[str | None]]:
    """The round's moves and the cards they played, with ``cards`` as the face-down discards."""
    moves = list(round_.moves)
    played = list(round_.played)
    for index, card in zip(round_.hidden_discards, cards, strict=True):
        moves[index] = Move(moves[index].seat, DISCARD, card)
        played[index] = card
    return moves, played


def _viewer(observation: Observation) -> int:
    seat = observation.get("seat")
    if not isinstance(seat, int):
        raise ValueError("determinization needs a seat's observation, not the public one")
    if observation["phase"] == OVER:
        raise ValueError("the game is over: there is nothing left to play")
    return seat


def _current_round(observation: Observation) -> _Round:
    return _read_round(
        observation["history"][-1],
        observation["players"],
        observation["first"],
        observation["phase"] == GOLD,
    )


def unseen_cards(observation: Observation) -> Counter[str]:
    """The playing cards of the current round whose place the seat does not know.

    All 67 but its own hand, the cards it saw played face up this round (path
    cards, whether still in the maze or removed by a rockfall, and action cards,
    whether still lying or discarded) and its own discards; with ``open_hands``
    the other hands too.  These are in the other hands, the draw pile and the
    others' face-down discards.
    """
    if observation.get("edition", "base") != "base":
        from .determinize_saboteur2 import unseen_cards as saboteur2_unseen

        return saboteur2_unseen(observation)
    seat = _viewer(observation)
    return _unseen(observation, seat, _current_round(observation))


def _unseen(observation: Observation, seat: int, current: _Round) -> Counter[str]:
    unseen = Counter(PLAYING_CARDS)
    unseen.subtract(current.known)
    # With open hands every hand is known; otherwise only the seat's own.
    unseen.subtract(observation["hand"])
    for other, hand in enumerate(observation["hands"] or []):
        if other != seat:
            unseen.subtract(hand)
    if any(count < 0 for count in unseen.values()):
        raise ValueError("the observation shows more of some card than the game has")
    return +unseen


# -- the determinizer -----------------------------------------------------------------


class Determinizer:
    """A seat's observation, read once, from which games can be drawn quickly.

    A Saboteur 2 observation makes a
    :class:`~.determinize_saboteur2.Saboteur2Determinizer` instead.
    """

    def __new__(
        cls, observation: Observation, assignment_weights: AssignmentWeights | None = None
    ) -> Determinizer:
        if cls is Determinizer and observation.get("edition", "base") != "base":
            from .determinize_saboteur2 import Saboteur2Determinizer  # it builds on this module

            return super().__new__(Saboteur2Determinizer)
        return super().__new__(cls)

    def __init__(
        self, observation: Observation, assignment_weights: AssignmentWeights | None = None
    ) -> None:
        seat = _viewer(observation)
        self.seat = seat
        self.players = players = observation["players"]
        self._options = Options.from_dict(observation["options"])
        self._names = observation["names"]
        self._phase = observation["phase"]
        self._to_move = observation["to_move"]
        history = observation["history"]
        finished = observation["rounds"]
        if len(history) != len(finished) + 1:
            raise ValueError("the observation's history and rounds do not agree")
        self._finished = finished
        self._rounds = [
            _read_round(moves, players, None, finished[index]["winner"] == MINERS)
            for index, moves in enumerate(history[:-1])
        ]
        current = _current_round(observation)
        self._rounds.append(current)
        shown = (observation["hand_sizes"], observation["draw_pile"])
        if (current.hand_sizes, current.draw_pile) != shown:
            raise ValueError("the observation's hand sizes or draw pile do not match its history")
        hand = list(observation["hand"])
        open_hands: list[list[str]] | None = observation["hands"]
        #: The hands the seat knows: its own, or with open hands every one.
        self._known_hands = dict(enumerate(open_hands)) if open_hands is not None else {seat: hand}
        self._unseen = sorted(_unseen(observation, seat, current).elements())
        in_hands = 0 if open_hands else sum(current.hand_sizes) - len(hand)
        if len(self._unseen) != in_hands + current.draw_pile + len(current.hidden_discards):
            raise ValueError("the observation's unseen cards do not fill its hidden places")
        self._finished_unseen = [self._unseen_in(index) for index in range(len(finished))]
        self._final_cells = [
            {cell_key(card["x"], card["y"]): parse_shape(card["shape"]) for card in data["maze"]}
            for data in finished
        ]
        self._read_goals(observation)
        self._read_maze(observation)
        self._broken = [sum(TOOL_BIT[tool] for tool in tools) for tools in observation["broken"]]
        self._last_turn = next((m.seat for m in reversed(current.moves) if m.kind != TAKE), None)
        self._last_path = next((m.seat for m in reversed(current.moves) if m.kind == PLACE), None)
        self._gold = read_gold_ledger(observation, seat, [round_.moves for round_ in self._rounds])
        #: Whether a sample's record replays to the sample exactly; see ``GoldLedger.exact``.
        self.replays_exactly = self._gold.exact
        self._read_weights(observation, assignment_weights)

    def _unseen_in(self, index: int) -> list[str]:
        """The cards of a finished round that the seat never saw leave a hand."""
        round_ = self._rounds[index]
        unseen = Counter(PLAYING_CARDS)
        unseen.subtract(round_.known)
        cards = sorted((+unseen).elements())
        if len(cards) != sum(round_.hand_sizes) + round_.draw_pile + len(round_.hidden_discards):
            raise ValueError(f"round {index + 1} of the history does not add up")
        return cards

    def _read_goals(self, observation: Observation) -> None:
        self._goals: list[str | None] = [goal["card"] for goal in observation["goals"]]
        self._revealed = [bool(goal["face_up"]) for goal in observation["goals"]]
        self._hidden_goals = [index for index, card in enumerate(self._goals) if card is None]
        rest = list(GOAL_CARDS)
        for card in self._goals:
            if card is not None:
                rest.remove(card)
        self._goals_left = rest

    def _read_maze(self, observation: Observation) -> None:
        """The maze as shown, and the discard pile in order from the round's moves."""
        rest = iter(self._goals_left)
        goals = [card if card is not None else next(rest) for card in self._goals]
        cells = {
            cell_key(card["x"], card["y"]): parse_shape(card["shape"])
            for card in observation["maze"]
        }
        maze = Maze.from_cells(goals, cells, self._revealed)
        lying: dict[int, int] = {}  # the tunnel card at each cell, by the moves
        discards: list[str] = []
        current = self._rounds[-1]
        for move, card in zip(current.moves, current.played, strict=True):
            kind = move.kind
            if kind == PLACE:
                lying[cell_key(move.x, move.y)] = parse_shape(move.card)
            elif kind == ROCKFALL:
                removed = lying.pop(cell_key(move.x, move.y), None)
                if removed is None:
                    raise ValueError(f'the history has "{move}" where no card lay')
                discards += (ROCKFALL, CARD_OF_SHAPE[removed])
            elif kind == FIX:
                discards += (move.card, f"break-{move.tool}")
            elif kind in (MAP, DISCARD):
                discards.append(card or "")
        tunnels = {key: shape for key, shape in cells.items() if key not in _FIXED_CELLS}
        if lying != tunnels:
            raise ValueError("the observation's maze does not match its history")
        if len(discards) != observation["discard_pile"]:
            raise ValueError("the observation's discard pile does not match its history")
        maze.frontier()  # worked out once, shared by every sample's copy
        self._maze = maze
        self._discards = discards
        self._discard_blanks = [index for index, card in enumerate(discards) if not card]

    def _read_weights(
        self, observation: Observation, assignment_weights: AssignmentWeights | None
    ) -> None:
        consistent = consistent_assignments(observation)
        if assignment_weights is None:
            pairs = [(roles, 1.0) for roles in consistent]
        else:
            allowed = set(consistent)
            pairs = [(tuple(r), w) for r, w in assignment_weights if tuple(r) in allowed and w > 0]
        total = 0.0
        self._assignments: list[Assignment] = []
        self._cumulative: list[float] = []
        for roles, weight in pairs:
            total += weight
            self._assignments.append(roles)
            self._cumulative.append(total)
        if not self._assignments:
            raise ValueError("no role assignment with a positive weight fits the observation")

    # -- drawing ------------------------------------------------------------------------

    def sample(self, rng: random.Random) -> Game:
        """One complete game that agrees with the observation, its hidden parts drawn."""
        players = self.players
        roles = self._assignments[
            bisect(self._cumulative, rng.random() * self._cumulative[-1])
            if len(self._assignments) > 1
            else 0
        ]
        goals = [card or "" for card in self._goals]
        if self._hidden_goals:
            rest = list(self._goals_left)
            rng.shuffle(rest)
            for index, card in zip(self._hidden_goals, rest, strict=True):
                goals[index] = card
        logs = [self._finished_round(index, rng) for index in range(len(self._finished))]
        hands, draw_pile, log, discards = self._current_round(roles, goals, rng)
        logs.append(log)
        gold = self._gold.deal(logs, rng)

        # Made by the constructor, so that the rounds still to be dealt come
        # from a generator of the sample's own; then set to the moment drawn.
        game = Game(
            players,
            self._options,
            rng.getrandbits(64),
            first=self._rounds[-1].first,
            names=list(self._names) if self._names else None,
        )
        game.initial_gold_deck = gold.initial
        game.gold_deck = gold.deck
        game.gold_kept = gold.kept
        game.gold_seen = gold.seen
        game.rounds = logs
        game.phase = self._phase
        maze = self._maze.copy()
        maze.goals = tuple(goals)
        maps: list[dict[int, str]] = [{} for _ in range(players)]
        for move in log.moves:
            if move.kind == MAP:
                mapped = maze.goal_index(move.x, move.y)
                assert mapped is not None
                maps[move.seat][mapped] = goals[mapped]
        game.state = RoundState(
            roles=list(roles[:players]),
            hands=hands,
            draw_pile=draw_pile,
            maze=maze,
            first=self._rounds[-1].first,
            to_move=self._to_move,
            broken=list(self._broken),
            maps=maps,
            discards=discards,
            last_turn=self._last_turn,
            last_path=self._last_path,
            finder=self._last_path if self._phase == GOLD else None,
            offer=gold.offer,
            round_gold=gold.round_gold,
            trapped=[False] * players,
        )
        return game

    def _finished_round(self, index: int, rng: random.Random) -> RoundLog:
        round_ = self._rounds[index]
        hands, draw_pile, faced_down = _lay_out(round_, self._finished_unseen[index], {}, rng)
        moves, played = _fill_discards(round_, faced_down)
        start_hands, deck = _deal_before(moves, played, round_.drew, hands, draw_pile)
        data = self._finished[index]
        deal = Deal(
            round_.first, list(data["roles"]), data["set_aside"], list(data["goals"]),
            start_hands, deck,
        )  # fmt: skip
        result = RoundResult(data["winner"], data["finder"], [])  # gold filled in later
        return RoundLog(deal, moves, result, self._final_cells[index])

    def _current_round(
        self, roles: Assignment, goals: list[str], rng: random.Random
    ) -> tuple[list[list[str]], list[str], RoundLog, list[str]]:
        round_ = self._rounds[-1]
        hands, draw_pile, faced_down = _lay_out(round_, self._unseen, self._known_hands, rng)
        moves, played = _fill_discards(round_, faced_down)
        discards = list(self._discards)
        for index, card in zip(self._discard_blanks, faced_down, strict=True):
            discards[index] = card
        start_hands, deck = _deal_before(moves, played, round_.drew, hands, draw_pile)
        players = self.players
        deal = Deal(round_.first, list(roles[:players]), roles[players], goals, start_hands, deck)
        return hands, draw_pile, RoundLog(deal, moves), discards


def determinize(
    observation: Observation,
    rng: random.Random,
    assignment_weights: AssignmentWeights | None = None,
) -> Game:
    """A complete game that agrees with everything the observing seat knows.

    ``assignment_weights`` weighs full role deals (roles of seats ``0 .. n-1``,
    then the set-aside card); those that contradict the observation are left
    out, and without weights every consistent deal is equally likely.
    """
    return Determinizer(observation, assignment_weights).sample(rng)
