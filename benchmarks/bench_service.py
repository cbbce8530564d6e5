"""Load on the HTTP service, measured beside the in-process search in the same run.

    .venv/bin/python benchmarks/bench_service.py                 # 60 s under load (about 2 minutes in all)
    .venv/bin/python benchmarks/bench_service.py --quick         # 10 s, for a smoke test
    .venv/bin/python benchmarks/bench_service.py --duration 120 --connections 32 --workers 2

It starts the service on the loopback (`ghostwriter serve --workers N`, or uvicorn on the app factory when
`serve` is missing), waits for GET /readyz, checks once that every request body gets a 200 with the same
values as the in-process search, and drives POST /v1/hardback/hint with wrk (`apt-get install wrk`; the
script is benchmarks/hint_load.lua) for seeded random 5-card hands with a classic or an inked card (``--plain``:
5 cards alone)
(bench_hint.random_state), top 5 by value. It reports:
- hints per second sustained and the latency percentiles 50/90/99/99.9 at N concurrent clients (wrk's, which
  it corrects for coordinated omission, and the service's own elapsed_ms of every answer, uncorrected);
- errors: non-2xx answers, socket errors and time-outs (and answers cut short by the time limit);
- the server's memory (RSS summed over its processes, sampled once a second under load; also its anonymous
  part and PSS): start, end, peak and the least-squares slope in MB per minute, over the run and over its
  second half;
- CPU: the server's CPU time per hint, the ceiling it sets on the cores, and the CPU other work on the machine
  took during the run (the figures are only clean when that is near zero);
- the baseline: the same hands solved in-process one after another on one core (hints per second, median
  and 99th percentile), the service/in-process throughput ratio and the HTTP overhead (latency with one
  client, and server CPU per request against the in-process CPU).
The targets (2-core machine): at least 200 hints/s, p99 at most 100 ms at 16 clients, no errors, memory flat
(the second half's slope within 1 MB/min). Results are printed and written to
benchmarks/results/bench_service.json; the exit code is 1 when a target is missed or an answer differs.
"""

from __future__ import annotations

import argparse
import contextlib
import http.client
import json
import os
import re
import resource
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from types import FrameType
from typing import Any, NoReturn

ROOT = Path(__file__).resolve().parent.parent
sys.path.append(str(ROOT))  # the installed package first (its compiled kernel), else the sources
sys.path.insert(0, str(ROOT / "benchmarks"))

from bench_hint import random_state  # noqa: E402
from benchstats import percentile  # noqa: E402
from hands import box_state, game_states  # noqa: E402
from service_process import Server, cpu_seconds, machine_busy_seconds, pss_kb, status_kb  # noqa: E402

from solver.answers.filters import inoffensive  # noqa: E402
from solver.files import write_text  # noqa: E402
from solver.hardback.objectives import Objective  # noqa: E402
from solver.hardback.state import TurnState  # noqa: E402
from solver.lexicon import default_lexicon  # noqa: E402
from solver.search.hardback import Search  # noqa: E402

HINT_PATH = "/v1/hardback/hint"
LUA = ROOT / "benchmarks" / "hint_load.lua"
TOP = 5
SEED0 = 50_000  # seeds of the request bodies: SEED0, SEED0 + 1, ... (apart from bench_hint's)
WRK_TIMEOUT = 20  # seconds; the service gives up on a search after 10 s * 1.25 + 3 s by default
FLAT_MB_PER_MIN = 1.0  # memory counts as flat when the RSS slope is within this

TARGET_RPS = 200.0
TARGET_P99_MS = 100.0


# -- the requests -----------------------------------------------------------------------------------------------


GENERATORS = ("seeded", "box", "game")  # bench_hint.random_state, hands.box_state, hands.game_states


def bodies(
    n: int, plain: bool = False, generator: str = "seeded", size: int = 5, seed0: int = SEED0
) -> list[dict[str, Any]]:
    """n request bodies, top 5 by value: seeded random states of ``size`` cards (5 cards: with a classic or an
    inked card, unless ``plain``), or from the whole box (``hands.box_state``), or dealt in bot games
    (``hands.game_states``: their own sizes); seeds from ``seed0``."""
    if generator == "game":
        states = game_states(default_lexicon(), n, seed0)
    else:
        if generator == "box":  # 5 cards as the seeded ones: each with a classic or an inked card
            states = [box_state(seed0 + i, size, classic_or_inked=size == 5) for i in range(n)]
        else:
            states = [random_state(seed0 + i, size) for i in range(n)]
    if plain:
        states = [{"hand": s["hand"]} for s in states]
    return [{**s, "top": TOP, "objective": "value"} for s in states]


def pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


@dataclass
class Baseline:
    """The same hands solved in-process one after another on one core."""

    times_ms: list[float]  # state parsed, searched and the answer encoded to JSON, per hand (wall clock)
    cpu_ms: list[float]  # the same, CPU time of the thread (what other work on the machine does not inflate)
    search_ms: list[float]  # Search(...).top(5) alone
    values: list[list[float]]  # the values of the top moves, per hand

    @property
    def hints_per_s(self) -> float:
        return 1e3 * len(self.times_ms) / sum(self.times_ms)


def baseline(requests: list[dict[str, Any]]) -> Baseline:
    lex = default_lexicon()
    shunned = inoffensive(lex, "en")  # what the service leaves out by default (``allow_offensive``): the same answer

    def solve(body: dict[str, Any]) -> tuple[float, float, float, list[float]]:
        c0, t0 = time.thread_time(), time.perf_counter()
        state = TurnState.from_json({k: v for k, v in body.items() if k not in ("top", "objective")})
        t1 = time.perf_counter()
        search = Search(lex, state, Objective.VALUE)
        search.allowed = shunned
        moves = search.top(TOP)
        t2 = time.perf_counter()
        json.dumps({"moves": [m.to_json() for m in moves], "objective": "value"}, ensure_ascii=False)
        t3, c3 = time.perf_counter(), time.thread_time()
        return (t3 - t0) * 1e3, (c3 - c0) * 1e3, (t2 - t1) * 1e3, [m.value for m in moves]

    for body in requests[:20]:  # warm: first touches of the memory-mapped lexicon, imports, caches
        solve(body)
    out = Baseline([], [], [], [])
    for body in requests:
        total, cpu, search, values = solve(body)
        out.times_ms.append(total)
        out.cpu_ms.append(cpu)
        out.search_ms.append(search)
        out.values.append(values)
    return out


@dataclass
class Check:
    """One pass of every body through the service, one client, keep-alive."""

    latency_ms: list[float] = field(default_factory=list)  # client side, request sent to answer read
    elapsed_ms: list[float] = field(default_factory=list)  # the service's own "elapsed_ms"
    gap_ms: list[float] = field(default_factory=list)  # latency minus elapsed_ms, request by request
    healthz_ms: list[float] = field(default_factory=list)  # GET /healthz on the same connection
    bad: list[str] = field(default_factory=list)  # "body i: status ..." for every non-200
    differ: list[str] = field(default_factory=list)  # "body i: ..." for every answer whose values differ


def check(url: str, requests: list[dict[str, Any]], expected: list[list[float]]) -> Check:
    """Every body once through the service; then GET /healthz 50 times on the same keep-alive connection (a
    trivial answer's round trip: some 40 ms there means Nagle's algorithm meets delayed ACKs)."""
    host, port = url.removeprefix("http://").split(":")
    conn = http.client.HTTPConnection(host, int(port), timeout=30)
    out = Check()

    def call(method: str, path: str, data: bytes | None) -> tuple[float, int, bytes]:
        nonlocal conn
        t0 = time.perf_counter()
        try:
            conn.request(method, path, body=data, headers={"Content-Type": "application/json"} if data else {})
            r = conn.getresponse()
            raw = r.read()
        except (OSError, http.client.HTTPException):
            conn.close()
            conn = http.client.HTTPConnection(host, int(port), timeout=30)
            raise
        return (time.perf_counter() - t0) * 1e3, r.status, raw

    try:
        for i, body in enumerate(requests):
            try:
                ms, status, raw = call("POST", HINT_PATH, json.dumps(body).encode())
            except (OSError, http.client.HTTPException) as e:
                out.bad.append(f"body {i}: {type(e).__name__}: {e}")
                continue
            out.latency_ms.append(ms)
            if status != 200:
                out.bad.append(f"body {i}: status {status}: {raw[:200].decode(errors='replace')}")
                continue
            answer = json.loads(raw)
            if isinstance(answer.get("elapsed_ms"), int | float):
                out.elapsed_ms.append(float(answer["elapsed_ms"]))
                out.gap_ms.append(ms - float(answer["elapsed_ms"]))
            got = [round(float(m["value"]), 6) for m in answer.get("moves", [])]
            want = [round(v, 6) for v in expected[i]]
            if got != want:
                out.differ.append(f"body {i}: service values {got}, in-process {want}")
        for _ in range(50):
            ms, status, raw = call("GET", "/healthz", None)
            if status != 200:
                out.bad.append(f"GET /healthz: status {status}: {raw[:200].decode(errors='replace')}")
            out.healthz_ms.append(ms)
    finally:
        conn.close()
    return out


# -- the load ---------------------------------------------------------------------------------------------------


def find_wrk() -> str:
    wrk = shutil.which("wrk")
    if wrk is None:
        raise SystemExit("bench_service: wrk is not installed; install it with `apt-get install wrk`")
    return wrk


def wrk_command(url: str, seconds: int, connections: int, threads: int, bodies_file: Path) -> list[str]:
    """wrk with a time-out past the service's own longest answer (time budget, then its grace), so that a slow
    answer is measured rather than dropped from the latencies as a socket time-out."""
    return [find_wrk(), f"-t{threads}", f"-c{connections}", f"-d{seconds}s", f"--timeout={WRK_TIMEOUT}s",
            "--latency", "-s", str(LUA), url, "--", str(bodies_file)]


def floor_command(url: str, seconds: int, connections: int, threads: int) -> list[str]:
    """wrk on GET /healthz with the load's clients: the floor, what the server and the client cost with no search."""
    return [find_wrk(), f"-t{threads}", f"-c{connections}", f"-d{seconds}s", "--latency", url + "/healthz"]


def parse_floor(text: str) -> dict[str, float]:
    """wrk's own report of the floor: requests a second and the latency percentiles, in ms."""
    out: dict[str, float] = {}
    m = re.search(r"Requests/sec:\s*([0-9.]+)", text)
    out["requests_per_s"] = float(m.group(1)) if m else float("nan")
    unit = {"us": 1e-3, "ms": 1.0, "s": 1e3}
    for q in ("50", "90", "99"):
        m = re.search(rf"^\s*{q}%\s+([0-9.]+)(us|ms|s)\s*$", text, re.M)
        out[f"p{q}_ms"] = float(m.group(1)) * unit[m.group(2)] if m else float("nan")
    return out


def parse_wrk(text: str) -> dict[str, Any]:
    """The script's BENCH_JSON line, plus wrk's own "Non-2xx" and "Socket errors" lines when present."""
    line = next((ln for ln in text.splitlines() if ln.startswith("BENCH_JSON ")), None)
    if line is None:
        raise RuntimeError(f"no BENCH_JSON line in wrk's output:\n{text}")
    out: dict[str, Any] = json.loads(line.removeprefix("BENCH_JSON "))
    m = re.search(r"Non-2xx or 3xx responses:\s*(\d+)", text)
    out["wrk_non2xx"] = int(m.group(1)) if m else 0
    m = re.search(r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", text)
    out["wrk_socket_errors"] = dict(zip(("connect", "read", "write", "timeout"), map(int, m.groups()), strict=True)) \
        if m else {"connect": 0, "read": 0, "write": 0, "timeout": 0}
    return out


@dataclass
class Memory:
    """RSS samples of the server's process tree, one a second."""

    t: list[float] = field(default_factory=list)  # seconds since the load started
    rss_mb: list[float] = field(default_factory=list)  # VmRSS summed over the tree
    anon_mb: list[float] = field(default_factory=list)  # RssAnon: the heap, without the mapped lexicon's pages
    pss_mb: list[float] = field(default_factory=list)  # Pss summed over the tree
    processes: list[int] = field(default_factory=list)

    def sample(self, server: Server, t: float) -> None:
        pids = server.pids()
        self.t.append(t)
        self.rss_mb.append(sum(status_kb(p, "VmRSS") for p in pids) / 1024)
        self.anon_mb.append(sum(status_kb(p, "RssAnon") for p in pids) / 1024)
        self.pss_mb.append(sum(pss_kb(p) for p in pids) / 1024)
        self.processes.append(len(pids))

    def slope_mb_per_min(self, values: list[float]) -> float:
        """Least-squares slope of the samples, MB per minute."""
        if len(self.t) < 2:
            return float("nan")
        mt, mv = statistics.fmean(self.t), statistics.fmean(values)
        var = sum((t - mt) ** 2 for t in self.t)
        cov = sum((t - mt) * (v - mv) for t, v in zip(self.t, values, strict=True))
        return 60 * cov / var if var else float("nan")

    def summary(self) -> dict[str, Any]:
        half = len(self.t) // 2
        second = Memory(self.t[half:], self.rss_mb[half:], self.anon_mb[half:], self.pss_mb[half:])
        return {
            "samples": len(self.t),
            "processes": max(self.processes, default=0),
            "rss_start_mb": self.rss_mb[0], "rss_end_mb": self.rss_mb[-1], "rss_max_mb": max(self.rss_mb),
            "rss_slope_mb_per_min": self.slope_mb_per_min(self.rss_mb),
            "rss_slope_second_half_mb_per_min": second.slope_mb_per_min(second.rss_mb),
            "anon_start_mb": self.anon_mb[0], "anon_end_mb": self.anon_mb[-1], "anon_max_mb": max(self.anon_mb),
            "anon_slope_mb_per_min": self.slope_mb_per_min(self.anon_mb),
            "pss_start_mb": self.pss_mb[0], "pss_end_mb": self.pss_mb[-1], "pss_max_mb": max(self.pss_mb),
            "pss_slope_mb_per_min": self.slope_mb_per_min(self.pss_mb),
        }


def run_wrk(cmd: list[str], server: Server, memory: Memory | None) -> tuple[dict[str, Any], dict[str, float]]:
    """Run wrk to its end, sampling the server's memory once a second; its figures and the CPU seconds spent by
    the server and by wrk."""
    cpu0 = sum(cpu_seconds(p) for p in server.pids())
    wrk0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    self0 = resource.getrusage(resource.RUSAGE_SELF)
    busy0 = machine_busy_seconds()
    t0 = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        tick = 0
        while proc.poll() is None:
            if memory is not None:
                memory.sample(server, time.perf_counter() - t0)
            tick += 1
            with contextlib.suppress(subprocess.TimeoutExpired):
                proc.wait(timeout=max(0.0, t0 + tick - time.perf_counter()))
        out = proc.stdout.read() if proc.stdout else ""
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    cpu1 = sum(cpu_seconds(p) for p in server.pids())
    wrk1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    self1 = resource.getrusage(resource.RUSAGE_SELF)
    busy1 = machine_busy_seconds()
    if proc.returncode != 0:
        raise RuntimeError(f"wrk exited with code {proc.returncode}:\n{out}")
    server_s = cpu1 - cpu0
    wrk_s = (wrk1.ru_utime + wrk1.ru_stime) - (wrk0.ru_utime + wrk0.ru_stime)
    self_s = (self1.ru_utime + self1.ru_stime) - (self0.ru_utime + self0.ru_stime)
    cpu = {"server_cpu_s": server_s, "wrk_cpu_s": wrk_s, "bench_cpu_s": self_s,
           "other_cpu_s": max(0.0, busy1 - busy0 - server_s - wrk_s - self_s), "wall_s": time.perf_counter() - t0}
    return {**parse_wrk(out), "wrk_output": out}, cpu


# -- the report -------------------------------------------------------------------------------------------------


def mark(ok: bool) -> str:
    return "met" if ok else "MISSED"


def parse_args() -> argparse.Namespace:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    ap.add_argument("--duration", type=int, default=60, help="seconds under load (default 60)")
    ap.add_argument("--quick", action="store_true", help="a 10 s run on fewer hands, for a smoke test")
    ap.add_argument("--connections", type=int, default=16, help="concurrent clients (default 16)")
    ap.add_argument("--workers", type=int, default=2, help="server worker processes (default 2)")
    ap.add_argument("--threads", type=int, default=2, help="wrk threads (default 2)")
    ap.add_argument("--hands", type=int, default=500, help="distinct request bodies (default 500)")
    ap.add_argument("--plain", action="store_true", help="hands of 5 cards alone (no classic or inked card)")
    ap.add_argument("--generator", choices=GENERATORS, default="seeded",
                    help="the hands: seeded (bench_hint.random_state, the default), box (the whole box, "
                         "hands.box_state), game (dealt in bot games, hands.game_states)")
    ap.add_argument("--size", type=int, default=5, help="cards a hand (default 5; the game's own for --generator game)")
    ap.add_argument("--check-only", action="store_true",
                    help="no load: every hand once through the service, one client, its elapsed_ms summarized")
    ap.add_argument("--served", type=int, default=0,
                    help="hints of other hands (the same generator, other seeds) the service answers before the "
                         "check, untimed: a service that has been serving (default 0: a fresh service)")
    ap.add_argument("--floor", type=int, default=10, help="seconds of GET /healthz under the same load (default 10)")
    ap.add_argument("--warmup", type=int, default=5, help="seconds of load before the measure (default 5)")
    ap.add_argument("--app", default="service.main:create_app",
                    help="app factory for the uvicorn fallback when `ghostwriter serve` is missing")
    args = ap.parse_args()
    if args.quick:
        args.duration, args.hands, args.warmup, args.floor = 10, 100, 2, 3
    args.threads = max(1, min(args.threads, args.connections))
    return args


def busy_before_run() -> float:
    """The share of the machine's CPU other work takes, over two seconds before the run (a warning past 10 %)."""
    busy0, t0 = machine_busy_seconds(), time.perf_counter()
    time.sleep(2)
    busy_before = (machine_busy_seconds() - busy0) / (time.perf_counter() - t0) / (os.cpu_count() or 1)
    if busy_before > 0.1:
        print(f"warning: the machine is busy ({busy_before:.0%} of its CPU before the run): the figures will suffer")
    return busy_before


def run_baseline(requests: list[dict[str, Any]]) -> tuple[Baseline, float]:
    """The in-process baseline, printed; with the share of its time the slowest 5 % of hands take."""
    print("baseline: solving them in-process, one after another ...", flush=True)
    base = baseline(requests)
    b_sorted = sorted(base.times_ms)
    b_tail = sum(b_sorted[len(b_sorted) * 95 // 100:]) / sum(b_sorted)
    print(f"  {base.hints_per_s:.1f} hints/s on one core; median {statistics.median(base.times_ms):.2f} ms, "
          f"mean {statistics.fmean(base.times_ms):.2f} ms, p99 {pct(base.times_ms, 0.99):.1f} ms, "
          f"worst {max(base.times_ms):.1f} ms; the slowest 5 % of hands take {b_tail:.0%} of the time; "
          f"CPU {statistics.fmean(base.cpu_ms):.2f} ms a hint on average")
    return base, b_tail


@dataclass
class Measured:
    """What the service did: how soon it was ready, the one-client check (and its server CPU a hint), the load's
    figures, CPU and memory, its processes under load, and the end of its log."""

    label: str
    ready_s: float
    checked: Check
    check_cpu_ms: float
    load: dict[str, Any] = field(default_factory=dict)
    cpu: dict[str, float] = field(default_factory=dict)
    memory: Memory = field(default_factory=Memory)
    processes: int = 0
    log: str = ""
    floor: dict[str, float] = field(default_factory=dict)  # GET /healthz under the same clients (``parse_floor``)
    collections: list[float] = field(default_factory=list)  # the workers' full collections over 10 ms, in ms
    collections_cpu: list[float] = field(default_factory=list)  # their CPU ms
    collections_inside: list[float] = field(default_factory=list)  # those inside a search job, in ms


SERVED_SEED0 = 1_050_000  # seeds of ``--served``'s hands: none of them is a hand of the check


def serve_first(server: Server, served: list[dict[str, Any]]) -> None:
    """Other hands through the service first, one client, untimed (``--served``): every one must get a 200."""
    print(f"served first: {len(served)} hints of other hands, untimed ...", flush=True)
    host, port = server.url.removeprefix("http://").split(":")
    conn = http.client.HTTPConnection(host, int(port), timeout=30)
    try:
        for i, body in enumerate(served):
            data = json.dumps(body).encode()
            conn.request("POST", HINT_PATH, body=data, headers={"Content-Type": "application/json"})
            r = conn.getresponse()
            raw = r.read()
            if r.status != 200:
                raise SystemExit(f"bench_service: served hand {i} got {r.status}: {raw[:200].decode(errors='replace')}")
    finally:
        conn.close()


def run_check(server: Server, requests: list[dict[str, Any]], base: Baseline) -> tuple[Check, float]:
    """Every body once through the service, one client, printed; with the server's CPU a hint."""
    print("check: every body once, one client ...", flush=True)
    check_cpu0 = sum(cpu_seconds(p) for p in server.pids())
    checked = check(server.url, requests, base.values)
    check_cpu_ms = 1e3 * (sum(cpu_seconds(p) for p in server.pids()) - check_cpu0) / len(requests)
    print(f"  {len(requests) - len(checked.bad)}/{len(requests)} answered 200; "
          f"{len(checked.differ)} differ from the in-process values; one client: median "
          f"{statistics.median(checked.latency_ms):.2f} ms, p99 {pct(checked.latency_ms, 0.99):.1f} ms; "
          f"server CPU {check_cpu_ms:.2f} ms a hint (in-process {statistics.fmean(base.cpu_ms):.2f} ms)")
    for line in (checked.bad + checked.differ)[:10]:
        print(f"    {line}")
    return checked, check_cpu_ms


def run_service(args: argparse.Namespace, requests: list[dict[str, Any]], base: Baseline) -> Measured | None:
    """Start the service, check it, warm it up and load it; None when a body did not get a 200 (no load run)."""
    server = Server(args.workers, args.app)
    m: Measured | None = None
    with tempfile.TemporaryDirectory(prefix="bench_service-") as tmp:
        bodies_file = Path(tmp) / "bodies.jsonl"
        write_text(bodies_file, "".join(json.dumps(b, separators=(",", ":")) + "\n" for b in requests))
        try:
            server.start(Path(tmp))
            ready_s = server.wait_ready()
            print(f"  ready after {ready_s:.1f} s; {len(server.pids())} processes")
            if args.served > 0:
                serve_first(server, bodies(args.served, args.plain, args.generator, args.size, SERVED_SEED0))
            checked, check_cpu_ms = run_check(server, requests, base)
            if checked.bad:
                print(f"bench_service: {len(checked.bad)} requests did not get a 200; no load run", file=sys.stderr)
                return None
            m = Measured(server.label, ready_s, checked, check_cpu_ms)
            m.collections, m.collections_inside = server.long_collections(), server.long_collections_inside()
            if args.check_only:
                return m
            print(f"warm-up: {args.warmup} s of load ...", flush=True)
            run_wrk(wrk_command(server.url, args.warmup, args.connections, args.threads, bodies_file), server, None)
            if args.floor > 0:
                print(f"floor: wrk -t{args.threads} -c{args.connections} -d{args.floor}s GET /healthz ...", flush=True)
                m.floor = parse_floor(run_floor(floor_command(server.url, args.floor, args.connections, args.threads)))
            print(f"load: wrk -t{args.threads} -c{args.connections} -d{args.duration}s ...", flush=True)
            m.load, m.cpu = run_wrk(
                wrk_command(server.url, args.duration, args.connections, args.threads, bodies_file), server, m.memory
            )
            m.processes = len(server.pids())
            m.collections, m.collections_cpu = server.long_collections(), server.long_collections_cpu()
            m.collections_inside = server.long_collections_inside()
        finally:
            m_log = server.log_tail(15)
            server.stop()
    if m is not None:
        m.log = m_log
    return m


def run_floor(cmd: list[str]) -> str:
    """wrk's output for the floor (GET /healthz)."""
    done = subprocess.run(cmd, capture_output=True, text=True, timeout=600)
    if done.returncode != 0:
        raise RuntimeError(f"wrk exited with code {done.returncode}:\n{done.stdout}{done.stderr}")
    return done.stdout


def figures(base: Baseline, m: Measured) -> dict[str, Any]:
    """The run's figures, from the load, the check and the baseline, and which targets they meet (``ok``)."""
    load, checked = m.load, m.checked
    socket_errors = sum(load["wrk_socket_errors"].values())
    errors = max(load["non2xx"], load["wrk_non2xx"]) + socket_errors + max(0, load["requests"] - load["responses"])
    mem = m.memory.summary()
    rps = load["requests_per_s"] or float("nan")  # nan rather than a division by zero when nothing came back
    f: dict[str, Any] = {
        "errors": errors, "mem": mem, "rps": rps, "cores": os.cpu_count() or 1,
        "b_median": statistics.median(base.times_ms), "b_mean": statistics.fmean(base.times_ms),
        "b_p99": pct(base.times_ms, 0.99), "b_cpu": statistics.fmean(base.cpu_ms),
        "single_median": statistics.median(checked.latency_ms),
        "gap_median": statistics.median(checked.gap_ms) if checked.gap_ms else None,
        "healthz_median": statistics.median(checked.healthz_ms),
        "cpu_per_hint_ms": 1e3 * m.cpu["server_cpu_s"] / max(load["requests"], 1) or float("nan"),
    }
    f["ok"] = {
        "throughput": rps >= TARGET_RPS,
        "p99": load["p99_ms"] <= TARGET_P99_MS,
        "errors": errors == 0,
        # judged on the second half: the first holds the heaps settling into their working set after the warm-up
        # (the largest hands come round once); a leak grows in both halves
        "memory_flat": abs(mem["rss_slope_second_half_mb_per_min"]) <= FLAT_MB_PER_MIN,
    }
    return f


def print_load(args: argparse.Namespace, m: Measured, f: dict[str, Any]) -> None:
    """The service under load: throughput, latency, errors, against their targets."""
    load, ok = m.load, f["ok"]
    print()
    print(f"service: {m.label}, {args.workers} workers ({m.processes} processes); "
          f"wrk -t{args.threads} -c{args.connections} -d{args.duration}s on {f['cores']} cores")
    print(f"  throughput   {f['rps']:.1f} hints/s ({load['requests']} requests in {load['seconds']:.1f} s)"
          f"   target >= {TARGET_RPS:.0f}: {mark(ok['throughput'])}")
    print(f"  latency      p50 {load['p50_ms']:.1f} ms, p90 {load['p90_ms']:.1f} ms, p99 {load['p99_ms']:.1f} ms, "
          f"p99.9 {load['p99_9_ms']:.1f} ms, max {load['max_ms']:.1f} ms"
          f"   target p99 <= {TARGET_P99_MS:.0f} ms: {mark(ok['p99'])}")
    print("               (wrk's figures, which it corrects for coordinated omission: it adds samples for the requests "
          "an open-loop client would have sent while a slow one was waited for)")
    if load.get("elapsed_n"):
        print(f"  service's own elapsed_ms, every answer, uncorrected: p50 {load['elapsed_p50_ms']:.1f} ms, "
              f"p90 {load['elapsed_p90_ms']:.1f} ms, p99 {load['elapsed_p99_ms']:.1f} ms, "
              f"p99.9 {load['elapsed_p99_9_ms']:.1f} ms, max {load['elapsed_max_ms']:.1f} ms")
    print(f"  errors       {f['errors']}: non-2xx {load['non2xx']} (wrk: {load['wrk_non2xx']}), socket errors "
          + ", ".join(f"{k} {v}" for k, v in load["wrk_socket_errors"].items())
          + f"   target 0: {mark(ok['errors'])}")
    if load["first_bad"]:
        print(f"               first bad answer: {load['first_bad']}")
    if load["inexact"]:
        print(f"  cut short    {load['inexact']} answers hit the time limit (\"exact\": false)")
    if m.floor:
        fl = m.floor
        print(f"  floor        GET /healthz, the same clients, just before: {fl['requests_per_s']:.0f} req/s, p50 "
              f"{fl['p50_ms']:.2f} ms, p99 {fl['p99_ms']:.1f} ms (the server and wrk with no search)")
    print(f"  collector    full collections over 10 ms in the workers (check and load): {len(m.collections)}"
          + (f" ({', '.join(f'{v:.0f}' for v in m.collections[:10])} ms; CPU "
             f"{', '.join(f'{v:.0f}' for v in m.collections_cpu[:10])} ms)" if m.collections else "")
          + f"; inside a search: {len(m.collections_inside)}")


def print_resources(args: argparse.Namespace, m: Measured, f: dict[str, Any]) -> None:
    """The server's memory and CPU under load, its CPU ceiling, and the CPU HTTP costs a request."""
    mem, cpu, cores, per_hint = f["mem"], m.cpu, f["cores"], f["cpu_per_hint_ms"]
    print(f"  memory (RSS) start {mem['rss_start_mb']:.1f} MB, end {mem['rss_end_mb']:.1f} MB, "
          f"max {mem['rss_max_mb']:.1f} MB, slope {mem['rss_slope_mb_per_min']:+.2f} MB/min "
          f"(second half {mem['rss_slope_second_half_mb_per_min']:+.2f})"
          f"   target flat (second half |slope| <= {FLAT_MB_PER_MIN:g}): {mark(f['ok']['memory_flat'])}"
          + (" (too short a run to judge)" if args.duration < 60 else ""))
    print(f"  memory (anon) start {mem['anon_start_mb']:.1f} MB, end {mem['anon_end_mb']:.1f} MB, "
          f"max {mem['anon_max_mb']:.1f} MB, slope {mem['anon_slope_mb_per_min']:+.2f} MB/min "
          "(RssAnon: the heaps, without the pages of the memory-mapped lexicon)")
    print(f"  memory (PSS) start {mem['pss_start_mb']:.1f} MB, end {mem['pss_end_mb']:.1f} MB, "
          f"max {mem['pss_max_mb']:.1f} MB, slope {mem['pss_slope_mb_per_min']:+.2f} MB/min")
    print(f"  CPU          server {cpu['server_cpu_s']:.1f} s, wrk {cpu['wrk_cpu_s']:.1f} s, other work on the "
          f"machine {cpu['other_cpu_s']:.1f} s, in {cpu['wall_s']:.1f} s on {cores} cores; "
          f"server CPU per hint {per_hint:.2f} ms")
    print(f"  ceiling      {cores} cores / {per_hint:.2f} ms of server CPU a hint = "
          f"{1e3 * cores / per_hint:.0f} hints/s; closed loop: mean latency = {args.connections} clients / "
          f"{f['rps']:.1f} hints/s = {1e3 * args.connections / f['rps']:.0f} ms (wrk: {m.load['mean_ms']:.0f} ms)")
    print(f"  HTTP CPU     one client, the same hands as the baseline: server CPU {m.check_cpu_ms:.2f} ms a hint, "
          f"in-process {f['b_cpu']:.2f} ms: {m.check_cpu_ms - f['b_cpu']:+.2f} ms a request")


def print_against_baseline(
    args: argparse.Namespace, hands: int, base: Baseline, m: Measured, f: dict[str, Any]
) -> list[str]:
    """The service against the in-process baseline on the same ``hands``, and the targets: the missed ones."""
    b_median, single_median, gap_median = f["b_median"], f["single_median"], f["gap_median"]
    print(f"baseline (in-process, one core, the same {hands} hands): {base.hints_per_s:.1f} hints/s, "
          f"median {b_median:.2f} ms, p99 {f['b_p99']:.1f} ms")
    print(f"  ratio service / in-process throughput: x{f['rps'] / base.hints_per_s:.2f} "
          f"(the ceiling on {f['cores']} cores with no HTTP cost is x{f['cores']})")
    print(f"  HTTP overhead: loaded p50 - in-process median = {m.load['p50_ms'] - b_median:.1f} ms (queueing at "
          f"{args.connections} clients included); one client: {single_median:.2f} - {b_median:.2f} = "
          f"{single_median - b_median:.2f} ms")
    if gap_median is not None:
        print(f"  one client, latency - the service's own elapsed_ms: median {gap_median:.2f} ms; "
              f"GET /healthz round trip: median {f['healthz_median']:.2f} ms")
    if (gap_median or 0) > 30 or f["healthz_median"] > 30:
        print("  (some 40 ms per keep-alive request: TCP_NODELAY is off on the server's sockets, so Nagle's "
              "algorithm waits for the client's delayed ACK: uvicorn --workers N leaves it off, and the protocols of "
              "service.http turn it on; a server run without them, with --http h11 say, has it off)")
    missed = [k for k, v in f["ok"].items() if not v]
    print("targets: " + ("all met" if not missed else "missed: " + ", ".join(missed)))
    if m.checked.differ:
        print(f"{len(m.checked.differ)} answers differ from the in-process search", file=sys.stderr)
    return missed


def build_report(
    args: argparse.Namespace, requests: list[dict[str, Any]], base: Baseline, b_tail: float, busy_before: float,
    m: Measured, f: dict[str, Any],
) -> dict[str, Any]:
    load, checked, cores, per_hint, b_median = m.load, m.checked, f["cores"], f["cpu_per_hint_ms"], f["b_median"]
    return {
        "command": " ".join(sys.argv),
        "machine_busy_before": busy_before,
        "server": {"command": m.label, "workers": args.workers, "processes": m.processes,
                   "ready_s": m.ready_s, "log_tail": m.log},
        "load": {"tool": "wrk", "threads": args.threads, "connections": args.connections,
                 "duration_s": args.duration, "warmup_s": args.warmup, "hands": len(requests),
                 "hand": describe_hands(args), "top": TOP,
                 "objective": "value", **{k: v for k, v in load.items() if k != "wrk_output"},
                 "errors_total": f["errors"], **m.cpu, "server_cpu_per_hint_ms": per_hint, "cores": cores,
                 "cpu_ceiling_hints_per_s": 1e3 * cores / per_hint},
        "memory": {**f["mem"], "flat_threshold_mb_per_min": FLAT_MB_PER_MIN,
                   "samples_rss_mb": [round(v, 2) for v in m.memory.rss_mb]},
        "single_client": {"median_ms": f["single_median"], "p99_ms": pct(checked.latency_ms, 0.99),
                          "service_elapsed_median_ms": statistics.median(checked.elapsed_ms)
                          if checked.elapsed_ms else None,
                          "latency_minus_elapsed_median_ms": f["gap_median"],
                          "healthz_median_ms": f["healthz_median"], "server_cpu_per_hint_ms": m.check_cpu_ms,
                          "non200": len(checked.bad), "differ_from_in_process": len(checked.differ),
                          "differ_examples": checked.differ[:10]},
        "baseline": {"what": "the same hands in-process, one after another, one core: TurnState.from_json + "
                             "Search.top(5) + the moves encoded to JSON",
                     "hints_per_s": base.hints_per_s, "median_ms": b_median, "mean_ms": f["b_mean"],
                     "p99_ms": f["b_p99"], "max_ms": max(base.times_ms), "slowest_5pct_time_share": b_tail,
                     "cpu_mean_ms": f["b_cpu"], "search_median_ms": statistics.median(base.search_ms)},
        "floor_healthz": m.floor,
        "gc_over_10ms": len(m.collections),
        "gc_over_10ms_ms": m.collections,
        "gc_over_10ms_cpu_ms": m.collections_cpu,
        "gc_over_10ms_inside_a_call_ms": m.collections_inside,
        "ratio_throughput": f["rps"] / base.hints_per_s,
        "http_overhead_ms": {"loaded_p50_minus_in_process_median": load["p50_ms"] - b_median,
                             "single_client_median_minus_in_process_median": f["single_median"] - b_median,
                             "single_client_latency_minus_service_elapsed_median": f["gap_median"]},
        "http_cpu_overhead_ms": m.check_cpu_ms - f["b_cpu"],
        "targets": {"hints_per_s": TARGET_RPS, "p99_ms": TARGET_P99_MS, "errors": 0,
                    "memory_slope_mb_per_min": FLAT_MB_PER_MIN, "met": f["ok"]},
    }


def describe_hands(args: argparse.Namespace) -> str:
    """What the request bodies hold, in words."""
    if args.generator == "game":
        return "hands dealt in bot games (medium, hard), every stage"
    where = "from the whole box" if args.generator == "box" else "seeded random"
    extra = "" if args.plain or args.size != 5 else " with a classic or an inked card"
    return f"{where} {args.size}-card hands{extra}"


def print_check_only(args: argparse.Namespace, requests: list[dict[str, Any]], base: Baseline, m: Measured) -> int:
    """Every hand once through the service, one client: the service's own elapsed_ms (median, p99, worst) beside
    the in-process search of the same hands, and the workers' long collections. Written to
    benchmarks/results/bench_service_check.json."""
    el, c = m.checked.elapsed_ms, m.checked
    summary = {
        "hands": describe_hands(args), "n": len(requests), "served_first": args.served, "answered": len(el),
        "differ": len(c.differ),
        "elapsed_median_ms": statistics.median(el), "elapsed_p99_ms": percentile(el, 0.99),
        "elapsed_worst_ms": max(el), "in_process_median_ms": statistics.median(base.times_ms),
        "in_process_p99_ms": percentile(base.times_ms, 0.99), "in_process_worst_ms": max(base.times_ms),
        "in_process_search_median_ms": statistics.median(base.search_ms),
        "gc_over_10ms": len(m.collections), "gc_over_10ms_ms": m.collections,
        "gc_over_10ms_inside_a_call": len(m.collections_inside),
    }
    served = f", after {args.served} hints of other hands" if args.served else ", a fresh service"
    print(f"service ({args.workers} workers, one client{served}), {summary['hands']}: elapsed_ms median "
          f"{summary['elapsed_median_ms']:.2f} ms, p99 {summary['elapsed_p99_ms']:.1f} ms, worst "
          f"{summary['elapsed_worst_ms']:.1f} ms; in-process median {summary['in_process_median_ms']:.2f} ms "
          f"(the search {summary['in_process_search_median_ms']:.2f} ms), p99 {summary['in_process_p99_ms']:.1f} ms, "
          f"worst {summary['in_process_worst_ms']:.1f} ms; {len(c.differ)} answers differ; full collections over "
          f"10 ms in the workers: {len(m.collections)} ({len(m.collections_inside)} inside a search)")
    out = ROOT / "benchmarks" / "results"
    out.mkdir(exist_ok=True)
    (out / "bench_service_check.json").write_text(json.dumps({"command": " ".join(sys.argv), **summary}, indent=2))
    return 0 if not c.differ else 1


def main() -> int:
    args = parse_args()
    find_wrk()  # fail early when wrk is missing
    busy_before = busy_before_run()
    requests = bodies(args.hands, args.plain, args.generator, args.size)
    print(f"{len(requests)} request bodies: {describe_hands(args)}, "
          f"top {TOP} by value; the machine was {busy_before:.0%} busy before the run")
    base, b_tail = run_baseline(requests)
    m = run_service(args, requests, base)
    if m is None:
        return 1
    if args.check_only:
        return print_check_only(args, requests, base, m)
    f = figures(base, m)
    print_load(args, m, f)
    print_resources(args, m, f)
    missed = print_against_baseline(args, len(requests), base, m, f)
    report = build_report(args, requests, base, b_tail, busy_before, m, f)
    out = ROOT / "benchmarks" / "results"
    out.mkdir(exist_ok=True)
    write_text(out / "bench_service.json", json.dumps(report, indent=2))
    return 0 if not missed and not m.checked.differ else 1


def _interrupted(signum: int, frame: FrameType | None) -> NoReturn:
    raise KeyboardInterrupt


if __name__ == "__main__":
    signal.signal(signal.SIGTERM, _interrupted)  # so that `finally` stops the server on a plain kill too
    try:
        raise SystemExit(main())
    except KeyboardInterrupt:
        print("bench_service: interrupted; the server is stopped", file=sys.stderr)
        raise SystemExit(130) from None
