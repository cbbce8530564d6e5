"""The HTTP service through the real app (FastAPI's test client runs the lifespan), and a live server."""

from __future__ import annotations

import asyncio
import gc
import json
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from service.main import create_app
from service.runner import Runner, Unavailable
from service.settings import Settings, SettingsError
from solver.answers import hint as answers
from solver.cli.main import main as cli_main
from solver.hardback.objectives import Objective
from solver.hardback.state import TurnState
from solver.lexicon import Lexicon
from solver.search.hardback import Search

from helpers import post
from live_server import get_json, live_server

README_HAND: dict[str, Any] = {
    "hand": ["r:F6", "E", "a:A5", "S", "T"],
    "inked": ["h:H7"],
    "timeless": {"mine": ["m:A5"], "others": ["r:K5"]},
}
FIVE = {"hand": ["r:F6", "E", "a:A5", "S", "T"]}


# -- hint -------------------------------------------------------------------------------------------------------


def test_hint_finds_the_readme_move(client: TestClient) -> None:
    status, out = post(client, "/v1/hardback/hint", {**README_HAND, "top": 3})
    assert status == 200
    assert out["exact"] is True and out["objective"] == "value" and out["dictionary"] == "enable"
    best = out["moves"][0]
    assert (best["word"], best["prestige"], best["coins"]) == ("khafs", 5, 13)
    assert best["cards"][0]["code"] == "romance:K5" and best["cards"][0]["source"] == "other"
    assert best["classics_sent_home"] == ["romance:K5"]
    assert len(out["moves"]) == 3 and out["elapsed_ms"] > 0
    # what value counts, for the page to say: 11.5 = 5 prestige + 13 coins at 0.5
    assert out["weights"]["prestige"] == 1.0 and out["weights"]["coins"] == 0.5


def test_hint_answers_as_the_command_line_does(
    client: TestClient, enable: Lexicon, capsys: pytest.CaptureFixture[str]
) -> None:
    body = {**README_HAND, "objective": "prestige", "top": 4}
    _, out = post(client, "/v1/hardback/hint", body)
    flags = ["--inked", "h:H7", "--mine", "m:A5", "--others", "r:K5", "--objective", "prestige", "--top", "4"]
    code = cli_main(["hint", *README_HAND["hand"], *flags, "--json"])
    assert code == 0
    cli = json.loads(capsys.readouterr().out)
    assert out["moves"] == cli["moves"] and out["objective"] == cli["objective"] == "prestige"


def test_pareto_is_a_frontier(client: TestClient) -> None:
    status, out = post(client, "/v1/hardback/hint", {"hand": ["horror:D4", "horror:E5", "A", "R", "T"], "pareto": True})
    assert status == 200 and out["objective"] == "pareto"
    points = [(m["prestige"], m["coins"]) for m in out["moves"]]
    assert len(points) >= 2 and points == sorted(points, reverse=True)
    for p in points:
        assert not any(q != p and q[0] >= p[0] and q[1] >= p[1] for q in points)


def test_weights_change_the_best_move(client: TestClient) -> None:
    _, coins_heavy = post(client, "/v1/hardback/hint", {**FIVE, "top": 1, "weights": {"coins": 5, "prestige": 0}})
    _, prestige_heavy = post(client, "/v1/hardback/hint", {**FIVE, "top": 1, "weights": {"coins": 0}})
    assert coins_heavy["moves"][0]["coins"] >= prestige_heavy["moves"][0]["coins"]
    assert prestige_heavy["moves"][0]["prestige"] >= coins_heavy["moves"][0]["prestige"]


def test_no_playable_word_says_why(client: TestClient) -> None:
    status, out = post(client, "/v1/hardback/hint", {"hand": ["E"], "inked": ["h:H7", "r:Z5", "a:Q7"]})
    assert status == 200 and out["moves"] == [] and "inked" in out["reason"]


def test_hint_reads_a_letter_a_rival_imposed(client: TestClient) -> None:
    """Disfigured Letter under BGA rules: the blank O a rival imposed is in every word, face-up, and Horror H's
    prestige per inked card does not count it (H7 2p 1c + 0, O, T4 2p + 1p: 5p)."""
    blank = "starter:O0{- | -}"
    body = {"hand": ["horror:H7", "horror:T4"], "inked": [blank], "imposed": [blank], "remover": 1,
            "options": {"rules": "bga"}, "objective": "prestige", "top": 10}  # fmt: skip
    status, out = post(client, "/v1/hardback/hint", body)
    assert status == 200 and out["moves"]
    assert all("o" in m["word"] for m in out["moves"])  # no remover frees it
    hot = next(m for m in out["moves"] if m["word"] == "hot")
    assert (hot["prestige"], hot["coins"]) == (5, 1)
    _, inked = post(client, "/v1/hardback/hint", {**body, "imposed": []})
    assert next(m for m in inked["moves"] if m["word"] == "hot")["prestige"] == 6  # drawn with ink, it counts
    status, out = post(client, "/v1/hardback/hint", {**body, "inked": []})
    assert status == 422 and 'imposed[0]: starter:O0{- | -} is not one of the "inked" cards' in out["error"]


def test_the_time_limit_bounds_a_search() -> None:
    heavy = {
        "hand": ["m:N7", "m:M3", "m:L6", "m:U2", "r:R5", "r:K5", "r:F6", "E", "S", "T", "A", "O"],
        "top": 20,
        "time_limit": 0.01,
    }
    with TestClient(create_app(Settings(time_budget=0.02))) as c:
        while c.get("/readyz").status_code != 200:  # the dictionaries and the search workers start
            time.sleep(0.1)
        start = time.perf_counter()
        r = c.post("/v1/hardback/hint", json=heavy)
        status, out = r.status_code, r.json()
        assert time.perf_counter() - start < 0.01 + 0.5  # the worker is killed past the limit and a grace
    # the bounds of 12 cards take longer than 0.01 s before the search's first look at the clock: on a slow or
    # loaded machine the worker is killed (503, retry later) rather than answering late
    assert status == 200 or (status == 503 and int(r.headers["retry-after"]) >= 1), out
    if status == 503:
        return
    if not out["exact"]:  # a fast machine may still prove it in time: then it is exact and has no warning
        assert "time limit (0.01 s)" in out["warning"]
    else:
        assert "warning" not in out


# -- rate -------------------------------------------------------------------------------------------------------


def test_rate_a_word_at_its_best(client: TestClient, enable: Lexicon) -> None:
    status, out = post(client, "/v1/hardback/rate", {**FIVE, "word": "FEATS"})
    assert status == 200 and out["word"] == "feats"
    search = Search(enable, TurnState.from_json(FIVE), Objective.VALUE)
    top = answers.hint(search, 1).moves[0]
    assert out["best"]["word"] == top.word and out["gap"]["value"] == pytest.approx(top.value - out["played"]["value"])
    assert out["rank"] > 1 and out["played"]["rank"] == out["rank"]


def test_rate_a_word_as_it_was_laid_out(client: TestClient) -> None:
    _, best = post(client, "/v1/hardback/rate", {**FIVE, "word": "feats"})
    layout = [{"code": "r:F6", "face": "wild"}, "E", "a:A5", "T", "S"]
    status, out = post(client, "/v1/hardback/rate", {**FIVE, "word": "feats", "arrangement": layout})
    assert status == 200
    played = out["played"]
    assert [c["face"] for c in played["cards"]] == ["wild", "up", "up", "up", "up"]
    assert played["value"] < best["played"]["value"] and out["rank"] > best["rank"]
    assert out["gap"] == {"value": pytest.approx(out["best"]["value"] - played["value"])}


@pytest.mark.parametrize(
    ("layout", "says"),
    [
        (["r:F6", "E", "a:A5", "S", "S"], "arrangement[3] (letter T): S shows S face-up"),
        (["r:F6", "E", "a:A5", "T"], "has 4 entries but 'feats' has 5 letters"),
        (["r:F6", "E", "r:F6", "T", "S"], "arrangement[2] (letter A): romance:F6 is not among the state's cards"),
        (["r:F6", "E", {"code": "a:A5", "face": "sideways"}, "T", "S"], "arrangement[2]"),
    ],
)
def test_a_layout_that_cannot_be_played_is_named(client: TestClient, layout: list[object], says: str) -> None:
    status, out = post(client, "/v1/hardback/rate", {**FIVE, "word": "feats", "arrangement": layout})
    assert status == 422 and says in out["error"]
    assert out["field"] is not None and out["field"].startswith("arrangement")


def test_a_classic_cannot_be_laid_wild_and_inked_cards_must_show(client: TestClient) -> None:
    state = {"hand": ["E", "A", "T"], "inked": ["h:H7"], "timeless": {"mine": ["m:A5"]}}
    layout = ["h:H7", {"code": "m:A5", "face": "wild"}, "T", "E"]
    status, out = post(client, "/v1/hardback/rate", {**state, "word": "hate", "arrangement": layout})
    assert status == 422 and "only cards from the hand or drawn with ink" in out["error"]
    status, out = post(client, "/v1/hardback/rate", {**state, "word": "eta", "arrangement": ["E", "T", "A"]})
    assert status == 422 and "every inked card (horror:H7) must be in the word face-up" in out["error"]


def test_rate_a_non_word_names_close_words(client: TestClient) -> None:
    status, out = post(client, "/v1/hardback/rate", {**FIVE, "word": "featz"})
    assert status == 422 and "not in the dictionary" in out["error"] and "feats" in out["error"]


# -- cards, dictionaries, words -------------------------------------------------------------------------------------


def test_cards_filter_and_look_up(client: TestClient) -> None:
    everything = client.get("/v1/cards").json()
    assert everything["count"] == len(everything["cards"]) == 158
    romance_f = client.get("/v1/cards", params={"genre": "r", "letter": "f"}).json()
    assert [c["code"] for c in romance_f["cards"]] == ["romance:F6"] or all(
        c["genre"] == "romance" and c["letter"] == "F" for c in romance_f["cards"]
    )
    classics = client.get("/v1/cards", params={"timeless": "true"}).json()["cards"]
    assert classics and all(c["timeless"] for c in classics)
    uncover = client.get("/v1/cards", params={"q": "uncover"}).json()["cards"]
    assert uncover and all("uncover" in c["text"] for c in uncover)
    card = client.get("/v1/cards/r:F6").json()
    assert card["code"] == "romance:F6" and card["cost"] == 6 and "double" in card["genre_bonus"] + card["basic"]
    assert client.get("/v1/cards/E").json()["genre"] is None
    bga = client.get("/v1/cards/h:H7", params={"rules": "bga"}).json()
    assert bga != client.get("/v1/cards/h:H7").json()


def test_an_unknown_card_is_404_with_the_closest_codes(client: TestClient) -> None:
    r = client.get("/v1/cards/r:Z9")
    assert r.status_code == 404 and "romance:Z4" in r.json()["error"]
    r = client.get("/v1/cards", params={"genre": "x"})
    assert r.status_code == 422 and r.json()["field"] == "genre"


def test_dictionaries_and_the_word_arbiter(client: TestClient) -> None:
    listed = client.get("/v1/dictionaries").json()
    assert listed["default"] == "enable"
    [enable] = listed["dictionaries"]
    assert enable["words"] == 172_820 and enable["licence"] == "public domain" and enable["default"] is True
    assert client.get("/v1/words/Hardback").json() == {
        "word": "hardback",
        "dictionary": "enable",
        "valid": True,
        "close": [],
    }
    out = client.get("/v1/words/recieve").json()
    assert out["valid"] is False and out["close"][0] == "receive"
    r = client.get("/v1/words/cat", params={"dictionary": "klingon"})
    assert r.status_code == 422 and r.json()["field"] == "dictionary" and "enable" in r.json()["error"]


def test_a_russian_list_implies_the_russian_edition_unless_the_request_names_one(tmp_path: Path) -> None:
    house = tmp_path / "ru.txt"
    house.write_text("кот\nток\nрот\n", encoding="utf-8")
    with TestClient(create_app(Settings(dictionaries={"ru": str(house)}))) as c:
        langs = {d["name"]: d["language"] for d in c.get("/v1/dictionaries").json()["dictionaries"]}
        assert langs == {"enable": "en", "ru": "ru"}
        _, out = post(c, "/v1/hardback/hint", {"hand": ["К", "О", "Т"], "dictionary": "ru"})
        assert (out["moves"][0]["coins"], out["moves"][0]["prestige"]) == (2, 1)  # О, Т a coin; К a prestige
        body = {"hand": ["К", "О", "Т"], "dictionary": "ru", "options": {"edition": "en"}}
        status, out = post(c, "/v1/hardback/hint", body)  # the English cards have no Cyrillic starters
        assert status == 422 and out["field"] == "hand[0]" and "no card 'К'" in out["error"]


def test_a_house_list_is_offered_beside_enable(tmp_path: Path) -> None:
    house = tmp_path / "house.txt"
    house.write_text("zorf\nfeats\nqat\n", encoding="utf-8")
    with TestClient(create_app(Settings(dictionaries={"house": str(house)}))) as c:
        names = [d["name"] for d in c.get("/v1/dictionaries").json()["dictionaries"]]
        assert names == ["enable", "house"]
        assert c.get("/v1/words/zorf", params={"dictionary": "house"}).json()["valid"] is True
        assert c.get("/v1/words/zorf").json()["valid"] is False
        _, out = post(c, "/v1/hardback/hint", {"hand": ["r:Z4", "m:O3", "m:R4", "r:F4"], "dictionary": "house"})
        assert [m["word"] for m in out["moves"]] == ["zorf", "qat"] and out["dictionary"] == "house"


# -- limits and errors ------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("body", "status", "field", "says"),
    [
        ({"hand": ["r:Z9"]}, 422, "hand[0]", "closest real codes"),
        ({"hand": []}, 422, "hand", "at least 1"),
        ({"hand": ["E"] * 25}, 422, "hand", "at most 24"),
        ({"hand": ["E", "E", "E", "E", "E", "E", "E", "E", "E"]}, 422, None, "the box has"),
        ({"hand": ["E"], "top": 51}, 422, "top", "1 to 50"),
        ({"hand": ["E"], "top": 0}, 422, "top", "greater than or equal to 1"),
        ({"hand": ["E"], "dictionary": "klingon"}, 422, "dictionary", "the dictionaries here are enable"),
        ({"hand": ["E"], "colour": "red"}, 422, "colour", "unknown field"),
        ({"hand": ["E"], "remover": "5"}, 422, "remover", "valid integer"),
        ({"hand": ["E"], "weights": {"charm": 1}}, 422, "weights", "charm"),
        ({"hand": ["E"], "objective": "fame"}, 422, "objective", "value"),
        ({"hand": ["E"], "options": {"rules": "house"}}, 422, "options.rules", "printed"),
        ({"hand": ["E"], "timeless": {"mine": ["r:F6"]}}, 422, "timeless.mine[0]", "not a timeless classic"),
        ({"hand": ["E"], "time_limit": 0}, 422, "time_limit", "greater than 0"),
        ({}, 422, "hand", "hand is required"),
        ([1, 2], 422, None, "JSON object"),
    ],
)
def test_bad_requests_get_a_4xx_naming_the_field(
    client: TestClient, body: object, status: int, field: str | None, says: str
) -> None:
    got_status, out = post(client, "/v1/hardback/hint", body)
    assert got_status == status
    assert set(out) == {"error", "field"} and says in out["error"] and out["field"] == field


def test_malformed_and_oversized_bodies(client: TestClient) -> None:
    r = client.post("/v1/hardback/hint", content=b'{"hand": [', headers={"content-type": "application/json"})
    assert r.status_code == 400 and "not valid JSON" in r.json()["error"]
    big = json.dumps({"hand": ["E"], "discard": ["E" * 100] * 1000}).encode()
    r = client.post("/v1/hardback/hint", content=big, headers={"content-type": "application/json"})
    assert r.status_code == 413 and "larger than 65536 bytes" in r.json()["error"]

    def chunks() -> Iterator[bytes]:  # no Content-Length: the limit is counted as the body arrives
        yield b'{"hand": ["E"], "discard": ['
        for _ in range(2000):
            yield b'"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",'
        yield b'"E"]}'

    r = client.post("/v1/hardback/hint", content=chunks(), headers={"content-type": "application/json"})
    assert r.status_code == 413


def test_unknown_paths_and_methods_answer_in_the_error_form(client: TestClient) -> None:
    r = client.get("/v2/hint")
    assert r.status_code == 404 and "/v1" in r.json()["error"]
    r = client.get("/v1/hardback/hint")
    assert r.status_code == 405 and "GET" in r.json()["error"]


def test_health_docs_and_openapi(client: TestClient) -> None:
    assert client.get("/healthz").json() == {"status": "ok", "dictionaries": []}
    assert client.get("/readyz").json() == {"status": "ready", "dictionaries": ["enable"]}
    spec = client.get("/openapi.json").json()
    assert {"/v1/hardback/hint", "/v1/hardback/rate", "/v1/cards", "/v1/cards/{code}", "/v1/words/{word}"} <= set(
        spec["paths"]
    )
    docs = client.get("/docs").text
    assert 'src="docs-assets/swagger-ui-bundle.js"' in docs and "cdn" not in docs.lower()
    assert client.get("/docs-assets/swagger-ui-bundle.js").status_code == 200
    assert client.get("/static/docs.js").status_code == 200  # its start-up script, a file (no inline script)
    assert client.head("/healthz").status_code == 200 and client.head("/").status_code == 200


def test_not_ready_until_the_dictionaries_load(tmp_path: Path) -> None:
    missing = tmp_path / "gone.txt"
    with TestClient(create_app(Settings(dictionaries={"gone": str(missing)}))) as c:
        deadline = time.monotonic() + 30
        while c.get("/readyz").status_code == 503 and "cannot load" not in c.get("/readyz").json()["error"]:
            assert time.monotonic() < deadline
            time.sleep(0.05)
        r = c.get("/readyz")
        assert r.status_code == 503 and "gone.txt" in r.json()["error"]
        assert c.get("/healthz").status_code == 200
        r = c.post("/v1/hardback/hint", json=FIVE)
        assert r.status_code == 503 and "cannot load its dictionaries" in r.json()["error"]


def test_cors_only_when_configured() -> None:
    preflight = {"Origin": "https://table.example", "Access-Control-Request-Method": "POST"}
    with TestClient(create_app(Settings(cors_origins=("https://table.example",)))) as c:
        r = c.options("/v1/hardback/hint", headers=preflight)
        assert r.headers.get("access-control-allow-origin") == "https://table.example"
    with TestClient(create_app(Settings())) as c:
        r = c.options("/v1/hardback/hint", headers=preflight)
        assert "access-control-allow-origin" not in r.headers


def test_settings_from_the_environment() -> None:
    s = Settings.from_env({"GHOSTWRITER_DICTIONARIES": "house=/x.txt;club=/y.txt", "GHOSTWRITER_TIME_BUDGET": "2.5"})
    assert s.dictionaries == {"house": "/x.txt", "club": "/y.txt"} and s.time_budget == 2.5
    assert Settings.from_env(s.to_env()) == s
    for env in ({"GHOSTWRITER_TIME_BUDGET": "soon"}, {"GHOSTWRITER_MAX_TOP": "0"}, {"GHOSTWRITER_DICTIONARIES": "x"}):
        with pytest.raises(SettingsError):
            Settings.from_env(env)


# -- the runner: busy and over budget ------------------------------------------------------------------------------


def test_the_runner_refuses_work_beyond_its_queue_and_gives_up_at_its_deadline() -> None:
    release = threading.Event()

    async def scenario() -> None:
        runner = Runner(threads=1, max_queue=1)
        first = asyncio.ensure_future(runner.run(lambda: release.wait(5), 30))
        second = asyncio.ensure_future(runner.run(lambda: release.wait(5), 30))
        await asyncio.sleep(0.05)
        with pytest.raises(Unavailable, match="busy"):
            await runner.run(lambda: None, 30)
        release.set()
        assert await first and await second
        slow = threading.Event()
        start = time.monotonic()
        with pytest.raises(Unavailable, match="time budget") as e:
            await runner.run(lambda: slow.wait(10), 0.01)
        assert time.monotonic() - start < 5 and e.value.retry_after >= 1
        slow.set()
        runner.close()

    asyncio.run(scenario())


# -- ghostwriter serve ----------------------------------------------------------------------------------------------


def test_serve_starts_a_real_server_with_workers(tmp_path: Path) -> None:
    house = tmp_path / "club.txt"
    house.write_text("feats\nfeat\n", encoding="utf-8")
    cmd = [sys.executable, "-m", "solver.cli", "serve", "--workers", "2", "--words", f"club={house}"]
    with live_server(cmd) as base:
        # live_server saw one worker ready; the other may still be loading its dictionaries on a busy machine
        deadline = time.monotonic() + 30
        status, ready = get_json(base + "/readyz")
        while status == 503 and time.monotonic() < deadline:
            time.sleep(0.2)
            status, ready = get_json(base + "/readyz")
        assert status == 200 and ready == {"status": "ready", "dictionaries": ["enable", "club"]}
        status, word = get_json(base + "/v1/words/feats?dictionary=club")
        assert status == 200 and word["valid"] is True  # type: ignore[index]


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["--port", "0"], "--port must be"),
        (["--workers", "0"], "--workers must be"),
        (["--words", "nameless"], "NAME=PATH"),
        (["--words", "club=/no/such/list.txt"], "does not exist"),
        (["--time-budget", "0"], "GHOSTWRITER_TIME_BUDGET"),
    ],
)
def test_serve_refuses_bad_flags_in_one_line(args: list[str], says: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli_main(["serve", *args]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and says in err


def test_every_card_letter_is_given_as_words_are(client: TestClient) -> None:
    _, out = post(client, "/v1/hardback/hint", {**README_HAND, "top": 1})
    move = out["moves"][0]
    assert "".join(c["letter"] for c in move["cards"]) == move["word"]
    assert [c["letter"] for c in move["in_play"]] == ["a"]


def test_what_start_up_loads_is_left_out_of_the_collectors_passes() -> None:
    """A worker's dictionaries and their tables live as long as it does: once loaded they are frozen out of the
    garbage collector's passes, so a full collection under load does not walk them (it made every request waiting
    behind it slower: p99 71 -> 39 ms in benchmarks/bench_service.py)."""
    from service.deps import Context

    gc.unfreeze()
    assert gc.get_freeze_count() == 0
    ctx = Context(Settings())
    ctx.load()
    assert ctx.ready and gc.get_freeze_count() > 0
    ctx.runner.close()
