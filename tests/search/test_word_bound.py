"""The per-word bound (``solver.search.hardback.exact``) never underestimates, node by node, on hands built to stress
its rules.

The search of one word prunes a branch when its bound (``_rest`` and ``_doubles``, and ``_split`` where doublers may
stand uncovered) is no more than the best value known. Here each word is searched with nothing pruned, and at every
branch the bound must be at least the best value of the placements below it (each resolved exactly). The rules:
- doublers that can stand only uncovered take uncovers the other cards then lack (``_split``);
- a card that must uncover the uncovered card before it is an uncoverer, so that is all a doubler before it doubles;
- a doubler placed just before letter i doubles there only a card that can stand at i (``_standing``): face-up on
  its letter, or uncovered while uncovers are left (a rule that let no card stand there uncovered, or only with
  two uncovers left, fails the first test below);
- an inked card is laid face-down only with a remover (``_choices``), which the resolver would refuse otherwise;
- the hand's uncoverers laid off their letters are uncovered on uncovers of their own, and the other cards share
  only what the uncoverers bring beyond them (``_uncovers_ahead``): chains of uncoverers around the best cards;
- where every doubler can stand only uncovered, a card no chain can bring beside one is never doubled
  (``_unreached``): rare-lettered Romance doublers with a few uncoverers and Mystery N;
- Mystery N's doublings counted apart, each making every wild worth more (``_apart``): Mystery N with doublers,
  uncoverers and rich cards, in long words with many wilds;
- a doubler whose doubling needs its genre doubles nothing once two cards of that genre can no longer stand
  (``_live``): the Romance doublers throughout (a rule that wanted three cards fails six of these tests).
The search also cuts a branch once a run of uncovered cards ends that no chain of uncoverers can reach, or once the
cards uncovered need more uncovers than the cards beside them have (``_stranded``, ``_overdrawn``), or once the cards
left cannot fill the letters left (``_short``): at every branch it cuts, no placement below may be played (a rule
that let no card to come uncover the card before it, or that counted every uncoverer one uncover short, fails these
tests).
"""

from __future__ import annotations

import random
from typing import Any

from hypothesis import assume, given, settings
from hypothesis import strategies as st
from test_bound_rules import DOUBLERS, MYSTERY_N, UNCOVERERS, _state, _words

from solver.hardback.resolve import Face, Slot
from solver.hardback.state import TurnState
from solver.search.hardback import Search
from solver.search.hardback.exact import WordSolver
from solver.search.hardback.node import Node

from helpers import lexicon_of


def _walk(solver: WordSolver, word: str) -> int:
    """Search ``word`` with nothing pruned, checking the bound at every branch; the number of branches."""
    plan = solver.plan(word)
    n, opt, wild, slack = len(word), plan.opt, plan.wild, plan.slack
    used = [0] * len(solver.profiles)
    slots: list[Slot] = []
    seen = [0]

    def go(i: int, acc: float, budget: int) -> float:
        seen[0] += 1
        node = Node(i, plan, slots, used)
        node.uncovers, node.passing = solver._uncovers_ahead(node, budget)
        node.live = solver._live(node)
        rest = solver._rest(node)
        doubles = solver._doubles(node)
        bound = acc + rest + doubles + slack
        if solver.split:
            split = solver._split(node, rest, doubles)
            bound = min(bound, acc + split + slack)
        if plan.apart:
            apart = solver._apart(node, acc, slack, float("inf"))
            bound = min(bound, acc + apart + slack)
        if i == n:
            res = solver.resolver.resolve(slots) if solver._complete(slots) else None
            best = float("-inf") if res is None else res.value
        else:
            best = float("-inf")
            for k, face in solver._choices(node):
                if k >= 0:
                    used[k] += 1
                slots.append((k, face))
                # as the search counts it: a classic of yours on a letter adds nothing the slack does not count,
                # and a timeless classic of the hand uncovered is not put into play
                if face is Face.WILD:
                    gain = wild
                elif face is Face.UP:
                    gain = 0.0 if solver.is_mine[k] else opt[k]
                else:
                    gain = opt[k] - solver.unkept[k] + wild
                best = max(best, go(i + 1, acc + gain, budget - (face is Face.UNCOVERED)))
                slots.pop()
                if k >= 0:
                    used[k] -= 1
        assert bound >= best - 1e-9, (word, i, list(slots), bound, best)
        assert not solver._stranded(node) or best == float("-inf"), (word, i, list(slots), best)
        assert not solver._short(node) or best == float("-inf"), (word, i, list(slots), best)
        return best

    go(0, 0.0, plan.uncovers)
    return seen[0]


def _check(state_json: dict[str, Any], seed: int, n_words: int = 8, longest: int = 6) -> None:
    rng = random.Random(seed)
    state = TurnState.from_json(state_json)
    words = _words(rng, state, n_words, longest)
    solver = Search(lexicon_of(*words), state, engine="python").solver
    for word in words:
        _walk(solver, word)


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_doublers_that_stand_only_uncovered_take_uncovers_from_the_other_cards(seed: int) -> None:
    rng = random.Random(seed)
    special = rng.sample(UNCOVERERS, rng.randint(2, 3)) + rng.sample(DOUBLERS, rng.randint(1, 3))
    _check(_state(rng, special, rng.randint(len(special), 7)), seed)


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_a_doubler_before_a_card_that_must_uncover_doubles_an_uncoverer(seed: int) -> None:
    rng = random.Random(seed)
    special = rng.sample(UNCOVERERS, rng.randint(2, 4)) + rng.sample(DOUBLERS, 1) + MYSTERY_N * rng.randint(0, 1)
    _check(_state(rng, list(dict.fromkeys(special)), rng.randint(len(special), 7)), seed)


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_inked_cards_lie_face_down_only_with_a_remover(seed: int) -> None:
    rng = random.Random(seed)
    special = rng.sample(UNCOVERERS, rng.randint(2, 3)) + rng.sample(DOUBLERS, rng.randint(0, 1))
    state = _state(rng, special, rng.randint(len(special) + 1, 7))
    if not state["inked"]:  # an uncoverer drawn with ink, or a rich card
        state["inked"] = [state["hand"].pop(rng.randrange(len(state["hand"])))]
    _check(state, seed)


RICH = ["romance:U9", "adventure:I6", "adventure:K9", "adventure:F8", "mystery:V9", "romance:L8"]


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_chains_of_uncoverers_carry_uncovers_to_the_rich_cards(seed: int) -> None:
    rng = random.Random(seed)
    special = rng.sample(UNCOVERERS, rng.randint(3, 4)) + rng.sample(RICH, rng.randint(1, 2))
    special += MYSTERY_N * rng.randint(0, 1)
    _check(_state(rng, list(dict.fromkeys(special)), rng.randint(len(special), 8)), seed)


RARE_DOUBLERS = ["romance:J6", "romance:U9", "romance:W4", "romance:Y4", "romance:Z5", "romance:H7"]


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_doublers_that_stand_only_uncovered_reach_only_cards_beside_a_chain(seed: int) -> None:
    rng = random.Random(seed)
    special = rng.sample(RARE_DOUBLERS, rng.randint(1, 2)) + rng.sample(UNCOVERERS, rng.randint(1, 3))
    special += MYSTERY_N * rng.randint(0, 1) + rng.sample(RICH, rng.randint(0, 1))
    _check(_state(rng, list(dict.fromkeys(special)), rng.randint(len(special), 8)), seed, n_words=10)


def test_a_doubler_standing_only_uncovered_doubles_a_card_beside_its_chain_and_no_other() -> None:
    # Romance J6 has no letter in either word: it stands only uncovered, by Mystery G6 on the G (the one root).
    state = TurnState.from_json({"hand": ["romance:J6", "mystery:N7", "mystery:G6", "T", "A"]})
    solver = Search(lexicon_of("gent", "tang"), state, engine="python").solver
    codes = [p.card.code for p in solver.profiles]
    n7 = codes.index("mystery:N7")
    # GENT: G6 face-up uncovers J6 at the E, which doubles N7 on the N: the best layout, and the bound allows it
    best = solver.solve("gent")
    assert best is not None and best.value == 18.0 and [t for _, t in best.resolution.doubles] == [2]
    unreached = solver.plan("gent").unreached
    assert unreached is not None and not unreached[n7]
    # TANG: the root is beside the N, so a chain from it passes where N7 stands: nothing can double N7
    unreached = solver.plan("tang").unreached
    assert unreached is not None and unreached[n7]
    for word in ("gent", "tang"):
        _walk(solver, word)


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_doublings_of_mystery_n_make_each_wild_worth_more_and_no_more(seed: int) -> None:
    rng = random.Random(seed)
    special = MYSTERY_N + rng.sample(DOUBLERS + RARE_DOUBLERS, rng.randint(1, 2))
    special += rng.sample(UNCOVERERS, rng.randint(0, 3)) + rng.sample(RICH, rng.randint(0, 1))
    state = _state(rng, list(dict.fromkeys(special)), rng.randint(len(special), 8))
    assume(Search(lexicon_of("nine"), TurnState.from_json(state), engine="python").solver.stepped is not None)
    _check(state, seed, n_words=8, longest=8)


def test_mystery_n_on_the_last_letter_is_doubled_from_one_side_only() -> None:
    """Mystery N at a word's end has one neighbour: one doubling at most (``_n_doubled`` counts each side's
    doublers), where two doublers and uncoverers would otherwise count it tripled (issue 32's slow hands). The
    bound holds node by node, and the search finds the best layout (N7 doubled once by P6 before it)."""
    state = TurnState.from_json({"hand": ["mystery:N7", "romance:P6", "romance:F6", "mystery:P4", "mystery:K4", "E"]})
    solver = Search(lexicon_of("keepon", "pen", "fen", "pion"), state, engine="python").solver
    assert solver.stepped is not None
    for word in ("pen", "fen", "pion", "keepon"):
        _walk(solver, word)
    best = solver.solve("pen")
    assert best is not None and max(best.resolution.factors) == 2


def test_mystery_n_between_two_doublers_is_doubled_from_both_sides() -> None:
    """ONSET: Romance O4 and S4 face-up on either side of Mystery N7, no uncover in the hand: N7 tripled, which
    ``_n_doubled`` allows (a rule that counted one side only, or one doubling, fails here); Mystery T8 makes the
    Mystery genre active."""
    state = TurnState.from_json({"hand": ["mystery:N7", "romance:O4", "romance:S4", "E", "mystery:T8"]})
    solver = Search(lexicon_of("onset", "nest", "tone"), state, engine="python").solver
    assert solver.stepped is not None
    for word in ("onset", "nest", "tone"):
        _walk(solver, word)
    best = solver.solve("onset")
    assert best is not None and best.resolution.factors[1] == 3


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_classics_of_yours_on_letters_and_timeless_classics_uncovered(seed: int) -> None:
    """A classic of yours in play brings the same on a letter as beside the word (the slack counts it once); a
    timeless classic of the hand uncovered is not put into play (no ``classic_kept``): the bound counts both so,
    and never under the best below (issue 32's Mystery hand with Mystery T8 in play and five timeless classics)."""
    rng = random.Random(seed)
    timeless = ["mystery:A5", "mystery:F5", "romance:K5", "romance:O8", "horror:E5"]
    special = rng.sample(timeless, rng.randint(1, 3)) + rng.sample(UNCOVERERS, rng.randint(1, 2))
    special += MYSTERY_N * rng.randint(0, 1)
    state = _state(rng, list(dict.fromkeys(special)), rng.randint(len(special), 7))
    others = [c for c in state["timeless"]["others"] if c not in ("mystery:T8", *state["hand"], *state["inked"])]
    state["timeless"] = {"mine": ["mystery:T8"], "others": others}
    _check(state, seed, n_words=8, longest=8)
