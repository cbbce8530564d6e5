"""Paperback's hidden cards redrawn for one seat (the protocol's ``sample``): a world a planner may play on.

What ``seat`` cannot see, and so is redrawn: the order of every draw pile (its own included), the other seats'
hands (each seat's hand and draw pile pooled and dealt again, the hand keeping its size), each Offer pile's cards
under its face-up top card, the Common cards under the length track's top one together with those not dealt (the
track keeping its length), and the random generator (the future shuffles). What stays: everything face up (the
Offer's top and row cards, the Fame piles, the discard piles, the trash, the word, the cubes, the expansions'
cards, a simultaneous round's words announced) and the seat's own hand; simultaneous play's Offer deck is redrawn.
"""

from __future__ import annotations

import random

from solver.game.paperback.engine import PaperbackState


def redraw(st: PaperbackState, seat: int, rng: random.Random) -> None:
    """Redraw in place what ``seat`` cannot see of ``st`` (the module's docstring), from ``rng``."""
    for s, p in enumerate(st.players):
        if s == seat:
            rng.shuffle(p.draw)
            continue
        pool = p.hand + p.draw
        rng.shuffle(pool)
        p.hand, p.draw = pool[: len(p.hand)], pool[len(p.hand) :]
    for pile in st.offer:
        under = pile[:-1]
        rng.shuffle(under)
        pile[:-1] = under
    if st.track:
        hidden = st.track[1:] + st.unused
        rng.shuffle(hidden)
        st.track[1:], st.unused = hidden[: len(st.track) - 1], hidden[len(st.track) - 1 :]
    if st.simul is not None:  # simultaneous play's Offer deck, face down
        rng.shuffle(st.simul.deck)
    st.rng = random.Random(rng.getrandbits(64))
