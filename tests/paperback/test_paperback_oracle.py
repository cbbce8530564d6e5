"""Tests of the Paperback brute-force oracle itself: one small hand-worked case per rule.

Every expected number was worked out by hand from the rules (the brief's reading of the rulebook, in
``paperback_oracle``'s docstring); the comments show the sums.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

import pytest

from paperback_oracle import (
    Ability,
    OracleMove,
    PCard,
    ability_token,
    all_moves,
    best,
    oracle,
    parse_ability,
    parse_card,
    parse_state,
    ranking,
)


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


# ----- copy -----------------------------------------------------------------------------------------


def copy_choices(state: dict[str, Any], key: str) -> set[tuple[str, ...]]:
    """Every ``copies`` the oracle tried for a key, over all its layouts."""
    return {m.copies for k, m in all_moves(state, key.split(" ")) if k == key}


def test_copy_notation() -> None:
    assert parse_card("R/2:copy").abilities == (Ability("copy"),)
    assert parse_card("E/1:copy,+1,copy").abilities == (Ability("copy"), Ability("plus", 1), Ability("copy"))
    tokens = ["+2", "double-word", "double-letter", "cards+4", "len>=5:+3", "first:+2", "last:+1", "nowild:+3"]
    tokens += ["wilds:+2", "trash-hand", "trash-offer:2", "copy", "gain:3", "trash-gain:1"]
    for token in tokens:
        assert ability_token(parse_ability(token)) == token
    # a move without a copy card names no copies
    assert move(make(["A/1", "T/1"]), "at").copies == ()


def test_copy_of_double_word_triples_not_quadruples() -> None:
    # the rulebook's note: Double Word Score and a copy of it: (A 1 + T 1) x 3 = 6, not x4 = 8
    assert move(make(["A/1:double-word", "T/1:copy"]), "at") == OracleMove(
        6, 2, False, 0, ("A/1:double-word", "T/1:copy"), ("double-word",)
    )
    # without the copy: (1 + 1) x 2 = 4
    assert move(make(["A/1:double-word", "T/1"]), "at").score == 4
    # already x3 from two printed ones: (1 + 1 + 1) x 3 = 9 either way, so the copy copies nothing (the tie rule)
    m = move(make(["A/1:double-word", "B/1:double-word", "C/1:copy"]), "abc")
    assert (m.score, m.copies) == (9, ("",))
    assert copy_choices(make(["A/1:double-word", "B/1:double-word", "C/1:copy"]), "abc") == {("",), ("double-word",)}


def test_copy_cannot_copy_a_wild() -> None:
    # R 2 + two wilds 0 = 2; the wilds have nothing to copy, so the only choice is nothing
    state = make(["R/2:copy", "?", "?"])
    assert move(state, "rat") == OracleMove(2, 3, False, 0, ("R/2:copy", "?", "?"), ("",))
    assert copy_choices(state, "rat") == {("",)}


def test_copy_of_first_pays_only_when_the_copier_is_first() -> None:
    state = make(["S/1:first:+2", "T/1:copy", "A/1"])
    # T first copies S's first:+2: 1 + 1 + 1 + 2 = 5 (S last: its own first:+2 does not pay)
    assert move(state, "tas") == OracleMove(5, 3, False, 0, ("T/1:copy", "A/1", "S/1:first:+2"), ("first:+2",))
    # S first: 3 + 2 = 5; T last would gain nothing from copying first:+2, so it copies nothing
    assert (move(state, "sat").score, move(state, "sat").copies) == (5, ("",))
    # neither first: 3
    assert move(state, "ats").score == 3
    # last:+3 copied by T at the end: 1 + 1 + 1 + 3 = 6 (S first: its own last:+3 does not pay)
    assert move(make(["S/1:last:+3", "T/1:copy", "A/1"]), "sat").score == 6


def test_copy_of_first_and_last_with_the_spacebar() -> None:
    state = make(["T/1:copy", "O/1", "S/1:first:+2", "E/1"], common="spacebar", min_length=2)
    # "to se": T first of the pair copies first:+2: 4 letters + 2 + 1 for the Spacebar = 7
    assert move(state, "to se").score == 7
    # "se to": S first pays its own +2: 4 + 2 + 1 = 7; T first of the SECOND word gains nothing (not 9)
    m = move(state, "se to")
    assert (m.score, m.copies) == (7, ("",))
    state = make(["T/1:last:+3", "O/1", "B/1", "E/1:copy"], common="spacebar")
    # "to be": E last of the pair copies last:+3: 4 + 3 + 1 = 8; T (end of the first word) is not last
    assert (move(state, "to be").score, move(state, "to be").copies) == (8, ("last:+3",))
    # a copy may take an ability from the other word: A copies E's +2: 4 + 2 + 2 + 1 = 9
    state = make(["A/1:copy", "T/1", "B/1", "E/1:+2"], common="spacebar")
    assert (move(state, "at be").score, move(state, "at be").copies) == (9, ("+2",))


def test_copy_of_double_letter_doubles_a_neighbour_of_the_copier() -> None:
    # D doubles A (3, its better neighbour); C copies double-letter and doubles ITS neighbour Z (5):
    # Z 5x2 + C 1 + D 1 + A 3x2 = 18 (without the copy: 5 + 1 + 1 + 6 = 13)
    state = make(["Z/5", "C/1:copy", "D/1:double-letter", "A/3"])
    assert (move(state, "zcda").score, move(state, "zcda").copies) == (18, ("double-letter",))
    # C's only neighbour is Z, D's only neighbour is Z: Z 5x3 + C 1 + D 1 = 17
    assert move(make(["C/1:copy", "Z/5", "D/1:double-letter"]), "czd").score == 17
    # the factor is capped at 3: D's two doublers already triple Z, so 5x3 + 1 + 1 = 17 and the copy copies nothing
    m = move(make(["C/1:copy", "Z/5", "D/1:double-letter,double-letter"]), "czd")
    assert (m.score, m.copies) == (17, ("",))


def test_copy_cannot_copy_its_own_card_nor_another_copy() -> None:
    # A's own double-word cannot be copied: (1 + 1) x 2 = 4, not x3 = 6
    state = make(["A/1:copy,double-word", "T/1"])
    assert move(state, "at") == OracleMove(4, 2, False, 0, ("A/1:copy,double-word", "T/1"), ("",))
    assert copy_choices(state, "at") == {("",)}
    # two copy cards with nothing else: neither copies the other's copy: 1 + 1 = 2
    state = make(["A/1:copy", "T/1:copy"])
    assert move(state, "at").score == 2
    assert copy_choices(state, "at") == {("", "")}
    # A copies T's +2, T has only A's copy to look at: 1 + 1 + 2 + 2 = 6
    state = make(["A/1:copy", "T/1:copy,+2"])
    assert move(state, "at") == OracleMove(6, 2, False, 0, ("A/1:copy", "T/1:copy,+2"), ("+2", ""))
    assert copy_choices(state, "at") == {("", ""), ("+2", "")}


def test_copy_of_the_common_card_only_when_it_is_laid() -> None:
    # the common T is in the word: A copies its +3: 1 + 1 + 3 + 3 = 8
    assert move(make(["A/1:copy", "N/1"], common="T/1:+3"), "at").copies == ("+3",)
    assert move(make(["A/1:copy", "N/1"], common="T/1:+3"), "at").score == 8
    # the common T is not in "an": nothing to copy, 1 + 1 = 2
    assert copy_choices(make(["A/1:copy", "N/1"], common="T/1:+3"), "an") == {("",)}


def test_value_copies_cards_next_over_a_smaller_score() -> None:
    state = make(["A/1:copy", "T/1:+1", "E/1:cards+4"])
    # copy nothing: score 3 + 1 = 4, cards 4: value 4 + 2 = 6
    # copy +1: score 5, cards 4: value 5 + 2 = 7 (the best score)
    # copy cards+4: score 4, cards 8: value 4 + 4 = 8 (the best value: +2 value beats +1 score)
    pieces = ("A/1:copy", "T/1:+1", "E/1:cards+4")
    assert move(state, "ate") == OracleMove(5, 3, False, 4, pieces, ("+1",))
    assert oracle(state, ["ate"], "value")["ate"] == OracleMove(4, 3, False, 8, pieces, ("cards+4",))
    assert best(state, ["ate"], "value") == ("ate", OracleMove(4, 3, False, 8, pieces, ("cards+4",)))
    assert ranking(state, ["ate"], "value") == [("ate", (8.0, 3))]
    assert ranking(state, ["ate"], "score") == [("ate", (5, 3))]
    assert oracle(state, ["ate"], "length")["ate"].copies == ("+1",)  # length ties, then score


def test_two_copies_choose_independently() -> None:
    # C: 2 + 1 = 3 with double-word. A and B each copy double-word or +1:
    # (dw, dw): (4 + 1) x min(4, 3) = 15; (dw, +1) or (+1, dw): (4 + 1 + 1) x 3 = 18; (+1, +1): (4 + 3) x 2 = 14
    state = make(["A/1:copy", "B/1:copy", "C/2:double-word,+1"])
    m = move(state, "abc")
    assert (m.score, m.copies) == (18, ("+1", "double-word"))  # the tie goes to the smaller copies tuple
    assert copy_choices(state, "abc") == {(x, y) for x in ("", "+1", "double-word") for y in ("", "+1", "double-word")}
    # both copy the same ability: 1 + 1 + 2 + 3 + 3 + 3 = 13
    assert move(make(["A/1:copy", "B/1:copy", "C/2:+3"]), "abc").copies == ("+3", "+3")
    assert move(make(["A/1:copy", "B/1:copy", "C/2:+3"]), "abc").score == 13
    # one card printing copy twice: 1 + 2 + 3 + 3 + 3 = 12
    assert move(make(["A/1:copy,copy", "C/2:+3"]), "ac") == OracleMove(
        12, 2, False, 0, ("A/1:copy,copy", "C/2:+3"), ("+3", "+3")
    )
