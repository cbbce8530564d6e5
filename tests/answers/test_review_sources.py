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


def test_the_same_word_laid_out_otherwise_names_the_letter_that_differs() -> None:
    from solver.answers.review_hardback import layout_difference

    search = Search(default_lexicon(), TurnState.from_json({"hand": ["C", "A", "T", "S"]}))
    rating = search.rate("cat", arrangement=[{"code": "C", "face": "wild"}, "A", "T"])
    best = search.rate("cat").move
    said = layout_difference(best, rating.move)
    assert said == "; same word, laid out otherwise: letter 1: face up (played wild)"
    assert HARDBACK.differs(best, rating.move).startswith(said)
    assert layout_difference(best, best) == ""


def test_equal_prestige_and_coins_say_what_else_the_best_gains() -> None:
    """TEN with horror:N5 taking a remover or an ink: 0 prestige 4 coins both ways, values 2.5 and 2.4."""
    from solver.answers.review_hardback import worth_apart

    search = Search(default_lexicon(), TurnState.from_json({"hand": ["T", "E", "h:N5"]}))
    remover = search.rate("ten", arrangement=["T", "E", {"code": "h:N5", "token": "remover"}]).move
    ink = search.rate("ten", arrangement=["T", "E", {"code": "h:N5", "token": "ink"}]).move
    assert (remover.prestige, remover.coins) == (ink.prestige, ink.coins) and remover.value > ink.value
    said = "; equal prestige and coins: the best also: 1 remover; the played also: 1 ink"
    assert worth_apart(remover, ink) == said
    assert HARDBACK.differs(remover, ink).endswith(said)


def test_the_review_s_json_says_what_differs_for_the_page() -> None:
    """The page's Review reads ``differs`` from the turn's JSON: what the table's row says after the best move."""
    from solver.answers.review import PlayedTurn, Review, TurnReview
    from solver.hardback.objectives import Objective
    from solver.hardback.outcome import Outcome

    state = TurnState.from_json({"hand": ["C", "A", "T", "S"]})
    search = Search(default_lexicon(), state)
    played = search.rate("cat", arrangement=[{"code": "C", "face": "wild"}, "A", "T"]).move
    best = search.rate("cat").move
    turn: PlayedTurn[TurnState, Outcome] = PlayedTurn(1, 0, "you", ("C", "A", "T", "S"), state)
    apart = TurnReview(HARDBACK, turn, played, best, 2, HARDBACK.gap(Objective.VALUE, best, played), True)
    same = TurnReview(HARDBACK, turn, best, best, 1, HARDBACK.gap(Objective.VALUE, best, best), True)
    out = Review(HARDBACK, Objective.VALUE, [apart, same], total=2).to_json()["turns"]
    assert out[0]["differs"] == "same word, laid out otherwise: letter 1: face up (played wild)"
    assert "differs" not in out[1]  # the best word played: nothing to explain
