"""Paperback's ``copy`` ability (issue 15, item 11): a card that takes one ability of another card in the word.

The rulebook names the ability only in its notes; each test quotes the line it follows, or says which of the
project's readings (``solver.paperback.rules.copy_options``) it pins where the rulebook is silent. Each case is
also held to the brute-force oracle (``tests/paperback_oracle.py``, written apart), on every engine.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from test_paperback import check_against_oracle, state

from solver.cli.main import main as cli_main
from solver.errors import StateError
from solver.paperback.abilities import COPY, PLUS
from solver.paperback.cards import parse_card
from solver.paperback.moves import PaperbackObjective
from solver.paperback.state import MAX_COPIES, PaperbackTurn
from solver.search.paperback import PaperbackSearch, native

from helpers import lexicon_of
from oracle_cases import paperback_engines


def solve(
    words: list[str], data: dict[str, Any], word: str, objective: str = "score", engine: str | None = None
) -> Any:
    st = PaperbackTurn.from_json(data)
    s = PaperbackSearch(lexicon_of(*words), st, PaperbackObjective(objective), engine=engine)
    m = s.solve(word)
    assert m is not None, word
    return m


def test_copy_is_in_the_vocabulary_and_round_trips() -> None:
    card = parse_card("R/2:copy,+1")
    assert [a.effect for a in card.abilities] == [COPY, PLUS]
    assert parse_card(card.code) == card
    assert card.abilities[0].describe() == "copy an ability of another card in the word"


def test_a_copied_double_word_triples_the_score_not_quadruples() -> None:
    # "If you copy the "Double Word Score" ability, your score is tripled, not quadrupled."
    words = ["tar"]
    data = state(["T/1:double-word", "A/2:copy", "R/3"])
    m = solve(words, data, "tar")
    assert m.score == (1 + 2 + 3) * 3
    assert [(i, str(a)) for i, a in m.copied] == [(1, "double-word")]
    # two printed double-words and a copy: still tripled (the factor caps at 3)
    m = solve(words, state(["T/1:double-word", "A/2:copy", "R/3:double-word"]), "tar")
    assert m.score == (1 + 2 + 3) * 3
    check_against_oracle(data, words)


def test_a_wild_is_not_an_ability_and_cannot_be_copied() -> None:
    # ""Wild" is not an ability and cannot be copied."
    words = ["tar"]
    data = state(["T/1:copy", "?", "?"])
    m = solve(words, data, "tar")
    assert m.score == 1 and m.copied == ()
    check_against_oracle(data, words)


def test_a_copied_first_letter_bonus_pays_only_where_the_copying_card_stands() -> None:
    # reading: the copied ability acts as if printed on the copying card
    words = ["tar", "rat", "art"]
    data = state(["T/1:copy", "A/1", "R/1:first:+5"])
    assert solve(words, data, "tar").score == 1 + 1 + 1 + 5  # T copies first:+5 and stands first
    assert solve(words, data, "rat").score == 1 + 1 + 1 + 5  # R stands first itself; T's copy gains nothing
    assert solve(words, data, "art").score == 1 + 1 + 1  # neither stands first
    check_against_oracle(data, words)


def test_a_copied_double_letter_doubles_a_neighbour_of_the_copying_card() -> None:
    # reading: the copied double-letter doubles a neighbour of the copying card (its best one)
    words = ["tax"]
    data = state(["T/1:double-letter", "A/1", "X/8:copy"])
    m = solve(words, data, "tax")
    assert m.score == 1 + 1 * 3 + 8  # T's double and X's copy of it both have only A beside them: tripled
    check_against_oracle(data, words)
    data = state(["T/1:double-letter", "A/6:copy", "X/8"])
    m = solve(words, data, "tax")
    assert m.score == 1 + 6 * 2 + 8 * 2  # T doubles A, its only neighbour; A's copy doubles X, its best one
    check_against_oracle(data, words)


def test_a_copy_takes_nothing_from_its_own_card_nor_another_copy() -> None:
    # reading: "another card" in the word; a copy ability is not copied (no chains)
    words = ["ta"]
    data = state(["T/1:copy,+4", "A/1:copy"])
    m = solve(words, data, "ta")
    assert m.score == 1 + 4 + 1 + 4  # A copies T's +4; T has nothing else to copy
    assert [(i, str(a)) for i, a in m.copied] == [(1, "+4")]
    check_against_oracle(data, words)


def test_the_copy_chosen_depends_on_the_objective() -> None:
    # the choice is the player's: under value 4 more cards next hand (+2) beat 1 more point; under score, the point
    words = ["tar"]
    data = state(["T/1:cards+4", "A/1:+1", "R/1:copy"])
    by_value = solve(words, data, "tar", "value")
    assert (by_value.score, by_value.cards_next) == (3 + 1, 8)
    by_score = solve(words, data, "tar", "score")
    assert (by_score.score, by_score.cards_next) == (3 + 2, 4)
    check_against_oracle(data, words)


def test_two_copies_choose_each_their_own() -> None:
    words = ["tars"]
    data = state(["T/1:double-word", "A/1:+3", "R/1:copy", "S/1:copy"])
    m = solve(words, data, "tars")
    # one copy takes the double-word (x3), the other +3: (4 + 3 + 3) x 3
    assert m.score == (4 + 3 + 3) * 3
    check_against_oracle(data, words)


def test_the_common_card_can_be_copied_and_can_copy() -> None:
    words = ["toe", "tie"]
    check_against_oracle(state(["T/1", "E/1:copy"], common="O/1:double-word"), words)
    check_against_oracle(state(["T/1:+2", "E/1"], common="O/1:copy"), words)


def test_too_many_copies_are_refused_naming_the_limit() -> None:
    hand = [f"{ch}/1:copy" for ch in "abcde"]
    with pytest.raises(StateError, match=f"5 copy abilities .* at most {MAX_COPIES}"):
        PaperbackTurn.from_json(state(hand))
    PaperbackTurn.from_json(state(hand[:MAX_COPIES]))


def test_every_engine_gives_the_same_copy_answer() -> None:
    # the compiled layout search does not read copy: a hand with one runs the Python layouts, on either engine
    words = ["tar", "rat", "art"]
    data = state(["T/1:double-word", "A/2:copy", "R/3:first:+2", "?"])
    found = {e: solve(words, data, "tar", engine=e).score for e in paperback_engines()}
    assert set(found.values()) == {(1 + 2 + 3) * 3}
    if native.layout is not None:
        s = PaperbackSearch(lexicon_of(*words), PaperbackTurn.from_json(data), engine="compiled")
        assert s._compiled is None  # the fallback is the point


def test_the_answer_names_what_was_copied(capsys: pytest.CaptureFixture[str], tmp_path: Any) -> None:
    words = tmp_path / "w.txt"
    words.write_text("tar\n", encoding="utf-8")
    args = ["hint", "--game", "paperback", "T/1:double-word", "A/2:copy", "R/3", "--words", str(words)]
    assert cli_main([*args, "--json"]) == 0
    move = json.loads(capsys.readouterr().out)["moves"][0]
    assert move["cards"][1]["copies"] == ["double-word"] and "copies" not in move["cards"][0]
    assert "A/2:copy copies double-word" in move["reasons"]
    assert cli_main(args) == 0
    assert "copies double-word" in capsys.readouterr().out
