"""Paperback answers in the JSON form the command line and the service share, and as a table for people."""

from __future__ import annotations

from typing import Any

from solver.answers.hint import inexact_warning
from solver.paperback.moves import PMove
from solver.search.paperback import PaperbackSearch


def hint(search: PaperbackSearch, top: int) -> tuple[list[PMove], dict[str, Any]]:
    moves = search.top(top)
    out: dict[str, Any] = {
        "game": "paperback",
        "moves": [m.to_json() for m in moves],
        "objective": search.objective.value,
        "exact": search.exact,
    }
    if not search.exact:
        out["warning"] = inexact_warning(search.time_limit)
        out["reason"] = search.reason  # "not proven best", never "no word", even with no move found in time
    elif not moves:
        out["reason"] = "no word in the dictionary can be spelled with these cards at the minimum length"
    return moves, out


def format_table(moves: list[PMove], title: str) -> str:
    lines = [title]
    if not moves:
        lines.append("  no playable word")
    for n, m in enumerate(moves, 1):
        lines.append(f"{n:>2}. {m.word.upper():<16} score {m.score:>3}  length {m.length:>2}   value {m.value:.2f}")
        for c in m.cards:
            letters = c["letters"].upper() if c["letters"] != " " else "␣"
            notes = []
            if c.get("wild"):
                notes.append("wild")
            if c["source"] == "common":
                notes.append("the Common card")
            if c.get("reversed"):
                notes.append("reversed by Dyslexic")
            if c.get("factor", 1) > 1:
                notes.append(f"x{c['factor']}")
            notes += [f"copies {a}" for a in c.get("copies", [])]
            extra = f"  ({'; '.join(notes)})" if notes else ""
            lines.append(f"      {letters:<3} {c['code']:<24} {c.get('score', 0):>3}{extra}")
        for r in m.reasons:
            lines.append(f"      - {r}")
    return "\n".join(lines)
