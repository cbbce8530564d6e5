"""The command line's first answer: a fresh process asked for a simple hint, timed as a user meets it.

Each round runs, in turn, the hint (the README's 30-second example) and its baselines in the same minutes: a bare
Python (``-c pass``: the interpreter's own start) and ``import numpy`` (the one dependency the search cannot do
without; with one BLAS thread, as ``solver`` sets it). Wall clock and CPU time (user + system, from the child's
resource usage) are both reported: on a loaded machine the wall clock measures the queue for a core, and CPU time
the work.

    python benchmarks/bench_startup.py --runs 25 --venv /tmp/core [--baseline /tmp/core-before]

With ``--instructions`` each command also runs once under valgrind (callgrind), which counts the instructions it
executes: a figure the machine's load does not move, for comparing two versions when the machine is busy (it does
not weigh a page fault or a cache miss as the clock does, so the times stay the user's figure).

``--venv`` names the environment whose ``bin/python`` and ``bin/ghostwriter`` are timed (the default: this
interpreter's); ``--baseline`` adds another environment's hint to each round (a change against its base,
alternated). A fresh core install (``pip install .``, not editable) is what a user runs; an editable install adds
its import finder's cost. The load average before and after is printed beside the figures.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

from solver.files import write_text

HINT = ["hint", "r:F6", "E", "a:A5", "S", "T", "--inked", "h:H7", "--mine", "m:A5", "--others", "r:K5", "--top", "1"]


def timed(argv: list[str]) -> tuple[float, float]:
    """One run of ``argv``: its wall clock and CPU time in milliseconds; the run must succeed."""
    start = time.perf_counter()
    child = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(child.pid, 0)
    wall = (time.perf_counter() - start) * 1000
    child.returncode = os.waitstatus_to_exitcode(status)
    err = child.stderr.read().decode() if child.stderr else ""
    if child.returncode != 0:
        raise SystemExit(f"{' '.join(argv)} failed ({child.returncode}): {err.strip()}")
    return wall, (usage.ru_utime + usage.ru_stime) * 1000


def instructions(argv: list[str]) -> int:
    """The instructions one run of ``argv`` executes (valgrind's callgrind, every process it starts): a count that
    the machine's load does not change, to compare versions on a busy machine."""
    valgrind = shutil.which("valgrind")
    if valgrind is None:
        raise SystemExit("--instructions needs valgrind (apt-get install valgrind)")
    proc = subprocess.run(
        [valgrind, "--tool=callgrind", "--trace-children=yes", "--callgrind-out-file=/dev/null", *argv],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, check=False,
    )
    counts = [int(m.group(1).replace(",", "")) for m in re.finditer(r"Collected : ([\d,]+)", proc.stderr)]
    if proc.returncode != 0 or not counts:
        raise SystemExit(f"{' '.join(argv)} under valgrind failed ({proc.returncode}): {proc.stderr[-500:].strip()}")
    return sum(counts)


def summary(values: list[float]) -> dict[str, float]:
    ordered = sorted(values)
    return {
        "median": round(statistics.median(ordered), 1),
        "p90": round(ordered[min(len(ordered) - 1, int(0.9 * len(ordered)))], 1),
        "best": round(ordered[0], 1),
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=15, help="rounds, each running every command once (alternated)")
    ap.add_argument("--venv", type=Path, default=None, help="the environment to time (default: this interpreter's)")
    ap.add_argument("--baseline", type=Path, default=None, help="another environment whose hint is timed alternated")
    ap.add_argument("--out", type=Path, default=None, help="also write the figures here (JSON)")
    ap.add_argument(
        "--instructions", action="store_true", help="also count each command's instructions once (valgrind: slow)"
    )
    args = ap.parse_args()
    bindir = args.venv / "bin" if args.venv else Path(sys.executable).parent
    python = str(bindir / "python")
    commands = {
        "ghostwriter " + " ".join(HINT): [str(bindir / "ghostwriter"), *HINT],
        'python -c "import numpy"': [python, "-c", "import os; os.environ['OPENBLAS_NUM_THREADS'] = '1'; import numpy"],
        'python -c "pass"': [python, "-c", "pass"],
    }
    if args.baseline:
        commands[f"the same hint, {args.baseline}"] = [str(args.baseline / "bin" / "ghostwriter"), *HINT]
    for argv in commands.values():  # once each, unmeasured: the file cache and any bytecode to write
        timed(argv)
    load_before = os.getloadavg()[0]
    walls: dict[str, list[float]] = {name: [] for name in commands}
    cpus: dict[str, list[float]] = {name: [] for name in commands}
    for _ in range(args.runs):
        for name, argv in commands.items():
            wall, cpu = timed(argv)
            walls[name].append(wall)
            cpus[name].append(cpu)
    load_after = os.getloadavg()[0]
    print(f"{args.runs} rounds, alternated; load average {load_before:.2f} before, {load_after:.2f} after; {bindir}")
    print(f"{'command':<90} {'wall median':>11} {'p90':>7} {'best':>7} {'cpu median':>10} {'p90':>7}")
    report: dict[str, object] = {"runs": args.runs, "load": [load_before, load_after], "commands": {}}
    for name in commands:
        w, c = summary(walls[name]), summary(cpus[name])
        print(f"{name:<90} {w['median']:>11} {w['p90']:>7} {w['best']:>7} {c['median']:>10} {c['p90']:>7}")
        report["commands"][name] = {"wall_ms": w, "cpu_ms": c}  # type: ignore[index]
    if args.instructions:
        print(f"{'command':<90} {'instructions':>14}")
        for name, argv in commands.items():
            n = instructions(argv)
            report["commands"][name]["instructions"] = n  # type: ignore[index]
            print(f"{name:<90} {n:>14,}")
    if args.out:
        write_text(args.out, json.dumps(report, indent=2) + "\n", "the figures")


if __name__ == "__main__":
    main()
