"""A doubler is not doubled by itself (``Doubling._ranked``, ``rank_targets`` in kernel/bounds.c).

The bound of the doubles still to place gives each doubling ability the best target left, two doublings a card (a
factor stops at 3). A doubler left once was counted as a target of its own abilities: with Romance W4 and U9 left
(one ability each), both went to U9 (worth 6 a doubling), 12 points, where U9 can be doubled only by W4: 9 at the
most. Now a doubler left once takes no more doublings than the abilities left less its own: the others' abilities
are at most that (on letters of their own, or uncovered, where the best of the uncovers less one go to the others
once it takes one). Seeded hand 50176 (Romance W4 and U9, three Mystery uncoverers; issue 32's 12-card tail) spent
497 k steps, CLAPPERCLAWS's root bound 38.0 for a value of 33.5; 13.8 k steps after, its root bound 35.0.

The tests hold the rule to the real best node by node (``_walk``) on random hands of two or three doublers, rich
cards and uncoverers, and both engines must take the same steps (``engines_agree``).
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_bound_rules import DOUBLERS, UNCOVERERS, _state
from test_shared_letters import engines_agree, walk_words
from test_word_bound import RICH, _walk

from solver.hardback.state import TurnState
from solver.search.hardback import Search
from solver.search.hardback.node import Node

from helpers import lexicon_of
from oracle_cases import ALL_WORDS, engines

# ``benchmarks/bench_hint.py``'s ``random_state(50176, 12)``
SEEDED_50176: dict[str, Any] = {
    "hand": [
        *["romance:W4", "mystery:P4", "mystery:W4", "adventure:N4", "adventure:R3", "romance:U9", "horror:Q4"],
        *["mystery:C5", "horror:S2", "P", "E", "C"],
    ]
}


def test_two_doublers_do_not_double_themselves() -> None:
    """Seeded hand 50176, CLAPPERCLAWS: W4 and U9 left, one ability each; U9 is doubled by W4 at most, so the
    doubles at the root are 6 + 3 (the next best target), not 12; its best, 33.5, is found by both engines."""
    state = TurnState.from_json(SEEDED_50176)
    for engine in engines():
        solver = Search(lexicon_of("clapperclaws"), state, engine=engine).solver
        best = solver.solve("clapperclaws")
        assert best is not None and best.value == 33.5, engine
    solver = Search(lexicon_of("clapperclaws"), state, engine="python").solver
    plan = solver.plan("clapperclaws")
    node = Node(0, plan, [], [0] * len(solver.profiles))
    node.uncovers, node.passing = solver._uncovers_ahead(node, plan.uncovers)
    node.live = solver._live(node)
    assert solver._doubles(node) == pytest.approx(9.0)


def test_three_doublers_double_each_other() -> None:
    """WUE and UWE with Romance W4, U9 and E6 (each doubles a neighbour): in WUE, W4 doubles U9 and U9 doubles E6,
    20 points; the bound lets each take the abilities left but its own, and the walk finds the best below every
    branch (a rule that left a doubler one doubling fewer than the others' abilities fails here)."""
    state = TurnState.from_json({"hand": ["romance:W4", "romance:U9", "romance:E6"]})
    solver = Search(lexicon_of("wue", "uwe"), state, engine="python").solver
    for word in ("wue", "uwe"):
        _walk(solver, word)
    best = solver.solve("wue")
    assert best is not None and best.value == 20.0 and best.resolution.factors == [1, 2, 2]
    engines_agree(state, ["wue", "uwe"])


def _hand(seed: int, size: int, longest: int, n_words: int) -> None:
    """Node by node, nothing pruned, and both engines step by step: a hand of ``size`` cards at most, two or three
    doublers (one of them rich now and then), one to three uncoverers; words of ``longest`` letters at most holding
    three of the hand's letters."""
    rng = random.Random(seed)
    special = rng.sample(DOUBLERS, rng.randint(2, 3)) + rng.sample(UNCOVERERS, rng.randint(1, 3))
    special += rng.sample(RICH, rng.randint(0, 1))
    special = list(dict.fromkeys(special))
    state = TurnState.from_json(_state(rng, special, rng.randint(len(special), max(size, len(special)))))
    letters = {c.match_letter for c in (*state.hand, *state.inked, *state.mine, *state.others)}
    fit = [w for w in ALL_WORDS if 3 <= len(w) <= longest and sum(ch in letters for ch in w) >= 3]
    walk_words(rng, state, fit, n_words)


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_doublers_among_rich_cards_and_uncoverers(seed: int) -> None:
    """``_hand``, 7 cards at most, words of 5 letters at most (a rule that let a doubler left once take one doubling
    fewer than the others' abilities, fails)."""
    _hand(seed, 7, 5, 4)

