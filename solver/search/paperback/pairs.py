"""Two-word moves with the Spacebar: pairs of words in decreasing sum of their words' bounds (of their lengths,
for the length objective), solved exactly until no pair's bound can beat the moves kept."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import numpy.typing as npt

import solver.paperback.moves as moves
from solver.lexicon import Lexicon
from solver.paperback.abilities import Ability, Spot
from solver.paperback.moves import PaperbackObjective, PMove
from solver.search.best_first import Kept
from solver.search.paperback.bounds import FloatArray, WordBounds
from solver.search.paperback.hand import Hand

MAX_PAIRS = 200_000  # Spacebar pairs looked at before a search gives up exactness
MAX_WORK = MAX_PAIRS * 50  # second words looked at (by their letters) before it gives up too


class TooManyPairs(Exception):  # noqa: N818 - a signal, not an error
    """More pairs could beat the moves kept than a search looks at."""


class Late(Exception):  # noqa: N818 - a signal, not an error
    """The search's limits passed."""


class Pairs:
    """The pairs of one search's words (``WordBounds``): ``run`` offers their best layouts to ``kept``.

    ``solve(text)`` is a text's best layout (None when it has none or none that can matter), ``keep`` offers a
    move to ``kept``, ``late()`` says the search's limits have passed."""

    def __init__(
        self,
        lex: Lexicon,
        hand: Hand,
        objective: PaperbackObjective,
        b: WordBounds,
        kept: Kept[PMove],
        solve: Callable[[str], PMove | None],
        keep: Callable[[PMove], None],
        late: Callable[[], bool],
    ) -> None:
        self.lex, self.hand, self.kept = lex, hand, kept
        self.solve, self.keep, self.late = solve, keep, late
        self.by_length = objective is PaperbackObjective.LENGTH
        rank = lex.lengths[b.index].astype(np.float64) if self.by_length else b.inner
        self.order = np.argsort(-rank, kind="stable")
        self.index = b.index[self.order]
        self.u = rank[self.order]
        self.lens = lex.lengths[self.index].astype(np.int16)
        self.longest = int(self.lens.max())
        supply = hand.supply()
        self.capacity = sum(supply.values()) + hand.wilds
        rows = [lex.letter_index[ch] for ch in supply if ch in lex.letter_index]
        self.limit = np.array([supply[lex.alphabet[a]] for a in rows], dtype=np.int16)
        self.matrix = np.ascontiguousarray(
            lex.counts[np.ix_(np.array(rows, dtype=np.int64), self.index)].T, dtype=np.int16
        ).reshape(len(self.order), len(rows))
        self.total_mult = float(hand.word_factor(hand.double_words()))
        # what a pair can earn beyond its two words' bounds: the Spacebar's +1 and every len>=L bonus a pair can
        # reach (a pair is at most every card's letter and the space long), before the word factor; under value,
        # gaining the Common card and the cards next hand after it
        longest = Spot(True, True, 0, hand.wilds, self.capacity + 1)
        self.flat = 1.0 + sum(_gain(a, longest) * n for a, n in length_bonuses(hand))
        self.after = 0.0
        # two words share the hand's cards: together they can bring no more than every card does
        tables = hand.tables()
        # (and the Dyslexics' +1 each, which the words' bounds count too)
        self.total = sum(v * n for v, n in zip(tables.val, hand.counts, strict=True)) + tables.common_val
        self.total += hand.dyslexic
        self.weights = np.array([tables.by_letter.get(lex.alphabet[a], tables.anywhere) for a in rows])
        self.anywhere = tables.anywhere
        self.looked = 0  # pairs solved
        if objective is PaperbackObjective.VALUE:
            self.after = moves.COMMON_GAIN + moves.CARD_NEXT * hand.cards_next()

    def hopeless(self, inner: float, length: int, text: str = "") -> bool:
        """Whether no pair whose two words' bound (before the flat bonuses and the word factor) is at most ``inner``
        and which is at most ``length`` long (its letters and the space) can beat the moves kept: its bound, the
        score's (or the length's) and then the length's, under the n-th move's value, or equal to it with ``text``
        (the pair, or a text no pair of its first word sorts before) after the n-th move's in alphabetical order
        (ties go to the first)."""
        if not self.kept.full:
            return False
        floor = self.kept.floor()
        if self.by_length:  # a pair as long may still score more: only a shorter one is hopeless
            return length < floor // moves.LENGTH_WEIGHT
        bound = ((min(inner, self.total) + self.flat) * self.total_mult + self.after) * moves.SCORE_WEIGHT + length
        if bound != floor:
            return bound < floor
        worst = self.kept.worst()
        return bool(text) and worst is not None and text > worst.word

    def run(self) -> None:
        """The first word, in decreasing bound (or length); ``Late`` or ``TooManyPairs`` when it stops short."""
        work = 0
        top = float(self.u[0]) if len(self.u) else 0.0
        for i in range(len(self.order)):
            if self.late():
                raise Late
            ui = float(self.u[i])
            if self.hopeless(ui + top, self.capacity + 1):  # the bounds fall: no later first word can do better
                return
            room = self.capacity - int(self.lens[i])
            if room < self.hand.state.min_length:
                continue
            first = self.lex.word(int(self.index[i])) + " "  # no pair of it sorts before it
            if self.hopeless(ui + top, int(self.lens[i]) + room + 1, first):
                continue
            cand = np.nonzero(self.lens <= room)[0]
            work += len(cand)
            if work > MAX_WORK:
                raise TooManyPairs
            both = np.minimum(self.matrix[cand] + self.matrix[i], self.limit)
            lens = self.lens[i] + self.lens[cand]
            ok = (lens - both.sum(axis=1)) <= self.hand.wilds
            fits, both, lens = cand[ok], both[ok], lens[ok]
            # the pair's letters bound it too: each letter the cards give at most its best card's worth (a card
            # counted on each of its letters), each other letter a wild's (``Tables.anywhere``), as a layout's rest
            by_letters = both @ self.weights + (lens - both.sum(axis=1)) * self.anywhere + self.hand.dyslexic
            inner = np.minimum(ui + self.u[fits], by_letters)
            at = np.argsort(-inner, kind="stable")
            self._seconds(i, first, fits[at], inner[at])

    def _seconds(self, i: int, first: str, fits: npt.NDArray[np.int64], inner: FloatArray) -> None:
        """The second word, in decreasing bound of the pair: past the first whose bound with the longest of them is
        hopeless, all are; one hopeless at its own length (or alphabetically) is passed over."""
        if not len(fits):
            return
        longest = int(self.lens[i]) + int(self.lens[fits].max()) + 1
        for j, bound in zip(fits.tolist(), inner.tolist(), strict=True):
            if self.late():
                raise Late
            if self.hopeless(bound, longest, first):
                break
            text = first + self.lex.word(int(self.index[j]))
            if self.hopeless(bound, int(self.lens[i]) + int(self.lens[j]) + 1, text):
                continue
            self.looked += 1
            if self.looked > MAX_PAIRS:
                raise TooManyPairs
            m = self.solve(text)
            if m is not None:
                self.keep(m)


def length_bonuses(hand: Hand) -> list[tuple[Ability, int]]:
    """Every bonus of the hand that reads the word's length (``len>=L``; the table's ``by_length``), with the copies
    held: a Spacebar pair's two words count their letters together for it."""
    return [
        (a, n) for c, n in zip(hand.kinds, hand.counts, strict=True) for a in c.abilities if a.effect.by_length
    ]


def _gain(a: Ability, at: Spot) -> int:
    assert a.effect.gain is not None
    return int(a.effect.gain(a, at))
