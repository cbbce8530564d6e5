"""A word's plan (``Planning.plan``): what the search of one word reads before it starts, made once a word."""

from __future__ import annotations

from dataclasses import replace

from solver.hardback.profile import Source
from solver.hardback.resolve import EPS, award_prestige
from solver.search.hardback.kinds import Optimism, no_fodder
from solver.search.hardback.node import Node, Plan
from solver.search.hardback.reach import Reach


class Planning(Reach):
    """Plans the search of each word of a pool."""

    def plan(self, word: str, other: Optimism | None = None) -> Plan:
        """The plan of a word under this solver's optimism, or under ``other``."""
        n = len(word)
        om = self.optimism if other is None else other
        opt = om.opt
        if om.dumps:
            classics_fill = sum(min(word.count(letter), m) for letter, m in self.classic_letters.items())
            if no_fodder(self.pool, n, classics_fill):
                opt = om.opt_no_dump
        # uncovers start at an uncoverer standing on its own letter; uncovered uncoverers carry the chain on
        roots = [j for j in range(n) if word[j] in self.uncoverer_letters]
        near = [False] * n
        uncovers = 0
        if roots:
            reach = 1 + self.pool_uncoverers
            near = [any(0 < abs(i - j) <= reach for j in roots) for i in range(n)]
            uncovers = sum(
                self.optimism.uncovers[k] * self.counts[k]
                for k in self.uncoverers
                if self.profiles[k].pool or self.profiles[k].letter in word
            )
        # per-wild specials (Mystery N) that could be in play: each wild card is worth ``wild``
        wild = sum(
            om.per_wild[k] * self.counts[k]
            for k in self.wild_kinds
            if self.profiles[k].source is Source.MINE
            or self.profiles[k].letter in word
            or (self.profiles[k].pool and roots)
        )
        suffix: list[dict[str, int]] = [{} for _ in range(n + 1)]
        for i in range(n - 1, -1, -1):
            suffix[i] = dict(suffix[i + 1])
            suffix[i][word[i]] = suffix[i].get(word[i], 0) + 1
        order = self._order(opt, wild)
        st = self.pool.state
        w = self.pool.weights
        slack = self.mine_opt(opt) + EPS
        if st.options.literary_awards and w.award > 0:
            slack += w.award * award_prestige(n, st.options.rules, st.options.award_held)
        if w.remover_spent < 0:
            slack += -w.remover_spent * st.remover
        ids = self.letter_ids
        caps = [[sfx.get(letter, 0) for letter in ids] for sfx in suffix]
        items = self._items(order, opt, wild)
        by_step = sorted(range(len(om.step)), key=lambda k: -om.step[k])
        plan = Plan(
            list(opt), near, uncovers, slack, list(om.step), wild, suffix, order, caps, items, by_step, word=word
        )
        plan.unreached = self._unreached(word, plan)
        if self.stepped is not None and other is None:
            for m in (1, 2):
                for d, c in om.wild_steps[self.stepped]:
                    worth = wild + m * c
                    more = self._order(opt, worth)
                    variant = replace(plan, wild=worth, order=more, items=self._items(more, opt, worth), apart=[])
                    plan.apart.append((m, m * d, m * c, variant))
        return plan

    def _order(self, opt: list[float], wild: float) -> list[int]:
        """``Plan.order``: the kinds that may bring more than a wild on a letter or uncovered, best first."""
        return sorted(
            (k for k, p in enumerate(self.profiles) if p.source is not Source.MINE and opt[k] > wild),
            key=lambda k: -opt[k],
        )

    def _items(self, order: list[int], opt: list[float], wild: float) -> list[tuple[int, float, int, bool]]:
        """``Plan.items``: per kind in ``order``, its kind, its worth beyond a wild, its letter's index, whether in
        the pool."""
        ids = self.letter_ids
        return [(k, opt[k] - wild, ids[self.letters[k]], self.is_pool[k]) for k in order]

    def _unreached(self, word: str, plan: Plan) -> list[bool] | None:
        """Per kind, whether no doubling can reach a card of it in this word, where every doubler can stand only
        uncovered (none has a letter in the word; none uncovers: ``free_passing``); None where any may be reached.

        A doubler H that stands uncovered has a standing uncoverer beside it, at the end of a chain of uncovered
        uncoverers from one standing face-up on a letter of its own (a root, at a position whose letter some
        uncoverer has): the chain holds every position between the root and H, at most ``1 + pool_uncoverers``
        away. H doubles a neighbour T: T may be an uncoverer (the one that uncovered H, say); an uncovered T that
        is not one ends a chain of its own, so H and T take two of the uncovers the cards other than the passing
        uncoverers share (``_uncovers_ahead`` at the first letter), which needs two; else T stands face-up on a
        letter q of its own and H at q-1 or q+1, reached from a root on its far side (a chain from T's side would
        pass through q, where T stands). A kind for which none of these can happen is never doubled.
        """
        if not self.doublers or not self.free_passing:
            return None
        ahead = plan.suffix[0]
        if any(ahead.get(self.letters[k], 0) for k in self.doublers):
            return None
        n = len(word)
        roots = [j for j in range(n) if word[j] in self.uncoverer_letters]
        reach = 1 + self.pool_uncoverers
        avail, _ = self._uncovers_ahead(Node(0, plan, [], [0] * len(self.profiles)), plan.uncovers)
        out = []
        for k in range(len(self.profiles)):
            if k in self.uncoverers or (self.is_pool[k] and avail >= 2):
                out.append(False)
                continue
            letter = self.letters[k]
            reached = any(
                (r <= q - 2 and q - 1 - r <= reach) or (r >= q + 2 and r - q - 1 <= reach)
                for q in range(n)
                if word[q] == letter
                for r in roots
            )
            out.append(not reached)
        return out if any(out) else None
