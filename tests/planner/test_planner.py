"""The planner's parts: the win model's fit and chances, the judging of plans (deterministic for a seed, bounded by
its deadline, a refused plan dropped), and the expert bots of both games (legal whole games, the same game for the
same seed, a turn within its time limit)."""

from __future__ import annotations

import random
import time
from typing import Any

import numpy as np
import pytest

from solver.bots.expert import ExpertBot
from solver.bots.paperback_expert import Expert, make_any
from solver.bots.policy import PolicyBot
from solver.bots.registry import bot_seed, make_bot
from solver.bots.tuning import load as load_tuning
from solver.game.hardback.actions import Buy, End, Pass
from solver.game.hardback.engine import Game
from solver.game.hardback.options import GameOptions
from solver.game.paperback import PaperbackGame, PaperbackOptions
from solver.game.paperback.protocol import PaperbackTable
from solver.game.protocol import Game as AnyGame
from solver.lexicon import Lexicon
from solver.paperback.deck import house_deck
from solver.planner import hardback as hb
from solver.planner import model as wm
from solver.planner import paperback as pb
from solver.planner.core import Plan, judge, mean_se, seed_of


def test_the_fit_finds_the_weights_that_made_the_winners() -> None:
    rng = np.random.default_rng(3)
    true = np.array([2.0, -1.0])
    tables, winners = [], []
    for _ in range(3000):
        x = rng.normal(size=(int(rng.integers(2, 5)), 2))
        p = np.exp(x @ true)
        p /= p.sum()
        tables.append(x)
        winners.append(int(rng.choice(len(p), p=p)))
    w = wm.fit(tables, winners, l2=0.0)
    assert np.allclose(w, true, atol=0.2)
    model = wm.WinModel("test", ("a", "b"), tuple(float(v) for v in w))
    assert wm.brier(tables, winners, model) < wm.brier(tables, winners, wm.WinModel("t", ("a", "b"), (0.0, 0.0)))
    assert wm.WinModel.from_json(model.to_json()) == model


@pytest.mark.parametrize("game, columns", [("hardback", hb.COLUMNS), ("paperback", pb.COLUMNS)])
def test_the_shipped_models_read_their_own_columns(game: str, columns: tuple[str, ...]) -> None:
    model = wm.load(game)
    assert model.game == game and set(model.features) <= set(columns)
    chances = model.chances(np.zeros((3, len(model.features))))
    assert sum(chances) == pytest.approx(1.0) and chances[0] == pytest.approx(1 / 3)


def test_mean_and_standard_error() -> None:
    assert mean_se([1.0]) == (1.0, 0.0)
    m, se = mean_se([0.0, 1.0, 0.0, 1.0])
    assert m == 0.5 and se == pytest.approx(0.2887, abs=1e-4)


def _hardback(lexicon: Lexicon, seed: int = 5, turns: int = 4) -> Game:
    game = Game.new(GameOptions(players=2), seed, lexicon)
    bots = [make_bot("hard", lexicon, bot_seed(seed, s)) for s in range(2)]
    for _ in range(turns):
        acting = game.to_act()
        assert acting is not None
        bots[acting].play_turn(game)
    return game


def _chance(world: AnyGame[Any], seat: int) -> float:
    assert isinstance(world, Game)
    return hb.chances(world, wm.load("hardback"))[seat]


def _no_finish(world: AnyGame[Any], seat: int) -> None:
    return None


def test_judging_is_the_same_for_a_seed_and_drops_refused_plans(enable: Lexicon) -> None:
    lexicon = enable
    game = _hardback(lexicon)
    seat = game.state.current
    plans = [Plan((Pass(),), "pass"), Plan((Buy(0),), "a buy before the word: refused")]
    first = judge(game, seat, plans, _no_finish, _chance, 3, seed_of(1, 2))
    again = judge(game, seat, plans, _no_finish, _chance, 3, seed_of(1, 2))
    assert [j.to_json() for j in first] == [j.to_json() for j in again]
    assert [j.plan.label for j in first] == ["pass"] and first[0].worlds == 3


def test_a_deadline_past_judges_only_the_first_plan(enable: Lexicon) -> None:
    lexicon = enable
    game = _hardback(lexicon)
    plans = [Plan((Pass(),), "first"), Plan((Pass(),), "second")]
    judged = judge(game, game.state.current, plans, _no_finish, _chance, 2, 7, deadline=time.monotonic() - 1)
    assert [j.plan.label for j in judged] == ["first"]


def test_the_hardback_expert_plays_the_same_legal_game_for_a_seed(enable: Lexicon) -> None:
    lexicon = enable
    def play() -> tuple[list[dict[str, Any]], list[int]]:
        game = Game.new(GameOptions(players=2, target=25), 11, lexicon)
        bots = [ExpertBot(lexicon, bot_seed(11, 0), judging=True), make_bot("hard", lexicon, bot_seed(11, 1))]
        while (acting := game.to_act()) is not None:
            bots[acting].play_turn(game)  # every action goes through the engine: a refused one would raise
        return [a.to_json() for a in game.log], game.scores()

    first, again = play(), play()
    assert first == again
    assert max(first[1]) >= 25


def test_the_paperback_expert_plays_the_same_legal_game_for_a_seed(enable: Lexicon) -> None:
    lexicon = enable
    def play() -> list[dict[str, Any]]:
        game = PaperbackGame.new(house_deck(), PaperbackOptions.from_json({"players": 2}), 4, lexicon)
        table = PaperbackTable(game)
        bots = [make_any("expert", lexicon, bot_seed(4, 0)), make_any("hard", lexicon, bot_seed(4, 1))]
        while (acting := table.to_act()) is not None:
            bots[acting].play_turn(game)
        return [a.to_json() for a in game.log]

    assert play() == play()


def test_an_expert_that_only_plays_judges_nothing_and_plays_its_tuned_policy(enable: Lexicon) -> None:
    """A bot in a tournament or the service's ``bot/move`` (judging off) plays the tuned policy's own game, without
    the planner's rollouts."""
    lexicon = enable

    def play(seat_bot: PolicyBot) -> list[dict[str, Any]]:
        game = Game.new(GameOptions(players=2, target=25), 12, lexicon)
        bots = [seat_bot, make_bot("hard", lexicon, bot_seed(12, 1))]
        while (acting := game.to_act()) is not None:
            bots[acting].play_turn(game)
            assert not isinstance(seat_bot, ExpertBot) or seat_bot.decisions == []
        return [a.to_json() for a in game.log]

    expert = ExpertBot(lexicon, bot_seed(12, 0))
    assert not expert.judging and ExpertBot(lexicon, 1, margin=0.01).judging
    assert play(expert) == play(PolicyBot(lexicon, bot_seed(12, 0), "hard", tuning=load_tuning()))


class _Contrary(ExpertBot):
    """An expert whose win model gives every plan but the policy's own a sure win: the largest gap there is."""

    def word_plans(self, game: Game) -> list[Plan]:
        self.firsts: list[Plan] = [*getattr(self, "firsts", []), *(plans := super().word_plans(game))[:1]]
        return plans

    def evaluate(self, world: AnyGame[Any], seat: int) -> float:
        assert isinstance(world, Game)
        first = self.firsts[-1].actions[0]
        return 0.0 if any(a == first for a in world.log) else 1.0


def test_the_advising_expert_never_overrules_its_policy(enable: Lexicon) -> None:
    """With the shipped margin the planner only estimates: even a plan it judges a sure win against the policy's sure
    loss does not replace the policy's word."""
    game = _hardback(enable, seed=8, turns=6)
    bot = _Contrary(enable, 3, judging=True)
    start = len(game.log)
    bot.play_turn(game)
    [(kind, judged), *_] = bot.decisions
    assert kind == "word" and judged[0].plan is bot.firsts[-1] and judged[0].win == 0.0
    assert any(j.win == 1.0 for j in judged[1:]), "the test needs a plan the model prefers"
    assert bot.firsts[-1].actions[0] in game.log[start:]


def test_an_expert_turn_keeps_its_time_limit(enable: Lexicon) -> None:
    lexicon = enable
    game = _hardback(lexicon, seed=8, turns=6)
    bot = ExpertBot(lexicon, 3, time_limit=0.3, worlds=50, judging=True)  # far more worlds than 0.3 s can judge
    started = time.perf_counter()
    bot.play_turn(game)
    assert time.perf_counter() - started < 0.3 + 0.5
    assert any(kind == "word" for kind, _ in bot.decisions)
    table = PaperbackTable(PaperbackGame.new(house_deck(), PaperbackOptions.from_json({"players": 2}), 4, lexicon))
    expert = Expert(lexicon, 3)
    expert.turn_limit = 0.3
    started = time.perf_counter()
    expert.play_turn(table.game)
    assert time.perf_counter() - started < 0.3 + 0.5


def test_sampled_worlds_keep_what_the_seat_sees(enable: Lexicon) -> None:
    lexicon = enable
    game = _hardback(lexicon)
    seat = game.state.current
    world = game.sample(seat, random.Random(1))
    assert world.view(seat) == game.view(seat)
    assert hb.table(world).tolist() == hb.table(game).tolist()  # the model reads nothing hidden


def test_end_is_a_plan_step() -> None:
    assert End().to_json() == {"action": "end"}
