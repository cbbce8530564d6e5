"""Upper bounds of every word's value at once, over the lexicon's numpy arrays.

A word's bound is what its cards could bring if every card whose letter the word holds were face-up with its
genre active and its specials at their most, every uncover found a card, and every doubler doubled the best
card twice over; and as a word of L letters holds at most L cards, what its cards bring is at most what the L
best cards could (the smaller of the two counts). It never underestimates, so the best-first search that reads
words in decreasing bound may stop as soon as the bound falls below the best value found.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from solver.hardback.profile import Pool, Source
from solver.hardback.resolve import EPS, award_prestige
from solver.lexicon import Lexicon
from solver.search.native import kernel

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
        inked = len(st.inked)
        counts = (genre_max[0], genre_max[1], genre_max[2], genre_max[3])
        w = pool.weights
        opt, opt_no_dump, per_wild, step, uncovers, doubles = [], [], [], [], [], []
        wild_steps: list[tuple[tuple[float, float], ...]] = []
        for p in pool.profiles:
            wild_steps.append(p.step_by_wilds(counts, w, inked) if p.own else ())
            if not p.own:
                opt.append(max(0.0, w.classic_sent_home))
                opt_no_dump.append(opt[-1])
                per_wild.append(0.0)
                step.append(0.0)
                uncovers.append(0)
                doubles.append(0)
                continue
            kept = max(0.0, w.classic_kept) if p.pool and p.card.timeless else 0.0
            opt.append(p.optimistic(counts, w, 0, inked) + kept)
            opt_no_dump.append(p.optimistic(counts, w, 0, inked, dumps=False) + kept)
            per_wild.append(p.optimistic_per_wild(counts, w))
            step.append(p.optimistic_step(counts, w, pool_size, inked))
            uncovers.append(p.abilities(counts, "uncovers"))
            doubles.append(p.abilities(counts, "doubles"))
        return Optimism(
            opt, opt_no_dump, per_wild, step, uncovers, doubles, pool_size, [c >= 2 for c in counts], wild_steps
        )

    @property
    def dumps(self) -> bool:
        """Does any card's optimism count on a dump?"""
        return self.opt != self.opt_no_dump


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
    """The words a state might spell (lexicon indices) and their upper bounds, with the optimism behind them."""

    index: IntArray
    bound: FloatArray
    optimism: Optimism


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


@dataclass
class _Words:
    """What every part of the bound reads: the candidate words' letter counts and lengths, the pool, and which
    cards' letters (``letter_of``, alphabet indices; -1 for none) and abilities they may use."""

    pool: Pool
    om: Optimism
    letter_of: list[int]
    counts: npt.NDArray[np.uint8]  # letters x words
    lengths: IntArray
    fill: IntArray  # letters the hand, the inked cards and the classics could fill
    can_uncover: npt.NDArray[np.bool_]  # a chain of uncovers can start in the word
    uncoverers: list[int]
    uncover_abilities: int
    wild: FloatArray  # per letter, what the per-wild specials give a wild
    of_word: IntArray | None = None  # per candidate word, its signature (an index into the arrays above)

    @property
    def n(self) -> int:
        return len(self.lengths)

    @property
    def has_wild(self) -> bool:
        return bool(self.wild.any())

    def worth(self, value: float) -> FloatArray | float:
        """What a card of optimism ``value`` brings on a letter that could hold a wild instead."""
        return np.maximum(value - self.wild, 0.0) if self.has_wild else max(value, 0.0)


def word_bounds(lex: Lexicon, pool: Pool) -> Bounds:
    """Every word the pool's state might spell, with an upper bound of its value (``Bounds``)."""
    st = pool.state
    om = Optimism.of(pool)
    empty = Bounds(np.zeros(0, np.int64), np.zeros(0, np.float64), om)
    words = _candidates(lex, pool, om)
    if words is None:
        return empty
    w, keep, lo = words
    bound = np.zeros(w.n, dtype=np.float64)
    if w.has_wild:
        bound += w.wild * w.lengths + np.where(w.can_uncover, w.wild * w.uncover_abilities, 0.0)
    whole = _cards_part(w, om.opt)
    if om.dumps:  # ``no_fodder`` for every word at once (``fill`` counts the classics that could fill letters)
        starved = len(st.discard) + w.fill - w.lengths <= 0
        if starved.any():
            whole = np.where(starved, _cards_part(w, om.opt_no_dump), whole)
    bound += _with_doubles(w, whole)
    bound += _award(lex, pool, w.lengths)
    bound += _removers(pool)
    by_word = bound[w.of_word] if w.of_word is not None else bound
    return Bounds((keep + lo).astype(np.int64), by_word + EPS, om)


def _candidates(lex: Lexicon, pool: Pool, om: Optimism) -> tuple[_Words, IntArray, int] | None:
    """The words of lengths the state allows whose letters the inked cards and the classics can fit (None when
    there are none), with their positions among those lengths and the first length's start.

    The bound is computed once a *signature* (``_signatures``), not once a word: the words of a 12-card hand fall
    into a few thousand signatures. ``_Words`` holds the signatures; the words' positions come with them."""
    st = pool.state
    profiles = pool.profiles
    letter_of = [lex.letter_index.get(p.letter, -1) for p in profiles]
    pool_size = len(st.hand) + len(st.inked)
    fixed_letters: dict[int, int] = {}  # cards that are never wild: classics on either side
    inked_letters: dict[int, int] = {}
    for k, p in enumerate(profiles):
        if p.source in (Source.MINE, Source.OTHER) and letter_of[k] >= 0:
            fixed_letters[letter_of[k]] = fixed_letters.get(letter_of[k], 0) + pool.counts[k]
    missing_inked = 0
    for k, p in enumerate(profiles):
        if p.source is Source.INKED:
            if letter_of[k] >= 0:
                inked_letters[letter_of[k]] = inked_letters.get(letter_of[k], 0) + pool.counts[k]
            else:
                missing_inked += pool.counts[k]
    longest = pool_size + sum(fixed_letters.values())
    shortest = max(st.options.min_length, 1, len(st.inked) - st.remover)
    lo, hi = lex.length_range(shortest, longest)
    if hi <= lo or missing_inked > st.remover:
        return None
    caps: dict[int, int] = {}  # per card letter, how many cards have it
    for k in range(len(profiles)):
        if letter_of[k] >= 0:
            caps[letter_of[k]] = caps.get(letter_of[k], 0) + pool.counts[k]
    counts, lengths, inverse = _signatures(lex, lo, hi, caps)
    n = len(lengths)
    # feasibility: inked cards must find their letters (removers free the rest); classics fill only their letters
    ok = np.ones(n, dtype=bool)
    if inked_letters:
        deficit = np.zeros(n, dtype=np.int64)
        for a, m in inked_letters.items():
            deficit += np.maximum(0, m - counts[a].astype(np.int64))
        ok &= deficit <= st.remover - missing_inked
    fill = np.full(n, pool_size, dtype=np.int64)
    for a, m in fixed_letters.items():
        fill += np.minimum(counts[a], m)
    ok &= lengths <= fill
    if not ok.any():
        return None
    # from here on, only the signatures that pass, and the words of those
    keep_sig = np.nonzero(ok)[0]
    renumber = np.full(n, -1, dtype=np.int64)
    renumber[keep_sig] = np.arange(len(keep_sig))
    of_word = renumber[inverse]
    keep = np.nonzero(of_word >= 0)[0]
    counts, lengths, fill = counts[:, keep_sig], lengths[keep_sig], fill[keep_sig]
    words = _words(pool, om, letter_of, counts, lengths, fill)
    words.of_word = of_word[keep]
    return words, keep, lo


DENSE_SIGNATURES = 1 << 22  # signature spaces up to this size are counted in a table, larger ones sorted


def _signatures(
    lex: Lexicon, lo: int, hi: int, caps: dict[int, int]
) -> tuple[npt.NDArray[np.uint8], IntArray, IntArray]:
    """The distinct signatures of words lo..hi-1 (length, and each card letter's count capped by the cards that
    have it: everything a bound reads), as letter counts (other letters 0) and lengths, and each word's signature.

    A bound depends on a word only through its signature: it asks of a card letter only whether the word holds it
    at least as many times as some number of cards having it, never more than ``caps`` of them."""
    letters = sorted(caps)
    first, last = int(lex.lengths[lo]), int(lex.lengths[hi - 1])
    space = last - first + 1
    for a in letters:
        space *= caps[a] + 1
    in_c = (
        kernel is not None
        and space <= DENSE_SIGNATURES
        and all(caps[a] < 256 for a in letters)
        and lex.counts.dtype == np.uint8
        and lex.lengths.dtype == np.uint8
        and lex.counts.flags.c_contiguous
    )
    if in_c and kernel is not None:  # one pass in C
        keys = np.empty(space, dtype=np.int64)
        inverse = np.empty(hi - lo, dtype=np.int64)
        m = kernel.signatures(
            lex.counts,
            lex.counts.shape[1],
            lo,
            hi,
            lex.lengths,
            first,
            bytes(letters),
            bytes(caps[a] for a in letters),
            space,
            keys,
            inverse,
        )
        unique: IntArray = keys[:m]
    else:
        unique, inverse = _numbered(lex, lo, hi, caps, letters, first, space)
    counts = np.zeros((lex.counts.shape[0], len(unique)), dtype=np.uint8)
    rest = unique.copy()
    for a in reversed(letters):
        counts[a] = rest % (caps[a] + 1)
        rest //= caps[a] + 1
    return counts, (rest + first).astype(np.int64), inverse.astype(np.int64, copy=False)


def _numbered(
    lex: Lexicon, lo: int, hi: int, caps: dict[int, int], letters: list[int], first: int, space: int
) -> tuple[IntArray, IntArray]:
    """``_signatures`` in numpy: the distinct keys in increasing order, and each word's number among them."""
    # the key in place, in the narrowest type that holds it (this pass reads every candidate word)
    key: IntArray = lex.lengths[lo:hi].astype(np.int32 if space < 2**31 else np.int64)
    np.subtract(key, first, out=key)
    capped = np.empty(hi - lo, dtype=np.uint8)
    for a in letters:
        np.multiply(key, caps[a] + 1, out=key)
        np.minimum(lex.counts[a, lo:hi], caps[a], out=capped)
        np.add(key, capped, out=key)
    if space <= DENSE_SIGNATURES:
        seen = np.zeros(space, dtype=bool)
        seen[key] = True
        unique = np.flatnonzero(seen)
        number = np.zeros(space, dtype=np.int64)
        number[unique] = np.arange(len(unique))
        return unique, number[key]
    unique, inverse = np.unique(key, return_inverse=True)
    return unique, inverse


def _words(
    pool: Pool, om: Optimism, letter_of: list[int], counts: npt.NDArray[np.uint8], lengths: IntArray, fill: IntArray
) -> _Words:
    """The words' uncovers (a card that uncovers must stand face-up in the word: a chain starts there) and
    per-wild specials (Mystery N: every letter could be a wild worth ``wild``, a face-up card then brings its value
    less that; an uncovered card brings both)."""
    profiles = pool.profiles
    n = len(lengths)
    uncoverers = [k for k in range(len(profiles)) if om.uncovers[k] > 0]
    can_uncover = chain_starts(uncoverers, pool, letter_of, counts) if uncoverers else np.zeros(n, dtype=bool)
    uncover_abilities = sum(om.uncovers[k] * pool.counts[k] for k in uncoverers)
    wild = np.zeros(n, dtype=np.float64)
    for k in range(len(profiles)):
        if om.per_wild[k] > 0:
            if profiles[k].source is Source.MINE:
                present = np.ones(n, dtype=bool)
            else:
                present = counts[letter_of[k]] > 0 if letter_of[k] >= 0 else np.zeros(n, dtype=bool)
                if profiles[k].pool:
                    present = present | can_uncover
            wild += np.where(present, om.per_wild[k] * pool.counts[k], 0.0)
    return _Words(pool, om, letter_of, counts, lengths, fill, can_uncover, uncoverers, uncover_abilities, wild)


def _units(w: _Words, opt: list[float]) -> list[tuple[float, int]]:
    """Every card held or inked (not your classics in play) of positive optimism, one a copy, the best first."""
    profiles, pool = w.pool.profiles, w.pool
    units = sorted(
        ((opt[k], k) for k, p in enumerate(profiles) if p.source is not Source.MINE for _ in range(pool.counts[k])),
        key=lambda x: (-x[0], x[1]),
    )
    return [(v, k) for v, k in units if v > 0]


def _cards_part(w: _Words, opt: list[float]) -> FloatArray:
    """What the cards bring under per-card optimism ``opt``: your classics in play, and those in the word, at most
    what the L best of them could."""
    pool = w.pool
    mine = sum(opt[k] * pool.counts[k] for k, p in enumerate(pool.profiles) if p.source is Source.MINE)
    units = _units(w, opt)
    # what the cards in the word bring, apart from the classics in play and the per-wild, double and award terms
    part = np.zeros(w.n, dtype=np.float64)
    # per letter, the best cards that letter's occurrences could take
    by_letter: dict[int, list[float]] = {}
    ranked: list[tuple[float, int, int, int]] = []  # every card: value, letter, rank among its letter's, kind
    for value, k in units:
        same = by_letter.setdefault(w.letter_of[k], [])
        same.append(value)
        ranked.append((value, w.letter_of[k], len(same), k))
    for a, values in by_letter.items():
        if a < 0:
            continue
        if w.has_wild:
            for i, value in enumerate(values):
                np.add(part, w.worth(value), out=part, where=w.counts[a] > i)
        else:
            table = np.full(256, sum(values), dtype=np.float64)  # by the letter's count in the word (uint8)
            table[: len(values) + 1] = np.concatenate(([0.0], np.cumsum(values)))
            part += table[w.counts[a]]
    if w.uncover_abilities and w.can_uncover.any():
        _add_uncovered(w, ranked, part)
    return mine + np.minimum(part, _best_l(w, units))


def _add_uncovered(w: _Words, ranked: list[tuple[float, int, int, int]], part: FloatArray) -> None:
    """Into ``part``, the cards uncovered: those their letters cannot take compete for the uncovers, the best
    first. With the letters' own best cards this is the most any set of cards that fits can bring (a matroid,
    where greedy is exact; classics, which cannot be uncovered, are let compete too, which only loosens the bound).
    Uncovers come from the uncoverers on letters of the word; an uncoverer from the hand that is itself uncovered
    uses one uncover and brings one, so it joins whenever any uncover is there."""
    om, pool, counts, n = w.om, w.pool, w.counts, w.n
    spare = np.zeros(n, dtype=np.int16)
    for k in w.uncoverers:
        if w.letter_of[k] >= 0:
            spare += np.where(counts[w.letter_of[k]] > 0, om.uncovers[k] * pool.counts[k], 0).astype(np.int16)
    spare[~w.can_uncover] = 0
    passes_on = {k for k in w.uncoverers if pool.profiles[k].pool}
    for k in passes_on:  # a house card with more than one uncover brings more than it uses
        if om.uncovers[k] > 1:
            spare += np.where(w.can_uncover, (om.uncovers[k] - 1) * pool.counts[k], 0).astype(np.int16)
    for value, a, rank, k in ranked:
        over = counts[a] < rank if a >= 0 else np.ones(n, dtype=bool)
        if k in passes_on:
            np.add(part, w.worth(value), out=part, where=over & w.can_uncover)
            continue
        take = over & (spare > 0)
        np.add(part, w.worth(value), out=part, where=take)
        spare -= take


def _best_l(w: _Words, units: list[tuple[float, int]]) -> FloatArray:
    """A word of L letters holds at most L cards: at most the L best cards' worth."""
    if w.has_wild:
        best_l = np.zeros(w.n, dtype=np.float64)
        for i, (value, _) in enumerate(units):
            np.add(best_l, w.worth(value), out=best_l, where=w.lengths > i)
        return best_l
    prefix_units = np.concatenate(([0.0], np.cumsum([v for v, _ in units])))
    result: FloatArray = prefix_units[np.minimum(w.lengths, len(units))]
    return result


def _with_doubles(w: _Words, whole: FloatArray) -> FloatArray:
    """The cards' part with what their doublings add (``_doubled``); without per-wild specials, at most what the L
    best cards could bring with their doublings."""
    doublers = [k for k in range(len(w.pool.profiles)) if w.om.doubles[k] > 0]
    if not doublers:
        return whole
    doubled = _doubled(w, doublers)
    if w.has_wild:
        return whole + doubled
    return np.minimum(whole + doubled, _augmented_best_l(w))


def _can_stand(w: _Words, k: int) -> npt.NDArray[np.bool_]:
    """The words where card k can stand face-up: on a letter of its own, or a hand card uncovered."""
    on = w.counts[w.letter_of[k]] > 0 if w.letter_of[k] >= 0 else np.zeros(w.n, dtype=bool)
    return on | w.can_uncover if w.pool.profiles[k].pool else on


def _doubled(w: _Words, doublers: list[int]) -> FloatArray:
    """Each doubling ability adds at most the best step of a card that can stand face-up in the word, a card taking
    at most two; a card never doubles itself, so a lone doubler's own step is out of its reach."""
    om, pool, n = w.om, w.pool, w.n
    doubled = np.zeros(n, dtype=np.float64)
    abilities = np.zeros(n, dtype=np.int64)
    for k in doublers:
        abilities += np.where(_can_stand(w, k), om.doubles[k] * pool.counts[k], 0)
    lone = doublers[0] if len(doublers) == 1 and pool.counts[doublers[0]] == 1 else -1
    targets = sorted(
        ((om.step[k], k) for k, p in enumerate(pool.profiles) if p.own and k != lone and om.step[k] > 0),
        key=lambda x: (-x[0], x[1]),
    )
    taken = np.zeros(n, dtype=np.int64)
    for value, k in targets:
        room = _can_stand(w, k) & (taken < abilities)
        if not room.any():
            continue
        for _ in range(2 * pool.counts[k]):
            take = room & (taken < abilities)
            np.add(doubled, value, out=doubled, where=take)
            taken += take
    return doubled


def _augmented_best_l(w: _Words) -> FloatArray:
    """A doubler takes a letter too: each card credited with what its doublings could add, the most the L best of
    those bring (with your classics in play)."""
    om, pool, profiles, step = w.om, w.pool, w.pool.profiles, w.om.step

    def augmented(k: int) -> float:
        others = [step[j] for j, p in enumerate(profiles) if p.own and (j != k or pool.counts[j] > 1)]
        return om.opt[k] + om.doubles[k] * max(0.0, *others)

    mine = sum(augmented(k) * pool.counts[k] for k, p in enumerate(profiles) if p.source is Source.MINE)
    held = [k for k, p in enumerate(profiles) if p.source is not Source.MINE for _ in range(pool.counts[k])]
    aug = sorted((augmented(k) for k in held), reverse=True)
    prefix = np.concatenate(([0.0], np.cumsum([max(0.0, v) for v in aug])))
    result: FloatArray = mine + prefix[np.minimum(w.lengths, len(aug))]
    return result


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
