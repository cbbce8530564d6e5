"""The Paperback rule set over the shared lexicon: every word a hand can spell, its best layout, and the best moves.

How a word is laid out (the rules): pieces left to right, each a one-letter card, a two-letter card (both letters
in order, never split; reversed only with a Dyslexic, +1), a wild (any one letter, no score), or the Common card
(once a turn, its letters and score, counting toward length). Score: the pieces' scores, each doubled or tripled
by adjacent ``double-letter`` cards, plus every flat bonus (``+N``, length, first and last letter, no wild, per
wild, +1 for Spacebar or Dyslexic), all multiplied by 2 for a ``double-word`` card (3 for two or more). With the
Spacebar as the Common card a move may be two words, scored as one.

The search is the same best-first scheme as Hardback's: one vectorised pass over the lexicon's letter counts
gives every word's upper bound (``bounds``), and words are solved exactly (``solve``) in decreasing bound until
none can beat the moves kept.
"""

from __future__ import annotations

import enum
import heapq
import itertools
import time
import weakref
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt

from solver.errors import GhostwriterError
from solver.lexicon import Lexicon
from solver.paperback.cards import Kind, PCard
from solver.paperback.state import PaperbackState
from solver.text import normalize_word, parse_choice

COMMON = -1  # the Common card as a piece
SPACE = -2  # the Spacebar between two words
WILD = -3  # a wild card
MAX_FACTOR = 3
COMMON_GAIN = 3.0  # the value objective's worth of gaining the Common card, in score points
CARD_NEXT = 0.5  # ... and of one more card next hand
MAX_PAIRS = 200_000  # Spacebar pairs looked at before a search gives up exactness
TICK = 64  # layout steps between two looks at the clock (a power of 2)
FIRST_STEPS = 2_000  # layout steps the quick first move may spend on one word
FIRST_WORDS = 400  # words it may try
QUICK_FLOOR = 0.04  # seconds the quick first move may take whatever the limit (a limit of 0.1 s still answers a word)
NOT_PROVEN = "not proven best: the search was cut short by its time limit, and these are the best moves it found"
TOO_MANY_PAIRS = (
    f"not proven best: more than {MAX_PAIRS:,} Spacebar pairs could beat the moves kept, and the search stopped there"
)


class _OutOfTimeError(Exception):
    """The search's deadline passed inside a word's layouts (caught by ``solve``)."""


class _OutOfStepsError(Exception):
    """A word used up the steps the quick first move gives it (caught by ``solve``)."""


class PaperbackObjective(enum.Enum):
    SCORE = "score"
    LENGTH = "length"
    VALUE = "value"

    @classmethod
    def parse(cls, text: str) -> PaperbackObjective:
        return parse_choice(cls, text, "Paperback objective")


@dataclass(frozen=True)
class Piece:
    kind: int  # index of a card kind, or COMMON, SPACE, WILD
    letters: str
    reversed: bool = False


@dataclass
class PMove:
    word: str
    score: int
    length: int
    pieces: list[Piece]
    factors: list[int]
    gains_common: bool
    cards_next: int
    uses_common: bool
    reasons: list[str] = field(default_factory=list)
    cards: list[dict[str, Any]] = field(default_factory=list)
    value: float = 0.0

    def to_json(self) -> dict[str, Any]:
        return {
            "word": self.word,
            "score": self.score,
            "length": self.length,
            "value": round(self.value, 6),
            "cards": self.cards,
            "gains_common": self.gains_common,
            "uses_common": self.uses_common,
            "cards_next": self.cards_next,
            "reasons": self.reasons,
        }


@dataclass
class _Tables:
    """What the layouts of every word of a search share (``PaperbackSearch._tables``)."""

    val: list[float]
    dw_total: int
    common_val: float
    singles: dict[str, list[int]]
    doubles: list[int]
    by_letter: dict[str, float]
    anywhere: float


class PaperbackSearch:
    """The moves of one Paperback state over one lexicon, ranked by one objective."""

    def __init__(
        self,
        lexicon: Lexicon,
        state: PaperbackState,
        objective: PaperbackObjective = PaperbackObjective.SCORE,
        time_limit: float | None = None,
    ) -> None:
        self.lexicon = lexicon
        self.state = state
        self.objective = objective
        self.time_limit = time_limit
        self.exact = True
        self.reason = ""  # why the moves are not proven best, when they are not
        groups: Counter[PCard] = Counter(c for c in state.hand if not c.wild and not c.special)
        self.kinds: list[PCard] = list(groups)
        self.counts: list[int] = [groups[c] for c in self.kinds]
        self.wilds = sum(1 for c in state.hand if c.wild)
        self.wild_card = next((c for c in state.hand if c.wild), None)
        common = state.common
        self.spacebar = common is not None and common.special == "spacebar"
        self.common = common if common is not None and not common.special else None
        self.dyslexic = sum(1 for c in state.hand if c.special == "dyslexic") + (
            1 if common is not None and common.special == "dyslexic" else 0
        )
        self._deadline: float | None = None
        self._steps = 0  # layout steps taken, for the clock (every TICK) and the quick first move's cap
        self._step_cap: int | None = None
        self._generous_cache: dict[PCard, float] = {}
        self._tables_cache: _Tables | None = None
        self._feasible_cache: tuple[npt.NDArray[np.int64], npt.NDArray[np.int16]] | None = None

    # -- one word -------------------------------------------------------------------------------------------------

    def _tables(self) -> _Tables:
        """What the layouts of every word share: each card's generous value, the double-word abilities, the cards
        by letter, and the most a piece can bring to a letter (computed once a search)."""
        if self._tables_cache is not None:
            return self._tables_cache
        kinds, counts, common = self.kinds, self.counts, self.common
        val = [self._generous(c) for c in kinds]
        dw = [sum(a.kind is Kind.DOUBLE_WORD for a in c.abilities) for c in kinds]
        common_val = self._generous(common) if common is not None else 0.0
        common_dw = sum(a.kind is Kind.DOUBLE_WORD for a in common.abilities) if common is not None else 0
        singles: dict[str, list[int]] = {}
        doubles: list[int] = []
        by_letter: dict[str, float] = {}
        anywhere = 0.0  # with Dyslexic, a two-letter card counts on any letter (a loose bound)
        for k, c in enumerate(kinds):
            if len(c.letters) == 1:
                singles.setdefault(c.letters, []).append(k)
            else:
                doubles.append(k)
                if self.dyslexic:
                    anywhere = max(anywhere, val[k])
            for ch in {c.letters[0], c.letters[-1]}:
                by_letter[ch] = max(by_letter.get(ch, 0.0), val[k])
        if common is not None:
            for ch in set(common.letters):
                by_letter[ch] = max(by_letter.get(ch, 0.0), common_val)
        by_letter = {ch: max(v, anywhere) for ch, v in by_letter.items()}
        dw_total = sum(d * m for d, m in zip(dw, counts, strict=True)) + common_dw
        self._tables_cache = _Tables(val, dw_total, common_val, singles, doubles, by_letter, anywhere)
        return self._tables_cache

    def _generous(self, card: PCard) -> float:
        """More than a card can ever add to a word's score before the word factor (for pruning)."""
        found = self._generous_cache.get(card)
        if found is not None:
            return found
        top = max([c.score for c in self.kinds] + ([self.common.score] if self.common else []), default=0)
        v = float(card.score)
        for ab in card.abilities:
            if ab.kind in (Kind.PLUS, Kind.FIRST, Kind.LAST, Kind.NOWILD, Kind.LENGTH):
                v += ab.amount
            elif ab.kind is Kind.WILDS:
                v += ab.amount * self.wilds
            elif ab.kind is Kind.DOUBLE_LETTER:
                v += 2 * top
        self._generous_cache[card] = v
        return v

    def layouts(self, text: str, need: float | list[float] = float("-inf")) -> Iterator[list[Piece]]:
        """Every way to lay the hand (and the Common card) out to spell ``text`` (a space for the Spacebar); with
        ``need``, only layouts that could still score at least that much. ``need`` may be a one-item list that the
        caller raises as it goes (each layout is looked at only once it is asked for)."""
        bar = need if isinstance(need, list) else [need]
        kinds, counts = self.kinds, list(self.counts)
        n = len(text)
        common = self.common
        tables = self._tables()
        val, dw_total, common_val = tables.val, tables.dw_total, tables.common_val
        singles, doubles, by_letter = tables.singles, tables.doubles, tables.by_letter
        rest = [0.0] * (n + 1)  # the most the pieces covering letters q.. can bring
        for q in range(n - 1, -1, -1):
            rest[q] = rest[q + 1] + by_letter.get(text[q], tables.anywhere)
        extra = self.dyslexic + (1 if self.spacebar else 0)
        factor = min(MAX_FACTOR, 1 + dw_total)
        acc: list[Piece] = []
        got = [0.0, 0]  # the generous value of the pieces placed, and their double-word abilities

        def rec(pos: int, wilds: int, common_free: bool, dys: int) -> Iterator[list[Piece]]:
            self._steps += 1
            if not self._steps & (TICK - 1):
                self._tick()
            if pos == n:
                yield list(acc)
                return
            if (got[0] + rest[pos] + extra) * factor < bar[0]:
                return
            ch = text[pos]
            if ch == " ":
                if self.spacebar and common_free:
                    acc.append(Piece(SPACE, " "))
                    yield from rec(pos + 1, wilds, False, dys)
                    acc.pop()
                return
            for k in singles.get(ch, ()):
                if counts[k]:
                    counts[k] -= 1
                    got[0] += val[k]
                    acc.append(Piece(k, ch))
                    yield from rec(pos + 1, wilds, common_free, dys)
                    acc.pop()
                    got[0] -= val[k]
                    counts[k] += 1
            pair = text[pos : pos + 2]
            if len(pair) == 2 and " " not in pair:
                for k in doubles:
                    if not counts[k]:
                        continue
                    letters = kinds[k].letters
                    for rev in (False, True):
                        if rev and dys == 0:
                            continue
                        if (letters[::-1] if rev else letters) != pair:
                            continue
                        counts[k] -= 1
                        got[0] += val[k]
                        acc.append(Piece(k, pair, rev))
                        yield from rec(pos + 2, wilds, common_free, dys - rev)
                        acc.pop()
                        got[0] -= val[k]
                        counts[k] += 1
            if common is not None and common_free:
                cl = common.letters
                got[0] += common_val
                if text.startswith(cl, pos):
                    acc.append(Piece(COMMON, cl))
                    yield from rec(pos + len(cl), wilds, False, dys)
                    acc.pop()
                if len(cl) == 2 and dys and text.startswith(cl[::-1], pos):
                    acc.append(Piece(COMMON, cl[::-1], True))
                    yield from rec(pos + 2, wilds, False, dys - 1)
                    acc.pop()
                got[0] -= common_val
            if wilds:
                acc.append(Piece(WILD, ch))
                yield from rec(pos + 1, wilds - 1, common_free, dys)
                acc.pop()

        yield from rec(0, self.wilds, True, self.dyslexic)

    def card_of(self, piece: Piece) -> PCard | None:
        if piece.kind >= 0:
            return self.kinds[piece.kind]
        if piece.kind == COMMON:
            return self.common
        return None

    def evaluate(self, text: str, pieces: list[Piece]) -> PMove:
        """The score of one layout, the doubles aimed at their best."""
        cards = [self.card_of(p) for p in pieces]
        base = [c.score if c is not None else 0 for c in cards]
        m = len(pieces)
        doublers = [0] * m  # the double-letter abilities of each piece's card
        flat = 0
        mult = 1
        cards_next = 0
        wild_n = sum(1 for p in pieces if p.kind == WILD)
        length = sum(len(p.letters) for p in pieces)
        reversals = sum(1 for p in pieces if p.reversed)
        for i, c in enumerate(cards):
            if c is None:
                continue
            for a in c.abilities:
                k = a.kind
                if k is Kind.PLUS:
                    flat += a.amount
                elif k is Kind.DOUBLE_WORD:
                    mult += 1
                elif k is Kind.DOUBLE_LETTER:
                    doublers[i] += 1
                elif k is Kind.CARDS:
                    cards_next += a.amount
                elif k is Kind.LENGTH:
                    flat += a.amount if length >= a.length else 0
                elif k is Kind.FIRST:
                    flat += a.amount if i == 0 else 0
                elif k is Kind.LAST:
                    flat += a.amount if i == m - 1 else 0
                elif k is Kind.NOWILD:
                    flat += a.amount if wild_n == 0 else 0
                elif k is Kind.WILDS:
                    flat += a.amount * wild_n
        uses_space = any(p.kind == SPACE for p in pieces)
        flat += reversals + (1 if uses_space else 0)
        mult = min(MAX_FACTOR, mult)
        if any(doublers):
            best_inner, best_factors = best_doubles(base, doublers, [p.kind == SPACE for p in pieces])
        else:
            best_inner, best_factors = sum(base), [1] * m
        score = (best_inner + flat) * mult
        thr = self.state.threshold
        move = PMove(
            word=text,
            score=score,
            length=length,
            pieces=pieces,
            factors=best_factors,
            gains_common=thr is not None and self.state.common is not None and length >= thr,  # a card to gain
            cards_next=cards_next,
            uses_common=any(p.kind in (COMMON, SPACE) for p in pieces),
        )
        move.value = self.value(move)
        return move

    def value(self, m: PMove) -> float:
        return m.score + (COMMON_GAIN if m.gains_common else 0.0) + CARD_NEXT * m.cards_next

    def key(self, m: PMove) -> tuple[float, float]:
        if self.objective is PaperbackObjective.LENGTH:
            return (m.length, m.score)
        if self.objective is PaperbackObjective.VALUE:
            return (m.value, m.length)
        return (m.score, m.length)

    def solve(self, text: str, need: float = float("-inf")) -> PMove | None:
        """The best layout of one word (or two words joined by a space, with the Spacebar), or None; with ``need``,
        None too when no layout can score at least that much."""
        text = " ".join(normalize_word(w) for w in text.split())
        parts = text.split(" ")
        if any(len(p) < self.state.min_length for p in parts) or (len(parts) > 1 and not self.spacebar):
            return None
        best: PMove | None = None
        bar = [need]
        # every layout of a text has its length, so under score and length a layout must beat the best score to
        # be better: scores are whole numbers, and the bar rises to half a point over the best found
        rising = self.objective is not PaperbackObjective.VALUE
        try:
            for pieces in self.layouts(text, bar):
                m = self.evaluate(text, pieces)
                if best is None or self.key(m) > self.key(best):
                    best = m
                    if rising:
                        bar[0] = max(bar[0], m.score + 0.5)
        except (_OutOfTimeError, _OutOfStepsError):
            pass  # the best layout found so far (the search is marked inexact, or the quick move tries another word)
        return best

    def _tick(self) -> None:
        """Every TICK layout steps: past the deadline or the step cap, stop the word."""
        if self._step_cap is not None and self._steps > self._step_cap:
            raise _OutOfStepsError
        if self._late():
            raise _OutOfTimeError

    # -- the whole lexicon ----------------------------------------------------------------------------------------

    def _supply(self) -> dict[str, int]:
        """How many of each letter the cards and the Common card can give."""
        supply: Counter[str] = Counter()
        for c, n in zip(self.kinds, self.counts, strict=True):
            for ch in c.letters:
                supply[ch] += n
        if self.common is not None:
            supply.update(self.common.letters)
        return dict(supply)

    def bounds(
        self, length_bonus: bool = True
    ) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.float64], npt.NDArray[np.float64]]:
        """The words any layout could spell (indices into the lexicon), each with an upper bound of its score
        before the word multiplier and the multiplier's upper bound. Without ``length_bonus`` the ``len>=L``
        bonuses are left out (a Spacebar pair adds them for the length of both words together)."""
        lex = self.lexicon
        counts = lex.counts
        idx, short = self._feasible()
        if not len(idx):
            return idx, np.zeros(0), np.zeros(0)
        lens = lex.lengths[idx].astype(np.float64)
        inner = np.zeros(len(idx))
        mult = np.ones(len(idx))
        max_score = max([c.score for c in self.kinds] + ([self.common.score] if self.common else []), default=0)
        wild_use = np.minimum(lens, self.wilds)
        needs_wild = short > 0  # then no ``nowild`` bonus can be had
        ends = word_ends(lex)
        first, last = ends[0][idx], ends[1][idx]
        singles: dict[str, list[npt.NDArray[np.float64]]] = {}  # per-word worth of each one-letter card, by letter
        for c, n in zip(self.kinds, self.counts, strict=True):
            if self._late():
                return idx, *self._loose(len(idx))
            usable = np.full(len(idx), float(n))
            # a two-letter card reversed by a Dyslexic gives the first (or last) letter with either of its letters
            ends_of = {c.letters[0], c.letters[-1]} if self.dyslexic and len(c.letters) == 2 else None
            for ch, need in Counter(c.letters).items():
                a = lex.letter_index.get(ch)
                have = counts[a, idx].astype(np.float64) if a is not None else np.zeros(len(idx))
                usable = np.minimum(usable, np.floor(have / need))
            per = np.full(len(idx), float(c.score))
            for ab in c.abilities:
                kind = ab.kind
                if kind is Kind.PLUS:
                    per += ab.amount
                elif kind is Kind.FIRST or kind is Kind.LAST:
                    end = first if kind is Kind.FIRST else last
                    gives = ends_of or {c.letters[0] if kind is Kind.FIRST else c.letters[-1]}
                    hit = np.zeros(len(idx), dtype=bool)
                    for ch in gives:
                        hit |= end == lex.letter_index.get(ch, -1)
                    per += np.where(hit, ab.amount, 0)
                elif kind is Kind.NOWILD:
                    per += np.where(needs_wild, 0, ab.amount)
                elif kind is Kind.LENGTH:
                    if length_bonus:
                        per += np.where(lens >= ab.length, ab.amount, 0)
                elif kind is Kind.WILDS:
                    per += ab.amount * wild_use
                elif kind is Kind.DOUBLE_LETTER:
                    per += 2 * max_score  # it may add a card's score twice over (a triple) at most
                elif kind is Kind.DOUBLE_WORD:
                    mult += usable
            if len(c.letters) == 1:
                singles.setdefault(c.letters, []).extend([per] * n)
            else:
                inner += usable * per
        for ch, rows in singles.items():  # a word with m of a letter holds at most m one-letter cards of it: the best m
            a = lex.letter_index.get(ch)
            if a is None:
                continue
            have = np.minimum(counts[a, idx].astype(np.int64), len(rows))
            best = np.cumsum(-np.sort(-np.vstack(rows), axis=0), axis=0)
            inner += np.where(have > 0, best[np.maximum(have - 1, 0), np.arange(len(idx))], 0.0)
        thr_len = lens
        if self.common is not None:
            c = self.common
            ok = np.ones(len(idx), dtype=bool)
            for ch in c.letters:
                a = lex.letter_index.get(ch)
                ok &= counts[a, idx] > 0 if a is not None else False
            common_per = c.score + sum(
                ab.amount for ab in c.abilities if ab.kind in (Kind.PLUS, Kind.FIRST, Kind.LAST, Kind.NOWILD)
            )
            extra = np.zeros(len(idx))
            for ab in c.abilities:
                if ab.kind is Kind.LENGTH and length_bonus:
                    extra += np.where(thr_len >= ab.length, ab.amount, 0)
                elif ab.kind is Kind.WILDS:
                    extra += ab.amount * wild_use
                elif ab.kind is Kind.DOUBLE_LETTER:
                    extra += 2 * max_score
                elif ab.kind is Kind.DOUBLE_WORD:
                    mult += ok
            inner += ok * (common_per + extra)
        inner += self.dyslexic
        return idx, inner, np.minimum(mult, MAX_FACTOR)

    def _feasible(self) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int16]]:
        """The words the cards' letters and the wilds can cover (indices into the lexicon, by length), each with
        the letters it lacks (wilds needed); computed once a search."""
        if self._feasible_cache is not None:
            return self._feasible_cache
        lex = self.lexicon
        supply = self._supply()
        capacity = sum(supply.values()) + self.wilds
        lo, hi = lex.length_range(self.state.min_length, capacity)
        if hi <= lo:
            self._feasible_cache = np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int16)
            return self._feasible_cache
        counts = lex.counts
        lengths = lex.lengths[lo:hi].astype(np.int16)
        covered = np.zeros(hi - lo, dtype=np.int16)
        for ch, n in supply.items():
            a = lex.letter_index.get(ch)
            if a is not None:
                covered += np.minimum(counts[a, lo:hi], n).astype(np.int16)
        feasible = np.nonzero(lengths - covered <= self.wilds)[0]
        self._feasible_cache = feasible.astype(np.int64) + lo, (lengths - covered)[feasible]
        return self._feasible_cache

    def _loose(self, size: int) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]:
        """A bound of every word at once, for a search whose deadline passed while it was bounding words one card
        at a time: each card's generous worth, every card and the Common card in the word (never too low)."""
        tables = self._tables()
        total = sum(v * n for v, n in zip(tables.val, self.counts, strict=True)) + tables.common_val + self.dyslexic
        factor = min(MAX_FACTOR, 1 + tables.dw_total)
        return np.full(size, float(total)), np.full(size, float(factor))

    def _ub_keys(
        self, idx: npt.NDArray[np.int64], inner: npt.NDArray[np.float64], mult: npt.NDArray[np.float64]
    ) -> npt.NDArray[np.float64]:
        lens = self.lexicon.lengths[idx].astype(np.float64)
        score = inner * mult
        if self.objective is PaperbackObjective.LENGTH:
            return lens * 100_000 + score
        if self.objective is PaperbackObjective.VALUE:
            thr = self.state.threshold
            gain = np.where(thr <= lens, COMMON_GAIN, 0.0) if thr is not None and self.state.common else 0.0
            nxt = CARD_NEXT * sum(
                a.amount * n
                for c, n in zip(self.kinds, self.counts, strict=True)
                for a in c.abilities
                if a.kind is Kind.CARDS
            )
            return (score + gain + nxt) * 100 + lens
        return score * 100 + lens

    def _k(self, m: PMove) -> float:
        a, b = self.key(m)
        if self.objective is PaperbackObjective.LENGTH:
            return a * 100_000 + b
        return a * 100 + b

    def top(self, n: int = 10) -> list[PMove]:
        """The n best moves (distinct words), best first; with the Spacebar, two-word moves compete too."""
        if not 1 <= n <= 1000:
            raise GhostwriterError("top must be from 1 to 1000")
        self._deadline = None if self.time_limit is None else time.monotonic() + self.time_limit
        self.reason = ""
        # with a deadline, a real move first (cheap layouts of the most promising, then the shortest, words), so a
        # search cut short still answers; the exact search below then improves on it
        quick = self._quick_move() if self._deadline is not None else None
        idx, inner, mult = self.bounds()
        keys = self._ub_keys(idx, inner, mult)
        order = np.argsort(-keys, kind="stable")
        heap: list[tuple[float, tuple[int, ...], PMove]] = []
        lex = self.lexicon
        for j in order:
            if len(heap) >= n and keys[j] < heap[0][0]:
                break
            if self._late():
                break
            word = lex.word(int(idx[j]))
            m = self.solve(word, self._need(heap, n))
            if m is None:
                continue
            self._keep(heap, n, m)
        if self.spacebar and not self._late():
            self._pairs(heap, n, idx, inner, mult)
        if not self.exact:
            self.reason = self.reason or NOT_PROVEN
            if quick is not None and all(m.word != quick.word for _, _, m in heap):
                self._keep(heap, n, quick)
        moves = [m for _, _, m in sorted(heap, key=lambda x: (-x[0], x[2].word))]
        for m in moves:
            self.explain(m)
        return moves

    def _quick_move(self) -> PMove | None:
        """A real move found cheaply, before any bound: the best layout a word gives in FIRST_STEPS layout steps,
        over the words that use the most of the cards' letters (a rough stand-in for the best) and then the
        shortest in turn, at most FIRST_WORDS words and a fifth of the time limit (it must not eat the exact search's
        time), or QUICK_FLOOR seconds, past a limit too short for it;
        the first word with a layout is the move."""
        idx, short = self._feasible()
        if not len(idx):
            return None
        assert self._deadline is not None and self.time_limit is not None
        now = time.monotonic()
        stop = max(min(self._deadline, now + self.time_limit / 5), now + QUICK_FLOOR)
        from_cards = self.lexicon.lengths[idx].astype(np.int64) - short
        promising = np.argsort(-from_cards, kind="stable")
        tried: set[int] = set()
        found: PMove | None = None
        half = FIRST_WORDS // 2
        shortest = range(min(len(idx), half))  # the lexicon holds its words by length
        for j in itertools.chain.from_iterable(itertools.zip_longest(promising[:half], shortest)):
            if j is None:
                continue
            if int(j) in tried:
                continue
            tried.add(int(j))
            if time.monotonic() > stop:
                break
            self._step_cap = self._steps + FIRST_STEPS
            try:
                m = self.solve(self.lexicon.word(int(idx[j])))
            finally:
                self._step_cap = None
            if m is not None:
                found = m
                break
        return found

    def _keep(self, heap: list[tuple[float, tuple[int, ...], PMove]], n: int, m: PMove) -> None:
        # ties go to the word first in alphabetical order, whatever ``n`` is
        item = (self._k(m), (*(-ord(ch) for ch in m.word), 0), m)
        if len(heap) < n:
            heapq.heappush(heap, item)
        elif item[:2] > heap[0][:2]:
            heapq.heapreplace(heap, item)

    def _need(self, heap: list[tuple[float, tuple[int, ...], PMove]], n: int) -> float:
        """The score a word must reach to matter, once n moves are kept (score objective; else no pruning)."""
        if len(heap) < n or self.objective is not PaperbackObjective.SCORE:
            return float("-inf")
        return float(heap[0][2].score)

    def _late(self) -> bool:
        if self._deadline is not None and time.monotonic() > self._deadline:
            self.exact = False
            return True
        return False

    def _pairs(
        self,
        heap: list[tuple[float, tuple[int, ...], PMove]],
        n: int,
        idx: npt.NDArray[np.int64],
        inner: npt.NDArray[np.float64],
        mult: npt.NDArray[np.float64],
    ) -> None:
        """Two-word moves with the Spacebar: pairs in decreasing sum of their words' bounds (of their lengths, for
        the length objective), solved exactly until no pair's bound can beat the moves kept."""
        if not len(idx):
            return
        by_length = self.objective is PaperbackObjective.LENGTH
        length_bonuses = [
            (a.length, a.amount * n_)
            for c, n_ in zip(self.kinds, self.counts, strict=True)
            for a in c.abilities
            if a.kind is Kind.LENGTH
        ]
        if length_bonuses and not by_length:
            # a word's own bound counts a len>=L bonus only when the word alone is that long; the pair's length is
            # both words and the space, so the pair adds the bonuses itself (``flat`` below)
            _, inner, _ = self.bounds(length_bonus=False)
        rank = self.lexicon.lengths[idx].astype(np.float64) if by_length else inner
        order = np.argsort(-rank, kind="stable")
        u = rank[order]
        total_mult = float(
            min(
                MAX_FACTOR,
                1
                + sum(
                    n_
                    for c, n_ in zip(self.kinds, self.counts, strict=True)
                    for a in c.abilities
                    if a.kind is Kind.DOUBLE_WORD
                ),
            )
        )
        lengths = self.lexicon.lengths[idx[order]]
        supply = self._supply()
        capacity = sum(supply.values()) + self.wilds
        rows = [self.lexicon.letter_index[ch] for ch in supply if ch in self.lexicon.letter_index]
        have = [supply[self.lexicon.alphabet[a]] for a in rows]
        # what a pair can earn beyond its two words' bounds: the Spacebar's +1 and every len>=L bonus a pair can
        # reach (a pair is at most every card's letter and the space long), before the word factor; under value,
        # gaining the Common card and the cards next hand after it
        flat = 1.0 + sum(amount for at, amount in length_bonuses if capacity + 1 >= at)
        after = 0.0
        if self.objective is PaperbackObjective.VALUE:
            after = COMMON_GAIN + CARD_NEXT * sum(
                a.amount * n_
                for c, n_ in zip(self.kinds, self.counts, strict=True)
                for a in c.abilities
                if a.kind is Kind.CARDS
            )

        def cap(ui: float, uj: float) -> float:
            """The most any pair of words of these bounds can be worth, as a heap key."""
            return ((ui + uj + flat) * total_mult + after) * 100 + 99

        matrix = np.ascontiguousarray(
            self.lexicon.counts[np.ix_(np.array(rows, dtype=np.int64), idx[order])].T, dtype=np.int16
        ).reshape(len(order), len(rows))
        limit = np.array(have, dtype=np.int16)
        lens = lengths.astype(np.int16)
        longest = int(lens.max())
        looked = 0
        work = 0
        for i in range(len(order)):  # the first word, in decreasing bound (or length)
            if len(heap) >= n:
                if by_length:
                    if int(lens[i]) + longest + 1 < heap[0][0] // 100_000:
                        return
                elif cap(u[i], u[0]) < heap[0][0]:
                    return
            room = capacity - int(lens[i])
            if room < self.state.min_length:
                continue
            cand = np.nonzero(lens <= room)[0]
            work += len(cand)
            if self._late():
                return
            if work > MAX_PAIRS * 50:
                self.exact = False
                self.reason = TOO_MANY_PAIRS
                return
            covered = np.minimum(matrix[cand] + matrix[i], limit).sum(axis=1)
            fits = cand[(lens[i] + lens[cand] - covered) <= self.wilds]
            for j in fits:  # the second word, in decreasing bound (or length) too
                if self._late():
                    return
                if len(heap) >= n:
                    if by_length:
                        if int(lens[i]) + int(lens[j]) + 1 < heap[0][0] // 100_000:
                            break
                    elif cap(u[i], u[j]) < heap[0][0]:
                        break
                looked += 1
                if looked > MAX_PAIRS:
                    self.exact = False
                    self.reason = TOO_MANY_PAIRS
                    return
                text = f"{self.lexicon.word(int(idx[order[i]]))} {self.lexicon.word(int(idx[order[j]]))}"
                m = self.solve(text, self._need(heap, n))
                if m is not None:
                    self._keep(heap, n, m)

    # -- explanation ----------------------------------------------------------------------------------------------

    def explain(self, m: PMove) -> None:
        cards: list[dict[str, Any]] = []
        pos = 0
        for p, f in zip(m.pieces, m.factors, strict=True):
            card = self.card_of(p)
            if p.kind == SPACE:
                entry = {"code": "spacebar", "letters": " ", "source": "common", "position": pos, "factor": 1}
            elif p.kind == WILD:
                code = self.wild_card.code if self.wild_card else "?"
                entry = {
                    "code": code,
                    "letters": p.letters,
                    "source": "hand",
                    "position": pos,
                    "wild": True,
                    "factor": 1,
                }
            else:
                assert card is not None
                entry = {
                    "code": card.code,
                    "letters": p.letters,
                    "source": "common" if p.kind == COMMON else "hand",
                    "position": pos,
                    "factor": f,
                    "score": card.score * f,
                }
                if p.reversed:
                    entry["reversed"] = True
            cards.append(entry)
            pos += len(p.letters)
        m.cards = cards
        reasons = []
        wild = sum(1 for p in m.pieces if p.kind == WILD)
        if wild:
            reasons.append(f"{wild} wild card{'s' * (wild != 1)}")
        if any(p.kind == COMMON for p in m.pieces):
            reasons.append("uses the Common card")
        if any(p.kind == SPACE for p in m.pieces):
            reasons.append("two words with the Spacebar (+1)")
        rev = sum(1 for p in m.pieces if p.reversed)
        if rev:
            reasons.append(f"a two-letter card reversed with Dyslexic (+{rev})")
        doubled = [c["code"] for c in cards if c.get("factor", 1) > 1]
        if doubled:
            reasons.append("doubled: " + ", ".join(doubled))
        mult = min(
            MAX_FACTOR,
            1
            + sum(
                1
                for p in m.pieces
                if (c := self.card_of(p)) is not None
                for a in c.abilities
                if a.kind is Kind.DOUBLE_WORD
            ),
        )
        if mult > 1:
            reasons.append(f"word score x{mult}")
        if m.gains_common:
            reasons.append(f"{m.length} letters: gains the Common card")
        if m.cards_next:
            reasons.append(f"{m.cards_next} more card{'s' * (m.cards_next != 1)} next hand")
        m.reasons = reasons


# held by the lexicon itself, not by its id: a lexicon freed and another built at the same address with as many
# words would otherwise be given the first one's ends (seen with many small test lexicons)
def best_doubles(base: list[int], doublers: list[int], barrier: list[bool]) -> tuple[int, list[int]]:
    """The most the pieces' scores can sum to when every double-letter ability doubles a neighbour of its piece
    (a piece's factor is 1 + the doublers aimed at it, at most 3; no neighbour across the Spacebar, marked by
    ``barrier``; a doubler with no neighbour doubles nothing), and the factors that give it.

    A dynamic programme along the pieces, not a product over every doubler's choice (2 to the number of doublers,
    which a hand of many double-letter cards made astronomical): how many of piece j's doublers go left decides
    piece j-1's factor together with those piece j-2 sent right, so the state is what the last two pieces sent
    right (each capped at 2, as a factor caps at 3)."""
    m = len(base)
    # state (sent right by j-2, sent right by j-1) -> (best sum of the factors settled so far, back pointer)
    layer: dict[tuple[int, int], int] = {(0, 0): 0}
    back: list[dict[tuple[int, int], tuple[tuple[int, int], int]]] = []
    for j in range(m):
        d = doublers[j]
        left = j > 0 and not barrier[j] and not barrier[j - 1]
        right = j + 1 < m and not barrier[j] and not barrier[j + 1]
        if left and right:
            # only how many go each way up to 2 matters (a factor caps at 3)
            splits = sorted({x for x in (0, 1, 2, d - 2, d - 1, d) if 0 <= x <= d})
        else:
            splits = [d if left else 0]
        nxt: dict[tuple[int, int], int] = {}
        ptr: dict[tuple[int, int], tuple[tuple[int, int], int]] = {}
        for (two, one), total in layer.items():
            for to_left in splits:
                to_right = d - to_left if right else 0
                settled = total + (base[j - 1] * min(MAX_FACTOR, 1 + two + to_left) if j > 0 else 0)
                key = (one, min(to_right, 2))
                if key not in nxt or settled > nxt[key]:
                    nxt[key], ptr[key] = settled, ((two, one), to_left)
        layer = nxt
        back.append(ptr)
    if not m:
        return 0, []
    best_total, state = -1, (0, 0)
    for (two, one), total in layer.items():
        final = total + base[m - 1] * min(MAX_FACTOR, 1 + two)  # the last piece: what the one before sent right
        if final > best_total:
            best_total, state = final, (two, one)
    sent_left = [0] * m
    sent_right = [0] * m
    for j in range(m - 1, -1, -1):
        prev, sent_left[j] = back[j][state]
        sent_right[j] = state[1]
        state = prev
    factors = [
        min(MAX_FACTOR, 1 + (sent_right[j - 1] if j > 0 else 0) + (sent_left[j + 1] if j + 1 < m else 0))
        for j in range(m)
    ]
    return best_total, factors


_ENDS: weakref.WeakKeyDictionary[Lexicon, tuple[npt.NDArray[np.int16], npt.NDArray[np.int16]]] = (
    weakref.WeakKeyDictionary()
)


def word_ends(lex: Lexicon) -> tuple[npt.NDArray[np.int16], npt.NDArray[np.int16]]:
    """The alphabet index of every word's first and last letter (computed once a lexicon)."""
    key = lex
    found = _ENDS.get(key)
    if found is None or len(found[0]) != len(lex):
        first = np.empty(len(lex), dtype=np.int16)
        last = np.empty(len(lex), dtype=np.int16)
        index = lex.letter_index
        ids: list[int] = []
        firsts: list[int] = []
        lasts: list[int] = []
        for w, kid in lex.trie.iteritems():  # one pass over the trie: ten times faster than a word at a time
            ids.append(kid)
            firsts.append(index[w[0]])
            lasts.append(index[w[-1]])
        at = lex.position[np.array(ids, dtype=np.int64)]
        first[at] = firsts
        last[at] = lasts
        found = (first, last)
        _ENDS[key] = found
    return found
