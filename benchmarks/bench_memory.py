"""The service's memory over many mixed requests (issue 30): a live server (one worker: its process and its search
workers), its resident memory after a warm-up (the baseline) and after N mixed requests from a few clients at once,
each kind of route the service has: Hardback and Paperback hints and rates, close words, the stateless games (a new
game, an action, a bot's move, a view), the tables the server holds (made, viewed, played to the bots' turns), and
bad requests (422). The figures: the baseline, the memory after, the growth in percent (the target: within 10%),
the statuses and the wall time.

    .venv/bin/python benchmarks/bench_memory.py                    # 10,000 requests, ~5-10 minutes
    .venv/bin/python benchmarks/bench_memory.py --requests 2000 --out memory.json

Run on a quiet machine for figures; the memory figures hold on a loaded one too (only the wall time suffers).
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import threading
import time
import urllib.request
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from attack_helpers import NORMAL, descendants, post, rss_mb, server_pid  # noqa: E402 - the tests' helpers

from live_server import live_server  # noqa: E402

Request = Callable[[str, int], int]  # (base, i) -> status


def _post(base: str, path: str, body: dict[str, Any] | bytes, token: str | None = None) -> tuple[int, Any]:
    headers = {"authorization": f"Bearer {token}"} if token else None
    status, answer, _, _ = post(base + path, body, headers=headers)
    return status, answer


def _get(base: str, path: str, token: str | None = None) -> int:
    request = urllib.request.Request(base + path, headers={"authorization": f"Bearer {token}"} if token else {})
    try:
        with urllib.request.urlopen(request, timeout=60) as r:
            r.read()
            return int(r.status)
    except urllib.error.HTTPError as e:
        e.read()
        return int(e.code)


def _game(base: str, i: int) -> int:
    """A stateless game: dealt, one bot's move, a view, an action."""
    game = "paperback" if i % 2 else "hardback"
    status, out = _post(base, f"/v1/{game}/game/new", {"options": {"players": 2}, "seed": i})
    if status != 200:
        return status
    status, moved = _post(base, f"/v1/{game}/bot/move", {"game": out["game"], "bot": "greedy"})
    if status != 200:
        return status
    status, _ = _post(base, f"/v1/{game}/game/view", {"game": moved["game"], "seat": 0})
    return status


def _table(base: str, i: int) -> int:
    """A table the server holds: made with a bot, viewed, its person's pass, the bots' turns."""
    game = "paperback" if i % 2 else "hardback"
    status, made = _post(base, f"/v1/{game}/tables", {"seats": ["person", "greedy"]})
    if status != 201:
        return status
    token = made["invites"][0]["token"]
    _get(base, "/v1/tables/seat", token)
    status, _ = _post(base, "/v1/tables/seat/action", {"action": {"action": "pass"}}, token)
    return status


REQUESTS: list[Request] = [
    lambda b, i: _post(b, "/v1/hardback/hint", {"hand": NORMAL[i % len(NORMAL)], "top": 5})[0],
    lambda b, i: _post(b, "/v1/hardback/rate", {"hand": NORMAL[2], "word": "tonic"})[0],
    lambda b, i: _post(b, "/v1/paperback/hint", {"hand": ["TH/3", "E/1", "?", "R/2", "S/1"], "top": 5})[0],
    lambda b, i: _get(b, f"/v1/words/{'qzx'[i % 3]}onic{i % 7}"),
    lambda b, i: _post(b, "/v1/hardback/hint", {"hand": ["not a card"]})[0],
    _game,
    lambda b, i: _post(b, "/v1/hardback/hint", {"hand": NORMAL[1], "top": 10, "objective": "prestige"})[0],
    _table,
]


def memory(base: str) -> dict[str, float]:
    pid = server_pid(base)
    workers = descendants(pid)
    return {"server_mb": rss_mb([pid]), "workers_mb": rss_mb(workers), "total_mb": rss_mb([pid, *workers])}


def run(base: str, n: int, clients: int, start: int = 0) -> Counter[str]:
    """``n`` requests of every kind in turn, from ``clients`` threads at once; their statuses."""
    statuses: Counter[str] = Counter()
    lock = threading.Lock()
    counter = iter(range(start, start + n))

    def loop() -> None:
        while True:
            with lock:
                i = next(counter, None)
            if i is None:
                return
            status = REQUESTS[i % len(REQUESTS)](base, i)
            with lock:
                statuses[str(status)] += 1

    threads = [threading.Thread(target=loop) for _ in range(clients)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return statuses


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=10_000, help="mixed requests after the baseline")
    parser.add_argument("--warm", type=int, default=400, help="mixed requests before the baseline")
    parser.add_argument("--clients", type=int, default=4, help="clients sending at once")
    parser.add_argument("--out", type=Path, default=None)
    args = parser.parse_args()
    folder = tempfile.mkdtemp(prefix="gw-bench-memory-")
    env = {"GHOSTWRITER_TABLES": str(Path(folder) / "tables.sqlite3"), "GHOSTWRITER_TABLES_PER_HOUR": "1000000"}
    cmd = [sys.executable, "-m", "solver.cli", "serve", "--workers", "1", "--time-budget", "5"]
    report: dict[str, Any] = {"requests": args.requests, "clients": args.clients}
    with live_server(cmd, env=env) as base:
        report["start"] = memory(base)
        report["warm_statuses"] = run(base, args.warm, args.clients)
        time.sleep(1)
        report["baseline"] = memory(base)
        began = time.monotonic()
        report["statuses"] = run(base, args.requests, args.clients, args.warm)
        report["seconds"] = round(time.monotonic() - began, 1)
        time.sleep(1)
        report["after"] = memory(base)
    base_mb, after_mb = report["baseline"]["total_mb"], report["after"]["total_mb"]
    report["growth_percent"] = round(100 * (after_mb - base_mb) / base_mb, 2)
    print(f"memory at start {report['start']['total_mb']:.0f} MB; baseline after {args.warm} requests "
          f"{base_mb:.0f} MB (server {report['baseline']['server_mb']:.0f}, workers "
          f"{report['baseline']['workers_mb']:.0f}); after {args.requests} more {after_mb:.0f} MB (server "
          f"{report['after']['server_mb']:.0f}, workers {report['after']['workers_mb']:.0f}): "
          f"{report['growth_percent']:+.1f}%; statuses {dict(report['statuses'])}; {report['seconds']} s")
    if args.out:
        args.out.write_text(json.dumps(report, indent=2, default=dict), encoding="utf-8")


if __name__ == "__main__":
    main()
