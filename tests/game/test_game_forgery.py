"""Forged game states through the real service: every state no game can reach is a 422 naming the field at fault,
never a 500 and never a move played on it; and with a state key, an altered or unsigned state is refused.

The forgeries are those a hostile user tried (issue 12: 200 copies of E, a one-copy card five times, an offer-row
card also in a hand, an inline house card dealt into a hand, 1,000 coins in the buy phase, a broken random state,
the cooperative anthology switched on mid-game) and worse ones. A sweep replaces every field of a dealt game with
junk of every kind and checks that the answer is a 200 or a 422 naming a field of the game, never anything else.
"""

from __future__ import annotations

import copy
import json
import os
import sys
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from service.main import create_app
from service.settings import Settings, SettingsError
from solver.game.hardback.actions import Skip, Spell
from solver.game.hardback.engine import Game
from solver.game.hardback.options import GameOptions
from solver.game.hardback.state import GameState
from solver.game.hardback.validate import check, load, problems
from solver.game.saving import GameStateError
from solver.hardback.objectives import Objective
from solver.lexicon import Lexicon, default_lexicon
from solver.search.hardback import Search

from helpers import lexicon_of, post
from live_server import live_server

Game_ = dict[str, Any]
ACTION = "/v1/hardback/game/action"
BOT = "/v1/hardback/bot/move"
KEY = "a-state-key-of-32-characters-xyz"


@pytest.fixture(scope="module")
def client(unsigned: TestClient) -> TestClient:
    """These tests post states built by the engine or forged: the service takes them unsigned."""
    return unsigned


def dealt(client: TestClient, **options: Any) -> Game_:
    status, out = post(client, "/v1/hardback/game/new", {"options": options, "seed": 3})
    assert status == 200, out
    game: Game_ = out["game"]
    return game


def buy_phase(lexicon: Lexicon) -> Game_:
    """A real game in its buy phase: seat 0 spelled its best word and made its choices."""
    game = Game.new(GameOptions(), 3, lexicon)
    move = Search(lexicon, game.turn_state(), Objective.COINS).top(1)[0]
    game.apply(Spell.of_move(move, Objective.COINS))
    while game.state.phase == "choices":
        game.apply(Skip())
    assert game.state.phase == "buy"
    return game.state.to_json()


def refused(client: TestClient, game: Game_, field: str, words: str, path: str = ACTION) -> dict[str, Any]:
    """The forged game is a 422 naming ``field`` (a prefix for an entry of a list) with ``words`` in the message."""
    body = {"game": game, "action": {"action": "pass"}} if path == ACTION else {"game": game, "bot": "greedy"}
    status, out = post(client, path, body)
    assert status == 422, (status, out)
    assert out["field"].startswith(field), out
    assert words in out["error"], out
    assert "Error" not in out["error"] and "Traceback" not in out["error"], out  # words, not exception names
    return dict(out)


def hand(game: Game_, seat: int = 0) -> list[str]:
    cards: list[str] = game["players"][seat]["hand"]
    return cards


# -- the forgeries of the issue ---------------------------------------------------------------------------------


def test_two_hundred_copies_of_e_in_a_hand(client: TestClient) -> None:
    game = dealt(client)
    game["players"][0]["hand"] = ["E"] * 200
    out = refused(client, game, "game.players[0].hand[", "E is in the box 5 times")
    assert "every card is in exactly one place" in out["error"]
    refused(client, game, "game.players[0].hand[", "E is in the box 5 times", BOT)


def test_a_one_copy_card_five_times(client: TestClient) -> None:
    game = dealt(client)
    card = game["offer_row"][0]
    hand(game).extend([card] * 4)
    refused(client, game, "game.players[0].hand[5]", "is in the box once and is already at game.offer_row[0]")


def test_an_offer_row_card_also_in_the_hand(client: TestClient) -> None:
    game = dealt(client)
    hand(game)[0] = game["offer_row"][3]
    refused(client, game, "game.players[0].hand[0]", "already at game.offer_row[3]")


def test_an_inline_house_card_dealt_into_a_hand(client: TestClient) -> None:
    game = dealt(client)
    hand(game)[1] = "r:Q4{99p | 99p}"
    out = refused(client, game, "game.players[0].hand[1]", "house card given inline")
    assert "no game option declares house cards" in out["error"]
    refused(client, game, "game.players[0].hand[1]", "house card given inline", BOT)  # no QUAIL for 198 prestige


def test_a_thousand_coins_in_the_buy_phase(client: TestClient) -> None:
    game = buy_phase(default_lexicon())  # the service's own dictionary
    status, out = post(client, ACTION, {"game": game, "action": {"action": "end"}})
    assert status == 200, out  # the real state plays on
    game["turn"]["coins"] = 1000
    out = refused(client, game, "game.turn.coins", "1000 coins: more than the cards in play")
    status, out = post(client, ACTION, {"game": game, "action": {"action": "buy", "slot": 0}})
    assert status == 422 and out["field"] == "game.turn.coins"


@pytest.mark.parametrize(
    ("change", "field", "words"),
    [
        (lambda r: r[1].__setitem__(0, 2**40), "game.rng[1][0]", "from 0 to 4294967295"),
        (lambda r: r[1].__setitem__(5, -7), "game.rng[1][5]", "from 0 to 4294967295"),
        (lambda r: r[1].__setitem__(624, 10**30), "game.rng[1][624]", "from 0 to 624"),
        (lambda r: r[1].pop(), "game.rng[1]", "625 whole numbers"),
        (lambda r: r.__setitem__(0, 2), "game.rng[0]", "must be 3"),
        (lambda r: r.__setitem__(2, "x"), "game.rng[2]", "null or a finite number"),
        (lambda r: r.__setitem__(1, "x" * 100), "game.rng[1]", "625 whole numbers"),
        (lambda r: r.append(0), "game.rng", "as the engine saves it"),
    ],
)
def test_a_broken_random_state(client: TestClient, change: Callable[[list[Any]], None], field: str, words: str) -> None:
    game = dealt(client)
    change(game["rng"])
    refused(client, game, field, words)


def test_the_cooperative_anthology_switched_on_in_a_dealt_game(client: TestClient) -> None:
    game = dealt(client)
    game["options"]["coop"] = True
    refused(client, game, "game.penny", "needs Penny Dreadful")
    refused(client, game, "game.penny", "needs Penny Dreadful", BOT)
    game = dealt(client, coop=True, penny_genre="romance")
    game["options"]["coop"] = False
    refused(client, game, "game.penny", "only in the cooperative anthology")
    game = dealt(client, coop=True, penny_genre="romance")
    game["penny"]["genre"] = "horror"
    refused(client, game, "game.penny.genre", "options.penny_genre")


# -- worse ones -------------------------------------------------------------------------------------------------


def _set(path: str, value: object) -> Callable[[Game_], None]:
    """A change that sets the field at ``path`` (dots and [i]) of the game object."""

    def change(game: Game_) -> None:
        *parents, last = _steps(path)
        node: Any = game
        for step in parents:
            node = node[step]
        node[last] = value

    return change


def _steps(path: str) -> list[str | int]:
    out: list[str | int] = []
    for part in path.split("."):
        name, *indices = part.replace("]", "").split("[")
        if name:
            out.append(name)
        out.extend(int(i) for i in indices)
    return out


def _drop(path: str) -> Callable[[Game_], None]:
    def change(game: Game_) -> None:
        *parents, last = _steps(path)
        node: Any = game
        for step in parents:
            node = node[step]
        del node[last]

    return change


def _move(game: Game_, source: str, seat: int, zone: str, n: int = 1) -> None:
    """Move the top ``n`` cards of a zone of the game to a zone of a seat (no card created or lost)."""
    for _ in range(n):
        game["players"][seat][zone].append(game[source].pop())


def _short_row(game: Game_) -> None:
    game["removed"].append(game["offer_row"].pop())
    game["offer_age"].pop()


WORSE: list[tuple[str, Callable[[Game_], None], str, str]] = [
    ("a negative count", _set("players[0].ink", -1), "game.players[0].ink", "from 0 to"),
    ("negative prestige", _set("players[1].prestige", -5), "game.players[1].prestige", "from 0 to"),
    ("a huge int", _set("players[0].prestige", 10**30), "game.players[0].prestige", "from 0 to"),
    ("prestige no game reaches", _set("players[0].prestige", 100_000), "game.players[0].prestige", "more than"),
    ("ink no game reaches", _set("players[1].ink", 50_000), "game.players[1].ink", "more than 1 turns can give"),
    ("a float where an int goes", _set("players[0].remover", 1.5), "game.players[0].remover", "whole number"),
    ("an integral float", _set("current", 0.0), "game.current", "whole number"),
    ("a bool where an int goes", _set("players[0].prestige", True), "game.players[0].prestige", "whole number"),
    ("a bool seat", _set("current", True), "game.current", "whole number"),
    ("a string number", _set("turns", "0"), "game.turns", "whole number"),
    ("a string flag", _set("ending", "false"), "game.ending", "true or false"),
    ("a list for a hand", _set("players[0].hand", "E"), "game.players[0].hand", "must be a list"),
    ("an object for a card", _set("players[0].hand[0]", {"code": "E"}), "game.players[0].hand[0]", "card code"),
    ("an unknown phase", _set("phase", "dancing"), "game.phase", "unknown phase 'dancing'"),
    ("the choices phase with nothing to choose", _set("phase", "choices"), "game.players[0].hand", "choices phase"),
    ("the event phase without events", _set("phase", "event"), "game.turns", "no turn has been played"),
    ("a seat out of range", _set("current", 5), "game.current", "from 0 to 1"),
    ("the wrong seat in turn", _set("current", 1), "game.current", "seat 0 is"),
    ("a missing field", _drop("players[0].hand"), "game.players[0].hand", "missing or malformed field"),
    ("missing players", _set("players", []), "game.players", "but 0 players are given"),
    ("no players field", _drop("players"), "game.players", "missing"),
    ("no options", _drop("options"), "game.options", "missing"),
    ("bad options", _set("options.target", 5), "game.options", "target must be from 10 to 500"),
    ("an unknown option", _set("options.house_cards", True), "game.options", "unknown game option"),
    ("a card that does not exist", _set("players[0].hand[0]", "r:Z9"), "game.players[0].hand[0]", "no card"),
    ("a malformed code", _set("offer_row[2]", "??"), "game.offer_row[2]", "malformed card code"),
    ("a card gone", lambda g: g["offer_deck"].pop(), "game", "cards of the box are missing"),
    ("a starter in the offer row", _set("offer_row[0]", "S"), "game.offer_row[0]", "starter"),
    ("a third prestige starter", lambda g: _move(g, "unused", 0, "draw"), "game.players[0]", "3 prestige starters"),
    ("a card in play", lambda g: _move(g, "offer_deck", 0, "in_play"), "game.players[0].in_play[0]", "not a timeless"),
    ("two jailed cards", lambda g: _move(g, "offer_deck", 0, "jail", 2), "game.players[0].jail", "holds one card"),
    ("a turn mid-word in prepare", _set("turn.coins", 3), "game.turn.coins", "prepare phase"),
    ("a power with powers off", _set("players[0].power", "lyrical"), "game.players[0].power", "not in play"),
    ("an unknown power", _set("players[0].power", "flight"), "game.players[0].power", "not in play"),
    ("an event with events off", _set("players[1].event", "Haiku"), "game.players[1].event", "not in play"),
    ("adverts with adverts off", _set("players[0].adverts", 2), "game.players[0].adverts", "not in play"),
    ("an award never claimed", _set("award_length", 9), "game.award_length", "not in play"),
    ("a ghost writer with the rule off", _set("turn.ghost", 1), "game.turn.ghost", "ghost_writer"),
    (
        "a disfigured letter without the power",
        _set("players[1].disfigured", ["starter:Q0{- | -}"]),
        "game.players[1].disfigured",
        "no player at the table holds the power",
    ),
    ("an offer age in the future", _set("offer_age[0]", 99), "game.offer_age[0]", "turns have been played"),
    ("a short offer row", lambda g: _short_row(g), "game.offer_row", "refilled to 7"),
    ("an offer age missing", lambda g: g["offer_age"].pop(), "game.offer_age", "one turn for each"),
    ("a signature-like junk field", _set("turns", [[[[[]]]]]), "game.turns", "whole number"),
]


@pytest.mark.parametrize(("name", "change", "field", "words"), WORSE, ids=[w[0] for w in WORSE])
def test_worse_forgeries_are_named(
    client: TestClient, name: str, change: Callable[[Game_], None], field: str, words: str
) -> None:
    game = dealt(client)
    change(game)
    refused(client, game, field, words)


def test_an_event_in_two_places_and_events_that_do_not_match(client: TestClient) -> None:
    deck = [{"name": "Haiku", "max_length": 3}, {"name": "Epic", "min_length": 6}]
    game = dealt(client, events=True, event_deck=deck)
    game["players"][1]["event"] = "Epic"  # still in the event deck
    refused(client, game, "game.players[1].event", "event 'Epic' is already at game.events_deck")
    game = dealt(client, events=True, event_deck=deck)
    epic = next(e for e in game["events_deck"] if e["name"] == "Epic")
    epic["min_length"] = 2  # an easier Epic than the table's
    refused(client, game, "game.events_deck[", "differs from the table's deck")
    game = dealt(client, events=True, event_deck=deck)
    game["players"][0]["event"] = "Sonnet"
    refused(client, game, "game.players[0].event", "no event 'Sonnet'")


def test_nested_junk_is_refused_by_the_body_limit_or_named(client: TestClient) -> None:
    deep = "[" * 5_000_000 + "]" * 5_000_000  # 10 MB of nesting
    r = client.post(ACTION, content=f'{{"game": {deep}, "action": {{"action": "pass"}}}}'.encode())
    assert r.status_code == 413 and "larger than" in r.json()["error"]
    deep = "[" * 20_000 + "]" * 20_000  # under the limit, deeper than any JSON reader recurses
    r = client.post(ACTION, content=f'{{"game": {{"players": {deep}}}, "action": {{"action": "pass"}}}}'.encode())
    assert 400 <= r.status_code < 500, r.text
    game = dealt(client)
    game["players"][0]["hand"] = [[[["E"]]]]
    refused(client, game, "game.players[0].hand[0]", "card code")
    game = dealt(client)
    game["turn"] = {"sent_home": [[[0, "E"]]]}
    refused(client, game, "game.turn.sent_home[0]", "pair")
    r = client.post(ACTION, content=b'{"game": {"turns": ' + b"9" * 5000 + b'}, "action": {"action": "pass"}}')
    assert 400 <= r.status_code < 500, r.text


JUNK: list[object] = [None, -1, 10**20, 1.5, True, "x", [], {}, ["E"], [[1]]]


def _leaves(node: object, path: str = "") -> Iterator[str]:
    """Every field of a game object (lists of numbers, like the random state, as one field)."""
    if isinstance(node, dict):
        for k, v in node.items():
            yield from _leaves(v, f"{path}.{k}" if path else k)
    elif isinstance(node, list) and node and not all(isinstance(x, int) for x in node):
        yield path
        for i, v in enumerate(node[:2]):
            yield from _leaves(v, f"{path}[{i}]")
    else:
        yield path


def test_junk_in_every_field_is_a_200_or_a_422_naming_the_game(client: TestClient) -> None:
    """Every field of a dealt game (with events, powers, adverts and awards on) replaced by junk of each kind: the
    service answers 200 (a harmless change, such as another seed) or a 422 naming a field of the game."""
    base = dealt(client, events=True, powers="aggressive", adverts=True, literary_awards=True, ghost_writer=True)
    paths = list(_leaves(base))
    assert len(paths) > 80
    answers: dict[int, int] = {}
    for path in paths:
        for junk in JUNK:
            game = copy.deepcopy(base)
            _set(path, junk)(game)
            status, out = post(client, ACTION, {"game": game, "action": {"action": "pass"}})
            answers[status] = answers.get(status, 0) + 1
            assert status in (200, 422), (path, junk, status, out)
            if status == 422:
                assert out["field"] == "game" or out["field"].startswith("game."), (path, junk, out)
                assert "Error" not in out["error"], (path, junk, out)
    assert answers[422] > answers.get(200, 0)


# -- the checker itself -----------------------------------------------------------------------------------------


def test_the_checker_lists_every_problem_and_raises_the_first() -> None:
    lex = lexicon_of("at", "ta")
    state = Game.new(GameOptions(players=3), 1, lex).state
    assert problems(state) == []
    check(state)  # nothing to say
    data = state.to_json()
    data["players"][2]["hand"] = ["r:Q4{99p | 99p}", *data["players"][2]["hand"][1:]]
    data["players"][1]["ink"] = 40_000
    data["turn"]["coins"] = 5
    forged = GameState.from_json(data)
    fields = [p.field for p in problems(forged)]
    assert "game.players[2].hand[0]" in fields and "game.players[1].ink" in fields and "game.turn.coins" in fields
    assert "game" in fields  # the card the house card replaced is missing
    with pytest.raises(GameStateError) as e:
        load(data)
    assert e.value.field == fields[0] and "more problems after it" in str(e.value)


# -- signed states ----------------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def signing() -> Iterator[TestClient]:
    with TestClient(create_app(Settings(state_key=KEY))) as c:
        yield c


def test_states_are_unsigned_by_default(client: TestClient) -> None:
    game = dealt(client)
    assert "signature" not in game
    status, out = post(client, ACTION, {"game": game, "action": {"action": "pass"}})
    assert status == 200 and "signature" not in out["game"]
    game["signature"] = "hmac-sha256:" + "0" * 64  # a client's own signature means nothing without a key
    status, out = post(client, ACTION, {"game": game, "action": {"action": "pass"}})
    assert status == 200


def test_a_signed_state_plays_on_and_an_altered_one_is_refused(signing: TestClient) -> None:
    game = dealt(signing)
    assert game["signature"].startswith("hmac-sha256:") and len(game["signature"]) == len("hmac-sha256:") + 64
    status, out = post(signing, ACTION, {"game": game, "action": {"action": "pass"}})
    assert status == 200 and out["game"]["signature"] != game["signature"]
    status, bot = post(signing, BOT, {"game": out["game"], "bot": "greedy"})
    assert status == 200 and bot["game"]["signature"]
    # a legal change is refused all the same: the state is not the one the service wrote
    altered = copy.deepcopy(game)
    altered["players"][0]["hand"], altered["players"][0]["draw"][:1] = altered["players"][0]["draw"][:1], []
    for forged in (altered, {**game, "seed": game["seed"] + 1}, {**game, "signature": game["signature"][:-1] + "0"}):
        for path in (ACTION, BOT):
            body = {"game": forged, "action": {"action": "pass"}} if path == ACTION else {"game": forged}
            status, out = post(signing, path, body)
            assert status == 422 and out["field"] == "game.signature", out
            assert "altered after the service signed it" in out["error"]
    unsigned = {k: v for k, v in game.items() if k != "signature"}
    status, out = post(signing, ACTION, {"game": unsigned, "action": {"action": "pass"}})
    assert status == 422 and out["field"] == "game.signature" and "unsigned" in out["error"]
    status, out = post(signing, ACTION, {"game": {**game, "signature": 5}, "action": {"action": "pass"}})
    assert status == 422 and out["field"] == "game.signature"
    # the signature does not depend on the order of the fields or the spacing of the JSON
    reordered = json.loads(json.dumps(dict(reversed(list(game.items())))))
    status, out = post(signing, ACTION, {"game": reordered, "action": {"action": "pass"}})
    assert status == 200, out


def test_a_short_state_key_is_refused() -> None:
    with pytest.raises(SettingsError, match="at least 16"):
        Settings.from_env({"GHOSTWRITER_STATE_KEY": "secret"})
    assert Settings.from_env({"GHOSTWRITER_STATE_KEY": KEY}).state_key == KEY
    assert KEY not in repr(Settings.from_env({"GHOSTWRITER_STATE_KEY": KEY}))
    assert Settings.from_env({"GHOSTWRITER_STATE_KEY": KEY}).to_env()["GHOSTWRITER_STATE_KEY"] == KEY


def _post_live(url: str, body: object) -> tuple[int, Any]:
    request = urllib.request.Request(url, json.dumps(body).encode(), {"content-type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=30) as r:
            return int(r.status), json.loads(r.read())
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read())


def test_serve_signs_with_a_key_file(tmp_path: Any) -> None:
    """``ghostwriter serve --state-key-file`` on a real server: states come back signed; an altered one is refused."""
    key_file = tmp_path / "key"
    key_file.write_text(KEY + "\n")
    serve = [os.path.join(os.path.dirname(sys.executable), "ghostwriter"), "serve", "--state-key-file", str(key_file)]
    with live_server(serve) as base:
        status, out = _post_live(base + "/v1/hardback/game/new", {"seed": 1})
        assert status == 200 and out["game"]["signature"].startswith("hmac-sha256:")
        game = out["game"]
        status, out = _post_live(base + ACTION, {"game": game, "action": {"action": "pass"}})
        assert status == 200, out
        game["players"][0]["prestige"] = 30
        status, out = _post_live(base + ACTION, {"game": game, "action": {"action": "pass"}})
        assert status == 422 and out["field"] == "game.signature"


# -- play --load ------------------------------------------------------------------------------------------------


def test_play_load_refuses_a_hand_edited_save_naming_the_field(tmp_path: Any) -> None:
    import io

    from solver.cli.options import Parser
    from solver.cli.play import PlayError, add_parser, run

    lex = lexicon_of("at", "ta", "eat", "tea")
    save = Game.new(GameOptions(target=10), 2, lex).state.to_json()
    save["players"][0]["hand"][0] = "r:Q4{99p | 99p}"
    path = tmp_path / "forged.json"
    path.write_text(json.dumps({**save, "seats": ["you", "greedy"], "log": []}))
    parser = Parser(prog="ghostwriter")
    add_parser(parser.add_subparsers(dest="command", parser_class=Parser))
    args = parser.parse_args(["play", "--load", str(path)])
    with pytest.raises(PlayError, match=r"--load .*: game\.players\[0\]\.hand\[0\]: .*house card given inline"):
        run(args, io.StringIO("quit\n"), io.StringIO(), lexicon=lex)
