"""What each card of a turn is worth, read once through the benefit table: a ``Profile`` a kind of card (one card
from one source), the turn's cards grouped into a ``Pool``. The resolver (``solver.hardback.resolve``) and the
search's bounds read profiles, never the cards' benefits again."""

from __future__ import annotations

import enum
import functools
from collections import Counter
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import Any

from solver.hardback.benefits import CountRow, Role, Special, Tally, abilities, amounts, plain_value, specials
from solver.hardback.cards import Card
from solver.hardback.genres import Genre
from solver.hardback.objectives import Weights
from solver.hardback.state import TurnState

GENRES = list(Genre)
GENRE_INDEX = {g: i for i, g in enumerate(GENRES)}


class Source(enum.Enum):
    __hash__ = object.__hash__  # members are singletons: hashed by identity (Enum's own hashes the name in Python)

    HAND = "hand"
    INKED = "inked"
    MINE = "mine"
    OTHER = "other"


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
    imposed: bool = False  # an inked entry that is a rival's letter (Disfigured Letter): face-up, not inked

    @functools.cached_property
    def own(self) -> bool:
        """A card of the player's (not an opponent's classic). Remembered, as ``pool``: read on every card."""
        return self.source is not Source.OTHER

    @functools.cached_property
    def remembered(self) -> dict[Hashable, Any]:
        """What its readers derive from it (and from arguments they name in the key), remembered: a profile is
        immutable and ``make_profile`` gives the same one again and again (``solver.search.hardback.bound``'s
        optimism)."""
        return {}

    @functools.cached_property
    def _counted(self) -> tuple[tuple[CountRow, int], ...]:
        """What of the turn its specials count, on either side: each count and genre index once (none for a card
        with no specials)."""
        seen: dict[tuple[int, int], tuple[CountRow, int]] = {}
        for s in self.specials[0] + self.specials[1]:
            seen.setdefault((id(s.counter), s.genre), (s.counter, s.genre))
        return tuple(seen.values())

    def reading(self, reach: Tally) -> tuple[int, ...]:
        """What its optimistic numbers (``optimistic``, ``optimistic_per_wild``, ``optimistic_step``, ``abilities``,
        ``step_by_wilds``) read of the turn's tally at its most (``reach``): whether its genre can be active and the
        most each count of its specials may count. Turns that read alike give it the same numbers, so its readers
        remember them by the reading (``solver.search.hardback.bound``), not by the whole turn."""
        active = int(self.genre >= 0 and reach.genres[self.genre] >= 2)
        counted = self._counted
        if not counted:
            return _ACTIVITY[active]
        return (active, *(c.most(reach, g) for c, g in counted))

    @functools.cached_property
    def pool(self) -> bool:
        """A card that may be played wild (hand, or inked freed with a remover)."""
        return self.source in (Source.HAND, Source.INKED)

    def _activities(self, max_counts: Sequence[int]) -> tuple[int, ...]:
        """Its genre can be active only when the player has two cards of it."""
        return (0, 1) if self.genre >= 0 and max_counts[self.genre] >= 2 else (0,)

    def optimistic(self, reach: Tally, weights: Weights, dumps: bool = True) -> float:
        """An upper bound of its value at factor 1 in any word (genre active if it can be, specials at their most).

        ``reach`` is the turn's tally at its most: per genre how many of the player's cards could count for it, and
        the most each count may count; without ``dumps`` its dumps are left out (for a word that leaves no card to
        dump).
        """
        best = 0.0
        for a in self._activities(reach.genres):
            v = (
                self.value[a][1]
                + sum(s.most(reach) for s in self.specials[a])
                + (sum(max(0.0, weights.coins * d - weights.dump) for d in self.dumps[a]) if dumps else 0.0)
            )
            best = max(best, v)
        return best

    def optimistic_per_wild(self, reach: Tally, weights: Weights) -> float:
        """The most its per-wild specials (``CountRow.per_wild``) bring for each wild card in the word."""
        return max(
            sum(s.weight * s.benefit.amount for s in self.specials[a] if s.counter.per_wild)
            for a in self._activities(reach.genres)
        )

    def abilities(self, reach: Tally, which: str) -> int:
        """How many uncover (``"uncovers"``) or double (``"doubles"``) abilities it may have."""
        per: tuple[int, int] = getattr(self, which)
        return max(per[a] for a in self._activities(reach.genres))

    def optimistic_step(self, reach: Tally, weights: Weights) -> float:
        """An upper bound of what one more doubling adds to its value."""
        best = 0.0
        for a in self._activities(reach.genres):
            specials = sum(s.most(reach) for s in self.specials[a])  # the same at either f
            dumps = sum(max(0.0, weights.coins * d) for d in self.dumps[a])
            for f in (1, 2):
                v = self.value[a][f + 1] - self.value[a][f]
                v += specials
                v += dumps
                best = max(best, v)
        return best

    def step_by_wilds(self, reach: Tally, weights: Weights) -> tuple[tuple[float, float], ...]:
        """What one more doubling adds, as a line in the number of wild cards in the word W: per activity, (d, c)
        for d + c * W, the most of it over the activities bounding the doubling (``optimistic_step`` takes W as
        every card of the pool); () for a card with no per-wild benefit (``reach``'s wild cards are not read)."""
        flat = Tally(reach.genres, 0, reach.inked, reach.letters)
        parts = []
        for a in self._activities(reach.genres):
            per_wild = sum(s.weight * s.benefit.amount for s in self.specials[a] if s.counter.per_wild)
            rest = sum(s.most(flat) for s in self.specials[a] if not s.counter.per_wild)
            dumps = sum(max(0.0, weights.coins * d) for d in self.dumps[a])
            grows = max(self.value[a][f + 1] - self.value[a][f] for f in (1, 2))
            parts.append((grows + rest + dumps, per_wild))
        return tuple(parts) if any(c for _, c in parts) else ()


_ACTIVITY = ((0,), (1,))  # ``Profile.reading`` of a card with no specials: whether its genre can be active


@functools.lru_cache(maxsize=8192)
def make_profile(card: Card, source: Source, weights: Weights, imposed: bool = False) -> Profile:
    """Read a card's benefits once, for the scoring of every word (and remembered: cards, sources and weights
    are immutable, and a search makes the same profiles again and again). ``imposed``: an inked entry that is a
    rival's letter (``TurnState.imposed``)."""
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
        imposed,
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
        """The kinds of a state; an inked entry named in ``imposed`` (a rival's letter) is a kind of its own."""
        keys: dict[tuple[Card, Source, bool], int] = {}
        profiles: list[Profile] = []
        counts: list[int] = []
        imposed = Counter(state.imposed)  # the inked entries still to be read as rivals' letters
        for source, cards in (
            (Source.INKED, state.inked),
            (Source.HAND, state.hand),
            (Source.MINE, state.mine),
            (Source.OTHER, state.others),
        ):
            for c in cards:
                rivals = False
                if imposed and source is Source.INKED and imposed[c] > 0:
                    rivals = True
                    imposed[c] -= 1
                key = (c, source, rivals)
                k = keys.get(key)
                if k is None:
                    keys[key] = len(profiles)
                    profiles.append(make_profile(c, source, weights, rivals))
                    counts.append(1)
                else:
                    counts[k] += 1
        return Pool(profiles, counts, state, weights)

    @property
    def mine(self) -> list[int]:
        return [i for i, p in enumerate(self.profiles) if p.source is Source.MINE]


# A placed slot: (kind index, face); kind -1 is an unnamed wild (some hand card not otherwise placed).
