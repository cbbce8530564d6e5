"""Speed of the ghost writer, measured beside its baselines in the same run.

    python benchmarks/bench_hint.py            # the full run (a few minutes)
    python benchmarks/bench_hint.py --quick    # fewer hands, for a smoke test

It reports, over the full ENABLE list:
- in-process time of a hint (top 5 by value) for seeded random hands of 5 cards with a classic or an inked
  card, 8 cards and 12 cards: median, 90th percentile and worst;
- the same hands solved by a naive pass that solves every word of the dictionary one by one (on a sample of
  words, scaled up to the whole list for 8 and 12 cards), and the ratio;
- the brute-force oracle of the tests against the fast search on the worked examples' word list (3,012 words);
- the command line from start to printed answer, and its peak memory.
Results are printed and written to benchmarks/results/bench_hint.json.
"""

from __future__ import annotations

import argparse
import json
import random
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from solver.hardback.catalogue import Catalogue  # noqa: E402
from solver.hardback.objectives import Objective  # noqa: E402
from solver.hardback.state import TurnState  # noqa: E402
from solver.lexicon import Lexicon, default_lexicon, load_word_file  # noqa: E402
from solver.search import Search  # noqa: E402

from oracle import oracle_best  # noqa: E402

LIMIT = 20.0  # seconds a hint may take before it returns what it has (counted as a hand that hit the limit)
CARDS = list(Catalogue.hardback())
OFFER = [c.code for c in CARDS if not c.is_starter and not c.timeless]
CLASSICS = [c.code for c in CARDS if c.timeless]
STARTERS = [c.code for c in CARDS if c.is_starter]


def random_state(seed: int, size: int) -> dict[str, Any]:
    """A plausible turn: offer cards and starters. Five cards come with one more, drawn with ink or a timeless
    classic of the player's in play (the 5-card target names one); larger hands hold ``size`` cards in all,
    one of them drawn with ink half the time."""
    rng = random.Random(seed)
    n_offer = rng.randint(size // 3, size - 1)
    cards = rng.sample(OFFER, n_offer + 1)
    hand = cards[:n_offer] + rng.sample(STARTERS, size - n_offer)
    inked = rng.random() < 0.5
    if size == 5:
        if inked:
            return {"hand": hand, "inked": [cards[-1]]}
        return {"hand": hand, "timeless": {"mine": [rng.choice(CLASSICS)]}}
    return {"hand": hand[1:], "inked": hand[:1]} if inked else {"hand": hand}


def timed(fn: Any) -> tuple[float, Any]:
    t = time.perf_counter()
    out = fn()
    return time.perf_counter() - t, out


def naive_best(lex: Lexicon, state: TurnState, sample: float, rng: random.Random) -> tuple[float, float]:
    """Solve every word (or a sample of them) one by one with no bounds; (seconds scaled to all, best value)."""
    search = Search(lex, state, Objective.VALUE)
    lo, hi = lex.length_range(state.options.min_length, len(state.hand) + len(state.inked) + len(state.mine)
                              + len(state.others))
    indices = range(lo, hi) if sample >= 1 else sorted(rng.sample(range(lo, hi), int((hi - lo) * sample)))
    best = float("-inf")
    t = time.perf_counter()
    for i in indices:
        p = search.solver.solve(lex.word(i))
        if p is not None and p.value > best:
            best = p.value
    seconds = time.perf_counter() - t
    return seconds / (len(indices) / max(hi - lo, 1)), best


def pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--quick", action="store_true")
    args = ap.parse_args()
    hands = 8 if args.quick else 24
    lex = default_lexicon()
    report: dict[str, Any] = {"dictionary": f"{lex.name} ({len(lex)} words)", "hint": {}}
    print(f"dictionary: {lex.name}, {len(lex)} words; hands per size: {hands}")
    print(f"{'hand':<26}{'median':>9}{'p90':>9}{'worst':>9}   naive (median, ratio)")
    for size, label, naive_sample in ((5, "5 cards + classic/inked", 1.0), (8, "8 cards", 0.1), (12, "12 cards", 0.02)):
        times: list[float] = []
        cut: list[int] = []
        naive: list[tuple[float, float]] = []
        for seed in range(hands):
            state = TurnState.from_json(random_state(1000 * size + seed, size))
            search = Search(lex, state, time_limit=LIMIT)
            dt, moves = timed(lambda search=search: search.top(5))  # type: ignore[misc]
            times.append(dt)
            if not search.exact:
                cut.append(seed)
            if seed < (3 if args.quick else 6) and search.exact:
                rng = random.Random(seed)
                n_dt, n_best = naive_best(lex, state, naive_sample, rng)
                naive.append((n_dt, dt))
                if naive_sample >= 1 and moves:
                    assert abs(n_best - moves[0].value) < 1e-6, "naive pass and search disagree"
        med = statistics.median(times)
        n_med = statistics.median(n for n, _ in naive) if naive else float("nan")
        ratio = statistics.median(n / f for n, f in naive) if naive else float("nan")
        scaled = "" if naive_sample >= 1 else f" (sampled {naive_sample:.0%}, scaled)"
        print(f"{label:<26}{med * 1e3:>8.1f}ms{pct(times, 0.9) * 1e3:>8.1f}ms{max(times) * 1e3:>8.1f}ms"
              f"   {n_med * 1e3:.0f}ms, x{ratio:.0f}{scaled}"
              + (f"; {len(cut)} hand(s) hit the {LIMIT:g} s limit" if cut else ""))
        report["hint"][label] = {"median_ms": med * 1e3, "p90_ms": pct(times, 0.9) * 1e3, "max_ms": max(times) * 1e3,
                                 "naive_median_ms": n_med * 1e3, "naive_ratio": ratio, "naive_sample": naive_sample,
                                 "hands": hands, "hit_time_limit": len(cut)}

    # the oracle on the examples' word list, 5-card hands
    words_file = ROOT / "tests" / "data" / "examples-words.txt"
    small = load_word_file(words_file)
    words = list(small.words())
    ratios, o_times, f_times = [], [], []
    for seed in range(3 if args.quick else 6):
        state = TurnState.from_json(random_state(77 + seed, 5))
        o_dt, want = timed(lambda state=state: oracle_best(state, words, Objective.PRESTIGE))  # type: ignore[misc]
        f_dt, got = timed(lambda state=state: Search(small, state, Objective.PRESTIGE).top(1))  # type: ignore[misc]
        if want:
            best = max((m.prestige, m.coins) for m in want.values())
            assert (got[0].prestige, got[0].coins) == best, "oracle and search disagree"
        ratios.append(o_dt / f_dt)
        o_times.append(o_dt)
        f_times.append(f_dt)
    print(f"oracle on {len(words)} words, 5 cards: oracle {statistics.median(o_times) * 1e3:.0f}ms, "
          f"search {statistics.median(f_times) * 1e3:.1f}ms, x{statistics.median(ratios):.0f}")
    report["oracle"] = {"words": len(words), "oracle_median_ms": statistics.median(o_times) * 1e3,
                        "search_median_ms": statistics.median(f_times) * 1e3, "ratio": statistics.median(ratios)}

    # the command line, start to printed answer
    exe = [sys.executable, "-m", "solver.cli"]
    cmd = [*exe, "hint", "r:F6", "E", "a:A5", "S", "T", "--inked", "h:H7", "--mine", "m:A5", "--others", "r:K5"]
    subprocess.run(cmd, capture_output=True, check=True, cwd=ROOT)  # warm the lexicon cache
    cli = []
    for _ in range(5 if args.quick else 15):
        dt, _ = timed(lambda: subprocess.run(cmd, capture_output=True, check=True, cwd=ROOT))
        cli.append(dt)
    peak_mb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    print(f"command line, start to answer: median {statistics.median(cli) * 1e3:.0f}ms, "
          f"worst {max(cli) * 1e3:.0f}ms; peak memory {peak_mb:.0f} MB")
    report["cli"] = {"median_ms": statistics.median(cli) * 1e3, "max_ms": max(cli) * 1e3, "peak_mb": peak_mb}
    out = ROOT / "benchmarks" / "results"
    out.mkdir(exist_ok=True)
    (out / "bench_hint.json").write_text(json.dumps(report, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
