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
from collections.abc import Sequence
from pathlib import Path

from rich.console import Console, Group
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from ..bots import Bot, make_bot
from ..i18n import from_environment, translate
from ..rules import GOLD, Game, Move, Observation, Options, save_record, seat_observation
from ..rules.duel_deck import DeckError
from ..rules.editions import find_edition
from ..rules.game import STEAL
from ..rules.moves import CLEAR, DISCARD, HEADS, NotationError
from .bot_descriptions import describe_bot
from .maze_view import cell_of, render_maze_panel
from .move_list import ChooseCards, Entry, menu_entries, printed_card, render_moves
from .move_sentences import describe_move, who
from .position_view import render_view
from .recent_moves import changed_cells, moves_since_own_turn
from .round_end import final_board, render_game_end, render_round_end
from .table_panels import hand_letter
from .words import N_, _, language, ngettext, pgettext, speaking

with contextlib.suppress(ImportError):  # line editing and history at the prompt
    import readline  # noqa: F401

#: Names the bots take at the table, by seat.
BOT_NAMES = (
    "Ada", "Bram", "Cleo", "Dev", "Elin", "Finn", "Gus", "Hana", "Ivo", "Juno", "Kai", "Lina",
)  # fmt: skip
#: The opponents' bot when none is named: the heuristic bot knows only the base game.
DEFAULT_BOT = {"base": "heuristic", "saboteur2": "heuristic", "duel": "heuristic"}
GAMES_DIR = Path("saboteur-games")

#: What the person may type, as (example, meaning) pairs for the help table.
HELP_MOVES = (
    ("place NSW 3,-1", N_("a path card as it lies: its open sides in N E S W order, x in front for"
     " a dead end; a card may be turned (NES lies as NSW)")),
    ("break-lamp @3", N_("break the lamp of seat 3")),
    ("fix-cart @2", N_("repair the cart of seat 2")),
    ("fix-pick-lamp lamp @0", N_("a double repair names the tool it mends")),
    ("rockfall 2,0", N_("remove the tunnel card at 2,0")),
    ("map 8,-2", N_("look at the goal at 8,-2")),
    ("discard xNES", N_("throw a card away face down")),
    ("12", N_("move number 12 of the list of your moves shown on your turn")),
)  # fmt: skip
#: Saboteur 2's moves besides the base game's (docs/records.md).
HELP_MOVES_SABOTEUR2 = (
    ("place NS+EW 3,0", N_("cards with several tunnels or marks go by their full code: "
     "EW+xS/door-green, S/ladder, NES/crystal (the move list shows each one)")),
    ("theft", N_("lay a theft in front of you: steal 1 gold piece at the end of the round")),
    ("hands-off @2", N_("remove the theft in front of seat 2")),
    ("swap-hand @2", N_("swap hands with seat 2")),
    ("inspection @2", N_("look at seat 2's dwarf card")),
    ("swap-hats @2", N_("seat 2 takes a new dwarf card from the reserve")),
    ("trapped @2", N_("trap seat 2: no path cards, and no gold this round while trapped")),
    ("free-at-last @0", N_("free seat 0 from its trap")),
    ("discard NS map xN", N_("throw 1 to 3 cards away face down, and draw as many")),
    ("clear trapped NS map", N_("throw 2 cards away to remove one card in front of you: "
     "trapped, theft or break-pick/-lamp/-cart")),
    ("steal @1", N_("at the end of the round, a thief takes 1 gold piece from seat 1")),
)  # fmt: skip
HELP_COMMANDS = (
    ("? or list", N_("your legal moves, numbered")),
    ("? b", N_("the moves with card b of your hand (also ? place, ? map, ? NES ...)")),
    ("view", N_("draw the table again")),
    ("help", N_("this help")),
    ("quit", N_("stop the game; the record so far is saved")),
)
# TRANSLATORS: "?", "help" and "quit" are what the person types: keep them as they are.
_COMMANDS_HINT = N_(
    "Type a move or its number, [cyan]?[/] for your moves, [cyan]help[/] or [cyan]quit[/]."
)
_LIST_HINT = N_("Type the number of a move, or the move itself.")
_MOVE_PROMPT = N_("Your move (? lists them, help)> ")
_SHAPE_WORD = re.compile(r"([xX]?)([NESWnesw]{1,4})")


class QuitGame(Exception):
    """The person stops the game: ``status`` is the exit code."""

    def __init__(self, status: int) -> None:
        super().__init__(status)
        self.status = status


def run_play(args: argparse.Namespace, options: Options) -> int:
    """Play one game in the terminal, in the language ``--lang`` or the environment
    asks for; returns the exit code."""
    with speaking(getattr(args, "lang", None) or from_environment()):
        return _run_play(args, options)


def _run_play(args: argparse.Namespace, options: Options) -> int:
    console = Console(highlight=False)
    edition = find_edition(getattr(args, "edition", None) or "base")
    try:
        edition.check_players(args.players)
    except ValueError as error:
        _error(_("--players: {problem}").format(problem=error))
        return 2
    bot_spec = getattr(args, "bot", None) or DEFAULT_BOT[edition.name]
    if not 0 <= args.seat < args.players:
        _error(_("--seat must be a seat from 0 to {last}").format(last=args.players - 1))
        return 2
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1_000_000)
    try:
        bots = {
            seat: make_bot(bot_spec, bot_seed(seed, seat))
            for seat in range(args.players)
            if seat != args.seat
        }
    except ValueError as error:
        _error(str(error))
        return 2
    person = args.name or pgettext("player name", "You")
    names = table_names(person, args.players, args.seat)
    try:
        game = Game.new(
            args.players,
            options,
            seed,
            names=names,
            edition=edition.name,
            deck=getattr(args, "deck", None),
        )
    except DeckError as error:
        _error(_("--deck: {problem}").format(problem=translate(error.reason, language())))
        return 2
    console.print(Rule(pgettext("edition", edition.title)))
    console.print(
        _(
            "{players} players · you are seat {seat} ({name}) · "
            "the others are {bot} bots · seed {seed}"
        ).format(players=args.players, seat=args.seat, name=person, bot=bot_spec, seed=seed),
        markup=False,
    )
    description = describe_bot(bot_spec)
    if description is not None:
        console.print(description, markup=False)
    if args.seed is None:
        again = "" if edition.name == "base" else f" --edition {edition.name}"
        console.print(
            _("(No seed was given; play this deal again with{again} --seed {seed}.)").format(
                again=again, seed=seed
            )
        )
    # TRANSLATORS: "help" is the command the person types: keep it as it is.
    console.print(
        _("Rule options: {options}. Type [cyan]help[/] at any prompt.").format(
            options=_options_text(options, edition.name)
        )
    )
    try:
        status = PlaySession(console, game, args.seat, bots).run()
    except QuitGame as stop:
        status = stop.status
    except KeyboardInterrupt:
        console.print("\n" + _("Interrupted."))
        status = 130
    saved = _save(console, game, args.save, seed)
    return status if saved == 0 else saved


def render_help(edition: str = "base") -> Group:
    """What the person may type at the move prompt, in a game of ``edition``."""
    table = Table(box=None, show_header=False, padding=(0, 2), pad_edge=False)
    table.add_column(style="cyan", no_wrap=True)
    table.add_column()
    table.add_row(
        Text(_("Moves"), style="bold"), _("type the move, with or without your seat in front")
    )
    for example, meaning in HELP_MOVES:
        table.add_row(example, _(meaning))
    if edition != "base":
        table.add_row(Text(pgettext("edition", "Saboteur 2"), style="bold"), _("also these moves"))
        for example, meaning in HELP_MOVES_SABOTEUR2:
            table.add_row(example, _(meaning))
    table.add_row(Text(_("Commands"), style="bold"), "")
    for example, meaning in HELP_COMMANDS:
        table.add_row(example, _(meaning))
    note = Text(
        _("x grows to the right, towards the goals; y grows downwards. Seats count from 0."),
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
    # (The names are the record's: they stay as they are in every language.)
    return names


def _options_text(options: Options, edition: str = "base") -> str:
    # Saboteur 2 has no gold cards, so gold-draw means nothing there.
    # The options go by the names their flags have (--gold-draw players); only the
    # open hands' on or off is a phrase.
    gold_draw = f"gold-draw {options.gold_draw}, " if edition == "base" else ""
    open_hands = _("open hands on") if options.open_hands else _("open hands off")
    return f"{gold_draw}next-round-start {options.next_round_start}, {open_hands}"


def _save(console: Console, game: Game, chosen: str | None, seed: int) -> int:
    """Save the record; 0, or 1 when it cannot be written."""
    path = Path(chosen) if chosen else _free_path(GAMES_DIR / f"game-{seed}.json")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        save_record(game, path)
    except OSError as error:
        _error(
            _("could not save the game record to {path}: {reason}").format(path=path, reason=error)
        )
        return 1
    console.print(_("The game record is saved in [bold]{path}[/]").format(path=path))
    console.print(_("Replay it with: saboteur replay {path}").format(path=path), markup=False)
    return 0


def _error(message: str) -> None:
    print(_("error: {message}").format(message=message), file=sys.stderr)


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
            self.console.print(_("You have no cards left, so you pass."))
            return legal[0]
        self._show(observation)
        while True:
            text = self._read(_(_MOVE_PROMPT))
            move = self._understand(text, legal, observation)
            if move is not None:
                return move

    def _show(self, observation: Observation) -> None:
        """The table, then the numbered moves: every number typed is one on screen."""
        recent = moves_since_own_turn(observation)
        history = observation["history"][-1] if observation["history"] else []
        self.console.print(Rule(_("Your turn · round {round}").format(round=observation["round"])))
        self.console.print(
            render_view(
                observation,
                recent=recent,
                recent_first=len(history) - len(recent),
                highlight=changed_cells(recent),
                width=self.console.width,
            )
        )
        self.console.print(Text(_("Your moves"), style="bold"))
        self.console.print(render_moves(enumerate(menu_entries(self.game.legal_moves()), start=1)))
        self.console.print(_(_LIST_HINT))

    def _understand(
        self, text: str, legal: Sequence[Move], observation: Observation
    ) -> Move | None:
        """The move ``text`` asks for, or ``None`` after answering a command or an error."""
        words = text.split()
        if not words:
            self.console.print(_(_COMMANDS_HINT))
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
            return self._numbered(int(words[0]), legal, observation)
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
            self._complain(
                _("{move} is not allowed: {reason}").format(
                    move=move.notation(), reason=translate(reason, language())
                )
            )
            return None
        return move

    def _numbered(
        self, number: int, legal: Sequence[Move], observation: Observation
    ) -> Move | None:
        """Move ``number`` of the list shown at the start of the turn (and by ``?``)."""
        entries = menu_entries(legal)
        if not 1 <= number <= len(entries):
            self._complain(
                _("there is no move {number}: choose 1 to {last} (? lists them)").format(
                    number=number, last=len(entries)
                )
            )
            return None
        entry = entries[number - 1]
        if isinstance(entry, ChooseCards):
            return self._ask_cards(entry, legal, observation)
        return entry

    def _ask_cards(
        self, choice: ChooseCards, legal: Sequence[Move], observation: Observation
    ) -> Move | None:
        """The cards of a discard of several, or of a clear, asked by their letters in
        the hand; an empty answer goes back to the move prompt."""
        hand = observation.get("hand") or []
        letters = " ".join(hand_letter(index) for index in range(min(choice.most, len(hand))))
        if choice.kind == CLEAR:
            prompt = _(
                "Which 2 cards do you discard to clear {front}? Letters of your hand ({letters}): "
            ).format(front=choice.front, letters=letters)
            wrong = _("{text!r} is not 2 different letters of your hand")
        else:
            prompt = _("Discard which cards? 2 to {most} letters of your hand ({letters}): ")
            prompt = prompt.format(most=choice.most, letters=letters)
            wrong = _("{text!r} is not 2 to {most} different letters of your hand")
        while True:
            text = self._read(prompt)
            if not text.strip():
                return None
            cards = _chosen_cards(text, hand)
            if cards is None or not choice.fewest <= len(cards) <= choice.most:
                self._complain(wrong.format(text=text.strip(), most=choice.most))
                continue
            ordered = sorted(cards)
            if choice.kind == CLEAR:
                move = Move(self.seat, CLEAR, ordered[0], also=(ordered[1],), front=choice.front)
            else:
                move = Move(self.seat, DISCARD, ordered[0], also=tuple(ordered[1:]))
            if move in legal:
                return move
            reason = self.game.why_illegal(move)
            self._complain(
                _("{move} is not allowed: {reason}").format(
                    move=move.notation(),
                    reason=translate(reason, language()) if reason else "",
                )
            )

    def _complain(self, message: str) -> None:
        self.console.print(Text("✗ ", style="bold red") + Text(message))

    def _list_moves(
        self, legal: Sequence[Move], observation: Observation, words: list[str]
    ) -> None:
        numbered: list[tuple[int, Entry]] = list(enumerate(menu_entries(legal), start=1))
        if words:
            asked = " ".join(words)
            wanted = _card_or_kind(asked, observation.get("hand") or [])
            if wanted is None:
                if asked.isdigit():
                    problem = _(
                        "{asked!r} is neither a card of your hand nor a kind "
                        "(the cards of your hand go by their letter: ? a)"
                    )
                else:
                    problem = _("{asked!r} is neither a card of your hand nor a kind")
                self._complain(problem.format(asked=asked))
                return
            numbered = [(n, move) for n, move in numbered if _uses(move, wanted)]
            if not numbered:
                self._complain(_("no legal move with {card}").format(card=wanted))
                return
        self.console.print(render_moves(numbered))
        self.console.print(_(_LIST_HINT))

    def _confirm_quit(self) -> None:
        # TRANSLATORS: [y/N] are the answers' first letters, "y" and "yes" below too.
        answer = self._read(_("Quit this game? The record so far will be saved. [y/N] "))
        if answer.strip().lower() in ("y", "yes", _("y"), _("yes")):
            raise QuitGame(0)
        self.console.print(_("Then play on."))

    def _read(self, prompt: str) -> str:
        try:
            return input(prompt)
        except EOFError:
            self.console.print("\n" + _("The input has ended; stopping the game."))
            raise QuitGame(1) from None

    # -- gold -------------------------------------------------------------------------------

    def _ask_gold(self, observation: Observation, legal: Sequence[Move]) -> Move:
        offer = observation["gold_offer"]
        history = observation["history"][-1]
        if not history[-1].endswith(" take"):  # the first pick: show where the gold was found
            self.console.print(Rule(_("Gold!")))
            self.console.print(render_maze_panel(observation, changed_cells(history[-1:])))
        shown = " ".join(map(str, offer))
        self.console.print(
            _("You pick a gold card. Offered to you: [bold yellow]{offer}[/]").format(offer=shown)
        )
        if len(legal) == 1:
            self.console.print(
                _("They are all worth {value}, so you keep one of them.").format(value=offer[0])
            )
            return legal[0]
        values = "/".join(str(move.value) for move in legal)
        while True:
            text = self._read(_("Keep which gold card ({values})? ").format(values=values))
            words = text.split()
            if len(words) == 1 and words[0].isdigit():
                if int(words[0]) not in offer:
                    self._complain(
                        _("no gold card of {value} is offered: keep {values}").format(
                            value=words[0], values=values
                        )
                    )
                    continue
                text = f"take {words[0]}"
            elif words and words[0].lower() in ("?", "list", "view", "board"):
                self.console.print(_("Offered to you: {offer}").format(offer=shown))
                continue
            move = self._understand(text, legal, observation)
            if move is not None:
                return move

    # -- thefts (Saboteur 2) -----------------------------------------------------------------

    def _ask_steal(self, observation: Observation, legal: Sequence[Move]) -> Move:
        """The person is a thief at the end of a round: from whom to steal 1 gold piece."""
        pieces = observation["gold_pieces"]
        victims = [move.target for move in legal]
        shown = " · ".join(
            _("{seat} {count} GP").format(seat=who(observation, seat), count=pieces[seat])
            for seat in victims
        )
        self.console.print(Rule(_("Thief!")))
        self.console.print(_("You steal 1 gold piece from one of: {seats}").format(seats=shown))
        seats = "/".join(str(seat) for seat in victims)
        while True:
            text = self._read(_("Steal from which seat ({seats})? ").format(seats=seats))
            words = text.split()
            if len(words) == 1 and words[0].isdigit():
                if int(words[0]) not in victims:
                    self._complain(
                        _("you cannot steal from seat {seat}: choose {seats}").format(
                            seat=words[0], seats=seats
                        )
                    )
                    continue
                text = f"steal @{words[0]}"
            elif words and words[0].lower() in ("?", "list", "view", "board"):
                self.console.print(_("You may steal from: {seats}").format(seats=shown))
                continue
            move = self._understand(text, legal, observation)
            if move is not None:
                return move

    # -- news -------------------------------------------------------------------------------

    def _tell_map(self, observation: Observation, move: Move) -> None:
        for goal in observation["goals"]:
            if cell_of(goal) == move.cell:
                if goal["card"] == "gold":
                    shows = _("The map shows: the goal at {x},{y} is the GOLD.")
                else:
                    shows = _("The map shows: the goal at {x},{y} is stone.")
                self.console.print("  " + shows.format(x=move.x, y=move.y))

    def _tell_reveals(self, before: Observation, after: Observation) -> None:
        """Goals that the last move turned face up."""
        for old, new in zip(before["goals"], after["goals"], strict=True):
            if new["face_up"] and not old["face_up"]:
                if new["card"] == "gold" and after.get("edition", "base") != "base":
                    # Who wins depends on the doors and the finder: the round end says.
                    text = _("[bold yellow]The GOLD is found at {x},{y}![/]")
                elif new["card"] == "gold":
                    text = _("[bold yellow]The GOLD is found at {x},{y}![/] The miners win.")
                else:
                    text = _("The goal at {x},{y} is turned up: it is stone.")
                self.console.print("  " + text.format(x=new["x"], y=new["y"]))

    def _round_end(self, before: Observation, last: str, after: Observation, number: int) -> None:
        console = self.console
        board = final_board(before, after)
        console.print(Rule(_("End of round {number}").format(number=number)))
        console.print(render_maze_panel(board, changed_cells([last])))
        console.print(render_round_end(after, after["rounds"][number - 1], number))
        if self.game.is_over:
            return
        if after.get("edition") == "duel":
            nuggets = (after["nuggets"] or [0, 0])[self.seat]
            so_far = ngettext(
                "Your gold so far: {count} nugget.", "Your gold so far: {count} nuggets.", nuggets
            ).format(count=nuggets)
        elif "gold_pieces" in after:
            pieces = after["gold_pieces"][self.seat]
            so_far = ngettext(
                "Your gold so far: {count} gold piece.",
                "Your gold so far: {count} gold pieces.",
                pieces,
            ).format(count=pieces)
        else:
            nuggets = sum(after["gold"]["kept"])
            so_far = ngettext(
                "Your gold so far: {count} nugget.", "Your gold so far: {count} nuggets.", nuggets
            ).format(count=nuggets)
        console.print(so_far)
        self._read(_("Press Enter to start round {number} ").format(number=number + 1))


#: How each kind of move is written, for messages about moves that are not.
# TRANSLATORS: only the words between the forms are yours; the forms (place SHAPE
# x,y ...) are the notation people type.
USAGE = {
    "place": "place SHAPE x,y (place NSW 3,-1)",
    "break": "break-TOOL @SEAT (break-lamp @3)",
    "fix": N_("fix-TOOL @SEAT (fix-cart @2), or for a double repair fix-pick-lamp lamp @0"),
    "rockfall": "rockfall x,y (rockfall 2,0)",
    "map": "map x,y (map 8,-2)",
    "discard": N_("discard CARD (discard xNES); in Saboteur 2 up to 3 cards (discard NS map xN)"),
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
            raise ValueError(
                _("you play seat {seat}, not seat {other}").format(seat=seat, other=tokens[0])
            )
        tokens = tokens[1:]
    if not tokens:
        raise ValueError(_("a seat number alone is not a move"))
    kind = tokens[0] if tokens[0] in USAGE else tokens[0].partition("-")[0]
    if kind not in USAGE:
        raise ValueError(
            _("{text!r} is neither a move nor a command (type help)").format(text=text.strip())
        )
    try:
        return Move.parse_notation(seat, " ".join(tokens))
    except NotationError as error:
        if error.detail:
            reason = translate(error.detail, language())
        else:
            reason = _("write {usage}").format(usage=_(USAGE[kind]))
        raise ValueError(
            _("{text!r} is not a move: {reason}").format(text=text.strip(), reason=reason)
        ) from None


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


def _chosen_cards(text: str, hand: list[str]) -> list[str] | None:
    """The cards of the hand that ``text`` names by their letters (``a c e`` or ``ace``),
    or None unless it names 2 or more different ones."""
    letters = "".join(text.split()).lower()
    if len(set(letters)) != len(letters) or len(letters) < 2:
        return None
    cards = [_hand_card(letter, hand) for letter in letters]
    if any(card is None for card in cards):
        return None
    return [card for card in cards if card is not None]


def _uses(move: Entry, wanted: str) -> bool:
    """Whether ``move`` is of kind ``wanted`` or plays (or discards) the card ``wanted``."""
    if isinstance(move, ChooseCards):  # any card of the hand may be among them
        return wanted in (move.kind, move.front) or wanted not in USAGE
    if move.kind == wanted:
        return True
    if move.kind == "place":
        return printed_card(move.card) == wanted
    return wanted in move.cards_played()
