"""A whole game of Saboteur, of either edition: rounds, turns, moves, gold.

What every edition shares is here: whose turn it is, the checks every move
must pass, cards leaving the hand and drawing, rounds beginning and ending.
What a move of each kind does is in its kind's module (:mod:`.kinds`); what
differs between editions is in the edition (:mod:`.editions`).

>>> game = Game.new(players=5, seed=7)
>>> game.round_number, game.to_move, len(game.legal_moves()) > 0
(1, 0, True)
>>> game.play(game.legal_moves()[0])
>>> Game.new(players=12, edition="saboteur2", seed=7).edition.title
'Saboteur 2'
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Final

from .cards import GOAL_SHAPES, TOOL_BIT, TOOLS
from .codes import codec_of
from .editions import Deal, Edition, find_edition
from .kinds import KINDS, Kind, load_kinds
from .kinds.place import list_placements
from .maze import GOAL_KEYS, Maze
from .moves import PASS, PLACE, Move
from .native_engine import CoreRound, Engine, LegalMoves, native_engine
from .options import Options
from .reasons import Reason
from .results import MINERS, SABOTEURS, GoldPiecesResult, Result, RoundResult
from .round_state import RoundState, copied_value

load_kinds()

PLAY: Final = "play"  # seats take turns
GOLD: Final = "gold"  # the gold was reached; miners pick gold cards (base game)
STEAL: Final = "steal"  # thieves steal at the end of a round (Saboteur 2)
OVER: Final = "over"  # the last round has ended
ROUNDS: Final = 3

__all__ = [
    "GOLD",
    "MINERS",
    "OVER",
    "PLAY",
    "ROUNDS",
    "SABOTEURS",
    "STEAL",
    "Deal",
    "Game",
    "GoldPiecesResult",
    "IllegalMove",
    "RoundLog",
    "RoundResult",
]


class IllegalMove(ValueError):
    """A move that breaks a rule; ``reason`` names the rule. The game is unchanged."""

    def __init__(self, move: Move | str, reason: str) -> None:
        super().__init__(f'"{move}": {reason}')
        self.move = move
        self.reason = reason


@dataclass
class RoundLog:
    deal: Deal
    moves: list[Move] = field(default_factory=list)
    result: Result | None = None
    #: The maze as the round ended (cell key -> face), every goal face up.
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
    #: The round's state when it ended (Saboteur 2's views show its thefts and traps).
    final: RoundState | None = field(default=None, compare=False, repr=False)

    def move_texts(self) -> list[str]:
        """The text of every move so far, each written out once."""
        if len(self.texts) < len(self.moves):
            self.texts.extend(str(move) for move in self.moves[len(self.texts) :])
        return self.texts


def edition_for(edition: str | Edition, players: int) -> Edition:
    """The edition named (or given), checked to be for ``players`` players."""
    found = find_edition(edition) if isinstance(edition, str) else edition
    found.check_players(players)
    return found


class Game:
    """A game in progress. Create one with :meth:`new` or from a record
    (:func:`pysaboteur.rules.records.game_from_record`).

    An edition whose game differs in its shape (the Duel: two starts, two
    networks, tokens on the maze) has a class of its own, registered with
    :func:`register_game_class`: ``Game(..., edition=...)`` makes one of it.
    """

    def __new__(cls, *args: Any, **kwargs: Any) -> Game:
        if cls is Game:
            edition = kwargs.get("edition", "base")
            try:
                name = find_edition(edition).name if isinstance(edition, str) else edition.name
            except ValueError:
                name = ""  # __init__ says which editions there are
            cls = _GAME_CLASSES.get(name, Game)
        return object.__new__(cls)

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
        edition: str | Edition = "base",
        deck: Any = None,
    ) -> None:
        self.edition = edition_for(edition, players)
        if deck is not None:
            raise ValueError(f"{self.edition.title} has no deck file (only the Duel has one)")
        self._listers, self._turn_kinds = _listers_of(self.edition)
        #: The native core, when it is built and plays this edition (rules/native_engine.py).
        self._engine: Engine | None = native_engine(self.edition)
        #: The moves the engine's codes named so far (by ``code | seat << 32``).
        self._decoded: dict[int, Move | None] = (
            {} if self._engine is None else self._engine.codec.known
        )
        #: The core's round, with the round state it holds: a state put in its place
        #: (a new round, a determinized sample) is loaded into a new one when asked.
        #: (The Duel's state is None while only its core has held the round.)
        self._mirror: tuple[RoundState | None, CoreRound | None] | None = None
        #: How many of the round's last moves the core has played and the state not yet:
        #: the state catches up when it is read (:attr:`state`).
        self._behind = 0
        if not 0 <= first < players:
            raise ValueError(f"the first seat must be between 0 and {players - 1}")
        self._take_seats(players, options, seed, names, deals)
        self.initial_gold_deck: list[int] = []
        self.gold_deck: list[int] = []  # top first
        self.edition.start_game(self, self._rng, gold_deck)
        self.gold_kept: list[list[int]] = [[] for _ in range(players)]
        #: Every gold card each seat has looked at, one list per look.
        self.gold_seen: list[list[list[int]]] = [[] for _ in range(players)]
        #: Saboteur 2: each seat's gold pieces so far (public).
        self.gold_pieces = [0] * players
        self.rounds: list[RoundLog] = []
        self.phase = PLAY
        self._start_round(first)

    def _take_seats(
        self,
        players: int,
        options: Options | None,
        seed: int | None,
        names: list[str] | None,
        deals: list[Deal] | None,
    ) -> None:
        """What every edition's game keeps of its arguments (the names checked), and
        its generator: the Duel's game starts the same way (rules/duel_game.py)."""
        if names is not None and len(names) != players:
            raise ValueError(f"{len(names)} names for {players} players")
        self.players = players
        self.options = options or Options()
        self.seed = seed
        self.names = names
        self._rng = random.Random(seed)
        self._preset_deals = deals or []

    @classmethod
    def new(
        cls,
        players: int = 5,
        options: Options | None = None,
        seed: int | None = None,
        *,
        first: int = 0,
        names: list[str] | None = None,
        edition: str = "base",
        deck: Any = None,
    ) -> Game:
        """A new game; all chance comes from ``random.Random(seed)``. ``deck`` is the
        Duel's deck (a deck file's path, its JSON, or a loaded deck; None: the shipped one)."""
        return cls(players, options, seed, first=first, names=names, edition=edition, deck=deck)

    # -- rounds --------------------------------------------------------------------

    def _start_round(self, first: int) -> None:
        # The generator deals every round even when a record supplies the deal,
        # so that a game and its replay draw the same chance afterwards.
        deal = self.edition.deal(self._rng, self.players, first)
        index = len(self.rounds)
        if index < len(self._preset_deals):
            # A later round's first seat is the rules' to decide, not the record's.
            deal = replace(self._preset_deals[index], first=first)
        self.rounds.append(RoundLog(deal))
        players = self.players
        self.state = RoundState(
            roles=list(deal.roles),
            hands=[list(hand) for hand in deal.hands],
            draw_pile=deal.deck[::-1],
            maze=Maze(deal.goals),
            first=deal.first,
            to_move=deal.first,
            broken=[0] * players,
            maps=[{} for _ in range(players)],
            round_gold=[0] * players,
            trapped=[False] * players,
            reserve=list(deal.reserve),
        )
        self.phase = PLAY

    def end_round(self, result: Result) -> None:
        """The round is over: write down its result and deal the next one."""
        log = self.rounds[-1]
        state = self.state
        log.result = result
        log.final_cells = self._final_cells()
        log.final = state
        state.to_move = None
        state.offer = []
        if len(self.rounds) == self.edition.rounds:
            self.phase = OVER
            return
        self._start_round(self._next_first())

    def _final_cells(self) -> dict[int, int]:
        """The maze with every goal turned face up, as the end of a round shows it."""
        maze = self.state.maze
        cells = dict(maze.cells)
        for index, key in enumerate(GOAL_KEYS):
            if key not in cells:
                cells[key] = GOAL_SHAPES[maze.goals[index]][0]  # as printed
        return cells

    def _next_first(self) -> int:
        """The seat that starts the next round, by the ``next_round_start`` option."""
        state = self.state
        rule = self.options.next_round_start
        if rule == "rotate":
            return (state.first + 1) % self.players
        if rule == "last-path":
            return state.first if state.last_path is None else state.last_path
        assert state.last_turn is not None  # a round cannot end before a turn
        return (state.last_turn + 1) % self.players

    # -- the round in play, for readers ----------------------------------------------

    @property
    def state(self) -> RoundState:
        """The round in play: everything a round changes."""
        if self._behind:
            self._catch_up()
        return self._state

    @state.setter
    def state(self, state: RoundState) -> None:
        self._state = state
        self._behind = 0

    def state_behind(self) -> RoundState:
        """The state as it stands, without catching up with the core (for the core's restore)."""
        return self._state

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
    def to_move(self) -> int | None:
        if self._behind and self._mirror is not None and self._mirror[1] is not None:
            seat = self._mirror[1].to_move
            return None if seat < 0 else seat
        return self.state.to_move

    @property
    def first(self) -> int:
        return self.state.first

    @property
    def roles(self) -> list[str]:
        return self.state.roles

    @property
    def hands(self) -> list[list[str]]:
        return self.state.hands

    @property
    def draw_pile(self) -> list[str]:
        return self.state.draw_pile

    @property
    def maze(self) -> Maze:
        return self.state.maze

    @property
    def broken(self) -> list[int]:
        return self.state.broken

    @property
    def maps(self) -> list[dict[int, str]]:
        return self.state.maps

    @property
    def discards(self) -> list[str]:
        return self.state.discards

    @property
    def offer(self) -> list[int]:
        return self.state.offer

    @property
    def round_gold(self) -> list[int]:
        return self.state.round_gold

    @property
    def last_turn(self) -> int | None:
        return self.state.last_turn

    @property
    def last_path(self) -> int | None:
        return self.state.last_path

    @property
    def finder(self) -> int | None:
        return self.state.finder

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    @property
    def nuggets(self) -> list[int]:
        """The gold each seat has won: nuggets in the base game, gold pieces in Saboteur 2."""
        if self.edition.name != "base":
            return list(self.gold_pieces)
        return [sum(kept) for kept in self.gold_kept]

    @property
    def winners(self) -> list[int]:
        """The seats with the most gold, once the game is over."""
        if not self.is_over:
            return []
        totals = self.nuggets
        most = max(totals)
        return [seat for seat, total in enumerate(totals) if total == most]

    # -- legal moves ----------------------------------------------------------------

    def legal_moves(self) -> Sequence[Move]:
        """Every legal move of the seat to move, in a fixed order.

        With the native core a :class:`~.native_engine.LegalMoves`, whose ``codes``
        :meth:`play` takes too; else a list.
        """
        mirror = self._mirror
        core = mirror[1] if mirror is not None and mirror[0] is self._state else self._core_round()
        if core is not None:
            assert self._engine is not None
            mover, codes = core.listing()
            return [] if mover < 0 else LegalMoves(codes, mover, self._engine.codec)
        state = self.state
        seat = state.to_move
        if seat is None:
            return []
        moves: list[Move] = []
        if self.phase != PLAY:
            KINDS[_PHASE_KIND[self.phase]].list_turn(self, seat, state.hands[seat], moves)
            return moves
        hand = state.hands[seat]
        if not hand:
            return [Move(seat, PASS)]
        distinct = dict.fromkeys(hand)
        if not state.broken[seat] and not state.trapped[seat]:
            list_placements(self, seat, distinct, moves)
        listers = self._listers
        for card in distinct:
            lister = listers.get(card)
            if lister is not None:
                lister(self, seat, card, moves)
        for list_turn in self._turn_kinds:
            list_turn(self, seat, hand, moves)
        return moves

    def why_illegal(self, move: Move) -> str | None:
        """The rule that ``move`` breaks, or ``None`` if it is legal now."""
        if self.phase == OVER:
            return Reason("the game is over")
        seat = move.seat
        if not 0 <= seat < self.players:
            return Reason(
                "there is no seat {seat} in a {players}-player game",
                seat=seat,
                players=self.players,
            )
        if seat != self.state.to_move:
            return Reason(
                "it is seat {to_move}'s turn, not seat {seat}'s",
                to_move=self.state.to_move,
                seat=seat,
            )
        if not move.is_well_formed():
            return Reason("malformed move")
        kind = KINDS[move.kind]
        if self.phase != kind.phase:
            return _WRONG_PHASE.get(self.phase) or _PHASE_ONLY[kind.phase]
        if kind.is_turn:
            reason = self._turn_error(move, kind)
            if reason is not None:
                return reason
        elif move.kind not in self.edition.turn_kinds:
            return Reason(
                "{edition} has no {kind} moves",
                edition=Reason.word(self.edition.title, "edition"),
                kind=Reason.word(move.kind, "move"),
            )
        return kind.why_illegal(self, move)

    def _turn_error(self, move: Move, kind: Kind) -> str | None:
        """What is wrong with the cards a turn plays and what it names."""
        seat = move.seat
        hand = self.state.hands[seat]
        if move.kind == PASS:
            return None if not hand else Reason("pass is allowed only with an empty hand")
        edition = self.edition
        if move.kind in edition.turn_kinds:
            played = (move.card, *move.also) if move.also else (move.card,)
            for card in played:
                if card not in edition.card_counts:
                    return _no_such_card(edition, card)
        else:
            printed = edition.card_of(move.card)
            if printed is None:
                # well formed: a place move
                return Reason("no card lies as {face}", face=move.card)
            if edition.kind_of_card.get(printed) != move.kind:
                return _no_such_card(edition, printed)
            played = (printed,)
        if len(played) == 1:
            if played[0] not in hand:
                return _not_in_hand(seat, played[0])
        else:
            wanted = Counter(played)
            held = Counter(hand)
            for card, count in wanted.items():
                if held[card] < count:
                    if count == 1:
                        return _not_in_hand(seat, card)
                    return Reason(
                        "seat {seat} holds fewer than {count} {card} cards",
                        seat=seat,
                        count=count,
                        card=Reason.word(card, "card"),
                    )
        if kind.has_cell:
            reach = edition.reach
            if not (-reach <= move.x <= reach and -reach <= move.y <= reach):
                return Reason("cell {x},{y} is out of reach of any card", x=move.x, y=move.y)
        if kind.has_target and not 0 <= move.target < self.players:
            return Reason(
                "there is no seat {seat} in a {players}-player game",
                seat=move.target,
                players=self.players,
            )
        return None

    def broken_names(self, seat: int) -> str:
        return " and ".join(self.broken_tools(seat))

    def broken_tools(self, seat: int) -> list[str]:
        """The tools broken in front of ``seat``, in the order of :data:`TOOLS`."""
        return [tool for tool in TOOLS if self.state.broken[seat] & TOOL_BIT[tool]]

    # -- playing -------------------------------------------------------------------

    def play(self, move: Move | str | int) -> None:
        """Make a move: a :class:`Move`, its text, or its code for the seat to move
        (:mod:`.codes`); :class:`IllegalMove` if it breaks a rule."""
        mirror = self._mirror
        core = mirror[1] if mirror is not None and mirror[0] is self._state else self._core_round()
        if core is None:
            self._play_by_rules(move)
            return
        # Legal is what the core lists; only a refused move asks the rules why.
        if type(move) is int:
            played = core.advance(move)  # 4 * the seat that moved, + the outcome
            outcome = played & 3
            if not outcome:
                move = self._decode(move, core.to_move)  # refused: a move, or no move
            else:
                seat = played >> 2
                decoded = self._decoded.get(move | seat << 32)
                if decoded is None:  # the first time this seat plays this code
                    assert self._engine is not None
                    decoded = self._engine.codec.decode(move, seat)
                    assert decoded is not None, "the core plays only codes that name moves"
                move = decoded
        else:
            if isinstance(move, str):
                move = _parsed(move)
            assert isinstance(move, Move) and self._engine is not None
            code = self._engine.codec.encode(move) if move.seat == core.to_move else None
            outcome = 0 if code is None else core.advance(code) & 3
        if outcome == 1 and self.phase == PLAY:
            # The core is ahead: the state catches up when it is next read.
            self.rounds[-1].moves.append(move)
            self._behind += 1
            return
        if outcome:
            self._played_out_of_play(core, move, outcome)
            return
        reason = self.why_illegal(move)
        if reason is None:
            raise RuntimeError(f"the native core refused {move}, which the rules allow")
        raise IllegalMove(move, reason)

    def _played_out_of_play(self, core: CoreRound, move: Move, outcome: int) -> None:
        """After the core played ``move`` (``outcome`` 2: it ended the play) where the
        play does not simply go on: the gold picks step both; a move that ends the
        play (the gold reached, the last card played) is the rules' to carry out, from
        the state as it stood before it."""
        if self._behind:
            self._catch_up(core.previous() if outcome == 2 else None)
        self._apply_rules(move)

    def _decode(self, code: int, seat: int) -> Move:
        assert self._engine is not None
        decoded = self._engine.codec.decode(code, seat) if seat >= 0 else None
        if decoded is None:
            raise _no_such_code(code)
        return decoded

    def _play_by_rules(self, move: Move | str | int) -> None:
        """:meth:`play` by the pure engine."""
        if isinstance(move, int):
            seat = self.state.to_move
            decoded = None if seat is None else codec_of(self.edition).decode(move, seat)
            if decoded is None:
                raise _no_such_code(move)
            move = decoded
        elif isinstance(move, str):
            move = _parsed(move)
        reason = self.why_illegal(move)
        if reason is not None:
            raise IllegalMove(move, reason)
        self._apply(move)

    def _core_round(self) -> CoreRound | None:
        """The core's round holding the round in play (loaded when the state is new)."""
        if self._engine is None:
            return None
        mirror = self._mirror
        state = self._state
        if mirror is None or mirror[0] is not state:
            mirror = self._mirror = (state, self._engine.load(self))
        return mirror[1]

    def _catch_up(self, standing: CoreRound | None = None) -> None:
        """Bring the state up to the core: the moves it is behind are played again by
        the rules when they are few, else the state is made from the core's round
        (``standing``: the core's round as it stood after them, if not the one in play)."""
        behind = self._behind
        self._behind = 0
        if behind <= _REPLAYED_AT_MOST:
            # Each move sees the round's moves as they were when it was played (a
            # Saboteur 2 look or swap names its move by their number).
            moves = self.rounds[-1].moves
            later = moves[len(moves) - behind :]
            del moves[len(moves) - behind :]
            for move in later:
                moves.append(move)
                self._change_state(move)
            return
        assert self._engine is not None and self._mirror is not None
        core = standing or self._mirror[1]
        assert core is not None
        self._engine.restore(self, core)

    def _apply(self, move: Move) -> None:
        """Make a move already checked (what :meth:`play` does once it is)."""
        state = self.state
        mirror = self._mirror
        if mirror is not None and mirror[0] is state and mirror[1] is not None:
            assert self._engine is not None
            code = self._engine.codec.encode(move)
            if code is None or not mirror[1].play(code):
                self._mirror = None
        self._apply_rules(move)

    def _apply_rules(self, move: Move) -> None:
        self.moves.append(move)
        self._change_state(move)
        if self.phase == STEAL and self._mirror is not None:
            self._mirror = (self._state, None)  # Saboteur 2's thefts are the rules' own

    def _change_state(self, move: Move) -> None:
        """What a move does to the game (the rules' own code); it is in ``moves`` already."""
        kind = KINDS[move.kind]
        if not kind.is_turn:
            kind.apply(self, move)
            return
        state = self.state
        seat = move.seat
        state.last_turn = seat
        hand = state.hands[seat]
        if move.kind == PLACE:
            hand.remove(self.edition.printed_of[move.card])
        elif move.card:
            hand.remove(move.card)
            for card in move.also:
                hand.remove(card)
        draws = kind.apply(self, move)
        if self.state is not state or self.phase != PLAY:
            return  # the gold was reached: the round is ending, nobody draws
        pile = state.draw_pile
        if draws and pile:
            hand = state.hands[seat]
            hand.append(pile.pop())
            if draws > 1:  # a Saboteur 2 discard of several cards
                for _ in range(draws - 1):
                    if pile:
                        hand.append(pile.pop())
        if not pile and not any(state.hands):
            self.edition.round_exhausted(self)
            return
        state.to_move = (seat + 1) % self.players

    # -- looking at the game ---------------------------------------------------------

    def __getstate__(self) -> dict[str, Any]:
        """Pickled without the core (it is found again on loading): the state caught up."""
        self._catch_up()
        fields = dict(vars(self))
        fields["_engine"] = fields.get("_engine") is not None
        fields["_mirror"] = None
        fields["_decoded"] = None
        return fields

    def __setstate__(self, fields: dict[str, Any]) -> None:
        native = fields.pop("_engine", False)
        fields.pop("_decoded", None)
        vars(self).update(fields)
        self._engine = native_engine(self.edition) if native else None
        self._decoded = {} if self._engine is None else self._engine.codec.known

    def copy(self) -> Game:
        """An independent copy of the game (for search).

        Every field is copied by what it holds, so a field added later is copied
        too; only what never changes once made is shared (see ``_SHARED``).
        """
        other = object.__new__(Game)
        for name, value in vars(self).items():
            if name != "_mirror":
                setattr(other, name, value if name in _SHARED else _copy_field(value))
        mirror = self._mirror
        other._mirror = None
        if mirror is not None and mirror[0] is self._state and mirror[1] is not None:
            other._mirror = (other._state, mirror[1].copy())  # one block
        elif self._behind:  # no core to catch up with: the copy catches up now
            other._behind = 0
            other._state = self.state.copy()
        return other


#: A state this many moves behind the core plays them again; further behind, it is
#: made from the core's round (a read every move or two replays; a rare read restores).
_REPLAYED_AT_MOST: Final = 4

#: Fields of a game that never change once it is made, shared by its copies.
_SHARED: Final = frozenset(
    ("edition", "options", "seed", "names", "initial_gold_deck", "_preset_deals", "_listers",
     "_turn_kinds", "_engine", "_decoded")
)  # fmt: skip


def _copy_field(value: Any) -> Any:
    if isinstance(value, random.Random):
        # Made without seeding: Random() would read the system's entropy first, which
        # costs more than the rest of a copy, only for setstate to replace it.
        clone = random.Random.__new__(random.Random)
        clone.setstate(value.getstate())
        return clone
    if isinstance(value, RoundState):
        return value.copy()
    if isinstance(value, list) and value and isinstance(value[0], RoundLog):
        # The rounds' deals, results and end states are never changed once made.
        return [
            RoundLog(log.deal, list(log.moves), log.result, log.final_cells, final=log.final)
            for log in value
        ]
    return copied_value(value)


#: The game class of each edition that has its own (by edition name).
_GAME_CLASSES: dict[str, type[Game]] = {}


def register_game_class(edition: str, game_class: type[Game]) -> None:
    _GAME_CLASSES[edition] = game_class


_Lister = Callable[[Game, int, str, list[Move]], None]
_TurnLister = Callable[[Game, int, list[str], list[Move]], None]
_LISTERS: dict[str, tuple[dict[str, _Lister], list[_TurnLister]]] = {}


def _listers_of(edition: Edition) -> tuple[dict[str, _Lister], list[_TurnLister]]:
    """What lists the moves of each of the edition's action cards, and of the kinds of
    move a turn may take besides them (those that list anything): worked out once."""
    known = _LISTERS.get(edition.name)
    if known is not None:
        return known
    cards: dict[str, _Lister] = {
        card: KINDS[kind].list_moves for card, kind in edition.kind_of_card.items() if kind != PLACE
    }
    turns: list[_TurnLister] = [
        KINDS[name].list_turn
        for name in edition.turn_kinds
        if KINDS[name].phase == PLAY and type(KINDS[name]).list_turn is not Kind.list_turn
    ]
    _LISTERS[edition.name] = (cards, turns)
    return cards, turns


#: The one kind of move of each phase but play.
_PHASE_KIND: Final = {GOLD: "take", STEAL: "steal"}
_WRONG_PHASE: Final = {
    GOLD: Reason("the gold is being shared out: only take moves until it is done"),
    STEAL: Reason("the thieves are stealing: only steal moves until they are done"),
}
_PHASE_ONLY: Final = {
    "gold": Reason("take is only for sharing out the gold once it is reached"),
    "steal": Reason("steal is only for thieves at the end of a round"),
}


def _parsed(text: str) -> Move:
    try:
        return Move.parse(text)
    except ValueError as error:
        raise IllegalMove(text, str(error)) from None


def _no_such_code(code: int) -> IllegalMove:
    return IllegalMove(str(code), Reason("no move has the code {code}", code=code))


def _no_such_card(edition: Edition, card: str) -> Reason:
    return Reason(
        "{edition} has no {card} card",
        edition=Reason.word(edition.title, "edition"),
        card=Reason.word(card, "card"),
    )


def _not_in_hand(seat: int, card: str) -> Reason:
    return Reason(
        "seat {seat} has no {card} card in hand", seat=seat, card=Reason.word(card, "card")
    )


# The editions with a game class of their own register it as they are imported.
from . import duel_game as _duel_game  # noqa: E402, F401
