"""Printed Horror H's genre benefit: "each other player return one unused ink or remover".

The token is the opponent's to choose. An opponent holding one kind only returns it at once (none: nothing); an
opponent holding both an unused ink and a remover is asked: the word's other effects are played, the seat is
recorded in ``Turn.returns`` (one entry a token owed, clockwise from the player in turn) and the game waits in the
return phase for its ``return`` action (``GameState.acting`` is the seat awaited), before the player in turn goes
on to the word's choices and the purchases. Ink drawn before (even out of turn: ``prepare.ink``) is used, not
unused, and is not returned.
"""

from __future__ import annotations

from solver.game.hardback.actions import IllegalActionError, Return
from solver.game.hardback.state import GameState
from solver.game.hardback.turn import after_choices


def owe_returns(st: GameState, n: int) -> None:
    """Each other player owes ``n`` tokens: those with no choice are returned now, the rest wait for the owner."""
    seats = len(st.players)
    for step in range(1, seats):
        seat = (st.current + step) % seats
        st.turn.returns.extend([seat] * n)
    settle(st)


def settle(st: GameState) -> None:
    """Return every token owed that leaves its owner no choice (one kind held; none: nothing to return), keeping
    in ``Turn.returns`` the seats that hold both kinds."""
    waiting = []
    for seat in st.turn.returns:
        q = st.players[seat]
        if q.ink and q.remover:
            waiting.append(seat)
        elif q.ink:
            q.ink -= 1
        elif q.remover:
            q.remover -= 1
    st.turn.returns = waiting


def give_back(st: GameState, action: Return) -> None:
    """An opponent returns the token of its choice; when no one owes one any more, the player in turn goes on."""
    t = st.turn
    if action.seat not in t.returns:
        owing = ", ".join(str(s) for s in dict.fromkeys(t.returns))
        raise IllegalActionError(f"seat {action.seat} owes no token: the seats to choose are {owing}", "seat")
    q = st.players[action.seat]
    if action.token == "ink":
        q.ink -= 1
    else:
        q.remover -= 1
    t.returns.remove(action.seat)
    settle(st)
    after_choices(st)
