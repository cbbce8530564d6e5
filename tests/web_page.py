"""How the web page's tests (tests/api/test_web_*.py, and the page fixtures of conftest.py) drive the page: a page
in a headless Chromium at a phone's or a laptop's size that records its JavaScript errors and what the
Content-Security-Policy blocked, the page opened on a live service, the folder screenshots go to, and the page's
controls: the target zone, typed codes, chips, Find words, the README's example turn, and Paperback's hand."""

from __future__ import annotations

import contextlib
import os
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path

with contextlib.suppress(ImportError):  # without Playwright, the fixtures (conftest.py) skip, or fail, first
    from playwright.sync_api import Browser, ConsoleMessage, Locator, Page, expect

PHONE = {"width": 375, "height": 740}
LAPTOP = {"width": 1366, "height": 860}
TIMEOUT_MS = 15_000


class PageErrors:
    """Uncaught JavaScript errors on a page, and anything the Content-Security-Policy blocked (Chromium reports
    that on the console): every test ends by checking there were none."""

    def __init__(self, page: Page) -> None:
        self.errors: list[str] = []
        page.on("pageerror", lambda error: self.errors.append(str(error)))
        page.on("console", self._console)

    def _console(self, message: ConsoleMessage) -> None:
        if "Content Security Policy" in message.text:
            self.errors.append(message.text)


def _new_page(browser: Browser, viewport: dict[str, int], touch: bool = False) -> tuple[Page, PageErrors]:
    context = browser.new_context(
        viewport={"width": viewport["width"], "height": viewport["height"]},
        has_touch=touch,
        is_mobile=touch,
        service_workers="block",
    )
    page = context.new_page()
    page.set_default_timeout(TIMEOUT_MS)
    expect.set_options(timeout=TIMEOUT_MS)
    return page, PageErrors(page)


@contextlib.contextmanager
def _checked_page(browser: Browser, viewport: dict[str, int], touch: bool = False) -> Iterator[Page]:
    """A new page (``_new_page``), closed at the end, which must have had no JavaScript error."""
    page, errors = _new_page(browser, viewport, touch)
    try:
        yield page
    finally:
        page.context.close()
    assert errors.errors == [], f"JavaScript errors on the page: {errors.errors}"


def _bad_field_then_fixed(page: Page, field: str, name: str, fix: Callable[[], object]) -> None:
    """Find with a bad value in ``field``: the error names it (``field: name``) and the field is marked; once ``fix``
    mends it, Find clears the error and the mark and shows words."""
    error = page.locator("#error")
    _find(page)
    expect(error).to_contain_text(f"field: {name}")
    expect(page.locator(field)).to_have_attribute("aria-invalid", "true")
    fix()
    _find(page)
    expect(error).to_be_hidden()
    expect(page.locator(field)).not_to_have_attribute("aria-invalid", "true")
    expect(page.locator("#results .move").first).to_be_visible()


def _chip_opens_and_escapes(page: Page, chip: Locator, bars: str) -> None:
    """The keyboard alone: Enter on a focused chip opens its action bar; Escape closes it (no ``bars`` left) and
    leaves the chip focused."""
    chip.focus()
    page.keyboard.press("Enter")
    expect(chip).to_have_attribute("aria-expanded", "true")
    page.keyboard.press("Escape")
    expect(page.locator(bars)).to_have_count(0)
    expect(chip).to_be_focused()


def _open(page: Page, base: str) -> None:
    page.goto(base + "/")
    expect(page.locator(".catalogue-card")).to_have_count(158)


def _shots() -> Path:
    folder = Path(os.environ.get("GHOSTWRITER_SCREENSHOT_DIR") or Path(tempfile.gettempdir()) / "gw")
    folder.mkdir(parents=True, exist_ok=True)
    return folder


# -- the controls (Hardback) -------------------------------------------------------------------------------------------


def _target(page: Page, zone: str) -> None:
    """Choose where typed codes and catalogue taps go: hand, inked, mine or others."""
    page.locator(f'#target-group label:has(input[value="{zone}"])').click()
    expect(page.locator(f'input[name="target"][value="{zone}"]')).to_be_checked()


def _type_codes(page: Page, codes: str, zone: str = "hand") -> None:
    _target(page, zone)
    page.fill("#code-input", codes)
    page.click("#add-codes")


def _chip(page: Page, zone: str, code: str) -> Locator:
    return page.locator(f'#zone-{zone} .chip[data-code="{code}"]')


def _move_chip(page: Page, zone: str, code: str, destination: str) -> None:
    _chip(page, zone, code).first.click()
    page.locator(f'.zone[data-zone="{zone}"] .chip-actions [data-action="{destination}"]').click()


def _find(page: Page) -> None:
    page.click("#find")
    expect(page.locator("#find")).to_be_enabled()


def _set_up_khafs_turn(page: Page) -> None:
    """r:F6 E a:A5 S T in hand, h:H7 inked, m:A5 my classic, r:K5 an opponent's, through the page's controls."""
    _type_codes(page, "r:F6 E a:A5 S T h:H7")
    _move_chip(page, "hand", "horror:H7", "inked")
    expect(_chip(page, "inked", "horror:H7")).to_have_count(1)
    expect(_chip(page, "hand", "horror:H7")).to_have_count(0)
    _target(page, "mine")
    page.fill("#catalogue-search", "m:A5")
    page.locator('.catalogue-card[data-code="mystery:A5"]').click()
    expect(_chip(page, "mine", "mystery:A5")).to_have_count(1)
    _type_codes(page, "R:k5", "others")  # any case and the genre's initial: the chip gets the canonical code
    expect(_chip(page, "others", "romance:K5")).to_have_count(1)
    expect(page.locator("#zone-hand .chip")).to_have_count(5)


# -- the controls (Paperback) -----------------------------------------------------------------------------------


def _paperback(page: Page) -> None:
    """Switch the page to Paperback: its hand panel shows, Hardback's turn and catalogue go."""
    page.locator("label:has(#game-paperback)").click()
    expect(page.locator("#game-paperback")).to_be_checked()
    expect(page.locator("#pb-turn")).to_be_visible()
    expect(page.locator("#hb-turn")).to_be_hidden()
    expect(page.locator("#hb-catalogue")).to_be_hidden()
    expect(page).to_have_title("Ghostwriter · Paperback")


def _pb_type(page: Page, cards: str) -> None:
    page.fill("#pb-input", cards)
    page.click("#pb-add")
    expect(page.locator("#pb-input")).to_have_value("")


def _pb_chip(page: Page, code: str) -> Locator:
    return page.locator(f'#pb-hand .chip[data-code="{code}"]')


def _set_up_paperback_hand(page: Page) -> None:
    """TH/3 E/1 ? R/2:double-word S/1 in hand (the wild by its button), O/1 the Common card."""
    _paperback(page)
    _pb_type(page, "th/3 E/1")  # letters in any case: the chip gets the printed form
    page.click("#pb-wild")
    _pb_type(page, "R/2:Double-Word, S/1")  # a comma between cards, not inside a card's abilities
    chips = page.locator("#pb-hand .chip")
    expect(chips).to_have_count(5)
    assert [chips.nth(i).get_attribute("data-code") for i in range(5)] == [
        "TH/3", "E/1", "?", "R/2:double-word", "S/1",
    ]
    page.fill("#pb-common", "O/1")
