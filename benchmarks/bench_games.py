"""Speed of the game engine and strength of the bots, measured beside their baselines in the same run.

    python benchmarks/bench_games.py                 # all three parts (about 10 minutes on 2 cores)
    python benchmarks/bench_games.py --speed         # one part: --speed, --strength, --ladder (combine them)
    python benchmarks/bench_games.py --ladder --games 1000
    python benchmarks/bench_games.py --quick         # fewer games, for a smoke test

It reports, over the shipped dictionary (ENABLE):
- speed: greedy-vs-greedy 2-player games in one process: median seconds a game and games a second on one core
  (target: at least 4), beside the same games with the lexicon loaded again for each game (the baseline the
  runner's load-once-a-worker saves);
- strength: a mirrored greedy-vs-hard tournament (2,000 games) on every core: wall time (target: under 5 minutes
  on 2 cores), the speed-up over one core (the games' own times summed, over the wall time), and the top bot's
  win rate with its 95% interval (target: at least 60%);
- ladder: each level against the one below (greedy < easy < medium < hard), mirrored, ``--games`` a pair: the
  stronger bot's win rate with its interval, and whether the interval clears 50%.
Results are printed and written to benchmarks/results/bench_games.json.
"""

from __future__ import annotations

import argparse
import itertools
import json
import platform
import resource
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.append(str(ROOT))  # the installed package first (its compiled kernel), else the sources

from solver.files import write_text  # noqa: E402
from solver.game.hardback.options import GameOptions  # noqa: E402
from solver.lexicon import default_lexicon  # noqa: E402
from solver.tournament import Progress, default_workers, run_tournament  # noqa: E402
from solver.tournament.play import play_game  # noqa: E402
from solver.tournament.progress import wanted  # noqa: E402

LADDER = ("greedy", "easy", "medium", "hard")
SPEED_TARGET = 4.0  # greedy-vs-greedy games a second on one core
STRENGTH_TARGET_S = 300.0  # the 2,000-game tournament on 2 cores
WIN_TARGET = 0.60  # the top bot's win rate against greedy


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def _ci(stats: dict[str, Any]) -> str:
    return f"[{_pct(stats['ci95'][0])}, {_pct(stats['ci95'][1])}]"


def _verdict(ok: bool) -> str:
    return "ok" if ok else "MISSED"


def speed(games: int, target: int, seed: int) -> dict[str, Any]:
    """Greedy-vs-greedy games one after another in this process, the lexicon loaded once."""
    lex = default_lexicon()
    opts = GameOptions(target=target)
    times: list[float] = []
    cpu: list[float] = []
    rounds: list[int] = []
    start = time.perf_counter()
    with Progress(games, sys.stderr, enabled=wanted(sys.stderr), label="speed") as bar:
        for s in range(games):
            t, c = time.perf_counter(), time.process_time()
            record = play_game(["greedy", "greedy"], seed + s, opts, lex)
            times.append(time.perf_counter() - t)
            cpu.append(time.process_time() - c)
            rounds.append(record.rounds)
            bar.advance()
    total = time.perf_counter() - start
    # the baseline: the same first games, the lexicon loaded again for each (lexicon=None)
    n_base = min(games, 8)
    base: list[float] = []
    for s in range(n_base):
        t = time.perf_counter()
        play_game(["greedy", "greedy"], seed + s, opts, None)
        base.append(time.perf_counter() - t)
    med, base_med = statistics.median(times), statistics.median(base)
    rate = games / total
    cpu_rate = games / sum(cpu)  # what an idle core does: the machine may be shared
    print(
        f"speed: greedy vs greedy, target {target}, {games} games in one process: median {med * 1e3:.0f} ms a game "
        f"({statistics.mean(rounds):.1f} rounds), {rate:.2f} games/s, {cpu_rate:.2f} games/s of CPU "
        f"(target >= {SPEED_TARGET:g} a core: {_verdict(cpu_rate >= SPEED_TARGET)}); "
        f"lexicon loaded each game: median {base_med * 1e3:.0f} ms, x{base_med / med:.2f}"
    )
    return {
        "games": games,
        "target": target,
        "median_s": med,
        "p90_s": sorted(times)[int(0.9 * (len(times) - 1))],
        "games_per_s_per_core": rate,
        "median_cpu_s": statistics.median(cpu),
        "games_per_cpu_s": cpu_rate,
        "mean_rounds": statistics.mean(rounds),
        "reload_lexicon_median_s": base_med,
        "reload_lexicon_ratio": base_med / med,
        "meets_target": cpu_rate >= SPEED_TARGET,
    }


def _cpu() -> float:
    """CPU seconds of this process and of its finished children (a pool's workers, once it has shut down)."""
    me, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime


def tournament(bots: list[str], games: int, target: int, seed: int, workers: int, label: str) -> dict[str, Any]:
    plan_games = games + games % 2
    before = _cpu()
    with Progress(plan_games, sys.stderr, enabled=wanted(sys.stderr), label=label) as bar:
        t = run_tournament(
            bots, games, seed, options=GameOptions(target=target), workers=workers, on_result=lambda _r: bar.advance()
        )
    cpu = _cpu() - before
    report = t.report
    wall = report["tournament"]["wall_seconds"]
    serial = report["timing"]["game_seconds_total"]
    return {
        "bots": bots,
        "games": report["games"],
        "workers": workers,
        "wall_s": wall,
        "serial_s": serial,
        "speedup": serial / wall if wall else 0.0,
        "cpu_s": cpu,
        "games_per_s": report["games"] / wall if wall else 0.0,
        "mean_rounds": report["rounds"]["mean"],
        "shared_wins": report["shared_wins"],
        "seat_0_win_rate": report["seats"][0]["win_rate"],
        "results": report["bots"],
        "top": report["ranking"][0],
    }


def strength(games: int, target: int, seed: int, workers: int) -> dict[str, Any]:
    out = tournament(["greedy", "hard"], games, target, seed, workers, "strength")
    top = out["results"][out["top"]]
    # 2,000 games on 2 idle cores: the CPU the games took, shared by 2 (the machine may be busy with others)
    scaled = out["cpu_s"] / 2 * 2000 / out["games"]
    fast = scaled < STRENGTH_TARGET_S
    strong = out["top"] == "hard" and top["win_rate"] >= WIN_TARGET
    print(
        f"strength: greedy vs hard, target {target}, {out['games']} mirrored games on {workers} worker(s): wall "
        f"{out['wall_s']:.1f} s ({out['games_per_s']:.2f} games/s), x{out['speedup']:.2f} over one core "
        f"(sum of game times {out['serial_s']:.1f} s), CPU {out['cpu_s']:.1f} s; as 2,000 games on 2 idle cores: "
        f"{scaled:.0f} s "
        f"(target < {STRENGTH_TARGET_S:g} s: {_verdict(fast)})"
    )
    print(
        f"          top bot {out['top']}: {_pct(top['win_rate'])} {_ci(top)}, prestige {top['prestige']:.1f}, "
        f"margin {top['margin']:+.1f} (target >= {_pct(WIN_TARGET)}: {_verdict(strong)}); seat 0 won "
        f"{_pct(out['seat_0_win_rate'])}, {out['mean_rounds']:.1f} rounds a game"
    )
    return {**out, "as_2000_on_2_cores_s": scaled, "meets_time_target": fast, "meets_win_target": strong}


def ladder(games: int, target: int, seed: int, workers: int) -> list[dict[str, Any]]:
    rows = []
    print(f"ladder: each level against the one below, {games + games % 2} mirrored games a pair, target {target}")
    for low, high in itertools.pairwise(LADDER):
        out = tournament([low, high], games, target, seed, workers, f"{high} v {low}")
        s = out["results"][high]
        beats = s["ci95"][0] > 0.5
        print(
            f"  {high:>6} vs {low:<6} {_pct(s['win_rate']):>6} {_ci(s):<17} margin {s['margin']:+5.1f}  "
            f"{'beats it' if beats else 'NOT SHOWN to beat it'}  ({out['wall_s']:.0f} s)"
        )
        rows.append({**out, "upper": high, "lower": low, "upper_win_rate": s["win_rate"], "upper_beats": beats})
    return rows


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--speed", action="store_true", help="engine speed, one process")
    ap.add_argument("--strength", action="store_true", help="the greedy-vs-hard tournament on every core")
    ap.add_argument("--ladder", action="store_true", help="each level against the one below")
    ap.add_argument(
        "--games", type=int, default=None, metavar="N", help="games of the strength tournament and of each ladder pair"
    )
    ap.add_argument("--speed-games", type=int, default=None, metavar="N", help="games of the speed part (40)")
    ap.add_argument("--target", type=int, default=60, help="prestige that ends a game (default 60)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--workers", type=int, default=None, help="local processes (default: one a core)")
    ap.add_argument("--quick", action="store_true", help="few games of each part: a smoke test")
    args = ap.parse_args()
    parts = [p for p in ("speed", "strength", "ladder") if getattr(args, p)] or ["speed", "strength", "ladder"]
    workers = args.workers or default_workers()
    speed_games = args.speed_games or (6 if args.quick else 40)
    strength_games = args.games or (60 if args.quick else 2000)
    ladder_games = args.games or (40 if args.quick else 400)
    report: dict[str, Any] = {
        "machine": {"python": platform.python_version(), "cores": default_workers(), "workers": workers},
        "seed": args.seed,
    }
    print(f"{default_workers()} core(s), {workers} worker(s); Python {platform.python_version()}")
    if "speed" in parts:
        report["speed"] = speed(speed_games, args.target, args.seed)
    if "strength" in parts:
        report["strength"] = strength(strength_games, args.target, args.seed, workers)
    if "ladder" in parts:
        report["ladder"] = ladder(ladder_games, args.target, args.seed, workers)
    out = ROOT / "benchmarks" / "results"
    out.mkdir(exist_ok=True)
    name = "bench_games_quick.json" if args.quick else "bench_games.json"
    write_text(out / name, json.dumps(report, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
