"""The cooperative anthology: Penny Dreadful's turn, and the genre bonuses of her signature genre."""

from __future__ import annotations

from solver.game.state import GameState, Phase
from solver.game.table import refill
from solver.hardback.genres import Genre


def penny_turn(st: GameState) -> None:
    """Penny takes the first offer-row card for its cost in prestige (her genre's twice; her mystery takes the
    cheapest card too); the game ends when the table or she reaches the goal."""
    assert st.penny is not None
    goal = st.options.target * len(st.players)
    if sum(q.prestige for q in st.players) >= goal:  # the table finished first: the game ends before Penny plays
        st.phase = Phase.OVER
        return
    if st.offer_row:
        card = st.offer_row.pop(0)
        st.offer_age.pop(0)
        st.removed.append(card)
        gain = card.cost * (2 if st.penny.genre == "romance" and card.genre is Genre.ROMANCE else 1)
        st.penny.prestige += gain
        if st.penny.genre == "mystery" and card.genre is Genre.MYSTERY and st.offer_row:
            cheapest = min(range(len(st.offer_row)), key=lambda i: (st.offer_row[i].cost, i))
            st.removed.append(st.offer_row.pop(cheapest))
            st.offer_age.pop(cheapest)
            refill(st, len(st.offer_row))
        refill(st, len(st.offer_row))
    if st.penny.prestige >= goal:
        st.phase = Phase.OVER


def penny_purchase(st: GameState) -> None:
    """Her adventure: a prestige each purchase while the row shows an adventure card."""
    if st.penny and st.penny.genre == "adventure" and any(c.genre is Genre.ADVENTURE for c in st.offer_row):
        st.penny.prestige += 1


def penny_ink(st: GameState, n: int) -> None:
    """Her horror: a prestige each ink spent while the row shows a horror card."""
    if st.penny and st.penny.genre == "horror" and any(c.genre is Genre.HORROR for c in st.offer_row):
        st.penny.prestige += n
