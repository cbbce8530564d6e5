"""The policy's constants as a parameter set: the hard defaults play the hard bot's own games, a tuning reads and
writes as JSON, and an unknown constant is refused by name."""

from __future__ import annotations

from dataclasses import replace

import pytest

from solver.bots.policy import PolicyBot
from solver.bots.registry import bot_seed, make_bot
from solver.bots.tuning import HARD, Tuning
from solver.game.hardback.engine import Game
from solver.game.hardback.options import GameOptions
from solver.lexicon import Lexicon, default_lexicon


@pytest.fixture(scope="module")
def lexicon() -> Lexicon:
    return default_lexicon()


def _log(lexicon: Lexicon, tuning: Tuning | None, seed: int = 6) -> list[dict[str, object]]:
    game = Game.new(GameOptions(players=2, target=30), seed, lexicon)
    bots = [make_bot("hard", lexicon, bot_seed(seed, s)) for s in range(2)]
    if tuning is not None:
        bots[0] = PolicyBot(lexicon, bot_seed(seed, 0), "hard", tuning=tuning)
    while (acting := game.to_act()) is not None:
        bots[acting].play_turn(game)
    return [a.to_json() for a in game.log]


def test_the_hard_defaults_play_the_hard_bots_game(lexicon: Lexicon) -> None:
    assert _log(lexicon, HARD) == _log(lexicon, None)


def test_a_tuning_changes_the_play(lexicon: Lexicon) -> None:
    assert _log(lexicon, replace(HARD, sure_draws=0, horizon=2.0)) != _log(lexicon, None)


def test_a_tuning_reads_and_writes_as_json() -> None:
    tuned = replace(HARD, horizon=1.25, sure_draws=3)
    assert Tuning.from_json(tuned.to_json()) == tuned
    assert Tuning.from_json({"horizon": 1.25}) == replace(HARD, horizon=1.25)
    assert isinstance(Tuning.from_json({"sure_draws": 3.0}).sure_draws, int)
    with pytest.raises(ValueError, match="grandmaster"):
        Tuning.from_json({"grandmaster": 1})
