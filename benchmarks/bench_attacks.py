"""Issue 30's attacks against a real server, measured: each hostile request's elapsed time against its limit, the
search workers' CPU in the second after each attack (idle: near 0), another client's 5-card hints meanwhile
(p50/p99, against the same hints on the quiet server, in the same run), and the server's memory (its process and
its search workers) after mixed normal requests and after the attacks, against its baseline. First, the cost of
the process hop: the same 5-card hint run in the server's process and in a search worker, alternating.

    .venv/bin/python benchmarks/bench_attacks.py                 # ~2 minutes
    .venv/bin/python benchmarks/bench_attacks.py --seconds 10 --mixed 10000 --out attacks.json

Run on a quiet machine for figures; on a loaded one, compare only within the run.
"""

from __future__ import annotations

import argparse
import asyncio
import functools
import json
import socket
import statistics
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from attack_helpers import (  # noqa: E402 - the tests' hostile bodies and /proc readers
    FRONTIER,
    HOSTILE,
    INK,
    INLINE_BIG,
    MOVERS,
    NORMAL,
    descendants,
    escaped_quotes,
    post,
    rss_mb,
    server_pid,
    workers_busy,
)

from live_server import live_server  # noqa: E402

Attack = Callable[[str, float], tuple[int, float, float]]  # (base, limit) -> status, elapsed, limit


def percentiles(xs: list[float]) -> dict[str, float]:
    xs = sorted(xs)
    if not xs:
        return {"n": 0}
    return {"n": len(xs), "p50_ms": 1000 * xs[len(xs) // 2], "p99_ms": 1000 * xs[min(len(xs) - 1, int(len(xs) * 0.99))]}


def hop(rounds: int) -> dict[str, Any]:
    """A 5-card hint through the runner as the routes call it, alternating: as a plain function in the lane's
    thread of the server's process (the former design), and as a job in the lane's search worker. Milliseconds,
    median and p90; and the seconds a worker takes to start and to be replaced."""
    from service.deps import plain_query
    from service.dictionaries import Dictionaries, load
    from service.pool import Job, Work
    from service.routers.hardback import hint_job
    from service.runner import Lane, Runner
    from service.schemas import HintIn

    runner = Runner(1, 64, load=functools.partial(load, {}))
    start = time.monotonic()
    runner.start()
    started = time.monotonic() - start
    dictionaries = Dictionaries({})
    body = plain_query(HintIn.model_validate({"hand": NORMAL[0], "top": 5}), dictionaries.get(None))
    cancel = threading.Event()

    def here() -> Any:
        return hint_job(Work(dictionaries, time.monotonic() + 10, cancel), body, 10.0)

    async def measure() -> tuple[list[float], list[float]]:
        thread: list[float] = []
        worker: list[float] = []
        for i in range(rounds + 20):
            t = time.perf_counter()
            await runner.run(here, 10.0, Lane.LIGHT)
            t1 = time.perf_counter()
            await runner.run(Job(hint_job, (body, 10.0)), 10.0, Lane.LIGHT)
            t2 = time.perf_counter()
            if i >= 20:  # warm
                thread.append(t1 - t)
                worker.append(t2 - t1)
        return thread, worker

    thread, worker = asyncio.run(measure())
    w = runner.workers()[0]
    start = time.monotonic()
    w.replace()
    replaced = time.monotonic() - start
    runner.close()

    def stats(xs: list[float]) -> dict[str, float]:
        xs = sorted(xs)
        return {"median_ms": 1000 * statistics.median(xs), "p90_ms": 1000 * xs[int(len(xs) * 0.9)]}

    return {"thread": stats(thread), "worker": stats(worker), "worker_start_s": started, "replace_s": replaced}


def _timed(base: str, path: str, body: dict[str, Any] | bytes, limit: float) -> tuple[int, float, float]:
    if not isinstance(body, bytes):
        body = {**body, "time_limit": limit}
    status, _, seconds, _ = post(base + path, body)
    return status, seconds, limit


def _hang_up(base: str, limit: float) -> tuple[int, float, float]:
    """Ink advice asked for and hung up on after 0.3 s: the elapsed is until the next heavy request is served."""
    host, port = base.removeprefix("http://").split(":")
    data = json.dumps({**INK, "time_limit": limit}).encode()
    head = f"POST /v1/hardback/ink-advice HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/json\r\n"
    start = time.monotonic()
    with socket.create_connection((host, int(port))) as s:
        s.sendall(head.encode() + f"Content-Length: {len(data)}\r\n\r\n".encode() + data)
        time.sleep(0.3)
    status, *_ = _timed(base, "/v1/hardback/hint", HOSTILE, 1.0)
    return status, time.monotonic() - start, limit


ATTACKS: dict[str, Attack] = {
    "frontier (4 x 8 eithers)": lambda b, lim: _timed(b, "/v1/hardback/hint", FRONTIER, lim),
    "movers (8 cards, 48 uncover/double)": lambda b, lim: _timed(b, "/v1/hardback/hint", MOVERS, lim),
    "big inline hand, tiny limit": lambda b, lim: _timed(b, "/v1/hardback/hint", INLINE_BIG, 0.05),
    "24-card rate": lambda b, lim: _timed(
        b, "/v1/hardback/rate", {"hand": HOSTILE["hand"], "word": "dichlorodifluoromethane"}, lim
    ),
    "ink advice, 24 cards": lambda b, lim: _timed(
        b, "/v1/hardback/ink-advice", INK, lim
    ),
    "escaped quotes body (60 KB)": lambda b, lim: _timed(b, "/v1/hardback/hint", escaped_quotes(), lim),
    "ink advice hung up (until next served)": _hang_up,
}


def flood(base: str, attack: Attack, seconds: float, limit: float, clients: int = 4) -> dict[str, Any]:
    """``clients`` threads sending ``attack`` without pause for ``seconds``, while another client sends 5-card
    hints one after another; then the workers' CPU in the following second."""
    stop = threading.Event()
    hostile: list[tuple[int, float, float]] = []

    def loop() -> None:
        while not stop.is_set():
            hostile.append(attack(base, limit))

    threads = [threading.Thread(target=loop) for _ in range(clients)]
    for t in threads:
        t.start()
    normal = _normal(base, seconds)
    stop.set()
    for t in threads:
        t.join()
    over = [seconds - lim for _, seconds, lim in hostile]
    worst = max(hostile, key=lambda h: h[1] - h[2], default=(0, 0.0, 0.0))
    statuses: dict[str, int] = {}
    for status, *_ in hostile:
        statuses[str(status)] = statuses.get(str(status), 0) + 1
    return {
        "hostile": len(hostile),
        "statuses": statuses,
        "worst_elapsed_s": max((s for _, s, _ in hostile), default=0.0),
        "worst_over_limit_s": max(over, default=0.0),
        "worst_status": worst[0],
        "over_half_second": sum(1 for o in over if o > 0.5),
        "normal": percentiles(normal),
        "workers_cpu_after_s": workers_busy(base),
    }


def _normal(base: str, seconds: float) -> list[float]:
    out: list[float] = []
    until = time.monotonic() + seconds
    i = 0
    while time.monotonic() < until:
        status, _, wall, _ = post(base + "/v1/hardback/hint", {"hand": NORMAL[i % len(NORMAL)], "top": 5})
        if status == 200:
            out.append(wall)
        i += 1
    return out


def memory(base: str) -> float:
    pid = server_pid(base)
    return rss_mb([pid, *descendants(pid)])


def mixed(base: str, n: int) -> None:
    """``n`` normal requests of several kinds, one after another."""
    bodies: list[tuple[str, dict[str, Any]]] = [
        ("/v1/hardback/hint", {"hand": NORMAL[0], "top": 5}),
        ("/v1/hardback/hint", {"hand": NORMAL[1], "top": 10, "objective": "prestige"}),
        ("/v1/hardback/rate", {"hand": NORMAL[2], "word": "tonic"}),
        ("/v1/paperback/hint", {"hand": ["TH/3", "E/1", "?", "R/2", "S/1"], "top": 5}),
    ]
    for i in range(n):
        path, body = bodies[i % len(bodies)]
        post(base + path, body)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=8.0, help="seconds of each flood")
    parser.add_argument("--budget", type=float, default=2.0, help="the server's time budget (each limit)")
    parser.add_argument("--mixed", type=int, default=2000, help="normal requests before the memory baseline")
    parser.add_argument("--hop-rounds", type=int, default=200)
    parser.add_argument("--out", type=Path, default=None)
    args = parser.parse_args()
    report: dict[str, Any] = {"hop": hop(args.hop_rounds)}
    print("process hop, 5-card hint:", json.dumps(report["hop"]))
    cmd = [sys.executable, "-m", "solver.cli", "serve", "--workers", "1", "--time-budget", str(args.budget)]
    with live_server(cmd) as base:
        report["quiet"] = percentiles(_normal(base, args.seconds))
        report["memory_start_mb"] = memory(base)
        mixed(base, args.mixed)
        report["memory_baseline_mb"] = memory(base)
        print(f"quiet: {report['quiet']}; memory {report['memory_start_mb']:.0f} MB at start, "
              f"{report['memory_baseline_mb']:.0f} MB after {args.mixed} mixed requests (the baseline)")
        report["attacks"] = {}
        for name, attack in ATTACKS.items():
            row = flood(base, attack, args.seconds, args.budget)
            report["attacks"][name] = row
            normal = row["normal"]
            print(f"{name}: {row['hostile']} hostile {row['statuses']}, worst {row['worst_elapsed_s']:.2f} s, "
                  f"{row['worst_over_limit_s']:+.2f} s past its limit (a {row['worst_status']}; "
                  f"{row['over_half_second']} past +0.5 s); workers' CPU after "
                  f"{row['workers_cpu_after_s']:.2f} s/s; normal hints "
                  f"p50 {normal.get('p50_ms', 0):.0f} ms p99 {normal.get('p99_ms', 0):.0f} ms")
        time.sleep(2)
        report["memory_after_mb"] = memory(base)
        mixed(base, args.mixed)
        report["memory_after_mixed_mb"] = memory(base)
    print(f"memory: baseline {report['memory_baseline_mb']:.0f} MB, after the attacks {report['memory_after_mb']:.0f} "
          f"MB, after {args.mixed} more mixed requests {report['memory_after_mixed_mb']:.0f} MB")
    if args.out:
        args.out.write_text(json.dumps(report, indent=2), encoding="utf-8")


if __name__ == "__main__":
    main()
