"""``ghostwriter dictionaries``: the dictionaries one can play with, or one of them built now.

    ghostwriter dictionaries
    ghostwriter dictionaries --build ru

The registry is read inside ``run``, so ``--help`` stays instant.
"""

from __future__ import annotations

import argparse
from typing import IO, Any

from solver.cli.options import write_json


def add_parser(subparsers: argparse._SubParsersAction[Any]) -> argparse.ArgumentParser:
    """Add the ``dictionaries`` command to the main command's subparsers."""
    d: argparse.ArgumentParser = subparsers.add_parser(
        "dictionaries",
        help="the dictionaries you can play with",
        description="List the dictionaries (name, language, licence, whether built), or build one (--build NAME).",
    )
    d.add_argument("--build", metavar="NAME", help="build and cache a dictionary now (a progress bar shows)")
    d.add_argument("--json", action="store_true", help="JSON output")
    return d


def run(args: argparse.Namespace, out: IO[str]) -> int:
    from solver.lexicon import registry

    if args.build:
        lex = registry.load(args.build)
        out.write(f"{registry.entry(args.build).name}: {len(lex)} words, cached\n")
        return 0
    items = [e.to_json() for e in registry.entries()]
    if args.json:
        write_json(out, items)
        return 0
    for e in items:
        aliases = f" (also {', '.join(e['aliases'])})" if e["aliases"] else ""  # type: ignore[arg-type]
        words = f"{e['words']} words" if e["built"] else "not built yet"
        out.write(f"{e['name']}{aliases}  [{e['language']}]  {words}\n")
        out.write(f"    {e['description']}\n")
        out.write(f"    licence: {e['licence']}; needs: {e['requires']}\n")
    return 0
