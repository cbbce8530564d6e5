"""The expert's suggestion in words, for the terminal (``play``'s ``hint``): what it would do next, the chance to
win the plan leads to with its standard error, and the runner-up's. The chances are estimates (the win model after
a few sampled worlds), and the text says so."""

from __future__ import annotations

from typing import Any

from solver.advice.suggest import Suggestion
from solver.game.protocol import Game


def percent(win: float, se: float) -> str:
    """A chance and its standard error as people read them: ``54% ± 3``."""
    return f"{100 * win:.0f}% ± {100 * se:.0f}"


NUMBERED = ("slot", "index", "card")  # counted from 0 in the JSON, from 1 at the terminal ("buy 6" is slot 5)


def action_text(action: dict[str, Any]) -> str:
    """An action's JSON in a few words, its slots and cards numbered from 1 as the terminal numbers them."""
    kind = str(action.get("action", "?"))
    if kind == "spell":
        return f"spell {str(action.get('word', '')).upper()}"
    details = " ".join(
        f"{k} {v + 1 if k in NUMBERED and type(v) is int else v}"
        for k, v in action.items()
        if k != "action" and not isinstance(v, list | dict)
    )
    return f"{kind.replace('_', ' ')}{' ' + details if details else ''}"


def suggestion_text(found: Suggestion | None, game: Game[Any]) -> str:
    """The expert's suggestion as one or two lines (a line saying it has none when ``found`` is None)."""
    if found is None:
        return "  the expert has no suggestion here" if not game.over() else "  the game is over"
    lines = [f"  the expert would {action_text(found.action.to_json())} next"]
    if found.best is not None:
        lines[0] += f", playing {found.best.plan.label}: a chance to win of {percent(found.best.win, found.best.se)}"
        if found.runner_up is not None:
            r = found.runner_up
            kept = ""
            if r.win > found.best.win:  # Hardback's expert plays its tuned policy's plan whatever the estimates say
                kept = "; the expert keeps its policy's plan"
            lines.append(f"  (runner-up {r.plan.label}: {percent(r.win, r.se)}; chances are estimates{kept})")
        else:
            lines.append("  (the chance is an estimate)")
    return "\n".join(lines)
