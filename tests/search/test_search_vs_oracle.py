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


@pytest.mark.parametrize("objective", list(Objective))
@pytest.mark.parametrize("remover", [0, 1])
def test_a_letter_a_rival_imposed_is_no_inked_card_for_bga_horror_h(objective: Objective, remover: int) -> None:
    """Disfigured Letter under BGA rules: Horror H counts the cards drawn with ink (A3), not the blank O a rival
    imposed, and a remover may free A3 but never the O (every engine against the oracle)."""
    state = {
        "hand": ["horror:H7", "horror:T4", "S", "E"],
        "inked": ["horror:A3", "starter:O0{- | -}"],
        "imposed": ["starter:O0{- | -}"],
        "remover": remover,
        "options": {"rules": "bga"},
    }
    words = ["hot", "hat", "oath", "oaths", "hose", "those", "shot", "host", "hoes", "ohs", "set", "the", "heats"]
    check(state, words, objective)


@pytest.mark.slow
@given(states(max_hand=6), st.integers(0, 10**6), st.sampled_from(list(Objective)))
def test_search_matches_oracle_exhaustively(state: dict[str, Any], seed: int, objective: Objective) -> None:
    check(state, word_sample(seed, 400), objective)


# hands built to stress one rule of the per-word bound each (``solver.search.hardback.exact``): the uncovers shared
# among
# doublers that can stand only uncovered (Romance doublers beside Mystery uncoverers), the letters that cannot
# all be wilds (Mystery N's prestige per wild, with inked cards and a classic that must stand face-up), a doubling
# of Mystery N worth one a wild card the word can still hold, inked uncoverers that are never uncovered without a
# remover, and a doubler whose neighbour must be an uncoverer (tests/search/test_word_bound.py checks these node by
# node)
STRESS = {
    "shared uncovers": ["romance:Z5", "romance:J6", "romance:B3", "mystery:R4", "mystery:E4"],
    "forced face-up": ["mystery:N7", "mystery:Q5", "mystery:E4", "mystery:O3"],
    "Mystery N doubled": ["mystery:N7", "romance:Z5", "romance:J6", "mystery:E4", "mystery:O3"],
    "inked uncoverers stand face-up": ["mystery:V9", "romance:J6", "mystery:A3", "mystery:Q3", "adventure:F8"],
    "a doubler before a card that must uncover": ["romance:U9", "mystery:W4", "mystery:U2", "mystery:D4"],
}


@pytest.mark.parametrize("rule", sorted(STRESS))
@settings(max_examples=15)
@given(state=states(max_hand=3), seed=st.integers(0, 10**6), objective=st.sampled_from(list(Objective)))
def test_bound_rules_never_cut_the_best(rule: str, state: dict[str, Any], seed: int, objective: Objective) -> None:
    cards = STRESS[rule]

    def other(codes: list[str]) -> list[str]:
        return [c for c in codes if c not in cards]

    timeless = state["timeless"]
    stressed = {
        **state,
        "hand": [*cards[:3], *other(state["hand"])[:1]],
        "inked": [*cards[3:], *other([c for c in state["inked"] if c not in state["imposed"]])[:1], *state["imposed"]],
        "discard": other(state["discard"]),
        "timeless": {"mine": other(timeless["mine"]), "others": other(timeless["others"])},
    }
    check(stressed, word_sample(seed, 50), objective)
