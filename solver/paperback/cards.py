"""Paperback cards as printed: letters (one or two, or none for a wild), a score, a cost, and abilities from a
closed vocabulary.

The full Paperback card list is not public, so a card is given by what is printed on it, in a short notation::

    LETTERS/SCORE[$COST][:ABILITY,ABILITY...]      TH/3   E/1$2   Q/5$7:double-word   S/1:first:+2
    ?   ?/0$2                                       a wild (Fame cards and the starting wilds): any one letter
    dyslexic   spacebar                             the two special common cards

or in JSON: ``{"letters": "TH", "score": 3, "cost": 6, "abilities": ["double-word"]}``. The abilities::

    +N             N more to the word score          double-word     the word score doubled (two: tripled)
    double-letter  an adjacent card's score doubled  cards+N         N more cards in the next hand
    len>=L:+N      +N when the word has L letters    first:+N        +N when this card gives the first letter
    last:+N        +N when it gives the last letter  nowild:+N       +N when the word uses no wild card
    wilds:+N       +N for each wild card in the word trash-hand      may trash a card left in hand
    trash-offer:N  may trash the top card of N offer piles

An ability outside the vocabulary is an error that names it.
"""

from __future__ import annotations

import enum
import re
import unicodedata
from dataclasses import dataclass
from typing import Any

from solver.errors import GhostwriterError

MAX_NUMBER = 99


class PaperbackCardError(GhostwriterError):
    """A Paperback card that cannot be read."""


class Kind(enum.Enum):
    PLUS = "+"
    DOUBLE_WORD = "double-word"
    DOUBLE_LETTER = "double-letter"
    CARDS = "cards+"
    LENGTH = "len>="
    FIRST = "first"
    LAST = "last"
    NOWILD = "nowild"
    WILDS = "wilds"
    TRASH_HAND = "trash-hand"
    TRASH_OFFER = "trash-offer"


VOCABULARY = (
    "+N, double-word, double-letter, cards+N, len>=L:+N, first:+N, last:+N, nowild:+N, wilds:+N, trash-hand, "
    "trash-offer:N"
)


@dataclass(frozen=True, slots=True)
class Ability:
    kind: Kind
    amount: int = 0
    length: int = 0

    def __str__(self) -> str:
        k, n = self.kind, self.amount
        return {
            Kind.PLUS: f"+{n}",
            Kind.DOUBLE_WORD: "double-word",
            Kind.DOUBLE_LETTER: "double-letter",
            Kind.CARDS: f"cards+{n}",
            Kind.LENGTH: f"len>={self.length}:+{n}",
            Kind.FIRST: f"first:+{n}",
            Kind.LAST: f"last:+{n}",
            Kind.NOWILD: f"nowild:+{n}",
            Kind.WILDS: f"wilds:+{n}",
            Kind.TRASH_HAND: "trash-hand",
            Kind.TRASH_OFFER: f"trash-offer:{n}",
        }[k]

    def describe(self) -> str:
        k, n = self.kind, self.amount
        return {
            Kind.PLUS: f"+{n} to the word score",
            Kind.DOUBLE_WORD: "double word score",
            Kind.DOUBLE_LETTER: "double an adjacent card's score",
            Kind.CARDS: f"{n} more card{'s' * (n != 1)} next hand",
            Kind.LENGTH: f"+{n} if the word has {self.length} letters or more",
            Kind.FIRST: f"+{n} if this card gives the first letter",
            Kind.LAST: f"+{n} if this card gives the last letter",
            Kind.NOWILD: f"+{n} if the word uses no wild card",
            Kind.WILDS: f"+{n} for each wild card in the word",
            Kind.TRASH_HAND: "may trash a card from hand",
            Kind.TRASH_OFFER: f"may trash the top card of {n} offer pile{'s' * (n != 1)}",
        }[k]


_NUMBERED = [
    (re.compile(r"\+(\d+)"), Kind.PLUS),
    (re.compile(r"cards\+(\d+)"), Kind.CARDS),
    (re.compile(r"first:\+(\d+)"), Kind.FIRST),
    (re.compile(r"last:\+(\d+)"), Kind.LAST),
    (re.compile(r"nowild:\+(\d+)"), Kind.NOWILD),
    (re.compile(r"wilds:\+(\d+)"), Kind.WILDS),
    (re.compile(r"trash-offer:(\d+)"), Kind.TRASH_OFFER),
]
_LENGTH = re.compile(r"len>=(\d+):\+(\d+)")


def parse_ability(token: str, where: str = "") -> Ability:
    t = token.strip().lower()
    prefix = f"{where}: " if where else ""
    if t == "double-word":
        return Ability(Kind.DOUBLE_WORD)
    if t == "double-letter":
        return Ability(Kind.DOUBLE_LETTER)
    if t == "trash-hand":
        return Ability(Kind.TRASH_HAND)
    m = _LENGTH.fullmatch(t)
    if m:
        return Ability(Kind.LENGTH, _number(m.group(2), token, prefix), _number(m.group(1), token, prefix))
    for pattern, kind in _NUMBERED:
        m = pattern.fullmatch(t)
        if m:
            return Ability(kind, _number(m.group(1), token, prefix))
    raise PaperbackCardError(f"{prefix}ability {token!r} is not in the vocabulary: the abilities are {VOCABULARY}")


def _number(digits: str, token: str, prefix: str) -> int:
    n = int(digits)
    if not 0 < n <= MAX_NUMBER:
        raise PaperbackCardError(f"{prefix}ability {token!r}: the number must be from 1 to {MAX_NUMBER}")
    return n


@dataclass(frozen=True, slots=True)
class PCard:
    """A Paperback card: ``letters`` is empty for a wild; ``special`` names the Spacebar and Dyslexic cards."""

    letters: str
    score: int = 0
    cost: int | None = None
    abilities: tuple[Ability, ...] = ()
    special: str = ""

    @property
    def wild(self) -> bool:
        return not self.letters and not self.special

    @property
    def code(self) -> str:
        if self.special:
            return self.special
        head = "?" if self.wild else self.letters.upper()
        if not self.wild or self.score or self.cost is not None:
            head += f"/{self.score}"
        if self.cost is not None:
            head += f"${self.cost}"
        if self.abilities:
            head += ":" + ",".join(str(a) for a in self.abilities)
        return head

    def describe(self) -> str:
        if self.special == "spacebar":
            return "Spacebar: spell two words, +1 to the score"
        if self.special == "dyslexic":
            return "Dyslexic: reverse one two-letter card, +1 to the score"
        what = "wild (any one letter)" if self.wild else f"{self.letters.upper()}, {self.score} to the score"
        parts = [what] + [a.describe() for a in self.abilities]
        return f"{self.code}: " + "; ".join(parts)

    def to_json(self) -> dict[str, Any]:
        return {
            "code": self.code,
            "letters": self.letters,
            "score": self.score,
            "cost": self.cost,
            "wild": self.wild,
            "special": self.special or None,
            "abilities": [str(a) for a in self.abilities],
            "text": self.describe(),
        }


SPACEBAR = PCard("", special="spacebar")
DYSLEXIC = PCard("", special="dyslexic")
_HEAD = re.compile(r"^(?P<letters>[^\W\d_]{1,2}|\?)(?:/(?P<score>\d{1,2}))?(?:\$(?P<cost>\d{1,2}))?$")


def parse_card(value: object, where: str = "card") -> PCard:
    """A card from its notation or its JSON object; a ``PaperbackCardError`` naming what is wrong."""
    if isinstance(value, dict):
        return _from_json(value, where)
    if not isinstance(value, str) or not value.strip():
        raise PaperbackCardError(f"{where}: give a card as notation (TH/3, E/1$2, ?, Q/5:double-word) or an object")
    text = unicodedata.normalize("NFC", value.strip())
    low = text.lower()
    if low in ("spacebar", "dyslexic"):
        return SPACEBAR if low == "spacebar" else DYSLEXIC
    head, _, rest = text.partition(":")
    m = _HEAD.match(head)
    if not m:
        raise PaperbackCardError(
            f"{where}: {value!r} is not a card: write LETTERS/SCORE[$COST][:ABILITY,...] (TH/3, E/1$2, "
            "Q/5:double-word), ? for a wild, spacebar or dyslexic"
        )
    letters = "" if m.group("letters") == "?" else m.group("letters").lower()
    if letters and m.group("score") is None:
        raise PaperbackCardError(f"{where}: {value!r} has no score: write it as {letters.upper()}/SCORE, e.g. E/1")
    score = int(m.group("score") or 0)
    cost = int(m.group("cost")) if m.group("cost") is not None else None
    abilities = tuple(parse_ability(t, where) for t in rest.split(",") if t.strip()) if rest else ()
    if not letters and (score or abilities):
        raise PaperbackCardError(f"{where}: a wild card (?) has no score and no abilities")
    return PCard(letters, score, cost, abilities)


def _from_json(data: dict[str, Any], where: str) -> PCard:
    unknown = set(data) - {"letters", "score", "cost", "abilities"}
    if unknown:
        raise PaperbackCardError(
            f"{where}: unknown field {sorted(unknown)[0]!r}; the fields are letters, score, cost, abilities"
        )
    letters = data.get("letters", "")
    score = data.get("score", 0)
    cost = data.get("cost")
    abilities = data.get("abilities", [])
    if not isinstance(letters, str) or len(letters) > 2 or not all(ch.isalpha() for ch in letters):
        raise PaperbackCardError(f'{where}: "letters" must be one or two letters, or "" for a wild')
    for name, v in (("score", score), ("cost", cost)):
        if v is not None and (isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= MAX_NUMBER):
            raise PaperbackCardError(f'{where}: "{name}" must be a whole number from 0 to {MAX_NUMBER}')
    if not isinstance(abilities, list) or not all(isinstance(a, str) for a in abilities):
        raise PaperbackCardError(f'{where}: "abilities" must be a list of ability strings, e.g. ["double-word"]')
    if not letters and (score or abilities):
        raise PaperbackCardError(f"{where}: a wild card has no score and no abilities")
    return PCard(letters.lower(), int(score or 0), cost, tuple(parse_ability(a, where) for a in abilities))
