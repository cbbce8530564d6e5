"""The page's Review view, end to end (a live service and a real headless Chromium through Playwright, as in
``test_web_play``): a whole game against an easy bot at the lowest target, then "Review this game": the charts of
each seat's prestige and gap, the turns, a turn opened to show the hand with the word played and the best word side
by side; a record written by the real engine (``ghostwriter tournament --records``) and the Play view's own save
loaded from files; a review cut short by its time limit; and an odd file's error in words. On a laptop and on a
phone. Screenshots go to ``$GHOSTWRITER_SCREENSHOT_DIR``.
"""

from __future__ import annotations

import contextlib
import json
import subprocess
import sys
import time
from pathlib import Path

from test_web_play import (
    _no_sideways_scroll,
    _page,
    _play_whole_game,
    _shots,
)
from web_page import LAPTOP, PHONE

with contextlib.suppress(ImportError):  # without Playwright, test_web_play's fixtures skip (or fail) first
    from playwright.sync_api import Browser, Page, expect


def _touch_targets(page: Page) -> None:
    """Every visible control of the Review view is at least 40 px high and wide."""
    small = page.evaluate(
        """() => [...document.querySelectorAll('#review-view button, #review-view select, #review-view summary,'
               + ' #review-view .file-button, #review-view input:not([type=file]), .view-tab, #play-review')]
            .filter((n) => n.offsetParent !== null)
            .map((n) => [n.id || n.textContent.trim().slice(0, 30), n.getBoundingClientRect()])
            .filter(([, r]) => r.width > 0 && (r.width < 40 || r.height < 40))
            .map(([name, r]) => `${name}: ${Math.round(r.width)}x${Math.round(r.height)}`)"""
    )
    assert small == [], f"touch targets under 40 px: {small}"


def _charts_fit(page: Page) -> None:
    """Each chart is drawn inside its box: no wider than the view."""
    wide = page.evaluate(
        """() => [...document.querySelectorAll('#review-charts svg')].filter((s) =>
               s.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5).length"""
    )
    assert wide == 0


def _check_review(page: Page, players: int) -> None:
    """The review is drawn: a chart a seat (accessible), the turns, one opened with played and best side by side."""
    expect(page.locator("#review-results")).to_be_visible()
    expect(page.locator("#review-summary")).to_contain_text("Reviewed")
    charts = page.locator("#review-charts figure.review-chart:not(.review-win)")
    expect(charts).to_have_count(players)
    svg = charts.first.locator("svg")
    expect(svg).to_have_attribute("role", "img")
    assert "prestige" in (svg.locator(":scope > title").text_content() or "")
    assert "prestige from 0 to" in (svg.locator(":scope > desc").text_content() or "")
    expect(charts.first.locator("polyline.chart-line.mine")).to_have_count(1)
    assert charts.first.locator("rect.chart-bar").count() >= 1
    assert charts.first.locator(".chart-table tbody tr").count() >= 1
    turns = page.locator("#review-turns details.review-turn-details")
    assert turns.count() >= 2
    # open a turn where a word was played: its hand, the word played and the best word side by side
    worded = page.locator("#review-turns details.review-turn-details:not(:has(.turn-word:text-is('(pass)')))")
    item = worded.first
    item.locator("summary").click()
    body = item.locator(".review-turn-body")
    expect(body).to_be_visible()
    expect(body.locator(".review-hand .play-card")).not_to_have_count(0)
    expect(body.locator(".review-side.played .play-card")).not_to_have_count(0)
    expect(body.locator(".review-side.best .play-card")).not_to_have_count(0)
    missed = body.locator(".review-missed").text_content() or ""
    assert missed.startswith("missed: ") or missed.startswith("best word played"), missed
    played = body.locator(".review-side.played").bounding_box()
    best = body.locator(".review-side.best").bounding_box()
    assert played and best and abs(played["y"] - best["y"]) < 2 and played["x"] < best["x"], "not side by side"
    # a turn that missed a better word says which and by how much
    behind = page.locator("#review-turns details.review-turn-details:has(.turn-verdict.behind)")
    if behind.count():
        behind.first.locator("summary").click()
        text = behind.first.locator(".review-missed").text_content() or ""
        assert "missed: " in text and "+" in text, text


def test_review_the_game_just_played_on_a_laptop(browser: Browser, server: str, tmp_path: Path) -> None:
    started = time.monotonic()
    page, errors = _page(browser, LAPTOP)
    page.goto(server + "/?delay=0#play")
    page.locator("#play-target").fill("10")
    page.locator("#play-level-0").select_option("easy")
    page.locator("#play-start").click()
    expect(page.locator("#play-game")).to_be_visible()
    expect(page.locator("#play-review")).to_be_hidden()
    _play_whole_game(page, "review-laptop")
    expect(page.locator("#play-review")).to_be_visible()

    with page.expect_download() as download:  # the Play view's save, with its log, for the file test below
        page.locator("#play-save").click()
    saved = Path(download.value.path())
    page.locator("#play-review").click()
    expect(page.locator("#review-view")).to_be_visible()
    assert page.url.endswith("#review")
    expect(page.locator("#review-source")).to_contain_text("The game just played")
    _check_review(page, 2)
    expect(page.locator("#review-summary")).to_contain_text("by value")
    names = page.locator("#review-charts figcaption").all_text_contents()
    assert any("You" in n for n in names) and any("easy bot" in n for n in names)
    page.screenshot(path=str(_shots() / "review-laptop.png"), full_page=True)

    # another objective reviews again
    page.locator("#review-objective").select_option("prestige")
    expect(page.locator("#review-summary")).to_contain_text("by prestige")
    expect(page.locator("#review-charts .chart-label").first).to_contain_text("prestige")
    expect(page.locator("#review-charts").get_by_text("gap (prestige)").first).to_be_attached()

    # the Play view's save file reviews too, and a file that is not a record is refused in words
    page.locator("#review-load").set_input_files(str(saved))
    expect(page.locator("#review-source")).to_contain_text(f"Loaded {saved.name}")
    _check_review(page, 2)
    odd = tmp_path / "odd.json"
    odd.write_text(json.dumps({"hello": "world"}))
    page.locator("#review-load").set_input_files(str(odd))
    expect(page.locator("#review-error")).to_contain_text("not a game record")
    bad = json.loads(saved.read_text())
    bad["log"][3] = {"action": "buy", "slot": 9}
    (tmp_path / "bad.json").write_text(json.dumps(bad))
    page.locator("#review-load").set_input_files(str(tmp_path / "bad.json"))
    expect(page.locator("#review-error")).to_contain_text("cannot review this record: record.log[3]")
    expect(page.locator("#review-results")).to_be_hidden()
    page.screenshot(path=str(_shots() / "review-laptop-error.png"), full_page=True)
    page.context.close()
    assert errors == [], f"JavaScript errors on the page: {errors}"
    assert time.monotonic() - started < 60


def _tournament_record(folder: Path, target: int = 10) -> Path:
    """A record written by the real engine: ``ghostwriter tournament --records`` (greedy against easy, to ``target``
    prestige)."""
    subprocess.run(
        [sys.executable, "-m", "solver.cli", "tournament", "--bots", "greedy,easy", "--games", "2", "--seed", "3",
         "--target", str(target), "--workers", "1", "--records", str(folder)],
        check=True, capture_output=True, timeout=60,
    )
    path = folder / "game-1.json"
    assert json.loads(path.read_text())["log"]
    return path


def test_review_a_record_file_on_a_phone(browser: Browser, server: str, tmp_path: Path) -> None:
    started = time.monotonic()
    record = _tournament_record(tmp_path / "records")
    page, errors = _page(browser, PHONE, touch=True)
    page.goto(server + "/")
    page.locator('.view-tab[data-view="review"]').click()
    expect(page.locator("#review-view")).to_be_visible()
    _no_sideways_scroll(page)
    _touch_targets(page)
    page.screenshot(path=str(_shots() / "review-phone-empty.png"), full_page=True)
    page.locator("#review-objective").select_option("prestige")
    page.locator("#review-load").set_input_files(str(record))
    expect(page.locator("#review-source")).to_contain_text("greedy vs easy")
    _check_review(page, 2)
    expect(page.locator("#review-summary")).to_contain_text("by prestige")
    _no_sideways_scroll(page)
    _charts_fit(page)
    _touch_targets(page)
    page.screenshot(path=str(_shots() / "review-phone.png"), full_page=True)
    page.locator("#review-charts").screenshot(path=str(_shots() / "review-phone-charts.png"))
    page.locator("#review-turns details[open]").first.screenshot(path=str(_shots() / "review-phone-turn.png"))

    # a time limit too short for the whole game: the turns reached are shown, and the page says the rest were not
    # (a longer game, to 40 prestige: a fast machine reviews all of the short one's turns within the page's least
    # limit, 0.01 s; this one's some 40 turns take three times that)
    page.locator("#review-time").fill("0.01")
    page.locator("#review-load").set_input_files(str(_tournament_record(tmp_path / "long", target=40)))
    expect(page.locator("#review-summary .review-cut")).to_contain_text("time budget ran out")
    expect(page.locator("#review-turns .review-turn.unreached").first).to_contain_text("not reviewed")
    expect(page.locator("#review-charts rect.chart-unreached")).not_to_have_count(0)
    _no_sideways_scroll(page)
    page.screenshot(path=str(_shots() / "review-phone-cut.png"), full_page=True)
    page.context.close()
    assert errors == [], f"JavaScript errors on the page: {errors}"
    assert time.monotonic() - started < 60
