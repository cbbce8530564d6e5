"""The cards' vocabulary (GET /v1/vocabulary) and codes read as they are typed (POST /v1/cards/check): the solver's
own definitions and parsers, served to the web page; a light request, bounded, whose odd input is a 4xx with a
message or a per-code message, never a 5xx."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import given
from hypothesis import strategies as st

from service.main import create_app
from service.schemas import MAX_CHECKED_CODES, MAX_CHECKED_LENGTH
from service.settings import Settings
from solver.errors import CardCodeError
from solver.hardback import benefits
from solver.hardback.catalogue import Catalogue, Rules
from solver.hardback.genres import Genre
from solver.paperback import cards as paperback
from solver.paperback.abilities import effect_named, effects


def _check(client: TestClient, codes: list[str], **extra: Any) -> list[dict[str, Any]]:
    answer = client.post("/v1/cards/check", json={"codes": codes, **extra})
    assert answer.status_code == 200, answer.text
    results: list[dict[str, Any]] = answer.json()["results"]
    assert [r["code"] for r in results] == codes
    return results


# -- the vocabulary ----------------------------------------------------------------------------------------------


def test_the_genres_are_the_solvers_in_both_editions(client: TestClient) -> None:
    genres = client.get("/v1/vocabulary").json()["hardback"]["genres"]
    assert [g["name"] for g in genres] == [g.value for g in Genre]
    for g in genres:
        for edition in ("en", "ru"):
            for name in [*g["names"][edition], g["initials"][edition]]:
                assert Genre.parse(name) is Genre(g["name"]), (edition, name)
                assert Genre.parse(name.upper()) is Genre(g["name"])
        assert g["initial"] == g["initials"]["en"]
    mystery = next(g for g in genres if g["name"] == "mystery")
    assert mystery["names"]["ru"] == ["детективы", "детектив"] and mystery["initials"]["ru"] == "д"


def test_each_benefit_kind_has_its_notation_and_words(client: TestClient) -> None:
    """Every kind once; its notation, with N and GENRE filled in, is read back by the solver as that kind, and
    its words are the solver's words for that benefit."""
    rows = client.get("/v1/vocabulary").json()["hardback"]["benefits"]
    assert [r["kind"] for r in rows] == [k.value for k in benefits.Kind]
    for row in rows:
        (benefit,) = benefits.parse_benefits(row["notation"].replace("GENRE", "horror").replace("N", "3"))
        assert benefit.kind is benefits.Kind(row["kind"])
        assert row["words"].replace("GENRE", "horror").replace("N", "3") == benefit.describe()
    assert {"kind": "coins_per_genre_card", "notation": "Nc*GENRE", "words": "N coins per active GENRE card"} in rows


def test_each_paperback_ability_has_its_notation_and_words(client: TestClient) -> None:
    vocabulary = client.get("/v1/vocabulary").json()["paperback"]
    rows = vocabulary["abilities"]
    assert len(rows) == len(list(effects()))
    for row in rows:
        ability = paperback.parse_ability(row["notation"].replace("N", "2").replace("L", "6"))
        assert ability.effect is effect_named(row["kind"])
        assert row["words"].replace("N", "2").replace("L", "6") == ability.describe()
    assert "trash-offer:N" in [r["notation"] for r in rows]
    assert [s["code"] for s in vocabulary["specials"]] == ["?", "dyslexic", "spacebar"]
    assert vocabulary["ability_help"] == paperback.VOCABULARY


def test_the_vocabulary_says_the_checks_bounds(client: TestClient) -> None:
    body = client.get("/v1/vocabulary").json()
    assert (body["max_codes"], body["max_code_length"]) == (MAX_CHECKED_CODES, MAX_CHECKED_LENGTH)
    assert body["max_top"] == Settings().max_top  # the page asks for this many words to group them by length


def test_the_vocabulary_says_this_services_top() -> None:
    with TestClient(create_app(replace(Settings(), max_top=12))) as client:
        assert client.get("/v1/vocabulary").json()["max_top"] == 12


# -- codes read as they are typed --------------------------------------------------------------------------------


def test_hardback_codes_read_as_the_hint_reads_them(client: TestClient) -> None:
    codes = ["r:F6", "R:k5", "E", "q:Z9", "r:Z9", "Q", "zz", "романы:Ж4{2p | double}", "ｒ：Ｆ６"]
    results = {r["code"]: r for r in _check(client, codes)}
    catalogue = Catalogue.hardback()
    assert results["r:F6"]["card"] == catalogue.lookup("r:F6").to_json()
    assert results["R:k5"]["card"]["code"] == "romance:K5"
    assert results["ｒ：Ｆ６"]["card"]["code"] == "romance:F6"
    assert results["E"]["card"]["genre"] is None and results["E"]["error"] is None
    for code in ("q:Z9", "r:Z9", "Q", "zz"):
        assert results[code]["card"] is None
        with pytest.raises(CardCodeError) as e:
            catalogue.lookup(code)
        assert results[code]["error"] == str(e.value)  # the solver's own message
    assert results["r:Z9"]["reading"] == {"genre": "romance", "letter": "Z"}  # well formed, no such card
    assert results["zz"]["reading"] is None  # not a code at all
    house = results["романы:Ж4{2p | double}"]
    assert house["inline"] is True and house["card"]["genre"] == "romance" and house["card"]["letter"] == "Ж"
    assert house["card"]["basic"] == ["2p"] and house["card"]["genre_bonus"] == ["double"]


def test_hardback_codes_name_the_cards_of_the_edition_and_rules(client: TestClient) -> None:
    (en,) = _check(client, ["к"])
    assert en["card"] is None and "no card 'к'" in en["error"]
    ru = _check(client, ["к", "r:F6"], edition="ru")
    assert ru[0]["card"]["code"] == "К" and ru[0]["card"]["basic"] == ["1p"]
    assert ru[1]["card"] is None  # the Russian edition's genre cards are given inline
    printed, bga = (_check(client, ["h:H7"], rules=rules)[0]["card"] for rules in ("printed", "bga"))
    assert printed == Catalogue.hardback(Rules.PRINTED).lookup("h:H7").to_json()
    assert bga == Catalogue.hardback(Rules.BGA).lookup("h:H7").to_json()


def test_paperback_codes_read_as_the_hint_reads_them(client: TestClient) -> None:
    codes = ["th/3", "R/2:Double-Word", "?", "Spacebar", "E/1:sparkle", "x", "Q/5:len>=6:+2,first:+1"]
    results = {r["code"]: r for r in _check(client, codes, game="paperback")}
    assert results["th/3"]["card"]["code"] == "TH/3"
    assert results["R/2:Double-Word"]["card"]["code"] == "R/2:double-word"
    assert results["R/2:Double-Word"]["words"] == ["double word score"]
    assert results["?"]["card"]["wild"] is True
    assert results["Spacebar"]["card"]["special"] == "spacebar"
    assert results["Q/5:len>=6:+2,first:+1"]["words"] == [
        "+2 if the word has 6 letters or more",
        "+1 if this card gives the first letter",
    ]
    for code in ("E/1:sparkle", "x"):
        with pytest.raises(paperback.PaperbackCardError) as e:
            paperback.parse_card(code)
        assert results[code]["card"] is None and results[code]["error"] == str(e.value)


def test_a_full_check_answers_every_code_in_order(client: TestClient) -> None:
    codes = ["r:Z9", "E", "r:Z9", "x" * MAX_CHECKED_LENGTH] * (MAX_CHECKED_CODES // 4)
    results = _check(client, codes)  # a code given twice is read once and answered twice
    assert [r["card"] is not None for r in results[:4]] == [False, True, False, False]
    assert results[0] == results[2]


@pytest.mark.parametrize(
    ("body", "field", "words"),
    [
        ({"codes": ["E"] * (MAX_CHECKED_CODES + 1)}, "codes", f"at most {MAX_CHECKED_CODES} items"),
        ({"codes": ["E" * (MAX_CHECKED_LENGTH + 1)]}, "codes[0]", f"at most {MAX_CHECKED_LENGTH} characters"),
        ({"codes": []}, "codes", "at least 1 item"),
        ({"codes": [""]}, "codes[0]", "at least 1 character"),
        ({"codes": [5]}, "codes[0]", "valid string"),
        ({"codes": "r:F6"}, "codes", "valid list"),
        ({}, "codes", "required"),
        ({"codes": ["E"], "game": "chess"}, "game", "'hardback' or 'paperback'"),
        ({"codes": ["E"], "edition": "de"}, "edition", "'en' or 'ru'"),
        ({"codes": ["E"], "rules": "house"}, "rules", "'printed' or 'bga'"),
        ({"codes": ["E"], "cards": ["E"]}, "cards", "unknown field 'cards'"),
    ],
)
def test_forged_and_oversized_checks_are_refused_with_the_field(
    client: TestClient, body: dict[str, Any], field: str, words: str
) -> None:
    answer = client.post("/v1/cards/check", json=body)
    assert answer.status_code == 422, answer.text
    assert answer.json()["field"] == field
    assert words in answer.json()["error"]


def test_a_body_that_is_not_json_or_too_large_is_refused(client: TestClient) -> None:
    headers = {"content-type": "application/json"}
    answer = client.post("/v1/cards/check", content=b'{"codes": ["E"', headers=headers)
    assert answer.status_code == 400 and "not valid JSON" in answer.json()["error"]
    answer = client.post("/v1/cards/check", content=b'{"codes": ["\\ud800"]}', headers=headers)
    assert answer.status_code == 422 and answer.json()["field"] == "codes[0]"
    assert "lone surrogate" in answer.json()["error"]
    huge = b'{"codes": ["' + b"E" * 2_000_000 + b'"]}'
    answer = client.post("/v1/cards/check", content=huge, headers=headers)
    assert answer.status_code == 413 and "larger than" in answer.json()["error"]


@pytest.mark.parametrize(
    ("code", "named"),
    [
        ("E\u200d", "U+200D"),  # a zero-width joiner
        ("\u202er:F6", "U+202E"),  # a right-to-left override
        ("E\x00", "U+0000"),
        ("r:F\u0663", "U+0663"),  # an Arabic-Indic digit three
        ("\ufb01", "a card has one"),  # the ligature fi: two letters
        ("\u0130", "U+0130"),  # I with a dot, whose lowercase is two characters
        ("\U0001f600", "malformed card code"),
        ("\u0301", "U+0301"),  # a combining accent on nothing
    ],
)
def test_odd_unicode_in_a_code_is_the_solvers_message_for_that_code(client: TestClient, code: str, named: str) -> None:
    (result,) = _check(client, [code])
    assert result["card"] is None and named in result["error"]
    (result,) = _check(client, [code], game="paperback")
    assert result["card"] is None and result["error"]


@given(st.lists(st.text(min_size=1, max_size=12), min_size=1, max_size=8), st.sampled_from(["hardback", "paperback"]))
def test_any_text_is_a_card_or_a_message(client: TestClient, codes: list[str], game: str) -> None:
    answer = client.post("/v1/cards/check", json={"codes": codes, "game": game})
    assert answer.status_code in (200, 422), answer.text
    if answer.status_code == 200:
        for result in answer.json()["results"]:
            assert (result["card"] is None) != (result["error"] is None)
    else:
        assert answer.json()["error"]
