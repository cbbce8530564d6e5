"""The service in its own process, for bench_service: started on a free loopback port (`ghostwriter serve`, or
uvicorn on the app factory), polled until ready, its process tree and each process's memory and CPU read from
/proc, and stopped with every worker it left behind."""

from __future__ import annotations

import contextlib
import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HOST = "127.0.0.1"  # the loopback only, never another address
READY_TIMEOUT = 180.0  # seconds the server may take to load its lexicons


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind((HOST, 0))
        port: int = s.getsockname()[1]
        return port


def server_command(port: int, workers: int, app: str) -> tuple[list[str], str]:
    """The command that starts the service, and a label for it: `ghostwriter serve` when the installed
    command has it, else uvicorn on the app factory."""
    gw = Path(sys.executable).with_name("ghostwriter")
    if gw.exists():
        probe = subprocess.run([str(gw), "serve", "--help"], capture_output=True, text=True, cwd=ROOT, timeout=60)
        if probe.returncode == 0:
            cmd = [str(gw), "serve", "--host", HOST, "--port", str(port), "--workers", str(workers)]
            return cmd, "ghostwriter serve"
    cmd = [sys.executable, "-m", "uvicorn", "--factory", app, "--host", HOST, "--port", str(port),
           "--workers", str(workers)]
    return cmd, f"uvicorn --factory {app}"


def children(pid: int) -> list[int]:
    """The direct children of a process (every thread's children, from /proc)."""
    out: list[int] = []
    with contextlib.suppress(OSError):
        for task in Path(f"/proc/{pid}/task").iterdir():
            with contextlib.suppress(OSError):
                out.extend(int(c) for c in (task / "children").read_text().split())
    return out


def process_tree(pid: int) -> list[int]:
    """A process and all its descendants."""
    tree, todo = [], [pid]
    while todo:
        p = todo.pop()
        tree.append(p)
        todo.extend(children(p))
    return tree


def status_kb(pid: int, key: str) -> int:
    """One "kB" figure of /proc/<pid>/status (VmRSS, VmHWM, ...); 0 when the process is gone."""
    with contextlib.suppress(OSError):
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith(key + ":"):
                return int(line.split()[1])
    return 0


def pss_kb(pid: int) -> int:
    """Proportional set size: shared pages (the memory-mapped lexicon) split among the processes mapping them."""
    with contextlib.suppress(OSError):
        for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
            if line.startswith("Pss:"):
                return int(line.split()[1])
    return 0


def machine_busy_seconds() -> float:
    """CPU seconds spent by everything on the machine since boot (all cores; idle and iowait excluded)."""
    fields = [int(x) for x in Path("/proc/stat").read_text().splitlines()[0].split()[1:]]
    user, nice, system, _idle, _iowait, irq, softirq, steal = fields[:8]
    return (user + nice + system + irq + softirq + steal) / os.sysconf("SC_CLK_TCK")


def cpu_seconds(pid: int) -> float:
    """User plus system CPU time of one process so far."""
    with contextlib.suppress(OSError, ValueError, IndexError):
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return 0.0


@dataclass
class Server:
    """The service in its own process, started on a free loopback port."""

    workers: int
    app: str
    port: int = 0
    label: str = ""
    proc: subprocess.Popen[bytes] | None = None
    log_path: Path | None = None
    known: dict[int, int] = field(default_factory=dict)  # pid -> start time of every process seen in the tree

    @property
    def url(self) -> str:
        return f"http://{HOST}:{self.port}"

    def start(self, log_dir: Path) -> None:
        self.port = free_port()
        cmd, self.label = server_command(self.port, self.workers, self.app)
        self.log_path = log_dir / "server.log"
        # each worker logs its full collections over 10 ms (``solver.search.setup.settle_heap``): bench_service
        # counts them (``long_collections``)
        env = dict(os.environ, PYTHONUNBUFFERED="1", GHOSTWRITER_GC_LOG="10")
        with self.log_path.open("wb") as log:
            self.proc = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT, cwd=ROOT, env=env)
        print(f"server: {' '.join(cmd)} (pid {self.proc.pid})")

    def log_tail(self, lines: int = 30) -> str:
        if self.log_path is None or not self.log_path.exists():
            return ""
        return "\n".join(self.log_path.read_text(errors="replace").splitlines()[-lines:])

    def long_collections(self) -> list[float]:
        """The full collections over 10 ms the workers logged so far (milliseconds each, in order)."""
        if self.log_path is None or not self.log_path.exists():
            return []
        text = self.log_path.read_text(errors="replace")
        return [float(m) for m in re.findall(r"gc full ([0-9.]+) ms", text)]

    def long_collections_inside(self) -> list[float]:
        """The same collections that fell inside a search job (``solver.search.setup.inside_call``), in ms."""
        if self.log_path is None or not self.log_path.exists():
            return []
        text = self.log_path.read_text(errors="replace")
        return [float(m) for m in re.findall(r"gc full ([0-9.]+) ms \([^)]*inside a call\)", text)]

    def long_collections_cpu(self) -> list[float]:
        """The CPU milliseconds of the same collections (what other work on the machine leaves out)."""
        if self.log_path is None or not self.log_path.exists():
            return []
        return [float(m) for m in re.findall(r"gc full [0-9.]+ ms \(cpu ([0-9.]+) ms", self.log_path.read_text(
            errors="replace"))]

    def wait_ready(self) -> float:
        """Poll GET /readyz until 200; the seconds it took."""
        assert self.proc is not None
        t0 = time.perf_counter()
        while time.perf_counter() - t0 < READY_TIMEOUT:
            if self.proc.poll() is not None:
                raise RuntimeError(f"the server exited with code {self.proc.returncode}:\n{self.log_tail()}")
            try:
                with urllib.request.urlopen(self.url + "/readyz", timeout=2) as r:
                    if r.status == 200:
                        self.pids()
                        return time.perf_counter() - t0
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                pass
            time.sleep(0.2)
        raise RuntimeError(f"GET /readyz not 200 after {READY_TIMEOUT:.0f} s:\n{self.log_tail()}")

    def pids(self) -> list[int]:
        assert self.proc is not None
        tree = process_tree(self.proc.pid)
        for pid in tree:
            self.known.setdefault(pid, _stat(pid, 19))
        return tree

    def stop(self) -> None:
        """Terminate the server (uvicorn stops its workers), then kill it and any process of its tree left."""
        if self.proc is None:
            return
        with contextlib.suppress(OSError):
            self.pids()
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(timeout=10)
        for pid, started in sorted(self.known.items()):
            # a worker left behind: the same process (same start time, so not a reused pid), orphaned
            if pid != self.proc.pid and started >= 0 and _stat(pid, 19) == started and _stat(pid, 1) == 1:
                with contextlib.suppress(ProcessLookupError, PermissionError):
                    os.kill(pid, signal.SIGKILL)
        self.proc = None


def _stat(pid: int, index: int) -> int:
    """One number of /proc/<pid>/stat, counted from the field after the command name (1: the parent's pid,
    19: the start time); -1 when the process is gone."""
    with contextlib.suppress(OSError, ValueError, IndexError):
        return int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[index])
    return -1
