"""A long-lived process keeps the memory a query frees for the next (``solver.search.setup.keep_heap``, which
``settle_heap`` calls): a search's buffers of a word each are not fresh pages, each one faulted in, every query.

glibc's malloc gives a block over its mmap threshold pages of its own and, once such a block is freed, raises the
threshold to its size and the heap's trim threshold to twice that; a query whose buffers add up to more than that
then hands the heap's top back when it frees them, and the next query faults its pages in again. A 12-card hint's
word bounds did so in a fresh process (about 960 pages a hint, 11 once settled; docs/performance.md, section 9)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

SCRIPT = """
import resource, sys
from solver.search import order
from solver.search.setup import settle_heap

def query():  # three buffers of about 1.5 MiB, as a 12-card hint's per-word buffers, written and freed
    buffers = [order.empty("q", (3 << 20) // 16 + k * 4096) for k in range(3)]
    for b in buffers:
        b[::512] = order.zeros("q", len(b[::512]))  # a write on every page
    del buffers

if sys.argv[1] == "settled":
    settle_heap(collect=False)
for _ in range(3):
    query()
before = resource.getrusage(resource.RUSAGE_SELF).ru_minflt
for _ in range(20):
    query()
print((resource.getrusage(resource.RUSAGE_SELF).ru_minflt - before) / 20)
"""


def _faults_a_query(mode: str, where: Path) -> float:
    """From another directory, so that ``python -c`` imports the installed package, not the source tree beside the
    tests (a plain install's source tree has no compiled modules)."""
    proc = subprocess.run(
        [sys.executable, "-c", SCRIPT, mode], capture_output=True, text=True, timeout=60, check=True, cwd=where
    )
    out: float = json.loads(proc.stdout)
    return out


def test_a_settled_process_reuses_the_pages_a_query_freed(tmp_path: Path) -> None:
    """Measured: 1,146 pages faulted in a query unsettled, none settled."""
    from solver.search import order
    from solver.search.setup import keep_heap

    if order.compiled is None:
        if os.environ.get("GHOSTWRITER_REQUIRE_KERNEL") == "1":
            raise AssertionError("the kernels are not built, and GHOSTWRITER_REQUIRE_KERNEL=1 asks for them")
        pytest.skip("the compiled _order was not built: the heap is left as the C library keeps it")
    if not keep_heap():
        pytest.skip("not glibc's malloc: nothing to set")
    pages = 3 * (3 << 20) // 2 // 4096  # the query's pages
    assert _faults_a_query("plain", tmp_path) > pages // 2  # the heap's top handed back, faulted in again every query
    assert _faults_a_query("settled", tmp_path) < pages // 20  # kept: its pages serve every later query
