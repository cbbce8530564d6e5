"""Tests of the Paperback brute-force oracle itself: one small hand-worked case per rule.

Every expected number was worked out by hand from the rules (the brief's reading of the rulebook, in
``paperback_oracle``'s docstring); the comments show the sums.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

import pytest

from paperback_oracle import Ability, OracleMove, PCard, best, oracle, parse_card, parse_state


def make(
    hand: Sequence[str], common: str | None = None, threshold: int | None = 7, **options: object
) -> dict[str, Any]:
    """A Paperback state in the tool's JSON shape."""
    return {"game": "paperback", "hand": list(hand), "common": common, "threshold": threshold, "options": options}


def move(state: dict[str, Any], key: str) -> OracleMove:
    """The oracle's move for a word, or for a Spacebar pair ``"w1 w2"`` (from a list of its two words)."""
    moves = oracle(state, key.split(" "))
    assert key in moves, f"{key!r} should be spellable"
    return moves[key]


def spellable(state: dict[str, Any], words: Sequence[str]) -> set[str]:
    return set(oracle(state, words))


# ----- notation -------------------------------------------------------------------------------------


def test_parse_cards() -> None:
    assert parse_card("TH/3") == PCard("TH/3", "th", 3, ())
    assert parse_card("q/5$7:double-word") == PCard("q/5$7:double-word", "q", 5, (Ability("double-word"),))
    assert parse_card("S/1:first:+2").abilities == (Ability("first", 2),)
    assert parse_card("X/2:len>=5:+3,cards+1,last:+1").abilities == (
        Ability("len", 3, 5),
        Ability("cards", 1),
        Ability("last", 1),
    )
    assert parse_card("E/1:+2,nowild:+1,wilds:+3,trash-hand,trash-offer:2,double-letter").abilities == (
        Ability("plus", 2),
        Ability("nowild", 1),
        Ability("wilds", 3),
        Ability("trash-hand"),
        Ability("trash-offer", 2),
        Ability("double-letter"),
    )
    for wild in ("?", "?/0", "?/0$2"):
        assert parse_card(wild).wild
        assert parse_card(wild).score == 0


@pytest.mark.parametrize(
    ("code", "token"),
    [
        ("E/1:triple-word", "triple-word"),
        ("E/1:+2,double-wrod", "double-wrod"),
        ("E/1:first+2", "first+2"),
        ("E/1:", "''"),
        ("ABC/1", "ABC/1"),
        ("E/x", "E/x"),
        ("E", "E"),
        ("?/1", "?/1"),
        ("?/0:+1", "?/0:+1"),
        ("spacebar", "spacebar"),
    ],
)
def test_bad_tokens_are_named(code: str, token: str) -> None:
    with pytest.raises(ValueError, match=re.escape(token)):
        oracle(make(["A/1", code]), ["at"])


def test_bad_state() -> None:
    with pytest.raises(ValueError, match="hardback"):
        oracle({"game": "hardback", "hand": []}, [])
    with pytest.raises(ValueError, match="Z/"):
        oracle(make(["A/1"], common="Z/"), ["at"])
    with pytest.raises(ValueError, match="min_length"):
        oracle(make(["A/1"], min_length="2"), ["at"])
    with pytest.raises(ValueError, match="fastest"):
        best(make(["A/1", "T/1"]), ["at"], "fastest")


def test_parse_state_reads_dyslexics_and_commons() -> None:
    st = parse_state(make(["TH/3", "Dyslexic", "?"], common="SPACEBAR", threshold=None))
    assert [c.code for c in st.hand] == ["TH/3", "?"]
    assert st.dyslexics == ("Dyslexic",)
    assert st.common == "spacebar"
    assert st.threshold is None
    assert st.min_length == 2
    assert parse_state(make([], common="E/1:+1")).common == PCard("E/1:+1", "e", 1, (Ability("plus", 1),))


# ----- laying out words -----------------------------------------------------------------------------


def test_two_letter_card_keeps_both_letters_in_order() -> None:
    state = make(["TH/3", "E/1", "A/1"])
    assert spellable(state, ["the", "hte", "eth", "tea", "hat", "thea", "eath"]) == {"the", "eth", "thea", "eath"}
    assert move(state, "the") == OracleMove(4, 3, False, 0, ("TH/3", "E/1"))  # 3 + 1; TH counts 2 letters


def test_wild_is_any_letter_for_nothing() -> None:
    state = make(["?", "A/1"])
    assert spellable(state, ["at", "ta", "aa", "a", "att", "a-"]) == {"at", "ta", "aa"}
    assert move(state, "at") == OracleMove(1, 2, False, 0, ("A/1", "?"))
    assert move(make(["?/0$2", "?"]), "zz").score == 0


def test_words_are_compared_in_lower_case() -> None:
    assert oracle(make(["th/3", "e/1"]), ["THE"])["the"].score == 4
    assert set(oracle(make(["th/3", "e/1"]), ["THE", "the"])) == {"the"}


def test_common_card_is_used_once_with_its_score_and_abilities() -> None:
    state = make(["B/2"], common="E/1:+2")
    assert spellable(state, ["be", "bee", "eb", "e"]) == {"be", "eb"}
    assert move(state, "be") == OracleMove(5, 2, False, 0, ("B/2", "*"))  # 2 + 1 + 2
    # a hand E and the common E together
    assert move(make(["B/2", "E/1"], common="E/1"), "bee").score == 4


def test_unused_cards_stay_in_hand() -> None:
    m = move(make(["Z/9:double-word", "A/1", "T/1"]), "at")
    assert m == OracleMove(2, 2, False, 0, ("A/1", "T/1"))


# ----- scores ---------------------------------------------------------------------------------------


def test_double_letter_chooses_the_better_neighbour() -> None:
    state = make(["A/1", "X/1:double-letter", "Z/5"])
    assert move(state, "axz").score == 12  # A 1 + X 1 + Z 5x2
    assert move(state, "zxa").score == 12
    assert move(state, "ax").score == 3  # A 1x2 + X 1
    # the doubler does not double itself, and a wild neighbour gives nothing
    assert move(make(["X/4:double-letter", "?"]), "xa").score == 4


def test_double_letter_cap_is_x3() -> None:
    # D's two doublers and E's one all land on Z (no other neighbour): Z 5 x min(4, 3) + D 1 + E 1 = 17
    state = make(["D/1:double-letter,double-letter", "Z/5", "E/1:double-letter"])
    assert move(state, "dze").score == 17
    assert move(make(["D/1:double-letter,double-letter", "Z/5"]), "dz").score == 16  # 1 + 5x3
    assert move(make(["D/1:double-letter", "Z/5", "E/1:double-letter"]), "dze").score == 17  # 1 + 5x3 + 1


def test_double_letter_on_two_letter_card_and_common() -> None:
    assert move(make(["TH/3", "E/1:double-letter"]), "the").score == 7  # TH 3x2 + E 1
    assert move(make(["B/1:double-letter"], common="E/4"), "be").score == 9  # B 1 + E* 4x2


def test_double_word_is_applied_last_and_capped_at_x3() -> None:
    assert move(make(["A/1:double-word", "T/1:+2"]), "at").score == 8  # (1 + 1 + 2) x 2
    assert move(make(["A/1:double-word", "B/1:double-word"]), "ab").score == 6  # (1 + 1) x 3
    assert move(make(["A/1:double-word", "B/1:double-word", "C/1:double-word"]), "abc").score == 9  # 3 x 3


def test_first_and_last() -> None:
    state = make(["S/1:first:+2", "T/1:last:+3", "A/1"])
    assert move(state, "sat").score == 8  # 3 + 2 + 3
    assert move(state, "tas").score == 3  # neither card in its place
    assert move(state, "st").score == 7
    assert move(make(["TH/1:first:+2,last:+3"]), "th").score == 6  # one card supplies both ends
    assert move(make(["A/1"], common="T/1:last:+3"), "at").score == 5


def test_length_bonus() -> None:
    state = make(["A/1:len>=3:+4", "T/1", "E/1"])
    assert move(state, "at").score == 2
    assert move(state, "ate").score == 7  # 3 + 4
    assert move(make(["A/1:len>=3:+4", "TE/1"]), "ate").score == 6  # a two-letter card counts 2


def test_nowild_and_wilds() -> None:
    state = make(["A/1:nowild:+3", "T/1", "?"])
    assert move(state, "at").score == 5  # 2 + 3
    assert move(state, "an").score == 1  # a wild in the word
    assert move(state, "ant").score == 2
    state = make(["A/1:wilds:+2", "?", "?"])
    assert move(state, "ab").score == 3  # 1 + 2x1
    assert move(state, "abc").score == 5  # 1 + 2x2


def test_cards_next_and_trash_score_nothing() -> None:
    m = move(make(["A/1:cards+2,trash-hand", "T/1:cards+1,trash-offer:2"]), "at")
    assert (m.score, m.cards_next) == (2, 3)


def test_equal_scores_prefer_more_cards_next() -> None:
    assert move(make(["A/1", "A/1:cards+1", "T/1"]), "at") == OracleMove(2, 2, False, 1, ("A/1:cards+1", "T/1"))


# ----- Dyslexic -------------------------------------------------------------------------------------


def test_common_dyslexic_reverses_one_two_letter_card() -> None:
    state = make(["TH/3", "E/1"], common="dyslexic")
    assert move(state, "hte") == OracleMove(5, 3, False, 0, ("~TH/3", "*", "E/1"))  # 3 + 1 + 1; no length
    assert move(state, "the").score == 4  # not reversed, not used
    state = make(["TH/3", "ER/2"], common="dyslexic")
    assert spellable(state, ["hter", "htre", "ther", "thre"]) == {"hter", "ther", "thre"}
    assert move(state, "hter").score == 6  # 3 + 2 + 1


def test_hand_dyslexics_add_reversals() -> None:
    state = make(["TH/3", "ER/2", "dyslexic"], common="dyslexic")
    assert move(state, "htre") == OracleMove(7, 4, False, 0, ("~TH/3", "*", "~ER/2", "dyslexic"))  # 3 + 2 + 1 + 1
    state = make(["TH/3", "dyslexic"])
    assert move(state, "ht") == OracleMove(4, 2, False, 0, ("~TH/3", "dyslexic"))
    assert "ht" not in oracle(make(["TH/3"]), ["ht"])


def test_dyslexic_reverses_a_palindrome_and_the_common_card() -> None:
    assert move(make(["OO/2"], common="dyslexic"), "oo").score == 3  # the reading: OO reversed is OO, +1
    assert move(make(["A/1", "dyslexic"], common="TH/2"), "aht") == OracleMove(
        4, 3, False, 0, ("A/1", "~*", "dyslexic")
    )


# ----- Spacebar -------------------------------------------------------------------------------------


def test_spacebar_spells_two_words_from_disjoint_cards() -> None:
    state = make(["C/1", "A/1", "T/2", "D/1", "O/1", "G/1"], common="spacebar")
    moves = oracle(state, ["cat", "dog", "at"])
    m = moves["cat dog"]
    assert m == OracleMove(8, 7, True, 0, ("C/1", "A/1", "T/2", "*", "D/1", "O/1", "G/1"))  # 4 + 3 + 1; 3 + 3 + 1
    assert moves["cat"].score == 4  # single words are still moves
    assert "cat at" not in moves  # A and T cannot be used twice
    assert "cat cat" not in moves
    assert set(moves) == {"cat", "dog", "at", "cat dog", "dog cat", "dog at", "at dog"}


def test_spacebar_bonuses_span_both_words() -> None:
    state = make(["S/1:first:+2", "O/1", "B/1", "E/1:last:+3"], common="spacebar")
    assert move(state, "so be").score == 10  # 4 + 2 + 3 + 1
    assert move(state, "be so").score == 5  # 4 + 1: S and E are inside
    assert move(make(["A/1:double-word", "T/1", "B/1", "E/1"], common="spacebar"), "at be").score == 10  # (4 + 1) x 2
    state = make(["A/1:len>=5:+4", "T/1", "B/1", "E/1"], common="spacebar")
    assert move(state, "at be").score == 9  # 4 + 1 + 4: the length 5 counts the space
    state = make(["A/1:nowild:+3", "T/1", "?", "E/1"], common="spacebar")
    assert move(state, "at be").score == 4  # 3 + 1: the wild in the second word counts


def test_double_letter_does_not_cross_the_space() -> None:
    state = make(["A/1", "T/1:double-letter", "B/5", "E/1"], common="spacebar")
    assert move(state, "at be").score == 10  # A 1x2 + T 1 + B 5 + E 1 + 1
    state = make(["T/1:double-letter", "B/5", "E/1"], common="spacebar", min_length=1)
    assert move(state, "t be").score == 8  # T 1 (no neighbour in its word) + B 5 + E 1 + 1


def test_spacebar_min_length_applies_to_each_word() -> None:
    state = make(["C/1", "A/1", "T/2", "B/1", "E/1"], common="spacebar", min_length=3)
    assert set(oracle(state, ["cat", "be"])) == {"cat"}


# ----- common card, threshold and minimum length ----------------------------------------------------


def test_threshold_gains_the_common_card() -> None:
    state = make(["B/1", "E/1"], common="E/1", threshold=3)
    assert move(state, "bee").gains_common
    assert not move(state, "be").gains_common
    assert not move(make(["B/1", "E/1", "E/1"], threshold=3), "bee").gains_common  # no common card to gain
    assert not move(make(["B/1", "E/1"], common="E/1", threshold=None), "bee").gains_common
    assert move(make(["TH/1", "E/1"], common="dyslexic", threshold=3), "the").gains_common  # unused, still gained


def test_min_length() -> None:
    state = make(["A/1", "T/1", "E/1"], min_length=3)
    assert spellable(state, ["at", "ate", "tea"]) == {"ate", "tea"}
    assert spellable(make(["A/1"], common="T/1", min_length=1), ["a", "at"]) == {"a", "at"}


# ----- best -----------------------------------------------------------------------------------------


def test_best_by_objective() -> None:
    state = make(["Z/5", "A/1", "?", "B/1:cards+4"], common="E/1", threshold=4)
    words = ["za", "bae", "babe", "zzzzz"]
    # za: 5 + 1 = 6; bae: 3, cards 4 (value 5); babe: 3, length 4, gains, cards 4 (value 3 + 3 + 2 = 8)
    assert best(state, words, "score") == ("za", OracleMove(6, 2, False, 0, ("Z/5", "A/1")))
    key, m = best(state, words, "length") or ("", None)
    assert (key, m and m.length) == ("babe", 4)
    key, m = best(state, words, "value") or ("", None)
    assert (key, m and (m.score, m.gains_common, m.cards_next)) == ("babe", (3, True, 4))
    assert best(state, ["zzzzz"]) is None


def test_best_value_ranks_every_layout() -> None:
    state = make(["A/5", "A/1:cards+10", "T/1"])
    assert oracle(state, ["at"])["at"].score == 6  # A/5 + T
    assert best(state, ["at"], "value") == ("at", OracleMove(2, 2, False, 10, ("A/1:cards+10", "T/1")))  # 2 + 5 > 6
