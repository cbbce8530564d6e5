"""Issue 32's slow hands, frozen: 12 cards with Mystery N7 among several Mystery cards, one with a classic of yours in
play and five timeless classics in the hand, one with two Romance doublers and three uncoverers. Each must give the
same exact top 5 as before the bounds were tightened, within a step budget (``search.budget.ticks``, the same on
every machine: no wall clock here).

What made them slow, and the steps each took (``Search(...).top(5)``):
- ``CLASSICS``: a classic of yours standing on a letter was counted twice (once in the slack, as in play, and again
  on its letter), and a timeless classic of the hand uncovered was counted as put into play (the resolver keeps only
  the classics standing face-up): 20.3 M steps before, 2.89 M after;
- ``DOUBLERS``: Mystery N was counted doubled twice wherever a doubling could reach it, also where it could stand
  only beside one doubler (on the word's last letter, say): 4.04 M steps before, 1.46 M after; and wherever two
  uncovers were left, also where no chain of uncoverers could bring a doubler beside it (``_n_doubled_chained``):
  128,096 steps after that;
- ``BOX`` and ``BOX_500191`` (``benchmarks/hands.py``'s ``box_state(50159, 12)`` and ``box_state(500191, 12)``, Mystery
  N7 with Romance doublers whose letters are rare and three or four uncoverers): the same, 21.5 M and 4.46 M steps
  before ``_n_doubled_chained``, 2.67 M and 382 k after;
- ``BOX_50039`` (``box_state(50039, 12)``: Mystery N7 among five Mystery uncoverers, Romance R5 in play, no doubler):
  its 13-letter words need R5 on their R (twelve cards in the hand), and the search went on below placements that
  had left it no room (``_short``): 20.7 M steps before, 6.34 M after. ``_short`` took the other hands' steps down
  too: 2.36 M, 298 k, 2.10 M (classics) and 113 k (doublers). Each of its 13-letter words was still bounded a point
  over its value, 32.0, the fifth (R5's letter counted a wild for N7): thousands of words tied at 32.0 were proved
  no better one by one. The letters beyond the pool's cards now hold classics (``_forced``): 9,472 steps, and the
  five words tied at 32.0 the answer shows are others (ties at the fifth value are not tried: ``REACH``);
- ``BOX_50180`` (``box_state(50180, 12)``: Mystery M3, K4, K2 and C5 with rich cards to uncover): both K cards were
  counted standing on the one K of a word, an uncover more for the cards to come (``_uncovers_ahead``): 1.51 M steps
  before the uncoverers of a letter shared its letters, 399 k after (the classics hand 1.12 M to 535 k), and 286 k
  once no more cards than letters left were counted where a wild is worth nothing (``_rest``).

Then the card face-up at i-1 was counted with the uncovers it had spent on the run of cards uncovered before it,
Mystery N doubled twice with both its doublers uncovered while the other cards took every uncover, and the
uncoverers standing face-up to turn them up counted a wild's worth where a wild is worth 2 or 3
(``test_spent_uncovers.py``): ``BOX`` 1.48 M steps to 254 k, the others 509 k (classics), 54.4 k (doublers), 199 k
(500191), 7.9 k (50039), 192 k (50180); the ties at the fifth value of ``BOX`` and ``BOX_500191`` come out in
another order.
"""

from __future__ import annotations

from typing import Any

import pytest

from solver.hardback.state import TurnState
from solver.lexicon import Lexicon, default_lexicon
from solver.search.hardback import Search

from oracle_cases import engines

CLASSICS: dict[str, Any] = {
    "hand": [
        *["mystery:R6", "mystery:N7", "romance:K5", "M", "D", "mystery:R4", "mystery:F5", "romance:O8"],
        *["horror:E5", "mystery:A5", "O", "E"],
    ],
    "timeless": {"mine": ["mystery:T8"]},
}
DOUBLERS: dict[str, Any] = {
    "hand": [
        *["D", "I", "horror:D4", "adventure:V2", "romance:F6", "romance:N2", "mystery:P4", "mystery:N7"],
        *["mystery:K4", "mystery:T6", "horror:I4", "romance:P6"],
    ],
    "timeless": {"others": ["adventure:C5"]},
}
BOX: dict[str, Any] = {
    "hand": [
        *["adventure:Y4", "mystery:O3", "adventure:W5", "mystery:N7", "romance:W4", "romance:F6", "romance:K5"],
        *["adventure:G6", "mystery:C5", "horror:J5", "mystery:E4", "S"],
    ],
    "timeless": {"mine": ["mystery:T8"]},
}
BOX_500191: dict[str, Any] = {
    "hand": [
        *["mystery:Y7", "mystery:K4", "mystery:K2", "romance:A4", "romance:U9", "G", "mystery:W4", "romance:L8"],
        *["mystery:Q5", "horror:E8", "mystery:N7", "horror:W5"],
    ],
    "timeless": {"mine": ["romance:O8"]},
}
BOX_50039: dict[str, Any] = {
    "hand": [
        *["T", "E", "mystery:M3", "adventure:Q7", "mystery:A5", "mystery:W4", "D", "mystery:K4", "mystery:N7"],
        *["mystery:T6", "L", "A"],
    ],
    "timeless": {"mine": ["romance:R5tc"]},
}
BOX_50180: dict[str, Any] = {
    "hand": [
        *["mystery:M3", "adventure:Q7", "romance:E6", "mystery:K4", "horror:V5", "romance:Y4", "D", "horror:E8"],
        *["mystery:C5", "adventure:W5", "mystery:K2", "horror:W4"],
    ]
}
# name: (state, the exact top 5 by value, the most steps it may take)
SLOW = {
    "classics": (
        CLASSICS,
        [("floorwalkers", 37.5), ("forespeaking", 37.5), ("blanketflower", 37.5), ("aftershocks", 37.0),
         ("farmworkers", 37.0)],
        600_000,
    ),
    "doublers": (
        DOUBLERS,
        [("dispensation", 54.5), ("transpierced", 54.5), ("dispensatory", 54.5), ("postinfection", 54.0),
         ("psychokinetic", 54.0)],
        70_000,
    ),
    "box": (
        BOX,
        [("counterweight", 55.5), ("greenfinches", 54.5), ("unconfounded", 54.5), ("reconfigured", 54.5),
         ("nonconformer", 54.5)],
        320_000,
    ),
    "box 500191": (
        BOX_500191,
        [("unnewsworthy", 71.0), ("unanswerably", 71.0), ("unlikenesses", 71.0), ("confoundingly", 70.5),
         ("involuntarily", 70.5)],
        250_000,
    ),
    "box 50039": (
        BOX_50039,
        [("gubernatorial", 32.0), ("rhadamanthine", 32.0), ("inegalitarian", 32.0), ("opisthobranch", 32.0),
         ("kapellmeister", 32.0)],
        10_000,
    ),
    "box 50180": (
        BOX_50180,
        [("checkmarked", 42.0), ("midweekly", 41.0), ("semiweekly", 41.0), ("chimneylike", 41.0), ("cankerworm", 39.0)],
        240_000,
    ),
}


@pytest.fixture(scope="module")
def lexicon() -> Lexicon:
    return default_lexicon()


@pytest.mark.parametrize("name", sorted(SLOW))
def test_a_slow_hand_is_exact_within_its_step_budget(lexicon: Lexicon, name: str) -> None:
    state, top, budget = SLOW[name]
    search = Search(lexicon, TurnState.from_json(state))
    moves = search.top(5)
    assert search.exact
    assert [(m.word, m.value) for m in moves] == top
    assert search.budget.ticks <= budget, f"{name}: {search.budget.ticks:,} steps"


# words the two hands spend most on, each against the level it was asked to beat: both engines take the same steps
# and prove the same most (the compiled kernel follows the Python search step by step)
WORDS = [("classics", "catercornered", 36.0), ("classics", "ferroconcrete", 33.5), ("doublers", "corticotropin", 52.65)]


@pytest.mark.skipif("compiled" not in engines(), reason="the compiled kernel is not built here")
@pytest.mark.parametrize(("name", "word", "level"), WORDS)
def test_both_engines_take_the_same_steps_on_the_slow_words(
    lexicon: Lexicon, name: str, word: str, level: float
) -> None:
    found = []
    for engine in ("python", "compiled"):
        search = Search(lexicon, TurnState.from_json(SLOW[name][0]), engine=engine)
        got = search.solver.attempt(word, level)
        found.append((got if isinstance(got, float) else got.value, search.budget.ticks))
    assert found[0] == pytest.approx(found[1])
