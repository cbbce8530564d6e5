"""The install from a clean tree: with a C compiler the kernel is built; without one the build goes on without it
(setup.py marks the extension optional) and Ghostwriter uses its Python search."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from tests_paths import ROOT


def _wheel(tmp_path: Path, env: dict[str, str]) -> list[str]:
    """The files of a wheel built from a copy of the tree's tracked files (no kernel built in place)."""
    tree = tmp_path / "tree"
    files = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True).stdout.split()
    for name in files:
        (tree / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / name, tree / name)
    out = tmp_path / "wheel"
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "-w", str(out), str(tree)],
        env={**os.environ, **env},
        check=True,
        capture_output=True,
        timeout=600,
    )
    (wheel,) = out.glob("*.whl")
    return zipfile.ZipFile(wheel).namelist()


@pytest.mark.slow
def test_without_a_compiler_the_wheel_builds_without_the_kernel(tmp_path: Path) -> None:
    names = _wheel(tmp_path, {"CC": "/bin/false", "LDSHARED": "/bin/false"})
    assert "solver/search/hardback/compiled.py" in names
    assert not any(n.startswith("solver/search/hardback/_kernel") and n.endswith(".so") for n in names)
    assert not any(n.startswith("solver/search/hardback/_bound_kernel") and n.endswith(".so") for n in names)
    assert not any(n.startswith("solver/search/_order") and n.endswith(".so") for n in names)


@pytest.mark.slow
def test_with_a_compiler_the_wheel_carries_the_kernel(tmp_path: Path) -> None:
    if shutil.which("gcc") is None:
        pytest.skip("no gcc here")
    names = _wheel(tmp_path, {})
    assert any(n.startswith("solver/search/hardback/_kernel") and n.endswith(".so") for n in names)
    assert any(n.startswith("solver/search/hardback/_bound_kernel") and n.endswith(".so") for n in names)
    assert any(n.startswith("solver/search/_order") and n.endswith(".so") for n in names)
