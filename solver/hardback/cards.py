"""Cards as data: genres, the closed set of benefit kinds, the benefit notation and card codes.

A card is a small frozen value. Its text form is its *code* (``romance:F6``, ``E``, ``romance:R5tc``) and,
for a house card whose catalogue is not shipped, the code followed by its benefits in braces
(``romance:Q4{2p dump=1c | 2p}``). ``Card.from_code`` reads inline cards; catalogue codes are resolved by
``solver.hardback.catalogue.Catalogue``.
"""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass, field

from solver.errors import CardCodeError
from solver.text import card_letter, describe_char, normalise, normalize_word


class Genre(enum.Enum):
    """The four genres of Hardback. Starter cards have no genre (``None``)."""

    ADVENTURE = "adventure"
    HORROR = "horror"
    MYSTERY = "mystery"
    ROMANCE = "romance"

    @classmethod
    def parse(cls, text: str) -> Genre | None:
        """A genre from its name or initial, case-insensitive, in English or Russian (Приключения, Ужасы,
        Детективы, Романы; п, у, д, р); ``None`` for starters."""
        t = normalise(text, "genre", CardCodeError).strip().lower()
        if t in ("starter", "s", "", "стартовая", "с"):
            return None
        for g in cls:
            if t in (g.value, g.value[0], *RUSSIAN_GENRES[g.value]):
                return g
        raise CardCodeError(
            f"unknown genre {text!r}: use adventure (a), horror (h), mystery (m), romance (r) or starter"
        )


RUSSIAN_GENRES = {
    "adventure": ("приключения", "п"),
    "horror": ("ужасы", "у"),
    "mystery": ("детективы", "детектив", "д"),
    "romance": ("романы", "роман", "р"),
}


class Kind(enum.Enum):
    """The closed set of benefit kinds. ``solver.hardback.resolve`` is the one interpreter of them."""

    COINS = "coins"
    PRESTIGE = "prestige"
    EITHER = "coins_or_prestige"
    INK_OR_REMOVER = "ink_or_remover"
    TRASH_FOR_COINS = "trash_for_coins"
    TRASH_FOR_PRESTIGE = "trash_for_prestige"
    DUMP = "dump"
    DOUBLE = "double"
    UNCOVER = "uncover"
    JAIL = "jail"
    PREVIEW = "preview"
    COINS_PER_GENRE = "coins_per_genre_card"
    PRESTIGE_PER_WILD = "prestige_per_wild"
    PRESTIGE_PER_INKED = "prestige_per_inked"
    OPPONENTS_RETURN = "opponents_return_token"


@dataclass(frozen=True, slots=True)
class Benefit:
    """One benefit printed on a card: a kind, an amount, and for per-card specials the genre counted."""

    kind: Kind
    amount: int = 1
    genre: Genre | None = None

    def __str__(self) -> str:
        a, k = self.amount, self.kind
        simple = {
            Kind.COINS: f"{a}c",
            Kind.PRESTIGE: f"{a}p",
            Kind.EITHER: f"{a}c/p",
            Kind.INK_OR_REMOVER: "ink/remover",
            Kind.TRASH_FOR_COINS: f"trash={a}c",
            Kind.TRASH_FOR_PRESTIGE: f"trash={a}p",
            Kind.DUMP: f"dump={a}c",
            Kind.DOUBLE: "double",
            Kind.UNCOVER: "uncover",
            Kind.JAIL: "jail",
            Kind.PREVIEW: f"preview={a}",
            Kind.PRESTIGE_PER_WILD: f"{a}p*wild",
            Kind.PRESTIGE_PER_INKED: f"{a}p*inked",
            Kind.OPPONENTS_RETURN: "opponents-return",
        }
        if k is Kind.COINS_PER_GENRE:
            assert self.genre is not None
            return f"{a}c*{self.genre.value}"
        return simple[k]

    def describe(self) -> str:
        """Plain words for people."""
        a, k = self.amount, self.kind
        words = {
            Kind.COINS: f"{a} coin{'s' * (a != 1)}",
            Kind.PRESTIGE: f"{a} prestige",
            Kind.EITHER: f"{a} coins or {a} prestige",
            Kind.INK_OR_REMOVER: "an ink or a remover",
            Kind.TRASH_FOR_COINS: f"trash this card for {a} coins",
            Kind.TRASH_FOR_PRESTIGE: f"trash this card for {a} prestige",
            Kind.DUMP: f"trash a card from the discard pile for {a} coin{'s' * (a != 1)}",
            Kind.DOUBLE: "double an adjacent card",
            Kind.UNCOVER: "uncover an adjacent wild",
            Kind.JAIL: "jail an offer-row card",
            Kind.PREVIEW: f"preview the top {a} cards of the draw pile",
            Kind.PRESTIGE_PER_WILD: f"{a} prestige per wild card in the word",
            Kind.PRESTIGE_PER_INKED: f"{a} prestige per inked card",
            Kind.OPPONENTS_RETURN: "each other player returns an unused ink or remover",
        }
        if k is Kind.COINS_PER_GENRE:
            assert self.genre is not None
            return f"{a} coins per active {self.genre.value} card"
        return words[k]


_AMOUNT_TOKENS: list[tuple[re.Pattern[str], Kind]] = [
    (re.compile(r"([0-9]+)c"), Kind.COINS),
    (re.compile(r"([0-9]+)p"), Kind.PRESTIGE),
    (re.compile(r"([0-9]+)c/p"), Kind.EITHER),
    (re.compile(r"trash=([0-9]+)c"), Kind.TRASH_FOR_COINS),
    (re.compile(r"trash=([0-9]+)p"), Kind.TRASH_FOR_PRESTIGE),
    (re.compile(r"dump=([0-9]+)c"), Kind.DUMP),
    (re.compile(r"preview=([0-9]+)"), Kind.PREVIEW),
    (re.compile(r"([0-9]+)p\*wild"), Kind.PRESTIGE_PER_WILD),
    (re.compile(r"([0-9]+)p\*inked"), Kind.PRESTIGE_PER_INKED),
]
_WORD_TOKENS = {
    "ink/remover": Kind.INK_OR_REMOVER,
    "double": Kind.DOUBLE,
    "uncover": Kind.UNCOVER,
    "jail": Kind.JAIL,
    "opponents-return": Kind.OPPONENTS_RETURN,
}
_PER_GENRE = re.compile(r"([0-9]+)c\*([a-z]+)")
MAX_AMOUNT = 99
MAX_BENEFITS = 8  # on each side of a card: a printed card has at most 3, and each is a step of every layout's scoring

BENEFIT_NOTATION_HELP = (
    "benefit tokens are Nc, Np, Nc/p, ink/remover, trash=Nc, trash=Np, dump=Nc, double, uncover, jail, "
    "preview=N, Nc*GENRE, Np*wild, Np*inked, opponents-return, or - for none"
)


def parse_benefits(text: str) -> tuple[Benefit, ...]:
    """Benefits from the notation of the catalogue (``2p trash=3c``); ``-`` or empty text is none."""
    out: list[Benefit] = []
    tokens = [t for t in text.replace(",", " ").split() if t != "-"]
    if len(tokens) > MAX_BENEFITS:
        raise CardCodeError(
            f"benefits {text.strip()[:60]!r}: {len(tokens)} benefits, and a side of a card has at most {MAX_BENEFITS} "
            "(a printed card has 3 at most): give the card's own benefits"
        )
    for token in tokens:
        t = token.lower()
        if t in _WORD_TOKENS:
            out.append(Benefit(_WORD_TOKENS[t]))
            continue
        m = _PER_GENRE.fullmatch(t)
        if m and m.group(2) not in ("wild", "inked"):
            genre = Genre.parse(m.group(2))
            if genre is None:
                raise CardCodeError(f"benefit {token!r}: coins per card need a genre, e.g. 2c*adventure")
            out.append(Benefit(Kind.COINS_PER_GENRE, _amount(m.group(1), token), genre))
            continue
        for pattern, kind in _AMOUNT_TOKENS:
            m = pattern.fullmatch(t)
            if m:
                out.append(Benefit(kind, _amount(m.group(1), token)))
                break
        else:
            raise CardCodeError(f"unknown benefit {token!r}: {BENEFIT_NOTATION_HELP}")
    return tuple(out)


def _amount(digits: str, token: str) -> int:
    n = int(digits)
    if not 0 < n <= MAX_AMOUNT:
        raise CardCodeError(f"benefit {token!r}: the amount must be from 1 to {MAX_AMOUNT}")
    return n


def format_benefits(benefits: tuple[Benefit, ...]) -> str:
    return " ".join(str(b) for b in benefits) or "-"


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
        if self.genre is None and self.cost == 0 and not self.timeless and not self.inline:
            return self.letter
        genre = self.genre.value if self.genre else "starter"
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
