"""``POST /v1/paperback/hint`` through the real app (FastAPI's test client runs the lifespan): the moves of a hand,
the same answer as the command line's, Spacebar's two-word moves, every bad input as a 422 naming its field, and
the dictionary asked for."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from service.main import create_app
from service.settings import Settings
from solver.cli.main import main as cli_main

HAND = ["TH/3", "E/1", "?", "R/2:double-word", "S/1"]
PATH = "/v1/paperback/hint"


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    with TestClient(create_app(Settings())) as c:
        yield c


def post(client: TestClient, body: object) -> tuple[int, Any]:
    r = client.post(PATH, json=body)
    return r.status_code, r.json()


def cli_answer(capsys: pytest.CaptureFixture[str], *args: str) -> dict[str, Any]:
    code = cli_main(["hint", "--game", "paperback", *args, "--json"])
    assert code == 0
    out: dict[str, Any] = json.loads(capsys.readouterr().out)
    return out


# -- answers -------------------------------------------------------------------------------------------------------


def test_a_hand_is_answered_with_its_moves(client: TestClient) -> None:
    status, out = post(client, {"hand": HAND, "common": "O/1"})
    assert status == 200, out
    assert out["game"] == "paperback" and out["objective"] == "score" and out["exact"] is True
    assert out["dictionary"] == "enable" and out["elapsed_ms"] > 0
    moves = out["moves"]
    assert len(moves) == 5  # top defaults to 5
    for m in moves:
        assert {"word", "score", "length", "value", "cards", "gains_common", "uses_common", "reasons"} <= set(m)
        assert "".join(c["letters"] for c in m["cards"]) == m["word"]  # the cards left to right spell the word
        assert [c["position"] for c in m["cards"]] == sorted(c["position"] for c in m["cards"])
        for c in m["cards"]:
            assert {"code", "letters", "source", "position", "factor"} <= set(c)
    ranks = [(m["score"], m["length"]) for m in moves]
    assert ranks == sorted(ranks, reverse=True)

    best = moves[0]
    assert (best["score"], best["length"], best["gains_common"], best["uses_common"]) == (16, 7, True, True)
    by_code = {c["code"]: c for c in best["cards"]}
    assert by_code["TH/3"]["letters"] == "th"  # a two-letter card is one card
    assert by_code["?"]["wild"] is True and by_code["O/1"]["source"] == "common"
    assert "word score x2" in best["reasons"] and "7 letters: gains the Common card" in best["reasons"]


def test_cards_as_objects_and_the_track_spent(client: TestClient) -> None:
    r2: dict[str, Any] = {"letters": "r", "score": 2, "abilities": ["double-word"]}
    hand: list[Any] = [{"letters": "th", "score": 3}, "E/1", "?", r2, "S/1"]
    status, out = post(client, {"hand": hand, "common": "O/1", "threshold": None, "top": 3})
    assert status == 200, out
    assert out["moves"][0]["score"] == 16
    assert not any(m["gains_common"] for m in out["moves"])  # no track number: nothing to gain


@pytest.mark.parametrize("objective", ["score", "length", "value"])
def test_the_service_answers_as_the_command_line_does(
    client: TestClient, capsys: pytest.CaptureFixture[str], objective: str
) -> None:
    _, out = post(client, {"hand": HAND, "common": "O/1", "threshold": 6, "objective": objective, "top": 7})
    cli = cli_answer(capsys, *HAND, "--common", "O/1", "--threshold", "6", "--objective", objective, "--top", "7")
    assert out["moves"] == cli["moves"] and len(out["moves"]) == 7
    assert out["objective"] == cli["objective"] == objective


def test_spacebar_gives_two_word_moves(client: TestClient, capsys: pytest.CaptureFixture[str]) -> None:
    hand = ["A/2", "N/1", "I/1", "T/1"]
    status, out = post(client, {"hand": hand, "common": "spacebar", "top": 5})
    assert status == 200, out
    best = out["moves"][0]
    first, second = best["word"].split(" ")
    for word in (first, second):
        assert client.get(f"/v1/words/{word}").json()["valid"] is True
    space = [c for c in best["cards"] if c["code"] == "spacebar"]
    assert len(space) == 1 and space[0]["source"] == "common" and space[0]["letters"] == " "
    assert best["uses_common"] is True
    assert "two words with the Spacebar (+1)" in best["reasons"]
    assert best["score"] == sum(c.get("score", 0) for c in best["cards"]) + 1
    assert out["moves"] == cli_answer(capsys, *hand, "--common", "spacebar", "--top", "5")["moves"]


def test_dyslexic_reverses_a_two_letter_card(client: TestClient) -> None:
    status, out = post(client, {"hand": ["HT/4", "E/1", "N/1:double-letter", "A/1"], "common": "dyslexic", "top": 1})
    assert status == 200, out
    [best] = out["moves"]
    assert best["word"] == "nth" and best["score"] == 10  # N 1 + HT reversed 4 x2 + Dyslexic 1
    [ht] = [c for c in best["cards"] if c["code"] == "HT/4"]
    assert ht["letters"] == "th" and ht["reversed"] is True and ht["factor"] == 2 and ht["score"] == 8


def test_no_playable_word_says_why(client: TestClient) -> None:
    status, out = post(client, {"hand": ["Q/5"]})
    assert status == 200 and out["moves"] == [] and "no word" in out["reason"]


# -- bad input -----------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("body", "field", "says"),
    [
        ({"hand": ["TH/3", "E/1:sparkle"]}, "hand[1]", "'sparkle' is not in the vocabulary"),
        ({"hand": ["E/1", "E/1:+0"]}, "hand[1]", "from 1 to 20"),
        ({"hand": ["E/1", "E/1:+21"]}, "hand[1]", "from 1 to 20, as a card can print it"),
        ({"hand": ["E/21"]}, "hand[0]", "has score 21: a card prints 0 to 20"),
        ({"hand": ["E/1:len>=31:+1"]}, "hand[0]", "the length must be from 1 to 30"),
        ({"hand": ["E/1:cards+11"]}, "hand[0]", "from 1 to 10"),
        ({"hand": ["E/1:trash-offer:8"]}, "hand[0]", "from 1 to 7"),
        ({"hand": ["T/1", "E/1:" + ",".join(["+1"] * 3000)]}, "hand[1]", "3000 abilities on one card"),
        ({"hand": [{"letters": "e", "score": 1, "abilities": ["+1"] * 9}]}, "hand[0]", "at most 8"),
        ({"hand": [{"letters": "e", "score": 21}]}, "hand[0]", "from 0 to 20"),
        ({"hand": ["E/٣"]}, "hand[0]", "U+0663 (ARABIC-INDIC DIGIT THREE): write scores, costs and"),
        ({"hand": ["T/1", "İ/1"]}, "hand[1]", "U+0130 (LATIN CAPITAL LETTER I WITH DOT ABOVE) lowercases"),
        ({"hand": ["ﬁ/1"]}, "hand[0]", "U+FB01 (LATIN SMALL LIGATURE FI) reads as 2 letters ('fi')"),
        ({"hand": [{"letters": "ﬁ", "score": 1}]}, "hand[0]", "FI/SCORE for a two-letter card"),
        ({"hand": ["E\u200d/1"]}, "hand[0]", "U+200D (ZERO WIDTH JOINER)"),
        ({"hand": ["E/1"], "common": "İ/1"}, "common", "lowercases to 2 characters"),
        ({"hand": ["E/1", {"letters": "x", "score": 1, "abilities": ["zz"]}]}, "hand[1]", "'zz' is not in"),
        ({"hand": ["E1"]}, "hand[0]", "is not a card"),
        ({"hand": ["E/1", "E"]}, "hand[1]", "has no score"),
        ({"hand": ["?/1"]}, "hand[0]", "a wild card (?) has no score"),
        ({"hand": ["E/1", {"letters": "e", "colour": "red"}]}, "hand[1]", "unknown field 'colour'"),
        ({"hand": []}, "hand", "at least 1"),
        ({"hand": ["E/1"] * 25}, "hand", "at most 24"),
        ({"hand": ["E/1"], "top": 51}, "top", "ask for 1 to 50"),
        ({"hand": ["E/1"], "top": 1001}, "top", "less than or equal to 1000"),
        ({"hand": ["E/1"], "top": 0}, "top", "greater than or equal to 1"),
        ({"hand": ["E/1"], "objective": "prestige"}, "objective", "'score', 'length' or 'value'"),
        ({"hand": ["E/1", "spacebar"]}, "hand[1]", "the Spacebar is used as the common card"),
        ({"hand": ["E/1"], "common": "?"}, "common", "not a wild"),
        ({"hand": ["E/1"], "common": "O1"}, "common", "is not a card"),
        ({"hand": ["E/1"], "threshold": 0}, "threshold", "greater than or equal to 1"),
        ({"hand": ["E/1"], "threshold": 31}, "threshold", "less than or equal to 30"),
        ({"hand": ["E/1"], "options": {"min_length": 0}}, "options.min_length", "greater than or equal to 1"),
        ({"hand": ["E/1"], "game": "hardback"}, "game", "paperback"),
        ({"hand": ["E/1"], "inked": ["E/1"]}, "inked", "unknown field"),
        ({"hand": ["E/1"], "dictionary": "klingon"}, "dictionary", "the dictionaries here are enable"),
        ({"hand": ["E/1"], "time_limit": 0}, "time_limit", "greater than 0"),
        ({"common": "O/1"}, "hand", "required"),
    ],
)
def test_bad_input_is_a_422_naming_its_field(client: TestClient, body: dict[str, Any], field: str, says: str) -> None:
    status, out = post(client, body)
    assert status == 422, out
    assert out["field"] == field
    assert says in out["error"]
    assert set(out) == {"error", "field"}


# -- dictionaries --------------------------------------------------------------------------------------------------


def test_the_dictionary_asked_for_is_used_and_named(client: TestClient, tmp_path: Path) -> None:
    _, default = post(client, {"hand": ["C/2", "A/1", "T/1"], "top": 50})
    _, named = post(client, {"hand": ["C/2", "A/1", "T/1"], "top": 50, "dictionary": "enable"})
    assert default["dictionary"] == named["dictionary"] == "enable"
    assert default["moves"] == named["moves"] and "cat" in {m["word"] for m in default["moves"]}

    house = tmp_path / "house.txt"
    house.write_text("tac\nzorf\nat\n", encoding="utf-8")
    with TestClient(create_app(Settings(dictionaries={"house": str(house)}))) as c:
        status, out = post(c, {"hand": ["C/2", "A/1", "T/1"], "dictionary": "house"})
        assert status == 200, out
        assert out["dictionary"] == "house"
        assert [m["word"] for m in out["moves"]] == ["tac", "at"]  # only the house list's words
        status, out = post(c, {"hand": ["C/2", "A/1", "T/1"]})
        assert out["dictionary"] == "enable" and "cat" in {m["word"] for m in out["moves"]}


# -- Unicode, caps and --min-length, through the service and the command line ---------------------------------------


def test_fullwidth_cards_read_as_their_ascii_cards(client: TestClient, capsys: pytest.CaptureFixture[str]) -> None:
    # NFKC: a fullwidth E/1 (as a CJK keyboard types it) is E/1, in the service and on the command line alike
    status, out = post(client, {"hand": ["Ｅ/１", "Ｔ/１", "Ａ/２"], "common": "Ｏ/１", "top": 3})
    assert status == 200, out
    codes = {c["code"] for m in out["moves"] for c in m["cards"]}
    assert codes <= {"E/1", "T/1", "A/2", "O/1"} and out["moves"][0]["score"] >= 4
    assert out["moves"] == cli_answer(capsys, "Ｅ/１", "Ｔ/１", "Ａ/２", "--common", "Ｏ/１", "--top", "3")["moves"]


@pytest.mark.parametrize(
    ("card", "says"),
    [
        ("E/٣", "write scores, costs and numbers with the digits 0-9"),
        ("İ/1", "lowercases to 2 characters"),
        ("ﬁ/1", "FI/SCORE for a two-letter card"),
        ("E/1:" + ",".join(["+1"] * 3000), "a card holds at most 8"),
        ("E/99", "a card prints 0 to 20"),
        ("E/1:len>=40:+1", "the length must be from 1 to 30"),
    ],
)
def test_bad_cards_on_the_command_line_are_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], card: str, says: str
) -> None:
    assert cli_main(["hint", "--game", "paperback", "T/1", card]) == 2
    captured = capsys.readouterr()
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1 and says in lines[0] and lines[0].startswith("ghostwriter: error: hand[1]: ")
    assert "Error" not in lines[0] and "Traceback" not in captured.err and captured.out == ""


def test_yo_on_a_card_is_folded_as_the_word_lists_fold_it(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    words = tmp_path / "ru.txt"
    words.write_text("ёлка\nель\n", encoding="utf-8")  # the list folds ё to е: ёлка is held as елка
    code = cli_main(["hint", "--game", "paperback", "Ё/2", "Л/1", "К/1", "А/1", "Ь/1", "--words", str(words),
                     "--json", "--top", "5"])
    assert code == 0
    out = json.loads(capsys.readouterr().out)
    assert {m["word"] for m in out["moves"]} == {"елка", "ель"}
    assert out["moves"][0]["word"] == "елка" and out["moves"][0]["cards"][0]["code"] == "Е/2"


def test_min_length_on_the_command_line_applies_to_paperback(capsys: pytest.CaptureFixture[str]) -> None:
    hand = ["C/1", "A/1", "T/1", "S/1"]
    short = cli_answer(capsys, *hand, "--top", "50")
    assert min(len(m["word"]) for m in short["moves"]) == 2
    long = cli_answer(capsys, *hand, "--top", "50", "--min-length", "4")
    assert long["moves"] and all(len(m["word"]) >= 4 for m in long["moves"])
    assert {m["word"] for m in long["moves"]} == {m["word"] for m in short["moves"] if len(m["word"]) >= 4}
    assert cli_main(["hint", "--game", "paperback", *hand, "--min-length", "0"]) == 2
    assert "--min-length" in capsys.readouterr().err
