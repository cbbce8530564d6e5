"""What a Spacebar pair's cards can bring, from its two words' letters counted together.

The two words of a pair share the hand: each card is in one of them at most, so the cards a pair holds must fit
in its letters together, as in one word of those letters. ``PairCards`` bounds that from the letter counts alone
(each card at its ``Hand.generous`` worth, the ``len>=L`` bonuses left to the pair's flat part): the one-letter
cards of a letter as many of the best as the letter occurs, the two-letter cards in every way they can be laid
(how many of each), or, when there are too many ways, each two-letter card's worth split between its two letters;
and the word factor of the double-word cards whose letters fit. Both grow with the counts (more letters hold at
least the same cards), so a pair lacking a letter is worth no more than the hand's letters with that one left out
(``PairCards.without``).
"""

from __future__ import annotations

import itertools
from collections import Counter
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from solver.paperback.moves import MAX_FACTOR
from solver.search.paperback.bounds import FloatArray
from solver.search.paperback.hand import Hand

Counts = npt.NDArray[np.int16]
MAX_WAYS = 32  # ways of laying the two-letter cards tried one by one; past them their worths are split


@dataclass
class PairCards:
    """The hand's cards by the letters they take: the letters (``rows``: alphabet indices; a pair's letter counts
    are a row of ``len(rows)`` numbers, each at most ``limit``), what the cards bring to them and to the factor."""

    rows: list[int]
    limit: Counts  # how many of each letter the cards give
    split: FloatArray  # [letter, k]: the most k of a letter can hold, a two-letter card counted half on each letter
    singles: FloatArray  # [letter, k]: the best k one-letter cards of a letter
    ways: Counts  # [way, letter]: the letters each way of laying the two-letter cards takes ...
    worth: FloatArray  # ... and what it brings; empty past MAX_WAYS ways (``split`` alone then)
    doublers: list[tuple[int, int, list[tuple[int, int]]]]  # (factor steps a copy, copies, [(letter, needed)])
    total: float  # every card the letters can take, and the Dyslexics' +1 each
    dyslexic: float

    @staticmethod
    def of(hand: Hand, letter_index: dict[str, int]) -> PairCards:
        """The cards of a Spacebar hand (no Common letter card) over a lexicon's letters; a card with a letter the
        lexicon lacks is in no word and counts for nothing."""
        assert hand.common is None
        supply = hand.supply()
        letters = [ch for ch in supply if ch in letter_index]
        col = {ch: a for a, ch in enumerate(letters)}
        limit = np.array([supply[ch] for ch in letters], dtype=np.int16)
        tables = hand.tables()
        units: list[list[float]] = [[] for _ in letters]  # the split worths, by letter
        ones: list[list[float]] = [[] for _ in letters]
        twos: list[tuple[list[int], int, float]] = []
        doublers: list[tuple[int, int, list[tuple[int, int]]]] = []
        total = float(hand.dyslexic)
        for k, (c, n) in enumerate(zip(hand.kinds, hand.counts, strict=True)):
            if any(ch not in col for ch in c.letters):
                continue
            v = _worth(hand, k)
            total += v * n
            cols = [col[ch] for ch in c.letters]
            for a in cols:
                units[a] += [v / len(cols)] * n
            if len(cols) == 1:
                ones[cols[0]] += [v] * n
            else:
                twos.append((cols, n, v))
            if tables.dw[k]:
                doublers.append((tables.dw[k], n, sorted(Counter(cols).items())))
        top = int(limit.max()) if len(limit) else 0
        ways, worth = _ways(twos, len(letters))
        return PairCards(
            [letter_index[ch] for ch in letters],
            limit,
            _best(units, top),
            _best(ones, top),
            ways,
            worth,
            doublers,
            total,
            float(hand.dyslexic),
        )

    def loose(self, both: Counts) -> FloatArray:
        """A bound of the cards' worth in each row of letter counts (each at most ``limit``): ``split``."""
        found: FloatArray = self.split[np.arange(len(self.rows)), both].sum(axis=1) + self.dyslexic
        return found

    def tight(self, both: Counts) -> FloatArray:
        """A tighter bound (no larger than ``loose``): the best way of laying the two-letter cards, the best
        one-letter cards on the letters it leaves."""
        if not len(self.worth):
            return self.loose(both)
        best = np.full(len(both), -np.inf)
        letters = np.arange(len(self.rows))
        for way, worth in zip(self.ways, self.worth.tolist(), strict=True):
            rest = both - way
            found = self.singles[letters, np.maximum(rest, 0)].sum(axis=1) + worth
            np.maximum(best, np.where((rest >= 0).all(axis=1), found, -np.inf), out=best)
        out: FloatArray = best + self.dyslexic
        return out

    def factor(self, both: Counts) -> FloatArray:
        """The most the word factor can be with each row's letters: the double-word cards they can hold."""
        f = np.ones(len(both))
        for steps, copies, needs in self.doublers:
            usable = np.full(len(both), copies, dtype=np.int64)
            for a, k in needs:
                usable = np.minimum(usable, both[:, a] // k)
            f += steps * usable
        out: FloatArray = np.minimum(f, MAX_FACTOR)
        return out

    def without(self) -> Counts:
        """Every letter's count at the cards' most, but one letter at none (a row a letter)."""
        rows = np.tile(self.limit, (len(self.rows), 1))
        rows[np.arange(len(self.rows)), np.arange(len(self.rows))] = 0
        return rows


def _worth(hand: Hand, k: int) -> float:
    """Kind k's generous worth without its ``len>=L`` bonuses (a pair adds them for its whole length)."""
    spot = hand.best_spot()
    lengths = sum(a.effect.gain(a, spot) for a in hand.kinds[k].abilities if a.effect.by_length and a.effect.gain)
    return float(hand.tables().val[k] - lengths)


def _best(values: list[list[float]], top: int) -> FloatArray:
    """[letter, k]: the sum of a letter's k best values (all of them past their number)."""
    out = np.zeros((len(values), top + 1))
    for a, vs in enumerate(values):
        sums = np.cumsum(sorted(vs, reverse=True))
        out[a, 1 : len(sums) + 1] = sums
        out[a, len(sums) + 1 :] = sums[-1] if len(sums) else 0.0
    return out


def _ways(twos: list[tuple[list[int], int, float]], size: int) -> tuple[Counts, FloatArray]:
    """Every way of laying the two-letter cards (how many copies of each): the letters each takes and its worth;
    none past MAX_WAYS."""
    count = 1
    for _, n, _ in twos:
        count *= n + 1
    if count > MAX_WAYS:
        return np.zeros((0, size), dtype=np.int16), np.zeros(0)
    ways = np.zeros((count, size), dtype=np.int16)
    worth = np.zeros(count)
    for w, taken in enumerate(itertools.product(*(range(n + 1) for _, n, _ in twos))):
        for (cols, _, v), x in zip(twos, taken, strict=True):
            for a in cols:
                ways[w, a] += x
            worth[w] += x * v
    return ways, worth
