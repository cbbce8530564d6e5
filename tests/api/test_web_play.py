"""The page's Play view and its Rate & ink view, end to end: a live service (uvicorn in a subprocess) and a real
headless Chromium through Playwright, as in ``test_web_page``. A whole game against an easy bot at the lowest
target (10 prestige), on a laptop and on a phone, the person making an either-choice by hand; a reload resumes
the game; a word rated and ink advice asked. Screenshots go to ``$GHOSTWRITER_SCREENSHOT_DIR``.

The bots' turns are shown without a pause here (``?delay=0``); people get a readable pace.
"""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlparse

import pytest
from web_page import LAPTOP, PHONE

from service.settings import Settings
from service.signing import kept_key, sign

with contextlib.suppress(ImportError):  # without Playwright, the fixtures (conftest.py) skip, or fail, first
    from playwright.sync_api import Browser, Locator, Page, Request, ViewportSize, expect

TIMEOUT_MS = 20_000
EITHER_CARD = "horror:A3"  # "2 coins or 2 prestige"
MAX_MOVES = 120  # the person's clicks in a game to 10 prestige: far fewer


def _page(browser: Browser, viewport: dict[str, int], touch: bool = False) -> tuple[Page, list[str]]:
    size: ViewportSize = {"width": viewport["width"], "height": viewport["height"]}
    context = browser.new_context(viewport=size, has_touch=touch, is_mobile=touch, service_workers="block",
                                  accept_downloads=True)
    page = context.new_page()
    page.set_default_timeout(TIMEOUT_MS)
    expect.set_options(timeout=TIMEOUT_MS)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: errors.append(m.text) if "Content Security Policy" in m.text else None)
    return page, errors


def _shots() -> Path:
    folder = Path(os.environ.get("GHOSTWRITER_SCREENSHOT_DIR") or Path(tempfile.gettempdir()) / "gw")
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def _post(base: str, path: str, body: dict[str, Any]) -> Any:
    request = urllib.request.Request(base + path, json.dumps(body).encode(), {"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as r:
        return json.loads(r.read())


def _save_with_either(base: str, folder: Path, seed: int) -> Path:
    """A saved game (the page's file form) whose first hand holds an either card: a new game at target 10 with the
    card taken from the offer deck into the hand for its A, which goes to the box (every card stays in one place)."""
    game = _post(base, "/v1/hardback/game/new", {"options": {"players": 2, "target": 10}, "seed": seed})["game"]
    hand = game["players"][0]["hand"]
    deck = game["offer_deck"]
    at = deck.index(EITHER_CARD)
    mine = hand.index("A") if "A" in hand else 0
    game["removed"].append(hand[mine])
    hand[mine] = deck.pop(at)
    game = sign(game, kept_key(Settings.from_env().state_key_file))  # the live server's key: it takes signed states
    path = folder / f"either-{seed}.json"
    path.write_text(json.dumps({"version": 1, "game": game, "seats": ["you", "easy"], "me": 0, "said": []}))
    return path


def _no_sideways_scroll(page: Page) -> None:
    width = page.evaluate("document.documentElement.clientWidth")
    assert page.evaluate("document.documentElement.scrollWidth") <= width


def _touch_targets(page: Page) -> None:
    """Every visible button and control of the Play view is at least 40 px high and wide (a checkbox by its
    label, which takes the tap)."""
    small = page.evaluate(
        """() => [...document.querySelectorAll('#play-view button, #play-view select, #play-view .file-button,'
               + ' .view-tab, #play-view input:not([type=file]):not([type=checkbox]), #play-view label.check')]
            .filter((n) => n.offsetParent !== null)
            .map((n) => [n.id || n.textContent.trim().slice(0, 30), n.getBoundingClientRect()])
            .filter(([, r]) => r.width > 0 && (r.width < 40 || r.height < 40))
            .map(([name, r]) => `${name}: ${Math.round(r.width)}x${Math.round(r.height)}`)"""
    )
    assert small == [], f"touch targets under 40 px: {small}"


def _one_row(page: Page, selector: str) -> None:
    """The elements all on one line (a word's cards never wrap, on a phone too)."""
    tops = page.eval_on_selector_all(selector, "els => els.map(e => Math.round(e.getBoundingClientRect().top))")
    assert tops and len(set(tops)) == 1, f"{selector} wraps: {tops}"


def _cards_read_like_a_game(page: Page) -> None:
    """The offer row and the hand as cards with their benefits printed on them."""
    offer = page.locator("#play-offer .offer-card")
    expect(offer).not_to_have_count(0)
    assert offer.count() == page.locator("#play-offer .offer-card .card-benefits").count()
    expect(page.locator("#play-offer .card-benefits").first).not_to_have_text("")
    expect(page.locator("#play-hand .text-card .card-benefits")).not_to_have_count(0)


def _game_over(turn: Locator) -> bool:
    return "Game over" in (turn.text_content() or "")


def _wait_for_the_person(page: Page, turn: Locator) -> bool:
    """Wait until the game is over or the person has something to do; whether the game is over."""
    expect(page.locator("#play-guide")).not_to_have_text("", timeout=TIMEOUT_MS)
    if _game_over(turn):
        return True
    page.wait_for_function(
        "() => /Game over/.test(document.getElementById('play-turn').textContent)"
        " || (!document.getElementById('play-view').classList.contains('is-busy')"
        " && (!document.getElementById('play-word-area').hidden"
        " || document.querySelectorAll('#play-actions button, #play-offer button.button,"
        " #play-peek button.button').length))"
    )
    return _game_over(turn)


def _shot_once(page: Page, prefix: str, done: dict[str, Any], name: str) -> None:
    if name not in done["shots"]:
        page.screenshot(path=str(_shots() / f"{prefix}-{name}.png"), full_page=True)
        done["shots"].add(name)


def _turn_the_either_choice(page: Page, prefix: str, done: dict[str, Any]) -> None:
    """The first time the chosen word asks the either-question, answer it the other way than offered."""
    question = page.locator('#play-questions .question[data-key="either"]')
    if done["either"] is not None or not question.count():
        return
    other = question.first.locator('button[aria-pressed="false"]')
    answer = other.get_attribute("data-answer")
    totals = page.locator("#play-reading").text_content() or ""
    other.click()
    picked = question.first.locator(f'button[data-answer="{answer}"]')
    expect(picked).to_have_attribute("aria-pressed", "true")
    # the word's totals follow the choice made (coins for prestige, or the other way)
    expect(page.locator("#play-reading")).not_to_have_text(totals)
    done["either"] = answer
    _shot_once(page, prefix, done, "word")


def _spell_a_hinted_word(page: Page, prefix: str, done: dict[str, Any]) -> None:
    """Ask the hint, take a word with the either card until its choice is made (else the best), and spell it."""
    page.locator("#play-hint").click()
    hint = page.locator(".hint-move").first
    expect(hint).to_be_visible()
    with_either = page.locator(f'.hint-move[data-codes*="{EITHER_CARD}"]')
    chosen = with_either.first if done["either"] is None and with_either.count() else hint
    expect(hint.locator(".mini-card")).not_to_have_count(0)  # a hint shows its cards as they would lie
    expect(page.locator("#play-value-note")).to_contain_text("Value counts 1 for a prestige")
    chosen.click()
    _one_row(page, "#play-word li")
    _turn_the_either_choice(page, prefix, done)
    expect(page.locator("#play-spell")).to_be_enabled()
    _shot_once(page, prefix, done, "word")
    page.locator("#play-spell").click()
    confirm = page.locator("#play-confirm")
    expect(confirm).to_contain_text("Play ")  # the word is previewed, its cards and totals, before it is played
    expect(confirm.locator(".mini-card")).not_to_have_count(0)
    _shot_once(page, prefix, done, "confirm")
    page.locator("#play-confirm-yes").click()
    expect(confirm).to_be_hidden()
    done["words"] += 1


def _take_the_marked_choice(page: Page, turn: Locator, prefix: str, done: dict[str, Any]) -> None:
    """Outside the word phase: peek if asked, else the ghost writer's suggestion, else end, skip or go on."""
    for phase in ("buy", "choices"):
        if f"({phase})" in (turn.text_content() or ""):
            _shot_once(page, prefix, done, phase)
    if page.locator("#play-peek button.button").count():
        page.locator("#play-peek button.button").click()
        return
    suggested = page.locator("#play-actions button.suggested, #play-offer button.suggested")
    if suggested.count():
        suggested.first.click()
        return
    fallback = page.locator(", ".join(f'#play-actions button[data-action="{kind}"]'
                                      for kind in ("end", "skip", "event", "return")))
    if fallback.count():
        fallback.first.click()


def _play_whole_game(page: Page, prefix: str, checks: bool = False) -> dict[str, Any]:
    """Play the person's turns until the game is over: hint and the best word (its either-choice turned by hand
    once), then the ghost writer's marked choice in the other phases. What was done, for the asserts."""
    done: dict[str, Any] = {"either": None, "words": 0, "shots": set()}
    spelled: list[dict[str, Any]] = []

    def seen(request: Request) -> None:
        if request.url.endswith("/v1/tables/seat/action") and request.post_data:  # the person's seat's actions
            body = json.loads(request.post_data)
            if body["action"].get("action") == "spell":
                spelled.append(body["action"])

    page.on("request", seen)
    turn = page.locator("#play-turn")
    for _ in range(MAX_MOVES):
        if _wait_for_the_person(page, turn):
            break
        if checks:
            _no_sideways_scroll(page)
            _touch_targets(page)
        if page.locator("#play-confirm-yes").is_visible():  # a pass waits for its confirmation
            page.locator("#play-confirm-yes").click()
        elif page.locator("#play-word-area").is_visible():
            _spell_a_hinted_word(page, prefix, done)
        else:
            _take_the_marked_choice(page, turn, prefix, done)
    else:
        pytest.fail("the game did not end within the moves allowed")
    expect(turn).to_contain_text("Game over")
    done["spelled"] = spelled
    return done


def test_whole_game_on_a_laptop(browser: Browser, server: str, tmp_path: Path) -> None:
    started = time.monotonic()
    page, errors = _page(browser, LAPTOP)
    page.goto(server + "/?delay=0#play")
    expect(page.locator("#play-setup")).to_be_visible()
    page.screenshot(path=str(_shots() / "play-laptop-setup.png"), full_page=True)
    page.locator("#play-load").set_input_files(str(_save_with_either(server, tmp_path, 3)))
    expect(page.locator(f'#play-hand .play-card[data-code="{EITHER_CARD}"]')).to_be_visible()
    page.screenshot(path=str(_shots() / "play-laptop-start.png"), full_page=True)
    _cards_read_like_a_game(page)

    # a reload resumes the game kept in the browser
    before = page.locator("#play-turn").text_content()
    page.reload()
    expect(page.locator("#play-turn")).to_have_text(before or "")
    expect(page.locator(f'#play-hand .play-card[data-code="{EITHER_CARD}"]')).to_be_visible()

    # tapping lays a word out; a laid card turns face-down; the hint lays out its word
    first = page.locator("#play-hand .play-card").first
    first.click()
    expect(page.locator("#play-word .play-card")).to_have_count(1)
    page.locator("#play-word .play-card").first.click()
    expect(page.locator("#play-word .play-card.face-wild")).to_have_count(1)
    page.locator("#play-clear").click()
    expect(page.locator("#play-word .play-card")).to_have_count(0)

    done = _play_whole_game(page, "play-laptop")
    assert done["either"] in ("coins", "prestige"), "no either-choice was offered to make by hand"
    played = [e for a in done["spelled"] for e in a["layout"] if e["code"] == EITHER_CARD]
    assert played and played[0]["either"] == done["either"]
    assert done["words"] >= 1
    expect(page.locator("#play-log li")).not_to_have_count(0)
    assert "spelled" in (page.locator("#play-log").text_content() or "")
    # the log in turns, the newest first, every line kept
    expect(page.locator("#play-log-count")).to_contain_text("newest first")
    numbers = page.eval_on_selector_all("#play-log > li", "els => els.map(e => e.value)")
    assert numbers == sorted(numbers, reverse=True) and numbers[-1] == 1
    said = page.evaluate("() => JSON.parse(localStorage.getItem('gw-play-v2')).said.length")
    assert page.locator("#play-log .log-lines > li").count() == said
    page.screenshot(path=str(_shots() / "play-laptop-over.png"), full_page=True)

    # the game saves to a file that loads again
    with page.expect_download() as download:
        page.locator("#play-save").click()
    saved = json.loads(Path(download.value.path()).read_text())
    assert saved["game"]["phase"] == "over" and saved["seats"] == ["you", "easy"]
    page.context.close()
    assert errors == [], f"JavaScript errors on the page: {errors}"
    assert time.monotonic() - started < 90


def test_whole_game_on_a_phone(browser: Browser, server: str) -> None:
    started = time.monotonic()
    page, errors = _page(browser, PHONE, touch=True)
    page.goto(server + "/?delay=0#play")
    expect(page.locator("#play-setup")).to_be_visible()
    _no_sideways_scroll(page)
    _touch_targets(page)
    page.screenshot(path=str(_shots() / "play-phone-setup.png"), full_page=True)
    page.locator("#play-target").fill("10")
    page.locator("#play-familiar").fill("3")  # hints keep to familiar words
    page.locator("#play-level-0").select_option("easy")
    asked: list[Any] = []
    page.on("request", lambda r: asked.append(parse_qs(urlparse(r.url).query).get("familiar", [None])[0])
            if "/v1/tables/seat?hints=" in r.url else None)
    page.locator("#play-start").click()
    expect(page.locator("#play-game")).to_be_visible()
    page.screenshot(path=str(_shots() / "play-phone-start.png"), full_page=True)
    _cards_read_like_a_game(page)
    done = _play_whole_game(page, "play-phone", checks=True)
    assert done["words"] >= 1
    assert asked and all(f is not None and float(f) == 3 for f in asked), asked
    _no_sideways_scroll(page)
    page.screenshot(path=str(_shots() / "play-phone-over.png"), full_page=True)
    page.context.close()
    assert errors == [], f"JavaScript errors on the page: {errors}"
    assert time.monotonic() - started < 90


def test_an_either_choice_made_by_hand_on_a_phone(browser: Browser, server: str, tmp_path: Path) -> None:
    # the done-when at phone size too: a whole game to its end, one either-choice answered by a tap
    started = time.monotonic()
    page, errors = _page(browser, PHONE, touch=True)
    page.goto(server + "/?delay=0#play")
    page.locator("#play-load").set_input_files(str(_save_with_either(server, tmp_path, 3)))
    expect(page.locator(f'#play-hand .play-card[data-code="{EITHER_CARD}"]')).to_be_visible()
    done = _play_whole_game(page, "play-phone-either", checks=True)
    assert done["either"] in ("coins", "prestige"), "no either-choice was offered to make by hand"
    played = [e for a in done["spelled"] for e in a["layout"] if e["code"] == EITHER_CARD]
    assert played and played[0]["either"] == done["either"]
    page.context.close()
    assert errors == [], f"JavaScript errors on the page: {errors}"
    assert time.monotonic() - started < 90


@pytest.mark.parametrize("size", ["laptop", "phone"])
def test_rate_a_word_and_ask_about_ink(browser: Browser, server: str, size: str) -> None:
    page, errors = _page(browser, LAPTOP if size == "laptop" else PHONE, touch=size == "phone")
    page.goto(server + "/")
    page.locator('.view-tab[data-view="tools"]').click()
    expect(page.locator("#tools-view")).to_be_visible()
    assert page.url.endswith("#tools")

    page.locator("#rate-hand").fill("r:F6 E a:A5 S T")
    page.locator("#rate-word").fill("feats")
    page.locator("#rate-go").click()
    expect(page.locator("#rate-result")).to_contain_text("Rank")
    expect(page.locator("#rate-result")).to_contain_text("The best:")

    page.locator("#ink-hand").fill("r:F6 E a:A5 S T")
    page.locator("#ink-draw").fill("A N r:Z4 O")
    page.locator("#ink-held").fill("2")
    page.locator("#ink-go").click()
    expect(page.locator("#ink-result .ink-table tbody tr")).not_to_have_count(0)
    expect(page.locator("#ink-result .ink-table tr.best")).to_have_count(1)
    expect(page.locator("#ink-result")).to_contain_text("with ink")

    page.locator("#rate-word").fill("zzzzqx")
    page.locator("#rate-go").click()
    expect(page.locator("#rate-error")).to_be_visible()
    page.locator("#rate-word").fill("feats")
    page.locator("#rate-go").click()
    expect(page.locator("#rate-result")).to_contain_text("Rank")
    expect(page.locator("#rate-error")).to_be_hidden()
    if size == "phone":
        _no_sideways_scroll(page)
        small = page.evaluate(
            """() => [...document.querySelectorAll('#tools-view button, #tools-view input, .view-tab')]
                .map((n) => n.getBoundingClientRect()).filter((r) => r.width < 40 || r.height < 40).length"""
        )
        assert small == 0
    page.screenshot(path=str(_shots() / f"tools-{size}.png"), full_page=True)
    page.context.close()
    assert errors == [], f"JavaScript errors on the page: {errors}"


SECRETS = ("seed", "rng", "draw", "offer_deck_order", "events_deck", "removed", "unused")  # never in a seat's answer


def _walk(value: object, path: str = "") -> Any:
    """Every (path, key, value) of a JSON value."""
    if isinstance(value, dict):
        for k, v in value.items():
            yield path, k, v
            yield from _walk(v, f"{path}.{k}")
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _walk(v, f"{path}[{i}]")


def start_game(page: Page, server: str, level: str = "easy") -> None:
    """A new game from the setup: to 10 prestige, against one bot of ``level``."""
    page.goto(server + "/?delay=0#play")
    page.locator("#play-target").fill("10")
    page.locator("#play-level-0").select_option(level)
    page.locator("#play-start").click()


def test_a_reload_mid_game_resumes_the_table(browser: Browser, server: str) -> None:
    """The browser keeps only the seat's token: a reload goes back to the same table, the same turn and hand, and
    the game plays on from there to its end."""
    page, errors = _page(browser, LAPTOP)
    start_game(page, server)
    turn = page.locator("#play-turn")
    assert not _wait_for_the_person(page, turn)
    page.locator("#play-hint").click()
    page.locator(".hint-move").first.click()
    page.locator("#play-spell").click()
    page.locator("#play-confirm-yes").click()
    assert not _wait_for_the_person(page, turn)
    kept = page.evaluate("() => JSON.parse(localStorage.getItem('gw-play-v2'))")
    assert set(kept) >= {"table", "token", "me", "seats"} and "game" not in kept  # no state in the browser
    before = turn.text_content()
    hand = page.eval_on_selector_all("#play-hand .play-card", "els => els.map(e => e.dataset.code)")
    page.reload()
    expect(turn).to_have_text(before or "")
    assert page.eval_on_selector_all("#play-hand .play-card", "els => els.map(e => e.dataset.code)") == hand
    assert page.evaluate("() => JSON.parse(localStorage.getItem('gw-play-v2')).table") == kept["table"]
    page.screenshot(path=str(_shots() / "pbstate-reload-laptop.png"), full_page=True)
    _play_whole_game(page, "pbstate-reload")
    page.context.close()
    assert errors == [], f"JavaScript errors on the page: {errors}"


def test_the_page_never_carries_another_hand_or_the_draw_pile(browser: Browser, server: str) -> None:
    """A whole game on a 375 px phone, every request and answer of the page watched: no state is sent, and no
    answer carries the seed, the random state, a draw pile, the offer deck's order or another seat's hand (the
    seats' hands are counts; the view's own ``hand`` is the token's seat's)."""
    page, errors = _page(browser, PHONE, touch=True)
    sent: list[Any] = []
    answers: list[tuple[str, Any]] = []
    page.on("request", lambda r: sent.append(json.loads(r.post_data)) if "/v1/" in r.url and r.post_data else None)

    def answered(response: Any) -> None:
        if "/v1/" in response.url and "json" in (response.headers.get("content-type") or ""):
            with contextlib.suppress(Exception):
                answers.append((response.url, response.json()))

    page.on("response", answered)
    start_game(page, server)
    expect(page.locator("#play-game")).to_be_visible()
    page.screenshot(path=str(_shots() / "pbstate-phone-start.png"), full_page=True)
    _play_whole_game(page, "pbstate-phone", checks=True)
    page.screenshot(path=str(_shots() / "pbstate-phone-over.png"), full_page=True)
    page.context.close()
    assert errors == [], f"JavaScript errors on the page: {errors}"
    assert sent and all("game" not in body for body in sent), [b for b in sent if "game" in b][:1]
    seat_answers = [(u, a) for u, a in answers if "/v1/tables/seat" in u or "/v1/hardback/tables" in u]
    assert len(seat_answers) > 5
    for url, answer in seat_answers:
        for path, key, value in _walk(answer):
            assert key not in SECRETS, (url, path, key)
            if key == "players" and isinstance(value, list):
                assert all(not isinstance(p.get("hand"), list) for p in value if isinstance(p, dict)), (url, path)
