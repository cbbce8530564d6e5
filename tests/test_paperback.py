"""The Paperback ghost writer: cards, the rule set, and the search against the brute-force oracle.

``tests/paperback_oracle.py`` was written apart from ``solver/paperback``; Hypothesis compares the two on random
hands over random word lists (every spellable word, its best score and length, the best move of each
objective), and named tests pin each rule.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from paperback_oracle import best, oracle

from solver.cli import main as cli_main
from solver.errors import GhostwriterError
from solver.paperback.cards import Kind, parse_card
from solver.paperback.search import PaperbackObjective, PaperbackSearch
from solver.paperback.state import PaperbackState

from helpers import lexicon_of


def state(hand: list[str], common: str | None = None, threshold: int | None = 7, **options: Any) -> dict[str, Any]:
    return {"game": "paperback", "hand": hand, "common": common, "threshold": threshold, "options": options}


def searcher(words: list[str], data: dict[str, Any], objective: str = "score") -> PaperbackSearch:
    return PaperbackSearch(lexicon_of(*words), PaperbackState.from_json(data), PaperbackObjective(objective))


def check_against_oracle(data: dict[str, Any], words: list[str]) -> None:
    truth = oracle(data, words)
    for objective in ("score", "length", "value"):
        s = searcher(words, data, objective)
        moves = s.top(1000)
        assert s.exact
        found = {m.word: m for m in moves}
        assert set(found) == set(truth), objective
        if objective == "score":
            for key, m in found.items():
                assert (m.score, m.length) == (truth[key].score, truth[key].length), key
        expected = best(data, words, objective)
        if expected is None:
            assert not moves
            continue
        top = moves[0]
        _, om = expected
        if objective == "score":
            assert (top.score, top.length) == (om.score, om.length)
        elif objective == "length":
            assert (top.length, top.score) == (om.length, om.score)
        else:
            assert top.value == pytest.approx(om.score + 3.0 * om.gains_common + 0.5 * om.cards_next)


# -- the notation ------------------------------------------------------------------------------------------------


def test_the_notation_reads_letters_score_cost_and_abilities() -> None:
    c = parse_card("Q/5$7:double-word,first:+2")
    assert (c.letters, c.score, c.cost) == ("q", 5, 7)
    assert [a.kind for a in c.abilities] == [Kind.DOUBLE_WORD, Kind.FIRST]
    assert c.code == "Q/5$7:double-word,first:+2"
    assert parse_card("?").wild and parse_card("?/0$2").cost == 2
    assert parse_card({"letters": "th", "score": 3, "abilities": ["len>=7:+3"]}).code == "TH/3:len>=7:+3"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("TH", "no score"),
        ("THE/3", "not a card"),
        ("E/1:triple-word", "not in the vocabulary"),
        ("?/2", "no score and no abilities"),
        ("E/1:+0", "from 1 to 99"),
    ],
)
def test_bad_cards_are_named(text: str, message: str) -> None:
    with pytest.raises(GhostwriterError, match=message):
        parse_card(text)


# -- named rules ---------------------------------------------------------------------------------------------------


def test_a_two_letter_card_and_single_letters_that_overlap_are_both_tried() -> None:
    # greedy matching would take TH for "the" and then have no T for "that"; the search tries every split
    words = ["that", "the", "hat"]
    data = state(["TH/3", "T/1", "A/1", "H/1"])
    s = searcher(words, data)
    m = s.solve("that")
    assert m is not None and m.score == 5  # TH A T
    assert [p.letters for p in m.pieces] == ["th", "a", "t"]
    check_against_oracle(data, words)


def test_a_two_letter_card_is_never_split_nor_reversed_without_dyslexic() -> None:
    words = ["ht", "th"]
    s = searcher(words, state(["TH/3"]))
    assert s.solve("ht") is None
    rev = searcher(words, state(["TH/3"], common="dyslexic")).solve("ht")
    assert rev is not None and rev.score == 4 and rev.pieces[0].reversed  # 3 + 1 for Dyslexic


def test_the_common_card_is_used_once() -> None:
    words = ["eel", "el"]
    data = state(["L/1"], common="E/2")
    s = searcher(words, data)
    assert s.solve("eel") is None
    m = s.solve("el")
    assert m is not None and m.score == 3 and m.uses_common
    check_against_oracle(data, words)


def test_spacebar_makes_two_words_scored_as_one() -> None:
    words = ["at", "it", "to"]
    data = state(["A/2", "T/1", "I/1", "T/1:last:+2"], common="spacebar", threshold=5)
    s = searcher(words, data)
    m = s.solve("at it")
    assert m is not None
    assert m.length == 5 and m.gains_common  # 2 + 2 + the space
    assert m.score == 2 + 1 + 1 + 1 + 2 + 1  # letters, the last T's +2, the Spacebar's +1
    check_against_oracle(data, words)


def test_double_word_triples_at_most_and_doubles_letters() -> None:
    words = ["tax"]
    data = state(["T/1:double-word", "A/1:double-word", "X/8:double-word"])
    assert searcher(words, data).solve("tax").score == 30  # type: ignore[union-attr]
    data = state(["T/1:double-letter", "A/1", "X/8:double-letter"])
    m = searcher(words, data).solve("tax")
    assert m is not None and m.score == 1 + 1 * 3 + 8  # both doublers aim at A: tripled
    check_against_oracle(state(["T/1:double-letter", "A/1", "X/8", "?"]), ["tax", "taxi", "ax"])


def test_bonuses_for_first_last_length_and_wilds() -> None:
    words = ["star", "stars", "tsar"]
    data = state(["S/1:first:+2", "T/1", "A/1:len>=5:+3", "R/1:nowild:+2", "?"])
    check_against_oracle(data, words)
    s = searcher(words, data)
    assert s.solve("star").score == 1 + 2 + 1 + 1 + 1 + 2  # type: ignore[union-attr]


def test_no_word_gives_a_reason_through_the_command_line(capsys: pytest.CaptureFixture[str], tmp_path: Any) -> None:
    words = tmp_path / "w.txt"
    words.write_text("cat\n", encoding="utf-8")
    assert cli_main(["hint", "--game", "paperback", "Q/5", "--words", str(words), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["moves"] == [] and "reason" in out


def test_the_command_line_answers_a_hand(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli_main(["hint", "--game", "paperback", "TH/3", "E/1", "?", "R/2", "S/1", "--json", "--top", "2"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["game"] == "paperback" and out["exact"]
    first = out["moves"][0]
    assert {"word", "score", "length", "cards"} <= set(first)
    assert first["score"] >= out["moves"][1]["score"]


def test_a_state_file_says_its_game(capsys: pytest.CaptureFixture[str], tmp_path: Any) -> None:
    f = tmp_path / "s.json"
    f.write_text(json.dumps(state(["C/2", "A/1", "T/1"], common="S/1")), encoding="utf-8")
    assert cli_main(["hint", "--state", str(f), "--json", "--top", "1"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["moves"][0]["word"] in ("cats", "scat", "acts", "cast")


def test_bad_paperback_input_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli_main(["hint", "--game", "paperback", "E/1:sparkle"]) == 2
    err = capsys.readouterr().err
    assert "not in the vocabulary" in err and "Traceback" not in err


# -- against the oracle, on random hands ----------------------------------------------------------------------------

LETTERS = "aeiorstnlhcdm"
WORDS = st.lists(st.text(alphabet=LETTERS, min_size=2, max_size=6), min_size=5, max_size=40, unique=True)
ABILITIES = st.sampled_from(
    ["", ":+1", ":double-word", ":double-letter", ":first:+2", ":last:+1", ":len>=5:+3", ":nowild:+2", ":wilds:+1",
     ":cards+1"]
)


@st.composite
def cards(draw: st.DrawFn) -> str:
    kind = draw(st.sampled_from(["one", "one", "one", "two", "wild"]))
    if kind == "wild":
        return "?"
    n = 1 if kind == "one" else 2
    letters = "".join(draw(st.sampled_from(LETTERS)) for _ in range(n))
    return f"{letters.upper()}/{draw(st.integers(0, 4))}{draw(ABILITIES)}"


@given(
    hand=st.lists(cards(), min_size=1, max_size=6),
    common=st.sampled_from([None, "E/1", "S/2", "spacebar", "dyslexic", "TH/2"]),
    dys=st.booleans(),
    words=WORDS,
)
@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
def test_the_search_agrees_with_the_oracle(hand: list[str], common: str | None, dys: bool, words: list[str]) -> None:
    data = state(hand + (["dyslexic"] if dys else []), common=common, threshold=5)
    check_against_oracle(data, words)


def test_no_common_card_on_the_track_means_nothing_to_gain() -> None:
    # found by the oracle comparison: a long word gains the Common card only when there is one to gain
    data = state(["C/1", "A/1", "T/1", "S/1", "?"], common=None, threshold=5)
    s = searcher(["casts", "cats"], data, "value")
    m = s.solve("casts")
    assert m is not None and not m.gains_common and m.value == m.score
    check_against_oracle(data, ["casts", "cats"])


@pytest.mark.slow
@given(
    hand=st.lists(cards(), min_size=1, max_size=8),
    common=st.sampled_from([None, "E/1", "S/2", "spacebar", "dyslexic", "TH/2", "O/1:double-word"]),
    dys=st.booleans(),
    words=WORDS,
)
@settings(max_examples=400, deadline=None, suppress_health_check=list(HealthCheck))
def test_the_search_agrees_with_the_oracle_at_length(
    hand: list[str], common: str | None, dys: bool, words: list[str]
) -> None:
    data = state(hand + (["dyslexic"] if dys else []), common=common, threshold=6)
    check_against_oracle(data, words)
