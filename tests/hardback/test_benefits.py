"""The benefit table: every kind has one row, its notation round-trips, and it resolves as the oracle says.

The last test is the one a new benefit kind meets first: house cards carrying it, on random states, searched and
compared with the brute-force oracle (which has its own reading of every kind, written apart from the table).
"""

from __future__ import annotations

import random
from dataclasses import fields
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solver.errors import CardCodeError
from solver.hardback.benefits import (
    BENEFIT_NOTATION_HELP,
    GAINS,
    MAX_AMOUNT,
    ON_CARD,
    TABLE,
    Benefit,
    Kind,
    Role,
    most,
    parse_benefits,
    plain_value,
)
from solver.hardback.cards import Card
from solver.hardback.genres import Genre
from solver.hardback.objectives import Objective, Weights
from solver.hardback.outcome import Totals

from oracle_cases import check, states, word_sample


def benefit_of(kind: Kind, amount: int, genre: Genre) -> Benefit:
    row = TABLE[kind]
    return Benefit(kind, amount if "{n}" in row.token else 1, genre if "{genre}" in row.token else None)


def test_every_kind_has_one_row() -> None:
    assert list(TABLE) == list(Kind)
    assert all(row.kind is kind for kind, row in TABLE.items())


def test_gains_are_totals_and_weights() -> None:
    """What a benefit adds to is a total of a move and a weight of ``value``: the moves' value reads both."""
    totals = {f.name for f in fields(Totals)}
    weights = {f.name for f in fields(Weights)}
    for row in TABLE.values():
        assert set(row.gives) <= set(GAINS), row.kind
        if row.role in (Role.GAIN, Role.PER_CARD, Role.TRASH, Role.DUMP):
            assert row.gives, row.kind
        if row.role is Role.PER_CARD:
            assert row.per is not None and len(row.gives) == 1, row.kind
        # what the resolver and the outcome assume of a role: a trash pays on the card, a dump pays coins
        if row.role is Role.TRASH:
            assert len(row.gives) == 1 and row.gives[0] in ON_CARD, row.kind
        if row.role is Role.DUMP:
            assert row.gives == ("coins",), row.kind
    assert set(GAINS) <= totals and set(GAINS) <= weights


@given(st.sampled_from(list(Kind)), st.integers(1, MAX_AMOUNT), st.sampled_from(list(Genre)))
def test_notation_round_trips(kind: Kind, amount: int, genre: Genre) -> None:
    b = benefit_of(kind, amount, genre)
    assert parse_benefits(str(b)) == (b,)
    assert parse_benefits(str(b).upper()) == (b,)
    card = Card.from_code(f"romance:Q4{{{b} | {b}}}")
    assert card.basic == card.genre_bonus == (b,)
    assert Card.from_code(card.code) == card


@pytest.mark.parametrize("kind", list(Kind))
def test_words_and_help_name_each_kind(kind: Kind) -> None:
    b = benefit_of(kind, 3, Genre.HORROR)
    assert b.describe() and "{" not in b.describe()
    if "{n}" in TABLE[kind].token:
        assert "3" in b.describe()
    shown = TABLE[kind].token.replace("{n}", "N").replace("{genre}", "GENRE")
    assert shown in BENEFIT_NOTATION_HELP


@pytest.mark.parametrize("token", ["2c*wild2", "c", "3q", "trash=", "dump=2p", "preview", "2c*", "0p", "100c"])
def test_malformed_tokens_are_refused_by_name(token: str) -> None:
    with pytest.raises(CardCodeError, match="benefit"):
        parse_benefits(token)


def test_a_choice_goes_to_the_weightier_gain() -> None:
    either = (Benefit(Kind.EITHER, 2),)
    assert plain_value(either, 1, Weights(coins=0.5)) == 2.0
    assert plain_value(either, 3, Weights(coins=2.0)) == 12.0
    trash = (Benefit(Kind.TRASH_FOR_COINS, 3),)
    assert plain_value(trash, 1, Weights(coins=0.5, trash=1.0)) == 0.5
    assert plain_value(trash, 1, Weights(coins=0.5, trash=2.0)) == 0.0  # not worth trashing the card


def test_most_counts_each_gain() -> None:
    bs = (Benefit(Kind.EITHER, 2), Benefit(Kind.COINS_PER_GENRE, 1, Genre.MYSTERY), Benefit(Kind.INK_OR_REMOVER))
    assert most(bs, "coins", 4) == 2 + 4
    assert most(bs, "prestige", 4) == 2
    assert most(bs, "ink", 4) == 1


def with_house_cards(state: dict[str, Any], kind: Kind, seed: int) -> dict[str, Any]:
    """Two house Romance cards carrying the benefit (as a basic and as a genre benefit) added to the hand."""
    rng = random.Random(seed)
    b = benefit_of(kind, rng.randint(1, 3), rng.choice(list(Genre)))
    letters = rng.sample("aeinorst", 2)
    house = [f"romance:{letters[0]}3{{{b} | 1p}}", f"romance:{letters[1]}4{{1c | {b}}}"]
    return {**state, "hand": [*state["hand"][:4], *house]}


@pytest.mark.parametrize("kind", list(Kind))
@settings(max_examples=3)
@given(state=states(max_hand=3), seed=st.integers(0, 2**16), objective=st.sampled_from(list(Objective)))
def test_each_kind_resolves_as_the_oracle_says(
    kind: Kind, state: dict[str, Any], seed: int, objective: Objective
) -> None:
    check(with_house_cards(state, kind, seed), word_sample(seed, 60), objective)


@pytest.mark.slow
@pytest.mark.parametrize("kind", list(Kind))
@settings(max_examples=20)
@given(state=states(max_hand=4), seed=st.integers(0, 2**16), objective=st.sampled_from(list(Objective)))
def test_each_kind_resolves_as_the_oracle_says_at_length(
    kind: Kind, state: dict[str, Any], seed: int, objective: Objective
) -> None:
    check(with_house_cards(state, kind, seed), word_sample(seed, 150), objective)


def test_a_genre_made_live_by_a_chain_of_passing_uncoverers_is_not_ruled_out() -> None:
    """Found by the slow oracle comparison (frozen here): ABBA laid A3 face-up, then S3, V9 and H7 uncovered, each
    uncovered uncoverer passing the chain on; Romance is active (S3 and H7) and H7's genre doubling doubles V9, 23
    in all. The search's genre check counted only the one uncover the face-up cards bring, ruled Romance out and
    cut the word at 15.5 under any floor above it: both engines now count the passing chain."""
    state = {
        "hand": ["adventure:P4", "romance:H7", "mystery:V9", "romance:s3{uncover | 1p}", "romance:e4{1c | uncover}"],
        "inked": ["mystery:A3"],
        "discard": ["horror:B6", "mystery:J8"],
        "remover": 1,
        "options": {"rules": "bga", "literary_awards": False, "award_held": 7},
    }
    check(state, ["abba", "arks", "bars", "sabra", "vara"], Objective.VALUE)


def test_the_tokens_remembered_are_bounded_and_read_as_anew(monkeypatch: pytest.MonkeyPatch) -> None:
    from solver.hardback import benefits

    monkeypatch.setattr(benefits, "READ_MOST", 5)
    monkeypatch.setattr(benefits, "_READ", {})
    tokens = [f"{n}c" for n in range(1, 21)] + [f"{n}P" for n in range(1, 21)] + ["2c*adventure", "2C*A"]
    read = [parse_benefits(t) for t in tokens]
    assert len(benefits._READ) <= 5
    assert read == [(benefits._read_token(t.lower(), t),) for t in tokens]  # as read through the patterns
    assert read[20] == (Benefit(Kind.PRESTIGE, 1),) and read[-1] == read[-2]
