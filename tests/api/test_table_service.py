"""The table a player's page reads (``service.routers.table``): a seat's view with the legal actions the engine
accepts, actions applied one after the other and told in words, the ghost writer's words for a game state with
their open choices, and a laid-out word read before it is played."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from helpers import post

EITHER_CARD = "horror:A3"  # "2 coins or 2 prestige"


def new_game(client: TestClient, seed: int = 3) -> dict[str, Any]:
    status, out = post(client, "/v1/hardback/game/new", {"options": {"players": 2, "target": 10}, "seed": seed})
    assert status == 200, out
    game: dict[str, Any] = out["game"]
    return game


def with_either(game: dict[str, Any]) -> dict[str, Any]:
    """The game with the either card taken from the offer deck into seat 0's hand for its A (which goes to the box)."""
    hand = game["players"][0]["hand"]
    mine = hand.index("A") if "A" in hand else 0
    game["removed"].append(hand[mine])
    hand[mine] = game["offer_deck"].pop(game["offer_deck"].index(EITHER_CARD))
    return game


def test_the_view_names_the_cards_and_the_legal_actions(client: TestClient) -> None:
    status, view = post(client, "/v1/hardback/game/view", {"game": new_game(client), "seat": 0})
    assert status == 200, view
    assert view["phase"] == "prepare" and view["acting"] == 0 and not view["over"]
    assert len(view["hand"]) == 5 and all(c["letter"] for c in view["hand"])
    assert len(view["offer_row"]) == 7 and all("text" in c and "cost" in c for c in view["offer_row"])
    assert {"action": "pass"} in view["legal"]
    assert {"action": "ink"} not in view["legal"]  # no ink held yet
    assert all(a["action"] != "buy" for a in view["legal"])
    status, other = post(client, "/v1/hardback/game/view", {"game": new_game(client), "seat": 1})
    assert status == 200 and other["legal"] == []  # seat 1 is not awaited
    status, out = post(client, "/v1/hardback/game/view", {"game": new_game(client), "seat": 3})
    assert status == 422 and out["field"] == "seat"


def test_hint_carries_layouts_and_the_either_question(unsigned: TestClient) -> None:
    game = with_either(new_game(unsigned))
    status, out = post(unsigned, "/v1/hardback/game/hint", {"game": game, "top": 5})
    assert status == 200, out
    moves = [m for m in out["moves"] if any(e["code"] == EITHER_CARD for e in m["layout"])]
    assert moves, [m["word"] for m in out["moves"]]
    move = moves[0]
    at = next(i for i, e in enumerate(move["layout"]) if e["code"] == EITHER_CARD)
    question = next(q for q in move["questions"] if q["key"] == "either")
    assert question["position"] == at and question["answers"] == ["coins", "prestige"]
    assert question["best"] == move["layout"][at]["either"]


def test_read_then_steps_play_the_choice_made(unsigned: TestClient) -> None:
    game = with_either(new_game(unsigned))
    _, hint = post(unsigned, "/v1/hardback/game/hint", {"game": game, "top": 5})
    move = next(m for m in hint["moves"] if any(e["code"] == EITHER_CARD for e in m["layout"]))
    bare = [{k: e[k] for k in ("code", "face", "source")} for e in move["layout"]]
    status, read = post(unsigned, "/v1/hardback/game/read", {"game": game, "word": move["word"], "layout": bare})
    assert status == 200 and read["ok"], read
    question = next(q for q in read["questions"] if q["key"] == "either")
    other = "coins" if question["best"] == "prestige" else "prestige"
    layout = [dict(e) for e in bare]
    layout[question["position"]]["either"] = other
    spell = {"action": "spell", "word": move["word"], "layout": layout}
    status, out = post(unsigned, "/v1/hardback/game/steps", {"game": game, "actions": [spell], "seat": 0})
    assert status == 200, out
    step = out["steps"][0]
    assert step["text"].startswith(f"spelled {move['word'].upper()}") and step["seat"] == 0
    assert out["phase"] in ("choices", "buy") and step["view"]["phase"] == out["phase"]
    totals = (move["prestige"], move["coins"])
    played = (step["view"]["players"][0]["prestige"], step["view"]["turn"]["coins"])
    assert played != totals  # the other answer changed the word's totals

    status, bad = post(unsigned, "/v1/hardback/game/read", {"game": game, "word": "zzq", "layout": bare[:3]})
    assert status == 200 and not bad["ok"] and bad["reason"]


def test_steps_tell_a_bots_turn_and_refuse_an_illegal_action(client: TestClient) -> None:
    game = new_game(client)
    _, moved = post(client, "/v1/hardback/bot/move", {"game": game, "bot": "easy"})
    status, out = post(client, "/v1/hardback/game/steps", {"game": game, "actions": moved["actions"], "seat": 1})
    assert status == 200, out
    assert [s["action"] for s in out["steps"]] == moved["actions"]
    assert out["game"] == moved["game"]
    assert all(s["seat"] == 0 and s["text"] for s in out["steps"])
    status, refused = post(client, "/v1/hardback/game/steps", {"game": game, "actions": [{"action": "end"}]})
    assert status == 422 and refused["field"] == "actions[0]"


def test_the_view_suggests_the_ghost_writers_choice_after_the_word(client: TestClient) -> None:
    game = new_game(client)
    _, hint = post(client, "/v1/hardback/game/hint", {"game": game, "top": 1})
    spell = {"action": "spell", "word": hint["moves"][0]["word"], "layout": hint["moves"][0]["layout"]}
    _, out = post(client, "/v1/hardback/game/steps", {"game": game, "actions": [spell]})
    status, view = post(client, "/v1/hardback/game/view", {"game": out["game"], "suggest": True})
    assert status == 200
    assert view["suggestion"] in view["legal"]
    status, refused = post(client, "/v1/hardback/game/hint", {"game": out["game"]})
    assert status == 422 and refused["field"] == "game"


def test_steps_give_the_legal_actions_after_the_last_step_only(client: TestClient) -> None:
    # each ``legal`` tries every candidate action on a copy of the game (about a tenth of a second): a request of
    # many steps must not pay it at every step
    game = new_game(client)
    _, moved = post(client, "/v1/hardback/bot/move", {"game": game, "bot": "easy"})
    status, out = post(client, "/v1/hardback/game/steps", {"game": game, "actions": moved["actions"], "seat": 0})
    assert status == 200, out
    assert all(s["view"]["legal"] == [] for s in out["steps"][:-1])
    assert out["steps"][-1]["view"]["acting"] == 1 or out["steps"][-1]["view"]["legal"]


def test_steps_that_outrun_the_time_budget_are_refused_naming_where() -> None:
    # a request of many steps stops at its budget with a 422 naming where, or answers: never a 503 (a loop that
    # ran past its budget unchecked, the runner's last resort)
    from service.main import create_app
    from service.settings import Settings

    with TestClient(create_app(Settings(time_budget=0.05))) as tight:
        status, out = post(tight, "/v1/hardback/game/new", {"options": {"players": 2, "target": 60}, "seed": 3})
        first = game = out["game"]
        actions: list[dict[str, Any]] = []
        while len(actions) < 60:  # whole bot turns one after the other, sent as one request
            status, moved = post(tight, "/v1/hardback/bot/move", {"game": game, "bot": "easy"})
            assert status == 200, moved
            actions += moved["actions"]
            game = moved["game"]
        status, out = post(tight, "/v1/hardback/game/steps", {"game": first, "actions": actions, "seat": 0})
        assert status in (200, 422), out
        if status == 422:
            assert out["field"] == "actions" and "time budget" in out["error"]


def test_hint_keeps_to_familiar_words_when_asked(client: TestClient) -> None:
    """Play's hint with ``familiar``: every word at least that familiar (wordfreq's Zipf), the weights its value
    counts given beside; a threshold out of range is the field's 422."""
    from solver.lexicon import default_lexicon
    from solver.lexicon.familiarity import familiarity

    game = new_game(client, seed=11)
    status, any_word = post(client, "/v1/hardback/game/hint", {"game": game, "top": 10})
    assert status == 200, any_word
    assert any_word["weights"]["prestige"] == 1.0 and any_word["weights"]["coins"] > 0
    status, out = post(client, "/v1/hardback/game/hint", {"game": game, "top": 10, "familiar": 4})
    assert status == 200, out
    lex = default_lexicon()
    zipf = familiarity(lex, "en")
    assert out["moves"] and all(zipf[lex.index(m["word"])] >= 40 for m in out["moves"])
    assert any(zipf[lex.index(m["word"])] < 40 for m in any_word["moves"])  # the filter left some word out
    status, bad = post(client, "/v1/hardback/game/hint", {"game": game, "familiar": 9})
    assert status == 422 and bad["field"] == "familiar", bad
