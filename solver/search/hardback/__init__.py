"""Hardback's exact search: every word a state can spell, the best arrangement of each, the best moves first.

``driver`` runs the best-first loop over the lexicon; ``bound`` gives every word an upper bound at once; ``exact``
finds one word's best placement (``compiled`` the same in C, through ``native``).
"""

from solver.hardback.resolve import Placement
from solver.search.hardback.driver import Rating, Search

__all__ = ["Placement", "Rating", "Search"]
