"""The word bounds (``solver.search.hardback.bound``) never underestimate, rule by rule, against the exact search.

Each test draws hands that exercise one rule of the bound, searches a few dozen words chosen to hold the hand's
letters, and checks every word the hand can spell: its bound is at least its best placement's value (the exact
per-word search, itself checked against the brute-force oracle in ``test_search_vs_oracle.py``). The rules:
- the uncover budget is shared: cards that stand only uncovered (doublers among them) take one uncover each;
- a genre is active only where two of its cards can stand, so a doubler whose double needs its genre doubles
  nothing elsewhere;
- per-wild specials (Mystery N) are credited per letter that could be wild, their doublings apart;
- words of one signature share one bound, the same as each would get alone.
"""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from solver.hardback.benefits import Benefit
from solver.hardback.catalogue import Catalogue
from solver.hardback.state import TurnState
from solver.lexicon import Lexicon
from solver.search.hardback import Search, bound, signatures

from helpers import lexicon_of
from oracle_cases import ALL_WORDS, CLASSICS, OFFER, STARTERS

CARDS = list(Catalogue.hardback())


def _has(benefits: tuple[Benefit, ...], token: str) -> bool:
    return any(token in str(b) for b in benefits)


UNCOVERERS = [c.code for c in CARDS if not c.timeless and _has(c.basic + c.genre_bonus, "uncover")]
DOUBLERS = [c.code for c in CARDS if not c.timeless and _has(c.basic + c.genre_bonus, "double")]
GENRE_DOUBLERS = [c.code for c in CARDS if _has(c.genre_bonus, "double") and not _has(c.basic, "double")]
MYSTERY_N = [c.code for c in CARDS if _has(c.basic + c.genre_bonus, "*wild")]
MYSTERY = [c.code for c in CARDS if c.code.startswith("mystery:") and not c.timeless]
ROMANCE = [c.code for c in CARDS if c.code.startswith("romance:") and not c.timeless]
# cards of our own that push the rules: many uncovers and doubles, and a per-wild special on the basic side
CUSTOM = [
    "mystery:E9{2p uncover uncover double | 1c uncover double}",
    "romance:A9{1c double double | 2p double uncover}",
    "mystery:T9{1p 1p*wild | 2p*wild double}",
    "romance:S9{1p | 2p double double}",
]


def _state(rng: random.Random, special: list[str], size: int) -> dict[str, Any]:
    """A hand of ``size`` cards holding ``special``, the rest offer cards and starters, with now and then an inked
    card, classics of your own or an opponent's in play, a discard pile, a remover, the awards."""
    others = [c for c in OFFER if c not in special]  # a house card has one copy in the box
    hand = special + rng.sample(others, rng.randint(0, size - len(special)))
    hand += rng.sample(STARTERS, size - len(hand))
    rng.shuffle(hand)
    inked = [hand.pop()] if len(hand) > 1 and rng.random() < 0.3 else []  # the hand keeps a card
    classics = rng.sample(CLASSICS, 2)
    discard = rng.sample([c for c in others if c not in hand + inked], rng.randint(0, 2))
    return {
        "hand": hand,
        "inked": inked,
        "timeless": {
            "mine": classics[:1] if rng.random() < 0.4 else [],
            "others": classics[1:] if rng.random() < 0.3 else [],
        },
        "discard": discard,
        "remover": rng.randint(0, 1),
        "options": {"literary_awards": rng.random() < 0.3},
    }


def _words(rng: random.Random, state: TurnState, n: int, longest: int) -> list[str]:
    """Up to n words of the examples' list, most of them holding several letters of the cards (they are the ones
    whose bounds count the cards' benefits), none longer than ``longest``."""
    letters = {c.match_letter for c in (*state.hand, *state.inked, *state.mine, *state.others)}
    fit = [w for w in ALL_WORDS if len(w) <= longest]
    rich = [w for w in fit if sum(ch in letters for ch in w) >= min(3, len(w))]
    picked = rng.sample(rich, min(len(rich), 3 * n // 4))
    picked += rng.sample(fit, n - len(picked))
    return sorted(set(picked))


def _check(state_json: dict[str, Any], seed: int, n_words: int = 30, longest: int = 7) -> None:
    """Every word the hand can spell has a bound at least its best value (and one the hand cannot spell may have
    none)."""
    rng = random.Random(seed)
    state = TurnState.from_json(state_json)
    words = _words(rng, state, n_words, longest)
    lex: Lexicon = lexicon_of(*words)
    search = Search(lex, state)
    bound_of = dict(zip(search.bounds.index.tolist(), search.bounds.bound.tolist(), strict=True))
    for word in words:
        p = search.solve(word)
        if p is None:
            continue
        i = lex.index(word)
        assert i in bound_of, (word, p.slots)
        assert bound_of[i] >= p.value - 1e-9, (word, bound_of[i], p.value, p.slots, p.resolution)


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_doublers_that_stand_only_uncovered_share_the_uncovers(seed: int) -> None:
    rng = random.Random(seed)
    special = rng.sample(UNCOVERERS, rng.randint(1, 2)) + rng.sample(DOUBLERS, rng.randint(2, 3))
    _check(_state(rng, special, rng.randint(len(special), 7)), seed)


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_a_double_that_needs_its_genre_counts_only_where_two_of_the_genre_can_stand(seed: int) -> None:
    rng = random.Random(seed)
    special = rng.sample(GENRE_DOUBLERS, rng.randint(1, 2)) + rng.sample(ROMANCE, 1) + rng.sample(UNCOVERERS, 1)
    special += rng.sample(MYSTERY, rng.randint(0, 1))
    _check(_state(rng, list(dict.fromkeys(special)), rng.randint(len(special), 7)), seed)


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_per_wild_specials_and_their_doublings_are_credited_once(seed: int) -> None:
    rng = random.Random(seed)
    special = MYSTERY_N + rng.sample(MYSTERY, 1) + rng.sample(DOUBLERS, rng.randint(1, 2))
    special += rng.sample(UNCOVERERS, rng.randint(0, 1))
    _check(_state(rng, list(dict.fromkeys(special)), rng.randint(len(special), 7)), seed)


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_cards_of_our_own_with_many_uncovers_doubles_and_per_wild_specials(seed: int) -> None:
    rng = random.Random(seed)
    special = rng.sample(CUSTOM, rng.randint(1, 3)) + rng.sample(DOUBLERS + UNCOVERERS, rng.randint(0, 2))
    _check(_state(rng, special, rng.randint(len(special), 6)), seed, n_words=20, longest=6)


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_words_of_one_signature_get_the_bound_each_would_get_alone(seed: int) -> None:
    rng = random.Random(seed)
    special = rng.sample(UNCOVERERS, 1) + rng.sample(DOUBLERS, 1) + MYSTERY_N * rng.randint(0, 1)
    state = TurnState.from_json(_state(rng, special, rng.randint(len(special), 8)))
    lex = lexicon_of(*_words(rng, state, 60, 9))
    search = Search(lex, state)
    grouped = dict(zip(search.bounds.index.tolist(), search.bounds.bound.tolist(), strict=True))
    alone = signatures.MAX_KEY
    try:
        signatures.MAX_KEY = 1  # every word its own signature
        single = bound.word_bounds(lex, search.pool)
    finally:
        signatures.MAX_KEY = alone
    assert dict(zip(single.index.tolist(), single.bound.tolist(), strict=True)) == grouped
