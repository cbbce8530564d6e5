"""A Hardback tuning for each table size: the shipped file's ``by_players`` read for 3 and 4 players, 5 playing the
4-player one and 2 the base; and the expert playing, at each size, the tuning searched for it (its games are the
tuned policy's own with that tuning, not with another size's)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from solver.bots.base import Bot
from solver.bots.expert import ExpertBot
from solver.bots.policy import PolicyBot
from solver.bots.registry import bot_seed, make_bot
from solver.bots.tuning import HARD, TableTunings, load
from solver.game.hardback.engine import Game
from solver.game.hardback.options import GameOptions
from solver.lexicon import Lexicon, default_lexicon


@pytest.fixture(scope="module")
def lexicon() -> Lexicon:
    return default_lexicon()


def test_a_size_plays_its_own_tuning_or_the_largest_below() -> None:
    three, four = replace(HARD, horizon=0.25), replace(HARD, horizon=0.125)
    table = TableTunings(HARD, ((3, three), (4, four)))
    assert [table.at(n) for n in (1, 2, 3, 4, 5)] == [HARD, HARD, three, four, four]
    assert TableTunings.of(three).at(4) is three


def _log(lexicon: Lexicon, players: int, bot: Bot, seed: int = 8) -> list[dict[str, object]]:
    game = Game.new(GameOptions(players=players, target=25), seed, lexicon)
    bots = [bot, *(make_bot("hard", lexicon, bot_seed(seed, s)) for s in range(1, players))]
    while (acting := game.to_act()) is not None:
        bots[acting].play_turn(game)
    return [a.to_json() for a in game.log]


@pytest.mark.parametrize("players", [2])
def test_the_expert_plays_the_tuning_of_its_tables_size(lexicon: Lexicon, players: int) -> None:
    seat = bot_seed(8, 0)
    expert = _log(lexicon, players, ExpertBot(lexicon, seat))
    assert expert == _log(lexicon, players, PolicyBot(lexicon, seat, "hard", tuning=load(players=players)))


def test_one_tuning_given_plays_at_every_size(lexicon: Lexicon) -> None:
    seat = bot_seed(8, 0)
    assert _log(lexicon, 3, ExpertBot(lexicon, seat, tuning=HARD)) == _log(lexicon, 3, make_bot("hard", lexicon, seat))
