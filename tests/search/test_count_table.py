"""A house rule's new count, added through the count table alone (issue 27, item 4): "N coins per face-up card in the
word".

The rule is one row of the count table (``solver.hardback.benefits.COUNT_TABLE``: what it counts, how it reads a
placement, its bound for the search, its case in the kernel's switch: ``counted`` in
``solver/search/hardback/kernel/resolve.c``, ``PER_FACE_UP``) and the row of its benefit in the benefit table
(``{n}c*up``), both made and added here (``house_count``). Nothing else knows of it: the notation, the resolver, the
outcome and its explanation, the search's bounds (Python and compiled) and the kernel read the tables. The
brute-force oracle (``tests/oracle.py``) counts it on its own terms (``HOUSE_COUNTS``), and the search of both
engines must find the oracle's best move, its word bound never under the value, its per-word bound never under the
best placement below any node (``_walk``).
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_word_bound import _walk

from solver.errors import CardCodeError
from solver.hardback.benefits import (
    COUNT_TABLE,
    Benefit,
    Count,
    CountRow,
    Kind,
    Role,
    Row,
    Tally,
    house_count,
    parse_benefits,
)
from solver.hardback.cards import Card
from solver.hardback.objectives import Objective
from solver.hardback.state import TurnState
from solver.search.hardback import Search, compiled

import oracle
from helpers import lexicon_of
from oracle import Slot as OracleSlot
from oracle_cases import check, engines

FACE_UP = Count.house("FACE_UP", "face-up")
COINS_PER_FACE_UP = Kind.house("COINS_PER_FACE_UP", "coins_per_face_up")
ROW = Row(
    COINS_PER_FACE_UP,
    "{n}c*up",
    "{n} coin{s} per face-up card in the word",
    Role.PER_CARD,
    ("coins",),
    per=FACE_UP,
    note="{q} coins for {count} {what} cards",
)


def _face_up(t: Tally, genre: int) -> int:
    return t.letters - t.wilds  # the word's cards not wild (nor uncovered)


def _most(t: Tally, genre: int) -> int:
    return t.letters  # no word holds more cards than the turn has


COUNT = CountRow(FACE_UP, _face_up, _most, kernel=3)  # kernel/kernel.h's PER_FACE_UP


def _oracle_face_up(slots: tuple[OracleSlot, ...]) -> int:
    return sum(1 for s in slots if s.face == "up")


OUTSIDE = {"test_a_token_read_under_the_rule_is_not_remembered_past_it"}  # tests that enter the rule themselves


@pytest.fixture(autouse=True)
def house(request: pytest.FixtureRequest) -> Iterator[None]:
    if request.node.name in OUTSIDE:
        yield
        return
    oracle.HOUSE_COUNTS[COINS_PER_FACE_UP] = ("coins", _oracle_face_up)
    try:
        with house_count(ROW, COUNT):
            yield
    finally:
        del oracle.HOUSE_COUNTS[COINS_PER_FACE_UP]


def test_a_token_read_under_the_rule_is_not_remembered_past_it() -> None:
    """Tokens read are remembered (``benefits._READ``): one the house rule reads must be unknown again after it."""
    with pytest.raises(CardCodeError, match="unknown genre 'up'"):
        parse_benefits("2c*up")
    with house_count(ROW, COUNT):
        assert parse_benefits("2c*up") == (Benefit(COINS_PER_FACE_UP, 2),)
    with pytest.raises(CardCodeError, match="unknown genre 'up'"):
        parse_benefits("2c*up")


# house cards with the new benefit, beside cards whose counts and abilities it meets: Mystery N (prestige per wild),
# a Horror per-inked card, uncoverers (uncovered cards are no face-up cards), doublers (a doubled count)
HOUSE = ["adventure:U4{1c*up | 1p}", "romance:S3{- | 2c*up}", "horror:T5{1c*up 1p | 1c}"]
OTHERS = ["mystery:N7", "mystery:E4", "mystery:R4", "romance:J6", "horror:H7", "adventure:F8", "O", "E", "T", "S"]
WORDS = ["test", "tune", "stun", "nuts", "utter", "stout", "rust", "oust", "tenet", "tenor", "outset", "unset"]


def _state(rng: random.Random) -> dict[str, Any]:
    hand = rng.sample(HOUSE, rng.randint(1, 3)) + rng.sample(OTHERS, rng.randint(2, 4))
    if rng.random() < 0.4:
        return {"hand": hand[1:], "inked": hand[:1]}
    return {"hand": hand}


def test_the_tables_read_the_new_count() -> None:
    """The notation, the words and the kind's JSON name come from the new row; the count is the table's."""
    (b,) = parse_benefits("2c*up")
    assert b.kind is COINS_PER_FACE_UP and b.amount == 2 and b.genre is None
    assert str(b) == "2c*up" and b.describe() == "2 coins per face-up card in the word"
    assert Kind("coins_per_face_up") is COINS_PER_FACE_UP and Count("face-up") is FACE_UP
    assert COUNT_TABLE[FACE_UP] is COUNT
    card = Card.from_code(HOUSE[0])
    assert card.basic == (Benefit(COINS_PER_FACE_UP, 1),)


def test_the_kernel_takes_the_new_count() -> None:
    """Its row names a case of the kernel's switch, so the compiled engine searches such pools itself."""
    if not compiled.available():
        pytest.skip("the compiled kernel is not built")
    search = Search(lexicon_of("tuns"), TurnState.from_json({"hand": [HOUSE[0], "T", "N", "S"]}), engine="compiled")
    assert isinstance(search.solver, compiled.CompiledWordSolver) and search.solver.compiled


def test_a_count_with_no_kernel_case_is_searched_in_python() -> None:
    """A row with no case in the kernel (``kernel`` None) leaves its pools to the Python search, which gives the
    same move (a card of its own: profiles read the table when they are made)."""
    if not compiled.available():
        pytest.skip("the compiled kernel is not built")
    state = TurnState.from_json({"hand": ["adventure:U6{1c*up | -}", "T", "N", "S", "E"]})
    lex = lexicon_of("tuns", "nuts", "stun", "tune", "tunes")
    COUNT_TABLE[FACE_UP] = CountRow(FACE_UP, _face_up, _most, kernel=None)
    try:
        want = Search(lex, state, engine="python").top(1)[0]
        search = Search(lex, state, engine="compiled")
        assert isinstance(search.solver, compiled.CompiledWordSolver) and not search.solver.compiled
        got = search.top(1)[0]
    finally:
        COUNT_TABLE[FACE_UP] = COUNT
    assert (got.word, got.value, got.coins) == (want.word, want.value, want.coins)


def test_the_outcome_and_its_explanation_count_the_face_up_cards() -> None:
    """TUNE with U face-up and E laid wild: three cards face-up, so U's coin per face-up card brings 3, and the
    explanation says so."""
    state = TurnState.from_json({"hand": [HOUSE[0], "T", "N", "S"]})
    search = Search(lexicon_of("tune"), state, Objective.COINS, engine="python")
    best = search.solve("tune")
    assert best is not None
    move = search.move(best)
    (u,) = [c for c in move.cards if c.letter.lower() == "u"]
    assert u.coins == 3
    assert "3 coins for 3 face-up cards" in u.notes
    for engine in engines():
        other = Search(lexicon_of("tune"), state, Objective.COINS, engine=engine)
        found = other.solve("tune")
        assert found is not None and other.move(found).coins == move.coins


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), objective=st.sampled_from(list(Objective)))
def test_the_search_finds_the_oracles_best_with_the_new_count(seed: int, objective: Objective) -> None:
    """Every engine's best placement of each word scores the oracle's, its word bound never under it (``check``)."""
    rng = random.Random(seed)
    check(_state(rng), rng.sample(WORDS, 6), objective)


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_the_bound_never_underestimates_with_the_new_count(seed: int) -> None:
    """Node by node, the per-word bound is at least the best placement below (``_walk``, nothing pruned)."""
    rng = random.Random(seed)
    state = TurnState.from_json(_state(rng))
    words = rng.sample(WORDS, 4)
    solver = Search(lexicon_of(*words), state, engine="python").solver
    for word in words:
        _walk(solver, word)
