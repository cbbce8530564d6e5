"""The expert's advice on the page, end to end (a live service and headless Chromium, as ``test_web_play``): the
table shows the expert's suggestion with its chance to win and plays its word from a button; the Review view draws
each seat's chance to win over a game (one line a seat), rings the turns that lost the most and opens them.
Screenshots go to ``$GHOSTWRITER_SCREENSHOT_DIR`` (review-win-laptop.png, review-win-chart.png, play-advice.png)."""

from __future__ import annotations

import contextlib
import json
from pathlib import Path

from test_web_play import _page, _shots, start_game
from web_page import LAPTOP

from solver.game.hardback.options import GameOptions
from solver.lexicon import default_lexicon

from helpers import bot_game_record

with contextlib.suppress(ImportError):
    from playwright.sync_api import Browser, expect


def test_the_table_shows_the_expert_s_word_and_plays_it(browser: Browser, server: str) -> None:
    page, errors = _page(browser, LAPTOP)
    start_game(page, server, "expert")
    advice = page.locator("#play-advice")
    expect(advice).to_be_visible()
    expect(advice).to_contain_text("The expert")
    page.screenshot(path=str(_shots() / "play-advice.png"), full_page=True)
    word = advice.locator('button[data-action="suggested-spell"]')
    if word.count():  # the expert spells at once (else its first action is an ink draw, starred in the actions)
        expect(advice).to_contain_text("a chance to win of")
        spelled = (word.text_content() or "").split()[1].rstrip("★")
        word.click()
        expect(page.locator("#play-confirm")).to_contain_text(f"Play the expert's word, {spelled}?")
        page.locator("#play-confirm-yes").click()
        expect(page.locator("#play-log")).to_contain_text(spelled)
    else:
        expect(page.locator("#play-actions button.suggested")).not_to_have_count(0)
    page.context.close()
    assert errors == [], f"JavaScript errors on the page: {errors}"


def test_the_review_draws_the_chance_to_win_and_opens_the_worst_turns(
    browser: Browser, server: str, tmp_path: Path
) -> None:
    data = bot_game_record(default_lexicon(), ["hard", "greedy"], 3, GameOptions(players=2, target=20))
    data["seats"] = ["hard", "greedy"]
    path = tmp_path / "game.json"
    path.write_text(json.dumps(data))
    page, errors = _page(browser, LAPTOP)
    page.goto(server + "/#review")
    expect(page.locator("#review-objective")).to_have_value("win")
    page.locator("#review-time").fill("60")
    page.locator("#review-load").set_input_files(str(path))
    chart = page.locator("#review-charts figure.review-win")
    expect(chart).to_be_visible(timeout=60_000)
    expect(chart.locator("polyline.win-line")).to_have_count(2)
    assert "chance to win" in (chart.locator("svg > title").text_content() or "")
    expect(page.locator("#review-summary")).to_contain_text("by the chance to win")
    worst = page.locator("#review-summary button[data-worst]")
    rings = chart.locator("circle.chart-worst")
    expect(rings).to_have_count(worst.count())
    assert worst.count() >= 1
    first = worst.first.get_attribute("data-worst")
    opened = page.locator(f'#review-turns details[data-turn="{first}"]')
    expect(opened).to_have_attribute("open", "")
    expect(opened.locator(".review-win-facts")).to_contain_text("Chance to win:")
    expect(opened.locator(".turn-win.worst")).to_be_visible()
    chart.screenshot(path=str(_shots() / "review-win-chart.png"))
    opened.screenshot(path=str(_shots() / "review-win-turn.png"))
    page.screenshot(path=str(_shots() / "review-win-laptop.png"), full_page=True)
    page.context.close()
    assert errors == [], f"JavaScript errors on the page: {errors}"
