"""The word bounds' compiled part (``solver/search/hardback/_bound_kernel.c``) against numpy's, in one process.

    .venv/bin/python benchmarks/bench_bound_kernel.py                # 200 hands a group: 5, 5+, 8, 12 cards
    .venv/bin/python benchmarks/bench_bound_kernel.py --hands 50 --only 5 5+

For each hand of bench_hint's GROUPS (the same seeds), in one process and with the order alternated hand by hand
and round by round: the bounds phase alone (``word_bounds`` of a fresh pool, numpy's then the kernel's or the
reverse) and the whole query (``Search(lexicon, state, time_limit=20).top(5)``, the compiled engine, with the
bounds' kernel hidden for the numpy runs). Medians and 90th percentiles in milliseconds over ``--rounds`` rounds of
every hand; the two paths' bounds must be equal arrays and their top 5 the same (exit code 1 otherwise).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.append(str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from bench_hint import GROUPS  # noqa: E402

from solver.hardback.state import TurnState  # noqa: E402
from solver.lexicon import default_lexicon  # noqa: E402
from solver.search.hardback import Search, bound  # noqa: E402


def _q(values: list[float], q: float) -> float:
    return sorted(values)[min(len(values) - 1, int(q * len(values)))]


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--hands", type=int, default=200)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--only", nargs="*", default=list(GROUPS))
    args = ap.parse_args()
    kernel = bound.bound_kernel
    if kernel is None:
        print("the bounds' kernel is not built")
        return 1
    lex = default_lexicon()
    bad = 0
    print("| group | phase | numpy median | kernel median | numpy p90 | kernel p90 | median ratio |")
    print("|---|---|---:|---:|---:|---:|---:|")
    for name in args.only:
        group = GROUPS[name]
        states = [TurnState.from_json(group.state(i)) for i in range(args.hands)]
        times: dict[tuple[str, bool], list[float]] = {(p, k): [] for p in ("bounds", "query") for k in (False, True)}
        for r in range(args.rounds):
            for i, state in enumerate(states):
                bounds: dict[bool, bound.Bounds] = {}
                tops: dict[bool, list[tuple[str, float]]] = {}
                for native in (False, True) if (i + r) % 2 else (True, False):
                    pool = Search(lex, state).pool
                    t = time.perf_counter()
                    bounds[native] = bound.word_bounds(lex, pool, native=native)
                    times[("bounds", native)].append(time.perf_counter() - t)
                    bound.bound_kernel = kernel if native else None
                    try:
                        t = time.perf_counter()
                        top = Search(lex, state, time_limit=20).top(5)
                        times[("query", native)].append(time.perf_counter() - t)
                    finally:
                        bound.bound_kernel = kernel
                    tops[native] = [(m.word, m.value) for m in top]
                a, c = bounds[False], bounds[True]
                if not (np.array_equal(a.index, c.index) and np.array_equal(a.bound, c.bound)):
                    bad += 1
                    print("BOUNDS DIFFER", name, i)
                if tops[False] != tops[True]:
                    bad += 1
                    print("TOP 5 DIFFERS", name, i)
        for phase in ("bounds", "query"):
            old, new = times[(phase, False)], times[(phase, True)]
            mo, mn = statistics.median(old), statistics.median(new)
            cells = [group.label, phase, *(f"{v * 1e3:.3f}" for v in (mo, mn, _q(old, 0.9), _q(new, 0.9)))]
            print("| " + " | ".join([*cells, f"{mo / mn:.2f}"]) + " |")
        sys.stdout.flush()
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())
