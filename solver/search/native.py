"""A compiled part of the search, loaded (``load``): the extension module when it was built and reads what its Python
side writes (its version constant says so), else None, and its users run their Python code.

The compiled parts are optional extensions (setup.py): ``pip install`` builds them where a C compiler and the Python
headers exist. Hardback's (``solver.search.hardback.native``) and Paperback's (``solver.search.paperback.native``)
load through here.
"""

from __future__ import annotations

import importlib
from types import ModuleType


def load(name: str, version_name: str, version: int) -> ModuleType | None:
    """The module ``name`` when it was built with ``version_name`` equal to ``version``, else None."""
    try:
        module = importlib.import_module(name)
    except ImportError:
        return None
    return module if getattr(module, version_name, None) == version else None
