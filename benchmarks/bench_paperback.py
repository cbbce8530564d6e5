"""Speed of the Paperback ghost writer over the shipped dictionary, beside a naive pass in the same run.

    .venv/bin/python benchmarks/bench_paperback.py [--hands 24] [--seed 1] [--quick]

For seeded random hands of 5 and of 10 cards (letters weighted as in English, some two-letter cards, wilds,
abilities drawn from the vocabulary, a Common card), it times the best-first search (top 5 by score) and, as the
baseline, the naive pass: every word of the dictionary solved one by one with the same exact per-word solver
(timed on a sample of the words and scaled). It checks that both find the same best score, and reports medians,
90th percentiles, the worst, and the ratio. Targets (issue 5): median at most 5 ms (5 cards) and 30 ms (10 cards).
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


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--hands", type=int, default=24)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--sample", type=int, default=4000, help="words the naive pass solves, scaled to the whole list")
    ap.add_argument("--quick", action="store_true")
    args = ap.parse_args()
    if args.quick:
        args.hands, args.sample = 6, 1000
    lex = default_lexicon()
    rng = random.Random(args.seed)
    results: dict[str, object] = {"dictionary": lex.name, "words": len(lex)}
    for size in (5, 10):
        fast: list[float] = []
        naive: list[float] = []
        for _ in range(args.hands):
            data = hand(rng, size)
            state = PaperbackState.from_json(data)
            PaperbackSearch(lex, state).top(5)  # warm the caches once
            t = time.perf_counter()
            s = PaperbackSearch(lex, state)
            moves = s.top(5)
            fast.append((time.perf_counter() - t) * 1000)
            sample = rng.sample(range(len(lex)), min(args.sample, len(lex)))
            t = time.perf_counter()
            best = -1
            slow = PaperbackSearch(lex, state)
            for i in sample:
                m = slow.solve(lex.word(i))
                if m is not None:
                    best = max(best, m.score)
            naive.append((time.perf_counter() - t) * 1000 * len(lex) / len(sample))
            if moves and best > moves[0].score:
                raise SystemExit(f"the naive pass beat the search on {data}: {best} > {moves[0].score}")
        fast.sort()
        line = {
            "median_ms": round(statistics.median(fast), 2),
            "p90_ms": round(fast[int(0.9 * (len(fast) - 1))], 2),
            "worst_ms": round(fast[-1], 2),
            "naive_median_ms": round(statistics.median(naive), 1),
            "ratio": round(statistics.median(naive) / statistics.median(fast), 1),
            "target_ms": 5 if size == 5 else 30,
        }
        results[f"{size}_cards"] = line
        print(f"{size:>2} cards: median {line['median_ms']} ms, p90 {line['p90_ms']} ms, worst {line['worst_ms']} ms "
              f"(target {line['target_ms']}); naive pass {line['naive_median_ms']} ms; x{line['ratio']}")
    out = ROOT / "benchmarks" / "results" / "bench_paperback.json"
    out.parent.mkdir(exist_ok=True)  # the results are not in the repository: a fresh clone has no folder yet
    out.write_text(json.dumps(results, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
