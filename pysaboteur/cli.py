"""The ``saboteur`` command: serve, play, replay, verify, bench, arena."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING

from .i18n import LANGUAGES
from .rules.editions import find_edition
from .rules.options import GOLD_DRAW_CHOICES, NEXT_ROUND_START_CHOICES, Options

if TYPE_CHECKING:
    from .bench_editions import Side

#: The editions ``play``, ``bench`` and the arena offer (docs/rules.md,
#: docs/rules-saboteur2.md, docs/rules-duel.md).
EDITION_CHOICES = ("base", "saboteur2", "duel")
BENCH_EDITIONS = EDITION_CHOICES


def _add_rule_options(parser: argparse.ArgumentParser) -> None:
    group = parser.add_argument_group("rule options (docs/rules-notes.md)")
    group.add_argument(
        "--gold-draw", choices=GOLD_DRAW_CHOICES, default="players",
        help="how many gold cards the finder draws; the base game only, Saboteur 2 "
        "has no gold cards (default: %(default)s)",
    )  # fmt: skip
    group.add_argument(
        "--next-round-start", choices=NEXT_ROUND_START_CHOICES, default="after-last",
        help="which seat starts rounds 2 and 3 (default: %(default)s)",
    )  # fmt: skip
    group.add_argument(
        "--open-hands", action="store_true", help="every hand is visible to all (roles stay secret)"
    )


def options_from(args: argparse.Namespace) -> Options:
    return Options(args.gold_draw, args.next_round_start, args.open_hands)


def _count(text: str) -> int:
    """A player count, checked against the edition once every option is read."""
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None


def _add_edition_option(
    parser: argparse.ArgumentParser, choices: tuple[str, ...] = EDITION_CHOICES
) -> None:
    # The player count is checked against the edition after parsing, with this
    # sub-command's usage in the message (see _check_players).
    parser.set_defaults(command_parser=parser)
    duel = "; duel: Saboteur: The Duel, 2 players" if "duel" in choices else ""
    parser.add_argument(
        "--edition", choices=choices, default="base",
        help="base: Saboteur, 3 to 10 players; saboteur2: Saboteur 2, the expansion, "
        f"2 to 12 players{duel} (default: %(default)s)",
    )  # fmt: skip
    if "duel" in choices:
        parser.add_argument(
            "--deck", metavar="FILE", default=None,
            help="the Duel's deck file (docs/rules-duel.md; default: the shipped provisional deck)",
        )  # fmt: skip


def _check_players(parser: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    """Refuse a player count the chosen edition is not for, as argparse refuses bad values."""
    if args.players is None:  # the Duel is for two; the others default to five
        args.players = 2 if args.edition == "duel" else 5
    if getattr(args, "deck", None) is not None and args.edition != "duel":
        parser.error("argument --deck: only the Duel (--edition duel) has a deck file")
    try:
        find_edition(args.edition).check_players(args.players)
    except ValueError as error:
        hint = ""
        if args.edition == "base" and 2 <= args.players <= 12:
            hint = " (Saboteur 2, --edition saboteur2, is for 2 to 12)"
        parser.error(f"argument --players: {error}{hint}")


def _beside(parser: argparse.ArgumentParser, args: argparse.Namespace) -> Side | None:
    """The edition ``bench --beside`` names, with its players (checked as --players is)."""
    if args.beside is None:
        if args.beside_players is not None:
            parser.error("argument --beside-players: give --beside EDITION with it")
        return None
    from .bench_editions import Side

    players = args.beside_players or (2 if args.beside == "duel" else 5)
    try:
        find_edition(args.beside).check_players(players)
    except ValueError as error:
        parser.error(f"argument --beside-players: {error}")
    return Side(args.beside, players)


def _positive(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError("must be at least 1")
    return value


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="saboteur",
        description="The card game Saboteur: play it, replay and check records, measure it.",
    )
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    _add_serve_parser(commands)

    play = commands.add_parser(
        "play",
        help="play a game against bots in the terminal",
        description="Play Saboteur, Saboteur 2 or Saboteur: The Duel against bots in the "
        "terminal. Each turn "
        "lists your legal moves, numbered: type a number or a move in notation. "
        "The game's record is saved at the end.",
    )
    _add_edition_option(play)
    play.add_argument(
        "--players", type=_count, default=None,
        help="3 to 10, 2 to 12 with --edition saboteur2, 2 with --edition duel "
        "(default: 5, or 2 for the Duel)",
    )  # fmt: skip
    play.add_argument(
        "--seat", type=int, default=0, help="your seat, from 0 (default: %(default)s)"
    )
    play.add_argument("--seed", type=int, default=None, help="seed of the deal (default: random)")
    play.add_argument(
        "--bot", default=None,
        help="the opponents' bot: heuristic, random, ismcts:seconds=1 ... "
        "(default: heuristic, in every edition)",
    )  # fmt: skip
    play.add_argument(
        "--name", default=None, help='your name at the table (default: "You" in your language)'
    )
    _add_language(play)
    play.add_argument(
        "--save", metavar="PATH", default=None,
        help="where to save the game record (default: saboteur-games/game-<seed>.json)",
    )  # fmt: skip
    _add_rule_options(play)

    replay = commands.add_parser(
        "replay", help="step through a game record in the terminal",
        description="Step through a game record: Enter shows the next move, b goes back, "
        "a number jumps to that move, q quits. By default every hand, role and gold "
        "is shown, and every goal some seat looked at: what all the seats knew together.",
    )  # fmt: skip
    replay.add_argument("record", help="a game record (JSON)")
    _add_language(replay)
    view = replay.add_mutually_exclusive_group()
    view.add_argument(
        "--seat", type=int, default=None, help="see the game only as this seat saw it"
    )
    view.add_argument(
        "--public", action="store_true", help="see the game only as a spectator saw it"
    )
    replay.add_argument(
        "--all", action="store_true",
        help="print every position one after another instead of stepping "
        "(also when the input is not a terminal)",
    )  # fmt: skip

    verify = commands.add_parser("verify", help="replay records and check every move and result")
    verify.add_argument("records", nargs="+", metavar="RECORD", help="game records (JSON)")
    verify.add_argument("--quiet", "-q", action="store_true", help="print failures only")

    bench = commands.add_parser(
        "bench", help="measure the engine with random playouts",
        description="Random games that measure the engine: before every move the legal moves "
        "are listed, one is chosen at random and played through the checking Game.play.",
    )  # fmt: skip
    _add_edition_option(bench, BENCH_EDITIONS)
    bench.add_argument(
        "--players", type=_count, default=None,
        help="3 to 10, 2 to 12 with --edition saboteur2, 2 with --edition duel "
        "(default: 5, or 2 in the Duel)",
    )  # fmt: skip
    bench.add_argument(
        "--games", type=_positive, default=200, help="games to play (default: %(default)s)"
    )
    bench.add_argument(
        "--seed", type=int, default=0, help="seed of the first game (default: %(default)s)"
    )
    bench.add_argument(
        "--no-breakdown", action="store_true", help="skip the timed breakdown of where time goes"
    )
    bench.add_argument(
        "--profile", action="store_true", help="also profile the playouts function by function"
    )
    bench.add_argument(
        "--beside", choices=BENCH_EDITIONS, default=None, metavar="EDITION",
        help="also play this edition's games in turn with the chosen one's, and give both "
        f"moves a second and their ratio ({', '.join(BENCH_EDITIONS)})",
    )  # fmt: skip
    bench.add_argument(
        "--beside-players", type=_count, default=None, metavar="PLAYERS",
        help="the players of --beside's games (default: 5, or 2 in the Duel)",
    )  # fmt: skip
    _add_rule_options(bench)
    _add_arena_parser(commands)
    return parser


def _non_negative(text: str) -> float:
    value = float(text)
    if not value >= 0:
        raise argparse.ArgumentTypeError("must be 0 or more")
    return value


def _non_negative_count(text: str) -> int:
    value = int(text)
    if value < 0:
        raise argparse.ArgumentTypeError("must be 0 or more")
    return value


def _positive_seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not value > 0:
        raise argparse.ArgumentTypeError("must be more than 0")
    return value


def _add_serve_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    serve = commands.add_parser(
        "serve", help="run the web table: play in the browser with friends and bots",
        description="Run the web table (docs/server.md): open the address it prints, "
        "create a table, send the invite link to your friends; bots fill the empty seats. "
        "Every table and move is stored, so a restarted server carries on where it was.",
    )  # fmt: skip
    serve.add_argument(
        "--host", default="127.0.0.1",
        help="address to listen on; 0.0.0.0 for every network (default: %(default)s)",
    )  # fmt: skip
    serve.add_argument("--port", type=int, default=8000, help="port (default: %(default)s)")
    serve.add_argument(
        "--database", metavar="PATH", default="saboteur.db",
        help="the SQLite file to store games in (default: %(default)s)",
    )  # fmt: skip
    serve.add_argument(
        "--database-url", metavar="URL", default=None,
        help="store in this database instead, e.g. postgresql+psycopg://user:pass@host/db",
    )  # fmt: skip
    serve.add_argument(
        "--workers", type=_positive, default=1, metavar="N",
        help="server processes sharing the port, each able to serve any table; more "
        "than one needs PostgreSQL (--database-url) (default: %(default)s)",
    )  # fmt: skip
    serve.add_argument(
        "--bot-pause", type=_non_negative, default=1.0, metavar="SECONDS",
        help="how long bots wait before moving, unless a table says otherwise "
        "(default: %(default)s)",
    )  # fmt: skip
    serve.add_argument(
        "--bots", default=None, metavar="SPEC,...",
        help="the bot specs tables may choose, the first being the default "
        "(default: heuristic,random,ismcts,ismcts:seconds=1)",
    )  # fmt: skip
    serve.add_argument(
        "--bot-workers", type=int, default=1, metavar="N",
        help="processes choosing bot moves, at low priority; 0 chooses them in threads "
        "of the server's process (default: %(default)s)",
    )  # fmt: skip
    serve.add_argument(
        "--tables-per-client", type=_non_negative_count, default=30, metavar="N",
        help="new tables one address may create in any 10 minutes; more are refused "
        "(HTTP 429). Behind a reverse proxy the address is the proxy's, unless the "
        "proxy is trusted (--forwarded-allow-ips). 0: no limit (default: %(default)s)",
    )  # fmt: skip
    serve.add_argument(
        "--lobby-expiry", type=_non_negative, default=24.0, metavar="HOURS",
        help="close a table still in its lobby (never started) after this many hours "
        "with no change and no page open on it; 0 keeps lobbies for ever "
        "(default: %(default)s)",
    )  # fmt: skip
    serve.add_argument(
        "--forwarded-allow-ips", default="", metavar="IPS",
        help="reverse proxies whose X-Forwarded-For/-Proto headers are trusted, "
        "comma-separated, or * (default: none; a proxy on this machine is named "
        "127.0.0.1)",
    )  # fmt: skip
    serve.add_argument(
        "--max-header-bytes", type=_positive, default=16384, metavar="BYTES",
        help="the largest request line and headers accepted; more is refused "
        "(HTTP 400) (default: %(default)s)",
    )  # fmt: skip
    serve.add_argument(
        "--header-timeout", type=_positive_seconds, default=10.0, metavar="SECONDS",
        help="how long a connection may take to send a request's headers before "
        "it is closed (default: %(default)s)",
    )  # fmt: skip
    serve.add_argument(
        "--body-timeout", type=_positive_seconds, default=10.0, metavar="SECONDS",
        help="how long a request's body may take to arrive once its headers are in; "
        "then it is cut off (HTTP 408) (default: %(default)s)",
    )  # fmt: skip
    serve.add_argument(
        "--max-connections-per-client", type=_non_negative_count, default=100, metavar="N",
        help="connections one address may hold open at once, WebSockets included; "
        "more are refused (HTTP 429). Trusted proxies (--forwarded-allow-ips) are "
        "not counted. 0: no limit (default: %(default)s)",
    )  # fmt: skip
    serve.add_argument(
        "--keep-alive", type=_positive, default=5, metavar="SECONDS",
        help="how long an idle connection stays open between requests "
        "(default: %(default)s)",
    )  # fmt: skip
    _add_mail_arguments(serve)
    serve.add_argument(
        "--log-level", default="warning",
        choices=["critical", "error", "warning", "info", "debug", "trace"],
        help="uvicorn's log level; info logs every request (default: %(default)s)",
    )  # fmt: skip


def _add_mail_arguments(serve: argparse.ArgumentParser) -> None:
    """The SMTP server of the your-turn e-mails, each also read from the environment."""
    env = os.environ.get
    mail = serve.add_argument_group(
        "your-turn e-mails",
        "Where an SMTP server is named, a person with an account may ask to be e-mailed "
        "when it is their turn at a turn-based table (a clock of 10 minutes or more per "
        "move). The password is read only from PYSABOTEUR_SMTP_PASSWORD.",
    )  # fmt: skip
    mail.add_argument(
        "--smtp-host", default=env("PYSABOTEUR_SMTP_HOST", ""), metavar="HOST",
        help="the SMTP server to send through (PYSABOTEUR_SMTP_HOST; default: none, "
        "no e-mail)",
    )  # fmt: skip
    mail.add_argument(
        "--smtp-port", type=_positive, default=env("PYSABOTEUR_SMTP_PORT", "587"),
        metavar="PORT", help="its port (PYSABOTEUR_SMTP_PORT; default: %(default)s)",
    )  # fmt: skip
    mail.add_argument(
        "--smtp-security", default=env("PYSABOTEUR_SMTP_SECURITY", "starttls"),
        choices=["starttls", "tls", "none"],
        help="starttls (port 587), tls (port 465) or none, for a mail server on this "
        "machine only (PYSABOTEUR_SMTP_SECURITY; default: %(default)s)",
    )  # fmt: skip
    mail.add_argument(
        "--smtp-user", default=env("PYSABOTEUR_SMTP_USER", ""), metavar="NAME",
        help="the name to sign in to the SMTP server with, if it asks for one "
        "(PYSABOTEUR_SMTP_USER)",
    )  # fmt: skip
    mail.add_argument(
        "--smtp-from", default=env("PYSABOTEUR_SMTP_FROM", ""), metavar="ADDRESS",
        help="the e-mails' sender (PYSABOTEUR_SMTP_FROM; default: pysaboteur@ the SMTP host)",
    )  # fmt: skip
    mail.add_argument(
        "--public-url", default=env("PYSABOTEUR_PUBLIC_URL", ""), metavar="URL",
        help="the address people open the server at, for the e-mails' links, e.g. "
        "https://saboteur.example.org (PYSABOTEUR_PUBLIC_URL; default: the server's "
        "own host and port)",
    )  # fmt: skip


def _run_serve(args: argparse.Namespace) -> int:
    from .bots import make_bot
    from .server.config import DEFAULT_BOTS, Settings, database_url
    from .server.serve import run_server

    bots = tuple(spec.strip() for spec in args.bots.split(",") if spec.strip()) if args.bots else ()
    for spec in bots:
        try:
            make_bot(spec)
        except ValueError as error:
            print(f"saboteur serve: --bots: {error}", file=sys.stderr)
            return 2
    settings = Settings(
        host=args.host,
        port=args.port,
        database_url=database_url(args.database, args.database_url),
        workers=args.workers,
        bot_pause=args.bot_pause,
        bot_workers=max(0, args.bot_workers),
        bots=bots or DEFAULT_BOTS,
        tables_per_client=args.tables_per_client,
        lobby_expiry=args.lobby_expiry * 3600,
        forwarded_allow_ips=args.forwarded_allow_ips,
        max_header_bytes=args.max_header_bytes,
        header_timeout=args.header_timeout,
        body_timeout=args.body_timeout,
        max_connections_per_client=args.max_connections_per_client,
        keep_alive=args.keep_alive,
        smtp_host=args.smtp_host,
        smtp_port=args.smtp_port,
        smtp_security=args.smtp_security,
        smtp_user=args.smtp_user,
        smtp_password=os.environ.get("PYSABOTEUR_SMTP_PASSWORD", ""),
        smtp_from=args.smtp_from,
        public_url=args.public_url,
        log_level=args.log_level,
    )
    return run_server(settings)


def _add_arena_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    from .arena.schedule import MODES, TEAMS  # light: not the arena's runners or report

    def player_counts(text: str) -> list[int]:
        # checked against the edition once every option is read (_check_arena_players)
        counts = [_count(part) for part in text.split(",") if part.strip()]
        if not counts or len(set(counts)) != len(counts):
            raise argparse.ArgumentTypeError("give player counts like 5 or 3,4,5")
        return counts

    arena = commands.add_parser(
        "arena", help="play many games between bots and report which is stronger (docs/arena.md)"
    )
    arena.add_argument("bots", nargs="*", metavar="BOT", help="bot specs, e.g. heuristic random")
    _add_edition_option(arena)
    arena.add_argument(
        "--players", type=player_counts, default=None,
        help="player count, or several: 3,4,5; 3 to 10, 2 to 12 with --edition saboteur2, "
        "2 with --edition duel (default: 5, or 2 for the Duel)",
    )  # fmt: skip
    arena.add_argument(
        "--games", type=_positive, default=200,
        help="deals per player count; every cell plays each (default: %(default)s)",
    )  # fmt: skip
    arena.add_argument(
        "--seed", type=int, default=0, help="seed of the first deal (default: %(default)s)"
    )
    arena.add_argument(
        "--jobs", type=_positive, default=None,
        help="processes playing at once (default: the number of cores)",
    )  # fmt: skip
    arena.add_argument(
        "--mode", choices=MODES, default=None,
        help="teams: one bot plays all miners, another all saboteurs; "
        f"seats: bots rotate over the seats (default: {TEAMS}; Saboteur 2 has only seats)",
    )  # fmt: skip
    arena.add_argument(
        "--pairs", metavar="M/S,...", default=None,
        help="teams mode: only these (miners' bot/saboteurs' bot) pairs (default: all)",
    )  # fmt: skip
    arena.add_argument(
        "--out", metavar="DIR", default=None,
        help="results folder (default: arena-results/<timestamp>); "
        "an interrupted run's folder resumes it",
    )  # fmt: skip
    arena.add_argument(
        "--ray", metavar="ADDRESS", default=None,
        help="run the games as Ray tasks on a cluster, or 'local' for a local Ray",
    )  # fmt: skip
    arena.add_argument(
        "--report", metavar="DIR", default=None,
        help="play nothing: report again from DIR/results.jsonl",
    )  # fmt: skip
    arena.add_argument(
        "--plan", metavar="DIFF", type=_difference, default=None,
        help="play nothing: how many rounds a difference in win rate (0.05 or 5%%) needs",
    )  # fmt: skip
    arena.add_argument(
        "--power", type=_share, default=0.8, help="--plan: the power wanted (default: 0.8)"
    )
    arena.add_argument(
        "--rate", type=_share, default=0.5,
        help="--plan: the win rate around which the bots play (default: 0.5)",
    )  # fmt: skip
    arena.add_argument(
        "--pilot", metavar="DIR", default=None,
        help="--plan: measure the discordant pairs and the design effect on a finished run",
    )  # fmt: skip
    _add_rule_options(arena)


def _share(text: str) -> float:
    """A number between 0 and 1, or a percentage (``5%``)."""
    try:
        value = float(text[:-1]) / 100 if text.endswith("%") else float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
    if not 0 < value < 1:
        raise argparse.ArgumentTypeError("must be between 0 and 1 (or 0% and 100%)")
    return value


def _difference(text: str) -> float:
    return _share(text)


def _check_arena_players(parser: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    """Each of the arena's player counts must be one the edition is for (``--report``
    plays nothing, so its counts are not looked at)."""
    if args.players is None:
        args.players = [2 if args.edition == "duel" else 5]
    if args.report or args.plan:
        return
    for players in args.players:
        _check_players(parser, argparse.Namespace(edition=args.edition, players=players))


def _add_language(parser: argparse.ArgumentParser) -> None:
    """``--lang``: the terminal's language (docs/languages.md)."""
    names = ", ".join(f"{code} {name}" for code, name in LANGUAGES.items())
    parser.add_argument(
        "--lang", choices=list(LANGUAGES), default=None, metavar="LANG",
        help=f"the language of the game's words: {names} "
        "(default: from LANGUAGE, LC_ALL, LC_MESSAGES or LANG; else en)",
    )  # fmt: skip


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if args.command in ("play", "bench"):
        _check_players(args.command_parser, args)
    try:
        if args.command == "serve":
            return _run_serve(args)
        if args.command == "play":
            from .terminal.play import run_play

            return int(run_play(args, options_from(args)))
        if args.command == "replay":
            from .terminal.replay import run_replay

            return run_replay(args)
        if args.command == "verify":
            from .verify import run_verify

            return run_verify(args.records, quiet=args.quiet)
        if args.command == "bench":
            from .bench import run_bench

            return run_bench(args.players, args.games, args.seed, options_from(args),
                             breakdown=not args.no_breakdown, profile=args.profile,
                             edition=args.edition, deck=args.deck,
                             beside=_beside(args.command_parser, args))  # fmt: skip
        if args.command == "arena":
            from .arena.command import run_arena

            _check_arena_players(args.command_parser, args)
            return run_arena(args, options_from(args))
    except KeyboardInterrupt:
        print("\ninterrupted", file=sys.stderr)
        return 130
    raise AssertionError(f"unhandled command {args.command}")


if __name__ == "__main__":
    sys.exit(main())
