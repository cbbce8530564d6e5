"""The bound of the letters still to fill at a node of a word's search: the uncovers that can still reach them
(``_uncovers_ahead``), the best cards left on them (``_rest``, ``_forced``), the genres that may still be active
(``_live``)."""

from __future__ import annotations

from solver.hardback.resolve import Face
from solver.search.hardback.node import Node, Plan
from solver.search.hardback.tables import PoolTables


class Reach(PoolTables):
    """The bounds of the letters to come, read at a node (``Node``)."""

    def _uncovers_ahead(self, node: Node, budget: int) -> tuple[int, int]:
        """How many uncovers could still reach letters i and after: (for any card, for passing uncoverers).

        Only the card at i-1 and cards not yet placed (on a letter still to come, or themselves uncovered) can
        uncover from letter i on, and no more than the word's ``budget`` of uncovers left. The hand's uncoverers of
        one letter stand on no more of its letters ahead than there are, all kinds together (each on a letter
        brings one uncover more than uncovered, whatever its kind, so which of them stand does not matter; a
        classic, which stands only on a letter, is counted on its own). Where no uncoverer is also
        a doubler (``free_passing``), the hand's uncoverers laid off their letters are counted apart: each that is
        uncovered takes one uncover and brings its own, so the cards uncovered from letter i on, those uncoverers
        aside, are at most what the card at i-1 brings, what the uncoverers on letters still to come bring, and
        what each passing uncoverer brings beyond the one it takes; the passing uncoverers themselves need only a
        chain to start, and all the cards uncovered are at most every uncover that could reach letter i on (the
        second number; 0 without a chain).
        """
        if budget <= 0:
            return 0, 0
        i, slots, used = node.i, node.slots, node.used
        counts = self.counts
        abilities = self.optimism.uncovers
        avail = 0
        if i >= 1:
            k, face = slots[i - 1]
            if k >= 0 and face is not Face.WILD:
                avail += abilities[k] if face is Face.UNCOVERED else self._spare_before(node)
        ahead = node.plan.suffix[i]
        if not self.free_passing:
            for k in self.uncoverers:
                left = counts[k] - used[k]
                if left > 0 and (self.is_pool[k] or self.letters[k] in ahead):
                    avail += left * abilities[k]
            return min(avail, budget), 0
        extra = 0
        every = avail  # as without counting them apart: every uncover that could reach letter i on
        taken: dict[str, int] = {}  # per letter ahead, the hand's uncoverers standing on it so far
        for k in self.uncoverers:
            left = counts[k] - used[k]
            if left <= 0:
                continue
            letter = self.letters[k]
            on = min(left, ahead.get(letter, 0))
            if self.is_pool[k]:  # the hand's uncoverers of one letter share its letters ahead
                on = min(on, ahead.get(letter, 0) - taken.get(letter, 0))
                taken[letter] = taken.get(letter, 0) + on
            avail += on * abilities[k]
            if self.is_pool[k]:
                extra += (left - on) * (abilities[k] - 1)
            if self.is_pool[k] or on:
                every += left * abilities[k]
        if avail <= 0:
            return 0, 0
        return min(avail + extra, budget), min(every, budget)

    def _rest(self, node: Node, plan: Plan | None = None, uncovers: int | None = None) -> float:
        """The most the letters from i on can add, under the node's plan (or ``plan``) with the node's uncovers (or
        ``uncovers``): a wild each, plus the best cards not yet placed, each on a letter of its own or uncovered
        while the uncovers last (greedy, which is exact for this matroid), less what the cards that must stand
        face-up lose against a wild (``_forced``). An uncovered card adds its own worth to its letter's wild; each
        uncover is counted a wild's worth ahead (what a card worth no more than a wild, not among the items, could
        add there). The node's ``passing`` (a chain can start, and the hand's uncoverers off their letters are
        counted apart) nests a second limit in the first (``_rest_tail``). Where a wild is worth nothing, a card's
        worth is the same on a letter or uncovered, and each card takes a letter: no more cards than letters left
        (the matroid truncated, whose greedy stops there)."""
        if plan is None:
            plan = node.plan
        i, used = node.i, node.used
        n = len(plan.near)
        wild = plan.wild
        u, passing, total, ahead = self._rest_start(node, plan, uncovers)
        caps = plan.caps[i]
        taken = [0] * len(caps)
        pool_taken = [0] * len(caps)
        up = 0  # cards put face-up on letters
        room = n - i if wild <= 0 else 2 * n  # the cards the letters left can hold (no limit where a wild counts)
        counts = self.counts
        for k, worth, lid, pool in plan.items:
            left = min(counts[k] - used[k], room)
            if left <= 0:
                continue
            free = caps[lid] - taken[lid]
            if free > 0:
                on_letter = left if left < free else free
                taken[lid] += on_letter
                up += on_letter
                total += on_letter * worth
                left -= on_letter
                room -= on_letter
                if pool:
                    pool_taken[lid] += on_letter
            if not left:
                continue
            if passing and self.passes[k]:  # uncovered on an uncover of its own
                t = left if left < passing else passing
                passing -= t
                u = min(u, passing)
                total += t * (worth + wild)
                room -= t
                continue
            if not u:
                continue
            if pool:
                t = left if left < u else u
            else:  # a classic takes a letter whose hand card moves to an uncover
                t = min(left, u, pool_taken[lid])
                pool_taken[lid] -= t
            u -= t
            room -= t
            if passing:
                passing -= t
            total += t * (worth + ahead)
        return self._rest_tail(node, plan, total, u, passing, up)

    @staticmethod
    def _rest_start(node: Node, plan: Plan, uncovers: int | None) -> tuple[int, int, float, float]:
        """``_rest``'s start: the uncovers and ``passing`` it may use, the wilds' worth on every letter (and on each
        uncover, without ``passing``), and what an uncovered card adds beyond its worth on a letter (``ahead``)."""
        left = len(plan.near) - node.i
        wild = plan.wild
        u = min(node.uncovers if uncovers is None else uncovers, left)
        passing = node.passing
        if passing:
            passing = min(passing, left)
            # an uncovered card adds its worth and a wild's: counted then, not ahead
            return min(u, passing), passing, wild * left, wild
        return u, 0, wild * (left + u), 0.0

    def _rest_tail(self, node: Node, plan: Plan, total: float, u: int, passing: int, up: int) -> float:
        """``_rest``'s total once the items are placed: the uncovers left, each a wild's worth where a card worth no
        more could take it, and what the letters must lose to cards forced face-up (``_forced``).

        With ``passing`` (``_uncovers_ahead``: a chain can start, and the hand's uncoverers off their letters are
        counted apart) ``_rest`` uncovers the passing uncoverers (``passes``) on uncovers of their own, all the cards
        uncovered are at most ``passing`` and the others at most the uncovers (two nested limits, for which the
        greedy is still exact), and what is left of the uncovers is counted a wild's worth only where a card could
        take it: the other cards within the uncovers (``u``), the passing uncoverers not among the items."""
        wild = plan.wild
        if passing and wild > 0:
            used, counts = node.used, self.counts
            low = sum(counts[k] - used[k] for k in self.passing_kinds if plan.opt[k] <= wild)
            total += wild * min(passing, u + low)
        if wild > 0:  # every letter was counted a wild: not every letter can be (``_forced``)
            total += self._forced(node, plan, up)
        return total

    def _forced(self, node: Node, plan: Plan, up: int) -> float:
        """What the letters from i on lose, against a wild each, to the cards that must stand face-up there: the
        least of two losses, each of which no placement below escapes (``_rest`` counts a wild on every letter).

        Each wild card (face-down or uncovered) is a hand or inked card not standing face-up and not yet placed
        (the unnamed wilds placed are cards of the pool too), and inked cards stand face-up unless freed by
        removers; so at least ``forced`` of the letters left hold face-up cards. The greedy of ``_rest`` puts
        face-up every card worth more than a wild that has a letter (``up`` of them, the most any placement can);
        each more face-up card brings at most the best worth (its value less a wild's) of the cards left with a
        letter ahead that are worth no more than a wild (a classic in play, whose value the slack counts already,
        loses the wild).

        The other loss: the letters beyond the pool's cards left (``no_pool``) hold classics face-up, each worth at
        most ``classic`` there against the wild counted (your own classic nothing: the slack counts it in play). Any
        placement below, its classics' letters made wild, is one the greedy counts, and still holds the inked cards
        that must stand face-up (``locked``): so it is worth at most the greedy's total, less what its classics lose
        and what those inked cards lose beyond ``up``."""
        i, used = node.i, node.used
        counts, letters = self.counts, self.letter_ids
        pool_left = inked_left = 0
        for k in range(len(counts)):
            left = counts[k] - used[k]
            if self.is_pool[k]:
                pool_left += left
                if self.is_inked[k]:
                    inked_left += left
        pool_left -= sum(1 for k, _ in node.slots[:i] if k < 0)  # the unnamed wilds placed
        locked = max(0, inked_left - self.pool.state.remover)
        caps = plan.caps[i]
        wild = plan.wild
        worst = 1.0  # none yet (a worth is never positive here)
        classic = float("-inf")  # the most a classic left with a letter ahead brings there (none yet)
        for k in range(len(counts)):
            if counts[k] > used[k] and caps[letters[self.letters[k]]] > 0:
                worth = -wild if self.is_mine[k] else plan.opt[k] - wild
                if worth <= 0 and (worst > 0 or worth > worst):
                    worst = worth
                if self.is_classic[k]:
                    classic = max(classic, worth)
        if worst > 0:
            return 0.0
        lose = _loss(len(plan.near) - i - (pool_left - locked), up, worst)
        no_pool = len(plan.near) - i - pool_left  # letters that hold a classic
        if no_pool > 0 and classic < 0:
            return min(lose, no_pool * classic + _loss(locked, up, worst))
        return lose

    def _live(self, node: Node) -> list[bool] | None:
        """Per genre, whether it may still be active in a placement whose letters before i are placed (None: every
        genre may, or none bears on a doubler).

        A genre is active with two cards of it in play: the classics of your own in play, the cards standing on
        the letters placed (face-up or uncovered), and at most those still to place that could stand, on a letter
        of their own ahead or uncovered (no more of the latter than the node's uncovers left, or its ``passing``
        count where that is more: the hand's uncoverers uncovered each bring the uncover they take), one a letter
        left."""
        if not self.genre_doublers:
            return None
        i, plan, used = node.i, node.plan, node.used
        uncovers = max(node.uncovers, node.passing)  # a chain of passing uncoverers uncovers more than ``uncovers``
        counts = list(self.resolver.mine_genres)
        counted = self.counted
        for k, face in node.slots[:i]:
            if k >= 0 and face is not Face.WILD and counted[k]:
                counts[self.profiles[k].genre] += 1
        ahead = plan.suffix[i]
        live = [True] * len(counts)
        for g in self.genre_doublers:
            if counts[g] >= 2:
                continue
            on = off = 0
            for k, p in enumerate(self.profiles):
                left = self.counts[k] - used[k]
                if left > 0 and counted[k] and p.genre == g:
                    standing = min(left, ahead.get(p.letter, 0))
                    on += standing
                    if p.pool:
                        off += left - standing
            live[g] = counts[g] + min(on + min(off, uncovers), len(plan.near) - i) >= 2
        return live


def _loss(forced: int, up: int, worst: float) -> float:
    """``_forced``'s loss when ``forced`` letters must hold face-up cards and the greedy put ``up`` there: each one
    more brings ``worst`` (no more than 0) against a wild."""
    return (forced - up) * worst if forced > up else 0.0
