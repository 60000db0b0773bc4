"""Drawing a position with Rich, from an observation and nothing else.

Every panel is a function of an observation dict (a seat's, a spectator's, or
a replay's merged one), never of the game, so the terminal cannot show what
the viewer may not know.  Each panel is a separate function so that tests can
check what each one shows.

The maze is drawn as a grid of cards, each ``CELL_WIDTH`` characters wide and
three lines high, with box-drawing tunnels::

      ┃       ┃                ╭───╮
    ━━S━━   ━━■       ━━┓      │ ? │
      ┃       ┃         ┃      ╰───╯
    start    dead end   curve   face-down goal
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from io import StringIO
from typing import Any, Final

from rich import box
from rich.columns import Columns
from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.measure import Measurement
from rich.panel import Panel
from rich.segment import Segment
from rich.table import Table
from rich.text import Text

from ..rules import Move, Observation
from ..rules.cards import (
    CARD_OF_SHAPE,
    DEAD_END,
    FIX_TOOLS,
    ORIENTATIONS,
    E,
    N,
    S,
    W,
    parse_shape,
    shape_code,
)

CELL_WIDTH: Final = 5
RULER_WIDTH: Final = 4
DEAD_END_MARK: Final = "■"
LEGEND: Final = "S start · ■ dead end · ? goal · $ gold · ▒ stone"

# Box-drawing centre of a connected card, by its open sides.
_CENTRE: Final = {
    N | S: "┃", E | W: "━", N | E: "┗", N | W: "┛", E | S: "┏", S | W: "┓",
    N | E | S: "┣", N | S | W: "┫", E | S | W: "┳", N | E | W: "┻", N | E | S | W: "╋",
    N: "╹", E: "╺", S: "╻", W: "╸",
}  # fmt: skip

# Colours from the 256-colour palette, so that they look the same in every terminal.
_TUNNEL: Final = "bold color(222)"
_CARD_BACKS: Final = ("on grey19", "on grey23")  # alternate so neighbouring cards stay apart
_STYLE: Final = {
    "empty": "grey42",
    "start": "bold white on dark_green",
    "start-centre": "bold bright_green on dark_green",
    "dead-end": "bold bright_red",
    "goal-back": "bold white on navy_blue",
    "gold": "bold bright_white on dark_goldenrod",
    "stone": "grey82 on grey35",
    "highlight": "on color(94)",
}
_GOAL_FILL: Final = {"gold": "$", "stone": "▒"}

_TOOL_STYLE: Final = "bold red"
_ROLE_STYLE: Final = {"miner": "bold yellow", "saboteur": "bold magenta"}
_ROLE_NAME: Final = {"miner": "gold-miner", "saboteur": "saboteur"}

Cell = tuple[int, int]


# -- names and moves ----------------------------------------------------------------------


def seat_name(observation: Observation, seat: int) -> str:
    """The name of a seat at the table, ``"Seat 3"`` when the game has no names."""
    names = observation.get("names")
    return str(names[seat]) if names else f"Seat {seat}"


def who(observation: Observation, seat: int) -> str:
    """A seat as moves mention it: ``"Bo (1)"``, ``"seat 1"`` in a game without names,
    or ``"you"`` for the viewer."""
    if seat == observation.get("seat"):
        return "you"
    if not observation.get("names"):
        return f"seat {seat}"
    return f"{seat_name(observation, seat)} ({seat})"


def mover(move: str) -> int:
    """The seat that made a move of the history."""
    return int(move.partition(" ")[0])


def describe_move(observation: Observation, text: str) -> Text:
    """A move of the history (``"1 break-lamp @3"``) in words, from the viewer's side.

    Others' face-down discards and gold picks come as ``"1 discard"`` and ``"1 take"``.
    """
    seat = mover(text)
    rest = text.partition(" ")[2]
    actor = who(observation, seat)
    you = actor == "you"

    def verb(third_person: str, plain: str) -> str:
        return plain if you else third_person

    line = Text(actor[0].upper() + actor[1:] + " ", style="bold" if you else "")
    if rest == "discard":
        line.append(verb("discards", "discard") + " a card face down", style="dim")
        return line
    if rest == "take":
        line.append(verb("keeps", "keep") + " a gold card")
        return line
    move = Move.parse(text)
    if move.kind == "place":
        line.append(verb("places", "place") + " ")
        line.append(move.card, style=_TUNNEL)
        line.append(f" at {move.x},{move.y}")
    elif move.kind == "break":
        line.append(verb("breaks", "break") + " ")
        line.append_text(_tool_of(observation, move.tool, move.target, _TOOL_STYLE))
    elif move.kind == "fix":
        line.append(verb("repairs", "repair") + " ")
        line.append_text(_tool_of(observation, move.tool, move.target, ""))
        line.append(f" ({move.card})", style="dim")
    elif move.kind == "rockfall":
        line.append(verb("drops", "drop") + " a ")
        line.append("rockfall", style="bold magenta")
        line.append(f" on {move.x},{move.y}")
    elif move.kind == "map":
        line.append(verb("looks", "look") + f" at the goal at {move.x},{move.y} with a map")
    elif move.kind == "discard":
        line.append(verb("discards", "discard") + f" {move.card}", style="dim")
    elif move.kind == "take":
        line.append(verb("keeps", "keep") + " a gold card of ")
        line.append(str(move.value), style=_STYLE["gold"])
    else:
        line.append(verb("passes", "pass") + " (no cards left)", style="dim")
    return line


def _tool_of(observation: Observation, tool: str, seat: int, style: str) -> Text:
    """``"your lamp"`` for the viewer's tool, ``"the lamp of Bo (1)"`` for another's."""
    if seat == observation.get("seat"):
        return Text("your ") + Text(tool, style=style)
    return Text("the ") + Text(tool, style=style) + Text(f" of {who(observation, seat)}")


def moves_since_own_turn(observation: Observation) -> list[str]:
    """The moves of this round made after the viewer's last move in it."""
    history = observation["history"][-1] if observation["history"] else []
    viewer = observation.get("seat")
    start = 0
    for index, text in enumerate(history):
        if mover(text) == viewer:
            start = index + 1
    return list(history[start:])


def changed_cells(moves: Iterable[str]) -> list[Cell]:
    """The cells that placements and rockfalls among ``moves`` changed."""
    cells = []
    for text in moves:
        words = text.split(" ")
        if len(words) >= 3 and words[1] in ("place", "rockfall"):
            x, _, y = words[-1].partition(",")
            cells.append((int(x), int(y)))
    return cells


# -- the maze -------------------------------------------------------------------------------


def tunnel_lines(code: str, fill: str = " ", centre: str = "") -> list[str]:
    """The three lines of a card lying as ``code`` (``"xNS"``, ``"NESW"``), unstyled.

    A dead end has the block ``■`` in its centre, so its stubs visibly do not meet;
    ``centre`` replaces the centre of a card that is marked (the start's ``S``).
    """
    shape = parse_shape(code)
    centre = centre or (DEAD_END_MARK if shape & DEAD_END else _CENTRE[shape & 15])
    side = (CELL_WIDTH - 1) // 2
    blank = fill * side
    vertical = blank + "┃" + blank
    top = vertical if shape & N else fill * CELL_WIDTH
    bottom = vertical if shape & S else fill * CELL_WIDTH
    west = "━" * side if shape & W else blank
    east = "━" * side if shape & E else blank
    return [top, west + centre + east, bottom]


def _goal_back_lines(card: str | None) -> list[str]:
    inner = " ? " if card is None else _GOAL_FILL[_goal_kind(card)] * 3
    return ["╭───╮", f"│{inner}│", "╰───╯"]


def _goal_kind(card: str) -> str:
    return "gold" if card == "gold" else "stone"


def _cell_texts(
    cell: Cell,
    placed: dict[Cell, dict[str, Any]],
    goals: dict[Cell, dict[str, Any]],
    highlight: bool,
) -> list[Text]:
    x, y = cell
    entry = placed.get(cell)
    goal = goals.get(cell)
    if entry is None and goal is not None:
        lines = _goal_back_lines(goal["card"])
        style = _STYLE["goal-back"]
        if goal["card"] is not None:
            style = _STYLE[_goal_kind(goal["card"])]
        return [Text(line, style=style) for line in lines]
    if entry is None:
        dot = " " * (CELL_WIDTH // 2) + "·" + " " * (CELL_WIDTH // 2)
        blank = " " * CELL_WIDTH
        return [Text(line, style=_STYLE["empty"]) for line in (blank, dot, blank)]
    card = entry["card"]
    if card == "start":
        lines = tunnel_lines(entry["shape"], centre="S")
        texts = [Text(line, style=_STYLE["start"]) for line in lines]
        texts[1].stylize(_STYLE["start-centre"], CELL_WIDTH // 2, CELL_WIDTH // 2 + 1)
        return texts
    if goal is not None:
        kind = _goal_kind(card)
        return [
            Text(line, style=_STYLE[kind])
            for line in tunnel_lines(entry["shape"], fill=_GOAL_FILL[kind])
        ]
    back = _STYLE["highlight"] if highlight else _CARD_BACKS[(x + y) % 2]
    texts = [Text(line, style=f"{_TUNNEL} {back}") for line in tunnel_lines(entry["shape"])]
    if entry["shape"].startswith("x"):
        middle = CELL_WIDTH // 2
        texts[1].stylize(_STYLE["dead-end"], middle, middle + 1)
    return texts


def maze_bounds(observation: Observation) -> tuple[range, range]:
    """The columns and rows to draw: every card and goal, plus one empty ring around."""
    cells = [(card["x"], card["y"]) for card in observation["maze"]]
    cells += [(goal["x"], goal["y"]) for goal in observation["goals"]]
    xs = [x for x, _ in cells]
    ys = [y for _, y in cells]
    return range(min(xs) - 1, max(xs) + 2), range(min(ys) - 1, max(ys) + 2)


class Lines:
    """Lines laid out already, drawn as they are: never wrapped, so cheap to measure and draw."""

    def __init__(self, lines: list[Text]) -> None:
        self.lines = lines
        self.width = max((line.cell_len for line in lines), default=0)

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        for line in self.lines:
            yield from line.render(console)
            yield Segment.line()

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        return Measurement(self.width, self.width)


def render_maze(observation: Observation, highlight: Iterable[Cell] = ()) -> Lines:
    """The maze with rulers: x across the top, y down the left side."""
    placed = {(card["x"], card["y"]): card for card in observation["maze"]}
    goals = {(goal["x"], goal["y"]): goal for goal in observation["goals"]}
    marked = set(highlight)
    columns, rows = maze_bounds(observation)
    ruler = Text(" " * RULER_WIDTH, style="dim")
    for x in columns:
        ruler.append(f"{x:^{CELL_WIDTH}}", style="bold cyan" if x == 0 else "cyan")
    lines = [ruler]
    for y in rows:
        row_cells = [_cell_texts((x, y), placed, goals, (x, y) in marked) for x in columns]
        for line_index in range(3):
            label = f"{y:>{RULER_WIDTH - 1}} " if line_index == 1 else " " * RULER_WIDTH
            line = Text(label, style="bold cyan" if y == 0 else "cyan")
            for texts in row_cells:
                line.append_text(texts[line_index])
            lines.append(line)
    return Lines(lines)


def maze_width(observation: Observation) -> int:
    columns, _ = maze_bounds(observation)
    return RULER_WIDTH + CELL_WIDTH * len(columns)


def render_maze_panel(observation: Observation, highlight: Iterable[Cell] = ()) -> Panel:
    return Panel(
        render_maze(observation, highlight),
        title=f"Maze · round {observation['round']} of 3",
        subtitle=Text(LEGEND, style="dim"),
        box=box.ROUNDED,
        expand=False,
        padding=0,
    )


# -- cards in a hand ------------------------------------------------------------------------

ACTION_WIDTH: Final = 7
_ACTION_BACK: Final = {
    "break": "bold white on dark_red",
    "fix": "bold white on dark_green",
    "map": "bold white on navy_blue",
    "rockfall": "bold white on purple4",
}


def _action_lines(card: str) -> tuple[str, str, str]:
    if card == "map":
        return ("MAP", "look at", "a goal")
    if card == "rockfall":
        return ("ROCK", "FALL", "")
    if card.startswith("break-"):
        return ("BREAK", card.removeprefix("break-"), "")
    tools = FIX_TOOLS[card]
    return ("FIX", tools[0], "or " + tools[1] if len(tools) == 2 else "")


def card_picture(card: str) -> list[Text]:
    """A card of a hand drawn small: a path card as it is printed, an action card in words."""
    if card in ORIENTATIONS:
        texts = [Text(line, style=f"{_TUNNEL} {_CARD_BACKS[0]}") for line in tunnel_lines(card)]
        if card.startswith("x"):
            texts[1].stylize(_STYLE["dead-end"], CELL_WIDTH // 2, CELL_WIDTH // 2 + 1)
        return texts
    style = _ACTION_BACK[card.split("-")[0]]
    return [Text(f"{line:^{ACTION_WIDTH}}", style=style) for line in _action_lines(card)]


def card_label(card: str) -> str:
    """A card's code, and the shape it lies as when turned if that differs: ``NES/NSW``."""
    shapes = ORIENTATIONS.get(card, ())
    return f"{card}/{shape_code(shapes[1])}" if len(shapes) > 1 else card


def render_hand(observation: Observation) -> RenderableType:
    """The viewer's own hand, numbered from 1; only ``observation["hand"]`` is read."""
    hand = observation.get("hand") or []
    if not hand:
        return Panel(Text("no cards left", style="dim"), title="Your hand", box=box.ROUNDED)
    table = Table.grid(padding=(0, 2))
    for _ in hand:
        table.add_column(justify="center", no_wrap=True)
    pictures = [card_picture(card) for card in hand]
    for line in range(3):
        table.add_row(*[picture[line] for picture in pictures])
    labels = []
    for number, card in enumerate(hand, start=1):
        label = Text(f"{number} ", style="bold cyan")
        label.append(card_label(card), style="bold")
        labels.append(label)
    table.add_row(*labels)
    return Panel(table, title="Your hand", box=box.ROUNDED, expand=False)


def render_open_hands(observation: Observation) -> RenderableType | None:
    """Other seats' hands, when the observation holds them (open hands, or a replay)."""
    hands = observation.get("hands")
    if not hands:
        return None
    table = Table(box=None, show_header=False, padding=(0, 1), pad_edge=False)
    table.add_column(style="cyan", justify="right")
    table.add_column()
    table.add_column()
    viewer = observation.get("seat")
    for seat, hand in enumerate(hands):
        if seat == viewer:
            continue
        table.add_row(str(seat), seat_name(observation, seat), " ".join(hand) or "-")
    return Panel(table, title="Hands", box=box.ROUNDED, expand=False)


# -- the table ------------------------------------------------------------------------------


def render_players(observation: Observation) -> Table:
    """Every seat: whose turn it is (▶), cards in hand, broken tools, and roles where known."""
    roles: Sequence[str | None] = observation.get("roles") or [None] * observation["players"]
    viewer = observation.get("seat")
    table = Table(box=box.SIMPLE_HEAD, padding=0, pad_edge=False, show_edge=False)
    table.add_column("#", justify="right", no_wrap=True)
    table.add_column("name", overflow="ellipsis", no_wrap=True, max_width=12)
    table.add_column("hand", justify="right", no_wrap=True)
    table.add_column("broken")
    show_roles = any(roles)
    if show_roles:
        table.add_column("role", no_wrap=True)
    gold = observation.get("gold_so_far")
    if gold is not None:
        table.add_column("gold", justify="right", no_wrap=True)
    for seat in range(observation["players"]):
        name = Text(seat_name(observation, seat), style="bold" if seat == viewer else "")
        if seat == viewer and name.plain.lower() != "you":
            name.append(" (you)")
        broken = observation["broken"][seat]
        tools = Text(" ".join(broken), style=_TOOL_STYLE) if broken else Text("-", style="dim")
        turn = Text("▶", style="bold green") if seat == observation["to_move"] else Text(" ")
        cells: list[Text | str] = [
            turn + Text(f"{seat:>2}", style="cyan"),
            name,
            str(observation["hand_sizes"][seat]),
            tools,
        ]
        if show_roles:
            role = roles[seat]
            cells.append(Text(_ROLE_NAME[role], style=_ROLE_STYLE[role]) if role else "")
        if gold is not None:
            cells.append(str(gold[seat]))
        table.add_row(*cells)
    return table


def known_goals(observation: Observation) -> list[tuple[Cell, str, str]]:
    """Goals the viewer knows and the table does not: ``(cell, card, how)``.

    A goal is known from a map; when the other two are known to be stone, the
    last one must be the gold, and when the gold is known the others are stone.
    """
    goals = observation["goals"]
    hidden = [goal for goal in goals if not goal["face_up"]]
    known = [((g["x"], g["y"]), str(g["card"]), "map") for g in hidden if g["card"] is not None]
    unknown = [(goal["x"], goal["y"]) for goal in hidden if goal["card"] is None]
    cards = {str(goal["card"]) for goal in goals if goal["card"] is not None}
    if unknown and "gold" in cards:
        known += [(cell, "stone", "deduced") for cell in unknown]
    elif len(unknown) == 1 and len(cards) == 2:
        known.append((unknown[0], "gold", "deduced"))
    return sorted(known)


def render_goals(observation: Observation) -> Text:
    """The goals in words, one a line: face up, known from a map, or unknown."""
    known = {cell: (card, how) for cell, card, how in known_goals(observation)}
    lines = [Text("Goals", style="bold")]
    for goal in observation["goals"]:
        cell = (goal["x"], goal["y"])
        line = Text(f"{cell[0]:>3},{cell[1]:<3}", style="cyan")
        if goal["face_up"]:
            kind = _goal_kind(goal["card"])
            line.append(f"{kind} ", style="bold yellow" if kind == "gold" else "bold")
            line.append("(face up)", style="dim")
        elif cell in known:
            card, how = known[cell]
            kind = _goal_kind(card)
            line.append(f"{kind} ", style="bold yellow" if kind == "gold" else "bold")
            if how == "map":
                how = "from your map" if observation.get("seat") is not None else "mapped"
            line.append(f"({how})", style="dim")
        else:
            line.append("? face down", style="dim")
        lines.append(line)
    return Text("\n").join(lines)


def render_status(observation: Observation) -> Text:
    """One line: who the viewer is, their role and gold, the round, the piles."""
    line = Text()
    seat = observation.get("seat")
    if seat is not None:
        line.append(f"{seat_name(observation, seat)} (seat {seat})", style="bold")
        role = observation.get("role")
        if role:
            line.append(" · ")
            line.append(_ROLE_NAME[role].upper(), style=_ROLE_STYLE[role])
        gold = observation.get("gold")
        if gold is not None:
            line.append(f" · your gold {sum(gold['kept'])}")
        line.append(" · ")
    line.append(f"round {observation['round']}/3 · draw pile {observation['draw_pile']}")
    line.append(f" · discards {observation['discard_pile']} · gold deck {observation['gold_deck']}")
    return line


def render_recent(observation: Observation, moves: Sequence[str], title: str) -> RenderableType:
    """A list of moves in words."""
    lines = [describe_move(observation, text) for text in moves]
    body = Text("\n").join(lines) if lines else Text("nothing yet", style="dim")
    return Group(Text(title, style="bold"), body)


SIDE_WIDTH: Final = 28


def render_view(
    observation: Observation,
    *,
    recent: Sequence[str] = (),
    recent_title: str = "Since your last turn",
    highlight: Iterable[Cell] = (),
    width: int = 100,
) -> RenderableType:
    """A whole position: status, maze, table, goals, recent moves and the viewer's hand.

    The table, goals and recent moves stand right of the maze where the width
    allows, and below it otherwise.
    """
    players = render_players(observation)
    goals = render_goals(observation)
    recent_moves = render_recent(observation, recent, recent_title) if recent_title else None
    maze = render_maze_panel(observation, highlight)
    parts: list[RenderableType] = [render_status(observation)]
    maze_panel_width = maze_width(observation) + 2
    if maze_panel_width + 1 + SIDE_WIDTH <= width:
        layout = Table.grid(padding=(0, 1))
        layout.add_column()
        layout.add_column(max_width=width - maze_panel_width - 1)
        side = [players, goals] if recent_moves is None else [players, goals, "", recent_moves]
        layout.add_row(maze, Group(*side))
        parts.append(layout)
    else:
        below = Table.grid(padding=(0, 3))
        below.add_row(players, goals if recent_moves is None else Group(goals, "", recent_moves))
        parts += [maze, below]
    hands = [render_hand(observation)] if "hand" in observation else []
    others = render_open_hands(observation)
    if others is not None:
        hands.append(others)
    parts.append(Columns(hands, padding=(0, 1)))  # side by side where they fit
    return Group(*parts)


# -- rounds and the game's end -------------------------------------------------------------


def final_board(before: Observation, last_move: str, after: Observation) -> Observation:
    """The maze as a round ended, which the next round's observation no longer holds.

    ``before`` is the observation before the round's last move, ``after`` the one
    after it.  The last move's card is added, and the goals are shown as the
    round's summary (public once a round is over) names them.  When the miners
    won with that move, the gold goal lies face up where they reached it.
    """
    board = dict(before)
    summary = after["rounds"][len(before["history"]) - 1]
    maze = list(before["maze"])
    move = Move.parse(last_move) if not last_move.endswith((" discard", " take")) else None
    cells = {(card["x"], card["y"]) for card in maze}
    goals = []
    for seen, card in zip(before["goals"], summary["goals"], strict=True):
        goal = {**seen, "card": card}
        cell = (goal["x"], goal["y"])
        gold_reached_now = (
            move is not None
            and move.kind == "place"
            and card == "gold"
            and summary["winner"] == "miners"
            and cell not in cells
        )
        if gold_reached_now:
            goal["face_up"] = True
            maze.append({"x": cell[0], "y": cell[1], "shape": "NESW", "card": "gold"})
        goals.append(goal)
    if move is not None and move.kind == "place":
        maze.append({"x": move.x, "y": move.y, "shape": move.card, "card": move.card})
    board["maze"] = maze
    board["goals"] = goals
    board["roles"] = summary["roles"]
    board["history"] = after["history"][: len(before["history"])]
    board["to_move"] = None
    return board


def render_round_end(observation: Observation, summary: dict[str, Any], number: int) -> Group:
    """Who won a round, every role (and the set-aside one), and the goals."""
    headline = Text(f"Round {number} is over: ", style="bold")
    if summary["winner"] == "miners":
        headline.append("the gold-miners win", style=_ROLE_STYLE["miner"])
        if summary["finder"] is not None:
            headline.append(f" — {who(observation, summary['finder'])} reached the gold")
    else:
        headline.append("the saboteurs win", style=_ROLE_STYLE["saboteur"])
        headline.append(" — the cards ran out before anyone reached the gold")
    table = Table(box=box.SIMPLE_HEAD, padding=(0, 1), pad_edge=False)
    table.add_column("seat", justify="right", style="cyan")
    table.add_column("name")
    table.add_column("role")
    if summary["gold"] is not None:
        table.add_column("gold", justify="right")
    for seat, role in enumerate(summary["roles"]):
        cells: list[Text | str] = [
            str(seat),
            seat_name(observation, seat),
            Text(_ROLE_NAME[role], style=_ROLE_STYLE[role]),
        ]
        if summary["gold"] is not None:
            cells.append(str(summary["gold"][seat]))
        table.add_row(*cells)
    aside = summary["set_aside"]
    table.add_row("", Text("set aside", style="dim"), Text(_ROLE_NAME[aside], style="dim"))
    goals = Text("Goals: ", style="bold")
    goal_cells = [(goal["x"], goal["y"]) for goal in observation["goals"]]
    goals.append(
        " · ".join(
            f"{x},{y} {_goal_kind(card)}"
            for (x, y), card in zip(goal_cells, summary["goals"], strict=True)
        )
    )
    return Group(headline, table, goals)


def render_game_end(observation: Observation) -> Group:
    """The nuggets of every seat and the winners."""
    winners = observation["winners"] or []
    table = Table(title="Final score", box=box.ROUNDED, title_justify="left")
    table.add_column("seat", justify="right", style="cyan")
    table.add_column("name")
    table.add_column("nuggets", justify="right")
    for seat, nuggets in enumerate(observation["nuggets"]):
        mark = Text(" ★ winner", style="bold yellow") if seat in winners else Text("")
        table.add_row(str(seat), Text(seat_name(observation, seat)) + mark, str(nuggets))
    names = ", ".join(who(observation, seat) for seat in winners)
    verdict = "win" if len(winners) > 1 or observation.get("seat") in winners else "wins"
    return Group(table, Text(f"{names[0].upper()}{names[1:]} {verdict}!", style="bold yellow"))


# -- legal moves ------------------------------------------------------------------------------


def move_groups(numbered: Iterable[tuple[int, Move]]) -> list[tuple[str, list[tuple[int, str]]]]:
    """Numbered moves grouped by kind and card: ``(title, [(number, short text)])``."""
    groups: dict[str, list[tuple[int, str]]] = {}
    for number, move in numbered:
        notation = move.notation()
        if move.kind == "place":
            title = f"place {printed_card(move.card)}"
            short = notation.removeprefix("place ")
        elif move.kind in ("break", "fix"):
            title = move.card
            short = notation.removeprefix(move.card + " ")
        elif move.kind in ("map", "rockfall", "discard"):
            title = move.kind
            short = notation.removeprefix(move.kind + " ")
        else:
            title = move.kind
            short = notation
        groups.setdefault(title, []).append((number, short))
    return list(groups.items())


def printed_card(shape: str) -> str:
    """The printed code of the path card that lies as ``shape`` (``"NSW"`` -> ``"NES"``)."""
    return CARD_OF_SHAPE[parse_shape(shape)]


def render_moves(numbered: Iterable[tuple[int, Move]]) -> Table:
    """Numbered moves, one wrapped line of moves per kind and card."""
    table = Table(box=None, show_header=False, padding=(0, 1), pad_edge=False)
    table.add_column(style="bold", no_wrap=True)
    table.add_column()
    for title, items in move_groups(numbered):
        line = Text()
        for index, (number, short) in enumerate(items):
            if index:
                line.append("   ")
            line.append(f"{number}", style="bold cyan")
            # A no-break space keeps each move whole when the line wraps.
            line.append("\u00a0" + short.replace(" ", "\u00a0"))
        table.add_row(title, line)
    return table


# -- text output --------------------------------------------------------------------------------


def to_text(renderable: RenderableType, width: int = 100) -> str:
    """A renderable as plain text, as a terminal of ``width`` columns would show it."""
    buffer = StringIO()
    console = Console(file=buffer, width=width, color_system=None, highlight=False)
    console.print(renderable)
    return buffer.getvalue()
