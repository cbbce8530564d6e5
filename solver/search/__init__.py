"""Exact search: every word a state can spell, the best arrangement of each, the best moves first."""

from solver.hardback.resolve import Placement
from solver.search.driver import Rating, Search

__all__ = ["Placement", "Rating", "Search"]
