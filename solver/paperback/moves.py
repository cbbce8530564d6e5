"""A Paperback move: its pieces left to right, its score, length and value, and the keys that rank moves."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from solver.objectives import GameObjective
from solver.paperback.cards import Ability

COMMON = -1  # the Common card as a piece
SPACE = -2  # the Spacebar between two words
WILD = -3  # a wild card
MAX_FACTOR = 3  # a letter's factor at most, and the word's under the rulebook's letter (``word_factor``)
COMMON_GAIN = 3.0  # the value objective's worth of gaining the Common card, in score points
CARD_NEXT = 0.5  # ... and of one more card next hand
LENGTH_WEIGHT = 100_000  # under the length objective, a letter outweighs any score in a move's single value
SCORE_WEIGHT = 100  # under the others, a point outweighs any length


class PaperbackObjective(GameObjective):
    SCORE = "score"
    LENGTH = "length"
    VALUE = "value"

    @classmethod
    def noun(cls) -> str:
        return "Paperback objective"


@dataclass(frozen=True)
class Piece:
    kind: int  # index of a card kind, or COMMON, SPACE, WILD
    letters: str
    reversed: bool = False


Copies = tuple[tuple[int, Ability], ...]  # what a layout's ``copy`` abilities took: (piece index, ability)


@dataclass
class PMove:
    word: str
    score: int
    length: int
    pieces: list[Piece]
    factors: list[int]
    gains_common: bool
    cards_next: int
    uses_common: bool
    reasons: list[str] = field(default_factory=list)
    cards: list[dict[str, Any]] = field(default_factory=list)
    value: float = 0.0
    copied: Copies = ()

    def to_json(self) -> dict[str, Any]:
        return {
            "word": self.word,
            "score": self.score,
            "length": self.length,
            "value": round(self.value, 6),
            "cards": self.cards,
            "gains_common": self.gains_common,
            "uses_common": self.uses_common,
            "cards_next": self.cards_next,
            "reasons": self.reasons,
        }


def word_factor(double_words: int, additive: bool = False) -> int:
    """The word factor of a word holding ``double_words`` double-word abilities (printed and copied). The rulebook:
    "If you copy the "Double Word Score" ability, your score is tripled, not quadrupled": read as its letter, x2 for
    one and x3 for two or more (``MAX_FACTOR``); with ``additive`` (the option ``double_words_additive``), each
    ability adds one to the factor (two x3, as the line says, three x4, n x(1 + n))."""
    return 1 + double_words if additive else min(MAX_FACTOR, 1 + double_words)


def value_of(m: PMove) -> float:
    """The value objective's worth of a move: its score, gaining the Common card, the cards next hand."""
    return m.score + (COMMON_GAIN if m.gains_common else 0.0) + CARD_NEXT * m.cards_next


def key(objective: PaperbackObjective, m: PMove) -> tuple[float, float]:
    """What the objective ranks a move by, then what breaks its ties (the oracle's ``objective_rank``)."""
    if objective is PaperbackObjective.LENGTH:
        return (m.length, m.score)
    if objective is PaperbackObjective.VALUE:
        return (m.value, m.length)
    return (m.score, m.length)


def ranked_value(objective: PaperbackObjective, m: PMove) -> float:
    """The key as one number, in the units of the word bounds (``bounds.keys``)."""
    a, b = key(objective, m)
    return a * (LENGTH_WEIGHT if objective is PaperbackObjective.LENGTH else SCORE_WEIGHT) + b


def alphabetical(word: str) -> tuple[int, ...]:
    """A tie key under which the word first in alphabetical order is the larger (``best_first.Tie``)."""
    return (*(-ord(ch) for ch in word), 0)
