"""Ghostwriter: exact best-move search for the deck-building word games Hardback and Paperback.

The data flows one way, and the packages follow it: the rules (``solver.hardback``: a turn state names cards whose
benefits are rows of one table, and a placement resolves into a typed outcome; ``solver.paperback`` the same for
Paperback) -> the search over a lexicon (``solver.lexicon``, ``solver.search``: bounds, the exact per-word search,
one best-first loop) -> the answers (``solver.answers``: hint, rate, ink) -> the faces (``solver.cli``, the
``service`` package) and the players (``solver.game``, ``solver.bots``, ``solver.tournament``).
"""

import os

# numpy's BLAS threads spin while idle; nothing here multiplies matrices, and on a server every core is a worker's
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

__version__ = "0.1.0"
