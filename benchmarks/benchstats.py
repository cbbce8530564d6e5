"""What the search benchmarks share: percentiles, one group's summary, the engines a search class accepts, a run's
hands under every engine (alternated and compared), a group's tally and its part of the report, the tables they
print, the end of a run (its report written).

Percentiles are nearest-rank: p99 of 200 times is the 198th fastest (the third slowest), so it is a time some hand
really took, never an interpolation.
"""

from __future__ import annotations

import argparse
import inspect
import json
import math
import platform
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from solver.files import write_text

ENGINES = ("python", "compiled")


def percentile(values: Sequence[float], q: float) -> float:
    """The nearest-rank q-quantile (0 < q <= 1) of a non-empty list."""
    ordered = sorted(values)
    return ordered[max(0, math.ceil(q * len(ordered)) - 1)]


def engines_of(search_class: Callable[..., Any]) -> tuple[str, ...]:
    """The engines a search class takes: both once its constructor has an ``engine`` parameter, else Python's
    alone (the search as it was before the compiled kernel)."""
    return ENGINES if "engine" in inspect.signature(search_class).parameters else ENGINES[:1]


def engine_kwargs(search_class: Callable[..., Any], engine: str) -> dict[str, Any]:
    """The keyword to pass for an engine: none where the class has no ``engine`` parameter (then only python)."""
    if "engine" in inspect.signature(search_class).parameters:
        return {"engine": engine}
    if engine != "python":
        raise ValueError(f"this search has no {engine!r} engine")
    return {}


def chosen_engines(choice: str, search_class: Callable[..., Any]) -> tuple[str, ...] | str:
    """The engines ``--engine`` asks for (python, compiled or both), or why they cannot run."""
    wanted = ENGINES if choice == "both" else (choice,)
    missing = [e for e in wanted if e not in engines_of(search_class)]
    if missing:
        return (
            f"--engine {choice}: {search_class.__name__} has no engine parameter yet (no compiled kernel in this "
            "version), so only --engine python can run"
        )
    return wanted


def flag_parser(doc: str | None, quick: str, naive: int) -> argparse.ArgumentParser:
    """A search benchmark's first flags: --quick (``quick`` says what it does), --hands, --naive (``naive`` hands a
    size by default); the benchmark adds its own after them, then ``parse_flags`` the last ones."""
    ap = argparse.ArgumentParser(description=doc, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--quick", action="store_true", help=quick)
    ap.add_argument("--hands", type=int, help="seeded hands a size (default 200, --quick 20)")
    ap.add_argument("--naive", type=int, help=f"hands of each size the naive pass solves (default {naive}, --quick 3)")
    return ap


@dataclass(frozen=True)
class Defaults:
    """What a search benchmark's last flags default to: its time limits (full, --quick), naive hands, engine (and
    what its help says), parts, results file, and the search class whose engines --engine names."""

    limit: float
    quick_limit: float
    naive: int
    engine: str
    engine_help: str | None
    sections: list[str]
    results: Path
    search_class: Callable[..., Any]


def parse_flags(ap: argparse.ArgumentParser, argv: list[str] | None, d: Defaults) -> argparse.Namespace:
    """Add the last flags (--limit, --engine, --only, --out) and read them all, with what --quick changes filled in:
    ``engines`` the engines asked for (an error where the search has no such engine), ``only`` the parts to run."""
    ap.add_argument("--limit", type=float, help=f"each query's time limit, seconds (default {d.limit:g})")
    ap.add_argument("--engine", choices=["python", "compiled", "both"], default=d.engine, help=d.engine_help)
    ap.add_argument("--only", action="append", choices=d.sections, metavar="GROUP",
                    help=f"run only this part (repeatable): {', '.join(d.sections)}")
    ap.add_argument("--out", type=Path, default=d.results, help="where the JSON goes")
    args = ap.parse_args(argv)
    args.hands = args.hands or (20 if args.quick else 200)
    args.naive = args.naive if args.naive is not None else (3 if args.quick else d.naive)
    args.limit = args.limit or (d.quick_limit if args.quick else d.limit)
    args.engines = chosen_engines(args.engine, d.search_class)
    if isinstance(args.engines, str):
        ap.error(args.engines)
    args.only = set(args.only or d.sections)
    return args


@dataclass
class Sample:
    """One query of one hand: how long it took, whether it was exact, its search steps, its answer, and why it is
    not exact when the search says so."""

    ms: float
    exact: bool
    nodes: int
    top: list[tuple[str, float]]
    reason: str = ""
    setup_ms: float | None = None  # CPU time of the set-up: the state read, pool, resolver, kernel packing, answer
    search_ms: float | None = None  # CPU time of the search proper: the word bounds and the best-first loop
    gc_long: int = 0  # full collections longer than 10 ms inside this query


@dataclass
class Summary:
    """One group's figures."""

    hands: int
    median_ms: float
    p99_ms: float
    worst_ms: float
    cut: int
    nodes_median: float
    naive: dict[str, Any] = field(default_factory=dict)
    setup_median_ms: float | None = None  # CPU, the set-up beyond the search (``Sample.setup_ms``)
    search_median_ms: float | None = None  # CPU, the search proper
    gc_long: int = 0  # full collections longer than 10 ms inside the queries

    @staticmethod
    def of(samples: Sequence[Sample]) -> Summary:
        times = [s.ms for s in samples]
        setups = [s.setup_ms for s in samples if s.setup_ms is not None]
        searches = [s.search_ms for s in samples if s.search_ms is not None]
        return Summary(
            hands=len(samples),
            median_ms=statistics.median(times),
            p99_ms=percentile(times, 0.99),
            worst_ms=max(times),
            cut=sum(not s.exact for s in samples),
            nodes_median=statistics.median(s.nodes for s in samples),
            setup_median_ms=statistics.median(setups) if setups else None,
            search_median_ms=statistics.median(searches) if searches else None,
            gc_long=sum(s.gc_long for s in samples),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "hands": self.hands,
            "median_ms": round(self.median_ms, 3),
            "p99_ms": round(self.p99_ms, 3),
            "worst_ms": round(self.worst_ms, 3),
            "cut_by_limit": self.cut,
            "nodes_median": self.nodes_median,
            **({"naive": self.naive} if self.naive else {}),
            **({"setup_cpu_median_ms": round(self.setup_median_ms, 4)} if self.setup_median_ms is not None else {}),
            **({"search_cpu_median_ms": round(self.search_median_ms, 4)} if self.search_median_ms is not None
               else {}),
            "gc_over_10ms_inside_calls": self.gc_long,
        }


def ms(value: float) -> str:
    """A time in milliseconds, three significant figures or so."""
    if value >= 10_000:
        return f"{value / 1000:.1f} s"
    if value >= 1000:
        return f"{value / 1000:.2f} s"
    if value >= 100:
        return f"{value:.0f} ms"
    if value >= 10:
        return f"{value:.1f} ms"
    return f"{value:.2f} ms"


HEADER = ("group", "hands", "median", "p99", "worst", "cut", "nodes (median)", "set-up / search CPU (median)",
          "gc > 10 ms", "naive pass (median, ratio)")


def row(label: str, s: Summary) -> tuple[str, ...]:
    """A summary as a table row (the naive column blank when the group had no naive pass)."""
    naive = ""
    if s.naive:
        scaled = "" if s.naive["sample"] >= 1 else f", {s.naive['sample']:.0%} of the words, scaled"
        capped = f", {s.naive['capped']} capped at {s.naive['cap_s']:g} s" if s.naive.get("capped") else ""
        naive = f"{ms(s.naive['median_ms'])}, x{s.naive['ratio']:,.0f} ({s.naive['hands']} hands{scaled}{capped})"
    cpu = "" if s.setup_median_ms is None or s.search_median_ms is None else \
        f"{ms(s.setup_median_ms)} / {ms(s.search_median_ms)}"
    return (label, str(s.hands), ms(s.median_ms), ms(s.p99_ms), ms(s.worst_ms), str(s.cut), f"{s.nodes_median:,.0f}",
            cpu, str(s.gc_long), naive)


def table(rows: Sequence[Sequence[str]], header: Sequence[str] = HEADER) -> str:
    """Rows as a Markdown table (pasteable into the README), columns padded for the terminal."""
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(len(header))]

    def line(cells: Sequence[str]) -> str:
        return "| " + " | ".join(c.ljust(w) for c, w in zip(cells, widths, strict=True)) + " |"

    return "\n".join([line(header), "|" + "|".join("-" * (w + 2) for w in widths) + "|", *(line(r) for r in rows)])


def speed_ratio(by_engine: dict[str, list[Sample]]) -> dict[str, float]:
    """Python against compiled: the ratio of the medians and the median of the hand-by-hand ratios."""
    py, co = by_engine["python"], by_engine["compiled"]
    return {
        "ratio_of_medians": statistics.median(s.ms for s in py) / statistics.median(s.ms for s in co),
        "median_ratio": statistics.median(p.ms / c.ms for p, c in zip(py, co, strict=True)),
        "ratio_of_worst": max(s.ms for s in py) / max(s.ms for s in co),
    }


def finish(report: dict[str, Any], failures: list[str], out: Path) -> int:
    """The end of a benchmark run: what disagreed printed and recorded, the report written to ``out``; the exit
    code, 1 when anything disagreed."""
    report["failures"] = failures
    for f in failures:
        print(f"DISAGREEMENT: {f}")
    out.parent.mkdir(parents=True, exist_ok=True)  # the results are not in the repository
    write_text(out, json.dumps(report, indent=1) + "\n")  # whole or not at all
    print(f"\nwritten to {out}")
    return 1 if failures else 0


class EngineRun:
    """A run's hands under every engine asked for, their order alternated from hand to hand, their answers compared
    wherever both are exact: what disagreed goes to ``failures``, each group's summaries to ``summaries`` (the
    table's rows, in order). A benchmark says how to read a hand (``parse``) and query it (``query``)."""

    def __init__(self, lex: Any, engines: tuple[str, ...], limit: float) -> None:
        self.lex = lex
        self.engines = engines
        self.limit = limit
        self.failures: list[str] = []
        self.summaries: list[tuple[str, dict[str, Summary]]] = []
        self._turn = 0  # hands measured so far: which engine goes first alternates with it

    def parse(self, data: dict[str, Any]) -> Any:
        raise NotImplementedError

    def query(self, state: Any, engine: str) -> Sample:
        raise NotImplementedError

    def same_top(self, a: Sample, b: Sample) -> bool:
        return a.top == b.top

    def measure(self, data: dict[str, Any]) -> dict[str, Sample]:
        """One hand under every engine, their order alternated from hand to hand; the engines' answers compared."""
        state = self.parse(data)
        order = self.engines if self._turn % 2 == 0 else self.engines[::-1]
        self._turn += 1
        out = {engine: self.query(state, engine) for engine in order}
        first = out[self.engines[0]]
        for engine in self.engines[1:]:
            other = out[engine]
            if first.exact and other.exact and not self.same_top(first, other):
                self.failures.append(
                    f"engines disagree on {json.dumps(data)}: {self.engines[0]} {first.top}, {engine} {other.top}"
                )
        return out


def hand_record(
    data: dict[str, Any], samples: dict[str, Sample], who: dict[str, Any], steps: str = "nodes", reasons: bool = False
) -> dict[str, Any]:
    """One hand in the report: what names it (``who``: its seed or its name), its state, each engine's time,
    exactness and search steps (under the key ``steps``), the first engine's best word, and with ``reasons`` why a
    hand is not exact."""
    first = next(iter(samples.values()))
    return {
        **who,
        "state": data,
        "ms": {e: round(s.ms, 3) for e, s in samples.items()},
        "exact": {e: s.exact for e, s in samples.items()},
        steps: {e: s.nodes for e, s in samples.items()},
        "best": list(first.top[0]) if first.top else None,
        **({"not_exact": {e: s.reason for e, s in samples.items() if not s.exact}}
           if reasons and not first.exact else {}),
    }


class Tally:
    """A group's hands as they are measured: each engine's samples, each hand's record, when the group started."""

    def __init__(self, engines: tuple[str, ...]) -> None:
        self.engines = engines
        self.by_engine: dict[str, list[Sample]] = {e: [] for e in engines}
        self.records: list[dict[str, Any]] = []
        self.started = time.perf_counter()

    def add(self, samples: dict[str, Sample], record: dict[str, Any]) -> dict[str, Any]:
        for e, sample in samples.items():
            self.by_engine[e].append(sample)
        self.records.append(record)
        return record

    def summaries(self) -> dict[str, Summary]:
        return {e: Summary.of(self.by_engine[e]) for e in self.engines}

    def part(
        self, label: str, summaries: dict[str, Summary], seeds: list[int] | None = None, wall: bool = True
    ) -> dict[str, Any]:
        """The group's part of the report: its label, seeds, wall time, each engine's summary, its hands, and with
        two engines their speed ratio."""
        out: dict[str, Any] = {"label": label}
        if seeds is not None:
            out["seeds"] = seeds
        if wall:
            out["wall_s"] = round(time.perf_counter() - self.started, 1)
        out["engines"] = {e: s.to_json() for e, s in summaries.items()}
        out["hands"] = self.records
        if len(self.engines) > 1:
            out["speed"] = speed_ratio(self.by_engine)
        return out


def report_head(lex: Any, limit: float, top: int, engines: tuple[str, ...], argv: list[str] | None) -> dict[str, Any]:
    """The start of a run's report, its groups to come."""
    return {
        "dictionary": f"{lex.name} ({len(lex)} words)",
        "limit_s": limit,
        "top": top,
        "engines": list(engines),
        "python": platform.python_version(),
        "argv": sys.argv[1:] if argv is None else argv,
        "groups": {},
    }


def print_start(lex: Any, hands: int, limit: float, engines: tuple[str, ...]) -> None:
    print(f"dictionary: {lex.name}, {len(lex)} words; {hands} hands a size; limit {limit:g} s; "
          f"engines: {', '.join(engines)}", flush=True)


def parts_of(report: dict[str, Any]) -> list[dict[str, Any]]:
    """The report's groups, then its named hands."""
    return [*report["groups"].values(), *([report["named"]] if "named" in report else [])]


def print_tables(
    run: EngineRun, report: dict[str, Any], steps: str, cut: str, describe: Callable[[dict[str, Any], str], str]
) -> None:
    """The tables of a run: each group's summary under each engine, python against compiled, the named hard hands
    (a hand not exact marked ``cut``), the slowest hands of each group (``describe`` says one). ``steps`` is the key
    of the hands' search steps in the report, and their name in the tables."""
    engines = run.engines
    rows = [row(label if len(engines) == 1 else f"{label} [{e}]", s)
            for label, by_engine in run.summaries for e, s in by_engine.items()]
    print()
    print(table(rows).replace("nodes (median)", f"{steps} (median)"))
    if len(engines) > 1:
        print("\npython against compiled (times python / compiled):")
        print(table([(p["label"], f"x{p['speed']['ratio_of_medians']:.2f}", f"x{p['speed']['median_ratio']:.2f}",
                      f"x{p['speed']['ratio_of_worst']:.2f}") for p in parts_of(report)],
                    ("group", "ratio of medians", "median of per-hand ratios", "ratio of worst")))
    if "named" in report:
        print("\nnamed hard hands:")
        print(table(
            [(r["name"], *(f"{ms(r['ms'][e])}{'' if r['exact'][e] else cut}" for e in engines),
              f"{r[steps][engines[0]]:,}", f"{r['best'][0]} {r['best'][1]:g}" if r["best"] else "-")
             for r in report["named"]["hands"]],
            ("hand", *engines, "steps", "best"),
        ))
    print("\nslowest hands:")
    for part in report["groups"].values():
        for r in sorted(part["hands"], key=lambda r: -float(r["ms"][engines[0]]))[:3]:
            print(f"  {part['label']}: {describe(r, engines[0])}")
