"""``ghostwriter review``: a game record reviewed turn by turn (``solver.answers.review``).

    ghostwriter review game.json                          (by the chance to win: the default)
    ghostwriter review game.json --objective prestige --json
    ghostwriter review paperback-game.json --objective score     (a Paperback record: "game": "paperback")

The record is the form ``play --save`` and ``tournament --records`` write, either game's (a Paperback record says
``"game": "paperback"`` and holds its deck in full): ``solver.game.saved`` finds its format, which reads it and
replays it through the game's engine (``solver.game.records``), so an action the rules refuse is named; the turns
are reviewed by ``solver.answers.review`` with the game's part, and under the win objective (the default) by
``solver.advice.review`` too: each turn's chance to win before and after it, and the expert's turn. It is
reviewed over the word list it was played with (the record's ``lexicon``), unless the flags name another.
Heavy imports happen inside ``run``, so ``--help`` stays instant. Bad input is one line and exit 2.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

from solver.cli.options import add_dictionary_flags, add_words_flag, write_json
from solver.errors import GhostwriterError
from solver.text import check_depth

if TYPE_CHECKING:
    from solver.lexicon import Lexicon
    from solver.lexicon.registry import LexiconChoice

MAX_RECORD = 64 * 1024 * 1024  # bytes of a record file
# a game's objectives as the errors list them, and the other game's (whose objectives they refuse)
TAKES = {
    "hardback": ("Paperback", "win, value, prestige or coins"),
    "paperback": ("Hardback", "win, value, score or length"),
}


class ReviewError(GhostwriterError):
    """A record the ``review`` command cannot read or replay."""


def add_parser(subparsers: argparse._SubParsersAction[Any]) -> argparse.ArgumentParser:
    """Add the ``review`` command to the ``ghostwriter`` command line's subparsers."""
    p: argparse.ArgumentParser = subparsers.add_parser(
        "review",
        help="review a saved game turn by turn: each turn's chance to win before and after, the expert's turn, each "
        "word's rank, the gap to the best, the best move",
        description="Review a game record (as play --save and tournament --records write it): for every turn that "
        "spelled a word or passed, the hand as it was, the word and its value, its rank among every word the hand "
        "could spell (1 = best), the gap to the best move and the best move. Each word is rated as it was played, "
        "laid out with the choices it made.",
    )
    p.add_argument("record", metavar="RECORD", help="the game record (JSON); - reads stdin")
    p.add_argument(
        "--objective",
        choices=["win", "value", "prestige", "coins", "score", "length"],
        default=None,
        help="what best means (default win: each turn's chance to win before and after it, estimated, beside the "
        "expert's turn; the words by value). Hardback: win, value, prestige (most prestige, then coins) or coins; "
        "Paperback: win, value (score, gaining the Common card, cards next hand), score or length",
    )
    p.add_argument("--json", action="store_true", help="print one JSON object a turn, one line each")
    p.add_argument(
        "--time-limit", type=float, default=None, metavar="S", help="bound the whole review (default: none, exact)"
    )
    add_words_flag(p)
    add_dictionary_flags(p, "review over this dictionary instead of the one the record names")
    return p


def run(args: argparse.Namespace, out: IO[str], *, lexicon: Lexicon | None = None) -> int:
    """Review the record, either game's (its format found by ``solver.game.saved``); ``lexicon`` replaces the word
    list (for tests)."""
    from solver.advice.review import WIN, format_win_review, review_record
    from solver.game.records import RecordError, replays_to_state
    from solver.game.saved import record_format

    if args.time_limit is not None and not 0 < args.time_limit <= 86_400:
        raise ReviewError(f"--time-limit must be more than 0 and at most 86400 seconds (got {args.time_limit:g})")
    name = "stdin" if args.record == "-" else args.record
    data = _read(args.record, name)
    fmt = record_format(data)
    if args.objective not in (None, "win") and args.objective not in {o.value for o in fmt.objectives}:
        other, takes = TAKES[fmt.game]
        raise ReviewError(f"--objective {args.objective} is {other}'s; a {fmt.game.title()} review takes {takes}")
    try:
        record = fmt.read(data)
    except RecordError as e:
        raise ReviewError(f"{name}: {e}") from None
    lex = lexicon if lexicon is not None else _words(args, record.lexicon, name).load()
    try:
        game, turns = fmt.replay(record, lex)
    except RecordError as e:
        raise ReviewError(f"{name}: {e}") from None
    objective = args.objective or WIN
    rev = review_record(fmt, record, lex, turns, objective, time_limit=args.time_limit)
    total = rev.words.total
    title = f"review of {fmt.describe(record)} over {lex.name}, by {objective}: {total} turns spelled or passed"
    text = format_win_review(rev, title)
    rows = rev.to_json()["turns"]
    return _report(args, out, name, replays_to_state(record, game), rows, rev.words.warning, text)


def _report(
    args: argparse.Namespace,
    out: IO[str],
    name: str,
    faithful: bool,
    turns: list[dict[str, Any]],
    warning: str | None,
    text: str,
) -> int:
    """A review written out: a note when the log does not replay to the state saved beside it (``faithful``), then
    one JSON line a turn (and the review's warning on stderr) with ``--json``, else the text."""
    if not faithful:
        print(
            f"ghostwriter: note: {name}: the log does not replay to the state saved beside it (was it changed by "
            "hand?); the game the log plays is reviewed",
            file=sys.stderr,
        )
    if args.json:
        for t in turns:
            write_json(out, t)
        if warning:
            print(f"ghostwriter: warning: {warning}", file=sys.stderr)
        return 0
    out.write(text + "\n")
    return 0


def _read(path: str, name: str) -> object:
    """The record's JSON (a ``ReviewError`` naming what is wrong: no file, not UTF-8, not JSON, too deep)."""
    from solver.files import FileError, StreamError, read_text

    try:
        text = read_text(path, limit=MAX_RECORD)
    except StreamError:
        raise
    except FileError as e:
        raise ReviewError(str(e)) from None
    check_depth(text, name, error=ReviewError)
    try:
        return json.loads(text)
    except json.JSONDecodeError as e:
        raise ReviewError(f"{name}: not JSON ({e.msg} at line {e.lineno}, column {e.colno})") from None
    except RecursionError:
        raise ReviewError(f"{name}: nested too deeply to read") from None


def _words(args: argparse.Namespace, saved: object, name: str) -> LexiconChoice:
    """The word list to review over: the flags' when any is given, else the one the record names (ENABLE when it
    names none)."""
    from solver.cli.options import lexicon_choice
    from solver.lexicon.registry import LexiconChoice

    if args.words or args.dictionary or args.extra_words or args.ban_words:
        return lexicon_choice(args)
    if saved is None:
        return LexiconChoice()
    try:
        choice = LexiconChoice.from_json(saved)
    except GhostwriterError as e:
        raise ReviewError(f"{name}: lexicon: {e}") from None
    if choice.words and not Path(choice.words).is_file():
        raise ReviewError(
            f"{name}: the game was played over the word list {choice.words!r}, which is gone; give --words FILE"
        )
    return choice
