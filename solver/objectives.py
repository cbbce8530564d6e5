"""What "best" means, the one type both games' objectives are: each game's rules name its objectives as members of
a subclass (Hardback's ``solver.hardback.objectives.Objective``: value, prestige, coins; Paperback's
``solver.paperback.moves.PaperbackObjective``: score, length, value), read from text the same way, so the faces
and the review hold an objective of either game as a ``GameObjective``."""

from __future__ import annotations

import enum
from typing import Self

from solver.text import parse_choice


class GameObjective(enum.Enum):
    """A game's objective (its subclass's members), named by its value (``"value"``)."""

    @classmethod
    def parse(cls, text: str) -> Self:
        """The objective ``text`` names (spaces around and case ignored), or a ``GhostwriterError`` listing them."""
        return parse_choice(cls, text, cls.noun())

    @classmethod
    def noun(cls) -> str:
        """What an error calls the objective."""
        return "objective"
