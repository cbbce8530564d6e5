"""The web page with other dictionaries, end to end (a live service and a real headless Chromium, as in
``test_web_page``): a Russian house list and the Russian edition, Cyrillic house cards typed inline, and
the familiar-words filter."""

from __future__ import annotations

import contextlib
import re
from typing import Any

with contextlib.suppress(ImportError):  # without Playwright, the fixtures (conftest.py) skip, or fail, first
    from playwright.sync_api import Browser, Page, expect

from web_page import LAPTOP, _checked_page, _find, _open, _type_codes

# -- Cyrillic, the Russian edition and familiar words ------------------------------------------------------------


def _hint_body(page: Page) -> dict[str, Any]:
    """Press Find words and return the JSON body of the hint request the page sent."""
    with page.expect_request(lambda r: r.url.endswith("/v1/hardback/hint") and r.method == "POST") as request:
        page.click("#find")
    expect(page.locator("#find")).to_be_enabled()
    body = request.value.post_data_json
    assert isinstance(body, dict), body
    return body


def _russian_options(page: Page) -> None:
    """The Russian house list chosen in the options: the Russian edition follows it."""
    page.locator("#more-options summary").click()
    expect(page.locator('#dictionary option[value="ru"]')).to_have_count(1)  # from GET /v1/dictionaries
    expect(page.locator("#edition")).to_have_value("en")
    page.select_option("#dictionary", "ru")
    expect(page.locator("#edition")).to_have_value("ru")


def test_a_russian_hand_in_the_russian_edition(browser: Browser, ru_server: str) -> None:
    with _checked_page(browser, LAPTOP) as page:
        _open(page, ru_server)
        _russian_options(page)  # the codes name the Russian edition's cards, as the service reads them
        _type_codes(page, "к О т")  # Cyrillic starters, in any case: the chips get capitals
        chips = page.locator("#zone-hand .chip")
        expect(chips).to_have_count(3)
        assert [chips.nth(i).get_attribute("data-code") for i in range(3)] == ["К", "О", "Т"]
        expect(chips.locator(".chip-letter")).to_have_text(["К", "О", "Т"])
        expect(chips.first).to_have_class(re.compile(r"\bgenre-starter\b"))
        body = _hint_body(page)
        assert body["dictionary"] == "ru" and body["options"]["edition"] == "ru"
        assert body["hand"] == ["К", "О", "Т"]

        first = page.locator("#results .move").first
        expect(first).to_have_attribute("data-word", re.compile(r"^(кот|ток)$"))
        word = first.get_attribute("data-word") or ""
        expect(first.locator(".word")).to_contain_text(word.upper())
        cards = first.locator(".word-cards .card")
        expect(cards).to_have_count(3)
        assert [cards.nth(i).get_attribute("data-letter") for i in range(3)] == list(word.upper())
        assert [cards.nth(i).get_attribute("data-code") for i in range(3)] == list(word.upper())
        expect(first.locator('[data-total="coins"] b')).to_have_text("2")  # О and Т give a coin in this edition
        expect(first.locator('[data-total="prestige"] b')).to_have_text("1")  # К a prestige point
        expect(page.locator("#summary")).to_contain_text("ru")
        cards.first.click()
        expect(page.locator("#move-1-detail")).to_contain_text(word[0].upper())

        # the edition and the dictionary live in the URL hash with the cards
        url = page.evaluate("location.href")
        assert "edition=ru" in url and "dictionary=ru" in url, url
        page.reload()
        expect(page.locator("#zone-hand .chip")).to_have_count(3)
        expect(page.locator("#edition")).to_have_value("ru")
        expect(page.locator("#dictionary")).to_have_value("ru")
        body = _hint_body(page)
        assert body["dictionary"] == "ru" and body["options"]["edition"] == "ru"
        expect(page.locator("#results .move").first).to_have_attribute("data-word", re.compile(r"^(кот|ток)$"))

        # back to English: the edition follows the dictionary, goes out of the hash and the request says en
        page.locator("#more-options summary").click()
        page.select_option("#dictionary", "enable")
        expect(page.locator("#edition")).to_have_value("en")
        assert "edition=" not in page.evaluate("location.hash")
        page.click("#clear-all")
        _type_codes(page, "C A T")
        body = _hint_body(page)
        assert body["options"]["edition"] == "en" and body["dictionary"] == "enable"
        expect(page.locator("#results .move").first).to_have_attribute("data-word", re.compile(r"^(cat|act)$"))


def test_inline_cyrillic_house_cards(browser: Browser, ru_server: str) -> None:
    with _checked_page(browser, LAPTOP) as page:
        _open(page, ru_server)
        # the README's examples: genre names in Russian, accepted as typed and shown by their genre and letter
        _type_codes(page, "романы:Ж4{2p | double}, д:Ф3{1p uncover | 1p}")
        chips = page.locator("#zone-hand .chip")
        expect(chips).to_have_count(2)
        assert [chips.nth(i).get_attribute("data-code") for i in range(2)] == [
            "романы:Ж4{2p | double}", "д:Ф3{1p uncover | 1p}",
        ]
        expect(chips.locator(".chip-letter")).to_have_text(["Ж", "Ф"])
        expect(chips.nth(0)).to_have_class(re.compile(r"\bgenre-romance\b"))
        expect(chips.nth(1)).to_have_class(re.compile(r"\bgenre-mystery\b"))
        chips.nth(1).click()
        expect(page.locator("#hb-turn .chip-actions")).to_contain_text("1p uncover | 1p")
        page.click("#clear-all")

        _type_codes(page, "К романы:О4{2p | double} д:т3{1p uncover | 1p}")
        expect(page.locator("#zone-hand .chip-letter")).to_have_text(["К", "О", "Т"])
        _russian_options(page)
        body = _hint_body(page)
        assert body["hand"] == ["К", "романы:О4{2p | double}", "д:т3{1p uncover | 1p}"]
        expect(page.locator("#error")).to_be_hidden()
        first = page.locator("#results .move").first
        expect(first).to_have_attribute("data-word", re.compile(r"^(кот|ток|кто)$"))
        expect(first.locator('[data-total="prestige"] b')).to_have_text("4")  # К 1 + О 2 + Т 1
        romance = first.locator('.word-cards .card[data-code="romance:О4{2p | double}"]')
        expect(romance).to_have_count(1)
        expect(romance).to_have_class(re.compile(r"\bgenre-romance\b"))
        expect(romance).to_have_attribute("data-letter", "О")
        expect(romance.locator(".card-code")).to_have_text("r:О4{…}")
        romance.click()
        expect(page.locator("#move-1-detail")).to_contain_text("A house card: 2p | double")
        expect(first.locator('.word-cards .card[data-code="mystery:Т3{1p uncover | 1p}"]')).to_have_count(1)


def test_familiar_words_only(page: Page, server: str) -> None:
    _type_codes(page, "a:Q7 A T")
    body = _hint_body(page)
    assert "familiar" not in body
    first = page.locator("#results .move").first
    expect(first).to_have_attribute("data-word", "qat")  # an obscure word is the best without the filter
    expect(page.locator('#results [data-total="familiarity"]')).to_have_count(0)

    page.locator("#more-options summary").click()
    page.fill("#familiar", "3")
    body = _hint_body(page)
    assert body["familiar"] == 3
    moves = page.locator("#results .move")
    expect(moves.first).to_be_visible()
    words = [moves.nth(i).get_attribute("data-word") for i in range(moves.count())]
    assert not {"qat", "qua", "suq"} & set(words), words
    expect(moves.locator('[data-total="familiarity"]')).to_have_count(len(words))  # every move shows it
    expect(page.locator("#summary")).to_contain_text("familiar words only (Zipf 3 or more)")
    assert "familiar=3" in page.evaluate("location.hash")

    # C A T: the familiar words, each with its familiarity, as the service gives it
    page.click("#clear-all")
    _type_codes(page, "C A T")
    _find(page)
    answer = page.request.post(server + "/v1/hardback/hint",
                               data={"hand": ["C", "A", "T"], "top": 5, "familiar": 3}).json()
    assert all(m["familiarity"] >= 3 for m in answer["moves"])
    first = page.locator("#results .move").first
    expect(first).to_have_attribute("data-word", answer["moves"][0]["word"])
    expect(first.locator('[data-total="familiarity"] b')).to_have_text(f"{answer['moves'][0]['familiarity']:.1f}")
    expect(first.locator('[data-total="familiarity"]')).to_contain_text("familiarity")

    # out of range: the service's error marks the field; empty turns the filter off
    page.fill("#familiar", "9")
    _find(page)
    expect(page.locator("#error")).to_contain_text("field: familiar")
    expect(page.locator("#familiar")).to_have_attribute("aria-invalid", "true")
    page.fill("#familiar", "")
    body = _hint_body(page)
    assert "familiar" not in body
    expect(page.locator("#error")).to_be_hidden()
    expect(page.locator('#results [data-total="familiarity"]')).to_have_count(0)
    assert "familiar=" not in page.evaluate("location.hash")
