"""The purchase phase: flushing the offer row, buying cards, ink and adverts, turning ink into coins, and the
turn's end."""

from __future__ import annotations

from solver.game.hardback.actions import Advert, Buy, Convert, End, Flush, IllegalActionError, InkBuy
from solver.game.hardback.coop import penny_ink, penny_purchase
from solver.game.hardback.rules import ADVERTS, can_flush
from solver.game.hardback.state import OFFER_ROW, GameState
from solver.game.hardback.table import refill, replace, row_slot
from solver.game.hardback.turn import finish_turn
from solver.text import plural


def flush(st: GameState, action: Flush) -> None:
    if st.options.coop:
        raise IllegalActionError("the offer row cannot be flushed in the cooperative anthology")
    if st.turn.flushed or st.turn.bought:
        raise IllegalActionError("the offer row can be flushed once a turn, before buying")
    if not can_flush(st.offer_row):
        raise IllegalActionError("a flush needs 4 offer-row cards costing 6 coins or more, or 4 of one genre")
    st.removed.extend(st.offer_row)
    st.offer_row, st.offer_age = [], []
    for _ in range(OFFER_ROW):
        refill(st, len(st.offer_row))
    st.turn.flushed = True
    st.turn.row_changed = True


def buy(st: GameState, action: Buy) -> None:
    p, t = st.player, st.turn
    if action.slot is None:
        if not p.jail:
            raise IllegalActionError("your jail is empty")
        card = p.jail[0]
    else:
        card = st.offer_row[row_slot(st, action.slot)]
    if card.cost > t.coins:
        raise IllegalActionError(f"{card.code} costs {plural(card.cost, 'coin')}; you have {t.coins}")
    row = list(st.offer_row)  # as the card is bought (Penny's adventure looks at it)
    t.coins -= card.cost
    if action.slot is None:
        p.jail = []
    else:
        replace(st, action.slot)
        t.row_changed = True
    p.discard.append(card)
    p.prestige += card.purchase_prestige
    t.bought += 1
    p.bought += 1
    penny_purchase(st, row)


def ink_buy(st: GameState, action: InkBuy) -> None:
    n, t = action.n, st.turn
    if n > t.coins:
        raise IllegalActionError(f"{n} ink costs {plural(n, 'coin')}; you have {t.coins}")
    t.coins -= n
    st.player.ink += n


def convert(st: GameState, action: Convert) -> None:
    n, p = action.n, st.player
    if 3 * n > p.ink:
        raise IllegalActionError(f"{n} coin(s) need {3 * n} ink; you have {p.ink}")
    p.ink -= 3 * n
    st.turn.ink_used += 3 * n
    st.turn.coins += n
    penny_ink(st, 3 * n)


def advert(st: GameState, action: Advert) -> None:
    p = st.player
    if not st.options.adverts:
        raise IllegalActionError("adverts are not in play (option adverts)")
    if p.adverts >= len(ADVERTS):
        raise IllegalActionError("every advert is bought")
    cost, gain = ADVERTS[p.adverts]
    if cost > st.turn.coins:
        raise IllegalActionError(f"the next advert costs {plural(cost, 'coin')}; you have {st.turn.coins}")
    st.turn.coins -= cost
    p.adverts += 1
    p.prestige += gain


def end(st: GameState, action: End) -> None:
    finish_turn(st)
