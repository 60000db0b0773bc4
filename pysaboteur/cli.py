"""The ``saboteur`` command: play, replay, verify, bench."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from .rules.options import GOLD_DRAW_CHOICES, NEXT_ROUND_START_CHOICES, Options


def _add_rule_options(parser: argparse.ArgumentParser) -> None:
    group = parser.add_argument_group("rule options (docs/rules-notes.md)")
    group.add_argument(
        "--gold-draw", choices=GOLD_DRAW_CHOICES, default="players",
        help="how many gold cards the finder draws (default: %(default)s)",
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


def _players(text: str) -> int:
    value = int(text)
    if not 3 <= value <= 10:
        raise argparse.ArgumentTypeError("Saboteur is for 3 to 10 players")
    return value


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

    play = commands.add_parser("play", help="play a game against bots in the terminal")
    play.add_argument("--players", type=_players, default=5, help="3 to 10 (default: %(default)s)")
    play.add_argument(
        "--seat", type=int, default=0, help="your seat, from 0 (default: %(default)s)"
    )
    play.add_argument("--seed", type=int, default=None, help="seed of the deal (default: random)")
    play.add_argument("--bot", default="random", help="the opponents' bot (default: %(default)s)")
    play.add_argument("--name", default="You", help="your name at the table")
    play.add_argument(
        "--save", metavar="PATH", default=None,
        help="where to save the game record (default: saboteur-games/game-<seed>.json)",
    )  # fmt: skip
    _add_rule_options(play)

    replay = commands.add_parser("replay", help="step through a game record in the terminal")
    replay.add_argument("record", help="a game record (JSON)")
    replay.add_argument("--seat", type=int, default=None, help="see the game as this seat sees it")
    replay.add_argument(
        "--all", action="store_true", help="print every position at once instead of stepping"
    )

    verify = commands.add_parser("verify", help="replay records and check every move and result")
    verify.add_argument("records", nargs="+", metavar="RECORD", help="game records (JSON)")
    verify.add_argument("--quiet", "-q", action="store_true", help="print failures only")

    bench = commands.add_parser("bench", help="measure the engine with random playouts")
    bench.add_argument("--players", type=_players, default=5, help="3 to 10 (default: %(default)s)")
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
    _add_rule_options(bench)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
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
                             breakdown=not args.no_breakdown, profile=args.profile)  # fmt: skip
    except KeyboardInterrupt:
        print("\ninterrupted", file=sys.stderr)
        return 130
    raise AssertionError(f"unhandled command {args.command}")


if __name__ == "__main__":
    sys.exit(main())
