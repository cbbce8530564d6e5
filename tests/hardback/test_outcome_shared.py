"""What a resolver keeps across the moves it explains (``Resolver.gains``: each benefit kind's gain under its
weights) changes no outcome: the moves of a search, explained by one resolver in turn, equal those explained each
by a fresh resolver, under the value weights and under the prestige objective's."""

from __future__ import annotations

import random

import pytest

from solver.hardback.catalogue import Catalogue
from solver.hardback.objectives import Objective
from solver.hardback.outcome import outcome
from solver.hardback.resolve import Resolver
from solver.hardback.state import TurnState
from solver.lexicon import Lexicon
from solver.search.hardback import Search

CARDS = list(Catalogue.hardback())


def _state(rng: random.Random) -> TurnState:
    offer = [c.code for c in CARDS if not c.is_starter and not c.timeless]
    starters = [c.code for c in CARDS if c.is_starter]
    classics = [c.code for c in CARDS if c.timeless]
    drawn = rng.sample(offer, 4)  # three in hand, one inked: each card once
    hand = drawn[:3] + rng.sample(starters, 2)
    mine = [rng.choice(classics)]
    return TurnState.from_json({"hand": hand, "inked": drawn[3:], "timeless": {"mine": mine}})


@pytest.mark.parametrize("objective", [Objective.VALUE, Objective.PRESTIGE])
def test_a_shared_resolver_explains_as_fresh_ones_do(enable: Lexicon, objective: Objective) -> None:
    rng = random.Random(5)
    compared = 0
    for _ in range(12):
        search = Search(enable, _state(rng), objective=objective)
        placements = search.top_placements(5)
        shared = search.resolver
        for p in placements:
            fresh = Resolver(search.pool)
            one = outcome(shared, p.word, p.slots, p.resolution, p.choices)
            other = outcome(fresh, p.word, p.slots, p.resolution, p.choices)
            assert one == other
            assert fresh.gains and fresh.gains.items() <= shared.gains.items()
            compared += 1
    assert compared >= 40
