"""The expert's advice over HTTP and in process: ``POST /v1/{game}/evaluate`` (chances that sum to 1, a finished
game's outcome, bad input a 4xx) and the suggestion in every phase where a seat acts, each an action the engine
accepts (Hardback: prepare, choices, buy, event, return; Paperback: word, buy)."""

from __future__ import annotations

import json
import time
from typing import Any

import pytest
from fastapi.testclient import TestClient
from hardback_situations import new_game, seat, spell

from solver.advice.suggest import suggest
from solver.bots.paperback import Hard
from solver.bots.registry import make_bot
from solver.game.hardback.actions import action_from_json
from solver.game.hardback.engine import Game
from solver.game.hardback.options import GameOptions
from solver.game.hardback.rules import can_flush
from solver.game.paperback import PaperbackGame, PaperbackOptions
from solver.game.paperback.protocol import PaperbackTable
from solver.game.protocol import Game as AnyGame
from solver.lexicon import Lexicon
from solver.paperback.deck import house_deck

from helpers import horror_h_table, post
from tests_paths import DATA


@pytest.fixture(scope="module")
def client(unsigned: TestClient) -> TestClient:
    """These tests post states built by the engine or forged: the service takes them unsigned."""
    return unsigned


def hardback_over(lexicon: Lexicon) -> Game:
    game = Game.new(GameOptions(players=2, target=10), 5, lexicon)
    bots = [make_bot("hard", lexicon, s) for s in range(2)]
    while not game.over():
        bots[game.state.acting].play_turn(game)
    return game


@pytest.mark.parametrize("game", ["hardback", "paperback"])
def test_the_chances_sum_to_one_with_their_errors(client: TestClient, game: str) -> None:
    dealt = client.post(f"/v1/{game}/game/new", json={"seed": 4, "options": {"players": 3}}).json()["game"]
    status, out = post(client, f"/v1/{game}/evaluate", {"game": dealt, "samples": 3, "seed": 1})
    assert status == 200, out
    assert abs(sum(out["win"]) - 1) < 1e-3 and len(out["win"]) == len(out["se"]) == 3
    assert out["estimate"] is True and 1 <= out["samples"] <= 3 and all(0 <= s < 0.5 for s in out["se"])
    assert out["seat"] == 0
    _, again = post(client, f"/v1/{game}/evaluate", {"game": dealt, "samples": 3, "seed": 1})
    assert again["win"] == out["win"]  # the same seed, the same worlds


def test_a_finished_game_gives_its_outcome(client: TestClient, enable: Lexicon) -> None:
    game = hardback_over(enable)
    status, out = post(client, "/v1/hardback/evaluate", {"game": game.to_json()})
    assert status == 200, out
    winner = game.winner()
    expected = [0.5, 0.5] if winner is None else [1.0 if s == winner else 0.0 for s in range(2)]
    assert out["win"] == expected and out["estimate"] is False and out["samples"] == 0 and out["seat"] is None


def test_a_finished_paperback_game_gives_its_outcome(client: TestClient, enable: Lexicon) -> None:
    game = PaperbackGame.new(house_deck(), PaperbackOptions(2), 3, enable)
    bots = [Hard(enable, s) for s in range(2)]
    while game.state.phase != "over":
        bots[game.state.current].play_turn(game)
    status, out = post(client, "/v1/paperback/evaluate", {"game": game.state.to_json()})
    assert status == 200 and out["estimate"] is False and sum(out["win"]) == 1 and max(out["win"]) in (0.5, 1.0)


@pytest.mark.parametrize(
    ("game", "body", "field"),
    [
        ("hardback", {"game": {"players": []}}, "game"),
        ("hardback", {"samples": 0}, "samples"),
        ("hardback", {"samples": 65}, "samples"),
        ("paperback", {"game": {"seed": 1}}, "game"),
        ("paperback", {"seed": -1}, "seed"),
        ("hardback", {"extra": 1}, "extra"),
    ],
)
def test_bad_input_is_a_422(client: TestClient, game: str, body: dict[str, Any], field: str) -> None:
    dealt = client.post(f"/v1/{game}/game/new", json={"seed": 4}).json()["game"]
    status, out = post(client, f"/v1/{game}/evaluate", {"game": dealt, **body})
    assert status == 422 and out["field"].startswith(field), out


# -- the suggestion in every phase ---------------------------------------------------------------------------------


def follow(game: AnyGame[Any], seat: int, bots: dict[int, Any], actions: int) -> set[str]:
    """Seat ``seat`` plays every action the expert suggests (the engine must accept each), the others by their
    bots, for ``actions`` of the seat's actions or to the game's end; the phases the suggestions were given in."""
    seen: set[str] = set()
    played = 0
    while played < actions:
        acting = game.to_act()
        if acting is None:
            break
        if acting != seat:
            bots[acting](game)
            continue
        found = suggest(game, 5.0)
        assert found is not None, game.view(seat)
        seen.add(str(game.view(seat)["phase"]))
        game.apply(found.action)  # the engine refuses what it does not accept: the test fails
        played += 1
        if found.decision:
            assert found.best is not None and 0 <= found.best.win <= 1
    return seen


def test_hardback_suggestions_are_accepted_in_every_phase(enable: Lexicon) -> None:
    game = Game.new(GameOptions(players=2, target=20), 11, enable)
    hard = make_bot("hard", enable, 1)
    seen = follow(game, 0, {1: hard.play_turn}, 40)
    assert {"prepare", "buy"} <= seen, seen
    # the choices a word earned: printed Mystery X3 jails an offer card
    game = new_game()
    seat(game, hand=["A", "mystery:X3"])
    spell(game, "ax", "A", "mystery:X3")
    assert game.state.phase == "choices"
    assert follow(game, 0, {1: hard.play_turn}, 3) >= {"choices", "buy"}


def test_paperback_suggestions_are_accepted_in_the_word_and_buy_phases(enable: Lexicon) -> None:
    table = PaperbackTable(PaperbackGame.new(house_deck(), PaperbackOptions(2), 6, enable))
    hard = Hard(enable, 1)
    seen = follow(table, 0, {1: lambda t: hard.play_turn(t.game)}, 20)
    assert seen == {"word", "buy"}, seen


def view(client: TestClient, path: str, game: dict[str, Any], seat: int) -> dict[str, Any]:
    status, out = post(client, path, {"game": game, "seat": seat, "suggest": True})
    assert status == 200, out
    return dict(out)


def check_suggestion(client: TestClient, game: dict[str, Any], seat: int, phase: str) -> dict[str, Any]:
    """The view's suggestion for ``seat`` in ``phase``, applied by the game's action endpoint (a 200)."""
    out = view(client, "/v1/hardback/game/view", game, seat)
    assert out["phase"] == phase and out["suggestion"] is not None, out.get("advice")
    assert out["advice"]["action"] == out["suggestion"]
    status, after = post(client, "/v1/hardback/game/action", {"game": game, "action": out["suggestion"]})
    assert status == 200, after
    return dict(after)


def test_the_view_suggests_the_word_with_its_chance_and_the_runner_up(client: TestClient) -> None:
    dealt = client.post("/v1/hardback/game/new", json={"seed": 9, "options": {"players": 2}}).json()["game"]
    out = view(client, "/v1/hardback/game/view", dealt, 0)
    advice = out["advice"]
    assert out["suggestion"]["action"] in ("spell", "ink", "pass"), out["suggestion"]
    if advice["decision"] == "word":
        # the expert keeps its tuned policy's word: the runner-up's estimate may be the higher (docs/planner.md)
        assert 0 <= advice["win"] <= 1 and advice["se"] >= 0 and 0 <= advice["runner_up"]["win"] <= 1
    assert "suggestion" not in view(client, "/v1/hardback/game/view", dealt, 1)  # not seat 1's turn


def test_the_view_suggests_in_the_event_and_return_phases(client: TestClient) -> None:
    events = {"players": 2, "events": True, "event_deck": [{"name": "Haiku"}, {"name": "Epic"}]}
    dealt = client.post("/v1/hardback/game/new", json={"seed": 7, "options": events}).json()["game"]
    dealt["players"][0]["prestige"], dealt["players"][1]["prestige"] = 10, 20
    dealt["events_deck"] = [e for e in dealt["events_deck"] if e["name"] != "Epic"]
    dealt["players"][1]["event"] = "Epic"
    _, out = post(client, "/v1/hardback/game/action", {"game": dealt, "action": {"action": "pass"}})
    check_suggestion(client, out["game"], 0, "event")
    # printed Horror H: seat 1 returns an ink or a remover, its choice
    dealt3 = client.post("/v1/hardback/game/new", json={"seed": 7, "options": {"players": 3}}).json()["game"]
    game = horror_h_table(dealt3)
    spell = {"action": "spell", "word": "ha", "layout": [{"code": "horror:H7"}, {"code": "horror:A3"}]}
    _, out = post(client, "/v1/hardback/game/action", {"game": game, "action": spell})
    assert out["phase"] == "return"
    after = check_suggestion(client, out["game"], out["acting"], "return")
    assert after["phase"] in ("return", "choices", "buy")


def test_the_paperback_view_suggests_and_a_seat_out_of_range_is_a_422(client: TestClient) -> None:
    dealt = client.post("/v1/paperback/game/new", json={"seed": 2, "options": {"players": 2}}).json()["game"]
    out = view(client, "/v1/paperback/game/view", dealt, 0)
    assert out["suggestion"]["action"] in ("spell", "pass") and out["legal"] is not None
    status, after = post(client, "/v1/paperback/game/action", {"game": dealt, "action": out["suggestion"]})
    assert status == 200 and after["phase"] == "buy", after
    buy = view(client, "/v1/paperback/game/view", after["game"], 0)
    assert buy["suggestion"]["action"] in ("buy", "end") and buy["advice"]["decision"] in ("buy", None)
    status, done = post(client, "/v1/paperback/game/action", {"game": after["game"], "action": buy["suggestion"]})
    assert status == 200, done
    status, bad = post(client, "/v1/paperback/game/view", {"game": dealt, "seat": 3})
    assert status == 422 and bad["field"] == "seat"


def test_a_buy_phase_taken_up_after_a_purchase_is_suggested(enable: Lexicon) -> None:
    """A follower of the suggestions (seat 1, against hard) applied one buy and asked again, with a row the hard
    policy would flush: a flush comes only before buying, so the suggestion there must not be one (the record: the
    game up to that moment, as the follower played it)."""
    data = json.loads((DATA / "follow-flush-record.json").read_text())
    game = Game.new(GameOptions.from_json(data["options"]), data["seed"], enable)
    for action in data["log"]:
        game.apply(action_from_json(action))
    st = game.state
    assert st.phase == "buy" and st.turn.bought and not st.turn.flushed and can_flush(st.offer_row)
    found = suggest(game, None)
    assert found is not None and found.action.to_json()["action"] != "flush"
    game.apply(action_from_json(found.action.to_json()))  # the engine accepts it


def test_the_evaluation_is_bounded_by_the_time_budget() -> None:
    from service.main import create_app
    from service.settings import Settings

    # 64 worlds take about 0.12 s on a quiet machine of 2026-11 (a budget of 0.4 s, the test's earlier one, let them
    # all be played there): the least budget a request is given, 0.05 s, cuts them
    with TestClient(create_app(Settings(time_budget=0.05))) as small:
        dealt = small.post("/v1/hardback/game/new", json={"seed": 4, "options": {"players": 4}}).json()["game"]
        start = time.perf_counter()
        status, out = post(small, "/v1/hardback/evaluate", {"game": dealt, "samples": 64})
        assert time.perf_counter() - start < 0.05 + 1.5
        # the worlds stop at the deadline; on a loaded machine even the first world may outlive it, and the worker
        # is killed: a 503 (the kill is the bound, service.pool), never a late answer
        assert status in (200, 503), out
        if status == 200:
            assert 1 <= out["samples"] < 64
            assert abs(sum(out["win"]) - 1) < 1e-3


def test_the_same_state_gets_the_same_suggestion(client: TestClient) -> None:
    dealt = client.post("/v1/hardback/game/new", json={"seed": 12, "options": {"players": 2}}).json()["game"]
    first, again = (view(client, "/v1/hardback/game/view", dealt, 0)["advice"] for _ in range(2))
    assert first == again and first is not None
