"""What the attack tests and ``benchmarks/bench_attacks.py`` share: hostile bodies built from the card notation,
a timed POST, and what a live server's processes use (CPU, memory, file descriptors), read from ``/proc``."""

from __future__ import annotations

import json
import os
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

NORMAL = [["r:F6", "E", "a:A5", "S", "T"], ["h:H7", "A", "R", "E", "S"], ["m:C5", "O", "T", "N", "I"]]
GENRES = ["adventure", "horror", "mystery", "romance"]


def eithers_classic(i: int, n: int = 8) -> str:
    """A timeless classic of ``n`` coins-or-prestige choices (the frontier splits each either both ways)."""
    return f"{GENRES[i % 4]}:{'ABCDEFGHIJ'[i % 10]}3tc{{{' '.join(['1c/p'] * n)} | -}}"


def mover(i: int) -> str:
    """An inline card of 16 uncover and double benefits (8 a side, the notation's most)."""
    side = " ".join(["uncover", "double"] * 4)
    return f"{GENRES[i % 4]}:{'AEIOURSTLN'[i % 10]}4{{{side} | {side}}}"


FRONTIER = {"hand": ["A", "B", "C"], "timeless": {"mine": [eithers_classic(i) for i in range(4)]}, "pareto": True}
MOVERS = {"hand": [mover(0), mover(1), mover(2), "E", "S", "T", "R", "A"], "top": 5}  # 8 cards, 3 of them movers
HOSTILE_HAND = [
    *["m:A3", "m:C5", "m:D4", "m:E4", "m:G6", "m:I5", "m:J8", "m:K2", "m:K4", "m:L6", "m:M3"],
    *["r:B3", "r:D4", "r:F6", "r:H7", "r:J6", "r:L8", "r:O4", "r:P6", "r:S4", "r:U9", "r:W4", "r:Y4", "r:Z5"],
]
HOSTILE = {"hand": HOSTILE_HAND, "top": 10}
INK = {"hand": HOSTILE_HAND[:20], "max_k": 3, "draw": ["E", "S", "T"]}  # a search for every draw, 20 cards
INLINE_BIG = {"hand": [mover(i) for i in range(6)] + [eithers_classic(i) for i in range(6)], "top": 10}


def escaped_quotes(size: int = 60_000) -> bytes:
    """A body whose string never ends, of escaped quotes: a backtracking string pattern is quadratic on it."""
    return b"[" * 40 + b'"' + b'\\"' * ((size - 41) // 2)


def post(
    url: str, body: dict[str, Any] | bytes, timeout: float = 60.0, headers: dict[str, str] | None = None
) -> tuple[int, dict[str, Any], float, dict[str, str]]:
    """Status, answer, wall seconds and headers (their names in lowercase)."""
    data = body if isinstance(body, bytes) else json.dumps(body).encode()
    request = urllib.request.Request(url, data, {"content-type": "application/json", **(headers or {})})
    start = time.monotonic()
    try:
        with urllib.request.urlopen(request, timeout=timeout) as r:
            return int(r.status), json.loads(r.read()), time.monotonic() - start, _lower(r.headers.items())
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read()), time.monotonic() - start, _lower(e.headers.items())


def _lower(headers: Any) -> dict[str, str]:
    return {name.lower(): value for name, value in headers}


def server_pid(base: str) -> int:
    """The process of the live server at ``base`` (the one whose command line names its port)."""
    port = base.rsplit(":", 1)[1]
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            args = (entry / "cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        if b"--port" in args and args[args.index(b"--port") + 1 : args.index(b"--port") + 2] == [port.encode()]:
            return int(entry.name)
    raise LookupError(f"no process serves {base}")


def _stat(pid: int) -> list[str] | None:
    try:
        text = (Path("/proc") / str(pid) / "stat").read_text()
    except OSError:
        return None
    return text[text.rindex(")") + 2 :].split()


def descendants(pid: int) -> list[int]:
    """``pid``'s children, theirs, and so on (the search workers are the fork server's children)."""
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit() and (fields := _stat(int(entry.name))) is not None:
            parents[int(entry.name)] = int(fields[1])
    out: list[int] = []
    frontier = [pid]
    while frontier:
        p = frontier.pop()
        kids = [c for c, parent in parents.items() if parent == p]
        out += kids
        frontier += kids
    return out


def cpu_seconds(pids: list[int]) -> dict[int, float]:
    """User and system CPU seconds each process has used."""
    ticks = os.sysconf("SC_CLK_TCK")
    out: dict[int, float] = {}
    for pid in pids:
        if (fields := _stat(pid)) is not None:
            out[pid] = (int(fields[11]) + int(fields[12])) / ticks
    return out


def workers_busy(base: str, window: float = 1.0, settle: float = 0.5) -> float:
    """CPU seconds the server's child processes (its search workers) use over ``window`` seconds, ``settle``
    seconds from now (a worker killed at its deadline is being replaced meanwhile); a process started within
    the window counts whole."""
    time.sleep(settle)
    pid = server_pid(base)
    before = cpu_seconds(descendants(pid))
    time.sleep(window)
    after = cpu_seconds(descendants(pid))
    return sum(seconds - before.get(p, 0.0) for p, seconds in after.items())


def rss_mb(pids: list[int]) -> float:
    """The resident memory of the processes, in MB."""
    total = 0
    for pid in pids:
        try:
            status = (Path("/proc") / str(pid) / "status").read_text()
        except OSError:
            continue
        total += next(int(line.split()[1]) for line in status.splitlines() if line.startswith("VmRSS:"))
    return total / 1024


def open_fds(pid: int) -> int:
    return len(os.listdir(f"/proc/{pid}/fd"))
