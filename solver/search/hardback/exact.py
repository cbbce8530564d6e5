"""The best placement of cards for one word: a depth-first search over the word's letters.

At each letter the search tries the cards whose letter matches (face-up), hand cards laid face-down to be
uncovered by a neighbour, and an unnamed wild, best first, and prunes a branch when even its most
optimistic completion cannot beat the best value known, or when the cards it lays face-down cannot all be
uncovered (``WordSolver._stranded``). The optimistic completion counts, for the letters
still to fill, the best cards of each letter (each card once) and the best cards the uncovers left could
turn up. Every complete placement is resolved by ``solver.hardback.resolve.Resolver``, which checks that it can be
played and makes its choices.

The search stands at a ``Node`` (``solver.search.hardback.node``) and reads its parts there, each a module:
what a pool offers (``tables``), a word's plan (``planning``), the bounds of the letters to come (``reach``), of the
doubles (``doubling``) and their split forms (``apart``), the choices at a letter and the stranded test
(``placing``). ``WordSolver`` joins them; ``_Walk`` is one search of one word.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import TYPE_CHECKING

from solver.hardback.profile import Source
from solver.hardback.resolve import EPS, Face, Placement, Slot
from solver.search.hardback.apart import Apart
from solver.search.hardback.kinds import Optimism
from solver.search.hardback.node import Node, Plan
from solver.search.hardback.placing import Placing
from solver.search.hardback.planning import Planning
from solver.search.hardback.tables import Letters

if TYPE_CHECKING:
    from solver.lexicon import Lexicon

__all__ = ["Letters", "Node", "Plan", "WordSolver"]


class _Enough(Exception):  # noqa: N818 - a signal, not an error
    """A step-limited search ran out of steps; it carries the best placement found."""

    def __init__(self, best: Placement | None) -> None:
        super().__init__()
        self.best = best


class WordSolver(Planning, Apart, Placing):
    """Finds the best placement of a word for one pool of cards under one set of weights (its tables made once a
    pool: ``PoolTables.__init__``)."""

    def solve(self, word: str, floor: float = float("-inf"), max_nodes: int | None = None) -> Placement | None:
        """The best placement that beats ``floor`` (ties do not), or None when none does (or none exists).

        With ``max_nodes`` the search stops after that many steps with the best placement found so far, which is
        then good but not proven best.
        """
        if max_nodes is not None:
            stop_at = self.budget.ticks + max_nodes
            try:
                found = self._solve(word, floor, stop_at)
            except _Enough as enough:
                return enough.best
            return found if isinstance(found, Placement) else None
        found = self.attempt(word, floor)
        return found if isinstance(found, Placement) else None

    def attempt(self, word: str, floor: float = float("-inf")) -> Placement | float:
        """The best placement that beats ``floor`` (ties do not) or, when none does, the most the word is worth:
        no more than ``floor`` (up to rounding), often less (``_solve``), -inf when it cannot be spelled."""
        # words that agree on every letter some card has are the same problem: remember what each one proved
        key = self._key(word)
        known = self._recall(key, floor)
        if known is not None:
            return known.as_word(word) if isinstance(known, Placement) else known
        return self._learn(key, self._solve(word, floor, None), floor)

    def attempt_at(self, lexicon: Lexicon, i: int, floor: float = float("-inf")) -> Placement | float:
        """``attempt`` of the lexicon's word i (the best-first loop's call: an engine may read the word's codes
        without making its text)."""
        return self.attempt(lexicon.word(i), floor)

    def _key(self, word: str) -> Hashable:
        """What ``attempt`` remembers a word's answer by: its projection, every letter no card has made one."""
        return word.translate(self._projection)

    def _recall(self, key: Hashable, floor: float) -> Placement | float | None:
        """What a word of this key is known to give against ``floor`` (its best placement, of the word that made
        it; or the most it is worth, when that is no more than ``floor``), or None when it must be searched."""
        known = self._known.get(key)
        if known is not None:
            upper, found = known
            if found is not None:
                return found if found.value > floor + EPS else found.value
            if upper <= floor + EPS:
                return upper
        return None

    def _learn(self, key: Hashable, p: Placement | float, floor: float) -> Placement | float:
        """Remember a search's answer against ``floor`` (``_solve``'s) under its key; ``attempt``'s answer."""
        self._known[key] = (p.value, p) if isinstance(p, Placement) else (min(p, floor), None)
        return p if isinstance(p, Placement) else min(p, floor)

    def _solve(self, word: str, floor: float, stop_at: int | None) -> Placement | float:
        """The best placement that beats ``floor`` or, when none does, an upper bound of the word's value no more
        than ``floor + EPS``: the most of what the search pruned (a branch's bound) or resolved (a placement's
        value), -inf when no placement can be played (fail-soft: a word asked to beat a lower level later need not
        be searched again when this is under it)."""
        plan = self.plan(word)
        walk = _Walk(self, plan, floor, stop_at)
        walk.go(0, 0.0, plan.uncovers)
        return walk.best if walk.best is not None else walk.upper

    def lay_out_quickly(self, word: str) -> Placement | None:
        """A good placement of a word found in one pass, not proven best: every inked card face-up on a letter
        of its own, each other letter the best card left for it face-up, the rest wild, the doubles aimed one
        by one. None when that placement cannot be played (or the word is too short). It is what an answer cut
        short by its limit offers while the exact search has not reached a word."""
        n = len(word)
        if n < self.pool.state.options.min_length:
            return None
        counts, profiles = self.counts, self.profiles
        used = [0] * len(profiles)
        slots: list[Slot | None] = [None] * n
        inked = [k for k, p in enumerate(profiles) if p.source is Source.INKED]
        for k in inked:  # inked cards first: they must stand face-up (or be freed by a remover)
            for i in range(n):
                if used[k] < counts[k] and slots[i] is None and word[i] == self.letters[k]:
                    slots[i] = (k, Face.UP)
                    used[k] += 1
        opt = self.optimism.opt
        for i in range(n):
            if slots[i] is not None:
                continue
            k = next((k for k in self.by_letter.get(word[i], ()) if used[k] < counts[k] and opt[k] >= 0), -1)
            if k >= 0:
                used[k] += 1
                slots[i] = (k, Face.UP)
            else:
                slots[i] = (-1, Face.WILD)
        placed = [s for s in slots if s is not None]
        res = self.resolver.resolve_quickly(placed)
        return None if res is None else Placement(word, placed, res)

    def enumerate(
        self,
        word: str,
        dimensions: Sequence[Optimism],
        hopeless: Callable[[list[float]], bool],
        visit: Callable[[list[Slot]], None],
    ) -> None:
        """Visit every complete placement of a word, pruning branches whose optimistic totals are hopeless.

        Each dimension is an optimism; ``hopeless`` gets a branch's most on each.
        """
        n = len(word)
        plans = [self.plan(word, d) for d in dimensions]
        used = [0] * len(self.profiles)
        slots: list[Slot] = []

        def go(i: int, acc: list[float], budget: int) -> None:
            self.budget.tick()
            node = Node(i, plans[0], slots, used)
            node.uncovers, node.passing = self._uncovers_ahead(node, budget)
            if hopeless([a + self._bounds(node, p) for a, p in zip(acc, plans, strict=True)]):
                return
            if i == n:
                if self._complete(slots):
                    visit(slots)
                return
            for k, face in self._choices(node):
                if k >= 0:
                    used[k] += 1
                slots.append((k, face))
                gain = [(p.opt[k] if k >= 0 else 0.0) + (p.wild if face is not Face.UP else 0.0) for p in plans]
                go(i + 1, [a + g for a, g in zip(acc, gain, strict=True)], budget - (face is Face.UNCOVERED))
                slots.pop()
                if k >= 0:
                    used[k] -= 1

        go(0, [0.0] * len(plans), plans[0].uncovers)

    def _bounds(self, node: Node, plan: Plan) -> float:
        """``enumerate``'s most at a node under one of its plans: the letters to come and the doubles, and the
        slack (the node's uncovers, with no genre ruled out)."""
        at = Node(node.i, plan, node.slots, node.used, node.uncovers, node.passing)
        return self._rest(at) + self._doubles(at) + plan.slack


class _Walk:
    """One search of one word (``WordSolver._solve``): the letters placed so far, the best placement found, the floor
    it must beat and the most of what was pruned or resolved (``upper``)."""

    def __init__(self, solver: WordSolver, plan: Plan, floor: float, stop_at: int | None) -> None:
        self.solver = solver
        self.plan = plan
        self.n = len(plan.word)
        self.slots: list[Slot] = []
        self.used = [0] * len(solver.profiles)
        self.best: Placement | None = None
        self.floor = floor
        self.upper = float("-inf")  # the most a branch pruned or a placement resolved may be worth
        self.stop_at = stop_at
        self.clock = solver.budget

    def go(self, i: int, acc: float, budget: int) -> None:
        """The search below letter i, the letters before it placed (worth ``acc`` at the most), with ``budget``
        uncovers left."""
        clock = self.clock
        clock.tick()
        if self.stop_at is not None and clock.ticks > self.stop_at:
            raise _Enough(self.best)
        solver = self.solver
        node = Node(i, self.plan, self.slots, self.used)
        if solver._stranded(node) or solver._short(node) or self._cut(node, acc, budget):
            return
        if i == self.n:
            self._leaf()
            return
        opt, wild, slots, used, is_mine = self.plan.opt, self.plan.wild, self.slots, self.used, solver.is_mine
        for k, face in solver._choices(node):
            if k >= 0:
                used[k] += 1
            slots.append((k, face))
            if face is Face.WILD:
                self.go(i + 1, acc + wild, budget)
            elif face is Face.UP:  # a classic of yours brings on a letter what the slack counts it for in play
                self.go(i + 1, acc if is_mine[k] else acc + opt[k], budget)
            else:  # a timeless classic of the hand, uncovered, is not put into play (``PoolTables.unkept``)
                self.go(i + 1, acc + opt[k] - solver.unkept[k] + wild, budget - 1)
            slots.pop()
            if k >= 0:
                used[k] -= 1

    def _cut(self, node: Node, acc: float, budget: int) -> bool:
        """Count the node's bounds (its uncovers and live genres kept on it for the choices) and whether even its
        most optimistic completion cannot beat the floor (then the most it may be worth raises ``upper``)."""
        solver, plan = self.solver, self.plan
        node.uncovers, node.passing = solver._uncovers_ahead(node, budget)
        node.live = solver._live(node)
        rest = solver._rest(node)
        doubles = solver._doubles(node)
        slack = plan.slack
        limit = self.floor + EPS
        most = acc + rest + doubles + slack
        if most <= limit:
            self.upper = max(self.upper, most)
            return True
        if plan.apart:
            most = acc + solver._apart(node, acc, slack, limit, rest) + slack
            if most <= limit:
                self.upper = max(self.upper, most)
                return True
        if solver.split:
            most = acc + solver._split(node, rest, doubles, acc, slack, limit)
            most += slack
            if most <= limit:
                self.upper = max(self.upper, most)
                return True
        return False

    def _leaf(self) -> None:
        """A placement of every letter: resolved, and kept where it beats the floor."""
        slots = self.slots
        if not self.solver._complete(slots):
            return
        res = self.solver.resolver.resolve(slots)
        if res is None:
            return
        self.upper = max(self.upper, res.value)
        if res.value > self.floor + EPS:
            self.floor = res.value
            self.best = Placement(self.plan.word, list(slots), res)
