"""A brute-force oracle for Hardback turns: the best result for every word, by trying everything.

This module is written independently of the fast search (``solver/search``, ``solver/hardback/resolve.py``) and
shares with it only the card data (``solver.hardback.cards``), the turn state (``solver.hardback.state``) and the
weights (``solver.hardback.objectives``). It is meant to be plainly correct, not fast:

1. **Placements.** For a word, every way of putting exactly one card on each letter position is tried:
   a hand card face-up (where its letter matches) or face-down as a wild (anywhere); an inked card
   face-up where its letter matches (all inked cards must be placed); an own or an opponent's timeless
   classic face-up where its letter matches. Every set of inked cards freed with remover tokens (at most
   ``state.remover`` of them) is tried; a freed card is a normal hand card. A letter a rival imposed
   (``state.imposed``, Disfigured Letter: given among the inked cards) is placed face-up like an inked card
   but is never freed, and it is not an inked card: Horror H's "per inked card" does not count it.
2. **Uncovers.** For each placement, every reachable set of uncovered positions is found by trying every
   sequence of uncover benefits (one at a time, genre activity re-evaluated after each, each benefit
   used at most once, stopping allowed at any point).
3. **Doubles.** For each uncovered set, every double benefit tries every target (left, right, or none).
4. **Choices.** For each of those, every optional or either-or choice is tried (coins or prestige, ink or
   remover, trash this card or not, each dump or not while fodder lasts).

Every complete outcome is a :class:`Tally` of what the turn gains; the objective picks the best tally per
word. Placements are generated in two steps: a *shape* puts a face-up card or a wild marker on each
position (the word's letters matter only here), then every way of putting distinct left-over hand cards
on the wild markers is enumerated. Three caches keep this quick enough for tests without changing what
is enumerated:

* a placement's outcomes depend only on its cards and faces (never on the word's letters), so they are
  computed once per distinct placement (equal cards, e.g. two starter E, share an id);
* a shape's placements do not depend on the word either, so they are merged once per distinct shape;
* a word's shapes depend only on which of its letters some card can match, so words that agree on every
  position where a card letter is involved (other letters masked) share their shapes.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Literal, NamedTuple

from solver.hardback.benefits import Benefit, Kind
from solver.hardback.cards import Card
from solver.hardback.catalogue import Rules
from solver.hardback.genres import Genre
from solver.hardback.objectives import Objective, Weights
from solver.hardback.state import TurnState

Source = Literal["hand", "freed", "inked", "imposed", "mine", "other"]
"""Where a placed card comes from; ``freed`` is an inked card turned into a hand card with a remover; ``imposed``
a rival's letter the player must use (Disfigured Letter)."""

Face = Literal["up", "wild"]
"""How a card is placed. Whether a wild card is later uncovered is decided when benefits resolve."""

HOUSE_COUNTS: dict[Kind, tuple[str, Callable[[tuple[Slot, ...]], int]]] = {}
"""Per-card benefits a house rule adds (tests/hardback/test_count_table.py): per kind, the gain it adds to and what
it counts in a placement, written here on the oracle's own terms (not the solver's count table)."""

AWARD_PRESTIGE = {7: 5, 8: 6, 9: 7, 10: 9, 11: 12, 12: 15}
"""Literary award prestige by word length (12 stands for 12 or more)."""


class Slot(NamedTuple):
    """One placed card: its source, its card (an id into the state's list of distinct cards), its face."""

    source: Source
    card: int
    face: Face


class Placement(NamedTuple):
    """Cards on the word's positions, left to right, with what the placement costs and leaves over.

    ``freed`` is the number of remover tokens spent; ``unused_free`` the number of hand cards (freed
    inked cards included) not placed in the word, which go to the discard pile and can be dumped.
    """

    slots: tuple[Slot, ...]
    freed: int
    unused_free: int


class Shape(NamedTuple):
    """A placement with its wild cards not yet chosen: ``None`` marks a wild position.

    ``free`` lists the hand cards (freed inked cards included) not placed face-up, any of which can go
    on a wild position; ``freed`` is the number of remover tokens spent.
    """

    slots: tuple[Slot | None, ...]
    free: tuple[tuple[Source, int], ...]
    freed: int


class Tally(NamedTuple):
    """Everything one complete outcome of a turn gains or spends (literary award aside)."""

    prestige: int = 0
    coins: int = 0
    ink: int = 0
    remover: int = 0
    jail: int = 0
    preview: int = 0
    opponents_return: int = 0
    classics_kept: int = 0
    classics_sent_home: int = 0
    trashed: int = 0
    dumped: int = 0
    removers_spent: int = 0


class Resolution(NamedTuple):
    """How benefits resolved for a placement: the uncovered positions and each position's factor."""

    uncovered: frozenset[int]
    factors: tuple[int, ...]


class _Counted(NamedTuple):
    """What the per-count benefits of a placement count: its slots, the cards counted for genre, its wild cards
    and its inked cards."""

    slots: tuple[Slot, ...]
    tableau: list[Card]
    wilds: int
    inked: int


def _plus(a: Tally, b: Tally) -> Tally:
    return Tally(*(x + y for x, y in zip(a, b, strict=True)))


@dataclass(frozen=True)
class OracleMove:
    """The best result for one word under an objective, with the arrangement that achieves it.

    ``arrangement`` lists the cards left to right as ``code (source, face, xFACTOR)``, where face is
    ``up``, ``wild`` or ``unc`` (uncovered); ``cards`` holds the same as tuples. ``award`` is the literary
    award prestige the word earns (0 unless the option is on); it is not part of ``prestige``.
    """

    word: str
    prestige: int
    coins: int
    value: float
    arrangement: str
    cards: tuple[tuple[str, str, str, int], ...]
    ink: int = 0
    remover: int = 0
    jail: int = 0
    preview: int = 0
    opponents_return: int = 0
    classics_kept: int = 0
    classics_sent_home: int = 0
    trashed: int = 0
    dumped: int = 0
    removers_spent: int = 0
    award: int = 0


def tally_value(tally: Tally, award: int, weights: Weights) -> float:
    """The value objective: the weighted sum of what the outcome gains, less what it spends."""
    w, t = weights, tally
    return (
        w.prestige * t.prestige
        + w.coins * t.coins
        + w.ink * t.ink
        + w.remover * t.remover
        + w.jail * t.jail
        + w.preview * t.preview
        + w.opponents_return * t.opponents_return
        + w.classic_kept * t.classics_kept
        + w.classic_sent_home * t.classics_sent_home
        - w.trash * t.trashed
        - w.dump * t.dumped
        - w.remover_spent * t.removers_spent
        + w.award * award
    )


def award_prestige(state: TurnState, length: int) -> int:
    """Literary award prestige a word of this length earns (0 when the option is off)."""
    options = state.options
    if not options.literary_awards or length < 7:
        return 0
    n = min(length, 12)
    beats = n >= options.award_held if options.rules is Rules.BGA else n > options.award_held
    return AWARD_PRESTIGE[n] if beats else 0


class _StateOracle:
    """The enumeration for one turn state, with its caches."""

    def __init__(self, state: TurnState) -> None:
        self.state = state
        self.cards: list[Card] = []
        self._ids: dict[Card, int] = {}
        for card in (*state.hand, *state.inked, *state.mine, *state.others):
            self._card_id(card)
        self.letters = frozenset(c.match_letter for c in self.cards)
        self._placement_cache: dict[Placement, dict[Tally, Resolution]] = {}
        self._shape_cache: dict[Shape, dict[Tally, tuple[Placement, Resolution]]] = {}
        self._pattern_cache: dict[tuple[str | None, ...], dict[Tally, tuple[Placement, Resolution]]] = {}

    def _card_id(self, card: Card) -> int:
        """Equal cards share an id, so identical copies give identical placements (and cache hits)."""
        if card not in self._ids:
            self._ids[card] = len(self.cards)
            self.cards.append(card)
        return self._ids[card]

    # ----- placements -------------------------------------------------------------------------------

    def shapes(self, word: tuple[str | None, ...]) -> list[Shape]:
        """Every shape of the word (``None`` letters match no card), for every set of freed inked cards.

        Each position takes an unused card face-up where its letter matches, or a wild marker; all inked
        cards not freed must be placed; there must be enough hand cards left over for the wild markers.
        """
        state = self.state
        inked = list(state.inked)
        for card in state.imposed:  # the rivals' letters are given among the inked cards too
            inked.remove(card)
        out: list[Shape] = []
        for n_freed in range(min(state.remover, len(inked)) + 1):
            for freed in itertools.combinations(range(len(inked)), n_freed):
                # pool entries: (source, card id, letter, may be wild, must be placed)
                pool: list[tuple[Source, int, str, bool, bool]] = []
                for c in state.hand:
                    pool.append(("hand", self._card_id(c), c.match_letter, True, False))
                for i, c in enumerate(inked):
                    if i in freed:
                        pool.append(("freed", self._card_id(c), c.match_letter, True, False))
                    else:
                        pool.append(("inked", self._card_id(c), c.match_letter, False, True))
                for c in state.imposed:  # never freed: it must stand face-up
                    pool.append(("imposed", self._card_id(c), c.match_letter, False, True))
                for c in state.mine:
                    pool.append(("mine", self._card_id(c), c.match_letter, False, False))
                for c in state.others:
                    pool.append(("other", self._card_id(c), c.match_letter, False, False))
                out += self._fill(word, pool, n_freed)
        return out

    @staticmethod
    def _fill(
        word: tuple[str | None, ...], pool: list[tuple[Source, int, str, bool, bool]], n_freed: int
    ) -> list[Shape]:
        """Depth-first over positions: any unused pool card face-up where its letter matches, or a wild."""
        used = [False] * len(pool)
        slots: list[Slot | None] = []
        out: list[Shape] = []
        n_free = sum(1 for entry in pool if entry[3])

        def extend(pos: int, missing: int, free_left: int, wilds: int) -> None:
            # missing: inked cards still to place; free_left: hand cards not face-up; wilds: wild markers
            if missing > len(word) - pos or wilds > free_left:
                return  # the inked cards, or hand cards for the wilds, cannot be found any more
            if pos == len(word):
                free = tuple((e[0], e[1]) for k, e in enumerate(pool) if e[3] and not used[k])
                out.append(Shape(tuple(slots), free, n_freed))
                return
            for k, (source, card, letter, wildable, required) in enumerate(pool):
                if not used[k] and letter == word[pos]:
                    used[k] = True
                    slots.append(Slot(source, card, "up"))
                    extend(pos + 1, missing - required, free_left - wildable, wilds)
                    slots.pop()
                    used[k] = False
            slots.append(None)
            extend(pos + 1, missing, free_left, wilds + 1)
            slots.pop()

        extend(0, sum(1 for entry in pool if entry[4]), n_free, 0)
        return out

    @staticmethod
    def placements(shape: Shape) -> Iterator[Placement]:
        """Every placement of a shape: each way to put distinct left-over hand cards on its wild positions."""
        holes = [i for i, s in enumerate(shape.slots) if s is None]
        for chosen in itertools.permutations(shape.free, len(holes)):
            slots = list(shape.slots)
            for i, (source, card) in zip(holes, chosen, strict=True):
                slots[i] = Slot(source, card, "wild")
            filled = tuple(s for s in slots if s is not None)
            yield Placement(filled, shape.freed, len(shape.free) - len(holes))

    # ----- resolving one placement ------------------------------------------------------------------

    def outcomes(self, placement: Placement) -> dict[Tally, Resolution]:
        """Every distinct outcome of a placement, each with one resolution that reaches it."""
        cached = self._placement_cache.get(placement)
        if cached is None:
            cached = {}
            outside = self._mine_outside(placement.slots)
            for uncovered in self._reachable_uncovers(placement.slots, outside):
                for factors in self._double_factors(placement.slots, uncovered, outside):
                    resolution = Resolution(uncovered, factors)
                    for tally in self._choice_tallies(placement, resolution, outside):
                        cached.setdefault(tally, resolution)
            self._placement_cache[placement] = cached
        return cached

    @staticmethod
    def _shows(slots: tuple[Slot, ...], i: int, uncovered: frozenset[int]) -> bool:
        """Whether the card at position i is the player's own and showing (face-up or uncovered)."""
        slot = slots[i]
        return slot.source != "other" and (slot.face == "up" or i in uncovered)

    def _mine_outside(self, slots: tuple[Slot, ...]) -> list[Card]:
        """The player's own classics in play that are not in the word."""
        in_word = Counter(s.card for s in slots if s.source == "mine")
        left = Counter(self._card_id(c) for c in self.state.mine) - in_word
        return [self.cards[cid] for cid in sorted(left.elements())]

    def _tableau(self, slots: tuple[Slot, ...], uncovered: frozenset[int], outside: list[Card]) -> list[Card]:
        """The cards counted for genre: showing own cards in the word, and own classics outside it."""
        inside = [self.cards[s.card] for i, s in enumerate(slots) if self._shows(slots, i, uncovered)]
        return inside + outside

    @staticmethod
    def _active(tableau: list[Card]) -> set[Genre]:
        counts: dict[Genre, int] = {}
        for card in tableau:
            if card.genre is not None:
                counts[card.genre] = counts.get(card.genre, 0) + 1
        return {g for g, n in counts.items() if n >= 2}

    @staticmethod
    def _available(card: Card, active: set[Genre]) -> list[tuple[str, Benefit]]:
        """The card's benefits that apply, each with an id (``b0``, ``g1``...) to tell them apart."""
        out = [(f"b{k}", b) for k, b in enumerate(card.basic)]
        if card.genre is not None and card.genre in active:
            out += [(f"g{k}", b) for k, b in enumerate(card.genre_bonus)]
        return out

    def _reachable_uncovers(self, slots: tuple[Slot, ...], outside: list[Card]) -> list[frozenset[int]]:
        """Every set of uncovered positions some sequence of uncover benefits can reach (the empty set too)."""
        start: tuple[frozenset[int], frozenset[tuple[int, str]]] = (frozenset(), frozenset())
        seen = {start}
        stack = [start]
        reached: dict[frozenset[int], None] = {}
        while stack:
            uncovered, used = stack.pop()
            reached[uncovered] = None
            active = self._active(self._tableau(slots, uncovered, outside))
            for i, slot in enumerate(slots):
                if not self._shows(slots, i, uncovered):
                    continue
                for bid, benefit in self._available(self.cards[slot.card], active):
                    if benefit.kind is not Kind.UNCOVER or (i, bid) in used:
                        continue
                    for j in (i - 1, i + 1):
                        if 0 <= j < len(slots) and slots[j].face == "wild" and j not in uncovered:
                            nxt = (uncovered | {j}, used | {(i, bid)})
                            if nxt not in seen:
                                seen.add(nxt)
                                stack.append(nxt)
        return list(reached)

    def _double_factors(
        self, slots: tuple[Slot, ...], uncovered: frozenset[int], outside: list[Card]
    ) -> list[tuple[int, ...]]:
        """Every factor vector the double benefits can make: each picks left, right or nothing."""
        active = self._active(self._tableau(slots, uncovered, outside))
        choices: list[list[int | None]] = []
        for i, slot in enumerate(slots):
            if not self._shows(slots, i, uncovered):
                continue
            for _bid, benefit in self._available(self.cards[slot.card], active):
                if benefit.kind is Kind.DOUBLE:
                    targets: list[int | None] = [None]
                    targets += [j for j in (i - 1, i + 1) if 0 <= j < len(slots) and self._shows(slots, j, uncovered)]
                    choices.append(targets)
        out: dict[tuple[int, ...], None] = {}
        for picks in itertools.product(*choices):
            factors = [1] * len(slots)
            for j in picks:
                if j is not None:
                    factors[j] += 1
            out[tuple(factors)] = None
        return list(out)

    def _choice_tallies(self, placement: Placement, resolution: Resolution, outside: list[Card]) -> set[Tally]:
        """Every distinct tally the optional and either-or choices can make, for fixed uncovers and doubles."""
        slots, (uncovered, factors) = placement.slots, resolution
        tableau = self._tableau(slots, uncovered, outside)
        active = self._active(tableau)
        counted = _Counted(
            slots=slots,
            tableau=tableau,
            wilds=sum(1 for s in slots if s.face == "wild"),  # hand cards played face-down, uncovered or not
            inked=sum(1 for s in slots if s.source == "inked"),  # inked cards are always face-up (not rivals' letters)
        )
        fodder = len(self.state.discard) + placement.unused_free
        kept = [s for s in slots if s.source in ("hand", "freed", "inked", "imposed") and s.face == "up"]
        base = Tally(
            classics_kept=sum(1 for s in kept if self.cards[s.card].timeless),
            classics_sent_home=sum(1 for s in slots if s.source == "other"),
            removers_spent=placement.freed,
        )
        givers = [(self.cards[s.card], factors[i]) for i, s in enumerate(slots) if self._shows(slots, i, uncovered)]
        givers += [(card, 1) for card in outside]

        groups: list[list[Tally]] = []  # pick one option from each group
        for card, f in givers:
            groups += self._card_groups(card, f, active, counted)

        tallies = {base}
        for options in groups:
            tallies = {t for t in (_plus(t, o) for t in tallies for o in options) if t.dumped <= fodder}
        return tallies

    def _card_groups(self, card: Card, f: int, active: set[Genre], counted: _Counted) -> list[list[Tally]]:
        """The option groups one giving card (at factor ``f``) adds: each either-or choice, its fixed gains as one
        option, and its trashing as a choice to take or not."""
        groups: list[list[Tally]] = []
        fixed = Tally()
        trash: Tally | None = None
        for _bid, b in self._available(card, active):
            a = b.amount * f
            match b.kind:
                case Kind.COINS:
                    fixed = _plus(fixed, Tally(coins=a))
                case Kind.PRESTIGE:
                    fixed = _plus(fixed, Tally(prestige=a))
                case Kind.EITHER:
                    groups.append([Tally(coins=a), Tally(prestige=a)])
                case Kind.INK_OR_REMOVER:
                    groups.append([Tally(ink=1), Tally(remover=1)])
                case Kind.TRASH_FOR_COINS:
                    trash = _plus(trash or Tally(trashed=1), Tally(coins=a))
                case Kind.TRASH_FOR_PRESTIGE:
                    trash = _plus(trash or Tally(trashed=1), Tally(prestige=a))
                case Kind.DUMP:
                    groups.append([Tally(), Tally(coins=a, dumped=1)])
                case Kind.JAIL:
                    fixed = _plus(fixed, Tally(jail=1))
                case Kind.PREVIEW:
                    fixed = _plus(fixed, Tally(preview=1))
                case Kind.OPPONENTS_RETURN:
                    fixed = _plus(fixed, Tally(opponents_return=1))
                case Kind.COINS_PER_GENRE:
                    fixed = _plus(fixed, Tally(coins=a * sum(1 for c in counted.tableau if c.genre == b.genre)))
                case Kind.PRESTIGE_PER_WILD:
                    fixed = _plus(fixed, Tally(prestige=a * counted.wilds))
                case Kind.PRESTIGE_PER_INKED:
                    fixed = _plus(fixed, Tally(prestige=a * counted.inked))
                case Kind.DOUBLE | Kind.UNCOVER:
                    pass  # resolved before: they shaped ``resolution``
                case kind if kind in HOUSE_COUNTS:
                    gain, count = HOUSE_COUNTS[kind]
                    fixed = _plus(fixed, Tally(**{gain: a * count(counted.slots)}))
        groups.append([fixed])
        if trash is not None:
            groups.append([Tally(), trash])
        return groups

    # ----- words ------------------------------------------------------------------------------------

    def pattern(self, word: str) -> tuple[str | None, ...]:
        """The word with letters no card can match masked out: words with equal patterns spell alike."""
        return tuple(ch if ch in self.letters else None for ch in word)

    def pattern_outcomes(self, pattern: tuple[str | None, ...]) -> dict[Tally, tuple[Placement, Resolution]]:
        """Every distinct outcome over every placement of the pattern, each with one way to reach it."""
        cached = self._pattern_cache.get(pattern)
        if cached is None:
            cached = {}
            for shape in self.shapes(pattern):
                for tally, how in self.shape_outcomes(shape).items():
                    cached.setdefault(tally, how)
            self._pattern_cache[pattern] = cached
        return cached

    def shape_outcomes(self, shape: Shape) -> dict[Tally, tuple[Placement, Resolution]]:
        """Every distinct outcome over every placement of the shape, each with one way to reach it."""
        cached = self._shape_cache.get(shape)
        if cached is None:
            cached = {}
            for placement in self.placements(shape):
                for tally, resolution in self.outcomes(placement).items():
                    cached.setdefault(tally, (placement, resolution))
            self._shape_cache[shape] = cached
        return cached

    def describe(self, placement: Placement, resolution: Resolution) -> tuple[tuple[str, str, str, int], ...]:
        out = []
        for i, slot in enumerate(placement.slots):
            face = "unc" if i in resolution.uncovered else slot.face
            out.append((self.cards[slot.card].code, slot.source, face, resolution.factors[i]))
        return tuple(out)


_ORACLES: dict[TurnState, _StateOracle] = {}


def _oracle_for(state: TurnState) -> _StateOracle:
    """One enumeration per state, kept so that asking again (another objective) reuses its work."""
    if state not in _ORACLES:
        if len(_ORACLES) >= 32:
            _ORACLES.clear()
        _ORACLES[state] = _StateOracle(state)
    return _ORACLES[state]


def oracle_best(
    state: TurnState, words: Iterable[str], objective: Objective, weights: Weights | None = None
) -> dict[str, OracleMove]:
    """The best result for every word the state can spell (others are absent), by exhaustive search.

    ``prestige`` maximizes (prestige, coins), ``coins`` maximizes (coins, prestige), both
    lexicographically; ``value`` maximizes :func:`tally_value` under ``weights`` (default ``Weights()``),
    literary award included. For prestige and coins, ``value`` reports the chosen outcome's value under
    ``weights or Weights()``.
    """
    w = weights or Weights()
    oracle = _oracle_for(state)
    out: dict[str, OracleMove] = {}
    for word in words:
        if len(word) < state.options.min_length or word in out:
            continue
        outcomes = oracle.pattern_outcomes(oracle.pattern(word))
        if not outcomes:
            continue
        award = award_prestige(state, len(word))

        def rank(t: Tally, award: int = award) -> tuple[float, ...]:
            if objective is Objective.PRESTIGE:
                return (t.prestige, t.coins)
            if objective is Objective.COINS:
                return (t.coins, t.prestige)
            return (tally_value(t, award, w),)

        best = max(outcomes, key=rank)  # first of the ties, in enumeration order
        placement, resolution = outcomes[best]
        cards = oracle.describe(placement, resolution)
        out[word] = OracleMove(
            word=word,
            prestige=best.prestige,
            coins=best.coins,
            value=tally_value(best, award, w),
            arrangement=" | ".join(f"{code} ({source}, {face}, x{factor})" for code, source, face, factor in cards),
            cards=cards,
            ink=best.ink,
            remover=best.remover,
            jail=best.jail,
            preview=best.preview,
            opponents_return=best.opponents_return,
            classics_kept=best.classics_kept,
            classics_sent_home=best.classics_sent_home,
            trashed=best.trashed,
            dumped=best.dumped,
            removers_spent=best.removers_spent,
            award=award,
        )
    return out
