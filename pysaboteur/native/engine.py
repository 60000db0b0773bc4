"""The core behind a :class:`~pysaboteur.rules.Game`: a round of the core made from
the game's round state, kept in step with it move by move (rules/native_engine.py
says when it is used)."""

from __future__ import annotations

from typing import Any

from ..rules.cards import GOAL_CARDS, MINER
from ..rules.codes import Codec, codec_of
from ..rules.editions import Edition
from ..rules.gold import finder_draw_count
from ..rules.maze import Maze
from ..rules.round_state import Look, Swap
from . import core, wants_pure
from .tables import make_tables, plays

_PHASES = {"play": 0, "gold": 1, "over": 2}


class NativeEngine:
    """The core's tables and codes of one edition."""

    def __init__(self, edition: Edition) -> None:
        self.edition = edition
        self.codec: Codec = codec_of(edition)
        self.tables = make_tables(edition)
        self.roles = edition.role_codes
        self.role_index = {role: index for index, role in enumerate(edition.role_codes)}
        #: The base game: a round changes no role and has no traps, thefts, looks or
        #: swaps, so that the state keeps its own (restore() reads them only in Saboteur 2).
        self.roles_stay = edition.name == "base"

    def load(self, game: Any, phase: str | None = None) -> Any | None:
        """A round of the core holding ``game``'s round in play, or None if the core
        cannot hold it (cards it does not know, as a determinized game may hold).
        ``phase``: the round's phase instead of the game's (``"over"``: Saboteur 2's
        round whose play has ended while the thieves steal, for its tensors)."""
        assert core is not None
        state = game.state
        # Cards and roles to indices by map(): a round is loaded at every deal, and a
        # comprehension's loop in Python was most of what loading it cost.
        index = self.codec.index.__getitem__
        role = self.role_index.__getitem__
        try:
            hands = [list(map(index, hand)) for hand in state.hands]
            pile = list(map(index, state.draw_pile))
            goals = list(map(GOAL_CARDS.index, state.maze.goals))
            discards = list(map(index, state.discards))
            # Not Saboteur 2's steals (the rules play them): ``phase`` "over" encodes them.
            phase_index = _PHASES[phase or game.phase]
            looks = [
                (look.move, look.viewer, look.seat, role(look.role),
                 role(look.laid_aside) + 1 if look.laid_aside else 0)
                for look in state.looks
            ] if state.looks else []  # fmt: skip
            swaps = [
                (swap.move, swap.seat, swap.other, list(map(index, swap.gave)),
                 list(map(index, swap.got)))
                for swap in state.swaps
            ] if state.swaps else []  # fmt: skip
            seat_roles = list(map(role, state.roles))
            reserve = list(map(role, state.reserve))
            hats_out = list(map(role, state.hats_out))
        except (KeyError, ValueError):
            return None
        maze = state.maze
        players = game.players
        return core.make_round(
            tables=self.tables,
            players=players,
            first=state.first,
            to_move=-1 if state.to_move is None else state.to_move,
            phase=phase_index,
            hands=hands,
            pile=pile,
            broken=list(state.broken),
            miners=[role == MINER for role in state.roles],
            goals=goals,
            cells=list(maze.cells.items()),
            revealed=list(maze.revealed),
            offer=list(state.offer),
            gold=list(game.gold_deck),
            gold_draw=finder_draw_count(game.options.gold_draw, players, state.roles),
            last_turn=-1 if state.last_turn is None else state.last_turn,
            last_path=-1 if state.last_path is None else state.last_path,
            finder=-1 if state.finder is None else state.finder,
            round_gold=list(state.round_gold),
            discards=discards,
            maps=[list(mapped) for mapped in state.maps],
            roles=seat_roles,
            trapped=list(state.trapped),
            thieves=list(state.thieves),
            reserve=reserve,
            hats_out=hats_out,
            moves_played=len(game.moves),
            looks=looks,
            swaps=swaps,
        )

    def restore(self, game: Any, core_round: Any) -> None:
        """Bring ``game``'s round state, in play, to where ``core_round`` stands (the core
        played moves the state has not: no read needed it until now)."""
        state = game.state_behind()
        card_of = self.codec.cards.__getitem__  # by map(), as load() does
        state.hands = [list(map(card_of, hand)) for hand in core_round.hands]
        state.draw_pile = list(map(card_of, core_round.pile))
        goals = state.maze.goals
        state.maze = Maze.restored(
            goals, core_round.cell_faces, core_round.network_sides, list(core_round.revealed)
        )
        to_move = core_round.to_move
        state.to_move = None if to_move < 0 else to_move
        state.broken = list(core_round.broken)
        state.maps = [{index: goals[index] for index in mapped} for mapped in core_round.maps]
        state.discards = list(map(card_of, core_round.discards))
        last_turn, last_path = core_round.last_turn, core_round.last_path
        state.last_turn = None if last_turn < 0 else last_turn
        state.last_path = None if last_path < 0 else last_path
        if self.roles_stay:
            return
        # Saboteur 2's roles, traps, thefts, looks and swaps
        cards = self.codec.cards
        roles = self.roles
        state.roles = [roles[role] for role in core_round.roles]
        state.trapped = list(core_round.trapped)
        state.thieves = list(core_round.thieves)
        state.reserve = [roles[role] for role in core_round.reserve]
        state.hats_out = [roles[role] for role in core_round.hats_out]
        state.looks = [
            Look(move, viewer, seat, roles[role], roles[aside - 1] if aside else "")
            for move, viewer, seat, role, aside in core_round.looks
        ]
        state.swaps = [
            Swap(
                move,
                seat,
                other,
                tuple(cards[card] for card in gave),
                tuple(cards[card] for card in got),
            )
            for move, seat, other, gave, got in core_round.swaps
        ]


_ENGINES: dict[str, NativeEngine | None] = {}


def engine_for(edition: Edition) -> NativeEngine | None:
    """The core for ``edition``, or None where it does not play it (or is not built,
    or ``PYSABOTEUR_PURE`` is set: it is read for every new game)."""
    if wants_pure():
        return None
    if edition.name not in _ENGINES:
        _ENGINES[edition.name] = NativeEngine(edition) if plays(edition) else None
    return _ENGINES[edition.name]
