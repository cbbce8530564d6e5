"""The game's actions as values: every kind reads back from its JSON form (``action_from_json(a.to_json()) == a``),
the JSON forms the bots and the terminal write are kept byte for byte, and a form that cannot be read is refused
with the engine's error naming what is wrong."""

from __future__ import annotations

import json
from dataclasses import asdict, fields
from typing import Any, get_args

import pytest
from hypothesis import given
from hypothesis import strategies as st

from solver.game.hardback.actions import (
    Action,
    Advert,
    Buy,
    Convert,
    Dump,
    End,
    EventChoice,
    Flush,
    IllegalActionError,
    Ink,
    InkBuy,
    Jail,
    LayoutEntry,
    Pass,
    Power,
    Preview,
    Remover,
    Skip,
    Spell,
    action_from_json,
)
from solver.game.hardback.rules import ACTIONS
from solver.hardback.objectives import Objective, Weights
from solver.hardback.profile import Source
from solver.hardback.resolve import Face

seats = st.integers(0, 4)
whole = st.integers(-(2**31), 2**31)
counts = st.integers(1, 999)
codes = st.text(min_size=1, max_size=12).filter(str.strip)
words = st.text(st.characters(categories=("Ll", "Lu")), min_size=1, max_size=12)
weights = st.builds(Weights, **{f.name: st.floats(-1000, 1000, allow_nan=False) for f in fields(Weights)})
entries = st.builds(LayoutEntry, codes, st.sampled_from(list(Face)), st.none() | st.sampled_from(list(Source)))
picks = st.lists(st.tuples(seats, codes), unique_by=lambda p: p[0], max_size=4).map(tuple)

ACTIONS_OF_EVERY_KIND: st.SearchStrategy[Action] = st.one_of(
    st.just(Ink()),
    st.builds(Remover, codes),
    st.builds(
        Power,
        st.sampled_from(["unnatural", "lyrical", "exploration", "triangle", "miniaturize"]),
        st.none() | whole,
        st.none() | st.text(max_size=10),
        st.none() | counts,
        st.none() | picks,
    ),
    st.builds(
        Spell,
        words,
        st.lists(entries, max_size=8).map(tuple),
        st.sampled_from(list(Objective)),
        st.none() | weights,
        st.none() | whole,
    ),
    st.just(Pass()),
    st.builds(Dump, codes),
    st.builds(Jail, whole, st.booleans()),
    st.builds(Preview, st.lists(whole, max_size=4).map(tuple)),
    st.just(Skip()),
    st.just(Flush()),
    st.builds(Buy, st.none() | whole),
    st.builds(InkBuy, counts),
    st.builds(Convert, counts),
    st.just(Advert()),
    st.just(End()),
    st.builds(EventChoice, st.none() | whole),
)


@given(ACTIONS_OF_EVERY_KIND)
def test_every_action_reads_back_from_its_json_form(action: Action) -> None:
    data = action.to_json()
    assert data["action"] == action.KIND
    assert action_from_json(json.loads(json.dumps(data))) == action


def test_every_kind_has_its_phases() -> None:
    assert {kind.KIND for kind in get_args(Action)} == set(ACTIONS)


@pytest.mark.parametrize(
    "data",
    [
        {
            "action": "spell",
            "word": "tea",
            "layout": [{"code": "T", "face": "up", "source": "hand"}],
            "objective": "value",
        },
        {"action": "spell", "word": "at", "layout": [{"code": "r:F6", "face": "wild"}], "objective": "value"},
        {"action": "jail", "slot": 2, "keep": False},
        {"action": "preview", "discard": [0, 2]},
        {"action": "buy", "jail": True},
        {"action": "buy", "slot": 6},
        {"action": "ink_buy", "n": 3},
        {"action": "power", "name": "miniaturize", "n": 1},
        {"action": "power", "name": "journey", "cards": {"2": "E", "1": "romance:U9"}},
        {"action": "event"},
        {"action": "event", "swap": 1},
    ],
)
def test_the_forms_the_bots_and_the_terminal_write_are_kept(data: dict[str, Any]) -> None:
    assert json.dumps(action_from_json(data).to_json()) == json.dumps(data)


def test_weights_are_written_in_full() -> None:
    action = action_from_json({"action": "spell", "word": "at", "layout": [], "weights": {"coins": 0.25}})
    assert action.to_json()["weights"] == {**asdict(Weights()), "coins": 0.25}


@pytest.mark.parametrize(
    ("data", "message", "field"),
    [
        ("ink", "an action is an object", ""),
        ({"action": "fly"}, "unknown action 'fly': advert, buy, convert", ""),
        ({"action": "remover"}, '"card" must be a card code', ""),
        ({"action": "jail", "slot": "1"}, '"slot" must be an offer-row position from 0 to 6', ""),
        ({"action": "jail", "slot": 1, "keep": "yes"}, '"keep" must be true', ""),
        ({"action": "preview", "discard": [True]}, '"discard" must list positions', ""),
        ({"action": "ink_buy", "n": 1000}, '"n" must be a whole number from 1 to 999', ""),
        ({"action": "power"}, 'power needs "name"', ""),
        ({"action": "power", "name": "triangle", "cards": {"one": "E"}}, '"cards" must map each opponent', ""),
        ({"action": "power", "name": "triangle", "cards": {"1": 5}}, '"cards\\[1\\]" must be a card code', ""),
        ({"action": "spell", "word": ""}, 'spell needs "word"', ""),
        ({"action": "spell", "word": "at", "layout": "A T"}, '"layout" must be a list', "layout"),
        (
            {"action": "spell", "word": "at", "layout": ["A", {"code": "T", "face": "x"}]},
            "layout\\[1\\] \\(letter T\\)",
            "layout[1]",
        ),
        ({"action": "spell", "word": "at", "layout": [], "ghost": True}, "ghost must be another player's seat", ""),
        ({"action": "event", "swap": "1"}, '"swap" must be the seat of a player ahead', ""),
    ],
)
def test_a_form_that_cannot_be_read_is_refused_naming_what_is_wrong(data: object, message: str, field: str) -> None:
    with pytest.raises(IllegalActionError, match=message) as caught:
        action_from_json(data)
    assert caught.value.field == field


def test_keys_the_protocol_does_not_know_are_ignored() -> None:
    assert action_from_json({"action": "ink", "note": "first draw"}) == Ink()
