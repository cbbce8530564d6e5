"""The best-first loop both games share: candidates read in decreasing upper bound, the top n kept in a heap.

A game gives each candidate (a word of the lexicon) an upper bound of its value and a way to solve it exactly;
the loop solves candidates in decreasing bound while a bound can still beat the n-th value kept, so the answer is
exact while most candidates are never solved. What differs per game is a parameter: how a candidate is solved,
how close a bound must come to the n-th value to be tried (``Reach``), the tie key that orders moves of equal
value, and whether the level starts just under the best bound and is lowered step by step (``stepped``: a
search with a high level prunes hard, and a word that does not beat it is known to be worth no more than it).

The loop does not look at the clock itself: the game's solver ticks a ``solver.budget.Budget``, whose signals
(``OutOfTime``, ``Checkpoint``) pass through ``BestFirst.run``; the search stays as it was, so a caller may fill
an answer cut short from ``kept`` or call ``run`` again after a checkpoint to go on.
"""

from __future__ import annotations

import heapq
from array import array
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from solver.search import order

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    from solver.search.order import Floats

M = TypeVar("M")
SolveMany = Callable[["npt.NDArray[np.int64]", float], tuple[int, list[tuple[int, M]]]]
# a run of candidates solved in one call (``BestFirst``'s ``solve_run``): (bounds, effort or None, positions, start,
# level, margin, ties, class width) -> (what, at, proofs, move or signal); ``what`` one of the RUN_ codes below
SolveRun = Callable[
    ["Floats", "array[int] | None", "array[int]", int, float, float, bool, float],
    tuple[int, int, int, "M | BaseException | None"],
]
RUN_END, RUN_STOP, RUN_FOUND, RUN_HANDLE, RUN_SIGNAL = 0, 1, 2, 3, 4
Tie = tuple[int, ...]  # among moves of equal value the larger tie is better (Hardback: (-position,); Paperback: the
# word's letters as (-ord, ..., 0), alphabetical order first)
BATCH = 64  # candidates sorted at a time
FIRST_CHUNK = 8  # candidates a ``solve_many`` call takes at first (twice as many each call, up to MAX_CHUNK): few
MAX_CHUNK = 1024  # while the level is low and rising fast, many once it has settled
FIRST_GAP = 0.02  # share of the best bound the stepped level starts under (at least 1 point) ...
GAP_GROWTH = 4  # ... and grows by, each time a pass finds no move (``BestFirst.run``)
# bounds this close are one class for the order of a search that knows its proofs' steps (``descending``): within
# a class, the candidate whose last proof took most steps first (a word proved no better than a level at great
# cost is likely worth nearly that; one never proved, or cheaply, after it)
CLASS = 1e-4


@dataclass(frozen=True, slots=True)
class Proved:
    """A candidate's answer when it cannot beat the level: the most it is worth, no more than the level (a search
    that fails soft knows its best branch pruned; -inf, it has no move at all)."""

    upper: float


@dataclass(frozen=True)
class Reach:
    """When a bound can still beat a level: above it by more than ``margin`` or, with ``ties`` (a move of equal
    value may still win on its tie key), also equal to it."""

    margin: float
    ties: bool

    def beating(self, bounds: Floats, level: float) -> array[int]:
        """The positions whose bounds beat the level, ascending (a bound of -inf, a candidate solved, never does)."""
        return order.above(bounds, level + self.margin, self.ties)


class Kept(Generic[M]):
    """The n best moves found, by (value, tie), larger better: a heap whose root is the n-th."""

    def __init__(self, n: int) -> None:
        self.n = n
        self.heap: list[tuple[float, Tie, M]] = []

    def __iter__(self) -> Iterator[tuple[float, Tie, M]]:
        return iter(self.heap)

    @property
    def full(self) -> bool:
        return len(self.heap) >= self.n

    def floor(self) -> float:
        """The n-th value kept, the least a move must be worth to matter (-inf until n moves are kept)."""
        return self.heap[0][0] if len(self.heap) >= self.n else float("-inf")

    def worst(self) -> M | None:
        """The n-th move kept (None until n moves are kept)."""
        return self.heap[0][2] if len(self.heap) >= self.n else None

    def offer(self, value: float, tie: Tie, move: M) -> None:
        """Keep the move if it is among the n best so far (ties are distinct: one move a candidate)."""
        if len(self.heap) < self.n:
            heapq.heappush(self.heap, (value, tie, move))
        elif (value, tie) > self.heap[0][:2]:
            heapq.heapreplace(self.heap, (value, tie, move))

    def ranked(self) -> list[tuple[float, Tie, M]]:
        """The moves kept, best first."""
        return sorted(self.heap, key=lambda x: (x[0], x[1]), reverse=True)


def descending(
    bounds: Floats,
    level: float,
    reach: Reach,
    batch: int | None = BATCH,
    effort: array[int] | None = None,
) -> Iterator[int]:
    """Positions in decreasing bound, those whose bound beats ``level`` when looked at first: ``batch`` at first,
    then twice as many each time (each batch is sorted by the bounds as they are then: a caller may lower bounds of
    positions already given), or with None every position in one stable sort (cheaper when most will be looked at),
    the rest after them. With ``effort`` (int64, one a position), candidates whose bounds lie in one ``CLASS`` come
    by effort, most first. The orders are ``solver.search.order``'s."""
    for chosen in batches(bounds, level, reach, batch, effort):
        yield from chosen


def batches(
    bounds: Floats,
    level: float,
    reach: Reach,
    batch: int | None = BATCH,
    effort: array[int] | None = None,
) -> Iterator[array[int]]:
    """``descending``'s positions a batch at a time, each sorted when the one before it has been walked (with
    ``batch`` None, every position in one array)."""
    if batch is None:
        yield order.ordered(bounds)  # (one sort; the loop often stops early)
        return
    candidates = reach.beating(bounds, level)
    width = 0.0 if effort is None else CLASS
    while candidates:
        take = min(batch, len(candidates))
        batch *= 2  # each batch twice the last: partitions over the rest add up to n log n, not n squared / batch
        if take < len(candidates):  # the take best and every tie of the last of them (of its class, with effort)
            chosen, candidates = order.select(bounds, candidates, take, width)
        else:
            chosen, candidates = candidates, order.NONE
        yield order.ordered(bounds, chosen, effort, width)


class BestFirst(Generic[M]):
    """One best-first search over candidates 0..len(bounds)-1: ``run`` solves them, ``kept`` holds the n best.

    ``bounds`` becomes the search's own: it is lowered in place. ``solve(j, level)`` is candidate j's best move, or
    None when it is worth no more than ``level`` (its bound is then lowered to the level), or ``Proved`` the most
    it is worth when that is no more than the level (its bound is lowered to that); ``rank(j, move)`` its
    (value, tie). ``batch``: candidates sorted at a time (``descending``; None, all at once, only for a search of
    one pass, not ``stepped``). ``floor`` is a level every move of the answer is known to beat from elsewhere
    (Hardback's quick layouts), -inf until a caller raises it. ``solve_many(js, level)``, when given, solves a chunk
    of candidates (an array of positions) against one level in one call (a compiled loop, without the interpreter
    between words): how many it searched (fewer when the limits cut it short: the next call's ``OutOfTime`` ends the
    search) and the moves it found, by place in the chunk (the others are worth no more than the level). Every
    candidate of a chunk beat the level when it was taken; the level may rise while the chunk is solved, which
    costs work, never exactness. ``steps``, when given, reads the solver's step counter: each proof's steps are kept
    (``effort``), and once there are some, candidates whose bounds lie in one ``CLASS`` are taken by the steps of
    their last proofs, most first (a word proved no better than a level at great cost is likely worth nearly that,
    so the next pass finds the best moves sooner and its level rises sooner); a pass then ends at the first
    candidate that cannot beat the level by a whole class, not at the first that cannot.

    ``solve_run``, when given (with ``steps``), walks each batch of a pass without coming back per candidate (a
    compiled loop): ``solve_run(bounds, effort, positions, start, level, margin, ties, width)`` does for
    ``positions[start:]`` what ``_pass`` does for each against ``level`` (the stop test with the class ``width``, 0
    for none; ``bounds`` lowered and ``effort`` written for each candidate proved no better), until a candidate ends
    the run: it answers (what, at, proofs, payload), ``at`` the place in ``positions`` it ended at, ``proofs`` how
    many candidates it proved no better. ``what``: ``RUN_END`` every position walked, ``RUN_STOP`` the pass is over,
    ``RUN_FOUND`` the candidate at ``at`` has the move ``payload``, ``RUN_HANDLE`` the candidate at ``at`` is left to
    ``solve``, ``RUN_SIGNAL`` the budget's signal ``payload`` (an exception, raised) came during it (nothing written
    for it). Its answers must be ``solve``'s, step for step.
    """

    def __init__(
        self,
        bounds: Floats,
        n: int,
        solve: Callable[[int, float], M | Proved | None],
        rank: Callable[[int, M], tuple[float, Tie]],
        reach: Reach,
        stepped: bool,
        batch: int | None = BATCH,
        solve_many: SolveMany[M] | None = None,
        steps: Callable[[], int] | None = None,
        solve_run: SolveRun[M] | None = None,
    ) -> None:
        if stepped and batch is None:
            raise ValueError("a stepped search makes several passes: it sorts its candidates a batch at a time")
        if solve_many is not None and (stepped or batch is not None):
            raise ValueError("solve_many serves a search of one pass over every candidate in one sort (batch None)")
        if solve_run is not None and (solve_many is not None or steps is None):
            raise ValueError("solve_run serves a search that knows its steps, without solve_many")
        self.bounds: Any = bounds  # lowered as candidates are solved (-inf) or proved worth no more than a level
        self.kept: Kept[M] = Kept(n)
        self.solve = solve
        self.rank = rank
        self.reach = reach
        self.batch = batch
        self.solve_many = solve_many
        self.floor = float("-inf")
        self.steps = steps
        self.solve_run = solve_run
        # with ``steps``: per candidate proved worth no more than a level, the steps its last proof took
        self.effort: array[int] | None = order.zeros("q", len(self.bounds)) if steps is not None else None
        self.proved = False  # has a proof been counted in ``effort`` (until then the order is by bound alone)
        self.gap, self.threshold = float("inf"), float("-inf")
        if stepped and len(bounds):
            top = order.maximum(bounds)
            self.gap = max(1.0, abs(top) * FIRST_GAP)
            self.threshold = top - self.gap

    def level(self) -> float:
        """What a candidate must beat now: the n-th value kept, the stepped threshold, the known floor."""
        return max(self.kept.floor(), self.threshold, self.floor)

    def run(self) -> None:
        """Solve candidates until no bound can beat the level (``Budget`` signals pass through; call again to go
        on).

        A stepped search lowers its threshold after each pass that leaves the level above it: to the next bound
        under it when the pass found moves (the values lie near: a proof against a high level is cheap, one against
        a low level dear, and the level stays low until n moves are kept), so the words the pass proved no better
        than its level are asked to beat that next bound, which a word that does beats every word not yet asked;
        else by a gap that grows each time (the values lie lower than the bounds said)."""
        while True:
            before = len(self.kept.heap)
            self._pass()
            if self.threshold <= max(self.kept.floor(), self.floor) or self.threshold == float("-inf"):
                return
            if len(self.kept.heap) > before:  # moves found near the level: down to the next bound below it
                below = order.largest(self.bounds, self.threshold - self.reach.margin)
                if below is not None:  # the words proved no better than this level, asked to beat the next bound
                    self.threshold = max(below, self.threshold - GAP_GROWTH * self.gap)
                    continue
            self.gap *= GAP_GROWTH
            self.threshold = self.threshold - self.gap if self.gap < 1e15 else float("-inf")

    def _pass(self) -> None:
        """Every candidate whose bound beats the level, in decreasing bound (words come in decreasing bound and
        the level only rises: the first that does not beat it ends the pass)."""
        if self.solve_many is not None:
            self._pass_many(self.solve_many)
            return
        if self.solve_run is not None:
            self._pass_runs(self.solve_run)
            return
        bounds, kept = self.bounds, self.kept
        margin, ties = self.reach.margin, self.reach.ties  # ``Reach``, one bound at a time (this loop is hot)
        fixed = max(self.threshold, self.floor)  # neither changes during a pass
        effort = self.effort if self.proved else None  # the order's classes, once some proof was counted
        for j in descending(bounds, self.level(), self.reach, self.batch, effort):
            level = max(kept.floor(), fixed)
            bound = bounds[j]
            if bound < level + margin if ties else bound <= level + margin:
                if effort is None or bound < level + margin - CLASS:
                    return
                continue  # (with ``effort``, the rest of its class may still beat the level)
            self._solve_one(j, level)

    def _pass_runs(self, solve_run: SolveRun[M]) -> None:
        """``_pass`` a batch at a time, each walked by ``solve_run`` (``BestFirst``): back here only for a move
        found, a candidate it leaves to ``solve``, the end of the batch or of the pass, or a signal."""
        bounds, kept = self.bounds, self.kept
        margin, ties = self.reach.margin, self.reach.ties
        fixed = max(self.threshold, self.floor)
        effort = self.effort if self.proved else None
        width = 0.0 if effort is None else CLASS
        for positions in batches(bounds, self.level(), self.reach, self.batch, effort):
            at = 0
            while at < len(positions):
                level = max(kept.floor(), fixed)
                what, at, proofs, payload = solve_run(bounds, self.effort, positions, at, level, margin, ties, width)
                if proofs and self.effort is not None:
                    self.proved = True
                if what == RUN_END:
                    break
                if what == RUN_STOP:
                    return
                if isinstance(payload, BaseException):  # RUN_SIGNAL
                    raise payload
                j = positions[at]
                if what == RUN_FOUND:
                    assert payload is not None
                    self._keep(j, payload)
                else:  # RUN_HANDLE: as the loop of ``_pass`` solves it (its stop test passed at this level)
                    self._solve_one(j, level)
                at += 1

    def _solve_one(self, j: int, level: float) -> None:
        """The work of a pass for candidate j once it beat ``level``: its move kept, or its bound lowered to what
        the proof says it is worth at most (and the proof's steps kept as its effort)."""
        steps = self.steps
        before = steps() if steps is not None else 0
        move = self.solve(j, level)
        if move is None or isinstance(move, Proved):
            self.bounds[j] = level if move is None else min(level, move.upper)  # proved: worth no more than that
            if steps is not None and self.effort is not None:
                self.effort[j] = steps() - before
                self.proved = True
            return
        self._keep(j, move)

    def _keep(self, j: int, move: M) -> None:
        """Candidate j solved: its move offered to the moves kept, its bound out of every later pass."""
        self.bounds[j] = float("-inf")
        self.kept.offer(*self.rank(j, move), move)

    def _pass_many(self, solve_many: SolveMany[M]) -> None:
        """``_pass`` a chunk of candidates at a time: those whose bound beats the level as the chunk is taken."""
        import numpy as np  # (the chunks are numpy's: Paperback's compiled loop reads them)

        bounds, kept = np.frombuffer(self.bounds, dtype=np.float64), self.kept  # (a view: ``_keep`` writes through)
        margin, ties = self.reach.margin, self.reach.ties
        fixed = max(self.threshold, self.floor)
        ranked = np.argsort(-bounds, kind="stable")
        at, size = 0, FIRST_CHUNK
        while at < len(ranked):
            level = max(kept.floor(), fixed)
            chunk = ranked[at : at + size]
            near = bounds[chunk]
            short = np.flatnonzero(near < level + margin if ties else near <= level + margin)
            if short.size:
                chunk = chunk[: short[0]]
            if chunk.size:
                searched, found = solve_many(chunk, level)
                bounds[chunk[:searched]] = level  # proved: worth no more than the level, but for the moves found
                for k, move in found:
                    self._keep(int(chunk[k]), move)
                at += searched
                if searched < chunk.size:  # cut short by the limits: the next call raises, the pass is not done
                    continue
            if short.size:
                return
            size = min(2 * size, MAX_CHUNK)
