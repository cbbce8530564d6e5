"""The compiled parts of the search, when they were built: ``kernel`` is ``solver/search/hardback/_kernel.c``'s module
(the
per-word search, the words' signatures) and ``bound_kernel`` ``solver/search/hardback/_bound_kernel.c``'s (the
signatures'
bounds), each None where it was not built.

Built by ``pip install`` where a C compiler and the Python headers exist (setup.py: an optional extension); its
users (``solver.search.hardback.compiled``, ``solver.search.hardback.bound``) fall back to their Python code without it.
"""

from __future__ import annotations

from types import ModuleType

LAYOUT = 9  # the version of what the kernel reads and answers: _kernel.c's LAYOUT


def _load() -> ModuleType | None:
    try:
        import solver.search.hardback._kernel as _kernel
    except ImportError:
        return None
    return _kernel if getattr(_kernel, "LAYOUT", None) == LAYOUT else None


kernel = _load()

BOUND_VERSION = 1  # the version of what the bounds' kernel reads: _bound_kernel.c's VERSION


def _load_bounds() -> ModuleType | None:
    """The word bounds' compiled part (``solver/search/hardback/_bound_kernel.c``), read by
    ``solver.search.hardback.bound``."""
    try:
        import solver.search.hardback._bound_kernel as _bound_kernel
    except ImportError:
        return None
    return _bound_kernel if getattr(_bound_kernel, "VERSION", None) == BOUND_VERSION else None


bound_kernel = _load_bounds()
