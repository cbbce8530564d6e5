"""Upper bounds of every word a Paperback hand might spell, at once, over the lexicon's numpy arrays.

A word's bound is its score before the word factor if every card whose letters it holds were in it with every
bonus it could earn (each double-letter ability adding once the best score of another piece that could stand
beside it: it raises one neighbour's factor by one), and the word factor's bound; it never underestimates, so
the best-first search may stop once the bounds fall below the moves kept.
"""

from __future__ import annotations

import weakref
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from solver.lexicon import Lexicon
from solver.paperback.abilities import Ability, Scoring, Spot
from solver.paperback.cards import PCard
from solver.paperback.moves import (
    CARD_NEXT,
    COMMON_GAIN,
    LENGTH_WEIGHT,
    MAX_FACTOR,
    SCORE_WEIGHT,
    PaperbackObjective,
)
from solver.search.paperback.hand import Hand

FloatArray = npt.NDArray[np.float64]
IntArray = npt.NDArray[np.int64]


@dataclass
class WordBounds:
    """The words any layout could spell (indices into the lexicon), each with an upper bound of its score before
    the word factor (``inner``) and of the word factor (``mult``)."""

    index: IntArray
    inner: FloatArray
    mult: FloatArray


@dataclass
class _Words:
    """What the bound of every candidate word reads: its letters' counts, length, ends and wilds."""

    lex: Lexicon
    idx: IntArray
    lens: FloatArray
    wild_use: FloatArray  # the wilds it may hold
    short: npt.NDArray[np.int16]  # the wilds it must hold (the letters the cards lack)
    first: npt.NDArray[np.int16]
    last: npt.NDArray[np.int16]

    def have(self, ch: str) -> FloatArray:
        """How many of a letter each word holds."""
        a = self.lex.letter_index.get(ch)
        return self.lex.counts[a, self.idx].astype(np.float64) if a is not None else np.zeros(len(self.idx))


# held by the lexicon itself, not by its id: a lexicon freed and another built at the same address with as many
# words would otherwise be given the first one's ends (seen with many small test lexicons)
_ENDS: weakref.WeakKeyDictionary[Lexicon, tuple[npt.NDArray[np.int16], npt.NDArray[np.int16]]] = (
    weakref.WeakKeyDictionary()
)


def word_ends(lex: Lexicon) -> tuple[npt.NDArray[np.int16], npt.NDArray[np.int16]]:
    """The alphabet index of every word's first and last letter (computed once a lexicon)."""
    found = _ENDS.get(lex)
    if found is None or len(found[0]) != len(lex):
        first = np.empty(len(lex), dtype=np.int16)
        last = np.empty(len(lex), dtype=np.int16)
        index = lex.letter_index
        ids: list[int] = []
        firsts: list[int] = []
        lasts: list[int] = []
        for w, kid in lex.trie.iteritems():  # one pass over the trie: ten times faster than a word at a time
            ids.append(kid)
            firsts.append(index[w[0]])
            lasts.append(index[w[-1]])
        at = lex.position[np.array(ids, dtype=np.int64)]
        first[at] = firsts
        last[at] = lasts
        found = (first, last)
        _ENDS[lex] = found
    return found


def feasible(lex: Lexicon, hand: Hand) -> tuple[IntArray, npt.NDArray[np.int16]]:
    """The words the cards' letters and the wilds can cover (indices into the lexicon, by length), each with the
    letters it lacks (wilds needed)."""
    supply = hand.supply()
    capacity = sum(supply.values()) + hand.wilds
    lo, hi = lex.length_range(hand.state.min_length, capacity)
    if hi <= lo:
        return np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int16)
    rows = [(a, min(n, 255)) for ch, n in supply.items() if (a := lex.letter_index.get(ch)) is not None]
    masks = letter_masks(lex)
    if masks is None:
        at: IntArray | slice = slice(lo, hi)
    else:  # first the words lacking at most as many distinct letters as there are wilds (one pass of bits)
        have = sum((1 << a for a, _ in rows), 0)
        lacking = masks[lo:hi] & np.uint32(~have & 0xFFFFFFFF)
        at = np.flatnonzero(_bits(lacking) <= hand.wilds) + lo
        if len(at) > (hi - lo) // 4:  # most words left: the slices read faster than the gathers
            at = slice(lo, hi)
    size = (hi - lo) if isinstance(at, slice) else len(at)
    covered = np.zeros(size, dtype=np.uint8)  # in the lexicon's own bytes: no word is 255 letters long
    part = np.empty(size, dtype=np.uint8)
    for a, n in rows:
        np.add(covered, np.minimum(lex.counts[a, at], n, out=part), out=covered)
    short = np.subtract(lex.lengths[at], covered, out=covered)  # covered <= length: each count is the word's
    found = np.flatnonzero(short <= hand.wilds)
    index = found + lo if isinstance(at, slice) else at[found]
    return index.astype(np.int64), short[found].astype(np.int16)


_RANKS: weakref.WeakKeyDictionary[Lexicon, IntArray] = weakref.WeakKeyDictionary()


def alphabetical_ranks(lex: Lexicon) -> IntArray:
    """Each word's place in alphabetical order (a word before every longer word it begins; made once a lexicon):
    the lexicon's alphabet is sorted, so its letters' indices, each one more and padded with zeros, sort as the
    words do."""
    found = _RANKS.get(lex)
    if found is None or len(found) != len(lex):
        n, width = len(lex), max(lex.max_length, 1)
        lengths = lex.lengths.astype(np.int64)
        padded = np.zeros((n, width), dtype=np.uint8)
        at = np.arange(len(lex.letters)) - np.repeat(lex.offsets[:-1], lengths)
        padded[np.repeat(np.arange(n), lengths), at] = lex.letters + 1  # an alphabet holds at most 250 letters
        order = np.argsort(padded.view(f"S{width}").ravel(), kind="stable")
        found = np.empty(n, dtype=np.int64)
        found[order] = np.arange(n)
        _RANKS[lex] = found
    return found


_MASKS: weakref.WeakKeyDictionary[Lexicon, npt.NDArray[np.uint32]] = weakref.WeakKeyDictionary()
_POPCOUNT = np.array([bin(i).count("1") for i in range(1 << 16)], dtype=np.uint8)


def letter_masks(lex: Lexicon) -> npt.NDArray[np.uint32] | None:
    """Each word's letters as bits (alphabet index a: bit a; made once a lexicon), or None past 32 letters."""
    if len(lex.alphabet) > 32:
        return None
    found = _MASKS.get(lex)
    if found is None or len(found) != len(lex):
        found = np.zeros(len(lex), dtype=np.uint32)
        for a in range(len(lex.alphabet)):
            found |= (lex.counts[a] > 0).astype(np.uint32) << np.uint32(a)
        _MASKS[lex] = found
    return found


def _bits(x: npt.NDArray[np.uint32]) -> npt.NDArray[np.uint8]:
    """How many bits each number holds."""
    if hasattr(np, "bitwise_count"):  # numpy 2
        counted: npt.NDArray[np.uint8] = np.bitwise_count(x)
        return counted
    fallback: npt.NDArray[np.uint8] = _POPCOUNT[x & 0xFFFF] + _POPCOUNT[x >> 16]
    return fallback


def word_bounds(
    lex: Lexicon,
    hand: Hand,
    words: tuple[IntArray, npt.NDArray[np.int16]],
    late: Callable[[], bool],
    pair: bool = False,
) -> WordBounds:
    """The bounds of the ``feasible`` words. With ``pair``, of each as one word of a Spacebar pair: the ``len>=L``
    bonuses left out (the pair adds them for its two words' length together) and every wild of the hand may be in
    the pair (a bonus reading the wilds counts the whole pair's). When ``late()`` turns true part of the way, the
    bounds are ``loose`` ones."""
    idx, short = words
    if not len(idx):
        return WordBounds(idx, np.zeros(0), np.zeros(0))
    lens = lex.lengths[idx].astype(np.float64)
    ends = word_ends(lex)
    wild_use = np.full(len(idx), float(hand.wilds)) if pair else np.minimum(lens, hand.wilds)
    w = _Words(lex, idx, lens, wild_use, short, ends[0][idx], ends[1][idx])
    length_bonus = not pair
    inner = np.zeros(len(idx))
    mult = np.ones(len(idx))
    singles: dict[str, list[FloatArray]] = {}  # per-word worth of each one-letter card, by letter
    for c, n in zip(hand.kinds, hand.counts, strict=True):
        if late():
            return loose(hand, idx)
        usable = _usable(w, c, n)
        per, dw = _card_worth(w, hand, c, length_bonus)
        mult += dw * usable
        if len(c.letters) == 1:
            singles.setdefault(c.letters, []).extend([per] * n)
        else:
            inner += usable * per
    inner += _singles(w, singles)
    if hand.common is not None:
        common_inner, common_mult = _common(w, hand, hand.common, length_bonus)
        inner += common_inner
        mult += common_mult
    inner += hand.dyslexic
    # the word factor: 1 + the double-word abilities the word can hold, at most x3 but with double_words_additive
    return WordBounds(idx, inner, mult if hand.state.double_words_additive else np.minimum(mult, MAX_FACTOR))


def _usable(w: _Words, c: PCard, n: int) -> FloatArray:
    """How many of a card's n copies each word could hold (by its letters)."""
    usable = np.full(len(w.idx), float(n))
    for ch, need in Counter(c.letters).items():
        usable = np.minimum(usable, np.floor(w.have(ch) / need))
    return usable


def _ends(w: _Words, c: PCard, ends_of: set[str] | None) -> tuple[npt.NDArray[np.bool_], npt.NDArray[np.bool_]]:
    """Whether a card can give each word's first letter, and its last (either letter of a two-letter card with a
    Dyslexic, which may reverse it: ``ends_of``)."""
    out = []
    for end, letter in ((w.first, c.letters[0]), (w.last, c.letters[-1])):
        hit = np.zeros(len(w.idx), dtype=bool)
        for ch in ends_of or {letter}:
            hit |= end == w.lex.letter_index.get(ch, -1)
        out.append(hit)
    return out[0], out[1]


def _gain(ab: Ability, spot: Spot, length_bonus: bool) -> FloatArray | float:
    """A bonus's most in each word (none for one that reads the length, without ``length_bonus``)."""
    if ab.effect.by_length and not length_bonus:
        return 0.0
    assert ab.effect.gain is not None
    gain: FloatArray | float = ab.effect.gain(ab, spot)
    return gain


def _card_worth(w: _Words, hand: Hand, c: PCard, length_bonus: bool) -> tuple[FloatArray, int]:
    """The most one copy of a card can add to each word's score before the word factor, and its double-word
    abilities."""
    spot: Spot | None = None  # where it can stand in each word, at best (made for its first bonus)
    per = np.full(len(w.idx), float(c.score))
    double_words = 0
    for ab in c.abilities:
        how = ab.effect.scoring
        if how is Scoring.BONUS:
            if spot is None:
                # a two-letter card reversed by a Dyslexic gives the first (or last) letter with either of its letters
                either = {c.letters[0], c.letters[-1]} if hand.dyslexic and len(c.letters) == 2 else None
                first, last = _ends(w, c, either)
                spot = Spot(first, last, w.short, w.wild_use, w.lens)
            per += _gain(ab, spot, length_bonus)
        elif how is Scoring.LETTER:
            per += hand.top_other(c)  # its neighbour's score once more (one step of its factor)
        elif how is Scoring.WORD:
            double_words += 1
        elif how is Scoring.COPY:
            per += hand.copy_worth()  # the most any ability it could take adds (taken whole)
            double_words += hand.copy_double_word()
    return per, double_words


def _singles(w: _Words, singles: dict[str, list[FloatArray]]) -> FloatArray:
    """What the one-letter cards bring: a word with m of a letter holds at most m one-letter cards of it, the best
    m."""
    out = np.zeros(len(w.idx))
    for ch, rows in singles.items():
        a = w.lex.letter_index.get(ch)
        if a is None:
            continue
        have = np.minimum(w.lex.counts[a, w.idx].astype(np.int64), len(rows))
        best = np.cumsum(-np.sort(-np.vstack(rows), axis=0), axis=0)
        out += np.where(have > 0, best[np.maximum(have - 1, 0), np.arange(len(w.idx))], 0.0)
    return out


def _common(w: _Words, hand: Hand, c: PCard, length_bonus: bool) -> tuple[FloatArray, FloatArray]:
    """What the Common card adds to each word that holds its letters, before the word factor and to it."""
    ok = np.ones(len(w.idx), dtype=bool)
    for ch in c.letters:
        a = w.lex.letter_index.get(ch)
        ok &= w.lex.counts[a, w.idx] > 0 if a is not None else False
    spot = Spot(True, True, 0, w.wild_use, w.lens)  # its bonuses for the ends and for no wild counted whole
    extra = np.zeros(len(w.idx))
    mult = np.zeros(len(w.idx))
    for ab in c.abilities:
        how = ab.effect.scoring
        if how is Scoring.BONUS:
            extra += _gain(ab, spot, length_bonus)
        elif how is Scoring.LETTER:
            extra += hand.top_other(None)
        elif how is Scoring.WORD:
            mult += ok
        elif how is Scoring.COPY:
            extra += hand.copy_worth()
            mult += ok * hand.copy_double_word()
    per = c.score
    return ok * (per + extra), mult


def loose(hand: Hand, idx: IntArray) -> WordBounds:
    """A bound of every word at once, for a search whose deadline passed while it was bounding words one card at a
    time: each card's generous worth, every card and the Common card in the word (never too low)."""
    tables = hand.tables()
    total = sum(v * n for v, n in zip(tables.val, hand.counts, strict=True)) + tables.common_val + hand.dyslexic
    size = len(idx)
    return WordBounds(idx, np.full(size, float(total)), np.full(size, float(hand.factor())))


def keys(lex: Lexicon, hand: Hand, objective: PaperbackObjective, b: WordBounds) -> FloatArray:
    """Each word's bound in the units of ``moves.ranked_value``."""
    lens = lex.lengths[b.index].astype(np.float64)
    score = b.inner * b.mult
    if objective is PaperbackObjective.LENGTH:
        return lens * LENGTH_WEIGHT + score
    if objective is PaperbackObjective.VALUE:
        thr = hand.state.threshold
        gain = np.where(thr <= lens, COMMON_GAIN, 0.0) if thr is not None and hand.state.common else 0.0
        return (score + gain + CARD_NEXT * hand.cards_next()) * SCORE_WEIGHT + lens
    return score * SCORE_WEIGHT + lens
