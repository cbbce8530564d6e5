"""The Russian edition (Cyrillic cards and words, ё folded to е) and familiar words from frequency data."""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pytest

from solver.cli.main import main as cli_main
from solver.errors import StateError
from solver.hardback.catalogue import Catalogue
from solver.hardback.genres import Genre
from solver.hardback.state import TurnState
from solver.lexicon.familiarity import familiar_words, familiarity
from solver.text import normalize_word

from helpers import agrees_with_oracle, lexicon_of, search

RU_WORDS = ["кот", "ток", "кит", "елка", "ель", "мёд", "дом", "сон", "нос", "рок", "корт", "торс", "йод", "мой"]


def test_the_russian_starters_are_the_rulebooks() -> None:
    cat = Catalogue.edition("ru")
    coins = sorted(c.letter for c in cat if c.basic[0].kind.value == "coins")
    prestige = sorted(c.letter for c in cat if c.basic[0].kind.value == "prestige")
    assert coins == sorted("АЕИНОРСТ") and prestige == sorted("ВДКЛМПУЯ")
    assert cat.lookup("т") is cat.lookup("Т")


def test_russian_genre_names_read_as_genres() -> None:
    assert Genre.parse("Романы") is Genre.ROMANCE and Genre.parse("д") is Genre.MYSTERY
    assert Genre.parse("приключения") is Genre.ADVENTURE and Genre.parse("у") is Genre.HORROR


def test_yo_folds_to_ye_and_short_i_stays() -> None:
    assert normalize_word("Ёлка") == "елка" and normalize_word("мёд") == "мед"
    assert normalize_word("йод") == "йод"
    lex = lexicon_of(*RU_WORDS)
    assert "елка" in lex and "ёлка" in lex and "мед" in lex
    assert "иод" not in lex


def test_a_russian_hand_is_solved_exactly_against_the_oracle() -> None:
    state: dict[str, Any] = {
        "hand": ["К", "О", "Т", "романы:Р4{2p | 1c double}", "детективы:Д3{1p uncover | 1p}"],
        "inked": [],
        "options": {"edition": "ru"},
    }
    want = agrees_with_oracle(state, RU_WORDS)
    assert "кот" in want and "корт" in want
    best = search(RU_WORDS, "value", hand=state["hand"], options={"edition": "ru"}).top(1)[0]
    assert best.value == pytest.approx(max(m.value for m in want.values()))


def test_a_card_with_yo_matches_words_written_with_ye() -> None:
    s = search(RU_WORDS, hand=["М", "романы:Ё2{1p | -}", "Д"], options={"edition": "ru"})
    assert s.solve("мед") is not None


def test_an_english_letter_is_not_a_russian_starter() -> None:
    with pytest.raises(StateError, match="no card"):
        TurnState.from_json({"hand": ["E"], "options": {"edition": "ru"}})


def test_the_command_line_takes_cyrillic(capsys: pytest.CaptureFixture[str], tmp_path: object) -> None:
    from pathlib import Path

    words = Path(str(tmp_path)) / "ru.txt"
    words.write_text("\n".join(RU_WORDS), encoding="utf-8")
    code = cli_main(["hint", "К", "О", "Т", "--edition", "ru", "--words", str(words), "--json", "--top", "2"])
    assert code == 0
    out = json.loads(capsys.readouterr().out)
    assert {m["word"] for m in out["moves"]} <= {"кот", "ток"}


def test_familiar_words_come_from_frequency_data() -> None:
    lex = lexicon_of("cat", "dog", "qat", "zax", "the")
    f = familiarity(lex, "en")
    z = {lex.word(i): f[i] / 10 for i in range(len(lex))}
    assert z["the"] > z["cat"] > 3 > z["qat"]
    flags = familiar_words(lex, 3.0)
    assert sorted(lex.word(int(i)) for i in np.nonzero(flags)[0]) == ["cat", "dog", "the"]
    ru = lexicon_of("кот", "ёлка", "хтонь")
    fr = familiarity(ru, "ru")
    assert fr[ru.index("елка")] > 25  # ёлка is found through its folded form


def test_hints_keep_to_familiar_words(capsys: pytest.CaptureFixture[str], tmp_path: object) -> None:
    from pathlib import Path

    words = Path(str(tmp_path)) / "w.txt"
    words.write_text("qat\ncat\nact\nta\nat\n", encoding="utf-8")
    assert cli_main(["hint", "C", "A", "T", "--words", str(words), "--json", "--top", "5", "--familiar", "3"]) == 0
    out = json.loads(capsys.readouterr().out)
    played = {m["word"] for m in out["moves"]}
    assert "qat" not in played and "cat" in played
    assert all(m["familiarity"] >= 3 for m in out["moves"])
