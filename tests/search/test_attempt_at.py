"""The best-first loop's call, ``attempt_at`` (a lexicon word by its index), against ``attempt`` (the word's text).

The compiled solver reads the word's codes from the lexicon and translates them into the kernel's in one step; the
translation is also its memo's key. Whatever the path, a word must get the same answer, in the same steps, and the
memo must be one: an answer learnt by either path serves the other.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solver.hardback.resolve import Placement
from solver.hardback.state import TurnState
from solver.lexicon import Lexicon, default_lexicon
from solver.search.hardback import Search, compiled

from oracle_cases import engines, random_hand

pytestmark = pytest.mark.skipif("compiled" not in engines(), reason="the compiled kernel is not built here")


@pytest.fixture(scope="module")
def lexicon() -> Lexicon:
    return default_lexicon()


def _answer(found: Placement | float) -> tuple[Any, ...]:
    if isinstance(found, Placement):
        return ("placement", found.word, round(found.value, 9), list(found.slots))
    return ("upper", round(found, 9))


def _asks(lex: Lexicon, state: dict[str, Any], seed: int) -> tuple[Search, list[tuple[int, float]]]:
    """A search of the state, and words it might spell with floors: some asked twice, some at a lower floor after
    a higher one, so that the memo answers part of them."""
    search = Search(lex, TurnState.from_json(state), engine="compiled")
    index = search.bounds.index
    rng = random.Random(seed)
    picks = [int(index[rng.randrange(len(index))]) for _ in range(40)]
    picks += picks[:15]  # the same words again
    floors = [rng.choice([float("-inf"), 0.0, 5.0, 10.0, 20.0]) for _ in picks]
    return search, list(zip(picks, floors, strict=True))


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), size=st.sampled_from([5, 8, 12]))
def test_attempt_at_answers_as_attempt_in_the_same_steps(lexicon: Lexicon, seed: int, size: int) -> None:
    state = random_hand(seed, size)
    by_index, asks = _asks(lexicon, state, seed)
    by_text, _ = _asks(lexicon, state, seed)
    assert isinstance(by_index.solver, compiled.CompiledWordSolver) and by_index.solver.compiled  # (the kernel's path)
    for i, floor in asks:
        a = by_index.solver.attempt_at(lexicon, i, floor)
        b = by_text.solver.attempt(lexicon.word(i), floor)
        assert _answer(a) == _answer(b), (lexicon.word(i), floor)
        assert by_index.budget.ticks == by_text.budget.ticks


def test_either_path_reads_what_the_other_learnt(lexicon: Lexicon) -> None:
    search = Search(lexicon, TurnState.from_json(random_hand(7, 8)), engine="compiled")
    i = int(search.bounds.index[0])
    word = lexicon.word(i)
    first = search.solver.attempt(word)
    steps = search.budget.ticks
    again = search.solver.attempt_at(lexicon, i)
    assert search.budget.ticks == steps  # answered by the memo: no step taken
    assert _answer(again) == _answer(first)
    # a word with the same letters where the cards have letters (its projection) is the same problem
    other = next(
        (j for j in search.bounds.index[1:2000] if lexicon.codes(int(j)) != lexicon.codes(i)
         and search.solver._key(lexicon.word(int(j))) == search.solver._key(word)),
        None,
    )
    if other is not None:
        found = search.solver.attempt_at(lexicon, int(other))
        assert search.budget.ticks == steps
        if isinstance(found, Placement):
            assert found.word == lexicon.word(int(other))  # the placement is given the word asked for
