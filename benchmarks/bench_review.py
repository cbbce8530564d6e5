"""Speed of a game's review (``ghostwriter review``): seeded 2-player games of 20 rounds, each reviewed whole.

    python benchmarks/bench_review.py                      # 10 seeds, hard against medium, by value and prestige
    python benchmarks/bench_review.py --games 3 --bots greedy,greedy --objective prestige

Each game is played by the engine's bots to the end of its 20th round (target 500, so no one ends it sooner), its
record written as ``play --save`` writes it and read back from JSON; then the review is timed as the command runs
it: the record read and checked, the log replayed through the engine, every turn that spelled or passed searched
exactly. It reports the median and worst seconds a review (target: under 2 s) and the median milliseconds a turn,
over the shipped dictionary (ENABLE). Results are printed and written to benchmarks/results/bench_review.json.
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

from solver.answers.review import review  # noqa: E402
from solver.bots.registry import bot_seed, make_bot  # noqa: E402
from solver.game.hardback.engine import Game  # noqa: E402
from solver.game.hardback.options import GameOptions  # noqa: E402
from solver.game.hardback.replay import read_record, record_json, replay  # noqa: E402
from solver.game.hardback.state import Phase  # noqa: E402
from solver.hardback.objectives import Objective  # noqa: E402
from solver.lexicon import Lexicon, default_lexicon  # noqa: E402

ROUNDS = 20
TARGET_S = 2.0


def played(lex: Lexicon, bots: list[str], seed: int) -> str:
    """A game of 20 rounds between the bots, as its record's JSON text."""
    game = Game.new(GameOptions(players=len(bots), target=500, max_turns=ROUNDS), seed, lex)
    players = [make_bot(name, lex, bot_seed(seed, i)) for i, name in enumerate(bots)]
    while game.state.phase != Phase.OVER:
        players[game.state.acting].play_turn(game)
    return json.dumps(record_json(game, bots, None))


def timed(lex: Lexicon, text: str, objective: Objective) -> tuple[float, int, bool]:
    """Seconds to review a record's text, the turns reviewed, and whether every one was exact."""
    start = time.perf_counter()
    record = read_record(json.loads(text))
    _, turns = replay(record, lex)
    rev = review(lex, turns, objective)
    return time.perf_counter() - start, len(rev.turns), rev.exact


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=10, help="seeded games (default 10)")
    ap.add_argument("--seed", type=int, default=1, help="the first game's seed (then +1 each)")
    ap.add_argument("--bots", default="hard,medium", help="the two bots (default hard,medium)")
    ap.add_argument("--objective", action="append", choices=[o.value for o in Objective],
                    help="objective(s) to review by (default value and prestige)")
    ap.add_argument("--out", type=Path, default=ROOT / "benchmarks" / "results" / "bench_review.json")
    args = ap.parse_args()
    bots = [b.strip() for b in args.bots.split(",")]
    objectives = [Objective(o) for o in (args.objective or ["value", "prestige"])]
    lex = default_lexicon()
    records = [played(lex, bots, args.seed + i) for i in range(args.games)]
    timed(lex, records[0], objectives[0])  # warm: the lexicon's pages and tables, the kernel
    report: dict[str, Any] = {
        "machine": platform.platform(),
        "python": platform.python_version(),
        "bots": bots,
        "rounds": ROUNDS,
        "seeds": [args.seed + i for i in range(args.games)],
        "target_s": TARGET_S,
        "objectives": {},
    }
    failures: list[str] = []
    print(f"review of {args.games} seeded {'-vs-'.join(bots)} games of {ROUNDS} rounds over {lex.name}")
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
            f"  by {objective.value:<8}: median {part['median_s']:.3f} s, worst {part['worst_s']:.3f} s a review "
            f"({part['median_ms_a_turn']:.2f} ms a turn; {min(part['turns'])}-{max(part['turns'])} turns); target "
            f"under {TARGET_S:g} s: {'ok' if part['met'] else 'MISSED'}"
        )
    return finish(report, failures, args.out)


if __name__ == "__main__":
    sys.exit(main())
