"""The web page served at ``/`` for a Hardback turn, end to end: a live service (uvicorn in a subprocess) driven
by a real headless Chromium through Playwright.

Chromium is Debian's (``/usr/bin/chromium``), never one downloaded by ``playwright install``. Without it (or
without Playwright) the tests are skipped, unless ``GHOSTWRITER_REQUIRE_BROWSER=1`` (CI) makes that a failure.
Screenshots of the results at phone and laptop size go to ``$GHOSTWRITER_SCREENSHOT_DIR`` (default
``<tmp>/gw``) for a person to look at.
"""

from __future__ import annotations

import contextlib

with contextlib.suppress(ImportError):  # without Playwright, the fixtures (conftest.py) skip, or fail, first
    from playwright.sync_api import Browser, Page, Route, expect

from web_page import (
    LAPTOP,
    PHONE,
    _bad_field_then_fixed,
    _checked_page,
    _chip,
    _chip_opens_and_escapes,
    _find,
    _move_chip,
    _open,
    _set_up_khafs_turn,
    _shots,
    _target,
    _type_codes,
)

# -- the tests ---------------------------------------------------------------------------------------------------


def test_best_move_of_the_readme_example(page: Page) -> None:
    _set_up_khafs_turn(page)
    page.select_option("#objective", "value")
    _find(page)

    first = page.locator("#results .move").first
    expect(first).to_have_attribute("data-word", "khafs")
    expect(first.locator('[data-total="prestige"] b')).to_have_text("5")
    expect(first.locator('[data-total="coins"] b')).to_have_text("13")
    expect(first.locator('[data-total="value"] b')).to_have_text("11.5")
    cards = first.locator(".word-cards .card")
    expect(cards).to_have_count(5)
    assert [cards.nth(i).get_attribute("data-letter") for i in range(5)] == list("KHAFS")
    k = cards.nth(0)
    expect(k).to_have_attribute("data-code", "romance:K5")
    expect(k).to_have_attribute("data-source", "other")
    expect(k).to_have_attribute("data-face", "up")
    expect(cards.nth(1)).to_have_attribute("data-source", "inked")
    doubled = first.locator('.word-cards .card[data-factor="2"]')
    expect(doubled).to_have_count(1)
    expect(doubled).to_have_attribute("data-code", "adventure:A5")
    expect(doubled.locator(".card-factor")).to_have_text("x2")
    expect(first.locator('.in-play-cards .card[data-code="mystery:A5"]')).to_have_count(1)
    expect(first).to_contain_text("sends home romance:K5")
    expect(first).to_contain_text("trashes adventure:A5")

    # a card's contribution: on hover, and pinned by a click (a tap on a phone)
    detail = page.locator("#move-1-detail")
    expect(detail).to_be_hidden()
    doubled.hover()
    expect(detail).to_be_visible()
    expect(detail).to_contain_text("doubled by romance:F6")
    expect(detail).to_contain_text("4 prestige")
    page.mouse.move(1, 1)
    expect(detail).to_be_hidden()
    k.click()
    expect(detail).to_be_visible()
    expect(detail).to_contain_text("opponent's classic")
    expect(k).to_have_attribute("aria-expanded", "true")
    page.mouse.move(1, 1)
    expect(detail).to_be_visible()

    # the turn survives a reload (it lives in the URL hash)
    page.reload()
    expect(page.locator("#zone-hand .chip")).to_have_count(5)
    expect(_chip(page, "inked", "horror:H7")).to_have_count(1)
    expect(_chip(page, "mine", "mystery:A5")).to_have_count(1)
    expect(_chip(page, "others", "romance:K5")).to_have_count(1)


def test_a_bad_code_shows_the_services_error(page: Page) -> None:
    error = page.locator("#error")
    expect(error).to_be_hidden()
    expect(error).to_have_attribute("role", "alert")
    _type_codes(page, "E r:Z9 T")
    expect(_chip(page, "hand", "r:Z9")).to_have_count(1)  # unknown codes are kept as typed, for the service to judge
    _find(page)
    expect(error).to_be_visible()
    expect(error).to_contain_text("r:Z9")
    expect(error).to_contain_text("hand[1]")
    expect(_chip(page, "hand", "r:Z9")).to_have_attribute("aria-invalid", "true")  # the card at fault is marked
    expect(page.locator("#results .move")).to_have_count(0)

    # remove the bad card; then a bad option marks its input, and a good answer clears the error
    _move_chip(page, "hand", "r:Z9", "remove")
    expect(page.locator("#zone-hand .chip")).to_have_count(2)
    page.fill("#top", "51")
    _bad_field_then_fixed(page, "#top", "top", lambda: page.fill("#top", "5"))


def test_a_network_failure_is_shown(page: Page) -> None:
    _type_codes(page, "E T")

    def fail(route: Route) -> None:
        route.abort("connectionrefused")

    page.route("**/v1/hardback/hint", fail)
    _find(page)
    expect(page.locator("#error")).to_be_visible()
    expect(page.locator("#error")).to_contain_text("Could not reach")


def test_catalogue_search_filters_and_tap_to_add(page: Page) -> None:
    visible = page.locator(".catalogue-card:visible")
    page.fill("#catalogue-search", "F6")
    expect(visible).to_have_count(1)
    expect(visible.first).to_have_attribute("data-code", "romance:F6")
    visible.first.click()
    expect(_chip(page, "hand", "romance:F6")).to_have_count(1)
    expect(page.locator('.catalogue-card[data-code="romance:F6"] .cc-count')).to_have_text("1/1 used")

    # benefit text and genre filters
    page.fill("#catalogue-search", "uncover")
    n_uncover = visible.count()
    assert 10 < n_uncover < 158
    assert all(card.get_attribute("data-genre") == "mystery" for card in visible.all())
    page.fill("#catalogue-search", "")
    page.locator('.filters [data-genre="horror"]').click()
    expect(page.locator('.filters [data-genre="horror"]')).to_have_attribute("aria-pressed", "true")
    horror = visible.count()
    assert 20 < horror < 158
    assert {card.get_attribute("data-genre") for card in visible.all()} == {"horror"}
    page.fill("#catalogue-search", "e")  # one letter: the cards of that letter
    assert {card.get_attribute("data-letter") for card in visible.all()} == {"E"}
    visible.first.click()
    expect(page.locator("#zone-hand .chip")).to_have_count(2)

    # the classics zones offer only classics
    page.locator('.filters [data-genre="horror"]').click()
    page.fill("#catalogue-search", "")
    _target(page, "others")
    classics = visible.count()
    assert 10 < classics < 40
    assert all("classic" in (card.get_attribute("class") or "") for card in visible.all())


def test_keyboard_only(page: Page) -> None:
    page.locator("#code-input").focus()
    page.keyboard.type("r:F6 E S T")
    page.keyboard.press("Enter")  # Enter adds the typed codes
    expect(page.locator("#zone-hand .chip")).to_have_count(4)
    expect(page.locator("#code-input")).to_have_value("")
    _chip_opens_and_escapes(page, _chip(page, "hand", "romance:F6"), ".chip-actions")
    page.locator("#find").focus()
    page.keyboard.press("Enter")
    first_card = page.locator("#move-1 .word-cards .card").first
    expect(first_card).to_be_visible()
    first_card.focus()
    page.keyboard.press("Enter")  # a card's contribution, without a mouse
    expect(page.locator("#move-1-detail")).to_be_visible()
    expect(first_card).to_have_attribute("aria-expanded", "true")


def test_phone_layout_and_tap(browser: Browser, server: str) -> None:
    with _checked_page(browser, PHONE, touch=True) as page:
        _open(page, server)
        _set_up_khafs_turn(page)
        _find(page)
        moves = page.locator("#results .move")
        expect(moves.first).to_have_attribute("data-word", "khafs")
        assert moves.count() == 5
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= PHONE["width"], f"the page scrolls sideways on a phone: {width}px wide"

        for selector in ["#find", "#add-codes", "#code-input", "#objective", "#catalogue-search",
                         "#zone-hand .chip", ".catalogue-card:visible", "#results .card", ".filters .filter"]:
            box = page.locator(selector).first.bounding_box()
            assert box is not None, selector
            assert box["height"] >= 40 and box["width"] >= 40, f"{selector} is too small to tap: {box}"

        # a tap shows a card's contribution
        detail = page.locator("#move-1-detail")
        page.locator('#move-1 .word-cards .card[data-code="horror:H7"]').tap()
        expect(detail).to_be_visible()
        expect(detail).to_contain_text("inked: must be used")
        expect(detail).to_contain_text("2 coins")
        page.locator("#move-1").scroll_into_view_if_needed()
        page.evaluate("document.getElementById('results-section').scrollIntoView()")
        page.screenshot(path=str(_shots() / "page-phone.png"))


def test_wild_and_uncovered_cards(page: Page) -> None:
    _type_codes(page, "m:Q3 E T")
    _find(page)
    first = page.locator("#results .move").first
    expect(first).to_have_attribute("data-word", "qat")
    wild = first.locator('.word-cards .card[data-face="wild"]')
    expect(wild).to_have_count(1)
    expect(wild).to_have_attribute("data-code", "E")
    expect(wild).to_have_attribute("data-letter", "A")  # the letter it stands for
    expect(wild.locator(".card-tag")).to_have_text("wild")
    wild.click()
    expect(page.locator("#move-1-detail")).to_contain_text("no benefits")

    page.click("#clear-all")
    _type_codes(page, "m:J8 a:Z5 E S")
    _find(page)
    first = page.locator("#results .move").first
    expect(first).to_have_attribute("data-word", "joes")
    uncovered = first.locator('.word-cards .card[data-face="uncovered"]')
    expect(uncovered).to_have_count(1)
    expect(uncovered).to_have_attribute("data-code", "adventure:Z5")
    expect(uncovered.locator(".card-tag")).to_have_text("uncovered")
    style = uncovered.evaluate("card => getComputedStyle(card).borderTopStyle")
    assert style == "dashed"


def test_frontier_view(page: Page) -> None:
    _type_codes(page, "h:K2 a:Z5 E S T")
    page.locator('label:has(#view-frontier)').click()
    expect(page.locator("#objective")).to_be_disabled()
    _find(page)
    points = page.locator("#frontier .frontier-point")
    expect(points.first).to_be_visible()
    n = points.count()
    assert n >= 2
    expect(page.locator("#results .move")).to_have_count(n)
    expect(page.locator("#frontier .frontier-row")).to_have_count(n)
    expect(page.locator("#summary")).to_contain_text("frontier")
    prestige = [int(page.locator("#results .move").nth(i).locator('[data-total="prestige"] b').inner_text())
                for i in range(n)]
    assert prestige == sorted(prestige, reverse=True)  # most prestige first
    page.screenshot(path=str(_shots() / "page-laptop-frontier.png"))

    # back to the best words: the chart goes away
    page.locator('label:has(#view-best)').click()
    _find(page)
    expect(page.locator("#frontier")).to_be_hidden()
    expect(page.locator("#results .move")).to_have_count(5)


def test_no_word_and_not_proven_best(page: Page) -> None:
    _type_codes(page, "a:Z5")
    _find(page)
    expect(page.locator("#results .move")).to_have_count(0)
    expect(page.locator("#no-moves-reason")).to_contain_text("no word in the dictionary")
    expect(page.locator("#summary")).not_to_contain_text("not proven best")

    # a frontier that takes seconds to prove, cut short by half a second (not less: on a loaded machine a worker
    # not done 0.3 s past its limit is killed, a 503 and not the partial answer this is about)
    page.click("#clear-all")
    _type_codes(page, "r:F6 E a:A5 S T m:D4 h:S7")
    page.locator("#more-options summary").click()
    page.fill("#time-limit", "0.5")
    page.locator('label:has(#view-frontier)').click()
    _find(page)
    expect(page.locator("#summary")).to_contain_text("not proven best")
    expect(page.locator("#summary")).to_contain_text("time limit")
    expect(page.locator("#results .move").first).to_be_visible()


def test_laptop_screenshot(page: Page) -> None:
    _set_up_khafs_turn(page)
    page.fill("#catalogue-search", "")
    _find(page)
    expect(page.locator("#results .move")).to_have_count(5)
    expect(page.locator("#value-note")).to_contain_text("Value counts 1 for a prestige, 0.5 for a coin")
    page.locator("#move-1 .word-cards .card").nth(2).click()
    assert page.evaluate("document.documentElement.scrollWidth") <= LAPTOP["width"]
    page.screenshot(path=str(_shots() / "page-laptop.png"))
