"""The JSON form of moves."""

from __future__ import annotations

from dataclasses import asdict

from solver.hardback.moves import card_json
from solver.hardback.objectives import Objective
from solver.hardback.state import TurnState
from solver.lexicon import Lexicon
from solver.search.hardback import Search


def test_card_json_is_every_field_of_the_report(enable: Lexicon) -> None:
    state = TurnState.from_json(
        {"hand": ["r:F6", "E", "a:A5", "S", "T"], "inked": ["h:H7"], "timeless": {"mine": ["m:A5"], "others": ["r:K5"]}}
    )
    move = Search(enable, state, Objective.VALUE).top(1)[0]
    for c in [*move.cards, *move.in_play]:
        made = c.choices.to_json() if c.choices is not None else {}  # only the choices made, as layout keys
        assert card_json(c) == {**asdict(c), "choices": made}
