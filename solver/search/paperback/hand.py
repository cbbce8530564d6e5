"""A Paperback hand as the search reads it: its card kinds and counts, the wilds, the Common card and the specials,
and the per-card worths every layout and bound of a search shares."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from solver.paperback.abilities import Scoring, Spot
from solver.paperback.cards import Ability, PCard
from solver.paperback.moves import COMMON, Piece, word_factor
from solver.paperback.state import PaperbackTurn

EVER = 1_000_000  # a length past every word's: a bonus's best case (``Hand.best_spot``)


@dataclass
class Tables:
    """What the layouts of every word of a search share (``Hand.tables``)."""

    val: list[float]  # each kind's generous worth
    dw_total: int  # the double-word abilities of the hand and the Common card
    common_val: float
    singles: dict[str, list[int]]  # one-letter kinds by letter
    doubles: list[int]  # two-letter kinds
    by_letter: dict[str, float]  # the most a piece can bring to a letter
    anywhere: float  # with Dyslexic, a two-letter card counts on any letter (a loose bound)
    dw: list[int]  # each kind's most to the word factor (its double-word abilities, and its copies of one)


@dataclass
class Hand:
    """The cards of a state, grouped: one kind a distinct plain card, with its count."""

    state: PaperbackTurn
    kinds: list[PCard]
    counts: list[int]
    wilds: int
    wild_card: PCard | None
    spacebar: bool  # the Common card is the Spacebar
    common: PCard | None  # the Common card, when it is a plain card
    dyslexic: int  # Dyslexic cards, in the hand and as the Common card
    _generous: dict[tuple[PCard, bool], float] = field(default_factory=dict)
    _tables: Tables | None = None
    _copy_worth: float | None = None

    @staticmethod
    def of(state: PaperbackTurn) -> Hand:
        groups: Counter[PCard] = Counter(c for c in state.hand if not c.wild and not c.special)
        kinds = list(groups)
        common = state.common
        return Hand(
            state=state,
            kinds=kinds,
            counts=[groups[c] for c in kinds],
            wilds=sum(1 for c in state.hand if c.wild),
            wild_card=next((c for c in state.hand if c.wild), None),
            spacebar=common is not None and common.special == "spacebar",
            common=common if common is not None and not common.special else None,
            dyslexic=sum(1 for c in state.hand if c.special == "dyslexic")
            + (1 if common is not None and common.special == "dyslexic" else 0),
        )

    def card_of(self, piece: Piece) -> PCard | None:
        if piece.kind >= 0:
            return self.kinds[piece.kind]
        if piece.kind == COMMON:
            return self.common
        return None

    def top_score(self) -> int:
        """The best score printed on a card of the hand or the Common card."""
        return max([c.score for c in self.kinds] + ([self.common.score] if self.common else []), default=0)

    def top_other(self, card: PCard | None) -> int:
        """The most one double-letter ability on ``card`` (a kind of the hand, or None for the Common card) can add:
        the best score of a piece that can stand beside it, another card (a second copy of ``card`` included), the
        Common card or a wild. A double-letter ability raises its neighbour's factor by one (``rules.best_doubles``),
        so it adds that neighbour's score once."""
        scores = [c.score for c, n in zip(self.kinds, self.counts, strict=True) if c != card or n >= 2]
        if card is not None and self.common is not None:
            scores.append(self.common.score)
        if self.wilds and self.wild_card is not None:
            scores.append(self.wild_card.score)
        return max(scores, default=0)

    def abilities(self, how: Scoring) -> int:
        """The hand's total of the abilities that count one way (their amounts, each card counted as often as it is
        held)."""
        held = zip(self.kinds, self.counts, strict=True)
        return sum(a.amount * n for c, n in held for a in c.abilities if a.effect.scoring is how)

    def double_words(self) -> int:
        """The most double-word abilities the hand's cards can bring to a word (the Common card's left out): their
        own, and each ``copy`` taking one where the hand or the Common card has one."""
        held = zip(self.kinds, self.counts, strict=True)
        own = sum(n for c, n in held for a in c.abilities if a.effect.scoring is Scoring.WORD)
        return own + self.copies() * self.copy_double_word()

    def cards_next(self) -> int:
        """The most cards next hand a word can bring: the ``cards+N`` of the hand's cards and the Common card, and
        each ``copy`` taking the largest there is."""
        common = self.common.abilities if self.common else ()
        common_cards = sum(a.amount for a in common if a.effect.scoring is Scoring.CARDS)
        copies = self.copies() + sum(a.effect.scoring is Scoring.COPY for a in common)
        return self.abilities(Scoring.CARDS) + common_cards + copies * self.most(Scoring.CARDS)

    def _copyable(self) -> list[Ability]:
        """The abilities a ``copy`` ability could take: those of the hand's cards and the Common card, but copy."""
        held = [*self.kinds, *([self.common] if self.common else [])]
        return [a for c in held for a in c.abilities if a.effect.scoring is not Scoring.COPY]

    def copies(self) -> int:
        """The ``copy`` abilities of the hand's cards (each card counted as often as it is held)."""
        held = zip(self.kinds, self.counts, strict=True)
        return sum(n for c, n in held for a in c.abilities if a.effect.scoring is Scoring.COPY)

    def copy_double_word(self) -> int:
        """1 when a ``copy`` could take a double-word ability, else 0."""
        return int(any(a.effect.scoring is Scoring.WORD for a in self._copyable()))

    def most(self, how: Scoring) -> int:
        """The largest amount of an ability counting one way that a ``copy`` could take."""
        return max((a.amount for a in self._copyable() if a.effect.scoring is how), default=0)

    def copy_worth(self) -> float:
        """More than a ``copy`` ability can add to a word's score before the word factor (for pruning): the most
        any ability it could take adds (``generous``'s worth of each)."""
        found = self._copy_worth
        if found is None:
            found = self._copy_worth = max((self._worth(a, self.top_score()) for a in self._copyable()), default=0.0)
        return found

    def supply(self) -> dict[str, int]:
        """How many of each letter the cards and the Common card can give."""
        supply: Counter[str] = Counter()
        for c, n in zip(self.kinds, self.counts, strict=True):
            for ch in c.letters:
                supply[ch] += n
        if self.common is not None:
            supply.update(self.common.letters)
        return dict(supply)

    def generous(self, card: PCard, common: bool = False) -> float:
        """More than a card (the Common card with ``common``) can ever add to a word's score before the word factor
        (for pruning)."""
        found = self._generous.get((card, common))
        if found is not None:
            return found
        top = self.top_other(None if common else card)
        v = float(card.score) + sum(self._worth(ab, top) for ab in card.abilities)
        self._generous[(card, common)] = v
        return v

    def worth_at(self, card: PCard, spot: Spot) -> float:
        """``generous`` of a kind of the hand with its bonuses at ``spot`` (a best case of fewer words), its
        ``len>=L`` bonuses left out (a Spacebar pair adds them for its whole length)."""
        top = self.top_other(card)
        kept = [ab for ab in card.abilities if not ab.effect.by_length]
        return float(card.score) + sum(self._worth(ab, top, spot) for ab in kept)

    def _worth(self, ab: Ability, top: int, spot: Spot | None = None) -> float:
        """More than one ability can add to a word's score before the word factor (a bonus at ``spot``, else its
        best); ``top``: the most a double-letter ability of its card adds (one step of a neighbour's factor,
        ``top_other``)."""
        how = ab.effect.scoring
        if how is Scoring.BONUS:
            assert ab.effect.gain is not None
            return float(ab.effect.gain(ab, spot or self.best_spot()))
        if how is Scoring.LETTER:
            return float(top)
        if how is Scoring.COPY:
            return self.copy_worth()
        return 0.0

    def best_spot(self) -> Spot:
        """Where a bonus of the hand's gains most: its card giving both ends of a word as long as any, with no wild
        and with every wild of the hand (each bonus reads only what raises it)."""
        return Spot(True, True, 0, self.wilds, EVER)

    def tables(self) -> Tables:
        """What the layouts of every word share (computed once a hand)."""
        if self._tables is None:
            self._tables = _tables(self)
        return self._tables

    def factor(self) -> int:
        """The most the word factor can be (``moves.word_factor``: at most x3, or 1 + every double-word ability
        with the state's ``double_words_additive``)."""
        return word_factor(self.tables().dw_total, self.state.double_words_additive)

    def word_factor(self, double_words: int) -> int:
        """The word factor of this many double-word abilities, under the state's reading."""
        return word_factor(double_words, self.state.double_words_additive)


def _tables(hand: Hand) -> Tables:
    """Each card's generous worth, the double-word abilities, the cards by letter, the most a piece can bring to a
    letter."""
    kinds, counts, common = hand.kinds, hand.counts, hand.common
    val = [hand.generous(c) for c in kinds]
    copy_dw = hand.copy_double_word()
    dw = [_double_words(c, copy_dw) for c in kinds]
    common_val = hand.generous(common, common=True) if common is not None else 0.0
    common_dw = _double_words(common, copy_dw) if common is not None else 0
    singles: dict[str, list[int]] = {}
    doubles: list[int] = []
    by_letter: dict[str, float] = {}
    anywhere = 0.0
    for k, c in enumerate(kinds):
        if len(c.letters) == 1:
            singles.setdefault(c.letters, []).append(k)
        else:
            doubles.append(k)
            if hand.dyslexic:
                anywhere = max(anywhere, val[k])
        for ch in {c.letters[0], c.letters[-1]}:
            by_letter[ch] = max(by_letter.get(ch, 0.0), val[k])
    if common is not None:
        for ch in set(common.letters):
            by_letter[ch] = max(by_letter.get(ch, 0.0), common_val)
    by_letter = {ch: max(v, anywhere) for ch, v in by_letter.items()}
    dw_total = sum(d * m for d, m in zip(dw, counts, strict=True)) + common_dw
    return Tables(val, dw_total, common_val, singles, doubles, by_letter, anywhere, dw)


def _double_words(c: PCard, copy_dw: int) -> int:
    """The most a card can add to the word factor: its double-word abilities, and its copies of one."""
    return sum(
        a.effect.scoring is Scoring.WORD or (a.effect.scoring is Scoring.COPY and copy_dw == 1) for a in c.abilities
    )
