"""Words for people: a move's outcome card by card, each card with what it brought and why.

The last step of an answer, and nothing decides anything by reading it: the search, the frontier and the engine
read the typed outcome (``solver.hardback.outcome``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from solver.hardback.benefits import TABLE, Kind, Row, note
from solver.hardback.choices import CardChoices
from solver.hardback.outcome import CardPart, Gain, Outcome
from solver.hardback.profile import Source
from solver.hardback.resolve import Face
from solver.text import plural


@dataclass
class CardReport:
    """One card's part in a move, for people and for the JSON form."""

    code: str
    letter: str
    face: str
    source: str
    position: int | None
    factor: int = 1
    coins: int = 0
    prestige: int = 0
    notes: list[str] = field(default_factory=list)
    choices: CardChoices | None = None  # the free choices its benefits offered, as made


FACE_NAME = {f: f.value for f in Face}  # an enum's ``value`` is a slow property
SOURCE_NAME = {s: s.value for s in Source}
# enum members read on every card, as module constants (a member read off its class goes through EnumType's hook)
_WILD, _UNCOVERED = Face.WILD, Face.UNCOVERED
_OTHER, _INKED = Source.OTHER, Source.INKED


def explain(outcome: Outcome) -> tuple[list[CardReport], list[CardReport]]:
    """The cards of the word and the classics in play, each with what it brought and why."""
    return [_report(part, outcome) for part in outcome.cards], [_report(part, outcome) for part in outcome.in_play]


def _report(part: CardPart, outcome: Outcome) -> CardReport:
    return CardReport(
        part.card.code,
        part.letter,
        FACE_NAME[part.face],
        SOURCE_NAME[part.source],
        part.position,
        part.factor,
        part.coins,
        part.prestige,
        _notes(part, outcome),
        part.choices(),
    )


def card_json(part: CardPart, outcome: Outcome, choices: dict[str, Any]) -> dict[str, Any]:
    """A card's part as its ``CardReport``'s JSON form, straight from the outcome (an answer's hot path: no report
    in between); ``choices`` are its choices as made, as layout keys (``CardChoices.to_json``; {} for none)."""
    return {
        "code": part.card.code,
        "letter": part.letter,
        "face": FACE_NAME[part.face],
        "source": SOURCE_NAME[part.source],
        "position": part.position,
        "factor": part.factor,
        "coins": part.coins,
        "prestige": part.prestige,
        "notes": _notes(part, outcome),
        "choices": choices,
    }


def _notes(part: CardPart, outcome: Outcome) -> list[str]:
    notes: list[str] = []
    if part.position is None:
        notes.append("your timeless classic in play")
    elif part.source is _OTHER:
        return ["opponent's classic: no benefits; it goes back to its owner"]
    elif part.face is _WILD:
        return []
    else:
        notes.extend(_placement_notes(part, outcome))
    if part.active_genre:
        notes.append(f"{part.active_genre} active")
    for g in part.gains:  # what the benefit table's rows say of them (a house rule's rows too)
        text = _gain_note(g)
        if text:
            notes.append(text)
    if part.trashed is not None:
        coins, prestige = part.trashed
        got = [plural(coins, "coin")] if coins else []
        got += [f"{prestige} prestige"] if prestige else []
        notes.append("trashed for " + " and ".join(got))
    if part.dumped is not None:
        notes.append(note(TABLE[Kind.DUMP], "coins", part.dumped, part.dumped))
    return notes


_NOTES: dict[tuple[Kind, str, int, int, int, str], tuple[Row, str]] = {}  # a gain's note, by the gain, and its row
NOTES_CAP = 4096  # notes remembered before they are forgotten at once


def _gain_note(g: Gain) -> str:
    """``note`` of a resolved benefit, remembered (the same few notes come back in every answer)."""
    row = TABLE[g.kind]
    key = (g.kind, g.gain, g.amount, g.printed, g.count, g.what)
    got = _NOTES.get(key)
    if got is None or got[0] is not row:  # (a house rule's row is new to its own ``with``)
        if len(_NOTES) >= NOTES_CAP:
            _NOTES.clear()
        got = _NOTES[key] = (row, note(row, g.gain, g.amount, g.printed, g.count, g.what))
    return got[1]


def _placement_notes(part: CardPart, outcome: Outcome) -> list[str]:
    """How a card of the word came to stand: uncovered, doubled, inked, kept in play."""
    notes = []
    if part.face is _UNCOVERED and part.uncovered_by is not None:
        notes.append(f"uncovered by {_code_at(outcome, part.uncovered_by)}")
    if part.doubled_by:
        by = " and ".join(_code_at(outcome, s) for s in part.doubled_by)
        notes.append(f"{'tripled' if part.factor == 3 else 'doubled'} by {by}")
    if part.source is _INKED:
        notes.append("inked: must be used")
    if part.kept:
        notes.append("timeless classic: stays in play")
    return notes


def _code_at(outcome: Outcome, pos: int) -> str:
    return f"{outcome.cards[pos].card.code} (letter {pos + 1})"
