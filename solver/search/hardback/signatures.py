"""The words of a lexicon grouped by *signature* (their length and, for each letter some card has, how many times
they hold it, capped by the cards of that letter), the ground of the word bounds (``solver.search.hardback.bound``):
words of one signature get one bound. The compiled kernel (``kernel/signatures.c``) numbers them in one pass where it
was built; numpy does otherwise, with the same numbers."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from solver.lexicon import Lexicon
from solver.search.hardback.native import kernel
from solver.search.order import empty

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    FloatArray = npt.NDArray[np.float64]
    IntArray = npt.NDArray[np.int64]


@dataclass(frozen=True)
class Fit:
    """What of a turn's cards decides which words it might spell and their signatures (``bound.word_bounds``): each
    card kind's letter (its row in the lexicon's alphabet, -1 for none), the hand and inked cards, the classics'
    letters (never wild) and the inked cards' (which must find theirs), the cards of each letter (``caps``), the
    inked cards whose letter no word holds, and the words of the lengths allowed (``lo``..``hi``)."""

    letter_of: list[int]
    pool_size: int
    fixed: dict[int, int]
    inked: dict[int, int]
    caps: dict[int, int]
    missing_inked: int
    lo: int
    hi: int


@dataclass(frozen=True)
class Keys:
    """The signatures of a range of words numbered by the kernel, without numpy (``signature_keys``): the distinct
    keys in increasing order (int64), each word's number among them, and what takes a key apart (the card letters,
    their caps, the shortest length)."""

    keys: memoryview
    inverse: memoryview
    letters: bytes
    caps: bytes
    shortest: int

    @property
    def parts(self) -> tuple[bytes, bytes, int]:
        """What takes a key apart: the letters, their caps, the shortest length."""
        return self.letters, self.caps, self.shortest


def signature_keys(lex: Lexicon, lo: int, hi: int, caps: dict[int, int]) -> Keys | None:
    """``signatures``' keys from the kernel over the lexicon's buffers (``Lexicon.columns``), with no numpy; None where
    the kernel was not built or the keys would not fit its table (numpy's ``signatures`` then)."""
    if kernel is None or hi <= lo or any(c >= 256 for c in caps.values()):
        return None
    columns = lex.columns
    letters = sorted(caps)
    radix = 1
    for a in letters:
        radix *= caps[a] + 1
    shortest, longest = columns.lengths[lo], columns.lengths[hi - 1]
    space, n = radix * (longest - shortest + 1), hi - lo
    if space >= MAX_KEY or space > max(DENSE, 2 * n):
        return None
    keys = empty("q", min(space, n))  # (no more signatures than words)
    inverse = empty("q", n)
    capped = bytes(caps[a] for a in letters)
    found = kernel.signatures(
        columns.counts, columns.words, lo, hi, columns.lengths, shortest, bytes(letters), capped, space, keys, inverse
    )
    return Keys(keys[:found], inverse, bytes(letters), capped, shortest)


def per_word(
    sig_bound: FloatArray, inverse: npt.NDArray[np.signedinteger[Any]], lo: int
) -> tuple[IntArray, FloatArray]:
    """The words lo, lo + 1... (``inverse``: each one's signature) whose signature's bound is above -inf, and their
    bounds, in order: in one pass of the kernel where it was built, else in numpy (the same numbers)."""
    import numpy as np

    if kernel is not None and inverse.dtype == np.int64 and inverse.flags.c_contiguous:
        index = np.empty(len(inverse), dtype=np.int64)
        bound = np.empty(len(inverse), dtype=np.float64)
        kept = kernel.per_word(sig_bound, inverse, lo, index, bound)
        return index[:kept], bound[:kept]
    each = np.take(sig_bound, inverse)  # fancy indexing's numbers, sooner
    if not (sig_bound == -np.inf).any():
        return np.arange(lo, lo + len(inverse), dtype=np.int64), each
    at = np.nonzero(each > -np.inf)[0]
    return at + lo, each[at]


@dataclass
class Signatures:
    """The distinct signatures of a range of words: per signature the card letters' counts (capped; alphabet rows,
    0 for the letters no card has) and the length, and per word of the range its signature's position."""

    counts: npt.NDArray[np.uint8]
    lengths: IntArray
    inverse: npt.NDArray[np.signedinteger[Any]]  # (numpy's, typed with TYPE_CHECKING's import)


MAX_KEY = 1 << 55  # a signature key must fit in an int64 with the length's digit on top
DENSE = 1 << 20  # keys spaces up to this size (or twice the words) are grouped by a table, not a sort


def signatures(lex: Lexicon, lo: int, hi: int, caps: dict[int, int]) -> Signatures:
    """The words lo..hi-1 grouped by signature (length, and each card letter's count capped by ``caps``).

    A signature's words get the same bound: every part of it reads a letter's count only through comparisons with
    numbers of cards of that letter, and a letter no card has only through the length. The key of a word is its
    capped counts and its length in mixed radix; with too many card letters for an int64 key, every word is its
    own signature."""
    import numpy as np

    counts = lex.counts[:, lo:hi]
    n = hi - lo
    letters = sorted(caps)
    radix = 1
    for a in letters:
        radix *= caps[a] + 1
    shortest, longest = int(lex.lengths[lo]), int(lex.lengths[hi - 1])  # the lexicon orders words by length
    space = radix * (longest - shortest + 1)
    if space >= MAX_KEY:
        return Signatures(counts, lex.lengths[lo:hi].astype(np.int64), np.arange(n, dtype=np.int64))
    if kernel is not None and space <= max(DENSE, 2 * n) and _fits_kernel(lex, caps):  # one pass in C
        keys = np.empty(space, dtype=np.int64)
        inverse: npt.NDArray[np.signedinteger[Any]] = np.empty(n, dtype=np.int64)
        found = kernel.signatures(
            lex.counts, lex.counts.shape[1], lo, hi, lex.lengths, shortest, bytes(letters),
            bytes(caps[a] for a in letters), space, keys, inverse,
        )
        uniq: npt.NDArray[np.signedinteger[Any]] = keys[:found]
    else:
        uniq, inverse = _numbered(lex, lo, hi, caps, letters, shortest, radix, space)
    sig_counts = np.zeros((counts.shape[0], len(uniq)), dtype=np.uint8)
    rest = uniq.astype(np.int64)
    for a in reversed(letters):
        sig_counts[a] = rest % (caps[a] + 1)
        rest //= caps[a] + 1
    return Signatures(sig_counts, rest + shortest, inverse)


def _fits_kernel(lex: Lexicon, caps: dict[int, int]) -> bool:
    """Can the kernel read the lexicon's arrays as they are (bytes, in C order) and the caps (one byte each)?"""
    import numpy as np

    return (
        lex.counts.dtype == np.uint8
        and lex.lengths.dtype == np.uint8
        and lex.counts.flags.c_contiguous
        and all(c < 256 for c in caps.values())
    )


def _numbered(
    lex: Lexicon, lo: int, hi: int, caps: dict[int, int], letters: list[int], shortest: int, radix: int, space: int
) -> tuple[npt.NDArray[np.signedinteger[Any]], npt.NDArray[np.signedinteger[Any]]]:
    """``signatures``'s keys in numpy: the distinct keys in increasing order, and each word's number among them."""
    import numpy as np

    counts = lex.counts[:, lo:hi]
    n = hi - lo
    key: npt.NDArray[np.signedinteger[Any]] = np.zeros(n, dtype=np.int32 if space < 1 << 31 else np.int64)
    for a in letters:
        key *= caps[a] + 1
        key += np.minimum(counts[a], caps[a])
    for length in range(shortest + 1, int(lex.lengths[hi - 1]) + 1):
        start, end = lex.length_range(length, length)
        key[start - lo : end - lo] += (length - shortest) * radix
    if space <= max(DENSE, 2 * n):
        present = np.zeros(space, dtype=bool)
        present[key] = True
        uniq = np.flatnonzero(present)
        slot = np.zeros(space, dtype=np.int32)
        slot[uniq] = np.arange(len(uniq))
        return uniq, slot[key]
    uniq, inverse = np.unique(key, return_inverse=True)
    return uniq, inverse
