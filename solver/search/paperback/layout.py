"""Every way a hand lays out a text, each scored by the rules (``solver.paperback.rules``).

Pieces go left to right, each a one-letter card, a two-letter card (both letters in order, never split; reversed
only with a Dyslexic, +1), a wild (any one letter, no score), or the Common card (once a turn, its letters and
score); a space is the Spacebar between two words. A layout's score is its pieces' scores, each doubled or tripled
by adjacent ``double-letter`` cards, plus every flat bonus, all multiplied by the word factor.
"""

from __future__ import annotations

from collections.abc import Iterator

from solver.budget import Budget
from solver.paperback.moves import COMMON, SPACE, WILD, PaperbackObjective, Piece, PMove
from solver.paperback.rules import score
from solver.search.paperback.hand import Hand, Tables

TICK = 64  # layout steps between two looks at the clock (a power of 2)


class OutOfSteps(Exception):  # noqa: N818 - a signal, not an error
    """A word used up the layout steps it was given (``Steps.cap``)."""


class Steps:
    """The layout steps of a search: every TICK of them the budget's clock is read (``Budget.check``: past its
    limits, ``OutOfTime``), and past ``cap`` (when set) ``OutOfSteps``."""

    __slots__ = ("budget", "cap", "taken")

    def __init__(self, budget: Budget) -> None:
        self.budget = budget
        self.taken = 0
        self.cap: int | None = None

    def tick(self) -> None:
        """Called every TICK steps."""
        if self.cap is not None and self.taken > self.cap:
            raise OutOfSteps
        self.budget.check()


def layouts(hand: Hand, text: str, bar: list[float], steps: Steps) -> Iterator[list[Piece]]:
    """Every way to lay the hand (and the Common card) out to spell ``text`` (a space for the Spacebar) that could
    still score at least ``bar[0]``, which the caller may raise as it goes (each layout is looked at only once it
    is asked for)."""
    yield from _Layouts(hand, text, bar, steps).rec(0, hand.wilds, True, hand.dyslexic)


class _Layouts:
    """One text's layouts (``layouts``): the pieces placed so far (``acc``), the cards left (``counts``) and the
    generous value of the pieces placed (``got``), searched depth first."""

    def __init__(self, hand: Hand, text: str, bar: list[float], steps: Steps) -> None:
        tables = hand.tables()
        self.kinds, self.counts = hand.kinds, list(hand.counts)
        self.text, self.n, self.bar, self.steps = text, len(text), bar, steps
        self.common, self.spacebar = hand.common, hand.spacebar
        self.val, self.common_val = tables.val, tables.common_val
        self.singles, self.doubles = tables.singles, tables.doubles
        self.rest = _rest(text, tables)
        self.extra = hand.dyslexic + (1 if hand.spacebar else 0)
        self.factor = hand.factor()
        self.acc: list[Piece] = []
        self.got = 0.0

    def rec(self, pos: int, wilds: int, common_free: bool, dys: int) -> Iterator[list[Piece]]:
        """The layouts of the text from ``pos`` on: a one-letter card, a two-letter card, the Common card, a wild."""
        steps = self.steps
        steps.taken += 1
        if not steps.taken & (TICK - 1):
            steps.tick()
        if pos == self.n:
            yield list(self.acc)
            return
        if (self.got + self.rest[pos] + self.extra) * self.factor < self.bar[0]:
            return
        acc, counts, val = self.acc, self.counts, self.val
        ch = self.text[pos]
        if ch == " ":
            if self.spacebar and common_free:
                acc.append(Piece(SPACE, " "))
                yield from self.rec(pos + 1, wilds, False, dys)
                acc.pop()
            return
        for k in self.singles.get(ch, ()):
            if counts[k]:
                counts[k] -= 1
                self.got += val[k]
                acc.append(Piece(k, ch))
                yield from self.rec(pos + 1, wilds, common_free, dys)
                acc.pop()
                self.got -= val[k]
                counts[k] += 1
        if self.doubles:
            yield from self.pairs(pos, wilds, common_free, dys)
        if self.common is not None and common_free:
            yield from self.with_common(self.common.letters, pos, wilds, dys)
        if wilds:
            acc.append(Piece(WILD, ch))
            yield from self.rec(pos + 1, wilds - 1, common_free, dys)
            acc.pop()

    def pairs(self, pos: int, wilds: int, common_free: bool, dys: int) -> Iterator[list[Piece]]:
        """The layouts that lay a two-letter card at ``pos`` (reversed only with a Dyslexic)."""
        pair = self.text[pos : pos + 2]
        if len(pair) != 2 or " " in pair:
            return
        acc, counts, val = self.acc, self.counts, self.val
        for k in self.doubles:
            if not counts[k]:
                continue
            letters = self.kinds[k].letters
            for rev in (False, True):
                if rev and dys == 0:
                    continue
                if (letters[::-1] if rev else letters) != pair:
                    continue
                counts[k] -= 1
                self.got += val[k]
                acc.append(Piece(k, pair, rev))
                yield from self.rec(pos + 2, wilds, common_free, dys - rev)
                acc.pop()
                self.got -= val[k]
                counts[k] += 1

    def with_common(self, cl: str, pos: int, wilds: int, dys: int) -> Iterator[list[Piece]]:
        """The layouts that lay the Common card at ``pos`` (its letters, or reversed with a Dyslexic)."""
        self.got += self.common_val
        if self.text.startswith(cl, pos):
            self.acc.append(Piece(COMMON, cl))
            yield from self.rec(pos + len(cl), wilds, False, dys)
            self.acc.pop()
        if len(cl) == 2 and dys and self.text.startswith(cl[::-1], pos):
            self.acc.append(Piece(COMMON, cl[::-1], True))
            yield from self.rec(pos + 2, wilds, False, dys - 1)
            self.acc.pop()
        self.got -= self.common_val


def _rest(text: str, tables: Tables) -> list[float]:
    """For each position q, the most the pieces covering letters q.. can bring."""
    rest = [0.0] * (len(text) + 1)
    for q in range(len(text) - 1, -1, -1):
        rest[q] = rest[q + 1] + tables.by_letter.get(text[q], tables.anywhere)
    return rest


def evaluate(hand: Hand, text: str, pieces: list[Piece], objective: PaperbackObjective) -> PMove:
    """The score of one layout, the doubles aimed at their best and the copies at what is best for the objective."""
    cards = [hand.card_of(p) for p in pieces]
    state = hand.state
    return score(text, pieces, cards, state.threshold, state.common is not None, objective, state.double_words_additive)
