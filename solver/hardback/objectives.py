"""What "best" means: the objectives and the weights of the ``value`` objective.

``prestige``: most prestige this turn, ties broken by more coins. ``coins``: most coins, ties broken by more
prestige. Both count only this turn's gains, so they take every optional gain and choose each either in
their own favour. ``value`` (the default) is a weighted sum, in prestige points, of everything a move
gains, less what it costs (a card trashed, a remover spent).
"""

from __future__ import annotations

import functools
import json
from dataclasses import dataclass, fields, replace
from pathlib import Path
from typing import Any

from solver.errors import GhostwriterError
from solver.objectives import GameObjective

LEXICOGRAPHIC = 1_000_000.0  # a prestige point under ``prestige`` (a coin under ``coins``): more than any turn's coins


class Objective(GameObjective):
    VALUE = "value"
    PRESTIGE = "prestige"
    COINS = "coins"


@dataclass(frozen=True)
class Weights:
    """Weights of the ``value`` objective, in prestige points per unit.

    The defaults are a first estimate, to be calibrated from self-play: a coin buys about half a prestige
    point over the rest of a game; an ink draws a card; a remover frees one; putting a timeless classic
    into play earns its benefits again on later turns; sending an opponent's classic home denies theirs;
    a card trashed from the deck is a small loss; a literary award may be lost again before the game ends.
    """

    prestige: float = 1.0
    coins: float = 0.5
    ink: float = 0.4
    remover: float = 0.5
    jail: float = 0.5
    preview: float = 0.3
    opponents_return: float = 0.5
    classic_kept: float = 1.5
    classic_sent_home: float = 1.0
    trash: float = 1.0
    dump: float = 0.0
    remover_spent: float = 0.5
    award: float = 0.5

    def to_json(self) -> dict[str, float]:
        """The weights by name (``dataclasses.asdict``'s dict, without its deep copy: a hint's answer says them)."""
        return {name: getattr(self, name) for name in _WEIGHT_NAMES}

    @staticmethod
    def at_stage(stage: float | None) -> Weights:
        """The default weights at a stage of the game (0: the start, 1: a player reaches the target), a coin
        worth what self-play measured at that stage; the plain defaults when the stage is not given."""
        if stage is None:
            return _DEFAULT
        return Weights(coins=round(coin_value(stage), 3))

    @staticmethod
    def for_objective(objective: Objective, weights: Weights | None = None) -> Weights:
        """The weights that rank moves under an objective (lexicographic ones for prestige and coins)."""
        if objective is Objective.VALUE:
            return weights or Weights()
        zero = {f.name: 0.0 for f in fields(Weights)}
        if objective is Objective.PRESTIGE:
            return Weights(**{**zero, "prestige": LEXICOGRAPHIC, "coins": 1.0})
        return Weights(**{**zero, "coins": LEXICOGRAPHIC, "prestige": 1.0})

    @staticmethod
    def parse(text: str, base: Weights | None = None) -> Weights:
        """Weights from ``name=number`` pairs separated by commas, on top of the defaults."""
        w = base or _DEFAULT
        if not text.strip():
            return w  # (a request's weights are most often none: a hint's set-up need not copy the defaults)
        names = set(_WEIGHT_NAMES)
        changes: dict[str, float] = {}
        for part in text.split(","):
            if not part.strip():
                continue
            name, sep, number = part.partition("=")
            name = name.strip().replace("-", "_")
            if not sep or name not in names:
                raise GhostwriterError(
                    f"weight {part.strip()!r}: write name=number with a name among {', '.join(sorted(names))}"
                )
            try:
                value = float(number)
            except ValueError:
                raise GhostwriterError(f"weight {part.strip()!r}: {number.strip()!r} is not a number") from None
            if not -1000.0 <= value <= 1000.0:
                raise GhostwriterError(f"weight {part.strip()!r}: use a number from -1000 to 1000")
            changes[name] = value
        return replace(w, **changes)

    @staticmethod
    def from_mapping(data: object, base: Weights | None = None) -> Weights:
        if not isinstance(data, dict):
            raise GhostwriterError("weights must be an object of name: number")
        return Weights.parse(",".join(f"{k}={v}" for k, v in data.items()), base)


@functools.cache
def coin_table() -> dict[str, Any]:
    """The worth of a coin by game stage, measured in self-play (``benchmarks/calibrate_coins.py``)."""
    text = (Path(__file__).parents[1] / "data" / "coin_value.json").read_text(encoding="utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


def coin_value(stage: float) -> float:
    """A coin's worth in prestige points at a stage of the game (0 to 1), interpolated in the measured table."""
    t = coin_table()
    xs: list[float] = t["stages"]
    ys: list[float] = t["coin"]
    s = min(max(stage, xs[0]), xs[-1])
    for i in range(1, len(xs)):
        if s <= xs[i]:
            f = (s - xs[i - 1]) / (xs[i] - xs[i - 1])
            return ys[i - 1] + f * (ys[i] - ys[i - 1])
    return ys[-1]


_WEIGHT_NAMES = tuple(f.name for f in fields(Weights))  # (``Weights.to_json``, ``Weights.parse``)
_DEFAULT = Weights()  # (frozen: one instance serves every turn that gives no weights)
