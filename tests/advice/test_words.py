"""The expert's suggestion in the terminal's words (``solver.advice.words``): slots numbered as the terminal numbers
them, and a runner-up whose estimate is higher than the plan played said to be so."""

from __future__ import annotations

from solver.advice.suggest import Suggestion
from solver.advice.words import action_text, suggestion_text
from solver.game.hardback.actions import Buy
from solver.game.hardback.engine import Game
from solver.game.hardback.options import GameOptions
from solver.lexicon import Lexicon
from solver.planner.core import Judged, Plan

from helpers import lexicon_of


def test_slots_and_cards_are_numbered_from_one_as_typed() -> None:
    assert action_text({"action": "buy", "slot": 5}) == "buy slot 6"  # the terminal's "buy 6"
    paperback = {"action": "buy", "pile": "offer", "index": 0, "slot": "row"}
    assert action_text(paperback) == "buy pile offer index 1 slot row"
    assert action_text({"action": "spell", "word": "slant", "layout": []}) == "spell SLANT"
    assert action_text({"action": "return", "token": "ink"}) == "return token ink"


def _game(lex: Lexicon) -> Game:
    return Game.new(GameOptions(players=2), 7, lex)


def test_a_runner_up_with_a_higher_estimate_is_said_to_be_so() -> None:
    game = _game(lexicon_of("cat", "act", "tac"))
    played = Judged(Plan((Buy(5),), "buy adventure:R3"), 0.43, 0.004, 8)
    other = Judged(Plan((Buy(6),), "buy romance:Q4"), 0.47, 0.004, 8)
    text = suggestion_text(Suggestion(Buy(5), "buy", played, other), game)
    assert "the expert would buy slot 6 next, playing buy adventure:R3: a chance to win of 43% ± 0" in text
    assert "(runner-up buy romance:Q4: 47% ± 0; chances are estimates; the expert keeps its policy's plan)" in text
    lower = Judged(Plan((Buy(6),), "buy romance:Q4"), 0.40, 0.004, 8)
    text = suggestion_text(Suggestion(Buy(5), "buy", played, lower), game)
    assert text.endswith("(runner-up buy romance:Q4: 40% ± 0; chances are estimates)")
