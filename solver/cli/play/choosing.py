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
from solver.game.hardback.actions import LayoutEntry, Spell
from solver.game.hardback.narrate import short
from solver.hardback.arrangement import read_arrangement
from solver.hardback.choices import CardChoices
from solver.hardback.moves import Move, open_choices
from solver.search.hardback import Search

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
    for q in open_choices(move):
        typed = spell.layout[q.position].choices or CardChoices()
        if getattr(typed, q.key) is not None:
            continue
        card = move.cards[q.position]
        where = f"{short(card.code)} at {card.letter.upper()} (letter {q.position + 1})"
        if q.key == "trash":
            out.append(Question(q.position, "trash", f"{where}: trash it for its benefit, or keep it?",
                                ("trash", "keep"), "trash" if q.best else "keep"))
            continue
        text = {"either": "coins or prestige?", "token": "ink or remover?",
                "double": "double the card on the left or on the right?"}[q.key]
        out.append(Question(q.position, q.key, f"{where}: {text}", tuple(str(a) for a in q.answers), str(q.best)))
    return out


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
