"""Paperback's abilities as one table: each row (an ``Effect``) says everything every layer reads of one ability.

A row's columns, and who reads them:

- ``name``, ``notation`` and ``words``: the ability in the card notation (``+{n}``, ``len>={length}:+{n}``) and in
  words (``{s}`` is the plural's s); ``most`` caps its number. ``parse_ability``, ``str`` and ``describe`` read
  them (``solver.paperback.cards``), and so does the vocabulary a client is served.
- ``scoring``: how it counts in a word (``Scoring``): a bonus to the word score (with ``gain``), the word factor, a
  neighbour's factor, cards next hand, a copy of another card's ability, or nothing (the engine acts on it). The
  rules' scoring (``solver.paperback.rules``), the search's bounds, hand and explanation read it.
- ``gain``: a bonus's points at a ``Spot`` (where its card stands in the word). The rules give it one layout's
  numbers; the search's bounds give it numpy arrays of every word's best case, so one formula is the score and its
  bound. A gain must never fall as ``first``, ``last``, ``length`` or ``most_wilds`` rise or as ``fewest_wilds``
  falls (so the best case bounds it); ``by_length`` says it reads the word's length (a Spacebar pair's two words
  count their letters together).
- ``native``: its code in the compiled layout search (``solver/search/paperback/_layout.c``'s ``A_`` codes, the one
  switch that scores there): 0 for an ability that scores nothing, None for one only the Python layouts score (a
  hand holding it is searched in Python).
- ``worth``: what the bots think it worth when buying, in score points a turn (times its number, with
  ``worth_scales``).
- ``act``: what the engine does with it once the word is played (``Act``: trash a card left in hand, trash
  from ``N`` Offer piles, gain an Offer card costing up to ``N``, trash a card from hand and gain one costing ``N``
  more), or None.

A house rule adds an ability by registering one more row (``register``); every reader above picks it up.
"""

from __future__ import annotations

import enum
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from solver.errors import GhostwriterError

MAX_NUMBER = 20  # the most a card prints as its score, cost or a bonus (the dearest Fame card costs 17)
MAX_LENGTH = 30  # len>=L: the longest word the length track asks for
MAX_CARDS = 10  # cards+N
MAX_OFFER = 7  # trash-offer:N: the Offer has seven piles
MAX_ABILITIES = 8  # abilities a card holds (printed cards hold 1 to 3)


class PaperbackCardError(GhostwriterError):
    """A Paperback card that cannot be read."""


class Scoring(enum.Enum):
    """How an ability counts in a word."""

    BONUS = "bonus"  # its ``gain`` to the word score, before the word factor
    WORD = "word"  # one more to the word factor (a double-word)
    LETTER = "letter"  # one more to a neighbour's factor (a double-letter)
    CARDS = "cards"  # its number of cards next hand
    COPY = "copy"  # one ability of another card of the word, of the player's choosing
    NONE = "none"  # nothing: the engine acts on it (``Act``)


class Act(enum.Enum):
    """What the engine lets a played word's ability do."""

    TRASH_HAND = "trash-hand"  # trash one card left in hand
    TRASH_OFFER = "trash-offer"  # trash the card showing on up to N different Offer piles
    GAIN = "gain"  # gain a card showing in the Offer costing up to N
    TRASH_GAIN = "trash-gain"  # trash a card left in hand, gain a card showing in the Offer costing N more


@dataclass(frozen=True)
class Spot:
    """Where a card stands in a word, as a bonus reads it: whether it gives the first and the last letter, the wilds
    the word holds (fewest and most: equal in one layout), its length. Numbers for one layout; numpy arrays of every
    word's best case for the search's bounds."""

    first: Any
    last: Any
    fewest_wilds: Any
    most_wilds: Any
    length: Any


@dataclass(frozen=True, eq=False)
class Effect:
    """One row of the ability table (see the module's docstring for its columns)."""

    name: str
    notation: str
    words: str
    scoring: Scoring
    worth: float
    native: int | None
    gain: Callable[[Ability, Spot], Any] | None = None
    by_length: bool = False
    most: int = MAX_NUMBER
    worth_scales: bool = True
    act: Act | None = None
    pattern: re.Pattern[str] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        parts = re.split(r"(\{n\}|\{length\})", self.notation)
        body = "".join("([0-9]+)" if p in ("{n}", "{length}") else re.escape(p) for p in parts)
        object.__setattr__(self, "pattern", re.compile(body))

    def __reduce__(self) -> tuple[Callable[[str], Effect], tuple[str]]:
        return effect_named, (self.name,)  # one object per row, in every process

    @property
    def help(self) -> str:
        """The notation with its numbers named: ``len>=L:+N``."""
        return self.notation.format(n="N", length="L")


@dataclass(frozen=True, slots=True)
class Ability:
    """An ability printed on a card: its row and its numbers."""

    effect: Effect
    amount: int = 0
    length: int = 0

    def __str__(self) -> str:
        return self.effect.notation.format(n=self.amount, length=self.length)

    def describe(self) -> str:
        n = self.amount
        return self.effect.words.format(n=n, length=self.length, s="s" * (n != 1))


def _condition(test: Callable[[Ability, Spot], Any]) -> Callable[[Ability, Spot], Any]:
    """A bonus of its number when ``test`` holds (arrays: where it holds)."""
    return lambda a, s: a.amount * test(a, s)


PLUS = Effect("plus", "+{n}", "+{n} to the word score", Scoring.BONUS, 1.0, 1, gain=lambda a, s: a.amount)
DOUBLE_WORD = Effect("double_word", "double-word", "double word score", Scoring.WORD, 4.0, 2)
DOUBLE_LETTER = Effect("double_letter", "double-letter", "double an adjacent card's score", Scoring.LETTER, 2.0, 3)
CARDS = Effect("cards", "cards+{n}", "{n} more card{s} next hand", Scoring.CARDS, 1.5, 4, most=MAX_CARDS)
LENGTH = Effect(
    "length",
    "len>={length}:+{n}",
    "+{n} if the word has {length} letters or more",
    Scoring.BONUS,
    0.4,
    5,
    gain=_condition(lambda a, s: s.length >= a.length),
    by_length=True,
    worth_scales=False,
)
FIRST = Effect(
    "first",
    "first:+{n}",
    "+{n} if this card gives the first letter",
    Scoring.BONUS,
    0.4,
    6,
    gain=_condition(lambda a, s: s.first),
)
LAST = Effect(
    "last",
    "last:+{n}",
    "+{n} if this card gives the last letter",
    Scoring.BONUS,
    0.5,
    7,
    _condition(lambda a, s: s.last),
)
NOWILD = Effect(
    "nowild",
    "nowild:+{n}",
    "+{n} if the word uses no wild card",
    Scoring.BONUS,
    0.2,
    8,
    gain=_condition(lambda a, s: s.fewest_wilds == 0),
)
WILDS = Effect(
    "wilds",
    "wilds:+{n}",
    "+{n} for each wild card in the word",
    Scoring.BONUS,
    1.2,
    9,
    gain=lambda a, s: a.amount * s.most_wilds,
)
TRASH_HAND = Effect("trash_hand", "trash-hand", "may trash a card from hand", Scoring.NONE, 1.0, 0, act=Act.TRASH_HAND)
TRASH_OFFER = Effect(
    "trash_offer",
    "trash-offer:{n}",
    "may trash the top card of {n} offer pile{s}",
    Scoring.NONE,
    0.2,
    0,
    most=MAX_OFFER,
    act=Act.TRASH_OFFER,
)
COPY = Effect("copy", "copy", "copy an ability of another card in the word", Scoring.COPY, 1.5, None)
# the rulebook's own example, "If you trash a card from hand, gain a card costing 1¢ more" (trash-gain:1), and its
# family: gain an Offer card costing up to N
GAIN = Effect(
    "gain", "gain:{n}", "may gain a card from the offer costing up to {n}c", Scoring.NONE, 0.6, 0, act=Act.GAIN
)
TRASH_GAIN = Effect(
    "trash_gain",
    "trash-gain:{n}",
    "may trash a card from hand and gain a card from the offer costing {n}c more",
    Scoring.NONE,
    1.2,
    0,
    act=Act.TRASH_GAIN,
)

_TABLE: dict[str, Effect] = {
    e.name: e
    for e in (
        PLUS,
        DOUBLE_WORD,
        DOUBLE_LETTER,
        CARDS,
        LENGTH,
        FIRST,
        LAST,
        NOWILD,
        WILDS,
        TRASH_HAND,
        TRASH_OFFER,
        COPY,
        GAIN,
        TRASH_GAIN,
    )
}


def effects() -> Iterator[Effect]:
    """The table's rows, in the vocabulary's order (a house rule's last)."""
    return iter(list(_TABLE.values()))


def effect_named(name: str) -> Effect:
    return _TABLE[name]


def register(effect: Effect) -> Effect:
    """A house rule's ability added to the table (its name and its notation new)."""
    if effect.name in _TABLE or any(e.pattern.pattern == effect.pattern.pattern for e in _TABLE.values()):
        raise ValueError(f"the ability {effect.name!r} ({effect.notation}) is in the table already")
    _TABLE[effect.name] = effect
    return effect


def unregister(effect: Effect) -> None:
    """A house rule's ability taken out of the table again."""
    if _TABLE.get(effect.name) is effect:
        del _TABLE[effect.name]


def vocabulary() -> str:
    """The abilities' notation, for messages: ``+N, double-word, ...``."""
    return ", ".join(e.help for e in _TABLE.values())


def parse_ability(token: str, where: str = "") -> Ability:
    t = token.strip().lower()
    prefix = f"{where}: " if where else ""
    for e in _TABLE.values():
        m = e.pattern.fullmatch(t)
        if m is None:
            continue
        groups = dict(zip(re.findall(r"\{(n|length)\}", e.notation), m.groups(), strict=True))
        length = _number(groups["length"], token, prefix, MAX_LENGTH, "the length") if "length" in groups else 0
        amount = _number(groups["n"], token, prefix, e.most) if "n" in groups else 0
        return Ability(e, amount, length)
    raise PaperbackCardError(f"{prefix}ability {token!r} is not in the vocabulary: the abilities are {vocabulary()}")


def _number(digits: str, token: str, prefix: str, most: int = MAX_NUMBER, what: str = "the number") -> int:
    n = int(digits)
    if not 0 < n <= most:
        raise PaperbackCardError(f"{prefix}ability {token!r}: {what} must be from 1 to {most}, as a card can print it")
    return n
