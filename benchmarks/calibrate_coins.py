"""Measure a coin's worth in prestige points by game stage, in self-play, and write the table the bots and the
ghost writer's default weights use (``solver/data/coin_value.json``).

    .venv/bin/python benchmarks/calibrate_coins.py [--bot hard] [--seeds 60] [--bonus 4] [--write]

Method (``solver.bots.calibration.measure``): pairs of seeded games between two copies of the bot; in one game of
a pair seat 0 is handed ``bonus`` extra coins at its first purchase phase past a stage, in the other it is not;
the difference in seat 0's final margin, per coin, averaged over the seeds, is the coin's worth at that stage,
with its standard error.
"""

from __future__ import annotations

import argparse
import json
import time
from importlib import resources
from pathlib import Path

from solver.bots.calibration import measure
from solver.files import write_text


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--bot", default="hard")
    ap.add_argument("--seeds", type=int, default=60)
    ap.add_argument("--bonus", type=int, default=4)
    ap.add_argument("--write", action="store_true", help="write the table into solver/data/coin_value.json")
    args = ap.parse_args()
    start = time.perf_counter()
    table = measure(args.bot, seeds=args.seeds, bonus=args.bonus)
    table["seconds"] = round(time.perf_counter() - start, 1)
    print(json.dumps(table, indent=1))
    if args.write:
        # the last point (the moment the target is reached) is the final turn, where a coin buys only purchase
        # prestige or an advert: kept at the first estimate, not measured
        stages = [*table["stages"], 1.0]
        coin = [max(0.05, c) for c in table["coin"]] + [0.1]
        out = {
            "stages": stages,
            "coin": coin,
            "stderr": [*table["stderr"], None],
            "method": f"paired self-play ({args.bot} vs {args.bot}, {args.seeds} seeds a stage, {args.bonus} coins "
            "given): benchmarks/calibrate_coins.py",
        }
        path = Path(str(resources.files("solver").joinpath("data/coin_value.json")))
        write_text(path, json.dumps(out, indent=1) + "\n")  # whole or not at all
        print(f"written: {path}")


if __name__ == "__main__":
    main()
