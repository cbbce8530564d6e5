"""The compiled part of the search (``solver/search/_kernel.c``), when it was built: ``kernel`` is the module, or None.

Built by ``pip install`` where a C compiler and the Python headers exist (setup.py: an optional extension); its
users (``solver.search.compiled``, ``solver.search.bound``) fall back to their Python code without it.
"""

from __future__ import annotations

from types import ModuleType

LAYOUT = 5  # the version of what the kernel reads and answers: _kernel.c's LAYOUT


def _load() -> ModuleType | None:
    try:
        import solver.search._kernel as _kernel
    except ImportError:
        return None
    return _kernel if getattr(_kernel, "LAYOUT", None) == LAYOUT else None


kernel = _load()
