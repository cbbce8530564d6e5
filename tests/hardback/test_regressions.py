"""Cases where the fast search once disagreed with the oracle, frozen (each names what went wrong)."""

from __future__ import annotations

from helpers import search


def test_a_doubler_still_to_come_can_double_the_card_just_placed() -> None:
    """The pruning bound forgot that a doubler placed next may double the card before it (romance:Y4 after A)."""
    s = search(
        ["dray", "sad", "skid"],
        "coins",
        hand=["romance:Y4", "A"],
        inked=["mystery:L6", "mystery:D4"],
        remover=1,
    )
    best = s.top(1)[0]
    assert (best.word, best.coins, best.prestige) == ("dray", 2, 8)
    placement = s.solve("dray")
    assert placement is not None
    probed = s.solver.solve("dray", placement.value - 5)
    assert probed is not None and probed.value == placement.value
