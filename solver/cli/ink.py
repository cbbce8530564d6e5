"""``ghostwriter ink-advice``: how many cards to draw with ink before spelling a word.

    ghostwriter ink-advice r:F6 E a:A5 S T --ink 2 --draw A I N h:H7 r:Z4 a:X4
    ghostwriter ink-advice --state turn.json --draw A I N --reshuffle B C --max-k 3 --json

The hand and state arguments are those of ``ghostwriter hint`` (``solver.cli.options`` reads them). Heavy imports
happen inside ``run``, so ``--help`` stays instant; every input error is one line and exit code 2.
"""

from __future__ import annotations

import argparse
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
    from solver.answers.ink import InkAdvice
    from solver.hardback.objectives import Objective

COMMAND = "ink-advice"
FLAGS = {
    "draw": "--draw",
    "reshuffle": "--reshuffle",
    "max_k": "--max-k",
    "samples": "--samples",
    "exact_limit": "--exact-limit",
    "seed": "--seed",
    "time_limit": "--time-limit",
}


def add_parser(subparsers: argparse._SubParsersAction[Any]) -> argparse.ArgumentParser:
    """Add the ``ink-advice`` command to the ``ghostwriter`` command line's subparsers."""
    p: argparse.ArgumentParser = subparsers.add_parser(
        COMMAND,
        help="how many cards to draw with ink before spelling",
        description="The expected worth of the turn if you draw k = 0..max-k more cards with ink (each must then "
        "be in the word face-up, unless a remover frees it; none playable forfeits the turn), over every draw the "
        "unknown order of the draw pile allows, and the best k your ink affords.",
    )
    add_state_flags(p)
    p.add_argument(
        "--draw", nargs="+", required=True, metavar="CODE", help="the draw pile's cards, in any order (it is unknown)"
    )
    p.add_argument(
        "--reshuffle",
        nargs="+",
        default=[],
        metavar="CODE",
        help="the discard cards shuffled into a new draw pile once the draw pile runs out",
    )
    p.add_argument("--max-k", type=int, default=5, metavar="N", help="most cards to consider drawing (0 to 5; 5)")
    p.add_argument(
        "--exact-limit",
        type=int,
        default=64,
        metavar="N",
        help="enumerate a k exactly when it has at most N distinct draws, else sample it (1 to 5000; 64)",
    )
    p.add_argument(
        "--samples", type=int, default=48, metavar="N", help="random draws a sampled k takes (1 to 2000; 48)"
    )
    p.add_argument("--seed", type=int, default=0, metavar="N", help="seed of the random draws (default 0)")
    add_words_flag(p)
    add_dictionary_flags(p)
    p.add_argument(
        "--objective", default="value", choices=["value", "prestige", "coins"], help="what best means (default value)"
    )
    p.add_argument("--weights", default="", metavar="K=V,...", help="weights of the value objective, e.g. ink=0.6")
    p.add_argument(
        "--time-limit",
        type=float,
        default=60.0,
        metavar="S",
        help="seconds the whole advice may take (default 60); past it the ks not reached are left out",
    )
    p.add_argument("--json", action="store_true", help="the advice as one JSON object")
    return p


def run(args: argparse.Namespace, out: IO[str]) -> int:
    """Answer ``ghostwriter ink-advice``: the advice, or one error line (a JSON ``{"error": ...}`` line with --json
    for a state the rules refuse) and exit code 2."""
    from solver.errors import GhostwriterError
    from solver.hardback.objectives import Objective, Weights

    if args.state is None and not args.cards:
        raise UsageError(
            f"give the hand's card codes (e.g. ghostwriter {COMMAND} r:F6 E S T --draw A N) or --state FILE"
        )
    objective = Objective.parse(args.objective)
    Weights.parse(args.weights)  # a bad --weights fails before anything is read
    states = read_states(args)
    if len(states) != 1:
        raise UsageError(f"{COMMAND} answers one turn state; {args.state!r} holds {len(states)}")
    try:
        advice = _advise(args, states[0], objective)
    except GhostwriterError as e:
        if not args.json:
            raise
        write_json(out, {"error": str(e)})
        return EXIT_BAD_INPUT
    if args.json:
        write_json(out, advice.to_json())
    else:
        out.write(format_advice(advice) + "\n")
    return 0


def _advise(args: argparse.Namespace, data: dict[str, Any] | str, objective: Objective) -> InkAdvice:
    """The advice for one state (or the message why it is not one); a bad ink flag is a ``UsageError`` naming it,
    raised before the dictionary loads."""
    from solver.answers.ink import InkError, advise, read_cards, validate
    from solver.errors import GhostwriterError
    from solver.hardback.objectives import Weights
    from solver.hardback.state import TurnState

    if isinstance(data, str):
        raise GhostwriterError(data)
    state = TurnState.from_json(apply_overrides(data, args))
    weights = Weights.parse(args.weights, Weights.at_stage(state.options.stage))
    try:
        draw = read_cards(args.draw, "draw", state.options.rules)
        reshuffle = read_cards(args.reshuffle, "reshuffle", state.options.rules)
        settings = (args.max_k, args.samples, args.exact_limit, args.seed, args.time_limit)
        validate(state, draw, reshuffle, *settings)  # before the dictionary loads: a bad flag fails at once
    except InkError as e:
        raise UsageError(f"{FLAGS.get(e.field.partition('[')[0], e.field)}: {e.detail}") from None
    return advise(
        choose_lexicon(args),
        state,
        draw,
        reshuffle,
        max_k=args.max_k,
        objective=objective,
        weights=weights,
        exact_limit=args.exact_limit,
        samples=args.samples,
        seed=args.seed,
        time_limit=args.time_limit,
    )


def format_advice(advice: InkAdvice) -> str:
    """The advice for people: one line a k, then what to do."""
    held = f"you hold {advice.ink_held} ink"
    lines = [
        f"ink advice by {advice.objective.value} (an ink is worth {advice.ink_weight:g} value; {held})",
        "   k  expected   ±stderr  forfeit  prestige   coins      net  exact",
    ]
    for o in advice.options:
        stderr = "-" if o.stderr is None else f"±{o.stderr:.2f}"
        how = (
            f"{o.outcomes} sample{'s' * (o.outcomes != 1)}"
            if o.sampled
            else f"{o.outcomes} outcome{'s' * (o.outcomes != 1)}"
        )
        exact = f"{'yes' if o.exact else 'no'} ({how})"
        note = "" if o.affordable else f"  needs {o.k} ink"
        lines.append(
            f"  {o.k:>2}  {o.expected:>8.2f}  {stderr:>8}  {o.forfeit * 100:>6.1f}%  {o.expected_prestige:>8.2f}  "
            f"{o.expected_coins:>6.2f}  {o.net:>7.2f}  {exact}{note}"
        )
    for k in advice.skipped:
        lines.append(f"  {k:>2}  not answered: out of time")
    best = advice.option(advice.best_k)
    none = advice.option(0)
    if best.k == 0:
        lines.append(
            f"advice: draw nothing with ink (expected {none.expected:.2f}; no affordable draw has a higher net)"
        )
    else:
        cards = f"{best.k} card{'s' * (best.k != 1)}"
        lines.append(
            f"advice: draw {cards} with ink: expected {best.expected:.2f}, net {best.net:.2f} against "
            f"{none.net:.2f} without ink ({best.forfeit * 100:.1f}% risk of forfeit)"
        )
    warning = advice.warning
    if warning is not None:
        lines.append(f"  warning: {warning}")
    return "\n".join(lines)
