"""A saved game of either game: its record's format found by the record itself (``"game": "paperback"`` is
Paperback's, as its engine saves it; any other is Hardback's, whose older records carry no ``game``)."""

from __future__ import annotations

from typing import Any

from solver.game.hardback.replay import HARDBACK
from solver.game.paperback.record import PAPERBACK, is_paperback
from solver.game.records import RecordFormat

AnyFormat = RecordFormat[Any, Any, Any, Any, Any]
FORMATS: dict[str, AnyFormat] = {f.game: f for f in (HARDBACK, PAPERBACK)}


def record_format(data: object) -> AnyFormat:
    """The format of a record's game: Paperback's for a Paperback record, else Hardback's."""
    return PAPERBACK if is_paperback(data) else HARDBACK
