"""What the win model reads of a Paperback table: per seat, its Fame, what its deck spells a turn (the mean card's
letter score and abilities, times a hand), its Common cards (the tie-break), and whether it still plays this round;
crossed with how near the end is: the game ends when two Fame piles are empty or the last Common card is gained,
so the cards left before either happens (``left``) stand for the time left.

A deck's cards are public in Paperback too (bought in the open); their order is not read.
"""

from __future__ import annotations

import numpy as np

from solver.game.paperback.protocol import PaperbackTable
from solver.game.paperback.state import PaperbackState
from solver.planner.model import Matrix, WinModel

HAND = 5
COLUMNS = (
    "fame",  # Fame / 20
    "fame_near",  # Fame / 20, times 1 / (1 + left / 4): the score counts more near the end
    "rate",  # score a hand of the deck spells / 10
    "rate_left",  # ... times left / 10
    "commons",  # Common cards / 4
    "to_play",  # 1 when the seat still plays this round
    "deck",  # cards owned / 20
)
BASELINE = ("fame", "fame_near")


def cards_left(st: PaperbackState) -> float:
    """Cards to be taken before the game ends: the two smallest Fame piles, or the Common cards on the track."""
    piles = sorted(len(p) for p in st.fame)
    fame = sum(piles[:2]) if len(piles) >= 2 else 0
    return 0.0 if st.ending else float(min(fame, len(st.track)) if st.track else fame)


def deck_rate(st: PaperbackState, cards: list[int]) -> float:
    if not cards:
        return 0.0
    total = 0.0
    for i in cards:
        c = st.card(i)
        total += c.score + sum(a.effect.worth * max(1, a.amount if a.effect.worth_scales else 1) for a in c.abilities)
    return total / len(cards) * min(HAND, len(cards))


def seat_row(st: PaperbackState, seat: int, left: float) -> list[float]:
    owned = [*st.players[seat].owned(), *(st.word if seat == st.current else [])]
    fame = st.fame_of(seat) / 20.0
    rate = deck_rate(st, owned) / 10.0
    return [
        fame,
        fame / (1.0 + left / 4.0),
        rate,
        rate * left / 10.0,
        st.commons_of(seat) / 4.0,
        1.0 if seat >= st.current else 0.0,
        len(owned) / 20.0,
    ]


def table(game: PaperbackTable) -> Matrix:
    st = game.state
    left = cards_left(st)
    return np.array([seat_row(st, s, left) for s in range(len(st.players))], dtype=np.float64)


def features(game: PaperbackTable, model: WinModel) -> Matrix:
    return table(game)[:, [COLUMNS.index(f) for f in model.features]]


def chances(game: PaperbackTable, model: WinModel) -> list[float]:
    """Each seat's chance to win by ``model``; a finished game gives its winner 1 (a tie or co-op shared)."""
    n = len(game.state.players)
    if game.over():
        w = game.winner()
        return [1.0 / n] * n if w is None else [1.0 if i == w else 0.0 for i in range(n)]
    return model.chances(features(game, model))
