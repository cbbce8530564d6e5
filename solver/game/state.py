"""The whole state of a Hardback game: every card in exactly one place, the tokens, the scores, whose turn.

Cards are held as catalogue ``Card`` values; copies of one card are interchangeable, as at the table. A
pile's top is the end of its list. The JSON form names cards by code and carries the random generator's
state, so a saved game loads and plays on exactly as it would have.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from solver.cards import Card
from solver.catalogue import Catalogue
from solver.errors import GhostwriterError
from solver.game.events import Event
from solver.game.options import GameOptions

HAND_SIZE = 5
OFFER_ROW = 7


class GameStateError(GhostwriterError):
    """A saved game that cannot be read."""


class Phase:
    """The phases of a turn (plain strings in the JSON form)."""

    PREPARE = "prepare"  # ink, remover, powers; then spell or pass
    CHOICES = "choices"  # dump, jail and preview choices the word earned
    BUY = "buy"  # flush, buy cards, ink, adverts; then end
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
    turn: Turn = field(default_factory=Turn)
    rng: random.Random = field(default_factory=random.Random)
    seed: int = 0

    @property
    def player(self) -> PlayerState:
        return self.players[self.current]

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
        state = self.rng.getstate()
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
            "turn": self.turn.to_json(),
            "rng": [state[0], list(state[1]), state[2]],
        }

    @staticmethod
    def from_json(data: object) -> GameState:
        """A game from its JSON form; a ``GameStateError`` naming the field when anything is wrong."""
        if not isinstance(data, dict):
            raise GameStateError("a game state must be a JSON object (as saved by the engine)")
        try:
            return _load(data)
        except GameStateError:
            raise
        except GhostwriterError as e:
            raise GameStateError(f"game state: {e}") from None
        except (KeyError, TypeError, ValueError, IndexError, AttributeError) as e:
            raise GameStateError(f"game state: missing or malformed field ({type(e).__name__}: {e})") from None


def _load(data: dict[str, Any]) -> GameState:
    options = GameOptions.from_json(data["options"])
    cat = Catalogue.hardback(options.rules)

    def cards(value: object, name: str) -> list[Card]:
        if not isinstance(value, list) or not all(isinstance(c, str) for c in value):
            raise GameStateError(f"game state: {name} must be a list of card codes")
        return [cat.lookup(c) for c in value]

    def number(value: object, name: str, low: int = 0, high: int = 1_000_000) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise GameStateError(f"game state: {name} must be a whole number from {low} to {high}")
        return value

    players = []
    for i, p in enumerate(data["players"]):
        where = f"players[{i}]"
        players.append(
            PlayerState(
                seat=i,
                draw=cards(p["draw"], f"{where}.draw"),
                discard=cards(p["discard"], f"{where}.discard"),
                hand=cards(p["hand"], f"{where}.hand"),
                inked=cards(p["inked"], f"{where}.inked"),
                in_play=cards(p["in_play"], f"{where}.in_play"),
                jail=cards(p["jail"], f"{where}.jail"),
                set_aside=cards(p.get("set_aside", []), f"{where}.set_aside"),
                must_wild=cards(p.get("must_wild", []), f"{where}.must_wild"),
                disfigured=cards(p.get("disfigured", []), f"{where}.disfigured"),
                prestige=number(p["prestige"], f"{where}.prestige"),
                ink=number(p["ink"], f"{where}.ink"),
                remover=number(p["remover"], f"{where}.remover"),
                adverts=number(p.get("adverts", 0), f"{where}.adverts", 0, 5),
                power=str(p.get("power", "")),
                event=str(p.get("event", "")),
                rap_battle=number(p.get("rap_battle", 0), f"{where}.rap_battle"),
                bought=number(p.get("bought", 0), f"{where}.bought"),
                words=number(p.get("words", 0), f"{where}.words"),
                passes=number(p.get("passes", 0), f"{where}.passes"),
                decade=number(p.get("decade", 0), f"{where}.decade"),
            )
        )
    if len(players) != options.players:
        raise GameStateError(f"game state: options.players is {options.players} but {len(players)} players are given")
    t = data.get("turn", {})
    turn = Turn(
        coins=number(t.get("coins", 0), "turn.coins"),
        word=cards(t.get("word", []), "turn.word"),
        word_text=str(t.get("word_text", "")),
        kept=cards(t.get("kept", []), "turn.kept"),
        sent_home=[(number(o, "turn.sent_home owner", 0, 4), cat.lookup(c)) for o, c in t.get("sent_home", [])],
        dumps=[number(d, "turn.dumps") for d in t.get("dumps", [])],
        jails=number(t.get("jails", 0), "turn.jails"),
        previews=[number(d, "turn.previews") for d in t.get("previews", [])],
        peek=cards(t.get("peek", []), "turn.peek"),
        flushed=bool(t.get("flushed", False)),
        bought=number(t.get("bought", 0), "turn.bought"),
        row_changed=bool(t.get("row_changed", False)),
        powers_used=[str(x) for x in t.get("powers_used", [])],
        borrowed=[number(s, "turn.borrowed", 0, 6) for s in t.get("borrowed", [])],
        ink_used=number(t.get("ink_used", 0), "turn.ink_used"),
        ghost=t.get("ghost"),
    )
    rng = random.Random()
    version, internal, gauss = data["rng"]
    rng.setstate((version, tuple(internal), gauss))
    penny = data.get("penny")
    state = GameState(
        options=options,
        players=players,
        offer_deck=cards(data["offer_deck"], "offer_deck"),
        offer_row=cards(data["offer_row"], "offer_row"),
        offer_age=[number(a, "offer_age") for a in data["offer_age"]],
        removed=cards(data["removed"], "removed"),
        unused=cards(data["unused"], "unused"),
        events_deck=[Event.from_json(e) for e in data.get("events_deck", [])],
        events_used=[Event.from_json(e) for e in data.get("events_used", [])],
        current=number(data["current"], "current", 0, options.players - 1),
        phase=str(data["phase"]),
        turns=number(data["turns"], "turns"),
        award_length=number(data.get("award_length", 0), "award_length", 0, 12),
        award_holders=[number(h, "award_holders", 0, 4) for h in data.get("award_holders", [])],
        ending=bool(data.get("ending", False)),
        penny=Penny(str(penny["genre"]), number(penny["prestige"], "penny.prestige")) if penny else None,
        turn=turn,
        rng=rng,
        seed=number(data.get("seed", 0), "seed", 0, 2**63),
    )
    if state.phase not in (Phase.PREPARE, Phase.CHOICES, Phase.BUY, Phase.EVENT, Phase.OVER):
        raise GameStateError(f"game state: unknown phase {state.phase!r}")
    if len(state.offer_age) != len(state.offer_row):
        raise GameStateError("game state: offer_age must give one turn for each offer-row card")
    return state
