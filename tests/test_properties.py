"""What must always hold, whatever the seed, the player count, the rule options
and the moves: cards are conserved, the engine accepts exactly the moves it
generates, moves survive their text form, records replay to the same game and
the same seed and moves give the same game.

Games are played by a chooser whose every decision hypothesis draws (through
``st.randoms``): usually a uniform choice among the legal moves, and, with a
drawn probability, a placement towards the goals, so that the gold phase and
the miners' rounds are reached as well as the saboteurs' (the uniform choice
alone never reaches the gold).
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterator
from typing import Any, NamedTuple

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from inventory import Chooser, card_places, gold_places
from scenarios import check_accepted_iff_generated

from pysaboteur.rules import (
    GOAL_CELLS,
    OVER,
    Game,
    IllegalMove,
    Move,
    Options,
    dumps_record,
    game_from_record,
    game_to_record,
    public_observation,
    seat_observation,
)
from pysaboteur.rules.cards import (
    CARD_COUNTS,
    DEAD_END,
    FIX_TOOLS,
    GOLD_CARDS,
    PLAYING_CARDS,
    TOOLS,
    shape_code,
)
from pysaboteur.rules.options import GOLD_DRAW_CHOICES, NEXT_ROUND_START_CHOICES

GAMES = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])

KINDS = ("place", "break", "fix", "rockfall", "map", "discard", "pass", "take")
#: Every shape a card can be written as: 15 side patterns, connected or dead end.
SHAPE_CODES = tuple(shape_code(sides | dead) for sides in range(1, 16) for dead in (0, DEAD_END))
CARD_CODES = tuple(CARD_COUNTS)
#: Card fields a move may carry, good and bad, for candidate moves.
ANY_CARD = (*CARD_CODES, *SHAPE_CODES, "", "gold", "start", "break-gold", "fix-pick-pick")


# -- games and the chooser ------------------------------------------------------------


class GameSpec(NamedTuple):
    players: int
    options: Options
    seed: int
    first: int
    names: list[str] | None

    def new(self) -> Game:
        return Game.new(self.players, self.options, self.seed, first=self.first, names=self.names)


@st.composite
def game_specs(draw: st.DrawFn) -> GameSpec:
    players = draw(st.integers(3, 10))
    options = Options(
        draw(st.sampled_from(GOLD_DRAW_CHOICES)),
        draw(st.sampled_from(NEXT_ROUND_START_CHOICES)),
        draw(st.booleans()),
    )
    names = draw(st.none() | st.just([f"seat {seat}" for seat in range(players)]))
    return GameSpec(
        players, options, draw(st.integers(0, 2**32 - 1)), draw(st.integers(0, players - 1)), names
    )


choosers = st.builds(Chooser, st.randoms(use_true_random=False), st.sampled_from([0.0, 0.6, 0.9]))


def positions(game: Game, choose: Chooser) -> Iterator[Game]:
    """Play ``game`` to its end, yielding it before every move and once over."""
    while not game.is_over:
        yield game
        game.play(choose(game))
    yield game


def play_out(spec: GameSpec, choose: Chooser) -> tuple[Game, list[Move]]:
    game = spec.new()
    moves: list[Move] = []
    while not game.is_over:
        move = choose(game)
        game.play(move)
        moves.append(move)
    return game, moves


def snapshot(game: Game) -> tuple[Any, ...]:
    """Everything anyone can learn about a game: its record, every observation, its moves."""
    return (
        game_to_record(game),
        [seat_observation(game, seat) for seat in range(game.players)],
        public_observation(game),
        game.legal_moves(),
    )


# -- cards are conserved --------------------------------------------------------------


@GAMES
@given(game_specs(), choosers)
def test_every_card_is_in_exactly_one_place_after_every_move(
    spec: GameSpec, choose: Chooser
) -> None:
    playing, gold = Counter(PLAYING_CARDS), Counter(GOLD_CARDS)
    for game in positions(spec.new(), choose):
        where = f"round {game.round_number}, after move {len(game.moves)}"
        places = card_places(game)
        assert places == playing, f"{where}: extra {places - playing}, missing {playing - places}"
        assert gold_places(game) == gold, where


# -- the engine accepts exactly the moves it generates ------------------------------


@GAMES
@given(game_specs(), choosers, st.integers(0, 7))
def test_every_generated_move_is_accepted_and_reads_back_from_its_text(
    spec: GameSpec, choose: Chooser, offset: int
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
            assert str(Move.parse(str(move))) == str(move)
        # Playing every move is the costly part: do it at one position in eight.
        if len(game.moves) % 8 == offset:
            for move in legal:
                game.copy().play(move)


def near_cells(game: Game) -> list[tuple[int, int]]:
    """Cells where moves might be legal, and their neighbours."""
    cells = {(0, 0), *GOAL_CELLS, *game.maze.tunnel_cells()}
    cells.update((x, y) for _key, x, y, _fits in game.maze.frontier())
    return sorted({(x + dx, y + dy) for x, y in cells for dx, dy in ((0, 0), (1, 0), (0, -1))})


def aliases(x: int, y: int) -> list[tuple[int, int]]:
    """Far cells whose packed key would be that of ``x, y`` if keys wrapped round."""
    return [(x - 1, y + 256), (x + 1, y - 256)]


def cells_near(game: Game) -> st.SearchStrategy[tuple[int, int]]:
    """Cells near the maze, anywhere, and far away where a packed cell key could wrap
    round onto a cell near the maze."""
    near = near_cells(game)
    return (
        st.sampled_from(near)
        | st.tuples(st.integers(-9, 9), st.integers(-9, 9))
        | st.sampled_from([alias for x, y in near for alias in aliases(x, y)])
        | st.tuples(st.integers(-300, 300), st.integers(-300, 300))
    )


def moves_in_reach(game: Game) -> Iterator[Move]:
    """Every well-formed move of the seat to move that names a cell near the maze: a
    superset of the legal moves found without the engine's move generator."""
    seat = game.to_move if game.to_move is not None else 0
    frontier = [(x, y) for _key, x, y, _fits in game.maze.frontier()]
    cells = near_cells(game) + [alias for x, y in frontier for alias in aliases(x, y)]
    cells += [alias for x, y in [*GOAL_CELLS, *game.maze.tunnel_cells()] for alias in aliases(x, y)]
    for shape in SHAPE_CODES:
        for x, y in cells:
            yield Move(seat, "place", shape, x, y)
    for x, y in cells:
        yield Move(seat, "rockfall", "rockfall", x, y)
        yield Move(seat, "map", "map", x, y)
    for card in CARD_CODES:
        yield Move(seat, "discard", card)
        kind = card.partition("-")[0]
        if kind in ("break", "fix"):
            for target in range(game.players):
                for tool in TOOLS:
                    yield Move(seat, kind, card, target=target, tool=tool)
    yield Move(seat, "pass")
    for value in (1, 2, 3):
        yield Move(seat, "take", value=value)


@GAMES
@given(game_specs(), choosers, st.integers(0, 9))
def test_the_moves_accepted_near_the_maze_are_exactly_the_generated_ones(
    spec: GameSpec, choose: Chooser, offset: int
) -> None:
    for game in positions(spec.new(), choose):
        # Asking about every move in reach costs: do it at one position in ten, at every
        # gold pick and at the end.
        if game.phase == OVER or game.offer or len(game.moves) % 10 == offset:
            accepted = {move for move in moves_in_reach(game) if game.why_illegal(move) is None}
            legal = set(game.legal_moves())
            assert accepted - legal == set(), "accepted but not generated"
            assert legal - accepted == set(), "generated but not accepted (or out of reach)"


@st.composite
def candidate_moves(draw: st.DrawFn, game: Game) -> Move:
    """A move of a random kind with random fields (sometimes one its kind does not use
    set too), or a legal move with one field changed."""
    legal = game.legal_moves()
    to_move = game.to_move if game.to_move is not None else 0
    seat = draw(st.sampled_from([to_move, to_move, -1, game.players, (to_move + 1) % game.players]))
    x, y = draw(cells_near(game))
    value: dict[str, Any] = {
        "seat": seat,
        "card": draw(st.sampled_from(ANY_CARD)),
        "x": x,
        "y": y,
        "target": draw(st.integers(-1, game.players)),
        "tool": draw(st.sampled_from([*TOOLS, "", "gold"])),
        "value": draw(st.integers(0, 4)),
        "also": ("map",),  # the further cards of a Saboteur 2 discard or clear
        "front": "trapped",
    }
    if draw(st.booleans()) and legal:
        move = draw(st.sampled_from(legal))
        field = draw(st.sampled_from(("seat", "alias", *Move._fields[2:])))
        if field == "alias":  # the same cell, as a packed key that wrapped round would see it
            x, y = draw(st.sampled_from(aliases(move.x, move.y)))
            return move._replace(x=x, y=y)
        return move._replace(**{field: value[field]})
    kind = draw(st.sampled_from(KINDS))
    if kind == "place":
        value["card"] = draw(st.sampled_from(SHAPE_CODES))
    elif kind in ("rockfall", "map"):
        value["card"] = draw(st.sampled_from([kind, value["card"]]))
    used = {"seat", "kind", *_FIELDS_USED[kind]}
    if not draw(st.integers(0, 3)):  # now and then, a field the kind does not use
        used.add(draw(st.sampled_from(Move._fields[2:])))
    fields = {name: value[name] for name in Move._fields[2:] if name in used}
    return Move(seat, kind, **fields)


_FIELDS_USED = {
    "place": ("card", "x", "y"),
    "break": ("card", "target", "tool"),
    "fix": ("card", "target", "tool"),
    "rockfall": ("card", "x", "y"),
    "map": ("card", "x", "y"),
    "discard": ("card",),
    "pass": (),
    "take": ("value",),
}


@GAMES
@given(game_specs(), choosers, st.integers(0, 11), st.data())
def test_a_move_is_accepted_if_and_only_if_it_is_generated(
    spec: GameSpec, choose: Chooser, offset: int, data: st.DataObject
) -> None:
    for game in positions(spec.new(), choose):
        # Look closely at one position in twelve, at every gold pick and at the end.
        if game.phase == OVER or game.offer or len(game.moves) % 12 == offset:
            candidates = [data.draw(candidate_moves(game)) for _ in range(4)]
            check_accepted_iff_generated(game, candidates, snapshot)


STRAY: dict[str, Any] = {
    "card": "NESW", "x": 5, "y": 5, "target": 1, "tool": "cart", "value": 2,
    "also": ("map",), "front": "trapped",
}  # fmt: skip


@settings(GAMES, max_examples=10)
@given(game_specs(), st.data())
def test_a_move_with_a_field_its_kind_does_not_use_is_rejected(
    spec: GameSpec, data: st.DataObject
) -> None:
    # Such a move writes out as a legal one, but it is another value: accepting it would
    # put moves that no generator makes into the game's history.
    game = spec.new()
    move = data.draw(st.sampled_from(game.legal_moves()))
    unused = [f for f in Move._fields[2:] if f not in _FIELDS_USED[move.kind]]
    field = data.draw(st.sampled_from(unused))
    check_accepted_iff_generated(game, [move._replace(**{field: STRAY[field]})], snapshot)


def test_a_repair_naming_a_card_that_is_not_a_repair_is_rejected() -> None:
    game = Game.new(3, seed=0)
    before = snapshot(game)
    with pytest.raises(IllegalMove):
        game.play(Move(0, "fix", "NESW", target=0, tool="pick"))
    assert snapshot(game) == before


MOVE_ALPHABET = " -,@0123456789abcdefiklmnoprstwxNESW"


@st.composite
def mutated_texts(draw: st.DrawFn, text: str) -> str:
    """``text`` after one to three random edits: deletions, insertions, replacements."""
    for _ in range(draw(st.integers(1, 3))):
        at = draw(st.integers(0, len(text)))
        char = draw(st.sampled_from(MOVE_ALPHABET))
        edit = draw(st.sampled_from(["delete", "insert", "replace"]))
        if edit == "insert":
            text = text[:at] + char + text[at:]
        else:
            text = text[:at] + (char if edit == "replace" else "") + text[at + 1 :]
    return text


@GAMES
@given(game_specs(), choosers, st.integers(0, 11), st.data())
def test_a_move_text_is_accepted_if_and_only_if_its_move_is_generated(
    spec: GameSpec, choose: Chooser, offset: int, data: st.DataObject
) -> None:
    for game in positions(spec.new(), choose):
        if game.phase == OVER or game.offer or len(game.moves) % 12 == offset:
            legal_texts = [str(move) for move in game.legal_moves()] or ["0 pass"]
            valid = data.draw(st.sampled_from(legal_texts))
            texts = st.text(MOVE_ALPHABET, max_size=24) | canonical_texts()
            texts = texts | mutated_texts(valid) | st.just(valid)
            check_accepted_iff_generated(game, [data.draw(texts) for _ in range(4)], snapshot)


# -- moves and their text ---------------------------------------------------------------


@st.composite
def canonical_texts(draw: st.DrawFn) -> str:
    """A move written exactly as ``spec/records.md`` writes it (legal or not)."""
    seat = draw(st.integers(0, 12))
    cell = f"{draw(st.integers(-300, 300))},{draw(st.integers(-300, 300))}"
    target = f"@{draw(st.integers(0, 12))}"
    kind = draw(st.sampled_from(KINDS))
    if kind == "place":
        return f"{seat} place {draw(st.sampled_from(SHAPE_CODES))} {cell}"
    if kind == "break":
        return f"{seat} break-{draw(st.sampled_from(TOOLS))} {target}"
    if kind == "fix":
        card = draw(st.sampled_from(sorted(FIX_TOOLS)))
        tools = FIX_TOOLS[card]
        if len(tools) == 1:
            return f"{seat} {card} {target}"
        return f"{seat} {card} {draw(st.sampled_from(tools))} {target}"
    if kind in ("rockfall", "map"):
        return f"{seat} {kind} {cell}"
    if kind == "discard":
        return f"{seat} discard {draw(st.sampled_from(CARD_CODES))}"
    if kind == "take":
        return f"{seat} take {draw(st.integers(1, 3))}"
    return f"{seat} pass"


@settings(max_examples=300, deadline=None)
@given(canonical_texts())
def test_a_canonical_move_text_reads_and_writes_back_unchanged(text: str) -> None:
    move = Move.parse(text)
    assert str(move) == text
    assert Move.parse(str(move)) == move


# -- records replay to the same game ---------------------------------------------------


def replayed(game: Game) -> Game:
    return game_from_record(json.loads(dumps_record(game_to_record(game))))


@GAMES
@given(game_specs(), choosers, st.data())
def test_a_record_replays_to_the_same_game_even_cut_in_the_middle_of_a_round(
    spec: GameSpec, choose: Chooser, data: st.DataObject
) -> None:
    whole, moves = play_out(spec, choose)
    assert snapshot(replayed(whole)) == snapshot(whole)

    cut = data.draw(st.integers(0, len(moves)), label="moves before the cut")
    part = spec.new()
    for move in moves[:cut]:
        part.play(move)
    replay = replayed(part)
    assert snapshot(replay) == snapshot(part)
    # The record keeps the seed, so the replay deals the later rounds the same way.
    for move in moves[cut:]:
        replay.play(move)
    assert game_to_record(replay) == game_to_record(whole)


@GAMES
@given(game_specs(), choosers, st.data())
def test_the_same_seed_and_moves_give_the_same_game_and_a_copy_is_independent(
    spec: GameSpec, choose: Chooser, data: st.DataObject
) -> None:
    first, moves = play_out(spec, choose)
    second = spec.new()
    cut = data.draw(st.integers(0, len(moves)), label="moves before the copy")
    for move in moves[:cut]:
        second.play(move)
    before = snapshot(second)
    copy = second.copy()
    for move in moves[cut:]:
        copy.play(move)
    assert snapshot(second) == before, "playing on a copy changed the original"
    for move in moves[cut:]:
        second.play(move)
    assert snapshot(second) == snapshot(first)
    assert snapshot(copy) == snapshot(first)
