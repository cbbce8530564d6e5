"""The command line's first answer reads only what a hint needs: each module below was once imported by every hint
and cost its first answer (``benchmarks/bench_startup.py`` times it; ``docs/install.md`` gives the figures)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

NOT_FOR_A_HINT = (
    "tempfile",  # a hint writes no file (once the word list's look-ups are cached: ``Lexicon.found``)
    "marisa_trie",  # a hint reads its words from the lexicon's letters, and the offensive words' indices are cached
    "shutil",  # argparse's formatter reads the terminal's width without it (``solver.cli.options.terminal_columns``)
    "logging",  # only when the collector's pauses are logged
    "hashlib",  # the shipped lists are found by their recorded digests
    "difflib",  # only to name close card codes
    "importlib.resources",  # the package's data are files beside its modules
    "wordlists.sources",  # the other dictionaries' sources, and subprocess with them
    "subprocess",
    "asyncio",
    "solver.game",
    "solver.bots",
    "service",
)

SCRIPT = """
import contextlib, io, json, sys
from solver.cli.main import main
sys.argv = ["ghostwriter", "hint", "r:F6", "E", "a:A5", "S", "T", "--inked", "h:H7", "--mine", "m:A5",
            "--others", "r:K5", "--top", "1"]
out = io.StringIO()
with contextlib.redirect_stdout(out):
    code = main()
print(json.dumps({"code": code, "out": out.getvalue(), "modules": sorted(sys.modules)}))
"""


def _hint(where: Path) -> dict[str, Any]:
    """The hint as a user runs it: from another directory, so that ``python -c`` imports the installed package, not
    the source tree beside the tests (a plain install's source tree has no compiled kernels)."""
    proc = subprocess.run(
        [sys.executable, "-c", SCRIPT], capture_output=True, text=True, timeout=120, check=True, cwd=where
    )
    report: dict[str, Any] = json.loads(proc.stdout)
    return report


def test_a_hint_imports_only_what_it_needs(tmp_path: Path) -> None:
    reports = []
    for _ in range(2):  # the first may compile the word list and cache its look-ups; the second is every later hint
        reports.append(_hint(tmp_path))
    assert reports[0]["out"] == reports[1]["out"]
    report = reports[1]
    assert report["code"] == 0 and "KHAFS" in report["out"]
    loaded = set(report["modules"])
    assert [m for m in NOT_FOR_A_HINT if m in loaded] == []


def test_a_hint_over_the_kernels_imports_no_numpy(tmp_path: Path) -> None:
    """numpy's import is most of a first answer's time (``docs/install.md``): where the kernels were built, a hint's
    search reads the lexicon's buffers through them (``solver.search.hardback.bound._compiled_bounds``,
    ``solver.search.order``) and never imports it. Without them it does: its code is the reference."""
    from solver.search import order
    from solver.search.hardback.native import bound_kernel, kernel

    if kernel is None or bound_kernel is None or order.compiled is None:
        if os.environ.get("GHOSTWRITER_REQUIRE_KERNEL") == "1":
            raise AssertionError("the kernels are not built, and GHOSTWRITER_REQUIRE_KERNEL=1 asks for them")
        pytest.skip("the kernels were not built: a hint runs numpy's code")
    report = _hint(tmp_path)
    assert report["code"] == 0 and "KHAFS" in report["out"]
    assert [m for m in report["modules"] if m == "numpy" or m.startswith("numpy.")] == []
