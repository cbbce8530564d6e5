"""The Paperback rule set over the shared lexicon: every word a hand can spell, its best layout, and the best moves.

How a word is laid out (``layout``): pieces left to right, each a one-letter card, a two-letter card (both letters
in order, never split; reversed only with a Dyslexic, +1), a wild (any one letter, no score), or the Common card
(once a turn, its letters and score, counting toward length). Score: the pieces' scores, each doubled or tripled
by adjacent ``double-letter`` cards (``doubles``), plus every flat bonus (``+N``, length, first and last letter, no
wild, per wild, +1 for Spacebar or Dyslexic), all multiplied by 2 for a ``double-word`` card (3 for two or more).
With the Spacebar as the Common card a move may be two words, scored as one (``pairs``).

The search (``search``) is the best-first loop Hardback's uses (``solver.search.best_first``): one vectorised pass
over the lexicon's letter counts gives every word's upper bound (``bounds``), and words are solved exactly in
decreasing bound until none can beat the moves kept. ``hand`` is the hand as the search reads it, ``explain`` a move in
words; a move and the keys that rank moves are the rules' (``solver.paperback.moves``).
"""

from solver.search.paperback.bounds import word_ends
from solver.search.paperback.search import PaperbackSearch

__all__ = ["PaperbackSearch", "word_ends"]
