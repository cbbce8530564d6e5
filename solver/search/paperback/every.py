"""Every word a Paperback hand can spell, each with its best score (``hint --all``, the service's ``"top": "all"``).

The words the cards' letters and wilds can cover (``bounds.feasible``, one vectorised pass over the lexicon) are each
laid out exactly, as ``PaperbackSearch.solve`` lays them out with no need: in the compiled layout search in one call
that answers only the scores (``native.Compiled.scores_many``, no Python object a word, so the collector stays out of
it), else word by word in Python (a copy ability, a hand beyond the kernel's sizes, the Python engine). The list is
ranked by score, then length, then alphabetical order (the moves' order under the score objective), and bounded by
the search's time limit: past it the words searched so far are listed and ``complete`` is False.

Only single words are listed: with the Spacebar as the Common card the two-word moves (which could be millions) are
``PaperbackSearch.top``'s.
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

import solver.search.paperback.native as native
from solver.budget import OutOfTime
from solver.lexicon import Lexicon
from solver.paperback.moves import PaperbackObjective
from solver.search.paperback.bounds import IntArray, alphabetical_ranks
from solver.search.paperback.search import PaperbackSearch

CUT = "cut short by the time limit: the words searched before it are listed; allow more time for every word"
NO_PAIRS = "two-word moves (the Spacebar) are not listed here: ask for the top moves to see them"
_CHUNK = 4096  # words the Python layouts search between two looks at the clock (the kernel looks itself)


@dataclass
class EveryWord:
    """Every word of a hand with its best score, best first; ``complete`` False when the time limit cut the list
    (``reason`` says so), ``note`` what the list leaves out (the Spacebar's pairs)."""

    words: list[str]
    scores: npt.NDArray[np.int32]
    lengths: npt.NDArray[np.uint8]
    complete: bool
    reason: str = ""
    note: str = ""

    def __len__(self) -> int:
        return len(self.words)

    def rows(self) -> list[tuple[str, int, int]]:
        """(word, score, length) of each word, best first."""
        return list(zip(self.words, self.scores.tolist(), self.lengths.tolist(), strict=True))


def every_word(search: PaperbackSearch) -> EveryWord:
    """Every word ``search``'s hand can spell, within its time limit (``EveryWord``)."""
    search.budget.start(search.time_limit, None)
    try:
        idx, scores, complete = _scores(search)
    finally:
        search.budget.stop()
    search.exact = complete
    lex = search.lexicon
    listed = scores >= 0
    idx, scores = idx[listed], scores[listed]
    lengths = lex.lengths[idx]
    primary, secondary = (lengths, scores) if search.objective is PaperbackObjective.LENGTH else (scores, lengths)
    # the primary measure falling, then the secondary, then alphabetical order, as one number a word (the ranks are
    # distinct): one sort of the words listed, nothing the size of the lexicon
    base = int(secondary.max()) + 1 if len(key := primary.astype(np.int64)) else 1
    key = key * base + secondary
    top = int(key.max()) if len(key) else 0
    ranked = np.argsort((top - key) * len(lex) + alphabetical_ranks(lex)[idx])
    return EveryWord(
        words_of(lex, idx[ranked]),
        scores[ranked],
        lengths[ranked],
        complete,
        reason="" if complete else CUT,
        note=NO_PAIRS if search.spacebar else "",
    )


def _scores(search: PaperbackSearch) -> tuple[IntArray, npt.NDArray[np.int32], bool]:
    """The feasible words searched before the limit, each with its best score (-1: no layout), and whether every
    feasible word was searched."""
    idx, _ = search._feasible()
    lex = search.lexicon
    if not len(idx):
        return idx, np.zeros(0, dtype=np.int32), not search._late()
    compiled = search._compiled
    if compiled is not None and search.objective is not PaperbackObjective.SCORE:
        compiled = native.Compiled.of(search.hand, PaperbackObjective.SCORE)
    lens = lex.lengths[idx]
    if compiled is not None and int(lens.max()) <= compiled.max_text:
        searched, scores, status = compiled.scores_many(lex, idx, search.steps)
        return idx[:searched], scores[:searched], status == native.DONE and searched == len(idx)
    out = np.full(len(idx), -1, dtype=np.int32)
    scorer = PaperbackSearch(lex, search.state, PaperbackObjective.SCORE, engine=search.engine)
    scorer.budget = scorer.steps.budget = search.budget
    for k, i in enumerate(idx):
        if k % _CHUNK == 0 and search._late():
            return idx[:k], out[:k], False
        try:
            m = scorer._solve(lex.word(int(i)), float("-inf"))
        except OutOfTime:
            return idx[:k], out[:k], False
        if not scorer.exact:  # the limit passed inside this word: its score is not proven
            return idx[:k], out[:k], False
        if m is not None:
            out[k] = m.score
    return idx, out, True


_ALPHABETICAL: weakref.WeakKeyDictionary[Lexicon, IntArray] = weakref.WeakKeyDictionary()
_CHARS: weakref.WeakKeyDictionary[Lexicon, npt.NDArray[np.uint32]] = weakref.WeakKeyDictionary()


def alphabetical(lex: Lexicon) -> IntArray:
    """The lexicon's word indices in the alphabetical order of the words (made once a lexicon)."""
    found = _ALPHABETICAL.get(lex)
    if found is None or len(found) != len(lex):
        found = _ALPHABETICAL[lex] = np.argsort(alphabetical_ranks(lex)).astype(np.int64)
    return found


def words_of(lex: Lexicon, idx: IntArray) -> list[str]:
    """Lexicon words ``idx`` as strings, made from the lexicon's letters in one pass (no trie look-up a word; fresh
    strings side by side in memory, which the next use reads faster than strings kept from before)."""
    if not len(idx):
        return []
    chars = _CHARS.get(lex)
    if chars is None:  # each letter's code point, and the line end's
        chars = _CHARS[lex] = np.array([ord(ch) for ch in lex.alphabet] + [ord("\n")], dtype=np.uint32)
    lens = lex.lengths[idx].astype(np.int64) + 1  # each word and its line end
    ends = np.cumsum(lens)
    at = np.repeat(lex.offsets[idx] - (ends - lens), lens) + np.arange(int(ends[-1]))
    codes = lex.letters[np.minimum(at, len(lex.letters) - 1)]
    codes[ends - 1] = len(lex.alphabet)  # the line end
    if int(chars.max()) < 128:  # one byte a letter
        return chars.astype(np.uint8)[codes].tobytes().decode("ascii").split("\n")[:-1]
    return chars[codes].tobytes().decode("utf-32-le").split("\n")[:-1]
