"""The shipped offensive words: kept out of close-word suggestions always, out of hints and bots by default, and let
back into a hint when asked (``--allow-offensive``, ``allow_offensive``)."""

from __future__ import annotations

import json

import pytest

from solver.answers.filters import familiar, inoffensive
from solver.bots.registry import make_bot
from solver.cli.main import main as cli_main
from solver.lexicon import Lexicon, default_lexicon
from wordlists.offensive import offensive_words

from helpers import lexicon_of


def test_the_lists_load_with_their_plurals() -> None:
    en = offensive_words("en")
    assert {"ass", "asses", "bastard", "bastards", "lezzy", "wop", "wops"} <= en
    assert offensive_words("ru") and offensive_words("xx") == frozenset()
    assert offensive_words() >= en | offensive_words("ru")
    assert not {"cat", "nasal", "sass", "poets", "refugee"} & en


def test_close_words_never_suggest_an_offensive_word() -> None:
    lex = default_lexicon()
    assert "lezzy" not in lex.close_words("xyzzy") and "fuzzy" in lex.close_words("xyzzy")
    small = lexicon_of("bastard", "custard", "mustard")
    assert small.close_words("bustard") == ["custard", "mustard"]


def _words(capsys: pytest.CaptureFixture[str], *flags: str) -> list[str]:
    assert cli_main(["hint", "A", "S", "S", "E", "S", "--top", "3", "--json", *flags]) == 0
    return [m["word"] for m in json.loads(capsys.readouterr().out)["moves"]]


def test_hints_leave_offensive_words_out_unless_asked(capsys: pytest.CaptureFixture[str]) -> None:
    assert "asses" not in _words(capsys)
    assert _words(capsys, "--allow-offensive")[0] == "asses"


def _at(lex: Lexicon, word: str) -> int:
    i = lex.index(word)
    assert i is not None, word
    return i


def test_the_mask_flags_only_offensive_words() -> None:
    lex = lexicon_of("cat", "asses", "bastard", "dog")
    flags = inoffensive(lex, "en")
    assert flags is not None and [bool(flags[_at(lex, w)]) for w in ("cat", "asses", "bastard", "dog")] == [
        True, False, False, True]
    assert familiar(lex, None, "en", allow_offensive=True) == (None, None)
    assert inoffensive(lexicon_of("cat", "dog"), "en") is None


@pytest.mark.parametrize("name", ["greedy", "easy", "hard"])
def test_bots_play_no_offensive_word(name: str) -> None:
    lex = lexicon_of("cat", "asses", "the")
    flags = make_bot(name, lex, 1).vocabulary()
    assert flags is not None and not flags[_at(lex, "asses")] and flags[_at(lex, "the")]


def test_the_service_hint_takes_allow_offensive() -> None:
    from fastapi.testclient import TestClient

    from service.main import create_app

    from helpers import post

    with TestClient(create_app()) as client:
        body = {"hand": ["A", "S", "S", "E", "S"], "top": 3}
        _, plain = post(client, "/v1/hardback/hint", body)
        _, asked = post(client, "/v1/hardback/hint", {**body, "allow_offensive": True})
    assert "asses" not in [m["word"] for m in plain["moves"]] and asked["moves"][0]["word"] == "asses"


def test_the_mask_is_made_once_a_lexicon_and_cannot_be_changed() -> None:
    lex = lexicon_of("cat", "asses", "dog")
    flags = inoffensive(lex, "en")
    assert flags is not None and inoffensive(lex, "en") is flags and isinstance(flags, bytes)  # (bytes: read-only)
    other = lexicon_of("asses", "cat", "dog")  # another lexicon of the same size: its own mask
    got = inoffensive(other, "en")
    assert got is not None and got is not flags and not got[_at(other, "asses")] and got[_at(other, "cat")]
    assert inoffensive(lex, "ru") is None


def test_the_shipped_lists_are_the_recorded_ones() -> None:
    """The lists are checked here, not on every start (a hash on each start costs every command's first answer)."""
    import hashlib
    from pathlib import Path

    from wordlists.offensive import LISTS

    folder = Path(__file__).resolve().parents[2] / "wordlists"
    for files in LISTS.values():
        for file, sha256 in files:
            assert hashlib.sha256((folder / file).read_bytes()).hexdigest() == sha256, file
