"""Saves under a file-size limit, /dev/zero as an input, and what a whole-or-nothing write costs (issue 30, part 3).

    python benchmarks/bench_files.py                 # the figures, written to benchmarks/results/bench_files.json
    PYTHONPATH=/path/to/an/older/tree python benchmarks/bench_files.py --no-cost   # the same attacks on older code

- saves: a game of each kind played and saved, then resumed with the file-size limit (``RLIMIT_FSIZE``) set to the
  good save's own size, so every later autosave is cut short: the exit code, whether the file is still the good
  save byte for byte and reads as JSON, what was left beside it, and what the game and stderr said;
- /dev/zero named as ``--state``, ``play --load`` and ``review``: the exit code, the time, the child's peak memory
  (each child is killed after ``--kill`` seconds and held to a 4 GiB address space, so older code that reads without
  end can be measured without harm);
- the cost of a save written whole (temporary file, fsync, rename) against a plain ``Path.write_text`` of the same
  bytes, alternating in this process.

Each command runs as ``python -m solver.cli`` in a child process, with the word list of the worked examples.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from solver.files import write_text

ROOT = Path(__file__).resolve().parent.parent
WORDS = str(ROOT / "tests" / "data" / "examples-words.txt")
MEMORY = 4 * 1024**3
GAMES = {
    "paperback": (["--game", "paperback", "--bots", "greedy", "--seed", "5"], "pass\n" * 8, "pass\n" * 3),
    "hardback": (["--bots", "easy", "--seed", "4"], "pass\nend\n" * 3, "pass\nend\n" * 2),
}


def child(folder: Path, argv: list[str], stdin: str, limit: int | None, kill: float) -> dict[str, Any]:
    """``python -m solver.cli ARGV`` in ``folder``: its exit code (or "killed"), seconds, peak memory and output."""

    def before() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))
        if limit is not None:
            resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    env = {**os.environ, "GHOSTWRITER_CACHE": str(folder / "cache"), "NO_COLOR": "1"}
    out, err = folder / ".out", folder / ".err"
    start = time.monotonic()
    with out.open("wb") as o, err.open("wb") as e:
        p = subprocess.Popen(
            [sys.executable, "-m", "solver.cli", *argv],
            stdin=subprocess.PIPE, stdout=o, stderr=e, cwd=folder, env=env, preexec_fn=before,
        )  # fmt: skip
        assert p.stdin is not None
        p.stdin.write(stdin.encode())
        p.stdin.close()
        code: int | str = "killed"
        while True:
            pid, status, usage = os.wait4(p.pid, os.WNOHANG)
            if pid:
                code = os.waitstatus_to_exitcode(status)
                break
            if time.monotonic() - start > kill:
                p.kill()
                _, _, usage = os.wait4(p.pid, 0)
                break
            time.sleep(0.02)
        p.returncode = -1
    return {
        "exit": code,
        "seconds": round(time.monotonic() - start, 2),
        "peak_mb": usage.ru_maxrss // 1024,
        "stdout": out.read_text(errors="replace"),
        "stderr": err.read_text(errors="replace").strip().splitlines(),
    }


def saves(folder: Path, game: str) -> dict[str, Any]:
    """A good save, then the game resumed with every later autosave cut short by the file-size limit."""
    flags, first, second = GAMES[game]
    save = folder / "game.json"
    made = child(folder, ["play", *flags, "--save", str(save), "--words", WORDS], first, None, 300)
    if made["exit"] != 0:
        raise SystemExit(f"the {game} game could not be made: {made['stderr']}")
    good = save.read_bytes()
    run = child(folder, ["play", "--load", str(save), "--save", str(save), "--words", WORDS], second, len(good), 300)
    now = save.read_bytes()
    try:
        json.loads(now)
        valid = True
    except ValueError:
        valid = False
    said = [line for line in run["stdout"].splitlines() if "save" in line.lower()]
    return {
        "good_bytes": len(good),
        "limit_bytes": len(good),
        "exit": run["exit"],
        "after_bytes": len(now),
        "byte_for_byte": now == good,
        "valid_json": valid,
        "left_beside": sorted(p.name for p in folder.iterdir() if p.name not in {"game.json", "cache", ".out", ".err"}),
        "said": said[-3:],
        "stderr": run["stderr"][-1:],
    }


def dev_zero(folder: Path, kill: float) -> dict[str, Any]:
    """/dev/zero named as each input the issue names."""
    out: dict[str, Any] = {}
    for name, argv in (
        ("hint --state", ["hint", "--state", "/dev/zero", "--words", WORDS]),
        ("play --load", ["play", "--load", "/dev/zero", "--words", WORDS]),
        ("review", ["review", "/dev/zero", "--words", WORDS]),
    ):
        run = child(folder, argv, "", None, kill)
        out[name] = {k: run[k] for k in ("exit", "seconds", "peak_mb")} | {"stderr": run["stderr"][-1:]}
    return out


def cost(folder: Path, rounds: int, size: int) -> dict[str, Any]:
    """A save of ``size`` bytes written whole (solver.files) against a plain write, alternating, in ms."""
    text = "x" * size
    whole: list[float] = []
    plain: list[float] = []
    for _ in range(rounds):
        t = time.perf_counter()
        write_text(folder / "whole.json", text)
        whole.append((time.perf_counter() - t) * 1000)
        t = time.perf_counter()
        (folder / "plain.json").write_text(text, encoding="utf-8")
        plain.append((time.perf_counter() - t) * 1000)
    return {
        "bytes": size,
        "rounds": rounds,
        "whole_ms_median": round(statistics.median(whole), 2),
        "plain_ms_median": round(statistics.median(plain), 2),
    }


def show_save(game: str, s: dict[str, Any]) -> None:
    kept = "is the good save byte for byte" if s["byte_for_byte"] else "CHANGED"
    print(
        f"{game}: a {s['good_bytes']:,}-byte save, limit {s['limit_bytes']:,} bytes -> exit {s['exit']}; the file "
        f"{kept} ({'valid JSON' if s['valid_json'] else 'BROKEN JSON'}), beside it: {s['left_beside'] or 'nothing'}"
    )
    for line in s["said"] + s["stderr"]:
        print(f"    {line}")


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--out", type=Path, default=ROOT / "benchmarks" / "results" / "bench_files.json")
    p.add_argument("--games", default="paperback,hardback", help="the games whose saves are cut short")
    p.add_argument("--kill", type=float, default=15.0, help="seconds before a child reading /dev/zero is killed")
    p.add_argument("--rounds", type=int, default=30, help="writes of each kind for the cost")
    p.add_argument("--no-cost", action="store_true", help="skip the cost of a whole write")
    args = p.parse_args()
    report: dict[str, Any] = {"python": sys.version.split()[0], "saves": {}}
    with tempfile.TemporaryDirectory(prefix="bench_files-") as tmp:
        for game in [g for g in args.games.split(",") if g]:
            folder = Path(tmp) / game
            folder.mkdir()
            report["saves"][game] = saves(folder, game)
            show_save(game, report["saves"][game])
        (Path(tmp) / "zero").mkdir()
        report["dev_zero"] = zero = dev_zero(Path(tmp) / "zero", args.kill)
        for name, r in zero.items():
            print(f"{name} /dev/zero: exit {r['exit']} after {r['seconds']} s, peak {r['peak_mb']} MB; {r['stderr']}")
        if not args.no_cost:
            size = report["saves"].get("paperback", {}).get("good_bytes", 25_000)
            report["cost"] = c = cost(Path(tmp), args.rounds, size)
            print(
                f"a {c['bytes']:,}-byte save: {c['whole_ms_median']} ms written whole (fsync, rename), "
                f"{c['plain_ms_median']} ms plain (median of {c['rounds']}, alternating)"
            )
    args.out.parent.mkdir(parents=True, exist_ok=True)
    write_text(args.out, json.dumps(report, indent=1) + "\n")
    print(f"written to {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
