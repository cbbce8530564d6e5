"""What the advice needs of each game, in one place: its win model's reading of a table, the fast policy that plays
a seat's turn in a rollout, the turn counter, and the expert that plays in a seat's place."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from solver.bots.expert import ExpertBot
from solver.bots.paperback import Hard, PaperbackBot
from solver.bots.paperback_expert import Expert
from solver.bots.policy import PolicyBot
from solver.bots.registry import bot_seed
from solver.game.hardback.engine import Game as Hardback
from solver.game.paperback.engine import BUY, PaperbackGame
from solver.game.paperback.protocol import PaperbackTable
from solver.game.protocol import Game
from solver.planner import hardback as hb_features
from solver.planner import paperback as pb_features
from solver.planner.core import Judged
from solver.planner.model import load

Decisions = list[tuple[str, list[Judged]]]  # an expert turn's decisions: ("word" | "buy", plans judged)


@dataclass(frozen=True)
class Rules:
    name: str
    chances: Callable[[Game[Any]], list[float]]  # the win model on a state (a finished game: its outcome)
    policy: Callable[[Game[Any], int], Callable[[Game[Any]], None]]  # seat -> plays that seat's turn
    turns: Callable[[Game[Any]], int]  # turns finished
    expert: Callable[[Game[Any], int, float | None], Callable[[Game[Any]], Decisions]]


def _hb_chances(game: Game[Any]) -> list[float]:
    assert isinstance(game, Hardback)
    return hb_features.chances(game, load("hardback"))


def _pb_chances(game: Game[Any]) -> list[float]:
    assert isinstance(game, PaperbackTable)
    return pb_features.chances(game, load("paperback"))


def _hb_policy(game: Game[Any], seat: int) -> Callable[[Game[Any]], None]:
    assert isinstance(game, Hardback)
    bot = PolicyBot(game.lexicon, bot_seed(game.state.seed, seat) * 17, level="hard")

    def play(world: Game[Any]) -> None:
        assert isinstance(world, Hardback)
        bot.play_turn(world)

    return play


def _pb_policy(game: Game[Any], seat: int) -> Callable[[Game[Any]], None]:
    assert isinstance(game, PaperbackTable)
    bot = Hard(game.lexicon, bot_seed(game.state.seed, seat) * 17)

    def play(world: Game[Any]) -> None:
        assert isinstance(world, PaperbackTable)
        bot.play_turn(world.game)

    return play


def _hb_expert(game: Game[Any], seat: int, limit: float | None) -> Callable[[Game[Any]], Decisions]:
    assert isinstance(game, Hardback)
    bot = ExpertBot(game.lexicon, bot_seed(game.state.seed, seat), time_limit=limit, judging=True)

    def play(world: Game[Any]) -> Decisions:
        assert isinstance(world, Hardback)
        bot.play_turn(world)
        return bot.decisions

    return play


def finish_turn(bot: PaperbackBot, game: PaperbackGame) -> None:
    """``bot`` plays the seat in turn's turn from whatever phase it is in: the whole turn, or, its word made (by a
    person), the rest; the expert's buys then are its planner's, as in its own turn."""
    if game.state.phase != BUY:
        bot.play_turn(game)
    elif isinstance(bot, Expert):
        bot.decisions = []
        bot.play_buys(game)
    else:
        bot.finish_turn(game)


def _pb_expert(game: Game[Any], seat: int, limit: float | None) -> Callable[[Game[Any]], Decisions]:
    assert isinstance(game, PaperbackTable)
    bot = Expert(game.lexicon, bot_seed(game.state.seed, seat), rerun=False, **({} if limit is None else
                                                                                 {"time_limit": limit}))
    bot.turn_limit = limit

    def play(world: Game[Any]) -> Decisions:
        assert isinstance(world, PaperbackTable)
        finish_turn(bot, world.game)
        return bot.decisions

    return play


HARDBACK = Rules("hardback", _hb_chances, _hb_policy, lambda g: g.state.turns, _hb_expert)  # type: ignore[attr-defined]
PAPERBACK = Rules("paperback", _pb_chances, _pb_policy, lambda g: g.state.turns, _pb_expert)  # type: ignore[attr-defined]


def rules_of(game: Game[Any]) -> Rules:
    if isinstance(game, Hardback):
        return HARDBACK
    if isinstance(game, PaperbackTable):
        return PAPERBACK
    raise TypeError(f"no advice for {type(game).__name__}")
