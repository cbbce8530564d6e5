"""Ghostwriter: exact best-move search for the deck-building word games Hardback and Paperback.

The data flows one way: a turn state (``solver.state``) names cards (``solver.cards``); the search
(``solver.search``) finds every word of a lexicon (``solver.lexicon``) the state can spell and the best
arrangement of cards for each, scored by the rules interpreter (``solver.score``); an objective
(``solver.objectives``) ranks them into moves (``solver.moves``).
"""

__version__ = "0.1.0"
