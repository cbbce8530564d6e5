"""The expert's next action in a seat's place, in whatever phase the seat acts (ink draws, the word with its
choices, the buys...): the expert plays the seat's turn on a copy of the game and its first action is the
suggestion. Where that action came from a judged decision (the word, the buys), the suggestion carries the chance
to win it leads to and the runner-up's, each with its standard error (estimates: ``solver.advice.chances``).

The copy's own hidden cards are never read by the expert's decisions (it plans over ``Game.sample``); an ink draw
it makes on the copy only decides what comes after the suggested action, which is the first one.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from solver.advice.games import Decisions, rules_of
from solver.errors import GhostwriterError
from solver.game.protocol import Action, Game
from solver.planner.core import Judged


@dataclass(frozen=True)
class Suggestion:
    action: Action
    decision: str  # "word", "buy", or "" for an action the hard policy makes (ink, choices, returns)
    best: Judged | None
    runner_up: Judged | None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"action": self.action.to_json(), "decision": self.decision or None}
        if self.best is not None:
            out |= {"plan": self.best.plan.label, "win": round(self.best.win, 4), "se": round(self.best.se, 4)}
        if self.runner_up is not None:
            out["runner_up"] = {
                "plan": self.runner_up.plan.label,
                "win": round(self.runner_up.win, 4),
                "se": round(self.runner_up.se, 4),
            }
        return out


def suggest(game: Game[Any], time_limit: float | None = None) -> Suggestion | None:
    """The expert's next action for the seat the game waits on (None when it is over or the expert finds none)."""
    seat = game.to_act()
    if seat is None:
        return None
    shadow = game.copy()
    start = len(shadow.log)
    rules = rules_of(game)
    try:
        decisions = rules.expert(game, seat, time_limit)(shadow)
    except GhostwriterError:  # a turn the expert cannot take up where it stands: the hard policy's next action
        shadow, decisions = game.copy(), []
        try:
            rules.policy(game, seat)(shadow)
        except GhostwriterError:
            return None
    if len(shadow.log) <= start:
        return None
    first = shadow.log[start]
    for kind, judged in decisions:
        if judged and judged[0].plan.actions and judged[0].plan.actions[0] == first:
            return Suggestion(first, kind, judged[0], judged[1] if len(judged) > 1 else None)
    return Suggestion(first, "", None, None)


def expert_turn(game: Game[Any], time_limit: float | None = None) -> tuple[Game[Any], Decisions]:
    """The expert's whole turn for the seat the game waits on, played on a copy: the copy after it, and the
    decisions its planner judged (the word, the buys). The game itself is left as it was."""
    seat = game.to_act()
    shadow = game.copy()
    if seat is None:
        return shadow, []
    return shadow, rules_of(game).expert(game, seat, time_limit)(shadow)
