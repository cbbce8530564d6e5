"""Every word of a Paperback hand (``solver.search.paperback.every``, ``hint --all``, the service's ``"top": "all"``):
each word listed with the best score the exact per-word search gives it, none missed, ranked as the top moves are,
the same under both engines, and a list the time limit cuts says so."""

from __future__ import annotations

import json
import random

import pytest

from solver.answers.paperback import every, every_lines
from solver.cli.main import main as cli_main
from solver.lexicon import Lexicon, default_lexicon
from solver.paperback.state import PaperbackTurn
from solver.search.paperback import PaperbackSearch
from solver.search.paperback.every import CUT, NO_PAIRS, alphabetical, every_word, words_of
from solver.search.paperback.native import layout

HANDS: list[dict[str, object]] = [
    {"hand": ["TH/3", "E/1", "?", "R/2:double-word", "S/1"], "common": "O/1"},
    {"hand": ["A/1:first:+2", "N/2:last:+1", "T/1:double-letter", "?", "ER/2", "I/1"], "common": None},
    {"hand": ["IN/2", "?", "?", "S/1:wilds:+1", "E/1:nowild:+2", "D/3"], "common": "dyslexic"},
    {"hand": ["Q/5", "U/1:copy", "I/1", "T/2:len>=5:+2", "E/1", "?"], "common": "E/1"},  # a copy: Python layouts
]


@pytest.fixture(scope="module")
def lex() -> Lexicon:
    return default_lexicon()


def state(data: dict[str, object]) -> PaperbackTurn:
    return PaperbackTurn.from_json({"game": "paperback", "threshold": 7, **data})


@pytest.mark.parametrize("data", HANDS)
def test_every_word_has_the_exact_searchs_best_score_and_none_is_missed(lex: Lexicon, data: dict[str, object]) -> None:
    s = state(data)
    found = every_word(PaperbackSearch(lex, s))
    assert found.complete and found.reason == ""
    listed = {w: sc for w, sc, _ in found.rows()}
    exact = PaperbackSearch(lex, s)
    rng = random.Random(7)
    # every word listed, by the one-word search; and words of the dictionary not listed have no layout
    for w in rng.sample(sorted(listed), min(150, len(listed))):
        m = exact.solve(w)
        assert m is not None and m.score == listed[w], w
    unlisted = [w for w in words_of(lex, alphabetical(lex)[:: max(1, len(lex) // 3000)]) if w not in listed]
    assert all(exact.solve(w) is None for w in unlisted if len(w) >= s.min_length)


@pytest.mark.parametrize("data", HANDS[:3])
def test_the_list_is_ranked_as_the_top_moves(lex: Lexicon, data: dict[str, object]) -> None:
    s = state(data)
    found = every_word(PaperbackSearch(lex, s))
    n = min(len(found), 300)
    top = PaperbackSearch(lex, s).top(n)
    assert [(m.word, m.score, m.length) for m in top] == found.rows()[:n]


@pytest.mark.skipif(layout is None, reason="the compiled layout search was not built")
@pytest.mark.parametrize("data", HANDS)
def test_both_engines_list_the_same_words(lex: Lexicon, data: dict[str, object]) -> None:
    s = state(data)
    compiled = every_word(PaperbackSearch(lex, s, engine="compiled")).rows()
    python = every_word(PaperbackSearch(lex, s, engine="python")).rows()
    assert compiled == python


def test_a_list_the_time_limit_cuts_says_so(lex: Lexicon) -> None:
    s = state({"hand": ["?"] * 8 + ["E/1", "S/1"]})
    search = PaperbackSearch(lex, s, time_limit=0.001)
    found, summary = every(search)
    assert not found.complete and found.reason == CUT and not search.exact
    last = json.loads(list(every_lines(found, summary))[-1])
    assert last["done"] is True and last["complete"] is False and last["reason"] == CUT
    assert last["count"] == len(found)


def test_the_json_lines_hold_every_word_then_the_summary(lex: Lexicon) -> None:
    found, summary = every(PaperbackSearch(lex, state(HANDS[0])))
    lines = "".join(every_lines(found, summary, chunk=7)).splitlines()
    assert len(lines) == len(found) + 1
    rows = [{"word": w, "score": s, "length": n} for w, s, n in found.rows()[:3]]
    assert [json.loads(line) for line in lines[:3]] == rows
    assert json.loads(lines[-1]) == {"done": True, **summary} and summary["complete"] is True


def test_a_spacebar_hand_lists_single_words_and_says_so(lex: Lexicon) -> None:
    found = every_word(PaperbackSearch(lex, state({"hand": ["E/1", "A/1", "T/1", "S/1"], "common": "spacebar"})))
    assert found.note == NO_PAIRS and found.rows() and all(" " not in w for w in found.words)


def test_the_command_line_lists_every_word(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli_main(["hint", "--game", "paperback", "TH/3", "E/1", "?", "R/2", "S/1", "--all"]) == 0
    text = capsys.readouterr().out.splitlines()
    assert text[0] == "every Paperback word by score" and text[-1].endswith("every word these cards can spell")
    count = int(text[-1].split()[0].replace(",", ""))
    assert len(text) == count + 2
    assert cli_main(["hint", "--game", "paperback", "TH/3", "E/1", "?", "R/2", "S/1", "--all", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["count"] == count == len(out["words"]) and out["complete"] is True
    assert cli_main(["hint", "TH/3", "E", "--all"]) == 2  # Hardback has no --all
    assert "--all is for Paperback" in capsys.readouterr().err
