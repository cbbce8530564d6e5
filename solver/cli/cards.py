"""``ghostwriter cards``: list and search the card catalogue.

    ghostwriter cards romance --letter F
    ghostwriter cards --timeless --rules bga --json

The catalogue is read inside ``run``, so ``--help`` stays instant.
"""

from __future__ import annotations

import argparse
from typing import IO, Any

from solver.cli.options import EXIT_NO_WORD, write_json


def add_parser(subparsers: argparse._SubParsersAction[Any]) -> argparse.ArgumentParser:
    """Add the ``cards`` command to the main command's subparsers."""
    c: argparse.ArgumentParser = subparsers.add_parser("cards", help="list and search the card catalogue")
    c.add_argument("query", nargs="?", default="", help="text to find in a card's code or benefits")
    c.add_argument("--genre", help="adventure, horror, mystery, romance or starter (or an initial)")
    c.add_argument("--letter", help="a letter")
    c.add_argument("--cost", type=int, help="a cost")
    c.add_argument("--timeless", action="store_true", help="only timeless classics")
    c.add_argument("--rules", choices=["printed", "bga"], default="printed")
    c.add_argument("--json", action="store_true", help="JSON output")
    return c


def run(args: argparse.Namespace, out: IO[str]) -> int:
    """The cards that match, one a line and a count (exit 1 when none do), or a JSON list."""
    from solver.hardback.catalogue import Catalogue, Rules
    from solver.hardback.genres import Genre

    catalogue = Catalogue.hardback(Rules.parse(args.rules))
    genre: Genre | str | None = "" if args.genre is None else Genre.parse(args.genre)
    cards = catalogue.search(args.query, genre, args.letter or "", args.cost, True if args.timeless else None)
    if args.json:
        write_json(out, [c.to_json() for c in cards])
        return 0
    for c in cards:
        out.write(c.describe() + "\n")
    out.write(f"{len(cards)} card{'s' * (len(cards) != 1)}\n")
    return 0 if cards else EXIT_NO_WORD
