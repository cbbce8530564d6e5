"""A Paperback game's state: every card of the box by id (``BoxCard``, ``build_box``), each in exactly one place, the
seats (``Player``), the table's piles and the turn (``PaperbackState``), saved and loaded in full.

Every physical card has an id, its index in ``box`` (built from the deck and the player count in a fixed order), and
each id is in exactly one place: a player's draw pile, hand, discard pile or word, an Offer pile or its row, a Fame
pile, the length track, the Common cards not dealt, the trash. ``check`` asserts it; a loaded state is counted so
(``from_json``), and checked in full by ``validate``.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import asdict, dataclass, field
from typing import Any

import solver.game.paperback.expansions as expansions
from solver.errors import GhostwriterError
from solver.game.paperback.coop import Coop
from solver.game.paperback.cubes import Cubes, price
from solver.game.paperback.options import PaperbackOptions
from solver.game.paperback.simultaneous import MARKET, Simul
from solver.game.saving import GameStateError, read_rng, rng_to_json
from solver.paperback.abilities import Act
from solver.paperback.cards import DYSLEXIC, SPACEBAR, PCard
from solver.paperback.deck import OFFER_PILES, Deck, deck_from_json
from solver.paperback.expansions import Attack

WORD, BUY, OVER = "word", "buy", "over"
MAX_SEED = 2**63 - 1


@dataclass(frozen=True)
class BoxCard:
    """One physical card: where the box puts it (``starter``, ``wild``, ``offer``, ``fame``, ``common``), its cost,
    Fame."""

    card: PCard
    origin: str
    cost: int
    fame: int
    attack: tuple[Attack, ...] = ()  # an Attack card's attacks


def build_box(deck: Deck, options: PaperbackOptions) -> list[BoxCard]:
    """Every card a game of this deck and table uses, in a fixed order (its index is its id)."""
    box: list[BoxCard] = []
    for _ in range(options.players):
        for c in deck.starter_letters:
            box += [BoxCard(c.card, "starter", c.card.cost or 0, c.fame)] * c.copies
        box += [BoxCard(PCard("", cost=deck.wild_cost), "wild", deck.wild_cost, deck.wild_fame)] * deck.starter_wilds
    for c in deck.offer:
        assert c.card.cost is not None
        # simultaneous play: "During setup, remove the cards with the "trash cards from the Offer" ability"
        if options.simultaneous and any(a.effect.act is Act.TRASH_OFFER for a in c.card.abilities):
            continue
        if not c.attack:
            box += [BoxCard(c.card, "offer", c.card.cost, c.fame)] * c.copies
    for p in deck.fame:
        box += [BoxCard(PCard("", cost=p.cost), "fame", p.cost, p.points)] * p.cards[options.players]
    commons = [c for c in deck.common if c.card.special != "spacebar" or options.spacebar]
    commons = [c for c in commons if c.card.special != "dyslexic" or options.dyslexic]
    for c in commons:
        box += [BoxCard(c.card, "common", 0, c.fame)] * c.copies
    for flag, card in ((options.spacebar, SPACEBAR), (options.dyslexic, DYSLEXIC)):
        if flag and not any(c.card == card for c in deck.common):
            box.append(BoxCard(card, "common", 0, 0))
    for c in deck.offer if options.attacks else ():  # the Attack cards last: a game without them keeps its ids
        if c.attack:
            assert c.card.cost is not None
            box += [BoxCard(c.card, "offer", c.card.cost, c.fame, c.attack)] * c.copies
    return box


@dataclass
class Player:
    draw: list[int] = field(default_factory=list)
    hand: list[int] = field(default_factory=list)
    discard: list[int] = field(default_factory=list)
    extra: int = 0  # cards next hand, from this turn's abilities
    words: int = 0
    passes: int = 0

    def owned(self) -> list[int]:
        return [*self.draw, *self.hand, *self.discard]

    def to_json(self) -> dict[str, Any]:
        return asdict(self)  # draw, hand, discard, extra, words, passes


@dataclass
class PaperbackState:
    deck: Deck
    options: PaperbackOptions
    seed: int
    box: list[BoxCard]
    players: list[Player]
    offer: list[list[int]]  # each pile's cards, the last one face up on top
    row: list[int | None]  # the card below each pile (never one for the 2¢ pile)
    fame: list[list[int]]
    track: list[int]  # the Common cards left on the length track, the top one first
    unused: list[int]  # Common cards not dealt
    trash: list[int] = field(default_factory=list)
    word: list[int] = field(default_factory=list)  # the cards of this turn's word
    current: int = 0
    phase: str = WORD
    coins: int = 0
    ending: bool = False  # the last Common card was gained this turn
    turns: int = 0
    rng: random.Random = field(default_factory=random.Random)
    cubes: Cubes | None = None  # with a cube rule or co-op: the supply, the seats' cubes, the cubes on cards
    coop: Coop | None = None  # co-op: the pyramid and the team's result
    extras: expansions.Extras | None = None  # the expansions' cards and counts, when the options play any
    simul: Simul | None = None  # simultaneous play: the round (``simultaneous``)
    timer: float | None = None  # the turn timer: when the word's moment began (seconds, the game's clock)

    # -- what the table shows --------------------------------------------------------------------------------------

    @property
    def common(self) -> PCard | None:
        return self.box[self.track[0]].card if self.track else None

    @property
    def threshold(self) -> int | None:
        if not self.track:
            return None
        return self.deck.length_track[self.deck.commons_dealt - len(self.track)]

    def card(self, i: int) -> PCard:
        return self.box[i].card

    def showing(self, pile: int, slot: str) -> int | None:
        """The card showing on an Offer pile's top or in its row, or None."""
        if slot == "row":
            return self.row[pile]
        return self.offer[pile][-1] if self.offer[pile] else None

    def held(self, seat: int) -> list[int]:
        """A seat's cards: its deck, hand and discard pile, the word of its turn (and a simultaneous round's word
        announced)."""
        out = [*self.players[seat].owned(), *(self.word if seat == self.current else [])]
        return out + (self.simul.words[seat] if self.simul is not None else [])

    def fame_of(self, seat: int) -> int:
        return sum(self.box[i].fame for i in self.held(seat))

    def commons_of(self, seat: int) -> int:
        return sum(1 for i in self.held(seat) if self.box[i].origin == "common")

    def places(self) -> list[tuple[str, list[int]]]:
        out: list[tuple[str, list[int]]] = []
        for s, p in enumerate(self.players):
            out += [
                (f"players[{s}].draw", p.draw),
                (f"players[{s}].hand", p.hand),
                (f"players[{s}].discard", p.discard),
            ]
        out += [(f"offer[{i}]", pile) for i, pile in enumerate(self.offer)]
        out.append(("row", [i for i in self.row if i is not None]))
        out += [(f"fame[{i}]", pile) for i, pile in enumerate(self.fame)]
        out += [("track", self.track), ("unused", self.unused), ("trash", self.trash), ("word", self.word)]
        if self.coop is not None:
            out.append(("pyramid", [c for c in self.coop.pyramid if c is not None]))
        if self.extras is not None:  # Attack cards in play are a place
            out += [(f"expansions.in_play[{s}]", ids) for s, ids in enumerate(self.extras.in_play)]
        if self.simul is not None:
            out += self.simul.places()
        return out

    def price(self, card: int) -> int:
        """What a card costs now: its cost less its discount tokens (``cube_discount``); a Fame card its cost."""
        tokens = self.cubes.on(card) if self.cubes is not None and self.box[card].origin == "offer" else 0
        return price(self.box[card].cost, tokens)

    def cube_cards(self) -> set[int]:
        """The cards that can hold cubes: an Offer row card (discount tokens), a pyramid card (co-op)."""
        out: set[int] = set()
        if self.options.cube_discount:
            out |= {c for c in self.row if c is not None}
        if self.coop is not None:
            out |= {c for c in self.coop.pyramid if c is not None}
        return out

    def check(self) -> None:
        """Every card of the box in exactly one place (``GameStateError`` naming the first fault)."""
        seen: Counter[int] = Counter()
        for _, ids in self.places():
            seen.update(ids)
        for i in range(len(self.box)):
            if seen[i] != 1:
                raise GameStateError(f"card {i} ({self.box[i].card.code}) is in {seen[i]} places, not one", "game")
        extra = sorted(set(seen) - set(range(len(self.box))))
        if extra:
            raise GameStateError(f"card id {extra[0]} is not in the box", "game")
        if self.row[0] is not None and self.simul is None:
            raise GameStateError("the 2¢ pile has no row card", "game.row[0]")
        if self.cubes is not None:
            self.cubes.check(self.cube_cards())

    # -- save and load -----------------------------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        return {
            "game": "paperback",
            "deck": self.deck.to_json(),
            "options": self.options.to_json(),
            "seed": self.seed,
            "players": [p.to_json() for p in self.players],
            "offer": self.offer,
            "row": self.row,
            "fame": self.fame,
            "track": self.track,
            "unused": self.unused,
            "trash": self.trash,
            "word": self.word,
            "current": self.current,
            "phase": self.phase,
            "coins": self.coins,
            "ending": self.ending,
            "turns": self.turns,
            "rng": rng_to_json(self.rng),
            **({"cubes": self.cubes.to_json()} if self.cubes is not None else {}),
            **({"coop": self.coop.to_json()} if self.coop is not None else {}),
            **({"expansions": self.extras.to_json()} if self.extras is not None else {}),
            **({"simultaneous": self.simul.to_json()} if self.simul is not None else {}),
            **({"timer": self.timer} if self.timer is not None else {}),
        }

    @staticmethod
    def from_json(data: object) -> PaperbackState:
        """A saved game's form read and its cards counted: every card in one place, the numbers in range
        (``GameStateError``); ``validate.load`` reads it and checks that a game can reach it."""
        if not isinstance(data, dict) or data.get("game") != "paperback":
            raise GameStateError('a Paperback game is a JSON object with "game": "paperback", as the engine saves it')
        try:
            deck = deck_from_json(data.get("deck"), "game.deck")
        except GhostwriterError as e:
            raise GameStateError(str(e), "game.deck") from None
        options = PaperbackOptions.from_json(data.get("options", {}))
        if options.players not in deck.players:
            raise GameStateError(f"options.players: the deck is played by {deck.players}", "options.players")
        box = build_box(deck, options)
        ids = _Ids(len(box))
        players = _players(data.get("players"), options.players, ids)
        offer, row, fame = _piles(data, deck, MARKET if options.simultaneous else OFFER_PILES)
        phase = _phase(data.get("phase"))
        seed = _seed(data.get("seed"))
        ending = _ending(data.get("ending", False))
        state = PaperbackState(
            deck=deck,
            options=options,
            seed=seed,
            box=box,
            players=players,
            offer=[ids(pile, f"offer[{i}]") for i, pile in enumerate(offer)],
            row=[None if r is None else ids([r], f"row[{i}]")[0] for i, r in enumerate(row)],
            fame=[ids(pile, f"fame[{i}]") for i, pile in enumerate(fame)],
            track=ids(data.get("track"), "track"),
            unused=ids(data.get("unused"), "unused"),
            trash=ids(data.get("trash"), "trash"),
            word=ids(data.get("word"), "word"),
            current=_whole(data, "current", options.players - 1),
            phase=phase,
            coins=_whole(data, "coins", 10_000),
            ending=ending,
            turns=_whole(data, "turns", 1_000_000),
            rng=read_rng(data.get("rng")),
        )
        _read_parts(state, data)
        state.check()
        expansions.check(state)
        return state


class _Ids:
    """A saved list of card ids, checked: each a card of a box of ``n``."""

    def __init__(self, n: int) -> None:
        self.n = n

    def __call__(self, value: object, where: str) -> list[int]:
        n = self.n
        if not isinstance(value, list) or any(
            isinstance(i, bool) or not isinstance(i, int) or not 0 <= i < n for i in value
        ):
            raise GameStateError(f"game.{where} must be a list of card ids from 0 to {n - 1}", f"game.{where}")
        return list(value)


def _whole(data: dict[str, Any], key: str, hi: int) -> int:
    v = data.get(key)
    if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= hi:
        raise GameStateError(f"game.{key} must be a whole number from 0 to {hi}", f"game.{key}")
    return v


def _players(raw_players: object, seats: int, ids: _Ids) -> list[Player]:
    """The saved players, checked."""
    if not isinstance(raw_players, list) or len(raw_players) != seats:
        raise GameStateError(f"game.players must list the {seats} players", "game.players")
    players = []
    for s, p in enumerate(raw_players):
        if not isinstance(p, dict):
            raise GameStateError(f"game.players[{s}] must be an object", f"game.players[{s}]")
        counts = []
        for key in ("extra", "words", "passes"):
            v = p.get(key, 0)
            if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= 10_000:
                raise GameStateError(f"game.players[{s}].{key} must be a whole number", f"game.players[{s}].{key}")
            counts.append(v)
        players.append(
            Player(
                ids(p.get("draw"), f"players[{s}].draw"),
                ids(p.get("hand"), f"players[{s}].hand"),
                ids(p.get("discard"), f"players[{s}].discard"),
                *counts,
            )
        )
    return players


def _piles(data: dict[str, Any], deck: Deck, piles: int) -> tuple[list[Any], list[Any], list[Any]]:
    """The saved Offer piles, row and Fame piles, each of the right length (their ids checked after)."""
    offer = data.get("offer")
    row = data.get("row")
    fame = data.get("fame")
    if not isinstance(offer, list) or len(offer) != piles:
        raise GameStateError(f"game.offer must list the {piles} Offer piles", "game.offer")
    if not isinstance(row, list) or len(row) != piles:
        raise GameStateError(f"game.row must hold {piles} entries (a card id or null)", "game.row")
    if not isinstance(fame, list) or len(fame) != len(deck.fame):
        raise GameStateError(f"game.fame must list the {len(deck.fame)} Fame piles", "game.fame")
    return offer, row, fame


def _phase(phase: object) -> str:
    if phase not in (WORD, BUY, OVER):
        raise GameStateError('game.phase must be "word", "buy" or "over"', "game.phase")
    return str(phase)


def _seed(seed: object) -> int:
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
        raise GameStateError("game.seed must be a whole number from 0 to 2**63 - 1", "game.seed")
    return seed


def _ending(ending: object) -> bool:
    if not isinstance(ending, bool):
        raise GameStateError("game.ending must be true or false", "game.ending")
    return ending


def _read_parts(state: PaperbackState, data: dict[str, Any]) -> None:
    """The saved cubes, co-op and expansions, each present exactly when an option uses it."""
    options, n = state.options, len(state.box)
    parts = (("cubes", options.cubes), ("coop", options.coop), ("simultaneous", options.simultaneous))
    for key, on in (*parts, ("timer", bool(options.turn_timer))):
        if (key in data) != on:
            why = "missing, though" if on else "given, though no"
            raise GameStateError(f"game.{key}: {why} option using it is on", f"game.{key}")
    if options.cubes:
        state.cubes = Cubes.from_json(data["cubes"], options.players, n)
    if options.coop:
        state.coop = Coop.from_json(data["coop"], state.deck.pyramid_rows(options.players), n)
    state.extras = expansions.read(state, data.get("expansions"))
    if options.simultaneous:
        state.simul = Simul.from_json(data["simultaneous"], options.players, n)
        if any(state.offer):
            raise GameStateError("game.offer: simultaneous play's Offer is its row, over empty piles", "game.offer")
    if options.turn_timer:
        timer = data["timer"]
        if isinstance(timer, bool) or not isinstance(timer, int | float) or not 0 <= timer < 1e12:
            raise GameStateError("game.timer is the time the word's moment began, in seconds", "game.timer")
        state.timer = float(timer)


def take(offer: list[list[int]], row: list[int | None], pile: int, slot: str) -> int | None:
    """Take the card showing on a pile's top or in its row; a row card is replaced by the pile's top card."""
    if slot == "row":
        card = row[pile]
        if card is not None:
            row[pile] = offer[pile].pop() if offer[pile] else None
        return card
    return offer[pile].pop() if offer[pile] else None
