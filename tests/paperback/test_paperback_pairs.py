"""The Spacebar's pairs: their bounds (``pair_bounds``, ``pair_lists``) and the level-by-level search (``pairs``).

Every bound a pass prunes with must hold for every pair the cards can spell: Hypothesis draws Spacebar hands and
word lists, the oracle spells every pair, and each pair's listed bound, its letters' required set and the best
bound of all must be at least the oracle's rank of it. The search itself is held to the oracle with its knobs
turned small (the probe of the first words in alphabetical order, the chunk of pairs bounded at once, the ways of
laying two-letter cards tried one by one), so that every path runs on small word lists. The named hand "24 cards
with the Spacebar" is frozen: its best five (every one 70 points, at most one card's point left out) answered
exact within a generous limit, and in the slow run against every pair that can score 70 at all, solved one by one.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_paperback import check_head, state

import solver.search.paperback.pair_bounds as pair_bounds
import solver.search.paperback.pair_lists as pair_lists
import solver.search.paperback.pairs as pairs
from solver.lexicon import Lexicon, default_lexicon
from solver.paperback.moves import PaperbackObjective
from solver.paperback.state import PaperbackTurn
from solver.search.paperback import PaperbackSearch
from solver.search.paperback.pair_lists import EPS, Listing

from helpers import lexicon_of
from paperback_oracle import ranking

LETTERS = "aeiorstn"
ABILITIES = ["", "", "", ":+1", ":double-word", ":double-letter", ":first:+2", ":last:+3", ":len>=5:+3",
             ":len>=8:+6", ":nowild:+2", ":wilds:+1", ":cards+1", ":copy"]


def spacebar_deal(rng: random.Random, max_cards: int = 6) -> tuple[dict[str, Any], list[str]]:
    """A Spacebar hand and a word list of many short words its cards spell (runs of its letters, in random order),
    so that many pairs exist and many tie."""
    hand: list[str] = []
    chunks: list[str] = []
    copies = 0
    for _ in range(rng.randint(2, max_cards)):
        kind = rng.choice(["one", "one", "one", "two", "wild"])
        if kind == "wild":
            hand.append("?")
            chunks.append(rng.choice(LETTERS + "xyz"))
            continue
        letters = "".join(rng.choice(LETTERS) for _ in range(1 if kind == "one" else 2))
        ability = rng.choice(ABILITIES)
        if ability == ":copy":
            copies += 1
            ability = ability if copies <= 1 else ""
        hand.append(f"{letters.upper()}/{rng.randint(0, 5)}{ability}")
        chunks.append(letters)
    hand += ["dyslexic"] * rng.choice([0, 0, 0, 1])
    words: set[str] = set()
    for _ in range(rng.randint(6, 20)):
        text = "".join(rng.sample(chunks, len(chunks)))[: rng.randint(2, 5)]
        if len(text) >= 2:
            words.add(text)
    data = state(hand, common="spacebar", threshold=rng.choice([None, 5, 7]), min_length=rng.choice([1, 2, 2, 3]))
    return data, sorted(words) or ["at"]


def listing_of(data: dict[str, Any], lex: Lexicon, objective: PaperbackObjective) -> Listing:
    """The pairs' listing a search makes (``PaperbackSearch._pairs``)."""
    s = PaperbackSearch(lex, PaperbackTurn.from_json(data), objective)
    return Listing(lex, s.hand, objective, s._pair_bounds(s._bounds()))


def check_bounds(rng: random.Random, objective: PaperbackObjective, max_cards: int = 6) -> None:
    """Every pair the oracle spells is within its listed bound, holds the letters required at its rank, and the
    best bound of all is at least as much."""
    data, words = spacebar_deal(rng, max_cards)
    lex = lexicon_of(*words)
    listing = listing_of(data, lex, objective)
    place = {int(i): k for k, i in enumerate(listing.index)}
    for text, rank in ranking(data, words, objective.value):
        if " " not in text:
            continue
        value = float(rank[0]) * (1e5 if objective is PaperbackObjective.LENGTH else 100) + float(rank[1])
        first, second = (place[lex.index(w) or 0] for w in text.split(" "))
        _, _, bound = listing._bounds(np.array([first]), np.array([second]), -math.inf, math.inf)
        assert len(bound) == 1, text  # a pair the cards spell fits
        assert value <= bound[0] + EPS <= listing.best + 2 * EPS, (text, value, bound[0], " ".join(data["hand"]))
        need = listing.required(value)
        assert need & ~(int(listing.masks[first]) | int(listing.masks[second])) == 0, text


@given(rng=st.randoms(use_true_random=False), objective=st.sampled_from(list(PaperbackObjective)))
@settings(max_examples=30, deadline=None, suppress_health_check=list(HealthCheck))
def test_every_pair_is_within_its_bounds(rng: random.Random, objective: PaperbackObjective) -> None:
    check_bounds(rng, objective)


@pytest.mark.slow
@given(rng=st.randoms(use_true_random=False), objective=st.sampled_from(list(PaperbackObjective)))
@settings(max_examples=600, deadline=None, suppress_health_check=list(HealthCheck))
def test_every_pair_is_within_its_bounds_at_length(rng: random.Random, objective: PaperbackObjective) -> None:
    check_bounds(rng, objective, max_cards=8)


KNOBS = st.sampled_from([(1, 3, 0), (2, 1, 1), (5, 7, 32)])  # PROBE, CHUNK, MAX_WAYS


def check_small_knobs(
    rng: random.Random, knobs: tuple[int, int, int], monkeypatch: pytest.MonkeyPatch, max_cards: int = 6
) -> None:
    """The search's first 1, 3 and 8 moves of every objective are the oracle's, with its knobs small."""
    probe, chunk, ways = knobs
    monkeypatch.setattr(pairs, "PROBE", probe)
    monkeypatch.setattr(pair_lists, "CHUNK", chunk)
    monkeypatch.setattr(pair_bounds, "MAX_WAYS", ways)
    data, words = spacebar_deal(rng, max_cards)
    check_head(data, words, sizes=(1, 3, 8))


@given(rng=st.randoms(use_true_random=False), knobs=KNOBS)
@settings(max_examples=10, deadline=None, suppress_health_check=list(HealthCheck))
def test_the_search_with_small_knobs_agrees_with_the_oracle(
    rng: random.Random, knobs: tuple[int, int, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    check_small_knobs(rng, knobs, monkeypatch)


@pytest.mark.slow
@given(rng=st.randoms(use_true_random=False), knobs=KNOBS)
@settings(max_examples=400, deadline=None, suppress_health_check=list(HealthCheck))
def test_the_search_with_small_knobs_agrees_with_the_oracle_at_length(
    rng: random.Random, knobs: tuple[int, int, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    check_small_knobs(rng, knobs, monkeypatch)


def test_ties_at_the_top_go_to_the_first_pairs_in_alphabetical_order(monkeypatch: pytest.MonkeyPatch) -> None:
    # every card in every pair of two of these words: all score alike, the first in alphabetical order win, the
    # probe's first words hold none of them, and the rest are listed only up to the n-th's first word
    monkeypatch.setattr(pairs, "PROBE", 2)
    words = ["aa", "ab", "ta", "at", "es", "se", "ts", "st", "ea", "ae"]
    data = state(["A/1", "T/2", "E/1", "S/3", "?", "?"], common="spacebar")
    check_head(data, words, sizes=(1, 3, 5))


# -- the named hand -------------------------------------------------------------------------------------------------

HAND = ["E/1", "E/1", "A/1", "A/1", "I/1", "O/1", "T/1", "N/1", "S/1", "R/1", "L/1", "D/2", "C/2", "M/2", "P/2",
        "TH/3", "ER/2", "IN/2", "U/1", "?", "?", "?", "K/4:double-word", "X/4"]  # bench_paperback's
BEST = [
    ("exophthalmic kindergartners", 70, 27),
    ("kindergartens xerophthalmic", 70, 27),
    ("kindergartners exophthalmic", 70, 27),
    ("xerophthalmic kindergartens", 70, 27),
    ("exophthalmic kindergartens", 70, 26),
]
NAMED = {"game": "paperback", "hand": HAND, "common": "spacebar", "threshold": 7}


def test_24_cards_with_the_spacebar_is_exact_within_a_generous_limit() -> None:
    s = PaperbackSearch(default_lexicon(), PaperbackTurn.from_json(NAMED), time_limit=5.0)
    got = [(m.word, m.score, m.length) for m in s.top(5)]
    assert s.exact, s.reason
    assert got == BEST


@pytest.mark.slow
def test_24_cards_with_the_spacebar_against_every_pair_that_can_score_70() -> None:
    """Every pair of words the cards' letters and three wilds can cover that holds K (without its double word a
    pair scores at most 35 - 4 + 1), X (else at most (35 - 4 + 1) x 2 = 64), D, C, M, P (each: 68) and H (TH/3 is
    the only H: 66), solved one by one: their best five are the search's (no single word scores 70: the best of
    the same cards without the Spacebar is less)."""
    lex = default_lexicon()
    s = PaperbackSearch(lex, PaperbackTurn.from_json(NAMED))
    supply = Counter("eeaaiotnsrldcmpthrinukx" + "e")  # the cards' letters: TH, ER and IN give two each
    must = frozenset("kxdcmph")
    by_held: dict[frozenset[str], list[str]] = {}
    for w in lex.words():
        if sum((Counter(w) - supply).values()) <= 3:
            by_held.setdefault(must & frozenset(w), []).append(w)
    texts = [
        f"{w} {v}"
        for held, firsts in by_held.items()
        for other, seconds in by_held.items()
        if held | other == must
        for w in firsts
        for v in seconds
        if len(w) + len(v) <= 27 and sum((Counter(w + v) - supply).values()) <= 3
    ]
    found = {m.word: m for m in map(s.solve, texts) if m is not None}
    best = sorted(found.values(), key=lambda m: (-m.score, -m.length, m.word))[:5]
    assert [(m.word, m.score, m.length) for m in best] == BEST
    alone = PaperbackSearch(lex, PaperbackTurn.from_json({**NAMED, "common": None}))
    assert alone.top(1)[0].score < 70 and alone.exact
