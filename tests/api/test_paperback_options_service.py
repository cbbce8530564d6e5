"""Paperback's optional cube rules and co-op over HTTP: ``/v1/paperback/game/new`` reads the options through
``PaperbackOptions`` (a bad one a 422 naming it), the new actions go through ``game/action``, and a forged one (cubes
a player does not have, a covered pyramid card, advice from oneself or a missing seat, an option that is off) is a
422 naming the field, the state unchanged. A real service in process."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from solver.bots.paperback import make_bot, spell_of
from solver.game.paperback import PaperbackState
from solver.lexicon import default_lexicon

from helpers import post

NEW, ACTION, BOT = "/v1/paperback/game/new", "/v1/paperback/game/action", "/v1/paperback/bot/move"


def dealt(client: TestClient, **options: Any) -> dict[str, Any]:
    status, out = post(client, NEW, {"seed": 7, "options": options})
    assert status == 200, out
    game: dict[str, Any] = out["game"]
    return game


def act(client: TestClient, game: dict[str, Any], action: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    status, out = post(client, ACTION, {"game": game, "action": action})
    return status, out


def word(game: dict[str, Any], **extra: Any) -> dict[str, Any]:
    """The greedy bot's word for the seat in turn, as a person sends it."""
    st = PaperbackState.from_json(game)
    search, move = make_bot("greedy", default_lexicon(), 0).search(st)
    assert move is not None
    return {**spell_of(st, search, move).to_json(), **extra}


@pytest.mark.parametrize(
    ("options", "field"),
    [
        ({"coop": "yes"}, "options.coop"),
        ({"coop": True, "coop_loss_cubes": 6}, "options.coop_loss_cubes"),
        ({"coop_loss_cubes": 4}, "options.coop_loss_cubes"),
        ({"cubes": 17}, "options.cubes"),
        ({"players": 9}, "options.players"),
    ],
)
def test_bad_options_are_a_422_naming_them(client: TestClient, options: dict[str, Any], field: str) -> None:
    status, out = post(client, NEW, {"seed": 1, "options": options})
    assert status == 422 and out["field"] == field, out


def test_a_game_with_the_options_is_dealt_with_its_cubes_and_pyramid(client: TestClient) -> None:
    game = dealt(client, coop=True, cube_advice=True, coop_loss_cubes=4)
    assert game["options"]["coop"] is True and game["options"]["coop_loss_cubes"] == 4
    assert game["cubes"] == {"supply": 17, "held": [0, 0], "tokens": {}}
    assert len(game["coop"]["pyramid"]) == 11 and not any(game["fame"])


def test_forged_option_actions_are_422s_naming_the_field_and_change_nothing(client: TestClient) -> None:
    game = dealt(client, coop=True, cube_advice=True)
    cases: list[tuple[dict[str, Any], str, str]] = [
        ({"action": "place", "card": 8}, "action.card", "covered"),
        ({"action": "place", "card": 40}, "action.card", "no Fame card"),
        ({"action": "pass"}, "action.action", "puts a cube"),
        ({"action": "discard"}, "action.action", "options.cube_discard is off"),
        (word(game, advice_from=0), "action.advice_from", "not the speller"),
        (word(game, advice_from=5), "action.advice_from", "seats are 0 to 1"),
        (word(game, advice_from="1"), "action.advice_from", "whole number"),
        ({"action": "cash", "cubes": "all"}, "action.cubes", "how many"),
    ]
    for action, field, words in cases:
        status, out = act(client, game, action)
        assert status == 422 and out["field"] == field and words in out["error"], (action, out)
    status, out = act(client, game, word(game, advice_from=1))
    assert status == 200 and out["game"]["cubes"]["held"] == [0, 1]
    after = out["game"]
    status, out = act(client, after, {"action": "cash", "cubes": 1})  # seat 0 holds none
    assert status == 422 and out["field"] == "action.cubes" and "hold 0 cubes" in out["error"]
    status, out = act(client, after, {"action": "buy", "pile": "fame", "index": 9})
    assert status == 422 and out["field"] == "action.index" and "covered" in out["error"]
    plain = dealt(client)
    status, out = act(client, plain, {"action": "place", "card": 0})
    assert status == 422 and out["field"] == "action.action" and "options.coop is off" in out["error"]


def test_a_forged_cube_count_is_refused(unsigned: TestClient) -> None:
    game = dealt(unsigned, cube_discard=True)
    game["cubes"]["held"][0] = 5  # cubes from nowhere
    status, out = act(unsigned, game, {"action": "discard"})
    assert status == 422 and out["field"] == "game.cubes" and "17" in out["error"]


def test_co_op_over_http_bots_to_the_teams_result(client: TestClient) -> None:
    game = dealt(client, coop=True, cube_discount=True)
    status, out = act(client, game, {"action": "place", "card": 1})
    assert status == 200 and out["game"]["cubes"]["supply"] == 16
    status, out = act(client, out["game"], {"action": "pass"})
    assert status == 200 and out["seat"] == 1
    game = out["game"]
    for _ in range(200):
        status, out = post(client, BOT, {"game": game, "bot": "greedy"})
        assert status == 200, out
        game = out["game"]
        if out["phase"] == "over":
            break
    assert out["phase"] == "over" and out["result"] in ("won", "lost") and out["winner"] is None
