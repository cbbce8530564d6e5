"""Choosing dictionaries: the named ones, house lists with extra and banned words, and the Russian list."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from solver.cli.main import main as cli_main
from solver.errors import LexiconError
from solver.lexicon import default_lexicon, registry

from helpers import lexicon_of


def test_the_dictionaries_are_listed_with_their_licences(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli_main(["dictionaries", "--json"]) == 0
    items = {d["name"]: d for d in json.loads(capsys.readouterr().out)}
    assert items["enable"]["built"] and items["enable"]["licence"] == "public domain"
    for name in ("ru-opencorpora", "en-gb-scowl70", "en-scowl80", "de-hunspell", "fr-hunspell"):
        assert items[name]["licence"] and items[name]["requires"]
    assert "ru" in items["ru-opencorpora"]["aliases"]


def test_an_unknown_dictionary_is_named(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli_main(["hint", "C", "A", "T", "--dictionary", "klingon"]) == 2
    err = capsys.readouterr().err
    assert "unknown dictionary 'klingon'" in err and "ghostwriter dictionaries" in err


def test_a_house_list_adds_and_bans_words() -> None:
    base = lexicon_of("cat", "act", "qat", "at")
    house = registry.house(base, ["tac"], ["qat"])
    assert "tac" in house and "cat" in house and "qat" not in house
    assert "qat" in base and "tac" not in base  # valid in one list and not in the other
    again = registry.house(base, ["tac"], ["qat"])
    assert again.sha256 == house.sha256  # cached by content


def test_house_words_on_the_command_line(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    bans = tmp_path / "bans.txt"
    bans.write_text("qat\n", encoding="utf-8")
    args = ["hint", "h:Q4", "A", "T", "--json", "--top", "3"]
    assert cli_main([*args, "--ban-words", f"@{bans}"]) == 0
    words = {m["word"] for m in json.loads(capsys.readouterr().out)["moves"]}
    assert "qat" not in words
    assert cli_main([*args]) == 0
    assert "qat" in {m["word"] for m in json.loads(capsys.readouterr().out)["moves"]}


def test_a_house_list_of_nothing_is_refused() -> None:
    with pytest.raises(LexiconError, match="no words"):
        registry.house(lexicon_of("at"), [], ["at"])


def test_words_and_dictionary_together_are_refused(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    f = tmp_path / "w.txt"
    f.write_text("at\n", encoding="utf-8")
    assert cli_main(["hint", "A", "T", "--words", str(f), "--dictionary", "enable"]) == 2
    assert "not both" in capsys.readouterr().err


def test_enable_is_the_default_by_name() -> None:
    assert registry.load("enable").sha256 == default_lexicon().sha256


@pytest.mark.slow
def test_the_russian_list_is_built_once_and_loads_fast(capsys: pytest.CaptureFixture[str]) -> None:
    import time

    lex = registry.load("ru")  # built once (about two minutes), then cached
    start = time.perf_counter()
    again = registry.load("ru")
    assert time.perf_counter() - start < 1.0
    assert len(again) == len(lex) > 2_000_000
    assert "елка" in lex and "ёлка" in lex and "котами" in lex
    assert cli_main(["hint", "К", "О", "Т", "--dictionary", "ru", "--json", "--top", "1"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["moves"][0]["word"] in ("кот", "ток", "кто")
