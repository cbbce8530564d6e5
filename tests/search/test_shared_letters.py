"""The hand's uncoverers of one letter share its letters ahead (``Reach._uncovers_ahead``, ``uncovers_ahead`` in
kernel/bounds.c).

An uncoverer standing face-up on its letter brings its uncovers; one laid off its letter is uncovered on an uncover of
its own and brings one less. The count of uncovers that can reach the letters to come put every uncoverer on a
letter of its own as long as the word had one of its letter, kind by kind: Mystery K4 and K2 both stood on the one K
of CHEESECAKES. Issue 32's box hand 50180 (Mystery M3, K4, K2, C5 with Adventure Q7 and Horror W4 to uncover) spent
1.51 M steps, its words bounded up to 16 points over their values; with the kinds of a letter sharing its letters,
399 k.

Where a wild is worth nothing (no Mystery N), ``_rest``'s greedy also put more cards on the letters left than there
are letters: each on a letter of its own or uncovered, but an uncovered card takes a letter too. It now stops at
the letters left (the matroid truncated, whose greedy is the same greedy stopped there). Box hand 50180 went on from
399 k steps to 286 k, box 50000 from 507 k to 371 k.

These tests hold the rules to the real best node by node (``_walk``: nothing pruned, the bound at every branch at
least the best placement below), on random hands holding two uncoverers of one letter (K2 and K4, Q3 and Q5, R4 and
R6), in words holding that letter fewer times than the hand; on hands of uncoverers and rich cards with no letter in
short words; and on the box hand's words.
"""

from __future__ import annotations

import random

from hypothesis import assume, given, settings
from hypothesis import strategies as st
from test_bound_rules import UNCOVERERS, _state
from test_slow_hands import BOX_50180
from test_word_bound import _walk

from solver.hardback.state import TurnState
from solver.lexicon import default_lexicon
from solver.search.hardback import Search

from helpers import lexicon_of
from oracle_cases import ALL_WORDS, engines

PAIRS = [("mystery:K2", "mystery:K4"), ("mystery:Q3", "mystery:Q5"), ("mystery:R4", "mystery:R6")]


def engines_agree(state: TurnState, words: list[str]) -> None:
    """Each word searched from no floor, then asked to beat its value less a point, in both engines: the same steps
    and the same answer (the kernel follows the Python search step by step, its bounds' rules included)."""
    if "compiled" not in engines():
        return
    got: dict[str, list[tuple[int, float]]] = {}
    for engine in ("python", "compiled"):
        search = Search(lexicon_of(*words), state, engine=engine)
        seen = got[engine] = []
        for word in words:
            level = float("-inf")
            for _ in range(2):
                before = search.budget.ticks
                found = search.solver._solve(word, level, None)
                value = found if isinstance(found, float) else found.value
                seen.append((search.budget.ticks - before, value))
                level = value - 1.0 if value > float("-inf") else 0.0
    assert got["python"] == got["compiled"], (words, got)


def walk_words(rng: random.Random, state: TurnState, fit: list[str], n_words: int, wild: bool | None = None) -> None:
    """``n_words`` of ``fit`` at most, each walked node by node (``_walk``) and searched in both engines
    (``engines_agree``); with ``wild``, only where a wild is worth something (True) or nothing (False)."""
    assume(fit)
    words = sorted(set(rng.sample(fit, min(n_words, len(fit)))))
    solver = Search(lexicon_of(*words), state, engine="python").solver
    if wild is not None:
        assume((solver.plan(words[0]).wild > 0) == wild)
    for word in words:
        _walk(solver, word)
    engines_agree(state, words)


def _shared_hand(seed: int, size: int, longest: int, n_words: int) -> None:
    """Node by node, nothing pruned, on a hand of ``size`` cards at most holding two uncoverers of one letter and
    now and then one or two more, in words holding that letter once."""
    rng = random.Random(seed)
    pair = list(rng.choice(PAIRS))
    more = rng.sample([c for c in UNCOVERERS if c not in pair], rng.randint(0, 2))
    special = pair + more
    raw = _state(rng, special, rng.randint(len(special), max(size, len(special))))
    state = TurnState.from_json(raw)
    letter = pair[0].split(":")[1][0].lower()
    letters = {c.match_letter for c in (*state.hand, *state.inked, *state.mine, *state.others)}
    fit = [
        w
        for w in ALL_WORDS
        if w.count(letter) == 1 and len(w) <= longest and sum(ch in letters for ch in w) >= 3
    ]
    walk_words(rng, state, fit, n_words)


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_uncoverers_of_one_letter_share_its_letters(seed: int) -> None:
    """``_shared_hand`` on hands of 6 cards at most, words of 6 letters at most (a rule that gave the two kinds one
    letter fewer than the word holds, or counted one more taken than each kind stood on, fails: both were run)."""
    _shared_hand(seed, 6, 6, 5)


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_no_more_cards_than_letters_left(seed: int) -> None:
    """Node by node, nothing pruned, on hands of 5 to 7 cards with two to four uncoverers, no Mystery N, in words of
    3 to 5 letters (more cards than letters: a rule that let one card fewer than the letters left stand fails)."""
    rng = random.Random(seed)
    special = rng.sample(UNCOVERERS, rng.randint(2, 4))
    raw = _state(rng, special, rng.randint(max(5, len(special)), 7))
    state = TurnState.from_json(raw)
    letters = {c.match_letter for c in (*state.hand, *state.inked, *state.mine, *state.others)}
    fit = [w for w in ALL_WORDS if 3 <= len(w) <= 5 and sum(ch in letters for ch in w) >= 2]
    walk_words(rng, state, fit, 6, wild=False)


# box hand 50180's words whose proofs the rules cut most: (word, its exact value)
WORDS = [("cheesecakes", 23.5), ("workweek", 32.0), ("cockneyism", 37.5), ("checkmarked", 42.0), ("cankerworm", 39.0)]


def test_the_box_hands_words_keep_their_exact_values() -> None:
    """Box hand 50180: each word's best from no floor is its exact value in both engines, found asked to beat a level
    just under it, and proved worth no more than the value itself."""
    lexicon = default_lexicon()
    for engine in engines():
        solver = Search(lexicon, TurnState.from_json(BOX_50180), engine=engine).solver
        for word, value in WORDS:
            best = solver.solve(word)
            assert best is not None and abs(best.value - value) < 1e-6, (engine, word, best and best.value)
            assert solver.solve(word, value - 0.25) is not None
            got = Search(lexicon, TurnState.from_json(BOX_50180), engine=engine).solver.attempt(word, value)
            assert isinstance(got, float) and got <= value + 1e-5
