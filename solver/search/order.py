"""The orders of the best-first loop (``solver.search.best_first``) over an array of float64 bounds: which candidates
beat a level, the best of them a batch at a time, sorted. Compiled (``_order.c``) where it was built, so that a search
over a Python ``array('d')`` needs no numpy (a hint's first answer does not import it); numpy's code otherwise, the
reference: the same positions in the same order (ties in the positions' own order, as a stable sort leaves them).

Bounds are any C-contiguous float64 buffer (``array('d')``, a numpy array); positions and efforts int64 buffers; the
positions answered are ``array('q')``.
"""

from __future__ import annotations

import math
from array import array
from typing import TYPE_CHECKING, Any

from solver.lexicon.columns import as_items
from solver.search.native import load

if TYPE_CHECKING:
    from typing import TypeAlias

    import numpy as np
    import numpy.typing as npt

    Floats: TypeAlias = array[float] | memoryview | npt.NDArray[np.float64]  # bounds: float64, C-contiguous
    Flags: TypeAlias = bytes | npt.NDArray[np.bool_]  # one byte a lexicon word, nonzero: allowed

VERSION = 2  # _order.c's VERSION
compiled = load("solver.search._order", "VERSION", VERSION)
NONE = array("q")  # no positions, no efforts


def zeros(typecode: str, n: int) -> array[Any]:
    """An array of n zeros (``array(code, bytes(8 * n))`` reads its bytes item by item: thirty times slower)."""
    return array(typecode, [0]) * n


def empty(typecode: str, n: int) -> memoryview:
    """n items of ``typecode`` (``q`` int64, ``d`` float64, ``B`` bytes), writable, their values undefined: a buffer
    for a kernel to fill (numpy's ``empty``: cleared first, its pages would be written twice)."""
    size = n * {"q": 8, "d": 8, "B": 1}[typecode]
    raw = compiled.empty(size) if compiled is not None else bytearray(size)
    return as_items(raw, typecode)


def copied(view: memoryview) -> memoryview:
    """A writable copy of a flat buffer of items, in its format."""
    out = empty(view.format, len(view))
    out[:] = view
    return out


def _positions(data: bytes) -> array[int]:
    out = array("q")
    out.frombytes(data)
    return out


def _np() -> Any:
    import numpy as np  # the reference, imported only where the kernel was not built

    return np


def _view(np: Any, buf: Any, dtype: str) -> Any:
    return np.frombuffer(buf, dtype=dtype)


def above(bounds: Floats, cut: float, ties: bool) -> array[int]:
    """The positions whose bound is over ``cut`` (with ``ties``: at least ``cut``, and above -inf), ascending."""
    if compiled is not None:
        return _positions(compiled.above(bounds, cut, ties))
    np = _np()
    b = _view(np, bounds, "f8")
    mask = (b >= cut) & (b > -np.inf) if ties else b > cut
    return _positions(np.nonzero(mask)[0].astype(np.int64).tobytes())


def select(bounds: Floats, positions: array[int], take: int, width: float = 0.0) -> tuple[array[int], array[int]]:
    """The ``take`` positions of the best keys (a position's bound, or with a ``width`` its class
    ``floor(bound / width)``) and every position whose key equals the last of them, then the rest: each in the
    positions' order. The cut is at a value, not a rank: which of several equal keys a partition puts first depends
    on its build."""
    if compiled is not None:
        chosen, rest = compiled.select(bounds, positions, take, width)
        return _positions(chosen), _positions(rest)
    np = _np()
    p = _view(np, positions, "i8")
    key = _view(np, bounds, "f8")[p]
    if width > 0:
        key = np.floor(key / width)
    inside = key >= key[np.argpartition(-key, take - 1)[take - 1]]
    return _positions(p[inside].tobytes()), _positions(p[~inside].tobytes())


def ordered(
    bounds: Floats,
    positions: array[int] | None = None,
    effort: array[int] | None = None,
    width: float = 0.0,
    inf_last: bool = False,
    take: int = 0,
) -> array[int]:
    """The positions (None: every position of the bounds) by key (bound, or class with a ``width``), greatest first,
    then by ``effort`` (int64, one a bound), greatest first; ties in the positions' order. With ``inf_last`` a bound of
    +inf counts as -inf (a bound the clock never computed goes after those known). With ``take`` > 0, only the first
    ``take`` of them."""
    if compiled is not None:
        return _positions(
            compiled.ordered(
                bounds, NONE if positions is None else positions, NONE if effort is None else effort, width,
                inf_last, positions is None, max(take, 0),
            )
        )
    np = _np()
    b = _view(np, bounds, "f8")
    p = np.arange(len(b), dtype=np.int64) if positions is None else _view(np, positions, "i8")
    key = b[p]
    if width > 0:
        key = np.floor(key / width)
    if inf_last:
        key = np.where(key == np.inf, -np.inf, key)
    if effort is None:
        at = np.argsort(-key, kind="stable")
    else:
        at = np.lexsort((-_view(np, effort, "i8")[p], -key))
    if take > 0:
        at = at[:take]
    return _positions(p[at].astype(np.int64).tobytes())


def largest(bounds: Floats, under: float) -> float | None:
    """The largest bound under ``under`` and above -inf; None when there is none."""
    if compiled is not None:
        found: float | None = compiled.largest(bounds, under)
        return found
    np = _np()
    b = _view(np, bounds, "f8")
    below = b[(b < under) & (b > -np.inf)]
    return float(below.max()) if below.size else None


def maximum(bounds: Floats) -> float:
    """The largest bound (-inf when there are none)."""
    if compiled is not None:
        top: float = compiled.maximum(bounds)
        return top
    np = _np()
    b = _view(np, bounds, "f8")
    return float(b.max()) if b.size else -math.inf
