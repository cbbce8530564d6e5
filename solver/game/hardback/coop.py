"""The cooperative anthology: Penny Dreadful's turn, the bonuses of her signature genre, and the end of the game.

The variants rulebook: "The game continues until one side - either the players or Penny Dreadful - completes the
Prestige tracker a number of times equal to the number of players (not including Penny)." and "If the players
complete their final lap first, they win the game [...] if Penny Dreadful completes her final lap first, the
players lose". A side completes its final lap whenever its prestige reaches the goal (the target once for each
player), on Penny's turn or in the middle of a player's (her Adventure and Horror signatures score during the
players' turns): ``reached`` records the first side to get there in ``GameState.result``, and the engine ends the
game after the action that got it there (``turn.end_early``).
"""

from __future__ import annotations

from collections.abc import Sequence

from solver.game.hardback.state import GameState, Phase
from solver.game.hardback.table import refill
from solver.hardback.cards import Card
from solver.hardback.genres import Genre

WON = "won"
LOST = "lost"


def goal(st: GameState) -> int:
    """The prestige each side needs: a lap of the tracker (the target) for each player."""
    return st.options.target * len(st.players)


def table_prestige(st: GameState) -> int:
    """The players' shared score (each seat's prestige is its part of the table's one token)."""
    return sum(q.prestige for q in st.players)


def reached(st: GameState, penny_first: bool = False) -> None:
    """Record the side that has completed its final lap, if none has yet: the players (``won``) or Penny
    (``lost``). Call it after each gain, so that the first side to get there is the one recorded; when both got
    there in one step, the players are taken first unless ``penny_first`` (Penny's gain came first)."""
    if st.penny is None or st.result:
        return
    table, penny = table_prestige(st) >= goal(st), st.penny.prestige >= goal(st)
    if penny and (penny_first or not table):
        st.result = LOST
    elif table:
        st.result = WON


def penny_turn(st: GameState) -> None:
    """Penny takes the first offer-row card for its cost in prestige (her genre's twice; her mystery takes the
    cheapest card too); the game ends when she completes her final lap."""
    assert st.penny is not None
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
    reached(st)
    if st.result:
        st.phase = Phase.OVER


def penny_purchase(st: GameState, row: Sequence[Card]) -> None:
    """Her adventure: "any time at least one Adventure card is on the Offer Row, Penny receives one Prestige point
    for each card the players purchase" (``row``: the offer row as the card was bought; the card's own prestige,
    gained as it is bought, counts first)."""
    reached(st)
    if st.penny and st.penny.genre == "adventure" and any(c.genre is Genre.ADVENTURE for c in row):
        st.penny.prestige += 1
        reached(st)


def penny_ink(st: GameState, n: int, penny_first: bool = False) -> None:
    """Her horror: "any time at least one Horror card is in the Offer Row, Penny gains one Prestige point for each
    Ink the players use": every ink spent, to draw a card, to pay a power, or turned into coins.
    ``penny_first``: the ink was paid before the rest of the action gave the players anything (a power's cost)."""
    if st.penny and st.penny.genre == "horror" and any(c.genre is Genre.HORROR for c in st.offer_row):
        st.penny.prestige += n
    reached(st, penny_first)
