"""What both engines' saved games share: the error a saved state that cannot be read raises, and the random
generator's saved form (every game of the package saves its generator so that a loaded game plays on exactly as
it would have)."""

from __future__ import annotations

import json
import math
import random
from typing import Any

from solver.errors import GhostwriterError

MT_N = 624  # the Mersenne Twister's words of state (random.getstate: version 3, 624 words and a position)


class GameStateError(GhostwriterError):
    """A saved game that cannot be read, or a state no game can reach; ``field`` names the part at fault
    (``game.players[1].hand``)."""

    def __init__(self, message: str, field: str = "game") -> None:
        super().__init__(message)
        self.field = field


def shown(value: object) -> str:
    """A value as a message shows it: short, and its kind in words when it is not a plain value."""
    if isinstance(value, bool | int | float | str) or value is None:
        text = json.dumps(value)
        return text if len(text) <= 40 else text[:37] + "..."
    return "a list" if isinstance(value, list) else "an object" if isinstance(value, dict) else "another kind of value"


def rng_to_json(rng: random.Random) -> list[Any]:
    """The random generator's state in JSON (``random.getstate``: version, 624 words and the position, gauss); the
    form every game of the package saves (Hardback's and Paperback's), read back by ``read_rng``."""
    state = rng.getstate()
    return [state[0], list(state[1]), state[2]]


def _whole(value: object, where: str, high: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= high:
        raise GameStateError(f"{where} must be a whole number from 0 to {high} (got {shown(value)})", where)


def read_rng(value: object, where: str = "game.rng") -> random.Random:
    """The random generator from ``rng_to_json``'s form, ``[3, [624 words and the position], gauss]``; a
    ``GameStateError`` naming ``where`` when it is malformed."""
    shape = f"[3, a list of {MT_N + 1} whole numbers, null or a number], as the engine saves it"
    if not isinstance(value, list) or len(value) != 3:
        raise GameStateError(f"{where} must be {shape}", where)
    version, internal, gauss = value
    if version != 3 or isinstance(version, bool):
        raise GameStateError(f"{where}[0] must be 3, the version of the generator's state", f"{where}[0]")
    if not isinstance(internal, list) or len(internal) != MT_N + 1:
        raise GameStateError(f"{where}[1] must be a list of {MT_N + 1} whole numbers", f"{where}[1]")
    for i, word in enumerate(internal[:MT_N]):
        _whole(word, f"{where}[1][{i}]", 2**32 - 1)
    _whole(internal[MT_N], f"{where}[1][{MT_N}]", MT_N)
    if gauss is not None and (
        isinstance(gauss, bool) or not isinstance(gauss, int | float) or not math.isfinite(gauss)
    ):
        raise GameStateError(f"{where}[2] must be null or a finite number", f"{where}[2]")
    rng = random.Random()
    rng.setstate((3, tuple(internal), None if gauss is None else float(gauss)))
    return rng
