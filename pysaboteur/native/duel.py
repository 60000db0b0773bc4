"""The core behind a game of the Duel (core/round_duel.hpp): a deck's tables handed
to the core once, and a round of the core made from a game's round state and read
back into one (rules/native_engine.py says when it is used).

The deck is data: every face a card of the deck can lie as, and every card, reach
the core from the deck the game was made with (the shipped one, or a user's file),
so the core has no card of its own."""

from __future__ import annotations

from collections.abc import Sequence
from operator import itemgetter
from typing import Any, Final, TypeVar

from ..rules.cards import BREAK_TOOL, FIX_TOOLS, TOOLS
from ..rules.codes import KIND_IDS, Codec
from ..rules.duel_codes import DUEL_KIND_IDS, DuelCodec, duel_codec
from ..rules.duel_deck import START_CARDS, DuelDeck
from ..rules.duel_faces import COLOURS, DuelFace, read_face, turned
from ..rules.duel_maze import START_CELLS, DuelMaze
from ..rules.duel_results import DuelRoundResult, scored
from ..rules.editions import Deal
from ..rules.per_deck import PerDeck
from . import core, wants_pure

_END_NAMES = ("", "goals", "counters", "cards")
#: A token of the core's round, (x, y, seat), by its cell.
_cell_of: Final = itemgetter(0, 1)

Key = TypeVar("Key")


def looked_up(table: Any, keys: Sequence[Key]) -> list[Any]:
    """``[table[key] for key in keys]``, the look-ups made in C by one itemgetter:
    a third of the comprehension's instructions for a pile of 40 cards, and a quarter
    of map() over a tuple's ``__getitem__`` (which goes through a slot wrapper)."""
    if len(keys) > 1:
        return list(itemgetter(*keys)(table))
    # itemgetter() takes at least one key, and with one gives the value itself.
    return [table[key] for key in keys]


def face_fields(face: DuelFace, turned_number: int, card: int) -> tuple[Any, ...]:
    """A face as ``core.make_duel_tables`` takes it (core/duel_bind.cpp FaceFields), with
    the number of the face turned and the playing card lying as it (-1: none)."""
    doors = 0
    for side, _ in face.doors:
        doors |= side
    gold_sides = 0
    for side, _ in face.gold:
        gold_sides |= side
    return (
        list(face.tunnels),
        face.stubs,
        doors,
        COLOURS.index(face.door_colour()) if face.doors else -1,
        face.troll,
        COLOURS.index(face.ladder) if face.ladder else -1,
        gold_sides,
        face.nuggets,
        turned_number,
        card,
    )


class DuelEngine:
    """The core's tables and codes of one Duel deck."""

    def __init__(self, deck: DuelDeck) -> None:
        assert core is not None
        if core.KINDS != KIND_IDS or {**core.KINDS, **core.DUEL_KINDS} != DUEL_KIND_IDS:
            raise RuntimeError(
                "the core and rules/duel_codes.py number the kinds of move differently"
            )
        self.deck = deck
        self.duel_codec: DuelCodec = duel_codec(deck)
        self.codec: Codec = self.duel_codec
        cards = self.codec.cards
        #: The deck's playing cards, as ``deck.playing_cards`` lists them, by number.
        self.playing_numbers = tuple(self.codec.index[card] for card in deck.playing_cards)
        #: Every face a card of the deck can lie as, the core's face numbers.
        codes = list(deck.start_faces)
        for entry in (*deck.paths, *deck.goals):
            codes += [entry.code, turned(read_face(entry.code)).code]
        self.faces: tuple[str, ...] = tuple(dict.fromkeys(codes))
        self.face_index = {code: index for index, code in enumerate(self.faces)}
        self.face_values = tuple(read_face(code) for code in self.faces)
        #: The printed card at a cell where each face lies (``DuelMaze.names``).
        self.names = tuple(
            START_CARDS[deck.start_faces.index(code)]
            if code in deck.start_faces
            else deck.card_of_face[code]
            for code in self.faces
        )
        breaks = {tool: card for card, tool in BREAK_TOOL.items()}
        self.tables = core.make_duel_tables(
            faces=[self._face_fields(code) for code in self.faces],
            kinds=[DUEL_KIND_IDS[deck.kinds[card]] for card in cards],
            lying=[
                [self.face_index[code] for code in deck.orientations.get(card, ())]
                for card in cards
            ],
            tools=[
                [TOOLS.index(BREAK_TOOL[card])]
                if card in BREAK_TOOL
                else [TOOLS.index(tool) for tool in FIX_TOOLS.get(card, ())]
                for card in cards
            ],
            rank=[sorted(cards).index(card) for card in cards],
            break_card=[self.codec.index.get(breaks[tool], -1) for tool in TOOLS],
            start_faces=[self.face_index[code] for code in deck.start_faces],
        )

    def _face_fields(self, code: str) -> tuple[Any, ...]:
        face = read_face(code)
        printed = self.deck.card_of_face.get(code)
        card = self.codec.index.get(printed, -1) if printed in self.deck.path_codes else -1
        return face_fields(face, self.face_index[turned(face).code], card)

    def load(self, game: Any) -> Any | None:
        """A round of the core holding ``game``'s round in play, or None if the core
        cannot hold it (cards or faces it does not know)."""
        assert core is not None
        state = game.state
        maze = game.duel_maze
        index = self.codec.index
        faces = self.face_index
        if _as_dealt(state, maze):
            # A round as dealt, the starts alone on the maze: the core lays them itself,
            # so only the cards cross over.
            return self._dealt(state.first, state.hands, state.draw_pile, maze.goals)
        try:
            hands = [looked_up(index, hand) for hand in state.hands]
            pile = looked_up(index, state.draw_pile)
            discards = looked_up(index, state.discards)
            goals = [faces[goal] for goal in maze.goals]
            cells = [(x, y, faces[face.code]) for (x, y), face in maze.faces.items()]
        except KeyError:
            return None
        return core.make_duel_round(
            tables=self.tables,
            first=state.first,
            to_move=-1 if state.to_move is None else state.to_move,
            hands=hands,
            pile=pile,
            broken=list(state.broken),
            goals=goals,
            revealed=list(maze.revealed),
            cells=cells,
            keys=[(x, y, seat) for (x, y), seat in maze.keys.items()],
            bribes=[(x, y, seat) for (x, y), seats in maze.bribes.items() for seat in seats],
            claims=[(x, y, seat) for (x, y), seat in maze.claims],
            discards=discards,
            maps=[list(mapped) for mapped in state.maps],
            last_turn=-1 if state.last_turn is None else state.last_turn,
            last_path=-1 if state.last_path is None else state.last_path,
        )

    def deal_numbers(
        self, first: int, hands: list[list[int]], pile: list[int], goals: list[str]
    ) -> Any | None:
        """A round of the core dealt as the cards numbered (``codec.cards``) ``hands``
        and ``pile`` (bottom first), or None if it does not know a goal."""
        assert core is not None
        try:
            faces = looked_up(self.face_index, goals)
        except KeyError:
            return None
        return core.deal_duel_round(self.tables, first, hands, pile, faces)

    def nuggets(self, core_round: Any) -> tuple[int, int]:
        """What each seat takes from the round the core ended (``score``'s nuggets)."""
        won: tuple[int, int] = core_round.nuggets_won
        return won

    def deal(self, deal: Deal) -> Any | None:
        """A round of the core as ``deal`` deals it, or None if the core cannot hold
        it (cards or faces it does not know): how a game starts its rounds."""
        return self._dealt(deal.first, deal.hands, deal.deck[::-1], deal.goals)

    def _dealt(
        self, first: int, hands: Sequence[Sequence[str]], pile: Sequence[str], goals: Sequence[str]
    ) -> Any | None:
        index = self.codec.index
        try:
            numbers = [looked_up(index, hand) for hand in hands], looked_up(index, pile)
        except KeyError:
            return None
        return self.deal_numbers(first, *numbers, list(goals))

    def restore(self, game: Any, core_round: Any) -> None:
        """Bring ``game``'s round state to where ``core_round`` stands (the core played
        moves the state has not: no read needed it until now)."""
        self.restore_state(game.state_behind(), core_round)

    def restore_state(self, state: Any, core_round: Any) -> None:
        """Bring a round state to where ``core_round`` stands (every field a round's
        play changes is read from the core: how far behind the state was is no matter)."""
        cards = self.codec.cards
        state.hands = [looked_up(cards, hand) for hand in core_round.hands]
        state.draw_pile = looked_up(cards, core_round.pile)
        state.discards = looked_up(cards, core_round.discards)
        state.broken = list(core_round.broken)
        old = state.maze
        assert isinstance(old, DuelMaze)
        goals = old.goals
        state.maps = [{index: goals[index] for index in mapped} for mapped in core_round.maps]
        cells = core_round.cells
        faces, names = self.face_values, self.names
        # Laid out from the core's cells: DuelMaze() would lay the starts only for
        # them to be replaced.
        maze = DuelMaze.laid_out(
            goals,
            old.start_faces,
            {(x, y): faces[face] for x, y, face in cells},
            {(x, y): names[face] for x, y, face in cells},
            list(core_round.revealed),
        )
        maze.keys = {(x, y): seat for x, y, seat in core_round.keys}
        for x, y, seat in core_round.bribes:
            maze.bribes.setdefault((x, y), []).append(seat)
        maze.claims = [((x, y), seat) for x, y, seat in core_round.claims]
        state.maze = maze
        to_move, last_turn, last_path = (
            core_round.to_move,
            core_round.last_turn,
            core_round.last_path,
        )
        state.to_move = None if to_move < 0 else to_move
        state.last_turn = None if last_turn < 0 else last_turn
        state.last_path = None if last_path < 0 else last_path

    def score(self, core_round: Any) -> DuelRoundResult:
        """The result of the round the core ended, read from its claims and bribes
        (what ``score_round`` reads from the maze, without restoring it)."""
        claims = [
            ((x, y), seat, nuggets)
            for (x, y, seat), nuggets in zip(
                core_round.claims, core_round.claimed_nuggets, strict=True
            )
        ]
        # The maze keeps its bribes by cell, each cell's in the order they were made.
        bribes = [((x, y), seat) for x, y, seat in sorted(core_round.bribes, key=_cell_of)]
        return scored(self.end_of(core_round), claims, bribes)

    def end_of(self, core_round: Any) -> str:
        """Why the core ended the play ("goals", "counters", "cards"), or "" in play."""
        return _END_NAMES[core_round.end]


def _as_dealt(state: Any, maze: DuelMaze) -> bool:
    """Whether the round stands as dealt: nothing played, no card but the two starts
    (DuelMaze() lays them), no token, no goal face up, the first seat to move."""
    return (
        len(maze.faces) == 2
        and state.last_turn is None
        and state.to_move == state.first
        and not state.discards
        and not maze.keys
        and not maze.bribes
        and not maze.claims
        and not any(maze.revealed)
        and not any(state.broken)
        and not any(state.maps)
        and maze.faces.keys() == _STARTS.keys()
    )


#: The cells of the starts, as DuelMaze() lays them.
_STARTS: Final = dict.fromkeys(START_CELLS)


_ENGINES: PerDeck[DuelEngine] = PerDeck(DuelEngine)


def duel_engine_for(deck: DuelDeck) -> DuelEngine | None:
    """The core for a Duel deck, or None where it is not built (or ``PYSABOTEUR_PURE``
    is set: it is read for every new game)."""
    if wants_pure() or core is None:
        return None
    return _ENGINES(deck)
