"""The web page's Paperback hint, end to end (a live service and a real headless Chromium, as in
``test_web_page``): the best word as cards, reversed and doubled cards, two words with the spacebar,
a bad card marked, each game keeping its inputs, the keyboard alone, and a phone."""

from __future__ import annotations

import contextlib
import re

with contextlib.suppress(ImportError):  # without Playwright, the fixtures (conftest.py) skip, or fail, first
    from playwright.sync_api import Browser, Page, expect

from web_page import (
    PHONE,
    _bad_field_then_fixed,
    _checked_page,
    _chip_opens_and_escapes,
    _find,
    _open,
    _paperback,
    _pb_chip,
    _pb_type,
    _set_up_paperback_hand,
    _shots,
    _type_codes,
)

# -- Paperback ---------------------------------------------------------------------------------------------------


def test_paperback_best_word_as_cards(page: Page, server: str) -> None:
    _set_up_paperback_hand(page)
    _find(page)

    body = {"hand": ["TH/3", "E/1", "?", "R/2:double-word", "S/1"], "common": "O/1", "threshold": 7, "top": 5}
    answer = page.request.post(server + "/v1/paperback/hint", data=body).json()
    best = answer["moves"][0]
    assert (best["score"], best["length"], best["gains_common"]) == (16, 7, True)  # (?+O+TH+E+R+S) x2

    moves = page.locator("#results .move")
    expect(moves).to_have_count(len(answer["moves"]))
    first = moves.first
    expect(first).to_have_attribute("data-word", best["word"])
    expect(first.locator(".word")).to_contain_text(best["word"].upper())
    expect(first.locator('[data-total="score"] b')).to_have_text("16")
    expect(first.locator('[data-total="length"] b')).to_have_text("7")
    expect(first.locator('[data-total="gains-common"]')).to_have_text("gains the Common card")
    expect(page.locator("#summary")).to_contain_text("best by score")

    # the cards left to right, as the service laid them out
    cards = first.locator(".word-cards .card")
    expect(cards).to_have_count(len(best["cards"]))
    assert [cards.nth(i).get_attribute("data-code") for i in range(cards.count())] == [c["code"] for c in best["cards"]]
    assert "".join(cards.nth(i).get_attribute("data-letters") or "" for i in range(cards.count())) == best["word"]

    # TH is one wide card, the wild is hatched, the Common card is marked
    th = first.locator('.word-cards .card[data-code="TH/3"]')
    expect(th).to_have_count(1)
    expect(th).to_have_class(re.compile(r"\bwide\b"))
    expect(th.locator(".card-letter")).to_have_text("TH")
    e = first.locator('.word-cards .card[data-code="E/1"]')
    th_box, e_box = th.bounding_box(), e.bounding_box()
    assert th_box is not None and e_box is not None
    assert th_box["width"] > 1.5 * e_box["width"]
    wild = first.locator('.word-cards .card[data-wild="true"]')
    expect(wild).to_have_count(1)
    expect(wild).to_have_attribute("data-code", "?")
    expect(wild.locator(".card-tag")).to_have_text("wild")
    assert "repeating-linear-gradient" in wild.evaluate("card => getComputedStyle(card).backgroundImage")
    common = first.locator('.word-cards .card[data-source="common"]')
    expect(common).to_have_attribute("data-code", "O/1")
    expect(common.locator(".card-tag")).to_have_text("common")
    expect(first.locator(".reasons")).to_contain_text("word score x2")
    expect(first.locator(".reasons")).to_contain_text("7 letters: gains the Common card")

    # a card's part, by a click (a tap on a phone)
    th.click()
    detail = page.locator("#move-1-detail")
    expect(detail).to_be_visible()
    expect(detail).to_contain_text("3 to the score")
    expect(detail).to_contain_text("from your hand")
    first.locator('.word-cards .card[data-code="R/2:double-word"]').click()
    expect(detail).to_contain_text("double word score")

    # the turn survives a reload (it lives in the URL hash)
    assert "game=paperback" in page.evaluate("location.hash")
    page.reload()
    expect(page.locator("#game-paperback")).to_be_checked()
    expect(page.locator("#pb-hand .chip")).to_have_count(5)
    expect(page.locator("#pb-common")).to_have_value("O/1")


def test_paperback_reversed_and_doubled_cards(page: Page) -> None:
    _paperback(page)
    _pb_type(page, "HT/4 E/1 N/1:double-letter A/1")
    page.locator('.quick-buttons [data-common="dyslexic"]').click()
    expect(page.locator("#pb-common")).to_have_value("dyslexic")
    _find(page)
    first = page.locator("#results .move").first
    expect(first).to_have_attribute("data-word", "nth")
    expect(first.locator('[data-total="score"] b')).to_have_text("10")  # N 1 + HT 4 x2 + Dyslexic 1
    ht = first.locator('.word-cards .card[data-code="HT/4"]')
    expect(ht).to_have_attribute("data-reversed", "true")
    expect(ht).to_have_attribute("data-factor", "2")
    expect(ht.locator(".card-letter")).to_have_text("TH")  # as played
    expect(ht.locator(".card-tag")).to_have_text("reversed")
    expect(ht.locator(".card-factor")).to_have_text("x2")
    ht.click()
    expect(page.locator("#move-1-detail")).to_contain_text("Reversed by Dyslexic")
    expect(page.locator("#move-1-detail")).to_contain_text("doubled")


def test_paperback_spacebar_two_words(page: Page) -> None:
    _paperback(page)
    _pb_type(page, "A/2 N/1 I/1 T/1")
    page.locator('.quick-buttons [data-common="spacebar"]').click()
    _find(page)
    first = page.locator("#results .move").first
    expect(first).to_have_attribute("data-word", re.compile(r"^[a-z]+ [a-z]+$"))
    space = first.locator('.word-cards .card[data-code="spacebar"]')
    expect(space).to_have_count(1)
    expect(space).to_have_attribute("data-source", "common")
    expect(space.locator(".card-tag")).to_have_text("spacebar")
    expect(first.locator(".reasons")).to_contain_text("two words with the Spacebar")


def test_paperback_bad_card_shows_the_error_and_marks_it(page: Page) -> None:
    _paperback(page)
    error = page.locator("#error")
    _pb_type(page, "TH/3 E/1:sparkle S/1")
    expect(_pb_chip(page, "E/1:sparkle")).to_have_count(1)  # kept as typed, for the service to judge
    _find(page)
    expect(error).to_be_visible()
    expect(error).to_have_attribute("role", "alert")
    expect(error).to_contain_text("sparkle")
    expect(error).to_contain_text("not in the vocabulary")
    expect(error).to_contain_text("field: hand[1]")
    expect(_pb_chip(page, "E/1:sparkle")).to_have_attribute("aria-invalid", "true")
    expect(page.locator("#results .move")).to_have_count(0)

    # edit the card back in the entry field; then a bad Common card marks its field
    _pb_chip(page, "E/1:sparkle").click()
    page.locator('#pb-turn .chip-actions [data-action="edit"]').click()
    expect(page.locator("#pb-input")).to_have_value("E/1:sparkle")
    expect(page.locator("#pb-input")).to_be_focused()
    page.fill("#pb-input", "E/1:+1")
    page.keyboard.press("Enter")
    expect(page.locator("#pb-hand .chip")).to_have_count(3)
    page.fill("#pb-common", "?")
    _bad_field_then_fixed(page, "#pb-common", "common", page.locator('.quick-buttons [data-common=""]').click)


def test_switching_games_keeps_each_games_inputs(page: Page) -> None:
    _type_codes(page, "r:F6 E S T")
    page.select_option("#objective", "prestige")
    _find(page)
    expect(page.locator("#results .move").first).to_be_visible()
    hardback_first = page.locator("#results .move").first.get_attribute("data-word")

    _paperback(page)
    expect(page.locator("#results .move")).to_have_count(0)  # Hardback's words are not Paperback's
    expect(page.locator("#view-best")).to_be_hidden()
    _pb_type(page, "C/2 A/1 T/1")
    page.fill("#pb-common", "S/1")
    page.fill("#pb-threshold", "4")
    page.select_option("#pb-objective", "length")
    page.fill("#pb-top", "3")
    url = page.evaluate("location.href")
    for part in ["game=paperback", "p=C%2F2", "common=S%2F1", "threshold=4", "pbObjective=length", "pbTop=3",
                 "h=romance%3AF6", "objective=prestige"]:
        assert part in url, (part, url)

    # back to Hardback: its cards, objective and last answer are there as they were
    page.locator("label:has(#game-hardback)").click()
    expect(page.locator("#hb-turn")).to_be_visible()
    expect(page.locator("#pb-turn")).to_be_hidden()
    expect(page.locator("#zone-hand .chip")).to_have_count(4)
    expect(page.locator("#objective")).to_have_value("prestige")
    expect(page.locator("#results .move").first).to_have_attribute("data-word", hardback_first or "")
    hardback_url = page.evaluate("location.href")
    assert "game=" not in hardback_url and "p=C%2F2" in hardback_url

    # the Paperback URL again (a hash change), then loaded afresh: Paperback with all its inputs
    page.goto(url)
    expect(page.locator("#game-paperback")).to_be_checked()
    page.reload()
    expect(page.locator("#game-paperback")).to_be_checked()
    expect(page.locator("#pb-hand .chip")).to_have_count(3)
    expect(page.locator("#pb-common")).to_have_value("S/1")
    expect(page.locator("#pb-threshold")).to_have_value("4")
    expect(page.locator("#pb-objective")).to_have_value("length")
    expect(page.locator("#pb-top")).to_have_value("3")
    _find(page)
    expect(page.locator("#results .move")).to_have_count(3)
    expect(page.locator("#results .move").first.locator('[data-total="length"] b')).to_have_text("4")  # CATS
    expect(page.locator("#results .move").first.locator('[data-total="gains-common"]')).to_be_visible()
    page.locator("label:has(#game-hardback)").click()
    expect(page.locator("#zone-hand .chip")).to_have_count(4)
    expect(page).to_have_title("Ghostwriter · Hardback")


def test_paperback_keyboard_only(page: Page) -> None:
    page.locator("#game-hardback").focus()
    page.keyboard.press("ArrowRight")  # the game switch is a radio group
    expect(page.locator("#game-paperback")).to_be_checked()
    expect(page.locator("#pb-turn")).to_be_visible()
    page.locator("#pb-input").focus()
    page.keyboard.type("TH/3 E/1 R/2 S/1")
    page.keyboard.press("Control+Enter")  # add the cards and find the words
    expect(page.locator("#pb-hand .chip")).to_have_count(4)
    first_card = page.locator("#move-1 .word-cards .card").first
    expect(first_card).to_be_visible()
    first_card.focus()
    page.keyboard.press("Enter")
    expect(page.locator("#move-1-detail")).to_be_visible()
    _chip_opens_and_escapes(page, _pb_chip(page, "E/1"), "#pb-turn .chip-actions")


def test_paperback_phone_layout(browser: Browser, server: str) -> None:
    with _checked_page(browser, PHONE, touch=True) as page:
        _open(page, server)
        _set_up_paperback_hand(page)
        page.locator("#pb-notation summary").click()  # the notation help, open
        expect(page.locator("#pb-notation")).to_contain_text("trash-offer:N")
        _find(page)
        moves = page.locator("#results .move")
        expect(moves).to_have_count(5)
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= PHONE["width"], f"the page scrolls sideways on a phone: {width}px wide"
        for move in moves.all():
            row = move.locator(".word-cards").bounding_box()
            assert row is not None and row["x"] + row["width"] <= PHONE["width"], row

        for selector in ["#game-group label", "#pb-input", "#pb-add", "#pb-wild", "#pb-common", "#pb-threshold",
                         "#pb-objective", "#pb-top", "#find", "#pb-hand .chip", "#results .card",
                         ".quick-buttons button"]:
            box = page.locator(selector).first.bounding_box()
            assert box is not None, selector
            assert box["height"] >= 40 and box["width"] >= 40, f"{selector} is too small to tap: {box}"

        page.locator('#move-1 .word-cards .card[data-code="TH/3"]').tap()
        expect(page.locator("#move-1-detail")).to_contain_text("3 to the score")
        page.evaluate("document.getElementById('results-section').scrollIntoView()")
        page.screenshot(path=str(_shots() / "page-phone-paperback.png"))
