"""The compiled parts of the search, when they were built: ``kernel`` is ``solver/search/hardback/kernel/``'s module
(the per-word search, the words' signatures) and ``bound_kernel`` ``solver/search/hardback/_bound_kernel.c``'s (the
signatures' bounds), each None where it was not built (``solver.search.native.load``).

Built by ``pip install`` where a C compiler and the Python headers exist (setup.py: an optional extension); its
users (``solver.search.hardback.compiled``, ``solver.search.hardback.bound``) fall back to their Python code without it.
"""

from __future__ import annotations

from solver.search.native import load

LAYOUT = 10  # the version of what the kernel reads and answers: kernel/kernel.h's LAYOUT
kernel = load("solver.search.hardback._kernel", "LAYOUT", LAYOUT)

BOUND_VERSION = 1  # the version of what the bounds' kernel reads: _bound_kernel.c's VERSION
bound_kernel = load("solver.search.hardback._bound_kernel", "VERSION", BOUND_VERSION)  # read by ``bound``
