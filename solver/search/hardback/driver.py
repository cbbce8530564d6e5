"""Hardback's search over the whole lexicon: the top moves, the prestige/coins frontier, a played word's rank.

Words are read in decreasing order of their upper bound (``solver.search.hardback.bound``) and solved exactly
(``solver.search.hardback.exact``) only while their bound can still beat the moves kept, by the loop both games share
(``solver.search.best_first``), so the answer is exact while most words are never looked at one by one. A query
past its time limit returns what it has, marked inexact.
"""

from __future__ import annotations

import functools
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, fields
from typing import TYPE_CHECKING

from solver.budget import Checkpoint, OutOfTime
from solver.errors import GhostwriterError
from solver.hardback.arrangement import ArrangementError, arrangement_slots, read_arrangement
from solver.hardback.moves import Move, gap, move_of, value_of
from solver.hardback.objectives import Objective, Weights
from solver.hardback.outcome import outcome
from solver.hardback.profile import Pool
from solver.hardback.resolve import EPS, Placement, Resolver, Slot
from solver.hardback.state import TurnState
from solver.lexicon import Lexicon
from solver.search import order
from solver.search.best_first import BestFirst, Kept, Proved, Reach
from solver.search.hardback.bound import Bounds, word_bounds
from solver.search.hardback.compiled import CompiledWordSolver, check_engine, word_solver
from solver.search.hardback.exact import WordSolver
from solver.search.setup import Setup
from solver.text import normalize_word

if TYPE_CHECKING:
    from solver.search.order import Flags

MAX_TOP = 1000
CHECKPOINT = 0.2  # share of a time limit after which a search lays out promising words quickly, to have an answer
RESERVE = 0.15  # the last share of a time limit, at most RESERVE_CAP seconds, kept to fill an answer cut short
RESERVE_CAP = 0.3
GRACE_MIN = 0.1  # seconds to fill a cut answer even when the limit is already spent (at most the limit itself)
SPLIT_CHECK = 1023  # the frontier reads the clock once every 1,024 splits of a placement's either choices
REACH = Reach(2 * EPS, ties=False)  # a bound beats a level when over it by more than rounding
RUNS = True  # the compiled engine's best-first loop walks runs of words in the kernel (tests turn it off to compare)


@dataclass
class Rating:
    """How a played word ranks: its best arrangement, its rank among all words, and the gap to the best."""

    move: Move
    rank: int
    best: Move
    gap: dict[str, float | int]  # ``solver.hardback.moves.gap``: in the objective's own terms


class Frontier:
    """The (prestige, coins) points no other point beats on both, each with the placement that reaches it and how
    its either choices split (bit b set: the b-th either gives coins)."""

    def __init__(self) -> None:
        self.points: dict[tuple[int, int], tuple[Placement, int]] = {}

    def hopeless(self, ub: list[float]) -> bool:
        """Whether a point at most ``ub`` (prestige, coins) is beaten already."""
        return any(p >= ub[0] - EPS and c >= ub[1] - EPS for p, c in self.points)

    def add(self, point: tuple[int, int], placement: Placement, split: int) -> None:
        if point in self.points or self.hopeless([float(point[0]), float(point[1])]):
            return
        for q in [q for q in self.points if q[0] <= point[0] and q[1] <= point[1]]:
            del self.points[q]
        self.points[point] = (placement, split)


class Search(Setup[TurnState, Objective]):
    """The moves of one turn state over one lexicon, ranked by one objective."""

    def __init__(
        self,
        lexicon: Lexicon,
        state: TurnState,
        objective: Objective = Objective.VALUE,
        weights: Weights | None = None,
        time_limit: float | None = None,
        node_budget: int | None = None,
        allowed: Flags | None = None,
        cancel: threading.Event | None = None,
        engine: str | None = None,
    ) -> None:
        """``time_limit`` (seconds) bounds each whole-lexicon query; past it the query returns what it has found
        and sets ``exact`` to False. ``node_budget`` bounds it by search steps instead, which gives the same answer
        on every machine (for bots, whose games must replay). ``allowed`` (one flag a lexicon word) keeps the
        whole-lexicon queries to some words, e.g. the familiar ones. ``cancel``, once set, ends a time-limited query
        at once (a service's client went away). ``engine`` runs the per-word search in Python (``"python"``, the
        reference) or in the compiled kernel (``"compiled"``); by default the kernel where it was built
        (``solver.search.hardback.compiled``). The word bounds follow it: numpy's for Python, the bounds' kernel's for
        the
        compiled engine (the same numbers, ``solver.search.hardback.bound``)."""
        self.begin(lexicon, state, objective, time_limit, cancel, check_engine(engine))
        self.allowed = allowed
        self.node_budget = node_budget
        self.value_weights = weights or Weights.at_stage(state.options.stage)
        self.weights = Weights.for_objective(objective, self.value_weights)
        self.pool = Pool.of(state, self.weights)
        self.resolver = Resolver(self.pool, self.budget)
        self._bounds: Bounds | None = None
        self._solver: WordSolver | None = None
        self._queries = 0  # queries under way (one inside another shares the outer one's limits)
        self._graced = False  # the query was given its grace already
        self._final = 0.0  # time.monotonic() at which the query's time limit ends, reserve included

    @property
    def bounds(self) -> Bounds:
        if self._bounds is None:
            self._bounds = word_bounds(
                self.lexicon,
                self.pool,
                native=self.engine == "compiled",
                out_of_time=self.budget.past_deadline,
                allowed=self.allowed,
            )
        return self._bounds

    @property
    def solver(self) -> WordSolver:
        if self._solver is None:
            b = self.bounds
            self._solver = word_solver(self.pool, self.resolver, b.optimism, self.engine)
        return self._solver

    # -- single words -------------------------------------------------------------------------------------------

    def solve(self, word: str, floor: float = float("-inf")) -> Placement | None:
        """The best placement of one word (in the lexicon or not), or None when the cards cannot spell it."""
        if len(word) < self.state.options.min_length:
            return None
        return self.solver.solve(word, floor)

    def move(self, placement: Placement) -> Move:
        """The move of a placement, explained. Its outcome, valued under the search's weights, must be worth what
        the search found (the compiled kernel's resolution and value against the Python outcome): an
        AssertionError otherwise, a bug and never an answer."""
        resolved = outcome(self.resolver, placement.word, placement.slots, placement.resolution, placement.choices)
        move = move_of(resolved, self.value_weights)
        worth = move.value if self.weights is self.value_weights else value_of(resolved.totals, self.weights)
        if abs(worth - placement.value) > EPS:
            raise AssertionError(
                f"{placement.word!r} laid out as {placement.slots} is worth {worth}, not {placement.value} as found"
            )
        return move

    # -- the whole lexicon --------------------------------------------------------------------------------------

    def top(self, n: int = 10) -> list[Move]:
        """The n best distinct words, each with its best arrangement, best first."""
        if not 1 <= n <= MAX_TOP:
            raise GhostwriterError(f"top must be from 1 to {MAX_TOP}")
        return [self.move(p) for p in self.top_placements(n)]

    @contextmanager
    def _query(self, checkpoint: bool = False) -> Iterator[None]:
        """The limits of one whole-lexicon query, started by the outermost (a rating's searches share one limit)."""
        outer = self._queries == 0
        if outer:
            self._graced = False
            if self._bounds is not None and not self._bounds.complete:
                self._bounds = None  # the clock cut them in a query before: this one may have time for them all
            share = CHECKPOINT if checkpoint and self.time_limit is not None else None
            limit = self.time_limit
            if limit is not None:  # the search proper; the reserve is for the grace
                self._final = time.monotonic() + limit
                limit -= min(RESERVE_CAP, RESERVE * limit)
            self.budget.start(limit, self.node_budget, share)
        self._queries += 1
        try:
            yield
        finally:
            self._queries -= 1
            if outer:
                self.budget.stop()

    def _grace(self) -> None:
        """Short new limits, once a query, to fill an answer cut short: the time limit's reserve (so the whole
        query ends at its limit), or a twentieth of the step budget. A second call gives nothing more."""
        self.exact = False
        timed, stepped = self.time_limit is not None, self.node_budget is not None
        if self._graced:
            self.budget.extend(0.0 if timed else None, 0 if stepped else None)
            return
        self._graced = True
        least = min(GRACE_MIN, self.time_limit or 0.0)  # a tiny limit's grace is as tiny
        seconds = max(least, self._final - time.monotonic()) if timed else None
        steps = max(200, (self.node_budget or 0) // 20) if stepped else None
        self.budget.extend(seconds, steps)

    def top_placements(self, n: int) -> list[Placement]:
        """The best placements of the n best words (fewer when fewer can be spelled), best first, within the
        search's limits (``_best_first``)."""
        with self._query(checkpoint=True):
            return self._best_first(n)

    def _best_first(self, n: int) -> list[Placement]:
        """The best placements of the n best words (fewer when fewer can be spelled), best first.

        Words are searched best first (``solver.search.best_first``) against a level lowered step by step; once n
        words are kept, the level is the n-th value. At the checkpoint (part of the way to the time limit) the
        words with the best bounds are laid out quickly: an answer cut short offers them, and once n are laid out
        the n-th is a floor no word of the true top n falls under. Past the limit the answer is what was found,
        marked not exact.
        """
        if not len(self.bounds.bound):
            return []
        index, lex, solver = self.bounds.index, self.lexicon, self.solver
        solve_run = None  # the compiled engine walks each batch of words in the kernel (``BestFirst``'s solve_run)
        if RUNS and isinstance(solver, CompiledWordSolver) and solver.runs(lex):
            solve_run = functools.partial(solver.solve_run, lex, index)
        search: BestFirst[Placement] = BestFirst(
            order.copied(self.bounds.bound),  # (a copy: the search lowers it)
            n,
            solve=lambda j, level: _proved(solver.attempt_at(lex, index[j], level)),
            rank=lambda j, p: (p.value, (-j,)),  # ties: the word first in the lexicon's order
            reach=REACH,
            stepped=True,
            steps=lambda: self.budget.ticks,
            solve_run=solve_run,
        )
        seeds: dict[int, Placement] = {}  # position -> a quick layout (not proven best)
        while True:
            try:
                search.run()
                break
            except Checkpoint:
                try:
                    search.floor = self._lay_out_quickly(seeds, _positions(search.kept), n)
                except OutOfTime:
                    self._cut(search.kept, seeds)
                    break
            except OutOfTime:
                self._cut(search.kept, seeds)
                break
        best: dict[int, Placement] = {-tie[0]: p for _, tie, p in search.kept}
        for j, p in seeds.items():
            if j not in best or p.value > best[j].value + EPS:
                best[j] = p
        return [p for j, p in sorted(best.items(), key=lambda x: (-x[1].value, x[0]))][:n]

    def _cut(self, kept: Kept[Placement], seeds: dict[int, Placement]) -> None:
        """Out of time: quick layouts (if the checkpoint did not make them) and short searches of the most
        promising words, within a short grace."""
        self._grace()
        try:
            self._lay_out_quickly(seeds, _positions(kept), kept.n)
            self._fill_quickly(kept)
        except (OutOfTime, Checkpoint):
            pass

    def _lay_out_quickly(self, seeds: dict[int, Placement], solved: set[int], n: int) -> float:
        """Quick layouts (``WordSolver.lay_out_quickly``) of the words with the best bounds not yet solved, into
        ``seeds``; the level every word of the true top n then beats (-inf until n words are laid out)."""
        order = self.bounds.promising(max(20 * n, 200))
        for j in order:
            j = int(j)
            if j in solved or j in seeds:
                continue
            if seeds or solved:  # the first word is laid out whatever the clock says: an answer is never empty
                self.budget.check()
            p = self.solver.lay_out_quickly(self.lexicon.word(int(self.bounds.index[j])))
            if p is not None:
                seeds[j] = p
        values = sorted((p.value for p in seeds.values()), reverse=True)
        return values[n - 1] - 4 * EPS if len(values) >= n else float("-inf")

    def _fill_quickly(self, kept: Kept[Placement]) -> None:
        """Out of time: better moves all the same, from short searches of the words with the best bounds (within
        the grace the caller set)."""
        n = kept.n
        solved = _positions(kept)
        # with a step budget (bots) the filling is bounded by steps too, in proportion: fewer words, shorter searches
        if self.node_budget is not None:
            words, steps = max(2 * n, 6), max(50, self.node_budget // 40)
        else:
            words, steps = max(20 * n, 200), 400
        best = self.bounds.promising(words)
        for j in best:
            if int(j) in solved:
                continue
            self.budget.check()
            p = self.solver.solve(self.lexicon.word(int(self.bounds.index[j])), max_nodes=steps)
            if p is None or (kept.full and p.value <= kept.floor() + EPS):
                continue
            kept.offer(p.value, (-int(j),), p)

    def pareto(self) -> list[Move]:
        """The prestige/coins frontier (``_pareto``) within the search's limits, its bounds included."""
        with self._query():
            return self._pareto()

    def _pareto(self) -> list[Move]:
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
        import numpy as np  # (the frontier's orders are numpy's)

        pools = [Pool.of(self.state, w) for w in dims]
        native = self.engine == "compiled"
        bounds = [word_bounds(self.lexicon, p, native, self.budget.past_deadline) for p in pools]
        resolver = Resolver(pools[0], self.budget)  # eithers go to prestige; the splits are made below
        solver = WordSolver(pools[0], resolver, bounds[0].optimism)  # enumerates placements: Python only
        dimensions = [b.optimism for b in bounds]
        frontier = Frontier()
        hopeless, add = frontier.hopeless, frontier.add
        word = ""

        def visit(slots: list[Slot]) -> None:
            for res in resolver.resolutions(slots):
                self.budget.check()
                resolved = outcome(resolver, word, slots, res)
                totals = resolved.totals
                amounts = [g.amount for _, g in resolved.choices()]
                placement = Placement(word, list(slots), res)
                for split in range(1 << len(amounts)):
                    if split & SPLIT_CHECK == SPLIT_CHECK:  # 2 ** eithers splits: the clock is read in the loop
                        self.budget.check()
                    moved = sum(a for b, a in enumerate(amounts) if split >> b & 1)
                    add((totals.prestige - moved, totals.coins + moved), placement, split)

        ub_p, ub_c = np.frombuffer(bounds[0].bound), np.frombuffer(bounds[1].bound)
        known = np.isfinite(ub_p) & np.isfinite(ub_c)  # words whose bounds the clock let be computed come first
        ranked = np.lexsort((-ub_c, -ub_p, ~known))
        try:
            for j in ranked:
                if hopeless([float(ub_p[j]), float(ub_c[j])]):
                    continue
                word = self.lexicon.word(int(bounds[0].index[j]))
                solver.enumerate(word, dimensions, hopeless, visit)
        except OutOfTime:
            self._grace()
            try:  # cut short: quick layouts of the most promising words, so that the answer is never empty
                for j in ranked[: 20 if frontier.points else 200]:
                    word = self.lexicon.word(int(bounds[0].index[j]))
                    if frontier.points:  # the first word is laid out whatever the clock says
                        self.budget.check()
                    p = solver.lay_out_quickly(word)
                    if p is not None:
                        totals = outcome(resolver, word, p.slots, p.resolution).totals
                        add((totals.prestige, totals.coins), p, 0)
            except OutOfTime:
                pass
        points = sorted(frontier.points.items(), key=_by_prestige)
        return [self._split_move(resolver, p, split) for _, (p, split) in points]

    def _split_move(self, resolver: Resolver, placement: Placement, split: int) -> Move:
        """A frontier's move with its either choices split as ``split`` says (bit b set: the b-th either gives
        coins, not prestige)."""
        resolved = outcome(resolver, placement.word, placement.slots, placement.resolution)
        for b, (part, choice) in enumerate(resolved.choices()):
            if split >> b & 1:
                resolved.switch(part, choice, "coins")
        return move_of(resolved, self.value_weights)

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
        with self._query():
            try:
                for j in order.above(b.bound, value + 2 * EPS, False):
                    if self.solver.solve(self.lexicon.word(int(b.index[j])), value) is not None:
                        better += 1
            except OutOfTime:
                self.exact = False
        return better

    def standing(self, value: float) -> tuple[int, Placement | None]:
        """How many words have a best arrangement worth more than ``value``, and the best placement of all (None
        when no word can be spelled), within one time limit (``exact`` false when it cut either short)."""
        with self._query():
            better = self.count_better(value)
            found = self.top_placements(1)
        return better, (found[0] if found else None)

    def arranged(self, word: str, entries: object) -> Placement:
        """A played word as it was laid out (``solver.hardback.arrangement``), resolved within the query's limits: past
        them, resolved well but not proven best."""
        with self._query():
            try:
                return read_arrangement(word, entries, self.pool, self.resolver)
            except OutOfTime:
                self._grace()
            try:
                return read_arrangement(word, entries, self.pool, self.resolver, quickly=True)
            except OutOfTime:  # its uncover orders alone outran the limit
                raise ArrangementError(
                    f"this arrangement of {word!r} could not be checked within the time limit "
                    f"({self.time_limit or 0:g} s): allow more time, or lay fewer cards face-down to be uncovered"
                ) from None

    def rate(self, word: str, played: Placement | None = None, arrangement: object = None) -> Rating:
        """How a played word ranks (1 = best) and the gap to the best move: the word as it was laid out
        (``played``, or ``arrangement`` read by ``arranged``), or at its best arrangement. One time limit for all."""
        if arrangement is not None:  # a layout's own mistakes are said first (its cards, faces and letters)
            arrangement_slots(normalize_word(word), arrangement, self.pool)
        w = word.strip().lower()
        if w not in self.lexicon:
            close = self.lexicon.close_words(w, 5)
            hint = f"; close real words: {', '.join(close)}" if close else ""
            raise GhostwriterError(f"{word!r} is not in the dictionary {self.lexicon.name!r}{hint}")
        if len(w) < self.state.options.min_length:
            raise GhostwriterError(f"{word!r} is shorter than the minimum length {self.state.options.min_length}")
        with self._query():
            p = played if arrangement is None else self.arranged(word, arrangement)
            if p is None:
                try:
                    p = self.solve(w)
                except OutOfTime:  # rated as laid out quickly (not proven its best arrangement)
                    self._grace()
                    try:
                        p = self.solver.lay_out_quickly(w)
                    except OutOfTime:
                        p = None
                    if p is None:
                        raise GhostwriterError(
                            f"{word!r}: no arrangement of it was found within the time limit "
                            f"({self.time_limit or 0:g} s): allow more time"
                        ) from None
            if p is None:
                inked = ", ".join(c.code for c in self.state.inked)
                why = f"; every inked card ({inked}) must be in the word face-up" if inked else ""
                raise GhostwriterError(f"{word!r} cannot be spelled with these cards{why}")
            better, top = self.standing(p.value)
        best = top if top is not None and top.value > p.value else p
        move = self.move(p)
        move.rank = better + 1
        best_move = self.move(best)
        best_move.rank = 1
        return Rating(move, better + 1, best_move, gap(best_move, move, self.objective))


def _positions(kept: Kept[Placement]) -> set[int]:
    """The positions of the words kept (their tie key is the position, negated)."""
    return {-tie[0] for _, tie, _ in kept}


def _by_prestige(point: tuple[tuple[int, int], tuple[Placement, int]]) -> tuple[int, int]:
    """A frontier's order: most prestige first, then most coins."""
    (prestige, coins), _ = point
    return (-prestige, -coins)


def _proved(found: Placement | float) -> Placement | Proved:
    """``WordSolver.attempt``'s answer as the best-first loop reads it."""
    return found if isinstance(found, Placement) else Proved(found)
