"""``ghostwriter hint``: the best words of a Hardback or Paperback hand, a played word rated, or the frontier.

    ghostwriter hint r:F6 E a:A5 S T --inked h:H7 --mine m:A5 --others r:K5
    ghostwriter hint --state turns.jsonl --objective prestige --top 1 --json
    ghostwriter hint r:F6 E a:A5 S T --played FEAST

Heavy imports happen inside ``run``, so ``--help`` stays instant.
"""

from __future__ import annotations

import argparse
import re
import sys
from typing import IO, TYPE_CHECKING, Any

from solver.cli.options import (
    EXIT_BAD_INPUT,
    UsageError,
    add_dictionary_flags,
    add_state_flags,
    add_words_flag,
    apply_overrides,
    choose_lexicon,
    read_states,
    write_json,
)

if TYPE_CHECKING:
    from solver.hardback.objectives import Objective
    from solver.lexicon import Lexicon


def add_parser(subparsers: argparse._SubParsersAction[Any]) -> argparse.ArgumentParser:
    """Add the ``hint`` command to the main command's subparsers."""
    h: argparse.ArgumentParser = subparsers.add_parser(
        "hint",
        help="the best words for a hand",
        description="The best words a turn state can spell, "
        "with the arrangement of cards, coins, prestige and reasons.",
    )
    add_state_flags(h)
    add_words_flag(h)
    _add_game_flags(h)
    add_dictionary_flags(h)
    _add_answer_flags(h)
    return h


def _add_game_flags(h: argparse.ArgumentParser) -> None:
    """What best means, the game of the cards and Paperback's own flags, and the familiarity filter."""
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
        "--double-words-additive",
        action="store_true",
        help="Paperback: each double-word ability adds one to the word factor (three x4), a reading of \"your score "
        "is tripled, not quadrupled\" (default: the rulebook's letter, at most x3)",
    )
    h.add_argument(
        "--familiar",
        type=float,
        default=None,
        metavar="Z",
        help="only words at least this familiar: a Zipf frequency from wordfreq (3: met now and then in print; "
        "4: common); each move then shows its familiarity",
    )
    h.add_argument(
        "--allow-offensive",
        action="store_true",
        help="also words of the shipped offensive-words list, which hints leave out by default",
    )


def _add_answer_flags(h: argparse.ArgumentParser) -> None:
    """The weights, what to answer (the top, the frontier or a played word rated), the time and the form."""
    h.add_argument("--weights", default="", metavar="K=V,...", help="weights of the value objective, e.g. coins=0.7")
    h.add_argument("--top", type=int, default=5, metavar="N", help="how many distinct words (default 5)")
    h.add_argument(
        "--all",
        action="store_true",
        help="Paperback: every word the hand can spell, each with its best score (within --time-limit; a list "
        "cut short says so in its last line)",
    )
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


def run(args: argparse.Namespace, out: IO[str]) -> int:
    """Answer every state of the command line or --state FILE; a state at fault is one error line (or a JSON
    ``{"error": ...}`` line) and exit code 2 once the others are answered."""
    from solver.errors import GhostwriterError
    from solver.hardback.objectives import Objective, Weights
    from solver.search.setup import settle_heap

    _check_flags(args)
    hardback_objective = args.objective or "value"
    objective = Objective.parse("value" if hardback_objective in ("score", "length") else hardback_objective)
    Weights.parse(args.weights)  # a bad --weights fails before anything is read
    states = read_states(args)
    lexicon = choose_lexicon(args)
    settle_heap(collect=False)  # what loading made, frozen out of the collector's passes (a batch runs long)
    failed = False
    for n, data in enumerate(states, 1):
        label = f"state {n}: " if len(states) > 1 else ""
        try:
            if isinstance(data, str):
                raise GhostwriterError(data)
            if data.get("game") == "paperback":
                text, answer = _paperback_hint(lexicon, data, args, label)
            else:
                text, answer = _hardback_hint(lexicon, data, args, objective, label)
        except GhostwriterError as e:
            failed = True
            if args.json:
                write_json(out, {"error": f"{label}{e}"})
            else:
                print(f"ghostwriter: error: {label}{e}", file=sys.stderr)
            continue
        if args.json:
            write_json(out, answer)
        else:
            out.write(text + "\n")
    return EXIT_BAD_INPUT if failed else 0


def _check_flags(args: argparse.Namespace) -> None:
    if not 1 <= args.top <= 1000:
        raise UsageError("--top must be from 1 to 1000")
    if not 0.01 <= args.time_limit <= 3600:
        raise UsageError("--time-limit must be from 0.01 to 3600 seconds")
    if args.all and (args.played or args.pareto):
        raise UsageError("--all lists every word: leave out --played and --pareto")
    if args.layout and not args.played:
        raise UsageError("--layout describes a played word: give --played WORD too")


def _hardback_hint(
    lexicon: Lexicon, data: dict[str, Any], args: argparse.Namespace, objective: Objective, label: str
) -> tuple[str, dict[str, Any]]:
    """One Hardback state's answer, as a table for people and as JSON."""
    from solver.answers import hint as answers
    from solver.answers.filters import familiar
    from solver.hardback.moves import format_table
    from solver.hardback.objectives import Weights
    from solver.hardback.state import TurnState
    from solver.search.hardback import Search

    if args.all:
        raise UsageError("--all is for Paperback (--game paperback): Hardback answers --top N")
    if args.double_words_additive:
        raise UsageError("--double-words-additive is a reading of Paperback's rules (--game paperback)")
    state = TurnState.from_json(apply_overrides(data, args))
    weights = Weights.parse(args.weights, Weights.at_stage(state.options.stage))
    allow_offensive = args.allow_offensive or _offensive(args.played, state.options.edition)
    allowed, familiarity = familiar(lexicon, args.familiar, state.options.edition, allow_offensive)
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
        if familiarity is not None:
            text = _with_familiarity(text, [m.get("familiarity") for m in answer.json["moves"]])
    if "warning" in answer.json:
        text += f"\n  warning: {answer.json['warning']}"
    elif "reason" in answer.json:
        text += f"\n  {answer.json['reason']}"
    return text, answer.json


def _paperback_hint(
    lexicon: Lexicon, data: dict[str, Any], args: argparse.Namespace, label: str
) -> tuple[str, dict[str, Any]]:
    """One Paperback state's answer, as a table for people and as JSON."""
    from solver.answers.paperback import format_table, hint
    from solver.paperback.moves import PaperbackObjective
    from solver.paperback.state import PaperbackTurn
    from solver.search.paperback import PaperbackSearch

    if args.played or args.pareto:
        raise UsageError("--played and --pareto are for Hardback; Paperback answers the best moves")
    objective = PaperbackObjective.parse(args.objective or "score")
    options = data.get("options", {})
    if args.min_length is not None and isinstance(options, dict):  # --min-length overrides options.min_length
        data = {**data, "options": options | {"min_length": args.min_length}}
    if args.double_words_additive and isinstance(options, dict):  # the flag turns the reading on for every state
        data = {**data, "options": data.get("options", {}) | {"double_words_additive": True}}
    state = PaperbackTurn.from_json(data)
    search = PaperbackSearch(lexicon, state, objective, time_limit=args.time_limit)
    if args.all:
        from solver.answers.paperback import every, every_json, format_every

        found, summary = every(search)
        return format_every(found, f"{label}every Paperback word by {objective.value}"), every_json(found, summary)
    moves, answer = hint(search, args.top)
    text = format_table(moves, f"{label}best Paperback words by {objective.value}")
    if "warning" in answer:
        text += f"\n  warning: {answer['warning']}"
    return text, answer


def _offensive(word: str | None, edition: str) -> bool:
    """Is the played word one of the shipped offensive words? It is rated all the same, among every word (the rank
    and the best move of any other word count only the words a hint shows)."""
    from solver.text import normalize_word
    from wordlists.offensive import offensive_words

    return word is not None and normalize_word(word) in offensive_words("ru" if edition == "ru" else "en")


def _with_familiarity(table: str, familiarity: list[float | None]) -> str:
    """The table with each move's familiarity (Zipf frequency) at the end of its numbered line."""
    lines = table.split("\n")
    moves = iter(familiarity)
    for i, line in enumerate(lines):
        if re.match(r"^ ?\d+\. \S", line):
            f = next(moves, None)
            lines[i] = line + ("  familiarity ?" if f is None else f"  familiarity {f:.1f}")
    return "\n".join(lines)


def _layout(tokens: list[str] | None) -> list[dict[str, str]] | None:
    """``--layout r:F6/wild E a:A5`` as the arrangement JSON: one card a letter, face-up unless marked."""
    if tokens is None:
        return None
    out = []
    for token in tokens:
        code, _, face = token.rpartition("/") if token.endswith(("/wild", "/uncovered", "/up")) else (token, "", "")
        out.append({"code": code, "face": face or "up"})
    return out


def _gap_text(gap: dict[str, float], objective: Objective) -> str:
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
