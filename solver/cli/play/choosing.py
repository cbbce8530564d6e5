"""The person's own choices in a word: each free choice its cards offer, asked at the prompt.

After ``play WORD [CARD ...]`` is read, every choice a card of the word offers (coins or prestige, ink or
remover, trash it or keep it, which neighbour to double) that the person did not type inline is asked in turn,
the ghost writer's pick as the default (Enter takes it). Only a person at a terminal is asked; scripted input
gets the ghost writer's picks, as the objective makes them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from solver.errors import GhostwriterError
from solver.game.actions import LayoutEntry, Spell
from solver.game.narrate import short
from solver.hardback.arrangement import read_arrangement
from solver.hardback.choices import CardChoices
from solver.hardback.moves import Move
from solver.search import Search

TRIES = 3  # answers that cannot be read before the default is taken


@dataclass(frozen=True)
class Question:
    """One open choice: the letter it is at, the choice's key, the answers (the first word of each is what a
    person types, any prefix of it) and the ghost writer's pick."""

    position: int
    key: str
    text: str
    answers: tuple[str, ...]
    default: str


def questions(spell: Spell, move: Move) -> list[Question]:
    """The choices ``move`` (the ghost writer's reading of ``spell``) offers that the layout does not make."""
    out: list[Question] = []
    for i, (entry, card) in enumerate(zip(spell.layout, move.cards, strict=True)):
        offered = card.choices
        if offered is None:
            continue
        typed = entry.choices or CardChoices()
        where = f"{short(card.code)} at {card.letter.upper()} (letter {i + 1})"
        if offered.either is not None and typed.either is None:
            out.append(Question(i, "either", f"{where}: coins or prestige?", ("coins", "prestige"), offered.either[0]))
        if offered.token is not None and typed.token is None:
            out.append(Question(i, "token", f"{where}: ink or remover?", ("ink", "remover"), offered.token[0]))
        if offered.trash is not None and typed.trash is None:
            default = "trash" if offered.trash else "keep"
            out.append(Question(i, "trash", f"{where}: trash it for its benefit, or keep it?", ("trash", "keep"),
                                default))
        if offered.double is not None and len(offered.double) == 1 and typed.double is None:
            sides = [s for s, q in (("left", i - 1), ("right", i + 1)) if _doublable(move, q)]
            if len(sides) == 2:
                out.append(Question(i, "double", f"{where}: double the card on the left or on the right?",
                                    ("left", "right"), offered.double[0]))
    return out


def _doublable(move: Move, q: int) -> bool:
    """Whether the card at letter ``q`` can take a double: one of the person's own, standing."""
    if not 0 <= q < len(move.cards):
        return False
    c = move.cards[q]
    return c.face != "wild" and c.source != "other"


def answer(q: Question, text: str) -> str | None:
    """The answer a person typed (empty: the default; any prefix of an answer, or y/n for trash); None when it
    cannot be read."""
    t = text.strip().lower()
    if not t:
        return q.default
    if q.key == "trash" and t in ("y", "yes", "n", "no"):
        return "trash" if t.startswith("y") else "keep"
    found = [a for a in q.answers if a.startswith(t)]
    return found[0] if len(found) == 1 else None


def ask(spell: Spell, move: Move, read_line: Callable[[str], str | None], say: Callable[[str], None]) -> Spell:
    """``spell`` with each open choice asked through ``read_line`` (the prompt in, the line out; None at the end of
    input, which takes the defaults left)."""
    picks: dict[int, dict[str, str]] = {}
    for q in questions(spell, move):
        got: str | None = None
        for _ in range(TRIES):
            line = read_line(f"  {q.text} [{q.default}] ")
            if line is None:
                got = q.default
                break
            got = answer(q, line)
            if got is not None:
                break
            say(f"  answer {' or '.join(q.answers)} (Enter: {q.default})")
        picks.setdefault(q.position, {})[q.key] = got or q.default
    if not picks:
        return spell
    layout = list(spell.layout)
    for i, made in picks.items():
        layout[i] = _with(layout[i], made)
    return replace(spell, layout=tuple(layout))


def _with(entry: LayoutEntry, made: dict[str, str]) -> LayoutEntry:
    c = entry.choices or CardChoices()
    if "either" in made:
        c = replace(c, either=(made["either"],))
    if "token" in made:
        c = replace(c, token=(made["token"],))
    if "trash" in made:
        c = replace(c, trash=made["trash"] == "trash")
    if "double" in made:
        c = replace(c, double=(made["double"],))
    return replace(entry, choices=c)


def reread(spell: Spell, search: Search) -> Move | None:
    """The ghost writer's reading of a spell with its choices made (None when it cannot read it: the engine then
    says why)."""
    try:
        placement = read_arrangement(spell.word, [e.to_json() for e in spell.layout], search.pool, search.resolver)
    except GhostwriterError:
        return None
    return search.move(placement)
