"""The turn state contract: parsing, limits, errors and round-trips."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from solver.errors import StateError
from solver.hardback.catalogue import Catalogue, Rules
from solver.hardback.state import MAX_HAND, TurnState

CODES = [c.code for c in Catalogue.hardback() if not c.timeless and not c.is_starter]
TIMELESS = [c.code for c in Catalogue.hardback() if c.timeless]


def test_full_state_parses_and_round_trips() -> None:
    data = {
        "game": "hardback",
        "hand": ["r:F6", "E", "a:A5", "S", "T"],
        "inked": ["h:H7", "starter:O0{- | -}"],
        "imposed": ["starter:O0{- | -}"],
        "timeless": {"mine": ["m:A5"], "others": ["r:K5"]},
        "discard": ["B"],
        "remover": 1,
        "ink": 2,
        "options": {"rules": "bga", "literary_awards": True, "award_held": 8, "min_length": 3},
    }
    state = TurnState.from_json(data)
    assert [c.code for c in state.hand] == ["romance:F6", "E", "adventure:A5", "S", "T"]
    assert [c.code for c in state.imposed] == ["starter:O0{- | -}"] and len(state.inked) == 2
    assert state.options.rules is Rules.BGA and state.options.award_held == 8
    again = TurnState.from_json(json.loads(json.dumps(state.to_json())))
    assert again == state


def test_only_hand_is_required() -> None:
    state = TurnState.from_text('{"hand": ["E", "A"]}')
    assert state.inked == () and state.remover == 0 and state.options.min_length == 2


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"hand": []}, "hand is empty"),
        ({}, 'no "hand"'),
        ({"hand": "E"}, "must be a list"),
        ({"hand": ["E", 3]}, r"hand\[1\] must be a card code"),
        ({"hand": ["romance:F5"]}, r"hand\[0\]: no card 'romance:F5'.*romance:F4, romance:F6"),
        ({"hand": ["romance:F6", "romance:F6"]}, "given 2 times but the box has one copy"),
        ({"hand": ["E"] * 6}, "given 6 times but the box has 5 copies"),
        ({"hand": ["r:F6"], "discard": ["r:F6"]}, "given 2 times"),
        ({"hand": ["E"], "timeless": {"mine": ["r:F6"]}}, "not a timeless classic"),
        ({"hand": ["E"], "remover": -1}, "remover"),
        ({"hand": ["E"], "remover": True}, "remover"),
        ({"hand": ["E"], "options": {"rules": "house"}}, "use 'printed' or 'bga'"),
        ({"hand": ["E"], "options": {"colour": 1}}, "unknown option 'colour'"),
        ({"hand": ["E"], "hnad": []}, "unknown state field 'hnad'"),
        ({"hand": ["E"], "game": "paperback"}, "not supported"),
        ({"hand": ["E"], "timeless": []}, "timeless"),
        ({"hand": ["E"], "imposed": "O"}, '"imposed" must be a list'),
        ({"hand": ["E"], "imposed": ["starter:Ö0"]}, r"imposed\[0\]: "),
        (
            {"hand": ["E"], "imposed": ["starter:O0{- | -}"]},
            r'imposed\[0\]: starter:O0\{- \| -\} is not one of the "inked"',
        ),
        (
            {"hand": ["E"], "inked": ["starter:O0{- | -}"], "imposed": ["starter:O0{- | -}", "starter:O0{- | -}"]},
            r"imposed\[1\]: .* names it more often",
        ),
        ({"hand": ["E"], "inked": ["O"], "imposed": ["starter:O0{- | -}"]}, r'imposed\[0\]: .* "inked"'),
    ],
)
def test_bad_states_name_the_problem(data: dict[str, Any], message: str) -> None:
    with pytest.raises(StateError, match=message):
        TurnState.from_json(data)


def test_card_limit() -> None:
    with pytest.raises(StateError, match=f"at most {MAX_HAND}"):
        TurnState.from_json({"hand": CODES[: MAX_HAND + 1]})
    assert len(TurnState.from_json({"hand": CODES[:MAX_HAND]}).hand) == MAX_HAND


def test_not_json() -> None:
    with pytest.raises(StateError, match="not JSON"):
        TurnState.from_text("{hand: [E]}")
    with pytest.raises(StateError, match="JSON object"):
        TurnState.from_text("[1, 2]")


def test_inline_cards_in_a_state() -> None:
    state = TurnState.from_json(
        {"hand": ["romance:Q4{2p | 1c}", "romance:Q4{2p | 1c}"], "timeless": {"mine": ["mystery:Z3{1p | 1c}"]}}
    )
    assert len(state.hand) == 2  # house cards have no box limit
    assert state.mine[0].timeless


@given(
    st.lists(st.sampled_from(CODES), min_size=1, max_size=8, unique=True),
    st.lists(st.sampled_from(TIMELESS), max_size=3, unique=True),
    st.integers(0, 3),
)
def test_states_round_trip(hand: list[str], classics: list[str], remover: int) -> None:
    state = TurnState.from_json({"hand": hand, "timeless": {"mine": classics}, "remover": remover})
    assert TurnState.from_json(state.to_json()) == state


@given(st.lists(st.sampled_from("AEOST"), max_size=3), st.lists(st.sampled_from(CODES), max_size=2, unique=True))
def test_imposed_letters_round_trip(letters: list[str], inked: list[str]) -> None:
    """A rival's letter (Disfigured Letter) is an inked entry named again in "imposed"."""
    blanks = [f"starter:{x}0{{- | -}}" for x in letters]
    state = TurnState.from_json({"hand": ["E"], "inked": [*inked, *blanks], "imposed": blanks})
    assert [c.code for c in state.imposed] == blanks
    assert TurnState.from_json(json.loads(json.dumps(state.to_json()))) == state


def test_the_service_reads_the_same_fields() -> None:
    """One field set: the service's request models name the fields the solver reads, no more and no fewer."""
    from service.schemas import OptionsIn, StateIn
    from solver.hardback.state import OPTION_KEYS, STATE_KEYS

    assert set(StateIn.model_fields) == STATE_KEYS
    assert set(OptionsIn.model_fields) == OPTION_KEYS
