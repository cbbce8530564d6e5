"""The turn timer of the advice rule (the option ``turn_timer``, seconds): "This rule can also be played with a turn
timer, where you must reveal your hand and offer a bounty when the time is up."

In a digital game (a reading, docs/paperback-rules.md): the state records when the word's moment began
(``state.timer``, by the game's clock: a seat's turn, or a simultaneous round's words); a seat still to make its
word past ``state.timer + turn_timer`` offers its bounty: its hand is shown in every seat's view (``bounty``), and
the word it then spells may name its adviser (``advice_from``), who gains a cube as the advice rule says. Nothing is
forced on the seat: the timer only reveals.
"""

from __future__ import annotations

from typing import Any

from solver.game.paperback.simultaneous import DRAFT, WORDS
from solver.game.paperback.state import OVER, WORD, PaperbackState


def making_word(state: PaperbackState, seat: int) -> bool:
    """Whether the seat has its word still to make now."""
    simul = state.simul
    if state.phase == OVER or (simul is not None and simul.stage == DRAFT):
        return False
    if simul is not None and simul.stage == WORDS:
        return seat in simul.pending(len(state.players))
    return seat == state.current and state.phase == WORD


def bounties(state: PaperbackState, now: float) -> list[int]:
    """The seats whose time is up: each reveals its hand and offers a bounty."""
    limit = state.options.turn_timer
    if not limit or state.timer is None or now < state.timer + limit:
        return []
    return [s for s in range(len(state.players)) if making_word(state, s)]


def view(state: PaperbackState, now: float) -> dict[str, Any] | None:
    """The timer as every seat sees it (None without one): the deadline, the seconds left to it (a page looks again
    then), and each bounty's seat and hand."""
    if not state.options.turn_timer or state.timer is None:
        return None
    shown = [{"seat": s, "hand": [state.card(i).code for i in state.players[s].hand]} for s in bounties(state, now)]
    deadline = state.timer + state.options.turn_timer
    left = round(max(0.0, deadline - now), 3)
    return {"seconds": state.options.turn_timer, "deadline": deadline, "left": left, "bounty": shown}


def moment(state: PaperbackState) -> tuple[int, ...]:
    """What names the word's moment now: a new one restarts the timer (a simultaneous round's words share one)."""
    simul = state.simul
    if simul is None:
        return (state.turns,)
    buying = simul.stage not in (DRAFT, WORDS)
    return (simul.round, (DRAFT, WORDS).index(simul.stage) if not buying else 2, state.current if buying else -1)
