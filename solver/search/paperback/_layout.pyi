"""Types of the compiled layout search (``_layout.c``); ``solver.search.paperback.native`` is its only caller."""

from collections.abc import Callable

import numpy as np
import numpy.typing as npt

VERSION: int
MAX_TEXT: int
MAX_KINDS: int
MAX_LETTERS: int

class Context:
    def __init__(self, ints: bytes, floats: bytes) -> None: ...

Budget = tuple[int, int, int, int, float, Callable[[], bool] | None]  # taken, cap, ticks, node_limit, deadline, is_set
Best = tuple[int, int, int, int, int, bytes]  # score, length, gains_common, cards_next, uses_common, pieces

def solve(
    context: Context, text: bytes, need: float, objective: int, budget: Budget, /
) -> tuple[int, int, int, Best | None]: ...
def solve_many(
    context: Context, texts: bytes, ends: bytes, needs: bytes, objective: int, budget: Budget, /
) -> tuple[int, int, int, int, list[tuple[int, Best]]]: ...
def scores_many(
    context: Context,
    letters: npt.NDArray[np.uint8],
    offsets: npt.NDArray[np.int64],
    idx: npt.NDArray[np.int64],
    table: npt.NDArray[np.uint8],
    objective: int,
    budget: Budget,
    /,
) -> tuple[int, int, int, int, bytes]: ...
