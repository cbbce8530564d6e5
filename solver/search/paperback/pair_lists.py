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
from solver.search.paperback.hand import EVER, Hand
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
        every, none = self.cards.limit[None, :], np.zeros(1, dtype=np.bool_)
        self.top_factor = float(self.cards.factor(every)[0])
        self.top = float(self.score(self.cards.tight(every, none), self.top_factor)[0])
        self.best = float(self.ranked(self.top, self.capacity + 1))  # no pair's bound is more
        inner = self.cards.tight(every, ~none)  # nor a pair's with a wild more than this
        self.with_wild = float(self.ranked(self.score(inner, self.top_factor), self.capacity + 1)[0])
        self.short = self.lens - np.minimum(self.counts, self.cards.limit).sum(axis=1)  # the wilds each word needs
        lacking = self.cards.without()[:BITS]  # a letter left out
        inner = self.cards.tight(lacking, np.zeros(len(lacking), dtype=np.bool_))
        self.lacking = self.ranked(self.score(inner, self.cards.factor(lacking)), self.capacity + 1)
        self._holders: dict[int, IntArray] = {0: np.arange(len(b.index))}
        self._pools: dict[tuple[int, int], tuple[IntArray, IntArray]] = {}
        self.work = 0  # pairs listed

    def score(self, inner: FloatArray, factor: FloatArray | float) -> FloatArray:
        """A pair's score bound from its cards' bound and factor."""
        out: FloatArray = (inner + self.flat) * factor
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
        wilds = self.hand.wilds if self.with_wild >= level - EPS else 0  # the most a pair that can reach it needs
        for a, x in self._candidates(anchors, need, wilds):
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

    def _candidates(self, anchors: IntArray, need: int, wilds: int) -> Iterator[tuple[IntArray, IntArray]]:
        """Each anchor with every word holding the required letters it lacks, no longer than the letters it leaves
        and needing no more than the ``wilds`` it leaves, about CHUNK pairs at a time (a pair needs at least the
        wilds of its two words alone); ``TooManyPairs`` past MAX_WORK pairs listed in all."""
        anchors = anchors[self.short[anchors] <= wilds]
        lacks, which = np.unique(need & ~self.masks[anchors], return_inverse=True)
        group = which * (wilds + 1) + (wilds - self.short[anchors])  # by the letters lacking and the wilds left
        order = np.argsort(group, kind="stable")
        anchors, group = anchors[order], group[order]
        kinds = np.unique(group)
        held = [self._pool(int(lacks[g // (wilds + 1)]), int(g % (wilds + 1))) for g in kinds.tolist()]
        room = self.capacity - self.lens[anchors]
        counts = np.empty(len(anchors), dtype=np.int64)
        bounds = np.append(np.searchsorted(group, kinds), len(group))
        for k, (_, lens) in enumerate(held):  # the partners of an anchor: a prefix of its pool (by length)
            counts[bounds[k] : bounds[k + 1]] = np.searchsorted(lens, room[bounds[k] : bounds[k + 1]], side="right")
        self.work += int(counts.sum())
        if self.work > MAX_WORK:
            raise TooManyPairs
        sizes = np.array([len(p) for p, _ in held], dtype=np.int64)
        pool = np.concatenate([p for p, _ in held]) if held else np.zeros(0, dtype=np.int64)
        offset = np.repeat(np.cumsum(sizes) - sizes, np.diff(bounds))
        ends = np.cumsum(counts)
        start = 0
        while start < len(anchors):
            stop = max(int(np.searchsorted(ends, ends[start] - counts[start] + CHUNK, side="right")), start + 1)
            c = counts[start:stop]
            total = int(c.sum())
            if total:
                at = np.arange(total) - np.repeat(np.cumsum(c) - c, c) + np.repeat(offset[start:stop], c)
                yield np.repeat(anchors[start:stop], c), pool[at]
            start = stop

    def _pool(self, lack: int, wilds: int) -> tuple[IntArray, IntArray]:
        """The words holding the letters ``lack`` and needing at most ``wilds`` wilds, in increasing length, and
        their lengths (remembered)."""
        found = self._pools.get((lack, wilds))
        if found is None:
            words = self._holding(lack)
            if wilds < self.hand.wilds:
                words = words[self.short[words] <= wilds]
            found = self._pools[(lack, wilds)] = (words, self.lens[words])
        return found

    def _holding(self, lack: int) -> IntArray:
        """The words holding the letters ``lack``, in increasing length (remembered; made from those holding all
        but the lowest of them)."""
        found = self._holders.get(lack)
        if found is None:
            low = lack & -lack
            found = self._holding(lack ^ low)
            found = self._holders[lack] = found[(self.masks[found] & low) != 0]
        return found

    def _bounds(self, a: IntArray, x: IntArray, level: float, before: float) -> Pairs:
        """The pairs (a, x) that fit in the cards and whose bound is at least ``level`` and under ``before``, with
        their bounds: first from the words' bounds (the factor at its most), then from the letters together
        (``loose``, then for the pairs it leaves ``tight``) and the factor they allow."""
        length = self.lens[a] + self.lens[x]
        words = np.minimum(self.u[a] + self.u[x], self.cards.total[0])
        near = self.ranked(self.score(words, self.top_factor), length + 1) >= level
        a, x, length, words = a[near], x[near], length[near], words[near]
        both = self.counts[a] + self.counts[x]
        np.minimum(both, self.cards.limit, out=both)
        short = length - both.sum(axis=1)  # the wilds the pair needs
        fits = short <= self.hand.wilds
        a, x, both, length, words, wild = a[fits], x[fits], both[fits], length[fits], words[fits], short[fits] > 0
        inner = np.minimum(words, self.cards.loose(both, wild))
        factor = self.cards.factor(both)
        near = self.ranked(self.score(inner, factor), length + 1) >= level
        a, x, both, length, wild = a[near], x[near], both[near], length[near], wild[near]
        inner, factor = inner[near], factor[near]
        bound = self.ranked(self.score(np.minimum(inner, self.cards.tight(both, wild)), factor), length + 1)
        keep = (bound >= level) & (bound < before)
        return a[keep], x[keep], bound[keep]

def length_bonuses(hand: Hand) -> list[tuple[Ability, int]]:
    """Every bonus of the hand that reads the word's length (``len>=L``; the table's ``by_length``), with the copies
    held: a Spacebar pair's two words count their letters together for it."""
    return [
        (a, n) for c, n in zip(hand.kinds, hand.counts, strict=True) for a in c.abilities if a.effect.by_length
    ]


def wilds_bonuses(hand: Hand) -> bool:
    """Whether a bonus of the hand gains more with more wilds in the word (``wilds:+N``): a word of a pair may hold
    fewer wilds than the pair, whose wilds it reads."""
    few, many = Spot(True, True, 0, 0, EVER), Spot(True, True, 0, hand.wilds, EVER)
    bonuses = [a for c in hand.kinds for a in c.abilities if a.effect.gain is not None]
    return any(_gain(a, many) > _gain(a, few) for a in bonuses)


def _gain(a: Ability, at: Spot) -> int:
    assert a.effect.gain is not None
    return int(a.effect.gain(a, at))
