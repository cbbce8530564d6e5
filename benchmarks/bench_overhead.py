"""What a hint costs beyond its search, in process and through the service, beside a baseline in the same run.

    .venv/bin/python benchmarks/bench_overhead.py                        # 200 hands of 5 and of 12 cards
    .venv/bin/python benchmarks/bench_overhead.py --hands 50 --service 0 # the in-process part alone
    git archive <commit> | tar -x -C /tmp/base && cp solver/search/*/_*.so ... # a version to compare with:
    .venv/bin/python benchmarks/bench_overhead.py --baseline /tmp/base   # its service beside this one
    .venv/bin/python benchmarks/bench_overhead.py --baseline /tmp/base --load 20 --hands 100  # and under load

In process (the search worker's job as ``service.routers.hardback.hint_job`` runs it, phase by phase, CPU time
of the thread, medians): the request's model, the state read, ``Search()`` (pool, resolver), the offensive words'
filter, the word bounds, the kernel's packing, the best-first loop, the five moves explained, their JSON. The
set-up is every phase but the word bounds and the best-first loop (issue 32's target: 0.3 ms). Each cut of this
work is timed against what it replaced, alternating in the same process (the baseline's code is kept here):
the offensive words' flags looked up word by word, and card codes parsed on every request.

Through the service (one worker, one client, each hand once, after a round to warm up): the client's time, the
service's ``elapsed_ms``, and its ``Server-Timing`` (queue, and the worker's call: the pipe both ways and the
job). With ``--baseline DIR`` (another version's sources, its kernels built or copied in, run with this
virtualenv's Python) both services run at once and each hand goes to both in turn. The job's own time is the
in-process figure: the worker's call less it is the pipe, pickling and the worker's wake-up.

The pipe (``--pipe``, default on): one search worker of ``service.pool`` started here, and alternating, hand by
hand, the job called in this process and through the worker (``Worker.call``: the query pickled, the pipe, the
worker's wake-up, the answer's bytes back), and a job that does nothing (the pipe's floor).

With ``--load SECONDS``: wrk (2 threads, 16 connections, ``benchmarks/hint_load.lua``) on each service in turn
(2 workers each), twice, on the 5-card hands: hints a second, wrk's p99 and the service's own elapsed_ms p50/p99,
and the full collections over 10 ms each service's processes logged (``GHOSTWRITER_GC_LOG``).

Full collections (``gc.callbacks``) are counted inside the in-process calls, and how many objects each call
leaves to the collector (generation 0's count after the call, its collections by generation).
"""

from __future__ import annotations

import argparse
import gc
import http.client
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

ROOT = Path(__file__).resolve().parent.parent
sys.path.append(str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from bench_hint import random_state  # noqa: E402
from service_process import HOST, free_port  # noqa: E402

from service.deps import plain_query, read_plain  # noqa: E402
from service.dictionaries import Dictionaries, Dictionary  # noqa: E402
from service.routers.hardback import encoded  # noqa: E402
from service.schemas import HintIn  # noqa: E402
from solver.answers import filters  # noqa: E402
from solver.answers import hint as answers  # noqa: E402
from solver.hardback.catalogue import Catalogue  # noqa: E402
from solver.hardback.objectives import Objective  # noqa: E402
from solver.lexicon import Lexicon  # noqa: E402
from solver.search.hardback import Search  # noqa: E402
from solver.search.setup import Collections, settle_heap  # noqa: E402

PHASES = ("model", "state", "Search()", "filter", "bounds", "packing", "best-first", "moves", "JSON")
SEARCH = ("bounds", "best-first")  # the search proper; the rest is the set-up
TOP = 5
HINT = "/v1/hardback/hint"
GC = Collections()


def phases(d: Dictionary, data: dict[str, Any]) -> dict[str, float]:
    """One hint as the worker's job makes it, each phase's CPU milliseconds."""
    t = [time.thread_time()]
    query = plain_query(HintIn.model_validate(data), d)
    t.append(time.thread_time())
    _, state, weights, limit = read_plain(d, query, 10.0)
    t.append(time.thread_time())
    search = Search(d.lexicon, state, Objective.VALUE, weights, time_limit=limit)
    t.append(time.thread_time())
    allowed, _ = filters.familiar(d.lexicon, None, state.options.edition)
    search.allowed = allowed
    t.append(time.thread_time())
    _ = search.bounds
    t.append(time.thread_time())
    _ = search.solver
    t.append(time.thread_time())
    placements = search.top_placements(TOP)
    t.append(time.thread_time())
    moves = [search.move(p) for p in placements]
    t.append(time.thread_time())
    out = {"moves": [m.to_json() for m in moves], "objective": "value"}
    answers._finish(search, out)
    encoded(out)
    t.append(time.thread_time())
    return {name: (b - a) * 1e3 for name, a, b in zip(PHASES, t[:-1], t[1:], strict=True)}


def inoffensive_word_by_word(lexicon: Lexicon, language: str) -> npt.NDArray[np.bool_] | None:
    """The baseline: the offensive words' flags as every hint made them before (each word looked up)."""
    from wordlists.offensive import offensive_words

    found = [i for i in (lexicon.index(w) for w in offensive_words(language)) if i is not None]
    if not found:
        return None
    flags = np.ones(len(lexicon), dtype=np.bool_)
    flags[found] = False
    return flags


def alternate(rounds: int, before: Callable[[], object], after: Callable[[], object]) -> tuple[float, float]:
    """Median CPU milliseconds of ``before`` and of ``after``, called in turn ``rounds`` times."""
    a: list[float] = []
    b: list[float] = []
    for _ in range(rounds):
        c = time.thread_time()
        before()
        a.append(time.thread_time() - c)
        c = time.thread_time()
        after()
        b.append(time.thread_time() - c)
    return statistics.median(a) * 1e3, statistics.median(b) * 1e3


def in_process(d: Dictionary, groups: dict[str, list[dict[str, Any]]]) -> dict[str, Any]:
    """Each group's phases (medians), set-up and search; the collections inside the calls."""
    out: dict[str, Any] = {}
    for label, hands in groups.items():
        rows: list[dict[str, float]] = []
        young: list[int] = []
        before_long, before_count = GC.long_inside(), GC.count
        stats0 = [s["collections"] for s in gc.get_stats()]
        for data in hands:
            GC.inside = True
            rows.append(phases(d, data))
            GC.inside = False
            young.append(gc.get_count()[0])
        stats1 = [s["collections"] for s in gc.get_stats()]
        med = {p: statistics.median(r[p] for r in rows) for p in PHASES}
        setup = statistics.median(sum(v for p, v in r.items() if p not in SEARCH) for r in rows)
        search = statistics.median(sum(r[p] for p in SEARCH) for r in rows)
        out[label] = {
            "hands": len(hands), "phases_ms": med, "setup_ms": setup, "search_ms": search,
            "collections_by_generation": [b - a for a, b in zip(stats0, stats1, strict=True)],
            "full_collections": GC.count - before_count, "full_over_10ms_inside": GC.long_inside() - before_long,
        }
        print(f"{label}: set-up {setup:.3f} ms, search {search:.3f} ms (CPU medians, {len(hands)} hands); "
              + ", ".join(f"{p} {v:.3f}" for p, v in med.items()))
        print(f"  collections by generation {out[label]['collections_by_generation']}, full ones over 10 ms "
              f"inside a call: {out[label]['full_over_10ms_inside']}")
    return out


def cuts(d: Dictionary, hands: list[dict[str, Any]], rounds: int) -> dict[str, Any]:
    """Each cut against the code it replaced, alternating in this process."""
    cat = Catalogue.hardback()
    codes = [c for h in hands for c in h["hand"]]
    out = {
        "offensive filter": alternate(rounds, lambda: inoffensive_word_by_word(d.lexicon, "en"),
                                      lambda: filters.inoffensive(d.lexicon, "en")),
        "card codes of the hands (each parsed / remembered)": alternate(
            rounds, lambda: [cat._lookup(c) for c in codes], lambda: [cat.lookup(c) for c in codes]),
    }
    print(f"cuts, alternating {rounds} rounds (CPU medians, before -> after):")
    for name, (a, b) in out.items():
        print(f"  {name}: {a:.3f} ms -> {b:.3f} ms")
    return {k: {"before_ms": a, "after_ms": b} for k, (a, b) in out.items()}


class Service:
    """A service from a tree of sources (this one, or ``--baseline``'s), one worker, on a free loopback port."""

    def __init__(self, tree: Path, log: Path, workers: int = 1) -> None:
        self.port = free_port()
        env = dict(os.environ, PYTHONUNBUFFERED="1", PYTHONPATH=str(tree), GHOSTWRITER_GC_LOG="10")
        cmd = [sys.executable, "-m", "solver.cli", "serve", "--host", HOST, "--port", str(self.port), "--workers",
               str(workers)]
        self.log = log
        with log.open("wb") as f:
            self.proc = subprocess.Popen(cmd, stdout=f, stderr=subprocess.STDOUT, cwd=tree, env=env)
        self.conn: http.client.HTTPConnection | None = None

    def ready(self, wait: float = 180.0) -> None:
        end = time.monotonic() + wait
        while time.monotonic() < end:
            try:
                c = http.client.HTTPConnection(HOST, self.port, timeout=5)
                c.request("GET", "/readyz")
                r = c.getresponse()
                r.read()
                if r.status == 200:
                    self.conn = http.client.HTTPConnection(HOST, self.port, timeout=60)
                    return
            except OSError:
                pass
            time.sleep(0.5)
        raise RuntimeError(f"the service did not start: {self.log.read_text()[-2000:]}")

    def hint(self, body: bytes) -> tuple[float, float, float, float]:
        """Client ms, elapsed_ms, queue ms and the worker's call ms of one hint."""
        assert self.conn is not None
        t = time.perf_counter()
        self.conn.request("POST", HINT, body=body, headers={"Content-Type": "application/json"})
        r = self.conn.getresponse()
        raw = r.read()
        client = (time.perf_counter() - t) * 1e3
        if r.status != 200:
            raise RuntimeError(f"status {r.status}: {raw[:300]!r}")
        queue, call = (float(x) for x in re.findall(r"dur=([0-9.]+)", r.getheader("Server-Timing") or ""))
        return client, float(json.loads(raw)["elapsed_ms"]), queue, call

    def long_collections(self) -> int:
        """The full collections over 10 ms its processes logged so far."""
        return len(re.findall(r"gc full [0-9.]+ ms", self.log.read_text(errors="replace")))

    def stop(self) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(10)
        except subprocess.TimeoutExpired:
            self.proc.kill()


def through_services(groups: dict[str, list[dict[str, Any]]], baseline: Path | None) -> dict[str, Any]:
    """Each hand to every service in turn (a warm-up round first); medians of each figure."""
    logs = Path(tempfile.mkdtemp(prefix="bench_overhead."))
    trees = {"this tree": ROOT} | ({"baseline": baseline} if baseline else {})
    services = {name: Service(tree, logs / f"{name.replace(' ', '_')}.log") for name, tree in trees.items()}
    out: dict[str, Any] = {}
    try:
        for s in services.values():
            s.ready()
        for label, hands in groups.items():
            bodies = [json.dumps(h).encode() for h in hands]
            rows: dict[str, list[tuple[float, float, float, float]]] = {n: [] for n in services}
            for rnd in range(2):
                for i, body in enumerate(bodies):
                    order = list(services.items()) if i % 2 == 0 else list(reversed(services.items()))
                    for name, s in order:
                        got = s.hint(body)
                        if rnd:
                            rows[name].append(got)
            out[label] = {}
            for name, rs in rows.items():
                med = [statistics.median(r[k] for r in rs) for k in range(4)]
                out[label][name] = dict(zip(("client_ms", "elapsed_ms", "queue_ms", "call_ms"), med, strict=True))
                print(f"{label}, {name}: client {med[0]:.2f} ms, elapsed_ms {med[1]:.2f}, queue {med[2]:.2f}, "
                      f"worker call {med[3]:.2f} (medians, {len(rs)} hands)")
    finally:
        for s in services.values():
            s.stop()
    return out


def through_pipe(d: Dictionary, hands: list[dict[str, Any]]) -> dict[str, Any]:
    """A hint's job in this process, and through one search worker, alternating; and an empty job's round trip.
    Wall-clock medians (the worker's CPU is not this process's)."""
    import functools

    from service.dictionaries import load
    from service.pool import Job, Work, Worker
    from service.routers.hardback import hint_job

    worker = Worker(functools.partial(load, {}), "bench-overhead")
    worker.start()
    here: list[float] = []
    there: list[float] = []
    empty: list[float] = []
    cancel = threading.Event()
    dictionaries = Dictionaries({})
    try:
        for rnd in range(2):
            for data in hands:
                query = plain_query(HintIn.model_validate(data), d)
                t0 = time.perf_counter()
                a = hint_job(Work(dictionaries, time.monotonic() + 30, cancel), query, 10.0)
                t1 = time.perf_counter()
                b = worker.call(Job(hint_job, (query, 10.0)), time.monotonic() + 30, cancel)
                t2 = time.perf_counter()
                worker.call(Job(isinstance, (object,)), time.monotonic() + 30, cancel)  # isinstance(work, object)
                t3 = time.perf_counter()
                if json.loads(a)["moves"] != json.loads(b)["moves"]:
                    raise AssertionError(f"the worker's answer differs from this process's for {data}")
                if rnd:
                    here.append(t1 - t0)
                    there.append(t2 - t1)
                    empty.append(t3 - t2)
    finally:
        worker.stop()
    out = {"job_here_ms": statistics.median(here) * 1e3, "through_worker_ms": statistics.median(there) * 1e3,
           "empty_job_ms": statistics.median(empty) * 1e3}
    print(f"pipe ({len(here)} 5-card hands, wall medians): the job here {out['job_here_ms']:.3f} ms, through a "
          f"worker {out['through_worker_ms']:.3f} ms, an empty job's round trip {out['empty_job_ms']:.3f} ms")
    return out


def under_load(hands: list[dict[str, Any]], baseline: Path | None, seconds: int) -> dict[str, Any]:
    """wrk on each service in turn, two rounds; each round's hints a second and latencies."""
    from bench_service import parse_wrk, wrk_command

    logs = Path(tempfile.mkdtemp(prefix="bench_overhead_load."))
    bodies = logs / "bodies.jsonl"
    bodies.write_text("".join(json.dumps({**h, "top": TOP}) + "\n" for h in hands))
    trees = {"this tree": ROOT} | ({"baseline": baseline} if baseline else {})
    out: dict[str, Any] = {name: [] for name in trees}
    for rnd in range(2):
        for name, tree in (trees.items() if rnd == 0 else reversed(trees.items())):
            s = Service(tree, logs / f"{name.replace(' ', '_')}_{rnd}.log", workers=2)
            try:
                s.ready()
                url = f"http://{HOST}:{s.port}"
                subprocess.run(wrk_command(url, 3, 16, 2, bodies), capture_output=True, text=True)  # warm-up
                got = parse_wrk(subprocess.run(wrk_command(url, seconds, 16, 2, bodies), capture_output=True,
                                               text=True).stdout)
                row = {k: got[k] for k in ("requests_per_s", "p50_ms", "p99_ms", "elapsed_p50_ms", "elapsed_p99_ms",
                                           "non2xx")}
                row["gc_over_10ms"] = s.long_collections()
                row["load_average"] = os.getloadavg()[0]
            finally:
                s.stop()
            out[name].append(row)
            print(f"load, {name}, round {rnd + 1}: {row['requests_per_s']:.1f} hints/s, p50 {row['p50_ms']:.1f} ms, "
                  f"p99 {row['p99_ms']:.1f} ms (wrk); elapsed_ms p50 {row['elapsed_p50_ms']:.1f}, p99 "
                  f"{row['elapsed_p99_ms']:.1f}; non-2xx {row['non2xx']}; full collections over 10 ms "
                  f"{row['gc_over_10ms']}; load average {row['load_average']:.1f}")
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--hands", type=int, default=200, help="hands of each size (default 200)")
    ap.add_argument("--rounds", type=int, default=200, help="rounds of each cut against its baseline")
    ap.add_argument("--service", type=int, default=1, help="1: also through the service (default), 0: not")
    ap.add_argument("--baseline", type=Path, help="another version's sources, its service run beside this one")
    ap.add_argument("--pipe", type=int, default=1, help="1: the pipe to a worker measured (default), 0: not")
    ap.add_argument("--load", type=int, default=0, help="seconds of wrk on each service a round (default 0: none)")
    ap.add_argument("--out", type=Path, default=ROOT / "benchmarks" / "results" / "bench_overhead.json")
    args = ap.parse_args(argv)
    d = Dictionaries({}).get(None)
    groups = {
        "5 cards + classic/inked": [random_state(50_000 + i, 5) for i in range(args.hands)],
        "12 cards": [random_state(400_000 + i, 12) for i in range(args.hands)],
    }
    for data in groups["5 cards + classic/inked"][:20]:  # warm the caches every search shares, untimed
        phases(d, data)
    settle_heap()
    GC.__enter__()
    report: dict[str, Any] = {"load": os.getloadavg(), "cpus": os.cpu_count()}
    print(f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores (figures are CPU time; wall times "
          "suffer from other work)")
    report["in_process"] = in_process(d, groups)
    report["cuts"] = cuts(d, groups["5 cards + classic/inked"][:20], args.rounds)
    if args.pipe:
        report["pipe"] = through_pipe(d, groups["5 cards + classic/inked"])
    if args.service:
        report["service"] = through_services(groups, args.baseline)
    if args.load:
        report["load"] = under_load(groups["5 cards + classic/inked"], args.baseline, args.load)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(report, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
