"""The compiled layout search of Paperback (``_layout.c``), when it was built: ``layout`` is the module, or None; and
``Compiled``, a hand packed once for it, that answers ``PaperbackSearch.solve``'s question for one text.

Built by ``pip install`` where a C compiler and the Python headers exist (setup.py: an optional extension); without
it the Python layouts run (``solver.search.hardback.compiled.default_engine`` says so once). The kernel follows
``layout.layouts`` and ``rules.score`` step by step, so both engines find the same layout and take the same steps; it
answers with the move ``rules.score`` makes of the best layout (its pieces, factors, score and the rest).
"""

from __future__ import annotations

import math
from array import array
from collections.abc import Callable

import numpy as np
import numpy.typing as npt

from solver.budget import Budget
from solver.lexicon import Lexicon
from solver.paperback.cards import PCard
from solver.paperback.moves import COMMON, PaperbackObjective, Piece, PMove, value_of
from solver.search.native import load
from solver.search.paperback.bounds import FloatArray, IntArray
from solver.search.paperback.hand import Hand
from solver.search.paperback.layout import Steps

VERSION = 5  # the version of what the kernel reads and its calls: _layout.c's VERSION
DONE, OUT_OF_TIME, OUT_OF_STEPS = 0, 1, 2  # how a search ended (_layout.c's S_DONE ...)
Best = tuple[int, int, int, int, int, bytes]  # the kernel's best layout: score, length, gains, cards, common, pieces
_OBJECTIVE = {PaperbackObjective.SCORE: 0, PaperbackObjective.LENGTH: 1, PaperbackObjective.VALUE: 2}


layout = load("solver.search.paperback._layout", "VERSION", VERSION)


class _Codes(dict[int, str]):
    """A ``str.translate`` table: a card letter to its code, the space to OTHER + 1, any other letter to OTHER."""

    def __init__(self, letters: list[str]) -> None:
        super().__init__({ord(ch): chr(i) for i, ch in enumerate(letters)})
        self[ord(" ")] = chr(len(letters) + 1)
        self.other = chr(len(letters))

    def __missing__(self, key: int) -> str:
        return self.other


def letters_of(hand: Hand) -> list[str]:
    """The distinct letters of the hand's cards and the Common card, in order: the codes the kernel reads."""
    found = {ch for c in hand.kinds for ch in c.letters}
    if hand.common is not None:
        found.update(hand.common.letters)
    return sorted(found)


def pack(hand: Hand) -> tuple[bytes, bytes]:
    """The hand as the kernel reads it (``ctx_read`` in _layout.c, in the same order): integers and floats."""
    tables = hand.tables()
    letters = letters_of(hand)
    code = {ch: i for i, ch in enumerate(letters)}
    ints: list[int] = [VERSION, len(hand.kinds), len(letters)]
    floats: list[float] = []

    def card(c: PCard) -> None:
        ints.extend([len(c.letters), code[c.letters[0]], code[c.letters[1]] if len(c.letters) == 2 else -1, c.score])
        unread = [a for a in c.abilities if a.effect.native is None]  # the table's ``native``: copy, a house rule's
        if unread:
            raise ValueError(f"the kernel does not read {unread[0]}: the Python layouts score it")
        ints.append(len(c.abilities))
        for a in c.abilities:
            ints.extend([a.effect.native or 0, a.amount, a.length])

    for c, n, v in zip(hand.kinds, hand.counts, tables.val, strict=True):
        card(c)
        ints.append(n)
        floats.append(v)
    ints.append(int(hand.common is not None))
    if hand.common is not None:
        card(hand.common)
    floats.append(tables.common_val)
    state = hand.state
    additive = int(state.double_words_additive)  # the word factor's cap: MAX_FACTOR, or none (_layout.h)
    ints += [hand.wilds, hand.dyslexic, int(hand.spacebar), additive, hand.factor(), hand.dyslexic + int(hand.spacebar)]
    ints += [-1 if state.threshold is None else state.threshold, int(state.common is not None)]
    for ch in letters:
        ks = tables.singles.get(ch, [])
        ints += [len(ks), *ks]
    ints += [len(tables.doubles), *tables.doubles]
    floats += [tables.by_letter.get(ch, tables.anywhere) for ch in letters] + [tables.anywhere, tables.anywhere]
    return array("q", ints).tobytes(), array("d", floats).tobytes()


class Compiled:
    """One hand packed for the kernel, and its answer for one text (``solve``)."""

    def __init__(self, hand: Hand, objective: PaperbackObjective, context: object) -> None:
        self.hand = hand
        self.objective = objective
        self.context = context
        letters = letters_of(hand)
        self.codes = _Codes(letters)
        self.widths = [len(c.letters) for c in hand.kinds]
        self.common_width = len(hand.common.letters) if hand.common is not None else 1
        self.objective_code = _OBJECTIVE[objective]
        self.max_text = layout.MAX_TEXT if layout is not None else 0  # longer texts: the Python layouts
        self._pieces: dict[tuple[int, int, str], Piece] = {}  # pieces are values: one object each, shared by moves
        self._table: tuple[Lexicon, npt.NDArray[np.uint8]] | None = None

    @staticmethod
    def of(hand: Hand, objective: PaperbackObjective) -> Compiled | None:
        """The hand packed, or None where the kernel was not built or the hand is beyond its sizes."""
        if layout is None or len(hand.kinds) > layout.MAX_KINDS or len(letters_of(hand)) > layout.MAX_LETTERS:
            return None
        try:
            return Compiled(hand, objective, layout.Context(*pack(hand)))
        except ValueError:  # a card beyond what the kernel reads (a copy ability, a house rule's)
            return None


    def solve(self, text: str, need: float, steps: Steps) -> tuple[PMove | None, int]:
        """``PaperbackSearch.solve``'s search of one text (normalised, 1 to ``max_text`` characters) in the kernel:
        the best layout that could reach ``need`` (or the best found before the steps' limits), and how the search
        ended (DONE, OUT_OF_TIME or OUT_OF_STEPS). The steps and their budget are advanced as the Python search
        advances them."""
        assert layout is not None
        code = text.translate(self.codes).encode("latin-1")
        status, taken, ticks, best = layout.solve(self.context, code, need, self.objective_code, _budget(steps))
        steps.taken, steps.budget.ticks = taken, ticks
        return self._move(text, best), status

    def solve_many(
        self, lex: Lexicon, idx: IntArray, needs: FloatArray, steps: Steps
    ) -> tuple[int, list[tuple[int, PMove]], int]:
        """``solve`` of lexicon words ``idx`` (each 1 to ``max_text`` letters), each with its need, in one call to the
        kernel, read from the lexicon's letters without making a string of each: how many were searched (it stops
        after the word a limit ended), the moves found, each with its place in ``idx``, and how it ended."""
        assert layout is not None
        texts, ends = self._texts(lex, idx)
        status, taken, ticks, searched, found = layout.solve_many(
            self.context, texts, ends, needs.astype(np.float64).tobytes(), self.objective_code, _budget(steps)
        )
        steps.taken, steps.budget.ticks = taken, ticks
        moves = [(k, self._move(lex.word(int(idx[k])), best)) for k, best in found]
        return searched, [(k, m) for k, m in moves if m is not None], status

    def scores_many(self, lex: Lexicon, idx: IntArray, steps: Steps) -> tuple[int, npt.NDArray[np.int32], int]:
        """The best score of each of lexicon words ``idx`` (each 1 to ``max_text`` letters; -1: no layout), as
        ``solve`` finds it with no need, in one call reading the lexicon's own letters and making no Python object a
        word: how many were searched (it stops after the word a limit ended), the scores, and how it ended."""
        assert layout is not None
        status, taken, ticks, searched, raw = layout.scores_many(
            self.context,
            np.ascontiguousarray(lex.letters, dtype=np.uint8),
            np.ascontiguousarray(lex.offsets, dtype=np.int64),
            np.ascontiguousarray(idx, dtype=np.int64),
            self._codes_of(lex),
            self.objective_code,
            _budget(steps),
        )
        steps.taken, steps.budget.ticks = taken, ticks
        return searched, np.frombuffer(raw, dtype=np.int32), status

    def _texts(self, lex: Lexicon, idx: IntArray) -> tuple[bytes, bytes]:
        """Lexicon words ``idx`` as the kernel reads many texts: their codes end to end, and where each ends."""
        lens = lex.lengths[idx].astype(np.int64)
        ends = np.cumsum(lens)
        at = np.repeat(lex.offsets[idx] - (ends - lens), lens) + np.arange(int(ends[-1]) if len(ends) else 0)
        return self._codes_of(lex)[lex.letters[at]].tobytes(), ends.astype(np.int32).tobytes()

    def _codes_of(self, lex: Lexicon) -> npt.NDArray[np.uint8]:
        """The kernel's code of each letter of a lexicon's alphabet (``_Codes``), made once a lexicon."""
        if self._table is None or self._table[0] is not lex:
            table = np.array([ord(self.codes[ord(ch)]) for ch in lex.alphabet], dtype=np.uint8)
            self._table = (lex, table)
        return self._table[1]

    def _move(self, text: str, best: Best | None) -> PMove | None:
        """The kernel's best layout of a text as a move."""
        if best is None:
            return None
        score, length, gains, cards_next, uses_common, raw = best
        pieces: list[Piece] = []
        cache = self._pieces
        pos = 0
        for i in range(0, len(raw), 3):
            kind, rev = raw[i] - 3, raw[i + 1]
            width = self.widths[kind] if kind >= 0 else self.common_width if kind == COMMON else 1
            letters = text[pos : pos + width]
            piece = cache.get((kind, rev, letters))
            if piece is None:
                piece = cache[kind, rev, letters] = Piece(kind, letters, bool(rev))
            pieces.append(piece)
            pos += width
        m = PMove(text, score, length, pieces, list(raw[2::3]), bool(gains), cards_next, bool(uses_common))
        m.value = value_of(m)
        return m


def _budget(steps: Steps) -> tuple[int, int, int, int, float, Callable[[], bool] | None]:
    """The steps and their budget as the kernel reads them: steps taken, the step cap (-1: none), budget ticks, the
    tick limit (-1: none), the deadline (nan: none), the cancel event's test."""
    b: Budget = steps.budget
    cap, limit, deadline = steps.cap, b.node_limit, b.deadline
    return (
        steps.taken,
        -1 if cap is None else cap,
        b.ticks,
        -1 if limit is None else limit,
        math.nan if deadline is None else deadline,
        None if b.cancel is None else b.cancel.is_set,
    )
