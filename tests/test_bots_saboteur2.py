"""The bots play Saboteur 2: legal moves in whole games, the roles' rules of thumb in
pinned situations, and the beliefs over dwarf cards (docs/bots.md, "Saboteur 2")."""

from __future__ import annotations

import random

import pytest
from scenarios_saboteur2 import crafted_game, in_turn, to_middle_goal

from pysaboteur.bots import make_bot
from pysaboteur.bots.dwarf_beliefs import ROLES, DwarfBeliefs
from pysaboteur.bots.heuristic import HeuristicBot
from pysaboteur.bots.maze_saboteur2 import route_distances
from pysaboteur.bots.maze_view import FAR, goal_distances
from pysaboteur.rules import Game, Move, seat_observation
from pysaboteur.rules.cards import cell_key, parse_shape
from pysaboteur.rules.maze import Maze

#: The corridor's first six cards, 1,0 .. 6,0: the next card at 7,0 reaches the middle goal.
SIX = ("NEW", "NEW", "NEW", "NEW", "NEW", "NESW")


def _six_cards(players: int = 3, first: int = 0) -> list[str]:
    return in_turn((f"place {face} {x},0" for x, face in enumerate(SIX, 1)), players, first)


def _choice(game: Game, seed: int = 0) -> Move:
    seat = game.to_move
    assert seat is not None
    return make_bot("heuristic", seed=seed).choose(seat_observation(game, seat), game.legal_moves())


def _scores(game: Game) -> dict[Move, float]:
    seat = game.to_move
    assert seat is not None
    bot = HeuristicBot(0)
    return {
        move: score for score, move in bot.scores(seat_observation(game, seat), game.legal_moves())
    }


# -- whole games ----------------------------------------------------------------------------


def _play_game(players: int, specs: list[str], seed: int) -> set[str]:
    game = Game.new(players, edition="saboteur2", seed=seed)
    bots = [make_bot(specs[seat % len(specs)], seed=seat) for seat in range(players)]
    kinds: set[str] = set()
    while not game.is_over:
        seat = game.to_move
        assert seat is not None
        legal = game.legal_moves()
        move = bots[seat].choose(seat_observation(game, seat), legal)
        assert move in legal, (str(move), seat)
        kinds.add(move.kind)
        game.play(move)
    return kinds


@pytest.mark.parametrize("players", [2, 5, 12])
@pytest.mark.parametrize("spec", ["random", "heuristic"])
def test_every_bot_plays_whole_saboteur2_games_legally(players: int, spec: str) -> None:
    kinds = set()
    for seed in range(2):
        kinds |= _play_game(players, [spec], seed)
    assert {"place", "discard"} <= kinds


@pytest.mark.parametrize("players", [2, 5, 12])
def test_the_search_plays_whole_saboteur2_games_legally(players: int) -> None:
    # A tiny search at the seats it takes, heuristic players at the others (at 12
    # players only seat 0 searches, to keep the suite quick).
    specs = ["ismcts:iterations=2,candidates=3"] + (["heuristic"] * 11 if players == 12 else [])
    kinds = _play_game(players, specs, seed=3)
    assert "place" in kinds


def test_heuristic_games_reach_every_phase_including_steal() -> None:
    kinds: set[str] = set()
    for seed in range(4):
        kinds |= _play_game(5, ["heuristic"], seed)
    assert {"place", "theft", "steal", "discard"} <= kinds


def test_the_search_returns_a_legal_move_when_only_steals_are_left() -> None:
    game = _thief_game()
    legal = game.legal_moves()
    move = make_bot("ismcts:iterations=3", seed=0).choose(seat_observation(game, 0), legal)
    assert move in legal and move.target == 1


# -- maze routes ----------------------------------------------------------------------------


def _maze(cards: dict[tuple[int, int], str]) -> Maze:
    cells = {cell_key(x, y): parse_shape(code) for (x, y), code in cards.items()}
    cells[cell_key(0, 0)] = parse_shape("NESW")
    return Maze.from_cells(["stone-NE", "gold", "stone-NW"], cells, [False] * 3)


def test_a_door_closes_the_route_only_to_the_other_colour() -> None:
    corridor = {(x, 0): "EW" for x in range(1, 8)}
    corridor[(3, 0)] = "EW/door-blue"
    maze = _maze(corridor)
    args = (maze.cells, maze.ladders, maze.revealed)
    assert route_distances(*args, None)[1] == 0
    assert route_distances(*args, "blue")[1] == 0
    # Green must go round the blue door: off the corridor and back again.
    assert 0 < route_distances(*args, "green")[1] < FAR


def test_a_bridge_does_not_turn_the_route_through_its_middle() -> None:
    # The start's east side enters the bridge at 1,0 by its east-west tunnel: the
    # north-south one, with the cards above it, cannot be reached that way.  The
    # base game's count, which sees only open sides, turns north through it.
    maze = _maze({(1, 0): "NS+EW", (1, -1): "NS", (1, -2): "ES"})
    assert goal_distances(maze)[0] == 6
    assert route_distances(maze.cells, maze.ladders, maze.revealed, None)[0] == 8


# -- the roles, pinned ----------------------------------------------------------------------


def test_a_green_digger_prefers_the_green_door_to_the_blue_one() -> None:
    game = crafted_game(
        3,
        roles=["green", "blue", "saboteur"],
        script=_six_cards(),
        hands={0: ["EW/door-blue", "EW+xN/door-green", "map", "fix-pick"]},
        deck_top=["map", "map", "map", "map", "map", "rockfall"],  # no path card drawn
    )
    scores = _scores(game)
    green = Move.parse("0 place EW+xN/door-green 7,0")
    blue = Move.parse("0 place EW/door-blue 7,0")
    assert scores[green] > scores[blue]
    chosen = _choice(game)  # the green door either way up
    assert chosen.cell == (7, 0) and chosen.card.endswith("/door-green")


def test_a_blue_door_on_the_only_route_is_worse_for_green_than_a_longer_route() -> None:
    game = crafted_game(
        3,
        roles=["green", "blue", "saboteur"],
        script=_six_cards()[:3],
        hands={0: ["EW/door-blue", "NEW", "NEW"]},  # one NEW goes to 1,0
    )
    scores = _scores(game)
    # Through the blue door at 4,0 the corridor stays straight but is closed to green.
    assert scores[Move.parse("0 place EW/door-blue 4,0")] < scores[Move.parse("0 place NEW 4,0")]


def test_a_geologist_does_not_rockfall_a_crystal_card() -> None:
    game = crafted_game(
        3,
        roles=["geologist", "green", "saboteur"],
        script=in_turn(["place NESW/crystal 1,0", "place NEW 2,0", "place xEW 3,0"], 3),
        hands={0: ["rockfall"]},
    )
    scores = _scores(game)
    crystal = Move.parse("0 rockfall 1,0")
    assert scores[crystal] < scores[Move.parse("0 rockfall 3,0")]
    assert scores[crystal] < min(s for m, s in scores.items() if m.kind != "rockfall")
    assert _choice(game).kind != "rockfall"


def test_a_geologist_lays_a_crystal_card() -> None:
    game = crafted_game(
        3, roles=["geologist", "green", "saboteur"], hands={0: ["NESW/crystal", "NS"]}
    )
    move = _choice(game)
    assert move.kind == "place" and move.card == "NESW/crystal"


def test_a_saboteur_blocks_next_to_the_likely_gold() -> None:
    game = crafted_game(
        3,
        roles=["saboteur", "green", "blue"],
        script=_six_cards(),
        hands={0: ["xEW", "NESW", "NES"]},
    )
    move = _choice(game)
    assert move.kind == "place" and move.cell == (7, 0) and move.card.startswith("x")


def _thief_game() -> Game:
    # Seat 0 (the profiteer) plays a theft; green seat 1 finds the gold; the
    # crystal in the corridor pays geologist seat 2 one piece: two victims.
    faces = ("NEW", "NEW", "NESW/crystal", "NEW", "NEW", "NESW", "NESW")
    game = crafted_game(
        3,
        roles=["profiteer", "green", "geologist"],
        script=["0 theft", *to_middle_goal(3, first=1, faces=faces)],
    )
    assert game.phase == "steal" and game.to_move == 0
    return game


def test_a_thief_steals_from_the_richest() -> None:
    game = _thief_game()
    pieces = game.gold_pieces
    assert pieces[1] > pieces[2] > 0
    assert _choice(game) == Move.parse("0 steal @1")


def test_a_trapped_seat_frees_itself() -> None:
    game = crafted_game(
        3,
        roles=["green", "saboteur", "blue"],
        script=["1 trapped @0", "2 place NEW 1,0"],
        hands={0: ["free-at-last", "NESW", "NES", "map"]},
        first=1,
    )
    assert _choice(game) == Move.parse("0 free-at-last @0")


def test_a_seat_plays_its_theft_early() -> None:
    game = crafted_game(3, roles=["blue", "green", "saboteur"], hands={0: ["theft", "xN"]})
    assert _choice(game) == Move.parse("0 theft")


# -- beliefs --------------------------------------------------------------------------------


def _saboteur_chance(game: Game, observer: int, seat: int) -> float:
    beliefs = DwarfBeliefs(observer, game.players)
    beliefs.update(seat_observation(game, observer))
    return beliefs.saboteur_probabilities()[seat]


def test_before_any_move_every_other_seat_has_the_prior() -> None:
    game = crafted_game(4, roles=["green", "blue", "saboteur", "boss"])
    beliefs = DwarfBeliefs(0, 4)
    beliefs.update(seat_observation(game, 0))
    for seat in (1, 2, 3):
        # One green card is the observer's: 3 saboteurs among the other 14 cards.
        assert beliefs.saboteur_probabilities()[seat] == pytest.approx(3 / 14)
    assert beliefs.role_probabilities()[0]["green"] == 1.0


def test_a_dead_end_towards_the_gold_raises_its_seats_saboteur_chance() -> None:
    script = in_turn(["place NEW 1,0", "place NEW 2,0", "place NEW 3,0"], 3)
    before = crafted_game(3, roles=["green", "saboteur", "blue"], script=script)
    after = crafted_game(
        3, roles=["green", "saboteur", "blue"], script=[*script, "0 discard map", "1 place xW 4,0"]
    )
    assert _saboteur_chance(after, 0, 1) > _saboteur_chance(before, 0, 1) + 0.05


def test_an_inspection_pins_the_seat_it_looked_at() -> None:
    game = crafted_game(3, roles=["green", "boss", "blue"], script=["0 inspection @1"])
    beliefs = DwarfBeliefs(0, 3)
    beliefs.update(seat_observation(game, 0))
    assert beliefs.role_probabilities()[1]["boss"] == pytest.approx(1.0)


#: How far the approximate marginals may stray from the exact ones (docs/bots.md).
TOLERANCE = 0.25
MEAN_TOLERANCE = 0.02


def _belief_errors(players: int, games: int) -> list[float]:
    errors: list[float] = []
    for seed in range(games):
        game = Game.new(players, edition="saboteur2", seed=100 + seed)
        bots = [
            make_bot("heuristic" if seat % 2 else "random", seed=seat) for seat in range(players)
        ]
        rng = random.Random(seed)
        number = 1
        while not game.is_over and game.round_number == number:
            seat = game.to_move
            assert seat is not None
            observation = seat_observation(game, seat)
            if game.phase == "play" and rng.random() < 0.3:
                exact = DwarfBeliefs(seat, players, exact_slots=99)
                approximate = DwarfBeliefs(seat, players, exact_slots=0)
                exact.update(observation)
                approximate.update(observation)
                assert exact.exact and not approximate.exact
                for one, other in zip(exact.marginals(), approximate.marginals(), strict=True):
                    errors.extend(abs(a - b) for a, b in zip(one, other, strict=True))
            game.play(bots[seat].choose(observation, game.legal_moves()))
    return errors


@pytest.mark.parametrize("players", [2, 3, 4])
def test_approximate_beliefs_agree_with_the_exact_ones_on_small_tables(players: int) -> None:
    errors = _belief_errors(players, games=3)
    assert errors
    assert max(errors) < TOLERANCE
    assert sum(errors) / len(errors) < MEAN_TOLERANCE


def test_the_marginals_are_distributions() -> None:
    game = crafted_game(4, roles=["green", "saboteur", "blue", "boss"], script=["0 break-pick @1"])
    beliefs = DwarfBeliefs(2, 4)
    beliefs.update(seat_observation(game, 2))
    for chances in beliefs.marginals():
        assert sum(chances) == pytest.approx(1.0)
        assert len(chances) == len(ROLES)
