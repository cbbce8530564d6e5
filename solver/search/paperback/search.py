"""The best Paperback moves of a hand over one lexicon: the shared best-first loop over the words' bounds, then
the Spacebar's pairs, within one ``Budget``."""

from __future__ import annotations

import contextlib
import functools
import itertools
import math
import threading
import time

import numpy as np
import numpy.typing as npt

import solver.search.paperback.native as native
from solver.budget import OutOfTime
from solver.errors import GhostwriterError
from solver.lexicon import Lexicon
from solver.paperback.moves import SCORE_WEIGHT, PaperbackObjective, PMove, alphabetical, key, ranked_value
from solver.paperback.state import PaperbackTurn
from solver.search.best_first import BestFirst, Kept, Reach
from solver.search.hardback.compiled import check_engine
from solver.search.paperback.bounds import FloatArray, IntArray, WordBounds, feasible, keys, word_bounds
from solver.search.paperback.explain import explain
from solver.search.paperback.hand import Hand
from solver.search.paperback.layout import OutOfSteps, Steps, evaluate, layouts
from solver.search.paperback.pair_lists import MAX_PAIRS, MAX_WORK, Late, TooManyPairs, length_bonuses, wilds_bonuses
from solver.search.paperback.pairs import Pairs
from solver.search.setup import Setup
from solver.text import normalize_word

MAX_TOP = 1000
FIRST_STEPS = 2_000  # layout steps the quick first move may spend on one word
FIRST_WORDS = 400  # words it may try
QUICK_FLOOR = 0.04  # seconds the quick first move may take whatever the limit (a limit of 0.1 s still answers a word)
REACH = Reach(0.0, ties=True)  # a word whose bound equals the n-th value may still win on alphabetical order
NOT_PROVEN = "not proven best: the search was cut short by its time limit, and these are the best moves it found"
TOO_MANY_PAIRS = (
    f"not proven best: more than {MAX_PAIRS:,} Spacebar pairs to solve (or {MAX_WORK:,} to list) could beat the moves "
    "kept, and the search stopped there"
)


class PaperbackSearch(Setup[PaperbackTurn, PaperbackObjective]):
    """The moves of one Paperback turn over one lexicon, ranked by one objective."""

    def __init__(
        self,
        lexicon: Lexicon,
        state: PaperbackTurn,
        objective: PaperbackObjective = PaperbackObjective.SCORE,
        *,
        cancel: threading.Event | None = None,
        time_limit: float | None = None,
        engine: str | None = None,
    ) -> None:
        """``time_limit`` (seconds) bounds ``top``: past it, it returns the best moves found and sets ``exact`` to
        False. ``cancel``, once set, ends it at its next look at the clock (a service's client went away).
        ``engine`` lays each word out in Python (``"python"``, the reference) or in the compiled layout search
        (``"compiled"``, ``native``; the same moves and steps); None: ``GHOSTWRITER_ENGINE``, else the compiled one
        where it was built (``solver.search.hardback.compiled.check_engine``)."""
        self.begin(lexicon, state, objective, time_limit, cancel, check_engine(engine, native.layout is not None))
        self.reason = ""  # why the moves are not proven best, when they are not
        self.hand = Hand.of(state)
        self.spacebar = self.hand.spacebar
        self.steps = Steps(self.budget)
        # None: the Python layouts (the Python engine, or a hand beyond the kernel's sizes)
        self._compiled = native.Compiled.of(self.hand, objective) if self.engine == "compiled" else None
        self._words: tuple[IntArray, npt.NDArray[np.int16]] | None = None

    def key(self, m: PMove) -> tuple[float, float]:
        """What the objective ranks a move by, then what breaks its ties."""
        return key(self.objective, m)

    def solve(self, text: str, need: float = float("-inf")) -> PMove | None:
        """The best layout of one word (or two words joined by a space, with the Spacebar), or None; with ``need``,
        None too when the best layout scores less. Past the search's limits, the best layout found
        (and the search is not exact); past the quick move's steps, the same."""
        return self._solve(" ".join(normalize_word(w) for w in text.split()), need)

    def _solve(self, text: str, need: float) -> PMove | None:
        """``solve`` of a text already in the lexicon's form (its words, or two of them joined by a space)."""
        if " " in text:
            parts = text.split(" ")
            if any(len(p) < self.state.min_length for p in parts) or not self.spacebar:
                return None
        elif len(text) < self.state.min_length:
            return None
        compiled = self._compiled
        if compiled is not None and len(text) <= compiled.max_text:
            m, status = compiled.solve(text, need, self.steps)
            if status == native.OUT_OF_TIME:
                self.exact = False
            return m
        best: PMove | None = None
        bar = [need]
        # every layout of a text has its length, so under score and length a layout must beat the best score to
        # be better: scores are whole numbers, and the bar rises to half a point over the best found
        rising = self.objective is not PaperbackObjective.VALUE
        rank = functools.partial(key, self.objective)
        try:
            for pieces in layouts(self.hand, text, bar, self.steps):
                m = evaluate(self.hand, text, pieces, self.objective)
                if best is None or rank(m) > rank(best):
                    best = m
                    if rising:
                        bar[0] = max(bar[0], m.score + 0.5)
        except OutOfTime:
            self.exact = False
        except OutOfSteps:
            pass  # the quick first move tries another word
        return best if best is None or best.score >= need else None

    def top(self, n: int = 10) -> list[PMove]:
        """The n best moves (distinct words), best first; with the Spacebar, two-word moves compete too."""
        if not 1 <= n <= MAX_TOP:
            raise GhostwriterError(f"top must be from 1 to {MAX_TOP}")
        self.reason = ""
        self.budget.start(self.time_limit, None)
        try:
            return self._top(n)
        finally:
            self.budget.stop()

    def _top(self, n: int) -> list[PMove]:
        # with a time limit, a real move first (cheap layouts of the most promising, then the shortest, words), so
        # a search cut short still answers; the exact search below then improves on it
        quick = self._quick_move() if self.time_limit is not None else None
        b = self._bounds()
        search: BestFirst[PMove] = BestFirst(
            keys(self.lexicon, self.hand, self.objective, b),
            n,
            solve=lambda j, _level: self._solve_word(search.kept, b.index[j]),  # the level: ``_need`` instead
            rank=lambda _j, m: self._rank(m),
            reach=REACH,
            stepped=False,
            batch=None,  # until n moves are kept every word is a candidate: one sort beats many partitions
            solve_many=lambda js, _level: self._solve_many(search.kept, b.index[js]),  # the need instead of the level
        )
        kept = search.kept
        with contextlib.suppress(OutOfTime):  # ``_late`` marked the search not exact
            search.run()
        if self.spacebar and len(b.index) and not self._late():
            self._pairs(b, kept)
        if not self.exact:
            self.reason = self.reason or NOT_PROVEN
            if quick is not None and all(m.word != quick.word for _, _, m in kept):
                kept.offer(*self._rank(quick), quick)
        moves = [m for _, _, m in kept.ranked()]
        for m in moves:
            explain(self.hand, m)
        return moves

    def _rank(self, m: PMove) -> tuple[float, tuple[int, ...]]:
        """A move's place among those kept: its key as one number, ties to the word first in alphabetical order."""
        return ranked_value(self.objective, m), alphabetical(m.word)

    def _need(self, kept: Kept[PMove], text: str) -> float:
        """The score ``text`` must reach to matter, once n moves are kept (score objective; else no pruning): its key
        as one number (``ranked_value``: the score, then the length, which every layout of a text shares) must beat
        the n-th move's, or equal it with the text first in alphabetical order (``alphabetical``: the smaller
        string)."""
        worst = kept.worst()
        if worst is None or self.objective is not PaperbackObjective.SCORE:
            return float("-inf")
        short = worst.score * SCORE_WEIGHT + worst.length - len(text)  # ``ranked_value``: SCORE_WEIGHT x the score
        return float(-(-short // SCORE_WEIGHT) if text < worst.word else short // SCORE_WEIGHT + 1)

    def _solve_word(self, kept: Kept[PMove], i: np.int64) -> PMove | None:
        """Lexicon word i's best layout that can matter (``OutOfTime`` once the limits have passed)."""
        if self._late():
            raise OutOfTime
        word = self.lexicon.word(int(i))
        return self._solve(word, self._need(kept, word))

    def _solve_many(self, kept: Kept[PMove], idx: IntArray) -> tuple[int, list[tuple[int, PMove]]]:
        """Lexicon words ``idx``'s best layouts that can matter (``_needs``), in one call to the compiled layouts
        where they can take every word, else one word at a time; either way stopping after a word the limits cut
        short (``OutOfTime`` once they have passed): how many were searched, and the moves found by place."""
        if self._late():
            raise OutOfTime
        lens = self.lexicon.lengths[idx]
        needs = self._needs(kept, lens)
        compiled = self._compiled
        if compiled is not None and int(lens.min()) >= self.state.min_length and int(lens.max()) <= compiled.max_text:
            searched, found, status = compiled.solve_many(self.lexicon, idx, needs, self.steps)
            if status == native.OUT_OF_TIME:
                self.exact = False
            return searched, found
        moves: list[tuple[int, PMove]] = []
        for k, i in enumerate(idx):
            m = self._solve(self.lexicon.word(int(i)), float(needs[k]))
            if m is not None:
                moves.append((k, m))
            if self.budget.expired():
                return k + 1, moves
        return len(idx), moves

    def _needs(self, kept: Kept[PMove], lens: npt.NDArray[np.uint8]) -> FloatArray:
        """``_need`` of words of these lengths, from their lengths alone: under the score objective, once n moves
        are kept, the n-th's score, and one more for a word shorter than the n-th's (its key, the score then the
        length, must beat the n-th's); a word as long may still win on alphabetical order, so its need is the score
        (at most ``_need``, which reads the word). Else none."""
        worst = kept.worst()
        if worst is None or self.objective is not PaperbackObjective.SCORE:
            return np.full(len(lens), -math.inf)
        return worst.score + (lens.astype(np.int64) < worst.length).astype(np.float64)

    def _late(self) -> bool:
        """Whether the search's limits have passed (then it is not exact)."""
        if self.budget.expired():
            self.exact = False
            return True
        return False

    def _feasible(self) -> tuple[IntArray, npt.NDArray[np.int16]]:
        """The words the hand's letters and wilds can cover, with the wilds each needs (computed once)."""
        if self._words is None:
            self._words = feasible(self.lexicon, self.hand)
        return self._words

    def _bounds(self, pair: bool = False) -> WordBounds:
        return word_bounds(self.lexicon, self.hand, self._feasible(), self._late, pair)

    def _pair_bounds(self, b: WordBounds) -> WordBounds:
        """The words' bounds as words of a Spacebar pair: ``b`` itself unless the hand has a bonus that reads the
        word's length or its wilds (a word's own bound counts a len>=L bonus only when the word alone is that long,
        and at most as many wilds as its own letters; the pair's are both words' and the space's: the pair adds the
        length bonuses itself, ``Listing.flat``, and its words are bounded with every wild of the hand)."""
        return self._bounds(pair=True) if length_bonuses(self.hand) or wilds_bonuses(self.hand) else b

    def _pairs(self, b: WordBounds, kept: Kept[PMove]) -> None:
        """Two-word moves with the Spacebar (``pairs.Pairs``), into ``kept``."""
        b = self._pair_bounds(b)
        pairs = Pairs(
            self.lexicon,
            self.hand,
            self.objective,
            b,
            kept,
            solve=lambda text: self._solve(text, self._need(kept, text)),
            keep=lambda m: kept.offer(*self._rank(m), m),
            late=self._late,
        )
        try:
            pairs.run()
        except Late:
            pass  # ``_late`` marked the search not exact
        except TooManyPairs:
            self.exact = False
            self.reason = TOO_MANY_PAIRS

    def _quick_move(self) -> PMove | None:
        """A real move found cheaply, before any bound: the best layout a word gives in FIRST_STEPS layout steps,
        over the words that use the most of the cards' letters (a rough stand-in for the best) and then the
        shortest in turn, at most FIRST_WORDS words and a fifth of the time limit (it must not eat the exact
        search's time), or QUICK_FLOOR seconds, past a limit too short for it; the first word with a layout is the
        move."""
        idx, short = self._feasible()
        if not len(idx):
            return None
        deadline, limit = self.budget.deadline, self.time_limit
        assert deadline is not None and limit is not None
        now = time.monotonic()
        stop = max(min(deadline, now + limit / 5), now + QUICK_FLOOR)
        from_cards = self.lexicon.lengths[idx].astype(np.int64) - short
        promising = np.argsort(-from_cards, kind="stable")
        half = FIRST_WORDS // 2
        shortest = range(min(len(idx), half))  # the lexicon holds its words by length
        tried: set[int] = set()
        for j in itertools.chain.from_iterable(itertools.zip_longest(promising[:half], shortest)):
            if j is None or int(j) in tried:
                continue
            tried.add(int(j))
            if time.monotonic() > stop:
                break
            self.steps.cap = self.steps.taken + FIRST_STEPS
            try:
                m = self._solve(self.lexicon.word(int(idx[j])), float("-inf"))
            finally:
                self.steps.cap = None
            if m is not None:
                return m
        return None
