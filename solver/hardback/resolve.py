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
import functools
import itertools
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

from solver.budget import Budget
from solver.hardback.benefits import Count, Role, Special, abilities, amounts, plain_value, specials
from solver.hardback.cards import Card
from solver.hardback.catalogue import Rules
from solver.hardback.genres import Genre
from solver.hardback.objectives import Weights
from solver.hardback.state import TurnState

GENRES = list(Genre)
GENRE_INDEX = {g: i for i, g in enumerate(GENRES)}
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


class Source(enum.Enum):
    HAND = "hand"
    INKED = "inked"
    MINE = "mine"
    OTHER = "other"


class Face(enum.Enum):
    UP = "up"
    WILD = "wild"
    UNCOVERED = "uncovered"


@dataclass(frozen=True)
class Profile:
    """What one kind of card (a card from one source) is worth, precomputed for a set of weights.

    Index ``a`` is 0 when the card's genre is inactive, 1 when active; ``value[a][f]`` is the weighted value
    of its plain benefits at factor ``f`` (1..3), with its own best choices made (either, ink or remover,
    trash or not); specials (per-card counts) and dumps are kept apart because they depend on the whole word.
    """

    card: Card
    source: Source
    letter: str
    genre: int  # index into GENRES, -1 for none
    value: tuple[tuple[float, ...], tuple[float, ...]]
    specials: tuple[tuple[Special, ...], tuple[Special, ...]]
    dumps: tuple[tuple[int, ...], tuple[int, ...]]
    uncovers: tuple[int, int]
    doubles: tuple[int, int]

    @property
    def own(self) -> bool:
        return self.source is not Source.OTHER

    @property
    def pool(self) -> bool:
        """A card that may be played wild (hand, or inked freed with a remover)."""
        return self.source in (Source.HAND, Source.INKED)

    def _activities(self, max_counts: Sequence[int]) -> tuple[int, ...]:
        """Its genre can be active only when the player has two cards of it."""
        return (0, 1) if self.genre >= 0 and max_counts[self.genre] >= 2 else (0,)

    def optimistic(
        self, max_counts: tuple[int, int, int, int], weights: Weights, wilds: int, inked: int, dumps: bool = True
    ) -> float:
        """An upper bound of its value at factor 1 in any word (genre active if it can be, specials at their most).

        ``max_counts`` holds, per genre, how many of the player's cards could count for it; without ``dumps`` its
        dumps are left out (for a word that leaves no card to dump).
        """
        best = 0.0
        for a in self._activities(max_counts):
            v = (
                self.value[a][1]
                + sum(s.value(1, max_counts, wilds, inked) for s in self.specials[a])
                + (sum(max(0.0, weights.coins * d - weights.dump) for d in self.dumps[a]) if dumps else 0.0)
            )
            best = max(best, v)
        return best

    def optimistic_per_wild(self, max_counts: tuple[int, int, int, int], weights: Weights) -> float:
        """The most its per-wild specials bring for each wild card in the word."""
        return max(
            sum(s.weight * s.benefit.amount for s in self.specials[a] if s.per is Count.WILD)
            for a in self._activities(max_counts)
        )

    def abilities(self, max_counts: tuple[int, int, int, int], which: str) -> int:
        """How many uncover (``"uncovers"``) or double (``"doubles"``) abilities it may have."""
        per: tuple[int, int] = getattr(self, which)
        return max(per[a] for a in self._activities(max_counts))

    def optimistic_step(self, max_counts: tuple[int, int, int, int], weights: Weights, wilds: int, inked: int) -> float:
        """An upper bound of what one more doubling adds to its value."""
        best = 0.0
        for a in self._activities(max_counts):
            for f in (1, 2):
                v = self.value[a][f + 1] - self.value[a][f]
                v += sum(s.value(1, max_counts, wilds, inked) for s in self.specials[a])
                v += sum(max(0.0, weights.coins * d) for d in self.dumps[a])
                best = max(best, v)
        return best


@functools.lru_cache(maxsize=8192)
def make_profile(card: Card, source: Source, weights: Weights) -> Profile:
    """Read a card's benefits once, for the scoring of every word (and remembered: cards, sources and weights
    are immutable, and a search makes the same profiles again and again)."""
    if source is Source.OTHER:
        zero = (0.0, 0.0, 0.0, 0.0)
        return Profile(card, source, card.match_letter, -1, (zero, zero), ((), ()), ((), ()), (0, 0), (0, 0))
    values: list[tuple[float, ...]] = []
    per_card: list[tuple[Special, ...]] = []
    dumps: list[tuple[int, ...]] = []
    uncovers: list[int] = []
    doubles: list[int] = []
    for a in (0, 1):
        bs = card.basic + (card.genre_bonus if a and card.genre is not None else ())
        values.append(tuple([0.0] + [plain_value(bs, f, weights) for f in (1, 2, 3)]))
        per_card.append(specials(bs, weights, GENRES))
        dumps.append(amounts(bs, Role.DUMP))
        uncovers.append(abilities(bs, Role.UNCOVER))
        doubles.append(abilities(bs, Role.DOUBLE))
    return Profile(
        card,
        source,
        card.match_letter,
        GENRE_INDEX[card.genre] if card.genre is not None else -1,
        (values[0], values[1]),
        (per_card[0], per_card[1]),
        (dumps[0], dumps[1]),
        (uncovers[0], uncovers[1]),
        (doubles[0], doubles[1]),
    )


@dataclass
class Pool:
    """The cards of a state grouped into kinds (identical card from the same source) with their counts."""

    profiles: list[Profile]
    counts: list[int]
    state: TurnState
    weights: Weights

    @staticmethod
    def of(state: TurnState, weights: Weights) -> Pool:
        keys: dict[tuple[Card, Source], int] = {}
        profiles: list[Profile] = []
        counts: list[int] = []
        for source, cards in (
            (Source.INKED, state.inked),
            (Source.HAND, state.hand),
            (Source.MINE, state.mine),
            (Source.OTHER, state.others),
        ):
            for c in cards:
                key = (c, source)
                if key not in keys:
                    keys[key] = len(profiles)
                    profiles.append(make_profile(c, source, weights))
                    counts.append(0)
                counts[keys[key]] += 1
        return Pool(profiles, counts, state, weights)

    @property
    def mine(self) -> list[int]:
        return [i for i, p in enumerate(self.profiles) if p.source is Source.MINE]


# A placed slot: (kind index, face); kind -1 is an unnamed wild (some hand card not otherwise placed).
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
    """A word's cards and faces, letter by letter, resolved."""

    word: str
    slots: list[Slot]
    resolution: Resolution

    @property
    def value(self) -> float:
        return self.resolution.value


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
        self.inked_total = len(st.inked)
        self.awards = st.options.literary_awards
        self.rules = st.options.rules
        self.award_held = st.options.award_held
        base = [0, 0, 0, 0]
        for i in self.mine:
            g = self.profiles[i].genre
            if g >= 0:
                base[g] += self.pool.counts[i]
        self.mine_genres = base

    # -- the pieces of a placement that do not depend on choices ------------------------------------------------

    def _extras(self, slots: Sequence[Slot]) -> tuple[float, int, int, int, int] | None:
        """Value of what the placement fixes (tokens spent, classics moved, award); fodder; wild and inked counts.

        None when the placement is not legal (too few hand cards for the wilds, too few removers).
        """
        used = [0] * len(self.profiles)
        generic = wilds = inked_up = sent = kept = 0
        for k, face in slots:
            if k < 0:
                generic += 1
                wilds += 1
                continue
            used[k] += 1
            p = self.profiles[k]
            if face is not Face.UP:  # a card laid face-down by name is a wild; an inked one needs a remover
                wilds += 1
            elif p.source is Source.INKED:
                inked_up += 1
            if face is Face.UP and p.source is Source.OTHER:
                sent += 1
            if face is Face.UP and p.pool and p.card.timeless:
                kept += 1
        for k, n in enumerate(used):
            if n > self.pool.counts[k]:
                return None
        placed_pool = sum(used[k] for k in self.pool_kinds)
        unplaced = self.pool_size - placed_pool
        if generic > unplaced:
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

        def rest(factors: list[int]) -> float:
            return self._value(slots, factors, active, counts, fodder, wilds, inked_up)

        return fixed, rest, order, active, options

    def _doublable(self, slot: Slot) -> bool:
        k, face = slot
        return k >= 0 and face is not Face.WILD and self.profiles[k].own

    def _value(
        self,
        slots: Sequence[Slot],
        factors: list[int],
        active: list[bool],
        counts: list[int],
        fodder: int,
        wilds: int,
        inked_up: int,
    ) -> float:
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
                total += s.value(f, counts, wilds, inked_up)
            dumps.extend(d * f for d in p.dumps[a])
        for k in self.mine:
            p = profiles[k]
            outside = self.pool.counts[k] - in_word[k]
            if outside <= 0:
                continue
            a = 1 if p.genre >= 0 and active[p.genre] else 0
            per = p.value[a][1] + sum(s.value(1, counts, wilds, inked_up) for s in p.specials[a])
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
