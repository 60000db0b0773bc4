"""What must always hold in Saboteur 2 (docs/rules-saboteur2.md), whatever the seed,
the player count (2 to 12), the options and the moves: every card and every dwarf
card is in exactly one place, gold pieces move only when a round ends, the engine
accepts exactly the moves it generates, a refused move changes nothing, copies
share nothing (during the thefts too) and the same seed and moves give the same
game.

Games are played by :class:`inventory.Saboteur2Chooser`, whose every decision
hypothesis draws: a uniform choice among the legal moves, a kind of move first
(else the dozens of discards a hand offers would crowd out the action cards), or
a placement towards the goals (else the gold is never reached).
"""

from __future__ import annotations

import copy
import random
from collections import Counter
from collections.abc import Iterator
from dataclasses import fields
from itertools import combinations
from typing import Any, NamedTuple

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from inventory import Saboteur2Chooser, card_places, dwarf_places
from scenarios import check_accepted_iff_generated

from pysaboteur.rules import (
    GOAL_CELLS,
    OVER,
    PLAY,
    Game,
    Move,
    Options,
    public_observation,
    seat_observation,
)
from pysaboteur.rules.cards import DEAD_END, TOOLS, shape_code
from pysaboteur.rules.editions import find_edition
from pysaboteur.rules.editions.saboteur2 import DWARF_CARDS
from pysaboteur.rules.game import STEAL
from pysaboteur.rules.options import NEXT_ROUND_START_CHOICES
from pysaboteur.rules.results import GoldPiecesResult

EDITION = find_edition("saboteur2")
GAMES = settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.large_base_example],
)

#: The action cards aimed at one seat, written ``<kind> @<seat>`` with the kind as card.
AIMED = ("hands-off", "swap-hand", "inspection", "swap-hats", "trapped", "free-at-last")
KINDS = (
    "place", "break", "fix", "rockfall", "map", "discard", "pass", "take", "theft", "steal",
    "clear", *AIMED,
)  # fmt: skip
#: The fields each kind uses besides seat and kind: written out here rather than read
#: from the engine's notations, so that a notation that took one too many shows.
FIELDS_USED: dict[str, tuple[str, ...]] = {
    "place": ("card", "x", "y"),
    "break": ("card", "target", "tool"),
    "fix": ("card", "target", "tool"),
    "rockfall": ("card", "x", "y"),
    "map": ("card", "x", "y"),
    "discard": ("card", "also"),
    "pass": (),
    "take": ("value",),
    "theft": ("card",),
    "steal": ("target",),
    "clear": ("card", "also", "front"),
    **{kind: ("card", "target") for kind in AIMED},
}
CARD_CODES = tuple(EDITION.card_counts)
#: Every face a Saboteur 2 tunnel card can lie as, and every base shape (most of which
#: are faces of base cards, in this deck too).
FACE_CODES = tuple(
    dict.fromkeys(
        [code for faces in EDITION.orientations.values() for _face, code in faces]
        + [shape_code(sides | dead) for sides in range(1, 16) for dead in (0, DEAD_END)]
    )
)
#: What may lie in front of a seat, and some things that may not.
FRONTS = ("break-pick", "break-lamp", "break-cart", "trapped", "theft", "", "map", "swap-hats")
ANY_CARD = (*CARD_CODES, *FACE_CODES, "", "gold", "start", "steal", "clear", "?", "fix-pick-pick")
DWARFS = Counter(DWARF_CARDS)
PLAYING = Counter(EDITION.playing_cards)


# -- games and the chooser ------------------------------------------------------------


class GameSpec(NamedTuple):
    players: int
    options: Options
    seed: int
    first: int

    def new(self) -> Game:
        return Game.new(
            self.players, self.options, self.seed, first=self.first, edition="saboteur2"
        )


@st.composite
def game_specs(draw: st.DrawFn) -> GameSpec:
    players = draw(st.integers(2, 12))
    options = Options(
        next_round_start=draw(st.sampled_from(NEXT_ROUND_START_CHOICES)),
        open_hands=draw(st.booleans()),
    )
    return GameSpec(
        players, options, draw(st.integers(0, 2**32 - 1)), draw(st.integers(0, players - 1))
    )


choosers = st.builds(
    Saboteur2Chooser,
    st.randoms(use_true_random=False),
    st.sampled_from([0.0, 0.5, 0.9]),
    st.sampled_from([0.0, 0.3, 0.6]),
)


def positions(game: Game, choose: Saboteur2Chooser) -> Iterator[Game]:
    """Play ``game`` to its end, yielding it before every move and once over."""
    while not game.is_over:
        yield game
        game.play(choose(game))
    yield game


def play_out(spec: GameSpec, choose: Saboteur2Chooser) -> tuple[Game, list[Move]]:
    game = spec.new()
    moves: list[Move] = []
    while not game.is_over:
        move = choose(game)
        game.play(move)
        moves.append(move)
    return game, moves


def replay(spec: GameSpec, moves: list[Move]) -> Game:
    game = spec.new()
    for move in moves:
        game.play(move)
    return game


def snapshot(game: Game) -> Any:
    """Everything a move could change: every field of the round's state, the maze with
    its network and caches, the game's phase, gold pieces, chance and rounds, every
    observation and the legal moves.  Deep-copied, so that it is a picture of now."""
    state = game.state
    maze = state.maze
    return copy.deepcopy(
        (
            {item.name: getattr(state, item.name) for item in fields(state) if item.name != "maze"},
            (maze.goals, maze.cells, maze.network, maze.ladders, maze.revealed),
            (maze.frontier(), maze.ladder_cells()),
            (game.phase, game.gold_pieces, game._rng.getstate()),
            [(log.deal, log.moves, log.result, log.final_cells) for log in game.rounds],
            [seat_observation(game, seat) for seat in range(game.players)],
            public_observation(game),
            game.legal_moves(),
        )
    )


# -- every card is in exactly one place -----------------------------------------------


@GAMES
@given(game_specs(), choosers)
def test_every_card_and_every_dwarf_card_is_in_exactly_one_place_at_every_position(
    spec: GameSpec, choose: Saboteur2Chooser
) -> None:
    for game in positions(spec.new(), choose):
        where = f"round {game.round_number} ({game.phase}), after move {len(game.moves)}"
        places = card_places(game)
        assert places == PLAYING, f"{where}: extra {places - PLAYING}, missing {PLAYING - places}"
        dwarfs = dwarf_places(game)
        assert dwarfs == DWARFS, f"{where}: extra {dwarfs - DWARFS}, missing {DWARFS - dwarfs}"
        assert len(game.deal.removed) == 10, where
        assert len(game.state.roles) == game.players, where


# -- gold pieces ----------------------------------------------------------------------


@GAMES
@given(game_specs(), choosers)
def test_gold_pieces_change_only_at_round_ends_and_each_round_pays_what_changed(
    spec: GameSpec, choose: Saboteur2Chooser
) -> None:
    game = spec.new()
    at_round_start = list(game.gold_pieces)
    assert at_round_start == [0] * spec.players
    while not game.is_over:
        number, phase, before = game.round_number, game.phase, list(game.gold_pieces)
        if phase == PLAY:
            assert game.state.round_gold == [0] * spec.players, "paid before the round's end"
        move = choose(game)
        game.play(move)
        after = game.gold_pieces
        assert game.nuggets == after
        assert min(after) >= 0, f"{move}: a seat owes gold pieces"
        if phase == STEAL:
            # A theft moves exactly one gold piece from the victim to the thief.
            gained = [after[seat] - before[seat] for seat in range(spec.players)]
            expected = [0] * spec.players
            expected[move.seat], expected[move.target] = 1, -1
            assert gained == expected, f"{move} moved {gained}"
        elif after != before:
            # Otherwise only the move that ends the round's play (the gold reached, or
            # the last card played) pays.
            assert game.phase != PLAY or game.round_number != number, f"{move} paid mid-round"
        if game.round_number != number or game.is_over:
            log = game.rounds[number - 1]
            result = log.result
            assert isinstance(result, GoldPiecesResult)
            assert result.gold == [
                now - then for now, then in zip(after, at_round_start, strict=True)
            ], f"round {number}'s gold is not what its end paid"
            assert result.thefts == [[m.seat, m.target] for m in log.moves if m.kind == "steal"]
            at_round_start = list(after)


# -- the engine accepts exactly the moves it generates ------------------------------


@GAMES
@given(game_specs(), choosers, st.integers(0, 7))
def test_every_generated_move_is_accepted_and_reads_back_from_its_text(
    spec: GameSpec, choose: Saboteur2Chooser, offset: int
) -> None:
    for game in positions(spec.new(), choose):
        legal = game.legal_moves()
        if game.is_over:
            assert legal == []
            break
        assert legal, "a seat to move always has a move"
        assert len(set(legal)) == len(legal), "a move is generated twice"
        for move in legal:
            assert move.seat == game.to_move
            assert game.why_illegal(move) is None, move
            assert Move.parse(str(move)) == move
        # Playing every move is the costly part: do it at one position in eight, and
        # at every theft.
        if game.phase == STEAL or len(game.moves) % 8 == offset:
            for move in legal:
                game.copy().play(move)


def near_cells(game: Game) -> list[tuple[int, int]]:
    """Cells where moves might be legal (placements, ladders, rockfalls, maps), and
    every neighbour of those."""
    maze = game.maze
    cells = {(0, 0), *GOAL_CELLS, *maze.tunnel_cells()}
    cells.update((x, y) for _key, x, y, _fits in maze.frontier())
    cells.update((x, y) for _key, x, y, _open, _wall in maze.ladder_cells())
    steps = ((0, 0), (1, 0), (-1, 0), (0, 1), (0, -1))
    return sorted({(x + dx, y + dy) for x, y in cells for dx, dy in steps})


def moves_in_reach(game: Game) -> Iterator[Move]:
    """Every move of the seat to move that names a cell near the maze, plays cards of
    its hand (and one card it does not hold) or aims at any seat or none: a superset
    of the legal moves, found without the engine's move generator."""
    seat = game.to_move if game.to_move is not None else 0
    players = game.players
    cells = near_cells(game)
    for face in FACE_CODES:
        for x, y in cells:
            yield Move(seat, "place", face, x, y)
    for x, y in cells:
        yield Move(seat, "rockfall", "rockfall", x, y)
        yield Move(seat, "map", "map", x, y)
    hand = game.hands[seat]
    # The hand, one card it does not hold and one more copy of a card it holds once.
    absent = next(card for card in CARD_CODES if card not in hand)
    extra = [card for card in hand if hand.count(card) == 1][:1]
    pool = sorted([*hand, absent, *extra])
    for size in range(1, 5):
        for cards in dict.fromkeys(combinations(pool, size)):
            yield Move(seat, "discard", cards[0], also=cards[1:])
    for front in FRONTS:
        for first, second in dict.fromkeys(combinations(pool, 2)):
            yield Move(seat, "clear", first, also=(second,), front=front)
        if len(pool) >= 3:
            yield Move(seat, "clear", pool[0], also=(pool[1], pool[2]), front=front)
    for target in range(-1, players + 1):
        for card in CARD_CODES:
            kind = card.partition("-")[0]
            if kind in ("break", "fix"):
                for tool in TOOLS:
                    yield Move(seat, kind, card, target=target, tool=tool)
        for kind in AIMED:
            yield Move(seat, kind, kind, target=target)
        yield Move(seat, "steal", target=target)
    yield Move(seat, "theft", "theft")
    yield Move(seat, "pass")
    for value in (1, 2, 3):
        yield Move(seat, "take", value=value)


@GAMES
@given(game_specs(), choosers, st.integers(0, 9))
def test_the_moves_accepted_near_the_maze_are_exactly_the_generated_ones(
    spec: GameSpec, choose: Saboteur2Chooser, offset: int
) -> None:
    for game in positions(spec.new(), choose):
        # Asking about every move in reach costs: one position in ten, every theft, the end.
        if game.phase != PLAY or len(game.moves) % 10 == offset:
            before = snapshot(game)
            accepted = {move for move in moves_in_reach(game) if game.why_illegal(move) is None}
            legal = set(game.legal_moves())
            assert accepted - legal == set(), "accepted but not generated"
            assert legal - accepted == set(), "generated but not accepted (or out of reach)"
            assert snapshot(game) == before, "asking why a move is illegal changed the game"


@st.composite
def candidate_moves(draw: st.DrawFn, game: Game) -> Move:
    """A move of a random kind, Saboteur 2's included, with random fields (now and then
    one its kind does not use set too), or a legal move with one field changed."""
    legal = game.legal_moves()
    to_move = game.to_move if game.to_move is not None else 0
    hand = game.hands[to_move]
    seat = draw(st.sampled_from([to_move, to_move, -1, game.players, (to_move + 1) % game.players]))
    cards = st.sampled_from([*hand, *ANY_CARD]) if hand else st.sampled_from(ANY_CARD)
    also = draw(st.lists(cards, max_size=3))
    if draw(st.booleans()):
        also.sort()
    x, y = draw(
        st.sampled_from(near_cells(game)) | st.tuples(st.integers(-90, 90), st.integers(-90, 90))
    )
    value: dict[str, Any] = {
        "seat": seat,
        "kind": draw(st.sampled_from(KINDS)),
        "card": draw(cards),
        "x": x,
        "y": y,
        "target": draw(st.integers(-1, game.players)),
        "tool": draw(st.sampled_from([*TOOLS, "", "gold"])),
        "value": draw(st.integers(0, 4)),
        "also": tuple(also),
        "front": draw(st.sampled_from(FRONTS)),
    }
    changed = draw(st.booleans())
    if legal and changed:
        move = draw(st.sampled_from(legal))
        field = draw(st.sampled_from(Move._fields))
        return move._replace(**{field: value[field]})
    # Most kinds are refused at once unless their card is in the hand: aim at those.
    held = [EDITION.kind_of_card[card] for card in hand]
    kind = draw(st.sampled_from([*held, *KINDS])) if held else value["kind"]
    if kind == "place":
        value["card"] = draw(st.sampled_from(FACE_CODES))
    elif kind in ("rockfall", "map", "theft", *AIMED):
        value["card"] = draw(st.sampled_from([kind, kind, value["card"]]))
    used = {"seat", "kind", *FIELDS_USED[kind]}
    if not draw(st.integers(0, 3)):  # now and then, a field the kind does not use
        used.add(draw(st.sampled_from(Move._fields[2:])))
    return Move(**{name: value[name] for name in Move._fields if name in used})


@GAMES
@given(game_specs(), choosers, st.integers(0, 11), st.data())
def test_a_move_is_accepted_if_and_only_if_it_is_generated(
    spec: GameSpec, choose: Saboteur2Chooser, offset: int, data: st.DataObject
) -> None:
    for game in positions(spec.new(), choose):
        # Look closely at one position in twelve, at every theft and at the end.
        if game.phase != PLAY or len(game.moves) % 12 == offset:
            candidates = [data.draw(candidate_moves(game)) for _ in range(6)]
            check_accepted_iff_generated(game, candidates, snapshot)


# -- copies and replays ---------------------------------------------------------------


@GAMES
@given(game_specs(), choosers, st.data())
def test_a_copy_shares_nothing_with_its_original_during_the_thefts_too(
    spec: GameSpec, choose: Saboteur2Chooser, data: st.DataObject
) -> None:
    whole, moves = play_out(spec, choose)
    end = snapshot(whole)
    game = spec.new()
    thefts = []  # the positions where a thief is to steal
    for index, move in enumerate(moves):
        if game.phase == STEAL:
            thefts.append(index)
        game.play(move)
    drawn = data.draw(st.integers(0, len(moves)), label="moves before the copy")
    for cut in sorted({drawn, *thefts[:3]}):
        original = replay(spec, moves[:cut])
        before = snapshot(original)
        copied = original.copy()
        assert snapshot(copied) == before, "a copy is not the same game"
        for move in moves[cut:]:
            copied.play(move)
        assert snapshot(original) == before, f"playing on a copy made at {cut} changed the original"
        assert snapshot(copied) == end
        # And the other way round: playing on the original leaves its copy alone.
        copied = original.copy()
        for move in moves[cut:]:
            original.play(move)
        assert snapshot(copied) == before, f"playing on the original changed its copy at {cut}"
        assert snapshot(original) == end


@GAMES
@given(game_specs(), choosers)
def test_the_same_seed_and_moves_give_the_same_game_after_every_move(
    spec: GameSpec, choose: Saboteur2Chooser
) -> None:
    first, second = spec.new(), spec.new()
    while not first.is_over:
        move = choose(first)
        first.play(move)
        second.play(move)
        for seat in range(spec.players):
            assert seat_observation(first, seat) == seat_observation(second, seat)
        assert public_observation(first) == public_observation(second)
    assert snapshot(first) == snapshot(second)


# -- the games above play every kind of move ------------------------------------------


def test_the_chooser_plays_every_kind_of_move_and_reaches_the_thefts_and_the_gold() -> None:
    # Otherwise the properties above could hold only because the games never got there.
    kinds: Counter[str] = Counter()
    gold = thefts = 0
    for seed in range(30):
        spec = GameSpec(2 + seed % 11, Options(), seed, 0)
        game, moves = play_out(spec, Saboteur2Chooser(random.Random(seed), 0.5, 0.3))
        kinds.update(move.kind for move in moves)
        for log in game.rounds:
            assert isinstance(log.result, GoldPiecesResult)
            gold += log.result.gold_reached
            thefts += bool(log.result.thefts)
    missing = set(KINDS) - {"take"} - set(kinds)  # take is the base game's gold pick
    assert not missing, f"never played: {missing}"
    assert kinds["take"] == 0
    assert gold >= 10 and thefts >= 10, (gold, thefts)
    assert game.phase == OVER
