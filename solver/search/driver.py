"""Best-first search over the whole lexicon: the top moves, the prestige/coins frontier, a played word's rank.

Words are read in decreasing order of their upper bound (``solver.search.bound``) and solved exactly
(``solver.search.exact``) only while their bound can still beat the moves kept, so the answer is exact while
most words are never looked at one by one. A query past its time limit returns what it has, marked inexact.
"""

from __future__ import annotations

import heapq
import time
from collections.abc import Iterator
from dataclasses import dataclass, fields

import numpy as np
import numpy.typing as npt

from solver.errors import GhostwriterError
from solver.lexicon import Lexicon
from solver.moves import Move, summarize, value_of
from solver.objectives import Objective, Weights
from solver.score import EPS, Pool, Resolver, Slot
from solver.search.bound import Bounds, word_bounds
from solver.search.exact import OutOfTime, Placement, WordSolver
from solver.state import TurnState

BATCH = 64
MAX_TOP = 1000


@dataclass
class Rating:
    """How a played word ranks: its best arrangement, its rank among all words, and the gap to the best."""

    move: Move
    rank: int
    words_better: int
    best: Move
    gap: float


class Search:
    """The moves of one turn state over one lexicon, ranked by one objective."""

    def __init__(
        self,
        lexicon: Lexicon,
        state: TurnState,
        objective: Objective = Objective.VALUE,
        weights: Weights | None = None,
        time_limit: float | None = None,
        node_budget: int | None = None,
        allowed: npt.NDArray[np.bool_] | None = None,
    ) -> None:
        """``time_limit`` (seconds) bounds each whole-lexicon query; past it the query returns what it has found
        and sets ``exact`` to False. ``node_budget`` bounds it by search steps instead, which gives the same answer
        on every machine (for bots, whose games must replay). ``allowed`` (one flag a lexicon word) keeps the
        whole-lexicon queries to some words, e.g. the familiar ones."""
        self.allowed = allowed
        self.lexicon = lexicon
        self.time_limit = time_limit
        self.node_budget = node_budget
        self.exact = True
        self.state = state
        self.objective = objective
        self.value_weights = weights or Weights.at_stage(state.options.stage)
        self.weights = Weights.for_objective(objective, self.value_weights)
        self.pool = Pool.of(state, self.weights)
        self.resolver = Resolver(self.pool)
        self._bounds: Bounds | None = None
        self._solver: WordSolver | None = None

    @property
    def bounds(self) -> Bounds:
        if self._bounds is None:
            b = word_bounds(self.lexicon, self.pool)
            if self.allowed is not None and len(b.index):
                keep = self.allowed[b.index]
                b = Bounds(b.index[keep], b.bound[keep], b.optimism)
            self._bounds = b
        return self._bounds

    @property
    def solver(self) -> WordSolver:
        if self._solver is None:
            b = self.bounds
            self._solver = WordSolver(self.pool, self.resolver, b.optimism)
        return self._solver

    # -- single words -------------------------------------------------------------------------------------------

    def solve(self, word: str, floor: float = float("-inf")) -> Placement | None:
        """The best placement of one word (in the lexicon or not), or None when the cards cannot spell it."""
        if len(word) < self.state.options.min_length:
            return None
        return self.solver.solve(word, floor)

    def move(self, placement: Placement) -> Move:
        cards, in_play, totals = self.resolver.explain(placement.word, placement.slots, placement.resolution)
        m = Move(placement.word, cards, in_play, totals, value_of(totals, self.value_weights))
        m.reasons = summarize(m)
        return m

    # -- the whole lexicon --------------------------------------------------------------------------------------

    def top(self, n: int = 10) -> list[Move]:
        """The n best distinct words, each with its best arrangement, best first."""
        if not 1 <= n <= MAX_TOP:
            raise GhostwriterError(f"top must be from 1 to {MAX_TOP}")
        return [self.move(p) for p in self.top_placements(n)]

    def _start_clock(self, solver: WordSolver) -> None:
        solver.deadline = None if self.time_limit is None else time.monotonic() + self.time_limit
        solver.node_limit = None if self.node_budget is None else solver._ticks + self.node_budget

    def top_placements(self, n: int) -> list[Placement]:
        """The best placements of the n best words (fewer when fewer can be spelled), best first.

        Words are searched in decreasing bound against a common threshold that starts just under the best
        bound and is lowered step by step: a search with a high threshold prunes hard, and a word that does not
        beat it is known to be worth no more than it. Once n words are kept, the threshold is the n-th value.
        """
        heap: list[tuple[float, int, Placement]] = []
        ub = self.bounds.bound.copy()
        index = self.bounds.index
        lex = self.lexicon
        if not len(ub):
            return []
        top = float(ub.max())
        gap = max(1.0, abs(top) * 0.02)
        threshold = top - gap
        self._start_clock(self.solver)
        try:
            while True:
                floor = heap[0][0] if len(heap) == n else float("-inf")
                level = max(floor, threshold)
                for j in self._descending(ub, level):
                    floor = heap[0][0] if len(heap) == n else float("-inf")
                    level = max(floor, threshold)
                    if ub[j] <= level + 2 * EPS:
                        break  # words come in decreasing bound and the level only rises: none left can beat it
                    p = self.solver.solve(lex.word(int(index[j])), level)
                    if p is None:
                        ub[j] = level  # proved: worth no more than the level
                        continue
                    ub[j] = float("-inf")
                    heapq.heappush(heap, (p.value, -j, p))
                    if len(heap) > n:
                        heapq.heappop(heap)
                floor = heap[0][0] if len(heap) == n else float("-inf")
                if threshold <= floor or threshold == float("-inf"):
                    break
                gap *= 4
                threshold = threshold - gap if gap < 1e15 else float("-inf")
        except OutOfTime:
            self.exact = False
            self._fill_quickly(heap, n)
        finally:
            self.solver.deadline = None
            self.solver.node_limit = None
        return [p for _, _, p in sorted(heap, key=lambda x: (-x[0], -x[1]))]

    def _fill_quickly(self, heap: list[tuple[float, int, Placement]], n: int) -> None:
        """Out of time: offer good moves all the same, from short searches of the words with the best bounds."""
        grace = min(2.0, 0.25 * (self.time_limit or 0.0))
        self.solver.node_limit = None
        self.solver.deadline = None if self.time_limit is None else time.monotonic() + grace
        kept = {-j for _, j, _ in heap}
        ub = self.bounds.bound
        # with a step budget (bots) the filling is bounded by steps too, in proportion: fewer words, shorter searches
        if self.node_budget is not None:
            words, steps = max(2 * n, 6), max(50, self.node_budget // 40)
        else:
            words, steps = max(20 * n, 200), 400
        best = np.argsort(-ub, kind="stable")[:words]
        try:
            for j in best:
                if int(j) in kept:
                    continue
                p = self.solver.solve(self.lexicon.word(int(self.bounds.index[j])), max_nodes=steps)
                if p is None or (len(heap) == n and p.value <= heap[0][0] + EPS):
                    continue
                heapq.heappush(heap, (p.value, -int(j), p))
                if len(heap) > n:
                    heapq.heappop(heap)
        except OutOfTime:
            pass

    @staticmethod
    def _descending(ub: npt.NDArray[np.float64], level: float) -> Iterator[int]:
        """Positions whose bound beats ``level`` when looked at, in decreasing bound, a batch at a time."""
        candidates = np.nonzero(ub > level + 2 * EPS)[0]
        while candidates.size:
            take = min(BATCH, candidates.size)
            if take < candidates.size:
                part = np.argpartition(-ub[candidates], take - 1)
                chosen, candidates = candidates[part[:take]], candidates[part[take:]]
            else:
                chosen, candidates = candidates, candidates[:0]
            yield from (int(j) for j in chosen[np.argsort(-ub[chosen], kind="stable")])

    def pareto(self) -> list[Move]:
        """The prestige/coins frontier: one move for each (prestige, coins) that no other move beats on both.

        Every optional gain is taken, and each either choice may go either way, so a move with two either
        cards can stand for several points. Listed by prestige, most first.
        """
        tiny = 1e-3  # the other currency still counts a little, so optional gains are always taken
        zero = {f.name: 0.0 for f in fields(Weights)}
        dims = [
            Weights(**{**zero, "prestige": 1.0, "coins": tiny}),
            Weights(**{**zero, "coins": 1.0, "prestige": tiny}),
        ]
        pools = [Pool.of(self.state, w) for w in dims]
        bounds = [word_bounds(self.lexicon, p) for p in pools]
        resolver = Resolver(pools[0])  # eithers go to prestige; the splits are made below
        solver = WordSolver(pools[0], resolver, bounds[0].optimism)
        dimensions = [b.optimism for b in bounds]
        frontier: dict[tuple[int, int], tuple[Placement, int]] = {}

        def hopeless(ub: list[float]) -> bool:
            return any(p >= ub[0] - EPS and c >= ub[1] - EPS for p, c in frontier)

        def add(point: tuple[int, int], placement: Placement, split: int) -> None:
            if point in frontier or hopeless([float(point[0]), float(point[1])]):
                return
            for q in [q for q in frontier if q[0] <= point[0] and q[1] <= point[1]]:
                del frontier[q]
            frontier[point] = (placement, split)

        word = ""

        def visit(slots: list[Slot]) -> None:
            for res in resolver.resolutions(slots):
                _, _, totals = resolver.explain(word, slots, res)
                amounts = [a for a, _ in totals.eithers]
                placement = Placement(word, list(slots), res)
                for split in range(1 << len(amounts)):
                    moved = sum(a for b, a in enumerate(amounts) if split >> b & 1)
                    add((totals.prestige - moved, totals.coins + moved), placement, split)

        ub_p, ub_c = bounds[0].bound, bounds[1].bound
        order = np.lexsort((-ub_c, -ub_p))
        self._start_clock(solver)
        try:
            for j in order:
                if hopeless([float(ub_p[j]), float(ub_c[j])]):
                    continue
                word = self.lexicon.word(int(bounds[0].index[j]))
                solver.enumerate(word, dimensions, hopeless, visit)
        except OutOfTime:
            self.exact = False
        moves = []
        for (_, _), (placement, split) in sorted(frontier.items(), key=lambda x: (-x[0][0], -x[0][1])):
            cards, in_play, totals = resolver.explain(placement.word, placement.slots, placement.resolution)
            for b, (amount, rep) in enumerate(totals.eithers):
                if split >> b & 1:
                    rep.prestige -= amount
                    rep.coins += amount
                    totals.prestige -= amount
                    totals.coins += amount
                    rep.notes = [
                        f"either: {amount} coins" if x == f"either: {amount} prestige" else x for x in rep.notes
                    ]
            m = Move(placement.word, cards, in_play, totals, value_of(totals, self.value_weights))
            m.reasons = summarize(m)
            moves.append(m)
        return moves

    def words(self) -> Iterator[str]:
        """Every word of the lexicon the state can spell (a lazy view; each word is checked exactly)."""
        index = self.bounds.index
        for j in range(len(index)):
            word = self.lexicon.word(int(index[j]))
            if self.solver.solve(word) is not None:
                yield word

    def count_better(self, value: float) -> int:
        """How many words have a best arrangement worth more than ``value`` (a lower count when out of time)."""
        b = self.bounds
        better = 0
        self._start_clock(self.solver)
        try:
            for j in np.nonzero(b.bound > value + 2 * EPS)[0]:
                if self.solver.solve(self.lexicon.word(int(b.index[j])), value) is not None:
                    better += 1
        except OutOfTime:
            self.exact = False
        finally:
            self.solver.deadline = None
        return better

    def rate(self, word: str, played: Placement | None = None) -> Rating:
        """How a played word ranks (1 = best) and the gap to the best move: the word as it was laid out
        (``played``), or at its best arrangement."""
        w = word.strip().lower()
        if w not in self.lexicon:
            close = self.lexicon.close_words(w, 5)
            hint = f"; close real words: {', '.join(close)}" if close else ""
            raise GhostwriterError(f"{word!r} is not in the dictionary {self.lexicon.name!r}{hint}")
        if len(w) < self.state.options.min_length:
            raise GhostwriterError(f"{word!r} is shorter than the minimum length {self.state.options.min_length}")
        p = played or self.solve(w)
        if p is None:
            inked = ", ".join(c.code for c in self.state.inked)
            why = f"; every inked card ({inked}) must be in the word face-up" if inked else ""
            raise GhostwriterError(f"{word!r} cannot be spelled with these cards{why}")
        better = self.count_better(p.value)
        found = self.top_placements(1)
        best = found[0] if found and found[0].value > p.value else p
        move = self.move(p)
        move.rank = better + 1
        best_move = self.move(best)
        best_move.rank = 1
        return Rating(move, better + 1, better, best_move, best.value - p.value)
