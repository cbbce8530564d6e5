"""The expert's suggestion as the routes give it (``service.routers.table``'s Hardback view and
``service.routers.advice``'s Paperback view): the action, and the chance to win it leads to with the runner-up's."""

from __future__ import annotations

from typing import Any

from solver.advice.suggest import suggest
from solver.game.protocol import Game

SUGGEST_SHARE = 0.6  # of the time budget, the expert's turn in a suggestion (the rest: the view, the request)


def advice(game: Game[Any], limit: float) -> dict[str, Any] | None:
    """The expert's suggestion for the seat the game waits on, as JSON (None when it has none)."""
    found = suggest(game, limit)
    return found.to_json() if found is not None else None
