"""The best placement of cards for one word: a depth-first search over the word's letters.

At each letter the search tries the cards whose letter matches (face-up), hand cards laid face-down to be
uncovered by a neighbour, and an unnamed wild, best first, and prunes a branch when even its most
optimistic completion cannot beat the best value known. Every complete placement is resolved by
``solver.score.Resolver``, which checks that it can be played and makes its choices.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from solver.score import EPS, Face, Pool, Resolution, Resolver, Slot, Source, award_prestige


@dataclass
class Placement:
    word: str
    slots: list[Slot]
    resolution: Resolution

    @property
    def value(self) -> float:
        return self.resolution.value


class WordSolver:
    """Finds the best placement of a word for one pool of cards under one set of weights."""

    def __init__(self, pool: Pool, resolver: Resolver, optimistic: Sequence[float], double_slack: float) -> None:
        self.pool = pool
        self.resolver = resolver
        self.profiles = pool.profiles
        self.counts = pool.counts
        self.opt = list(optimistic)
        self.double_slack = double_slack
        self.by_letter: dict[str, list[int]] = {}
        for k, p in enumerate(self.profiles):
            self.by_letter.setdefault(p.letter, []).append(k)
        for ks in self.by_letter.values():
            ks.sort(key=lambda k: -self.opt[k])
        self.pool_kinds = sorted((k for k, p in enumerate(self.profiles) if p.pool), key=lambda k: -self.opt[k])
        self.uncoverers = {k for k, p in enumerate(self.profiles) if p.own and max(p.uncovers) > 0}
        self.uncoverer_letters = {self.profiles[k].letter for k in self.uncoverers}
        self.pool_uncoverer = any(self.profiles[k].pool for k in self.uncoverers)
        self.mine_opt = sum(
            self.opt[k] * self.counts[k] for k, p in enumerate(self.profiles) if p.source is Source.MINE
        )

    def _near(self, word: str) -> list[bool]:
        """For each letter: may a face-down card there be uncovered (could a neighbour hold an uncoverer)?"""
        n = len(word)
        near = [False] * n
        if self.uncoverers:
            for i in range(n):
                for j in (i - 1, i + 1):
                    if 0 <= j < n and (word[j] in self.uncoverer_letters or self.pool_uncoverer):
                        near[i] = True
        return near

    def _rest(self, word: str, near: list[bool], opt: Sequence[float]) -> list[float]:
        """rest[i]: the most the letters from i on could add, each at its best card."""
        n = len(word)
        best_uncoverable = max((opt[k] for k in self.pool_kinds), default=0.0)
        rest = [0.0] * (n + 1)
        for i in range(n - 1, -1, -1):
            m = max((opt[k] for k in self.by_letter.get(word[i], ())), default=0.0)
            if near[i]:
                m = max(m, best_uncoverable)
            rest[i] = rest[i + 1] + max(m, 0.0)
        return rest

    def _choices(self, word: str, i: int, near: list[bool], slots: list[Slot], used: list[int]) -> list[Slot]:
        """What may stand at letter i, given the letters before it: best cards first, the unnamed wild last."""
        counts = self.counts
        uncoverers = self.uncoverers
        # an uncovered card needs an uncoverer beside it: if the one on its left is not, this one must be
        need = i >= 1 and slots[i - 1][1] is Face.UNCOVERED and not (i >= 2 and self._may_uncover(slots[i - 2]))
        out: list[Slot] = [
            (k, Face.UP)
            for k in self.by_letter.get(word[i], ())
            if used[k] < counts[k] and (not need or k in uncoverers)
        ]
        if near[i]:
            out.extend(
                (k, Face.UNCOVERED) for k in self.pool_kinds if used[k] < counts[k] and (not need or k in uncoverers)
            )
        if not need:
            out.append((-1, Face.WILD))
        return out

    def _may_uncover(self, slot: Slot) -> bool:
        return slot[0] in self.uncoverers and slot[1] is not Face.WILD

    def _complete(self, slots: list[Slot]) -> bool:
        """A full placement whose last card, if uncovered, has an uncoverer on its left."""
        return slots[-1][1] is not Face.UNCOVERED or (len(slots) > 1 and self._may_uncover(slots[-2]))

    def solve(self, word: str, floor: float = float("-inf")) -> Placement | None:
        """The best placement whose value beats ``floor``, or None when no placement does (or none exists)."""
        n = len(word)
        near = self._near(word)
        opt = self.opt
        rest = self._rest(word, near, opt)
        slack = self.mine_opt + self.double_slack + self._extras_ceiling(n) + EPS
        used = [0] * len(self.profiles)
        slots: list[Slot] = []
        best: list[Placement | None] = [None]
        floor_box = [floor]
        resolver = self.resolver

        def go(i: int, acc: float) -> None:
            if acc + rest[i] + slack <= floor_box[0]:
                return
            if i == n:
                if not self._complete(slots):
                    return
                res = resolver.resolve(slots)
                if res is not None and res.value > floor_box[0]:
                    floor_box[0] = res.value
                    best[0] = Placement(word, list(slots), res)
                return
            for k, face in self._choices(word, i, near, slots, used):
                if k >= 0:
                    used[k] += 1
                slots.append((k, face))
                go(i + 1, acc + (opt[k] if k >= 0 else 0.0))
                slots.pop()
                if k >= 0:
                    used[k] -= 1

        go(0, 0.0)
        return best[0]

    def enumerate(
        self,
        word: str,
        optimistic: Sequence[Sequence[float]],
        slack: Sequence[float],
        hopeless: Callable[[list[float]], bool],
        visit: Callable[[list[Slot]], None],
    ) -> None:
        """Visit every complete placement of a word, pruning branches whose optimistic totals are hopeless.

        ``optimistic[d][k]`` is kind k's most on dimension d; ``slack[d]`` what the whole word may add beyond.
        """
        n = len(word)
        near = self._near(word)
        rests = [self._rest(word, near, o) for o in optimistic]
        used = [0] * len(self.profiles)
        slots: list[Slot] = []

        def go(i: int, acc: list[float]) -> None:
            if hopeless([a + r[i] + s for a, r, s in zip(acc, rests, slack, strict=True)]):
                return
            if i == n:
                if self._complete(slots):
                    visit(slots)
                return
            for k, face in self._choices(word, i, near, slots, used):
                if k >= 0:
                    used[k] += 1
                slots.append((k, face))
                go(i + 1, [a + (o[k] if k >= 0 else 0.0) for a, o in zip(acc, optimistic, strict=True)])
                slots.pop()
                if k >= 0:
                    used[k] -= 1

        go(0, [0.0] * len(optimistic))

    def _extras_ceiling(self, n: int) -> float:
        """Most that the placement-wide terms (an award, removers spent) can add to a word of length n."""
        st = self.pool.state
        w = self.pool.weights
        extra = 0.0
        if st.options.literary_awards and w.award > 0:
            extra += w.award * award_prestige(n, st.options.rules, st.options.award_held)
        if w.remover_spent < 0:
            extra += -w.remover_spent * st.remover
        return extra
