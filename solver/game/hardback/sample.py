"""Hardback's hidden cards redrawn for one seat (the protocol's ``sample``): a world a planner may play on.

What ``seat`` cannot see, and so is redrawn: the order of every draw pile (its own included), the other seats'
hands (each seat's hand and draw pile pooled and dealt again, the hand keeping its size), the offer deck's order,
the events still to draw, and the random generator (the future shuffles). What stays: everything face up (the
offer row, discard piles, inked cards, classics in play, jails, tokens, scores), the seat's own hand, and the cards
the seat in turn is previewing.
"""

from __future__ import annotations

import random

from solver.game.hardback.state import GameState


def redraw(st: GameState, seat: int, rng: random.Random) -> None:
    """Redraw in place what ``seat`` cannot see of ``st`` (the module's docstring), from ``rng``."""
    for p in st.players:
        if p.seat == seat:
            rng.shuffle(p.draw)
            continue
        pool = p.hand + p.draw
        rng.shuffle(pool)
        p.hand, p.draw = pool[: len(p.hand)], pool[len(p.hand) :]
    rng.shuffle(st.offer_deck)
    rng.shuffle(st.events_deck)
    st.rng = random.Random(rng.getrandbits(64))
