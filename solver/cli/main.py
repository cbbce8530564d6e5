"""The ``ghostwriter`` command line: the top-level parser, each command's subparser added by its own module.

    ghostwriter hint r:F6 E a:A5 S T --inked h:H7 --mine m:A5 --others r:K5
    ghostwriter hint --state turns.jsonl --objective prestige --top 1 --json
    ghostwriter cards romance --letter F

Each command is a module of ``solver.cli`` with ``add_parser`` and ``run``; what several share is in
``solver.cli.options``. Heavy imports happen inside the commands, so ``--help`` is instant. Every input error is
one line on stderr and a non-zero exit.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from typing import Any, TextIO

from solver.cli import cards, dictionaries, hint, ink, play, review, serve, tournament
from solver.cli.options import EXIT_BAD_INPUT, Parser, reported
from solver.files import StreamError, hold_standard_streams, stream_closed

AddParser = Callable[["argparse._SubParsersAction[Any]"], argparse.ArgumentParser]
Run = Callable[[argparse.Namespace], int]

# each command: how it adds its subparser, and how it runs (on the streams of the moment, which tests replace), in
# the order --help lists them
COMMANDS: tuple[tuple[AddParser, Run], ...] = (
    (hint.add_parser, lambda args: hint.run(args, sys.stdout)),
    (serve.add_parser, serve.run),
    (dictionaries.add_parser, lambda args: dictionaries.run(args, sys.stdout)),
    (cards.add_parser, lambda args: cards.run(args, sys.stdout)),
    (tournament.add_parser, lambda args: tournament.run(args, sys.stdout)),
    (play.add_parser, lambda args: play.run(args, _stdin("play reads your commands from it"), sys.stdout)),
    (review.add_parser, lambda args: review.run(args, sys.stdout)),
    (ink.add_parser, lambda args: ink.run(args, sys.stdout)),
)


def parser() -> Parser:
    """The ``ghostwriter`` parser, with every command's subparser (its ``run`` among its defaults)."""
    p = Parser(prog="ghostwriter", description="Ghost writer for Hardback: the best words your cards can spell.")
    p.add_argument("--version", action="store_true", help="print the version and exit")
    sub = p.add_subparsers(dest="command", parser_class=Parser)
    for add_parser, run in COMMANDS:
        add_parser(sub).set_defaults(run=run)
    return p


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command of ``argv`` (the process's arguments by default) and return its exit code. A standard stream
    the shell closed is held open on /dev/null, and a closed stdout (or stdin, for a command that reads it) is one
    line and exit 74 (``solver.files``)."""
    hold_standard_streams()
    return reported(lambda: _run(list(sys.argv[1:] if argv is None else argv)))


def _stdin(why: str) -> TextIO:
    """Standard input, or a ``StreamError`` when the shell closed it (``<&-``)."""
    if sys.stdin is None or stream_closed(0):
        raise StreamError(f"standard input is closed; {why}: run it at a terminal or pipe the commands in")
    return sys.stdin


def _run(argv: list[str]) -> int:
    if sys.stdout is None or stream_closed(1):
        raise StreamError("standard output is closed; ghostwriter writes its answers there: send it to a file instead")
    args = parser().parse_args(argv)
    if args.version:
        from solver import __version__

        print(f"ghostwriter {__version__}")
        return 0
    if args.command is None:
        parser().print_help()
        return EXIT_BAD_INPUT
    run: Run = args.run
    return run(args)
