"""What both engines' saved games share: the error a saved state that cannot be read raises, and the random
generator's saved form (every game of the package saves its generator so that a loaded game plays on exactly as
it would have)."""

from __future__ import annotations

import json
import math
import random
from dataclasses import dataclass
from typing import Any

from solver.errors import GhostwriterError

MT_N = 624  # the Mersenne Twister's words of state (random.getstate: version 3, 624 words and a position)
# The 19,937 bits that make the Twister's state (the first word's top bit and the 623 words after it). A seeded
# generator's are mixed: half of them set, give or take 71 (one standard deviation); a state more than a tenth of
# them away from half (14 standard deviations, about one chance in 10**44) is refused as degenerate: the all-zero
# state gives 0 for ever, and states near it give long runs of zeros.
MT_BITS = 1 + 32 * (MT_N - 1)


class GameStateError(GhostwriterError):
    """A saved game that cannot be read, or a state no game can reach; ``field`` names the part at fault
    (``game.players[1].hand``)."""

    def __init__(self, message: str, field: str = "game") -> None:
        super().__init__(message)
        self.field = field


@dataclass(frozen=True)
class Problem:
    """One thing wrong with a state: the field at fault (``game.players[1].hand[3]``) and what is wrong (both
    engines' ``validate.problems`` list them)."""

    field: str
    message: str

    def __str__(self) -> str:
        return f"{self.field}: {self.message}"


def refuse(found: list[Problem]) -> None:
    """Raise a ``GameStateError`` naming the first problem's field (and how many more there are), if any."""
    if found:
        first = found[0]
        more = f" ({len(found) - 1} more problem{'s' * (len(found) > 2)} after it)" if len(found) > 1 else ""
        raise GameStateError(f"{first}{more}", first.field)


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
    ones = (internal[0] >> 31) + sum(w.bit_count() for w in internal[1:MT_N])
    if abs(ones - MT_BITS / 2) > MT_BITS / 20:  # the degenerate state (all zero) and its near neighbours
        raise GameStateError(
            f"{where}[1]: a degenerate generator state ({ones} of its {MT_BITS} bits set): no generator the engine "
            "seeds reaches it",
            f"{where}[1]",
        )
    if gauss is not None and (
        isinstance(gauss, bool) or not isinstance(gauss, int | float) or not math.isfinite(gauss)
    ):
        raise GameStateError(f"{where}[2] must be null or a finite number", f"{where}[2]")
    rng = random.Random()
    rng.setstate((3, tuple(internal), None if gauss is None else float(gauss)))
    return rng
