"""The install's extras (pyproject's ``[project.optional-dependencies]``): the core runs hints without any of them,
and a feature whose extra is missing says, in one line, which extra installs it."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from solver.errors import GhostwriterError
from solver.lexicon.familiarity import familiarity
from solver.tournament import run_tournament
from wordlists import sources

from helpers import lexicon_of
from tests_paths import ROOT

# each extra's modules, as its packages install them
EXTRA_MODULES = {"ru": ("pymorphy3_dicts_ru", "dawg"), "cluster": ("dask", "distributed"), "familiar": ("wordfreq",)}


def _project() -> dict[str, object]:
    with (ROOT / "pyproject.toml").open("rb") as f:
        project: dict[str, object] = tomllib.load(f)["project"]
    return project


def test_the_core_needs_none_of_the_extras() -> None:
    core = " ".join(str(d) for d in _project()["dependencies"])  # type: ignore[attr-defined]
    for name in ("wordfreq", "dask", "pymorphy3", "dawg2", "pytest", "playwright", "mkdocs"):
        assert name not in core, name


def test_the_test_extra_takes_every_other_extra() -> None:
    extras: dict[str, list[str]] = _project()["optional-dependencies"]  # type: ignore[assignment]
    (itself,) = [d for d in extras["test"] if d.startswith("ghostwriter[")]
    assert set(itself.removeprefix("ghostwriter[").removesuffix("]").split(",")) == set(extras) - {"test"}


def test_a_hint_runs_with_every_extra_missing(tmp_path: Path) -> None:
    """The command line's hint, with the extras' modules made unimportable (``sys.modules[name] = None``)."""
    blocked = [m for modules in EXTRA_MODULES.values() for m in modules]
    script = (
        "import sys\n"
        f"for name in {blocked!r}:\n    sys.modules[name] = None\n"
        "from solver.cli.main import main\n"
        "raise SystemExit(main(['hint', 'r:F6', 'E', 'a:A5', 'S', 'T', '--top', '1', '--json']))\n"
    )
    r = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=False, timeout=300)
    assert r.returncode == 0, r.stderr
    assert '"word"' in r.stdout


def test_familiar_words_without_wordfreq_name_the_extra(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setitem(sys.modules, "wordfreq", None)  # import wordfreq raises ImportError
    with pytest.raises(GhostwriterError, match=r"pip install 'ghostwriter\[familiar\]'$"):
        familiarity(lexicon_of("cat", "act"), "en", cache=tmp_path)


def test_a_cluster_without_dask_names_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)
    with pytest.raises(GhostwriterError, match=r"pip install 'ghostwriter\[cluster\]'$"):
        run_tournament(["easy", "hard"], 2, 1, cluster="tcp://127.0.0.1:1")


def test_the_russian_dictionary_without_its_package_names_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(importlib.util, "find_spec", lambda name: None)
    with pytest.raises(GhostwriterError, match=r"pip install 'ghostwriter\[ru\]'$"):
        sources.OPENCORPORA.path()
    with pytest.raises(GhostwriterError, match=r"pip install 'ghostwriter\[ru\]'$"):
        sources._open_words_dawg(Path("words.dawg"))
