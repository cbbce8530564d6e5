"""Types of the compiled kernel (``kernel/*.c``, one module); ``solver.search.hardback.compiled`` is its only caller."""

from collections.abc import Callable

LAYOUT: int
MAX_LETTERS: int
MAX_KINDS: int

class Context:
    def __init__(self, ints: bytes, floats: bytes) -> None: ...

def solve(
    context: Context,
    word: bytes,
    floor: float,
    stop_at: int,
    ticks: int,
    node_limit: int,
    checkpoint_ticks: int,
    deadline: float,
    checkpoint_at: float,
    is_set: Callable[[], bool] | None,
    /,
) -> tuple[int, int, float, bytes | None, bytes | None, float]: ...

def signatures(
    counts: object,  # a buffer: the lexicon's letter counts, uint8, letters x words, C order
    words: int,
    lo: int,
    hi: int,
    lengths: object,  # a buffer: the words' lengths, uint8
    first: int,
    letters: bytes,
    caps: bytes,
    space: int,
    keys_out: object,
    inverse_out: object,
    /,
) -> int: ...

def per_word(
    sig_bound: object,  # a buffer: float64, one a signature
    inverse: object,  # a buffer: int64, each word's signature
    lo: int,
    index_out: object,  # int64, at least one a word
    bound_out: object,  # float64, at least one a word
    allowed: object = ...,  # a buffer: one byte a lexicon word, nonzero for the words to keep
    /,
) -> int: ...
