"""Each seat's chance to win from a state, an estimate with its standard error: ``samples`` worlds drawn from what
the seat to act sees (the hidden cards and the future shuffles redrawn), each played one round ahead by the hard
policy (the game's end, if it comes, is its outcome), then read by the learned win model
(``solver.planner.model``); the chances are the worlds' mean, the error their standard error. It is an estimate:
the model's calibration and the rollouts' policy both bias it (``benchmarks/win_model.py`` measures the model)."""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from typing import Any

from solver.advice.games import rules_of
from solver.game.protocol import Game
from solver.planner.core import mean_se

SAMPLES = 8


@dataclass(frozen=True)
class Chances:
    win: list[float]  # per seat
    se: list[float]  # per seat, the standard error of ``win``
    samples: int  # worlds played
    exact: bool = False  # a finished game's outcome (no estimate)

    def to_json(self) -> dict[str, Any]:
        return {
            "win": [round(w, 4) for w in self.win],
            "se": [round(s, 4) for s in self.se],
            "samples": self.samples,
            "estimate": not self.exact,
        }


def win_chances(
    game: Game[Any], samples: int = SAMPLES, seed: int = 0, deadline: float | None = None, rounds: int = 1
) -> Chances:
    """Each seat's chance to win ``game`` (the module's docstring). With a ``deadline`` fewer worlds may be played
    (at least one)."""
    rules = rules_of(game)
    if game.over():
        return Chances(rules.chances(game), [0.0] * len(rules.chances(game)), 0, exact=True)
    seat = game.to_act()
    assert seat is not None
    rng = random.Random(seed)
    seats = len(game.scores())
    policies = [rules.policy(game, s) for s in range(seats)]
    rows: list[list[float]] = []
    for k in range(max(1, samples)):
        if k and deadline is not None and time.monotonic() >= deadline:
            break
        world = game.sample(seat, rng)
        stop = rules.turns(world) + rounds * seats
        for _ in range(rounds * seats * 8):
            acting = world.to_act()
            if acting is None or rules.turns(world) >= stop:
                break
            policies[acting](world)
        rows.append(rules.chances(world))
    stats = [mean_se([r[s] for r in rows]) for s in range(seats)]
    return Chances([m for m, _ in stats], [e for _, e in stats], len(rows))
