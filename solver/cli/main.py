"""The ``ghostwriter`` command line.

    ghostwriter hint r:F6 E a:A5 S T --inked h:H7 --mine m:A5 --others r:K5
    ghostwriter hint --state turns.jsonl --objective prestige --top 1 --json
    ghostwriter cards romance --letter F

Heavy imports happen inside the commands, so ``--help`` is instant. Every input error is one line on
stderr and a non-zero exit.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence
from typing import IO, Any, NoReturn

EXIT_BAD_INPUT = 2
EXIT_NO_WORD = 1


class UsageError(Exception):
    """A command-line usage error (reported as one line)."""


class Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{message} (see '{self.prog} --help')")


def _parser() -> Parser:
    p = Parser(prog="ghostwriter", description="Ghost writer for Hardback: the best words your cards can spell.")
    p.add_argument("--version", action="store_true", help="print the version and exit")
    sub = p.add_subparsers(dest="command", parser_class=Parser)

    h = sub.add_parser(
        "hint",
        help="the best words for a hand",
        description="The best words a turn state can spell, "
        "with the arrangement of cards, coins, prestige and reasons.",
    )
    add_state_flags(h)
    h.add_argument("--words", metavar="FILE", help="a word list (one word a line) instead of the shipped ENABLE")
    h.add_argument(
        "--objective",
        default=None,
        choices=["value", "prestige", "coins", "score", "length"],
        help="what best means: value (default), prestige or coins for Hardback; score (default), length or value "
        "for Paperback",
    )
    h.add_argument(
        "--game",
        choices=["hardback", "paperback"],
        default=None,
        help="the game of the cards on the command line (default hardback; a state file says its own)",
    )
    h.add_argument("--common", metavar="CARD", help="Paperback: the Common card on the length track (O/1, spacebar)")
    h.add_argument("--threshold", type=int, default=7, metavar="N", help="Paperback: the length track's number (7)")
    h.add_argument(
        "--familiar",
        type=float,
        default=None,
        metavar="Z",
        help="only words at least this familiar: a Zipf frequency from wordfreq (3: met now and then in print; "
        "4: common); each move then shows its familiarity",
    )
    add_dictionary_flags(h)
    h.add_argument("--weights", default="", metavar="K=V,...", help="weights of the value objective, e.g. coins=0.7")
    h.add_argument("--top", type=int, default=5, metavar="N", help="how many distinct words (default 5)")
    h.add_argument("--pareto", action="store_true", help="list the prestige/coins frontier instead")
    h.add_argument("--played", metavar="WORD", help="rate a played word: its best arrangement, rank and gap")
    h.add_argument(
        "--layout",
        nargs="+",
        metavar="CODE",
        help="with --played, how it was laid out: one code a letter, CODE/wild or CODE/uncovered for a face-down card",
    )
    h.add_argument(
        "--time-limit",
        type=float,
        default=20.0,
        metavar="S",
        help="seconds each state may take (default 20); past it the moves found so far are shown, "
        "marked as not proven best",
    )
    h.add_argument("--json", action="store_true", help="one JSON object per state, one line each")

    s = sub.add_parser(
        "serve",
        help="start the HTTP ghost-writer service and its web page",
        description="Serve the ghost writer over HTTP: the web page at /, the JSON API under /v1, its docs at "
        "/docs. Each worker loads the dictionaries once; the service keeps no state between requests.",
    )
    s.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1; 0.0.0.0 for all)")
    s.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    s.add_argument("--workers", type=int, default=1, metavar="N", help="worker processes (default 1; one a core)")
    s.add_argument(
        "--words",
        action="append",
        default=[],
        metavar="NAME=FILE",
        help="offer a house word list as NAME (repeatable); NAME=builtin:ru offers a named dictionary",
    )
    s.add_argument(
        "--dictionary",
        action="append",
        default=[],
        metavar="NAME",
        help="offer a named dictionary too (ghostwriter dictionaries lists them; repeatable)",
    )
    s.add_argument(
        "--cors-origin",
        action="append",
        default=[],
        metavar="ORIGIN",
        help="let pages from ORIGIN call the API (repeatable; * for any)",
    )
    s.add_argument("--time-budget", type=float, default=None, metavar="S", help="seconds a request may search (10)")
    s.add_argument("--max-top", type=int, default=None, metavar="N", help="largest top a request may ask (50)")
    s.add_argument(
        "--header-timeout",
        type=float,
        default=None,
        metavar="S",
        help="seconds a client may take to send a request head, and again its body (10)",
    )
    s.add_argument(
        "--state-key",
        default=None,
        metavar="KEY",
        help="sign every game state returned and refuse altered ones (a secret of 16+ characters; off by default; "
        "--state-key-file or GHOSTWRITER_STATE_KEY keep it out of the process list)",
    )
    s.add_argument("--state-key-file", default=None, metavar="FILE", help="read the state key from FILE")
    s.add_argument("--log-level", default="info", choices=["critical", "error", "warning", "info", "debug"])

    d = sub.add_parser(
        "dictionaries",
        help="the dictionaries you can play with",
        description="List the dictionaries (name, language, licence, whether built), or build one (--build NAME).",
    )
    d.add_argument("--build", metavar="NAME", help="build and cache a dictionary now (a progress bar shows)")
    d.add_argument("--json", action="store_true", help="JSON output")

    c = sub.add_parser("cards", help="list and search the card catalogue")
    c.add_argument("query", nargs="?", default="", help="text to find in a card's code or benefits")
    c.add_argument("--genre", help="adventure, horror, mystery, romance or starter (or an initial)")
    c.add_argument("--letter", help="a letter")
    c.add_argument("--cost", type=int, help="a cost")
    c.add_argument("--timeless", action="store_true", help="only timeless classics")
    c.add_argument("--rules", choices=["printed", "bga"], default="printed")
    c.add_argument("--json", action="store_true", help="JSON output")

    from solver.cli import tournament as tournament_cli

    tournament_cli.add_parser(sub)

    from solver.cli import play as play_cli

    play_cli.add_parser(sub)

    from solver.cli import ink as ink_cli

    ink_cli.add_parser(sub)
    return p


def main(argv: Sequence[str] | None = None) -> int:
    args_list = list(sys.argv[1:] if argv is None else argv)
    try:
        args = _parser().parse_args(args_list)
        if args.version:
            from solver import __version__

            print(f"ghostwriter {__version__}")
            return 0
        if args.command == "hint":
            return _hint(args, sys.stdout)
        if args.command == "cards":
            return _cards(args, sys.stdout)
        if args.command == "serve":
            return _serve(args)
        if args.command == "dictionaries":
            return _dictionaries(args, sys.stdout)
        if args.command == "tournament":
            from solver.cli import tournament as tournament_cli

            return tournament_cli.run(args, sys.stdout)
        if args.command == "ink-advice":
            from solver.cli import ink as ink_cli

            return ink_cli.run(args, sys.stdout)
        if args.command == "play":
            from solver.cli import play as play_cli

            return play_cli.run(args, sys.stdin, sys.stdout)
        _parser().print_help()
        return EXIT_BAD_INPUT
    except UsageError as e:
        print(f"ghostwriter: error: {e}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except ValueError as e:  # GhostwriterError and its kin: bad input
        print(f"ghostwriter: error: {e}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0
    except Exception as e:  # never a traceback for a user
        if os.environ.get("GHOSTWRITER_DEBUG"):
            raise
        print(
            f"ghostwriter: internal error: {type(e).__name__}: {e} (set GHOSTWRITER_DEBUG=1 for details)",
            file=sys.stderr,
        )
        return 70


# -- hint -------------------------------------------------------------------------------------------------------


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


def add_dictionary_flags(
    p: argparse.ArgumentParser,
    about: str = "a dictionary by name (ghostwriter dictionaries lists them: enable, ru, en-gb, en-large, de, fr ...); "
    "ru implies --edition ru",
) -> None:
    """--dictionary NAME (``about`` is its help) and the house extras and bans on top of it."""
    p.add_argument("--dictionary", metavar="NAME", help=about)
    p.add_argument("--extra-words", nargs="+", default=[], metavar="WORD", help="house words to add (@FILE for a file)")
    p.add_argument("--ban-words", nargs="+", default=[], metavar="WORD", help="house bans (@FILE for a file)")


def lexicon_choice(args: argparse.Namespace) -> Any:
    """The word list the flags ask for (--words FILE, --dictionary NAME or ENABLE, with house extras and bans),
    as a ``LexiconChoice``: @FILE extras and bans are read here, so the choice carries the words themselves."""
    from solver.lexicon import registry

    name = getattr(args, "dictionary", None)
    words = getattr(args, "words", None)
    if name and not words:
        registry.entry(name)  # an unknown name fails here, before any work
    from solver.text import lower_word

    extra = registry.read_word_args(getattr(args, "extra_words", []) or [])
    banned = registry.read_word_args(getattr(args, "ban_words", []) or [])
    extra = [lower_word(w, "--extra-words word") for w in extra]  # as the lists hold words, or refused
    banned = [lower_word(w, "--ban-words word") for w in banned]
    return registry.LexiconChoice(name or None, words or None, tuple(extra), tuple(banned))


def choose_lexicon(args: argparse.Namespace) -> Any:
    """The lexicon the flags ask for (see ``lexicon_choice``); a Russian dictionary implies --edition ru."""
    choice = lexicon_choice(args)
    if choice.edition == "ru" and getattr(args, "edition", None) is None:
        args.edition = "ru"
    return choice.load()


def _dictionaries(args: argparse.Namespace, out: IO[str]) -> int:
    from solver.lexicon import registry

    if args.build:
        lex = registry.load(args.build)
        print(f"{registry.entry(args.build).name}: {len(lex)} words, cached", file=out)
        return 0
    items = [e.to_json() for e in registry.entries()]
    if args.json:
        print(json.dumps(items, ensure_ascii=False), file=out)
        return 0
    for e in items:
        aliases = f" (also {', '.join(e['aliases'])})" if e["aliases"] else ""  # type: ignore[arg-type]
        words = f"{e['words']} words" if e["built"] else "not built yet"
        print(f"{e['name']}{aliases}  [{e['language']}]  {words}", file=out)
        print(f"    {e['description']}", file=out)
        print(f"    licence: {e['licence']}; needs: {e['requires']}", file=out)
    return 0


def _read_states(args: argparse.Namespace) -> list[dict[str, Any] | str]:
    """The states to solve: parsed JSON objects, or an error message for a line that is not one."""
    if args.state is not None:
        if args.cards or args.inked or args.mine or args.others or args.discard:
            raise UsageError("give the cards either in --state FILE or on the command line, not both")
        try:
            text = sys.stdin.read() if args.state == "-" else open(args.state, encoding="utf-8").read()  # noqa: SIM115
        except FileNotFoundError:
            raise UsageError(f"state file {args.state!r} does not exist") from None
        except UnicodeDecodeError:
            raise UsageError(f"state file {args.state!r} is not UTF-8 text: save it as UTF-8") from None
        except OSError as e:
            raise UsageError(
                f"state file {args.state!r} cannot be read ({e.strerror or 'the system refused'}): check the path and "
                "its permissions"
            ) from None
        return _split_states(text, args.state)
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


def _split_states(text: str, name: str) -> list[dict[str, Any] | str]:
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
        whole = None
    else:
        if whole == []:
            raise UsageError(f"state file {name!r} holds an empty list: give a JSON turn state, or a list of them")
        if isinstance(whole, list):
            return [s if isinstance(s, dict) else f"state {i + 1} is not a JSON object" for i, s in enumerate(whole)]
        return [whole] if isinstance(whole, dict) else ["the state is not a JSON object"]
    out: list[dict[str, Any] | str] = []
    for n, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            check_depth(line, f"line {n}")
            obj = json.loads(line)
        except TextError as e:
            out.append(str(e))
            continue
        except json.JSONDecodeError as e:
            out.append(f"line {n} is not JSON ({e.msg} at column {e.colno})")
            continue
        except ValueError:  # json.loads refuses an integer of over 4,300 digits with a plain ValueError
            out.append(f"line {n} holds a number thousands of digits long: every number of a state is small")
            continue
        out.append(obj if isinstance(obj, dict) else f"line {n} is not a JSON object")
    if too_deep and all(isinstance(o, str) for o in out):
        return [too_deep]
    return out


def _apply_overrides(data: dict[str, Any], args: argparse.Namespace) -> dict[str, Any]:
    stage = getattr(args, "stage", None)
    edition = getattr(args, "edition", None)
    if args.rules is None and args.min_length is None and stage is None and edition is None:
        return data
    options = dict(data.get("options") or {}) if isinstance(data.get("options", {}), dict) else data.get("options")
    if isinstance(options, dict):
        if args.rules is not None:
            options["rules"] = args.rules
        if args.min_length is not None:
            options["min_length"] = args.min_length
        if stage is not None:
            options["stage"] = stage
        if edition is not None:
            options["edition"] = edition
        return {**data, "options": options}
    return data


def _hint(args: argparse.Namespace, out: IO[str]) -> int:
    from solver.answers import hint as answers
    from solver.errors import GhostwriterError
    from solver.hardback.moves import format_table
    from solver.hardback.objectives import Objective, Weights
    from solver.hardback.state import TurnState
    from solver.search import Search

    if not 1 <= args.top <= 1000:
        raise UsageError("--top must be from 1 to 1000")
    if not 0.01 <= args.time_limit <= 3600:
        raise UsageError("--time-limit must be from 0.01 to 3600 seconds")
    if args.layout and not args.played:
        raise UsageError("--layout describes a played word: give --played WORD too")
    hardback_objective = args.objective or "value"
    if hardback_objective in ("score", "length"):
        hardback_objective = "value"
    objective = Objective.parse(hardback_objective)
    weights = Weights.parse(args.weights)
    states = _read_states(args)
    lexicon = choose_lexicon(args)
    if lexicon.skipped:
        print(
            f"ghostwriter: warning: {lexicon.skipped} lines of {lexicon.name!r} are not words and were skipped",
            file=sys.stderr,
        )
    failed = False
    for n, data in enumerate(states, 1):
        label = f"state {n}: " if len(states) > 1 else ""
        try:
            if isinstance(data, str):
                raise GhostwriterError(data)
            if data.get("game") == "paperback":
                text, answer_json = _paperback_hint(lexicon, data, args, label)
                if args.json:
                    print(json.dumps(answer_json, ensure_ascii=False), file=out)
                else:
                    print(text, file=out)
                continue
            state = TurnState.from_json(_apply_overrides(data, args))
            weights = Weights.parse(args.weights, Weights.at_stage(state.options.stage))
            familiarity = None
            allowed = None
            if args.familiar is not None:
                from solver.lexicon.familiarity import familiar_words
                from solver.lexicon.familiarity import familiarity as familiarity_of

                language = "ru" if state.options.edition == "ru" else "en"
                familiarity = familiarity_of(lexicon, language)
                allowed = familiar_words(lexicon, args.familiar, language)
            search = Search(lexicon, state, objective, weights, time_limit=args.time_limit, allowed=allowed)
            if args.played:
                answer, best = answers.rate(search, args.played, _layout(args.layout))
                text = (
                    format_table(answer.moves[:1], f"{label}played {args.played.upper()}: rank {answer.json['rank']}")
                    + "\n"
                    + format_table([best], f"best move (the played word is {_gap_text(answer.json['gap'], objective)})")
                )
            else:
                answer = answers.hint(search, args.top, args.pareto, familiarity)
                title = "prestige/coins frontier" if args.pareto else f"best words by {objective.value}"
                text = format_table(answer.moves, label + title)
            if "warning" in answer.json:
                text += f"\n  warning: {answer.json['warning']}"
            elif "reason" in answer.json:
                text += f"\n  {answer.json['reason']}"
        except GhostwriterError as e:
            failed = True
            if args.json:
                out.write(json.dumps({"error": f"{label}{e}"}, ensure_ascii=False) + "\n")
            else:
                print(f"ghostwriter: error: {label}{e}", file=sys.stderr)
            continue
        if args.json:
            out.write(json.dumps(answer.json, ensure_ascii=False) + "\n")
        else:
            out.write(text + "\n")
    return EXIT_BAD_INPUT if failed else 0


def _paperback_hint(
    lexicon: Any, data: dict[str, Any], args: argparse.Namespace, label: str
) -> tuple[str, dict[str, Any]]:
    from solver.answers.paperback import format_table, hint
    from solver.paperback.state import PaperbackState
    from solver.search.paperback import PaperbackObjective, PaperbackSearch

    if args.played or args.pareto:
        raise UsageError("--played and --pareto are for Hardback; Paperback answers the best moves")
    objective = PaperbackObjective.parse(args.objective or "score")
    options = data.get("options", {})
    if args.min_length is not None and isinstance(options, dict):  # --min-length overrides options.min_length
        data = {**data, "options": {**options, "min_length": args.min_length}}
    state = PaperbackState.from_json(data)
    search = PaperbackSearch(lexicon, state, objective, time_limit=args.time_limit)
    moves, out = hint(search, args.top)
    text = format_table(moves, f"{label}best Paperback words by {objective.value}")
    if "warning" in out:
        text += f"\n  warning: {out['warning']}"
    return text, out


def _layout(tokens: list[str] | None) -> list[dict[str, str]] | None:
    """``--layout r:F6/wild E a:A5`` as the arrangement JSON: one card a letter, face-up unless marked."""
    if tokens is None:
        return None
    out = []
    for token in tokens:
        code, _, face = token.rpartition("/") if token.endswith(("/wild", "/uncovered", "/up")) else (token, "", "")
        out.append({"code": code, "face": face or "up"})
    return out


def _gap_text(gap: dict[str, float], objective: Any) -> str:
    """A rating's gap (``solver.hardback.moves.gap``) in words: "2.50 value behind the best", "5 prestige and 1 coin
    behind the best" (the objective's own measure first), "level with the best"."""
    from solver.hardback.objectives import Objective

    if "value" in gap:
        return f"{gap['value']:.2f} value behind the best" if gap["value"] else "level with the best"
    units = ("prestige", "coins") if objective is Objective.PRESTIGE else ("coins", "prestige")

    def amount(unit: str) -> str:
        n = abs(int(gap[unit]))
        return f"{n} {'prestige' if unit == 'prestige' else 'coin' + 's' * (n != 1)}"

    behind = [amount(u) for u in units if gap[u] > 0]
    ahead = [amount(u) for u in units if gap[u] < 0]
    if not behind and not ahead:
        return "level with the best"
    if not ahead:
        return f"{' and '.join(behind)} behind the best"
    return f"{' and '.join(behind)} behind the best, {' and '.join(ahead)} ahead of it"


# -- serve ------------------------------------------------------------------------------------------------------


def _serve(args: argparse.Namespace) -> int:
    import uvicorn

    from service.settings import Settings, SettingsError, parse_dictionaries
    from solver.lexicon import default_lexicon, load_word_file

    if not 0 < args.port < 65536:
        raise UsageError("--port must be from 1 to 65535")
    if not 1 <= args.workers <= 64:
        raise UsageError("--workers must be from 1 to 64")
    env = dict(os.environ)
    if args.words or args.dictionary:
        env["GHOSTWRITER_DICTIONARIES"] = ";".join([*args.words, *(f"{d}=builtin:{d}" for d in args.dictionary)])
    if args.cors_origin:
        env["GHOSTWRITER_CORS_ORIGINS"] = ",".join(args.cors_origin)
    if args.time_budget is not None:
        env["GHOSTWRITER_TIME_BUDGET"] = str(args.time_budget)
    if args.max_top is not None:
        env["GHOSTWRITER_MAX_TOP"] = str(args.max_top)
    if args.header_timeout is not None:
        env["GHOSTWRITER_HEADER_TIMEOUT"] = str(args.header_timeout)
    if args.state_key is not None and args.state_key_file is not None:
        raise UsageError("give --state-key or --state-key-file, not both")
    if args.state_key is not None:
        env["GHOSTWRITER_STATE_KEY"] = args.state_key
    if args.state_key_file is not None:
        name = args.state_key_file
        try:
            with open(name, encoding="utf-8") as f:
                env["GHOSTWRITER_STATE_KEY"] = f.read().strip()
        except OSError as e:
            raise UsageError(f"--state-key-file {name}: cannot read it ({e.strerror or 'unreadable'})") from None
        except UnicodeDecodeError:
            raise UsageError(f"--state-key-file {name}: not UTF-8 text") from None
    try:
        settings = Settings.from_env(env)
    except SettingsError as e:
        raise UsageError(str(e)) from None
    # compile every list once here, so a bad file stops the start and the workers load from the cache
    default_lexicon()
    for name, path in parse_dictionaries(env.get("GHOSTWRITER_DICTIONARIES", "")).items():
        if path.startswith("builtin:"):
            from solver.lexicon import registry

            lex = registry.load(path[len("builtin:") :])
            print(f"ghostwriter: dictionary {name}: {len(lex)} words ({path})", file=sys.stderr)
            continue
        lex = load_word_file(path)
        print(f"ghostwriter: dictionary {name}: {len(lex)} words from {path}", file=sys.stderr)
    os.environ.update(settings.to_env())
    print(
        f"ghostwriter: serving on http://{args.host}:{args.port}/ (web page /, API /v1, docs /docs), "
        f"{args.workers} worker{'s' * (args.workers != 1)}",
        file=sys.stderr,
    )
    uvicorn.run(
        "service.main:create_app",
        factory=True,
        host=args.host,
        port=args.port,
        workers=args.workers,
        log_level=args.log_level,
        http="service.http:HeadDeadlineProtocol",  # closes connections whose request head is too slow
    )
    return 0


# -- cards ------------------------------------------------------------------------------------------------------


def _cards(args: argparse.Namespace, out: IO[str]) -> int:
    from solver.hardback.catalogue import Catalogue, Rules
    from solver.hardback.genres import Genre

    catalogue = Catalogue.hardback(Rules.parse(args.rules))
    genre: Genre | str | None = "" if args.genre is None else Genre.parse(args.genre)
    cards = catalogue.search(args.query, genre, args.letter or "", args.cost, True if args.timeless else None)
    if args.json:
        out.write(json.dumps([c.to_json() for c in cards], ensure_ascii=False) + "\n")
        return 0
    for c in cards:
        out.write(c.describe() + "\n")
    out.write(f"{len(cards)} card{'s' * (len(cards) != 1)}\n")
    return 0 if cards else EXIT_NO_WORD

