"""What a seat of a server-held table may ask beside its view (issue 30: the Hardback Play page through the tables):
Hardback's hint (its moves with their layouts and open questions, the weights its value counts, the familiar
filter) and a laid-out word read before it is played, each for the seat the game waits on only; never another
seat's hints or advice (which would tell its hand); and each move played told in words as the asking seat sees it
(another seat's card drawn with ink or looked at is not named). A real service in process, real games."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from service.main import create_app
from service.settings import Settings
from service.table_jobs import tell
from solver.game.hardback.actions import Ink
from solver.game.hardback.engine import Game
from solver.game.hardback.options import GameOptions
from solver.lexicon import default_lexicon


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    path: Path = tmp_path_factory.mktemp("tables") / "tables.sqlite3"
    with TestClient(create_app(Settings(tables=str(path)))) as c:
        yield c


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def made(client: TestClient, seats: list[str], game: str = "hardback", **options: Any) -> list[str]:
    """A new table's tokens, by seat (None for a bot)."""
    r = client.post(f"/v1/{game}/tables", json={"seats": seats, "options": options})
    assert r.status_code == 201, r.text
    return [i["token"] for i in r.json()["invites"]]


def seat(client: TestClient, token: str, query: str = "") -> dict[str, Any]:
    r = client.get(f"/v1/tables/seat{query}", headers=bearer(token))
    assert r.status_code == 200, r.text
    out: dict[str, Any] = r.json()
    return out


def read(client: TestClient, token: str, word: str, layout: list[dict[str, Any]]) -> Any:
    return client.post("/v1/tables/seat/read", json={"word": word, "layout": layout}, headers=bearer(token))


def test_a_hardback_seat_in_turn_gets_its_hint_and_reads_its_word(client: TestClient) -> None:
    me, _ = made(client, ["person", "greedy"], target=10)
    out = seat(client, me, "?hints=3&familiar=3")
    assert out["to_act"] == 0 and out["view"]["phase"] == "prepare"
    hint = out["hint"]
    assert 1 <= len(hint["moves"]) <= 3 and "weights" in hint and hint["weights"]["prestige"] == 1
    best = hint["moves"][0]
    assert best["layout"] and isinstance(best["questions"], list)
    r = read(client, me, best["word"], best["layout"])
    assert r.status_code == 200, r.text
    assert r.json()["ok"] is True and r.json()["move"]["word"] == best["word"]
    assert r.headers["cache-control"] == "no-store"
    hand = [c["code"] for c in out["view"]["hand"]]
    wrong = read(client, me, "q" * len(hand[:3]), [{"code": c} for c in hand[:3]]).json()
    assert wrong["ok"] is False and wrong["reason"], wrong


def test_the_hint_keeps_to_familiar_words(client: TestClient) -> None:
    """As ``/v1/hardback/game/hint``'s ``familiar``: every word at least that familiar (wordfreq's Zipf, in tenths);
    out of range, the query's 422."""
    from solver.lexicon.familiarity import familiarity

    me, _ = made(client, ["person", "greedy"], target=10)
    lex = default_lexicon()
    zipf = familiarity(lex, "en")
    familiar = seat(client, me, "?hints=10&familiar=4")["hint"]["moves"]
    assert all(zipf[lex.index(m["word"])] >= 40 for m in familiar), familiar
    every = seat(client, me, "?hints=10")["hint"]["moves"]
    assert {m["word"] for m in every} != {m["word"] for m in familiar}  # the filter left some word out, or in
    assert client.get("/v1/tables/seat?hints=1&familiar=9", headers=bearer(me)).status_code == 422


@pytest.mark.parametrize("game", ["hardback", "paperback"])
def test_a_seat_not_in_turn_gets_no_help_that_would_tell_another_hand(client: TestClient, game: str) -> None:
    first, second = made(client, ["person", "person"], game)
    out = seat(client, second, "?hints=5&suggest=true")
    assert out["to_act"] == 0
    assert not {"hint", "hints", "advice"} & set(out), sorted(out)
    if game == "hardback":
        r = read(client, second, "cat", [{"code": "C"}, {"code": "A"}, {"code": "T"}])
        assert r.status_code == 409 and "seat 0's turn" in r.text
    else:
        r = read(client, first, "cat", [{"code": "C"}, {"code": "A"}, {"code": "T"}])
        assert r.status_code == 422 and r.json()["field"] == "word"


def test_a_word_read_outside_the_word_phase_is_a_422(client: TestClient) -> None:
    me, _ = made(client, ["person", "greedy"], target=10)
    best = seat(client, me, "?hints=1")["hint"]["moves"][0]
    r = client.post("/v1/tables/seat/action", headers=bearer(me),
                    json={"action": {"action": "spell", "word": best["word"], "layout": best["layout"]}})
    assert r.status_code == 200, r.text
    assert r.json()["to_act"] == 0 and r.json()["view"]["phase"] in ("choices", "buy")  # the turn goes on
    again = read(client, me, best["word"], best["layout"])
    assert again.status_code == 422 and "before it is played" in again.json()["error"]


def test_each_move_played_is_told_in_words(client: TestClient) -> None:
    me, _ = made(client, ["person", "greedy"], target=10)
    r = client.post("/v1/tables/seat/action", json={"action": {"action": "pass"}}, headers=bearer(me))
    assert r.status_code == 200, r.text
    played = r.json()["played"]
    assert played[0]["seat"] == 0 and played[0]["text"].startswith("passed")
    bots = [m for m in played if m["seat"] == 1]
    assert bots and all(m["text"] for m in bots), played  # the bot's turn, told move by move


def test_another_seats_card_drawn_with_ink_is_not_named() -> None:
    game = Game.new(GameOptions(players=2, target=10), 4, default_lexicon())
    game.state.players[0].ink = 1
    mine, theirs = game.copy(), game.copy()
    drawn = tell(mine, [Ink()], 0)
    assert drawn[0].startswith("drew ") and drawn[0] != "drew a card with ink"  # its own: the card named
    assert tell(theirs, [Ink()], 1) == ["drew a card with ink"]


def test_a_saved_game_the_service_signed_goes_on_at_a_table(client: TestClient) -> None:
    """The page's Load: a state this service signed becomes a table's game, its seats the game's players; an
    altered state, or seats of another count, is a 422 naming the field."""
    dealt = client.post("/v1/hardback/game/new", json={"options": {"players": 2, "target": 10}, "seed": 5})
    game = dealt.json()["game"]
    r = client.post("/v1/hardback/tables", json={"seats": ["person", "easy"], "game": game})
    assert r.status_code == 201, r.text
    me = r.json()["invites"][0]["token"]
    out = seat(client, me)
    assert [c["code"] for c in out["view"]["hand"]] == game["players"][0]["hand"]
    altered = {**game, "players": [{**game["players"][0], "prestige": 59}, game["players"][1]]}
    r = client.post("/v1/hardback/tables", json={"seats": ["person", "easy"], "game": altered})
    assert r.status_code == 422 and r.json()["field"] == "game.signature", r.text
    r = client.post("/v1/hardback/tables", json={"seats": ["person", "easy", "easy"], "game": game})
    assert r.status_code == 422 and r.json()["field"] == "seats", r.text
