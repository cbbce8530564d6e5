"""The word bounds in numpy (``solver.search.hardback.bound``'s reference): every signature at once, one numpy
operation over all of them at a time. The Python engine's bounds are these; the compiled engine's are the kernels'
(``bound._compiled_bounds``), the same doubles, and come here only where the kernels refuse their input."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import numpy.typing as npt

from solver.hardback.profile import Pool, Source
from solver.hardback.resolve import EPS, award_prestige
from solver.lexicon import Lexicon
from solver.search.hardback.kinds import MAX_LAMBDAS, Kinds, Optimism, genres, pattern_kinds
from solver.search.hardback.signatures import Fit, per_word, signatures

FloatArray = npt.NDArray[np.float64]
IntArray = npt.NDArray[np.int64]
# ``bound._compiled_parts``: (pool, optimism, letter_of, counts, rows, n, lengths, fill) -> the parts, or None
CompiledParts = Callable[[Pool, Optimism, list[int], object, int, int, object, object], "memoryview | None"]


def numpy_bounds(
    lex: Lexicon,
    pool: Pool,
    om: Optimism,
    fit: Fit,
    out_of_time: Callable[[], bool] | None,
    chunk: int,
    compiled: CompiledParts | None,
    removers: float,
) -> tuple[IntArray, FloatArray, bool]:
    """``bound.word_bounds`` in numpy: the words of ``fit`` the state might spell, their bounds, and whether the
    clock let them all be computed (``chunk`` signatures at a time, longest words first, between looks at
    ``out_of_time``)."""
    st = pool.state
    sig = signatures(lex, fit.lo, fit.hi, fit.caps)
    counts, lengths = sig.counts, sig.lengths
    # feasibility: inked cards must find their letters (removers free the rest); classics fill only their letters
    ok = np.ones(len(lengths), dtype=bool)
    if fit.inked:
        deficit = np.zeros(len(lengths), dtype=np.int64)
        for a, m in fit.inked.items():
            deficit += np.maximum(0, m - counts[a].astype(np.int64))
        ok &= deficit <= st.remover - fit.missing_inked
    fill = np.full(len(lengths), fit.pool_size, dtype=np.int64)
    for a, m in fit.fixed.items():
        fill += np.minimum(counts[a], m)
    ok &= lengths <= fill
    sig_bound = np.full(len(lengths), -np.inf)
    kept = np.nonzero(ok)[0]
    complete = True
    if out_of_time is None or len(kept) <= chunk:
        chunks = [kept] if len(kept) else []
    else:
        longest_first = kept[np.argsort(-lengths[kept], kind="stable")]
        chunks = [longest_first[i : i + chunk] for i in range(0, len(kept), chunk)]
    for c, at in enumerate(chunks):
        if c and out_of_time is not None and out_of_time():
            for rest in chunks[c:]:
                sig_bound[rest] = np.inf
            complete = False
            break
        sig_bound[at] = _signature_bounds(
            lex, pool, om, fit.letter_of, counts[:, at], lengths[at], fill[at], compiled, removers
        )
    sig_bound += EPS
    index, bound = per_word(sig_bound, sig.inverse, fit.lo)
    return index, bound, complete


def chain_starts(
    uncoverers: list[int], pool: Pool, letter_of: list[int], counts: npt.NDArray[np.uint8]
) -> npt.NDArray[np.bool_]:
    """The words where a chain of uncovers can start: an uncoverer face-up on one of the word's letters whose
    uncover needs no genre, or whose genre is active before anything is uncovered (from your classics and the
    cards that could stand face-up on the word's letters, uncovered cards counting only once uncovered)."""
    profiles = pool.profiles
    n = counts.shape[1]
    base = [0, 0, 0, 0]
    held: dict[tuple[int, int], int] = {}  # (genre, letter): own cards from the hand or inked
    for k, p in enumerate(profiles):
        if not p.own or p.genre < 0:
            continue
        if p.source is Source.MINE:
            base[p.genre] += pool.counts[k]
        elif letter_of[k] >= 0:
            held[(p.genre, letter_of[k])] = held.get((p.genre, letter_of[k]), 0) + pool.counts[k]
    face_up = [np.full(n, b, dtype=np.int64) for b in base]
    for (g, a), m in held.items():
        face_up[g] += np.minimum(counts[a], m)
    starts = np.zeros(n, dtype=bool)
    for k in uncoverers:
        p = profiles[k]
        if letter_of[k] < 0:
            continue
        on = counts[letter_of[k]] > 0
        if p.uncovers[0] > 0 or p.genre < 0:
            starts |= on
        elif p.uncovers[1] > 0:
            starts |= on & (face_up[p.genre] >= 2)
    return starts


def _signature_bounds(
    lex: Lexicon,
    pool: Pool,
    om: Optimism,
    letter_of: list[int],
    counts: npt.NDArray[np.uint8],
    lengths: IntArray,
    fill: IntArray,
    compiled: CompiledParts | None,
    removers: float,
) -> FloatArray:
    """The bound of each signature: the cards' part (``_Part``) under the genres that may be active in it and
    its fodder, the award its length could win, the removers' worth.

    The uncover budget is the uncovers the uncoverers could bring: a copy face-up on its letter all of its own, one
    uncovered (from the hand) one less than its own, as it takes one; nothing without a card to start the chain
    (``chain_starts``). The cards uncovered in all are at most that budget and those uncoverers (each brings at
    least the one it takes), and fewer than the letters: the chain starts at a face-up card. A genre may be active
    only where two of your cards of it can stand: your classics in play, at most the word's count of each letter
    from the cards of that letter, and at most as many uncovered as the budget and the uncoverers' own copies
    allow. Where none can be active its cards are bounded as if inactive.

    The cards' parts come from ``compiled`` (``bound._compiled_parts``, the kernel's) when given and it takes the
    input, else from numpy (``_numpy_parts``): the same numbers.
    """
    out: FloatArray | None = None
    if compiled is not None:
        rows, n = counts.shape
        got = compiled(
            pool, om, letter_of, np.ascontiguousarray(counts, dtype=np.uint8), rows, n,
            np.ascontiguousarray(lengths, dtype=np.int64), np.ascontiguousarray(fill, dtype=np.int64),
        )
        out = None if got is None else np.frombuffer(got, dtype=np.float64)  # (a view of the kernel's buffer)
    if out is None:
        out = _numpy_parts(pool, om, letter_of, counts, lengths, fill)
    out += _award(lex, pool, lengths)
    out += removers
    return out


def _numpy_parts(
    pool: Pool,
    om: Optimism,
    letter_of: list[int],
    counts: npt.NDArray[np.uint8],
    lengths: IntArray,
    fill: IntArray,
) -> FloatArray:
    """The cards' part of each signature's bound (``_signature_bounds``) in numpy: the reference."""
    st, profiles = pool.state, pool.profiles
    n = len(lengths)
    uncoverers = [k for k in range(len(profiles)) if om.uncovers[k] > 0]
    can_uncover = chain_starts(uncoverers, pool, letter_of, counts) if uncoverers else np.zeros(n, dtype=bool)
    spare = np.zeros(n, dtype=np.int64)
    passing = np.zeros(n, dtype=np.int64)  # hand or inked uncoverers off their letters: each may be uncovered
    for k in uncoverers:
        a, c, u = letter_of[k], pool.counts[k], om.uncovers[k]
        on = np.minimum(counts[a], c).astype(np.int64) if a >= 0 else np.zeros(n, dtype=np.int64)
        spare += on * u
        if profiles[k].pool:
            spare += (c - on) * (u - 1)
            passing += c - on
    spare[~can_uncover] = 0
    # cards uncovered in all: at most what the uncoverers standing bring, and the chain's first stands face-up
    uncoverable = np.where(can_uncover, np.minimum(spare + passing, lengths - 1), 0)
    genre_max, mine_g, held = genres(pool, letter_of)
    pattern = np.zeros(n, dtype=np.int64)
    for g in range(4):
        if genre_max[g] < 2:
            continue
        on_letters = np.zeros(n, dtype=np.int64)
        for (h, a), m in held.items():
            if h == g:
                on_letters += np.minimum(counts[a], m)
        standing = mine_g[g] + np.minimum(genre_max[g] - mine_g[g], on_letters + uncoverable)
        pattern |= np.where(standing >= 2, 1 << g, 0)
    if om.dumps:  # ``no_fodder`` for each signature (``fill`` counts the classics that could fill letters)
        pattern |= np.where(len(st.discard) + fill - lengths <= 0, 16, 0)
    out = np.zeros(n, dtype=np.float64)
    for p_ in np.unique(pattern).tolist():
        at = np.nonzero(pattern == p_)[0]
        kinds = pattern_kinds(pool, genre_max, p_)
        part = _Part(pool, kinds, letter_of, counts[:, at], lengths[at], can_uncover[at], spare[at], uncoverable[at])
        out[at] = part.bound()
    return out


class _Part:
    """The cards' part of the bound for signatures that share a pattern (``Kinds``).

    For a placement whose standing cards (face-up or uncovered) are S, with W wild cards (face-down, uncovered
    ones included) and e doublings on cards with per-wild specials, the cards bring at most

        mine + omega_e * W + sum over S of opt + e * plain + (what the other doublings add)

    where ``mine`` is your classics in play at their most, ``omega_e`` what a wild brings to the per-wild specials
    that could be in play when those cards are doubled e times over, ``plain`` the most such a doubling adds
    besides. W is the word's length less its face-up cards, so each face-up card counts ``opt - omega_e`` and each
    uncovered one ``opt - omega_e`` plus a wild's ``omega_e`` (credited once for each uncover the word could hold).
    The other doublings come from the doublers in S, ``doubles`` each, and each adds a step of a card that can
    stand (each card twice at most); for any price ``lam`` >= 0 they add at most ``lam`` for each doubling ability
    in S plus what the best steps beat ``lam`` by, over as many as the word's doublers could bring (a Lagrangian
    split). With the price in the cards' worth, the best S is found greedily (``_greedy``): the cards that fit a
    word in any order form a matroid. Every price gives an upper bound, so the least of a few is one; every e
    could be the placement's, so the most over e is one.
    """

    def __init__(
        self,
        pool: Pool,
        kinds: Kinds,
        letter_of: list[int],
        counts: npt.NDArray[np.uint8],
        lengths: IntArray,
        can_uncover: npt.NDArray[np.bool_],
        spare: IntArray,
        uncoverable: IntArray,
    ) -> None:
        self.pool, self.kinds, self.letter_of = pool, kinds, letter_of
        self.counts, self.lengths, self.can_uncover = counts, lengths, can_uncover
        self.spare, self.uncoverable = spare, uncoverable
        self.n = len(lengths)
        profiles = pool.profiles
        self.passing = [p.pool and any(p.uncovers) for p in profiles]

    def can_stand(self, k: int) -> npt.NDArray[np.bool_]:
        """The signatures where card k can stand face-up: on a letter of its own, or a hand card uncovered."""
        a = self.letter_of[k]
        on = self.counts[a] > 0 if a >= 0 else np.zeros(self.n, dtype=bool)
        return on | self.can_uncover if self.pool.profiles[k].pool else on

    def bound(self) -> FloatArray:
        pool, kinds = self.pool, self.kinds
        profiles, c = pool.profiles, pool.counts
        own = [k for k, p in enumerate(profiles) if p.own]
        mine = kinds.mine(pool)
        stand = {k: self.can_stand(k) for k in own}
        # per-wild specials: in play from your classics, or from a card that can stand; doubled if it can stand
        wilds = [k for k in own if kinds.per_wild[k] > 0]
        omega0 = np.zeros(self.n, dtype=np.float64)
        doubled_wilds = np.zeros(self.n, dtype=np.int64)
        for k in wilds:
            present = np.ones(self.n, dtype=bool) if profiles[k].source is Source.MINE else stand[k]
            omega0 += np.where(present, kinds.per_wild[k] * c[k], 0.0)
            doubled_wilds += np.where(stand[k], c[k], 0)
        doublers = [k for k in own if kinds.doubles[k] > 0]
        cap = np.zeros(self.n, dtype=np.int64)
        for k in doublers:
            cap += np.where(stand[k], kinds.doubles[k] * c[k], 0)
        lone = doublers[0] if len(doublers) == 1 and c[doublers[0]] == 1 else -1  # never doubles itself
        targets = sorted(((kinds.step[k], k) for k in own if k != lone and kinds.step[k] > 0), key=lambda x: -x[0])
        e_max = np.minimum(cap, 2 * doubled_wilds)
        top_e = int(e_max.max()) if doublers and wilds else 0
        per_wild = max((kinds.per_wild[k] for k in wilds), default=0.0)
        plain = max((kinds.step[k] for k in wilds), default=0.0)
        lams = [0.0]
        if doublers:
            lams += sorted({s for s, _ in targets}, reverse=True)[:MAX_LAMBDAS]
        best = np.full(self.n, -np.inf)
        for e in range(top_e + 1):
            omega = omega0 + e * per_wild if e else omega0
            wild_part = omega * (self.lengths + self.uncoverable) + e * plain
            least = np.full(self.n, np.inf)
            for lam in lams:
                value = wild_part + self._greedy(lam, omega) + self._steps(lam, np.maximum(cap - e, 0), targets, stand)
                np.minimum(least, value - lam * e, out=least)
            np.maximum(best, np.where(e_max >= e, least, -np.inf), out=best)
        return mine + best

    def _steps(
        self, lam: float, cap: IntArray, targets: list[tuple[float, int]], stand: dict[int, npt.NDArray[np.bool_]]
    ) -> FloatArray:
        """What the best steps of the cards that can stand beat ``lam`` by, over ``cap`` doublings at most (a card
        takes two)."""
        out = np.zeros(self.n, dtype=np.float64)
        used = np.zeros(self.n, dtype=np.int64)
        c = self.pool.counts
        for s, k in targets:
            if s <= lam:
                break
            t = np.where(stand[k], np.clip(cap - used, 0, 2 * c[k]), 0)
            out += t * (s - lam)
            used += t
        return out

    def _greedy(self, lam: float, omega: FloatArray) -> FloatArray:
        """The most a set of cards that fits the word brings, each card ``opt - omega`` plus ``lam`` for each of its
        doubling abilities (your classics in play only that price, their ``opt`` being counted apart).

        A set fits when it has at most L cards and each card stands on a letter of its own (no more cards than the
        word has of that letter) or is uncovered: the hand's uncoverers for free where a chain can start (each takes
        one uncover and brings one at least, which the budget counts), every other card taking one of the budget's
        uncovers (a classic too, which only loosens the bound). These sets are the independent sets of a matroid
        (a transversal one, truncated), on which the greedy choice, best card first, is optimal.
        """
        pool, kinds = self.pool, self.kinds
        profiles, c = pool.profiles, pool.counts
        units: list[tuple[float, int]] = []
        for k, p in enumerate(profiles):
            if p.source is Source.MINE:
                if kinds.doubles[k] and lam > 0:
                    units.extend((lam * kinds.doubles[k], k) for _ in range(c[k]))
            else:
                units.extend((kinds.opt[k] + lam * kinds.doubles[k], k) for _ in range(c[k]))
        units.sort(key=lambda x: (-x[0], x[1]))
        n = self.n
        total = np.zeros(n, dtype=np.float64)
        taken = np.zeros(n, dtype=np.int64)
        spare = self.spare.copy()
        on_letter: dict[int, IntArray] = {}
        for v, k in units:
            worth = v - omega
            gain = worth > 0
            if not gain.any():
                break
            a = self.letter_of[k]
            if a >= 0:
                filled = on_letter.setdefault(a, np.zeros(n, dtype=np.int64))
                on = filled < self.counts[a]
            else:
                on = np.zeros(n, dtype=bool)
            room = gain & (taken < self.lengths)
            if self.passing[k]:
                over = self.can_uncover
                take = room & (on | over)
                if a >= 0:
                    filled += take & ~over
            else:
                take = room & (on | (spare > 0))
                if a >= 0:
                    filled += take & on
                spare -= take & ~on
            np.add(total, worth, out=total, where=take)
            taken += take
        return total


def _award(lex: Lexicon, pool: Pool, lengths: IntArray) -> FloatArray | float:
    """The literary award a word's length could win, at its weight."""
    st, w = pool.state, pool.weights
    if not (st.options.literary_awards and w.award > 0):
        return 0.0
    table = np.array(
        [award_prestige(L, st.options.rules, st.options.award_held) for L in range(lex.max_length + 1)],
        dtype=np.float64,
    )
    result: FloatArray = w.award * table[lengths]
    return result
