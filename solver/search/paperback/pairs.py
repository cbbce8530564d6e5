"""Two-word moves with the Spacebar, level by level.

The search lowers a level from the best bound a pair could have (``pair_lists.Listing``), in steps that double (or
smaller, down to where other letters are required): each pass lists the pairs whose bound reaches the level (and
not the level before) and solves them in decreasing bound, ties in alphabetical order, while they can beat the
moves kept; it stops once the moves kept are worth the level. A pass first solves the pairs whose first word is
among the first PROBE in alphabetical order: where many pairs are as good (every card used, say), the first of them
win, and once the moves kept are worth the level only the pairs better than the n-th are listed, and of those as
good only those whose first word does not come after the n-th's.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import numpy as np

import solver.paperback.moves as moves
from solver.lexicon import Lexicon
from solver.paperback.moves import PaperbackObjective, PMove
from solver.search.best_first import Kept
from solver.search.paperback.bounds import FloatArray, IntArray, WordBounds
from solver.search.paperback.hand import Hand
from solver.search.paperback.pair_lists import EPS, MAX_PAIRS, Late, Listing, TooManyPairs

PROBE = 1024  # words first in alphabetical order whose pairs a pass solves first
STEP = 1e-3  # over the n-th's value: better than it (values and bounds are whole or half points, and lengths)


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
        self.lex, self.kept = lex, kept
        self.solve, self.keep, self.late = solve, keep, late
        self.list = Listing(lex, hand, objective, b)
        self.unit = moves.LENGTH_WEIGHT if objective is PaperbackObjective.LENGTH else moves.SCORE_WEIGHT
        rank = self.list.rank
        self.probe = np.argsort(rank, kind="stable")[:PROBE]  # the first words in alphabetical order
        self.after = int(rank[self.probe].max()) if len(self.probe) else -1
        self.looked = 0  # pairs solved
        self._worst: tuple[str, tuple[int, int]] = ("", (-1, -1))  # the n-th move's word and ``_last``

    def run(self) -> None:
        """The passes, each at a level lower than the last; ``Late`` or ``TooManyPairs`` when it stops short."""
        if not len(self.list.index):
            return
        gap = float(self.unit)
        level, before = self.list.best - gap, math.inf
        while True:
            if self.kept.full:
                level = max(level, self.kept.floor())
            if level <= 0:  # every pair's bound is above 0: every pair
                level = -math.inf
            self._pass(level, before)
            if level == -math.inf or (self.kept.full and self.kept.floor() >= level):
                return  # every pair left is under the level, so under the moves kept
            level, before, gap = self.list.next_level(level, gap), level, gap * 2

    def _listed(self, level: float, before: float, firsts: IntArray | None = None, last: int | None = None) -> None:
        """Solve the pairs ``Listing.listed`` gives: with ``firsts``, of those first words; else of the first
        words after the probe's (and with ``last``, at most that rank)."""
        if self.late():
            raise Late
        if last is not None:
            rank = self.list.rank
            firsts = np.flatnonzero((rank > self.after) & (rank <= last))
        self._solve_all(*self.list.listed(level, before, firsts, self.after))

    def _pass(self, level: float, before: float) -> None:
        """Solve the pairs whose bound is at least ``level`` and under ``before``: first those of the probe's first
        words, then the rest; once the moves kept are worth the level, the rest better than the n-th, then those
        as good whose first word does not come after the n-th's first word."""
        self._listed(level, before, self.probe)
        if not (self.kept.full and self.kept.floor() >= level):
            self._listed(level, before)
            return
        floor = self.kept.floor()
        if floor + STEP < before and floor + STEP <= self.list.best:
            self._listed(floor + STEP, before)
        now, worst = self.kept.floor(), self.kept.worst()
        if worst is not None and now < min(before, floor + STEP):
            first = self.lex.index(worst.word.split(" ")[0])
            assert first is not None  # a move's words are the lexicon's
            self._listed(now, min(before, floor + STEP), last=int(self.list.ranks[first]))

    def _solve_all(self, first: IntArray, second: IntArray, bound: FloatArray) -> None:
        """Solve pairs (places in ``index``) in decreasing bound, ties in alphabetical order, while they can beat the
        moves kept."""
        rank, index, words = self.list.rank, self.list.index, self.lex.word
        order = np.lexsort((rank[second], rank[first], -bound))
        first, second, bound = first[order], second[order], bound[order]
        ranks = zip(rank[first].tolist(), rank[second].tolist(), strict=True)
        for i, j, r, at in zip(first.tolist(), second.tolist(), bound.tolist(), ranks, strict=True):
            if self.late():
                raise Late
            if self.kept.full:
                floor = self.kept.floor()
                if r < floor - EPS:
                    return  # the bounds fall: no later pair can do better
                if r <= floor + EPS and at > self._last():
                    continue  # as good at best, and after the n-th in alphabetical order
            self.looked += 1
            if self.looked > MAX_PAIRS:
                raise TooManyPairs
            m = self.solve(words(int(index[i])) + " " + words(int(index[j])))
            if m is not None:
                self.keep(m)

    def _last(self) -> tuple[int, int]:
        """The n-th move's place in alphabetical order as a pair's: its words' ranks (a single word's, with -1: the
        pairs of a word come after it)."""
        worst = self.kept.worst()
        assert worst is not None
        if worst.word != self._worst[0]:
            ranks = self.list.ranks
            places = [self.lex.index(w) for w in worst.word.split(" ")]
            at = [int(ranks[p]) if p is not None else len(ranks) for p in places]  # (a move's words are all there)
            self._worst = (worst.word, (at[0], at[1] if len(at) > 1 else -1))
        return self._worst[1]
