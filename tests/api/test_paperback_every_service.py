"""``POST /v1/paperback/hint`` with ``"top": "all"``: every word of the hand streamed as JSON Lines, the same list as
the command line's ``--all``, the last line saying whether it is complete; other tops still bounded by the service."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from service.main import create_app
from service.settings import Settings
from solver.cli.main import main as cli_main

HAND = ["TH/3", "E/1", "?", "R/2:double-word", "S/1"]


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    with TestClient(create_app(Settings())) as c:
        yield c


def test_every_word_is_streamed_as_json_lines(client: TestClient, capsys: pytest.CaptureFixture[str]) -> None:
    r = client.post("/v1/paperback/hint", json={"hand": HAND, "common": "O/1", "top": "all"})
    assert r.status_code == 200 and r.headers["content-type"].startswith("application/x-ndjson")
    lines = [json.loads(line) for line in r.text.splitlines()]
    *words, last = lines
    assert last["done"] is True and last["complete"] is True and last["count"] == len(words) > 100
    assert last["dictionary"] == "enable" and last["elapsed_ms"] > 0
    assert cli_main(["hint", "--game", "paperback", *HAND, "--common", "O/1", "--all", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["words"] == words


def test_a_cut_list_says_so_in_its_last_line(client: TestClient) -> None:
    body = {"hand": ["?"] * 9 + ["E/1"], "top": "all", "time_limit": 0.001}
    last = json.loads(client.post("/v1/paperback/hint", json=body).text.splitlines()[-1])
    assert last["done"] is True and last["complete"] is False and "time limit" in last["reason"]


@pytest.mark.parametrize("top", ["every", 0, "ALL", 1001])
def test_a_top_that_is_neither_a_number_nor_all_is_refused(client: TestClient, top: object) -> None:
    r = client.post("/v1/paperback/hint", json={"hand": HAND, "top": top})
    assert r.status_code == 422, r.text
