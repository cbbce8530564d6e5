"""``/docs`` that works: every operation of the OpenAPI document that takes a body has an example (the body Swagger
UI's "Try it out" fills in), for both games, and a live service answers each example with 200."""

from __future__ import annotations

import json
import urllib.request
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, expect

from solver.cli.reference import request_example

from live_server import get_json, live_server


@pytest.fixture(scope="module")
def live() -> Iterator[str]:
    with live_server() as base:
        yield base


def _document(server: str) -> dict[str, Any]:
    status, doc = get_json(server + "/openapi.json", 30.0)
    assert status == 200 and isinstance(doc, dict)
    return doc


def _post(url: str, body: object, token: str | None = None) -> tuple[int, str]:
    data = json.dumps(body).encode()
    headers = {"content-type": "application/json"} | ({"authorization": f"Bearer {token}"} if token else {})
    req = urllib.request.Request(url, data=data, headers=headers, method="POST")
    try:
        with urllib.request.urlopen(req, timeout=60) as r:
            return r.status, r.read().decode()
    except urllib.error.HTTPError as e:
        return e.code, e.read().decode()


def _seat_token(server: str) -> str:
    """The token of a person's seat at a new table (person against the hard bot), whose turn it is."""
    status, text = _post(server + "/v1/hardback/tables", {"seats": ["person", "hard"]})
    assert status == 201, text[:300]
    token = json.loads(text)["invites"][0]["token"]
    assert isinstance(token, str)
    return token


def test_every_operation_with_a_body_has_an_example_that_answers_200(live: str) -> None:
    doc = _document(live)
    posted = []
    for path, item in doc["paths"].items():
        for method, op in item.items():
            if "requestBody" not in op:
                continue
            example = request_example(op, doc)
            assert example is not None, f"{method.upper()} {path} has no example body"
            token = _seat_token(live) if path.startswith("/v1/tables/seat") else None  # a seat's routes: its token
            status, text = _post(live + path, example, token)
            created = path.endswith("/tables")  # a table made answers 201 Created
            assert status == (201 if created else 200), f"{method.upper()} {path}: {status} {text[:300]}"
            posted.append(path)
    assert any("/hardback/" in p for p in posted) and any("/paperback/" in p for p in posted)
    assert len(posted) >= 17


def test_the_description_covers_both_games(live: str) -> None:
    info = _document(live)["info"]
    text = f"{info.get('summary', '')} {info.get('description', '')}"
    assert "Hardback" in text and "Paperback" in text


@pytest.mark.parametrize("path", ["/v1/hardback/hint", "/v1/hardback/game/action", "/v1/paperback/hint"])
def test_try_it_out_sends_the_example_and_gets_200(browser: Browser, server: str, path: str) -> None:
    """In Swagger UI itself: open the operation, "Try it out", "Execute" the body it filled in."""
    page = browser.new_page()
    try:
        page.goto(server + "/docs")
        page.locator(f'.opblock-summary-path[data-path="{path}"]').first.click()
        block = page.locator(".opblock.is-open").first
        block.get_by_role("button", name="Try it out").click()
        block.get_by_role("button", name="Execute").click()
        status = block.locator(".live-responses-table tbody .response-col_status").first
        expect(status).to_have_text("200", timeout=60_000)
    finally:
        page.close()
