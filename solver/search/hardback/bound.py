"""Upper bounds of every word's value at once, over the lexicon's numpy arrays.

A word's bound depends only on its length and, for each letter some card has, how many times the word holds it
(capped by the cards of that letter): its *signature*. Words are grouped by signature and each signature is
bounded once (``_signature_bounds``). The bound of a signature is the most a set of cards could bring that fits
the word in any order of its letters: each card on a letter of its own or uncovered while the uncovers last (one
uncover budget for all, from the uncoverers that can stand), at most L cards; a genre active only where two of
its cards can stand; doubles credited through a Lagrangian split (``_Part``) so that a doubler brings its
doubles only where it can stand within the same budget; and per-wild specials (Mystery N) credited per letter
that could be wild, their doubling apart from the cards'. Each step relaxes the rules, never tightens them, so
the bound never underestimates and the best-first search that reads words in decreasing bound may stop as soon
as the bound falls below the best value found.
"""

from __future__ import annotations

import itertools
from array import array
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from solver.hardback.benefits import Tally
from solver.hardback.objectives import Weights
from solver.hardback.profile import Pool, Profile, Source
from solver.hardback.resolve import EPS, award_prestige
from solver.lexicon import Lexicon
from solver.search.hardback.native import bound_kernel as bound_kernel  # (re-exported: bench_bound_kernel swaps it)
from solver.search.hardback.signatures import per_word, signatures

FloatArray = npt.NDArray[np.float64]
IntArray = npt.NDArray[np.int64]


@dataclass
class Optimism:
    """Per kind of card, the most it can bring in any word: the ground of every bound.

    ``opt`` is its value at factor 1 with its genre active when it can be (the player holds two cards of
    the genre) and its specials at their most, except the per-wild ones, which are ``per_wild`` for each
    wild card; ``opt_no_dump`` the same without its dumps, for words that leave nothing to dump (see
    ``no_fodder``); ``step`` is the most one doubling adds; ``uncovers`` and ``doubles`` are the abilities it
    may have.
    """

    opt: list[float]
    opt_no_dump: list[float]
    per_wild: list[float]
    step: list[float]
    uncovers: list[int]
    doubles: list[int]
    pool_size: int
    can_activate: list[bool]  # per genre: does the player hold two cards of it?
    wild_steps: list[tuple[tuple[float, float], ...]]  # per kind: ``step`` by the wild cards in the word (Mystery N)

    @staticmethod
    def of(pool: Pool) -> Optimism:
        st = pool.state
        genre_max = [0, 0, 0, 0]
        for p, n in zip(pool.profiles, pool.counts, strict=True):
            if p.own and p.genre >= 0:
                genre_max[p.genre] += n
        pool_size = len(st.hand) + len(st.inked)
        inked = len(st.inked) - len(st.imposed)  # the cards drawn with ink (not rivals' letters)
        counts = (genre_max[0], genre_max[1], genre_max[2], genre_max[3])
        cards = sum(pool.counts)  # the most letters a word may hold cards on
        w = pool.weights
        token = _token(w)
        opt, opt_no_dump, per_wild, step, uncovers, doubles = [], [], [], [], [], []
        wild_steps: list[tuple[tuple[float, float], ...]] = []
        for p in pool.profiles:
            if not p.own:
                wild_steps.append(())
                opt.append(max(0.0, w.classic_sent_home))
                opt_no_dump.append(opt[-1])
                per_wild.append(0.0)
                step.append(0.0)
                uncovers.append(0)
                doubles.append(0)
                continue
            o, o_no_dump, pw, s, u, d, ws = _optimism_of(p, counts, w, token, inked, pool_size, cards)
            opt.append(o)
            opt_no_dump.append(o_no_dump)
            per_wild.append(pw)
            step.append(s)
            uncovers.append(u)
            doubles.append(d)
            wild_steps.append(ws)
        return Optimism(
            opt, opt_no_dump, per_wild, step, uncovers, doubles, pool_size, [c >= 2 for c in counts], wild_steps
        )

    @property
    def dumps(self) -> bool:
        """Does any card's optimism count on a dump?"""
        return self.opt != self.opt_no_dump


MEMO_CAP = 1024  # numbers remembered on a profile (``Profile.remembered``) before they are forgotten at once
_tokens: dict[Weights, int] = {}  # weights by a number of their own (hashing Weights each time costs a microsecond)
_new_token = itertools.count()  # never twice the same number: a forgotten token is never taken by other weights


def _token(w: Weights) -> int:
    """A number of these weights' own, for the keys of what is remembered on profiles."""
    t = _tokens.get(w)
    if t is None:
        if len(_tokens) >= MEMO_CAP:
            _tokens.clear()
        t = _tokens[w] = next(_new_token)
    return t


_OptimismNumbers = tuple[float, float, float, float, int, int, tuple[tuple[float, float], ...]]


def _optimism_of(
    p: Profile, counts: tuple[int, int, int, int], w: Weights, token: int, inked: int, pool_size: int, cards: int
) -> _OptimismNumbers:
    """``Optimism.of``'s numbers for a card of your own (opt, opt_no_dump, per_wild, step, uncovers, doubles,
    wild_steps), remembered on its profile by what they read of the turn (``Profile.reading``: the pool's size
    stands for the wild cards) and the weights (``token``, ``_token``): they depend on nothing else."""
    reach = Tally(counts, pool_size, inked, cards)  # the turn at its most: every card of the pool wild
    key = ("optimism", p.reading(reach), token)
    memo = p.remembered
    got: _OptimismNumbers | None = memo.get(key)
    if got is None:
        kept = max(0.0, w.classic_kept) if p.pool and p.card.timeless else 0.0
        flat = Tally(counts, 0, inked, cards)  # per-wild specials apart: ``per_wild`` credits them
        got = (
            p.optimistic(flat, w) + kept,
            p.optimistic(flat, w, dumps=False) + kept,
            p.optimistic_per_wild(reach, w),
            p.optimistic_step(reach, w),
            p.abilities(reach, "uncovers"),
            p.abilities(reach, "doubles"),
            p.step_by_wilds(reach, w),
        )
        if len(memo) >= MEMO_CAP:
            memo.clear()
        memo[key] = got
    return got


def no_fodder(pool: Pool, length: int, classics_fill: int) -> bool:
    """Does every placement of a word of ``length`` letters leave nothing to dump?

    A dump trashes a card from the discard pile, to which the hand cards left out of the word go first; every
    letter holds a hand or inked card (face-up or wild) unless a classic fills it, so at most
    ``classics_fill`` of them (the classics that could stand on the word's letters) leave a hand card out.
    """
    st = pool.state
    return len(st.discard) + len(st.hand) + len(st.inked) - length + classics_fill <= 0


@dataclass
class Bounds:
    """The words a state might spell (lexicon indices) and their upper bounds, with the optimism behind them.
    ``complete`` False: the clock stopped their computation (``word_bounds``' ``out_of_time``), and the words it
    did not reach have the bound +inf, which no word's value passes (an exact search stays exact, only slower)."""

    index: IntArray
    bound: FloatArray
    optimism: Optimism
    complete: bool = True

    def promising(self, k: int) -> IntArray:
        """The positions of the k words with the best bounds, best first (ties in the lexicon's order), the words
        whose bound was never computed (+inf) last: an answer cut short lays out the ones it knows are good."""
        key = np.where(self.bound == np.inf, -np.inf, self.bound)
        return np.argsort(-key, kind="stable")[:k]


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


BOUND_CHUNK = 8192  # signatures bounded between two looks at the clock (``word_bounds``' ``out_of_time``)


def word_bounds(
    lex: Lexicon, pool: Pool, native: bool = True, out_of_time: Callable[[], bool] | None = None
) -> Bounds:
    """Every word the pool's state might spell, with an upper bound of its value (``Bounds``): the bound of its
    signature (``_signature_bounds``), for the words of lengths the state allows whose letters the inked cards and
    the classics can fit. ``native``: the signatures' bounds from the compiled kernel where it was built (the same
    numbers); False for numpy's, the reference (the Python engine's).

    ``out_of_time``: asked between chunks of ``BOUND_CHUNK`` signatures, longest words first (the first chunk is
    always bounded); once it says so, the signatures not reached get the bound +inf and the answer is not
    ``complete``. Each signature's bound is its own: chunks give the same numbers as one pass."""
    st = pool.state
    om = Optimism.of(pool)
    empty = Bounds(np.zeros(0, np.int64), np.zeros(0, np.float64), om)
    profiles = pool.profiles
    letter_of = [lex.letter_index.get(p.letter, -1) for p in profiles]
    pool_size = len(st.hand) + len(st.inked)
    fixed_letters: dict[int, int] = {}  # cards that are never wild: classics on either side
    inked_letters: dict[int, int] = {}
    caps: dict[int, int] = {}  # per card letter: how many cards have it (more of it in a word changes nothing)
    missing_inked = 0
    for k, p in enumerate(profiles):
        a, c = letter_of[k], pool.counts[k]
        if a >= 0:
            caps[a] = caps.get(a, 0) + c
        if p.source in (Source.MINE, Source.OTHER) and a >= 0:
            fixed_letters[a] = fixed_letters.get(a, 0) + c
        if p.source is Source.INKED:
            if a >= 0:
                inked_letters[a] = inked_letters.get(a, 0) + c
            else:
                missing_inked += c
    longest = pool_size + sum(fixed_letters.values())
    shortest = max(st.options.min_length, 1, len(st.inked) - st.remover)
    lo, hi = lex.length_range(shortest, longest)
    if hi <= lo or missing_inked > st.remover:
        return empty
    sig = signatures(lex, lo, hi, caps)
    counts, lengths = sig.counts, sig.lengths
    # feasibility: inked cards must find their letters (removers free the rest); classics fill only their letters
    ok = np.ones(len(lengths), dtype=bool)
    if inked_letters:
        deficit = np.zeros(len(lengths), dtype=np.int64)
        for a, m in inked_letters.items():
            deficit += np.maximum(0, m - counts[a].astype(np.int64))
        ok &= deficit <= st.remover - missing_inked
    fill = np.full(len(lengths), pool_size, dtype=np.int64)
    for a, m in fixed_letters.items():
        fill += np.minimum(counts[a], m)
    ok &= lengths <= fill
    sig_bound = np.full(len(lengths), -np.inf)
    kept = np.nonzero(ok)[0]
    complete = True
    if out_of_time is None or len(kept) <= BOUND_CHUNK:
        chunks = [kept] if len(kept) else []
    else:
        longest_first = kept[np.argsort(-lengths[kept], kind="stable")]
        chunks = [longest_first[i : i + BOUND_CHUNK] for i in range(0, len(kept), BOUND_CHUNK)]
    for c, at in enumerate(chunks):
        if c and out_of_time is not None and out_of_time():
            for rest in chunks[c:]:
                sig_bound[rest] = np.inf
            complete = False
            break
        sig_bound[at] = _signature_bounds(lex, pool, om, letter_of, counts[:, at], lengths[at], fill[at], native)
    sig_bound += EPS
    index, bound = per_word(sig_bound, sig.inverse, lo)
    return Bounds(index, bound, om, complete)


@dataclass
class _Kinds:
    """Per kind of card, what it may bring in the words of one pattern (the genres that may be active there, and
    whether a dump finds fodder): ``opt`` its most at factor 1 without its per-wild specials, ``per_wild`` what
    those bring for each wild card (at least 0), ``step`` the most one doubling adds without them, ``doubles`` its
    doubling abilities. Your classics in play count ``opt`` outside the word too."""

    opt: list[float]
    per_wild: list[float]
    step: list[float]
    doubles: list[int]

    @staticmethod
    def of(pool: Pool, counts: tuple[int, int, int, int], dumps: bool) -> _Kinds:
        """``counts``: per genre, how many of the player's cards may count for it in these words (a genre is active
        only at 2); without ``dumps`` no dump finds a card to trash."""
        st, w = pool.state, pool.weights
        inked = len(st.inked) - len(st.imposed)  # the cards drawn with ink (not rivals' letters)
        reach = Tally(counts, 0, inked, sum(pool.counts))  # no wild cards: ``per_wild`` credits them
        token = _token(w)
        opt, per_wild, step, doubles = [], [], [], []
        for p in pool.profiles:
            if not p.own:
                opt.append(max(0.0, w.classic_sent_home))
                per_wild.append(0.0)
                step.append(0.0)
                doubles.append(0)
                continue
            o, pw, s, d = _kinds_of(p, reach, w, token, dumps)
            opt.append(o)
            per_wild.append(pw)
            step.append(s)
            doubles.append(d)
        return _Kinds(opt, per_wild, step, doubles)

    def mine(self, pool: Pool) -> float:
        """Your classics in play at their most."""
        return sum(self.opt[k] * pool.counts[k] for k, p in enumerate(pool.profiles) if p.source is Source.MINE)


def _kinds_of(p: Profile, reach: Tally, w: Weights, token: int, dumps: bool) -> tuple[float, float, float, int]:
    """``_Kinds.of``'s numbers for a card of your own (opt, per_wild, step, doubles), remembered on its profile by
    what they read of the turn (``Profile.reading`` of ``reach``, with no wild cards), the weights (``token``,
    ``_token``) and ``dumps``."""
    key = ("kinds", p.reading(reach), token, dumps)
    memo = p.remembered
    got: tuple[float, float, float, int] | None = memo.get(key)
    if got is None:
        kept = max(0.0, w.classic_kept) if p.pool and p.card.timeless else 0.0
        got = (
            p.optimistic(reach, w, dumps=dumps) + kept,
            max(0.0, p.optimistic_per_wild(reach, w)),
            p.optimistic_step(reach, w),
            p.abilities(reach, "doubles"),
        )
        if len(memo) >= MEMO_CAP:
            memo.clear()
        memo[key] = got
    return got


def _signature_bounds(
    lex: Lexicon,
    pool: Pool,
    om: Optimism,
    letter_of: list[int],
    counts: npt.NDArray[np.uint8],
    lengths: IntArray,
    fill: IntArray,
    native: bool = True,
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

    The cards' parts come from the compiled kernel (``_compiled_parts``) when ``native`` and it was built and takes
    the input, else from numpy (``_numpy_parts``): the same numbers.
    """
    out = _compiled_parts(pool, om, letter_of, counts, lengths, fill) if native else None
    if out is None:
        out = _numpy_parts(pool, om, letter_of, counts, lengths, fill)
    out += _award(lex, pool, lengths)
    out += _removers(pool)
    return out


def _genres(pool: Pool, letter_of: list[int]) -> tuple[list[int], list[int], dict[tuple[int, int], int]]:
    """Per genre, your cards of it and your classics of it in play; per (genre, letter), your cards of it from the
    hand or inked."""
    genre_max = [0, 0, 0, 0]
    mine_g = [0, 0, 0, 0]
    held: dict[tuple[int, int], int] = {}
    for k, p in enumerate(pool.profiles):
        if not p.own or p.genre < 0:
            continue
        genre_max[p.genre] += pool.counts[k]
        if p.source is Source.MINE:
            mine_g[p.genre] += pool.counts[k]
        elif letter_of[k] >= 0:
            held[(p.genre, letter_of[k])] = held.get((p.genre, letter_of[k]), 0) + pool.counts[k]
    return genre_max, mine_g, held


def _pattern_kinds(pool: Pool, genre_max: list[int], pattern: int) -> _Kinds:
    """The kinds of a pattern: genre g active where its bit g is set (and two cards of it exist), no fodder where
    bit 4 is."""
    counts = (
        genre_max[0] if pattern & 1 else min(genre_max[0], 1),
        genre_max[1] if pattern & 2 else min(genre_max[1], 1),
        genre_max[2] if pattern & 4 else min(genre_max[2], 1),
        genre_max[3] if pattern & 8 else min(genre_max[3], 1),
    )
    return _Kinds.of(pool, counts, dumps=not pattern & 16)


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
    genre_max, mine_g, held = _genres(pool, letter_of)
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
        kinds = _pattern_kinds(pool, genre_max, p_)
        part = _Part(pool, kinds, letter_of, counts[:, at], lengths[at], can_uncover[at], spare[at], uncoverable[at])
        out[at] = part.bound()
    return out


_SOURCE = {Source.HAND: 0, Source.INKED: 1, Source.MINE: 2, Source.OTHER: 3}  # _bound_kernel.c's numbers


def _compiled_parts(
    pool: Pool,
    om: Optimism,
    letter_of: list[int],
    counts: npt.NDArray[np.uint8],
    lengths: IntArray,
    fill: IntArray,
) -> FloatArray | None:
    """``_numpy_parts`` in the compiled kernel (``_bound_kernel.c``), signature by signature, with the same
    arithmetic in the same order: the same numbers. None where the kernel was not built or refuses the input (it
    says so with a ValueError: sizes or values beyond what it holds), for numpy to answer."""
    if bound_kernel is None or bound_kernel.MAX_LAMBDAS != MAX_LAMBDAS:
        return None
    profiles, c = pool.profiles, pool.counts
    ints: list[int] = []
    for k, p in enumerate(profiles):
        ints += [letter_of[k], c[k], _SOURCE[p.source], p.pool, p.own, p.genre, om.uncovers[k], *p.uncovers]
        ints.append(p.pool and any(p.uncovers))
    kinds = array("q", ints)
    rows, n = counts.shape
    counts = np.ascontiguousarray(counts, dtype=np.uint8)
    lengths = np.ascontiguousarray(lengths, dtype=np.int64)
    can_uncover = np.empty(n, dtype=np.uint8)
    pattern = np.empty(n, dtype=np.uint8)
    spare = np.empty(n, dtype=np.int64)
    uncoverable = np.empty(n, dtype=np.int64)
    out = np.empty(n, dtype=np.float64)
    try:
        present = bound_kernel.patterns(
            kinds, counts, rows, n, lengths, np.ascontiguousarray(fill, dtype=np.int64), len(pool.state.discard),
            om.dumps, can_uncover, spare, uncoverable, pattern,
        )
        genre_max = _genres(pool, letter_of)[0]
        slots = bytearray(b"\xff" * 32)
        doubles: list[int] = []
        floats: list[float] = []
        for p_ in range(32):
            if present >> p_ & 1:
                slots[p_] = len(floats) // (3 * len(profiles) + 1)  # the patterns' places, in order
                kinds_p = _pattern_kinds(pool, genre_max, p_)
                doubles += kinds_p.doubles
                floats += [*kinds_p.opt, *kinds_p.per_wild, *kinds_p.step, kinds_p.mine(pool)]
        bound_kernel.parts(
            kinds, bytes(slots), array("q", doubles), array("d", floats), counts, rows, n, lengths, can_uncover, spare,
            uncoverable, pattern, out,
        )
    except ValueError:
        return None
    return out


MAX_LAMBDAS = 4  # prices of a doubling tried per signature (besides 0)


class _Part:
    """The cards' part of the bound for signatures that share a pattern (``_Kinds``).

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
        kinds: _Kinds,
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


def _removers(pool: Pool) -> float:
    """The removers' worth when spending one is a gain (0 otherwise)."""
    st, w = pool.state, pool.weights
    return -w.remover_spent * min(st.remover, len(st.hand) + len(st.inked)) if w.remover_spent < 0 else 0.0
