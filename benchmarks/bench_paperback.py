"""Speed of the Paperback ghost writer over the shipped dictionary, each engine and a naive pass in the same run.

    .venv/bin/python benchmarks/bench_paperback.py [--hands 200] [--seed 1] [--engines python,compiled] [--quick]

For seeded random hands of 5 and of 10 cards (letters weighted as in English, some two-letter cards, wilds,
abilities drawn from the vocabulary, a Common card), it times the best-first search (top 5 by score) with each engine
(``PaperbackSearch(engine=...)``: the Python layouts and the compiled ones, on the same hands in the same process) and,
as the baseline, the naive pass: every word of the dictionary solved one by one with the Python per-word solver (timed
on a sample of the words and scaled). It checks that every engine gives the same moves and that the naive pass finds
no better score, and reports medians, 90th and 99th percentiles, the worst, and the ratio to the naive pass. Targets
(issue 14): 10 cards median at most 5 ms, worst at most 50 ms.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from solver.lexicon import default_lexicon  # noqa: E402
from solver.paperback.state import PaperbackState  # noqa: E402
from solver.search.paperback import PaperbackSearch  # noqa: E402

FREQ = "eeeeeeeeeeeeaaaaaaaaaiiiiiiiiioooooooonnnnnnrrrrrrttttttllllssssuuuuddddgggbbccmmppffhhvvwwyykjxqz"
PAIRS = ["th", "er", "in", "ed", "es", "on", "an", "re", "st", "ng", "qu", "ch", "sh", "ly", "ou"]
ABILITIES = ["", "", "", ":+1", ":+2", ":double-word", ":double-letter", ":first:+2", ":last:+2", ":len>=7:+3",
             ":nowild:+2", ":wilds:+1", ":cards+1", ":trash-hand"]


def hand(rng: random.Random, n: int) -> dict[str, object]:
    cards = []
    for _ in range(n):
        r = rng.random()
        if r < 0.2:
            cards.append("?")
        elif r < 0.35:
            cards.append(f"{rng.choice(PAIRS).upper()}/{rng.randint(2, 5)}{rng.choice(ABILITIES)}")
        else:
            cards.append(f"{rng.choice(FREQ).upper()}/{rng.randint(0, 4)}{rng.choice(ABILITIES)}")
    common = rng.choice(["E/1", "I/1", "O/1", "dyslexic", None])
    return {"game": "paperback", "hand": cards, "common": common, "threshold": 7}


def percentile(ordered: list[float], q: float) -> float:
    """The q-th quantile of sorted times, the nearest rank below (no interpolation)."""
    return ordered[int(q * (len(ordered) - 1))]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--hands", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--engines", default="python,compiled", help="the engines to time, in order, comma-separated")
    ap.add_argument(
        "--sample", type=int, default=1000, help="words the naive pass solves, scaled to the whole list (0: none)"
    )
    ap.add_argument("--quick", action="store_true", help="6 hands a size")
    args = ap.parse_args()
    if args.quick:
        args.hands = 6
    engines = [e.strip() for e in args.engines.split(",") if e.strip()]
    lex = default_lexicon()
    rng = random.Random(args.seed)  # the hands: the same whatever the engines and the naive pass
    sampler = random.Random(args.seed + 1)  # the naive pass's sample of words
    results: dict[str, object] = {"dictionary": lex.name, "words": len(lex), "hands": args.hands, "seed": args.seed}
    for size in (5, 10):
        times: dict[str, list[float]] = {e: [] for e in engines}
        naive: list[float] = []
        for _ in range(args.hands):
            data = hand(rng, size)
            state = PaperbackState.from_json(data)
            PaperbackSearch(lex, state, engine=engines[0]).top(5)  # warm the caches once
            answers = []
            for engine in engines:
                t = time.perf_counter()
                s = PaperbackSearch(lex, state, engine=engine)
                moves = s.top(5)
                times[engine].append((time.perf_counter() - t) * 1000)
                answers.append([(m.word, m.score, m.value, m.pieces) for m in moves])
            if any(a != answers[0] for a in answers):
                raise SystemExit(f"the engines disagree on {data}: {answers}")
            if args.sample:
                sample = sampler.sample(range(len(lex)), min(args.sample, len(lex)))
                t = time.perf_counter()
                best = -1
                slow = PaperbackSearch(lex, state, engine="python")
                for i in sample:
                    m = slow.solve(lex.word(i))
                    if m is not None:
                        best = max(best, m.score)
                naive.append((time.perf_counter() - t) * 1000 * len(lex) / len(sample))
                if answers[0] and best > answers[0][0][1]:
                    raise SystemExit(f"the naive pass beat the search on {data}: {best} > {answers[0][0][1]}")
        line: dict[str, object] = {"target_ms": {"median": 5, "worst": 50} if size == 10 else None}
        if naive:
            line["naive_median_ms"] = round(statistics.median(naive), 1)
        for engine in engines:
            ordered = sorted(times[engine])
            median = statistics.median(ordered)
            line[engine] = {
                "median_ms": round(median, 2),
                "p90_ms": round(percentile(ordered, 0.9), 2),
                "p99_ms": round(percentile(ordered, 0.99), 2),
                "worst_ms": round(ordered[-1], 2),
                "naive_ratio": round(statistics.median(naive) / median, 1) if naive else None,
            }
        results[f"{size}_cards"] = line
        for engine in engines:
            e = line[engine]
            assert isinstance(e, dict)
            print(
                f"{size:>2} cards, {engine:>8}: median {e['median_ms']} ms, p90 {e['p90_ms']} ms, p99 {e['p99_ms']} "
                f"ms, worst {e['worst_ms']} ms ({args.hands} hands)"
                + (f"; naive pass {line['naive_median_ms']} ms, x{e['naive_ratio']}" if naive else "")
            )
    out = ROOT / "benchmarks" / "results" / "bench_paperback.json"
    out.parent.mkdir(exist_ok=True)  # the results are not in the repository: a fresh clone has no folder yet
    out.write_text(json.dumps(results, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
