"""Small helpers for tests: an in-memory lexicon of a few words, and a search of a state given as JSON."""

from __future__ import annotations

from typing import Any

from solver.lexicon import Lexicon
from solver.lexicon.lexicon import parse_words
from solver.objectives import Objective, Weights
from solver.search import Search
from solver.state import TurnState


def lexicon_of(*words: str) -> Lexicon:
    return Lexicon.build(parse_words(words, "test"))


def search(
    words: Lexicon | list[str], objective: str = "value", *, weights: Weights | None = None, **state: Any
) -> Search:
    lex = words if isinstance(words, Lexicon) else lexicon_of(*words)
    return Search(lex, TurnState.from_json(state), Objective.parse(objective), weights)
