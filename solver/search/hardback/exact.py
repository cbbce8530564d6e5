"""The best placement of cards for one word: a depth-first search over the word's letters.

At each letter the search tries the cards whose letter matches (face-up), hand cards laid face-down to be
uncovered by a neighbour, and an unnamed wild, best first, and prunes a branch when even its most
optimistic completion cannot beat the best value known, or when the cards it lays face-down cannot all be
uncovered (``WordSolver._stranded``). The optimistic completion counts, for the letters
still to fill, the best cards of each letter (each card once) and the best cards the uncovers left could
turn up. Every complete placement is resolved by ``solver.hardback.resolve.Resolver``, which checks that it can be
played and makes its choices.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace

from solver.hardback.profile import Pool, Source
from solver.hardback.resolve import EPS, Face, Placement, Resolver, Slot, award_prestige
from solver.search.hardback.bound import Optimism, no_fodder


@dataclass
class Plan:
    """What the search of one word needs to know before it starts."""

    opt: list[float]  # per kind: the most it brings
    near: list[bool]  # per letter: could a face-down card there be uncovered?
    uncovers: int  # how many uncovers the word could hold
    slack: float  # what the word may add beyond its letters and doubles: classics in play, award
    step: list[float]  # per kind: the most one doubling of it adds
    wild: float  # what a wild card may bring (to per-wild specials)
    suffix: list[dict[str, int]]  # per letter: how many of each letter from there on
    order: list[int]  # kinds that may bring something on a letter or uncovered, best first
    caps: list[list[int]]  # ``suffix`` by the index of the cards' letters (see WordSolver.letter_ids)
    items: list[tuple[int, float, int, bool]]  # per kind in ``order``: kind, worth beyond a wild, letter index, pool
    by_step: list[int]  # kinds by what one doubling of them may add, most first
    # per kind: can no doubling reach it in this word (``WordSolver._unreached``; None: any may be reached)
    unreached: list[bool] | None = None
    # ``WordSolver._apart``: per doubling m (1, 2) and part (d, c) of the doubling card's step, m * d and the plan
    # whose wild is worth m * c more; empty where the bound is not split so
    apart: list[tuple[int, float, float, Plan]] = field(default_factory=list)
    word: str = ""  # the word itself


class Letters(dict[int, str]):
    """A ``str.translate`` table that keeps the letters it is given (as they map) and turns every other character
    into ``other``, learning each character once."""

    def __init__(self, keep: dict[str, str], other: str) -> None:
        super().__init__({ord(ch): to for ch, to in keep.items()})
        self.other = other

    def __missing__(self, code: int) -> str:
        self[code] = self.other
        return self.other


class _Enough(Exception):  # noqa: N818 - a signal, not an error
    """A step-limited search ran out of steps; it carries the best placement found."""

    def __init__(self, best: Placement | None) -> None:
        super().__init__()
        self.best = best


class WordSolver:
    """Finds the best placement of a word for one pool of cards under one set of weights."""

    def __init__(self, pool: Pool, resolver: Resolver, optimism: Optimism) -> None:
        self.pool = pool
        self.resolver = resolver
        self.optimism = optimism
        self.profiles = pool.profiles
        self.counts = pool.counts
        opt = optimism.opt
        self.by_letter: dict[str, list[int]] = {}
        for k, p in enumerate(self.profiles):
            self.by_letter.setdefault(p.letter, []).append(k)
        for ks in self.by_letter.values():
            ks.sort(key=lambda k: -opt[k])
        self.pool_kinds = sorted((k for k, p in enumerate(self.profiles) if p.pool), key=lambda k: -opt[k])
        self.uncoverers = {k for k in range(len(self.profiles)) if optimism.uncovers[k] > 0}
        self.uncoverer_letters = {self.profiles[k].letter for k in self.uncoverers}
        self.pool_uncoverers = sum(self.counts[k] for k in self.uncoverers if self.profiles[k].pool)
        self.wild_kinds = [k for k in range(len(self.profiles)) if optimism.per_wild[k] > 0]
        self.doublers = [k for k in range(len(self.profiles)) if optimism.doubles[k] > 0]
        self.wild_stepped = [k for k in range(len(self.profiles)) if optimism.wild_steps[k]]  # Mystery N's kind
        # doublers that may stand uncovered: the bound split by how many are (``_split``) can cut more
        self.split = any(self.profiles[k].pool for k in self.doublers)
        # one card whose doubling grows with the wild cards (Mystery N) and a doubler: its doublings counted apart
        # (``_apart``), where they make every wild worth more, instead of at the most wilds any word could hold
        self.stepped: int | None = None
        lone = len(self.wild_stepped) == 1 and self.counts[self.wild_stepped[0]] == 1 and bool(self.doublers)
        if lone and all(c >= 0 for _, c in optimism.wild_steps[self.wild_stepped[0]]):
            self.stepped = self.wild_stepped[0]
        # genres on which some doubler's abilities depend: where one cannot be active any more, they are its
        # inactive side's (``_live``)
        self.genre_doublers = sorted(
            {p.genre for k in self.doublers if (p := self.profiles[k]).genre >= 0 and p.doubles[0] < p.doubles[1]}
        )
        self.counted = [  # per kind: a card of the word that counts for its genre (the resolver's _genre_counts)
            p.genre >= 0 and p.source is not Source.MINE and p.source is not Source.OTHER for p in self.profiles
        ]
        # per genre, the kinds that count for it
        self.genre_kinds = [
            [k for k, p in enumerate(self.profiles) if self.counted[k] and p.genre == g] for g in range(4)
        ]
        # the hand's uncoverers, which an uncover of their own pays for once uncovered (``_uncovers_ahead``): counted
        # apart unless one of them doubles (``_doubles`` and ``_split`` count doublers uncovered on the shared uncovers)
        self.free_passing = not any(k in self.uncoverers for k in self.doublers)
        self.passes = [self.free_passing and k in self.uncoverers and p.pool for k, p in enumerate(self.profiles)]
        self.passing_kinds = [k for k in range(len(self.profiles)) if self.passes[k]]
        self._abilities_by_live: dict[tuple[bool, ...], list[int]] = {}  # ``_abilities``, per ``_live`` answer
        self.is_pool = [p.pool for p in self.profiles]
        self.own = [p.own for p in self.profiles]  # cards a doubling may reach (the resolver's _doublable)
        self.is_inked = [p.source is Source.INKED for p in self.profiles]
        self.inked_kinds = [k for k in range(len(self.profiles)) if self.is_inked[k]]
        self.is_imposed = [p.imposed for p in self.profiles]  # rivals' letters: they never stand face-down
        self.is_mine = [p.source is Source.MINE for p in self.profiles]
        self.letters = [p.letter for p in self.profiles]
        self.plain = self._plain_kinds()
        self.card_letters = set(self.letters)
        self.letter_ids = {letter: n for n, letter in enumerate(sorted(self.card_letters))}
        self.classic_letters: dict[str, int] = {}  # cards that only stand face-up: classics on either side
        for k, p in enumerate(self.profiles):
            if p.source in (Source.MINE, Source.OTHER):
                self.classic_letters[p.letter] = self.classic_letters.get(p.letter, 0) + self.counts[k]
        self._known: dict[str, tuple[float, Placement | None]] = {}  # projection: (most it is worth, its best)
        self._projection = Letters({letter: letter for letter in self.card_letters}, "?")  # a word's projection
        self.budget = resolver.budget  # the search's limits: solve raises OutOfTime past them

    def _plain_kinds(self) -> list[bool]:
        """Per kind: a card that is never better off elsewhere than face-up on a letter of its own.

        When nothing in the pool doubles or dumps and every weight is non-negative, a hand or inked card with no
        uncover ability may as well stand face-up on its letter as that letter be a wild (with per-wild
        specials out of play, which ``Plan.wild`` tells): moving it there from anywhere else keeps every genre
        count and changes no neighbour's ability, and from the hand it only adds. So while such a card is left,
        the search need not try the wild on its letter.
        """
        w = self.pool.weights
        plain_pool = (
            not any(self.optimism.doubles)
            and not any(
                p.dumps[0] or (p.dumps[1] and p.genre >= 0 and self.optimism.can_activate[p.genre])
                for p in self.profiles
            )
            and all(getattr(w, f) >= 0 for f in w.__dataclass_fields__)
        )
        return [
            plain_pool and p.pool and not any(p.uncovers) and not self.optimism.per_wild[k]
            for k, p in enumerate(self.profiles)
        ]

    def mine_opt(self, opt: Sequence[float]) -> float:
        return sum(opt[k] * self.counts[k] for k, p in enumerate(self.profiles) if p.source is Source.MINE)

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
        avail, _ = self._uncovers_ahead(0, plan, [], [0] * len(self.profiles), plan.uncovers)
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

    def _choices(self, word: str, i: int, plan: Plan, slots: list[Slot], used: list[int], uncovers: int) -> list[Slot]:
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

    def _uncovers_ahead(self, i: int, plan: Plan, slots: list[Slot], used: list[int], budget: int) -> tuple[int, int]:
        """How many uncovers could still reach letters i and after: (for any card, for passing uncoverers).

        Only the card at i-1 and cards not yet placed (on a letter still to come, or themselves uncovered) can
        uncover from letter i on, and no more than the word's ``budget`` of uncovers left. Where no uncoverer is also
        a doubler (``free_passing``), the hand's uncoverers laid off their letters are counted apart: each that is
        uncovered takes one uncover and brings its own, so the cards uncovered from letter i on, those uncoverers
        aside, are at most what the card at i-1 brings, what the uncoverers on letters still to come bring, and
        what each passing uncoverer brings beyond the one it takes; the passing uncoverers themselves need only a
        chain to start, and all the cards uncovered are at most every uncover that could reach letter i on (the
        second number; 0 without a chain).
        """
        if budget <= 0:
            return 0, 0
        counts = self.counts
        abilities = self.optimism.uncovers
        avail = 0
        if i >= 1:
            k, face = slots[i - 1]
            if k >= 0 and face is not Face.WILD:
                avail += abilities[k]
        ahead = plan.suffix[i]
        if not self.free_passing:
            for k in self.uncoverers:
                left = counts[k] - used[k]
                if left > 0 and (self.is_pool[k] or self.letters[k] in ahead):
                    avail += left * abilities[k]
            return min(avail, budget), 0
        extra = 0
        every = avail  # as without counting them apart: every uncover that could reach letter i on
        for k in self.uncoverers:
            left = counts[k] - used[k]
            if left <= 0:
                continue
            on = min(left, ahead.get(self.letters[k], 0))
            avail += on * abilities[k]
            if self.is_pool[k]:
                extra += (left - on) * (abilities[k] - 1)
            if self.is_pool[k] or on:
                every += left * abilities[k]
        if avail <= 0:
            return 0, 0
        return min(avail + extra, budget), min(every, budget)

    def _rest(self, i: int, plan: Plan, used: list[int], uncovers: int, passing: int = 0) -> float:
        """The most the letters from i on can add: a wild each, plus the best cards not yet placed, each on a letter
        of its own or uncovered while ``uncovers`` last (greedy, which is exact for this matroid), less what the
        cards that must stand face-up lose against a wild (``_forced``). An uncovered card adds its own worth to
        its letter's wild; each uncover is counted a wild's worth ahead (what a card worth no more than a wild, not
        among the items, could add there).

        With ``passing`` (``_uncovers_ahead``: a chain can start, and the hand's uncoverers off their letters are
        counted apart) the passing uncoverers (``passes``) are uncovered on uncovers of their own, all the cards
        uncovered are at most ``passing`` and the others at most ``uncovers`` (two nested limits, for which the
        greedy is still exact), and what is left of the uncovers is counted a wild's worth only where a card could
        take it: the other cards within ``uncovers``, the passing uncoverers not among the items."""
        n = len(plan.near)
        wild = plan.wild
        u = min(uncovers, n - i)
        if passing:
            passing = min(passing, n - i)
            u = min(u, passing)
            total = wild * (n - i)
            ahead = wild  # an uncovered card adds its worth and a wild's: counted here, not ahead
        else:
            total = wild * (n - i + u)
            ahead = 0.0
        caps = plan.caps[i]
        taken = [0] * len(caps)
        pool_taken = [0] * len(caps)
        up = 0  # cards put face-up on letters
        counts = self.counts
        for k, worth, lid, pool in plan.items:
            left = counts[k] - used[k]
            if left <= 0:
                continue
            free = caps[lid] - taken[lid]
            if free > 0:
                on_letter = left if left < free else free
                taken[lid] += on_letter
                up += on_letter
                total += on_letter * worth
                left -= on_letter
                if pool:
                    pool_taken[lid] += on_letter
            if not left:
                continue
            if passing and self.passes[k]:  # uncovered on an uncover of its own
                t = left if left < passing else passing
                passing -= t
                u = min(u, passing)
                total += t * (worth + wild)
                continue
            if not u:
                continue
            if pool:
                t = left if left < u else u
            else:  # a classic takes a letter whose hand card moves to an uncover
                t = min(left, u, pool_taken[lid])
                pool_taken[lid] -= t
            u -= t
            if passing:
                passing -= t
            total += t * (worth + ahead)
        if passing and wild > 0:  # the uncovers left, each a wild's worth where a card worth no more could take it
            low = sum(counts[k] - used[k] for k in self.passing_kinds if plan.opt[k] <= wild)
            total += wild * min(passing, u + low)
        if wild > 0:  # every letter was counted a wild: not every letter can be (``_forced``)
            total += self._forced(i, plan, used, up)
        return total

    def _forced(self, i: int, plan: Plan, used: list[int], up: int) -> float:
        """What the letters from i on lose, against a wild each, to the cards that must stand face-up there.

        Each wild card (face-down or uncovered) is a hand or inked card not standing face-up, and inked cards stand
        face-up unless freed by removers; so at least ``forced`` of the letters left hold face-up cards. The
        greedy of ``_rest`` puts face-up every card worth more than a wild that has a letter (``up`` of them,
        the most any placement can); each more face-up card brings at most the best worth (its value less a wild's)
        of the cards left with a letter ahead that are worth no more than a wild (a classic in play, whose value
        the slack counts already, loses the wild)."""
        counts, letters = self.counts, self.letter_ids
        pool_left = inked_left = 0
        for k in range(len(counts)):
            left = counts[k] - used[k]
            if self.is_pool[k]:
                pool_left += left
                if self.is_inked[k]:
                    inked_left += left
        forced = len(plan.near) - i - (pool_left - max(0, inked_left - self.pool.state.remover))
        if forced <= up:
            return 0.0
        caps = plan.caps[i]
        wild = plan.wild
        worst = 1.0  # none yet (a worth is never positive here)
        for k in range(len(counts)):
            if counts[k] > used[k] and caps[letters[self.letters[k]]] > 0:
                worth = -wild if self.is_mine[k] else plan.opt[k] - wild
                if worth <= 0 and (worst > 0 or worth > worst):
                    worst = worth
        return (forced - up) * worst if worst <= 0 else 0.0

    def _live(self, i: int, plan: Plan, slots: list[Slot], used: list[int], uncovers: int) -> list[bool] | None:
        """Per genre, whether it may still be active in a placement whose letters before i are placed (None: every
        genre may, or none bears on a doubler).

        A genre is active with two cards of it in play: the classics of your own in play, the cards standing on
        the letters placed (face-up or uncovered), and at most those still to place that could stand, on a letter
        of their own ahead or uncovered (no more of the latter than the ``uncovers`` left), one a letter left."""
        if not self.genre_doublers:
            return None
        counts = list(self.resolver.mine_genres)
        counted = self.counted
        for k, face in slots[:i]:
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

    def _doubles(
        self,
        i: int,
        plan: Plan,
        slots: list[Slot],
        used: list[int],
        uncovers: int,
        live: list[bool] | None = None,
        reach: int | None = None,
    ) -> float:
        """The most doubles can add to a placement whose letters before i are placed.

        A doubler placed with both neighbours known doubles the better of them; the one at i-1 may double a card
        still to come; a doubler not yet placed stands on a letter of its own still to come (no more of them than
        such letters) or is uncovered (no more of them all than the ``uncovers`` left: they share them), and its
        abilities double the best targets left (``_targets``); a card at letter i that must uncover the one before
        it (``_choices``) is an uncoverer; a doubler of a genre that ``live`` says can no longer be active has its
        inactive side's abilities.
        """
        if not self.doublers:
            return 0.0
        step = plan.step if not self.wild_stepped else self._steps(i, plan, slots)
        placed, ranked, abilities_left, before, copies = self._doubling(
            i, plan, slots, used, uncovers, step, live, uncovers if reach is None else reach
        )
        extra = 0.0
        for ability, credit in placed:
            extra += ability * credit
        if abilities_left:
            extra += self._targets(ranked, abilities_left, before, copies)
        return extra

    def _doubling(
        self,
        i: int,
        plan: Plan,
        slots: list[Slot],
        used: list[int],
        uncovers: int,
        step: list[float],
        live: list[bool] | None = None,
        reach: int = 0,
    ) -> tuple[list[tuple[int, float]], list[tuple[float, int]], int, float, int]:
        """``_doubles``'s parts, a doubling of kind k adding ``step[k]``: the doublers placed (their abilities and
        what each may add), the targets left (``_ranked``), the abilities left to place, what the card at i-1 may
        add doubled, and how many of those abilities may reach it (``_targets``); ``reach``: the uncovers left that
        could turn up a card at letter i (``_standing``)."""
        profiles = self.profiles
        counts = self.counts
        n = len(plan.near)
        abilities = self._abilities(live)
        next_ = 0.0  # what the card at letter i may add doubled, where a doubler at i-1 may double it
        if 1 <= i < n and (k1 := slots[i - 1][0]) >= 0 and slots[i - 1][1] is not Face.WILD and abilities[k1]:
            next_ = self._standing(i, plan, slots, used, reach, step)

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
        for k in self.doublers:
            left = counts[k] - used[k]
            if left <= 0:
                continue
            most = max(most, abilities[k])
            on_letter = min(left, ahead.get(profiles[k].letter, 0))
            abilities_left += on_letter * abilities[k]
            if uncovers > 0 and profiles[k].pool and left > on_letter:
                hidden.extend([abilities[k]] * (left - on_letter))
        if hidden:  # each of them takes one of the uncovers left: the best of them, as many as there are uncovers
            hidden.sort(reverse=True)
            abilities_left += sum(hidden[:uncovers])
        # the targets left matter only to the abilities still to place
        ranked = self._ranked(plan, step, used, plan.unreached if i == 0 else None) if abilities_left else []
        return placed, ranked, abilities_left, gain(i - 1), min(most, 2)

    def _standing(self, i: int, plan: Plan, slots: list[Slot], used: list[int], reach: int, step: list[float]) -> float:
        """The most a doubling of the card at letter i adds (``step``), of the cards of your own left that can stand
        there (as ``_choices`` offers them, or more): face-up on a letter of its own, or from the pool uncovered while
        ``reach`` uncovers are left and a neighbour could uncover it (``Plan.near``); an uncoverer where it must
        uncover the card before it. 0 when none can (a wild stands there)."""
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

    def _apart(
        self,
        i: int,
        plan: Plan,
        slots: list[Slot],
        used: list[int],
        uncovers: int,
        passing: int,
        acc: float,
        slack: float,
        limit: float,
        live: list[bool] | None = None,
        rest: float | None = None,
    ) -> float:
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
        step = list(plan.step)
        step[k_n] = 0.0
        placed, ranked, abilities_left, before, copies = self._doubling(
            i, plan, slots, used, uncovers, step, live, uncovers
        )
        units = [credit for ability, credit in placed for _ in range(ability)]
        units += self._target_units(ranked, abilities_left, before, copies)
        units += [0.0] * (abilities_left + sum(a for a, _ in placed) - len(units))  # abilities with no target left
        units.sort()
        total = sum(units)
        if rest is None:
            rest = self._rest(i, plan, used, uncovers, passing)
        best = rest + total
        if acc + best + slack > limit or (i == 0 and plan.unreached is not None and plan.unreached[k_n]):
            return best
        if not self._n_doubled(i, plan, slots, used, uncovers, passing, live):
            return best  # (a card no doubling reaches is doubled 0 times)
        wilds = sum(1 for _, face in slots[:i] if face is not Face.UP)
        for m, d, c, variant in plan.apart:
            if m > len(units):
                break
            # (a variant whose wild is the word's counts the rest as the word's plan does)
            left = rest if variant.wild == plan.wild else self._rest(i, variant, used, uncovers, passing)
            value = left + d + c * wilds + total - sum(units[:m])
            if value > best:
                best = value
                if acc + best + slack > limit:
                    break
        return best

    def _abilities(self, live: list[bool] | None) -> list[int]:
        """Per kind, its doubling abilities at the most, but a doubler's inactive side's where ``live`` says its genre
        can no longer be active."""
        if live is None:
            return self.optimism.doubles
        key = tuple(live)  # (four genres: at most 16 answers, each made once)
        got = self._abilities_by_live.get(key)
        if got is None:
            most = self.optimism.doubles
            got = [p.doubles[0] if p.genre >= 0 and not live[p.genre] else most[k] for k, p in enumerate(self.profiles)]
            self._abilities_by_live[key] = got
        return got

    def _n_doubled(
        self,
        i: int,
        plan: Plan,
        slots: list[Slot],
        used: list[int],
        uncovers: int,
        passing: int,
        live: list[bool] | None,
    ) -> bool:
        """Whether a doubling may still reach the card whose doubling grows with the wild cards (``stepped``), where
        it is still to place and at most one uncover is left (else True: not asked; ``uncovers`` and ``passing`` as
        ``_uncovers_ahead`` gives them). It will stand at a letter p from i on, face-up on a letter of its own or
        uncovered (with an uncoverer beside it, ``_uncoverable``), beside a card that doubles: the one at i-1 (for
        p = i), or one to come at p-1 or p+1, face-up on a letter of its own or uncovered on the uncover left (with
        an uncoverer beside it), whose doubling, where it needs its genre active, finds a second card of that genre
        that can stand (``_pair_live``). Where none can, ``_apart`` counts it doubled 0 times."""
        k_n = self.stepped
        assert k_n is not None
        counts, letters, is_pool, near, word = self.counts, self.letters, self.is_pool, plan.near, plan.word
        if used[k_n] >= counts[k_n] or uncovers >= 2:
            return True
        n = len(near)
        abilities = self._abilities(live)
        before = i >= 1 and (k := slots[i - 1][0]) >= 0 and slots[i - 1][1] is not Face.WILD and abilities[k] > 0
        doublers = [d for d in self.doublers if counts[d] - used[d] - (d == k_n) > 0 and abilities[d]]
        standing = list(self.resolver.mine_genres)  # per genre, the cards of it in play before letter i
        for k, face in slots[:i]:
            if k >= 0 and face is not Face.WILD and self.counted[k]:
                standing[self.profiles[k].genre] += 1
        for p in range(i, n):
            for spent in (0, 1):  # uncovers N takes: face-up on its letter, or uncovered
                if (word[p] != letters[k_n]) if spent == 0 else not (is_pool[k_n] and near[p] and uncovers >= 1):
                    continue
                if p == i and before:  # the doubler at i-1
                    return True
                for q in (p - 1, p + 1):
                    if not i <= q < n:
                        continue
                    for d in doublers:
                        if spent and not self._uncoverable(i, plan, slots, used, passing - 1, p, q, d):
                            continue
                        left, free = uncovers - spent, passing - spent
                        if word[q] == letters[d] and self._pair_live(i, plan, used, standing, d, q, p, left, free):
                            return True
                        if (
                            is_pool[d]
                            and near[q]
                            and left >= 1
                            and self._uncoverable(i, plan, slots, used, passing - 1, q, p, k_n)
                            and self._pair_live(i, plan, used, standing, d, q, p, left - 1, passing - 1)
                        ):
                            return True
        return False

    def _uncoverable(
        self, i: int, plan: Plan, slots: list[Slot], used: list[int], passing: int, x: int, other: int, kind: int
    ) -> bool:
        """Whether a card uncovered at letter x (i or after) could have an uncoverer beside it, no uncover being left
        for any other card but the hand's uncoverers that pay for their own (``passes``, while ``passing`` cards
        may still be uncovered): the card at i-1 where it may uncover, one to come face-up on a letter of its own or
        such an uncoverer uncovered, or the other card of the pair (of ``kind``, at ``other``) if it uncovers."""
        counts, word, n = self.counts, plan.word, len(plan.near)
        free = passing > 0 and any(counts[k] > used[k] for k in self.passing_kinds)
        for y in (x - 1, x + 1):
            if y == other:
                if kind in self.uncoverers:
                    return True
                continue
            if y == i - 1 and y >= 0 and self._may_uncover(slots[y]):
                return True
            if not i <= y < n:
                continue
            if free or any(used[k] < counts[k] and k in self.uncoverers for k in self.by_letter.get(word[y], ())):
                return True
        return False

    def _pair_live(
        self,
        i: int,
        plan: Plan,
        used: list[int],
        standing: list[int],
        d: int,
        q: int,
        p: int,
        uncovers: int,
        passing: int,
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
        word, n, ahead = plan.word, len(plan.near), plan.suffix[i]
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
        i: int,
        plan: Plan,
        slots: list[Slot],
        used: list[int],
        uncovers: int,
        passing: int,
        rest: float,
        doubles: float,
        acc: float = 0.0,
        slack: float = 0.0,
        limit: float = float("inf"),
        live: list[bool] | None = None,
    ) -> float:
        """The most the letters from i on can add, as ``_rest`` and ``_doubles`` count it (``rest`` and ``doubles``,
        as they are for all the ``uncovers``) but split by the number h of doublers uncovered that cannot stand on
        letters of their own; inf when there are none to uncover. The search asks whether ``acc`` + it + ``slack`` is
        over ``limit``: the first value that is ends the split (the most is over too).

        Those h doublers take h of the ``uncovers`` left, so the other cards share the rest (``_rest``), each of them
        brings at most the best such doubler's worth and a wild's, and their abilities are the best h of them
        (``_doubles``: with them all, as many as there are uncovers, the ``doubles`` given). Every placement
        uncovers some number of them, so the most over h bounds it.
        """
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
                (rest if h == 0 else self._rest(i, plan, used, uncovers - h, passing))
                + h * (top + plan.wild)
                + (doubles if h == most else self._doubles(i, plan, slots, used, h, live, uncovers))
            )
            if value > best:
                best = value
                if acc + value + slack > limit:
                    break
        return best

    def _steps(self, i: int, plan: Plan, slots: list[Slot]) -> list[float]:
        """Per kind, the most one doubling adds in this placement: a card whose per-wild benefit doubles (Mystery N)
        adds at most one for each wild card the word can still hold (those placed, and every letter left)."""
        wilds = len(plan.near) - i + sum(1 for _, face in slots[:i] if face is not Face.UP)
        out = list(plan.step)
        for k in self.wild_stepped:
            out[k] = min(out[k], max(0.0, *(d + c * wilds for d, c in self.optimism.wild_steps[k])))
        return out

    def _ranked(
        self, plan: Plan, step: list[float], used: list[int], skip: list[bool] | None = None
    ) -> list[tuple[float, int]]:
        """The cards left to place that a doubling adds to: (what one doubling adds, ``step``, and how many
        doublings they take at most: two a card, as a factor stops at 3), most first; none of the kinds ``skip``
        marks."""
        counts = self.counts
        if not self.wild_stepped:
            ranked = [
                (step[k], 2 * (counts[k] - used[k]))
                for k in plan.by_step
                if counts[k] > used[k] and not (skip and skip[k])
            ]
        else:
            ranked = sorted(
                (
                    (step[k], 2 * (counts[k] - used[k]))
                    for k in range(len(counts))
                    if counts[k] > used[k] and not (skip and skip[k])
                ),
                reverse=True,
            )
        return [(v, room) for v, room in ranked if v > 0]

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

    def _stranded(self, word: str, slots: list[Slot], used: list[int], i: int) -> bool:
        """Whether the cards uncovered at the letters before i cannot all be uncovered, whatever comes after: the
        runs need more uncovers than the cards at their ends have (``_overdrawn``, which holds ``_rooted``'s test of
        every run that has ended), or the run still open at i-1 cannot be reached by a chain still to come (with
        none that reaches letter i, ``_chained``, it is tested as if it ended). Then no placement below can be
        played."""
        if i >= 1 and slots[i - 1][1] is Face.UNCOVERED:
            return not self._rooted(slots, i - 1, ahead=self._chained(word, used, i)) or self._overdrawn(slots, i, word)
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
        abilities, uncoverers = self.optimism.uncovers, self.uncoverers
        spare = [abilities[k] if k >= 0 and face is Face.UP else 0 for k, face in slots[:i]]
        q = 0
        while q < i:
            if slots[q][1] is not Face.UNCOVERED:
                q += 1
                continue
            a = q
            while q < i and slots[q][1] is Face.UNCOVERED:
                q += 1
            b = q - 1
            lead = 0  # uncoverers a, a+1, ...: a left part a..m needs a..m-1 among them
            while a + lead < b and slots[a + lead][0] in uncoverers:
                lead += 1
            trail = 0  # uncoverers b, b-1, ...: a right part m+1..b needs m+2..b among them
            while b - trail > a and slots[b - trail][0] in uncoverers:
                trail += 1
            left = a >= 1 and spare[a - 1] > 0
            ahead = b == i - 1 and i < len(word)  # the card to come at i may uncover b
            right = ahead or (b + 1 < i and spare[b + 1] > 0)
            if left and lead >= b - a:  # all from the left
                spare[a - 1] -= 1
            elif right and trail >= b - a:  # all from the right
                if not ahead:
                    spare[b + 1] -= 1
            elif left and right and lead + trail >= b - a - 1:  # from both ends
                spare[a - 1] -= 1
                if not ahead:
                    spare[b + 1] -= 1
            else:
                return True
        return False

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

    def _may_uncover(self, slot: Slot) -> bool:
        return slot[0] in self.uncoverers and slot[1] is not Face.WILD

    def _complete(self, slots: list[Slot]) -> bool:
        """A full placement whose last card, if uncovered, has an uncoverer on its left."""
        return slots[-1][1] is not Face.UNCOVERED or (len(slots) > 1 and self._may_uncover(slots[-2]))

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
        key = word.translate(self._projection)
        known = self._known.get(key)
        if known is not None:
            upper, found = known
            if found is not None:
                return found.as_word(word) if found.value > floor + EPS else found.value
            if upper <= floor + EPS:
                return upper
        p = self._solve(word, floor, None)
        self._known[key] = (p.value, p) if isinstance(p, Placement) else (min(p, floor), None)
        return p if isinstance(p, Placement) else min(p, floor)

    def _solve(self, word: str, floor: float, stop_at: int | None) -> Placement | float:
        """The best placement that beats ``floor`` or, when none does, an upper bound of the word's value no more
        than ``floor + EPS``: the most of what the search pruned (a branch's bound) or resolved (a placement's
        value), -inf when no placement can be played (fail-soft: a word asked to beat a lower level later need not
        be searched again when this is under it)."""
        n = len(word)
        plan = self.plan(word)
        opt = plan.opt
        slack, wild = plan.slack, plan.wild
        used = [0] * len(self.profiles)
        slots: list[Slot] = []
        best: list[Placement | None] = [None]
        floor_box = [floor]
        upper = [float("-inf")]  # the most a branch pruned or a placement resolved may be worth
        resolver = self.resolver
        clock = self.budget
        split = self.split
        stepped = bool(plan.apart)

        def go(i: int, acc: float, budget: int) -> None:
            clock.tick()
            if stop_at is not None and clock.ticks > stop_at:
                raise _Enough(best[0])
            if self._stranded(word, slots, used, i):
                return
            avail, passing = self._uncovers_ahead(i, plan, slots, used, budget)
            live = self._live(i, plan, slots, used, avail)
            rest = self._rest(i, plan, used, avail, passing)
            doubles = self._doubles(i, plan, slots, used, avail, live)
            limit = floor_box[0] + EPS
            most = acc + rest + doubles + slack
            if most <= limit:
                upper[0] = max(upper[0], most)
                return
            if stepped:
                most = acc + self._apart(i, plan, slots, used, avail, passing, acc, slack, limit, live, rest) + slack
                if most <= limit:
                    upper[0] = max(upper[0], most)
                    return
            if split:
                most = acc + self._split(i, plan, slots, used, avail, passing, rest, doubles, acc, slack, limit, live)
                most += slack
                if most <= limit:
                    upper[0] = max(upper[0], most)
                    return
            if i == n:
                if not self._complete(slots):
                    return
                res = resolver.resolve(slots)
                if res is None:
                    return
                upper[0] = max(upper[0], res.value)
                if res.value > floor_box[0] + EPS:
                    floor_box[0] = res.value
                    best[0] = Placement(word, list(slots), res)
                return
            for k, face in self._choices(word, i, plan, slots, used, avail):
                if k >= 0:
                    used[k] += 1
                slots.append((k, face))
                if face is Face.WILD:
                    go(i + 1, acc + wild, budget)
                elif face is Face.UP:
                    go(i + 1, acc + opt[k], budget)
                else:
                    go(i + 1, acc + opt[k] + wild, budget - 1)
                slots.pop()
                if k >= 0:
                    used[k] -= 1

        go(0, 0.0, plan.uncovers)
        return best[0] if best[0] is not None else upper[0]

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
            avail, passing = self._uncovers_ahead(i, plans[0], slots, used, budget)
            if hopeless(
                [
                    a + self._rest(i, p, used, avail, passing) + self._doubles(i, p, slots, used, avail) + p.slack
                    for a, p in zip(acc, plans, strict=True)
                ]
            ):
                return
            if i == n:
                if self._complete(slots):
                    visit(slots)
                return
            for k, face in self._choices(word, i, plans[0], slots, used, avail):
                if k >= 0:
                    used[k] += 1
                slots.append((k, face))
                gain = [(p.opt[k] if k >= 0 else 0.0) + (p.wild if face is not Face.UP else 0.0) for p in plans]
                go(i + 1, [a + g for a, g in zip(acc, gain, strict=True)], budget - (face is Face.UNCOVERED))
                slots.pop()
                if k >= 0:
                    used[k] -= 1

        go(0, [0.0] * len(plans), plans[0].uncovers)
