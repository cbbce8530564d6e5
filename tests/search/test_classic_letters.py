"""The letters beyond the pool's cards hold classics (``Reach._forced``, ``forced`` in kernel/bounds.c).

``_rest`` counts a wild's worth on every letter left (Mystery N pays for each wild card). A word longer than the
pool's cards left has letters that only a classic face-up can take: a classic of yours brings nothing there beyond
the slack (which counts it in play), an opponent's its own worth, so each such letter loses the wild against what
the greedy counted. Issue 32's box hand 50039 (12 cards with Mystery N7, Romance R5 of yours in play) spent 6.0 M
of its 6.3 M steps proving 2,610 words of 13 letters worth no more than the fifth value, 32.0: each was bounded at
33.0 (R5's letter counted a wild) and worth exactly 32.0. The same rule counts the unnamed wilds placed as cards of
the pool (they are) in the first loss, the cards forced face-up.

These tests hold the rule to the real best node by node (``_walk``: nothing pruned, the bound at every branch at
least the best placement below), on random hands of Mystery N and few cards with classics in play, in words longer
than the hand; and on NATES, where the rule makes the root's bound the exact value.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st
from test_bound_rules import MYSTERY_N, UNCOVERERS, _state
from test_shared_letters import walk_words
from test_slow_hands import BOX_50039
from test_word_bound import _walk

from solver.hardback.state import TurnState
from solver.lexicon import default_lexicon
from solver.search.hardback import Search
from solver.search.hardback.node import Node

from helpers import lexicon_of
from oracle_cases import ALL_WORDS, engines


def _classic_hand(seed: int, size: int, longest: int, n_words: int) -> None:
    """Node by node, nothing pruned, on a hand of Mystery N and ``size`` cards at most (now and then uncoverers, an
    inked card, a remover), a classic of yours in play and now and then an opponent's, in words longer than the
    hand that hold a classic's letter."""
    rng = random.Random(seed)
    special = list(dict.fromkeys(MYSTERY_N + rng.sample(UNCOVERERS, rng.randint(0, 2))))
    raw = _state(rng, special, rng.randint(len(special), max(size, len(special))))
    classics = raw["timeless"]["mine"] + raw["timeless"]["others"]
    if not raw["timeless"]["mine"]:
        raw["timeless"]["mine"] = [c for c in ("mystery:T8", "romance:R5tc", "horror:D4") if c not in classics][:1]
    state = TurnState.from_json(raw)
    cards = len(state.hand) + len(state.inked)
    letters = {c.match_letter for c in (*state.hand, *state.inked, *state.mine, *state.others)}
    kept = {c.match_letter for c in (*state.mine, *state.others)}
    fit = [
        w
        for w in ALL_WORDS
        if cards < len(w) <= min(longest, cards + len(kept)) and kept & set(w) and sum(ch in letters for ch in w) >= 3
    ]
    walk_words(rng, state, fit, n_words, wild=True)


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_letters_beyond_the_pool_hold_classics(seed: int) -> None:
    """``_classic_hand`` on hands of 5 cards at most, words of 7 letters at most (a rule that counted a classic of
    yours worth a wild's worth less than nothing, or one more letter beyond the pool, fails)."""
    _classic_hand(seed, 5, 7, 5)


def test_nates_root_bound_is_its_value() -> None:
    """NATES with N7, E, S, A3 in the hand and Mystery T8 of yours in play: five letters, four cards, so T8 stands on
    the T and that letter holds no wild. The root's bound (``_rest`` with ``_forced``) is the exact value, and the
    walk holds node by node."""
    raw = {"hand": ["mystery:N7", "E", "S", "mystery:A3"], "timeless": {"mine": ["mystery:T8"]}}
    state = TurnState.from_json(raw)
    solver = Search(lexicon_of("nates"), state, engine="python").solver
    _walk(solver, "nates")
    best = solver.solve("nates")
    assert best is not None
    plan = solver.plan("nates")
    node = Node(0, plan, [], [0] * len(solver.profiles))
    node.uncovers, node.passing = solver._uncovers_ahead(node, plan.uncovers)
    node.live = solver._live(node)
    root = solver._rest(node) + solver._doubles(node) + plan.slack
    assert abs(root - best.value) < 1e-5, (root, best.value)  # 13.5 without the rule: T8's letter a wild


# box hand 50039's 13-letter words (every card and R5 on a letter), each worth exactly the fifth value 32.0
TIED = ["administrator", "blanketflower", "katzenjammers", "northeastward", "quartermaster"]


def test_the_classics_hands_tied_words_keep_their_value() -> None:
    """Box hand 50039: each word tied at the fifth value is worth 32.0 from no floor in both engines, is found
    asked to beat 31.75, and is proved worth no more than 32.0 at its root (it took 42,924 to 65,079 steps before)."""
    lexicon = default_lexicon()
    for engine in engines():
        solver = Search(lexicon, TurnState.from_json(BOX_50039), engine=engine).solver
        for word in TIED:
            best = solver.solve(word)
            assert best is not None and abs(best.value - 32.0) < 1e-6, (engine, word)
            assert solver.solve(word, 31.75) is not None
            fresh = Search(lexicon, TurnState.from_json(BOX_50039), engine=engine)
            got = fresh.solver.attempt(word, 32.0)
            assert isinstance(got, float) and got <= 32.0 + 1e-5
            assert fresh.budget.ticks <= 5, (engine, word, fresh.budget.ticks)
