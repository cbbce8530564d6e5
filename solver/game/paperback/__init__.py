"""Paperback as a whole game, beside Hardback's engine: a deck file's box (``solver.paperback.deck``) dealt from a
seed, the actions (``actions``) applied by the rulebook (``engine``), saved, loaded and replayed from the log.

It shares with Hardback's engine only what lies below both: the game protocol (``solver.game.protocol``: the one
refusal error, ``IllegalActionError``), the saved form of the random generator and the saved state's error
(``solver.game.saving``), and the record of a finished game (``solver.game.record``, ``solver.game.records``).

The rules it follows, as the rulebook gives them, and its readings where the rulebook is silent (the optional rules,
co-op, the expansions, records and reviews too): docs/paperback-rules.md. The modules: ``options`` (a table's
choices), ``state`` (a game's cards, each in one place; saved and loaded), ``dealing``, ``spelling`` (a spell read
against the game), ``engine`` (an action applied), ``cubes`` and ``coop``, ``expansions``, ``view`` (the hand the
ghost writer reads), ``record``.
"""

from solver.game.paperback.actions import Buy, Cash, Discard, End, Pass, Piece, Place, Spell, Step, action_from_json
from solver.game.paperback.engine import PaperbackGame, PaperbackOptions, PaperbackState, deal

__all__ = [
    "Buy",
    "Cash",
    "Discard",
    "End",
    "PaperbackGame",
    "PaperbackOptions",
    "PaperbackState",
    "Pass",
    "Piece",
    "Place",
    "Spell",
    "Step",
    "action_from_json",
    "deal",
]
