"""Where the Paperback branches meet: records and their review (pb-review) under the optional cube rules and co-op
(pb-options). A game played by bots with the options on is recorded, read back, replayed to the same state and
reviewed; a hand discarded for a cube is reviewed as a pass; a deck's bad co-op pyramid names its JSON path over
HTTP; a Paperback tournament with the options writes records and its text table names them."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from solver.answers.paperback_review import format_review, review
from solver.cli.main import main
from solver.game.paperback.record import read_record, replay, replays_to_state
from solver.lexicon import Lexicon
from solver.paperback.deck import DeckError, deck_from_json, house_deck
from solver.paperback.moves import PaperbackObjective
from solver.tournament.paperback import PaperbackPlay

from helpers import post

CUBES = ("cube_advice", "cube_discard", "cube_discount", "recycle_twos")
SEED = 4  # random against hard with the cube rules: 24 turns, two of them hands discarded for a cube


def recorded(enable: Lexicon, rules: tuple[str, ...], bots: list[str], seed: int) -> tuple[dict[str, Any], Any]:
    """A whole game as ``tournament --records`` keeps it (as a file holds it), and the tournament's own record."""
    rec = PaperbackPlay.of(house_deck(), rules=rules, keep_log=True)(bots, seed, None, enable)
    return json.loads(json.dumps(rec.extra["record"])), rec


def test_a_record_with_the_cube_rules_replays_and_is_reviewed(enable: Lexicon) -> None:
    """The record keeps the options; replayed under them it is the game played (state, Fame, cubes); its discards
    are turns without a word (reviewed as passes: no rank, the whole best move as the gap)."""
    data, rec = recorded(enable, CUBES, ["random", "hard"], SEED)
    assert all(data["options"][r] is True for r in CUBES)
    kinds = [a["action"] for a in data["log"]]
    assert kinds.count("discard") == 2
    record = read_record(data)
    assert all(getattr(record.options, r) for r in CUBES)
    game, turns = replay(record, enable)
    assert replays_to_state(record, game) and game.scores() == rec.prestige
    assert game.state.cubes is not None and game.state.cubes.to_json()["held"] == rec.extra["cubes"]
    assert len(turns) == sum(1 for k in kinds if k in ("spell", "pass", "discard"))
    assert [t.turn for t in turns] == list(range(1, len(turns) + 1))
    discards = [t for t in turns if t.discard]
    assert len(discards) == kinds.count("discard") and all(t.played is None for t in discards)
    rev = review(enable, turns, PaperbackObjective.VALUE)
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
    record = read_record(data)
    game, turns = replay(record, enable)
    assert replays_to_state(record, game) and game.result() == rec.extra["result"]
    rev = review(enable, turns, PaperbackObjective.SCORE)
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
    assert "Paperback on the house deck" in table and "cube_discard, cube_discount" in table
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
