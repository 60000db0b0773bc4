"""A game of Saboteur: The Duel (docs/rules-duel.md), the engine's third edition.

The Duel keeps the shape of every game: seats take turns, cards leave the hand
and are drawn, rounds follow one another.  What it does not share with the
other editions — two starts and two networks, tokens on the maze, claims and
trolls' payments, the order of the steps after every move — is here, in a
:class:`Game` of its own that :meth:`Game.new` makes for ``edition="duel"``.

Every legal move is a candidate that :meth:`DuelGame.why_illegal` accepts, so
what is listed and what is accepted cannot drift apart.  Where the native core is
built, a Duel game plays through it as the other editions' games do (docs/engine.md,
"The native core"): the core lists the moves as codes (:mod:`.duel_codes`), decides
legality, plays them and ends the play; the state catches up when it is read, and
the rules score the round.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace
from functools import partial
from itertools import combinations
from typing import Any, Final

from .cards import BREAK_TOOL, FIX_TOOLS, TOOL_BIT, TOOLS
from .duel_codes import DuelCodec, duel_codec
from .duel_deck import DuelDeck, load_deck, shipped_deck
from .duel_faces import COLOURS, read_face, register_deck_faces
from .duel_maze import GOAL_CELLS, NEXT_TO_GOALS, REACH, START_CELLS, DuelMaze, fitting
from .duel_results import DuelRoundResult, score_round
from .duel_round_log import DuelRoundLog
from .editions import Deal, Edition
from .game import (
    _REPLAYED_AT_MOST,
    OVER,
    PLAY,
    Game,
    IllegalMove,
    _parsed,
    edition_for,
    register_game_class,
)
from .kinds.bribe import BRIBE, bribe_error, list_bribes
from .kinds.key import KEY, key_error
from .moves import BREAK, CLEAR, DISCARD, FIX, MAP, PASS, PLACE, ROCKFALL, Move
from .native_engine import DuelEngine, LegalMoves, native_duel_engine
from .options import Options
from .reasons import Reason, joined
from .round_state import RoundState
from .shuffle import shuffle

HAND_SIZE: Final = 6
GOALS_PER_ROUND: Final = 6
#: The kinds of move the Duel has.
DUEL_KINDS: Final = frozenset((PLACE, BREAK, FIX, KEY, MAP, ROCKFALL, BRIBE, CLEAR, DISCARD, PASS))


class DuelGame(Game):
    """A game of the Duel. Make one with ``Game.new(players=2, edition="duel")``."""

    _engine: DuelEngine | None

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
        edition: str | Edition = "duel",
        deck: Any = None,
    ) -> None:
        self.edition = edition_for(edition, players)
        if first != 0:
            raise ValueError("green (seat 0) starts the first round of the Duel")
        if gold_deck is not None:
            raise ValueError("the Duel has no gold deck: its gold lies on the cards")
        #: The deck of this game (the shipped provisional one unless another is given).
        self.deck: DuelDeck = load_deck(deck)
        register_deck_faces(self.deck.card_of_face)
        self._listers, self._turn_kinds = {}, []
        #: The deck's move codes, which both engines take.
        self._codec: DuelCodec = duel_codec(self.deck)
        # The native core, as Game keeps it (rules/native_engine.py, Game.__init__).
        self._engine = native_duel_engine(self.deck)
        self._decoded = {} if self._engine is None else self._engine.codec.known
        self._mirror = None
        self._behind = 0
        self._take_seats(players, options, seed, names, deals)
        self.initial_gold_deck = []
        self.gold_deck = []
        self.gold_kept = [[], []]
        self.gold_seen = [[], []]
        #: Each seat's nuggets so far (what :attr:`nuggets` reports).
        self.gold_pieces = [0, 0]
        # The 18 goals are shuffled once: round 1 takes the first 6, and so on.
        goals = list(self.deck.goal_cards)
        shuffle(goals, self._rng)
        # A record's rounds bring their own goals; later rounds take the others.
        preset = [goal for deal in self._preset_deals for goal in deal.goals]
        self.goal_order = preset + [goal for goal in goals if goal not in preset]
        self.rounds = []
        self.phase = PLAY
        self._start_round(0)

    # -- rounds -----------------------------------------------------------------------

    def _deal(self, first: int) -> Deal:
        cards = list(self.deck.playing_cards)
        shuffle(cards, self._rng)  # random.shuffle's permutation, at half its cost
        return dealt(first, self._round_goals(), cards)

    def _round_goals(self) -> list[str]:
        index = len(self.rounds)
        return self.goal_order[index * GOALS_PER_ROUND : (index + 1) * GOALS_PER_ROUND]

    def _start_round(self, first: int) -> None:
        # The generator deals every round even when a record supplies the deal,
        # so that a game and its replay draw the same chance afterwards.
        self.phase = PLAY
        engine = self._engine
        index = len(self.rounds)
        if engine is None or index < len(self._preset_deals):
            deal = self._deal(first)
            if index < len(self._preset_deals):
                deal = replace(self._preset_deals[index], first=first)
            self._begin(DuelRoundLog(deal), None if engine is None else engine.deal(deal))
            return
        # The core deals the cards' numbers, shuffled as the cards would be (a
        # shuffle's permutation is the generator's alone); the round's Deal and state
        # are made from them when read (most rounds of a playout never are).
        numbers = list(engine.playing_numbers)
        shuffle(numbers, self._rng)
        goals = self._round_goals()
        hands = [numbers[:HAND_SIZE], numbers[HAND_SIZE : 2 * HAND_SIZE]]
        core = engine.deal_numbers(first, hands, numbers[: 2 * HAND_SIZE - 1 : -1], goals)
        make_deal = partial(dealt_from_numbers, engine.codec.cards, first, numbers, goals)
        if core is None:  # a goal the core does not know: the rules play the round
            self._begin(DuelRoundLog(make_deal()), None)
        else:
            self._begin(DuelRoundLog.dealt_when_read(make_deal), core)

    def _begin(self, log: DuelRoundLog, core: Any) -> None:
        """Play the round ``log`` records, held by ``core`` if not None."""
        log.codec = self._codec
        self.rounds.append(log)
        if core is None:
            self.state = dealt_state(log.deal, self.deck.start_faces)
            return
        self._state = None  # type: ignore[assignment]  # made when read
        self._behind = 0
        self._mirror = (None, core)

    @property
    def state(self) -> RoundState:
        """The round in play: everything a round changes."""
        if self._behind:
            self._catch_up()
        return self._state if self._state is not None else self._state_from_deal()

    @state.setter
    def state(self, state: RoundState) -> None:
        self._state = state
        self._behind = 0

    def state_behind(self) -> RoundState:
        return self._state if self._state is not None else self._state_from_deal()

    def _state_from_deal(self) -> RoundState:
        # The core holds the round (its mirror's state None): the state it mirrors
        # is the one made now.
        state = self._state = dealt_state(self.rounds[-1].deal, self.deck.start_faces)
        mirror = self._mirror
        if mirror is not None and mirror[0] is None:
            self._mirror = (state, mirror[1])
        return state

    def end_round(self, result: Any) -> None:
        """The round is over: its score is kept and the next round dealt."""
        state = self.state
        state.round_gold = list(result.nuggets)
        state.to_move = None
        self.rounds[-1].final = state
        self.rounds[-1].result = result
        self._keep_score(result.nuggets, state.first)

    def _end_in_core(self, core: Any) -> None:
        """The core ended the play: the round is scored from the core's round, and
        its result and final state made from it only when read (docs/engine.md, "The
        Duel")."""
        assert self._engine is not None
        engine = self._engine
        nuggets = engine.nuggets(core)
        # Behind the core (or not made yet), and left so: the final state is made from it.
        behind: RoundState | None = self._state
        log = self.rounds[-1]
        assert isinstance(log, DuelRoundLog)
        deal, starts = log.deal_maker(), self.deck.start_faces

        def final() -> RoundState:
            state = behind if behind is not None else dealt_state(deal(), starts)
            engine.restore_state(state, core)
            state.round_gold = list(nuggets)
            return state

        log.result_when_read(partial(engine.score, core))
        log.final_when_read(final)
        self._keep_score(nuggets, core.first)

    def _keep_score(self, nuggets: Sequence[int], first: int) -> None:
        """After a round that ``first`` started and that paid ``nuggets``: the next."""
        for seat in (0, 1):
            self.gold_pieces[seat] += nuggets[seat]
        if len(self.rounds) == self.edition.rounds:
            self.phase = OVER  # the state, if behind, is the last round's final one
            return
        # Green starts rounds 1 and 3, blue round 2: the start alternates.
        self._start_round((first + 1) % 2)

    @property
    def duel_maze(self) -> DuelMaze:
        maze = self.state.maze
        assert isinstance(maze, DuelMaze)
        return maze

    # -- legal moves ------------------------------------------------------------------

    def legal_moves(self) -> Sequence[Move]:
        """Every legal move of the seat to move: bribes first, then placements (by
        cell), action cards, clears, discards; ``pass`` alone with an empty hand.
        With the native core a :class:`~.native_engine.LegalMoves` (its ``codes``
        :meth:`play` takes too); else a list."""
        mirror = self._mirror
        core = mirror[1] if mirror is not None and mirror[0] is self._state else self._core_round()
        if core is not None:
            assert self._engine is not None
            mover, codes = core.listing()
            return [] if mover < 0 else LegalMoves(codes, mover, self._engine.codec)
        return self._legal_by_rules()

    def _legal_by_rules(self) -> list[Move]:
        """:meth:`legal_moves` by the pure engine."""
        seat = self.state.to_move
        if seat is None or self.phase != PLAY:
            return []
        maze = self.duel_maze
        moves: list[Move] = []
        list_bribes(maze, seat, moves)
        hand = self.state.hands[seat]
        if not hand:
            moves.append(Move(seat, PASS))
            return moves
        distinct = dict.fromkeys(hand)
        if not self.state.broken[seat]:
            self._list_placements(seat, distinct, moves)
        kinds = self.deck.kinds
        for card in distinct:
            kind = kinds.get(card)
            if kind == BREAK:
                other = 1 - seat
                if not self.state.broken[other] & TOOL_BIT[BREAK_TOOL[card]]:
                    moves.append(Move(seat, BREAK, card, target=other, tool=BREAK_TOOL[card]))
            elif kind == FIX:
                for tool in FIX_TOOLS[card]:
                    if self.state.broken[seat] & TOOL_BIT[tool]:
                        moves.append(Move(seat, FIX, card, target=seat, tool=tool))
            elif kind == KEY and maze.key_tokens_left():
                # A card with a door of the other's colour and no key yet (key_error).
                other_colour = COLOURS[1 - seat]
                for x, y in sorted(maze.faces):
                    if (x, y) not in maze.keys and maze.faces[x, y].door_colour() == other_colour:
                        moves.append(Move(seat, KEY, KEY, x, y))
            elif kind == MAP:
                for index, (x, y) in enumerate(GOAL_CELLS):
                    if not maze.revealed[index]:
                        moves.append(Move(seat, MAP, MAP, x, y))
            elif kind == ROCKFALL:
                tokens = maze.token_cells()
                for x, y in maze.path_cells():
                    if (x, y) not in tokens:
                        moves.append(Move(seat, ROCKFALL, ROCKFALL, x, y))
        ordered = sorted(hand)
        pairs = list(dict.fromkeys(combinations(ordered, 2)))
        # Built as the tuples they are: the named tuple's constructor costs a call more.
        new = tuple.__new__
        append = moves.append
        if len(hand) >= 2:
            for front in self._front(seat):
                for first, second in pairs:
                    append(new(Move, (seat, CLEAR, first, 0, 0, -1, "", 0, (second,), front)))
        for card in distinct:
            append(new(Move, (seat, DISCARD, card, 0, 0, -1, "", 0, (), "")))
        for first, second in pairs:
            append(new(Move, (seat, DISCARD, first, 0, 0, -1, "", 0, (second,), "")))
        return moves

    def _list_placements(self, seat: int, distinct: dict[str, None], moves: list[Move]) -> None:
        """Every placement, by cell: :meth:`DuelMaze.fits` inlined over the cells'
        kept constraints (the listing is the engine's hottest loop)."""
        maze = self.duel_maze
        faces = [
            (code, *fitting(read_face(code), seat))
            for card in distinct
            for code in self.deck.orientations.get(card, ())
        ]
        if not faces:
            return
        new = tuple.__new__
        append = moves.append
        ladders = any(own_ladder for _, _, own_ladder, _, _ in faces)
        for cell, (must_open, must_wall, joins, touches_card) in maze.cell_constraints(
            seat, ladders
        ):
            x, y = cell
            next_to_goal = cell in NEXT_TO_GOALS
            for code, sides, own_ladder, ladder, joining in faces:
                if sides & must_open != must_open or sides & must_wall:
                    continue
                if ladder and next_to_goal:
                    continue
                if touches_card if own_ladder else joining & joins:
                    append(new(Move, (seat, PLACE, code, x, y, -1, "", 0, (), "")))

    def _front(self, seat: int) -> list[str]:
        broken = self.state.broken[seat]
        return [card for card, tool in BREAK_TOOL.items() if broken & TOOL_BIT[tool]]

    # -- checking a move --------------------------------------------------------------

    def why_illegal(self, move: Move) -> str | None:
        """The rule that ``move`` breaks, or ``None`` if it is legal now."""
        if self.phase == OVER:
            return Reason("the game is over")
        seat = move.seat
        if not 0 <= seat < self.players:
            return Reason(
                "there is no seat {seat} in a {players}-player game", seat=seat, players=2
            )
        if seat != self.state.to_move:
            return Reason(
                "it is seat {to_move}'s turn, not seat {seat}'s",
                to_move=self.state.to_move,
                seat=seat,
            )
        if not move.is_well_formed():
            return Reason("malformed move")
        if move.kind not in DUEL_KINDS:
            return Reason(
                "{edition} has no {kind} moves",
                edition=Reason.word(self.edition.title, "edition"),
                kind=Reason.word(move.kind, "move"),
            )
        if move.kind in (PLACE, KEY, MAP, ROCKFALL, BRIBE) and not (
            -REACH <= move.x <= REACH and -REACH <= move.y <= REACH
        ):
            return Reason("cell {x},{y} is out of reach of any card", x=move.x, y=move.y)
        if move.kind == BRIBE:
            return bribe_error(self.duel_maze, seat, move.x, move.y)
        hand = self.state.hands[seat]
        if move.kind == PASS:
            return None if not hand else Reason("pass is allowed only with an empty hand")
        reason = self._cards_error(move, hand)
        if reason is not None:
            return reason
        return self._kind_error(move)

    def _cards_error(self, move: Move, hand: list[str]) -> str | None:
        """What is wrong with the cards the move takes from the hand."""
        seat = move.seat
        if move.kind == PLACE:
            printed = self.deck.card_of_face.get(move.card)
            if printed is None or printed not in self.deck.path_codes:
                return Reason("no card lies as {face}", face=move.card)
            played = [printed]
        else:
            played = list(move.cards_played())
            for card in played:
                if self.deck.kind_of(card) is None:
                    return Reason(
                        "{edition} has no {card} card",
                        edition=Reason.word(self.edition.title, "edition"),
                        card=Reason.word(card, "card"),
                    )
            if move.kind not in (DISCARD, CLEAR) and self.deck.kind_of(move.card) != move.kind:
                return Reason("malformed move")
        left = list(hand)
        for card in played:
            if card not in left:
                if played.count(card) > 1 and card in hand:
                    return Reason(
                        "seat {seat} holds fewer than {count} {card} cards",
                        seat=seat,
                        count=played.count(card),
                        card=Reason.word(card, "card"),
                    )
                return Reason(
                    "seat {seat} has no {card} card in hand",
                    seat=seat,
                    card=Reason.word(card, "card"),
                )
            left.remove(card)
        return None

    def _kind_error(self, move: Move) -> str | None:
        seat = move.seat
        state = self.state
        maze = self.duel_maze
        kind = move.kind
        if kind == PLACE:
            if state.broken[seat]:
                tools = joined([Reason.word(tool, "tool") for tool in self.broken_tools(seat)])
                return Reason(
                    "seat {seat} has a broken {tools} and cannot place path cards",
                    seat=seat,
                    tools=tools,
                )
            return maze.placing_error(seat, read_face(move.card), move.cell)
        if kind == BREAK:
            if move.target != 1 - seat:
                return Reason("in the Duel a broken tool goes in front of the other player")
            if state.broken[move.target] & TOOL_BIT[move.tool]:
                return Reason(
                    "seat {target} already has a broken {tool}",
                    target=move.target,
                    tool=Reason.word(move.tool, "tool"),
                )
            return None
        if kind == FIX:
            if move.target != seat:
                return Reason("in the Duel a repair mends only the player's own tools")
            if not state.broken[seat] & TOOL_BIT[move.tool]:
                return Reason(
                    "seat {target} has no broken {tool}",
                    target=seat,
                    tool=Reason.word(move.tool, "tool"),
                )
            return None
        if kind == KEY:
            return key_error(maze, seat, move.x, move.y)
        if kind == MAP:
            index = maze.goal_at(move.cell)
            if index is None:
                return Reason("there is no goal card at {x},{y}", x=move.x, y=move.y)
            if maze.revealed[index]:
                return Reason("the goal at {x},{y} is already face up", x=move.x, y=move.y)
            return None
        if kind == ROCKFALL:
            if move.cell in START_CELLS:
                return Reason("rockfall cannot remove the start card")
            if maze.goal_at(move.cell) is not None:
                return Reason("rockfall cannot remove a goal card")
            if move.cell not in maze.faces:
                return Reason("there is no tunnel card at {x},{y}", x=move.x, y=move.y)
            if maze.has_token(move.cell):
                return Reason(
                    "rockfall cannot remove the card at {x},{y}: a counter or a key lies on it",
                    x=move.x,
                    y=move.y,
                )
            return None
        if kind == CLEAR:
            if move.front not in self._front(seat):
                return Reason(
                    "seat {seat} has no {front} in front of it",
                    seat=seat,
                    front=Reason.word(move.front, "card"),
                )
            return None
        if len(move.also) > 1:
            return Reason(
                "a discard in {edition} takes {many}",
                edition=Reason.word(self.edition.title, "edition"),
                many=Reason("1 to {most} cards", most=2),
            )
        return None

    # -- playing ----------------------------------------------------------------------

    def play(self, move: Move | str | int) -> None:
        """As :meth:`Game.play`; a move the core plays while the play goes on is kept
        in the round's record as its code, decoded when the record is read (most never
        are: :mod:`.duel_round_log`). Its own, not a hook in :meth:`Game.play`: the
        hook's test cost the base game 3% of its instructions a move, by code."""
        mirror = self._mirror
        # The Duel's round of the core (core/duel_bind.cpp): a Move plays by advance_as.
        core: Any = (
            mirror[1] if mirror is not None and mirror[0] is self._state else self._core_round()
        )
        if core is None:
            self._play_by_rules(move)
            return
        if type(move) is int:
            code: int | None = move
            played = core.advance(move)  # 4 * the seat that moved, + the outcome
        else:
            if isinstance(move, str):
                move = _parsed(move)
            assert isinstance(move, Move) and self._engine is not None
            code = self._engine.codec.encode(move)
            played = 0 if code is None else core.advance_as(move.seat, code)
        outcome = played & 3
        if outcome:
            self.rounds[-1].codes.append(code | (played >> 2) << 32)  # type: ignore[attr-defined]
            self._behind += 1
            if outcome == 2:  # the core ended the play
                self._end_in_core(core)
            return
        refused = self._decode(move, core.to_move) if isinstance(move, int) else move
        reason = self.why_illegal(refused)
        if reason is None:
            raise RuntimeError(f"the native core refused {refused}, which the rules allow")
        raise IllegalMove(refused, reason)

    def _play_by_rules(self, move: Move | str | int) -> None:
        """:meth:`play` by the pure engine."""
        if isinstance(move, int):
            seat = self.state.to_move
            decoded = None if seat is None else self._codec.decode(move, seat)
            if decoded is None:
                raise IllegalMove(str(move), Reason("no move has the code {code}", code=move))
            move = decoded
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
        """Make a move already checked: the core's round steps too, while it holds this one."""
        state = self.state
        mirror = self._mirror
        if mirror is not None and mirror[0] is state and mirror[1] is not None:
            code = self._codec.encode(move)
            if code is None or not mirror[1].play(code):
                self._mirror = None
        self._apply_rules(move)

    def _catch_up(self, standing: Any = None) -> None:
        """Bring the state up to the core: a few moves are played again by the rules,
        more are read from the core's round; after the last round the core ended,
        the state is that round's final one."""
        behind = self._behind
        self._behind = 0
        if not behind:
            return
        if self.phase == OVER:
            final = self.rounds[-1].final
            assert final is not None
            self._state = final
            return
        if behind <= _REPLAYED_AT_MOST:
            moves = self.rounds[-1].moves
            later = moves[len(moves) - behind :]
            del moves[len(moves) - behind :]
            for move in later:
                self._apply_rules(move)
            return
        assert self._engine is not None and self._mirror is not None
        core = self._mirror[1]
        assert core is not None and not self._engine.end_of(core), "an ended round is scored"
        self._engine.restore(self, core)

    def _apply_rules(self, move: Move) -> None:
        """The steps after every move, in order (docs/rules-duel.md, "After every move")."""
        self.moves.append(move)
        state = self.state
        maze = self.duel_maze
        seat = move.seat
        draws = 0
        if move.kind == BRIBE:
            maze.bribes.setdefault(move.cell, []).append(seat)
            maze.changed()
        else:
            state.last_turn = seat
            draws = self._carry_out(move)
        hand = state.hands[seat]
        pile = state.draw_pile
        for _ in range(draws):
            if pile:
                hand.append(pile.pop())
        maze.reveal_reached()
        maze.claim(seat)
        maze.claim(1 - seat)
        end = self._round_end()
        if end:
            self.end_round(score_round(maze, end))
            return
        if move.kind != BRIBE:
            state.to_move = 1 - seat

    def _carry_out(self, move: Move) -> int:
        """Carry out a main move (its cards leave the hand); the cards to draw after it."""
        state = self.state
        maze = self.duel_maze
        seat = move.seat
        hand = state.hands[seat]
        kind = move.kind
        if kind == PLACE:
            printed = self.deck.card_of_face[move.card]
            hand.remove(printed)
            maze.lay(read_face(move.card), printed, move.cell)
            state.last_path = seat
            return 1
        for card in move.cards_played():
            hand.remove(card)
        if kind == BREAK:
            # The broken tool lies in front of the other player until it is mended.
            state.broken[move.target] |= TOOL_BIT[move.tool]
            return 1
        if kind == FIX:
            state.broken[seat] &= ~TOOL_BIT[move.tool]
            state.discards += (move.card, f"break-{move.tool}")
            return 1
        elif kind == KEY:
            maze.keys[move.cell] = seat
            maze.changed()
        elif kind == MAP:
            index = maze.goal_at(move.cell)
            assert index is not None
            state.maps[seat][index] = maze.goals[index]
        elif kind == ROCKFALL:
            state.discards.append(maze.names[move.cell])
            maze.remove(move.x, move.y)
        elif kind == CLEAR:
            state.broken[seat] &= ~TOOL_BIT[BREAK_TOOL[move.front]]
            state.discards += (*move.cards_played(), move.front)
            return 1
        elif kind == DISCARD:
            state.discards.extend(move.cards_played())
            return len(move.cards_played())
        else:
            assert kind == PASS
            return 1
        state.discards.append(move.card)
        return 1

    def _round_end(self) -> str:
        """Why the round ends now ("goals", "counters", "cards"), or ""."""
        maze = self.duel_maze
        if all(maze.revealed):
            return "goals"
        if not maze.counters_left(0) and not maze.counters_left(1):
            return "counters"
        state = self.state
        if not state.draw_pile and not any(state.hands):
            return "cards"
        return ""

    # -- reading the game -------------------------------------------------------------

    @property
    def nuggets(self) -> list[int]:
        return list(self.gold_pieces)

    def broken_tools(self, seat: int) -> list[str]:
        return [tool for tool in TOOLS if self.state.broken[seat] & TOOL_BIT[tool]]

    def __setstate__(self, fields: dict[str, Any]) -> None:
        native = fields.pop("_engine", False)
        fields.pop("_decoded", None)
        vars(self).update(fields)
        self._engine = native_duel_engine(self.deck) if native else None
        self._decoded = {} if self._engine is None else self._engine.codec.known
        for log in self.rounds:
            assert isinstance(log, DuelRoundLog)
            log.codec = self._codec
        if self._state is None:  # pickled before the round state was read
            self._state_from_deal()

    def copy(self) -> DuelGame:
        other = object.__new__(DuelGame)
        for name, value in vars(self).items():
            if name == "_mirror":
                # The core's round is copied as one block, with the state it holds.
                mirror = self._mirror
                value = None
                if mirror is not None and mirror[0] is self._state and mirror[1] is not None:
                    value = (None, mirror[1].copy())
            elif name == "_state":  # Game.state keeps the round state here (None: not made)
                value = None if value is None else value.copy()
            elif name == "_rng":
                clone = random.Random.__new__(random.Random)
                clone.setstate(value.getstate())
                value = clone
            elif name == "rounds":
                value = [log.copy() for log in value]
            elif isinstance(value, list):
                value = [list(item) if isinstance(item, list) else item for item in value]
            setattr(other, name, value)
        if other._mirror is not None:
            other._mirror = (other._state, other._mirror[1])
        return other


def dealt(first: int, goals: list[str], cards: list[str]) -> Deal:
    """The Deal of a round whose shuffled cards are ``cards``: the hands first."""
    hands = [cards[:HAND_SIZE], cards[HAND_SIZE : 2 * HAND_SIZE]]
    return Deal(first, list(COLOURS), "", goals, hands, cards[2 * HAND_SIZE :])


def dealt_from_numbers(
    cards: Sequence[str], first: int, numbers: list[int], goals: list[str]
) -> Deal:
    """The Deal of a round whose shuffled cards are the cards numbered ``numbers``."""
    return dealt(first, goals, [cards[number] for number in numbers])


def dealt_state(deal: Deal, start_faces: tuple[str, ...]) -> RoundState:
    """A Duel round's state as ``deal`` deals it."""
    return RoundState(
        roles=list(COLOURS),
        hands=[list(hand) for hand in deal.hands],
        draw_pile=deal.deck[::-1],
        maze=DuelMaze(deal.goals, start_faces),
        first=deal.first,
        to_move=deal.first,
        broken=[0, 0],
        maps=[{}, {}],
        round_gold=[0, 0],
        trapped=[False, False],
    )


register_game_class("duel", DuelGame)
# The shipped deck's faces can be read in moves before any game is made (records, tools).
register_deck_faces(shipped_deck().card_of_face)

__all__ = ["DuelGame", "DuelRoundResult"]
