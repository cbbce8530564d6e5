"""``POST /v1/paperback/review``: a Paperback record reviewed over HTTP within the service's budget, and forged,
oversized and odd-Unicode records refused with a 422 naming the field."""

from __future__ import annotations

import copy
import json
import time
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from service.main import create_app
from service.routers.review import MAX_REVIEW_ACTIONS
from service.settings import Settings
from solver.lexicon import Lexicon
from solver.paperback.deck import house_deck
from solver.tournament.paperback import PaperbackPlay

from helpers import post

REVIEW = "/v1/paperback/review"


@pytest.fixture(scope="module")
def record(enable: Lexicon) -> dict[str, Any]:
    data = PaperbackPlay.of(house_deck(), keep_log=True)(["random", "hard"], 5, None, enable).extra["record"]
    out: dict[str, Any] = json.loads(json.dumps(data))
    return out


def test_a_record_is_reviewed_turn_by_turn(client: TestClient, record: dict[str, Any]) -> None:
    status, out = post(client, REVIEW, {"record": record, "objective": "score"})
    assert status == 200, out
    assert out["game"] == "paperback" and out["objective"] == "score" and out["deck"] == "house"
    assert out["complete"] and out["exact"] and out["replays_to_state"] and out["dictionary"] == "enable"
    assert out["seats"] == ["random", "hard"] and out["reviewed"] == out["total"] == len(out["turns"])
    for t in out["turns"]:
        if t["word"] is None:
            assert t["rank"] is None and t["gap"] == {"score": t["best"]["score"], "length": t["best"]["length"]}
        else:
            assert (t["rank"] is None) == (t["below"] is not None)
            assert t["played"]["spell"]["word"] == t["word"] and t["score"] == t["played"]["score"]
    assert [f["fame"] for f in out["fame"]] == [t["fame"] for t in out["turns"]]
    assert out["elapsed_ms"] > 0


def test_a_state_the_log_does_not_reach_is_told(client: TestClient, record: dict[str, Any]) -> None:
    status, out = post(client, REVIEW, {"record": {**record, "log": record["log"][:-3]}})
    assert status == 200 and out["replays_to_state"] is False


def _spell_at(record: dict[str, Any]) -> int:
    return next(i for i, a in enumerate(record["log"]) if a["action"] == "spell" and i > 3)


@pytest.mark.parametrize(
    ("edit", "field"),
    [
        (lambda r, i: r["log"][i].update(word="qzxj"), "record.log[{i}].word"),
        (lambda r, i: r["log"][i].update(word="ca\u202et"), "record.log[{i}].word"),
        (lambda r, i: r["log"][i].update(word="\ud800t"), "record.log[{i}].word"),
        (lambda r, i: r["log"][i]["layout"][0].update(card=True), "record.log[{i}].layout[0].card"),
        (lambda r, i: r["log"][i]["layout"][0].update({"as": "\u00df\u0301"}), "record.log[{i}].layout[0]"),
        (lambda r, i: r["log"].insert(i, {"action": "buy", "pile": "offer", "index": 2}), "record.log[{i}].action"),
        (lambda r, i: r["log"].insert(i, {"action": 7}), "record.log[{i}].action"),
        (lambda r, i: r.update(seed=2**70), "record.seed"),
        (lambda r, i: r.update(options={"players": 2, "cubes": True}), "record.options.cubes"),
        (lambda r, i: r.update(log={"0": "pass"}), "record.log"),
        (lambda r, i: r.update(seats=["random", "x" * 41]), "record.seats"),
        (lambda r, i: r.update(seats=["random", "\ud800"]), "record.seats"),
        (lambda r, i: r["deck"]["offer"][3].update(abilities=["fly:3"]), "record.deck.offer[3].abilities[0]"),
        (lambda r, i: r["deck"]["fame"][0]["cards"].update({"2": "four"}), "record.deck.fame[0].cards.2"),
        (lambda r, i: r["deck"].update(name="\u202e" * 90), "record.deck.name"),
        (lambda r, i: r.pop("deck"), "record.deck"),
        (lambda r, i: r.update(game="hardback"), "record"),
    ],
)
def test_an_odd_record_is_a_422_naming_the_field(
    client: TestClient, record: dict[str, Any], edit: Any, field: str
) -> None:
    data = copy.deepcopy(record)
    i = _spell_at(data)
    edit(data, i)
    r = client.post(REVIEW, content=json.dumps({"record": data}), headers={"content-type": "application/json"})
    out = r.json()
    assert r.status_code == 422, out
    assert out["field"] == field.format(i=i), out
    assert out["field"].startswith(out["error"].split(":")[0]), out


def test_odd_bodies_are_refused(client: TestClient, record: dict[str, Any]) -> None:
    r = client.post(REVIEW, content=json.dumps({"record": record})[:-40], headers={"content-type": "application/json"})
    assert r.status_code == 400, r.text
    status, out = post(client, REVIEW, {"record": [record]})
    assert status == 422 and out["field"] == "record"
    status, out = post(client, REVIEW, {"record": record, "objective": "prestige"})
    assert status == 422 and out["field"] == "objective"
    status, out = post(client, REVIEW, {"record": {**record, "log": [{"action": "pass"}] * 5000}})
    assert status == 413, out  # the body's bound comes first


@pytest.fixture(scope="module")
def roomy() -> Iterator[TestClient]:
    """The service with a body limit large enough for any log the review takes, and a short budget."""
    with TestClient(create_app(Settings(max_body=4 * 1024 * 1024, time_budget=1.0))) as c:
        yield c


def test_a_huge_log_is_refused_and_a_long_review_bounded(roomy: TestClient, record: dict[str, Any]) -> None:
    status, out = post(roomy, REVIEW, {"record": {**record, "log": [{"action": "pass"}] * (MAX_REVIEW_ACTIONS + 1)}})
    assert status == 422 and out["field"] == "record.log" and str(MAX_REVIEW_ACTIONS) in out["error"]
    # 400 passes (the game does not end on passes), each a search: the review stops at the budget of 1 s. On a
    # loaded machine the replay (not cut by the clock: every action is checked) can take the whole budget; the
    # worker is then killed at its deadline, the budget's 503: bounded either way
    started = time.monotonic()
    status, out = post(roomy, REVIEW, {"record": {**record, "log": [{"action": "pass"}] * 400}})
    if status == 503:
        assert "time budget" in out["error"] and time.monotonic() - started < 1.0 + 0.5, out
        return
    assert status == 200, out
    assert out["total"] == 400 and 0 < out["reviewed"] < 400 and not out["complete"] and not out["exact"]
    assert "time limit" in out["warning"] and out["elapsed_ms"] < 1500


def test_the_review_is_in_the_openapi_schema(client: TestClient) -> None:
    schema = client.get("/openapi.json").json()
    op = schema["paths"][REVIEW]["post"]
    assert "200" in op["responses"] and "422" in op["responses"]
    assert "PaperbackReviewIn" in json.dumps(op["requestBody"])
    assert "PaperbackReviewTurnOut" in schema["components"]["schemas"]
