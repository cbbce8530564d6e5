"""Paperback's actions as values, read from and written to their JSON form (``action_from_json(a.to_json()) == a``)::

    word:  {"action": "spell", "word": "smart", "layout": [PIECE, ...], "resolve": [STEP, ...]}
              PIECE: {"card": I}                 hand card I (a one- or two-letter card, its letters as printed)
                     {"card": I, "as": "m"}      hand card I, a wild, standing for one letter
                     {"card": I, "reversed": true}  a two-letter card reversed (needs a Dyslexic: the Common card
                                                 or one in hand, each reversing one card)
                     {"common": true}            the Common card on top of the length track, used by referring to it
                     "copies": [ABILITY, ...]    on a card's or the Common card's piece: what each of its copy
                                                 abilities copies, in order, in the ability notation ("trash-hand",
                                                 "cards+1", "+2"): an ability printed on another card of the word; a
                                                 copy given none copies nothing. A spell naming no copies at all
                                                 leaves them to the engine, which takes the best for the score
                     {"space": true}             the Spacebar (the Common card), between two words
              STEP, the abilities resolved in the order given:
                     {"trash": "hand", "card": I}  a trash-hand ability: trash hand card I, one left out of the word
                     {"trash": "offer", "pile": P, "slot": "top" | "row"}  a trash-offer ability: trash the card
                                                 showing on Offer pile P (0: 2¢ ... 6: 8¢-10¢); the row card is
                                                 replaced by the pile's top card
                     {"gain": "offer", "pile": P, "slot": S}  a gain:N ability: gain the card showing on Offer
                                                 pile P (it costs at most N¢) into one's discard pile
                     {"trash": "hand", "card": I, "gain": "offer", "pile": P, "slot": S}  a trash-gain:N ability:
                                                 trash hand card I and gain the card showing on pile P, which costs
                                                 N¢ more than it
           {"action": "pass"}                    no word: the turn ends (discard, draw)
    buy:   {"action": "buy", "pile": "offer", "index": P, "slot": "top" | "row"}
           {"action": "buy", "pile": "fame", "index": F}   the top card of Fame pile F (0: the cheapest)
           {"action": "end"}                     discard, draw the next hand, the next player's turn
    the optional rules and the cooperative mode (``cubes``, ``coop``; each refused when its option is off):
    spell's "advice_from": S                 seat S suggested the word: S gains a cube (``cube_advice``)
           {"action": "cash", "cubes": N}        N of one's cubes for +1¢ each this turn, in the buy phase
           {"action": "discard"}                 no word: the hand discarded for a cube, the turn ended
           {"action": "place", "card": K}        co-op: this turn's cube on uncovered pyramid position K

``IllegalActionError`` (Hardback's: the same one error for both games' protocols) names what is wrong.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any, ClassVar

from solver.errors import GhostwriterError
from solver.game.protocol import IllegalActionError
from solver.paperback.abilities import MAX_ABILITIES, parse_ability

Json = dict[str, Any]
SLOTS = ("top", "row")
MAX_INDEX = 99


@dataclass(frozen=True)
class Piece:
    """One piece of a spelled word: a hand card (``card``), the Common card, or the Spacebar."""

    card: int | None = None
    as_letter: str = ""
    reversed: bool = False
    common: bool = False
    space: bool = False
    copies: tuple[str, ...] = ()  # what the card's copy abilities copy, in the ability notation

    def to_json(self) -> Json:
        out: Json
        if self.common:
            out = {"common": True}
        elif self.space:
            out = {"space": True}
        else:
            out = {"card": self.card}
            if self.as_letter:
                out["as"] = self.as_letter
            if self.reversed:
                out["reversed"] = True
        if self.copies:
            out["copies"] = list(self.copies)
        return out


@dataclass(frozen=True)
class Step:
    """One ability resolved: a card trashed from hand, a card of the Offer trashed, an Offer card gained, or a card
    trashed from hand for an Offer card gained."""

    trash: str  # "hand" | "offer" | "gain" (nothing trashed) | "hand-gain"
    card: int = 0
    pile: int = 0
    slot: str = "top"

    def to_json(self) -> Json:
        if self.trash == "hand":
            return {"trash": "hand", "card": self.card}
        if self.trash == "gain":
            return {"gain": "offer", "pile": self.pile, "slot": self.slot}
        if self.trash == "hand-gain":
            return {"trash": "hand", "card": self.card, "gain": "offer", "pile": self.pile, "slot": self.slot}
        return {"trash": "offer", "pile": self.pile, "slot": self.slot}


@dataclass(frozen=True)
class Spell:
    word: str
    layout: tuple[Piece, ...]
    resolve: tuple[Step, ...] = ()
    advice_from: int | None = None  # the seat that suggested the word (cube_advice)
    seat: int | None = None  # the seat spelling, named: simultaneous play's race (a seat announcing out of turn)

    def to_json(self) -> Json:
        out: Json = {"action": "spell", "word": self.word, "layout": [p.to_json() for p in self.layout]}
        if self.resolve:
            out["resolve"] = [s.to_json() for s in self.resolve]
        if self.advice_from is not None:
            out["advice_from"] = self.advice_from
        if self.seat is not None:
            out["seat"] = self.seat
        return out


@dataclass(frozen=True)
class _Simple:
    """An action whose JSON is its name and its fields (``action``)."""

    action: ClassVar[str]

    def to_json(self) -> Json:
        return {"action": self.action, **asdict(self)}


@dataclass(frozen=True)
class Pass(_Simple):
    action = "pass"


@dataclass(frozen=True)
class Buy:
    pile: str  # "offer" | "fame"
    index: int
    slot: str = "top"

    def to_json(self) -> Json:
        out: Json = {"action": "buy", "pile": self.pile, "index": self.index}
        if self.pile == "offer":
            out["slot"] = self.slot
        return out


@dataclass(frozen=True)
class End(_Simple):
    action = "end"


@dataclass(frozen=True)
class Cash(_Simple):
    """Cubes cashed in for +1¢ each, in the buy phase."""

    action = "cash"
    cubes: int


@dataclass(frozen=True)
class Discard(_Simple):
    """No word: the whole hand discarded for a cube from the supply; the turn ends as a pass does."""

    action = "discard"


@dataclass(frozen=True)
class Place(_Simple):
    """Co-op: this turn's cube on the uncovered Fame card at pyramid position ``card``."""

    action = "place"
    card: int


Action = Spell | Pass | Buy | End | Cash | Discard | Place


def _index(value: object, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_INDEX:
        raise IllegalActionError(f"{where} must be a whole number from 0 to {MAX_INDEX} (got {value!r})", where)
    return value


def _slot(value: object, where: str) -> str:
    if value not in SLOTS:
        raise IllegalActionError(
            f'{where} must be "top" (the pile\'s face-up card) or "row" (the card below it)', where
        )
    return str(value)


def _piece(value: object, i: int) -> Piece:
    where = f"layout[{i}]"
    if not isinstance(value, dict):
        raise IllegalActionError(
            f'{where} must be an object: {{"card": I}}, {{"common": true}} or {{"space": true}}', where
        )
    unknown = sorted(set(value) - {"card", "as", "reversed", "common", "space", "copies"})
    if unknown:
        raise IllegalActionError(
            f"{where}: unknown field {unknown[0]!r}; the fields are card, as, reversed, common, space, copies", where
        )
    copies = _copies(value.get("copies", []), f"{where}.copies")
    if value.get("common") is True or value.get("space") is True:
        if set(value) - ({"common", "copies"} if value.get("common") is True else {"space"}):
            raise IllegalActionError(
                f'{where}: {{"common": true}} (with its "copies") and {{"space": true}} stand alone', where
            )
        return Piece(common=value.get("common") is True, space=value.get("space") is True, copies=copies)
    if "card" not in value:
        raise IllegalActionError(f'{where} names no card: {{"card": I}} is hand card I (from 0)', where)
    letter = value.get("as", "")
    if not isinstance(letter, str) or len(letter) > 1 or (letter and not letter.isalpha()):
        raise IllegalActionError(f'{where}: "as" is the one letter a wild stands for', where)
    rev = value.get("reversed", False)
    if not isinstance(rev, bool):
        raise IllegalActionError(f'{where}: "reversed" is true or false', where)
    return Piece(card=_index(value["card"], f"{where}.card"), as_letter=letter.lower(), reversed=rev, copies=copies)


def _copies(value: object, where: str) -> tuple[str, ...]:
    """A piece's ``copies``: each an ability in the notation (read against the vocabulary)."""
    if not isinstance(value, list) or len(value) > MAX_ABILITIES:
        raise IllegalActionError(f"{where} lists what the card's copy abilities copy, at most {MAX_ABILITIES}", where)
    out = []
    for k, a in enumerate(value):
        if not isinstance(a, str):
            raise IllegalActionError(f'{where}[{k}] is an ability in the notation, e.g. "trash-hand"', where)
        try:
            out.append(str(parse_ability(a)))
        except GhostwriterError as e:
            raise IllegalActionError(f"{where}[{k}]: {e}", where) from None
    return tuple(out)


def _step(value: object, i: int) -> Step:
    where = f"resolve[{i}]"
    gains = isinstance(value, dict) and value.get("gain") == "offer"
    if not isinstance(value, dict) or (value.get("trash") not in ("hand", "offer") and not gains):
        raise IllegalActionError(
            f'{where} must be {{"trash": "hand", "card": I}}, {{"trash": "offer", "pile": P, "slot": "top"}}, '
            f'{{"gain": "offer", "pile": P, "slot": "top"}} or {{"trash": "hand", "card": I, "gain": "offer", '
            f'"pile": P, "slot": "top"}}',
            where,
        )
    if gains:
        pile, slot = _index(value.get("pile"), f"{where}.pile"), _slot(value.get("slot", "top"), f"{where}.slot")
        if value.get("trash") == "hand":
            return Step("hand-gain", card=_index(value.get("card"), f"{where}.card"), pile=pile, slot=slot)
        if "trash" in value:
            raise IllegalActionError(f'{where}: a gain trashes a hand card ("trash": "hand") or nothing', where)
        return Step("gain", pile=pile, slot=slot)
    if value["trash"] == "hand":
        return Step("hand", card=_index(value.get("card"), f"{where}.card"))
    return Step(
        "offer", pile=_index(value.get("pile"), f"{where}.pile"), slot=_slot(value.get("slot", "top"), f"{where}.slot")
    )


def action_from_json(data: object) -> Action:
    """An action from its JSON form; ``IllegalActionError`` naming what cannot be read."""
    if not isinstance(data, dict):
        raise IllegalActionError(
            'an action is a JSON object with "action": spell, pass, buy, end, cash, discard or place'
        )
    kind = data.get("action")
    if kind == "spell":
        word = data.get("word")
        if not isinstance(word, str) or not word.strip() or len(word) > 61:
            raise IllegalActionError(
                'spell: "word" is the word spelled (two words and a space with the Spacebar)', "word"
            )
        layout = data.get("layout")
        if not isinstance(layout, list) or not layout or len(layout) > 61:
            raise IllegalActionError('spell: "layout" lists the word\'s pieces left to right', "layout")
        resolve = data.get("resolve", [])
        if not isinstance(resolve, list) or len(resolve) > 40:
            raise IllegalActionError('spell: "resolve" lists the abilities resolved, in order', "resolve")
        adviser, seat = data.get("advice_from"), data.get("seat")
        return Spell(
            word.strip().lower(),
            tuple(_piece(p, i) for i, p in enumerate(layout)),
            tuple(_step(s, i) for i, s in enumerate(resolve)),
            None if adviser is None else _index(adviser, "advice_from"),
            None if seat is None else _index(seat, "seat"),
        )
    if kind == "pass":
        return Pass()
    if kind == "end":
        return End()
    if kind == "buy":
        pile = data.get("pile")
        if pile not in ("offer", "fame"):
            raise IllegalActionError('buy: "pile" is "offer" or "fame"', "pile")
        index = _index(data.get("index"), "index")
        slot = _slot(data.get("slot", "top"), "slot") if pile == "offer" else "top"
        return Buy(str(pile), index, slot)
    if kind == "cash":
        cubes = data.get("cubes")
        if isinstance(cubes, bool) or not isinstance(cubes, int) or not 1 <= cubes <= MAX_INDEX:
            raise IllegalActionError(f'cash: "cubes" is how many cubes to cash, 1 to {MAX_INDEX}', "cubes")
        return Cash(cubes)
    if kind == "discard":
        return Discard()
    if kind == "place":
        return Place(_index(data.get("card"), "card"))
    raise IllegalActionError(
        f"unknown action {kind!r}: the actions are spell, pass, buy, end, cash, discard and place", "action"
    )
