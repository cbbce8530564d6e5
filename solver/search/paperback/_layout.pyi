"""Types of the compiled layout search (``_layout.c``); ``solver.search.paperback.native`` is its only caller."""

from collections.abc import Callable

VERSION: int
MAX_TEXT: int
MAX_KINDS: int
MAX_LETTERS: int

class Context:
    def __init__(self, ints: bytes, floats: bytes) -> None: ...

def solve(
    context: Context,
    text: bytes,
    need: float,
    objective: int,
    taken: int,
    cap: int,
    ticks: int,
    node_limit: int,
    deadline: float,
    is_set: Callable[[], bool] | None,
    /,
) -> tuple[int, int, int, tuple[int, int, int, int, int, bytes] | None]: ...

def solve_many(
    context: Context,
    texts: bytes,
    ends: bytes,
    needs: bytes,
    objective: int,
    taken: int,
    cap: int,
    ticks: int,
    node_limit: int,
    deadline: float,
    is_set: Callable[[], bool] | None,
    /,
) -> tuple[int, int, int, int, list[tuple[int, tuple[int, int, int, int, int, bytes]]]]: ...
