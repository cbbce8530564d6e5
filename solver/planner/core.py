"""The planner, written once against the game protocol (``solver.game.protocol``) for both games.

At a decision the seat in turn has a few candidate plans (each a short list of actions: a word, a set of buys...).
The planner draws ``worlds`` games consistent with what the seat sees (``Game.sample``: the other hands, the draw
piles' order and the future shuffles redrawn), and in each world plays every plan, then the rest of the turn by a
fast policy (``finish``), and asks the learned evaluation (``solver.planner.model``) for the seat's chance to win
in the state reached. Every plan meets the same worlds (common random numbers), so the comparison between plans
is much sharper than each plan's own estimate. The plan with the best mean chance is chosen; ties go to the
earlier plan (the fast policy's own choice comes first), and a plan the engine refuses in a world is dropped.

Bounded twice over: by counts (``worlds`` x plans, each a bounded turn: deterministic for a seed, so games
replay) and, when a ``deadline`` is given (a service), by the clock: plans not reached by then are not judged, and
the first plan is always judged first. The seed of the worlds is fixed by the caller (the bot's seed, the turn).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from solver.errors import GhostwriterError
from solver.game.protocol import Action, Game

Finish = Callable[[Game[Any], int], None]  # plays the rest of a seat's turn in a world
Evaluate = Callable[[Game[Any], int], float]  # a seat's chance to win in a state


@dataclass(frozen=True)
class Plan:
    """Actions to apply in order from the decision point; ``label`` says it for people (``BUY 2``, a word)."""

    actions: tuple[Action, ...]
    label: str


@dataclass(frozen=True)
class Judged:
    """A plan's mean chance to win over the worlds it was played in, its standard error and their number."""

    plan: Plan
    win: float
    se: float
    worlds: int

    def to_json(self) -> dict[str, Any]:
        return {
            "label": self.plan.label,
            "actions": [a.to_json() for a in self.plan.actions],
            "win": round(self.win, 4),
            "se": round(self.se, 4),
            "worlds": self.worlds,
        }


def mean_se(values: Sequence[float]) -> tuple[float, float]:
    """The mean of ``values`` and its standard error (0 for fewer than two)."""
    n = len(values)
    mean = sum(values) / n
    if n < 2:
        return mean, 0.0
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    return mean, math.sqrt(var / n)


def worlds_of(game: Game[Any], seat: int, count: int, seed: int) -> list[Game[Any]]:
    """``count`` games consistent with what ``seat`` sees, drawn from ``seed``."""
    rng = random.Random(seed)
    return [game.sample(seat, rng) for _ in range(max(1, count))]


def play_plan(world: Game[Any], seat: int, plan: Plan, finish: Finish) -> bool:
    """Apply the plan, then the rest of ``seat``'s turn; False when the engine refuses the plan in this world."""
    try:
        for action in plan.actions:
            world.apply(action)
    except GhostwriterError:
        return False
    finish(world, seat)
    return True


def judge(
    game: Game[Any],
    seat: int,
    plans: Sequence[Plan],
    finish: Finish,
    evaluate: Evaluate,
    worlds: int,
    seed: int,
    deadline: float | None = None,
    ahead: Finish | None = None,
) -> list[Judged]:
    """Every plan reached before ``deadline`` with its chance to win for ``seat``, best first (ties: earlier
    plan first)."""
    rng = random.Random(seed)
    samples: list[Game[Any]] = []  # drawn as the first plan needs them, so a deadline also bounds the drawing
    out: list[tuple[float, int, Judged]] = []
    for index, plan in enumerate(plans):
        values: list[float] = []
        for k in range(max(1, worlds)):
            if (out or values) and deadline is not None and time.monotonic() >= deadline:
                break  # past the deadline once one plan has a world: what is judged stands
            if k == len(samples):
                samples.append(game.sample(seat, rng))
            trial = samples[k].copy()
            if play_plan(trial, seat, plan, finish):
                if ahead is not None:
                    ahead(trial, seat)  # the play goes on (the opponents' turns...) before the model reads it
                values.append(evaluate(trial, seat))
        if values:
            win, se = mean_se(values)
            out.append((-win, index, Judged(plan, win, se, len(values))))
        if out and deadline is not None and time.monotonic() >= deadline:
            break
    out.sort(key=lambda t: (t[0], t[1]))
    return [j for _, _, j in out]


def apply_best(game: Game[Any], judged: Sequence[Judged]) -> bool:
    """Apply the first judged plan the engine takes whole in ``game`` (each tried on a copy first, so a plan refused
    halfway changes nothing); False when it takes none."""
    for j in judged:
        trial = game.copy()
        if play_plan(trial, -1, j.plan, lambda world, seat: None):
            for action in j.plan.actions:
                game.apply(action)
            return True
    return False


def seed_of(*parts: int) -> int:
    """One seed from several integers (the bot's seed, the turn, the decision), the same on every machine."""
    h = 1469598103934665603
    for p in parts:
        h = ((h ^ (p & 0xFFFFFFFFFFFF)) * 1099511628211) & 0xFFFFFFFFFFFFFFFF
    return h
