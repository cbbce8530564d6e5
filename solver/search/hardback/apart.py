"""The tighter bounds of a node of a word's search where one bound may overcount: Mystery N's doublings counted apart
(``_apart``, with ``_n_doubled``, ``_uncoverable``, ``_pair_live``) and the doublers that stand only uncovered
(``_split``)."""

from __future__ import annotations

from solver.hardback.resolve import Face
from solver.search.hardback.doubling import Doubling
from solver.search.hardback.node import Node, Plan
from solver.search.hardback.reach import Reach


class Apart(Doubling, Reach):
    """The split bounds, read at a node (``Node``)."""

    def _apart(self, node: Node, acc: float, slack: float, limit: float, rest: float | None = None) -> float:
        """The most the letters from i on can add, as ``_rest`` and ``_doubles`` count it, but with the doublings of
        the card whose doubling grows with the wild cards (``stepped``, Mystery N) counted apart (``rest``: what
        ``_rest`` counts under the word's plan, when the caller has it). The search asks whether ``acc`` + it +
        ``slack`` is over ``limit``: the first value that is ends it (the most is over too).

        A placement in which that card is doubled m times (0, 1 or 2: its factor stops at 3) gains m * (d + c * W)
        from it for W wild cards in the word, for one part (d, c) of its step: m * c for each wild card placed
        before i, and each letter from i on laid wild is worth m * c more than a wild, which ``_rest`` counts with
        the plan whose wild is worth that more (``Plan.apart``), so the gain is not counted as if every letter
        were wild while the letters are counted at their best face-up. The other doublings add what ``_doubles``
        counts without that card (its step 0), less what the m least of its doublings add, which may be those that
        went to it (``_doubling``'s abilities, each adding what a target reached first adds: the least come last).
        """
        k_n = self.stepped
        assert k_n is not None
        i, plan = node.i, node.plan
        step = list(plan.step)
        step[k_n] = 0.0
        placed, ranked, abilities_left, before, copies = self._doubling(node, node.uncovers, step, node.uncovers)
        units = [credit for ability, credit in placed for _ in range(ability)]
        units += self._target_units(ranked, abilities_left, before, copies)
        units += [0.0] * (abilities_left + sum(a for a, _ in placed) - len(units))  # abilities with no target left
        units.sort()
        total = sum(units)
        if rest is None:
            rest = self._rest(node)
        best = rest + total
        if acc + best + slack > limit or (i == 0 and plan.unreached is not None and plan.unreached[k_n]):
            return best
        doublings = self._n_doubled(node)
        if not doublings:
            return best  # (a card no doubling reaches is doubled 0 times)
        wilds = sum(1 for _, face in node.slots[:i] if face is not Face.UP)
        hidden = self._hidden_doublers(node)
        for m, d, c, variant in plan.apart:
            if m > len(units) or m > doublings:  # (``plan.apart`` lists m = 1 before m = 2)
                break
            h = self._uncovered_for(hidden, m)
            if h < 0 or h > node.uncovers:
                continue  # (no placement below doubles it m times)
            left = self._variant_rest(node, variant, rest, h, hidden[3])
            value = left + d + c * wilds + total - sum(units[:m])
            if value > best:
                best = value
                if acc + best + slack > limit:
                    break
        return best

    def _hidden_doublers(self, node: Node) -> tuple[int, int, int, float]:
        """``_apart``: the doublings that may reach Mystery N, still to place, without an uncover of their own (the
        doubler at i-1, doublers that uncover or are not the pool's, doublers face-up on letters of their own
        ahead: abilities at their most), and of the pool's doublers left that do not uncover and have no letter
        ahead: how many, their most abilities, the most one brings (``Plan.opt``). Where N is placed, (2, 0, 0, 0.0):
        its doublings need no more uncovers than the bound counts."""
        k_n = self.stepped
        assert k_n is not None
        i, slots, used, counts = node.i, node.slots, node.used, self.counts
        if used[k_n] >= counts[k_n]:
            return 2, 0, 0, 0.0
        abilities = self._abilities(node.live)
        free = 0
        if i >= 1:
            k, face = slots[i - 1]
            if k >= 0 and face is not Face.WILD:
                free += abilities[k]
        ahead = node.plan.suffix[i]
        hidden = most = 0
        top = 0.0
        for d in self.doublers:
            left = counts[d] - used[d] - (d == k_n)
            if left <= 0 or not abilities[d]:
                continue
            if d in self.uncoverers or not self.is_pool[d]:
                free += left * abilities[d]
                continue
            on = min(left, ahead.get(self.letters[d], 0))
            free += on * abilities[d]
            if left > on:
                hidden += left - on
                most = max(most, abilities[d])
                top = max(top, node.plan.opt[d])
        return free, hidden, most, top

    @staticmethod
    def _uncovered_for(hidden: tuple[int, int, int, float], m: int) -> int:
        """How many of the doublers ``_hidden_doublers`` counts must stand uncovered for Mystery N to be doubled m
        times (each doubling comes from a card beside it); -1 where not enough are left."""
        free, count, most, _ = hidden
        if m <= free:
            return 0
        if not most:
            return -1
        h = -(-(m - free) // most)
        return h if h <= count else -1

    def _variant_rest(self, node: Node, plan: Plan, rest: float, h: int, top: float) -> float:
        """``_rest`` under an ``_apart`` variant's ``plan`` (``rest``: under the word's plan) where h doublers that
        bring ``top`` at the most must stand uncovered: the least of the bounds that hold. With h, those h take h
        uncovers (``_rest_less``). Where the node counts ``passing``, the uncoverers that stand face-up to uncover the
        other cards lose what they are worth less than a wild (``_anchored``)."""
        # (a variant whose wild is the word's counts the rest as the word's plan does)
        left = rest if plan.wild == node.plan.wild else self._rest(node, plan)
        if h:  # h doublers take h uncovers (each bound holds: the least is kept)
            left = min(left, self._rest_less(node, plan, h) + h * top)
        if node.passing:
            left = min(left, self._anchored(node, plan, h, top, left))
        return left

    def _anchored(self, node: Node, plan: Plan, h: int, top: float, at_all: float) -> float:
        """The most the letters from i on can add under ``plan`` where the node counts ``passing`` (every card
        uncovered from i on but the hand's uncoverers takes one of ``uncovers``), once the uncoverers that must stand
        face-up pay what they lose against a wild; inf where none loses anything.

        A placement below with t such cards uncovered (t from h on: the h doublers ``_hidden_doublers`` wants are
        among them) gets their uncovers from the card at i-1 (``s``), the hand's uncoverers uncovered (each brings
        its abilities, one of them for its own uncover: ``extra`` at the most) and uncoverers face-up on letters of
        their own from i on, which bring at least j = t - s - extra uncovers. Made wild, each of those hand cards
        would add ``plan.wild`` instead of its worth; the placement so changed is one ``_rest`` counts with t
        uncovers (its cards are the same, only laid face-down), so the placement is worth at most that, less the
        least those uncoverers lose: the j least losses per uncover (``_anchor_losses``). The most over t bounds
        every placement below (``at_all``: the bound with every uncover, as ``_variant_rest`` counted it)."""
        losses = self._anchor_losses(node, plan)
        if not losses or not losses[-1]:
            return float("inf")
        i, slots, used, counts, abilities = node.i, node.slots, node.used, self.counts, self.optimism.uncovers
        s = 0
        if i >= 1:
            k, face = slots[i - 1]
            if k >= 0 and face is not Face.WILD:
                s = abilities[k] if face is Face.UNCOVERED else self._spare_before(node)
        extra = sum((counts[k] - used[k]) * (abilities[k] - 1) for k in self.uncoverers if self.is_pool[k])
        best = float("-inf")
        for t in range(h, node.uncovers + 1):
            j = max(0, t - s - extra)
            if j > len(losses):
                break  # (no placement below uncovers t of them, nor more)
            value = at_all
            if t < node.uncovers:
                value = self._rest(node, plan, uncovers=t)
                if h:
                    value = min(value, self._rest_less(node, plan, h, t) + h * top)
            best = max(best, value - sum(losses[:j]))
        return best

    def _anchor_losses(self, node: Node, plan: Plan) -> list[float]:
        """``_anchored``: per uncover that an uncoverer still to place brings face-up on a letter of its own from i on
        (as many of each kind as its letter ahead holds), least first, what it loses there against ``plan.wild``
        per uncover: a hand card (not inked: an inked card stays face-up anyway) its worth's shortfall, any other
        nothing."""
        i, used, counts, abilities = node.i, node.used, self.counts, self.optimism.uncovers
        ahead = node.plan.suffix[i]
        out: list[float] = []
        for k in self.uncoverers:
            on = min(counts[k] - used[k], ahead.get(self.letters[k], 0))
            if on <= 0:
                continue
            lose = max(0.0, plan.wild - plan.opt[k]) if self.is_pool[k] and not self.is_inked[k] else 0.0
            out += [lose / abilities[k]] * (on * abilities[k])
        out.sort()
        return out

    def _rest_less(self, node: Node, plan: Plan, h: int, total: int | None = None) -> float:
        """``_rest`` under ``plan`` with h uncovers fewer for the cards to come (of the node's ``uncovers``, or of
        ``total``), and h fewer of them uncovered in all where the node counts ``passing``: what the other cards may
        add once h doublers take h uncovers."""
        uncovers, passing = (node.uncovers if total is None else total) - h, node.passing
        if passing:
            passing -= h
            uncovers = min(uncovers, passing) if passing > 0 else 0
            passing = max(passing, 0)
        at = Node(node.i, node.plan, node.slots, node.used, max(uncovers, 0), passing, node.live)
        return self._rest(at, plan)

    def _n_doubled(self, node: Node) -> int:
        """How many doublings (0, 1 or 2: its factor stops at 3) may still reach the card whose doubling grows with the
        wild cards (``stepped``), where it is still to place and at most one uncover is left (else 2: not asked; the
        node's ``uncovers`` and ``passing`` as ``_uncovers_ahead`` gives them). It will stand at a letter p from i
        on, face-up on a letter of its own or uncovered (with an uncoverer beside it, ``_uncoverable``), beside cards
        that double: the one at i-1 (for p = i), or one to come at p-1 or p+1, face-up on a letter of its own or
        uncovered on the uncover left (with an uncoverer beside it), whose doubling, where it needs its genre active,
        finds a second card of that genre that can stand (``_pair_live``). Each side brings at most the abilities of
        the best card that may stand there (each side asked on its own: the most, never less than a placement
        gets). Where no side can, ``_apart`` counts it doubled 0 times; where one side only, at most that side's
        abilities (a card on the word's first or last letter has one neighbour)."""
        k_n = self.stepped
        assert k_n is not None
        i, slots, used, uncovers = node.i, node.slots, node.used, node.uncovers
        counts, letters, is_pool, near, word = self.counts, self.letters, self.is_pool, node.plan.near, node.plan.word
        if used[k_n] >= counts[k_n]:
            return 2
        if uncovers >= 2:
            return self._n_doubled_chained(node)
        abilities = self._abilities(node.live)
        k = slots[i - 1][0] if i >= 1 else -1
        before = abilities[k] if k >= 0 and slots[i - 1][1] is not Face.WILD else 0
        doublers = [d for d in self.doublers if counts[d] - used[d] - (d == k_n) > 0 and abilities[d]]
        standing = list(self.resolver.mine_genres)  # per genre, the cards of it in play before letter i
        for k, face in slots[:i]:
            if k >= 0 and face is not Face.WILD and self.counted[k]:
                standing[self.profiles[k].genre] += 1
        most = 0
        for p in range(i, len(near)):
            for spent in (0, 1):  # uncovers N takes: face-up on its letter, or uncovered
                if (word[p] != letters[k_n]) if spent == 0 else not (is_pool[k_n] and near[p] and uncovers >= 1):
                    continue
                sides = before if p == i else 0  # the doubler at i-1
                for q in (p - 1, p + 1):
                    if i <= q < len(near):
                        sides += self._pair_near(node, standing, doublers, abilities, p, q, spent)
                most = max(most, min(2, sides))
                if most >= 2:
                    return 2
        return most

    def _n_doubled_chained(self, node: Node) -> int:
        """``_n_doubled`` where two uncovers or more are left (``uncovers``, or the node's ``passing`` where that is
        more: every card uncovered from letter i on takes one of them). Mystery N stands at a letter p from i on,
        face-up on a letter of its own or uncovered; each side q of it holds one card (``_sides``): a doubler
        face-up on a letter of its own, a doubler uncovered (which takes the uncovers of its chain, ``_chain``), or
        anything else. Both sides' uncovers come out of the same count, and N uncovered needs an uncoverer on one
        side (the card at i-1, or one that may stand at q). The most abilities of a pair of sides that fits is how
        many doublings may reach N there (2 at most); each of these steps only relaxes what a placement needs."""
        k_n = self.stepped
        assert k_n is not None
        i, used = node.i, node.used
        letters, near, word = self.letters, node.plan.near, node.plan.word
        total = max(node.uncovers, node.passing)
        abilities = self._abilities(node.live)
        doublers = [d for d in self.doublers if self.counts[d] - used[d] - (d == k_n) > 0 and abilities[d]]
        standing = list(self.resolver.mine_genres)  # per genre, the cards of it in play before letter i
        for k, face in node.slots[:i]:
            if k >= 0 and face is not Face.WILD and self.counted[k]:
                standing[self.profiles[k].genre] += 1
        most = 0
        for p in range(i, len(near)):
            for spent in (0, 1):  # uncovers N takes: face-up on its letter, or uncovered
                if (word[p] != letters[k_n]) if spent == 0 else not (self.is_pool[k_n] and near[p] and total >= 1):
                    continue
                left_side = self._sides(node, standing, doublers, abilities, p, p - 1)
                right_side = self._sides(node, standing, doublers, abilities, p, p + 1)
                for a1, c1, u1 in left_side:
                    for a2, c2, u2 in right_side:
                        if c1 + c2 + spent <= total and (u1 or u2 or not spent) and a1 + a2 > most:
                            most = min(2, a1 + a2)
                if most >= 2:
                    return 2
        return most

    def _sides(
        self, node: Node, standing: list[int], doublers: list[int], abilities: list[int], p: int, q: int
    ) -> list[tuple[int, int, bool]]:
        """``_n_doubled_chained``: what the card at letter q, beside Mystery N at p, may be, each as (its doubling
        abilities, the uncovers it takes from i on, whether it may uncover N): the card placed at i-1, nothing
        beyond the word's ends; else anything (0, 0, and an uncoverer if one may stand there) or a doubler that may
        stand there face-up on a letter of its own (no uncover) or uncovered (``_chain``'s uncovers)."""
        i, slots, used, counts = node.i, node.slots, node.used, self.counts
        word, near = node.plan.word, node.plan.near
        if q < 0 or q >= len(near):
            return [(0, 0, False)]
        if q < i:  # the card at i-1
            k = slots[q][0]
            placed = abilities[k] if k >= 0 and slots[q][1] is not Face.WILD else 0
            return [(placed, 0, self._uncovers_next(node))]
        on_letter = any(used[k] < counts[k] and k in self.uncoverers for k in self.by_letter.get(word[q], ()))
        hidden = near[q] and any(used[k] < counts[k] and self.is_pool[k] for k in self.uncoverers)
        out = [(0, 0, on_letter or hidden)]
        chain = -1  # the uncovers a card uncovered at q takes (0: none can be)
        for d in doublers:
            if not self._pair_live(node, standing, d, q, p, node.uncovers, node.passing):
                continue
            uncoverer = d in self.uncoverers
            if word[q] == self.letters[d]:
                out.append((abilities[d], 0, uncoverer))
            if self.is_pool[d] and near[q]:
                if chain < 0:
                    chain = self._chain(node, q, q - p)
                if chain:
                    out.append((abilities[d], chain, uncoverer))
        return out

    def _chain(self, node: Node, q: int, way: int) -> int:
        """The fewest uncovers from letter i on that a card uncovered at q takes, with the cards that uncover it
        (0: none can). Its neighbour towards Mystery N (-``way``) uncovers it only if N uncovers (1 uncover); else
        the card beside it the other ``way`` is an uncoverer: face-up on a letter of its own or the card at i-1
        that may uncover (1), or uncovered itself (a card of the pool that uncovers, where ``Plan.near`` allows),
        which needs one in turn further on: one more uncover each."""
        if self.stepped in self.uncoverers:
            return 1
        i, used, counts = node.i, node.used, self.counts
        word, near = node.plan.word, node.plan.near
        left = sum(counts[k] - used[k] for k in self.uncoverers if self.is_pool[k])  # uncoverers still to place
        cost, y = 1, q + way
        while True:
            if y < i:
                return cost if y == i - 1 and y >= 0 and self._uncovers_next(node) else 0
            if y >= len(near):
                return 0
            if any(used[k] < counts[k] and k in self.uncoverers for k in self.by_letter.get(word[y], ())):
                return cost
            if not near[y] or cost > left:
                return 0
            cost += 1
            y += way

    def _pair_near(
        self, node: Node, standing: list[int], doublers: list[int], abilities: list[int], p: int, q: int, spent: int
    ) -> int:
        """``_n_doubled``: the most abilities of one of ``doublers`` that may stand at letter q (from i on) and double
        the card at p beside it, which took ``spent`` uncovers (0: none may)."""
        k_n = self.stepped
        assert k_n is not None
        uncovers, passing = node.uncovers, node.passing
        letters, is_pool, near, word = self.letters, self.is_pool, node.plan.near, node.plan.word
        most = 0
        for d in doublers:
            if abilities[d] <= most or (spent and not self._uncoverable(node, passing - 1, p, q, d)):
                continue
            left, free = uncovers - spent, passing - spent
            if (word[q] == letters[d] and self._pair_live(node, standing, d, q, p, left, free)) or (
                is_pool[d]
                and near[q]
                and left >= 1
                and self._uncoverable(node, passing - 1, q, p, k_n)
                and self._pair_live(node, standing, d, q, p, left - 1, passing - 1)
            ):
                most = abilities[d]
        return most

    def _uncoverable(self, node: Node, passing: int, x: int, other: int, kind: int) -> bool:
        """Whether a card uncovered at letter x (i or after) could have an uncoverer beside it, no uncover being left
        for any other card but the hand's uncoverers that pay for their own (``passes``, while ``passing`` cards
        may still be uncovered): the card at i-1 where it may uncover, one to come face-up on a letter of its own or
        such an uncoverer uncovered, or the other card of the pair (of ``kind``, at ``other``) if it uncovers."""
        i, used = node.i, node.used
        counts, word, n = self.counts, node.plan.word, len(node.plan.near)
        free = passing > 0 and any(counts[k] > used[k] for k in self.passing_kinds)
        for y in (x - 1, x + 1):
            if y == other:
                if kind in self.uncoverers:
                    return True
                continue
            if y == i - 1 and y >= 0 and self._uncovers_next(node):
                return True
            if not i <= y < n:
                continue
            if free or any(used[k] < counts[k] and k in self.uncoverers for k in self.by_letter.get(word[y], ())):
                return True
        return False

    def _pair_live(
        self, node: Node, standing: list[int], d: int, q: int, p: int, uncovers: int, passing: int
    ) -> bool:
        """Whether the doubler d standing at letter q can double there (``_n_doubled``'s card at p): its genre active,
        where its doubling needs it, with two cards of it in play: those before letter i (``standing``), d itself
        and the card at p, and at most those left that could stand on a letter of their own from i on (but p and q)
        or uncovered (no more than the ``uncovers`` left, and the hand's uncoverers that pay for their own no more
        than ``passing``), one a letter left."""
        profile = self.profiles[d]
        g = profile.genre
        if g < 0 or profile.doubles[0] > 0:
            return True
        k_n = self.stepped
        counted, profiles = self.counted, self.profiles
        count = standing[g] + counted[d]
        if k_n is not None and counted[k_n] and profiles[k_n].genre == g:
            count += 1
        if count >= 2:
            return True
        i, used = node.i, node.used
        word, n, ahead = node.plan.word, len(node.plan.near), node.plan.suffix[i]
        on = off = free = 0
        for k in self.genre_kinds[g]:
            left = self.counts[k] - used[k] - (k == d) - (k == k_n)
            if left <= 0:
                continue
            letter = self.letters[k]
            on_letter = min(left, ahead.get(letter, 0) - (word[p] == letter) - (word[q] == letter))
            on += on_letter
            if self.passes[k]:
                free += left - on_letter
            elif self.is_pool[k]:
                off += left - on_letter
        return count + min(on + min(off, uncovers) + min(free, max(passing, 0)), n - i - 2) >= 2

    def _split(
        self,
        node: Node,
        rest: float,
        doubles: float,
        acc: float = 0.0,
        slack: float = 0.0,
        limit: float = float("inf"),
    ) -> float:
        """The most the letters from i on can add, as ``_rest`` and ``_doubles`` count it (``rest`` and ``doubles``,
        as they are for all the node's uncovers) but split by the number h of doublers uncovered that cannot stand
        on letters of their own; inf when there are none to uncover. The search asks whether ``acc`` + it +
        ``slack`` is over ``limit``: the first value that is ends the split (the most is over too).

        Those h doublers take h of the uncovers left, so the other cards share the rest (``_rest``), each of them
        brings at most the best such doubler's worth and a wild's, and their abilities are the best h of them
        (``_doubles``: with them all, as many as there are uncovers, the ``doubles`` given). Every placement
        uncovers some number of them, so the most over h bounds it.
        """
        i, plan, used, uncovers = node.i, node.plan, node.used, node.uncovers
        counts = self.counts
        ahead = plan.suffix[i]
        hidden = 0
        top = 0.0  # the most a doubler that stands only uncovered brings
        for k in self.doublers:
            left = counts[k] - used[k]
            if left <= 0 or not self.is_pool[k]:
                continue
            on_letter = min(left, ahead.get(self.letters[k], 0))
            if left > on_letter:
                hidden += left - on_letter
                top = max(top, plan.opt[k])
        most = min(hidden, uncovers)
        if not most:
            return float("inf")
        best = float("-inf")
        for h in range(most + 1):
            value = (
                (rest if h == 0 else self._rest(node, uncovers=uncovers - h))
                + h * (top + plan.wild)
                + (doubles if h == most else self._doubles(node, h, uncovers))
            )
            if value > best:
                best = value
                if acc + value + slack > limit:
                    break
        return best
