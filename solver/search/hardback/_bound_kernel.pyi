"""Types of the word bounds' compiled part (``_bound_kernel.c``); ``solver.search.hardback.bound`` is its only
caller."""

VERSION: int
KINDS_FIELDS: int
MAX_LAMBDAS: int

def patterns(
    kinds: object,  # a buffer: KINDS_FIELDS int64 a kind of card (bound.py's ``_compiled_parts``)
    counts: object,  # a buffer: the signatures' letter counts, uint8, rows x n, C order
    rows: int,
    n: int,
    lengths: object,  # a buffer: int64, n
    fill: object,  # a buffer: int64, n
    discard: int,
    dumps: bool,
    can_uncover_out: object,  # uint8, n
    spare_out: object,  # int64, n
    uncoverable_out: object,  # int64, n
    pattern_out: object,  # uint8, n
    /,
) -> int: ...
def parts(
    kinds: object,
    slots: bytes,  # 32: each pattern's place in doubles and floats, 255 where absent
    doubles: object,  # a buffer: int64, a kind each, a pattern after another
    floats: object,  # a buffer: float64, opt, per_wild and step a kind each then mine, a pattern after another
    counts: object,
    rows: int,
    n: int,
    lengths: object,
    can_uncover: object,
    spare: object,
    uncoverable: object,
    pattern: object,
    out: object,  # float64, n: the cards' part of each signature's bound
    /,
) -> None: ...
