"""Mystery N between two doublers where two uncovers or more are left (``_n_doubled_chained``): each side of N holds a
doubler face-up on a letter of its own, or uncovered, and then the chain of uncoverers that turns it up runs away
from N (N does not uncover) and takes one uncover a card; both chains and N's own uncover come out of one count.
Issue 32's box hand (``box_state(50159, 12)``) spent 21.5 M steps because the bound counted N tripled wherever two
uncovers were left; these tests hold the rule to the real best, node by node and on the named hands' words.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from test_bound_rules import MYSTERY_N, UNCOVERERS, _state
from test_slow_hands import BOX
from test_word_bound import RARE_DOUBLERS, _walk

from solver.hardback.resolve import Face
from solver.hardback.state import TurnState
from solver.lexicon import Lexicon, default_lexicon
from solver.search.hardback import Search
from solver.search.hardback.exact import WordSolver
from solver.search.hardback.node import Node

from helpers import lexicon_of
from oracle_cases import ALL_WORDS, engines


def _root_doublings(solver: WordSolver, word: str) -> int:
    """How many doublings ``_n_doubled`` lets reach Mystery N at the root of a word's search."""
    plan = solver.plan(word)
    node = Node(0, plan, [], [0] * len(solver.profiles))
    node.uncovers, node.passing = solver._uncovers_ahead(node, plan.uncovers)
    node.live = solver._live(node)
    assert node.uncovers >= 2
    return solver._n_doubled(node)


def test_mystery_n_tripled_by_two_doublers_uncovered_at_the_ends_of_two_chains() -> None:
    """COUNTERWEIGHT: C5 face-up uncovers O3, which uncovers W4 beside N7; E4 face-up uncovers F6 on N7's other
    side: N7 tripled, worth 55.5 in all (a rule that wanted the anchors beside the doublers, or counted a chain's
    uncovers short, cuts it). OVERCAUTIONED: its N is next to the last letter but one, and the D after it can hold no
    uncoverer (no chain reaches it from the word's end): N7 is doubled once at most."""
    solver = Search(lexicon_of("counterweight", "overcautioned"), TurnState.from_json(BOX), engine="python").solver
    assert solver.stepped is not None
    assert _root_doublings(solver, "counterweight") == 2
    assert _root_doublings(solver, "overcautioned") == 1
    best = solver.solve("counterweight")
    assert best is not None and best.value == 55.5 and max(best.resolution.factors) == 3


# the words of the box hand whose search the rule cut most (3,132 steps to 1,007 for OVERCAUTIONED at 54.5), and
# the best of the hand: (word, its exact value)
CUT = [("overcautioned", 38.5), ("reactionaries", 38.5), ("confectioner", 54.5), ("counterweight", 55.5)]


@pytest.fixture(scope="module")
def lexicon() -> Lexicon:
    return default_lexicon()


@pytest.mark.parametrize(("word", "value"), CUT)
def test_the_box_hands_words_keep_their_exact_values(lexicon: Lexicon, word: str, value: float) -> None:
    """Each word's best, searched from nothing (no floor) by both engines, is its exact value, found before the rule
    (the search with N counted tripled wherever two uncovers are left); asked to beat a level just under it, the
    search still finds it, and asked to beat the value itself it proves it worth no more."""
    for engine in engines():
        solver = Search(lexicon, TurnState.from_json(BOX), engine=engine).solver
        best = solver.solve(word)
        assert best is not None and best.value == value, (engine, word)
        assert solver.solve(word, value - 0.25) is not None
        got = solver.attempt(word, value)
        assert isinstance(got, float) and got <= value + 1e-6


def _chained_hand(seed: int, size: int, longest: int, n_words: int) -> None:
    """Node by node, nothing pruned: the bound (``_apart`` with ``_n_doubled_chained`` wherever two uncovers are
    left) is at least the best placement below it, on a hand of Mystery N, one or two doublers that stand mostly
    uncovered, and three or four uncoverers (``size`` cards at most), in words holding an N."""
    rng = random.Random(seed)
    special = MYSTERY_N + rng.sample([*RARE_DOUBLERS, "romance:F6", "romance:P6"], rng.randint(1, 2))
    special += rng.sample(UNCOVERERS, rng.randint(3, 4))
    special = list(dict.fromkeys(special))
    state = TurnState.from_json(_state(rng, special, rng.randint(len(special), max(size, len(special)))))
    letters = {c.match_letter for c in (*state.hand, *state.inked, *state.mine, *state.others)}
    fit = [w for w in ALL_WORDS if "n" in w and 4 <= len(w) <= longest and sum(ch in letters for ch in w) >= 3]
    assume(fit)
    words = sorted(set(rng.sample(fit, min(n_words, len(fit)))))
    solver = Search(lexicon_of(*words), state, engine="python").solver
    assume(solver.stepped is not None)
    for word in words:
        _walk(solver, word)


@settings(max_examples=10, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_mystery_n_with_rare_doublers_and_chains_of_uncoverers(seed: int) -> None:
    """``_chained_hand`` on hands of 6 cards at most and words of 6 letters at most (a rule that let a chain run
    through N, or share no uncovers between the two sides, or wanted a face-up anchor beside the doubler, fails)."""
    _chained_hand(seed, 6, 6, 4)


@pytest.mark.slow
@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_mystery_n_with_rare_doublers_and_chains_of_uncoverers_at_length(seed: int) -> None:
    """``_chained_hand`` on hands of 8 cards at most and words of 7 letters at most (the slow suite)."""
    _chained_hand(seed, 8, 7, 6)


def test_a_doubler_uncovered_at_the_end_of_a_chain_of_two() -> None:
    """CHANEK: C5 face-up uncovers A3 on the H (no uncoverer has that letter), which uncovers W4 beside N7; K4
    face-up uncovers F6 on N7's other side. N7 is tripled only so, with three uncovers for two chains (a rule that
    wanted an uncoverer's letter beside each doubler, or one uncover fewer, counts N7 doubled once and fails)."""
    state = TurnState.from_json(
        {"hand": ["mystery:N7", "romance:W4", "romance:F6", "mystery:C5", "mystery:A3", "mystery:K4"]}
    )
    solver = Search(lexicon_of("chanek"), state, engine="python").solver
    assert solver.stepped is not None
    assert _root_doublings(solver, "chanek") == 2
    _walk(solver, "chanek")
    best = solver.solve("chanek")
    assert best is not None and best.resolution.factors[3] == 3


def test_a_word_the_cards_left_cannot_fill_is_cut() -> None:
    """NATES with four cards in the hand and Mystery T8 of yours in play: five letters, so T8 must stand on the T.
    Where the T is taken by a card of the hand, or an unnamed wild stands on a letter, the cards left cannot fill the
    letters left (``_short``): the search cuts there, and no placement below can be played (``_walk`` checks it node
    by node). Issue 32's box hand 50039 (12 cards, Romance R5 in play) spent 20.7 M steps on such branches of its
    13-letter words, 6.3 M after."""
    state = TurnState.from_json({"hand": ["mystery:N7", "E", "S", "mystery:A3"], "timeless": {"mine": ["mystery:T8"]}})
    solver = Search(lexicon_of("nates", "neat"), state, engine="python").solver
    for word in ("nates", "neat"):
        _walk(solver, word)
    best = solver.solve("nates")
    t8 = [p.card.code for p in solver.profiles].index("mystery:T8")
    assert best is not None and best.slots[2] == (t8, Face.UP)
