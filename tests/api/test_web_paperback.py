"""Paperback on a phone (issue 16 item 4), end to end in Debian's Chromium through Playwright, with the helpers of
``web_page``: the on-screen card keyboard (letters, digits, the ability words of the vocabulary, Wild,
backspace, Add) typing into the cards field and through its live check; the results grouped by length, longest
first, from as many words as the service gives; and a link from each word to its definition on a site the user
chooses (off by default), the page itself fetching nothing from any other origin. Screenshots go to
``$GHOSTWRITER_SCREENSHOT_DIR``.
"""

from __future__ import annotations

import contextlib
import json
import re
from collections.abc import Iterator
from typing import Any
from urllib.parse import urlsplit

from playwright.sync_api import Browser, Locator, Page, Request, expect
from web_page import (
    LAPTOP,
    PHONE,
    _checked_page,
    _new_page,
    _open,
    _paperback,
    _shots,
)

from solver.paperback.abilities import effects

HAND = ["TH/3", "E/1", "?", "R/2:double-word", "S/1"]


def _key(page: Page, insert: str) -> None:
    page.locator(f'#pb-keyboard .key[data-insert="{insert}"]').first.tap()


def _ability_key(page: Page, ability: str) -> None:
    page.locator(f'#pb-keys-abilities .key[data-ability="{ability}"]').tap()


def _type_on_keys(page: Page, text: str) -> None:
    """Tap the keys that type ``text`` (one key a character; a space is the Space key), each once the one before is
    in the input: the keyboard redraws its keys as a card is typed, and a tap aimed while it redrew on a busy machine
    once landed on the key drawn in its place (TH/3 typed as THT3)."""
    field = page.locator("#pb-input")
    typed = field.input_value()
    for ch in text:
        _key(page, ch)
        typed += ch
        expect(field).to_have_value(typed)


def _no_sideways_scroll(page: Page) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"the page scrolls sideways on a phone: {width}px wide"


def _same_origin_only(requests: list[str], server: str) -> None:
    origin = urlsplit(server)
    away = [url for url in requests if (urlsplit(url).scheme, urlsplit(url).netloc) != (origin.scheme, origin.netloc)]
    assert away == [], f"the page fetched from another origin: {away}"


@contextlib.contextmanager
def _phone_page(browser: Browser, server: str) -> Iterator[Page]:
    """A touch-screen phone's page (``_checked_page``: no JavaScript error), which must fetch from the service's
    origin only."""
    requests: list[str] = []
    with _checked_page(browser, PHONE, touch=True) as page:
        page.on("request", lambda request: requests.append(request.url))
        yield page
    _same_origin_only(requests, server)


def _the_card_keyboard_is_open(page: Page, board: Locator) -> None:
    """On a touch screen the card keyboard is there at once, and the phone's own keyboard stays away."""
    expect(board).to_be_visible()
    expect(page.locator("#pb-input")).to_have_attribute("inputmode", "none")
    expect(page.locator("#pb-keys-toggle")).to_have_attribute("aria-expanded", "true")
    expect(page.locator("#pb-keys-abilities .key")).to_have_count(len(list(effects())))  # the vocabulary's abilities


def _type_the_hand_on_the_keys(page: Page) -> None:
    """Type the hand with the keys, through a card the notation does not know and an ability after an ability."""
    page.locator("#pb-input").tap()
    _type_on_keys(page, "TH/3 E/1 ")
    page.locator("#pb-key-wild").tap()
    _type_on_keys(page, "R/2")
    _ability_key(page, "double_word")
    _type_on_keys(page, " S/1")
    expect(page.locator("#pb-input")).to_have_value("TH/3 E/1 ? R/2:double-word S/1")
    expect(page.locator("#pb-check")).to_be_empty()

    # a card the notation does not know is marked as it is typed, as typed input is; backspace takes it away
    _type_on_keys(page, " Q")
    expect(page.locator("#pb-check .code-problem")).to_have_attribute("data-code", "Q")
    expect(page.locator("#pb-input")).to_have_attribute("aria-invalid", "true")
    page.locator("#pb-key-back").tap()
    page.locator("#pb-key-back").tap()
    expect(page.locator("#pb-check")).to_be_empty()

    # an ability after a card that has one goes after a comma
    _type_on_keys(page, " A/1")
    _ability_key(page, "first")
    _type_on_keys(page, "2")
    _ability_key(page, "plus")
    _type_on_keys(page, "1")
    expect(page.locator("#pb-input")).to_have_value("TH/3 E/1 ? R/2:double-word S/1 A/1:first:+2,+1")
    expect(page.locator("#pb-check")).to_be_empty()
    for _ in range(len(" A/1:first:+2,+1")):
        page.locator("#pb-key-back").tap()


def _add_the_typed_hand(page: Page) -> None:
    page.locator("#pb-key-add").tap()
    chips = page.locator("#pb-hand .chip")
    expect(chips).to_have_count(5)
    assert [chips.nth(i).get_attribute("data-code") for i in range(5)] == HAND
    expect(page.locator("#pb-input")).to_have_value("")


def _every_key_fits_the_phone(page: Page, board: Locator) -> None:
    """Every key can be tapped, and the keyboard fits the phone."""
    for key in board.locator(".key").all():
        box = key.bounding_box()
        assert box is not None and box["width"] >= 40 and box["height"] >= 40, (key.text_content(), box)
        assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], (key.text_content(), box)
    _no_sideways_scroll(page)
    page.locator("#pb-input").scroll_into_view_if_needed()
    page.evaluate("document.getElementById('pb-form').scrollIntoView()")
    page.screenshot(path=str(_shots() / "page-phone-paperback-keyboard.png"))


def _the_phones_keyboard_is_one_tap_away(page: Page, board: Locator) -> None:
    page.locator("#pb-keys-toggle").tap()
    expect(board).to_be_hidden()
    expect(page.locator("#pb-input")).to_have_attribute("inputmode", "text")
    page.reload()
    expect(page.locator("#pb-keyboard")).to_be_hidden()  # the choice is kept


def test_the_card_keyboard_types_a_hand_on_a_phone(browser: Browser, server: str) -> None:
    with _phone_page(browser, server) as page:
        _open(page, server)
        _paperback(page)
        board = page.locator("#pb-keyboard")
        _the_card_keyboard_is_open(page, board)
        _type_the_hand_on_the_keys(page)
        _add_the_typed_hand(page)
        _every_key_fits_the_phone(page, board)

        page.fill("#pb-common", "O/1")
        page.locator("#find").tap()
        expect(page.locator("#results .move")).to_have_count(5)
        expect(page.locator("#move-1")).to_have_attribute("data-word", re.compile(r"^[a-z]{7}$"))

        _the_phones_keyboard_is_one_tap_away(page, board)


def _asked_top(hints: list[Request]) -> int:
    """How many words the last hint asked the service for (not counting the list of every word)."""
    asked = [json.loads(h.post_data or "{}")["top"] for h in hints]
    top: int = [t for t in asked if t != "all"][-1]
    return top


def _links_are_off_by_default(page: Page, hints: list[Request]) -> None:
    """The links are off by default: the words are plain text."""
    page.locator("#find").tap()
    expect(page.locator("#results .move")).to_have_count(5)
    expect(page.locator("#results .define-link")).to_have_count(0)
    expect(page.locator("#pb-define-state")).to_have_text("off")
    assert _asked_top(hints) == 5


def _group_by_length(page: Page, server: str, hints: list[Request]) -> list[dict[str, Any]]:
    """Grouped by length: the same five at once, then as many as the service gives; the service's 50 moves."""
    page.locator('label:has(#pb-show-length)').tap()
    expect(page.locator("#results .length-group .move")).to_have_count(5)
    expect(page.locator("#grouped-few")).to_contain_text("up to 50")
    expect(page.locator("#pb-top")).to_be_disabled()
    page.locator("#find").tap()
    expect(page.locator("#find")).to_be_enabled()
    assert _asked_top(hints) == 50
    answer = page.request.post(server + "/v1/paperback/hint", data={
        "hand": HAND, "common": "O/1", "threshold": 7, "top": 50}).json()
    moves: list[dict[str, Any]] = answer["moves"]
    assert len(moves) == 50
    # and every word the cards can spell, the 50 with their cards, the others as a word and its score
    assert json.loads(hints[-1].post_data or "{}")["top"] == "all"
    every = page.request.post(server + "/v1/paperback/hint", data={
        "hand": HAND, "common": "O/1", "threshold": 7, "top": "all"}).text().splitlines()
    count = json.loads(every[-1])["count"]
    assert count == len(every) - 1 > 50
    expect(page.locator("#every-count")).to_contain_text(f"{count:,} words in all")
    expect(page.locator("#results .every-word")).to_have_count(count - 50)
    return moves


def _groups_longest_first_in_rank_order(page: Page, moves: list[dict[str, Any]]) -> None:
    groups = page.locator("#results .length-group")
    expect(groups.first).to_be_visible()
    # a group for each length of every word (the moves' lengths among them), longest first
    lengths = [int(groups.nth(i).get_attribute("data-length") or 0) for i in range(groups.count())]
    assert lengths == sorted(set(lengths), reverse=True) and {m["length"] for m in moves} <= set(lengths)
    for i, length in enumerate(lengths):
        group = groups.nth(i)
        expect(group.locator(".length-heading")).to_contain_text(f"{length} letters")
        # each group: its words in the service's rank order, each keeping its rank
        ranked = [(m["word"], str(rank + 1)) for rank, m in enumerate(moves) if m["length"] == length]
        shown = group.locator(".move")
        expect(shown).to_have_count(len(ranked))
        assert [(shown.nth(j).get_attribute("data-word"), shown.nth(j).locator(".rank").text_content())
                for j in range(len(ranked))] == ranked
    expect(page.locator("#results h4.word")).to_have_count(50)
    _no_sideways_scroll(page)
    page.evaluate("document.getElementById('results-section').scrollIntoView()")
    page.screenshot(path=str(_shots() / "page-phone-paperback-by-length.png"))


def _ranked_again_without_a_search(page: Page, hints: list[Request]) -> None:
    """Ranked again: the same answer, no new search; then back to grouped."""
    asked = len(hints)
    page.locator('label:has(#pb-show-ranked)').tap()
    expect(page.locator("#results > .move")).to_have_count(50)
    expect(page.locator("#results .length-group")).to_have_count(0)
    assert len(hints) == asked
    page.locator('label:has(#pb-show-length)').tap()


def _a_definition_site_links_each_word(page: Page, best: str) -> None:
    """A definition site: each word links to it in a new tab, and nothing is fetched from it."""
    page.locator("#pb-define summary").tap()
    page.select_option("#pb-define-site", "wiktionary")
    expect(page.locator("#pb-define-state")).to_have_text("links to Wiktionary")
    link = page.locator("#move-1 .define-link")
    expect(link).to_have_attribute("href", f"https://en.wiktionary.org/wiki/{best}")
    expect(link).to_have_attribute("target", "_blank")
    expect(link).to_have_attribute("rel", "noopener noreferrer")
    expect(page.locator("#results .define-link")).to_have_count(50)
    link.hover()  # a pointer over a link fetches nothing either
    page.select_option("#pb-define-site", "collins")
    expect(link).to_have_attribute("href", f"https://www.collinsdictionary.com/dictionary/english/{best}")


def _a_custom_address_https_with_word(page: Page, best: str) -> None:
    """A custom address: https only, with {word}; until one passes, the links are off; a bad one is refused with a
    message."""
    page.select_option("#pb-define-site", "custom")
    expect(page.locator("#pb-define-state")).to_have_text("off")
    expect(page.locator("#results .define-link")).to_have_count(0)
    custom = page.locator("#pb-define-custom")
    for bad, said in [("http://example.org/{word}", "https"), ("https://example.org/define", "{word}"),
                      ("https://{word}.example.org/", "after the site"), ("javascript:alert(1)//{word}", "")]:
        custom.fill(bad)
        page.locator("#pb-define-use").tap()
        expect(page.locator("#pb-define-error")).to_be_visible()
        expect(page.locator("#pb-define-error")).to_contain_text(said)
        expect(custom).to_have_attribute("aria-invalid", "true")
    expect(page.locator("#results .define-link")).to_have_count(0)
    expect(page.locator("#pb-define-site")).to_have_value("custom")
    custom.fill("https://example.org/define?q={word}&lang=en")
    page.locator("#pb-define-use").tap()
    expect(page.locator("#pb-define-error")).to_be_hidden()
    expect(page.locator("#pb-define-state")).to_have_text("links to example.org")
    expect(page.locator("#move-1 .define-link")).to_have_attribute("href", f"https://example.org/define?q={best}&lang=en")
    _no_sideways_scroll(page)
    page.locator("#pb-define").scroll_into_view_if_needed()
    page.screenshot(path=str(_shots() / "page-phone-paperback-definitions.png"))


def _the_choices_are_kept(page: Page, best: str) -> None:
    """The choice is kept (localStorage), and grouped stays grouped (the URL); then the links are turned off."""
    page.reload()
    page.locator("#find").tap()
    expect(page.locator("#results .length-group").first).to_be_visible()
    expect(page.locator("#move-1 .define-link")).to_have_attribute("href", f"https://example.org/define?q={best}&lang=en")
    page.locator("#pb-define summary").tap()
    page.select_option("#pb-define-site", "")
    expect(page.locator("#results .define-link")).to_have_count(0)


def test_grouped_by_length_and_definition_links_on_a_phone(browser: Browser, server: str) -> None:
    with _phone_page(browser, server) as page:
        hints: list[Request] = []
        page.on("request",
                lambda request: hints.append(request) if request.url.endswith("/v1/paperback/hint") else None)
        hand = "&".join(f"p={code.replace('/', '%2F').replace(':', '%3A').replace('?', '%3F')}" for code in HAND)
        page.goto(f"{server}/#game=paperback&{hand}&common=O%2F1")
        expect(page.locator("#pb-hand .chip")).to_have_count(5)

        _links_are_off_by_default(page, hints)
        moves = _group_by_length(page, server, hints)
        _groups_longest_first_in_rank_order(page, moves)
        _ranked_again_without_a_search(page, hints)
        best = moves[0]["word"]
        _a_definition_site_links_each_word(page, best)
        _a_custom_address_https_with_word(page, best)
        _the_choices_are_kept(page, best)


def test_the_card_keyboard_is_optional_on_a_laptop(browser: Browser, server: str) -> None:
    page, errors = _new_page(browser, LAPTOP)
    try:
        _open(page, server)
        _paperback(page)
        expect(page.locator("#pb-keyboard")).to_be_hidden()
        expect(page.locator("#pb-input")).to_have_attribute("inputmode", "text")
        page.click("#pb-keys-toggle")
        expect(page.locator("#pb-keyboard")).to_be_visible()
        # the real keyboard still types, and the keys type at its caret
        page.locator("#pb-input").press_sequentially("E/1 S/1")
        page.locator("#pb-input").press("Home")
        page.click('#pb-keyboard .key[data-insert="T"]')
        page.click('#pb-keyboard .key[data-insert="/"]')
        page.click('#pb-keyboard .key[data-insert="1"]')
        page.click('#pb-keyboard .key[data-insert=" "]')
        expect(page.locator("#pb-input")).to_be_focused()
        expect(page.locator("#pb-input")).to_have_value("T/1 E/1 S/1")
        # a key pressed from the keyboard (Tab, Enter) keeps the focus on the key
        page.locator("#pb-key-wild").focus()
        page.keyboard.press("Enter")
        expect(page.locator("#pb-key-wild")).to_be_focused()
        expect(page.locator("#pb-input")).to_have_value("T/1 ? E/1 S/1")
        page.keyboard.press("Tab")
        page.keyboard.press("Tab")
        page.keyboard.press("Tab")  # Space, backspace, Add
        expect(page.locator("#pb-key-add")).to_be_focused()
        page.keyboard.press("Enter")
        expect(page.locator("#pb-hand .chip")).to_have_count(4)
        page.screenshot(path=str(_shots() / "page-laptop-paperback-keyboard.png"))
    finally:
        page.context.close()
    assert errors.errors == [], f"JavaScript errors on the page: {errors.errors}"
