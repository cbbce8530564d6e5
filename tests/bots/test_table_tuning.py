"""A Hardback tuning for each table size: the shipped file's ``by_players`` read for 3 and 4 players, 5 playing the
4-player one and 2 the base; and the expert playing, at each size, the tuning searched for it (its games are the
tuned policy's own with that tuning, not with another size's)."""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

import pytest

from solver.bots.base import Bot
from solver.bots.expert import ExpertBot
from solver.bots.policy import PolicyBot
from solver.bots.registry import bot_seed, make_bot
from solver.bots.tuning import DATA, HARD, TableTunings, Tuning, load, load_table
from solver.game.hardback.engine import Game
from solver.game.hardback.options import GameOptions
from solver.lexicon import Lexicon, default_lexicon


@pytest.fixture(scope="module")
def lexicon() -> Lexicon:
    return default_lexicon()


def _shipped() -> dict[str, Any]:
    data: dict[str, Any] = json.loads((DATA / "tuned-hardback.json").read_text())
    return data


def test_a_size_plays_its_own_tuning_or_the_largest_below() -> None:
    three, four = replace(HARD, horizon=0.25), replace(HARD, horizon=0.125)
    table = TableTunings(HARD, ((3, three), (4, four)))
    assert [table.at(n) for n in (1, 2, 3, 4, 5)] == [HARD, HARD, three, four, four]
    assert TableTunings.of(three).at(4) is three


def test_the_shipped_file_gives_each_size_its_tuning() -> None:
    data = _shipped()
    base = Tuning.from_json(data["params"])
    by = {int(n): Tuning.from_json(entry["params"]) for n, entry in data["by_players"].items()}
    assert set(by) == {3, 4} and all(entry["method"] and entry["tuned_on"] for entry in data["by_players"].values())
    assert load() == load(players=2) == base
    for players in (3, 4, 5):  # its own, or the largest size searched below it
        assert load(players=players) == by[max(n for n in by if n <= players)]
        assert load(players=players) != base  # searched at a bigger table: not the 2-player constants
    assert by[3] != by[4] and load(players=5) == by[4]
    assert load_table().at(3) == load("tuned-hardback", 3)


def _log(lexicon: Lexicon, players: int, bot: Bot, seed: int = 8) -> list[dict[str, object]]:
    game = Game.new(GameOptions(players=players, target=25), seed, lexicon)
    bots = [bot, *(make_bot("hard", lexicon, bot_seed(seed, s)) for s in range(1, players))]
    while (acting := game.to_act()) is not None:
        bots[acting].play_turn(game)
    return [a.to_json() for a in game.log]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_expert_plays_the_tuning_of_its_tables_size(lexicon: Lexicon, players: int) -> None:
    seat = bot_seed(8, 0)
    expert = _log(lexicon, players, ExpertBot(lexicon, seat))
    assert expert == _log(lexicon, players, PolicyBot(lexicon, seat, "hard", tuning=load(players=players)))
    if players > 2:  # the lookup matters: the 2-player tuning plays another game at this table
        assert expert != _log(lexicon, players, PolicyBot(lexicon, seat, "hard", tuning=load(players=2)))


def test_one_tuning_given_plays_at_every_size(lexicon: Lexicon) -> None:
    seat = bot_seed(8, 0)
    assert _log(lexicon, 3, ExpertBot(lexicon, seat, tuning=HARD)) == _log(lexicon, 3, make_bot("hard", lexicon, seat))
