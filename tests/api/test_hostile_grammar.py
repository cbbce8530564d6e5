"""Hostile requests built from the card notation's grammar, not from a list: Hypothesis writes inline Hardback
cards with many benefits (every kind of the benefit table, eithers, uncovers and doubles: Mystery and doubling
chains), huge classics lists, catalogue cards, odd text, and Paperback hands of many abilities and wilds, and
sends them to every search endpoint of a live server with small limits.

Each request must end within its limit plus half a second of its sending (or be refused at once), never answer
500, and leave the search workers idle afterwards. The default run is a few examples an endpoint; ``pytest -m
slow`` runs many more.
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Iterator
from typing import Any

import pytest
from attack_helpers import GENRES, post, workers_busy
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from solver.hardback.benefits import TABLE

from live_server import live_server

SLACK = 0.5
IDLE = 0.25
FEW = settings(max_examples=6, deadline=None, suppress_health_check=list(HealthCheck))
# the slow run's examples an endpoint: 150 by hand, fewer in CI's bounded slice (GHOSTWRITER_HOSTILE_EXAMPLES)
MANY = settings(
    max_examples=int(os.environ.get("GHOSTWRITER_HOSTILE_EXAMPLES", "150")),
    deadline=None,
    suppress_health_check=list(HealthCheck),
)

amounts = st.integers(1, 99)
genres = st.sampled_from(GENRES)


@st.composite
def benefit(draw: st.DrawFn) -> str:
    """One benefit token of the table's notation, its amount and genre drawn; uncover, double and eithers
    drawn more often, as they cost the search most."""
    costly = st.sampled_from(["uncover", "double", "1c/p", "2c/p", "trash=1p", "dump=1c"])
    token = draw(st.one_of(costly, st.sampled_from([row.token for row in TABLE.values()])))
    return token.replace("{n}", str(draw(amounts))).replace("{genre}", draw(genres))


@st.composite
def inline_card(draw: st.DrawFn) -> str:
    """``genre:LETTERcost[tc]{basic | genre}``: up to 8 benefits a side (the notation's most)."""
    letter = draw(st.sampled_from("ABCDEFGHIJKLMNOPQRSTUVWXYZ"))
    sides = [" ".join(draw(st.lists(benefit(), max_size=8))) or "-" for _ in range(2)]
    tc = "tc" if draw(st.booleans()) else ""
    return f"{draw(genres)}:{letter}{draw(st.integers(0, 9))}{tc}{{{sides[0]} | {sides[1]}}}"


catalogue = st.sampled_from(
    ["m:A3", "m:C5", "m:D4", "m:K2", "m:L6", "m:M3", "r:B3", "r:F6", "r:H7", "r:U9", "a:A5", "h:H7", "E", "S", "T"]
)
odd_text = st.text(min_size=1, max_size=40)  # any Unicode: refused with a 422 naming it, never a crash
card = st.one_of(inline_card(), catalogue)


@st.composite
def with_odd_text(draw: st.DrawFn, cards: list[str]) -> list[str]:
    """``cards``, one of them odd text one time in ten (most bodies are read and searched)."""
    if cards and draw(st.integers(0, 9)) == 0:
        cards = [*cards]
        cards[draw(st.integers(0, len(cards) - 1))] = draw(odd_text)
    return cards
classic = inline_card().map(lambda c: c if "tc{" in c else c.replace("{", "tc{", 1))


@st.composite
def hardback_body(draw: st.DrawFn) -> dict[str, Any]:
    hand = draw(with_odd_text(draw(st.lists(card, min_size=1, max_size=24))))
    body: dict[str, Any] = {"hand": hand, "top": draw(st.integers(1, 50))}
    if draw(st.booleans()):
        body["timeless"] = {"mine": draw(st.lists(classic, max_size=16)), "others": draw(st.lists(classic, max_size=4))}
    body["time_limit"] = draw(st.sampled_from([0.05, 0.2, 0.6]))
    return body


pcard = st.one_of(
    st.sampled_from(["E/1", "TH/3", "?", "R/2", "S/1", "QU/6", "A/1"]),
    st.builds(
        lambda letter, abilities: f"{letter}/2:" + ",".join(abilities),
        st.sampled_from("ABCDEFGHIJ"),
        st.lists(st.sampled_from(["double-word", "double-letter", "copy", "+3", "cards+1", "trash-hand"]), min_size=1,
                 max_size=8),
    ),
)


@st.composite
def paperback_body(draw: st.DrawFn) -> dict[str, Any]:
    hand = draw(with_odd_text(draw(st.lists(pcard, min_size=1, max_size=24))))
    body: dict[str, Any] = {"hand": hand, "top": draw(st.integers(1, 50))}
    if draw(st.booleans()):
        body["common"] = draw(st.sampled_from(["spacebar", "dyslexic", "O/1"]))
    body["time_limit"] = draw(st.sampled_from([0.05, 0.2, 0.6]))
    return body


ENDPOINTS: dict[str, tuple[str, Any]] = {
    "hint": ("/v1/hardback/hint", hardback_body()),
    "frontier": ("/v1/hardback/hint", hardback_body().map(lambda b: {**b, "pareto": True})),
    "rate": ("/v1/hardback/rate", st.builds(lambda b, w: {**b, "word": w}, hardback_body(), st.text(max_size=30))),
    "ink-advice": (
        "/v1/hardback/ink-advice",
        st.builds(lambda b, d: {**b, "draw": d, "max_k": len(d)}, hardback_body(), st.lists(catalogue, max_size=3)),
    ),
    "paperback": ("/v1/paperback/hint", paperback_body()),
}


@pytest.fixture(scope="module")
def base() -> Iterator[str]:
    cmd = [sys.executable, "-m", "solver.cli", "serve", "--workers", "1", "--time-budget", "1"]
    env = {"GHOSTWRITER_HEAVY_PER_CLIENT": "100", "GHOSTWRITER_LIGHT_PER_CLIENT": "100"}
    with live_server(cmd, env) as url:
        yield url


def check(base: str, path: str, body: dict[str, Any]) -> None:
    status, answer, seconds, _ = post(base + path, body)
    event(f"status {status}")  # the statuses' spread, in Hypothesis' statistics (pytest --hypothesis-show-statistics)
    limit = min(float(body.get("time_limit") or 1.0), 1.0)
    assert status != 500, answer
    assert seconds <= limit + SLACK, f"{path} took {seconds:.2f} s for a {limit:g} s limit: {body}"


def run_endpoint(base: str, name: str, config: settings) -> None:
    path, bodies = ENDPOINTS[name]

    @config
    @given(bodies)
    def one(body: dict[str, Any]) -> None:
        check(base, path, body)

    one()
    time.sleep(0.2)
    assert workers_busy(base) < IDLE


@pytest.mark.parametrize("name", list(ENDPOINTS))
def test_hostile_requests_from_the_grammar_end_within_their_limits(base: str, name: str) -> None:
    run_endpoint(base, name, FEW)


@pytest.mark.slow
@pytest.mark.parametrize("name", list(ENDPOINTS))
def test_many_hostile_requests_from_the_grammar_end_within_their_limits(base: str, name: str) -> None:
    run_endpoint(base, name, MANY)
