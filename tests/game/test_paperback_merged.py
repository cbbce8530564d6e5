"""Where the Paperback branches meet: records and their review (pb-review), the optional cube rules and co-op
(pb-options), the expansions (pb-expansions). Games played by bots with every option on are recorded, saved, loaded,
replayed to the same state and reviewed; a hand discarded for a cube is reviewed as a pass, a hand under a
min-length attack with the attack's shortest word; a buy-max attack counts every kind of purchase; a lost co-op
game returns the Attack cards in play; the bots' discard test counts a power's coins; deck errors of the pyramid and
the expansions name their JSON path over HTTP; a Paperback tournament with the options writes records and its text
table names them."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from solver.answers.review import format_review, review
from solver.answers.review_paperback import PAPERBACK as PAPERBACK_REVIEW
from solver.bots.paperback import make_bot, worthless
from solver.cli.main import main
from solver.game.hardback.actions import IllegalActionError
from solver.game.paperback import Buy, PaperbackGame, PaperbackOptions, PaperbackState, Place, expansions
from solver.game.paperback.engine import BUY, OVER
from solver.game.paperback.record import PAPERBACK
from solver.game.records import replays_to_state
from solver.lexicon import Lexicon
from solver.paperback.deck import DeckError, deck_from_json, house_deck
from solver.paperback.moves import PaperbackObjective
from solver.tournament.paperback import PaperbackPlay

from helpers import post

CUBES = ("cube_advice", "cube_discard", "cube_discount", "recycle_twos")
EXPANSIONS = {"attacks": True, "powers": True, "award": True, "theme": True}
SEED = 4  # random against hard with the cube rules: 24 turns, two of them hands discarded for a cube
ALL_SEED = 27  # random against hard, every option but co-op: 22 turns, a discard, a cash, a min-length attack


def recorded(
    enable: Lexicon, rules: tuple[str, ...], bots: list[str], seed: int, **more: bool
) -> tuple[dict[str, Any], Any]:
    """A whole game as ``tournament --records`` keeps it (as a file holds it), and the tournament's own record."""
    rec = PaperbackPlay.of(house_deck(), rules=rules, keep_log=True, **more)(bots, seed, None, enable)
    return json.loads(json.dumps(rec.extra["record"])), rec


def test_a_record_with_the_cube_rules_replays_and_is_reviewed(enable: Lexicon) -> None:
    """The record keeps the options; replayed under them it is the game played (state, Fame, cubes); its discards
    are turns without a word (reviewed as passes: no rank, the whole best move as the gap)."""
    data, rec = recorded(enable, CUBES, ["random", "hard"], SEED)
    assert all(data["options"][r] is True for r in CUBES)
    kinds = [a["action"] for a in data["log"]]
    assert kinds.count("discard") == 2
    record = PAPERBACK.read(data)
    assert all(getattr(record.options, r) for r in CUBES)
    game, turns = PAPERBACK.replay(record, enable)
    assert replays_to_state(record, game) and game.scores() == rec.prestige
    assert game.state.cubes is not None and game.state.cubes.to_json()["held"] == rec.extra["cubes"]
    assert len(turns) == sum(1 for k in kinds if k in ("spell", "pass", "discard"))
    assert [t.turn for t in turns] == list(range(1, len(turns) + 1))
    discards = [t for t in turns if t.discard]
    assert len(discards) == kinds.count("discard") and all(t.played is None for t in discards)
    rev = review(PAPERBACK_REVIEW, enable, turns, PaperbackObjective.VALUE)
    assert rev.complete and rev.exact
    for t in rev.turns:
        row = t.to_json()
        assert row["discard"] is t.turn.discard
        if t.turn.discard:
            assert row["word"] is None and row["rank"] is None and t.best is not None
            assert row["gap"]["value"] == pytest.approx(t.best.value)
    text = format_review(rev)
    assert text.count("(discard)") == len(discards)


def test_a_coop_record_replays_to_the_teams_result(enable: Lexicon) -> None:
    """A co-op game's record (its pyramid, the cubes placed) replays to the team's result and is reviewed."""
    data, rec = recorded(enable, (*CUBES, "coop"), ["greedy", "hard"], 5)
    assert data["options"]["coop"] is True and any(a["action"] == "place" for a in data["log"])
    record = PAPERBACK.read(data)
    game, turns = PAPERBACK.replay(record, enable)
    assert replays_to_state(record, game) and game.result() == rec.extra["result"]
    rev = review(PAPERBACK_REVIEW, enable, turns, PaperbackObjective.SCORE)
    assert rev.complete and len(rev.turns) == len(turns) > 0


def test_the_review_cli_reads_an_options_record(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``tournament --game paperback --records`` with the cube flags: each record keeps the options and ``review``
    replays it; the tournament's text table names the deck and the rules."""
    folder = tmp_path / "games"
    flags = ["--games", "2", "--seed", str(SEED), "--records", str(folder), "--workers", "1", "--quiet"]
    code = main(
        ["tournament", "--game", "paperback", "--bots", "random,hard", "--cube-discard", "--cube-discount", *flags]
    )
    table = capsys.readouterr().out
    assert code == 0
    assert "Paperback on the house deck (shipped)" in table and "cube_discard, cube_discount" in table
    assert "(house (shipped))" not in table and "prestige" not in table  # Paperback scores Fame
    header = next(line for line in table.splitlines() if line.startswith("bot "))
    assert header.split()[-3] == "Fame" and "margin is Fame over the best opponent" in table
    files = sorted(folder.glob("game-*.json"))
    assert len(files) == 2
    for f in files:
        data = json.loads(f.read_text(encoding="utf-8"))
        assert data["options"]["cube_discard"] and data["options"]["cube_discount"]
        assert main(["review", str(f), "--json", "--objective", "score"]) == 0
        rows = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
        assert rows and all("discard" in r for r in rows)
        assert sum(r["discard"] for r in rows) == sum(1 for a in data["log"] if a["action"] == "discard")


def _bad_pyramid() -> dict[str, Any]:
    data = house_deck().to_json()
    data["pyramid"] = {"2": [[0, 0, 0, 0], [1, 1, 1, 1], [2, 2]]}  # fame[3]'s card left out
    return data


def test_a_bad_pyramid_names_its_json_path() -> None:
    """The deck errors carry their JSON path (pb-review); the co-op pyramid's (pb-options) do too."""
    with pytest.raises(DeckError) as e:
        deck_from_json(_bad_pyramid(), "deck")
    assert e.value.path == "pyramid.2" and "every Fame card once" in e.value.reason
    with pytest.raises(DeckError) as e:
        deck_from_json({**_bad_pyramid(), "pyramid": []}, "deck")
    assert e.value.path == "pyramid"


def test_a_bad_pyramid_over_http_is_a_422_naming_its_path(client: TestClient) -> None:
    status, out = post(client, "/v1/paperback/game/new", {"seed": 1, "deck": _bad_pyramid(), "options": {"coop": True}})
    assert status == 422 and out["field"] == "deck.pyramid.2" and "deck.pyramid.2" in out["error"], out


def test_every_option_of_both_branches_played_saved_loaded_replayed_and_reviewed(
    enable: Lexicon, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The cube rules and the four expansions on (co-op off): bots play the game to its end; its record, saved to a
    file and loaded (as a state and as a record), replays to the same state, Fame and expansion results, and every
    turn is reviewed, the hand read with the attacks then in force."""
    data, rec = recorded(enable, CUBES, ["random", "hard"], ALL_SEED, **EXPANSIONS)
    path = tmp_path / "all.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    data = json.loads(path.read_text(encoding="utf-8"))
    base = {"players": 2, "min_length": 2, "spacebar": False, "dyslexic": False}
    assert data["options"] == base | dict.fromkeys(CUBES, True) | EXPANSIONS
    loaded = PaperbackState.from_json(data)  # the saved state checked in full (cubes and expansions)
    assert loaded.phase == OVER and loaded.cubes is not None and loaded.extras is not None
    record = PAPERBACK.read(data)
    game, turns = PAPERBACK.replay(record, enable)
    assert replays_to_state(record, game) and game.scores() == rec.prestige
    assert expansions.results(game.state) == rec.extra["expansions"] and rec.extra["expansions"]
    kinds = [a["action"] for a in data["log"]]
    assert {"discard", "cash"} <= set(kinds)
    attacked = [t for t in turns if t.state.min_length > 2]
    assert attacked and sum(t.discard for t in turns) == kinds.count("discard")
    rev = review(PAPERBACK_REVIEW, enable, turns, PaperbackObjective.VALUE)
    assert rev.complete and rev.exact and len(rev.turns) == len(turns)
    for t in rev.turns:
        if t.turn.state.min_length > 2 and t.best is not None:  # the best move obeys the attack's shortest word
            assert all(len(w) >= t.turn.state.min_length for w in t.best.word.split(" "))
        if t.turn.played is not None:
            assert t.rank is not None or t.below is not None
    assert main(["review", str(path), "--objective", "score"]) == 0
    out = capsys.readouterr().out
    assert "(discard)" in out and "review of the Paperback game" in out


def test_coop_with_every_expansion_ends_and_replays(enable: Lexicon) -> None:
    """Co-op with the cube rules and the four expansions: the bots play it to the team's result, and its record
    replays to it and is reviewed."""
    data, rec = recorded(enable, (*CUBES, "coop"), ["greedy", "hard"], 2, **EXPANSIONS)
    assert rec.extra["result"] in ("won", "lost") and data["options"]["coop"] and data["options"]["theme"]
    record = PAPERBACK.read(data)
    game, turns = PAPERBACK.replay(record, enable)
    assert replays_to_state(record, game) and game.result() == rec.extra["result"] and game.winner() is None
    assert not any(game.state.extras.in_play) if game.state.extras is not None else False
    assert review(PAPERBACK_REVIEW, enable, turns, PaperbackObjective.SCORE).complete


def _with_attack_in_play(enable: Lexicon, attack: str, **options: Any) -> PaperbackGame:
    """A dealt game with the house deck's Attack card of ``attack`` moved into seat 1's play, seat 0 in its buy
    phase with 40 coins (a forged position, every card still in one place)."""
    game = PaperbackGame.new(house_deck(), PaperbackOptions.from_json({"attacks": True, **options}), 3, enable)
    st = game.state
    card = next(i for i, b in enumerate(st.box) if any(str(a) == attack for a in b.attack))
    for pile in [*st.offer, *(p.draw for p in st.players), *(p.hand for p in st.players)]:
        if card in pile:
            pile.remove(card)
    st.row = [None if c == card else c for c in st.row]
    assert st.extras is not None
    st.extras.in_play[1].append(card)
    st.phase, st.coins = BUY, 40
    st.check()
    return game


def test_a_buy_max_attack_counts_pyramid_and_discounted_purchases(enable: Lexicon) -> None:
    """ "others:buy-max-1" in play: one purchase this turn, whether a co-op pyramid card or an Offer card bought off
    a pile's top under the discount rule (the options branch's own buy paths)."""
    game = _with_attack_in_play(enable, "others:buy-max-1", coop=True, cube_discount=True)
    st = game.state
    assert st.coop is not None
    game.apply(Buy("fame", st.coop.open()[0]))
    with pytest.raises(IllegalActionError, match="at most 1 cards"):
        game.apply(Buy("offer", 0, "top"))
    game = _with_attack_in_play(enable, "others:buy-max-1", cube_discount=True)
    game.apply(Buy("offer", 1, "top"))
    assert game.state.cubes is not None and game.state.row[1] is not None
    assert game.state.cubes.on(game.state.row[1]) == 1  # the discount token, as ever
    with pytest.raises(IllegalActionError, match="at most 1 cards"):
        game.apply(Buy("fame", 0))


def test_a_coop_game_lost_by_a_placed_cube_returns_the_attack_cards(enable: Lexicon) -> None:
    """The team loses the moment a card holds coop_loss_cubes cubes: the game is over, and the Attack cards in play
    go back to their owners as at any end (the state still checks in full)."""
    game = _with_attack_in_play(enable, "others:no-common", coop=True, coop_loss_cubes=4)
    st = game.state
    assert st.coop is not None and st.cubes is not None and st.extras is not None
    k = st.coop.open()[0]
    card = st.coop.pyramid[k]
    assert card is not None
    attack = st.extras.in_play[1][0]
    for _ in range(3):
        st.cubes.put(card)
    game.apply(Place(k))
    assert st.phase == OVER and game.result() == "lost"
    assert not any(st.extras.in_play) and attack in st.players[1].discard
    assert PaperbackState.from_json(json.loads(json.dumps(st.to_json()))).phase == OVER


def test_the_bots_discard_test_counts_a_powers_coins(enable: Lexicon) -> None:
    """With cube_discard a bot discards for a cube only when its word buys nothing: a ``score+2`` power's coins
    count (``expansions.coins``), so a word 2 short of the cheapest card is not worthless with it."""
    deck = house_deck()
    game = PaperbackGame.new(deck, PaperbackOptions.from_json({"cube_discard": True, "powers": True}), 3, enable)
    st = game.state
    _, move = make_bot("greedy", enable, 0).search(st)
    assert move is not None and st.extras is not None
    cheapest = min(st.price(c) for c in [*(p[-1] for p in st.offer if p), *(c for c in st.row if c is not None)])
    short = dataclasses.replace(move, score=cheapest - 2, gains_common=False, cards_next=0)
    score_power = next(i for i, p in enumerate(deck.powers) if str(p) == "score+2")
    other = next(i for i, p in enumerate(deck.powers) if p.kind not in ("score",))
    st.extras.powers[st.current] = other
    assert worthless(st, short)
    st.extras.powers[st.current] = score_power
    assert expansions.coins(st, short.score) == cheapest and not worthless(st, short)


@pytest.mark.parametrize(
    ("edit", "field"),
    [
        (lambda d: d.update(powers=["draw+1", "fly"]), "deck.powers[1]"),
        (lambda d: d.update(awards=[]), "deck.awards"),
        (lambda d: d["offer"][-1].update(attack=["others:steal"]), "deck.offer[{last}].attack[0]"),
    ],
)
def test_an_expansion_deck_error_over_http_names_its_json_path(client: TestClient, edit: Any, field: str) -> None:
    """The expansions' deck fields carry their JSON path as the other deck fields do (pb-review's DeckError.path)."""
    data = house_deck().to_json()
    edit(data)
    want = field.format(last=len(data["offer"]) - 1)
    status, out = post(client, "/v1/paperback/game/new", {"seed": 1, "deck": data, "options": {"attacks": True}})
    assert status == 422 and out["field"] == want and want in out["error"], out


def test_the_service_deals_cubes_coop_and_expansions_together(client: TestClient) -> None:
    """``options`` read once, by PaperbackOptions: the answer shows the cubes, the pyramid and the expansions."""
    options = {**dict.fromkeys(CUBES, True), "coop": True, **EXPANSIONS}
    status, out = post(client, "/v1/paperback/game/new", {"seed": 2, "options": options})
    assert status == 200, out
    game = out["game"]
    assert game["options"] == {"players": 2, "min_length": 2, "spacebar": False, "dyslexic": False} | options | {
        "coop_loss_cubes": 5
    }
    assert "cubes" in game and "coop" in game and "expansions" in game
    assert out["expansions"]["powers"] and out["expansions"]["award"] and out["result"] is None
    status, out = post(client, "/v1/paperback/game/new", {"seed": 2, "options": {"theme": "yes"}})
    assert status == 422 and out["field"] == "options.theme"
