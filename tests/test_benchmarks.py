"""The speed benchmarks still run: each in its smallest mode on two hands (a few seconds), its JSON written where it
was asked and holding what the tables print; their named hard hands are legal states. The --quick runs are slow."""

from __future__ import annotations

import importlib.util
import inspect
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from solver.hardback.objectives import Objective
from solver.hardback.state import TurnState
from solver.lexicon import default_lexicon
from solver.paperback.state import PaperbackTurn
from solver.search.hardback import Search, compiled
from solver.search.paperback import PaperbackSearch

ROOT = Path(__file__).resolve().parent.parent
BENCH = ROOT / "benchmarks"


def bench(name: str) -> ModuleType:
    """A benchmark script as a module (they are scripts, not a package), loaded once."""
    if name in sys.modules:
        return sys.modules[name]
    sys.path.insert(0, str(BENCH))
    try:
        spec = importlib.util.spec_from_file_location(name, BENCH / f"{name}.py")
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module  # its dataclasses look their module up while it loads
        spec.loader.exec_module(module)
        return module
    finally:
        sys.path.remove(str(BENCH))


def run(script: str, out: Path, *args: str, timeout: float = 120) -> tuple[subprocess.CompletedProcess[str], Any]:
    proc = subprocess.run(
        [sys.executable, str(BENCH / script), *args, "--out", str(out)],
        capture_output=True, text=True, cwd=ROOT, timeout=timeout, check=False,
    )
    report = json.loads(out.read_text(encoding="utf-8")) if out.exists() else None
    return proc, report


ENGINE = "both" if compiled.available() else "python"  # both engines compared, where the kernel was built


def test_bench_hint_on_two_hands(tmp_path: Path) -> None:
    out = tmp_path / "hint.json"
    proc, report = run("bench_hint.py", out, "--hands", "2", "--naive", "1", "--oracle", "1", "--cli", "1",
                       "--only", "5", "--only", "5+", "--only", "oracle", "--only", "cli", "--engine", ENGINE)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert report["failures"] == []
    for group in ("5", "5+"):
        part = report["groups"][group]
        assert len(part["hands"]) == 2
        assert set(part["engines"]) == ({"python", "compiled"} if ENGINE == "both" else {"python"})
        summary = part["engines"]["python"]
        assert summary["hands"] == 2 and summary["median_ms"] <= summary["p99_ms"] <= summary["worst_ms"]
        assert summary["naive"]["hands"] == 1 and summary["naive"]["ratio"] > 0
        assert part["hands"][0]["seed"] == part["seeds"][0] and part["hands"][0]["best"]
    assert report["oracle"]["hands"] == 1 and report["cli"]["runs"] == 1
    assert "| 5 cards + classic/inked |" in proc.stdout


def test_bench_paperback_on_two_hands(tmp_path: Path) -> None:
    out = tmp_path / "paperback.json"
    proc, report = run("bench_paperback.py", out, "--hands", "2", "--naive", "1", "--sample", "300",
                       "--only", "5", "--only", "10", "--engine", ENGINE)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert report["failures"] == []
    for group in ("5", "10"):
        assert set(report["groups"][group]["engines"]) == ({"python", "compiled"} if ENGINE == "both" else {"python"})
        summary = report["groups"][group]["engines"]["python"]
        assert summary["hands"] == 2 and summary["naive"]["hands"] == 1
    assert "| 10 cards |" in proc.stdout


@pytest.mark.parametrize(("script", "search"), [("bench_hint.py", Search), ("bench_paperback.py", PaperbackSearch)])
def test_the_compiled_engine_only_where_the_search_has_one(tmp_path: Path, script: str, search: type) -> None:
    out = tmp_path / "engine.json"
    if "engine" in inspect.signature(search).parameters:
        proc, report = run(script, out, "--engine", "both", "--hands", "2", "--naive", "0", "--only", "5")
        assert proc.returncode == 0, proc.stdout + proc.stderr
        assert report["engines"] == ["python", "compiled"] and "speed" in report["groups"]["5"]
    else:
        proc, _ = run(script, out, "--engine", "compiled")
        assert proc.returncode == 2 and "only --engine python" in proc.stderr
        assert not out.exists()


def test_the_named_hands_are_legal_states() -> None:
    hint, paperback = bench("bench_hint"), bench("bench_paperback")
    assert len(hint.ADVERSARIAL) >= 10 and len(paperback.ADVERSARIAL) >= 5
    sizes = set()
    for data in hint.ADVERSARIAL.values():
        state = TurnState.from_json(data)
        sizes.add(len(state.hand) + len(state.inked))
    assert {5 + 1, 8, 12, 24} <= sizes
    for data in paperback.ADVERSARIAL.values():
        PaperbackTurn.from_json(data)
    assert any(d.get("common") == "spacebar" for d in paperback.ADVERSARIAL.values())


def test_random_state_is_still_importable_and_seeded() -> None:
    """bench_service builds its request bodies with it."""
    hint = bench("bench_hint")
    assert hint.random_state(7, 5) == hint.random_state(7, 5)
    assert len(TurnState.from_json(hint.random_state(7, 12)).hand) in (11, 12)


@pytest.mark.slow
@pytest.mark.parametrize("script", ["bench_hint.py", "bench_paperback.py"])
def test_quick_runs(tmp_path: Path, script: str) -> None:
    proc, report = run(script, tmp_path / "quick.json", "--quick", timeout=600)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert report["failures"] == [] and "named" in report


class _TwoEngines(Search):
    """The search as it will be once it takes an engine (both engines the Python search here)."""

    def __init__(self, *args: Any, engine: str = "python", **kwargs: Any) -> None:
        assert engine in ("python", "compiled")
        super().__init__(*args, **kwargs)


class _TwoPaperbackEngines(PaperbackSearch):
    def __init__(self, *args: Any, engine: str = "python", **kwargs: Any) -> None:
        assert engine in ("python", "compiled")
        super().__init__(*args, **kwargs)


@pytest.mark.parametrize(("name", "stand_in"), [("bench_hint", _TwoEngines), ("bench_paperback", _TwoPaperbackEngines)])
def test_both_engines_alternated_and_compared(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], name: str, stand_in: type
) -> None:
    """--engine both, against a search that takes an engine: each hand under both, the ratio reported."""
    module = bench(name)
    monkeypatch.setattr(module, "PaperbackSearch" if name == "bench_paperback" else "Search", stand_in)
    out = tmp_path / "both.json"
    assert module.main(["--engine", "both", "--hands", "2", "--naive", "1", "--only", "5", "--out", str(out)]) == 0
    report = json.loads(out.read_text(encoding="utf-8"))
    assert report["engines"] == ["python", "compiled"] and report["failures"] == []
    part = report["groups"]["5"]
    assert set(part["engines"]) == {"python", "compiled"} and part["speed"]["ratio_of_medians"] > 0
    assert all(set(h["ms"]) == {"python", "compiled"} for h in part["hands"])
    assert "python against compiled" in capsys.readouterr().out


class _WrongEngine(Search):
    """A compiled engine that answers another question (the top moves by prestige)."""

    def __init__(self, lexicon: Any, state: Any, *args: Any, engine: str = "python", **kwargs: Any) -> None:
        if engine == "compiled":
            args = (Objective.PRESTIGE, *args[1:])
        super().__init__(lexicon, state, *args, **kwargs)


def test_engines_that_disagree_fail_the_run(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    module = bench("bench_hint")
    monkeypatch.setattr(module, "Search", _WrongEngine)
    out = tmp_path / "wrong.json"
    assert module.main(["--engine", "both", "--hands", "3", "--naive", "0", "--only", "5+", "--out", str(out)]) == 1
    assert any("engines disagree" in f for f in json.loads(out.read_text(encoding="utf-8"))["failures"])


def test_bench_overhead_on_three_hands(tmp_path: Path) -> None:
    """The set-up's phases, the cuts against their baselines, and the pipe to a search worker (the services and
    the load are left out: they start servers)."""
    out = tmp_path / "overhead.json"
    proc, report = run("bench_overhead.py", out, "--hands", "3", "--rounds", "3", "--service", "0")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    five = report["in_process"]["5 cards + classic/inked"]
    assert five["hands"] == 3 and five["setup_ms"] > 0 and five["search_ms"] > 0 and len(five["phases_ms"]) == 9
    assert set(report["cuts"]) == {"offensive filter", "card codes of the hands (each parsed / remembered)"}
    assert report["pipe"]["through_worker_ms"] > 0 and report["pipe"]["empty_job_ms"] > 0
    assert "set-up" in proc.stdout and "pipe (3 5-card hands" in proc.stdout


def test_bench_review_on_one_game(tmp_path: Path) -> None:
    out = tmp_path / "review.json"
    proc, report = run("bench_review.py", out, "--games", "1", "--bots", "greedy,greedy", "--objective", "prestige")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert report["failures"] == [] and report["rounds"] == 20
    part = report["objectives"]["prestige"]
    assert part["turns"] == [40] and part["exact"] and part["median_s"] <= part["worst_s"]


def test_bench_review_paperback_on_one_game(tmp_path: Path) -> None:
    out = tmp_path / "review.json"
    proc, report = run("bench_review.py", out, "--game", "paperback", "--games", "1", "--objective", "length")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert report["failures"] == [] and report["game"] == "paperback"
    part = report["objectives"]["length"]
    assert part["turns"][0] > 0 and part["exact"] and part["median_s"] <= part["worst_s"]


def test_the_hand_generators_give_legal_states() -> None:
    """bench_hint's and bench_service's other generators (benchmarks/hands.py): the whole box, and bot games."""
    hands = bench("hands")
    for seed in range(60):
        state = TurnState.from_json(hands.box_state(seed, 12))
        assert len(state.hand) + len(state.inked) == 12
        five = TurnState.from_json(hands.box_state(seed, 5, classic_or_inked=True))
        assert five.inked or five.mine
    assert hands.box_state(3, 12) == hands.box_state(3, 12)
    dealt = hands.game_states(default_lexicon(), 12, 1)
    assert len(dealt) == 12 and all(len(TurnState.from_json(d).hand) >= 5 for d in dealt)


def test_bench_startup_times_the_first_answer_beside_its_baselines(tmp_path: Path) -> None:
    out = tmp_path / "startup.json"
    proc, report = run("bench_startup.py", out, "--runs", "1", timeout=300)
    assert proc.returncode == 0, proc.stderr
    names = list(report["commands"])
    assert names[0].startswith("ghostwriter hint ") and 'python -c "pass"' in names
    for figures in report["commands"].values():
        assert figures["wall_ms"]["median"] > 0 and figures["cpu_ms"]["median"] > 0


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("valgrind") is None, reason="valgrind counts the instructions")
def test_bench_startup_counts_instructions_the_load_does_not_move(tmp_path: Path) -> None:
    out = tmp_path / "startup.json"
    proc, report = run("bench_startup.py", out, "--runs", "1", "--instructions", timeout=600)
    assert proc.returncode == 0, proc.stderr
    counts = {name: figures["instructions"] for name, figures in report["commands"].items()}
    hint, numpy, bare = counts.values()
    assert numpy > bare > 1_000_000 and hint > bare  # numpy's import and a hint each start Python first
    from solver.search import order

    # over the kernels a hint imports no numpy (test_first_answer): it costs less, unless every run compiles its
    # modules anew (no bytecode written: PYTHONDONTWRITEBYTECODE)
    if order.compiled is not None and not os.environ.get("PYTHONDONTWRITEBYTECODE"):
        assert hint < numpy
