"""The code that dataclasses generate, kept between runs of the command line.

When a dataclass is made, Python writes its methods (``__init__``, ``__repr__``, ``__eq__``, ``__hash__``, a frozen
class's ``__setattr__``) as source text and compiles it. The ~35 dataclasses a hint imports cost Python 3.11 about
95 M instructions of compiling, some 15 % of the command line's first answer (``benchmarks/bench_startup.py
--instructions``); the modules themselves come compiled from ``__pycache__``. ``kept_generated_code`` does for that
text what ``__pycache__`` does for a module: the first run compiles it and keeps the code objects in a file of the
cache folder (``marshal``, as a ``.pyc`` holds them), and later runs execute the code compiled before.

What runs is exactly what would have run: each code object is looked up by the whole source text it was compiled
from, with ``compile``'s own arguments, and only by a Python of the same version (the file's name carries the
interpreter's cache tag, its content the exact version). A file that cannot be read or that fails these checks is
ignored and written anew; one that cannot be written is no error. The file keeps only the texts the last run that
compiled anything used, so it cannot grow with upgrades.

It works through dataclasses' own name lookup: the module calls ``exec(text, globals, namespace)``, and a module
global named ``exec`` is found before the builtin (Python 3.11 to 3.13 make their methods so). Only the command
line's entry point turns it on, for its one process, and turns it off when the command is over.
"""

from __future__ import annotations

import builtins
import dataclasses
import marshal
import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from types import CodeType
from typing import Any

FILE = f"dataclass-code.{sys.implementation.cache_tag}.marshal"


class GeneratedCode:
    """The code objects of the texts dataclasses compile, by text: those read from the file and those compiled."""

    def __init__(self, known: dict[str, CodeType]) -> None:
        self.known = known
        self.used: dict[str, CodeType] = {}
        self.compiled = 0  # texts not found in the file: the file is written again when any was

    def exec(self, source: object, globals_: dict[str, Any] | None = None, locals_: Any = None) -> None:
        if not isinstance(source, str):  # not a text dataclasses wrote: the builtin, unchanged
            builtins.exec(source, globals_, locals_)  # type: ignore[arg-type]
            return
        code = self.known.get(source)
        if code is None:
            code = compile(source, "<string>", "exec")  # what exec(source) compiles
            self.compiled += 1
        self.used[source] = code
        builtins.exec(code, globals_, locals_)


def read(path: Path) -> dict[str, CodeType]:
    """The code objects kept in ``path`` by this very Python; empty when there is none, when it is not such a file,
    or when it is not the user's own: another user's file, or one that others may write, is code they could have
    planted (``GHOSTWRITER_CACHE`` may name a shared folder), so it is never run."""
    try:
        with path.open("rb") as f:
            st = os.fstat(f.fileno())
            if st.st_uid != getattr(os, "getuid", lambda: st.st_uid)() or st.st_mode & 0o022:
                return {}
            data = f.read()
        version, known = marshal.loads(data)
    except (OSError, ValueError, EOFError, TypeError):
        return {}
    if version != sys.version or not isinstance(known, dict):
        return {}
    if not all(isinstance(k, str) and isinstance(v, CodeType) for k, v in known.items()):
        return {}
    return known


@contextmanager
def kept_generated_code(folder: Path) -> Iterator[GeneratedCode]:
    """For the ``with`` block, dataclasses made compile their methods' texts once across runs: read from
    ``folder``'s file, and written back when the block compiled any text the file lacked."""
    path = folder / FILE
    kept = GeneratedCode(read(path))
    had = dataclasses.__dict__.get("exec", _ABSENT)
    dataclasses.exec = kept.exec  # type: ignore[attr-defined]
    try:
        yield kept
    finally:
        if had is _ABSENT:
            del dataclasses.exec  # type: ignore[attr-defined]
        else:
            dataclasses.exec = had  # type: ignore[attr-defined]
        if kept.compiled:
            _write(path, marshal.dumps((sys.version, kept.used)))


_ABSENT = object()


def _write(path: Path, data: bytes) -> None:
    from solver.files import FileError, write_bytes  # only when something new was compiled: the first run

    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_bytes(path, data, "the dataclasses' code cache")
        os.chmod(path, 0o600)  # the user's alone: ``read`` runs no code that others could have written
    except (OSError, FileError):
        pass  # no cache folder to write: the next run compiles again
