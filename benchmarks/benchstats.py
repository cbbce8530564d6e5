"""What the search benchmarks share: percentiles, one group's summary, the engines a search class accepts, the
table they print, the end of a run (its report written).

Percentiles are nearest-rank: p99 of 200 times is the 198th fastest (the third slowest), so it is a time some hand
really took, never an interpolation.
"""

from __future__ import annotations

import inspect
import json
import math
import statistics
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

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


@dataclass
class Sample:
    """One query of one hand: how long it took, whether it was exact, its search steps, its answer, and why it is
    not exact when the search says so."""

    ms: float
    exact: bool
    nodes: int
    top: list[tuple[str, float]]
    reason: str = ""


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

    @staticmethod
    def of(samples: Sequence[Sample]) -> Summary:
        times = [s.ms for s in samples]
        return Summary(
            hands=len(samples),
            median_ms=statistics.median(times),
            p99_ms=percentile(times, 0.99),
            worst_ms=max(times),
            cut=sum(not s.exact for s in samples),
            nodes_median=statistics.median(s.nodes for s in samples),
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


HEADER = ("group", "hands", "median", "p99", "worst", "cut", "nodes (median)", "naive pass (median, ratio)")


def row(label: str, s: Summary) -> tuple[str, ...]:
    """A summary as a table row (the naive column blank when the group had no naive pass)."""
    naive = ""
    if s.naive:
        scaled = "" if s.naive["sample"] >= 1 else f", {s.naive['sample']:.0%} of the words, scaled"
        capped = f", {s.naive['capped']} capped at {s.naive['cap_s']:g} s" if s.naive.get("capped") else ""
        naive = f"{ms(s.naive['median_ms'])}, x{s.naive['ratio']:,.0f} ({s.naive['hands']} hands{scaled}{capped})"
    return (label, str(s.hands), ms(s.median_ms), ms(s.p99_ms), ms(s.worst_ms), str(s.cut), f"{s.nodes_median:,.0f}",
            naive)


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
    out.write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")
    print(f"\nwritten to {out}")
    return 1 if failures else 0
