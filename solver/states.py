"""What both games' turn states share: a turn state's JSON is an object of known fields that names its game (or
leaves it out), checked the same way for each (``solver.hardback.state``, ``solver.paperback.state``)."""

from __future__ import annotations

from collections.abc import Set as AbstractSet
from typing import Any

from solver.errors import StateError


def state_object(data: object, keys: AbstractSet[str], game: str, shape: str, other_game: str) -> dict[str, Any]:
    """``data`` as a turn state's object of the fields ``keys`` for ``game``, else a ``StateError``: ``shape`` when
    it is no object, the first unknown field with the fields listed, or ``other_game`` (formatted with the ``given``
    game) when it names another game."""
    if not isinstance(data, dict):
        raise StateError(shape)
    unknown = set(data) - keys
    if unknown:
        raise StateError(f"unknown state field {sorted(unknown)[0]!r}: the fields are {', '.join(sorted(keys))}")
    given = data.get("game", game)
    if given != game:
        raise StateError(other_game.format(given=given))
    return data
