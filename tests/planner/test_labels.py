"""The experts' buy plans are named by what they buy, the hard bot's own purchase included: the label reaches
``play``'s hint, the page's ★ line and the review's expert column ("The expert: buy romance:K5, a chance to win of
...", never "The expert: hard")."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from solver.bots.expert import ExpertBot, purchase_label
from solver.bots.paperback_expert import Expert, make_any
from solver.bots.registry import bot_seed, make_bot
from solver.game.hardback.actions import Buy, End, Flush, InkBuy
from solver.game.hardback.engine import Game
from solver.game.hardback.options import GameOptions
from solver.game.hardback.rules import can_flush
from solver.game.hardback.state import Phase
from solver.game.paperback import PaperbackGame, PaperbackOptions
from solver.game.paperback.protocol import PaperbackTable
from solver.lexicon import Lexicon
from solver.paperback.deck import house_deck
from solver.planner.core import Judged

HARDBACK_LABEL = re.compile(r"^(flush, )?buy (nothing|[^ +]+( \+ [^ +]+)*)$")
PAPERBACK_PART = re.compile(r"^(fame \d+¢|\S+)$")  # a Fame card by its cost, a letter card by its code


def _buy_labels(game: Any, to_act: Callable[[], int | None], plays: list[Callable[[Any], object]],
                decisions: Callable[[], list[tuple[str, list[Judged]]]]) -> list[str]:
    """The labels of the buy plans seat 0's expert judged over ten turns of the game."""
    labels: list[str] = []
    for _ in range(10):
        acting = to_act()
        assert acting is not None
        plays[acting](game)
        if acting == 0:
            labels += [j.plan.label for kind, judged in decisions() if kind == "buy" for j in judged]
    return labels


def test_the_hardback_experts_buy_plans_name_their_cards(enable: Lexicon) -> None:
    game = Game.new(GameOptions(players=2), 3, enable)
    expert = ExpertBot(enable, bot_seed(3, 0), judging=True)
    hard = make_bot("hard", enable, bot_seed(3, 1))
    labels = _buy_labels(game, lambda: game.to_act(), [expert.play_turn, hard.play_turn], lambda: expert.decisions)
    assert labels and all(HARDBACK_LABEL.match(label) for label in labels), labels


def test_a_hardback_purchase_is_said_card_by_card(enable: Lexicon) -> None:
    game = Game.new(GameOptions(players=2), 7, enable)  # a deal whose offer row can be flushed
    bot = make_bot("hard", enable, 1)
    while game.state.phase != Phase.BUY:
        if game.state.phase == Phase.PREPARE:
            bot.prepare(game)
            bot.spell(game)
        else:
            bot.play_turn(game)
    row = game.state.offer_row
    game.state.turn.coins = 20  # the test's gift: every card affordable
    assert purchase_label(game, (Buy(1), Buy(0), InkBuy(1), End())) == f"buy {row[1].code} + {row[0].code}"
    assert purchase_label(game, (InkBuy(2), End())) == "buy nothing"
    assert purchase_label(game, (End(),)) == "buy nothing"
    assert can_flush(row)
    flushed = game.copy()
    flushed.apply(Flush())
    label = purchase_label(game, (Flush(), Buy(0), End()))
    assert label == f"flush, buy {flushed.state.offer_row[0].code}"


def test_the_paperback_experts_buy_plans_name_their_cards(enable: Lexicon) -> None:
    game = PaperbackGame.new(house_deck(), PaperbackOptions.from_json({"players": 2}), 4, enable)
    table = PaperbackTable(game)
    bots = [make_any("expert", enable, bot_seed(4, 0)), make_any("hard", enable, bot_seed(4, 1))]
    expert = bots[0]
    assert isinstance(expert, Expert)
    labels = _buy_labels(game, table.to_act, [b.play_turn for b in bots], lambda: expert.decisions)
    assert labels and all(label.startswith("buy ") for label in labels), labels
    parts = [part for label in labels for part in label.removeprefix("buy ").split(" + ")]
    assert all(PAPERBACK_PART.match(part) for part in parts), labels
