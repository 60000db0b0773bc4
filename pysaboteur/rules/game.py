"""A whole game of Saboteur: three rounds, turns, action cards, gold.

>>> game = Game.new(players=5, seed=7)
>>> game.round_number, game.to_move, len(game.legal_moves()) > 0
(1, 0, True)
>>> game.play(game.legal_moves()[0])
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace
from typing import Any, Final

from .cards import (
    BREAK_TOOL,
    CARD_OF_SHAPE,
    FIX_TOOLS,
    GOAL_CARDS,
    GOAL_CELLS,
    GOAL_SHAPES,
    GOLD_CARDS,
    HAND_SIZE,
    MAX_PLAYERS,
    MIN_PLAYERS,
    ORIENTATIONS,
    PLAYING_CARDS,
    SABOTEUR,
    TOOL_BIT,
    TOOLS,
    cell_key,
    parse_shape,
    role_pool,
    shape_code,
    within_reach,
)
from .gold import (
    SABOTEUR_PAY,
    finder_draw_count,
    first_picker,
    next_miner_counter_clockwise,
    pay_saboteur,
)
from .maze import GOAL_KEYS, Maze
from .moves import BREAK, DISCARD, FIX, MAP, PASS, PLACE, ROCKFALL, TAKE, Move
from .options import Options

PLAY: Final = "play"  # seats take turns
GOLD: Final = "gold"  # the gold was reached; miners pick gold cards
OVER: Final = "over"  # the third round has ended
ROUNDS: Final = 3
MINERS: Final = "miners"
SABOTEURS: Final = "saboteurs"

_SHAPE_CODES: Final = {
    card: tuple((shape, shape_code(shape)) for shape in shapes)
    for card, shapes in ORIENTATIONS.items()
}
_BREAK_BIT: Final = {card: TOOL_BIT[tool] for card, tool in BREAK_TOOL.items()}


class IllegalMove(ValueError):
    """A move that breaks a rule; ``reason`` names the rule. The game is unchanged."""

    def __init__(self, move: Move | str, reason: str) -> None:
        super().__init__(f'"{move}": {reason}')
        self.move = move
        self.reason = reason


@dataclass
class Deal:
    """How one round was dealt: everything chance decided at its start."""

    first: int
    roles: list[str]
    set_aside: str
    goals: list[str]
    hands: list[list[str]]
    deck: list[str]  # the draw pile, top first


@dataclass
class RoundResult:
    winner: str  # MINERS or SABOTEURS
    finder: int | None
    gold: list[int]  # nuggets won by each seat this round


@dataclass
class RoundLog:
    deal: Deal
    moves: list[Move] = field(default_factory=list)
    result: RoundResult | None = None
    #: The maze as the round ended (cell key -> shape), every goal face up.
    final_cells: dict[int, int] | None = None
    #: ``str(move)`` of the moves, filled in as observations ask for them.
    texts: list[str] = field(default_factory=list)
    #: The round's moves as each kind of viewer saw them, filled in as observations
    #: ask for them (see ``observation._history``); moves are only ever appended.
    seen: dict[tuple[int | None, bool, bool], list[str]] = field(
        default_factory=dict, compare=False, repr=False
    )
    #: The finished round as observations show it (see ``observation._finished_round``),
    #: with the gold and without, once asked for.
    shown: dict[bool, dict[str, Any]] = field(default_factory=dict, compare=False, repr=False)

    def move_texts(self) -> list[str]:
        """The text of every move so far, each written out once."""
        if len(self.texts) < len(self.moves):
            self.texts.extend(str(move) for move in self.moves[len(self.texts) :])
        return self.texts


class Game:
    """A game in progress. Create one with :meth:`new` or from a record
    (:func:`pysaboteur.rules.records.game_from_record`)."""

    def __init__(
        self,
        players: int,
        options: Options | None = None,
        seed: int | None = None,
        *,
        first: int = 0,
        names: list[str] | None = None,
        gold_deck: list[int] | None = None,
        deals: list[Deal] | None = None,
    ) -> None:
        if not isinstance(players, int) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise ValueError(
                f"Saboteur is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players}"
            )
        if not 0 <= first < players:
            raise ValueError(f"the first seat must be between 0 and {players - 1}")
        if names is not None and len(names) != players:
            raise ValueError(f"{len(names)} names for {players} players")
        self.players = players
        self.options = options or Options()
        self.seed = seed
        self.names = names
        self._rng = random.Random(seed)
        self._preset_deals = deals or []
        shuffled_gold = list(GOLD_CARDS)
        self._rng.shuffle(shuffled_gold)
        self.initial_gold_deck = list(gold_deck) if gold_deck is not None else shuffled_gold
        self.gold_deck = list(self.initial_gold_deck)  # top first
        self.gold_kept: list[list[int]] = [[] for _ in range(players)]
        #: Every gold card each seat has looked at, one list per look.
        self.gold_seen: list[list[list[int]]] = [[] for _ in range(players)]
        self.rounds: list[RoundLog] = []
        self.phase = PLAY
        self._start_round(first)

    @classmethod
    def new(
        cls,
        players: int = 5,
        options: Options | None = None,
        seed: int | None = None,
        *,
        first: int = 0,
        names: list[str] | None = None,
    ) -> Game:
        """A new game; all chance comes from ``random.Random(seed)``."""
        return cls(players, options, seed, first=first, names=names)

    # -- rounds --------------------------------------------------------------------

    def _deal(self, first: int) -> Deal:
        rng = self._rng
        roles = role_pool(self.players)
        rng.shuffle(roles)
        goals = list(GOAL_CARDS)
        rng.shuffle(goals)
        cards = list(PLAYING_CARDS)
        rng.shuffle(cards)
        size = HAND_SIZE[self.players]
        hands = [cards[seat * size : (seat + 1) * size] for seat in range(self.players)]
        return Deal(first, roles[:-1], roles[-1], goals, hands, cards[self.players * size :])

    def _start_round(self, first: int) -> None:
        # The generator deals every round even when a record supplies the deal,
        # so that a game and its replay draw the same chance afterwards.
        deal = self._deal(first)
        index = len(self.rounds)
        if index < len(self._preset_deals):
            # A later round's first seat is the rules' to decide, not the record's.
            deal = replace(self._preset_deals[index], first=first)
        self.rounds.append(RoundLog(deal))
        self.first = deal.first
        self.roles = list(deal.roles)
        self.hands = [list(hand) for hand in deal.hands]
        self.draw_pile = deal.deck[::-1]  # bottom first, so that pop() draws the top
        self.maze = Maze(deal.goals)
        self.broken = [0] * self.players
        self.maps: list[dict[int, str]] = [{} for _ in range(self.players)]
        self.discards: list[str] = []
        self.to_move: int | None = deal.first
        self.last_turn: int | None = None
        self.last_path: int | None = None
        self.finder: int | None = None
        self.offer: list[int] = []
        self.round_gold = [0] * self.players
        self.phase = PLAY

    @property
    def round_number(self) -> int:
        """1, 2 or 3."""
        return len(self.rounds)

    @property
    def deal(self) -> Deal:
        return self.rounds[-1].deal

    @property
    def moves(self) -> list[Move]:
        """The moves of the round in play."""
        return self.rounds[-1].moves

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    @property
    def nuggets(self) -> list[int]:
        return [sum(kept) for kept in self.gold_kept]

    @property
    def winners(self) -> list[int]:
        """The seats with the most nuggets, once the game is over."""
        if not self.is_over:
            return []
        most = max(self.nuggets)
        return [seat for seat, total in enumerate(self.nuggets) if total == most]

    # -- legal moves ----------------------------------------------------------------

    def legal_moves(self) -> list[Move]:
        """Every legal move of the seat to move, in a fixed order."""
        seat = self.to_move
        if seat is None:
            return []
        if self.phase == GOLD:
            return [Move(seat, TAKE, "", 0, 0, -1, "", v) for v in sorted(set(self.offer))[::-1]]
        hand = self.hands[seat]
        if not hand:
            return [Move(seat, PASS)]
        moves: list[Move] = []
        append = moves.append
        distinct = dict.fromkeys(hand)
        broken = self.broken
        if not broken[seat]:
            shapes = [
                pair for card in distinct if card in _SHAPE_CODES for pair in _SHAPE_CODES[card]
            ]
            if shapes:
                for _key, x, y, fits in self.maze.frontier():
                    for shape, code in shapes:
                        if fits >> (shape & 15) & 1:
                            append(Move(seat, PLACE, code, x, y))
        seats = range(self.players)
        for card in distinct:
            if card in _BREAK_BIT:
                bit = _BREAK_BIT[card]
                tool = BREAK_TOOL[card]
                for target in seats:
                    if not broken[target] & bit:
                        append(Move(seat, BREAK, card, 0, 0, target, tool))
            elif card in FIX_TOOLS:
                for tool in FIX_TOOLS[card]:
                    bit = TOOL_BIT[tool]
                    for target in seats:
                        if broken[target] & bit:
                            append(Move(seat, FIX, card, 0, 0, target, tool))
            elif card == MAP:
                for index, (x, y) in enumerate(GOAL_CELLS):
                    if not self.maze.revealed[index]:
                        append(Move(seat, MAP, MAP, x, y))
            elif card == ROCKFALL:
                for x, y in self.maze.tunnel_cells():
                    append(Move(seat, ROCKFALL, ROCKFALL, x, y))
        for card in distinct:
            append(Move(seat, DISCARD, card))
        return moves

    def why_illegal(self, move: Move) -> str | None:
        """The rule that ``move`` breaks, or ``None`` if it is legal now."""
        if self.phase == OVER:
            return "the game is over"
        seat = move.seat
        if not 0 <= seat < self.players:
            return f"there is no seat {seat} in a {self.players}-player game"
        if seat != self.to_move:
            return f"it is seat {self.to_move}'s turn, not seat {seat}'s"
        kind = move.kind
        if not move.is_well_formed():
            return "malformed move"
        if self.phase == GOLD:
            if kind != TAKE:
                return "the gold is being shared out: only take moves until it is done"
            if move.value not in self.offer:
                return f"no gold card of value {move.value} is offered"
            return None
        if kind == TAKE:
            return "take is only for sharing out the gold once it is reached"
        hand = self.hands[seat]
        if kind == PASS:
            return None if not hand else "pass is allowed only with an empty hand"
        card = self._card_of(move)
        if card is None:
            return f"no card lies as {move.card}"  # well formed, so only a place move
        if card not in hand:
            return f"seat {seat} has no {card} card in hand"
        if kind in (PLACE, ROCKFALL, MAP) and not within_reach(move.x, move.y):
            return f"cell {move.x},{move.y} is out of reach of any card"
        if kind == PLACE:
            if self.broken[seat]:
                tools = self._broken_names(seat)
                return f"seat {seat} has a broken {tools} and cannot place path cards"
            return self.maze.placement_error(parse_shape(move.card), move.x, move.y)
        if kind in (BREAK, FIX):
            target = move.target
            if not 0 <= target < self.players:
                return f"there is no seat {target} in a {self.players}-player game"
            has_broken = self.broken[target] & TOOL_BIT[move.tool]
            if kind == BREAK and has_broken:
                return f"seat {target} already has a broken {move.tool}"
            if kind == FIX and not has_broken:
                return f"seat {target} has no broken {move.tool}"
            return None
        if kind == ROCKFALL:
            if (move.x, move.y) == (0, 0):
                return "rockfall cannot remove the start card"
            if self.maze.goal_index(move.x, move.y) is not None:
                return "rockfall cannot remove a goal card"
            if not self.maze.is_tunnel(move.x, move.y):
                return f"there is no tunnel card at {move.x},{move.y}"
            return None
        if kind == MAP:
            index = self.maze.goal_index(move.x, move.y)
            if index is None:
                return f"there is no goal card at {move.x},{move.y}"
            if self.maze.revealed[index]:
                return f"the goal at {move.x},{move.y} is already face up"
        return None

    @staticmethod
    def _card_of(move: Move) -> str | None:
        """The printed card a well-formed move takes from the hand (None: pass, take,
        or a shape no card lies as)."""
        kind = move.kind
        if kind == PLACE:
            try:
                return CARD_OF_SHAPE.get(parse_shape(move.card))
            except ValueError:
                return None
        return None if kind in (PASS, TAKE) else move.card

    def _broken_names(self, seat: int) -> str:
        return " and ".join(tool for tool in TOOLS if self.broken[seat] & TOOL_BIT[tool])

    # -- playing -------------------------------------------------------------------

    def play(self, move: Move | str) -> None:
        """Make a move (a :class:`Move` or its text); :class:`IllegalMove` if it breaks a rule."""
        if isinstance(move, str):
            try:
                move = Move.parse(move)
            except ValueError as error:
                raise IllegalMove(move, str(error)) from None
        reason = self.why_illegal(move)
        if reason is not None:
            raise IllegalMove(move, reason)
        self._apply(move)

    def _apply(self, move: Move) -> None:
        self.moves.append(move)
        seat = move.seat
        kind = move.kind
        if kind == TAKE:
            self._take_gold(seat, move.value)
            return
        self.last_turn = seat
        if kind != PASS:
            card = self._card_of(move)
            assert card is not None
            self.hands[seat].remove(card)
            if kind == PLACE:
                self.last_path = seat
                revealed = self.maze.place(parse_shape(move.card), move.x, move.y)
                if any(self.maze.goals[index] == "gold" for index in revealed):
                    self._gold_reached(seat)
                    return
            elif kind == BREAK:
                self.broken[move.target] |= TOOL_BIT[move.tool]
            elif kind == FIX:
                self.broken[move.target] &= ~TOOL_BIT[move.tool]
                self.discards += (card, f"break-{move.tool}")
            elif kind == ROCKFALL:
                removed = self.maze.cells[cell_key(move.x, move.y)]
                self.maze.remove(move.x, move.y)
                self.discards += (card, CARD_OF_SHAPE[removed])
            elif kind == MAP:
                index = self.maze.goal_index(move.x, move.y)
                assert index is not None
                self.maps[seat][index] = self.maze.goals[index]
                self.discards.append(card)
            else:
                self.discards.append(card)
        if self.draw_pile:
            self.hands[seat].append(self.draw_pile.pop())
        elif not any(self.hands):
            self._end_round(SABOTEURS)
            return
        self.to_move = (seat + 1) % self.players

    def _gold_reached(self, finder: int) -> None:
        self.finder = finder
        count = finder_draw_count(self.options.gold_draw, self.players, self.roles)
        self.offer = self.gold_deck[:count]
        del self.gold_deck[:count]
        if not self.offer:
            self._end_round(MINERS)
            return
        self.phase = GOLD
        self._offer_to(first_picker(finder, self.roles))

    def _offer_to(self, seat: int) -> None:
        self.to_move = seat
        self.gold_seen[seat].append(sorted(self.offer, reverse=True))

    def _take_gold(self, seat: int, value: int) -> None:
        self.offer.remove(value)
        self.gold_kept[seat].append(value)
        self.round_gold[seat] += value
        if self.offer:
            self._offer_to(next_miner_counter_clockwise(seat, self.roles))
        else:
            self._end_round(MINERS)

    def _pay_saboteurs(self) -> None:
        saboteurs = [seat for seat, role in enumerate(self.roles) if role == SABOTEUR]
        if not saboteurs:
            return  # the only saboteur was set aside: nobody gets gold
        amount = SABOTEUR_PAY[len(saboteurs)]
        for seat in saboteurs:
            kept, drawn = pay_saboteur(self.gold_deck, amount)
            self.gold_kept[seat] += kept
            self.round_gold[seat] += sum(kept)
            if drawn:
                self.gold_seen[seat].append(drawn)

    def _end_round(self, winner: str) -> None:
        if winner == SABOTEURS:
            self._pay_saboteurs()
        self.rounds[-1].result = RoundResult(winner, self.finder, list(self.round_gold))
        self.rounds[-1].final_cells = self._final_cells()
        self.to_move = None
        self.offer = []
        if len(self.rounds) == ROUNDS:
            self.phase = OVER
            return
        self._start_round(self._next_first())

    def _final_cells(self) -> dict[int, int]:
        """The maze with every goal turned face up, as the end of a round shows it."""
        cells = dict(self.maze.cells)
        for index, key in enumerate(GOAL_KEYS):
            if key not in cells:
                cells[key] = GOAL_SHAPES[self.maze.goals[index]][0]  # as printed
        return cells

    def _next_first(self) -> int:
        """The seat that starts the next round, by the ``next_round_start`` option."""
        rule = self.options.next_round_start
        if rule == "rotate":
            return (self.first + 1) % self.players
        if rule == "last-path":
            return self.first if self.last_path is None else self.last_path
        assert self.last_turn is not None  # a round cannot end before a turn
        return (self.last_turn + 1) % self.players

    # -- looking at the game ---------------------------------------------------------

    def copy(self) -> Game:
        """An independent copy of the game (for search); the record is shared."""
        other = Game.__new__(Game)
        other.__dict__.update(self.__dict__)
        other._rng = random.Random()
        other._rng.setstate(self._rng.getstate())
        other.gold_deck = list(self.gold_deck)
        other.gold_kept = [list(kept) for kept in self.gold_kept]
        other.gold_seen = [[list(look) for look in looks] for looks in self.gold_seen]
        other.rounds = [
            RoundLog(log.deal, list(log.moves), log.result, log.final_cells) for log in self.rounds
        ]
        other.roles = list(self.roles)
        other.hands = [list(hand) for hand in self.hands]
        other.draw_pile = list(self.draw_pile)
        other.maze = self.maze.copy()
        other.broken = list(self.broken)
        other.maps = [dict(known) for known in self.maps]
        other.discards = list(self.discards)
        other.offer = list(self.offer)
        other.round_gold = list(self.round_gold)
        return other
