"""The game and bot endpoints of the service: deal, act, let a bot play a seat, and refuse what is wrong."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from helpers import horror_h_table, post


@pytest.fixture(scope="module")
def client(unsigned: TestClient) -> TestClient:
    """These tests forge states to show that a state is checked in full: the service takes them unsigned."""
    return unsigned


def new_game(client: TestClient, **options: Any) -> dict[str, Any]:
    status, out = post(client, "/v1/hardback/game/new", {"options": options, "seed": 7})
    assert status == 200, out
    game: dict[str, Any] = out["game"]
    return game


def hand_event(game: dict[str, Any], seat: int, name: str) -> None:
    """Put an event of the deck in front of a seat (taken from the event deck: every event is in one place)."""
    game["events_deck"] = [e for e in game["events_deck"] if e["name"] != name]
    game["players"][seat]["event"] = name


def test_a_new_game_is_dealt_from_its_seed(client: TestClient) -> None:
    a, b = new_game(client), new_game(client)
    assert a == b
    assert len(a["offer_row"]) == 7
    assert all(len(p["hand"]) == 5 for p in a["players"])


def test_bots_fill_every_seat_to_the_end_of_a_short_game(client: TestClient) -> None:
    game = new_game(client, target=15)
    seen_words = []
    for _ in range(60):
        status, out = post(client, "/v1/hardback/bot/move", {"game": game, "bot": "hard"})
        assert status == 200, out
        assert out["played"] in (0, 1)
        # a turn ends, or pauses for an opponent's token to printed Horror H, or is that opponent's return
        assert out["actions"][-1]["action"] in ("end", "pass", "spell", "return")
        if out["word"]:
            seen_words.append(out["word"])
        game = out["game"]
        if out["phase"] == "over":
            break
    assert out["phase"] == "over"
    assert max(out["scores"]) >= 15
    assert seen_words


def test_a_player_action_and_then_a_bot(client: TestClient) -> None:
    game = new_game(client)
    status, out = post(client, "/v1/hardback/game/action", {"game": game, "action": {"action": "pass"}})
    assert status == 200, out
    assert out["seat"] == 1 and out["phase"] == "prepare"
    status, out = post(client, "/v1/hardback/bot/move", {"game": out["game"], "bot": "greedy"})
    assert status == 200 and out["played"] == 1 and out["seat"] == 0


def test_an_illegal_action_is_refused_with_the_rule(client: TestClient) -> None:
    game = new_game(client)
    status, out = post(client, "/v1/hardback/game/action", {"game": game, "action": {"action": "buy", "slot": 0}})
    assert status == 422 and out["field"] == "action"
    assert "not allowed in the prepare phase" in out["error"]
    status, out = post(
        client, "/v1/hardback/game/action", {"game": game, "action": {"action": "spell", "word": "zzzq", "layout": []}}
    )
    assert status == 422 and "not in the dictionary" in out["error"]


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"game": {}, "bot": "hard"}, "game.options"),
        ({"game": {"options": {}, "players": "x"}, "bot": "hard"}, "game.players"),
        ({"game": {"options": {"players": 9}}}, "game.options"),
        ({"bot": "hard"}, "game"),
        ({"game": {}, "bot": "grandmaster"}, "bot"),
    ],
)
def test_a_bad_game_is_a_422_naming_it(client: TestClient, body: dict[str, Any], field: str) -> None:
    status, out = post(client, "/v1/hardback/bot/move", body)
    assert status == 422, out
    assert out["field"] == field


def test_a_finished_game_has_no_turn_for_a_bot(client: TestClient) -> None:
    game = new_game(client, target=10, max_turns=1)
    for _ in range(2):  # one round: the game stops at max_turns
        status, out = post(client, "/v1/hardback/game/action", {"game": game, "action": {"action": "pass"}})
        assert status == 200, out
        game = out["game"]
    assert out["phase"] == "over"
    status, out = post(client, "/v1/hardback/bot/move", {"game": game})
    assert status == 422 and out["field"] == "game" and "the game is over" in out["error"]
    # a dealt game merely marked over is not a game that ended: refused as a state, naming what is inconsistent
    dealt = new_game(client)
    status, out = post(client, "/v1/hardback/bot/move", {"game": {**dealt, "phase": "over"}})
    assert status == 422 and out["field"] == "game.turns" and "no turn has been played" in out["error"], out


def test_bad_options_are_named(client: TestClient) -> None:
    status, out = post(client, "/v1/hardback/game/new", {"options": {"players": 1}})
    assert status == 422 and "players" in out["error"]


def test_a_tables_own_events_and_the_event_choice_over_http(client: TestClient) -> None:
    deck = [{"name": "Haiku", "text": "Short words.", "max_length": 3}, {"name": "Epic", "min_length": 6}]
    game = new_game(client, events=True, event_deck=deck)
    assert game["options"]["event_deck"][0]["name"] == "Haiku"
    assert sorted(e["name"] for e in game["events_deck"]) == ["Epic", "Haiku"]
    # seat 0 enters the 10s with seat 1 ahead holding an event: passing leaves seat 0 to choose
    game["players"][0]["prestige"] = 10
    game["players"][1]["prestige"] = 20
    hand_event(game, 1, "Epic")
    status, out = post(client, "/v1/hardback/game/action", {"game": game, "action": {"action": "pass"}})
    assert status == 200 and out["phase"] == "event" and out["seat"] == 0, out
    drawn = out["game"]["players"][0]["event"]
    act = "/v1/hardback/game/action"
    status, bad = post(client, act, {"game": out["game"], "action": {"action": "event", "swap": 0}})
    assert status == 422 and bad["field"] == "action" and "another player's" in bad["error"]
    status, out = post(client, act, {"game": out["game"], "action": {"action": "event", "swap": 1}})
    assert status == 200 and out["phase"] == "prepare" and out["seat"] == 1
    assert [p["event"] for p in out["game"]["players"]] == ["Epic", drawn]


@pytest.mark.parametrize(
    ("deck", "message"),
    [
        ([{"name": "A"}, {"name": "A"}], "the event name 'A' is given twice"),
        ([{"name": "A", "colour": "red"}], "unknown field 'colour'"),
        ([{"text": "nameless"}], 'at least a "name"'),
    ],
)
def test_a_bad_event_deck_is_a_422_naming_it(client: TestClient, deck: list[dict[str, Any]], message: str) -> None:
    status, out = post(client, "/v1/hardback/game/new", {"options": {"events": True, "event_deck": deck}})
    assert status == 422 and out["field"] == "options" and message in out["error"], out


def test_a_bot_settles_an_event_choice_left_open(client: TestClient) -> None:
    game = new_game(client, events=True, event_deck=[{"name": "Haiku", "max_length": 3}, {"name": "Epic"}])
    game["players"][0]["prestige"] = 10
    game["players"][1]["prestige"] = 20
    hand_event(game, 1, "Epic")
    status, out = post(client, "/v1/hardback/game/action", {"game": game, "action": {"action": "pass"}})
    assert status == 200 and out["phase"] == "event"
    status, out = post(client, "/v1/hardback/bot/move", {"game": out["game"], "bot": "hard"})
    assert status == 200, out
    assert out["played"] == 0 and [a["action"] for a in out["actions"]] == ["event"]
    assert out["phase"] == "prepare" and out["seat"] == 1


def test_a_bad_layout_of_a_spell_names_the_layout(client: TestClient) -> None:
    game = new_game(client)
    hand = game["players"][0]["hand"]
    spell = {"action": "spell", "word": "at"}
    status, out = post(client, "/v1/hardback/game/action", {"game": game, "action": {**spell, "layout": "A T"}})
    assert status == 422 and out["field"] == "action.layout" and out["error"].startswith('"layout" must be a list')
    status, out = post(client, "/v1/hardback/game/action", {"game": game, "action": {**spell, "layout": ["A"]}})
    assert status == 422 and out["field"] == "action.layout" and "entries" in out["error"]
    layout = [{"code": hand[0], "face": "sideways"}, hand[1]]
    status, out = post(client, "/v1/hardback/game/action", {"game": game, "action": {**spell, "layout": layout}})
    assert status == 422 and out["field"] == "action.layout[0]", out
    assert out["error"].startswith("layout[0] (letter A): ") and "arrangement" not in out["error"]


def test_a_spell_makes_its_own_choices_over_http_and_a_bad_one_names_the_card(client: TestClient) -> None:
    """Issue 15: the layout's entries carry the card's choices; a hint's move lists them in the same form."""
    game = new_game(client)
    me = game["players"][0]
    me["discard"] += me["hand"]
    me["hand"] = []
    for code in ("horror:O4", "horror:A3", "T", "S", "E"):  # each card taken from where the deal put it
        if code in game["offer_deck"]:
            game["offer_deck"].remove(code)
        elif code in game["offer_row"]:
            game["offer_row"][game["offer_row"].index(code)] = game["offer_deck"].pop()
        else:
            me["draw" if code in me["draw"] else "discard"].remove(code)
        me["hand"].append(code)
    layout = [{"code": "horror:O4", "either": "coins"}, {"code": "horror:A3", "either": "prestige"}, "T"]
    action = {"action": "spell", "word": "oat", "layout": layout}
    status, out = post(client, "/v1/hardback/game/action", {"game": game, "action": action})
    assert status == 200, out
    me = out["game"]["players"][0]
    assert me["prestige"] == 2 and out["game"]["turn"]["coins"] == 4
    bad = {**action, "layout": [{"code": "horror:O4", "token": "ink"}, "horror:A3", "T"]}
    status, out = post(client, "/v1/hardback/game/action", {"game": game, "action": bad})
    assert status == 422 and out["field"] == "action.layout[0]", out
    assert 'horror:O4 offers no "token" choice' in out["error"]
    status, out = post(client, "/v1/hardback/hint", {"hand": ["horror:O4", "horror:A3", "T"], "top": 1})
    assert status == 200
    move = out["moves"][0]
    assert [e["code"] for e in move["layout"]] == [c["code"] for c in move["cards"]]
    assert any("either" in e for e in move["layout"])


@pytest.mark.parametrize(
    ("seed", "genre", "head_start", "expected"),
    [
        (1, "none", 0, "lost"),
        (2, "horror", 0, "lost"),
        (3, "adventure", 0, "lost"),
        (4, "romance", 0, "lost"),
        (5, "none", 16, "won"),
        (6, "horror", 16, "won"),
        (7, "adventure", 15, None),
        (8, "mystery", 14, None),
    ],
)
def test_bots_play_the_cooperative_anthology_over_http_and_its_result_is_right(
    client: TestClient, seed: int, genre: str, head_start: int, expected: str | None
) -> None:
    """The variants rulebook: "If the players complete their final lap first, they win the game [...] However, if
    Penny Dreadful completes her final lap first, the players lose". Every answer of a finished game says so, with
    no seat named the winner. (Penny outscores bots at a low target, so some tables start with prestige already
    gained, to see games won too.)"""
    options = {"players": 2, "target": 10, "coop": True, "penny_genre": genre}
    status, out = post(client, "/v1/hardback/game/new", {"options": options, "seed": seed})
    assert status == 200, out
    out["game"]["players"][1]["prestige"] = head_start
    for turn in range(80):
        assert out["result"] is None and out["winner"] is None
        if turn == 0:  # a player's own action first, then the bots
            status, out = post(client, "/v1/hardback/game/action", {"game": out["game"], "action": {"action": "pass"}})
        else:
            status, out = post(client, "/v1/hardback/bot/move", {"game": out["game"], "bot": "greedy"})
        assert status == 200, out
        if out["phase"] == "over":
            break
    assert out["phase"] == "over" and out["winner"] is None
    game = out["game"]
    goal = 10 * 2
    table, penny = sum(p["prestige"] for p in game["players"]), game["penny"]["prestige"]
    assert table >= goal or penny >= goal
    if (table >= goal) != (penny >= goal):
        assert out["result"] == ("won" if table >= goal else "lost")
    assert out["result"] in ("won", "lost") and game["result"] == out["result"]
    if expected is not None:
        assert out["result"] == expected


def _horror_h_table(client: TestClient) -> dict[str, Any]:
    return horror_h_table(new_game(client, players=3))


def test_ink_out_of_turn_and_the_opponents_return_over_http(client: TestClient) -> None:
    """The rulebook: ink "At any time before you Create a Word, even during another player's turn"; printed
    Horror H: "All other players must return an unused ink or remover" (BGA's how-to play), the token theirs to
    choose. Bots answer for the seat the game waits on (acting)."""
    game = _horror_h_table(client)
    status, out = post(client, "/v1/hardback/game/action", {"game": game, "action": {"action": "ink", "seat": 1}})
    assert status == 200, out
    assert out["seat"] == 0 and out["acting"] == 0 and len(out["game"]["players"][1]["inked"]) == 1
    spell = {"action": "spell", "word": "ha", "layout": [{"code": "horror:H7"}, {"code": "horror:A3"}]}
    status, out = post(client, "/v1/hardback/game/action", {"game": out["game"], "action": spell})
    assert status == 200, out
    assert out["phase"] == "return" and out["acting"] == 1 and out["game"]["turn"]["returns"] == [1, 2]
    status, bad = post(client, "/v1/hardback/game/action", {"game": out["game"], "action": {"action": "end"}})
    assert status == 422 and "return phase" in str(bad)
    back = {"action": "return", "seat": 1, "token": "ink"}
    status, out = post(client, "/v1/hardback/game/action", {"game": out["game"], "action": back})
    assert status == 200, out
    assert out["acting"] == 2 and (out["game"]["players"][1]["ink"], out["game"]["players"][1]["remover"]) == (0, 1)
    status, out = post(client, "/v1/hardback/bot/move", {"game": out["game"], "bot": "hard"})
    assert status == 200, out
    assert out["played"] == 2 and [a["action"] for a in out["actions"]] == ["return"] and out["acting"] == 0
    status, out = post(client, "/v1/hardback/bot/move", {"game": out["game"], "bot": "hard"})
    assert status == 200 and out["played"] == 0 and out["actions"][-1]["action"] == "end", out
    assert out["seat"] == 1 and out["phase"] == "prepare"


def test_a_forged_return_phase_is_refused(client: TestClient) -> None:
    game = _horror_h_table(client)
    spell = {"action": "spell", "word": "ha", "layout": [{"code": "horror:H7"}, {"code": "horror:A3"}]}
    status, out = post(client, "/v1/hardback/game/action", {"game": game, "action": spell})
    assert status == 200 and out["phase"] == "return", out
    back = {"action": "return", "seat": 2, "token": "ink"}
    for forge, field in (
        ({"returns": []}, "game.turn.returns"),  # the return phase with no one to choose
        ({"returns": [1, 2, 0]}, "game.turn.returns[2]"),  # the player in turn returns nothing
    ):
        forged = {**out["game"], "turn": {**out["game"]["turn"], **forge}}
        status, bad = post(client, "/v1/hardback/game/action", {"game": forged, "action": back})
        assert status == 422 and bad["field"] == field, bad
    forged = {**out["game"], "players": [*out["game"]["players"][:2], {**out["game"]["players"][2], "remover": 0}]}
    status, bad = post(client, "/v1/hardback/game/action", {"game": forged, "action": back})
    assert status == 422 and bad["field"] == "game.turn.returns[1]" and "does not hold both" in bad["error"], bad
