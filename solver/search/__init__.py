"""Exact search: every word a state can spell, the best arrangement of each, the best moves first."""

from solver.search.driver import Rating, Search
from solver.search.exact import Placement

__all__ = ["Placement", "Rating", "Search"]
