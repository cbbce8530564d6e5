"""Resolution of a placed word: which cards stand, in which order they uncover, which they double, what it is worth.

A *placement* puts one card (or an unnamed wild) at each letter of a word. ``Resolver.resolve`` turns a
placement into its best resolution under a set of weights, following the order of resolution of the rules
reference: uncovers one at a time (each may need a genre that earlier uncovers activated), then doubles,
then everything else, with every free choice (either, ink or remover, trash this card, dump) made in the
objective's favour. Each card's benefits are read through the benefit table (``solver.hardback.benefits``) once,
into a ``Profile``; ``solver.hardback.outcome`` turns a resolution into its typed gains card by card.
"""

from __future__ import annotations

import enum
import itertools
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

from solver.budget import Budget
from solver.hardback.benefits import Kind, Tally
from solver.hardback.catalogue import Rules
from solver.hardback.choices import CardChoices
from solver.hardback.profile import Pool, Source

AWARDS = {7: 5, 8: 6, 9: 7, 10: 9, 11: 12, 12: 15}
MAX_FACTOR = 3
EPS = 1e-6


def award_prestige(length: int, options_rules: Rules, held: int) -> int:
    """Literary award prestige a word of this length earns, given the award length already claimed."""
    n = min(length, 12)
    if n < 7:
        return 0
    if n > held or (options_rules is Rules.BGA and n == held):
        return AWARDS[n]
    return 0


class Face(enum.Enum):
    __hash__ = object.__hash__  # members are singletons: hashed by identity (Enum's own hashes the name in Python)

    UP = "up"
    WILD = "wild"
    UNCOVERED = "uncovered"


Slot = tuple[int, Face]


@dataclass
class Resolution:
    """The best way to resolve one placement: its value and the choices that reach it."""

    value: float
    factors: list[int]
    active: list[bool]
    uncovers: list[tuple[int, int]]  # (uncoverer position, uncovered position), in order
    doubles: list[tuple[int, int]]  # (doubler position, doubled position)


@dataclass
class Placement:
    """A word's cards and faces, letter by letter, resolved; ``choices``, by letter, the choices the player made
    (``solver.hardback.choices``; None: every choice made by the objective)."""

    word: str
    slots: list[Slot]
    resolution: Resolution
    choices: tuple[CardChoices | None, ...] | None = None

    @property
    def value(self) -> float:
        return self.resolution.value

    def as_word(self, word: str) -> Placement:
        """The same cards and faces for another word that agrees on every card letter."""
        return Placement(word, self.slots, self.resolution, self.choices)


# what every resolution of a placement shares: fixed value, value of the rest by factors, uncover order, active
# genres, each doubling ability's position and aims
_Setting = tuple[float, Callable[[list[int]], float], list[tuple[int, int]], list[bool], list[tuple[int, list[int]]]]


class Resolver:
    """Resolves placements of one state under one set of weights."""

    def __init__(self, pool: Pool, budget: Budget | None = None) -> None:
        """``budget``: the limits of the search this resolver serves (a placement's uncover orders and double
        aims grow exponentially with its cards, so each one tried is a step of the search)."""
        self.pool = pool
        self.budget = budget if budget is not None else Budget()
        self.profiles = pool.profiles
        self.w = pool.weights
        st = pool.state
        self.discard = len(st.discard)
        self.removers = st.remover
        self.mine = pool.mine
        self.pool_kinds = [k for k, p in enumerate(pool.profiles) if p.pool]
        self.pool_size = sum(pool.counts[k] for k in self.pool_kinds)
        self.imposed_total = len(st.imposed)  # rivals' letters: they stand face-up, and are not inked cards
        self.inked_total = len(st.inked) - self.imposed_total  # the cards drawn with ink
        self.awards = st.options.literary_awards
        self.rules = st.options.rules
        self.award_held = st.options.award_held
        base = [0, 0, 0, 0]
        for i in self.mine:
            g = self.profiles[i].genre
            if g >= 0:
                base[g] += self.pool.counts[i]
        self.mine_genres = base
        self.wild_order: list[int] | None = None  # ``outcome.name_wilds``'s order of the pool's cards, once made
        self.gains: dict[Kind, str] = {}  # ``outcome``'s gain of each benefit kind under the weights, once chosen
        # per kind of card, for ``_extras``: standing face-up, is it a rival's letter, an inked card, an opponent's
        # classic sent home, a classic of the player's put into play?
        self._imposed = [p.imposed for p in self.profiles]
        self._inked = [p.source is Source.INKED for p in self.profiles]
        self._other = [p.source is Source.OTHER for p in self.profiles]
        self._kept = [p.pool and p.card.timeless for p in self.profiles]

    # -- the pieces of a placement that do not depend on choices ------------------------------------------------

    def _extras(self, slots: Sequence[Slot]) -> tuple[float, int, int, int, int] | None:
        """Value of what the placement fixes (tokens spent, classics moved, award); fodder; wild and inked counts
        (the cards drawn with ink standing face-up: a rival's imposed letter is not one).

        None when the placement is not legal (too few hand cards for the wilds, too few removers, a rival's letter
        not face-up: no remover frees it).
        """
        used = [0] * len(self.profiles)
        generic = wilds = inked_up = imposed_up = sent = kept = 0
        up = Face.UP
        for k, face in slots:
            if k < 0:
                generic += 1
                wilds += 1
                continue
            used[k] += 1
            if face is not up:  # a card laid face-down by name is a wild; an inked one needs a remover
                wilds += 1
                continue
            if self._imposed[k]:
                imposed_up += 1
            elif self._inked[k]:
                inked_up += 1
            if self._other[k]:
                sent += 1
            if self._kept[k]:
                kept += 1
        for k, n in enumerate(used):
            if n > self.pool.counts[k]:
                return None
        placed_pool = sum(used[k] for k in self.pool_kinds)
        unplaced = self.pool_size - placed_pool
        if generic > unplaced:
            return None
        if imposed_up < self.imposed_total:
            return None
        spent = self.inked_total - inked_up
        if spent > self.removers:
            return None
        fodder = self.discard + unplaced - generic
        w = self.w
        value = w.classic_sent_home * sent + w.classic_kept * kept - w.remover_spent * spent
        if self.awards:
            value += w.award * award_prestige(len(slots), self.rules, self.award_held)
        return value, fodder, wilds, inked_up, spent

    def _genre_counts(self, slots: Sequence[Slot], uncovered: set[int] | None) -> list[int]:
        counts = list(self.mine_genres)
        for pos, (k, face) in enumerate(slots):
            if k < 0:
                continue
            p = self.profiles[k]
            if p.source is Source.MINE or p.genre < 0 or p.source is Source.OTHER:
                continue
            if face is Face.UP or (face is Face.UNCOVERED and (uncovered is None or pos in uncovered)):
                counts[p.genre] += 1
        return counts

    def _uncover_order(self, slots: Sequence[Slot]) -> list[tuple[int, int]] | None:
        """An order of uncovers that turns up every UNCOVERED slot, or None when there is none."""
        targets = [pos for pos, (_, face) in enumerate(slots) if face is Face.UNCOVERED]
        if not targets:
            return []
        n = len(slots)
        profiles = self.profiles

        def abilities(pos: int, counts: list[int]) -> int:
            k = slots[pos][0]
            if k < 0:
                return 0
            p = profiles[k]
            if not p.own:
                return 0
            active = p.genre >= 0 and counts[p.genre] >= 2
            return p.uncovers[1] if active else p.uncovers[0]

        failed: set[tuple[frozenset[int], tuple[tuple[int, int], ...]]] = set()
        tick = self.budget.tick

        def search(done: frozenset[int], used: tuple[tuple[int, int], ...]) -> list[tuple[int, int]] | None:
            if len(done) == len(targets):
                return list(used)
            tick()
            spent: dict[int, int] = {}
            for s, _ in used:
                spent[s] = spent.get(s, 0) + 1
            # whether the rest can be uncovered depends only on what is uncovered and what each uncoverer spent
            key = (done, tuple(sorted(spent.items())))
            if key in failed:
                return None
            counts = self._genre_counts(slots, set(done))
            for t in targets:
                if t in done:
                    continue
                for s in (t - 1, t + 1):
                    if not 0 <= s < n or slots[s][0] < 0:
                        continue
                    face = slots[s][1]
                    if face is Face.WILD or (face is Face.UNCOVERED and s not in done):
                        continue
                    if abilities(s, counts) - spent.get(s, 0) <= 0:
                        continue
                    found = search(done | {t}, (*used, (s, t)))
                    if found is not None:
                        return found
            failed.add(key)
            return None

        return search(frozenset(), ())

    # -- resolution ---------------------------------------------------------------------------------------------

    def resolve(self, slots: Sequence[Slot]) -> Resolution | None:
        """The best resolution of a placement, or None when the placement cannot be played."""
        best: Resolution | None = None
        for r in self.resolutions(slots):
            if best is None or r.value > best.value + EPS:
                best = r
        return best

    def resolutions(self, slots: Sequence[Slot]) -> Iterator[Resolution]:
        """Every way to aim the doubles of a playable placement (nothing when it cannot be played)."""
        setting = self._setting(slots)
        if setting is None:
            return
        fixed, rest, order, active, options = setting
        n = len(slots)
        tick = self.budget.tick
        for choice in itertools.product(*(o[1] for o in options)):
            tick()
            factors = [1] * n
            for q in choice:
                if q >= 0:
                    factors[q] = min(MAX_FACTOR, factors[q] + 1)
            value = fixed + rest(factors)
            doubles = [(o[0], q) for o, q in zip(options, choice, strict=True) if q >= 0]
            yield Resolution(value, factors, active, order, doubles)

    def resolve_quickly(self, slots: Sequence[Slot]) -> Resolution | None:
        """A good resolution without trying every aim of the doubles: each double aimed in turn where it adds
        most. For answers cut short (``resolve`` is the exact one, exponential in the doubles); the uncover
        order is still searched, so it is quick only for placements with few uncovered cards."""
        setting = self._setting(slots)
        if setting is None:
            return None
        fixed, rest, order, active, options = setting
        factors = [1] * len(slots)
        doubles: list[tuple[int, int]] = []
        for pos, near in options:
            self.budget.tick()
            best_q, best_v = -1, float("-inf")
            for q in near:  # a double is aimed whenever a neighbour can take it, as in ``resolutions``
                if q < 0:
                    continue
                trial = list(factors)
                trial[q] = min(MAX_FACTOR, trial[q] + 1)
                v = rest(trial)
                if v > best_v + EPS:
                    best_q, best_v = q, v
            if best_q >= 0:
                factors[best_q] = min(MAX_FACTOR, factors[best_q] + 1)
                doubles.append((pos, best_q))
        return Resolution(fixed + rest(factors), factors, active, order, doubles)

    def _setting(self, slots: Sequence[Slot]) -> _Setting | None:
        """What every resolution of a placement shares: the fixed value, the value of the rest given the
        factors, the uncover order, the active genres and each doubling ability's aims; None when it cannot be
        played."""
        extras = self._extras(slots)
        if extras is None:
            return None
        fixed, fodder, wilds, inked_up, _ = extras
        order = self._uncover_order(slots)
        if order is None:
            return None
        counts = self._genre_counts(slots, None)
        active = [c >= 2 for c in counts]
        profiles = self.profiles
        n = len(slots)
        options: list[tuple[int, list[int]]] = []  # each doubling ability: its position, the positions it may double
        for pos, (k, face) in enumerate(slots):
            if k < 0 or face is Face.WILD or not profiles[k].own:
                continue
            p = profiles[k]
            d = p.doubles[1 if p.genre >= 0 and active[p.genre] else 0]
            if d:
                near = [q for q in (pos - 1, pos + 1) if 0 <= q < n and self._doublable(slots[q])]
                options.extend((pos, near or [-1]) for _ in range(d))

        tally = Tally(counts, wilds, inked_up, n)

        def rest(factors: list[int]) -> float:
            return self._value(slots, factors, active, tally, fodder)

        return fixed, rest, order, active, options

    def _doublable(self, slot: Slot) -> bool:
        k, face = slot
        return k >= 0 and face is not Face.WILD and self.profiles[k].own

    def _value(
        self,
        slots: Sequence[Slot],
        factors: list[int],
        active: list[bool],
        tally: Tally,
        fodder: int,
    ) -> float:
        """What the placement's cards bring at these factors, and your classics in play outside it (``tally``: what
        their counts read), with the best dumps the fodder allows."""
        w = self.w
        total = 0.0
        dumps: list[int] = []
        profiles = self.profiles
        in_word = [0] * len(profiles)
        for pos, (k, face) in enumerate(slots):
            if k < 0 or face is Face.WILD:
                continue
            p = profiles[k]
            if p.source is Source.MINE:
                in_word[k] += 1
            if not p.own:
                continue
            a = 1 if p.genre >= 0 and active[p.genre] else 0
            f = factors[pos]
            total += p.value[a][f]
            for s in p.specials[a]:
                total += s.value(f, tally)
            if p.dumps[a]:
                dumps.extend(d * f for d in p.dumps[a])
        for k in self.mine:
            p = profiles[k]
            outside = self.pool.counts[k] - in_word[k]
            if outside <= 0:
                continue
            a = 1 if p.genre >= 0 and active[p.genre] else 0
            per = p.value[a][1] + sum(s.value(1, tally) for s in p.specials[a])
            total += per * outside
            dumps.extend(list(p.dumps[a]) * outside)
        if dumps:
            dumps.sort(reverse=True)
            for d in dumps[:fodder]:
                gain = w.coins * d - w.dump
                if gain <= 0:
                    break
                total += gain
        return total
