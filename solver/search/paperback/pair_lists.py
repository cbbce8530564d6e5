"""The Spacebar pairs of a search's words whose bound reaches a level, listed at once (``Listing.listed``).

A pair's bound (in the units of ``moves.ranked_value``) reads its two words' letters together
(``pair_bounds.PairCards``: the cards they can hold between them, each once, and the word factor those cards
allow), the words' own bounds, and its length. Listing a high level is cheap: a pair lacking a letter whose cards
it needs cannot reach it (``Listing.required``), so one word of every pair holds the rarest such letter (an
anchor) and the other every one the first lacks, and is no longer than the letters the first leaves; the words
holding a set of letters are found from those holding all but one of them (and remembered).
"""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np
import numpy.typing as npt

import solver.paperback.moves as moves
from solver.lexicon import Lexicon
from solver.paperback.abilities import Ability, Spot
from solver.paperback.moves import PaperbackObjective
from solver.search.paperback.bounds import FloatArray, IntArray, WordBounds, alphabetical_ranks
from solver.search.paperback.hand import Hand
from solver.search.paperback.pair_bounds import Counts, PairCards

MAX_PAIRS = 200_000  # Spacebar pairs solved before a search gives up exactness
MAX_WORK = MAX_PAIRS * 50  # pairs listed (by their letters) before it gives up too
CHUNK = 1 << 16  # pairs bounded at once
EPS = 1e-6  # slack for the rounding of bounds in floating point: a test that prunes gives way by it
BITS = 62  # letters a word's presence bits hold (the first 62 of the cards' letters; the rest never required)
Pairs = tuple[IntArray, IntArray, FloatArray]  # first words, second words (places in ``Listing.index``), bounds


class TooManyPairs(Exception):  # noqa: N818 - a signal, not an error
    """More pairs could beat the moves kept than a search looks at."""


class Late(Exception):  # noqa: N818 - a signal, not an error
    """The search's limits passed."""


class Listing:
    """A search's words (``WordBounds``) as a Spacebar pair's words, under one objective."""

    def __init__(self, lex: Lexicon, hand: Hand, objective: PaperbackObjective, b: WordBounds) -> None:
        self.hand = hand
        self.by_length = objective is PaperbackObjective.LENGTH
        self.cards = PairCards.of(hand, lex.letter_index)
        self.index, self.u = b.index, b.inner
        self.lens = lex.lengths[b.index].astype(np.int64)  # in increasing length: the lexicon's order
        rows = np.array(self.cards.rows, dtype=np.int64)
        self.counts: Counts = np.ascontiguousarray(lex.counts[np.ix_(rows, b.index)].T, dtype=np.int16).reshape(
            len(b.index), len(rows)
        )
        present = self.counts[:, :BITS] > 0
        self.masks = (present.astype(np.int64) << np.arange(present.shape[1], dtype=np.int64)).sum(axis=1)
        self.holding = present.sum(axis=0)  # the words holding each letter
        self.ranks = alphabetical_ranks(lex)  # every lexicon word's
        self.rank = self.ranks[b.index]
        self.capacity = sum(hand.supply().values()) + hand.wilds
        # what a pair can earn beyond its cards: the Spacebar's +1 and every len>=L bonus a pair can reach (a pair
        # is at most every card's letter and the space long), before the word factor; under value, gaining the
        # Common card and the cards next hand after it
        longest = Spot(True, True, 0, hand.wilds, self.capacity + 1)
        self.flat = 1.0 + sum(_gain(a, longest) * n for a, n in length_bonuses(hand))
        self.after = 0.0
        if objective is PaperbackObjective.VALUE:
            self.after = moves.COMMON_GAIN + moves.CARD_NEXT * hand.cards_next()
        every = self.cards.limit[None, :]
        self.top_factor = float(self.cards.factor(every)[0])
        self.top = float(self.score(self.cards.tight(every), self.cards.factor(every))[0])
        self.best = float(self.ranked(self.top, self.capacity + 1))  # no pair's bound is more
        lacking = self.cards.without()[:BITS]  # a letter left out
        self.lacking = self.ranked(self.score(self.cards.tight(lacking), self.cards.factor(lacking)), self.capacity + 1)
        self._holders: dict[int, tuple[IntArray, IntArray]] = {0: (np.arange(len(b.index)), self.lens)}
        self.work = 0  # pairs listed

    def score(self, inner: FloatArray, factor: FloatArray | float) -> FloatArray:
        """A pair's score bound from its cards' bound and factor."""
        out: FloatArray = (np.minimum(inner, self.cards.total) + self.flat) * factor
        return out

    def ranked(self, score: FloatArray | float, length: IntArray | int) -> FloatArray:
        """A score bound and a length in the units of ``moves.ranked_value``."""
        if self.by_length:
            return np.asarray(length * moves.LENGTH_WEIGHT + score, dtype=np.float64)
        return np.asarray((score + self.after) * moves.SCORE_WEIGHT + length, dtype=np.float64)

    def required(self, level: float) -> int:
        """The letters (as presence bits) a pair must hold to reach ``level``: those without which the hand's
        letters bound a pair under it."""
        return int(sum(1 << int(a) for a in np.flatnonzero(self.lacking < level - EPS)))

    def next_level(self, level: float, gap: float) -> float:
        """``gap`` under ``level``, or higher: just above the next bound of a pair lacking a letter (down to there
        the same letters are required)."""
        below = self.lacking[self.lacking < level - 3 * EPS]
        return max(level - gap, float(below.max()) + 2 * EPS) if len(below) else level - gap

    def listed(self, level: float, before: float, firsts: IntArray | None, after: int) -> Pairs:
        """The pairs whose bound is at least ``level`` and under ``before``: with ``firsts``, those whose first
        word is one of them; else every one whose first word's alphabetical rank is over ``after``. ``Late`` (from
        ``late``) and ``TooManyPairs`` when listing goes past the limits."""
        need = self.required(level)
        inside: npt.NDArray[np.bool_] | None = None  # which words are anchors, when not all are
        anchors = firsts if firsts is not None else np.arange(len(self.index))
        if need and firsts is None:
            bits = [a for a in range(len(self.holding)) if need >> a & 1]
            inside = (self.masks & 1 << min(bits, key=lambda a: int(self.holding[a]))) != 0
            anchors = np.flatnonzero(inside)
        found: list[Pairs] = []
        for a, x in self._candidates(anchors, need):
            first, second, bound = self._bounds(a, x, level, before)
            if firsts is None:
                ahead = self.rank[first] > after
                found.append((first[ahead], second[ahead], bound[ahead]))
            else:
                found.append((first, second, bound))
            if inside is not None:  # the partner first, unless it is an anchor (which lists that pair itself)
                other = ~inside[second] & (self.rank[second] > after)
                found.append((second[other], first[other], bound[other]))
        if not found:
            empty = np.zeros(0, dtype=np.int64)
            return empty, empty, np.zeros(0)
        return tuple(np.concatenate([p[k] for p in found]) for k in range(3))  # type: ignore[return-value]

    def _candidates(self, anchors: IntArray, need: int) -> Iterator[tuple[IntArray, IntArray]]:
        """Each anchor with every word holding the required letters it lacks and no longer than the letters it
        leaves, about CHUNK pairs at a time; ``TooManyPairs`` past MAX_WORK pairs listed in all."""
        lacks = need & ~self.masks[anchors]
        kinds, which = np.unique(lacks, return_inverse=True)
        order = np.argsort(which, kind="stable")
        anchors, which = anchors[order], which[order]
        room = self.capacity - self.lens[anchors]
        held = [self._holding(int(lack)) for lack in kinds.tolist()]
        pools = [p for p, _ in held]
        sizes = np.array([len(p) for p in pools], dtype=np.int64)
        pool = np.concatenate(pools) if pools else np.zeros(0, dtype=np.int64)
        starts = np.cumsum(sizes) - sizes
        counts = np.empty(len(anchors), dtype=np.int64)
        bounds = np.searchsorted(which, np.arange(len(kinds) + 1))
        for k, (_, lens) in enumerate(held):  # the partners of an anchor: a prefix of its pool (by length)
            counts[bounds[k] : bounds[k + 1]] = np.searchsorted(lens, room[bounds[k] : bounds[k + 1]], side="right")
        self.work += int(counts.sum())
        if self.work > MAX_WORK:
            raise TooManyPairs
        ends = np.cumsum(counts)
        offset = starts[which]
        start = 0
        while start < len(anchors):
            stop = max(int(np.searchsorted(ends, ends[start] - counts[start] + CHUNK, side="right")), start + 1)
            c = counts[start:stop]
            total = int(c.sum())
            if total:
                at = np.arange(total) - np.repeat(np.cumsum(c) - c, c) + np.repeat(offset[start:stop], c)
                yield np.repeat(anchors[start:stop], c), pool[at]
            start = stop

    def _holding(self, lack: int) -> tuple[IntArray, IntArray]:
        """The words holding the letters ``lack``, in increasing length, and their lengths (remembered; made from
        those holding all but the lowest of them)."""
        found = self._holders.get(lack)
        if found is None:
            low = lack & -lack
            words = self._holding(lack ^ low)[0]
            words = words[(self.masks[words] & low) != 0]
            found = self._holders[lack] = (words, self.lens[words])
        return found

    def _bounds(self, a: IntArray, x: IntArray, level: float, before: float) -> Pairs:
        """The pairs (a, x) that fit in the cards and whose bound is at least ``level`` and under ``before``, with
        their bounds: first from the words' bounds (the factor at its most), then from the letters together
        (``loose``, then for the pairs it leaves ``tight``) and the factor they allow."""
        length = self.lens[a] + self.lens[x]
        words = self.u[a] + self.u[x]
        near = self.ranked(self.score(words, self.top_factor), length + 1) >= level
        a, x, length, words = a[near], x[near], length[near], words[near]
        both = self.counts[a] + self.counts[x]
        np.minimum(both, self.cards.limit, out=both)
        fits = length - both.sum(axis=1) <= self.hand.wilds
        a, x, both, length, words = a[fits], x[fits], both[fits], length[fits], words[fits]
        inner = np.minimum(words, self.cards.loose(both))
        factor = self.cards.factor(both)
        near = self.ranked(self.score(inner, factor), length + 1) >= level
        a, x, both, length, inner, factor = a[near], x[near], both[near], length[near], inner[near], factor[near]
        bound = self.ranked(self.score(np.minimum(inner, self.cards.tight(both)), factor), length + 1)
        keep = (bound >= level) & (bound < before)
        return a[keep], x[keep], bound[keep]


def length_bonuses(hand: Hand) -> list[tuple[Ability, int]]:
    """Every bonus of the hand that reads the word's length (``len>=L``; the table's ``by_length``), with the copies
    held: a Spacebar pair's two words count their letters together for it."""
    return [
        (a, n) for c, n in zip(hand.kinds, hand.counts, strict=True) for a in c.abilities if a.effect.by_length
    ]


def _gain(a: Ability, at: Spot) -> int:
    assert a.effect.gain is not None
    return int(a.effect.gain(a, at))
