"""The player powers (an option of the printed rules): each one's effect, after the checks every power shares
(powers in play, the player's own, an aggressive one once a turn, its ink)."""

from __future__ import annotations

from collections.abc import Callable

from solver.errors import GhostwriterError
from solver.game.hardback.actions import IllegalActionError, Power
from solver.game.hardback.coop import penny_ink
from solver.game.hardback.options import Powers
from solver.game.hardback.rules import AGGRESSIVE, POWERS, blank
from solver.game.hardback.state import GameState, Phase, PlayerState
from solver.game.hardback.table import card_of, draw, restock, row_slot
from solver.hardback.cards import Card
from solver.hardback.genres import Genre


def use_power(st: GameState, action: Power) -> None:
    p, name = st.player, action.name
    if st.options.powers is Powers.NONE:
        raise IllegalActionError("player powers are not in play (option powers)")
    if name != p.power:
        raise IllegalActionError(f"your power is {p.power!r} ({POWERS[p.power][0]})")
    title, cost, _ = POWERS[name]
    if name in AGGRESSIVE and name in st.turn.powers_used:
        raise IllegalActionError(f"{title} is an aggressive power: once a turn")
    if name in FOR_THE_WORD and st.phase != Phase.PREPARE:
        raise IllegalActionError(f"{title} {FOR_THE_WORD[name]}: use it before you spell (the word is spelled)")
    if name == "miniaturize":
        cost = 1 if action.n is None else action.n
    if p.ink < cost:
        raise IllegalActionError(f"{title} costs {cost} ink; you have {p.ink}")
    EFFECTS[name](st, action, cost)
    p.ink -= cost
    st.turn.ink_used += cost
    st.turn.powers_used.append(name)
    penny_ink(st, cost, penny_first=True)  # the cost is paid before the power gives anything


# The powers whose card must be in this turn's word (the variants rulebook), so that they are for before the word:
FOR_THE_WORD = {
    "unnatural": "puts an offer-row card in the word you spell",
    "exploration": 'draws a card that "must be used in your word"',
    "unsightly": 'draws a card to "use it face-down as a wild card in your word"',
}


def _opponents(st: GameState) -> list[PlayerState]:
    return [q for q in st.players if q.seat != st.current]


def _unnatural(st: GameState, action: Power, cost: int) -> None:
    slot = row_slot(st, action.slot)
    if slot in st.turn.borrowed:
        raise IllegalActionError("that offer-row card is already in your hand this turn")
    st.turn.borrowed.append(slot)


def _lyrical(st: GameState, action: Power, cost: int) -> None:
    st.player.prestige += 1


def _exploration(st: GameState, action: Power, cost: int) -> None:
    p = st.player
    try:
        genre = Genre.parse(action.genre) if action.genre is not None else None
    except GhostwriterError:
        genre = None
    if genre is None:
        raise IllegalActionError('Deck Exploration needs "genre": adventure, horror, mystery or romance')
    seen: list[Card] = []
    found = None
    while found is None:
        card = draw(st, p)
        if card is None:
            break
        if card.genre is genre:
            found = card
        else:
            seen.append(card)
    st.rng.shuffle(seen)
    p.draw.extend(seen)
    if found is not None:
        p.inked.append(found)


def _unsightly(st: GameState, action: Power, cost: int) -> None:
    card = draw(st, st.player)
    if card is None:
        raise IllegalActionError("no card left to draw")
    st.player.must_wild.append(card)


def _pint(st: GameState, action: Power, cost: int) -> None:
    card = draw(st, st.player)
    if card is None:
        raise IllegalActionError("no card left to draw")
    st.turn.peek = [card]


def _triangle(st: GameState, action: Power, cost: int) -> None:
    picks = _picks(st, action, "discard")
    for q in _opponents(st):
        if q.seat in picks:
            q.discard.remove(picks[q.seat])
            q.set_aside.append(picks[q.seat])


def _disfigured(st: GameState, action: Power, cost: int) -> None:
    if not st.offer_deck:
        restock(st)
    if not st.offer_deck:
        raise IllegalActionError("the offer deck is empty")
    card = st.offer_deck.pop()
    st.removed.append(card)
    for q in _opponents(st):
        q.disfigured.append(blank(card.letter))


def _miniaturize(st: GameState, action: Power, cost: int) -> None:
    for q in _opponents(st):
        q.ink = max(0, q.ink - 2 * cost)


def _rap(st: GameState, action: Power, cost: int) -> None:
    for q in _opponents(st):
        q.rap_battle = 1


def _journey(st: GameState, action: Power, cost: int) -> None:
    picks = _picks(st, action, "hand")
    for q in _opponents(st):
        if q.seat in picks:
            q.hand.remove(picks[q.seat])
            q.must_wild.append(picks[q.seat])


def _picks(st: GameState, action: Power, zone: str) -> dict[int, Card]:
    """The card picked in each opponent's zone (``hand`` or ``discard``), by seat; seats not picked are left out."""
    given = dict(action.cards or ())
    out: dict[int, Card] = {}
    for q in _opponents(st):
        if q.seat not in given:
            continue
        card = card_of(st, given[q.seat], f"cards[{q.seat}]")
        if card not in getattr(q, zone):
            raise IllegalActionError(f"{card.code} is not in seat {q.seat}'s {zone}")
        out[q.seat] = card
    return out


EFFECTS: dict[str, Callable[[GameState, Power, int], None]] = {
    "unnatural": _unnatural,
    "lyrical": _lyrical,
    "exploration": _exploration,
    "unsightly": _unsightly,
    "pint": _pint,
    "triangle": _triangle,
    "disfigured": _disfigured,
    "miniaturize": _miniaturize,
    "rap": _rap,
    "journey": _journey,
}
