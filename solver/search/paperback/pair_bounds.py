"""What a Spacebar pair's cards can bring, from its two words' letters counted together.

The two words of a pair share the hand: each card is in one of them at most, so the cards a pair holds must fit
in its letters together, as in one word of those letters. ``PairCards`` bounds that from the letter counts alone
(each card at its ``Hand.worth_at`` worth in the middle of the pair, the most one card gains at the first piece
and one at the last added once, the ``len>=L`` bonuses left to the pair's flat part): the one-letter
cards of a letter as many of the best as the letter occurs, the two-letter cards in every way they can be laid
(how many of each), or, when there are too many ways, each two-letter card's worth split between its two letters;
and the word factor of the double-word cards whose letters fit. A pair that needs a wild (more letters than the
cards give) is bounded with each card at a spot with a wild, where a ``nowild`` bonus gains nothing (the rules
count the wilds of the whole pair). Every bound grows with the counts (more letters hold at least the same cards),
so a pair lacking a letter is worth no more than the hand's letters with that one left out (``without``).
"""

from __future__ import annotations

import itertools
from collections import Counter
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from solver.paperback.abilities import Spot
from solver.paperback.cards import PCard
from solver.search.paperback.bounds import FloatArray
from solver.search.paperback.hand import EVER, Hand

Counts = npt.NDArray[np.int16]
Wild = npt.NDArray[np.bool_]
MAX_WAYS = 32  # ways of laying the two-letter cards tried one by one; past them their worths are split


@dataclass
class PairCards:
    """The hand's cards by the letters they take: the letters (``rows``: alphabet indices; a pair's letter counts
    are a row of ``len(rows)`` numbers, each at most ``limit``), what the cards bring to them and to the factor.
    What they bring is given twice (the first index of ``split``, ``singles``, ``worth`` and ``total``): for a pair
    with no wild, and for a pair with one or more."""

    rows: list[int]
    limit: Counts  # how many of each letter the cards give
    split: FloatArray  # [wild, letter, k]: the most k of a letter hold, a two-letter card counted half on each letter
    singles: FloatArray  # [wild, letter, k]: the best k one-letter cards of a letter
    ways: Counts  # [way, letter]: the letters each way of laying the two-letter cards takes ...
    worth: FloatArray  # ... [wild, way]: and what it brings; no way past MAX_WAYS (``split`` alone then)
    doublers: list[tuple[int, int, list[tuple[int, int]]]]  # (factor steps a copy, copies, [(letter, needed)])
    cap: float  # the word factor's most (``Hand.factor``: every double-word ability of the hand, under the rules' cap)
    total: FloatArray  # [wild]: every card the letters can take, and ``extra``
    extra: FloatArray  # [wild]: the most the cards at the pair's ends gain there, and the Dyslexics' +1 each

    @staticmethod
    def of(hand: Hand, letter_index: dict[str, int]) -> PairCards:
        """The cards of a Spacebar hand (no Common letter card) over a lexicon's letters; a card with a letter the
        lexicon lacks is in no word and counts for nothing."""
        assert hand.common is None
        supply = hand.supply()
        letters = [ch for ch in supply if ch in letter_index]
        col = {ch: a for a, ch in enumerate(letters)}
        kinds = enumerate(zip(hand.kinds, hand.counts, strict=True))
        held = [(k, c, n) for k, (c, n) in kinds if all(ch in col for ch in c.letters)]
        twos = [(k, [col[ch] for ch in c.letters], n) for k, c, n in held if len(c.letters) > 1]
        limit = np.array([supply[ch] for ch in letters], dtype=np.int16)
        top = int(limit.max()) if len(limit) else 0
        taken = _ways([n for _, _, n in twos])
        ways = np.zeros((len(taken), len(letters)), dtype=np.int16)
        for w, xs in enumerate(taken):
            for (_, cols, _), x in zip(twos, xs, strict=True):
                for a in cols:
                    ways[w, a] += x
        split, singles, worth, total, extra = [], [], [], [], []
        for fewest in (0, 1):  # the fewest wilds in the pair
            v, ends = _worths(hand, [c for _, c, _ in held], fewest)
            units: list[list[float]] = [[] for _ in letters]  # the split worths, by letter
            ones: list[list[float]] = [[] for _ in letters]
            for k, c, n in held:
                for ch in c.letters:
                    units[col[ch]] += [v[k] / len(c.letters)] * n
                if len(c.letters) == 1:
                    ones[col[c.letters]] += [v[k]] * n
            split.append(_best(units, top))
            singles.append(_best(ones, top))
            worth.append(np.array([sum(x * v[k] for (k, _, _), x in zip(twos, xs, strict=True)) for xs in taken]))
            total.append(sum(v[k] * n for k, _, n in held) + ends + hand.dyslexic)
            extra.append(ends + hand.dyslexic)
        dw = hand.tables().dw
        doublers = [(dw[k], n, sorted(Counter(col[ch] for ch in c.letters).items())) for k, c, n in held if dw[k]]
        return PairCards(
            [letter_index[ch] for ch in letters],
            limit,
            np.stack(split),
            np.stack(singles),
            ways,
            np.stack(worth).reshape(2, len(taken)),
            doublers,
            float(hand.factor()),
            np.array(total, dtype=np.float64),
            np.array(extra, dtype=np.float64),
        )

    def loose(self, both: Counts, wild: Wild) -> FloatArray:
        """A bound of the cards' worth in each row of letter counts (each at most ``limit``; ``wild``: the row's
        pair holds a wild): ``split``, at most ``total``."""
        w = wild.astype(np.int64)
        found = self.split[w[:, None], np.arange(len(self.rows)), both].sum(axis=1) + self.extra[w]
        out: FloatArray = np.minimum(found, self.total[w])
        return out

    def tight(self, both: Counts, wild: Wild) -> FloatArray:
        """A tighter bound (no larger than ``loose``): the best way of laying the two-letter cards, the best
        one-letter cards on the letters it leaves."""
        if not len(self.ways):
            return self.loose(both, wild)
        w = wild.astype(np.int64)
        best = np.full(len(both), -np.inf)
        letters = np.arange(len(self.rows))
        for way, worth in zip(self.ways, self.worth.T, strict=True):
            rest = both - way
            found = self.singles[w[:, None], letters, np.maximum(rest, 0)].sum(axis=1) + worth[w]
            np.maximum(best, np.where((rest >= 0).all(axis=1), found, -np.inf), out=best)
        out: FloatArray = np.minimum(best + self.extra[w], self.total[w])
        return out

    def factor(self, both: Counts) -> FloatArray:
        """The most the word factor can be with each row's letters: the double-word cards they can hold."""
        f = np.ones(len(both))
        for steps, copies, needs in self.doublers:
            usable = np.full(len(both), copies, dtype=np.int64)
            for a, k in needs:
                usable = np.minimum(usable, both[:, a] // k)
            f += steps * usable
        out: FloatArray = np.minimum(f, self.cap)  # f is at most 1 + every double word: the rules' cap alone
        return out

    def without(self) -> Counts:
        """Every letter's count at the cards' most, but one letter at none (a row a letter)."""
        rows = np.tile(self.limit, (len(self.rows), 1))
        rows[np.arange(len(self.rows)), np.arange(len(self.rows))] = 0
        return rows


def _worths(hand: Hand, kinds: list[PCard], fewest: int) -> tuple[list[float], float]:
    """Each kind's ``Hand.worth_at`` a spot in the middle of a pair with ``fewest`` wilds at fewest (by the hand's
    kinds; 0 for those not in ``kinds``), and the most the first piece can gain there, and the last, beyond it
    (one card each)."""
    def at(c: PCard, first: bool, last: bool) -> float:
        return hand.worth_at(c, Spot(first, last, fewest, hand.wilds, EVER))

    middle = {c: at(c, False, False) for c in kinds}
    first = max((at(c, True, False) - middle[c] for c in kinds), default=0.0)
    last = max((at(c, False, True) - middle[c] for c in kinds), default=0.0)
    return [middle.get(c, 0.0) for c in hand.kinds], first + last


def _best(values: list[list[float]], top: int) -> FloatArray:
    """[letter, k]: the sum of a letter's k best values (all of them past their number)."""
    out = np.zeros((len(values), top + 1))
    for a, vs in enumerate(values):
        sums = np.cumsum(sorted(vs, reverse=True))
        out[a, 1 : len(sums) + 1] = sums
        out[a, len(sums) + 1 :] = sums[-1] if len(sums) else 0.0
    return out


def _ways(copies: list[int]) -> list[tuple[int, ...]]:
    """Every way of laying the two-letter cards (how many of each kind's copies), none past MAX_WAYS."""
    count = 1
    for n in copies:
        count *= n + 1
    if count > MAX_WAYS:
        return []
    return list(itertools.product(*(range(n + 1) for n in copies)))
