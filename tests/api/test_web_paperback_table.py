"""Paperback at the table on the page, end to end: a live service (uvicorn in a subprocess) holding the table
(``/v1/paperback/tables``) and a real headless Chromium through Playwright, as in ``test_web_play``. A game against
a greedy bot on a laptop: the setup, a word from the ghost writer's hint, one typed and laid out, cards tapped into
the word, a purchase, the bot's turn in the log, a reload that goes back to the table, then the game played on
(the expert's ★ purchase, the hint's word) to its end within a bounded time, and its review; on a phone, the first
turn at 375 px with nothing wider than the screen and every control a touch target; a word's choices as buttons
(a table's own deck); every option on; a finished table's record reviewed. The seat's view's additions
(``fame_piles``, ``cubes``, ``hints``, ``advice``) are checked over HTTP. Screenshots go to
``$GHOSTWRITER_SCREENSHOT_DIR``."""

from __future__ import annotations

import contextlib
import json
import time
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from test_web_play import _touch_targets
from web_page import LAPTOP, PHONE, _new_page, _shots

from live_server import live_server
from tests_paths import ROOT

with contextlib.suppress(ImportError):  # without Playwright, the fixtures (conftest.py) skip, or fail, first
    from playwright.sync_api import Browser, Page, expect

TIMEOUT_MS = 30_000
GAME_SECONDS = 150  # the rest of the game after the first turns: played on until it ends or this is spent
MAX_ACTIONS = 400  # a 2-player game of the house deck takes about 60


def _page(browser: Browser, viewport: dict[str, int], touch: bool = False) -> tuple[Page, list[str]]:
    """A page (``web_page``'s) at this test's longer timeout, and the list its JavaScript errors go to."""
    page, errors = _new_page(browser, viewport, touch)
    page.set_default_timeout(TIMEOUT_MS)
    expect.set_options(timeout=TIMEOUT_MS)
    return page, errors.errors


def _call(base: str, path: str, body: dict[str, Any] | None = None, token: str | None = None) -> Any:
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(base + path, data, headers)
    with urllib.request.urlopen(request, timeout=60) as r:
        return json.loads(r.read())


def _no_sideways_scroll(page: Page) -> None:
    width = page.evaluate("document.documentElement.clientWidth")
    assert page.evaluate("document.documentElement.scrollWidth") <= width


def _open_table(page: Page, base: str) -> None:
    """The Play view with Paperback chosen: its setup, not Hardback's."""
    page.goto(base + "/#play")
    page.locator("label:has(#game-paperback)").click()
    expect(page.locator("#pbt-setup")).to_be_visible()
    expect(page.locator("#hb-table")).to_be_hidden()


def _start(page: Page, bot: str = "greedy", hand: tuple[int, ...] = (5,)) -> None:
    """Start the game from the setup; the first hand holds ``hand`` cards (one of them)."""
    page.locator("#pbt-level-0").select_option(bot)
    page.locator("#pbt-start").click()
    expect(page.locator("#pbt-game")).to_be_visible()
    expect(page.locator("#pbt-hand .play-card").first).to_be_visible()
    assert page.locator("#pbt-hand .play-card").count() in hand


def _my_word_turn(page: Page) -> None:
    expect(page.locator("#pbt-word-area")).to_be_visible()
    expect(page.locator("#pbt-turn")).to_contain_text("Your turn (the word)")


def _spell_the_hint(page: Page) -> str:
    """The ghost writer's best word, laid out and played (a pass when the hand spells nothing): the word."""
    page.locator("#pbt-hint").click()
    first = page.locator("#pbt-hints .hint-move").first
    expect(page.locator("#pbt-hints .hint-move, #pbt-error:not([hidden])").first).to_be_visible()
    if not first.count():
        expect(page.locator("#pbt-error")).to_contain_text("no word")
        page.locator('#pbt-actions button[data-action="pass"]').click()
        return ""
    hinted = first.get_attribute("data-word") or ""
    first.click()
    expect(page.locator("#pbt-word-text")).to_have_value(hinted)
    page.locator("#pbt-spell").click()
    return hinted


def _buy_and_end(page: Page) -> None:
    """In the buy phase: the expert's ★ purchase when it marks one, else the first card offered; then the end."""
    expect(page.locator("#pbt-turn")).to_contain_text("buying")
    starred = page.locator("#pbt-offer button.suggested, #pbt-fame button.suggested")
    buys = page.locator("#pbt-offer button.button, #pbt-fame button.button")
    if starred.count():
        starred.first.click()
    elif buys.count():
        buys.first.click()
    page.wait_for_function("() => !document.getElementById('pbt').classList.contains('is-busy')")
    end = page.locator('#pbt-actions button[data-action="end"]')
    if page.locator("#pbt-turn").text_content() and "buying" in (page.locator("#pbt-turn").text_content() or ""):
        end.click()


def _wait_for_me_or_the_end(page: Page) -> bool:
    page.wait_for_function(
        "() => /Game over/.test(document.getElementById('pbt-turn').textContent)"
        " || (!document.getElementById('pbt').classList.contains('is-busy')"
        " && /^Your turn/.test(document.getElementById('pbt-turn').textContent))"
    )
    return "Game over" in (page.locator("#pbt-turn").text_content() or "")


def test_the_seats_view_gives_the_fame_piles_hints_and_advice(server: str) -> None:
    made = _call(server, "/v1/paperback/tables", {"seats": ["person", "greedy"]})
    token = made["invites"][0]["token"]
    seen = _call(server, "/v1/tables/seat?hints=3&suggest=true", token=token)
    piles = seen["view"]["fame_piles"]
    assert len(piles) == len(seen["view"]["fame"]) and all(p["cost"] > 0 and p["fame"] > 0 for p in piles)
    assert [p["cards"] for p in piles] == seen["view"]["fame"]
    assert 1 <= len(seen["hints"]) <= 3
    assert all(h["action"]["action"] == "spell" and h["action"]["word"] == h["word"] for h in seen["hints"])
    assert seen["advice"]["action"]["action"] in ("spell", "pass")
    # a hint's spell is one the engine plays
    played = _call(server, "/v1/tables/seat/action", {"action": seen["hints"][0]["action"]}, token)
    assert played["view"]["phase"] == "buy"
    again = _call(server, "/v1/tables/seat?hints=3", token=token)
    assert "hints" in again and again["hints"] == []  # none outside the word's moment
    assert again["view"]["cubes"] is None  # no cube rule
    coop = _call(server, "/v1/paperback/tables", {"seats": ["person", "greedy"], "options": {"coop": True}})
    cubes = _call(server, "/v1/tables/seat", token=coop["invites"][0]["token"])["view"]["cubes"]
    assert cubes["held"] == [0, 0] and cubes["supply"] > 0
    assert any(c["open"] for c in cubes["pyramid"]) and not all(c["open"] for c in cubes["pyramid"])


def test_a_paperback_game_on_a_laptop(browser: Browser, server: str) -> None:
    page, errors = _page(browser, LAPTOP)
    _open_table(page, server)
    page.screenshot(path=str(_shots() / "pbtable-laptop-setup.png"), full_page=True)
    _start(page)
    _my_word_turn(page)
    page.screenshot(path=str(_shots() / "pbtable-laptop-start.png"), full_page=True)

    # a tapped card goes into the word, and out again when tapped there
    page.locator("#pbt-hand .play-card").first.click()
    expect(page.locator("#pbt-word .play-card")).to_have_count(1)
    page.locator("#pbt-word .play-card").first.click()
    expect(page.locator("#pbt-word .play-card")).to_have_count(0)

    # the ghost writer's word, played; the ★ of the expert shows
    expect(page.locator("#pbt-advice")).to_contain_text("The expert")
    hinted = _spell_the_hint(page)
    expect(page.locator("#pbt-log")).to_contain_text(f"You: spelled {hinted.upper()}")
    page.screenshot(path=str(_shots() / "pbtable-laptop-buy.png"), full_page=True)
    _buy_and_end(page)
    expect(page.locator("#pbt-log")).to_contain_text("greedy bot (seat 2): spelled")
    assert "bought" in (page.locator("#pbt-log").text_content() or "")

    # a reload goes back to the table the service holds
    _wait_for_me_or_the_end(page)
    log = page.locator("#pbt-log li").count()
    hand = [page.locator("#pbt-hand .play-card").nth(i).get_attribute("data-code") for i in range(5)]
    page.reload()
    expect(page.locator("#pbt-game")).to_be_visible()
    expect(page.locator("#pbt-log li")).to_have_count(log)
    assert [page.locator("#pbt-hand .play-card").nth(i).get_attribute("data-code") for i in range(5)] == hand

    # a typed word, laid out on the hand's cards
    _my_word_turn(page)
    page.locator("#pbt-hint").click()
    typed = page.locator("#pbt-hints .hint-move").first.get_attribute("data-word") or ""
    page.locator("#pbt-word-text").fill(typed)
    page.locator("#pbt-lay").click()
    expect(page.locator("#pbt-word .play-card")).not_to_have_count(0)
    page.screenshot(path=str(_shots() / "pbtable-laptop-word.png"), full_page=True)
    page.locator("#pbt-clear").click()
    expect(page.locator("#pbt-spell")).to_be_disabled()
    page.locator("#pbt-word-text").fill(typed)  # typed and played at once: laid out as it is sent
    page.locator("#pbt-spell").click()
    expect(page.locator("#pbt-log")).to_contain_text(f"You: spelled {typed.upper()}")
    _buy_and_end(page)

    # on to the end (about 20 s), within a bounded time
    started = time.monotonic()
    over = False
    while time.monotonic() - started < GAME_SECONDS:
        if over := _wait_for_me_or_the_end(page):
            break
        if page.locator("#pbt-word-area").is_visible():
            _spell_the_hint(page)
        else:
            _buy_and_end(page)
    page.screenshot(path=str(_shots() / "pbtable-laptop-end.png"), full_page=True)
    assert over, f"the game did not end within {GAME_SECONDS} s (about 20 s on a loaded 2-core machine)"
    expect(page.locator("#pbt-turn")).to_contain_text("Final Fame")
    page.locator("#pbt-review").click()
    expect(page.locator("#review-view")).to_be_visible()
    expect(page.locator("#review-results")).to_be_visible(timeout=60_000)
    expect(page.locator("#review-source")).to_contain_text("The Paperback game just played: You vs greedy bot")
    page.screenshot(path=str(_shots() / "pbtable-laptop-review.png"), full_page=True)
    page.context.close()
    assert errors == [], f"JavaScript errors on the page: {errors}"


def test_a_paperback_turn_on_a_phone(browser: Browser, server: str) -> None:
    page, errors = _page(browser, PHONE, touch=True)
    _open_table(page, server)
    _no_sideways_scroll(page)
    _touch_targets(page)
    page.screenshot(path=str(_shots() / "pbtable-phone-setup.png"), full_page=True)
    _start(page, "random")
    _my_word_turn(page)
    _no_sideways_scroll(page)
    _touch_targets(page)
    page.screenshot(path=str(_shots() / "pbtable-phone-start.png"), full_page=True)
    page.locator("#pbt-act-heading").scroll_into_view_if_needed()
    page.screenshot(path=str(_shots() / "pbtable-phone-move-view.png"))
    hinted = _spell_the_hint(page)
    expect(page.locator("#pbt-log")).to_contain_text(f"You: spelled {hinted.upper()}")
    _no_sideways_scroll(page)
    page.screenshot(path=str(_shots() / "pbtable-phone-buy.png"), full_page=True)
    page.screenshot(path=str(_shots() / "pbtable-phone-buy-view.png"))  # the screen as the phone shows it
    _touch_targets(page)
    _buy_and_end(page)
    expect(page.locator("#pbt-log")).to_contain_text("random bot (seat 2):")
    _no_sideways_scroll(page)
    page.context.close()
    assert errors == [], f"JavaScript errors on the page: {errors}"


def test_a_paperback_record_reviewed_on_the_page(browser: Browser, server: str, tmp_path: Path) -> None:
    """A finished game's record (a table's, played out over HTTP with the ghost writer's words) loaded in Review:
    its turns with their cards, its Fame charts."""
    made = _call(server, "/v1/paperback/tables", {"seats": ["person", "greedy"]})
    token = made["invites"][0]["token"]
    for n in range(MAX_ACTIONS):
        seen = _call(server, "/v1/tables/seat?hints=1", token=token)
        if seen["over"]:
            break
        if seen["waiting"] == "bot":  # the bots' turns ran past the service's budget (a loaded machine): go on
            _call(server, "/v1/tables/seat/bots", {}, token)
            continue
        if seen["view"]["phase"] == "word":
            action = seen["hints"][0]["action"] if seen["hints"] else {"action": "pass"}
        else:
            buys = [a for a in seen["view"]["legal"] if a["action"] == "buy"]
            action = buys[-1] if buys and n % 2 else {"action": "end"}
        _call(server, "/v1/tables/seat/action", {"action": action}, token)
    record = _call(server, "/v1/tables/seat/moves", token=token)["record"]
    assert record is not None, "the game did not end within the actions allowed"
    path = tmp_path / "paperback-record.json"
    path.write_text(json.dumps(record))
    page, errors = _page(browser, LAPTOP)
    page.goto(server + "/#review")
    page.locator("#review-load").set_input_files(str(path))
    expect(page.locator("#review-results")).to_be_visible(timeout=60_000)
    expect(page.locator("#review-charts figure.review-chart:not(.review-win)")).to_have_count(2)
    expect(page.locator("#review-charts")).to_contain_text("Fame")
    first = page.locator("#review-turns details").first
    if first.get_attribute("open") is None:
        first.locator("summary").click()
    expect(first.locator(".review-hand .play-card")).not_to_have_count(0)
    page.screenshot(path=str(_shots() / "pbtable-review.png"), full_page=True)
    page.context.close()
    assert errors == [], f"JavaScript errors on the page: {errors}"


def _choice_deck(path: Path) -> Path:
    """The house deck with starting hands of two cards only: A (trash-hand) and T (copy), five of each."""
    deck = json.loads((ROOT / "solver" / "data" / "paperback-house-deck.json").read_text(encoding="utf-8"))
    card = {"score": 1, "cost": 1, "copies": 5}
    deck["starters"] = {"letters": [{**card, "letters": "A", "abilities": ["trash-hand"]},
                                    {**card, "letters": "T", "abilities": ["copy"]}],
                        "wilds": 0, "wild_cost": 2, "wild_fame": 1}
    path.write_text(json.dumps(deck), encoding="utf-8")
    return path


def test_a_words_choices_are_buttons(browser: Browser, server: str, tmp_path: Path) -> None:
    """A table's own deck (a file): the word AT of a trash-hand card and a copy card, what the copy copies and the
    card trashed chosen by buttons, sent in the spell as the engine reads them."""
    page, errors = _page(browser, LAPTOP)
    _open_table(page, server)
    page.locator("#pbt-deck-file").set_input_files(str(_choice_deck(tmp_path / "choices.json")))
    expect(page.locator("#pbt-deck-name")).to_have_text("choices.json")
    _start(page, "random")
    _my_word_turn(page)
    a_cards = page.locator('#pbt-hand .play-card[data-code="A/1$1:trash-hand"]')
    t_cards = page.locator('#pbt-hand .play-card[data-code="T/1$1:copy"]')
    if not t_cards.count() or a_cards.count() < 2:  # a hand of five A or five T (2 deals in 252): nothing to choose
        page.context.close()
        return
    a_cards.first.click()
    t_cards.first.click()
    expect(page.locator("#pbt-word-text")).to_have_value("at")
    copy = page.locator('#pbt-choices .question[data-key="copy"]')
    trash = page.locator('#pbt-choices .question[data-key="trash-hand"]')
    expect(copy).to_have_count(1)
    expect(trash).to_have_count(1)
    copy.locator('button[data-answer="trash-hand"]').click()
    expect(copy.locator('button[data-answer="trash-hand"]')).to_have_attribute("aria-pressed", "true")
    left = trash.locator("button").nth(1)  # the first card left in hand ("none" comes first)
    left.click()
    expect(left).to_have_attribute("aria-pressed", "true")
    page.screenshot(path=str(_shots() / "pbtable-laptop-choices.png"), full_page=True)
    with page.expect_request(lambda r: r.url.endswith("/v1/tables/seat/action")) as sent:
        page.locator("#pbt-spell").click()
    spell = json.loads(sent.value.post_data or "{}")["action"]
    assert spell["word"] == "at"
    assert spell["layout"][1]["copies"] == ["trash-hand"]
    assert len(spell["resolve"]) == 1 and spell["resolve"][0]["trash"] == "hand"
    expect(page.locator("#pbt-log")).to_contain_text("You: spelled AT")
    page.context.close()
    assert errors == [], f"JavaScript errors on the page: {errors}"


def test_every_option_on(browser: Browser, server: str) -> None:
    """Every option of the setup on (the cube rules, co-op and its pyramid of Fame cards, the expansions, the
    Spacebar and Dyslexic): the table shows the powers, the award, the theme, the pyramid and the cube actions, and
    the expert's word plays from its ★ button."""
    page, errors = _page(browser, LAPTOP)
    _open_table(page, server)
    for box in page.locator("#pbt-options input[data-option]").all():
        # twos_pile_only: a reading of recycle_twos, on with it below; simultaneous play leaves co-op out
        if box.get_attribute("data-option") not in ("twos_pile_only", "simultaneous"):
            box.check()
    _start(page, hand=(5, 6))  # the server's random deal may give seat 0 the draw+1 power: a sixth card
    _my_word_turn(page)
    expect(page.locator("#pbt-seats")).to_contain_text("Power:")
    expect(page.locator("#pbt-common")).to_contain_text("Award:")
    expect(page.locator("#pbt-fame li")).not_to_have_count(0)
    expect(page.locator("#pbt-fame")).to_contain_text("cubes")
    expect(page.locator('#pbt-actions button[data-action="place"]')).not_to_have_count(0)
    expect(page.locator("#pbt-advice")).to_contain_text("The expert")
    page.screenshot(path=str(_shots() / "pbtable-laptop-every-option.png"), full_page=True)
    expert = page.locator('#pbt-advice button[data-action="suggested-spell"]')
    if expert.count():
        word = (expert.text_content() or "").replace("Play", "").replace("★", "").strip()
        expert.click()
        expect(page.locator("#pbt-log")).to_contain_text(f"You: spelled {word}")
    else:
        _spell_the_hint(page)
    # the game switch shows in the Play view: Hardback's table, and back to this one
    page.locator("label:has(#game-hardback)").click()
    expect(page.locator("#play-setup")).to_be_visible()
    expect(page.locator("#pbt")).to_be_hidden()
    page.locator("label:has(#game-paperback)").click()
    expect(page.locator("#pbt-game")).to_be_visible()
    page.context.close()
    assert errors == [], f"JavaScript errors on the page: {errors}"


def test_bots_cut_short_go_on(browser: Browser) -> None:
    """A service whose time budget (the least, 0.05 s) lets one bot turn a request: after the person's pass the
    answer waits on a bot, and the page lets the bots go on (``/v1/tables/seat/bots``) until it is the person's
    turn again, each bot's turn in the log."""
    with live_server(env={"GHOSTWRITER_TIME_BUDGET": "0.05"}) as base:
        page, errors = _page(browser, LAPTOP)
        bots: list[str] = []
        page.on("request", lambda r: bots.append(r.url) if r.url.endswith("/v1/tables/seat/bots") else None)
        _open_table(page, base)
        page.locator("#pbt-bots").select_option("2")
        page.locator("#pbt-level-1").select_option("random")
        _start(page, "random")
        _my_word_turn(page)
        page.locator('#pbt-actions button[data-action="pass"]').click()
        expect(page.locator("#pbt-log")).to_contain_text("random bot (seat 3):")
        _wait_for_me_or_the_end(page)
        assert "random bot (seat 2):" in (page.locator("#pbt-log").text_content() or "")
        assert bots, "the bots were never cut short"
        page.context.close()
        assert errors == [], f"JavaScript errors on the page: {errors}"


@pytest.mark.parametrize("size", ["laptop", "phone"])
def test_simultaneous_play_on_the_page(browser: Browser, server: str, size: str) -> None:
    """Simultaneous play from the setup's box: the row of 10, the draft's two free picks by the Offer's buttons, a
    6-card hand, the word announced and the buy turn in the order announced; the timer's bounty shown."""
    page, errors = _page(browser, LAPTOP if size == "laptop" else PHONE, touch=size == "phone")
    _open_table(page, server)
    page.locator('#pbt-options input[data-option="simultaneous"]').check()
    page.locator('#pbt-options input[data-option="cube_advice"]').check()
    page.locator("#pbt-timer").fill("1")  # a second for each word: the hands past it shown as bounties
    page.locator("#pbt-level-0").select_option("greedy")
    page.locator("#pbt-start").click()
    expect(page.locator("#pbt-game")).to_be_visible()
    expect(page.locator("#pbt-offer li")).to_have_count(10)
    expect(page.locator("#pbt-modes")).to_contain_text("Simultaneous play · the draft")
    for _ in range(2):  # the draft: A-B-B-A
        assert not _wait_for_me_or_the_end(page)
        page.locator("#pbt-offer button.button").first.click()
        page.wait_for_function("() => !document.getElementById('pbt').classList.contains('is-busy')")
    expect(page.locator("#pbt-hand .play-card")).to_have_count(6)
    _my_word_turn(page)
    expect(page.locator("#pbt-modes")).to_contain_text("round 1: announced")
    expect(page.locator("#pbt-modes")).to_contain_text("Time's up: You offer a bounty")  # the page looks again
    _no_sideways_scroll(page)
    page.screenshot(path=str(_shots() / f"pbtable-{size}-simultaneous.png"), full_page=True)
    expect(page.locator("#pbt-log")).to_contain_text("You: drafted")
    word = _spell_the_hint(page)
    if word:
        expect(page.locator("#pbt-log")).to_contain_text(f"spelled {word.upper()}")
    assert not _wait_for_me_or_the_end(page)
    page.screenshot(path=str(_shots() / f"pbtable-{size}-simultaneous-buy.png"), full_page=True)
    page.context.close()
    assert errors == [], f"JavaScript errors on the page: {errors}"
