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
import functools
import importlib
import sys
from collections.abc import Callable, Sequence
from typing import Any, TextIO

from solver.cli.options import EXIT_BAD_INPUT, Parser, reported
from solver.files import StreamError, hold_standard_streams, stream_closed

AddParser = Callable[["argparse._SubParsersAction[Any]"], argparse.ArgumentParser]
Run = Callable[[argparse.Namespace], int]

# each command: its module of solver.cli and how it runs (on the streams of the moment, which tests replace), in
# the order --help lists them; a module is imported only when its command is built, so a hint reads no module of
# play, tournament or the service
COMMANDS: dict[str, tuple[str, Callable[[Any, argparse.Namespace], int]]] = {
    "hint": ("hint", lambda m, args: m.run(args, sys.stdout)),
    "serve": ("serve", lambda m, args: m.run(args)),
    "dictionaries": ("dictionaries", lambda m, args: m.run(args, sys.stdout)),
    "cards": ("cards", lambda m, args: m.run(args, sys.stdout)),
    "tournament": ("tournament", lambda m, args: m.run(args, sys.stdout)),
    "play": ("play", lambda m, args: m.run(args, _stdin("play reads your commands from it"), sys.stdout)),
    "review": ("review", lambda m, args: m.run(args, sys.stdout)),
    "ink-advice": ("ink", lambda m, args: m.run(args, sys.stdout)),
}


def parser(only: str | None = None) -> Parser:
    """The ``ghostwriter`` parser, with every command's subparser (its ``run`` among its defaults), or with
    ``only`` that command's (what running one command needs)."""
    p = Parser(prog="ghostwriter", description="Ghost writer for Hardback: the best words your cards can spell.")
    p.add_argument("--version", action="store_true", help="print the version and exit")
    sub = p.add_subparsers(dest="command", parser_class=Parser)
    for name, (module_name, run) in COMMANDS.items():
        if only is None or name == only:
            module = importlib.import_module(f"solver.cli.{module_name}")
            add: AddParser = module.add_parser
            add(sub).set_defaults(run=functools.partial(run, module))
    return p


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command of ``argv`` (the process's arguments by default) and return its exit code. A standard stream
    the shell closed is held open on /dev/null, and a closed stdout (or stdin, for a command that reads it) is one
    line and exit 74 (``solver.files``)."""
    hold_standard_streams()
    if argv is not None:  # called in a process of its own (a test, a program): its dataclasses are its own
        return reported(lambda: _run(list(argv)))
    from solver.cache import cache_root
    from solver.cli.generated_code import kept_generated_code

    try:
        folder = cache_root()
    except RuntimeError:  # no home folder to find: the command says so itself if it needs the cache
        return reported(lambda: _run(sys.argv[1:]))
    with kept_generated_code(folder):  # the process's own command line: a faster start (the module says how)
        return reported(lambda: _run(sys.argv[1:]))


def _stdin(why: str) -> TextIO:
    """Standard input, or a ``StreamError`` when the shell closed it (``<&-``)."""
    if sys.stdin is None or stream_closed(0):
        raise StreamError(f"standard input is closed; {why}: run it at a terminal or pipe the commands in")
    return sys.stdin


def _run(argv: list[str]) -> int:
    if sys.stdout is None or stream_closed(1):
        raise StreamError("standard output is closed; ghostwriter writes its answers there: send it to a file instead")
    args = parser(argv[0] if argv and argv[0] in COMMANDS else None).parse_args(argv)
    if args.version:
        from solver import __version__

        print(f"ghostwriter {__version__}")
        return 0
    if args.command is None:
        parser().print_help()
        return EXIT_BAD_INPUT
    run: Run = args.run
    return run(args)
