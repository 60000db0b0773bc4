"""``saboteur play``: a person at one seat of the table, bots at the others.

The person sees their seat's observation only.  Each turn shows the table, then
the numbered list of the person's legal moves, and asks for a move in the record
notation (the seat in front is optional) or the number of a move of that list.
The hand goes by letters (``? b`` lists the moves of card b), so that a number
always means a move of the list on screen.  The record is saved at the end, and
also when the person quits or the input ends.
"""

from __future__ import annotations

import argparse
import contextlib
import random
import re
import sys
from pathlib import Path

from rich.console import Console, Group
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from ..bots import Bot, make_bot
from ..rules import GOLD, Game, Move, Observation, Options, save_record, seat_observation
from ..rules.editions import find_edition
from ..rules.game import STEAL
from ..rules.moves import HEADS, NotationError
from .maze_view import cell_of, render_maze_panel
from .move_list import printed_card, render_moves
from .move_sentences import describe_move, who
from .position_view import render_view
from .recent_moves import changed_cells, moves_since_own_turn
from .round_end import final_board, render_game_end, render_round_end
from .table_panels import hand_letter

with contextlib.suppress(ImportError):  # line editing and history at the prompt
    import readline  # noqa: F401

#: Names the bots take at the table, by seat.
BOT_NAMES = (
    "Ada", "Bram", "Cleo", "Dev", "Elin", "Finn", "Gus", "Hana", "Ivo", "Juno", "Kai", "Lina",
)  # fmt: skip
#: The opponents' bot when none is named: the heuristic bot knows only the base game.
DEFAULT_BOT = {"base": "heuristic", "saboteur2": "heuristic"}
GAMES_DIR = Path("saboteur-games")

#: What the person may type, as (example, meaning) pairs for the help table.
HELP_MOVES = (
    ("place NSW 3,-1", "a path card as it lies: its open sides in N E S W order, x in front for"
     " a dead end; a card may be turned (NES lies as NSW)"),
    ("break-lamp @3", "break the lamp of seat 3"),
    ("fix-cart @2", "repair the cart of seat 2"),
    ("fix-pick-lamp lamp @0", "a double repair names the tool it mends"),
    ("rockfall 2,0", "remove the tunnel card at 2,0"),
    ("map 8,-2", "look at the goal at 8,-2"),
    ("discard xNES", "throw a card away face down"),
    ("12", "move number 12 of the list of your moves shown on your turn"),
)  # fmt: skip
#: Saboteur 2's moves besides the base game's (docs/records.md).
HELP_MOVES_SABOTEUR2 = (
    ("place NS+EW 3,0", "cards with several tunnels or marks go by their full code: "
     "EW+xS/door-green, S/ladder, NES/crystal (the move list shows each one)"),
    ("theft", "lay a theft in front of you: steal 1 gold piece at the end of the round"),
    ("hands-off @2", "remove the theft in front of seat 2"),
    ("swap-hand @2", "swap hands with seat 2"),
    ("inspection @2", "look at seat 2's dwarf card"),
    ("swap-hats @2", "seat 2 takes a new dwarf card from the reserve"),
    ("trapped @2", "trap seat 2: no path cards, and no gold this round while trapped"),
    ("free-at-last @0", "free seat 0 from its trap"),
    ("discard NS map xN", "throw 1 to 3 cards away face down, and draw as many"),
    ("clear trapped NS map", "throw 2 cards away to remove one card in front of you: "
     "trapped, theft or break-pick/-lamp/-cart"),
    ("steal @1", "at the end of the round, a thief takes 1 gold piece from seat 1"),
)  # fmt: skip
HELP_COMMANDS = (
    ("? or list", "your legal moves, numbered"),
    ("? b", "the moves with card b of your hand (also ? place, ? map, ? NES ...)"),
    ("view", "draw the table again"),
    ("help", "this help"),
    ("quit", "stop the game; the record so far is saved"),
)
_COMMANDS_HINT = (
    "Type a move or its number, [cyan]?[/] for your moves, [cyan]help[/] or [cyan]quit[/]."
)
_LIST_HINT = "Type the number of a move, or the move itself."
_MOVE_PROMPT = "Your move (? lists them, help)> "
_SHAPE_WORD = re.compile(r"([xX]?)([NESWnesw]{1,4})")


class QuitGame(Exception):
    """The person stops the game: ``status`` is the exit code."""

    def __init__(self, status: int) -> None:
        super().__init__(status)
        self.status = status


def run_play(args: argparse.Namespace, options: Options) -> int:
    """Play one game in the terminal; returns the exit code."""
    console = Console(highlight=False)
    edition = find_edition(getattr(args, "edition", None) or "base")
    try:
        edition.check_players(args.players)
    except ValueError as error:
        print(f"error: --players: {error}", file=sys.stderr)
        return 2
    bot_spec = getattr(args, "bot", None) or DEFAULT_BOT[edition.name]
    if not 0 <= args.seat < args.players:
        print(f"error: --seat must be a seat from 0 to {args.players - 1}", file=sys.stderr)
        return 2
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1_000_000)
    try:
        bots = {
            seat: make_bot(bot_spec, bot_seed(seed, seat))
            for seat in range(args.players)
            if seat != args.seat
        }
    except ValueError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    names = table_names(args.name, args.players, args.seat)
    game = Game.new(args.players, options, seed, names=names, edition=edition.name)
    console.print(Rule(edition.title))
    console.print(
        f"{args.players} players · you are seat {args.seat} ({args.name}) · "
        f"the others are {bot_spec} bots · seed {seed}"
    )
    if args.seed is None:
        again = "" if edition.name == "base" else f" --edition {edition.name}"
        console.print(f"(No seed was given; play this deal again with{again} --seed {seed}.)")
    console.print(
        f"Rule options: {_options_text(options, edition.name)}. Type [cyan]help[/] at any prompt."
    )
    try:
        status = PlaySession(console, game, args.seat, bots).run()
    except QuitGame as stop:
        status = stop.status
    except KeyboardInterrupt:
        console.print("\nInterrupted.")
        status = 130
    saved = _save(console, game, args.save, seed)
    return status if saved == 0 else saved


def render_help(edition: str = "base") -> Group:
    """What the person may type at the move prompt, in a game of ``edition``."""
    table = Table(box=None, show_header=False, padding=(0, 2), pad_edge=False)
    table.add_column(style="cyan", no_wrap=True)
    table.add_column()
    table.add_row(Text("Moves", style="bold"), "type the move, with or without your seat in front")
    for example, meaning in HELP_MOVES:
        table.add_row(example, meaning)
    if edition != "base":
        table.add_row(Text("Saboteur 2", style="bold"), "also these moves")
        for example, meaning in HELP_MOVES_SABOTEUR2:
            table.add_row(example, meaning)
    table.add_row(Text("Commands", style="bold"), "")
    for example, meaning in HELP_COMMANDS:
        table.add_row(example, meaning)
    note = Text(
        "x grows to the right, towards the goals; y grows downwards. Seats count from 0.",
        style="dim",
    )
    return Group(table, note)


def bot_seed(seed: int, seat: int) -> int:
    """Each bot's own seed: distinct per seat, and fixed by the game's seed."""
    return seed * 16 + seat


def table_names(person: str, players: int, seat: int) -> list[str]:
    """The person's name at their seat, bot names elsewhere (never the same as the person's)."""
    names = []
    for other in range(players):  # BOT_NAMES has a name for each of 12 seats
        name = BOT_NAMES[other]
        names.append(person if other == seat else name if name != person else f"{name} (bot)")
    return names


def _options_text(options: Options, edition: str = "base") -> str:
    # Saboteur 2 has no gold cards, so gold-draw means nothing there.
    gold_draw = f"gold-draw {options.gold_draw}, " if edition == "base" else ""
    return (
        f"{gold_draw}next-round-start {options.next_round_start}, "
        f"open hands {'on' if options.open_hands else 'off'}"
    )


def _save(console: Console, game: Game, chosen: str | None, seed: int) -> int:
    """Save the record; 0, or 1 when it cannot be written."""
    path = Path(chosen) if chosen else _free_path(GAMES_DIR / f"game-{seed}.json")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        save_record(game, path)
    except OSError as error:
        print(f"error: could not save the game record to {path}: {error}", file=sys.stderr)
        return 1
    console.print(f"The game record is saved in [bold]{path}[/]")
    console.print(f"Replay it with: saboteur replay {path}")
    return 0


def _free_path(path: Path) -> Path:
    """``path``, or ``game-7-2.json`` and so on when it exists: never overwrite an old game."""
    number = 2
    free = path
    while free.exists():
        free = path.with_name(f"{path.stem}-{number}{path.suffix}")
        number += 1
    return free


class PlaySession:
    """One game between the person at ``seat`` and bots at every other seat."""

    def __init__(self, console: Console, game: Game, seat: int, bots: dict[int, Bot]) -> None:
        self.console = console
        self.game = game
        self.seat = seat
        self.bots = bots

    def run(self) -> int:
        while not self.game.is_over:
            self._turn()
        self.console.print(render_game_end(seat_observation(self.game, self.seat)))
        return 0

    def _turn(self) -> None:
        game = self.game
        mover = game.to_move
        assert mover is not None
        before = seat_observation(game, self.seat)
        number = game.round_number
        if mover == self.seat:
            move = self._ask_move(before)
        else:
            move = self.bots[mover].choose(seat_observation(game, mover), game.legal_moves())
        game.play(move)
        after = seat_observation(game, self.seat)
        seen = after["history"][number - 1][-1]  # the move as this seat saw it
        # Its place in the round, where this seat's private results (looks) are
        # kept, while the round lasts.
        index = len(after["history"][number - 1]) - 1 if game.round_number == number else None
        self.console.print(Text("  ") + describe_move(after, seen, index))
        if game.round_number != number or game.is_over:
            self._round_end(before, seen, after, number)
            return
        if mover == self.seat and move.kind == "map":
            self._tell_map(after, move)
        self._tell_reveals(before, after)

    # -- the person's turn --------------------------------------------------------------

    def _ask_move(self, observation: Observation) -> Move:
        legal = self.game.legal_moves()
        if observation["phase"] == GOLD:
            return self._ask_gold(observation, legal)
        if observation["phase"] == STEAL:
            return self._ask_steal(observation, legal)
        if [move.kind for move in legal] == ["pass"]:
            self.console.print("You have no cards left, so you pass.")
            return legal[0]
        self._show(observation)
        while True:
            text = self._read(_MOVE_PROMPT)
            move = self._understand(text, legal, observation)
            if move is not None:
                return move

    def _show(self, observation: Observation) -> None:
        """The table, then the numbered moves: every number typed is one on screen."""
        recent = moves_since_own_turn(observation)
        history = observation["history"][-1] if observation["history"] else []
        self.console.print(Rule(f"Your turn · round {observation['round']}"))
        self.console.print(
            render_view(
                observation,
                recent=recent,
                recent_first=len(history) - len(recent),
                highlight=changed_cells(recent),
                width=self.console.width,
            )
        )
        self.console.print(Text("Your moves", style="bold"))
        self.console.print(render_moves(enumerate(self.game.legal_moves(), start=1)))
        self.console.print(_LIST_HINT)

    def _understand(self, text: str, legal: list[Move], observation: Observation) -> Move | None:
        """The move ``text`` asks for, or ``None`` after answering a command or an error."""
        words = text.split()
        if not words:
            self.console.print(_COMMANDS_HINT)
            return None
        command = words[0].lower()
        if command in ("?", "list", "moves"):
            self._list_moves(legal, observation, words[1:])
            return None
        if command in ("help", "h"):
            self.console.print(render_help(observation.get("edition", "base")))
            return None
        if command in ("view", "board", "table"):
            self._show(observation)
            return None
        if command in ("quit", "exit", "q"):
            self._confirm_quit()
            return None
        if len(words) == 1 and words[0].isdigit():
            return self._numbered(int(words[0]), legal)
        if len(words) == 1 and _hand_card(words[0], observation.get("hand") or []) is not None:
            self._list_moves(legal, observation, words)  # a card's letter alone: its moves
            return None
        try:
            move = parse_move(text, self.seat)
        except ValueError as error:
            self._complain(str(error))
            return None
        reason = self.game.why_illegal(move)
        if reason is not None:
            self._complain(f"{move.notation()} is not allowed: {reason}")
            return None
        return move

    def _numbered(self, number: int, legal: list[Move]) -> Move | None:
        """Move ``number`` of the list shown at the start of the turn (and by ``?``)."""
        if 1 <= number <= len(legal):
            return legal[number - 1]
        self._complain(f"there is no move {number}: choose 1 to {len(legal)} (? lists them)")
        return None

    def _complain(self, message: str) -> None:
        self.console.print(Text("✗ ", style="bold red") + Text(message))

    def _list_moves(self, legal: list[Move], observation: Observation, words: list[str]) -> None:
        numbered = list(enumerate(legal, start=1))
        if words:
            asked = " ".join(words)
            wanted = _card_or_kind(asked, observation.get("hand") or [])
            if wanted is None:
                digit = asked.isdigit()
                hint = " (the cards of your hand go by their letter: ? a)" if digit else ""
                self._complain(f"{asked!r} is neither a card of your hand nor a kind{hint}")
                return
            numbered = [(n, move) for n, move in numbered if _uses(move, wanted)]
            if not numbered:
                self._complain(f"no legal move with {wanted}")
                return
        self.console.print(render_moves(numbered))
        self.console.print(_LIST_HINT)

    def _confirm_quit(self) -> None:
        answer = self._read("Quit this game? The record so far will be saved. [y/N] ")
        if answer.strip().lower() in ("y", "yes"):
            raise QuitGame(0)
        self.console.print("Then play on.")

    def _read(self, prompt: str) -> str:
        try:
            return input(prompt)
        except EOFError:
            self.console.print("\nThe input has ended; stopping the game.")
            raise QuitGame(1) from None

    # -- gold -------------------------------------------------------------------------------

    def _ask_gold(self, observation: Observation, legal: list[Move]) -> Move:
        offer = observation["gold_offer"]
        history = observation["history"][-1]
        if not history[-1].endswith(" take"):  # the first pick: show where the gold was found
            self.console.print(Rule("Gold!"))
            self.console.print(render_maze_panel(observation, changed_cells(history[-1:])))
        shown = " ".join(map(str, offer))
        self.console.print(f"You pick a gold card. Offered to you: [bold yellow]{shown}[/]")
        if len(legal) == 1:
            self.console.print(f"They are all worth {offer[0]}, so you keep one of them.")
            return legal[0]
        values = "/".join(str(move.value) for move in legal)
        while True:
            text = self._read(f"Keep which gold card ({values})? ")
            words = text.split()
            if len(words) == 1 and words[0].isdigit():
                if int(words[0]) not in offer:
                    self._complain(f"no gold card of {words[0]} is offered: keep {values}")
                    continue
                text = f"take {words[0]}"
            elif words and words[0].lower() in ("?", "list", "view", "board"):
                self.console.print(f"Offered to you: {shown}")
                continue
            move = self._understand(text, legal, observation)
            if move is not None:
                return move

    # -- thefts (Saboteur 2) -----------------------------------------------------------------

    def _ask_steal(self, observation: Observation, legal: list[Move]) -> Move:
        """The person is a thief at the end of a round: from whom to steal 1 gold piece."""
        pieces = observation["gold_pieces"]
        victims = [move.target for move in legal]
        shown = " · ".join(f"{who(observation, seat)} {pieces[seat]} GP" for seat in victims)
        self.console.print(Rule("Thief!"))
        self.console.print(f"You steal 1 gold piece from one of: {shown}")
        seats = "/".join(str(seat) for seat in victims)
        while True:
            text = self._read(f"Steal from which seat ({seats})? ")
            words = text.split()
            if len(words) == 1 and words[0].isdigit():
                if int(words[0]) not in victims:
                    self._complain(f"you cannot steal from seat {words[0]}: choose {seats}")
                    continue
                text = f"steal @{words[0]}"
            elif words and words[0].lower() in ("?", "list", "view", "board"):
                self.console.print(f"You may steal from: {shown}")
                continue
            move = self._understand(text, legal, observation)
            if move is not None:
                return move

    # -- news -------------------------------------------------------------------------------

    def _tell_map(self, observation: Observation, move: Move) -> None:
        for goal in observation["goals"]:
            if cell_of(goal) == move.cell:
                kind = "the GOLD" if goal["card"] == "gold" else "stone"
                self.console.print(f"  The map shows: the goal at {move.x},{move.y} is {kind}.")

    def _tell_reveals(self, before: Observation, after: Observation) -> None:
        """Goals that the last move turned face up."""
        for old, new in zip(before["goals"], after["goals"], strict=True):
            if new["face_up"] and not old["face_up"]:
                where = f"{new['x']},{new['y']}"
                if new["card"] == "gold" and after.get("edition", "base") != "base":
                    # Who wins depends on the doors and the finder: the round end says.
                    text = f"  [bold yellow]The GOLD is found at {where}![/]"
                elif new["card"] == "gold":
                    text = f"  [bold yellow]The GOLD is found at {where}![/] The miners win."
                else:
                    text = f"  The goal at {where} is turned up: it is stone."
                self.console.print(text)

    def _round_end(self, before: Observation, last: str, after: Observation, number: int) -> None:
        console = self.console
        board = final_board(before, after)
        console.print(Rule(f"End of round {number}"))
        console.print(render_maze_panel(board, changed_cells([last])))
        console.print(render_round_end(after, after["rounds"][number - 1], number))
        if self.game.is_over:
            return
        if "gold_pieces" in after:
            pieces = after["gold_pieces"][self.seat]
            console.print(f"Your gold so far: {pieces} gold piece{'' if pieces == 1 else 's'}.")
        else:
            kept = after["gold"]["kept"]
            console.print(f"Your gold so far: {sum(kept)} nugget{'' if sum(kept) == 1 else 's'}.")
        self._read(f"Press Enter to start round {number + 1} ")


#: How each kind of move is written, for messages about moves that are not.
USAGE = {
    "place": "place SHAPE x,y (place NSW 3,-1)",
    "break": "break-TOOL @SEAT (break-lamp @3)",
    "fix": "fix-TOOL @SEAT (fix-cart @2), or for a double repair fix-pick-lamp lamp @0",
    "rockfall": "rockfall x,y (rockfall 2,0)",
    "map": "map x,y (map 8,-2)",
    "discard": "discard CARD (discard xNES); in Saboteur 2 up to 3 cards (discard NS map xN)",
    "take": "take VALUE (take 2)",
    "pass": "pass",
    "theft": "theft",
    "hands-off": "hands-off @SEAT (hands-off @2)",
    "swap-hand": "swap-hand @SEAT (swap-hand @2)",
    "inspection": "inspection @SEAT (inspection @2)",
    "swap-hats": "swap-hats @SEAT (swap-hats @0)",
    "trapped": "trapped @SEAT (trapped @2)",
    "free-at-last": "free-at-last @SEAT (free-at-last @0)",
    "clear": "clear FRONT CARD CARD (clear trapped NS map)",
    "steal": "steal @SEAT (steal @1)",
}
#: Words written in lower case whatever the person typed: every move's first word.
_WORDS = frozenset(USAGE) | frozenset(HEADS) | {"?", "list", "help", "quit"}
#: Saboteur 2's card marks, in the order a code writes them.
_MARKS = ("door-blue", "door-green", "ladder", "crystal")


def parse_move(text: str, seat: int) -> Move:
    """A move typed by the person at ``seat``, with or without the seat in front.

    Spacing is forgiven (``place nsw 3, -1``), and a shape's letters may come in
    any order and case; the seat, when written, must be the person's own.
    ``ValueError`` says what is wrong, in words for the person.
    """
    words = " ".join(text.split())
    words = re.sub(r" ?, ?", ",", words)
    words = re.sub(r"@ ", "@", words)
    tokens = [_tidy_word(word) for word in words.split(" ")]
    if tokens[0].lstrip("-").isdigit():
        if int(tokens[0]) != seat:
            raise ValueError(f"you play seat {seat}, not seat {tokens[0]}")
        tokens = tokens[1:]
    if not tokens:
        raise ValueError("a seat number alone is not a move")
    kind = tokens[0] if tokens[0] in USAGE else tokens[0].partition("-")[0]
    if kind not in USAGE:
        raise ValueError(f"{text.strip()!r} is neither a move nor a command (type help)")
    try:
        return Move.parse_notation(seat, " ".join(tokens))
    except NotationError as error:
        reason = error.detail or f"write {USAGE[kind]}"
        raise ValueError(f"{text.strip()!r} is not a move: {reason}") from None


def _tidy_word(word: str) -> str:
    if "+" in word or "/" in word:
        return _tidy_code(word)
    return _tidy_group(word)


def _tidy_group(word: str) -> str:
    match = _SHAPE_WORD.fullmatch(word)
    if match is None:
        return word.lower() if word.lower() in _WORDS else word
    letters = match[2].upper()
    if len(set(letters)) != len(letters):
        return word
    ordered = "".join(side for side in "NESW" if side in letters)
    return ("x" if match[1] else "") + ordered


def _tidy_code(word: str) -> str:
    """A Saboteur 2 code in its one spelling: ``ew+xn/DOOR-green`` -> ``EW+xN/door-green``.

    Tunnels are ordered by their first side, the stubs gathered into one ``x``
    group, the marks put in order; a word that is no such code stays as typed.
    """
    head, *marks = word.split("/")
    groups = [_tidy_group(group) for group in head.split("+")]
    if not all(_SHAPE_WORD.fullmatch(group) for group in groups):
        return word
    marks = [mark.lower() for mark in marks]
    if any(mark not in _MARKS for mark in marks):
        return word
    tunnels = sorted((group for group in groups if not group.startswith("x")), key="NESW".index)
    stubs = "".join(group[1:] for group in groups if group.startswith("x"))
    parts = tunnels + ([_tidy_group("x" + stubs)] if stubs else [])
    return "+".join(parts) + "".join("/" + mark for mark in _MARKS if mark in marks)


def _hand_card(text: str, hand: list[str]) -> str | None:
    """The card of the hand whose letter is ``text`` (``a`` is the first), or None."""
    for index, card in enumerate(hand):
        if text.lower() == hand_letter(index):
            return card
    return None


def _card_or_kind(text: str, hand: list[str]) -> str | None:
    """What ``? text`` asks about: a card of the hand by its letter, a card code, or a kind."""
    card = _hand_card(text, hand)
    if card is not None:
        return card
    word = _tidy_word(text)
    return word if word in hand or word in USAGE else None  # USAGE names every kind of move


def _uses(move: Move, wanted: str) -> bool:
    """Whether ``move`` is of kind ``wanted`` or plays (or discards) the card ``wanted``."""
    if move.kind == wanted:
        return True
    if move.kind == "place":
        return printed_card(move.card) == wanted
    return wanted in move.cards_played()
