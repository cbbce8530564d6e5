"""Paperback's rules as values and pure functions: its cards (``cards``), its turn state (``state``), a move and
the objectives that rank moves (``moves``), and how a layout scores (``rules``). The search over the lexicon is
``solver.search.paperback``."""
