"""A house rule's new ability added through the ability table alone (``solver.paperback.abilities``), and read by
every layer: the notation and the words, the search (held to the brute-force oracle), the explanation, the engine and
the bots.

The house ability is ``ends:+N``: +N when its card gives the first or the last letter of the word. The table marks it
as scored in Python only (``native`` None): the compiled layout search does not read it, so a hand holding it is
searched by the Python layouts. The oracle (``tests/paperback_oracle.py``) stays apart from the solver and does not
know the ability; on a one-letter card of a word of two letters or more, ``ends:+N`` pays exactly what ``first:+N``
and ``last:+N`` together pay (the card cannot give both ends), so the oracle reads the hand with those instead.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from paperback_helpers import lay, set_hand

from solver.bots.paperback import Hard, ability_worth
from solver.game.paperback import PaperbackGame, PaperbackOptions, Spell
from solver.game.paperback.view import turn_state
from solver.lexicon import Lexicon
from solver.paperback.abilities import Ability, Effect, Scoring, register, unregister
from solver.paperback.cards import PaperbackCardError, parse_card
from solver.paperback.deck import deck_from_json, house_deck
from solver.paperback.moves import PaperbackObjective
from solver.paperback.state import PaperbackTurn
from solver.search.paperback import PaperbackSearch
from solver.search.paperback.native import Compiled

from helpers import lexicon_of
from paperback_oracle import ranking

ENDS = Effect(
    "ends",
    "ends:+{n}",
    "+{n} if this card gives the first or the last letter",
    Scoring.BONUS,
    0.6,
    None,  # scored in Python only
    gain=lambda a, s: a.amount * (s.first | s.last),
)


@pytest.fixture(autouse=True)
def house_rule() -> Iterator[None]:
    register(ENDS)
    try:
        yield
    finally:
        unregister(ENDS)


def for_oracle(hand: list[str]) -> list[str]:
    """The hand as the oracle reads it: ``ends:+N`` on a one-letter card as ``first:+N,last:+N``."""
    return [c.replace(":ends:+", ":first:+").replace(",ends:+", ",first:+") + _last(c) for c in hand]


def _last(card: str) -> str:
    _, _, rest = card.partition(":ends:+")
    return f",last:+{rest.split(',')[0]}" if rest else ""


def state(hand: list[str], common: str | None = None) -> dict[str, Any]:
    return {"game": "paperback", "hand": hand, "common": common, "threshold": 5, "options": {}}


def check(hand: list[str], words: list[str], common: str | None = None) -> None:
    """The search's head of every objective has the oracle's ranks, each move its word's own best rank."""
    turn = PaperbackTurn.from_json(state(hand, common))
    truth_state = state(for_oracle(hand), common)
    for objective in ("score", "length", "value"):
        want = ranking(truth_state, words, objective)
        truth = dict(want)
        for n in (1, 3, 1000):
            s = PaperbackSearch(lexicon_of(*words), turn, PaperbackObjective(objective))
            moves = s.top(n)
            assert s.exact
            got = [tuple(float(x) for x in s.key(m)) for m in moves]
            assert got == [tuple(float(x) for x in r) for _, r in want[:n]], (objective, n, [m.word for m in moves])
            for m in moves:
                assert tuple(float(x) for x in s.key(m)) == tuple(float(x) for x in truth[m.word])


def test_the_notation_reads_and_writes_it() -> None:
    card = parse_card("S/1:ends:+3,+1")
    assert card.abilities == (Ability(ENDS, 3), parse_card("S/1:+1").abilities[0])
    assert card.code == "S/1:ends:+3,+1"
    assert card.describe() == (
        "S/1:ends:+3,+1: S, 1 to the score; +3 if this card gives the first or the last letter; +1 to the word score"
    )
    assert parse_card({"letters": "S", "score": 1, "abilities": ["ends:+2"]}).abilities == (Ability(ENDS, 2),)
    with pytest.raises(PaperbackCardError, match=r"the number must be from 1 to 20"):
        parse_card("S/1:ends:+21")
    with pytest.raises(PaperbackCardError, match=r"the abilities are .*trash-gain:N, ends:\+N$"):
        parse_card("S/1:middle:+2")


def test_without_the_house_rule_it_is_unknown() -> None:
    unregister(ENDS)
    with pytest.raises(PaperbackCardError, match="'ends:\\+3' is not in the vocabulary"):
        parse_card("S/1:ends:+3")
    register(ENDS)


def test_the_search_scores_it_as_the_oracle_does() -> None:
    words = ["stare", "rates", "tears", "aster", "sat", "tea", "eats", "ate", "set", "ease", "seat"]
    check(["S/1:ends:+3", "T/1", "A/2", "E/1", "R/1", "?"], words)
    check(["T/2:ends:+2,double-letter", "S/1:ends:+1", "E/1", "A/1:double-word"], words, common="R/1")
    check(["S/1:ends:+4", "E/1", "A/1", "T/1"], ["sea", "tea", "eat", "ate", "set", "as", "at"], common="spacebar")


@given(
    hand=st.lists(
        st.sampled_from(["S/1:ends:+3", "E/2:ends:+1", "T/1", "A/1", "R/0:ends:+2,+1", "EA/2", "?", "N/1:len>=4:+2"]),
        min_size=2,
        max_size=6,
    ),
    words=st.lists(st.text(alphabet="aestrn", min_size=2, max_size=5), min_size=3, max_size=15, unique=True),
)
@settings(max_examples=15, deadline=None, suppress_health_check=list(HealthCheck))
def test_the_search_agrees_with_the_oracle_on_random_hands(hand: list[str], words: list[str]) -> None:
    check(hand, words)


def test_the_compiled_search_leaves_it_to_the_python_layouts() -> None:
    search = PaperbackSearch(lexicon_of("sat"), PaperbackTurn.from_json(state(["S/1:ends:+3", "A/1", "T/1"])))
    assert Compiled.of(search.hand, PaperbackObjective.SCORE) is None
    (move,) = search.top(1)
    assert (move.word, move.score) == ("sat", 3 + 3)  # S gives the first letter


def test_the_explanation_shows_the_card() -> None:
    search = PaperbackSearch(lexicon_of("tas"), PaperbackTurn.from_json(state(["S/1:ends:+3", "A/1", "T/1"])))
    (move,) = search.top(1)
    assert [c["code"] for c in move.to_json()["cards"]] == ["T/1", "A/1", "S/1:ends:+3"]
    assert move.score == 6  # S gives the last letter


def _game(enable: Lexicon) -> PaperbackGame:
    deck = house_deck().to_json()
    deck["offer"].append({"letters": "S", "score": 1, "cost": 3, "abilities": ["ends:+3"], "fame": 0, "copies": 1})
    return PaperbackGame.new(deck_from_json(deck), PaperbackOptions(2), 7, enable)


def test_the_engine_scores_a_word_with_it(enable: Lexicon) -> None:
    game = _game(enable)
    st_ = game.state
    set_hand(st_, 0, ["S/1$3:ends:+3", "T/1$1", "wild"])
    game.apply(Spell("sat", lay(st_, "sat")))
    assert game.last_move is not None and game.last_move.score == 1 + 1 + 3  # S/1, a wild, T/1, S first: +3
    assert st_.coins == 5


def test_the_bots_value_it_by_its_row(enable: Lexicon) -> None:
    game = _game(enable)
    bot = Hard(enable)
    with_it, without = parse_card("S/1$3:ends:+3"), parse_card("S/1$3")
    assert ability_worth(with_it.abilities[0]) == pytest.approx(0.6 * 3)
    assert bot.worth(game.state, with_it) - bot.worth(game.state, without) == pytest.approx(1.8)
    set_hand(game.state, 0, ["S/1$3:ends:+3", "T/1$1", "wild"])
    turn, _ = turn_state(game.state)
    (best,) = PaperbackSearch(enable, turn, PaperbackObjective.VALUE).top(1)
    assert "S/1$3:ends:+3" in [c.code for c in turn.hand] and best.score >= 3
    bot.play_turn(game)  # the bot's search reads the card: its word is the best by value, the bonus counted
    assert game.last_move is not None and (game.last_move.word, game.last_move.value) == (best.word, best.value)
