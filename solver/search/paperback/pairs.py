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
from solver.search.paperback.bounds import WordBounds
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
        self.total_mult = float(min(moves.MAX_FACTOR, 1 + hand.double_words()))
        # what a pair can earn beyond its two words' bounds: the Spacebar's +1 and every len>=L bonus a pair can
        # reach (a pair is at most every card's letter and the space long), before the word factor; under value,
        # gaining the Common card and the cards next hand after it
        longest = Spot(True, True, 0, hand.wilds, self.capacity + 1)
        self.flat = 1.0 + sum(_gain(a, longest) * n for a, n in length_bonuses(hand))
        self.after = 0.0
        if objective is PaperbackObjective.VALUE:
            self.after = moves.COMMON_GAIN + moves.CARD_NEXT * hand.cards_next()

    def hopeless(self, i: int, j: int | None) -> bool:
        """Whether no pair of word i and word j (any second word, for None) can beat the moves kept."""
        if not self.kept.full:
            return False
        floor = self.kept.floor()
        if self.by_length:
            second = self.longest if j is None else int(self.lens[j])
            return int(self.lens[i]) + second + 1 < floor // moves.LENGTH_WEIGHT
        uj = self.u[0] if j is None else self.u[j]
        return bool(((self.u[i] + uj + self.flat) * self.total_mult + self.after) * moves.SCORE_WEIGHT + 99 < floor)

    def run(self) -> None:
        """The first word, in decreasing bound (or length); ``Late`` or ``TooManyPairs`` when it stops short."""
        work = 0
        looked = [0]
        for i in range(len(self.order)):
            if self.hopeless(i, None):
                return
            room = self.capacity - int(self.lens[i])
            if room < self.hand.state.min_length:
                continue
            cand = np.nonzero(self.lens <= room)[0]
            work += len(cand)
            if self.late():
                raise Late
            if work > MAX_WORK:
                raise TooManyPairs
            covered = np.minimum(self.matrix[cand] + self.matrix[i], self.limit).sum(axis=1)
            fits = cand[(self.lens[i] + self.lens[cand] - covered) <= self.hand.wilds]
            self._seconds(i, fits, looked)

    def _seconds(self, i: int, fits: npt.NDArray[np.int64], looked: list[int]) -> None:
        """The second word, in decreasing bound (or length) too."""
        first = self.lex.word(int(self.index[i]))
        for j in fits:
            if self.late():
                raise Late
            if self.hopeless(i, int(j)):
                break
            looked[0] += 1
            if looked[0] > MAX_PAIRS:
                raise TooManyPairs
            m = self.solve(f"{first} {self.lex.word(int(self.index[j]))}")
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
