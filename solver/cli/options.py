"""What the commands of ``ghostwriter`` share: the parser that reports a usage error as one line, the exit codes
and the error handling around a command, the flags of a turn state and of a word list, and reading turn states
from a file or JSON Lines.

Heavy imports happen inside the functions, so ``--help`` stays instant.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable
from typing import IO, TYPE_CHECKING, Any, NoReturn

if TYPE_CHECKING:
    from solver.lexicon import Lexicon
    from solver.lexicon.registry import LexiconChoice

EXIT_BAD_INPUT = 2
EXIT_NO_WORD = 1
EXIT_INTERRUPTED = 130
EXIT_INTERNAL = 70  # EX_SOFTWARE


class UsageError(Exception):
    """A command-line usage error (reported as one line)."""


def terminal_columns() -> int:
    """The terminal's width as ``shutil.get_terminal_size`` reads it (``COLUMNS``, then standard output's terminal,
    else 80), without importing shutil (and with it bz2, lzma and fnmatch: a few ms of each command's start)."""
    try:
        columns = int(os.environ.get("COLUMNS", "0"))
    except ValueError:
        columns = 0
    if columns <= 0:
        try:
            columns = os.get_terminal_size(sys.__stdout__.fileno()).columns  # type: ignore[union-attr]
        except (AttributeError, ValueError, OSError):
            columns = 0
    return columns if columns > 0 else 80


class Formatter(argparse.HelpFormatter):
    """argparse's formatter, its width read by ``terminal_columns``."""

    def __init__(
        self, prog: str, indent_increment: int = 2, max_help_position: int = 24, width: int | None = None
    ) -> None:
        super().__init__(prog, indent_increment, max_help_position, terminal_columns() - 2 if width is None else width)


class Parser(argparse.ArgumentParser):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", Formatter)
        super().__init__(*args, **kwargs)

    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{message} (see '{self.prog} --help')")


def reported(command: Callable[[], int]) -> int:
    """Run ``command`` and return its exit code; any error is one line on stderr and a non-zero exit, never a
    traceback (unless GHOSTWRITER_DEBUG is set): bad input exits 2, a file that could not be written or a standard
    stream closed (``solver.files``) exits 74, an internal error 70."""
    from solver.files import EXIT_IO, StreamError, WriteError

    try:
        code = command()
        if sys.stdout is not None:
            sys.stdout.flush()  # a pipe closed under the output fails here, not at exit
        return code
    except (WriteError, StreamError) as e:
        print(f"ghostwriter: error: {e}", file=sys.stderr)
        return EXIT_IO
    except (UsageError, ValueError) as e:  # ValueError: GhostwriterError and its kin, bad input
        print(f"ghostwriter: error: {e}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except KeyboardInterrupt:
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        _silence_stdout()
        print("ghostwriter: error: the output was closed before all of it was written (broken pipe)", file=sys.stderr)
        return EXIT_IO
    except OSError as e:  # the system refused a read or write no file check caught (stdout on a full disk, ...)
        if os.environ.get("GHOSTWRITER_DEBUG"):
            raise
        where = f" ({e.filename})" if e.filename else ""
        try:
            if sys.stdout is not None:
                sys.stdout.flush()
        except OSError:  # the output itself failed: what is left of it is dropped, not flushed again at exit
            _silence_stdout()
            where = " (standard output)"
        print(f"ghostwriter: error: input or output failed{where}: {e.strerror or e}", file=sys.stderr)
        return EXIT_IO
    except Exception as e:  # never a traceback for a user
        if os.environ.get("GHOSTWRITER_DEBUG"):
            raise
        print(
            f"ghostwriter: internal error: {type(e).__name__}: {e} (set GHOSTWRITER_DEBUG=1 for details)",
            file=sys.stderr,
        )
        return EXIT_INTERNAL


def _silence_stdout() -> None:
    """Standard output pointed at /dev/null, so the interpreter's last flush of what is left unwritten does not fail
    again at exit."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):
        pass


def write_json(out: IO[str], data: object) -> None:
    """``data`` as one line of JSON (non-ASCII letters as themselves)."""
    out.write(json.dumps(data, ensure_ascii=False) + "\n")


# -- flags ------------------------------------------------------------------------------------------------------


def add_state_flags(p: argparse.ArgumentParser) -> None:
    """The flags of a Hardback turn state, shared by the commands that take one (hint, ink-advice)."""
    p.add_argument(
        "cards", nargs="*", help="hand cards by code: r:F6 (genre initial or name, letter, cost), E (starter)"
    )
    p.add_argument("--state", metavar="FILE", help="a JSON turn state, or JSON Lines of many (hint); - reads stdin")
    p.add_argument("--inked", nargs="+", default=[], metavar="CODE", help="cards drawn with ink this turn")
    p.add_argument("--mine", nargs="+", default=[], metavar="CODE", help="your timeless classics in play")
    p.add_argument("--others", nargs="+", default=[], metavar="CODE", help="opponents' timeless classics in play")
    p.add_argument("--discard", nargs="+", default=[], metavar="CODE", help="your discard pile (for dump)")
    p.add_argument("--remover", type=int, default=0, metavar="N", help="remover tokens you hold")
    p.add_argument("--ink", type=int, default=0, metavar="N", help="ink tokens you hold")
    p.add_argument("--rules", choices=["printed", "bga"], default=None, help="rules edition (default printed)")
    p.add_argument("--awards", action="store_true", help="play with literary awards")
    p.add_argument("--award-held", type=int, default=0, metavar="N", help="length of the award already claimed")
    p.add_argument("--min-length", type=int, default=None, metavar="N", help="shortest word allowed (default 2)")
    p.add_argument(
        "--stage",
        type=float,
        default=None,
        metavar="X",
        help="how far the game has run, 0 (start) to 1 (a player reaches the target): a coin's worth in the value "
        "objective is then the one measured in self-play at that stage",
    )
    p.add_argument("--edition", choices=["en", "ru"], default=None, help="the cards' edition (ru: Russian starters)")


def add_words_flag(p: argparse.ArgumentParser) -> None:
    """--words FILE: a word list of one's own."""
    p.add_argument("--words", metavar="FILE", help="a word list (one word a line) instead of the shipped ENABLE")


def add_dictionary_flags(
    p: argparse.ArgumentParser,
    about: str = "a dictionary by name (ghostwriter dictionaries lists them: enable, ru, en-gb, en-large, de, fr ...); "
    "ru implies --edition ru",
) -> None:
    """--dictionary NAME (``about`` is its help) and the house extras and bans on top of it."""
    p.add_argument("--dictionary", metavar="NAME", help=about)
    p.add_argument("--extra-words", nargs="+", default=[], metavar="WORD", help="house words to add (@FILE for a file)")
    p.add_argument("--ban-words", nargs="+", default=[], metavar="WORD", help="house bans (@FILE for a file)")


# -- word lists -------------------------------------------------------------------------------------------------


def lexicon_choice(args: argparse.Namespace) -> LexiconChoice:
    """The word list the flags ask for (--words FILE, --dictionary NAME or ENABLE, with house extras and bans),
    as a ``LexiconChoice``: @FILE extras and bans are read here, so the choice carries the words themselves."""
    from solver.lexicon import registry
    from solver.text import lower_word

    name = getattr(args, "dictionary", None)
    words = getattr(args, "words", None)
    if name and not words:
        registry.entry(name)  # an unknown name fails here, before any work
    extra = registry.read_word_args(getattr(args, "extra_words", []) or [])
    banned = registry.read_word_args(getattr(args, "ban_words", []) or [])
    extra = [lower_word(w, "--extra-words word") for w in extra]  # as the lists hold words, or refused
    banned = [lower_word(w, "--ban-words word") for w in banned]
    return registry.LexiconChoice(name or None, words or None, tuple(extra), tuple(banned))


def choose_lexicon(args: argparse.Namespace) -> Lexicon:
    """The lexicon the flags ask for (see ``lexicon_choice``), its skipped lines warned of on stderr; a Russian
    dictionary implies --edition ru."""
    choice = lexicon_choice(args)
    if choice.edition == "ru" and getattr(args, "edition", None) is None:
        args.edition = "ru"
    lexicon = choice.load()
    if lexicon.skipped:
        print(
            f"ghostwriter: warning: {lexicon.skipped} lines of {lexicon.name!r} are not words and were skipped",
            file=sys.stderr,
        )
    return lexicon


# -- turn states ------------------------------------------------------------------------------------------------


def read_states(args: argparse.Namespace) -> list[dict[str, Any] | str]:
    """The states to solve: parsed JSON objects, or an error message for a line that is not one."""
    if args.state is not None:
        if args.cards or args.inked or args.mine or args.others or args.discard:
            raise UsageError("give the cards either in --state FILE or on the command line, not both")
        return split_states(_read_state_file(args.state), args.state)
    if not args.cards:
        raise UsageError("give the hand's card codes (e.g. ghostwriter hint r:F6 E a:A5 S T) or --state FILE")
    if getattr(args, "game", None) == "paperback":
        return [{"game": "paperback", "hand": args.cards, "common": args.common, "threshold": args.threshold}]
    state: dict[str, Any] = {
        "hand": args.cards,
        "inked": args.inked,
        "timeless": {"mine": args.mine, "others": args.others},
        "discard": args.discard,
        "remover": args.remover,
        "ink": args.ink,
        "options": {"literary_awards": args.awards, "award_held": args.award_held},
    }
    return [state]


def _read_state_file(name: str) -> str:
    """The text of --state FILE (stdin for ``-``), read with a size cap and a type check (``solver.files``), or a
    ``UsageError`` saying why it cannot be read."""
    from solver.files import FileError, StreamError, read_text

    try:
        return read_text(name, "state file")
    except StreamError:
        raise
    except FileError as e:
        raise UsageError(str(e)) from None


def split_states(text: str, name: str) -> list[dict[str, Any] | str]:
    """The states of a file: one JSON state, a JSON list of them, or JSON Lines. A line nested deeper than any
    state (``solver.text.check_depth``, run before ``json.loads`` could recurse into it) is an error of its own."""
    from solver.errors import TextError
    from solver.text import check_depth

    stripped = text.strip()
    if not stripped:
        raise UsageError(f"state file {name!r} is empty: give a JSON turn state, or JSON Lines of many")
    too_deep = ""  # the whole file's depth error, when no line of it reads either (one state over many lines)
    try:
        check_depth(stripped, f"state file {name!r}")
        whole = json.loads(stripped)
    except TextError as e:
        too_deep = str(e)
    except ValueError:  # not JSON as a whole (JSON Lines, or a line at fault: the lines say which)
        pass
    else:
        if whole == []:
            raise UsageError(f"state file {name!r} holds an empty list: give a JSON turn state, or a list of them")
        if isinstance(whole, list):
            return [s if isinstance(s, dict) else f"state {i + 1} is not a JSON object" for i, s in enumerate(whole)]
        return [whole] if isinstance(whole, dict) else ["the state is not a JSON object"]
    out = [_read_line(n, line) for n, line in enumerate(text.splitlines(), 1) if line.strip()]
    if too_deep and all(isinstance(o, str) for o in out):
        return [too_deep]
    return out


def _read_line(n: int, line: str) -> dict[str, Any] | str:
    """Line ``n`` of JSON Lines as a state, or the message saying why it is not one."""
    from solver.errors import TextError
    from solver.text import check_depth

    try:
        check_depth(line, f"line {n}")
        obj = json.loads(line)
    except TextError as e:
        return str(e)
    except json.JSONDecodeError as e:
        return f"line {n} is not JSON ({e.msg} at column {e.colno})"
    except ValueError:  # json.loads refuses an integer of over 4,300 digits with a plain ValueError
        return f"line {n} holds a number thousands of digits long: every number of a state is small"
    return obj if isinstance(obj, dict) else f"line {n} is not a JSON object"


def apply_overrides(data: dict[str, Any], args: argparse.Namespace) -> dict[str, Any]:
    """A Hardback state with the option flags given on the command line (--rules, --min-length, --stage,
    --edition) over its own options."""
    flags = {
        "rules": args.rules,
        "min_length": args.min_length,
        "stage": getattr(args, "stage", None),
        "edition": getattr(args, "edition", None),
    }
    given = {k: v for k, v in flags.items() if v is not None}
    options = data.get("options", {})
    if not given or not isinstance(options, dict):  # options that are not an object: the state's reading says so
        return data
    return {**data, "options": {**options, **given}}
