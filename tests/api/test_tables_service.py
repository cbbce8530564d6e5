"""Tables held by the server (``service.routers.tables``): people at several devices, each with their seat's
token, and bots sharing a table; a token acts and sees for its own seat only; a restart of the live server
mid-game (on the same SQLite file, or the same PostgreSQL database) resumes the game exactly; racing actions on one
table (two worker processes) are played one at a time."""

from __future__ import annotations

import hashlib
import json
import sys
import threading
import time
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import httpx
import psutil  # type: ignore[import-untyped]
import pytest
from fastapi.testclient import TestClient
from postgres_server import postgres_server

from service.main import create_app
from service.routers.tables import public
from service.settings import Settings
from service.store import Move, open_store
from solver.game.hardback.actions import action_from_json
from solver.game.hardback.engine import Game
from solver.game.hardback.replay import HARDBACK as HARDBACK_RECORDS
from solver.game.records import replays_to_state
from solver.lexicon import default_lexicon

from live_server import live_server

Client = TestClient | httpx.Client
SECRETS = ("seed", "rng", "draw", "offer_deck_order", "events_deck")  # what no seat's view may carry


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def view(client: Client, token: str) -> dict[str, Any]:
    r = client.get("/v1/tables/seat", headers=bearer(token))
    assert r.status_code == 200, r.text
    out: dict[str, Any] = r.json()
    return out


def act(client: Client, token: str, action: dict[str, Any]) -> httpx.Response:
    return client.post("/v1/tables/seat/action", json={"action": action}, headers=bearer(token))


def keys(value: object) -> Iterator[str]:
    if isinstance(value, dict):
        for k, v in value.items():
            yield k
            yield from keys(v)
    elif isinstance(value, list):
        for v in value:
            yield from keys(v)


def step(devices: Mapping[int, tuple[Client, str]]) -> dict[str, Any]:
    """The seat the game waits on plays its first legal action from its own device; what it saw after."""
    client, token = next(iter(devices.values()))
    seat = view(client, token)["to_act"]
    client, token = devices[seat]
    legal = view(client, token)["view"]["legal"]
    r = act(client, token, legal[0])
    assert r.status_code == 200, r.text
    out: dict[str, Any] = r.json()
    return out


@pytest.fixture(scope="module")
def tables_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("tables") / "tables.sqlite3"


@pytest.fixture(scope="module")
def client(tables_file: Path) -> Iterator[TestClient]:
    with TestClient(create_app(Settings(tables=str(tables_file)))) as c:
        yield c


def new_table(client: Client, game: str = "hardback", **body: Any) -> dict[str, Any]:
    r = client.post(f"/v1/{game}/tables", json={"seats": ["person", "person", "greedy"], **body})
    assert r.status_code == 201, r.text
    out: dict[str, Any] = r.json()
    return out


# -- in process -------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("body", "field", "words"),
    [
        ({"seats": ["person", "wizard"]}, "seats[1]", "neither"),
        ({"seats": ["hard", "greedy"]}, "seats", "needs a person"),
        ({"seats": ["person", "person"], "options": {"players": 3}}, "options.players", "3 players, but 2 seats"),
        ({"seats": ["person"], "seed": 7}, "seed", ""),
    ],
)
def test_a_table_that_cannot_be_made_is_a_422_naming_the_field(
    client: TestClient, body: dict[str, Any], field: str, words: str
) -> None:
    r = client.post("/v1/hardback/tables", json=body)
    assert r.status_code == 422 and r.json()["field"] == field and words in r.json()["error"], r.text


def test_the_server_chooses_the_seed(client: TestClient, tables_file: Path) -> None:
    a, b = new_table(client), new_table(client)
    store = open_store(str(tables_file))
    seeds = {store.get(t["table"]).state["seed"] for t in (a, b)}  # type: ignore[union-attr]
    assert len(seeds) == 2


def test_a_token_sees_and_acts_for_its_own_seat_only(client: TestClient, tables_file: Path) -> None:
    made = new_table(client)
    t0, t1 = (made["invites"][i]["token"] for i in (0, 1))
    assert made["invites"][2] == {"seat": 2, "player": "greedy", "token": None}
    state = open_store(str(tables_file)).get(made["table"])
    assert state is not None
    for seat, token in ((0, t0), (1, t1)):
        seen = view(client, token)
        assert seen["seat"] == seat and seen["view"]["seat"] == seat
        assert client.get("/v1/tables/seat", headers=bearer(token)).headers["cache-control"] == "no-store"
        assert [c["code"] for c in seen["view"]["hand"]] == state.state["players"][seat]["hand"]
        assert all(isinstance(p["hand"], int) for p in seen["view"]["players"])  # others' hands: counts only
        assert not set(keys(seen)) & set(SECRETS), set(keys(seen)) & set(SECRETS)
    r = act(client, t1, {"action": "pass"})  # seat 0 is to act
    assert r.status_code == 409 and "seat 0's turn" in r.json()["error"]
    r = act(client, t1, {"action": "ink", "seat": 0})
    assert r.status_code == 403 and "seat 1, not for seat 0" in r.json()["error"]
    r = act(client, t1, {"action": "pass", "seat": 1})  # a seat the action does not read: still seat 0's pass
    assert r.status_code == 409 and "seat 0's turn" in r.json()["error"]
    assert view(client, t0)["version"] == 0  # nothing was played
    for headers in ({}, bearer("not-a-token"), {"Authorization": "Basic x"}):
        r = client.get("/v1/tables/seat", headers=headers)
        assert r.status_code == 401 and "token" in r.json()["error"] and r.headers["www-authenticate"] == "Bearer"


def test_a_refused_action_is_a_422_and_changes_nothing(client: TestClient) -> None:
    t0 = new_table(client)["invites"][0]["token"]
    before = view(client, t0)
    r = act(client, t0, {"action": "buy", "code": "no-such-card"})
    assert r.status_code == 422 and r.json()["field"].startswith("action"), r.text
    assert view(client, t0) == before


def test_people_and_a_bot_play_to_the_end_and_the_record_replays(client: TestClient) -> None:
    made = new_table(client, options={"max_turns": 2})
    devices = {i: (client, made["invites"][i]["token"]) for i in (0, 1)}
    for _ in range(30):
        out = step(devices)
        if out["over"]:
            break
    assert out["over"] and out["waiting"] is None and out["to_act"] is None
    r = act(client, devices[0][1], {"action": "pass"})
    assert r.status_code == 409 and "over" in r.json()["error"]
    moves = client.get("/v1/tables/seat/moves", headers=bearer(devices[1][1])).json()
    assert {m["seat"] for m in moves["moves"]} == {0, 1, 2} and moves["over"]
    record = HARDBACK_RECORDS.read(moves["record"])
    game, _ = HARDBACK_RECORDS.replay(record, default_lexicon())
    assert replays_to_state(record, game) and game.over()
    since = client.get("/v1/tables/seat/moves?since=2", headers=bearer(devices[1][1])).json()["moves"]
    assert since == moves["moves"][2:]


def test_a_paperback_table_with_a_bot_first(client: TestClient) -> None:
    made = new_table(client, "paperback", seats=["hard", "person"])
    assert made["to_act"] == 1 and made["played"] and {m["seat"] for m in made["played"]} == {0}
    token = made["invites"][1]["token"]
    seen = view(client, token)
    assert seen["view"]["seat"] == 1 and seen["view"]["legal"]
    assert all(isinstance(p["hand"], int) for p in seen["view"]["players"])
    r = act(client, made["invites"][1]["token"], {"action": "end"})
    assert r.status_code == 422, r.text  # the seat in turn's, but not now: the engine's refusal
    for wrong in ({"action": "pass", "seat": 0}, {"action": "pass", "seat": 1}):  # a seat the action does not read
        made_again = new_table(client, "paperback", seats=["person", "person"])
        r = act(client, made_again["invites"][1]["token"], wrong)
        assert r.status_code == 409 and "seat 0's turn" in r.json()["error"], r.text
    out = act(client, token, {"action": "pass"}).json()
    assert out["played"][0] == {"seat": 1, "action": {"action": "pass"}}
    assert out["to_act"] == 1 and {m["seat"] for m in out["played"][1:]} <= {0, 1}


# -- a live server ------------------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def postgres_url() -> Iterator[str]:
    with postgres_server() as url:
        yield url


def store_spec(kind: str, tmp_path: Path, request: pytest.FixtureRequest) -> str:
    if kind == "sqlite":
        return str(tmp_path / "tables.sqlite3")
    url: str = request.getfixturevalue("postgres_url")
    return url


def digest(value: object) -> str:
    return hashlib.sha256(json.dumps(value, sort_keys=True).encode()).hexdigest()[:12]


def kill_server(base: str) -> None:
    """The live server at ``base`` killed outright (SIGKILL: no shutdown of any kind), and gone."""
    port = base.rsplit(":", 1)[1]
    (server,) = [p for p in psutil.Process().children() if port in p.cmdline()]
    server.kill()
    for _ in range(100):
        if server.status() == psutil.STATUS_ZOMBIE:
            return
        time.sleep(0.05)
    raise AssertionError("the killed server is still running")


@pytest.mark.parametrize(("kind", "how"), [("sqlite", "stop"), ("postgres", "stop"), ("sqlite", "kill")])
def test_a_restart_mid_game_resumes_it_exactly(
    kind: str, how: str, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    """Two people at two devices and a bot; the server stopped mid-game (or killed: a crash) and started again on
    the same store: each seat's view, the moves and the state are the same, and the game goes on."""
    env = {"GHOSTWRITER_TABLES": store_spec(kind, tmp_path, request)}
    with live_server(env=env) as base, httpx.Client(base_url=base) as phone, httpx.Client(base_url=base) as laptop:
        made = new_table(phone, options={"target": 15})
        devices = {0: (phone, made["invites"][0]["token"]), 1: (laptop, made["invites"][1]["token"])}
        for _ in range(5):
            step(devices)
        before = {s: view(c, t) for s, (c, t) in devices.items()}
        moves = phone.get("/v1/tables/seat/moves", headers=bearer(devices[0][1])).json()["moves"]
        state = open_store(env["GHOSTWRITER_TABLES"]).get(made["table"])
        if how == "kill":
            kill_server(base)
    with live_server(env=env) as base, httpx.Client(base_url=base) as phone, httpx.Client(base_url=base) as laptop:
        devices = {0: (phone, devices[0][1]), 1: (laptop, devices[1][1])}
        after = {s: view(c, t) for s, (c, t) in devices.items()}
        assert after == before
        assert phone.get("/v1/tables/seat/moves", headers=bearer(devices[0][1])).json()["moves"] == moves
        assert open_store(env["GHOSTWRITER_TABLES"]).get(made["table"]) == state
        went_on = step(devices)
        assert went_on["moves"] > len(moves)
    assert state is not None
    print(
        f"\n{kind}, {how}: restarted after {len(moves)} moves (version {state.version}); views before/after "
        + ", ".join(f"seat {s}: {digest(before[s])}/{digest(after[s])}" for s in before)
        + f"; state {digest(state.state)}; went on to {went_on['moves']} moves"
    )


@pytest.mark.parametrize("kind", ["sqlite", "postgres"])
def test_racing_actions_on_one_table_are_played_once(
    kind: str, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    """Eight devices send seat 0's pass at once to a server of two worker processes (the per-worker lock cannot
    order them: the store's version does): one is played, seven are refused with a 409, and the table holds one
    move."""
    env = {"GHOSTWRITER_TABLES": store_spec(kind, tmp_path, request)}
    uvicorn = [sys.executable, "-m", "uvicorn", "--factory", "service.main:create_app", "--host", "127.0.0.1"]
    with live_server([*uvicorn, "--workers", "2"], env=env) as base, httpx.Client(base_url=base, timeout=60) as c:
        made = new_table(c, seats=["person", "person"])
        token = made["invites"][0]["token"]
        view(c, token)
        codes: list[int] = []
        go = threading.Barrier(8)

        def send() -> None:
            with httpx.Client(base_url=base, timeout=60) as mine:
                go.wait()
                codes.append(act(mine, token, {"action": "pass"}).status_code)

        threads = [threading.Thread(target=send) for _ in range(8)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(120)
        assert sorted(codes) == [200] + [409] * 7, codes
        seen = view(c, token)
        assert (seen["moves"], seen["version"], seen["to_act"]) == (1, 1, 1)


def test_another_seats_wild_cards_are_shown_without_their_codes() -> None:
    spell = {"action": "spell", "word": "oat", "layout": [
        {"code": "horror:O4", "face": "up"}, {"code": "A", "face": "wild"}, {"code": "T", "face": "uncovered"}]}
    theirs = public(Move(1, spell), 0)["action"]["layout"]
    assert [e["code"] for e in theirs] == ["horror:O4", None, "T"]
    assert public(Move(1, spell), 1)["action"] == spell  # the seat's own move
    assert public(Move(1, spell), None)["action"]["layout"][1]["code"] is None  # as no seat (a table just made)


def test_a_paperback_game_to_the_end_is_reviewed_from_its_record(client: TestClient) -> None:
    token = new_table(client, "paperback", seats=["person", "greedy"])["invites"][0]["token"]
    for _ in range(200):
        seen = view(client, token)
        if seen["over"]:
            break
        r = act(client, token, seen["view"]["legal"][0])
        assert r.status_code == 200, r.text
    assert seen["over"]
    record = client.get("/v1/tables/seat/moves", headers=bearer(token)).json()["record"]
    assert record["seats"] == ["person", "greedy"] and record["log"]
    r = client.post("/v1/paperback/review", json={"record": record})
    assert r.status_code == 200 and r.json()["turns"], r.text


def test_a_store_holding_its_most_tables_refuses_a_new_one(tmp_path: Path) -> None:
    with TestClient(create_app(Settings(tables=str(tmp_path / "t.sqlite3"), max_tables=1))) as c:
        new_table(c)
        r = c.post("/v1/hardback/tables", json={"seats": ["person"]})
        assert r.status_code == 503 and "as many tables" in r.json()["error"] and r.headers["retry-after"]


def test_one_client_makes_at_most_its_tables_an_hour(tmp_path: Path) -> None:
    with TestClient(create_app(Settings(tables=str(tmp_path / "t.sqlite3"), tables_per_hour=2))) as c:
        new_table(c)
        new_table(c, "paperback", seats=["person", "greedy"])
        r = c.post("/v1/hardback/tables", json={"seats": ["person"]})
        assert r.status_code == 429 and "2 an hour" in r.json()["error"], r.text
        assert 3500 < int(r.headers["retry-after"]) <= 3601


def test_the_tables_settings_are_read_from_the_environment() -> None:
    env = {"GHOSTWRITER_TABLES": "postgresql://u@/db?host=/s", "GHOSTWRITER_TABLES_DAYS": "2.5",
           "GHOSTWRITER_MAX_TABLES": "10", "GHOSTWRITER_TABLES_PER_HOUR": "5"}
    s = Settings.from_env(env)
    assert (s.tables_store, s.tables_days, s.max_tables, s.tables_per_hour) == (
        "postgresql://u@/db?host=/s", 2.5, 10, 5)
    assert Settings.from_env(s.to_env()) == s and "postgresql" not in repr(s)
    assert Settings().tables_store.endswith("ghostwriter/tables.sqlite3")


def test_with_a_small_budget_the_bots_go_on_a_turn_a_request(tmp_path: Path) -> None:
    """A budget too small for every bot's turn in one request: the answer says the bots are waiting, and each
    POST .../bots plays at least one more turn, until the person is to act again."""
    with TestClient(create_app(Settings(tables=str(tmp_path / "t.sqlite3"), time_budget=0.05))) as c:
        token = new_table(c, seats=["person", "greedy", "greedy", "greedy"])["invites"][0]["token"]
        out = act(c, token, {"action": "pass"}).json()
        first = out["played"][0]
        assert first == {"seat": 0, "action": {"action": "pass"}, "text": first["text"]} and len(out["played"]) > 1
        assert first["text"].startswith("passed")  # each move told in words too
        for _ in range(3):
            if out["waiting"] == "person":
                break
            assert out["waiting"] == "bot"
            before = out["moves"]
            out = c.post("/v1/tables/seat/bots", headers=bearer(token)).json()
            assert out["moves"] > before and out["played"]
        assert out["waiting"] == "person" and out["to_act"] == 0


def test_a_table_another_worker_changed_is_read_afresh(client: TestClient, tables_file: Path) -> None:
    """This worker keeps the games it played; a save by another (here: straight to the store) bumps the version,
    and the next request reads the new state."""
    made = new_table(client, seats=["person", "person"])
    token = made["invites"][0]["token"]
    assert view(client, token)["to_act"] == 0
    other = open_store(str(tables_file))
    table = other.get(made["table"])
    assert table is not None
    game = Game.from_json(table.state, default_lexicon())
    game.apply(action_from_json({"action": "pass"}))
    table.state = game.to_json()
    other.save(table, [Move(0, {"action": "pass"})])
    seen = view(client, token)
    assert (seen["to_act"], seen["version"], seen["moves"]) == (1, 1, 1)
    assert act(client, token, {"action": "pass"}).status_code == 409
