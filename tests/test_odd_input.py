"""Odd input, as a hostile or unlucky user sends it: Unicode that is not what it looks like, JSON nested past any
real state, huge and negative numbers, wrong types. Every one is read right or refused with a message naming
the field (or the text) and the fix: never a traceback, a 5xx or a silent wrong answer."""

from __future__ import annotations

import json
import time

import pytest

from solver.errors import GhostwriterError, TextError
from solver.text import MAX_DEPTH, card_letter, check_depth, json_depth, lower_word, normalise

# -- the shared reading of text ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "read"),
    [("Ｅ", "E"), ("ｒ：Ｆ６", "r:F6"), ("１", "1"), ("ﬁ", "fi"), ("E\u0301", "\u00c9"), ("Ё", "Ё"), ("r:F6", "r:F6")],
)
def test_normalise_reads_compatibility_forms_as_their_letters(text: str, read: str) -> None:
    assert normalise(text, "card") == read


@pytest.mark.parametrize(
    ("text", "named"),
    [
        ("E\u200d", "U+200D (ZERO WIDTH JOINER)"),
        ("\u202eE", "U+202E (RIGHT-TO-LEFT OVERRIDE)"),
        ("E\x00", "U+0000"),
        ("\ud800", "U+D800"),
        ("E\u0337", "U+0337 (COMBINING SHORT SOLIDUS OVERLAY)"),
        ("\u0301", "U+0301 (COMBINING ACUTE ACCENT)"),
        ("E\ue000", "U+E000"),
        ("E\u2028", "U+2028 (LINE SEPARATOR)"),
        ("\ufeffE", "U+FEFF (ZERO WIDTH NO-BREAK SPACE)"),
    ],
)
def test_normalise_refuses_what_no_code_or_word_holds(text: str, named: str) -> None:
    with pytest.raises(TextError) as e:
        normalise(text, "card")
    message = str(e.value)
    assert message.startswith(f"card {text!r} has {named} at character ") and "type it without" in message
    assert message.isprintable()  # the character itself is shown escaped, never raw


def test_normalise_raises_the_callers_error() -> None:
    class MineError(GhostwriterError):
        pass

    with pytest.raises(MineError):
        normalise("E\x07", "card", MineError)


def test_card_letter_folds_and_refuses_letters_that_do_not_map_one_to_one() -> None:
    assert card_letter("ё", "letter") == "Е"  # the word lists' fold: ё is е
    assert card_letter("Ｅ", "letter") == "E"
    assert card_letter("e", "letter") == "E"
    with pytest.raises(TextError, match=r"lowercases to 2 characters .*type the plain letter \(I\)"):
        card_letter("İ", "letter")
    with pytest.raises(TextError, match=r"reads as 'fi' once normalised \(NFKC\), and a card has one letter"):
        card_letter("ﬁ", "letter")
    with pytest.raises(TextError, match=r"its capital is 'SS'"):
        card_letter("ß", "letter")
    with pytest.raises(TextError, match=r"its capital is 'I', whose small form is 'i'"):
        card_letter("ı", "letter")


def test_lower_word_is_the_word_lists_form() -> None:
    assert lower_word(" Ёлка ", "word") == "елка"
    assert lower_word("ＫＨＡＦＳ", "word") == "khafs"
    assert lower_word("Straße", "word") == "straße"
    with pytest.raises(TextError, match=r"U\+0130"):
        lower_word("İstanbul", "word")


def test_json_depth_counts_brackets_outside_strings_only() -> None:
    assert json_depth('{"hand": ["r:F6"], "timeless": {"mine": []}}') == 3
    assert json_depth('["[[[[", "\\"[[[", {"a": "}}}"}]') == 2
    assert json_depth(b'[[["\\\\"]]]') == 3
    assert json_depth("[" * 100_000) == 100_000
    assert json_depth("") == 0


def test_check_depth_refuses_deep_text_quickly_and_passes_real_states() -> None:
    check_depth(json.dumps({"hand": ["E"], "timeless": {"mine": [], "others": []}}), "the state")
    check_depth("[" * MAX_DEPTH + "]" * MAX_DEPTH, "the state")
    start = time.perf_counter()
    with pytest.raises(TextError, match=rf"the state is nested 100000 levels deep, and at most {MAX_DEPTH} levels"):
        check_depth("[" * 100_000, "the state")
    assert time.perf_counter() - start < 1.0
    with pytest.raises(TextError):
        check_depth(b"{" * 64 * 1024, "the body")
