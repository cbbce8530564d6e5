"""Paperback's expansion cards as a deck file gives them: Attack cards, Player Powers, Award cards and Theme cards.

Their printed texts are not published, so a deck file writes each in a small closed vocabulary, chosen so that the
engine and the ghost writer can honour every effect exactly (an effect that changes which word is best reaches the
search's turn state, or shifts every word's buying power alike)::

    attacks (an Offer card's "attack" list; "others" are the other players, while the card is in play):
      others:draw-N         N = 1 or 2: the next hand they draw has N cards fewer
      others:min-length+N   N = 1 to 5: their words need N more letters (each word of a Spacebar pair)
      others:no-common      they can neither use nor gain the Common card
      others:score-N        N = 1 to 5: their word buys N cents less (never below 0)
      others:buy-max-N      N = 1 to 3: they buy at most N cards a turn
    powers ("powers": one text a power):
      draw+N                N = 1 or 2: the owner's hands have N more cards (the first hand too)
      score+N               N = 1 to 5: the owner's words buy N cents more
      trash-hand            once a turn, with a word: trash one card left in hand (a resolve step of its own)
      fame+N                N = 1 to 10: N Fame at the end of the game
      shield                the other players' attacks do not affect the owner
    awards ("awards": KIND:FAME, the Fame the award gives):
      most-words:F          the most words formed
      longest-word:F        the longest word formed (its length as the length track counts it)
      most-trashed:F        the most cards trashed by one's abilities and power (hand and Offer)
      most-two-letter:F     the most two-letter cards owned at the end
    themes ("themes": {"name": ..., "fame": F, "words": [...]}): the words that fit, standing for the table's vote

An effect left out on purpose: a power that scores only some words (a length bonus) would need every word's bound
and layout search to carry it, and the ghost writer's hints would otherwise be approximate.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from solver.errors import GhostwriterError
from solver.text import lower_word


class ExpansionError(GhostwriterError):
    """An expansion card's text outside the vocabulary."""


ATTACKS = "others:draw-N, others:min-length+N, others:no-common, others:score-N, others:buy-max-N"
POWERS = "draw+N, score+N, trash-hand, fame+N, shield"
AWARDS = "most-words:F, longest-word:F, most-trashed:F, most-two-letter:F"
MAX_AWARD = 20
MAX_THEME_FAME = 20
MAX_THEME_WORDS = 2000
MAX_CARD_ATTACKS = 3

_ATTACK = re.compile(r"others:(draw-|min-length\+|score-|buy-max-)([0-9]{1,2})")
_ATTACK_MOST = {"draw-": 2, "min-length+": 5, "score-": 5, "buy-max-": 3}
_POWER = re.compile(r"(draw\+|score\+|fame\+)([0-9]{1,2})")
_POWER_MOST = {"draw+": 2, "score+": 5, "fame+": 10}
_AWARD = re.compile(r"(most-words|longest-word|most-trashed|most-two-letter):([0-9]{1,2})")


_WORDS = {  # what each attack and power does, in words (``{n}`` its number, ``{s}`` the plural's s)
    ("attack", "draw"): "the others' next hand has {n} card{s} fewer",
    ("attack", "min-length"): "the others' words need {n} more letter{s}",
    ("attack", "no-common"): "the others can neither use nor gain the Common card",
    ("attack", "score"): "the others' words buy {n}¢ less",
    ("attack", "buy-max"): "the others buy at most {n} card{s} a turn",
    ("power", "draw"): "your hands have {n} more card{s}",
    ("power", "score"): "your words buy {n}¢ more",
    ("power", "trash-hand"): "once a turn, with a word, trash one card left in hand",
    ("power", "fame"): "{n} Fame at the end of the game",
    ("power", "shield"): "the others' attacks do not affect you",
}


def _words(card: str, kind: str, n: int) -> str:
    return _WORDS[card, kind].format(n=n, s="s" * (n != 1))


@dataclass(frozen=True)
class Attack:
    """One attack: ``kind`` is draw, min-length, no-common, score or buy-max; ``amount`` its number."""

    kind: str
    amount: int = 0

    def __str__(self) -> str:
        if self.kind == "no-common":
            return "others:no-common"
        sign = "+" if self.kind == "min-length" else "-"
        return f"others:{self.kind}{sign}{self.amount}"

    def describe(self) -> str:
        return _words("attack", self.kind, self.amount)


@dataclass(frozen=True)
class Power:
    """One player power: ``kind`` is draw, score, trash-hand, fame or shield."""

    kind: str
    amount: int = 0

    def __str__(self) -> str:
        return self.kind if self.kind in ("trash-hand", "shield") else f"{self.kind}+{self.amount}"

    def describe(self) -> str:
        return _words("power", self.kind, self.amount)


@dataclass(frozen=True)
class Award:
    kind: str
    fame: int

    def __str__(self) -> str:
        return f"{self.kind}:{self.fame}"

    def describe(self) -> str:
        what = {
            "most-words": "the most words formed",
            "longest-word": "the longest word formed",
            "most-trashed": "the most cards trashed",
            "most-two-letter": "the most two-letter cards owned",
        }[self.kind]
        return f"{self.fame} Fame for {what} (tied players each get it)"


@dataclass(frozen=True)
class Theme:
    name: str
    fame: int
    words: frozenset[str]

    def to_json(self) -> dict[str, object]:
        return {"name": self.name, "fame": self.fame, "words": sorted(self.words)}

    def describe(self) -> str:
        return f"{self.name}: {self.fame} Fame to the holder at the end ({len(self.words)} words fit)"


def _amount(digits: str, text: str, what: str, most: int) -> int:
    n = int(digits)
    if not 1 <= n <= most:
        raise ExpansionError(f"{what} {text!r}: the number must be from 1 to {most}")
    return n


def _text(value: object, what: str, vocabulary: str) -> str:
    """An expansion card's text as typed, or an error naming what it must be."""
    if not isinstance(value, str):
        raise ExpansionError(f"{'an' if what[0] in 'aeiou' else 'a'} {what} is a text ({vocabulary})")
    return value


def _numbered(
    value: str, pattern: re.Pattern[str], what: str, vocabulary: str, most: dict[str, int] | int
) -> tuple[str, int]:
    """A numbered text's name (its sign dropped) and number, or an error naming the vocabulary."""
    m = pattern.fullmatch(value.strip().lower())
    if not m:
        raise ExpansionError(f"{what} {value!r} is not in the vocabulary: the {what}s are {vocabulary}")
    head = m.group(1)
    cap = most if isinstance(most, int) else most[head]
    return head.rstrip("-+"), _amount(m.group(2), value, what, cap)


def parse_attack(value: object) -> Attack:
    text = _text(value, "attack", ATTACKS)
    if text.strip().lower() == "others:no-common":
        return Attack("no-common")
    return Attack(*_numbered(text, _ATTACK, "attack", ATTACKS, _ATTACK_MOST))


def parse_power(value: object) -> Power:
    text = _text(value, "power", POWERS)
    if text.strip().lower() in ("trash-hand", "shield"):
        return Power(text.strip().lower())
    return Power(*_numbered(text, _POWER, "power", POWERS, _POWER_MOST))


def parse_award(value: object) -> Award:
    return Award(*_numbered(_text(value, "award", AWARDS), _AWARD, "award", AWARDS, MAX_AWARD))


def parse_theme(value: object) -> Theme:
    """A theme card: ``{"name": "Animals", "fame": 3, "words": ["cat", ...]}`` (words folded as the lists fold)."""
    if not isinstance(value, dict):
        raise ExpansionError('a theme is an object: {"name": ..., "fame": F, "words": [...]}')
    unknown = sorted(set(value) - {"name", "fame", "words"})
    if unknown:
        raise ExpansionError(f"theme: unknown field {unknown[0]!r}; the fields are fame, name, words")
    name, fame, words = value.get("name"), value.get("fame"), value.get("words")
    if not isinstance(name, str) or not name.strip() or len(name) > 60:
        raise ExpansionError('theme: "name" must be a short text')
    if isinstance(fame, bool) or not isinstance(fame, int) or not 1 <= fame <= MAX_THEME_FAME:
        raise ExpansionError(f'theme {name!r}: "fame" must be a whole number from 1 to {MAX_THEME_FAME}')
    if not isinstance(words, list) or not words or len(words) > MAX_THEME_WORDS:
        raise ExpansionError(f'theme {name!r}: "words" must list 1 to {MAX_THEME_WORDS} words that fit')
    folded: set[str] = set()
    for i, w in enumerate(words):
        if not isinstance(w, str) or not w.strip() or len(w) > 40:
            raise ExpansionError(f"theme {name!r}: words[{i}] must be a word")
        word = lower_word(w.strip(), f"theme {name!r}: words[{i}]", ExpansionError)
        if not word.isalpha():
            raise ExpansionError(f"theme {name!r}: words[{i}] {w!r} must be letters only")
        folded.add(word)
    return Theme(name.strip(), fame, frozenset(folded))
