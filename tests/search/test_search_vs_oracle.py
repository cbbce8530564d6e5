"""The fast search against the brute-force oracle (tests/oracle.py), on random states over small word lists.

Each example draws a state and a few hundred words; for every word the oracle can spell, the search's best
placement of that word must score what the oracle's does, and the search's best move over the list must be
the oracle's best. Disagreements found here are frozen in tests/hardback/test_regressions.py.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solver.hardback.objectives import Objective, Weights

from oracle_cases import check, states, word_sample


@settings(max_examples=25)
@given(states(), st.integers(0, 10**6), st.sampled_from(list(Objective)))
def test_search_matches_oracle(state: dict[str, Any], seed: int, objective: Objective) -> None:
    check(state, word_sample(seed, 120), objective)


@settings(max_examples=10)
@given(states(), st.integers(0, 10**6), st.floats(0.0, 2.0), st.floats(0.0, 2.0), st.floats(-1.0, 2.0))
def test_search_matches_oracle_with_weights(
    state: dict[str, Any], seed: int, coins: float, ink: float, trash: float
) -> None:
    weights = Weights(coins=coins, ink=ink, trash=trash)
    check(state, word_sample(seed, 120), Objective.VALUE, weights)


@pytest.mark.slow
@given(states(max_hand=6), st.integers(0, 10**6), st.sampled_from(list(Objective)))
def test_search_matches_oracle_exhaustively(state: dict[str, Any], seed: int, objective: Objective) -> None:
    check(state, word_sample(seed, 400), objective)
