"""Paperback answers in the JSON form the command line and the service share, and as a table for people."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

from solver.answers.hint import inexact_warning
from solver.paperback.moves import PMove
from solver.search.paperback import PaperbackSearch
from solver.search.paperback.every import EveryWord, every_word


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


def every(search: PaperbackSearch) -> tuple[EveryWord, dict[str, Any]]:
    """Every word of the hand with its best score (``every_word``), and the answer's summary: how many, whether the
    list is complete, why not, what it leaves out."""
    found = every_word(search)
    out: dict[str, Any] = {
        "game": "paperback",
        "objective": search.objective.value,
        "count": len(found),
        "complete": found.complete,
        "exact": found.complete,
    }
    if not found.complete:
        out["reason"] = found.reason
    if found.note:
        out["note"] = found.note
    return found, out


def every_json(found: EveryWord, summary: dict[str, Any]) -> dict[str, Any]:
    """The whole list as one JSON object (the command line's ``--all --json``): the summary and the words."""
    return {**summary, "words": [{"word": w, "score": s, "length": n} for w, s, n in found.rows()]}


def every_lines(found: EveryWord, summary: dict[str, Any], chunk: int = 2048) -> Iterator[str]:
    """The list as JSON Lines (the service's ``"top": "all"``): one line a word, ``{"word", "score", "length"}``,
    best first, then the summary with ``"done": true`` as the last line (a list the time limit cut says so there:
    ``"complete": false`` and the reason). Lines come ``chunk`` words at a time."""
    rows = found.rows()
    for at in range(0, len(rows), chunk):
        yield "".join(
            f'{{"word":{json.dumps(w)},"score":{s},"length":{n}}}\n' for w, s, n in rows[at : at + chunk]
        )
    yield json.dumps({"done": True, **summary}) + "\n"


def format_every(found: EveryWord, title: str) -> str:
    """The list as a table for people, its last line saying whether it is every word."""
    lines = [title]
    for n, (w, s, length) in enumerate(found.rows(), 1):
        lines.append(f"{n:>6}. {w.upper():<16} score {s:>3}  length {length:>2}")
    if found.complete:
        lines.append(f"  {len(found):,} word{'s' * (len(found) != 1)}: every word these cards can spell")
    else:
        lines.append(f"  {len(found):,} words, {found.reason}")
    if found.note:
        lines.append(f"  {found.note}")
    return "\n".join(lines)


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
