"""A compiled lexicon's arrays as flat buffers (``Columns``), read from its cache folder without numpy.

The cache keeps each array in numpy's ``.npy`` format (``write_columns``); ``read_columns`` maps each file and reads its
header itself, so that a hint, whose compiled search reads the buffers, never imports numpy (its import is most of a
first answer's time). numpy's views of the same bytes are made on demand (``Columns.array``). A file whose header
is not the one expected (another type, order or shape, a truncated file) is a ValueError: the cache folder is then
built anew (``solver.lexicon.lexicon``).
"""

from __future__ import annotations

import mmap
import re
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

# name -> (the buffers' item format, numpy's type of it); counts are letters x words, the others flat
_ORDER = "<" if sys.byteorder == "little" else ">"
COLUMNS: dict[str, tuple[str, str]] = {
    "counts": ("B", "|u1"),
    "lengths": ("B", "|u1"),
    "order": ("i", f"{_ORDER}i4"),
    "position": ("i", f"{_ORDER}i4"),
    "letters": ("B", "|u1"),
    "offsets": ("q", f"{_ORDER}i8"),
}
_MAGIC = b"\x93NUMPY"
_HEADER = re.compile(r"'descr':\s*'([^']*)',\s*'fortran_order':\s*(True|False),\s*'shape':\s*\(([^)]*)\)")


@dataclass(frozen=True)
class Columns:
    """The arrays of a lexicon of ``words`` words over ``rows`` letters, each a flat memoryview of its items: the
    letter counts (``counts[a * words + i]``), the lengths, the trie ids by word and the words by trie id, the
    letters end to end and each word's offset among them (``solver.lexicon.Lexicon``)."""

    rows: int
    counts: memoryview
    lengths: memoryview
    order: memoryview
    position: memoryview
    letters: memoryview
    offsets: memoryview

    @property
    def words(self) -> int:
        return len(self.lengths)

    @staticmethod
    def of(arrays: dict[str, Any]) -> Columns:
        """The columns of numpy arrays (C-contiguous, of the types ``COLUMNS`` names): views of their bytes."""
        views = {name: as_items(arrays[name], fmt) for name, (fmt, _) in COLUMNS.items()}
        return Columns(int(arrays["counts"].shape[0]), **views)

    def array(self, name: str) -> Any:
        """numpy's view of a column (counts: letters x words)."""
        import numpy as np

        view = np.frombuffer(getattr(self, name), dtype=COLUMNS[name][1])
        return view.reshape(self.rows, self.words) if name == "counts" else view

    def __reduce__(self) -> tuple[Any, tuple[int, dict[str, bytes]]]:
        """Pickled as bytes (a copy for another process: memoryviews do not pickle)."""
        return (_from_bytes, (self.rows, {name: getattr(self, name).tobytes() for name in COLUMNS}))


def as_items(buffer: Any, fmt: str) -> memoryview:
    """Any C-contiguous buffer (bytes, a bytearray, a mapped file, a numpy array) as a flat memoryview of items of
    ``fmt`` (``B``, ``i``, ``q``, ``d``), with no copy. (Through bytes first: numpy's int64 says ``l``; and typeshed
    knows casts only to formats written out.)"""
    view: Any = memoryview(buffer).cast("B")
    out: memoryview = view.cast(fmt)
    return out


def _from_bytes(rows: int, data: dict[str, bytes]) -> Columns:
    return Columns(rows, **{name: as_items(data[name], fmt) for name, (fmt, _) in COLUMNS.items()})


def _read(path: Path, fmt: str, descr: str, shape: tuple[int, ...]) -> memoryview:
    """One ``.npy`` file mapped: its items as a memoryview, after its header was checked against what it must hold."""
    with open(path, "rb") as f:
        head = f.read(12)
        if head[:6] != _MAGIC or head[6] not in (1, 2, 3):
            raise ValueError(f"{path} is not a .npy file")
        size = int.from_bytes(head[8:10], "little") if head[6] == 1 else int.from_bytes(head[8:12], "little")
        start = (10 if head[6] == 1 else 12) + size
        f.seek(start - size)
        found = _HEADER.search(f.read(size).decode("latin-1"))
        if found is None or found.group(1) != descr or found.group(2) != "False":
            raise ValueError(f"{path} holds another type of array")
        dims = tuple(int(d) for d in found.group(3).replace(",", " ").split())
        if dims != shape:
            raise ValueError(f"{path} holds an array of another shape")
        itemsize = as_items(b"", fmt).itemsize
        length = itemsize
        for d in dims:
            length *= d
        total = start + length
        mapped = mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ) if length else b"\0" * total
    if len(mapped) != total:
        raise ValueError(f"{path} is truncated or too long")
    return as_items(memoryview(mapped)[start:], fmt)


def read_columns(folder: Path, rows: int, words: int) -> Columns:
    """The columns of a cached lexicon (``rows`` letters, ``words`` words), mapped from its folder."""
    views: dict[str, memoryview] = {}
    for name, (fmt, descr) in COLUMNS.items():
        if name == "letters":
            continue
        shape = (rows, words) if name == "counts" else (words + 1,) if name == "offsets" else (words,)
        views[name] = _read(folder / f"{name}.npy", fmt, descr, shape)
    views["letters"] = _read(folder / "letters.npy", "B", "|u1", (views["offsets"][-1],))
    return Columns(rows, **views)


def write_columns(folder: Path, columns: Columns) -> None:
    """The columns into a folder, an ``.npy`` file each (numpy's own format, which its ``load`` reads too)."""
    import numpy as np

    for name in COLUMNS:
        np.save(folder / f"{name}.npy", columns.array(name))
