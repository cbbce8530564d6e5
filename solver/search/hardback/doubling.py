"""The bound of what doubles can still add at a node of a word's search (``_doubles``): the doublers placed and
those to come, the targets left (``_ranked``, ``_targets``)."""

from __future__ import annotations

from solver.hardback.resolve import Face
from solver.search.hardback.node import Node, Plan
from solver.search.hardback.tables import PoolTables

# ``_doubling``'s parts: the doublers placed (abilities, what each may add), the targets left, the abilities left,
# what the card at i-1 may add doubled, how many abilities may reach it
DoublingParts = tuple[list[tuple[int, float]], list[tuple[float, int]], int, float, int]


class Doubling(PoolTables):
    """The bounds of the doubles, read at a node (``Node``)."""

    def _doubles(self, node: Node, uncovers: int | None = None, reach: int | None = None) -> float:
        """The most doubles can add to a placement whose letters before i are placed (with the node's uncovers left,
        or ``uncovers``; ``reach``: those that could turn up a card at letter i, by default the same).

        A doubler placed with both neighbours known doubles the better of them; the one at i-1 may double a card
        still to come; a doubler not yet placed stands on a letter of its own still to come (no more of them than
        such letters) or is uncovered (no more of them all than the uncovers left: they share them), and its
        abilities double the best targets left (``_targets``); a card at letter i that must uncover the one before
        it (``_choices``) is an uncoverer; a doubler of a genre that the node's ``live`` says can no longer be
        active has its inactive side's abilities.
        """
        if not self.doublers:
            return 0.0
        if uncovers is None:
            uncovers = node.uncovers
        step = node.plan.step if not self.wild_stepped else self._steps(node)
        placed, ranked, abilities_left, before, copies = self._doubling(
            node, uncovers, step, uncovers if reach is None else reach
        )
        extra = 0.0
        for ability, credit in placed:
            extra += ability * credit
        if abilities_left:
            extra += self._targets(ranked, abilities_left, before, copies)
        return extra

    def _doubling(self, node: Node, uncovers: int, step: list[float], reach: int) -> DoublingParts:
        """``_doubles``'s parts, a doubling of kind k adding ``step[k]``: the doublers placed (their abilities and
        what each may add), the targets left (``_ranked``), the abilities left to place, what the card at i-1 may
        add doubled, and how many of those abilities may reach it (``_targets``); ``reach``: the uncovers left that
        could turn up a card at letter i (``_standing``)."""
        i, plan, slots, used = node.i, node.plan, node.slots, node.used
        profiles = self.profiles
        counts = self.counts
        n = len(plan.near)
        abilities = self._abilities(node.live)
        next_ = 0.0  # what the card at letter i may add doubled, where a doubler at i-1 may double it
        if 1 <= i < n and (k1 := slots[i - 1][0]) >= 0 and slots[i - 1][1] is not Face.WILD and abilities[k1]:
            next_ = self._standing(node, reach, step)

        def gain(q: int) -> float:  # q <= i: a neighbour of a doubler placed
            if q < 0 or q >= n:
                return 0.0
            if q == i:
                return next_
            k, face = slots[q]
            return step[k] if k >= 0 and face is not Face.WILD and profiles[k].own else 0.0

        placed = []
        for p in range(i):
            k, face = slots[p]
            if k >= 0 and face is not Face.WILD and abilities[k]:
                placed.append((abilities[k], max(gain(p - 1), gain(p + 1))))
        ahead = plan.suffix[i]
        hidden: list[int] = []  # the abilities of doublers that can stand only uncovered, one a card
        abilities_left = most = 0  # the doubling abilities still to place; the most one card has
        own: dict[int, int] = {}  # per doubler left once, its own abilities (the others' are the rest at the most)
        for k in self.doublers:
            left = counts[k] - used[k]
            if left <= 0:
                continue
            most = max(most, abilities[k])
            on_letter = min(left, ahead.get(profiles[k].letter, 0))
            abilities_left += on_letter * abilities[k]
            if left == 1:
                own[k] = abilities[k]
            if uncovers > 0 and profiles[k].pool and left > on_letter:
                hidden.extend([abilities[k]] * (left - on_letter))
        if hidden:  # each of them takes one of the uncovers left: the best of them, as many as there are uncovers
            hidden.sort(reverse=True)
            abilities_left += sum(hidden[:uncovers])
        # the targets left matter only to the abilities still to place
        ranked = self._ranked(plan, step, used, plan.unreached if i == 0 else None, own, abilities_left)
        return placed, ranked, abilities_left, gain(i - 1), min(most, 2)

    def _standing(self, node: Node, reach: int, step: list[float]) -> float:
        """The most a doubling of the card at letter i adds (``step``), of the cards of your own left that can stand
        there (as ``_choices`` offers them, or more): face-up on a letter of its own, or from the pool uncovered while
        ``reach`` uncovers are left and a neighbour could uncover it (``Plan.near``); an uncoverer where it must
        uncover the card before it. 0 when none can (a wild stands there)."""
        i, plan, slots, used = node.i, node.plan, node.slots, node.used
        counts, own = self.counts, self.own
        need = slots[i - 1][1] is Face.UNCOVERED and not (i >= 2 and self._may_uncover(slots[i - 2]))
        most = 0.0
        for k in self.by_letter.get(plan.word[i], ()):
            if used[k] < counts[k] and own[k] and step[k] > most and (not need or k in self.uncoverers):
                most = step[k]
        if plan.near[i] and reach > 0:
            for k in self.pool_kinds:
                if used[k] < counts[k] and own[k] and step[k] > most and (not need or k in self.uncoverers):
                    most = step[k]
        return most

    def _steps(self, node: Node) -> list[float]:
        """Per kind, the most one doubling adds in this placement: a card whose per-wild benefit doubles (Mystery N)
        adds at most one for each wild card the word can still hold (those placed, and every letter left)."""
        i, plan = node.i, node.plan
        wilds = len(plan.near) - i + sum(1 for _, face in node.slots[:i] if face is not Face.UP)
        out = list(plan.step)
        for k in self.wild_stepped:
            out[k] = min(out[k], max(0.0, *(d + c * wilds for d, c in self.optimism.wild_steps[k])))
        return out

    def _ranked(
        self,
        plan: Plan,
        step: list[float],
        used: list[int],
        skip: list[bool] | None,
        own: dict[int, int],
        abilities: int,
    ) -> list[tuple[float, int]]:
        """The cards left to place that the ``abilities`` doublings left may add to: (what one doubling adds,
        ``step``, and how many of them they take at most), most first; none of the kinds ``skip`` marks; empty
        without abilities.

        A card takes two doublings at most (a factor stops at 3). A doubler left once (``own``: its abilities) does
        not double itself: the abilities that may double it are the others', at most ``abilities`` less its own.
        They are counted on letters of their own (its own among them where it has a letter ahead) and uncovered (the
        best of the uncovers left); where it stands uncovered, it takes one of those uncovers, and the others'
        uncovered abilities are at most the best of the uncovers less one, which with its own are no more than the
        best of them all."""
        if not abilities:
            return []
        counts = self.counts

        def room(k: int) -> int:
            most = 2 * (counts[k] - used[k])
            return min(most, abilities - own[k]) if k in own else most

        kinds = plan.by_step if not self.wild_stepped else range(len(counts))
        ranked = [(step[k], room(k)) for k in kinds if counts[k] > used[k] and not (skip and skip[k])]
        if self.wild_stepped:
            ranked.sort(reverse=True)
        return [(v, r) for v, r in ranked if v > 0 and r > 0]

    def _targets(self, ranked: list[tuple[float, int]], abilities: int, before: float, copies: int) -> float:
        """The most ``abilities`` doublings still to place can add: each doubles a card still to come (a card takes
        two at most: its factor stops at 3) or, from letter i, the card at i-1 (worth ``before`` a doubling, and
        reached by the abilities of one card, ``copies``); the best targets first (``_target_units``, added up in
        their order, as the kernel's ``targets`` does)."""
        return sum(self._target_units(ranked, abilities, before, copies), 0.0)

    def _target_units(self, ranked: list[tuple[float, int]], abilities: int, before: float, copies: int) -> list[float]:
        """What each doubling still to place adds at the most (``_targets``), best first: the best target left, or
        the card at i-1 while ``copies`` last and it is worth as much."""
        units: list[float] = []
        if before <= 0:
            copies = 0
        for value, room in ranked:
            if len(units) >= abilities:
                break
            while room and len(units) < abilities:
                if copies and before >= value:
                    units.append(before)
                    copies -= 1
                else:
                    units.append(value)
                    room -= 1
        while copies and len(units) < abilities:
            units.append(before)
            copies -= 1
        return units
