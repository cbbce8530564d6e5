"""The service under attack: how long a hostile request holds a worker, and how quickly normal hints are answered
meanwhile, against the same hints on a quiet server (the baseline, measured in the same run).

    .venv/bin/python benchmarks/bench_attack.py                # 30 s of attack on `serve --workers 2`, ~1 minute
    .venv/bin/python benchmarks/bench_attack.py --seconds 10 --budget 2

Four hostile clients send without pause: two hints for 24 Mystery and Romance cards (top 10), a prestige/coins
frontier of the same hand, and a rating of dichlorodifluoromethane with it; one player sends 5-card hints one
after another. Each hostile answer's search time comes from its Server-Timing header.
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import statistics
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

from solver.files import write_text

HOSTILE = [
    *["m:A3", "m:C5", "m:D4", "m:E4", "m:G6", "m:I5", "m:J8", "m:K2", "m:K4", "m:L6", "m:M3"],
    *["r:B3", "r:D4", "r:F6", "r:H7", "r:J6", "r:L8", "r:O4", "r:P6", "r:S4", "r:U9", "r:W4", "r:Y4", "r:Z5"],
]
ATTACKS: dict[str, tuple[str, dict[str, Any]]] = {
    "hint": ("hint", {"hand": HOSTILE, "top": 10}),
    "hint (2)": ("hint", {"hand": HOSTILE, "top": 10, "objective": "prestige"}),
    "pareto": ("hint", {"hand": HOSTILE, "pareto": True}),
    "rate": ("rate", {"hand": HOSTILE, "word": "dichlorodifluoromethane"}),
}
NORMAL = [
    ["r:F6", "E", "a:A5", "S", "T"],
    ["h:H7", "A", "R", "E", "S"],
    ["m:C5", "O", "T", "N", "I"],
    ["L", "N", "E", "a:B4", "r:Z4"],
]


def call(url: str, body: dict[str, Any]) -> tuple[int, dict[str, Any], float, float]:
    """Status, answer, wall seconds, and seconds the search held a worker (Server-Timing; 0 when absent)."""
    request = urllib.request.Request(url, json.dumps(body).encode(), {"content-type": "application/json"})
    start = time.monotonic()
    try:
        with urllib.request.urlopen(request, timeout=120) as r:
            answer, header = json.loads(r.read()), r.headers.get("Server-Timing", "")
            status = int(r.status)
    except urllib.error.HTTPError as e:
        answer, header, status = json.loads(e.read()), "", e.code
    wall = time.monotonic() - start
    timing = dict(p.strip().split(";dur=") for p in header.split(",") if ";dur=" in p)
    return status, answer, wall, float(timing.get("search", 0)) / 1000


def percentiles(xs: list[float]) -> str:
    xs = sorted(xs)
    p99 = xs[min(len(xs) - 1, int(0.99 * len(xs)))]
    median = statistics.median(xs)
    return f"n={len(xs)} median {median * 1000:.1f} ms, p99 {p99 * 1000:.1f} ms, worst {xs[-1] * 1000:.1f} ms"


def normal_hints(base: str, seconds: float) -> list[float]:
    out, i, until = [], 0, time.monotonic() + seconds
    while time.monotonic() < until:
        status, answer, wall, _ = call(base + "/v1/hardback/hint", {"hand": NORMAL[i % len(NORMAL)], "top": 5})
        assert status == 200 and answer["moves"], answer
        out.append(wall)
        i += 1
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seconds", type=float, default=30.0)
    ap.add_argument("--budget", type=float, default=10.0, help="the service's time budget (--time-budget)")
    args = ap.parse_args()
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    base = f"http://127.0.0.1:{port}"
    cmd = [sys.executable, "-m", "solver.cli", "serve", "--workers", "2", "--port", str(port)]
    server = subprocess.Popen(
        [*cmd, "--time-budget", str(args.budget)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    try:
        for _ in range(600):
            try:
                with urllib.request.urlopen(base + "/readyz", timeout=1) as r:
                    if r.status == 200:
                        break
            except OSError:
                time.sleep(0.1)
        normal_hints(base, 2.0)  # warm-up
        quiet = normal_hints(base, min(10.0, args.seconds))
        stop = threading.Event()
        hostile: dict[str, list[tuple[int, dict[str, Any], float, float]]] = {k: [] for k in ATTACKS}

        def attack(kind: str) -> None:
            path, body = ATTACKS[kind]
            while not stop.is_set():
                hostile[kind].append(call(f"{base}/v1/hardback/{path}", body))

        threads = [threading.Thread(target=attack, args=(k,)) for k in ATTACKS]
        for t in threads:
            t.start()
        time.sleep(1.0)
        attacked = normal_hints(base, args.seconds)
        stop.set()
        for t in threads:
            t.join()
    finally:
        server.terminate()
    print(f"service: serve --workers 2 --time-budget {args.budget:g}; {os.cpu_count()} cores")
    print(f"normal 5-card hints, quiet:        {percentiles(quiet)}")
    print(f"normal 5-card hints, under attack: {percentiles(attacked)}")
    print(f"  ratio of medians (attack / quiet): x{statistics.median(attacked) / statistics.median(quiet):.2f}")
    results: dict[str, Any] = {"quiet": quiet, "attacked": attacked, "hostile": {}}
    for kind, answers in hostile.items():
        statuses = sorted({a[0] for a in answers})
        held = [a[3] for a in answers if a[0] == 200]
        empty = sum(1 for a in answers if a[0] == 200 and not (a[1].get("moves") or a[1].get("best")))
        longest = max(held) if held else 0.0
        print(
            f"hostile {kind:9s}: {len(answers)} answers, statuses {statuses}, longest held a worker "
            f"{longest:.2f} s (limit {args.budget:g} s), answers without a move: {empty}"
        )
        results["hostile"][kind] = {"statuses": [a[0] for a in answers], "held": held, "empty": empty}
    out = Path(__file__).parent / "results"
    out.mkdir(exist_ok=True)
    write_text(out / "bench_attack.json", json.dumps(results, indent=1))


if __name__ == "__main__":
    main()
