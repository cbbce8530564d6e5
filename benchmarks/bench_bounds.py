"""How well the word bounds prune: exact per-word solves, search steps and wall time of a top-5 hint.

    python benchmarks/bench_bounds.py                          # 40 hands of 12 cards, 40 of 8, 40 of 5, 2 slow
    python benchmarks/bench_bounds.py --hands 10               # fewer hands
    python benchmarks/bench_bounds.py --baseline OLD_BOUND.py  # the same hands, alternating with another bound

``--baseline`` names a copy of ``solver/search/hardback/bound.py`` (e.g. ``git show REV:solver/search/hardback/bound.py
> old.py``):
each hand is then searched with both bounds in turn, in the same process, and their top-5 values must agree (the
words may differ among words of equal value: which of them a search keeps depends on the order it reads them).
Figures are sums over the hands of each group; times are in seconds.
"""

from __future__ import annotations

import argparse
import importlib.util
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))

from bench_hint import random_state  # noqa: E402

from solver.hardback.state import TurnState  # noqa: E402
from solver.lexicon import Lexicon, default_lexicon  # noqa: E402
from solver.search.hardback import bound as bound_module  # noqa: E402
from solver.search.hardback import driver  # noqa: E402
from solver.search.hardback.exact import WordSolver  # noqa: E402

LIMIT = 20.0
SLOW = [
    {"hand": ["mystery:O3", "romance:J6", "horror:A3", "mystery:N7", "T", "N", "S", "R"]},
    {"hand": ["romance:B3", "mystery:N7", "romance:S4", "mystery:R4", "R", "A", "R", "A"]},
]

solves = 0
_solve = WordSolver._solve


def _counted(self: WordSolver, word: str, floor: float, stop_at: int | None) -> Any:
    global solves
    solves += 1
    return _solve(self, word, floor, stop_at)


WordSolver._solve = _counted  # type: ignore[method-assign]


Run = tuple[int, int, float, list[Any], bool]


def run(lex: Lexicon, state_json: dict[str, Any], bounds: Callable[..., Any]) -> Run:
    """(exact solves, steps, seconds, the top 5 as (word, value), exact) of one hint with the given bound."""
    global solves
    driver.word_bounds = bounds  # type: ignore[attr-defined]
    state = TurnState.from_json(state_json)
    solves = 0
    t = time.perf_counter()
    search = driver.Search(lex, state, time_limit=LIMIT)
    top = search.top(5)
    dt = time.perf_counter() - t
    return solves, search.budget.ticks, dt, [(m.word, round(m.value, 6)) for m in top], search.exact


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--hands", type=int, default=40)
    ap.add_argument("--baseline", type=Path, default=None)
    args = ap.parse_args()
    lex = default_lexicon()
    variants: list[tuple[str, Callable[..., Any]]] = [("new", bound_module.word_bounds)]
    if args.baseline is not None:
        spec = importlib.util.spec_from_file_location("old_bound", args.baseline)
        assert spec is not None and spec.loader is not None
        old = importlib.util.module_from_spec(spec)
        sys.modules["old_bound"] = old  # dataclasses look their module up
        spec.loader.exec_module(old)
        variants.insert(0, ("old", lambda lex, pool, **_: old.word_bounds(lex, pool)))  # older ones take no engine
    groups = [
        ("12 cards", [random_state(12000 + s, 12) for s in range(args.hands)]),
        ("8 cards", [random_state(8000 + s, 8) for s in range(args.hands)]),
        ("5 cards", [random_state(5000 + s, 5) for s in range(args.hands)]),
        ("slow 8", SLOW),
    ]
    mismatches = ties = 0  # hands whose top-5 values differ; hands whose words differ only among equal values
    print(f"{'group':<10}{'bound':<6}{'solves':>10}{'steps':>12}{'seconds':>10}{'worst s':>9}{'cut':>5}")
    for name, hands in groups:
        totals: dict[str, list[float]] = {v: [0, 0, 0.0, 0.0, 0] for v, _ in variants}
        for hand in hands:
            answers = {}
            for v, fn in variants:
                n, ticks, dt, top, exact = run(lex, hand, fn)
                t = totals[v]
                t[0] += n
                t[1] += ticks
                t[2] += dt
                t[3] = max(t[3], dt)
                t[4] += not exact
                answers[v] = top
            if len({repr(a) for a in answers.values()}) > 1:
                if len({repr([v for _, v in a]) for a in answers.values()}) > 1:
                    mismatches += 1
                    print("DIFFERENT VALUES", hand, answers)
                else:
                    ties += 1
        for v, _ in variants:
            solved, steps, seconds, worst, cut = totals[v]
            print(f"{name:<10}{v:<6}{solved:>10.0f}{steps:>12.0f}{seconds:>10.2f}{worst:>9.2f}{cut:>5.0f}")
        sys.stdout.flush()
    print(
        f"top-5 values identical on every hand; words differ among equal values on {ties}"
        if not mismatches
        else f"{mismatches} hands' top-5 values differ"
    )
    return 1 if mismatches else 0


if __name__ == "__main__":
    raise SystemExit(main())
