"""The benefit table: every benefit kind of Hardback, defined once.

A row says all there is to know about a kind: its notation (``2c``, ``trash=3p``, ``1c*adventure``), its words for
people, how it resolves (its ``Role``), what it may add to (``gives``: totals that are also the ``value``
objective's weights, the objective's choice when there are several), whether doubling multiplies it, what a
per-card benefit counts, and the note an explanation gives. Everything else reads the rows: the card parser and
printer (``solver.hardback.cards``), the resolver and its explanation (``solver.hardback.resolve``,
``solver.hardback.explain``), the bounds of the search (through the resolver's profiles), the moves' values
(``solver.hardback.moves``), the game-state checker's caps, and the web page (through the service's vocabulary).

Adding a kind is one ``Kind`` member and one row here, and its tests. What a per-card benefit counts is a table
too (``COUNT_TABLE``: one ``CountRow`` a count, with how it reads a placement, its bound for the search and its
case in the compiled kernel's one switch): a new count is one row there, its benefit's row, and that case
(tests/search/test_count_table.py adds one as a house rule, ``house_count``).
"""

from __future__ import annotations

import enum
import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Self

from solver.errors import CardCodeError
from solver.hardback.genres import Genre
from solver.hardback.objectives import Weights

_HOUSE: dict[tuple[type[enum.Enum], object], enum.Enum] = {}  # the members house rules added, by class and value


class _Open(enum.Enum):
    """An enum to which a house rule may add members at run time (``house``), as ``enum.Flag`` makes its
    combinations: ``cls(value)`` finds them, and they are hashed, compared and printed as the others are."""

    @classmethod
    def house(cls, name: str, value: str) -> Self:
        """The member a house rule adds (``house_count``): the same value gives the same member again."""
        got = _HOUSE.get((cls, value))
        if got is None:
            got = object.__new__(cls)
            got._name_ = name
            got._value_ = value
            _HOUSE[(cls, value)] = got
        assert isinstance(got, cls)
        return got

    @classmethod
    def _missing_(cls, value: object) -> Self | None:
        got = _HOUSE.get((cls, value))
        return got if isinstance(got, cls) else None


class Kind(_Open):
    """The benefit kinds (the value is the kind's name in JSON). Each has one row in ``TABLE``; a house rule may add
    one (``house``, ``house_count``)."""

    __hash__ = object.__hash__  # members are singletons: hashed by identity (Enum's own hashes the name in Python)

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


class Role(enum.Enum):
    """How a benefit resolves (the order of resolution is the resolver's: uncovers, doubles, then the rest)."""

    __hash__ = object.__hash__  # members are singletons: hashed by identity (Enum's own hashes the name in Python)

    GAIN = "gain"  # adds its amount (times the card's factor, when scaled) to one of ``gives``
    PER_CARD = "per_card"  # adds its amount times the card's factor for each card it counts, to its one gain
    TRASH = "trash"  # may trash this card for its amount of coins or prestige: a card's trash benefits are taken
    # together, or none
    DUMP = "dump"  # may trash a card of the discard pile for its amount of coins, one discarded card each
    DOUBLE = "double"  # doubles an adjacent face-up card of the player's
    UNCOVER = "uncover"  # turns an adjacent wild face-up


class Count(_Open):
    """What a per-card benefit counts."""

    __hash__ = object.__hash__  # members are singletons: hashed by identity (Enum's own hashes the name in Python)

    GENRE = "genre"  # the player's face-up cards of the benefit's genre (the word and the classics in play)
    WILD = "wild"  # the wild cards in the word, uncovered ones included
    INKED = "inked"  # the inked cards used face-up


@dataclass(frozen=True, slots=True)
class Tally:
    """What a count reads: of a placement once resolved (``CountRow.read``), or of a turn at its most
    (``CountRow.most``, the search's bounds): per genre the player's cards of it in play, the word's wild cards
    (face-down or uncovered), the inked cards used face-up, the word's letters."""

    genres: Sequence[int]
    wilds: int
    inked: int
    letters: int


@dataclass(frozen=True)
class CountRow:
    """One count of the per-card benefits, read by every part that scores or bounds them (the resolver and the
    outcome through ``Special`` and ``read``, the search's bounds through ``most`` and ``per_wild``, the compiled
    kernel through ``kernel``).

    ``read`` gives what it counts in a placement (a tally and the benefit's genre index, -1 for none);
    ``most`` the most it may count in any word of a turn, given the turn's tally at its most (the search's bound:
    never less than ``read`` of any placement); with ``per_wild`` the search credits it instead for each wild card
    a word may hold (``Profile.optimistic_per_wild``: it grows with the word's wild cards, Mystery N's). ``kernel``
    is its case in the compiled kernel's one switch (``counted`` in ``solver/search/hardback/kernel/resolve.c``);
    None where it has none: pools with such cards are then searched in Python."""

    count: Count
    read: Callable[[Tally, int], int]
    most: Callable[[Tally, int], int]
    kernel: int | None
    per_wild: bool = False


def _genre(t: Tally, g: int) -> int:
    return t.genres[g]


def _wilds(t: Tally, g: int) -> int:
    return t.wilds


def _inked(t: Tally, g: int) -> int:
    return t.inked


COUNT_TABLE: dict[Count, CountRow] = {
    c.count: c
    for c in (
        CountRow(Count.GENRE, _genre, _genre, kernel=0),
        CountRow(Count.WILD, _wilds, _wilds, kernel=1, per_wild=True),
        CountRow(Count.INKED, _inked, _inked, kernel=2),
    )
}


# What benefits add to, in the order ``value`` sums them: each is a field of ``Totals`` and of ``Weights``.
GAINS = ("prestige", "coins", "ink", "remover", "jail", "preview", "opponents_return")
ON_CARD = ("coins", "prestige")  # the gains shown on a card's own line; the others are tokens of the turn


@dataclass(frozen=True)
class Row:
    """One benefit kind.

    ``token`` is its notation, ``{n}`` standing for the amount and ``{genre}`` for a genre; ``words`` the same in
    words for people (``{s}`` is "s" unless the amount is 1). ``note`` is what an explanation says of it once
    resolved (``{q}`` the amount gained, ``{n}`` the printed amount, ``{gain}`` what it went to, ``{count}`` and
    ``{what}`` what a per-card benefit counted); a mapping gives one note per gain.
    """

    kind: Kind
    token: str
    words: str
    role: Role
    gives: tuple[str, ...] = ()
    scaled: bool = True  # the amount is multiplied by the card's factor; otherwise it brings one, once
    per: Count | None = None
    note: str | dict[str, str] = ""

    def note_for(self, gain: str) -> str:
        return self.note.get(gain, "") if isinstance(self.note, dict) else self.note


TABLE: dict[Kind, Row] = {
    row.kind: row
    for row in (
        Row(Kind.COINS, "{n}c", "{n} coin{s}", Role.GAIN, ("coins",)),
        Row(Kind.PRESTIGE, "{n}p", "{n} prestige", Role.GAIN, ("prestige",)),
        Row(
            Kind.EITHER,
            "{n}c/p",
            "{n} coin{s} or {n} prestige",
            Role.GAIN,
            ("prestige", "coins"),
            note="either: {q} {gain}",
        ),
        Row(
            Kind.INK_OR_REMOVER,
            "ink/remover",
            "an ink or a remover",
            Role.GAIN,
            ("ink", "remover"),
            scaled=False,
            note={"ink": "takes an ink", "remover": "takes a remover"},
        ),
        Row(Kind.TRASH_FOR_COINS, "trash={n}c", "trash this card for {n} coin{s}", Role.TRASH, ("coins",)),
        Row(Kind.TRASH_FOR_PRESTIGE, "trash={n}p", "trash this card for {n} prestige", Role.TRASH, ("prestige",)),
        Row(
            Kind.DUMP,
            "dump={n}c",
            "trash a card from the discard pile for {n} coin{s}",
            Role.DUMP,
            ("coins",),
            note="dumps a discarded card for {q} coin{s}",
        ),
        Row(Kind.DOUBLE, "double", "double an adjacent card", Role.DOUBLE),
        Row(Kind.UNCOVER, "uncover", "uncover an adjacent wild", Role.UNCOVER),
        Row(Kind.JAIL, "jail", "jail an offer-row card", Role.GAIN, ("jail",), False, note="jails an offer-row card"),
        Row(
            Kind.PREVIEW,
            "preview={n}",
            "preview the top {n} cards of the draw pile",
            Role.GAIN,
            ("preview",),
            scaled=False,
            note="previews {n} cards",
        ),
        Row(
            Kind.COINS_PER_GENRE,
            "{n}c*{genre}",
            "{n} coin{s} per active {genre} card",
            Role.PER_CARD,
            ("coins",),
            per=Count.GENRE,
            note="{q} coin{s} for {count} {what} card{cs}",
        ),
        Row(
            Kind.PRESTIGE_PER_WILD,
            "{n}p*wild",
            "{n} prestige per wild card in the word",
            Role.PER_CARD,
            ("prestige",),
            per=Count.WILD,
            note="{q} prestige for {count} {what} cards",
        ),
        Row(
            Kind.PRESTIGE_PER_INKED,
            "{n}p*inked",
            "{n} prestige per inked card",
            Role.PER_CARD,
            ("prestige",),
            per=Count.INKED,
            note="{q} prestige for {count} {what} cards",
        ),
        Row(
            Kind.OPPONENTS_RETURN,
            "opponents-return",
            "each other player returns an unused ink or remover",
            Role.GAIN,
            ("opponents_return",),
            scaled=False,
            note="each other player returns an ink or remover",
        ),
    )
}

MAX_AMOUNT = 99
MAX_BENEFITS = 8  # on each side of a card: a printed card has at most 3, and each is a step of every layout's scoring


@dataclass(frozen=True, slots=True)
class Benefit:
    """One benefit printed on a card: a kind, an amount, and for per-card specials the genre counted."""

    kind: Kind
    amount: int = 1
    genre: Genre | None = None

    @property
    def row(self) -> Row:
        return TABLE[self.kind]

    def __str__(self) -> str:
        return self.row.token.format(n=self.amount, genre=self.genre.value if self.genre else "")

    def describe(self) -> str:
        """Plain words for people."""
        return _fill(self.row.words, self.amount, self.genre)


def _fill(template: str, n: int, genre: Genre | None = None, **more: object) -> str:
    return template.format(n=n, s="s" * (n != 1), genre=genre.value if genre else "", **more)


def note(row: Row, gain: str, q: int, n: int, count: int = 0, what: str = "") -> str:
    """What an explanation says of a resolved benefit (empty when it goes without saying)."""
    template = row.note_for(gain)
    if not template:
        return ""
    gain = gain.removesuffix("s") if gain == "coins" and q == 1 else gain  # "either: 1 coin", "either: 2 coins"
    return template.format(q=q, n=n, gain=gain, count=count, what=what, s="s" * (q != 1), cs="s" * (count != 1))


# -- the notation -----------------------------------------------------------------------------------------------

def _pattern(token: str, reserved_tails: set[str]) -> re.Pattern[str]:
    text = re.escape(token).replace(r"\{n\}", "([0-9]+)")
    reserved = "|".join(sorted(reserved_tails))
    return re.compile(text.replace(r"\{genre\}", rf"(?!(?:{reserved})$)([a-z]+)"))


def _parsers() -> list[tuple[Row, re.Pattern[str]]]:
    """Literal tokens first, then tokens with an amount, then those that name a genre (``2c*wild`` is not a
    genre's: the words after ``*`` in the rows are no genre's names)."""
    reserved = {tail for row in TABLE.values() for tail in re.findall(r"\*([a-z]+)", row.token)}
    return sorted(
        ((row, _pattern(row.token, reserved)) for row in TABLE.values()),
        key=lambda x: ("{" in x[0].token, "{genre}" in x[0].token),
    )


_PARSERS = _parsers()
# tokens read already, by their lowercase text (a catalogue repeats ``1c``, ``2p`` and the like: reading the 158
# cards each start went through the patterns ~400 times); bounded, as a service reads its users' inline cards too
_READ: dict[str, Benefit] = {}
READ_MOST = 1024

BENEFIT_NOTATION_HELP = (
    "benefit tokens are "
    + ", ".join(row.token.replace("{n}", "N").replace("{genre}", "GENRE") for row in TABLE.values())
    + ", or - for none"
)


def parse_benefits(text: str) -> tuple[Benefit, ...]:
    """Benefits from the notation of the catalogue (``2p trash=3c``); ``-`` or empty text is none."""
    tokens = [t for t in text.replace(",", " ").split() if t != "-"]
    if len(tokens) > MAX_BENEFITS:
        raise CardCodeError(
            f"benefits {text.strip()[:60]!r}: {len(tokens)} benefits, and a side of a card has at most {MAX_BENEFITS} "
            "(a printed card has 3 at most): give the card's own benefits"
        )
    return tuple(_parse_token(token) for token in tokens)


def _parse_token(token: str) -> Benefit:
    t = token.lower()
    known = _READ.get(t)
    if known is None:
        known = _read_token(t, token)
        if len(_READ) >= READ_MOST:
            _READ.clear()
        _READ[t] = known
    return known


def _read_token(t: str, token: str) -> Benefit:
    for row, pattern in _PARSERS:
        m = pattern.fullmatch(t)
        if not m:
            continue
        groups = list(m.groups())
        amount = _amount(groups.pop(0), token) if "{n}" in row.token else 1
        if "{genre}" not in row.token:
            return Benefit(row.kind, amount)
        genre = Genre.parse(groups[0])
        if genre is None:
            raise CardCodeError(f"benefit {token!r}: coins per card need a genre, e.g. 2c*adventure")
        return Benefit(row.kind, amount, genre)
    raise CardCodeError(f"unknown benefit {token!r}: {BENEFIT_NOTATION_HELP}")


def _amount(digits: str, token: str) -> int:
    n = int(digits)
    if not 0 < n <= MAX_AMOUNT:
        raise CardCodeError(f"benefit {token!r}: the amount must be from 1 to {MAX_AMOUNT}")
    return n


@contextmanager
def house_count(row: Row, counter: CountRow) -> Iterator[None]:
    """A house rule's new count for the length of a ``with``: its benefit's row (a per-card row whose ``per`` is
    ``counter.count``; its kind and count made by ``Kind.house`` and ``Count.house``) and its counter, read by
    everything that reads the tables (the notation, the resolver, the outcome, the search's bounds, the kernel
    through ``counter.kernel``). Cards and profiles made meanwhile are remembered by their makers' caches: use new
    card codes for each rule."""
    global _PARSERS
    if row.role is not Role.PER_CARD or row.per is not counter.count or row.kind in TABLE:
        raise ValueError(f"house count {row.kind}: a new per-card row counting {counter.count}")
    kept = _PARSERS
    TABLE[row.kind] = row
    COUNT_TABLE[counter.count] = counter
    _PARSERS = _parsers()
    _READ.clear()  # a token may read otherwise under the new row
    try:
        yield
    finally:
        del TABLE[row.kind]
        del COUNT_TABLE[counter.count]
        _PARSERS = kept
        _READ.clear()


def format_benefits(benefits: tuple[Benefit, ...]) -> str:
    return " ".join(str(b) for b in benefits) or "-"


# -- resolution ---------------------------------------------------------------------------------------------------


def weight(w: Weights, gain: str) -> float:
    """The weight of one gain (or cost: ``trash``, ``dump``) under the ``value`` objective's weights."""
    value: float = getattr(w, gain)
    return value


def choose(row: Row, w: Weights) -> str:
    """The gain a benefit goes to under weights: the most valued of its ``gives``, the first on ties."""
    return max(row.gives, key=lambda g: weight(w, g))


def plain_value(benefits: Sequence[Benefit], f: int, w: Weights) -> float:
    """Weighted value of the benefits that depend only on the card itself at factor ``f``, best choices made:
    the gains, and the card's trash benefits when trashing it is worth more than the weight of a card trashed."""
    v = 0.0
    trash = 0.0
    has_trash = False
    for b in benefits:
        row = TABLE[b.kind]
        if row.role is Role.GAIN:
            best = max([getattr(w, g) for g in row.gives])  # ``weight`` of each
            v += best * b.amount * f if row.scaled else best
        elif row.role is Role.TRASH:
            trash += weight(w, row.gives[0]) * b.amount * f
            has_trash = True
    if has_trash:
        v += max(0.0, trash - weight(w, "trash"))
    return v


@dataclass(frozen=True, slots=True)
class Special:
    """A per-card benefit ready to score: its weight, amount, what it counts (its ``CountRow``, and the genre's index
    for a count of a genre's cards, -1 otherwise)."""

    benefit: Benefit
    weight: float
    per: Count
    genre: int
    counter: CountRow = field(compare=False)

    def value(self, f: int, tally: Tally) -> float:
        """What it brings at factor ``f`` in a placement that ``tally`` counts."""
        return self.weight * self.benefit.amount * f * self.counter.read(tally, self.genre)

    def most(self, reach: Tally) -> float:
        """The most it brings at factor 1 in any word of a turn whose tally at its most is ``reach``."""
        return self.weight * self.benefit.amount * 1 * self.counter.most(reach, self.genre)


def specials(benefits: Iterable[Benefit], w: Weights, genres: Sequence[Genre]) -> tuple[Special, ...]:
    """The per-card benefits among ``benefits``, weighted (their value depends on the whole word)."""
    out = []
    for b in benefits:
        row = TABLE[b.kind]
        if row.role is Role.PER_CARD:
            assert row.per is not None
            index = genres.index(b.genre) if b.genre is not None else -1
            out.append(Special(b, weight(w, row.gives[0]), row.per, index, COUNT_TABLE[row.per]))
    return tuple(out)


def amounts(benefits: Iterable[Benefit], role: Role) -> tuple[int, ...]:
    """The amounts of the benefits of one role (a card's dumps, say)."""
    return tuple(b.amount for b in benefits if TABLE[b.kind].role is role)


def abilities(benefits: Iterable[Benefit], role: Role) -> int:
    """How many benefits of one role (doubles, uncovers) a card has."""
    return sum(TABLE[b.kind].role is role for b in benefits)


def most(benefits: Iterable[Benefit], gain: str, cards: int) -> int:
    """The most of one gain (coins, prestige, ink...) the benefits can bring once, before doubling, with ``cards``
    cards counted by each per-card benefit."""
    out = 0
    for b in benefits:
        row = TABLE[b.kind]
        if gain in row.gives:
            out += (b.amount * (cards if row.role is Role.PER_CARD else 1)) if row.scaled else 1
    return out
