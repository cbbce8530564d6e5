"""Before the word: drawing with ink, freeing an inked card with a remover, or passing the turn."""

from __future__ import annotations

from solver.game.hardback.actions import IllegalActionError, Ink, Pass, Remover
from solver.game.hardback.coop import penny_ink
from solver.game.hardback.state import GameState, Phase, PlayerState
from solver.game.hardback.table import card_of, draw
from solver.game.hardback.turn import finish_turn
from solver.game.hardback.view import event_of


def ahead(st: GameState, action: Ink | Remover) -> bool:
    """Whether an ink or remover action is used out of turn, for the next word of its seat (a seat whose turn is
    not under way: another player's, or the player in turn's own once its turn is over, in the event phase);
    ``IllegalActionError`` for a seat that is not at the table."""
    seat = action.seat
    if seat is None:
        return False
    if not 0 <= seat < len(st.players):
        raise IllegalActionError(f'"seat" must be a seat at the table, 0 to {len(st.players) - 1}', "seat")
    return seat != st.current or st.phase == Phase.EVENT


def _actor(st: GameState, action: Ink | Remover) -> PlayerState:
    return st.player if action.seat is None else st.players[action.seat]


def ink(st: GameState, action: Ink) -> None:
    """Spend an ink to draw a card that must be used in the next word: in the player's prepare phase, or out of
    turn (``ahead``), for the seat's next word; the card joins the seat's inked cards either way."""
    p = _actor(st, action)
    if p.ink < 1:
        raise IllegalActionError("no ink to spend: buy ink (1 coin each) in a purchase phase")
    event = event_of(st, p)
    if event and event.no_ink:
        raise IllegalActionError(f"event {event.name}: no drawing with ink")
    if not p.draw and not p.discard and not p.set_aside:
        raise IllegalActionError("no card left to draw: the draw and discard piles are empty")
    p.ink -= 1
    if not ahead(st, action):
        st.turn.ink_used += 1
    penny_ink(st, 1)
    card = draw(st, p)
    assert card is not None
    p.inked.append(card)


def remover(st: GameState, action: Remover) -> None:
    p = _actor(st, action)
    if p.remover < 1:
        raise IllegalActionError("no remover token: removers come from Horror cards")
    card = card_of(st, action.card, "card")
    if card not in p.inked:
        raise IllegalActionError(f"{card.code} is not an inked card of yours")
    p.remover -= 1
    p.inked.remove(card)
    p.hand.append(card)


def pass_turn(st: GameState, action: Pass) -> None:
    """Writer's block (or a forfeit): every card of the hand to the discard pile, and the turn is over."""
    p = st.player
    p.discard.extend(p.hand + p.inked + p.must_wild)
    p.hand, p.inked, p.must_wild = [], [], []
    p.passes += 1
    finish_turn(st)
