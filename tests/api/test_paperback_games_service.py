"""Paperback's game and bot endpoints: deal (the house deck or a table's own), act, let a bot play the seat in turn,
and refuse what is wrong (a broken rule, a forged state, a bad deck) with a 422 naming it. A real service in process,
real games."""

from __future__ import annotations

import copy
import json
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from service.main import create_app
from service.settings import Settings
from solver.bots.paperback import make_bot, spell_of
from solver.game.paperback import PaperbackState
from solver.lexicon import default_lexicon
from solver.paperback.deck import house_deck

from helpers import post

NEW, ACTION, BOT = "/v1/paperback/game/new", "/v1/paperback/game/action", "/v1/paperback/bot/move"
KEY = "a-state-key-of-32-characters-xyz"



@pytest.fixture(scope="module")
def client(unsigned: TestClient) -> TestClient:
    """These tests forge states to show that a state is checked in full: the service takes them unsigned."""
    return unsigned

def dealt(client: TestClient, seed: int = 7, **body: Any) -> dict[str, Any]:
    status, out = post(client, NEW, {"seed": seed, **body})
    assert status == 200, out
    assert out["phase"] == "word" and out["seat"] == 0
    game: dict[str, Any] = out["game"]
    return game


def best_spell(game: dict[str, Any]) -> dict[str, Any] | None:
    """The greedy bot's word for the seat in turn, as a person would send it (the engine's spell action)."""
    st = PaperbackState.from_json({k: v for k, v in game.items() if k != "signature"})
    bot = make_bot("greedy", default_lexicon(), 0)
    search, move = bot.search(st)
    return None if move is None else spell_of(st, search, move).to_json()


def test_a_new_game_is_dealt_from_its_seed_with_the_house_deck(client: TestClient) -> None:
    a, b = dealt(client), dealt(client)
    assert a == b and a["game"] == "paperback" and a["deck"]["name"] == "house"
    assert all(len(p["hand"]) == 5 for p in a["players"])
    assert len(a["offer"]) == 7 and a["row"][0] is None
    status, out = post(client, NEW, {"seed": 7, "options": {"players": 3}})
    assert status == 200 and len(out["game"]["players"]) == 3
    assert out["scores"] == [5, 5, 5] and out["common"] and out["threshold"] == 7


def test_bots_play_a_whole_game_over_http_to_its_end(client: TestClient) -> None:
    game = dealt(client, seed=3)
    words, seats = [], []
    for turn in range(300):
        bot = ("greedy", "hard")[turn % 2]
        status, out = post(client, BOT, {"game": game, "bot": bot})
        assert status == 200, out
        assert out["played"] == turn % 2 and out["bot"] == bot
        assert out["actions"][-1]["action"] in ("end", "pass")
        if out["word"]:
            assert out["actions"][0] == {**out["actions"][0], "action": "spell", "word": out["word"]}
            words.append(out["word"])
        seats.append(out["played"])
        game = out["game"]
        if out["phase"] == "over":
            break
    assert out["phase"] == "over" and words
    assert out["winner"] in (0, 1, None) and len(out["scores"]) == 2
    if out["winner"] is not None:
        assert out["scores"][out["winner"]] == max(out["scores"])
    status, over = post(client, BOT, {"game": game, "bot": "greedy"})
    assert status == 422 and over["field"] == "game" and "over" in over["error"]
    status, over = post(client, ACTION, {"game": game, "action": {"action": "pass"}})
    assert status == 422 and "the game is over" in over["error"]


def test_a_person_spells_buys_and_ends_over_http(client: TestClient) -> None:
    game = dealt(client)
    spell = best_spell(game)
    assert spell is not None
    status, out = post(client, ACTION, {"game": game, "action": spell})
    assert status == 200, out
    assert out["phase"] == "buy" and out["seat"] == 0 and out["coins"] > 0
    after = out["game"]
    assert len(after["word"]) + len(after["players"][0]["hand"]) == 5
    # the cheapest card showing in the Offer, bought with the word's coins
    showing = [
        (p, slot, c)
        for p, pile in enumerate(after["offer"])
        for slot, c in (("top", pile[-1] if pile else None), ("row", after["row"][p]))
        if c is not None
    ]
    box = PaperbackState.from_json(after).box
    p, slot, card = min(showing, key=lambda x: box[x[2]].cost)
    assert box[card].cost <= out["coins"], "seed 7's first word buys a card"
    status, bought = post(
        client, ACTION, {"game": after, "action": {"action": "buy", "pile": "offer", "index": p, "slot": slot}}
    )
    assert status == 200, bought
    assert bought["coins"] == out["coins"] - box[card].cost
    assert card in bought["game"]["players"][0]["discard"]
    status, ended = post(client, ACTION, {"game": bought["game"], "action": {"action": "end"}})
    assert status == 200 and ended["seat"] == 1 and ended["phase"] == "word" and ended["coins"] == 0
    assert card in ended["game"]["players"][0]["discard"] and len(ended["game"]["players"][0]["hand"]) >= 5
    status, bot = post(client, BOT, {"game": ended["game"], "bot": "greedy"})
    assert status == 200 and bot["played"] == 1 and bot["seat"] == 0


def test_a_bot_finishes_the_turn_a_person_began(client: TestClient) -> None:
    game = dealt(client)
    spell = best_spell(game)
    status, out = post(client, ACTION, {"game": game, "action": spell})
    assert status == 200 and out["phase"] == "buy"
    status, bot = post(client, BOT, {"game": out["game"], "bot": "hard"})
    assert status == 200, bot
    assert bot["played"] == 0 and bot["word"] is None and bot["actions"][-1] == {"action": "end"}
    assert bot["seat"] == 1 and bot["phase"] == "word"


def test_a_refused_action_names_the_rule_and_changes_nothing(client: TestClient) -> None:
    game = dealt(client)
    before = copy.deepcopy(game)
    st = PaperbackState.from_json(game)
    i, j = [k for k, c in enumerate(st.players[0].hand) if not st.card(c).wild][:2]
    a = st.card(st.players[0].hand[i]).letters
    cases: list[tuple[dict[str, Any], str, str]] = [
        ({"action": "buy", "pile": "fame", "index": 0}, "action.action", "make a word first"),
        ({"action": "end"}, "action.action", "make a word first"),
        ({"action": "spell", "word": "zq", "layout": [{"card": i}, {"card": j}]}, "action.word", "spells"),
        (
            {"action": "spell", "word": a + a, "layout": [{"card": i}, {"card": i}]},
            "action.layout[1]",
            "already in the word",
        ),
        (
            {"action": "spell", "word": a + a, "layout": [{"card": i}, {"card": i, "as": "q"}]},
            "action.layout[1]",
            "already in the word",
        ),
        (
            {"action": "spell", "word": "ab", "layout": [{"card": 9}, {"card": 1}]},
            "action.layout[0]",
            "the hand holds 5 cards",
        ),
        ({"action": "juggle"}, "action.action", "unknown action"),
        ({"action": "buy", "pile": "shelf", "index": 0}, "action.pile", '"offer" or "fame"'),
    ]
    for action, field, words in cases:
        status, out = post(client, ACTION, {"game": game, "action": action})
        assert status == 422, (action, out)
        assert out["field"] == field and words in out["error"], (action, out)
    assert game == before
    spell = best_spell(game)
    assert spell is not None
    status, out = post(client, ACTION, {"game": game, "action": spell})
    assert status == 200
    # a word in the buy phase, a card dearer than the coins, an empty slot: each named, the state as it was
    after = out["game"]
    status, again = post(client, ACTION, {"game": after, "action": spell})
    assert status == 422 and "the word is made" in again["error"]
    status, dear = post(client, ACTION, {"game": after, "action": {"action": "buy", "pile": "fame", "index": 3}})
    assert status == 422 and dear["field"] == "action.index" and "left" in dear["error"]
    status, nothing = post(
        client, ACTION, {"game": after, "action": {"action": "buy", "pile": "offer", "index": 0, "slot": "row"}}
    )
    assert status == 422 and nothing["field"] == "action.slot"


def test_a_word_not_in_the_dictionary_is_named(client: TestClient) -> None:
    game = dealt(client)
    hand = PaperbackState.from_json(game).players[0].hand
    box = PaperbackState.from_json(game).box
    letters = [(i, box[c].card) for i, c in enumerate(hand) if not box[c].card.wild]
    word = "".join(c.letters for _, c in letters[:2])
    layout = [{"card": i} for i, _ in letters[:2]]
    if word in default_lexicon():
        pytest.skip(f"{word!r} is a word")
    status, out = post(client, ACTION, {"game": game, "action": {"action": "spell", "word": word, "layout": layout}})
    assert status == 422 and out["field"] == "action.word" and "not in the dictionary" in out["error"]


def forgeries(game: dict[str, Any]) -> Iterator[tuple[str, dict[str, Any], str]]:
    g = copy.deepcopy(game)
    g["players"][0]["hand"].append(g["players"][0]["hand"][0])
    yield "a card duplicated in a hand", g, "game"
    g = copy.deepcopy(game)
    g["players"][1]["hand"][0] = g["players"][0]["hand"][0]
    yield "a card in two hands (one missing)", g, "game"
    g = copy.deepcopy(game)
    g["offer"][1].append(g["fame"][0].pop())
    yield "a Fame card in an Offer pile", g, "game.offer[1]"
    g = copy.deepcopy(game)
    g["coins"] = 40
    yield "coins outside the buy phase", g, "game.coins"
    g = copy.deepcopy(game)
    g["players"][0]["hand"][0] = 10**6
    yield "a card not in the box", g, "game.players[0].hand"
    g = copy.deepcopy(game)
    g["options"]["players"] = 7
    yield "a player count the deck does not have", g, "game.options.players"
    g = copy.deepcopy(game)
    g["deck"]["offer"][0]["cost"] = 99
    yield "a deck altered", g, "game.deck"


def test_a_forged_state_is_refused(client: TestClient) -> None:
    game = dealt(client)
    for what, forged, field in forgeries(game):
        for path, body in ((ACTION, {"game": forged, "action": {"action": "pass"}}), (BOT, {"game": forged})):
            status, out = post(client, path, body)
            assert status == 422, (what, out)
            assert out["field"] == field, (what, out)


@pytest.fixture(scope="module")
def signing() -> Iterator[TestClient]:
    with TestClient(create_app(Settings(state_key=KEY))) as c:
        yield c


def test_signed_states_play_on_and_an_altered_one_is_refused(signing: TestClient) -> None:
    game = dealt(signing)
    assert game["signature"].startswith("hmac-sha256:")
    status, out = post(signing, BOT, {"game": game, "bot": "greedy"})
    assert status == 200 and out["game"]["signature"] != game["signature"]
    status, out = post(signing, ACTION, {"game": out["game"], "action": {"action": "pass"}})
    assert status == 200, out
    forged = copy.deepcopy(out["game"])
    forged["players"][0]["hand"].append(forged["players"][1]["hand"].pop())
    status, bad = post(signing, ACTION, {"game": forged, "action": {"action": "pass"}})
    assert status == 422 and bad["field"] == "game.signature" and "altered" in bad["error"]
    unsigned = {k: v for k, v in out["game"].items() if k != "signature"}
    status, bad = post(signing, BOT, {"game": unsigned})
    assert status == 422 and bad["field"] == "game.signature" and "/v1/paperback/game/new" in bad["error"]


def house() -> dict[str, Any]:
    deck: dict[str, Any] = house_deck().to_json()
    return deck


def bad_decks() -> Iterator[tuple[dict[str, Any], str, str]]:
    d = house()
    del d["offer"]
    yield d, "deck.offer", 'has no "offer"'
    d = house()
    del d["offer"][3]["cost"]
    yield d, "deck.offer[3].cost", 'has no "cost"'
    d = house()
    d["fame"] = d["fame"][:2]
    yield d, "deck.fame", ""
    d = house()
    d["starters"]["wilds"] = 99
    yield d, "deck.starters.wilds", "wilds"
    d = house()
    d["length_track"] = [9, 8, 7, 6]
    yield d, "deck.length_track", "rising"
    d = house()
    d["format"] = "hardback"
    yield d, "deck.format", "format"
    d = house()
    d["colour"] = "red"
    yield d, "deck.colour", "unknown field 'colour'"
    d = house()
    d["offer"][0]["letters"] = "\u0663\u200d"
    yield d, "deck.offer[0].letters", ""
    d = house()
    d["offer"][3]["abilities"] = ["double-word", "fly:3"]
    yield d, "deck.offer[3].abilities[1]", "not in the vocabulary"
    d = house()
    d["offer"][5]["abilities"] = "double-word"
    yield d, "deck.offer[5].abilities", "list of ability strings"
    d = house()
    d["offer"][2]["score"] = -1
    yield d, "deck.offer[2].score", "score"
    d = house()
    d["fame"][1]["cards"]["2"] = 0
    yield d, "deck.fame[1].cards.2", "whole number"
    d = house()
    d["common"][0]["special"] = "joker"
    yield d, "deck.common[0].special", "spacebar"
    d = house()
    d["starters"]["letters"][2]["copies"] = 0
    yield d, "deck.starters.letters[2].copies", "copies"
    d = house()
    d["offer"][1]["abilities"] = ["\ud800"]
    yield d, "deck.offer[1].abilities[0]", ""


def test_a_tables_own_deck_is_played_and_a_bad_one_names_the_field(client: TestClient) -> None:
    """A deck sent inline is re-read by the deck loader, whose line numbers mean nothing to the client: a bad deck's
    422 names the JSON path of the field at fault (``deck.offer[3].abilities[1]``), in its field and its message."""
    mine = house()
    mine["name"] = "la table d'Éloïse ✍️"
    mine["offer"] = [{**c, "fame": 0} for c in mine["offer"]]
    game = dealt(client, deck=mine)
    assert game["deck"]["name"] == "la table d'Éloïse ✍️"
    status, out = post(client, BOT, {"game": game, "bot": "random"})
    assert status == 200 and out["game"]["deck"]["name"] == mine["name"]
    for deck, field, words in bad_decks():
        r = client.post(
            NEW, content=json.dumps({"seed": 1, "deck": deck}), headers={"content-type": "application/json"}
        )  # json.dumps: a lone surrogate is sent escaped, as a client may
        status, out = r.status_code, r.json()
        assert status == 422, (field, out)
        assert out["field"] == field and words in out["error"] and out["error"].startswith(f"{field}: "), (field, out)
        assert "line" not in out["error"].split(":")[0], out
    status, out = post(client, NEW, {"deck": "house"})
    assert status == 422 and out["field"] == "deck"
    status, out = post(client, NEW, {"options": {"players": 1}})
    assert status == 422 and out["field"] == "options.players" and "played by 2, 3, 4, 5 players" in out["error"]
    status, out = post(client, NEW, {"options": {"players": 2, "colours": 3}})
    assert status == 422 and out["field"] == "options.colours"


@pytest.mark.parametrize(
    "word",
    ["ﬁt", "e\u0301t", "İt", "\u202etar", "ta\u200bt", "ǅa", "\ud800t", "ｔａｔ", "🃏🃏", "\x00t", "t" * 61],
)
def test_odd_unicode_in_a_word_is_a_422_not_a_crash(client: TestClient, word: str) -> None:
    game = dealt(client)
    action = {"action": "spell", "word": word, "layout": [{"card": 0}, {"card": 1, "as": "ß"}]}
    r = client.post(
        ACTION, content=json.dumps({"game": game, "action": action}), headers={"content-type": "application/json"}
    )
    assert r.status_code == 422, r.text
    assert r.json()["field"].startswith("action")
    status, out = post(client, BOT, {"game": game, "bot": "hard", "dictionary": "énable\u0000"})
    assert status == 422 and out["field"] == "dictionary"


def test_the_openapi_schema_lists_the_routes(client: TestClient) -> None:
    schema = client.get("/openapi.json").json()
    for path in (NEW, ACTION, BOT):
        assert "post" in schema["paths"][path], path
        assert "422" in schema["paths"][path]["post"]["responses"]
    bot = schema["components"]["schemas"]["PaperbackBotMoveIn"]["properties"]["bot"]
    assert set(bot["enum"]) == {"greedy", "hard", "random", "expert"}


EXPANSIONS = {"attacks": True, "powers": True, "award": True, "theme": True}


def test_the_expansions_are_dealt_shown_and_played_over_http(client: TestClient) -> None:
    status, out = post(client, NEW, {"seed": 4, "options": {"players": 2, **EXPANSIONS}})
    assert status == 200, out
    view = out["expansions"]
    assert len(view["powers"]) == 2 and view["award"] and view["theme"] and view["holder"] is None
    assert out["game"]["options"]["attacks"] is True and "expansions" in out["game"]
    game = out["game"]
    for turn in range(6):
        status, out = post(client, BOT, {"game": game, "bot": ("hard", "random")[turn % 2]})
        assert status == 200, out
        game = out["game"]
    status, plain = post(client, NEW, {"seed": 4})
    assert status == 200 and plain["expansions"] is None and "expansions" not in plain["game"]


@pytest.mark.parametrize(
    ("forge", "field"),
    [
        (lambda g: g["expansions"].update(holder=7), "game.expansions.holder"),
        (lambda g: g["expansions"].update(powers=[1, 1]), "game.expansions.powers"),
        (lambda g: g["expansions"].update(in_play=[[], [0]]), "game.expansions.in_play[1]"),
        (lambda g: g["expansions"].update(award=99), "game.expansions.award"),
        (lambda g: g["expansions"].update(bought=-1), "game.expansions.bought"),
        (lambda g: g["expansions"].update(in_play="all"), "game.expansions.in_play"),
        (lambda g: g.pop("expansions"), "game.expansions"),
        (lambda g: g["options"].update(powers="on"), "game.options.powers"),
    ],
)
def test_a_forged_expansion_state_is_a_422_naming_the_field(client: TestClient, forge: Any, field: str) -> None:
    status, out = post(client, NEW, {"seed": 4, "options": {"players": 2, **EXPANSIONS}})
    game = copy.deepcopy(out["game"])
    forge(game)
    for path, body in ((ACTION, {"game": game, "action": {"action": "pass"}}), (BOT, {"game": game})):
        status, bad = post(client, path, body)
        assert status == 422, bad
        assert bad["field"] == field, bad


def test_expansion_options_a_deck_cannot_play_are_a_422(client: TestClient) -> None:
    bare = house()
    bare["offer"] = [c for c in bare["offer"] if "attack" not in c]
    bare["powers"] = ["shield", "draw+1"]
    status, out = post(client, NEW, {"deck": bare, "options": {"players": 2, "attacks": True}})
    assert status == 422 and out["field"] == "options.attacks" and "no Attack cards" in out["error"]
    status, out = post(client, NEW, {"deck": bare, "options": {"players": 3, "powers": True}})
    assert status == 422 and out["field"] == "options.powers"
    status, out = post(client, NEW, {"options": {"attacks": "yes"}})
    assert status == 422 and "attacks" in out["field"]
    bad = house()
    bad["powers"] = ["fly"]
    status, out = post(client, NEW, {"deck": bad})
    assert status == 422 and out["field"] == "deck.powers[0]" and "'fly' is not in the vocabulary" in out["error"]
