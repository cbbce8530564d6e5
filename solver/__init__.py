"""Ghostwriter: exact best-move search for the deck-building word games Hardback and Paperback.

The data flows one way: a turn state (``solver.hardback.state``) names cards (``solver.hardback.cards``); the search
(``solver.search``) finds every word of a lexicon (``solver.lexicon``) the state can spell and the best
arrangement of cards for each, scored by the rules interpreter (``solver.hardback.resolve``); an objective
(``solver.hardback.objectives``) ranks them into moves (``solver.hardback.moves``).
"""

__version__ = "0.1.0"
