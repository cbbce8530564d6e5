"""This tree's search beside another tree's (a baseline: ``main`` built in a copy of its own), hand by hand, on the
Mystery N hands of issue 32 and on hands from a generator: steps (``search.budget.ticks``, the same on every machine),
CPU (``time.thread_time`` around ``Search(...).top(5)``, the state parsed before) and the top 5 values, which must be
the same in both.

    git archive main | tar -x -C /tmp/base && (cd /tmp/base && python3 -m venv .venv && .venv/bin/pip install -q -e .)
    .venv/bin/python benchmarks/bench_mystery.py --baseline /tmp/base                      # the named hands, 3 rounds
    .venv/bin/python benchmarks/bench_mystery.py --baseline /tmp/base --generator box --size 12 --hands 200
    .venv/bin/python benchmarks/bench_mystery.py --baseline /tmp/base --generator seeded --size 12 --seed0 50000
    .venv/bin/python benchmarks/bench_mystery.py --baseline /tmp/base --words 25 --hands 150 --seed0 600000
    .venv/bin/python benchmarks/bench_mystery.py --baseline /tmp/base --words 25 --hands 100 --seed0 700000 \
        --holding classic

Each tree runs in a worker process of its own (two builds of one compiled kernel cannot share a process), started
once and fed one hand at a time; the two take turns on every hand, which of them goes first alternating hand by hand,
so both see the same load. With ``--words``, no timing: box hands holding Mystery N and a doubler, each with words
drawn from its best bounds, every word solved from no floor in both trees (their exact values must agree). The exit
code is 1 when a top 5's values or a word's exact value differ.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))

from bench_hint import ADVERSARIAL, random_state  # noqa: E402
from hands import box_state  # noqa: E402

# the hands issue 32 and docs/performance.md name: bench_hint's named hands of issue 32 (the box's two worst among them)
NAMED: dict[str, dict[str, Any]] = {name: state for name, state in ADVERSARIAL.items() if name.startswith("issue 32")}

# the worker: reads one state (JSON) a line, answers its steps, CPU seconds and top 5 values (one JSON line)
WORKER = """
import json, sys, time
sys.path.insert(0, sys.argv[1])
from solver.hardback.state import TurnState
from solver.lexicon import default_lexicon
from solver.search.hardback import Search
lexicon = default_lexicon()
try:  # as the service's search workers: what loading made frozen, the memory queries free kept (keep_heap)
    from solver.search.setup import settle_heap
    settle_heap()
except ImportError:  # (a tree older than settle_heap)
    pass
for line in sys.stdin:
    asked = json.loads(line)
    if "words" in asked:  # each word's exact value, solved from no floor
        solver = Search(lexicon, TurnState.from_json(asked["state"])).solver
        found = [solver.attempt(w) for w in asked["words"]]
        print(json.dumps([f if isinstance(f, float) else f.value for f in found]), flush=True)
        continue
    state = TurnState.from_json(asked)
    start = time.thread_time()
    search = Search(lexicon, state)
    moves = search.top(5)
    cpu = time.thread_time() - start
    print(json.dumps([search.budget.ticks, cpu, [m.value for m in moves], search.exact, [m.word for m in moves]]),
          flush=True)
"""


class Worker:
    """One tree's search in a process of its own."""

    def __init__(self, tree: Path) -> None:
        python = tree / ".venv" / "bin" / "python"
        self.proc = subprocess.Popen(
            [str(python), "-c", WORKER, str(tree)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, cwd=tree
        )

    def run(self, state: dict[str, Any]) -> tuple[int, float, list[float], bool, list[str]]:
        """The hand's steps, CPU seconds, top 5 values, whether exact, and the top 5 words (a tree older than the
        words in its answer gives none)."""
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(json.dumps(state) + "\n")
        self.proc.stdin.flush()
        steps, cpu, values, exact, *words = json.loads(self.proc.stdout.readline())
        return int(steps), float(cpu), [float(v) for v in values], bool(exact), list(words[0]) if words else []

    def values(self, state: dict[str, Any], words: list[str]) -> list[float]:
        """Each word's exact value in this tree (-inf: the hand cannot spell it)."""
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(json.dumps({"state": state, "words": words}) + "\n")
        self.proc.stdin.flush()
        return [float(v) for v in json.loads(self.proc.stdout.readline())]

    def close(self) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        self.proc.wait()


def _nearest_rank(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[max(0, min(len(ordered) - 1, int(-(-q * len(ordered) // 1)) - 1))]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--baseline", type=Path, required=True, help="a tree with its own .venv (main's, say)")
    ap.add_argument("--generator", choices=("named", "box", "seeded"), default="named",
                    help="the named hands, box hands (hands.box_state) or seeded ones (bench_hint.random_state)")
    ap.add_argument("--size", type=int, default=12)
    ap.add_argument("--hands", type=int, default=200)
    ap.add_argument("--seed0", type=int, default=500_000, help="hands from box_state(seed0 + i, size) or "
                    "random_state(seed0 + i, size)")
    ap.add_argument("--rounds", type=int, default=3, help="runs of each named hand in each tree")
    ap.add_argument("--words", type=int, default=0, help="instead of timing: per box hand holding Mystery N and a "
                    "doubler, this many words of its 400 best bounds solved from no floor in both trees (the exact "
                    "values must agree)")
    ap.add_argument("--holding", choices=("mystery-n", "classic"), default="mystery-n", help="with --words: box hands "
                    "holding Mystery N and a doubler, or a classic in play (yours or an opponent's)")
    args = ap.parse_args(argv)
    if args.words:
        return _agree(args)
    if args.generator == "named":
        cases = [(name, state) for _ in range(args.rounds) for name, state in NAMED.items()]
    else:
        make = box_state if args.generator == "box" else random_state
        cases = [(str(args.seed0 + i), make(args.seed0 + i, args.size)) for i in range(args.hands)]
    trees = {"baseline": Worker(args.baseline.resolve()), "this tree": Worker(ROOT)}
    rows: dict[str, dict[str, list[tuple[int, float]]]] = {name: {} for name in trees}
    differ = 0
    words = [0, 0, 0]  # hands whose first word, top 3 words, top 5 words (in the answer's order) differ
    for n, (name, state) in enumerate(cases):
        order = list(trees) if n % 2 == 0 else list(reversed(trees))
        got = {tree: trees[tree].run(state) for tree in order}
        for tree, (steps, cpu, *_) in got.items():
            rows[tree].setdefault(name, []).append((steps, cpu))
        a, b = got["baseline"], got["this tree"]
        if a[3] and b[3] and any(abs(x - y) > 1e-6 for x, y in zip(a[2], b[2], strict=True)):
            differ += 1
            print(f"top 5 values differ on {name}: {a[2]} against {b[2]}", file=sys.stderr)
        if a[4] and b[4]:
            for m, top in enumerate((1, 3, 5)):
                if a[4][:top] != b[4][:top]:
                    words[m] += 1
                    if top == 5:
                        print(f"words differ on {name} (values {b[2]}): {a[4]} against {b[4]}", file=sys.stderr)
    for worker in trees.values():
        worker.close()
    _report(args.generator, rows, differ)
    print(f"hands whose first word differs: {words[0]}, top 3 words: {words[1]}, top 5 words: {words[2]} "
          "(words of equal value: ties at the fifth value are not tried, so either may show)")
    return 1 if differ else 0


def _agree(args: argparse.Namespace) -> int:
    """``--words``: box hands from ``seed0`` on that hold Mystery N and a doubler (``WordSolver.stepped``) or, with
    ``--holding classic``, a classic in play, ``hands`` of them, each with ``words`` words drawn from its 400 best
    bounds: their exact values in both trees."""
    from solver.hardback.state import TurnState
    from solver.lexicon import default_lexicon
    from solver.search.hardback import Search

    lexicon = default_lexicon()
    rng = random.Random(args.seed0)
    trees = [Worker(args.baseline.resolve()), Worker(ROOT)]
    hands = words = differ = 0
    seed = args.seed0
    while hands < args.hands:
        seed += 1
        state = box_state(seed, args.size)
        search = Search(lexicon, TurnState.from_json(state))
        classic = any(state.get("timeless", {}).values())
        if (search.solver.stepped is None) if args.holding == "mystery-n" else not classic:
            continue
        best = search.bounds.promising(400).tolist()
        sample = [lexicon.word(int(search.bounds.index[j])) for j in rng.sample(best, min(args.words, len(best)))]
        base, this = (tree.values(state, sample) for tree in trees)
        for word, a, b in zip(sample, base, this, strict=True):
            if abs(a - b) > 1e-6:
                differ += 1
                print(f"seed {seed}, {word}: {a} against {b}", file=sys.stderr)
        hands += 1
        words += len(sample)
    for worker in trees:
        worker.close()
    holding = "Mystery N and a doubler" if args.holding == "mystery-n" else "a classic in play"
    print(f"{hands} hands holding {holding} (box seeds {args.seed0 + 1} to {seed}), {words} words: "
          f"{differ} exact values differ")
    return 1 if differ else 0


def _report(generator: str, rows: dict[str, dict[str, list[tuple[int, float]]]], differ: int) -> None:
    """Markdown tables: per named hand its steps and median CPU in each tree; for a generator the median, p99 and
    worst CPU, the median, p99 and total steps and the worst hand's steps."""
    if generator == "named":
        print("| hand | steps, baseline | this tree | CPU (median), baseline | this tree |")
        print("|---|---|---|---|---|")
        for name in rows["baseline"]:
            a, b = rows["baseline"][name], rows["this tree"][name]
            print(f"| {name} | {a[0][0]:,} | {b[0][0]:,} | {statistics.median(c for _, c in a) * 1000:,.0f} ms "
                  f"| {statistics.median(c for _, c in b) * 1000:,.0f} ms |")
    else:
        print("| tree | hands | CPU median | p99 | worst | steps median | steps p99 | steps in all "
              "| worst hand's steps |")
        print("|---|---|---|---|---|---|---|---|---|")
        for tree, per in rows.items():
            cpu = [c * 1000 for runs in per.values() for _, c in runs]
            steps = [s for runs in per.values() for s, _ in runs]
            p99 = _nearest_rank([float(s) for s in steps], 0.99)
            print(f"| {tree} | {len(cpu)} | {statistics.median(cpu):.2f} ms | {_nearest_rank(cpu, 0.99):.1f} ms "
                  f"| {max(cpu):.1f} ms | {statistics.median(steps):,.0f} | {p99:,.0f} "
                  f"| {sum(steps) / 1e6:.2f} M "
                  f"| {max(steps):,} |")
    print(f"\ntop 5 values that differ: {differ}")


if __name__ == "__main__":
    sys.exit(main())
