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
    copy           the card also has one ability of another card in the word, of the player's choosing

An ability outside the vocabulary is an error that names it. The abilities are one table
(``solver.paperback.abilities``: notation, words, scoring, bound, the bots' worth, the engine's act).

Text is read as people type it (``solver.text``): normalised with NFKC, so a fullwidth ``Ｅ/１`` is ``E/1``; the
letters folded as the word lists fold them (``Ё`` is ``Е``); numbers in the digits 0-9 only (``E/٣`` is refused: a
score is printed in those digits). A letter whose NFKC form or lowercase is more than one character is refused with
the card named, not read as something else: the ligature ``ﬁ`` (NFKC reads it as the two letters "fi": type ``FI/1``
for a two-letter card, ``F/1`` and ``I/1`` for two cards) and ``İ`` (whose lowercase is i and a combining dot that no
word list holds: type ``I``). Numbers are capped at what a card can print (a score or cost up to 20, a bonus up to
20, ``len>=L`` up to 30, ``cards+N`` up to 10, ``trash-offer:N`` up to the Offer's 7 piles) and a card holds at most
8 abilities (the printed ones hold 1 to 3).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from solver.paperback.abilities import (
    MAX_ABILITIES,
    MAX_CARDS,
    MAX_LENGTH,
    MAX_NUMBER,
    MAX_OFFER,
    Ability,
    Effect,
    PaperbackCardError,
    parse_ability,
    vocabulary,
)
from solver.text import describe_char, lower_word, normalise

VOCABULARY = vocabulary()  # the printed abilities, for messages (a house rule's rows: ``abilities.vocabulary``)


def _abilities(tokens: list[str], where: str) -> tuple[Ability, ...]:
    if len(tokens) > MAX_ABILITIES:
        raise PaperbackCardError(
            f"{where}: {len(tokens)} abilities on one card; a card holds at most {MAX_ABILITIES} "
            "(the printed ones hold 1 to 3)"
        )
    return tuple(parse_ability(t, where) for t in tokens)


def _read(text: str, where: str) -> str:
    """Card text as NFKC reads it, or an error naming the card: a character no card can hold, or a digit other than
    0-9 (the digits NFKC leaves as they are, such as Arabic-Indic ones)."""
    out = normalise(text, f"{where}: card", PaperbackCardError)
    for ch in out:
        if ch.isdigit() and not "0" <= ch <= "9":
            raise PaperbackCardError(
                f"{where}: card {text!r} has the digit {describe_char(ch)}: write scores, costs and numbers "
                "with the digits 0-9"
            )
    return out


def _letters(raw: str, text: str, where: str) -> str:
    """A card's one or two letters as the word lists hold them (lowercase, Ё folded to Е), or an error naming the
    card for a letter that NFKC or lowercasing turns into more than one character."""
    nfkc = normalise(raw, f"{where}: card", PaperbackCardError)
    if len(nfkc) != len(raw):
        bad = next(ch for ch in raw if len(normalise(ch, where, PaperbackCardError)) != 1)
        shown = normalise(bad, where, PaperbackCardError)
        raise PaperbackCardError(
            f"{where}: card {text!r}: {describe_char(bad)} reads as {len(shown)} letters ({shown!r}) once normalised "
            f"(NFKC); type the letters themselves: {shown.upper()}/SCORE for a two-letter card"
        )
    return lower_word(nfkc, f"{where}: card {text!r}, letters", PaperbackCardError)


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
_HEAD = re.compile(r"^(?P<letters>[^\W\d_]{1,2}|\?)(?:/(?P<score>[0-9]{1,2}))?(?:\$(?P<cost>[0-9]{1,2}))?$")


def parse_card(value: object, where: str = "card") -> PCard:
    """A card from its notation or its JSON object; a ``PaperbackCardError`` naming what is wrong."""
    if isinstance(value, dict):
        return _from_json(value, where)
    if not isinstance(value, str) or not value.strip():
        raise PaperbackCardError(f"{where}: give a card as notation (TH/3, E/1$2, ?, Q/5:double-word) or an object")
    text = _read(value.strip(), where)
    low = text.lower()
    if low in ("spacebar", "dyslexic"):
        return SPACEBAR if low == "spacebar" else DYSLEXIC
    head, _, rest = value.strip().partition(":")
    letters_raw = re.match(r"[^\W\d_]{1,2}", head)
    if letters_raw is not None:  # the letters as typed, so a ligature or İ is named as typed
        _letters(letters_raw.group(), value, where)
    head, _, rest = text.partition(":")
    m = _HEAD.match(head)
    if not m:
        raise PaperbackCardError(
            f"{where}: {value!r} is not a card: write LETTERS/SCORE[$COST][:ABILITY,...] (TH/3, E/1$2, "
            "Q/5:double-word), ? for a wild, spacebar or dyslexic"
        )
    letters = "" if m.group("letters") == "?" else _letters(m.group("letters"), value, where)
    if letters and m.group("score") is None:
        raise PaperbackCardError(f"{where}: {value!r} has no score: write it as {letters.upper()}/SCORE, e.g. E/1")
    score = int(m.group("score") or 0)
    cost = int(m.group("cost")) if m.group("cost") is not None else None
    for name, v in (("score", score), ("cost", cost)):
        if v is not None and v > MAX_NUMBER:
            raise PaperbackCardError(f"{where}: {value!r} has {name} {v}: a card prints 0 to {MAX_NUMBER}")
    abilities = _abilities([t for t in rest.split(",") if t.strip()], where) if rest else ()
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
    if isinstance(letters, str) and letters:
        _read(letters, where)  # a character no card holds is named
        letters = _letters(letters, letters, where)
    if not isinstance(letters, str) or len(letters) > 2 or not all(ch.isalpha() for ch in letters):
        raise PaperbackCardError(f'{where}: "letters" must be one or two letters, or "" for a wild')
    for name, v in (("score", score), ("cost", cost)):
        if v is not None and (isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= MAX_NUMBER):
            raise PaperbackCardError(f'{where}: "{name}" must be a whole number from 0 to {MAX_NUMBER}')
    if not isinstance(abilities, list) or not all(isinstance(a, str) for a in abilities):
        raise PaperbackCardError(f'{where}: "abilities" must be a list of ability strings, e.g. ["double-word"]')
    if not letters and (score or abilities):
        raise PaperbackCardError(f"{where}: a wild card has no score and no abilities")
    return PCard(letters, int(score or 0), cost, _abilities([_read(a, where) for a in abilities], where))


__all__ = [
    "DYSLEXIC",
    "MAX_ABILITIES",
    "MAX_CARDS",
    "MAX_LENGTH",
    "MAX_NUMBER",
    "MAX_OFFER",
    "SPACEBAR",
    "VOCABULARY",
    "Ability",
    "Effect",
    "PCard",
    "PaperbackCardError",
    "parse_ability",
    "parse_card",
]
