"""Paperback's hard bot's constants as a parameter set: the hard defaults play the hard bot's own games (byte for
byte, pinned by the hash of their logs as they were before the constants were gathered), a tuning reads and writes
as JSON and refuses an unknown constant by name, the shipped tuning loads, and the expert plays from it."""

from __future__ import annotations

import hashlib
import json
from dataclasses import fields, replace

import pytest

from solver.bots.paperback import Hard, PaperbackBot, make_bot
from solver.bots.paperback_expert import Expert
from solver.bots.registry import bot_seed
from solver.bots.tuning import PAPERBACK_HARD, PaperbackTuning, load_paperback
from solver.game.paperback import PaperbackGame, PaperbackOptions
from solver.game.paperback.protocol import PaperbackTable
from solver.lexicon import Lexicon, default_lexicon
from solver.paperback.deck import house_deck

# sha256 of the JSON logs of hard-against-hard games (house deck, 2 players, seeds 1-3), computed on the hard bot
# before its constants became a ``PaperbackTuning``
HARD_GAMES = {
    1: "3f7f3ddce7fe99885292d246ad4eabaea2b8b8899a3b8087e746d2f49bf7e5fa",
    2: "13c8b003cf5d67bd60802748104b99d0eb5e6f894690bf809c72ee4f38f92a86",
    3: "27beda94df659cc64772a8d9b5e43ec57bc83c411c60b60383bb1fcadbf32141",
}


@pytest.fixture(scope="module")
def lexicon() -> Lexicon:
    return default_lexicon()


def _log(lexicon: Lexicon, seed: int, first: PaperbackBot | None = None) -> str:
    game = PaperbackGame.new(house_deck(), PaperbackOptions.from_json({"players": 2}), seed, lexicon)
    table = PaperbackTable(game)
    bots = [make_bot("hard", lexicon, bot_seed(seed, s)) for s in range(2)]
    if first is not None:
        bots[0] = first
    while (acting := table.to_act()) is not None:
        bots[acting].play_turn(game)
    return json.dumps([a.to_json() for a in table.log])


def _sha(log: str) -> str:
    return hashlib.sha256(log.encode()).hexdigest()


def test_the_hard_bot_plays_its_games_byte_for_byte(lexicon: Lexicon) -> None:
    for seed, digest in HARD_GAMES.items():
        assert _sha(_log(lexicon, seed)) == digest
        assert _sha(_log(lexicon, seed, Hard(lexicon, bot_seed(seed, 0), tuning=PAPERBACK_HARD))) == digest


def test_a_tuning_changes_the_play(lexicon: Lexicon) -> None:
    moved = replace(PAPERBACK_HARD, early_turns=1, vowel_need=0.5)
    assert _log(lexicon, 1, Hard(lexicon, bot_seed(1, 0), tuning=moved)) != _log(lexicon, 1)


def test_a_tuning_reads_and_writes_as_json() -> None:
    tuned = replace(PAPERBACK_HARD, price=0.3, letters_a_turn=3)
    assert PaperbackTuning.from_json(tuned.to_json()) == tuned
    assert PaperbackTuning.from_json({"price": 0.3}) == replace(PAPERBACK_HARD, price=0.3)
    assert isinstance(PaperbackTuning.from_json({"fame_at": 9.0}).fame_at, int)
    with pytest.raises(ValueError, match="horizon"):
        PaperbackTuning.from_json({"horizon": 1.0})  # a Hardback constant is no Paperback one


def test_the_shipped_tuning_loads_and_differs_from_the_hard_bot() -> None:
    tuned = load_paperback()
    assert tuned != PAPERBACK_HARD
    assert {f.name for f in fields(tuned)} == set(tuned.to_json())


def test_the_expert_plays_from_the_tuned_policy(lexicon: Lexicon) -> None:
    expert = Expert(lexicon, 3)
    assert expert.tuning == load_paperback()
    assert expert.policy.tuning == expert.tuning  # its rollouts finish its own turns by the tuned policy
    assert Expert(lexicon, 3).retune(PAPERBACK_HARD).policy.tuning == PAPERBACK_HARD


def test_an_expert_on_another_policy_replays_its_seed(lexicon: Lexicon) -> None:
    tuning = replace(PAPERBACK_HARD, letter_score=1.5, price=0.3)  # another policy for its own turns and rollouts

    def play() -> str:
        game = PaperbackGame.new(house_deck(), PaperbackOptions.from_json({"players": 2}), 5, lexicon)
        table = PaperbackTable(game)
        bots = [Expert(lexicon, bot_seed(5, 0)).retune(tuning), make_bot("hard", lexicon, bot_seed(5, 1))]
        while (acting := table.to_act()) is not None and game.state.turns < 8:
            bots[acting].play_turn(game)  # every action goes through the engine: a refused one would raise
        return json.dumps([a.to_json() for a in table.log])

    assert play() == play()
