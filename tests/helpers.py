"""Small helpers for tests: an in-memory lexicon of a few words, and a search of a state given as JSON."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from solver.hardback.objectives import Objective, Weights
from solver.hardback.state import TurnState
from solver.lexicon import Lexicon
from solver.lexicon.lexicon import parse_words
from solver.search import Search

from oracle import OracleMove, oracle_best


def lexicon_of(*words: str) -> Lexicon:
    return Lexicon.build(parse_words(words, "test"))


def search(
    words: Lexicon | list[str], objective: str = "value", *, weights: Weights | None = None, **state: Any
) -> Search:
    lex = words if isinstance(words, Lexicon) else lexicon_of(*words)
    return Search(lex, TurnState.from_json(state), Objective.parse(objective), weights)


def agrees_with_oracle(state: dict[str, Any], words: list[str], objective: str = "value") -> dict[str, OracleMove]:
    """Assert that every word's best placement scores what the oracle's does and that its word bound is no less;
    return the oracle's best moves."""
    s = search(words, objective, **state)
    want = oracle_best(TurnState.from_json(state), words, Objective.parse(objective))
    bound_of = dict(zip(s.bounds.index.tolist(), s.bounds.bound.tolist(), strict=True))
    for word, best in want.items():
        p = s.solve(word)
        assert p is not None, word
        move = s.move(p)
        if objective == "value":  # arrangements tied on value may split it differently
            assert abs(move.value - best.value) < 1e-6, (word, best.arrangement, move.cards)
        else:
            assert (move.prestige, move.coins) == (best.prestige, best.coins), (word, best.arrangement, move.cards)
        assert bound_of[s.lexicon.index(word)] >= p.value - 1e-6, word
    return want


def post(client: TestClient, path: str, body: object) -> tuple[int, Any]:
    """A JSON request to the service in process: the status and the JSON answer."""
    r = client.post(path, json=body)
    return r.status_code, r.json()
