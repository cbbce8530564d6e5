"""A server-held Paperback table (``/v1/paperback/tables``) with simultaneous play and the turn timer on: the person
drafts, the bots draft, announce and buy in the workers, the person announces out of turn by naming its seat, and the
views carry the round and the timer (the FastAPI test client runs the real app)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from service.main import create_app
from service.settings import Settings
from solver.lexicon import default_lexicon


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    with TestClient(create_app(Settings())) as c:
        yield c


def act(client: TestClient, token: str, action: dict[str, Any]) -> tuple[int, Any]:
    r = client.post("/v1/tables/seat/action", json={"action": action}, headers={"authorization": f"Bearer {token}"})
    return r.status_code, r.json()


def bots(client: TestClient, token: str) -> Any:
    seen: Any = {"waiting": "bot"}
    while seen["waiting"] == "bot":
        r = client.post("/v1/tables/seat/bots", headers={"authorization": f"Bearer {token}"})
        assert r.status_code == 200, r.text
        seen = r.json()
    return seen


def test_a_simultaneous_table_with_a_timer(client: TestClient) -> None:
    options = {"simultaneous": True, "cube_advice": True, "turn_timer": 600}
    r = client.post("/v1/paperback/tables", json={"seats": ["person", "greedy", "hard"], "options": options})
    assert r.status_code == 201, r.text
    token = r.json()["invites"][0]["token"]
    seen = client.get("/v1/tables/seat", headers={"authorization": f"Bearer {token}"}).json()
    view = seen["view"]
    assert view["simultaneous"]["stage"] == "draft" and view["simultaneous"]["draft"] == [0, 1, 2, 2, 1, 0]
    assert view["timer"]["seconds"] == 600 and view["timer"]["bounty"] == []
    assert len(view["offer"]) == 10
    status, out = act(client, token, {"action": "buy", "pile": "offer", "index": 0, "slot": "top"})
    assert status == 422 and "the draft" in str(out)
    status, out = act(client, token, {"action": "buy", "pile": "offer", "index": 0, "slot": "row"})
    assert status == 200, out
    seen = bots(client, token)  # seat 1, 2, 2, 1 pick
    assert seen["to_act"] == 0
    left = next(k for k, o in enumerate(seen["view"]["offer"]) if o["row"] is not None)
    status, out = act(client, token, {"action": "buy", "pile": "offer", "index": left, "slot": "row"})
    assert status == 200, out
    seen = client.get("/v1/tables/seat", headers={"authorization": f"Bearer {token}"}).json()
    view = seen["view"]
    assert view["simultaneous"]["stage"] == "words" and len(view["hand"]) == 6 and seen["to_act"] == 0
    status, out = act(client, token, {"action": "pass"})
    assert status == 200, out
    seen = bots(client, token)  # the bots announce, everyone buys, the next round (the bots announce first)
    assert seen["view"]["over"] or seen["view"]["simultaneous"]["round"] >= 1


def test_two_people_race_naming_their_seats(client: TestClient) -> None:
    """The seat a spell names announces out of turn (the order the words reach the engine is the order announced);
    a token acts for its own seat only."""
    r = client.post("/v1/paperback/tables", json={"seats": ["person", "person"], "options": {"simultaneous": True}})
    assert r.status_code == 201, r.text
    tokens = [i["token"] for i in r.json()["invites"]]
    for seat in (0, 1, 1, 0):  # the draft, A-B-B-A
        view = client.get("/v1/tables/seat", headers={"authorization": f"Bearer {tokens[seat]}"}).json()["view"]
        left = next(k for k, o in enumerate(view["offer"]) if o["row"] is not None)
        status, out = act(client, tokens[seat], {"action": "buy", "pile": "offer", "index": left, "slot": "row"})
        assert status == 200, out
    view = client.get("/v1/tables/seat", headers={"authorization": f"Bearer {tokens[1]}"}).json()["view"]
    assert view["simultaneous"]["stage"] == "words" and view["current"] == 0
    hand = view["hand"]
    # a letter card whose letters are no word (a one-letter card: the table's deal is the server's random one, and a
    # two-letter card such as ER or IN spells a word, which would not be bumped)
    lex = default_lexicon()
    k = next(i for i, code in enumerate(hand) if code[0].isalpha() and code.split("/")[0].lower() not in lex)
    spell = {"action": "spell", "word": hand[k].split("/")[0].lower(), "layout": [{"card": k}], "seat": 1}
    status, out = act(client, tokens[0], spell)
    assert status == 403, out  # seat 0's token cannot speak for seat 1
    status, out = act(client, tokens[1], spell)  # no word: an invalid word, announced first all the same
    assert status == 200, out
    assert out["played"][0]["seat"] == 1
    view = client.get("/v1/tables/seat", headers={"authorization": f"Bearer {tokens[0]}"}).json()["view"]
    assert view["simultaneous"]["bumped"] == [1] and view["current"] == 0
