"""The game's actions as values: one frozen dataclass per kind, read from and written to their JSON form.

A turn is a list of actions, each a small JSON object in the protocol (the service's requests, a saved game's
log)::

    prepare:  {"action": "ink"}                       spend an ink, draw a card that must be used
              {"action": "remover", "card": CODE}     spend a remover: an inked card becomes a hand card
              {"action": "power", "name": NAME, ...}  use the player power (args: slot, genre, n, cards); also in
                                                      the buy phase, but for unnatural, exploration and unsightly,
                                                      whose card must be in this turn's word
              {"action": "spell", "word": W, "layout": [{"code", "face", "source"}, ...],
               "objective": "value", "weights": {...}, "ghost": SEAT}
                 each layout entry may make its card's choices: "either": "coins" | "prestige",
                 "token": "ink" | "remover", "trash": true | false, "double": "left" | "right" (a list for a
                 card that doubles twice); the choices left out are made for the objective; "in_play":
                 [{"code": CODE, "either": ..., "token": ...}, ...] makes those of the player's timeless classics
                 in play outside the word (one entry a card)
              {"action": "pass"}                      writer's block (or a forfeit): discard all, turn over
    choices:  {"action": "dump", "card": CODE}        trash a discarded card for the dump's coins
              {"action": "jail", "slot": I, "keep": true}
              {"action": "look"}                      use the next preview earned: look at the top cards of the
                                                      draw pile
              {"action": "preview", "discard": [I, ...]}  of the cards looked at, which to discard (with no look
                                                      before it, it looks first)
              the word's choices resolve in the order the player gives them
              {"action": "skip"}                      give up the choices left
    buy:      {"action": "flush"}, {"action": "buy", "slot": I} or {"action": "buy", "jail": true},
              {"action": "ink_buy", "n": N}, {"action": "convert", "n": N} (3N ink for N coins),
              {"action": "advert"}, {"action": "end"}
    event:    {"action": "event"} keeps the event just drawn, {"action": "event", "swap": SEAT} exchanges it
              with the event of a player ahead on prestige
    return:   {"action": "return", "seat": S, "token": "ink" | "remover"}  after a word with printed Horror H's
              genre benefit ("each other player return one unused ink or remover"), each opponent holding both
              an unused ink and a remover chooses which to return, before the player in turn goes on (phase
              "return"; ``GameState.acting`` is the seat awaited); an opponent holding one kind returns it at once
    out of turn: {"action": "ink", "seat": S} and {"action": "remover", "card": CODE, "seat": S}
              the rulebook: "At any time before you Create a Word, even during another player's turn, you can
              draw additional cards from your draw pile by spending one Ink token per card." A seat whose turn is
              not under way uses ink or a remover for its next word: any seat but the player in turn's in the
              prepare, choices, buy and event phases, and the player in turn's own seat in the event phase (its
              turn is over and its next hand drawn). The card drawn joins that seat's inked cards and must be
              in its next word, as ink drawn in turn. Not in the return phase: the token is owed by then. An
              action without "seat" (or with the seat in turn, before its word) is the player in turn's, as
              always.

``action_from_json`` reads that form and checks what can be checked without a game (the JSON types, counts
from 1 to 999, a layout's entries), raising ``IllegalActionError`` naming what is wrong; whether the action is
allowed now is the engine's question. ``to_json`` writes it back: ``action_from_json(a.to_json()) == a``. Keys
this protocol does not know are ignored, as they always were.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict, dataclass
from typing import Any, ClassVar

from solver.errors import GhostwriterError
from solver.game.hardback.state import OFFER_ROW
from solver.game.protocol import IllegalActionError as IllegalActionError
from solver.hardback.arrangement import read_entry
from solver.hardback.choices import CardChoices, read_choices
from solver.hardback.moves import Move
from solver.hardback.objectives import Objective, Weights
from solver.hardback.profile import Source
from solver.hardback.resolve import Face
from solver.text import normalize_word

Json = dict[str, Any]


@dataclass(frozen=True)
class LayoutEntry:
    """One letter of a spelled word: the card's code as given, its face, where it is held (None: found), and the
    free choices the player makes for it (None: the objective makes them; ``solver.hardback.choices``)."""

    code: str
    face: Face = Face.UP
    source: Source | None = None
    choices: CardChoices | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"code": self.code, "face": self.face.value}
        if self.source is not None:
            out["source"] = self.source.value
        if self.choices is not None:
            out.update(self.choices.to_json())
        return out


@dataclass(frozen=True)
class Ink:
    """Spend an ink to draw a card that must be used in the next word; ``seat``: the seat that draws (None: the
    player in turn; another seat draws out of turn, for its next word)."""

    KIND: ClassVar[str] = "ink"
    seat: int | None = None

    def to_json(self) -> Json:
        return {"action": self.KIND} if self.seat is None else {"action": self.KIND, "seat": self.seat}


@dataclass(frozen=True)
class Remover:
    """Spend a remover: an inked card of ``seat`` (None: the player in turn) becomes a hand card."""

    KIND: ClassVar[str] = "remover"
    card: str
    seat: int | None = None

    def to_json(self) -> Json:
        out: Json = {"action": self.KIND, "card": self.card}
        if self.seat is not None:
            out["seat"] = self.seat
        return out


@dataclass(frozen=True)
class Power:
    """The player power ``name``, with the arguments it takes: ``slot`` (Unnatural Creation), ``genre`` (Deck
    Exploration), ``n`` (Miniaturize Supplies), ``cards`` (seat, code) pairs (Bizarre Love Triangle, Wild
    Journey). An argument not given is None."""

    KIND: ClassVar[str] = "power"
    name: str
    slot: int | None = None
    genre: str | None = None
    n: int | None = None
    cards: tuple[tuple[int, str], ...] | None = None

    def to_json(self) -> Json:
        out: Json = {"action": self.KIND, "name": self.name}
        if self.slot is not None:
            out["slot"] = self.slot
        if self.genre is not None:
            out["genre"] = self.genre
        if self.n is not None:
            out["n"] = self.n
        if self.cards is not None:
            out["cards"] = {str(seat): code for seat, code in self.cards}
        return out


@dataclass(frozen=True)
class Spell:
    """Spell ``word`` with the cards of ``layout``, one a letter; the word's free choices are the layout entries'
    own (``either``, ``token``, ``trash``, ``double``), and those left out are made for the objective (and
    weights); ``ghost``: the seat of the ghost writer who earns ink by it (an option)."""

    KIND: ClassVar[str] = "spell"
    word: str
    layout: tuple[LayoutEntry, ...]
    objective: Objective = Objective.VALUE
    weights: Weights | None = None
    ghost: int | None = None
    in_play: tuple[tuple[str, CardChoices], ...] = ()  # the choices of the player's classics in play outside the word

    @staticmethod
    def of_move(
        move: Move, objective: Objective = Objective.VALUE, weights: Weights | None = None, choices: bool = True
    ) -> Spell:
        """The spell action that plays a ghost-writer move as it is laid out, with the choices it assumes (without
        ``choices``, they are left to the objective)."""
        layout = tuple(
            LayoutEntry(c.code, Face(c.face), Source(c.source), c.choices if choices else None) for c in move.cards
        )
        in_play = tuple((c.code, c.choices) for c in move.in_play if choices and c.choices is not None)
        return Spell(move.word, layout, objective, weights, in_play=in_play)

    def to_json(self) -> Json:
        out: Json = {
            "action": self.KIND,
            "word": self.word,
            "layout": [e.to_json() for e in self.layout],
            "objective": self.objective.value,
        }
        if self.weights is not None:
            out["weights"] = {k: float(v) for k, v in asdict(self.weights).items()}
        if self.ghost is not None:
            out["ghost"] = self.ghost
        if self.in_play:
            out["in_play"] = [{"code": code, **c.to_json()} for code, c in self.in_play]
        return out


@dataclass(frozen=True)
class Pass:
    KIND: ClassVar[str] = "pass"

    def to_json(self) -> Json:
        return {"action": self.KIND}


@dataclass(frozen=True)
class Dump:
    KIND: ClassVar[str] = "dump"
    card: str

    def to_json(self) -> Json:
        return {"action": self.KIND, "card": self.card}


@dataclass(frozen=True)
class Jail:
    """Jail the offer-row card at ``slot``: kept in the jail (``keep``) or removed from the game."""

    KIND: ClassVar[str] = "jail"
    slot: int
    keep: bool = True

    def to_json(self) -> Json:
        return {"action": self.KIND, "slot": self.slot, "keep": self.keep}


@dataclass(frozen=True)
class Look:
    """Use the next preview the word earned: draw its cards to look at (``Preview`` then says which to discard)."""

    KIND: ClassVar[str] = "look"

    def to_json(self) -> Json:
        return {"action": self.KIND}


@dataclass(frozen=True)
class Preview:
    """Of the cards looked at, discard those at these positions; the rest go back on the draw pile."""

    KIND: ClassVar[str] = "preview"
    discard: tuple[int, ...] = ()

    def to_json(self) -> Json:
        return {"action": self.KIND, "discard": list(self.discard)}


@dataclass(frozen=True)
class Skip:
    KIND: ClassVar[str] = "skip"

    def to_json(self) -> Json:
        return {"action": self.KIND}


@dataclass(frozen=True)
class Flush:
    KIND: ClassVar[str] = "flush"

    def to_json(self) -> Json:
        return {"action": self.KIND}


@dataclass(frozen=True)
class Buy:
    """Buy the offer-row card at ``slot``, or (``slot`` None) the card in the player's jail."""

    KIND: ClassVar[str] = "buy"
    slot: int | None

    def to_json(self) -> Json:
        return {"action": self.KIND, "jail": True} if self.slot is None else {"action": self.KIND, "slot": self.slot}


@dataclass(frozen=True)
class InkBuy:
    KIND: ClassVar[str] = "ink_buy"
    n: int = 1

    def to_json(self) -> Json:
        return {"action": self.KIND, "n": self.n}


@dataclass(frozen=True)
class Convert:
    """Turn 3n ink into n coins."""

    KIND: ClassVar[str] = "convert"
    n: int = 1

    def to_json(self) -> Json:
        return {"action": self.KIND, "n": self.n}


@dataclass(frozen=True)
class Advert:
    KIND: ClassVar[str] = "advert"

    def to_json(self) -> Json:
        return {"action": self.KIND}


@dataclass(frozen=True)
class End:
    KIND: ClassVar[str] = "end"

    def to_json(self) -> Json:
        return {"action": self.KIND}


@dataclass(frozen=True)
class EventChoice:
    """Keep the event just drawn (``swap`` None), or exchange it with the event of the player at seat ``swap``."""

    KIND: ClassVar[str] = "event"
    swap: int | None = None

    def to_json(self) -> Json:
        return {"action": self.KIND} if self.swap is None else {"action": self.KIND, "swap": self.swap}


TOKENS = ("ink", "remover")


@dataclass(frozen=True)
class Return:
    """Printed Horror H hit ``seat``, which holds both an unused ink and a remover: it returns ``token``."""

    KIND: ClassVar[str] = "return"
    seat: int
    token: str

    def to_json(self) -> Json:
        return {"action": self.KIND, "seat": self.seat, "token": self.token}


Action = (
    Ink
    | Remover
    | Power
    | Spell
    | Pass
    | Dump
    | Jail
    | Look
    | Preview
    | Skip
    | Flush
    | Buy
    | InkBuy
    | Convert
    | Advert
    | End
    | EventChoice
    | Return
)


# -- reading the JSON form --------------------------------------------------------------------------------------


def action_from_json(data: object) -> Action:
    """The action of a JSON object; ``IllegalActionError`` naming what cannot be read."""
    if not isinstance(data, dict) or not isinstance(data.get("action"), str):
        raise IllegalActionError('an action is an object {"action": NAME, ...}')
    read = _READERS.get(data["action"])
    if read is None:
        raise IllegalActionError(f"unknown action {data['action']!r}: {', '.join(sorted(_READERS))}")
    return read(data)


def _count(value: object, name: str) -> int:
    """A count of ink or coins: a whole number from 1 to 999."""
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 999:
        raise IllegalActionError(f'"{name}" must be a whole number from 1 to 999')
    return value


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _slot(value: object) -> int:
    if not _whole(value):
        raise IllegalActionError(f'"slot" must be an offer-row position from 0 to {OFFER_ROW - 1}')
    assert isinstance(value, int)
    return value


def _card(value: object, name: str) -> str:
    if not isinstance(value, str):
        raise IllegalActionError(f'"{name}" must be a card code')
    return value


def _read_power(data: Json) -> Power:
    name = data.get("name")
    if not isinstance(name, str):
        raise IllegalActionError('power needs "name": the name of your power')
    slot = None if data.get("slot") is None else _slot(data["slot"])
    genre = data.get("genre")
    if genre is not None and not isinstance(genre, str):
        raise IllegalActionError('"genre" must be a genre: adventure, horror, mystery or romance')
    n = _count(data["n"], "n") if "n" in data else None
    return Power(name, slot, genre, n, _picks(data["cards"]) if "cards" in data else None)


def _picks(value: object) -> tuple[tuple[int, str], ...]:
    """``{"1": CODE, ...}``: a card for some opponents, by seat (as a string); a null card picks none."""
    if not isinstance(value, dict) or not all(isinstance(k, str) and _seat_key(k) for k in value):
        raise IllegalActionError('"cards" must map each opponent\'s seat (as a string) to a card code')
    return tuple((int(seat), _card(code, f"cards[{seat}]")) for seat, code in value.items() if code is not None)


def _seat_key(key: str) -> bool:
    """A seat as a JSON key: a whole number written plainly (``"1"``, not ``"01"`` or ``"+1"``)."""
    return key.isascii() and key.isdigit() and len(key) <= 3 and str(int(key)) == key


def _read_spell(data: Json) -> Spell:
    word = data.get("word")
    if not isinstance(word, str) or not word.strip():
        raise IllegalActionError('spell needs "word": the word spelled')
    try:
        objective = Objective.parse(str(data.get("objective", "value")))
        w = data.get("weights")
        weights = Weights.from_mapping(w) if w is not None else None
    except GhostwriterError as e:
        raise IllegalActionError(str(e)) from None
    ghost = data.get("ghost")
    if ghost is not None and not _whole(ghost):
        raise IllegalActionError("ghost must be another player's seat, with the ghost-writer rule on")
    layout = _layout(normalize_word(word), data.get("layout"))
    return Spell(word, layout, objective, weights, ghost, _in_play(data.get("in_play")))


def _in_play(value: object) -> tuple[tuple[str, CardChoices], ...]:
    """A spell's ``in_play``: the choices of the player's classics in play outside the word, one entry a card."""
    if value is None:
        return ()
    if not isinstance(value, list) or len(value) > MAX_IN_PLAY:
        raise IllegalActionError(
            f'"in_play" must be a list of at most {MAX_IN_PLAY} {{"code": ..., "either": ...}}, one a classic in play',
            "in_play",
        )
    out = []
    for i, entry in enumerate(value):
        where = f"in_play[{i}]"
        if not isinstance(entry, dict) or not isinstance(entry.get("code"), str) or not entry["code"].strip():
            raise IllegalActionError(f'{where}: give {{"code": "horror:D4", "either": "coins"}}', where)
        unknown = set(entry) - {"code", "either", "token"}
        if unknown:
            raise IllegalActionError(
                f"{where}: unknown field {sorted(unknown)[0]!r}; a classic in play outside the word makes only the "
                "choices either and token",
                where,
            )
        try:
            chosen = read_choices(entry, where)
        except GhostwriterError as e:
            raise IllegalActionError(str(e), where) from None
        if chosen is not None:
            out.append((entry["code"].strip(), chosen))
    return tuple(out)


MAX_IN_PLAY = 64  # entries of a spell's in_play (a player holds far fewer classics)


def _layout(word: str, value: object) -> tuple[LayoutEntry, ...]:
    if not isinstance(value, list):
        raise IllegalActionError('"layout" must be a list with one {"code": ..., "face": ...} a letter', "layout")
    out = []
    for i, entry in enumerate(value):
        where = f"layout[{i}]" + (f" (letter {word[i].upper()})" if i < len(word) else "")
        try:
            code, face, source, chosen = read_entry(entry, where)
        except GhostwriterError as e:
            raise IllegalActionError(str(e), f"layout[{i}]") from None
        out.append(LayoutEntry(code, face, source, chosen))
    return tuple(out)


def _read_jail(data: Json) -> Jail:
    keep = data.get("keep", True)
    if not isinstance(keep, bool):
        raise IllegalActionError('"keep" must be true (reserve the card in your jail) or false (remove it)')
    return Jail(_slot(data.get("slot")), keep)


def _read_preview(data: Json) -> Preview:
    drop = data.get("discard", [])
    if not isinstance(drop, list) or not all(_whole(i) for i in drop):
        raise IllegalActionError('"discard" must list positions of the cards looked at (whole numbers from 0)')
    return Preview(tuple(drop))


def _seat(data: Json, needed: bool = False) -> int | None:
    """The action's ``seat``: the seat that acts (left out: the player in turn, unless the action needs one)."""
    seat = data.get("seat")
    if seat is None and not needed:
        return None
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat <= 4:
        raise IllegalActionError('"seat" must be the seat that acts, a whole number from 0 to 4', "seat")
    return seat


def _read_return(data: Json) -> Return:
    seat = _seat(data, needed=True)
    assert seat is not None
    token = data.get("token")
    if token not in TOKENS:
        raise IllegalActionError('"token" must be "ink" or "remover": the token you return', "token")
    assert isinstance(token, str)
    return Return(seat, token)


def _read_event(data: Json) -> EventChoice:
    swap = data.get("swap")
    if swap is not None and not _whole(swap):
        raise IllegalActionError('"swap" must be the seat of a player ahead of you holding an event')
    return EventChoice(swap)


_READERS: dict[str, Callable[[Json], Action]] = {
    Ink.KIND: lambda d: Ink(_seat(d)),
    Remover.KIND: lambda d: Remover(_card(d.get("card"), "card"), _seat(d)),
    Power.KIND: _read_power,
    Spell.KIND: _read_spell,
    Pass.KIND: lambda d: Pass(),
    Dump.KIND: lambda d: Dump(_card(d.get("card"), "card")),
    Jail.KIND: _read_jail,
    Look.KIND: lambda d: Look(),
    Preview.KIND: _read_preview,
    Skip.KIND: lambda d: Skip(),
    Flush.KIND: lambda d: Flush(),
    Buy.KIND: lambda d: Buy(None) if d.get("jail") is True else Buy(_slot(d.get("slot"))),
    InkBuy.KIND: lambda d: InkBuy(_count(d.get("n", 1), "n")),
    Convert.KIND: lambda d: Convert(_count(d.get("n", 1), "n")),
    Advert.KIND: lambda d: Advert(),
    End.KIND: lambda d: End(),
    EventChoice.KIND: _read_event,
    Return.KIND: _read_return,
}
