"""The whole state of a Hardback game: every card in exactly one place, the tokens, the scores, whose turn.

Cards are held as catalogue ``Card`` values; copies of one card are interchangeable, as at the table. A
pile's top is the end of its list. The JSON form names cards by code and carries the random generator's
state, so a saved game loads and plays on exactly as it would have.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from solver.errors import GhostwriterError
from solver.game.hardback.events import Event
from solver.game.hardback.options import GameOptions
from solver.game.saving import GameStateError, read_rng, rng_to_json
from solver.game.saving import shown as _shown
from solver.hardback.cards import Card
from solver.hardback.catalogue import Catalogue

HAND_SIZE = 5
OFFER_ROW = 7


class Phase:
    """The phases of a turn (plain strings in the JSON form)."""

    PREPARE = "prepare"  # ink, remover, powers; then spell or pass
    CHOICES = "choices"  # dump, jail and preview choices the word earned
    BUY = "buy"  # flush, buy cards, ink, adverts; then end
    RETURN = "return"  # printed Horror H: opponents holding ink and a remover choose the token they return
    EVENT = "event"  # the turn is over and an event was drawn: keep it or exchange it with a player ahead
    OVER = "over"


@dataclass
class PlayerState:
    seat: int
    draw: list[Card] = field(default_factory=list)
    discard: list[Card] = field(default_factory=list)
    hand: list[Card] = field(default_factory=list)
    inked: list[Card] = field(default_factory=list)
    in_play: list[Card] = field(default_factory=list)  # own timeless classics in play, oldest first
    jail: list[Card] = field(default_factory=list)  # at most one
    set_aside: list[Card] = field(default_factory=list)  # Bizarre Love Triangle: back at the next reshuffle
    prestige: int = 0
    ink: int = 0
    remover: int = 0
    adverts: int = 0  # adverts bought, in order
    power: str = ""
    event: str = ""  # the event card in front of the player (by name)
    must_wild: list[Card] = field(default_factory=list)  # Wild Journey: hand cards to be played face-down
    disfigured: list[Card] = field(default_factory=list)  # Disfigured Letter: blank letters to use (not cards)
    rap_battle: int = 0  # Mechanical Rap Battle: cards to lose at the next hand drawn
    bought: int = 0  # cards bought over the game
    words: int = 0  # words spelled over the game
    passes: int = 0
    decade: int = 0  # the prestige decade of the last event drawn

    def cards(self) -> list[Card]:
        return [
            *self.draw,
            *self.discard,
            *self.hand,
            *self.inked,
            *self.in_play,
            *self.jail,
            *self.set_aside,
            *self.must_wild,
        ]

    def to_json(self) -> dict[str, Any]:
        def codes(cards: list[Card]) -> list[str]:
            return [c.code for c in cards]

        return {
            "seat": self.seat,
            "draw": codes(self.draw),
            "discard": codes(self.discard),
            "hand": codes(self.hand),
            "inked": codes(self.inked),
            "in_play": codes(self.in_play),
            "jail": codes(self.jail),
            "set_aside": codes(self.set_aside),
            "must_wild": codes(self.must_wild),
            "disfigured": codes(self.disfigured),
            "prestige": self.prestige,
            "ink": self.ink,
            "remover": self.remover,
            "adverts": self.adverts,
            "power": self.power,
            "event": self.event,
            "rap_battle": self.rap_battle,
            "bought": self.bought,
            "words": self.words,
            "passes": self.passes,
            "decade": self.decade,
        }


@dataclass
class Turn:
    """What the player in turn has done so far this turn."""

    coins: int = 0
    word: list[Card] = field(default_factory=list)  # own cards in the word (hand, inked), left to right
    word_text: str = ""
    kept: list[Card] = field(default_factory=list)  # classics that go into play at the end of the turn
    sent_home: list[tuple[int, Card]] = field(default_factory=list)  # (owner, classic) used from others
    dumps: list[int] = field(default_factory=list)  # coins of each dump still to choose
    jails: int = 0
    previews: list[int] = field(default_factory=list)  # how many cards each preview looks at
    peek: list[Card] = field(default_factory=list)  # cards being previewed (taken off the draw pile)
    flushed: bool = False
    bought: int = 0
    row_changed: bool = False
    powers_used: list[str] = field(default_factory=list)
    borrowed: list[int] = field(default_factory=list)  # Unnatural Creation: offer-row slots used in the word
    ink_used: int = 0
    ghost: int | None = None
    # printed Horror H: the seats still to choose the token they return (one entry a token owed, clockwise from the
    # player in turn), each holding both an unused ink and a remover (``solver.game.hardback.returns``)
    returns: list[int] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {
            "coins": self.coins,
            "word": [c.code for c in self.word],
            "word_text": self.word_text,
            "kept": [c.code for c in self.kept],
            "sent_home": [[o, c.code] for o, c in self.sent_home],
            "dumps": self.dumps,
            "jails": self.jails,
            "previews": self.previews,
            "peek": [c.code for c in self.peek],
            "flushed": self.flushed,
            "bought": self.bought,
            "row_changed": self.row_changed,
            "powers_used": self.powers_used,
            "borrowed": list(self.borrowed),
            "ink_used": self.ink_used,
            "ghost": self.ghost,
            "returns": list(self.returns),
        }


@dataclass
class Penny:
    """Penny Dreadful, the rival of the cooperative anthology."""

    genre: str = "none"
    prestige: int = 0

    def to_json(self) -> dict[str, Any]:
        return {"genre": self.genre, "prestige": self.prestige}


@dataclass
class GameState:
    options: GameOptions
    players: list[PlayerState]
    offer_deck: list[Card]
    offer_row: list[Card]
    offer_age: list[int]  # the turn each offer-row card came out, for the BGA clock
    removed: list[Card] = field(default_factory=list)  # out of the game (the box)
    unused: list[Card] = field(default_factory=list)  # starters not dealt, and cards the rules put aside
    events_deck: list[Event] = field(default_factory=list)
    events_used: list[Event] = field(default_factory=list)
    current: int = 0
    phase: str = Phase.PREPARE
    turns: int = 0  # player turns finished
    award_length: int = 0
    award_holders: list[int] = field(default_factory=list)
    ending: bool = False
    penny: Penny | None = None
    result: str = ""  # the cooperative anthology's end: "won" (the players finished first) or "lost"
    turn: Turn = field(default_factory=Turn)
    rng: random.Random = field(default_factory=random.Random)
    seed: int = 0

    @property
    def player(self) -> PlayerState:
        return self.players[self.current]

    @property
    def acting(self) -> int:
        """The seat whose action the game waits for: an opponent choosing the token to return (the return phase),
        else the seat in turn."""
        return self.turn.returns[0] if self.phase == Phase.RETURN and self.turn.returns else self.current

    @property
    def rounds(self) -> int:
        return self.turns // len(self.players)

    def all_cards(self) -> Counter[Card]:
        """Every card in the game, wherever it is (an invariant: always the same multiset)."""
        out: Counter[Card] = Counter()
        for p in self.players:
            out.update(p.cards())
        out.update(self.offer_deck)
        out.update(self.offer_row)
        out.update(self.removed)
        out.update(self.unused)
        out.update(self.turn.word)
        out.update(self.turn.kept)
        out.update(self.turn.peek)
        out.update(c for _, c in self.turn.sent_home)
        return out

    def to_json(self) -> dict[str, Any]:
        return {
            "game": "hardback",
            "options": self.options.to_json(),
            "seed": self.seed,
            "players": [p.to_json() for p in self.players],
            "offer_deck": [c.code for c in self.offer_deck],
            "offer_row": [c.code for c in self.offer_row],
            "offer_age": list(self.offer_age),
            "removed": [c.code for c in self.removed],
            "unused": [c.code for c in self.unused],
            "events_deck": [e.to_json() for e in self.events_deck],
            "events_used": [e.to_json() for e in self.events_used],
            "current": self.current,
            "phase": self.phase,
            "turns": self.turns,
            "award_length": self.award_length,
            "award_holders": list(self.award_holders),
            "ending": self.ending,
            "penny": self.penny.to_json() if self.penny else None,
            "result": self.result,
            "turn": self.turn.to_json(),
            "rng": rng_to_json(self.rng),
        }

    @staticmethod
    def from_json(data: object) -> GameState:
        """A game from its JSON form; a ``GameStateError`` naming the field when anything is malformed.

        This reads the form (types, codes, the random generator's state); whether the game could ever reach the
        state is ``solver.game.hardback.validate``'s question, asked by whoever takes a state from outside.
        """
        if not isinstance(data, dict):
            raise GameStateError("a game state must be a JSON object (as saved by the engine)")
        try:
            return _load(data)
        except GameStateError:
            raise
        except GhostwriterError as e:
            raise GameStateError(f"game state: {e}") from None
        except (KeyError, TypeError, ValueError, IndexError, AttributeError, OverflowError, RecursionError):
            # a safety net: every field below is read through checks that name it
            raise GameStateError(
                "game state: a field is malformed: save the game with the engine and load that"
            ) from None


MAX_NUMBER = 10**9  # no count of a game comes near it; the validator holds each to what a game can reach


def _missing(where: str, what: str) -> GameStateError:
    return GameStateError(f"game state: missing or malformed field {where} ({what})", where)


def _field(obj: dict[str, Any], key: str, where: str, what: str, default: object = ...) -> object:
    """``obj[key]``, or the default when it may be left out; a missing required field names itself."""
    if key in obj:
        return obj[key]
    if default is ...:
        raise _missing(f"{where}.{key}", what)
    return default


def _object(value: object, where: str, what: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise GameStateError(f"{where} must be a JSON object ({what})", where)
    return value


def _number(value: object, where: str, low: int = 0, high: int = MAX_NUMBER) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise GameStateError(f"{where} must be a whole number from {low} to {high} (got {_shown(value)})", where)
    return value


def _flag(value: object, where: str) -> bool:
    if not isinstance(value, bool):
        raise GameStateError(f"{where} must be true or false (got {_shown(value)})", where)
    return value


def _text(value: object, where: str, longest: int = 200) -> str:
    if not isinstance(value, str) or len(value) > longest:
        raise GameStateError(f"{where} must be a string of at most {longest} characters", where)
    return value


def _list(value: object, where: str, what: str) -> list[Any]:
    if not isinstance(value, list):
        raise GameStateError(f"{where} must be a list ({what})", where)
    return value


def _cards(cat: Catalogue, value: object, where: str) -> list[Card]:
    out = []
    for i, code in enumerate(_list(value, where, 'card codes, e.g. ["E", "romance:F6"]')):
        if not isinstance(code, str) or len(code) > 200:
            raise GameStateError(f'{where}[{i}] must be a card code such as "romance:F6"', f"{where}[{i}]")
        try:
            out.append(cat.lookup(code))
        except GhostwriterError as e:
            raise GameStateError(f"{where}[{i}]: {e}", f"{where}[{i}]") from None
    return out


def _load(data: dict[str, Any]) -> GameState:
    """A game state from its JSON form, each part checked in the order of the form (the first fault is named)."""
    options = _load_options(data)
    cat = Catalogue.hardback(options.rules)

    def cards(value: object, where: str) -> list[Card]:
        return _cards(cat, value, where)

    raw_players = _list(_field(data, "players", "game", "one object a seat"), "game.players", "one object a seat")
    if len(raw_players) != options.players:
        raise GameStateError(
            f"game.players: options.players is {options.players} but {len(raw_players)} players are given",
            "game.players",
        )
    players = [_load_player(raw, i, cards) for i, raw in enumerate(raw_players)]
    turn = _load_turn(_object(data.get("turn", {}), "game.turn", "what the player in turn has done"), cards)
    rng = read_rng(_field(data, "rng", "game", "the random generator's state"))
    penny = _load_penny(data.get("penny"))

    def top(key: str, what: str) -> object:
        return _field(data, key, "game", what)

    offer_row = cards(top("offer_row", "the offer row"), "game.offer_row")
    offer_age = [
        _number(a, f"game.offer_age[{i}]")
        for i, a in enumerate(_list(top("offer_age", "a turn for each offer-row card"), "game.offer_age", "turns"))
    ]
    if len(offer_age) != len(offer_row):
        raise GameStateError("game.offer_age must give one turn for each offer-row card", "game.offer_age")
    phase = _text(top("phase", "the phase of the turn"), "game.phase", 20)
    if phase not in PHASES:
        raise GameStateError(f"game.phase: unknown phase {phase!r}: one of {', '.join(PHASES)}", "game.phase")
    return GameState(
        options=options,
        players=players,
        offer_deck=cards(top("offer_deck", "the offer deck"), "game.offer_deck"),
        offer_row=offer_row,
        offer_age=offer_age,
        removed=cards(top("removed", "the cards out of the game"), "game.removed"),
        unused=cards(top("unused", "the starters not dealt"), "game.unused"),
        events_deck=_load_events(data, "events_deck"),
        events_used=_load_events(data, "events_used"),
        current=_number(top("current", "the seat in turn"), "game.current", 0, options.players - 1),
        phase=phase,
        turns=_number(top("turns", "the turns played"), "game.turns"),
        award_length=_number(data.get("award_length", 0), "game.award_length", 0, 12),
        award_holders=[
            _number(h, f"game.award_holders[{i}]", 0, options.players - 1)
            for i, h in enumerate(_list(data.get("award_holders", []), "game.award_holders", "seats"))
        ],
        ending=_flag(data.get("ending", False), "game.ending"),
        penny=penny,
        result=_result(data.get("result", "")),
        turn=turn,
        rng=rng,
        seed=_number(data.get("seed", 0), "game.seed", 0, 2**63),
    )


_Cards = Callable[[object, str], list[Card]]


def _load_options(data: dict[str, Any]) -> GameOptions:
    try:
        return GameOptions.from_json(_field(data, "options", "game", "the table's options, an object"))
    except GhostwriterError as e:
        text = str(e)
        raise GameStateError(
            f"game.{text}" if text.startswith("options.") else f"game.options: {text}", "game.options"
        ) from None


def _load_player(raw: object, i: int, cards: _Cards) -> PlayerState:
    w = f"game.players[{i}]"
    p = _object(raw, w, "a seat's cards and tokens")

    def req(key: str, what: str) -> object:
        return _field(p, key, w, what)

    def opt(key: str, default: object) -> object:
        return p.get(key, default)

    return PlayerState(
        seat=_number(opt("seat", i), f"{w}.seat", 0, 4),
        draw=cards(req("draw", "the draw pile"), f"{w}.draw"),
        discard=cards(req("discard", "the discard pile"), f"{w}.discard"),
        hand=cards(req("hand", "the hand"), f"{w}.hand"),
        inked=cards(req("inked", "the cards drawn with ink"), f"{w}.inked"),
        in_play=cards(req("in_play", "the classics in play"), f"{w}.in_play"),
        jail=cards(req("jail", "the jailed card"), f"{w}.jail"),
        set_aside=cards(opt("set_aside", []), f"{w}.set_aside"),
        must_wild=cards(opt("must_wild", []), f"{w}.must_wild"),
        disfigured=cards(opt("disfigured", []), f"{w}.disfigured"),
        prestige=_number(req("prestige", "a number"), f"{w}.prestige"),
        ink=_number(req("ink", "a number"), f"{w}.ink"),
        remover=_number(req("remover", "a number"), f"{w}.remover"),
        adverts=_number(opt("adverts", 0), f"{w}.adverts", 0, 5),
        power=_text(opt("power", ""), f"{w}.power"),
        event=_text(opt("event", ""), f"{w}.event"),
        rap_battle=_number(opt("rap_battle", 0), f"{w}.rap_battle"),
        bought=_number(opt("bought", 0), f"{w}.bought"),
        words=_number(opt("words", 0), f"{w}.words"),
        passes=_number(opt("passes", 0), f"{w}.passes"),
        decade=_number(opt("decade", 0), f"{w}.decade"),
    )


def _numbers(t: dict[str, Any], key: str, what: str, low: int = 0, high: int = MAX_NUMBER) -> list[int]:
    where = f"game.turn.{key}"
    return [_number(x, f"{where}[{i}]", low, high) for i, x in enumerate(_list(t.get(key, []), where, what))]


def _load_turn(t: dict[str, Any], cards: _Cards) -> Turn:
    sent_home = []
    for i, pair in enumerate(_list(t.get("sent_home", []), "game.turn.sent_home", "[owner seat, card code] pairs")):
        w = f"game.turn.sent_home[{i}]"
        if not isinstance(pair, list) or len(pair) != 2:
            raise GameStateError(f"{w} must be a pair [owner seat, card code]", w)
        sent_home.append((_number(pair[0], f"{w}[0]", 0, 4), cards([pair[1]], w)[0]))
    ghost = t.get("ghost")
    return Turn(
        coins=_number(t.get("coins", 0), "game.turn.coins"),
        word=cards(t.get("word", []), "game.turn.word"),
        word_text=_text(t.get("word_text", ""), "game.turn.word_text"),
        kept=cards(t.get("kept", []), "game.turn.kept"),
        sent_home=sent_home,
        dumps=_numbers(t, "dumps", "coins"),
        jails=_number(t.get("jails", 0), "game.turn.jails"),
        previews=_numbers(t, "previews", "cards to look at"),
        peek=cards(t.get("peek", []), "game.turn.peek"),
        flushed=_flag(t.get("flushed", False), "game.turn.flushed"),
        bought=_number(t.get("bought", 0), "game.turn.bought"),
        row_changed=_flag(t.get("row_changed", False), "game.turn.row_changed"),
        powers_used=[
            _text(x, f"game.turn.powers_used[{i}]", 40)
            for i, x in enumerate(_list(t.get("powers_used", []), "game.turn.powers_used", "power names"))
        ],
        borrowed=_numbers(t, "borrowed", "offer-row slots", 0, OFFER_ROW - 1),
        ink_used=_number(t.get("ink_used", 0), "game.turn.ink_used"),
        ghost=None if ghost is None else _number(ghost, "game.turn.ghost", 0, 4),
        returns=_numbers(t, "returns", "seats owing a token", 0, 4),
    )


def _load_penny(penny: object) -> Penny | None:
    if penny is None:
        return None
    penny_obj = _object(penny, "game.penny", "Penny Dreadful's genre and prestige, or null")
    return Penny(
        _text(_field(penny_obj, "genre", "game.penny", "her signature genre"), "game.penny.genre", 20),
        _number(_field(penny_obj, "prestige", "game.penny", "a number"), "game.penny.prestige"),
    )


def _result(value: object) -> str:
    if value not in RESULTS:
        raise GameStateError(
            'game.result must be "" (not over, or not the cooperative anthology), "won" or "lost"', "game.result"
        )
    assert isinstance(value, str)
    return value


def _load_events(data: dict[str, Any], key: str) -> list[Event]:
    out = []
    for i, e in enumerate(_list(data.get(key, []), f"game.{key}", "event objects")):
        try:
            out.append(Event.from_json(e))
        except GhostwriterError as err:
            raise GameStateError(f"game.{key}[{i}]: {err}", f"game.{key}[{i}]") from None
    return out


RESULTS = ("", "won", "lost")
PHASES = (Phase.PREPARE, Phase.CHOICES, Phase.RETURN, Phase.BUY, Phase.EVENT, Phase.OVER)
