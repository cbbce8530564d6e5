"""A Paperback box as data: the deck file a table supplies (JSON), read and checked against the rulebook's structure.

Paperback's card list is not published, so a game is played with a deck file that says what the box holds::

    {
      "format": "ghostwriter-paperback-deck/1",
      "name": "house",
      "invented": true,
      "note": "...",
      "offer": [{"letters": "E", "score": 1, "cost": 2, "abilities": [], "fame": 0, "copies": 2}, ...],
      "fame": [{"cost": 5, "points": 4, "cards": {"2": 4, "3": 6, "4": 8, "5": 10}}, ...],
      "starters": {"letters": [{"letters": "T", "score": 1}, ...], "wilds": 5, "wild_cost": 2, "wild_fame": 1},
      "common": [{"letters": "E", "score": 2, "fame": 1}, {"special": "spacebar"}, ...],
      "commons_dealt": 4,
      "length_track": [7, 8, 9, 10],
      "pyramid": {"2": [[0, 0, 0, 0], [1, 1, 1, 1], [2, 2], [3]], ...}
    }

``offer``: every card of the Offer with its letters (one or two), score, cost (2 to 10: the rulebook's piles are 2¢,
3¢, 4¢, 5¢, 6¢, 7¢ and one pile for 8¢, 9¢ and 10¢), abilities in the closed vocabulary of ``solver.paperback.cards``,
Fame points and copies. ``fame``: the four Fame piles (wild cards), each with its cost, its points a card and its
cards by player count (the rulebook's table; the player counts a deck gives are the ones it can be played with).
``starters``: each player's letters (the rulebook: "the 1¢ T,R,S,L and N cards") and wild starters ("five of the 2¢
Fame cards"). ``common``: the Common cards (a letter card, or ``{"special": "spacebar"}`` / ``"dyslexic"``), of which
``commons_dealt`` are dealt onto the length track, one for each number of ``length_track``.

The expansions, optional (``solver.paperback.expansions``, a closed vocabulary): an Offer card's ``attack`` list
makes it an Attack card (in the Offer piles by price only with the ``attacks`` option; the piles must have cards
without them), ``powers`` (texts), ``awards`` (``KIND:FAME`` texts) and ``themes`` (``{"name", "fame", "words"}``).

A deck that breaks the rulebook's structure is refused with a ``DeckError`` naming the line of the file and the reason:
an Offer pile with no card, a card without a cost or with a cost no pile takes, an ability outside the vocabulary, a
Fame pile missing or without a count for a player count the others give, a length track that does not rise or does
not match the Common cards dealt, an unknown field.

``pyramid`` (optional) is the cooperative mode's layout of the Fame cards by player count: its rows, the base (the
row uncovered at the start) first, each card of a row named by its Fame pile (0: the cheapest). A layout must use
every Fame card of that player count exactly once. A player count it does not give is laid out by the engine's
default (``default_pyramid``: one row a Fame pile, the cheapest at the base). How the rows cover each other is the
engine's (``solver.game.paperback.coop``).
"""

from __future__ import annotations

import itertools
import json
import json.decoder
import json.scanner
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

from solver.errors import GhostwriterError
from solver.paperback.cards import DYSLEXIC, SPACEBAR, PCard, parse_card
from solver.paperback.expansions import (
    MAX_CARD_ATTACKS,
    Attack,
    Award,
    Power,
    Theme,
    parse_attack,
    parse_award,
    parse_power,
    parse_theme,
)

FORMAT = "ghostwriter-paperback-deck/1"
OFFER_PILES = 7  # 2¢, 3¢, 4¢, 5¢, 6¢, 7¢, and 8¢-10¢ together
FAME_PILES = 4  # 5¢, 8¢, 11¢, 17¢ in the rulebook
MIN_COST, MAX_COST = 2, 10  # the Offer's prices
MAX_COPIES = 20
MAX_FAME = 50
MAX_PILE = 40  # Fame cards in one pile
MAX_SIZE = 512 * 1024  # bytes of a deck file
PLAYER_COUNTS = range(1, 9)
HOUSE = "paperback-house-deck.json"
HOUSE_LABEL = "the house deck, invented for trying the game (not the published cards)"
DECK_KEYS = {
    "format",
    "name",
    "invented",
    "note",
    "offer",
    "fame",
    "starters",
    "common",
    "commons_dealt",
    "length_track",
    "pyramid",
    "powers",
    "awards",
    "themes",
}
MAX_ROWS = 12  # rows of a pyramid
MAX_POWERS, MAX_AWARDS, MAX_THEMES = 20, 20, 20


class DeckError(GhostwriterError):
    """A deck file that cannot be read or breaks the rulebook's structure; ``line`` is where (0: the file), ``path``
    the JSON path of the field at fault within the deck (``offer[3].abilities[0]``; "" for the whole deck)."""

    def __init__(self, message: str, line: int = 0, source: str = "deck", path: str = "") -> None:
        super().__init__(f"{source}, line {line}: {message}" if line else f"{source}: {message}")
        self.line = line
        self.reason = message
        self.path = path


def pile_of(cost: int) -> int:
    """The Offer pile a card of this cost goes in (0: 2¢ ... 5: 7¢, 6: 8¢, 9¢ and 10¢)."""
    return min(cost, 8) - MIN_COST


@dataclass(frozen=True)
class DeckCard:
    """One kind of card in the box: the card as the ghost writer reads it, its Fame points, how many the box holds."""

    card: PCard
    fame: int = 0
    copies: int = 1
    attack: tuple[Attack, ...] = ()  # an Attack card's attacks (in the box only when the table plays attacks)

    def to_json(self) -> dict[str, Any]:
        if self.card.special:
            return {"special": self.card.special, "fame": self.fame, "copies": self.copies}
        out: dict[str, Any] = {"letters": self.card.letters.upper(), "score": self.card.score}
        if self.card.cost is not None:
            out["cost"] = self.card.cost
        out["abilities"] = [str(a) for a in self.card.abilities]
        out["fame"] = self.fame
        out["copies"] = self.copies
        if self.attack:
            out["attack"] = [str(a) for a in self.attack]
        return out


@dataclass(frozen=True)
class FamePile:
    cost: int
    points: int
    cards: dict[int, int]  # player count -> cards in the pile


@dataclass(frozen=True)
class Deck:
    """A Paperback box, as a deck file gives it."""

    name: str
    invented: bool
    note: str
    offer: tuple[DeckCard, ...]
    fame: tuple[FamePile, ...]
    starter_letters: tuple[DeckCard, ...]
    starter_wilds: int
    wild_cost: int
    wild_fame: int
    common: tuple[DeckCard, ...]
    commons_dealt: int
    length_track: tuple[int, ...]
    pyramid: tuple[tuple[int, tuple[tuple[int, ...], ...]], ...] = ()  # (players, rows base first) of the co-op mode
    powers: tuple[Power, ...] = ()
    awards: tuple[Award, ...] = ()
    themes: tuple[Theme, ...] = ()

    def pyramid_rows(self, players: int) -> tuple[tuple[int, ...], ...]:
        """The co-op pyramid's rows for a player count, the base first (each card by its Fame pile): the deck's
        layout, or the default: one row a Fame pile, the cheapest at the base."""
        given = dict(self.pyramid)
        return given.get(players) or default_pyramid(self, players)

    @property
    def players(self) -> tuple[int, ...]:
        """The player counts the deck can be played with (those every Fame pile gives a count for)."""
        return tuple(sorted(set.intersection(*(set(p.cards) for p in self.fame))))

    def label(self) -> str:
        return f"{self.name} ({'invented: not the published cards' if self.invented else 'a table deck'})"

    def to_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "name": self.name,
            "invented": self.invented,
            "note": self.note,
            "offer": [c.to_json() for c in self.offer],
            "fame": [
                {"cost": p.cost, "points": p.points, "cards": {str(k): v for k, v in sorted(p.cards.items())}}
                for p in self.fame
            ],
            "starters": {
                "letters": [c.to_json() for c in self.starter_letters],
                "wilds": self.starter_wilds,
                "wild_cost": self.wild_cost,
                "wild_fame": self.wild_fame,
            },
            "common": [c.to_json() for c in self.common],
            "commons_dealt": self.commons_dealt,
            "length_track": list(self.length_track),
            **({"pyramid": {str(k): [list(r) for r in rows] for k, rows in self.pyramid}} if self.pyramid else {}),
            **({"powers": [str(p) for p in self.powers]} if self.powers else {}),
            **({"awards": [str(a) for a in self.awards]} if self.awards else {}),
            **({"themes": [t.to_json() for t in self.themes]} if self.themes else {}),
        }


def default_pyramid(deck: Deck, players: int) -> tuple[tuple[int, ...], ...]:
    """The co-op layout a deck does not give: one row a Fame pile, the cheapest pile's cards at the base."""
    return tuple((i,) * p.cards[players] for i, p in enumerate(deck.fame) if p.cards.get(players))


# -- JSON with the line of every object ----------------------------------------------------------------------------


class _Located(dict[str, Any]):
    """A JSON object that knows the line it starts on, the line of each of its keys, and (once read) its JSON path
    in the deck."""

    line: int = 0
    key_lines: dict[str, int] | None = None
    path: str = ""


def _loads(text: str) -> Any:
    """JSON as ``json.loads`` reads it, every object a ``_Located`` dict (the line of its opening brace)."""
    decoder = json.JSONDecoder()
    json_object: Any = getattr(json.decoder, "JSONObject")  # noqa: B009 (untyped in the stubs)
    newlines = [i for i, ch in enumerate(text) if ch == "\n"]

    def line_at(pos: int) -> int:
        lo, hi = 0, len(newlines)
        while lo < hi:
            mid = (lo + hi) // 2
            if newlines[mid] < pos:
                lo = mid + 1
            else:
                hi = mid
        return lo + 1

    def parse_object(s_and_end: tuple[str, int], *args: Any) -> tuple[Any, int]:
        obj, end = json_object(s_and_end, *args)
        located = _Located(obj)
        located.line = line_at(s_and_end[1] - 1)
        located.key_lines = {}
        for key in obj:  # the first place the key is written as JSON writes it (else the object's line)
            pos = text.find(json.dumps(key), s_and_end[1] - 1, end)
            located.key_lines[key] = line_at(pos) if pos >= 0 else located.line
        return located, end

    decoder.parse_object = parse_object  # type: ignore[attr-defined]
    decoder.scan_once = json.scanner.py_make_scanner(decoder)  # type: ignore[attr-defined]
    return decoder.decode(text)


# -- reading a deck ------------------------------------------------------------------------------------------------


class _Reader:
    def __init__(self, source: str) -> None:
        self.source = source

    def fail(self, where: Any, message: str, path: str | None = None) -> DeckError:
        """The error at ``where`` (its line); ``path``: the field's JSON path (default: ``where``'s own)."""
        at = getattr(where, "path", "") if path is None else path
        return DeckError(message, getattr(where, "line", 0), self.source, at)

    def obj(self, value: Any, where: Any, what: str, path: str = "") -> _Located:
        if not isinstance(value, _Located):
            raise self.fail(where, f"{what} must be a JSON object", path)
        value.path = path
        return value

    def whole(self, obj: _Located, key: str, what: str, low: int, high: int, default: int | None = None) -> int:
        value = obj.get(key, default)
        at = _join(obj.path, key)
        if value is None:
            raise self.fail(obj, f"{what} has no {key!r}: give a whole number from {low} to {high}", at)
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise self.fail(obj, f"{what}: {key!r} must be a whole number from {low} to {high} (got {value!r})", at)
        return value

    def keys(self, obj: _Located, allowed: set[str], what: str) -> None:
        unknown = sorted(set(obj) - allowed)
        if unknown:
            raise self.fail(
                obj,
                f"{what}: unknown field {unknown[0]!r}; the fields are {', '.join(sorted(allowed))}",
                _join(obj.path, unknown[0]),
            )

    def fields(self, obj: _Located, what: str) -> None:
        """A card's letters, score, cost and abilities checked one by one, so that a fault names its field
        (``offer[3].abilities[0]``); what they mean together is ``parse_card``'s."""
        checks: list[tuple[str, dict[str, Any]]] = []
        if "letters" in obj:
            checks.append(("letters", {"letters": obj["letters"]}))
        for key in ("score", "cost"):
            if key in obj:
                checks.append((key, {"letters": "a", key: obj[key]}))
        abilities = obj.get("abilities", [])
        if not isinstance(abilities, list):
            checks.append(("abilities", {"letters": "a", "abilities": abilities}))
        else:
            checks += [(f"abilities[{i}]", {"letters": "a", "abilities": [a]}) for i, a in enumerate(abilities)]
        for key, part in checks:
            try:
                parse_card(part, what)
            except GhostwriterError as e:
                raise self.fail(obj, str(e), _join(obj.path, key)) from None

    def card(self, obj: _Located, what: str, *, cost: bool, special: bool = False) -> DeckCard:
        allowed = {"letters", "score", "cost", "abilities", "fame", "copies", "special"}
        self.keys(obj, allowed | ({"attack"} if cost else set()), what)
        if "special" in obj:
            if not special or obj["special"] not in ("spacebar", "dyslexic"):
                where = "a Common card" if special else "an Offer card"
                raise self.fail(
                    obj,
                    f'{what}: "special" is "spacebar" or "dyslexic", and only for {where}',
                    _join(obj.path, "special"),
                )
            extra = sorted(set(obj) - {"special", "fame", "copies"})
            if extra:
                raise self.fail(obj, f"{what}: a {obj['special']} card has no {extra[0]!r}", _join(obj.path, extra[0]))
            card = SPACEBAR if obj["special"] == "spacebar" else DYSLEXIC
        else:
            if not obj.get("letters"):
                raise self.fail(
                    obj,
                    f'{what} has no "letters": one or two letters (a wild is a Fame card)',
                    _join(obj.path, "letters"),
                )
            if "score" not in obj:
                raise self.fail(obj, f'{what} has no "score"', _join(obj.path, "score"))
            if cost and "cost" not in obj:
                raise self.fail(
                    obj,
                    f'{what} ({obj["letters"]}) has no "cost": every Offer card is bought at its cost',
                    _join(obj.path, "cost"),
                )
            self.fields(obj, what)
            fields = {k: obj[k] for k in ("letters", "score", "cost", "abilities") if k in obj}
            try:
                card = parse_card(fields, what)
            except GhostwriterError as e:
                raise self.fail(obj, str(e), _join(obj.path, "abilities" if obj.get("abilities") else "")) from None
            if cost and card.cost is not None and not MIN_COST <= card.cost <= MAX_COST:
                raise self.fail(
                    obj,
                    f"{what} ({card.code}): cost {card.cost} is in no Offer pile; the piles are 2¢ to 10¢",
                    _join(obj.path, "cost"),
                )
        fame = self.whole(obj, "fame", what, 0, MAX_FAME, 0)
        copies = self.whole(obj, "copies", what, 1, MAX_COPIES, 1)
        return DeckCard(card, fame, copies, self.attacks(obj, what) if "attack" in obj else ())

    def attacks(self, obj: _Located, what: str) -> tuple[Attack, ...]:
        raw = obj["attack"]
        if not isinstance(raw, list) or not 1 <= len(raw) <= MAX_CARD_ATTACKS:
            raise self.fail(
                obj,
                f'{what}: "attack" lists 1 to {MAX_CARD_ATTACKS} attacks, e.g. ["others:no-common"]',
                _join(obj.path, "attack"),
            )
        out = []
        for i, a in enumerate(raw):
            try:
                out.append(parse_attack(a))
            except GhostwriterError as e:
                raise self.fail(obj, f"{what}: {e}", f"{_join(obj.path, 'attack')}[{i}]") from None
        return tuple(out)

    def texts(self, top: _Located, key: str, most: int, parse: Any) -> tuple[Any, ...]:
        """An optional list of expansion cards (``powers``, ``awards``, ``themes``), each read by ``parse``."""
        if key not in top:
            return ()
        raw = top[key]
        if not isinstance(raw, list) or not 1 <= len(raw) <= most:
            raise self.fail(top, f'"{key}" must list 1 to {most} cards', key)
        out = []
        for i, v in enumerate(raw):
            try:
                out.append(parse(v))
            except GhostwriterError as e:
                if isinstance(v, _Located):
                    raise self.fail(v, f"{key}[{i}]: {e}", f"{key}[{i}]") from None
                line = (top.key_lines or {}).get(key, top.line)  # a text in a list: the line of its field
                raise DeckError(f"{key}[{i}]: {e}", line, self.source, f"{key}[{i}]") from None
        return tuple(out)

    def cards(self, value: Any, where: _Located, key: str, *, cost: bool, special: bool = False) -> list[DeckCard]:
        if not isinstance(value, list) or not value:
            raise self.fail(where, f'"{key}" must be a non-empty list of cards', key)
        return [
            self.card(self.obj(c, where, f"{key}[{i}]", f"{key}[{i}]"), f"{key}[{i}]", cost=cost, special=special)
            for i, c in enumerate(value)
        ]

    def deck(self, data: Any) -> Deck:
        top = self.obj(data, None, "a deck file")
        name, note, invented = self.head(top)
        offer = self.offer(top)
        fame = self.fame(top["fame"], top)
        letters, wilds, wild_cost, wild_fame = self.starters(top)
        common, dealt, track = self.track(top)
        return Deck(
            name=name,
            invented=invented,
            note=note,
            offer=tuple(offer),
            fame=tuple(fame),
            starter_letters=tuple(letters),
            starter_wilds=wilds,
            wild_cost=wild_cost,
            wild_fame=wild_fame,
            common=tuple(common),
            commons_dealt=dealt,
            length_track=tuple(track),
            pyramid=self.pyramid(top, fame),
            powers=self.texts(top, "powers", MAX_POWERS, parse_power),
            awards=self.texts(top, "awards", MAX_AWARDS, parse_award),
            themes=self.themes(top),
        )

    def head(self, top: _Located) -> tuple[str, str, bool]:
        """The deck's fields and format checked; its name, note and whether it is invented."""
        self.keys(top, DECK_KEYS, "the deck")
        if top.get("format") != FORMAT:
            raise self.fail(top, f'"format" must be "{FORMAT}"', "format")
        for key in ("offer", "fame", "starters", "common", "commons_dealt", "length_track"):
            if key not in top:
                raise self.fail(top, f'the deck has no "{key}"', key)
        name = top.get("name", "deck")
        note = top.get("note", "")
        invented = top.get("invented", False)
        if not isinstance(name, str) or not name or len(name) > 80:
            raise self.fail(top, '"name" must be a short text', "name")
        if not isinstance(note, str) or not isinstance(invented, bool):
            raise self.fail(
                top,
                '"note" must be a text and "invented" true or false',
                "note" if not isinstance(note, str) else "invented",
            )
        return name, note, invented

    def offer(self, top: _Located) -> list[DeckCard]:
        """The Offer's cards, every pile of a game without attacks holding some."""
        offer = self.cards(top["offer"], top, "offer", cost=True)
        for i, c in enumerate(offer):
            if c.card.special:
                raise self.fail(top["offer"][i], f"offer[{i}]: the Spacebar and Dyslexic are Common cards")
        piles = [  # the piles a game without attacks plays (attack cards are only added to them)
            sum(c.copies for c in offer if c.card.cost is not None and pile_of(c.card.cost) == p and not c.attack)
            for p in range(OFFER_PILES)
        ]
        for p, n in enumerate(piles):
            if not n:
                label = "8¢-10¢" if p == OFFER_PILES - 1 else f"{p + MIN_COST}¢"
                raise self.fail(
                    top, f"the Offer's {label} pile has no card: the Offer has seven piles (2¢ to 10¢)", "offer"
                )
        return offer

    def starters(self, top: _Located) -> tuple[list[DeckCard], int, int, int]:
        """Each player's starting letters, wilds, the wilds' cost and Fame."""
        starters = self.obj(top["starters"], top, '"starters"', "starters")
        self.keys(starters, {"letters", "wilds", "wild_cost", "wild_fame"}, "starters")
        letters = self.cards(starters.get("letters"), starters, "starters.letters", cost=False)
        wilds = self.whole(starters, "wilds", "starters", 0, 20)
        wild_cost = self.whole(starters, "wild_cost", "starters", 0, MAX_COST, 2)
        wild_fame = self.whole(starters, "wild_fame", "starters", 0, MAX_FAME, 1)
        if sum(c.copies for c in letters) + wilds < 5:
            raise self.fail(starters, "a starting deck must hold at least 5 cards: a hand is 5 cards")
        return letters, wilds, wild_cost, wild_fame

    def track(self, top: _Located) -> tuple[list[DeckCard], int, list[int]]:
        """The Common cards, how many are dealt, and the length track (one number for each)."""
        common = self.cards(top["common"], top, "common", cost=False, special=True)
        dealt = self.whole(top, "commons_dealt", "the deck", 1, 20)
        if sum(c.copies for c in common) < dealt:
            raise self.fail(
                top, f"{dealt} Common cards are dealt but the deck holds {sum(c.copies for c in common)}", "common"
            )
        track = top["length_track"]
        if (
            not isinstance(track, list)
            or len(track) != dealt
            or any(isinstance(n, bool) or not isinstance(n, int) or not 2 <= n <= 30 for n in track)
            or any(b <= a for a, b in itertools.pairwise(track))
        ):
            raise self.fail(
                top,
                f'"length_track" must be {dealt} rising word lengths from 2 to 30, one for each Common card dealt '
                "(commons_dealt), e.g. [7, 8, 9, 10]",
                "length_track",
            )
        return common, dealt, track

    def pyramid(self, top: _Located, fame: list[FamePile]) -> tuple[tuple[int, tuple[tuple[int, ...], ...]], ...]:
        """The optional co-op layout: rows of Fame pile numbers by player count, every Fame card used once."""
        value = top.get("pyramid")
        if value is None:
            return ()
        if not isinstance(value, dict) or not value:
            raise self.fail(
                top, '"pyramid" must be an object of layouts by player count, e.g. {"2": [[0, 0], [1]]}', "pyramid"
            )
        counts = set(fame[0].cards)
        out = []
        for k, rows in value.items():
            where = f"pyramid[{k!r}]"
            at = _join("pyramid", k)  # its JSON path (``pyramid.2``)
            if not k.isdigit() or int(k) not in counts:
                raise self.fail(top, f"pyramid: {k!r} is not a player count the Fame piles give ({sorted(counts)})", at)
            if (
                not isinstance(rows, list)
                or not 1 <= len(rows) <= MAX_ROWS
                or any(not isinstance(r, list) or not r for r in rows)
            ):
                raise self.fail(top, f"{where} must be 1 to {MAX_ROWS} non-empty rows, the base first", at)
            cells = [c for r in rows for c in r]
            if any(isinstance(c, bool) or not isinstance(c, int) or not 0 <= c < len(fame) for c in cells):
                raise self.fail(top, f"{where}: each card is a Fame pile's number, 0 to {len(fame) - 1}", at)
            players = int(k)
            for i, pile in enumerate(fame):
                if cells.count(i) != pile.cards[players]:
                    raise self.fail(
                        top,
                        f"{where} lays out {cells.count(i)} cards of fame[{i}], which holds {pile.cards[players]} "
                        f"for {players} players: a pyramid uses every Fame card once",
                        at,
                    )
            out.append((players, tuple(tuple(r) for r in rows)))
        return tuple(sorted(out))

    def themes(self, top: _Located) -> tuple[Theme, ...]:
        themes: tuple[Theme, ...] = self.texts(top, "themes", MAX_THEMES, parse_theme)
        names = [t.name.lower() for t in themes]
        for i, n in enumerate(names):
            if n in names[:i]:
                raise self.fail(
                    top["themes"][i], f"themes[{i}]: a second theme named {themes[i].name!r}", f"themes[{i}].name"
                )
        return themes

    def fame(self, value: Any, top: _Located) -> list[FamePile]:
        if not isinstance(value, list) or len(value) != FAME_PILES:
            raise self.fail(top, f'"fame" must list the {FAME_PILES} Fame piles (a pile missing is refused)', "fame")
        piles = []
        for i, raw in enumerate(value):
            where = f"fame[{i}]"
            p = self.obj(raw, top, where, where)
            self.keys(p, {"cost", "points", "cards"}, where)
            cost = self.whole(p, "cost", where, 1, 30)
            points = self.whole(p, "points", where, 0, MAX_FAME)
            counts = p.get("cards")
            if not isinstance(counts, dict) or not counts:
                raise self.fail(
                    p, f'{where} has no "cards": its cards by player count, e.g. {{"2": 4, "3": 6}}', f"{where}.cards"
                )
            cards: dict[int, int] = {}
            for k, n in counts.items():
                if not k.isdigit() or int(k) not in PLAYER_COUNTS:
                    raise self.fail(p, f"{where}.cards: {k!r} is not a player count from 1 to 8", f"{where}.cards")
                if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= MAX_PILE:
                    raise self.fail(
                        p, f"{where}.cards[{k!r}] must be a whole number from 1 to {MAX_PILE}", f"{where}.cards.{k}"
                    )
                cards[int(k)] = n
            piles.append(FamePile(cost, points, cards))
        counts_seen = set(piles[0].cards)
        for i, pile in enumerate(piles):
            if set(pile.cards) != counts_seen:
                raise self.fail(
                    value[i],
                    f"fame[{i}] gives counts for other player counts than fame[0]: each Fame "
                    "pile needs a count for every player count the deck is played with",
                )
        if any(b.cost <= a.cost for a, b in itertools.pairwise(piles)):
            raise self.fail(top, '"fame": the piles must be listed by rising cost, e.g. 5, 8, 11, 17', "fame")
        return piles


def _join(path: str, key: str) -> str:
    """A field's JSON path under its object's (``offer[3]`` and ``cost``: ``offer[3].cost``)."""
    return f"{path}.{key}" if path and key else path or key


def read_deck(text: str, source: str = "deck") -> Deck:
    """A deck from its file's text; a ``DeckError`` naming the line and the reason."""
    if len(text.encode("utf-8", "surrogatepass")) > MAX_SIZE:
        raise DeckError(f"the file is over {MAX_SIZE // 1024} KiB; a deck is a few KiB", 0, source)
    try:
        data = _loads(text)
    except json.JSONDecodeError as e:
        raise DeckError(f"not JSON: {e.msg} (column {e.colno})", e.lineno, source) from None
    except RecursionError:
        raise DeckError("JSON nested too deep for a deck", 0, source) from None
    return _Reader(source).deck(data)


def load_deck(path: str | Path) -> Deck:
    """A deck file from disk (``DeckError`` when it cannot be read)."""
    from solver.files import FileError, read_text

    try:
        text = read_text(path, limit=MAX_SIZE + 1)  # bounded (read_deck names the size), no devices, pipes timed
    except FileError as e:
        raise DeckError(f"cannot read it: {e}", 0, str(path)) from None
    return read_deck(text, str(path))


def deck_from_json(data: object, source: str = "deck") -> Deck:
    """A deck from its JSON value (a saved game holds its deck in full)."""
    return read_deck(json.dumps(data, indent=1), source)


def house_deck() -> Deck:
    """The shipped house deck: invented for trying the game, not the published cards."""
    text = resources.files("solver").joinpath("data", HOUSE).read_text(encoding="utf-8")
    return read_deck(text, HOUSE)
