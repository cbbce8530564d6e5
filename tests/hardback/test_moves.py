"""The JSON form of moves."""

from __future__ import annotations

from dataclasses import asdict

from solver.hardback.objectives import Objective
from solver.hardback.state import TurnState
from solver.lexicon import Lexicon
from solver.search.hardback import Search


def test_a_moves_json_cards_are_every_field_of_their_reports(enable: Lexicon) -> None:
    """The JSON is made from the outcome directly, the reports for people when read: they say the same."""
    state = TurnState.from_json(
        {"hand": ["r:F6", "E", "a:A5", "S", "T"], "inked": ["h:H7"], "timeless": {"mine": ["m:A5"], "others": ["r:K5"]}}
    )
    moves = Search(enable, state, Objective.VALUE).top(10)
    assert any(m.in_play for m in moves) and any(m.in_play == [] for m in moves)
    for move in moves:
        out = move.to_json()
        reports = [*move.cards, *move.in_play]
        for c, made_json in zip(reports, [*out["cards"], *out["in_play"]], strict=True):
            made = c.choices.to_json() if c.choices is not None else {}  # only the choices made, as layout keys
            assert made_json == {**asdict(c), "choices": made}
        layout = [{"code": c.code, "face": c.face, "source": c.source, **(c.choices.to_json() if c.choices else {})}
                  for c in move.cards]
        assert out["layout"] == layout
