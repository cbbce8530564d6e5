"""Random Hardback turn states and the comparison of the search with the brute-force oracle on one of them,
shared by the property tests (``tests/search/test_search_vs_oracle.py``, ``tests/hardback/test_benefits.py``) and
``benchmarks/oracle_agreement.py``."""

from __future__ import annotations

import itertools
import os
import random
from dataclasses import dataclass
from typing import Any

import pytest
from hypothesis import strategies as st

from solver.hardback.catalogue import Catalogue
from solver.hardback.moves import Move
from solver.hardback.objectives import LEXICOGRAPHIC, Objective, Weights
from solver.hardback.state import TurnState
from solver.lexicon import Lexicon
from solver.search.hardback import Search, compiled
from solver.search.paperback import native

from helpers import lexicon_of
from oracle import OracleMove, oracle_best
from tests_paths import DATA

CARDS = list(Catalogue.hardback())
OFFER = [c.code for c in CARDS if not c.is_starter and not c.timeless]
CLASSICS = [c.code for c in CARDS if c.timeless]
STARTERS = [c.code for c in CARDS if c.is_starter]
ALL_WORDS = [w.strip() for w in (DATA / "examples-words.txt").read_text().split() if w.strip()]


@st.composite
def states(draw: st.DrawFn, max_hand: int = 5) -> dict[str, Any]:
    rng = random.Random(draw(st.integers(0, 2**32 - 1)))
    codes = rng.sample(OFFER, 12)
    classics = rng.sample(CLASSICS, 4)
    n_hand = draw(st.integers(2, max_hand))
    n_starters = draw(st.integers(0, n_hand))
    hand = codes[: n_hand - n_starters] + rng.sample(STARTERS, n_starters)
    n_inked = draw(st.integers(0, 2))
    inked = codes[6 : 6 + n_inked]
    # now and then a letter a rival imposed (Disfigured Letter): a blank among the inked cards, named in "imposed"
    imposed = [f"starter:{rng.choice('AEIOST')}0{{- | -}}" for _ in range(draw(st.sampled_from([0, 0, 0, 1])))]
    mine = classics[: draw(st.integers(0, 2))]
    others = classics[2 : 2 + draw(st.integers(0, 1))]
    return {
        "hand": hand,
        "inked": inked + imposed,
        "imposed": imposed,
        "timeless": {"mine": mine, "others": others},
        "discard": codes[9 : 9 + draw(st.integers(0, 2))],
        "remover": draw(st.integers(0, 1)),
        "options": {
            "rules": draw(st.sampled_from(["printed", "bga"])),
            "literary_awards": draw(st.booleans()),
            "award_held": draw(st.sampled_from([0, 7])),
        },
    }


def random_hand(seed: int, size: int) -> dict[str, Any]:
    """A plausible hand of ``size`` cards, offer cards and starters, one of them drawn with ink half the time."""
    rng = random.Random(seed)
    n_offer = rng.randint(size // 3, size - 1)
    hand = rng.sample(OFFER, n_offer) + rng.sample(STARTERS, size - n_offer)
    return {"hand": hand[1:], "inked": hand[:1]} if rng.random() < 0.5 else {"hand": hand}


def word_sample(seed: int, n: int) -> list[str]:
    return sorted(random.Random(seed).sample(ALL_WORDS, n))


def engines() -> list[str]:
    """The search engines to hold to the oracle: Python always, the compiled kernel where it was built (and it must
    be where ``GHOSTWRITER_REQUIRE_KERNEL=1``, as in CI)."""
    if compiled.available():
        return list(compiled.ENGINES)
    if os.environ.get("GHOSTWRITER_REQUIRE_KERNEL") == "1":
        raise AssertionError("the compiled kernel is not built, and GHOSTWRITER_REQUIRE_KERNEL=1 asks for it")
    return ["python"]


def paperback_engines() -> list[str]:
    """The Paperback search engines to hold to the oracle, as ``engines`` (the compiled one is the layout search of
    ``solver.search.paperback.native``)."""
    if native.layout is not None:
        return list(compiled.ENGINES)
    if os.environ.get("GHOSTWRITER_REQUIRE_KERNEL") == "1":
        raise AssertionError("the compiled layout search is not built, and GHOSTWRITER_REQUIRE_KERNEL=1 asks for it")
    return ["python"]


def check(state_json: dict[str, Any], words: list[str], objective: Objective, weights: Weights | None = None) -> None:
    """The search of every engine (``engines``) against one run of the oracle."""
    state = TurnState.from_json(state_json)
    want = oracle_best(state, words, objective, weights)
    for engine in engines():
        _check(state, words, want, objective, weights, engine)


@dataclass(frozen=True)
class _Setting:
    """What one comparison holds fixed: the lexicon, the state, the objective and its weights, the engine."""

    lex: Lexicon
    state: TurnState
    objective: Objective
    weights: Weights | None
    engine: str

    def search(self) -> Search:
        """A new search: nothing remembered."""
        return Search(self.lex, self.state, self.objective, self.weights, engine=self.engine)


def _check(
    state: TurnState,
    words: list[str],
    want: dict[str, OracleMove],
    objective: Objective,
    weights: Weights | None,
    engine: str,
) -> None:
    setting = _Setting(lexicon_of(*words), state, objective, weights, engine)
    search = setting.search()
    bound_of = {int(i): float(b) for i, b in zip(search.bounds.index, search.bounds.bound, strict=True)}
    for word, best in sorted(want.items()):
        _check_word(setting, search, bound_of, word, best)
    assert set(search.words()) == set(want)  # the lazy view of every playable word
    for word in words:
        if word not in want:
            assert search.solve(word) is None, f"search spells {word!r}, the oracle cannot"
            assert search.solver.attempt(word) == float("-inf"), word  # no placement: worth nothing at all
    _check_ranking(setting, search, words, want)


def _check_word(setting: _Setting, search: Search, bound_of: dict[int, float], word: str, best: OracleMove) -> None:
    """One word the oracle can spell: the search spells it as well as the oracle, within its word bound; a fresh
    search finds it again with a floor just under it, and fails soft when asked to beat it."""
    objective, engine = setting.objective, setting.engine
    p = search.solve(word)
    assert p is not None, f"{engine}: search cannot spell {word!r}; oracle: {best.arrangement}"
    # the word bound never underestimates (else best-first reading could stop before the best word)
    i = setting.lex.index(word)
    assert i in bound_of and bound_of[i] >= p.value - 1e-6, (word, None if i is None else bound_of.get(i), p.value)
    move = search.move(p)
    if objective is Objective.VALUE:
        assert move.value == pytest.approx(best.value, abs=1e-6), (word, best.arrangement, move.cards)
    elif objective is Objective.PRESTIGE:
        assert (move.prestige, move.coins) == (best.prestige, best.coins), (word, best.arrangement, move.cards)
    else:
        assert (move.coins, move.prestige) == (best.coins, best.prestige), (word, best.arrangement, move.cards)
    # pruning must never cut the best: with a floor just under it, the search still finds it
    scalar = {
        Objective.VALUE: move.value,
        Objective.PRESTIGE: p.value,
        Objective.COINS: p.value,
    }[objective]
    fresh = setting.search()  # nothing remembered
    again = fresh.solver.solve(word, p.value - 0.5)
    assert again is not None and again.value == pytest.approx(p.value, abs=1e-6), (word, scalar)
    # asked to beat its own value or more, the search fails soft: the most the word is worth, between its value
    # and the level (what lets the best-first loop pass it by at a lower level)
    for above in (0.0, 0.5, 3.0):
        upper = setting.search().solver.attempt(word, p.value + above)
        assert isinstance(upper, float), (word, above, upper)
        assert p.value - 1e-6 <= upper <= p.value + above + 1e-6, (word, above, upper, p.value)


def _key(objective: Objective, m: Move | OracleMove) -> float:
    """A move's worth under ``objective`` as one number (prestige then coins, or the other way, lexicographic)."""
    if objective is Objective.VALUE:
        return m.value
    if objective is Objective.PRESTIGE:
        return m.prestige * LEXICOGRAPHIC + m.coins
    return m.coins * LEXICOGRAPHIC + m.prestige


def _check_ranking(setting: _Setting, search: Search, words: list[str], want: dict[str, OracleMove]) -> None:
    """The search's top three (and, for prestige, its Pareto frontier) against the oracle's best moves."""
    objective = setting.objective
    top = search.top(3)
    if not want:
        assert top == []
        return
    if objective is Objective.PRESTIGE:
        # the frontier's ends are the best moves for prestige and for coins
        coins_best = oracle_best(setting.state, words, Objective.COINS)
        frontier = [(m.prestige, m.coins) for m in search.pareto()]
        assert frontier[0] == max((m.prestige, m.coins) for m in want.values())
        assert frontier[-1][::-1] == max((m.coins, m.prestige) for m in coins_best.values())
        assert all(a[0] > b[0] and a[1] < b[1] for a, b in itertools.pairwise(frontier))
    best_total = max(_key(objective, m) for m in want.values())
    assert _key(objective, top[0]) == pytest.approx(best_total, abs=1e-6)
    ranked = sorted((_key(objective, m) for m in want.values()), reverse=True)[:3]
    assert [_key(objective, m) for m in top] == pytest.approx(ranked, abs=1e-6)
