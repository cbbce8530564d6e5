"""Cards moving on the table: drawing (with the reshuffle), the offer row dealt and restocked, and the action
arguments that name a card or an offer-row slot read against the state."""

from __future__ import annotations

from solver.errors import GhostwriterError
from solver.game.hardback.actions import IllegalActionError
from solver.game.hardback.state import HAND_SIZE, GameState, PlayerState
from solver.hardback.cards import Card
from solver.hardback.catalogue import Catalogue


def draw(st: GameState, p: PlayerState) -> Card | None:
    """The top card of a player's draw pile, reshuffling the discard pile into it when it is empty.

    Cards set aside by Bizarre Love Triangle come back to the discard pile at that shuffle, after it: they miss
    one pass through the deck (shuffled in with the rest, setting them aside would change nothing).
    """
    while not p.draw:
        if not p.discard and not p.set_aside:
            return None
        p.draw, p.discard, p.set_aside = p.discard, p.set_aside, []
        st.rng.shuffle(p.draw)
    return p.draw.pop()


def draw_hand(st: GameState, p: PlayerState) -> None:
    """Draw up to a full hand; a Mechanical Rap Battle then takes a random card of it."""
    while len(p.hand) < HAND_SIZE:
        card = draw(st, p)
        if card is None:
            break
        p.hand.append(card)
    if p.rap_battle and p.hand:
        lost = p.hand.pop(st.rng.randrange(len(p.hand)))
        p.discard.append(lost)
        p.rap_battle = 0


def restock(st: GameState) -> None:
    """An empty offer deck is remade from the non-starter cards removed from the game."""
    again = [c for c in st.removed if not c.is_starter]
    st.removed = [c for c in st.removed if c.is_starter]
    st.rng.shuffle(again)
    st.offer_deck = again


def refill(st: GameState, slot: int) -> None:
    """Deal the offer deck's top card into a slot of the row (appended when the slot is past the end)."""
    if not st.offer_deck:
        restock(st)
    if not st.offer_deck:
        return
    card = st.offer_deck.pop()
    age = st.turns + 1  # dealt during turn k (counted from 0): k + 1; the set-up row is 0
    if slot >= len(st.offer_row):
        st.offer_row.append(card)
        st.offer_age.append(age)
    else:
        st.offer_row.insert(slot, card)
        st.offer_age.insert(slot, age)
    if st.options.coop and card.genre is not None:
        owner = st.players[st.current]
        for c in owner.in_play:
            if c.genre is card.genre:
                owner.in_play.remove(c)
                owner.discard.append(c)
                break


def replace(st: GameState, slot: int) -> None:
    """Take the card at an offer-row slot out of the row (the caller says where it goes) and deal another there."""
    del st.offer_row[slot]
    del st.offer_age[slot]
    refill(st, slot)  # the new card takes the same slot, so no other slot moves


# -- action arguments read against the state --------------------------------------------------------------------


def card_of(st: GameState, code: str, name: str) -> Card:
    """The card a code names in the game's catalogue; the argument's ``name`` in the error."""
    try:
        return Catalogue.hardback(st.options.rules).lookup(code)
    except GhostwriterError as e:
        raise IllegalActionError(f"{name}: {e}") from None


def row_slot(st: GameState, slot: int | None) -> int:
    """An offer-row position that holds a card (None: the argument was not given)."""
    n = len(st.offer_row)
    if slot is None or not 0 <= slot < n:
        raise IllegalActionError(f'"slot" must be an offer-row position from 0 to {n - 1}')
    return slot
