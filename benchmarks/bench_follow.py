"""A player who follows every suggestion over HTTP, as the page does, against the hard bot.

    .venv/bin/python benchmarks/bench_follow.py --games 200             # the issue's target: at least 60%
    .venv/bin/python benchmarks/bench_follow.py --games 20 --clients 2  # a quick look
    .venv/bin/python benchmarks/bench_follow.py --server http://127.0.0.1:8000 --games 20

Each game is dealt by ``POST /v1/hardback/game/new`` (two players, ``--target`` prestige); whenever the game waits
on the follower, it asks ``POST /v1/hardback/game/view`` with ``suggest`` (the expert's next action, the page's ★)
and applies that action by ``POST /v1/hardback/game/steps``, exactly as the page's button does; whenever it waits
on the other seat, ``POST /v1/hardback/bot/move`` plays the hard bot's turn. Games come in mirrored pairs: seed
``s`` with the follower in seat 0, then in seat 1. A tie counts half a win. The service is started on the loopback
(``--workers`` processes) unless ``--server`` names one.

It reports the follower's win rate with its 95% (Wilson) interval, the points per game of each side, the
suggestion's latency (median and 99th percentile of the view with suggest), the actions that had no suggestion
(the follower then ends or passes: counted, should be 0) and the seconds per game; the JSON goes to
benchmarks/results/bench_follow.json. The machine is shared: latencies are noisy, the win rate is not (each game
replays from its seed when no suggestion hits the service's time budget).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.append(str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from service_process import Server  # noqa: E402

from solver.tournament.stats import wilson  # noqa: E402

RESULTS = ROOT / "benchmarks" / "results" / "bench_follow.json"
MAX_REQUESTS = 3_000  # a game's requests: far more than a game to 60 takes


@dataclass
class Game:
    seed: int
    me: int
    won: float = 0.0
    scores: list[int] = field(default_factory=list)
    turns: int = 0
    seconds: float = 0.0
    suggest_ms: list[float] = field(default_factory=list)
    unsuggested: list[str] = field(default_factory=list)  # the phases of the actions without a suggestion
    followed: int = 0


RETRIES = 20  # a busy service answers 429/503 with Retry-After: the follower waits and asks again, as the page does


def post(base: str, path: str, body: dict[str, Any]) -> dict[str, Any]:
    data = json.dumps(body).encode()
    for attempt in range(RETRIES + 1):
        request = urllib.request.Request(base + path, data, {"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(request, timeout=120) as r:
                out: dict[str, Any] = json.loads(r.read())
                return out
        except urllib.error.HTTPError as e:
            if e.code not in (429, 503) or attempt == RETRIES:
                raise
            time.sleep(min(5.0, float(e.headers.get("Retry-After") or 1)))
    raise AssertionError("unreachable")


def fallback(phase: str) -> dict[str, Any]:
    """What a follower does when the service gives no suggestion: pass a word, end anything else."""
    return {"action": "pass"} if phase == "prepare" else {"action": "end"}


def play(base: str, seed: int, me: int, target: int) -> Game:
    """One game: the follower in seat ``me`` against the hard bot."""
    g = Game(seed, me)
    start = time.perf_counter()
    out = post(base, "/v1/hardback/game/new", {"options": {"players": 2, "target": target}, "seed": seed})
    for _ in range(MAX_REQUESTS):
        if out["phase"] == "over":
            break
        if out["acting"] != me:
            out = post(base, "/v1/hardback/bot/move", {"game": out["game"], "bot": "hard"})
            continue
        t = time.perf_counter()
        view = post(base, "/v1/hardback/game/view", {"game": out["game"], "seat": me, "suggest": True})
        g.suggest_ms.append((time.perf_counter() - t) * 1000)
        action = view.get("suggestion")
        if action is None:
            g.unsuggested.append(str(view["phase"]))
            action = fallback(view["phase"])
        g.followed += 1
        out = post(base, "/v1/hardback/game/steps", {"game": out["game"], "actions": [action], "seat": me})
    else:
        raise RuntimeError(f"the game of seed {seed} did not end in {MAX_REQUESTS} requests")
    g.scores = list(out["scores"])
    g.turns = int(out["game"]["turns"])
    g.won = 0.5 if out["winner"] is None else 1.0 if out["winner"] == me else 0.0
    g.seconds = time.perf_counter() - start
    return g


def report(games: list[Game], args: argparse.Namespace, wall: float) -> dict[str, Any]:
    n = len(games)
    wins = sum(g.won for g in games)
    lo, hi = wilson(wins, n)
    latencies = sorted(ms for g in games for ms in g.suggest_ms)
    p99 = latencies[min(len(latencies) - 1, int(0.99 * len(latencies)))] if latencies else 0.0
    return {
        "games": n,
        "target": args.target,
        "seed": args.seed,
        "follower_wins": wins,
        "win_rate": wins / n if n else 0.0,
        "ci95": [lo, hi],
        "follower_points": statistics.mean(g.scores[g.me] for g in games) if games else 0.0,
        "hard_points": statistics.mean(g.scores[1 - g.me] for g in games) if games else 0.0,
        "turns": statistics.mean(g.turns for g in games) if games else 0.0,
        "followed_actions": sum(g.followed for g in games),
        "unsuggested_actions": sum(len(g.unsuggested) for g in games),
        "unsuggested_phases": sorted({p for g in games for p in g.unsuggested}),
        "suggest_ms": {"median": statistics.median(latencies) if latencies else 0.0, "p99": p99},
        "seconds_per_game": statistics.mean(g.seconds for g in games) if games else 0.0,
        "wall_seconds": wall,
        "games_list": [{"seed": g.seed, "seat": g.me, "won": g.won, "scores": g.scores} for g in games],
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=200, help="games in all, rounded up to mirrored pairs (200)")
    ap.add_argument("--seed", type=int, default=1, help="the first game's seed (1)")
    ap.add_argument("--target", type=int, default=60, help="prestige to win (60, the printed game)")
    ap.add_argument("--clients", type=int, default=2, help="games played at once (2)")
    ap.add_argument("--workers", type=int, default=2, help="service processes when this starts it (2)")
    ap.add_argument("--server", default=None, help="a running service's base URL instead of starting one")
    ap.add_argument("--out", type=Path, default=RESULTS, help=f"the JSON report (default {RESULTS})")
    args = ap.parse_args(argv)
    pairs = (max(1, args.games) + 1) // 2
    plan = [(args.seed + k, me) for k in range(pairs) for me in (0, 1)]
    server = None
    if args.server is None:
        server = Server(args.workers, "service.main:create_app")
        server.start(Path(tempfile.mkdtemp(prefix="bench-follow-")))
        server.wait_ready()
    base = args.server or server.url  # type: ignore[union-attr]
    done: list[Game] = []
    lock = threading.Lock()

    def one(job: tuple[int, int]) -> Game:
        g = play(base, job[0], job[1], args.target)
        with lock:
            done.append(g)
            rate = sum(x.won for x in done) / len(done)
            said = "won" if g.won == 1 else "tied" if g.won else "lost"
            print(f"game {len(done)}/{len(plan)}: seed {g.seed} seat {g.me} {said} {g.scores} ({g.seconds:.1f} s); "
                  f"the follower so far {rate:.0%}", flush=True)
        return g

    wall = time.perf_counter()
    try:
        with ThreadPoolExecutor(max(1, args.clients)) as pool:
            games = list(pool.map(one, plan))
    finally:
        if server is not None:
            server.stop()
    out = report(games, args, time.perf_counter() - wall)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(out, indent=1) + "\n", encoding="utf-8")
    lo, hi = out["ci95"]
    print(f"the follower of every suggestion against hard: {out['follower_wins']:g} of {out['games']} games, "
          f"{out['win_rate']:.1%} (95% interval {lo:.1%} to {hi:.1%}); points {out['follower_points']:.1f} "
          f"against {out['hard_points']:.1f}; {out['unsuggested_actions']} of {out['followed_actions']} actions "
          f"without a suggestion; suggestion latency median {out['suggest_ms']['median']:.0f} ms, p99 "
          f"{out['suggest_ms']['p99']:.0f} ms; {out['seconds_per_game']:.1f} s a game")
    return 0


if __name__ == "__main__":
    sys.exit(main())
