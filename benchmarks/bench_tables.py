"""The tables' routes on SQLite and on PostgreSQL, in one process, alternating: a seat's view (GET /v1/tables/seat)
and an action (POST /v1/tables/seat/action, a pass of a two-person Hardback table, no bots), median and p90.

    .venv/bin/python benchmarks/bench_tables.py [--tables 6] [--actions 20]

PostgreSQL is a throwaway cluster (tests/postgres_server.py: Debian's initdb and pg_ctl, on a unix socket).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from fastapi.testclient import TestClient  # noqa: E402
from postgres_server import postgres_server  # noqa: E402

from service.main import create_app  # noqa: E402
from service.settings import Settings  # noqa: E402


def play(client: TestClient, actions: int, views: list[float], acts: list[float]) -> None:
    """A new table of two people, who pass in turn ``actions`` times, each after reading their view."""
    made = client.post("/v1/hardback/tables", json={"seats": ["person", "person"]}).json()
    tokens = [made["invites"][0]["token"], made["invites"][1]["token"]]
    for i in range(actions):
        headers = {"Authorization": f"Bearer {tokens[i % 2]}"}
        t = time.perf_counter()
        assert client.get("/v1/tables/seat", headers=headers).status_code == 200
        views.append(time.perf_counter() - t)
        t = time.perf_counter()
        r = client.post("/v1/tables/seat/action", json={"action": {"action": "pass"}}, headers=headers)
        acts.append(time.perf_counter() - t)
        assert r.status_code == 200, r.text


def summary(times: list[float]) -> str:
    p90 = sorted(times)[int(len(times) * 0.9)]
    return f"median {statistics.median(times) * 1000:.1f} ms, p90 {p90 * 1000:.1f} ms"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tables", type=int, default=6, help="tables a store (default 6)")
    ap.add_argument("--actions", type=int, default=20, help="actions a table (default 20)")
    args = ap.parse_args()
    with postgres_server() as url, tempfile.TemporaryDirectory() as folder:
        specs = {"sqlite": str(Path(folder) / "tables.sqlite3"), "postgres": url}
        clients = {k: TestClient(create_app(Settings(tables=v, tables_per_hour=10_000))) for k, v in specs.items()}
        times: dict[str, tuple[list[float], list[float]]] = {k: ([], []) for k in specs}
        for c in clients.values():
            c.__enter__()
        try:
            for rep in range(args.tables):
                for kind in sorted(specs, reverse=rep % 2 == 1):  # alternating which goes first
                    play(clients[kind], args.actions, *times[kind])
        finally:
            for c in clients.values():
                c.__exit__(None, None, None)
    for kind, (views, acts) in times.items():
        print(f"{kind}: GET view {summary(views)}; POST action {summary(acts)} ({len(views)} each)")


if __name__ == "__main__":
    main()
