"""Cards as data: a card's letter, genre, cost and benefits (``solver.hardback.benefits``), and card codes.

A card is a small frozen value. Its text form is its *code* (``romance:F6``, ``E``, ``romance:R5tc``) and,
for a house card whose catalogue is not shipped, the code followed by its benefits in braces
(``romance:Q4{2p dump=1c | 2p}``). ``Card.from_code`` reads inline cards; catalogue codes are resolved by
``solver.hardback.catalogue.Catalogue``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from solver.errors import CardCodeError
from solver.hardback.benefits import Benefit, format_benefits, parse_benefits
from solver.hardback.genres import Genre
from solver.text import card_letter, describe_char, normalise, normalize_word


def normalize_letter(letter: str) -> str:
    """The form of a letter used for matching words: the word lists' own (lowercase, ё as е)."""
    return normalize_word(letter)


@dataclass(frozen=True, slots=True)
class Card:
    """One Hardback card: its letter, genre, cost and printed benefits.

    ``inline`` marks a card given by its benefits rather than taken from the catalogue (a house card);
    ``tc_suffix`` marks the catalogue card whose code needs ``tc`` to tell it from a normal card.
    """

    letter: str
    genre: Genre | None
    cost: int
    basic: tuple[Benefit, ...] = ()
    genre_bonus: tuple[Benefit, ...] = ()
    timeless: bool = False
    purchase_prestige: int = 0
    copies: int = 1
    inline: bool = False
    tc_suffix: bool = field(default=False, compare=False)
    _code: str = field(default="", init=False, compare=False, repr=False)  # ``code``, made once

    def __post_init__(self) -> None:
        object.__setattr__(self, "_code", self._make_code())  # (read for every card of every answer)

    def __hash__(self) -> int:
        """Hashed by its letter, genre and cost (cards equal in every field have them equal): the generated hash
        walked the benefits too, and a hint hashes its cards dozens of times (its pool's kinds, its profiles'
        cache, the box's copies)."""
        return hash((self.letter, self.genre, self.cost))

    @property
    def is_starter(self) -> bool:
        return self.genre is None

    @property
    def match_letter(self) -> str:
        """The letter as it is matched against words (lowercase)."""
        return normalize_letter(self.letter)

    @property
    def code(self) -> str:
        """The canonical code: ``genre:LETTERcost``, ``tc`` where needed, bare letter for a starter."""
        return self._code

    def _make_code(self) -> str:
        if self.genre is None and self.cost == 0 and not self.timeless and not self.inline:
            return self.letter
        genre = self.genre._value_ if self.genre else "starter"  # ``_value_``: ``value`` is a slow property
        tc = "tc" if (self.tc_suffix or (self.inline and self.timeless)) else ""
        head = f"{genre}:{self.letter}{self.cost}{tc}"
        if self.inline:
            return f"{head}{{{format_benefits(self.basic)} | {format_benefits(self.genre_bonus)}}}"
        return head

    def __str__(self) -> str:
        return self.code

    def to_json(self) -> dict[str, object]:
        """The card's facts as JSON (the command line's ``cards --json`` and the service's ``/v1/cards``)."""
        return {
            "code": self.code,
            "letter": self.letter,
            "genre": self.genre.value if self.genre else None,
            "cost": self.cost,
            "timeless": self.timeless,
            "purchase_prestige": self.purchase_prestige,
            "copies": self.copies,
            "basic": [str(b) for b in self.basic],
            "genre_bonus": [str(b) for b in self.genre_bonus],
            "text": self.describe(),
        }

    def __repr__(self) -> str:
        return f"Card.from_code({self.code!r})" if self.inline else f"catalogue[{self.code!r}]"

    def describe(self) -> str:
        """One line for people: code, then basic and genre benefits."""
        basic = "; ".join(b.describe() for b in self.basic) or "nothing"
        text = f"{self.code}: {basic}"
        if self.genre_bonus:
            text += f"; with its genre: {'; '.join(b.describe() for b in self.genre_bonus)}"
        if self.timeless:
            text += " (timeless classic)"
        if self.purchase_prestige:
            text += f"; {self.purchase_prestige} prestige when bought"
        return text

    @staticmethod
    def from_code(code: str) -> Card:
        """An inline card (``genre:LETTERcost{basic | genre}``); catalogue codes go through a Catalogue."""
        parsed = parse_code(code)
        if parsed.benefits is None:
            raise CardCodeError(
                f"{code!r} is a catalogue code: look it up in a Catalogue, or give benefits inline "
                "as genre:LETTERcost{basic | genre}"
            )
        basic_text, _, genre_text = parsed.benefits.partition("|")
        return Card(
            letter=parsed.letter,
            genre=parsed.genre,
            cost=parsed.cost if parsed.cost is not None else 0,
            basic=parse_benefits(basic_text),
            genre_bonus=parse_benefits(genre_text),
            timeless=parsed.timeless,
            copies=0,
            inline=True,
        )


@dataclass(frozen=True, slots=True)
class ParsedCode:
    genre: Genre | None
    letter: str
    cost: int | None
    timeless: bool
    benefits: str | None


_CODE = re.compile(r"^(?:(?P<genre>[^\W\d_]+):)?(?P<letter>[^\W\d_])(?P<cost>[0-9]{1,2})?(?P<tc>[tT][cC])?$")

_SEVERAL_LETTERS = re.compile(r"^(?:[^\W\d_]+:)?(?P<letters>[^\W\d_]{2,})[0-9]{0,2}$")


def parse_code(code: str) -> ParsedCode:
    """Split a code into its parts; say what is wrong with a malformed one.

    The code is read as ``solver.text.normalise`` reads text (fullwidth ``ｒ：Ｆ６`` is ``r:F6``), its letter as
    ``card_letter`` reads one (``Ё`` is ``Е``, as the word lists fold it); digits must be ASCII once normalised,
    since ``٣`` read as 3 would be a card nobody typed."""
    text = normalised = normalise(code, "card", CardCodeError).strip()
    for ch in text:
        if ch.isdigit() and not ch.isascii():
            raise CardCodeError(
                f"card {code!r}: {describe_char(ch)} is not a digit 0-9; costs and amounts are written in ASCII "
                "digits, e.g. r:F6"
            )
    benefits: str | None = None
    if "{" in text:
        head, _, rest = text.partition("{")
        if not rest.endswith("}"):
            raise CardCodeError(f"card {code!r}: an inline card ends with '}}', e.g. romance:Q4{{2p dump=1c | 2p}}")
        text, benefits = head.strip(), rest[:-1]
    m = _CODE.match(text)
    if not m:
        read = ""
        if normalised != code.strip():
            several = _SEVERAL_LETTERS.match(text)
            if several:
                raise CardCodeError(
                    f"card {code!r} reads as {normalised!r} once normalised (NFKC): {several.group('letters')!r} is "
                    f"{len(several.group('letters'))} letters, and a card has one: type the card's one letter"
                )
            read = f" (read as {normalised!r} once normalised)"
        raise CardCodeError(
            f"malformed card code {code!r}{read}: write genre:LETTERcost (romance:F6, r:F6), "
            "a starter letter (E), or an inline card romance:Q4{2p | 1c}"
        )
    genre = Genre.parse(m.group("genre")) if m.group("genre") else None
    letter = card_letter(m.group("letter"), f"card {code!r} has the letter", CardCodeError)
    cost = int(m.group("cost")) if m.group("cost") else None
    if genre is not None and cost is None and benefits is None:
        raise CardCodeError(f"card code {code!r} has no cost: write it as {genre.value}:{letter}COST, e.g. romance:F6")
    return ParsedCode(genre, letter, cost, m.group("tc") is not None, benefits)
