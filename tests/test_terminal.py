"""The terminal front end: ``saboteur play`` driven by scripted input, the
renderer's panels (what they show and what they must never show), and
``saboteur replay`` of records.
"""

from __future__ import annotations

import argparse
import builtins
import json
import re
from collections.abc import Callable
from dataclasses import replace
from io import StringIO
from pathlib import Path

import pytest
from rich.console import Console
from scenarios import PLAIN_GOLD_DECK, crafted_game, printed, to_middle_goal

from pysaboteur.bots import Bot
from pysaboteur.cli import main
from pysaboteur.rules import (
    Deal,
    Game,
    Move,
    Observation,
    Options,
    game_from_record,
    game_to_record,
    load_record,
    public_observation,
    save_record,
    seat_observation,
    table_observation,
)
from pysaboteur.terminal.card_art import tunnel_lines
from pysaboteur.terminal.maze_view import render_maze
from pysaboteur.terminal.move_list import move_groups
from pysaboteur.terminal.move_sentences import describe_move
from pysaboteur.terminal.play import PlaySession, QuitGame, parse_move, run_play
from pysaboteur.terminal.position_view import render_view, to_text
from pysaboteur.terminal.replay import build_frames, run_replay
from pysaboteur.terminal.table_panels import render_goals, render_hand

GOLDEN = Path(__file__).parent / "golden"
GOLD_GAME = GOLDEN / "p5-players-after-last-gold.json"  # rounds 2 and 3 end with the gold

Answer = Callable[[str], str]


def play_args(tmp_path: Path, **changes: object) -> argparse.Namespace:
    values: dict[str, object] = {
        "players": 3,
        "seat": 0,
        "seed": 5,
        "bot": "random",
        "name": "Ana",
        "save": str(tmp_path / "games" / "game.json"),
    }
    values.update(changes)
    return argparse.Namespace(**values)


def scripted_input(monkeypatch: pytest.MonkeyPatch, answer: Answer) -> list[str]:
    """Replace ``input`` by ``answer(prompt)``; returns the prompts asked, in order."""
    prompts: list[str] = []

    def fake_input(prompt: str = "") -> str:
        prompts.append(prompt)
        return answer(prompt)

    monkeypatch.setattr(builtins, "input", fake_input)
    return prompts


def first_then(answers: list[str], otherwise: Answer) -> Answer:
    """Answer the move prompts with ``answers`` first, then as ``otherwise`` does."""
    queue = iter(answers)

    def answer(prompt: str) -> str:
        if prompt.startswith("Your move"):
            return next(queue, None) or otherwise(prompt)
        return otherwise(prompt)

    return answer


def always_first_move(prompt: str) -> str:
    """Move 1 of the list at every turn, the first value on offer at a gold pick."""
    if prompt.startswith("Keep which gold card"):
        return str(re.findall(r"\d", prompt)[0])
    if prompt.startswith("Press Enter"):
        return ""
    return "1"


def words(text: str) -> set[str]:
    """Card codes and other words of a rendered text (codes hold letters and hyphens)."""
    return set(re.findall(r"[\w-]+", text))


# -- playing a whole game ---------------------------------------------------------------------


def test_a_person_typing_move_numbers_and_mistakes_finishes_a_game_and_its_record_is_saved(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    mistakes = ["garbage", "place NSW 40,40", "0", "999", "2 pass", "?", "help", "view"]
    prompts = scripted_input(monkeypatch, first_then(mistakes, always_first_move))

    status = run_play(play_args(tmp_path), Options())

    out = capsys.readouterr().out
    assert status == 0
    assert "✗ 'garbage' is neither a move nor a command (type help)" in out
    assert "✗ place NSW 40,40 is not allowed: " in out
    assert "✗ there is no move 0: choose 1 to " in out
    assert "✗ there is no move 999: choose 1 to " in out
    assert "✗ you play seat 0, not seat 2" in out
    assert "fix-pick-lamp lamp @0" in out  # the help
    assert "Final score" in out
    assert sum(prompt.startswith("Press Enter") for prompt in prompts) == 2
    record = load_record(tmp_path / "games" / "game.json")
    game = game_from_record(record)
    assert game.is_over
    assert record["names"] == ["Ana", "Bram", "Cleo"]
    saved = tmp_path / "games" / "game.json"
    assert f"The game record is saved in {saved}" in out.replace("\n", "")
    # Every move was printed as it happened, the others' discards and picks face down
    # (but the game's last move: once the game is over, everything is shown).
    seen_by_ana = seat_observation(game, 0)
    moves = [move for log in game.rounds for move in log.moves]
    position = 0
    for index, move in enumerate(moves):
        hidden = move.seat != 0 and move.kind in ("discard", "take") and index < len(moves) - 1
        sentence = describe_move(
            seen_by_ana, f"{move.seat} {move.kind}" if hidden else str(move)
        ).plain
        position = out.index(sentence, position) + len(sentence)


def test_without_a_seed_one_is_chosen_and_shown(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    answers = iter(["quit", "y"])
    scripted_input(monkeypatch, lambda prompt: next(answers))
    assert run_play(play_args(tmp_path, seed=None), Options()) == 0
    seed = int(re.findall(r"play this deal again with --seed (\d+)", capsys.readouterr().out)[0])
    assert load_record(tmp_path / "games" / "game.json")["seed"] == seed


def test_quitting_asks_first_and_saves_the_game_so_far(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    answers = iter(["1", "quit", "n", "1", "quit", "yes"])
    scripted_input(monkeypatch, lambda prompt: next(answers))
    assert run_play(play_args(tmp_path), Options()) == 0
    out = capsys.readouterr().out
    assert "Then play on." in out
    game = game_from_record(load_record(tmp_path / "games" / "game.json"))
    assert not game.is_over
    assert [move.seat for move in game.moves].count(0) == 2


def test_the_end_of_input_stops_the_game_saves_it_and_fails(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    def end_of_input(prompt: str) -> str:
        raise EOFError

    scripted_input(monkeypatch, end_of_input)
    assert run_play(play_args(tmp_path), Options()) == 1
    game = game_from_record(load_record(tmp_path / "games" / "game.json"))
    assert game.moves == []


def test_ctrl_c_stops_the_game_and_saves_it(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    answers = iter(["1", "1"])

    def interrupt_on_third(prompt: str) -> str:
        answer = next(answers, None)
        if answer is None:
            raise KeyboardInterrupt
        return answer

    scripted_input(monkeypatch, interrupt_on_third)
    assert run_play(play_args(tmp_path), Options()) == 130
    assert "Interrupted." in capsys.readouterr().out
    game = game_from_record(load_record(tmp_path / "games" / "game.json"))
    assert [move.seat for move in game.moves].count(0) == 2


def test_records_are_saved_under_saboteur_games_without_overwriting(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.chdir(tmp_path)
    scripted_input(monkeypatch, lambda prompt: "quit" if prompt.startswith("Your") else "y")
    for _ in range(2):
        assert run_play(play_args(tmp_path, seed=12, save=None), Options()) == 0
    assert sorted(path.name for path in (tmp_path / "saboteur-games").iterdir()) == [
        "game-12-2.json",
        "game-12.json",
    ]


def test_a_bad_seat_or_bot_is_an_error_before_the_game(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    assert run_play(play_args(tmp_path, seat=3), Options()) == 2
    assert run_play(play_args(tmp_path, bot="nobody"), Options()) == 2
    err = capsys.readouterr().err
    assert "error: --seat must be a seat from 0 to 2" in err
    assert "error: unknown bot 'nobody'" in err
    assert not (tmp_path / "games").exists()


# -- the gold ----------------------------------------------------------------------------------


def dig_to_the_gold() -> list[str]:
    """Seat 0 digs straight from the start to the gold at 8,0 while the others discard."""
    moves = []
    for step, card in enumerate(["EW", "EW", "EW", "NESW", "NESW", "NESW", "NESW"], start=1):
        moves.append(f"0 place {card} {step},0")
        if step < 7:
            moves += ["1 discard map", f"2 discard {'break-pick' if step <= 3 else 'break-lamp'}"]
    return moves


DIG_TO_THE_GOLD = dig_to_the_gold()


class DiscardingBot:
    """Discards its first card, and keeps the first gold card it is offered."""

    name = "discarding"

    def choose(self, observation: Observation, legal_moves: list[Move]) -> Move:
        return next(move for move in legal_moves if move.kind in ("discard", "take"))


def test_the_person_picks_gold_when_the_miners_reach_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    gold_deck = [3, 2, 1] + [1] * 15 + [2] * 7 + [3] * 3  # the 28 gold cards
    game = crafted_game(3, then=DIG_TO_THE_GOLD, gold_deck=gold_deck)  # three miners
    digging = iter(text.removeprefix("0 ") for text in DIG_TO_THE_GOLD if text.startswith("0 "))
    picks = iter(["5", "3"])

    def answer(prompt: str) -> str:
        if prompt.startswith("Your move"):
            return next(digging) if game.round_number == 1 else "quit"
        if prompt.startswith("Keep which"):
            return next(picks)
        return "" if prompt.startswith("Press Enter") else "y"

    prompts = scripted_input(monkeypatch, answer)
    buffer = StringIO()
    bots: dict[int, Bot] = {1: DiscardingBot(), 2: DiscardingBot()}
    session = PlaySession(Console(file=buffer, width=100), game, 0, bots)

    with pytest.raises(QuitGame):
        session.run()

    out = buffer.getvalue()
    assert "You place NESW at 7,0" in out
    assert "The GOLD is found at 8,0! The miners win." in out
    assert "You pick a gold card. Offered to you: 3 2 1" in out
    assert "✗ no gold card of 5 is offered: keep 3/2/1" in out
    assert "You keep a gold card of 3" in out
    assert "Round 1 is over: the gold-miners win — you reached the gold" in out
    assert "$$┃$$" in out  # the gold lies face up in the maze of the round's end
    assert prompts.count("Keep which gold card (3/2/1)? ") == 2
    assert game.gold_kept[0] == [3]
    assert game.rounds[0].result is not None and game.rounds[0].result.winner == "miners"


# -- the renderer ------------------------------------------------------------------------------


def test_a_dead_end_is_drawn_blocked_in_its_centre() -> None:
    assert tunnel_lines("xNS") == ["  ┃  ", "  ■  ", "  ┃  "]
    assert tunnel_lines("NS") == ["  ┃  ", "  ┃  ", "  ┃  "]
    assert tunnel_lines("xEW") == ["     ", "━━■━━", "     "]
    assert tunnel_lines("EW") == ["     ", "━━━━━", "     "]
    assert tunnel_lines("xN") == ["  ┃  ", "  ■  ", "     "]


def maze_cell(drawing: str, x: int, y: int) -> list[str]:
    """The three lines of cell ``x, y`` in a drawn maze of columns -1..9 and rows -3..3
    (the goals at x=8, y=-2..2, plus one empty ring), under a ruler line; cells are 5 wide."""
    lines = drawing.splitlines()
    first = 1 + 3 * (y + 3)
    start = 4 + 5 * (x + 1)
    return [lines[first + line][start : start + 5] for line in range(3)]


def test_the_maze_draws_each_card_in_its_cell_under_the_rulers() -> None:
    game = crafted_game(3, script=["0 place xEW 1,0", "1 place NS 0,1"])
    drawing = to_text(render_maze(public_observation(game)))
    lines = drawing.splitlines()
    assert lines[0] == "    " + "".join(f"{x:^5}" for x in range(-1, 10))
    assert len(lines) == 1 + 3 * 7
    assert lines[1 + 3 * 3 + 1].startswith("  0 ")  # the middle line of row y=0
    assert maze_cell(drawing, 0, 0) == ["  ┃  ", "━━S━━", "  ┃  "]
    assert maze_cell(drawing, 1, 0) == ["     ", "━━■━━", "     "]
    assert maze_cell(drawing, 0, 1) == ["  ┃  ", "  ┃  ", "  ┃  "]
    assert maze_cell(drawing, 2, 0) == ["     ", "  ·  ", "     "]
    assert maze_cell(drawing, 8, 0) == ["╭───╮", "│ ? │", "╰───╯"]


def test_an_unmapped_goal_is_a_question_mark_and_a_mapped_one_shows_only_to_its_mapper() -> None:
    game = crafted_game(3, script=["0 map 8,0"])  # the gold is in the middle
    mapper = to_text(render_maze(seat_observation(game, 0)))
    other = to_text(render_maze(seat_observation(game, 1)))
    spectator = to_text(render_maze(public_observation(game)))
    assert mapper.count("│$$$│") == 1 and mapper.count("│ ? │") == 2
    for text in (other, spectator):
        assert text.count("│ ? │") == 3
        assert "$" not in text and "▒" not in text
    goals = to_text(render_goals(seat_observation(game, 0)))
    assert "8,0  gold (from your map)" in goals
    assert "8,-2 stone (deduced)" in goals


def test_the_hand_panel_shows_the_own_hand_and_no_card_only_others_hold() -> None:
    game = Game.new(5, seed=21)
    for _ in range(7):
        game.play(game.legal_moves()[-1])
    observation = seat_observation(game, 2)
    hand_text = to_text(render_hand(observation))
    own = set(game.hands[2])
    others = {card for seat, hand in enumerate(game.hands) if seat != 2 for card in hand} - own
    assert others, "the other hands hold cards this hand does not"
    assert own <= words(hand_text)
    assert not others & words(hand_text)
    view_text = to_text(render_view(observation))
    public = {word for move in observation["history"][-1] for word in words(move)}
    assert not (others - public) & words(view_text)


def test_the_view_does_not_change_with_what_the_viewer_cannot_know() -> None:
    game = crafted_game(5, script=["0 place NS 0,1"], goals=["gold", "stone-NE", "stone-NW"])
    deal = game.rounds[0].deal
    hands = deal.hands
    hidden = replace(
        deal,
        hands=[hands[0], hands[2], hands[1], hands[4], hands[3]],
        goals=["stone-NW", "gold", "stone-NE"],
    )
    other = Game(5, seed=0, gold_deck=game.initial_gold_deck, deals=[hidden])
    other.play("0 place NS 0,1")

    def view(of: Game, seat: int) -> str:
        return to_text(render_view(seat_observation(of, seat)))

    assert view(game, 0) == view(other, 0)
    assert view(game, 1) != view(other, 1)  # seat 1's own hand differs between the games


def test_with_open_hands_the_other_hands_are_shown() -> None:
    game = crafted_game(3, options=Options(open_hands=True))
    text = to_text(render_view(seat_observation(game, 0)))
    assert "Hands" in text
    for seat in (1, 2):
        assert " ".join(game.hands[seat]) in text


def test_moves_read_as_sentences_from_the_viewers_side() -> None:
    game = Game.new(3, seed=1, names=["Ana", "Bo", "Cy"])
    seen_by_ana = seat_observation(game, 0)
    cases = {
        "1 place NSW 3,-1": "Bo (1) places NSW at 3,-1",
        "0 break-lamp @2": "You break the lamp of Cy (2)",
        "2 fix-pick-lamp lamp @0": "Cy (2) repairs your lamp (repair pick / lamp)",
        "1 fix-cart @2": "Bo (1) repairs the cart of Cy (2) (repair cart)",
        "2 break-pick @0": "Cy (2) breaks your pick",
        "1 rockfall 2,0": "Bo (1) drops a rockfall on 2,0",
        "2 map 8,-2": "Cy (2) looks at the goal at 8,-2 with a map",
        "1 discard": "Bo (1) discards a card face down",
        "0 discard xNES": "You discard xNES",
        "2 take": "Cy (2) keeps a gold card",
        "0 take 3": "You keep a gold card of 3",
        "1 pass": "Bo (1) passes (no cards left)",
    }
    for move, sentence in cases.items():
        assert describe_move(seen_by_ana, move).plain == sentence


def test_typed_moves_forgive_spacing_case_and_side_order_but_not_another_seat() -> None:
    assert parse_move("place wsn 3, -1", 0) == Move.parse("0 place NSW 3,-1")
    assert parse_move("1 Break-Lamp @ 3", 1) == Move.parse("1 break-lamp @3")
    assert parse_move("discard XNES", 2) == Move.parse("2 discard xNES")
    with pytest.raises(ValueError, match="you play seat 0, not seat 1"):
        parse_move("1 pass", 0)
    with pytest.raises(ValueError, match=r"'place NSW 3' is not a move: '3' is not a cell"):
        parse_move("place NSW 3", 0)
    with pytest.raises(ValueError, match=r"is not a move: write place SHAPE x,y"):
        parse_move("place NSW", 0)


def test_the_move_list_groups_moves_by_card_and_keeps_their_numbers() -> None:
    game = crafted_game(3, hands={0: ["NES", "map", "break-cart"]})
    legal = game.legal_moves()
    groups = dict(move_groups(enumerate(legal, start=1)))
    assert [short for _, short in groups["map"]] == ["8,-2", "8,0", "8,2"]
    assert [short for _, short in groups["break-cart"]] == ["@0", "@1", "@2"]
    assert "place NES" in groups  # NES and its turned shape NSW together
    numbers = [number for items in groups.values() for number, _ in items]
    assert sorted(numbers) == list(range(1, len(legal) + 1))
    for items in groups.values():
        for number, short in items:
            assert str(legal[number - 1]).endswith(" " + short)


# -- replay ------------------------------------------------------------------------------------


def replay_args(record: Path, **changes: object) -> argparse.Namespace:
    values: dict[str, object] = {"record": str(record), "seat": None, "public": False, "all": True}
    values.update(changes)
    return argparse.Namespace(**values)


def test_the_round_end_shows_the_stone_that_the_last_card_of_the_round_turned_up() -> None:
    # The draw pile is empty and the seats hold just the seven cards that reach
    # the middle goal, a stone: seat 0's last card, at 7,0, turns it up and
    # empties every hand, so the saboteurs win with that placement.
    moves = to_middle_goal(3)
    hands: list[list[str]] = [[], [], []]
    for text in moves:
        move = Move.parse(text)
        hands[move.seat].append(printed(move.card))
    goals = ["gold", "stone-NE", "stone-NW"]  # at y = -2, 0, 2
    deal = Deal(0, ["miner", "miner", "saboteur"], "miner", goals, hands, deck=[])
    game = Game(3, seed=0, gold_deck=list(PLAIN_GOLD_DECK), deals=[deal])
    for text in moves:
        game.play(text)
    assert moves[-1] == "0 place NESW 7,0"
    assert game.round_number == 2
    frames = build_frames(game, public_observation)
    last, end = frames[-3], frames[-2]  # the position before the last move, and the round's end
    assert end.move == moves[-1] and end.round_end is not None
    assert end.round_end["winner"] == "saboteurs"
    assert maze_cell(to_text(render_maze(last.observation)), 8, 0) == ["╭───╮", "│ ? │", "╰───╯"]

    drawing = to_text(render_maze(end.observation))

    assert maze_cell(drawing, 7, 0) == ["  ┃  ", "━━╋━━", "  ┃  "]
    # The stone-NE card was turned to lie as SW, open towards the card that reached it.
    assert maze_cell(drawing, 8, 0) == ["▒▒▒▒▒", "━━┓▒▒", "▒▒┃▒▒"]
    # The goals nobody reached are face up too, lying as printed.
    assert maze_cell(drawing, 8, -2) == ["$$┃$$", "━━╋━━", "$$┃$$"]
    assert maze_cell(drawing, 8, 2) == ["▒▒┃▒▒", "━━┛▒▒", "▒▒▒▒▒"]
    assert to_text(render_goals(end.observation)).splitlines() == [
        "Goals",
        "  8,-2 gold (face up)",
        "  8,0  stone (face up)",
        "  8,2  stone (face up)",
    ]


def test_replay_all_prints_every_move_and_every_round_end(
    capsys: pytest.CaptureFixture[str],
) -> None:
    record = load_record(GOLD_GAME)
    total = sum(len(data["moves"]) for data in record["rounds"])
    assert run_replay(replay_args(GOLD_GAME)) == 0
    out = capsys.readouterr().out
    numbers = [int(n) for n in re.findall(rf"Move (\d+) of {total} · round", out)]
    assert numbers == list(range(1, total + 1))
    assert out.count("Round 1 is over: the saboteurs win") == 1
    assert out.count("Round 2 is over: the gold-miners win — seat 1 reached the gold") == 1
    assert "Round 3 is over: the gold-miners win" in out
    assert out.count("Final score") == 1


def test_replay_as_a_seat_hides_the_others_discards_until_the_end(
    capsys: pytest.CaptureFixture[str],
) -> None:
    game = game_from_record(load_record(GOLD_GAME))
    frames = build_frames(game, lambda replay: seat_observation(replay, 2))
    moves = [frame.move for frame in frames if frame.move is not None]
    played = [str(move) for log in game.rounds for move in log.moves]
    assert len(moves) == len(played)
    for seen, move in zip(moves[:-1], played[:-1], strict=True):
        hidden = not move.startswith("2 ") and move.split(" ")[1] in ("discard", "take")
        assert seen == (" ".join(move.split(" ")[:2]) if hidden else move)
    assert moves[-1] == played[-1]  # the game is over: everything is shown


def test_the_default_replay_view_holds_what_the_seats_knew_together() -> None:
    game = crafted_game(3, script=["0 map 8,-2", "1 discard NS"])
    table = table_observation(game)
    assert table["hands"] == game.hands
    assert table["roles"] == game.roles
    assert [goal["card"] for goal in table["goals"]] == ["stone-NE", None, None]
    assert table["history"] == [["0 map 8,-2", "1 discard NS"]]
    assert public_observation(game)["history"] == [["0 map 8,-2", "1 discard"]]


def test_a_bad_record_is_a_one_line_error(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    record = load_record(GOLD_GAME)
    record["rounds"][0]["moves"][3] = "3 place NESW 5,5"
    broken = tmp_path / "broken.json"
    broken.write_text(json.dumps(record))
    not_json = tmp_path / "not.json"
    not_json.write_text("{")
    for path in (broken, not_json, tmp_path / "missing.json"):
        assert run_replay(replay_args(path)) == 1
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 3
    assert err[0].startswith(f'error: {broken}: round 1, move 4 "3 place NESW 5,5": ')
    assert err[1].startswith(f"error: {not_json}: not JSON: ")
    assert err[2] == f"error: cannot read {tmp_path / 'missing.json'}: No such file or directory"


def test_the_command_line_replays_a_saved_game_as_a_seat(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    game = Game.new(3, seed=2)
    for _ in range(5):
        game.play(game.legal_moves()[0])
    path = tmp_path / "short.json"
    save_record(game, path)
    assert main(["replay", str(path), "--seat", "1", "--all"]) == 0
    out = capsys.readouterr().out
    assert [int(n) for n in re.findall(r"Move (\d+) of 5", out)] == [1, 2, 3, 4, 5]
    assert "Your hand" in out
    assert game_to_record(game_from_record(load_record(path))) == load_record(path)
