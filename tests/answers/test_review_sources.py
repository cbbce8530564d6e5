"""Review explains itself: the best move's cards that are not in the hand shown are named with their source."""

from __future__ import annotations

from solver.answers.review_hardback import HARDBACK
from solver.hardback.state import TurnState
from solver.lexicon import default_lexicon
from solver.search.hardback import Search


def test_the_best_move_names_the_cards_it_takes_from_outside_the_hand() -> None:
    state = TurnState.from_json(
        {"hand": ["r:F6", "E", "a:A5", "S", "T"], "inked": ["h:H7"], "timeless": {"mine": ["m:A5"], "others": ["r:K5"]}}
    )
    (best,) = Search(default_lexicon(), state).top(1)
    text = HARDBACK.best_text(best)
    assert text.startswith("KHAFS (5p 13c, value 11.50; uses ")
    for part in ("horror:H7 inked", "romance:K5 opponent's classic", "mystery:A5 your classic"):
        assert part in text
    (plain,) = Search(default_lexicon(), TurnState.from_json({"hand": ["C", "A", "T"]})).top(1)
    assert "uses" not in HARDBACK.best_text(plain)
