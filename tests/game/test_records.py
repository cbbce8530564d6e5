"""One record format of either game (``solver.game.records``, ``solver.game.saved``), one objective type
(``solver.objectives``), one turn-state check (``solver.states``): a record finds its own game's format, each game's
review reads it through the same names, and what both games share fails the same way."""

from __future__ import annotations

import json
from typing import Any

import pytest

from solver.answers.review import format_review, review
from solver.errors import GhostwriterError, StateError
from solver.game.hardback.replay import HARDBACK
from solver.game.paperback.record import PAPERBACK
from solver.game.records import MAX_NAME, RecordError, read_seats, replays_to_state
from solver.game.saved import FORMATS, record_format
from solver.hardback.objectives import Objective
from solver.hardback.state import TurnState
from solver.lexicon import Lexicon
from solver.objectives import GameObjective
from solver.paperback.deck import house_deck
from solver.paperback.moves import PaperbackObjective
from solver.paperback.state import PaperbackTurn
from solver.tournament.paperback import PaperbackPlay

from helpers import bot_game_record


@pytest.fixture(scope="module")
def saved(enable: Lexicon) -> dict[str, dict[str, Any]]:
    """A record of each game, as a file holds it."""
    paperback = PaperbackPlay.of(house_deck(), keep_log=True)(["greedy", "hard"], 2, None, enable).extra["record"]
    hardback = bot_game_record(enable, ["greedy", "greedy"], 3)
    return {"hardback": json.loads(json.dumps(hardback)), "paperback": json.loads(json.dumps(paperback))}


def test_a_record_finds_its_own_games_format(saved: dict[str, dict[str, Any]]) -> None:
    assert set(FORMATS) == {"hardback", "paperback"} and FORMATS["hardback"] is HARDBACK
    assert record_format(saved["paperback"]) is PAPERBACK and record_format(saved["hardback"]) is HARDBACK
    assert record_format({"seed": 1, "log": []}) is HARDBACK  # an older Hardback record names no game
    assert record_format(None) is HARDBACK  # and Hardback's format says what is wrong with it
    with pytest.raises(RecordError, match="JSON object"):
        HARDBACK.read(None)
    with pytest.raises(RecordError, match='"game": "paperback"'):
        PAPERBACK.read(saved["hardback"])


@pytest.mark.parametrize("game", ["hardback", "paperback"])
def test_either_games_record_is_read_replayed_and_reviewed_through_the_same_names(
    game: str, saved: dict[str, dict[str, Any]], enable: Lexicon
) -> None:
    fmt = record_format(saved[game])
    record = fmt.read(saved[game])
    played, turns = fmt.replay(record, enable)
    assert replays_to_state(record, played) and turns
    assert [t.turn for t in turns] == list(range(1, len(turns) + 1)) and all(t.hand and t.scores for t in turns)
    objective = fmt.objectives.parse("value")
    assert isinstance(objective, GameObjective)
    rev = review(fmt.review, enable, turns[:3], objective)
    assert rev.complete and [t.turn.turn for t in rev.turns] == [1, 2, 3]
    out = rev.to_json()
    assert out["objective"] == "value" and len(out["turns"]) == 3 and out["reviewed"] == 3
    assert ("game" in out) == (game == "paperback")
    text = format_review(rev, "title")
    assert text.splitlines()[0] == "title" and len(text.splitlines()) == 1 + 1 + 3 + 1
    assert fmt.describe(record).startswith("the Paperback game of seed" if game == "paperback" else "the game of seed")


def test_a_log_the_engine_refuses_is_named_the_same_way_in_either_game(saved: dict[str, dict[str, Any]]) -> None:
    for data in saved.values():
        fmt = record_format(data)
        with pytest.raises(RecordError) as e:
            fmt.read({**data, "log": [*data["log"][:2], {"action": "no such action"}]})
        assert e.value.field.startswith("log[2]")
        with pytest.raises(RecordError) as e:
            fmt.read({**data, "seed": -1})
        assert e.value.field == "seed"


def test_seats_are_named_one_a_seat() -> None:
    assert read_seats(None, 2) is None and read_seats(["ann", "bob"], 2) == ("ann", "bob")
    for bad in (["ann"], ["ann", ""], ["ann", "x" * (MAX_NAME + 1)], ["ann", "b\nob"], "ann,bob"):
        with pytest.raises(RecordError) as e:
            read_seats(bad, 2)
        assert e.value.field == "seats"


def test_both_games_objectives_are_one_type_each_naming_its_own() -> None:
    assert issubclass(Objective, GameObjective) and issubclass(PaperbackObjective, GameObjective)
    assert Objective.parse(" Prestige ") is Objective.PRESTIGE and PaperbackObjective.parse("LENGTH").value == "length"
    with pytest.raises(GhostwriterError, match="unknown objective 'score': use value, prestige or coins"):
        Objective.parse("score")
    with pytest.raises(GhostwriterError, match="unknown Paperback objective 'coins': use score, length or value"):
        PaperbackObjective.parse("coins")


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ([], "must be a JSON object"),
        ({"hand": ["E"], "colour": "red"}, "unknown state field 'colour': the fields are "),
    ],
)
def test_both_turn_states_open_with_the_same_check(data: object, message: str) -> None:
    for state in (TurnState, PaperbackTurn):
        with pytest.raises(StateError, match=message):
            state.from_json(data)
    with pytest.raises(StateError, match="game 'paperback' is not supported here"):
        TurnState.from_json({"game": "paperback", "hand": ["E"]})
    with pytest.raises(StateError, match='a Paperback state has "game": "paperback"'):
        PaperbackTurn.from_json({"game": "hardback", "hand": ["E/1"]})
