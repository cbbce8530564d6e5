"""The shipped card catalogue, read from ``solver/data/hardback.cards``, and code look-up.

``Catalogue.hardback(rules)`` gives the 158 Hardback cards under the printed rules (default) or BGA's
(where Horror H 7c has its redesigned benefits). ``lookup`` turns any code into a card: catalogue codes
with genre names or initials in any case, starters as bare letters, and inline house cards.
"""

from __future__ import annotations

import enum
import functools
from collections.abc import Iterable, Iterator
from dataclasses import replace
from pathlib import Path

from solver.errors import CardCodeError
from solver.hardback.benefits import parse_benefits
from solver.hardback.cards import Card, parse_code
from solver.hardback.genres import Genre
from solver.text import card_letter, normalise, parse_choice


class Rules(enum.Enum):
    """Which edition of the rules: the printed rulebook, or Board Game Arena's readings."""

    PRINTED = "printed"
    BGA = "bga"

    @classmethod
    def parse(cls, text: str) -> Rules:
        return parse_choice(cls, text, "rules", CardCodeError, quote=True)


def _parse_line(line: str, where: str) -> tuple[bool, Card]:
    variant = line.startswith("@bga")
    if variant:
        line = line[len("@bga") :]
    try:
        head, basic, genre_bonus = (part.strip() for part in line.split("|"))
        words = head.split()
        genre = Genre.parse(words[0])
        letter, cost = words[1], int(words[2])
        timeless, buy, copies = False, 0, 1
        for flag in words[3:]:
            if flag == "timeless":
                timeless = True
            elif flag.startswith("buy=") and flag.endswith("p"):
                buy = int(flag[4:-1])
            elif flag.startswith("copies="):
                copies = int(flag[7:])
            else:
                raise CardCodeError(f"unknown flag {flag!r}: the flags are timeless, buy=Np and copies=N")
        card = Card(
            letter=letter,
            genre=genre,
            cost=cost,
            basic=parse_benefits(basic),
            genre_bonus=parse_benefits(genre_bonus),
            timeless=timeless,
            purchase_prestige=buy,
            copies=copies,
        )
    except CardCodeError as e:
        raise CardCodeError(f"{where}: cannot read card line {line.strip()!r}: {e}") from e
    except (ValueError, IndexError):  # int() of a word, too few fields: the line's shape, not a Python message
        raise CardCodeError(
            f"{where}: cannot read card line {line.strip()!r}: write GENRE LETTER COST [timeless] [buy=Np] "
            "[copies=N] | basic benefits | genre benefits"
        ) from None
    return variant, card


RU_COIN_STARTERS = "АЕИНОРСТ"
RU_PRESTIGE = "ВДКЛМПУЯ"
EDITIONS = ("en", "ru")
LOOKED = 4096  # codes a catalogue remembers as written (each card can be written many ways: r:F6, romance:F6, ...)


class Catalogue:
    """The cards of one rules edition, looked up by code."""

    def __init__(self, cards: Iterable[Card], rules: Rules = Rules.PRINTED) -> None:
        self.rules = rules
        self._cards: list[Card] = []
        self._by_key: dict[tuple[Genre | None, str, int, bool], Card] = {}
        self._looked: dict[str, Card] = {}  # codes looked up already (``lookup``)
        normal_keys = {(c.genre, c.letter, c.cost) for c in cards if not c.timeless}
        for c in cards:
            if c.timeless and (c.genre, c.letter, c.cost) in normal_keys:
                c = replace(c, tc_suffix=True)
            self._cards.append(c)
            self._by_key[(c.genre, c.letter, c.cost, c.timeless)] = c

    @staticmethod
    @functools.cache
    def russian(rules: Rules = Rules.PRINTED) -> Catalogue:
        """The Russian edition: its starters (the Russian rulebook: А Е И Н О Р С Т give a coin, В Д К Л М П У Я
        a prestige point). Its genre cards are not published: give them inline (``романы:Ж4{2p | double}``)."""
        coin = [Card(letter=x, genre=None, cost=0, basic=parse_benefits("1c"), copies=5) for x in RU_COIN_STARTERS]
        prestige = [Card(letter=x, genre=None, cost=0, basic=parse_benefits("1p"), copies=1) for x in RU_PRESTIGE]
        return Catalogue(coin + prestige, rules)

    @staticmethod
    def edition(edition: str, rules: Rules = Rules.PRINTED) -> Catalogue:
        """The catalogue of an edition: ``en`` (the 158 cards) or ``ru`` (the Russian starters)."""
        if edition == "ru":
            return Catalogue.russian(rules)
        if edition == "en":
            return Catalogue.hardback(rules)
        raise CardCodeError(f"unknown edition {edition!r}: use en or ru")

    @staticmethod
    @functools.cache
    def hardback(rules: Rules = Rules.PRINTED) -> Catalogue:
        """The shipped Hardback catalogue under the given rules."""
        text = (Path(__file__).parents[1] / "data" / "hardback.cards").read_text(encoding="utf-8")
        base: list[Card] = []
        variants: dict[tuple[Genre | None, str, int], Card] = {}
        for n, raw in enumerate(text.splitlines(), 1):
            line = raw.strip()
            if not line or line.startswith("#"):
                continue
            is_variant, card = _parse_line(line, f"hardback.cards line {n}")
            if is_variant:
                variants[(card.genre, card.letter, card.cost)] = card
            else:
                base.append(card)
        if rules is Rules.BGA:
            base = [
                replace(
                    c,
                    basic=variants[(c.genre, c.letter, c.cost)].basic,
                    genre_bonus=variants[(c.genre, c.letter, c.cost)].genre_bonus,
                )
                if (c.genre, c.letter, c.cost) in variants and not c.timeless
                else c
                for c in base
            ]
        return Catalogue(base, rules)

    def __iter__(self) -> Iterator[Card]:
        return iter(self._cards)

    def __len__(self) -> int:
        return len(self._cards)

    def codes(self) -> list[str]:
        return [c.code for c in self._cards]

    def lookup(self, code: str) -> Card:
        """The card a code names: a catalogue card, or an inline card given with its benefits. A catalogue card's
        code is remembered as it was written (up to ``LOOKED`` codes): a turn state names a dozen cards, and
        reading a code's parts cost a hint 0.15 ms."""
        card = self._looked.get(code)
        if card is not None:
            return card
        card = self._lookup(code)
        if not card.inline and len(self._looked) < LOOKED:
            self._looked[code] = card
        return card

    def _lookup(self, code: str) -> Card:
        parsed = parse_code(code)
        if parsed.benefits is not None:
            return Card.from_code(code)
        cost = parsed.cost if parsed.cost is not None else 0
        if parsed.genre is None and cost == 0 and not parsed.timeless:
            card = self._by_key.get((None, parsed.letter, 0, False))
            if card is not None:
                return card
        if parsed.timeless:
            card = self._by_key.get((parsed.genre, parsed.letter, cost, True))
        else:
            card = self._by_key.get((parsed.genre, parsed.letter, cost, False)) or self._by_key.get(
                (parsed.genre, parsed.letter, cost, True)
            )
        if card is None:
            raise CardCodeError(
                f"no card {code!r} in the Hardback catalogue; {self._suggest(code, parsed.genre, parsed.letter)}"
            )
        return card

    def _suggest(self, code: str, genre: Genre | None, letter: str) -> str:
        same = [c.code for c in self._cards if c.letter == letter and c.genre == genre]
        import difflib  # only to name close codes for a code not found

        close = difflib.get_close_matches(code.strip(), self.codes(), n=4, cutoff=0.5)
        names = list(dict.fromkeys(same + close))[:6]
        if not names:
            names = [c.code for c in self._cards if c.letter == letter][:6]
        if not names:
            return "list the cards with 'ghostwriter cards'"
        return "closest real codes: " + ", ".join(names)

    def search(
        self,
        text: str = "",
        genre: Genre | str | None = "",
        letter: str = "",
        cost: int | None = None,
        timeless: bool | None = None,
    ) -> list[Card]:
        """Cards matching every given filter; ``text`` matches the code or the benefits' wording. The text and the
        letter are read as codes are (``solver.text``): a fullwidth ``Ｆ`` is F, a control character is refused."""
        text = normalise(text, "search text", CardCodeError)
        letter = card_letter(letter, "letter", CardCodeError) if letter else ""
        out = []
        for c in self._cards:
            if genre != "" and c.genre != genre:
                continue
            if letter and c.letter != letter:
                continue
            if cost is not None and c.cost != cost:
                continue
            if timeless is not None and c.timeless != timeless:
                continue
            if text and text.lower() not in c.describe().lower():
                continue
            out.append(c)
        return out
