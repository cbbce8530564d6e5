"""Speed of a Paperback game's review (``ghostwriter review`` of a Paperback record): seeded 2-player games on the
house deck, played out by the bots, each reviewed whole.

    python benchmarks/bench_review_paperback.py                   # 10 seeds, random against hard, by value and score
    python benchmarks/bench_review_paperback.py --games 3 --bots greedy,hard --objective length

Each game is played to its end by the bots (``tournament --game paperback``'s play function, its record kept as
``tournament --records`` writes it) and read back from JSON; then the review is timed as the command runs it: the
record read and checked (its deck in full), the log replayed through the engine, every turn that spelled or passed
searched exactly. A random bot's words rank low, so its turns ask the search for many moves: the hard case. It
reports the median and worst seconds a review (target: under 2 s) and the median milliseconds a turn, over the
shipped dictionary (ENABLE). Results are printed and written to benchmarks/results/bench_review_paperback.json.
"""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.append(str(ROOT))  # the installed package first (its compiled kernel), else the sources

from benchstats import finish  # noqa: E402

from solver.answers.paperback_review import review  # noqa: E402
from solver.game.paperback.record import read_record, replay  # noqa: E402
from solver.lexicon import Lexicon, default_lexicon  # noqa: E402
from solver.paperback.deck import house_deck  # noqa: E402
from solver.paperback.moves import PaperbackObjective  # noqa: E402
from solver.tournament.paperback import PaperbackPlay  # noqa: E402

TARGET_S = 2.0


def played(lex: Lexicon, bots: list[str], seed: int) -> str:
    """A whole game between the bots on the house deck, as its record's JSON text."""
    record = PaperbackPlay.of(house_deck(), keep_log=True)(bots, seed, None, lex)
    return json.dumps(record.extra["record"])


def timed(lex: Lexicon, text: str, objective: PaperbackObjective) -> tuple[float, int, bool]:
    """Seconds to review a record's text, the turns reviewed, and whether every one was exact."""
    start = time.perf_counter()
    record = read_record(json.loads(text))
    _, turns = replay(record, lex)
    rev = review(lex, turns, objective)
    return time.perf_counter() - start, len(rev.turns), rev.exact


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=10, help="seeded games (default 10)")
    ap.add_argument("--seed", type=int, default=1, help="the first game's seed (then +1 each)")
    ap.add_argument("--bots", default="random,hard", help="the two bots (default random,hard)")
    ap.add_argument("--objective", action="append", choices=[o.value for o in PaperbackObjective],
                    help="objective(s) to review by (default value and score)")
    ap.add_argument("--out", type=Path, default=ROOT / "benchmarks" / "results" / "bench_review_paperback.json")
    args = ap.parse_args(argv)
    bots = [b.strip() for b in args.bots.split(",")]
    objectives = [PaperbackObjective(o) for o in (args.objective or ["value", "score"])]
    lex = default_lexicon()
    records = [played(lex, bots, args.seed + i) for i in range(args.games)]
    timed(lex, records[0], objectives[0])  # warm: the lexicon's pages and tables, the kernel
    report: dict[str, Any] = {
        "machine": platform.platform(),
        "python": platform.python_version(),
        "game": "paperback",
        "deck": "house",
        "bots": bots,
        "seeds": [args.seed + i for i in range(args.games)],
        "target_s": TARGET_S,
        "objectives": {},
    }
    failures: list[str] = []
    print(f"review of {args.games} seeded {'-vs-'.join(bots)} Paperback games (house deck) over {lex.name}")
    for objective in objectives:
        runs = [timed(lex, text, objective) for text in records]
        seconds = [s for s, _, _ in runs]
        per_turn = [1000 * s / n for s, n, _ in runs if n]
        part = {
            "games": len(runs),
            "turns": [n for _, n, _ in runs],
            "median_s": round(statistics.median(seconds), 4),
            "worst_s": round(max(seconds), 4),
            "median_ms_a_turn": round(statistics.median(per_turn), 3),
            "exact": all(e for _, _, e in runs),
            "met": max(seconds) < TARGET_S,
        }
        report["objectives"][objective.value] = part
        if not part["exact"]:
            failures.append(f"{objective.value}: a review without a time limit was not exact")
        print(
            f"  by {objective.value:<6}: median {part['median_s']:.3f} s, worst {part['worst_s']:.3f} s a review "
            f"({part['median_ms_a_turn']:.2f} ms a turn; {min(part['turns'])}-{max(part['turns'])} turns); target "
            f"under {TARGET_S:g} s: {'ok' if part['met'] else 'MISSED'}"
        )
    return finish(report, failures, args.out)


if __name__ == "__main__":
    sys.exit(main())
