"""Upper bounds of every word's value at once.

A word's bound depends only on its length and, for each letter some card has, how many times the word holds it
(capped by the cards of that letter): its *signature*. Words are grouped by signature and each signature is
bounded once. The bound of a signature is the most a set of cards could bring that fits the word in any order of
its letters: each card on a letter of its own or uncovered while the uncovers last (one uncover budget for all,
from the uncoverers that can stand), at most L cards; a genre active only where two of its cards can stand;
doubles credited through a Lagrangian split (``bound_numpy._Part``) so that a doubler brings its doubles only where
it can stand within the same budget; and per-wild specials (Mystery N) credited per letter that could be wild,
their doubling apart from the cards'. Each step relaxes the rules, never tightens them, so the bound never
underestimates and the best-first search that reads words in decreasing bound may stop as soon as the bound falls
below the best value found.

Two routes give the same doubles: the compiled kernels over the lexicon's buffers (``_compiled_bounds``: no numpy,
so a hint's first answer does not import it) and numpy's (``solver.search.hardback.bound_numpy``, the reference),
which the Python engine takes and the compiled one wherever the kernels refuse their input.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from solver.hardback.profile import Pool, Source
from solver.hardback.resolve import EPS, award_prestige
from solver.lexicon import Lexicon
from solver.lexicon.columns import as_items
from solver.search import order
from solver.search.hardback.kinds import MAX_LAMBDAS, Optimism, genres, pattern_kinds
from solver.search.hardback.native import bound_kernel as bound_kernel  # (re-exported: bench_bound_kernel swaps it)
from solver.search.hardback.native import kernel
from solver.search.hardback.signatures import Fit, signature_keys
from solver.search.order import empty

if TYPE_CHECKING:
    from solver.search.order import Flags


@dataclass
class Bounds:
    """The words a state might spell (lexicon indices, a memoryview of int64) and their upper bounds (float64), with
    the optimism behind them (read them; ``order.copied`` makes a copy to change). ``complete`` False: the clock
    stopped their computation (``word_bounds``' ``out_of_time``), and the words it did not reach have the bound
    +inf, which no word's value passes (an exact search stays exact, only slower)."""

    index: memoryview
    bound: memoryview
    optimism: Optimism
    complete: bool = True

    def promising(self, k: int) -> array[int]:
        """The positions of the k words with the best bounds, best first (ties in the lexicon's order), the words
        whose bound was never computed (+inf) last: an answer cut short lays out the ones it knows are good."""
        return order.ordered(self.bound, inf_last=True, take=k)

    def only(self, allowed: Flags) -> Bounds:
        """The bounds of the words ``allowed`` allows (one byte or bool a lexicon word: nonzero, allowed)."""
        index, bound = order.copied(self.index), order.copied(self.bound)
        if kernel is not None:
            kept = kernel.keep(index, bound, allowed)
        else:
            flags = bytes(allowed)  # (a copy: the kernel was not built)
            kept = 0
            for j, i in enumerate(index):
                if flags[i]:
                    index[kept], bound[kept] = i, bound[j]
                    kept += 1
        return Bounds(index[:kept], bound[:kept], self.optimism, self.complete)


BOUND_CHUNK = 8192  # signatures bounded between two looks at the clock (``word_bounds``' ``out_of_time``)


def _fit(lex: Lexicon, pool: Pool) -> Fit | None:
    """What of the pool decides the words it might spell (``Fit``); None when it can spell none."""
    st = pool.state
    letter_of = [lex.letter_index.get(p.letter, -1) for p in pool.profiles]
    pool_size = len(st.hand) + len(st.inked)
    fixed: dict[int, int] = {}  # cards that are never wild: classics on either side
    inked: dict[int, int] = {}
    caps: dict[int, int] = {}  # per card letter: how many cards have it (more of it in a word changes nothing)
    missing_inked = 0
    for k, p in enumerate(pool.profiles):
        a, c = letter_of[k], pool.counts[k]
        if a >= 0:
            caps[a] = caps.get(a, 0) + c
        if p.source in (Source.MINE, Source.OTHER) and a >= 0:
            fixed[a] = fixed.get(a, 0) + c
        if p.source is Source.INKED:
            if a >= 0:
                inked[a] = inked.get(a, 0) + c
            else:
                missing_inked += c
    longest = pool_size + sum(fixed.values())
    shortest = max(st.options.min_length, 1, len(st.inked) - st.remover)
    lo, hi = lex.length_range(shortest, longest)
    if hi <= lo or missing_inked > st.remover:
        return None
    return Fit(letter_of, pool_size, fixed, inked, caps, missing_inked, lo, hi)


def word_bounds(
    lex: Lexicon,
    pool: Pool,
    native: bool = True,
    out_of_time: Callable[[], bool] | None = None,
    allowed: Flags | None = None,
) -> Bounds:
    """Every word the pool's state might spell, with an upper bound of its value (``Bounds``): the bound of its
    signature, for the words of lengths the state allows whose letters the inked cards and the classics can fit.
    ``native``: from the compiled kernels where they were built and take the input (the same numbers); False for
    numpy's, the reference (the Python engine's).

    ``out_of_time``: asked between chunks of ``BOUND_CHUNK`` signatures, longest words first (the first chunk is
    always bounded); once it says so, the signatures not reached get the bound +inf and the answer is not
    ``complete``. Each signature's bound is its own: chunks give the same numbers as one pass.

    ``allowed`` (one flag a lexicon word): only the words it allows (``Bounds.only``; in the kernel's pass over the
    words where it is taken)."""
    om = Optimism.of(pool)
    fit = _fit(lex, pool)
    if fit is None:
        return Bounds(empty("q", 0), empty("d", 0), om)
    if native:
        got = _compiled_bounds(lex, pool, om, fit, out_of_time, allowed)
        if got is not None:
            return got
    from solver.search.hardback.bound_numpy import numpy_bounds

    parts = _compiled_parts if native else None
    index, bound, complete = numpy_bounds(lex, pool, om, fit, out_of_time, BOUND_CHUNK, parts, _removers(pool))
    b = Bounds(as_items(index, "q"), as_items(bound, "d"), om, complete)
    return b.only(allowed) if allowed is not None and len(b.index) else b


@dataclass
class _Table:
    """Some signatures taken apart (``kernel.signature_table``): their card letters' counts (rows x n), lengths, the
    letters they can fill and whether the state might spell them (``kernel.feasible``)."""

    counts: bytearray
    lengths: memoryview
    fill: memoryview
    ok: memoryview

    @staticmethod
    def of(keys: memoryview, lex: Lexicon, pool: Pool, fit: Fit, letters: bytes, caps: bytes, shortest: int) -> _Table:
        n, rows = len(keys), lex.columns.rows
        t = _Table(bytearray(rows * n), empty("q", n), empty("q", n), empty("B", n))
        assert kernel is not None
        kernel.signature_table(keys, letters, caps, shortest, rows, t.counts, t.lengths)
        inked, fixed = (array("q", [x for pair in d.items() for x in pair]) for d in (fit.inked, fit.fixed))
        slack = pool.state.remover - fit.missing_inked
        kernel.feasible(t.counts, rows, t.lengths, inked, fixed, fit.pool_size, slack, t.fill, t.ok)
        return t


def _compiled_bounds(
    lex: Lexicon, pool: Pool, om: Optimism, fit: Fit, out_of_time: Callable[[], bool] | None, allowed: Flags | None
) -> Bounds | None:
    """``word_bounds`` in the kernels, over the lexicon's buffers and Python arrays, with no numpy: the signatures
    numbered and taken apart, their feasibility, their cards' parts (``_compiled_parts``), award and removers, then
    each word's; chunks of ``BOUND_CHUNK`` signatures, the longest words first (the keys are in length order). None
    where a kernel was not built or refuses the input (numpy's route then)."""
    sig = signature_keys(lex, fit.lo, fit.hi, fit.caps)
    if sig is None or kernel is None:
        return None
    m = len(sig.keys)
    whole = _Table.of(sig.keys, lex, pool, fit, *sig.parts)
    spans = _spans(whole.ok) if out_of_time is not None else [(0, m)]
    award, removers = _award_table(lex, pool), _removers(pool)
    sig_bound = array("d", [float("-inf")]) * m  # (signatures in no span: none the state might spell)
    out = memoryview(sig_bound)  # (written a span at a time)
    complete = True
    for c, (s0, s1) in enumerate(spans):
        t = whole if (s0, s1) == (0, m) else _Table.of(sig.keys[s0:s1], lex, pool, fit, *sig.parts)
        if c and out_of_time is not None and (not complete or out_of_time()):
            complete = False  # not reached: +inf where the state might spell them
            out[s0:s1] = array("d", [float("inf") if ok else float("-inf") for ok in t.ok])
            continue
        parts = _compiled_parts(pool, om, fit.letter_of, t.counts, lex.columns.rows, s1 - s0, t.lengths, t.fill)
        if parts is None:
            return None
        kernel.finish(parts, t.lengths, t.ok, award, removers, EPS, out[s0:s1])
    n = fit.hi - fit.lo
    index, bound = empty("q", n), empty("d", n)
    if allowed is None:
        kept = kernel.per_word(sig_bound, sig.inverse, fit.lo, index, bound)
    else:
        kept = kernel.per_word(sig_bound, sig.inverse, fit.lo, index, bound, allowed)
    return Bounds(index[:kept], bound[:kept], om, complete)


def _spans(ok: memoryview) -> list[tuple[int, int]]:
    """The signatures in chunks of ``BOUND_CHUNK`` the state might spell (``ok``), the longest words first (the keys
    are in length order): the first chunk holds the longest, each chunk ends where the last began; the shortest
    signatures, when none of them can be spelled, are in none."""
    spans: list[tuple[int, int]] = []
    flags = ok.tobytes()
    end = len(flags)
    while end > 0 and flags.count(1, 0, end):
        lo, hi = 0, end  # the latest start whose span holds BOUND_CHUNK feasible signatures, or 0
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if flags.count(1, mid, end) >= BOUND_CHUNK:
                lo = mid
            else:
                hi = mid - 1
        spans.append((lo, end))
        end = lo
    return spans


_SOURCE = {Source.HAND: 0, Source.INKED: 1, Source.MINE: 2, Source.OTHER: 3}  # _bound_kernel.c's numbers


def _compiled_parts(
    pool: Pool, om: Optimism, letter_of: list[int], counts: object, rows: int, n: int, lengths: object, fill: object
) -> memoryview | None:
    """``bound_numpy._numpy_parts`` in the compiled kernel (``_bound_kernel.c``), signature by signature, with the same
    arithmetic in the same order: the same numbers. ``counts`` (uint8, rows x n, C order), ``lengths`` and ``fill``
    (int64, n) are buffers. None where the kernel was not built or refuses the input (it says so with a ValueError:
    sizes or values beyond what it holds), for numpy to answer."""
    if bound_kernel is None or bound_kernel.MAX_LAMBDAS != MAX_LAMBDAS:
        return None
    profiles, c = pool.profiles, pool.counts
    ints: list[int] = []
    for k, p in enumerate(profiles):
        ints += [letter_of[k], c[k], _SOURCE[p.source], p.pool, p.own, p.genre, om.uncovers[k], *p.uncovers]
        ints.append(p.pool and any(p.uncovers))
    kinds = array("q", ints)
    can_uncover, pattern = empty("B", n), empty("B", n)
    spare, uncoverable, out = empty("q", n), empty("q", n), empty("d", n)
    try:
        present = bound_kernel.patterns(
            kinds, counts, rows, n, lengths, fill, len(pool.state.discard), om.dumps, can_uncover, spare,
            uncoverable, pattern,
        )
        genre_max = genres(pool, letter_of)[0]
        slots = bytearray(b"\xff" * 32)
        doubles: list[int] = []
        floats: list[float] = []
        for p_ in range(32):
            if present >> p_ & 1:
                slots[p_] = len(floats) // (3 * len(profiles) + 1)  # the patterns' places, in order
                kinds_p = pattern_kinds(pool, genre_max, p_)
                doubles += kinds_p.doubles
                floats += [*kinds_p.opt, *kinds_p.per_wild, *kinds_p.step, kinds_p.mine(pool)]
        bound_kernel.parts(
            kinds, bytes(slots), array("q", doubles), array("d", floats), counts, rows, n, lengths, can_uncover, spare,
            uncoverable, pattern, out,
        )
    except ValueError:
        return None
    return out


def _award_table(lex: Lexicon, pool: Pool) -> array[float]:
    """The literary award each length could win, at its weight (empty when none can: a word's award is 0)."""
    st, w = pool.state, pool.weights
    if not (st.options.literary_awards and w.award > 0):
        return array("d")
    rules, held = st.options.rules, st.options.award_held
    return array("d", [w.award * float(award_prestige(L, rules, held)) for L in range(lex.max_length + 1)])


def _removers(pool: Pool) -> float:
    """The removers' worth when spending one is a gain (0 otherwise)."""
    st, w = pool.state, pool.weights
    return -w.remover_spent * min(st.remover, len(st.hand) + len(st.inked)) if w.remover_spent < 0 else 0.0
