"""Where the cards may stand at a node of a word's search (``_choices``), and whether the cards laid face-down so
far can still all be uncovered (``_stranded``, with ``_overdrawn``, ``_chained``, ``_rooted``)."""

from __future__ import annotations

from solver.hardback.resolve import Face, Slot
from solver.search.hardback.node import Node
from solver.search.hardback.tables import PoolTables


class Placing(PoolTables):
    """The choices at a node (``Node``) and the test of the cards uncovered before it."""

    def _choices(self, node: Node) -> list[Slot]:
        """What may stand at letter i, given the letters before it: best cards first, the unnamed wild last."""
        i, plan, slots, used, uncovers = node.i, node.plan, node.slots, node.used, node.uncovers
        word = plan.word
        counts = self.counts
        uncoverers = self.uncoverers
        # an uncovered card needs an uncoverer beside it: if the one on its left is not, this one must be
        need = i >= 1 and slots[i - 1][1] is Face.UNCOVERED and not (i >= 2 and self._may_uncover(slots[i - 2]))
        out: list[Slot] = [
            (k, Face.UP)
            for k in self.by_letter.get(word[i], ())
            if used[k] < counts[k] and (not need or k in uncoverers)
        ]
        plain = self.plain
        letter = word[i]
        if plan.near[i] and uncovers > 0:
            # an inked card laid face-down takes a remover: none left, it stands only face-up (a rival's letter
            # never stands face-down)
            locked = bool(self.inked_kinds) and self.pool.state.remover <= sum(
                1 for k, f in slots if k >= 0 and f is not Face.UP and self.is_inked[k]
            )
            out.extend(
                (k, Face.UNCOVERED)
                for k in self.pool_kinds
                if used[k] < counts[k]
                and (not need or k in uncoverers)
                and not (plan.wild <= 0 and self.letters[k] == letter)  # face-up here is as good, and sooner
                and not (locked and self.is_inked[k])
                and not self.is_imposed[k]
            )
        if not need and not (plan.wild <= 0 and any(plain[k] for k, f in out if f is Face.UP)):
            out.append((-1, Face.WILD))
        return out

    def _short(self, node: Node) -> bool:
        """Whether the cards left cannot fill the letters from i on: each letter holds a card of the pool (face-up,
        wild or uncovered) or a classic face-up on a letter of its own, so the letters left are at most the pool's
        cards left (less the unnamed wilds placed, each a card of the pool) and, per letter, the classics of it left
        up to that letter's count ahead. Then no placement below can be played."""
        i, used, counts = node.i, node.used, self.counts
        unnamed = sum(1 for k, _ in node.slots[:i] if k < 0)  # the unnamed wilds placed: cards of the pool too
        need = len(node.plan.near) - i - sum(counts[k] - used[k] for k in self.pool_kinds) + unnamed
        if need <= 0:
            return False
        ahead = node.plan.suffix[i]
        classics: dict[str, int] = {}
        for k in self.classic_kinds:
            classics[self.letters[k]] = classics.get(self.letters[k], 0) + counts[k] - used[k]
        return need > sum(min(c, ahead.get(letter, 0)) for letter, c in classics.items())

    def _stranded(self, node: Node) -> bool:
        """Whether the cards uncovered at the letters before i cannot all be uncovered, whatever comes after: the
        runs need more uncovers than the cards at their ends have (``_overdrawn``, which holds ``_rooted``'s test of
        every run that has ended), or the run still open at i-1 cannot be reached by a chain still to come (with
        none that reaches letter i, ``_chained``, it is tested as if it ended). Then no placement below can be
        played."""
        i, slots, word = node.i, node.slots, node.plan.word
        if i >= 1 and slots[i - 1][1] is Face.UNCOVERED:
            ahead = self._chained(word, node.used, i)
            return not self._rooted(slots, i - 1, ahead=ahead) or self._overdrawn(slots, i, word)
        return i >= 2 and slots[i - 2][1] is Face.UNCOVERED and self._overdrawn(slots, i, word)

    def _overdrawn(self, slots: list[Slot], i: int, word: str) -> bool:
        """Whether the runs of cards uncovered at the letters before i need more uncovers than the cards around them
        have, whatever comes after. Then no placement below can be played.

        A run a..b is uncovered from its ends inwards: a..m from the left, the card face-up at a-1 uncovering a and
        each of a..m-1 (uncoverers all) the next, and m+1..b likewise from the right (from b+1, or from the card to
        come at i where the run ends at i-1). Cards uncovered serve only their own run; a card face-up between two
        runs may serve both, if it has an uncover for each (its abilities' most, ``Optimism.uncovers``). Left to
        right, each run takes its left end's card where that can uncover all of it (that card serves no run further
        on), else spends one uncover of its right end's card, and of its left end's card too where the run needs
        both: where a run can do neither, no assignment exists."""
        return self._spares(slots, i, word) is None

    def _chained(self, word: str, used: list[int], i: int) -> bool:
        """Whether the cards still to place could uncover letter i from the right: an uncoverer face-up on a letter
        r of its own at i or after, and uncovered uncoverers of the hand on the letters between (``r - i`` of
        them, besides the one at r)."""
        counts, letters = self.counts, self.letters
        chain = sum(counts[k] - used[k] for k in self.uncoverers if self.is_pool[k])
        for r in range(i, len(word)):
            if r - i > chain:
                return False
            for k in self.uncoverers:
                if counts[k] > used[k] and letters[k] == word[r] and r - i <= chain - self.is_pool[k]:
                    return True
        return False

    def _rooted(self, slots: list[Slot], b: int, ahead: bool = False) -> bool:
        """Whether the cards uncovered at letters a..b (a run: the card before a is not uncovered; the one after b
        placed and not uncovered, or none, or with ``ahead`` still to come) can all be uncovered. Each is uncovered
        by a neighbour that stands and uncovers, after that neighbour stands itself, so the run splits at some m:
        a..m uncovered from the left, one after another, by a card face-up at a-1 that uncovers and then by each
        of a..m-1 (uncoverers all), and m+1..b likewise from the right (from b+1, then b..m+2; with ``ahead`` a
        card to come may start it). Abilities are counted at their most, and not shared out, so a run this rejects
        is never played (the resolver would refuse every such placement)."""
        uncoverers = self.uncoverers
        a = b
        while a >= 1 and slots[a - 1][1] is Face.UNCOVERED:
            a -= 1

        def root(q: int) -> bool:  # a card face-up there that uncovers
            return 0 <= q < len(slots) and slots[q][1] is Face.UP and slots[q][0] in uncoverers

        # from the left: a..m, for m up to the first card of the run that does not uncover (itself included)
        left = a - 1
        if root(a - 1):
            left = a
            while left < b and slots[left][0] in uncoverers:
                left += 1
        # from the right: m+1..b, for m+1 down to the last card that does not uncover
        right = b + 1
        if ahead or root(b + 1):
            right = b
            while right > a and slots[right][0] in uncoverers:
                right -= 1
        return right <= left + 1
