"""Paperback's engine: a game's state (every card of the box by id, in exactly one place), its deal from a seed, and
the actions applied by the rulebook (``solver.game.paperback`` lists the rules and the readings).

Every physical card has an id, its index in ``box`` (built from the deck and the player count in a fixed order), and
each id is in exactly one place: a player's draw pile, hand, discard pile or word, an Offer pile or its row, a Fame
pile, the length track, the Common cards not dealt, the trash. ``check`` asserts it. An action is checked completely
before anything changes, so a refused action leaves the game as it was.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import solver.game.paperback.expansions as expansions
from solver.errors import GhostwriterError
from solver.game.hardback.actions import IllegalActionError
from solver.game.hardback.state import GameStateError, read_rng, rng_to_json
from solver.game.paperback.actions import (
    Action,
    Buy,
    Cash,
    Discard,
    End,
    Pass,
    Place,
    Spell,
    Step,
    action_from_json,
)
from solver.game.paperback.coop import LOSS_CUBES, LOST, WON, Coop, pile_at
from solver.game.paperback.cubes import Cubes, price
from solver.lexicon import Lexicon
from solver.paperback.abilities import Act
from solver.paperback.cards import PCard
from solver.paperback.deck import OFFER_PILES, Deck, deck_from_json, pile_of
from solver.paperback.expansions import Attack
from solver.paperback.moves import COMMON, SPACE, WILD, PaperbackObjective, PMove
from solver.paperback.moves import Piece as RulePiece
from solver.paperback.rules import score

HAND = 5
WORD, BUY, OVER = "word", "buy", "over"
MAX_SEED = 2**63 - 1
RULES = ("cube_advice", "cube_discard", "cube_discount", "recycle_twos", "coop")  # the optional rules, off by default


@dataclass(frozen=True)
class PaperbackOptions:
    """A table's choices: the players, the shortest word, and the Spacebar and Dyslexic Common cards shuffled in;
    the optional cube rules and the cooperative mode (``RULES``, ``coop_loss_cubes``: 5, or 4); the expansions
    (``EXPANSIONS``, ``expansions``): Attack cards, Player Powers, an Award card, a Theme card. Every one is off by
    default and saved only when on; ``from_json`` reads and checks them all (the service, the record and the
    faces' flags go through it)."""

    players: int = 2
    min_length: int = 2
    spacebar: bool = False
    dyslexic: bool = False
    cube_advice: bool = False
    cube_discard: bool = False
    cube_discount: bool = False
    recycle_twos: bool = False
    coop: bool = False
    coop_loss_cubes: int = 5
    attacks: bool = False
    powers: bool = False
    award: bool = False
    theme: bool = False

    @property
    def cubes(self) -> bool:
        """Whether the table uses the supply of cubes (any cube rule, or co-op)."""
        return self.cube_advice or self.cube_discard or self.cube_discount or self.coop

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "players": self.players,
            "min_length": self.min_length,
            "spacebar": self.spacebar,
            "dyslexic": self.dyslexic,
        }
        out.update({r: True for r in RULES if getattr(self, r)})  # a table without them saves as before
        if self.coop:
            out["coop_loss_cubes"] = self.coop_loss_cubes
        out.update({k: True for k in EXPANSIONS if getattr(self, k)})  # saved only when on
        return out

    @staticmethod
    def from_json(data: object) -> PaperbackOptions:
        if not isinstance(data, dict):
            raise GameStateError("options must be an object (players, min_length, spacebar, dyslexic)", "options")
        known = {"players", "min_length", "spacebar", "dyslexic", *RULES, "coop_loss_cubes", *EXPANSIONS}
        unknown = sorted(set(data) - known)
        if unknown:
            raise GameStateError(f"options: unknown field {unknown[0]!r}", f"options.{unknown[0]}")
        players = data.get("players", 2)
        min_length = data.get("min_length", 2)
        for name, v, hi in (("players", players, 8), ("min_length", min_length, 30)):
            if isinstance(v, bool) or not isinstance(v, int) or not 1 <= v <= hi:
                raise GameStateError(f"options.{name} must be a whole number from 1 to {hi}", f"options.{name}")
        flags = [data.get("spacebar", False), data.get("dyslexic", False)]
        if not all(isinstance(f, bool) for f in flags):
            raise GameStateError("options.spacebar and options.dyslexic are true or false", "options")
        rules = {r: data.get(r, False) for r in (*RULES, *EXPANSIONS)}
        for r, v in rules.items():
            if not isinstance(v, bool):
                raise GameStateError(f"options.{r} is true or false", f"options.{r}")
        loss = data.get("coop_loss_cubes", 5)
        if isinstance(loss, bool) or loss not in LOSS_CUBES:
            raise GameStateError(
                "options.coop_loss_cubes is 5 (the rulebook) or 4 (its extra challenge)", "options.coop_loss_cubes"
            )
        if loss != 5 and not rules["coop"]:
            raise GameStateError(
                "options.coop_loss_cubes is a rule of co-op: set options.coop", "options.coop_loss_cubes"
            )
        return PaperbackOptions(players, min_length, flags[0], flags[1], **rules, coop_loss_cubes=loss)


EXPANSIONS = ("attacks", "powers", "award", "theme")  # the expansions, off by default


@dataclass(frozen=True)
class BoxCard:
    """One physical card: what it is (``starter``, ``wild``, ``offer``, ``fame``, ``common``), its cost, Fame."""

    card: PCard
    kind: str
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
        if not c.attack:
            box += [BoxCard(c.card, "offer", c.card.cost, c.fame)] * c.copies
    for p in deck.fame:
        box += [BoxCard(PCard("", cost=p.cost), "fame", p.cost, p.points)] * p.cards[options.players]
    commons = [c for c in deck.common if c.card.special != "spacebar" or options.spacebar]
    commons = [c for c in commons if c.card.special != "dyslexic" or options.dyslexic]
    for c in commons:
        box += [BoxCard(c.card, "common", 0, c.fame)] * c.copies
    from solver.paperback.cards import DYSLEXIC, SPACEBAR

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
        return {
            "draw": self.draw,
            "hand": self.hand,
            "discard": self.discard,
            "extra": self.extra,
            "words": self.words,
            "passes": self.passes,
        }


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

    def fame_of(self, seat: int) -> int:
        p = self.players[seat]
        return sum(self.box[i].fame for i in [*p.owned(), *(self.word if seat == self.current else [])])

    def commons_of(self, seat: int) -> int:
        p = self.players[seat]
        return sum(1 for i in p.owned() if self.box[i].kind == "common") + (
            sum(1 for i in self.word if self.box[i].kind == "common") if seat == self.current else 0
        )

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
        return out

    def price(self, card: int) -> int:
        """What a card costs now: its cost less its discount tokens (``cube_discount``); a Fame card its cost."""
        tokens = self.cubes.on(card) if self.cubes is not None and self.box[card].kind == "offer" else 0
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
        if self.row[0] is not None:
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
        }

    @staticmethod
    def from_json(data: object) -> PaperbackState:
        """A saved game, checked in full: every card in one place, the numbers in range (``GameStateError``)."""
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
        n = len(box)

        def ids(value: object, where: str) -> list[int]:
            if not isinstance(value, list) or any(
                isinstance(i, bool) or not isinstance(i, int) or not 0 <= i < n for i in value
            ):
                raise GameStateError(f"game.{where} must be a list of card ids from 0 to {n - 1}", f"game.{where}")
            return list(value)

        def whole(key: str, hi: int) -> int:
            v = data.get(key)
            if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= hi:
                raise GameStateError(f"game.{key} must be a whole number from 0 to {hi}", f"game.{key}")
            return v

        raw_players = data.get("players")
        if not isinstance(raw_players, list) or len(raw_players) != options.players:
            raise GameStateError(f"game.players must list the {options.players} players", "game.players")
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
        offer = data.get("offer")
        row = data.get("row")
        fame = data.get("fame")
        if not isinstance(offer, list) or len(offer) != OFFER_PILES:
            raise GameStateError(f"game.offer must list the {OFFER_PILES} Offer piles", "game.offer")
        if not isinstance(row, list) or len(row) != OFFER_PILES:
            raise GameStateError(f"game.row must hold {OFFER_PILES} entries (a card id or null)", "game.row")
        if not isinstance(fame, list) or len(fame) != len(deck.fame):
            raise GameStateError(f"game.fame must list the {len(deck.fame)} Fame piles", "game.fame")
        phase = data.get("phase")
        if phase not in (WORD, BUY, OVER):
            raise GameStateError('game.phase must be "word", "buy" or "over"', "game.phase")
        seed = data.get("seed")
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
            raise GameStateError("game.seed must be a whole number from 0 to 2**63 - 1", "game.seed")
        ending = data.get("ending", False)
        if not isinstance(ending, bool):
            raise GameStateError("game.ending must be true or false", "game.ending")
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
            current=whole("current", options.players - 1),
            phase=str(phase),
            coins=whole("coins", 10_000),
            ending=ending,
            turns=whole("turns", 1_000_000),
            rng=read_rng(data.get("rng")),
        )
        for key, on in (("cubes", options.cubes), ("coop", options.coop)):
            if (key in data) != on:
                why = "missing, though" if on else "given, though no"
                raise GameStateError(f"game.{key}: {why} option using it is on", f"game.{key}")
        if options.cubes:
            state.cubes = Cubes.from_json(data["cubes"], options.players, n)
        if options.coop:
            state.coop = Coop.from_json(data["coop"], deck.pyramid_rows(options.players), n)
        state.extras = expansions.read(state, data.get("expansions"))
        state.check()
        _check_places(state)
        expansions.check(state)
        return state


def _check_places(state: PaperbackState) -> None:
    """Each kind of card where the rules can put it (a forged state's Fame card in an Offer pile is refused)."""
    kinds: dict[str, tuple[str, ...]] = {
        "offer": ("offer",),
        "row": ("offer",),
        "fame": ("fame",),
        "track": ("common",),
        "unused": ("common",),
    }
    for where, ids in state.places():
        allowed = kinds.get(where.split("[")[0])
        for i in ids:
            if allowed is not None and state.box[i].kind not in allowed:
                raise GameStateError(f"game.{where}: a {state.box[i].kind} card cannot be there", f"game.{where}")
    for i, pile in enumerate(state.offer):
        row_card = state.row[i]
        for c in [*pile, *([row_card] if row_card is not None else [])]:
            if pile_of(state.box[c].cost) != i:
                raise GameStateError(
                    f"game.offer[{i}]: {state.box[c].card.code} belongs to another pile", f"game.offer[{i}]"
                )
    for i, pile in enumerate(state.fame):
        if any(state.box[c].cost != state.deck.fame[i].cost for c in pile):
            raise GameStateError(f"game.fame[{i}]: a card of another Fame pile", f"game.fame[{i}]")
    if state.phase != BUY and (state.word or state.coins):
        raise GameStateError("game.word and game.coins are empty outside the buy phase", "game.word")
    if state.coop is not None:
        if any(state.fame):
            raise GameStateError("game.fame: in co-op every Fame card is in the pyramid", "game.fame")
        piles = pile_at(state.deck.pyramid_rows(state.options.players))
        for k, at in enumerate(state.coop.pyramid):
            want = state.deck.fame[piles[k]].cost
            if at is not None and (state.box[at].kind != "fame" or state.box[at].cost != want):
                raise GameStateError(f"game.coop.pyramid[{k}]: not a card of its Fame pile", f"game.coop.pyramid[{k}]")
        if (state.coop.result is not None) != (state.phase == OVER):
            raise GameStateError("game.coop.result is given once the game is over, and only then", "game.coop.result")


def deal(deck: Deck, options: PaperbackOptions, seed: int) -> PaperbackState:
    """A new game from a seed: the starting decks, the Offer, the Fame piles, the length track; hands drawn."""
    if options.players not in deck.players:
        raise IllegalActionError(
            f"players: the deck {deck.name!r} is played by {', '.join(map(str, deck.players))} players "
            f"(its Fame piles' counts), not {options.players}",
            "players",
        )
    if isinstance(seed, bool) or not 0 <= seed <= MAX_SEED:
        raise IllegalActionError("seed: a whole number from 0 to 2**63 - 1", "seed")
    rng = random.Random(seed)
    box = build_box(deck, options)
    players = []
    per_seat = sum(c.copies for c in deck.starter_letters) + deck.starter_wilds
    for s in range(options.players):
        draw = list(range(s * per_seat, (s + 1) * per_seat))
        rng.shuffle(draw)
        players.append(Player(draw=draw))
    offer: list[list[int]] = [[] for _ in range(OFFER_PILES)]
    fame: list[list[int]] = [[] for _ in deck.fame]
    commons = []
    for i, b in enumerate(box):
        if b.kind == "offer":
            offer[pile_of(b.cost)].append(i)
        elif b.kind == "fame":
            fame[[p.cost for p in deck.fame].index(b.cost)].append(i)
        elif b.kind == "common":
            commons.append(i)
    for pile in offer:
        rng.shuffle(pile)
    row: list[int | None] = [None]
    row += [pile.pop() if pile else None for pile in offer[1:]]
    rng.shuffle(commons)
    state = PaperbackState(
        deck,
        options,
        seed,
        box,
        players,
        offer,
        row,
        fame,
        track=commons[: deck.commons_dealt],
        unused=commons[deck.commons_dealt :],
        rng=rng,
    )
    if options.cubes:
        state.cubes = Cubes.new(options.players)
    if options.coop:
        state.coop = Coop.deal(deck.pyramid_rows(options.players), fame)
        state.fame = [[] for _ in fame]
    for p in players:
        _draw(state, p, HAND)
    expansions.deal(state)
    for s, p in enumerate(players):  # a draw+N power's cards, the first hand too
        _draw(state, p, expansions.power_amount(state, s, "draw"))
    return state


def _draw(state: PaperbackState, p: Player, n: int) -> None:
    """Draw n cards, shuffling the discard pile into a new draw pile when the draw pile runs out (and only then)."""
    for _ in range(n):
        if not p.draw:
            if not p.discard:
                return
            p.draw = p.discard
            p.discard = []
            state.rng.shuffle(p.draw)
        p.hand.append(p.draw.pop())


# -- a spelled word ----------------------------------------------------------------------------------------------


@dataclass
class Played:
    """A spell checked against the game: the move as the rules score it and the cards it uses."""

    move: PMove
    used: list[int]  # hand positions used in the word (letters and Dyslexic cards)


def read_spell(state: PaperbackState, action: Spell, lexicon: Lexicon) -> Played:
    """The spell scored, or ``IllegalActionError`` naming the piece or the rule it breaks."""
    p = state.players[state.current]
    hand = [state.card(i) for i in p.hand]
    common = expansions.common(state)  # None under a no-common attack
    pieces: list[RulePiece] = []
    cards: list[PCard | None] = []
    used: list[int] = []
    reversals = 0
    for k, piece in enumerate(action.layout):
        where = f"layout[{k}]"
        if piece.common or piece.space:
            want = "spacebar" if piece.space else ""
            if common is None:
                raise IllegalActionError(f"{where}: the length track is spent: there is no Common card", where)
            if any(q.kind in (COMMON, SPACE) for q in pieces):
                raise IllegalActionError(f"{where}: the Common card can only be used once a turn", where)
            if common.special != want or common.special == "dyslexic":
                what = "the Spacebar" if piece.space else "a letter card"
                raise IllegalActionError(f"{where}: the Common card is {common.code}, not {what}", where)
            if piece.space:
                pieces.append(RulePiece(SPACE, " "))
                cards.append(None)
            else:
                pieces.append(RulePiece(COMMON, common.letters))
                cards.append(common)
            continue
        assert piece.card is not None
        if piece.card >= len(hand):
            raise IllegalActionError(f"{where}: hand card {piece.card}: the hand holds {len(hand)} cards", where)
        if piece.card in used:
            raise IllegalActionError(f"{where}: hand card {piece.card} is already in the word", where)
        card = hand[piece.card]
        used.append(piece.card)
        if card.special:
            raise IllegalActionError(f"{where}: {card.code} is not a letter card", where)
        if card.wild:
            if not piece.as_letter:
                raise IllegalActionError(
                    f'{where}: a wild stands for a letter: {{"card": {piece.card}, "as": "e"}}', where
                )
            pieces.append(RulePiece(WILD, piece.as_letter))
            cards.append(None)
            continue
        if piece.as_letter:
            raise IllegalActionError(f"{where}: {card.code} is not a wild: it stands for its own letters", where)
        letters = card.letters
        if piece.reversed:
            if len(letters) != 2:
                raise IllegalActionError(f"{where}: only a two-letter card can be reversed", where)
            letters = letters[::-1]
            reversals += 1
        pieces.append(RulePiece(piece.card, letters, piece.reversed))
        cards.append(card)
    if reversals:
        in_hand = [i for i, c in enumerate(hand) if c.special == "dyslexic" and i not in used]
        from_common = 1 if common is not None and common.special == "dyslexic" else 0
        if reversals > len(in_hand) + from_common:
            raise IllegalActionError(
                "a reversed two-letter card needs a Dyslexic for each (the Common card or one in hand)", "layout"
            )
        used += in_hand[: reversals - from_common]
    text = "".join(q.letters for q in pieces)
    if text != action.word:
        raise IllegalActionError(f"the layout spells {text!r}, not {action.word!r}", "word")
    words = text.split(" ")
    if pieces[0].kind == SPACE or pieces[-1].kind == SPACE:
        raise IllegalActionError("the Spacebar stands between two words", "layout")
    shortest = expansions.min_length(state)
    for w in words:
        if len(w) < shortest:
            raise IllegalActionError(f"{w!r} is shorter than the {shortest} letters this turn asks for", "word")
        if w not in lexicon:
            raise IllegalActionError(f"{w!r} is not in the dictionary", "word")
    move = score(text, pieces, cards, state.threshold, common is not None, PaperbackObjective.SCORE)
    return Played(move, used)


def abilities_of(move: PMove, cards: list[PCard | None], act: Act) -> list[int]:
    """The amounts of the abilities that let the engine do one thing (the table's ``act``) the word's cards hold,
    copies included."""
    held = [a.amount for c in cards if c is not None for a in c.abilities if a.effect.act is act]
    return held + [a.amount for _, a in move.copied if a.effect.act is act]


class PaperbackGame:
    """A game of Paperback: its state, its log of actions, and the word list its words are checked in."""

    def __init__(self, state: PaperbackState, lexicon: Lexicon, log: list[Action] | None = None) -> None:
        self.state = state
        self.lexicon = lexicon
        self.log: list[Action] = log or []
        self.last_move: PMove | None = None

    @staticmethod
    def new(deck: Deck, options: PaperbackOptions, seed: int, lexicon: Lexicon) -> PaperbackGame:
        return PaperbackGame(deal(deck, options, seed), lexicon)

    def apply(self, action: Action | dict[str, Any]) -> None:
        """Apply one action of the seat in turn, or raise ``IllegalActionError`` leaving the game unchanged."""
        a = action_from_json(action) if isinstance(action, dict) else action
        st = self.state
        if st.phase == OVER:
            raise IllegalActionError("the game is over")
        if isinstance(a, Spell | Pass | Discard) and st.phase != WORD:
            raise IllegalActionError("the word is made: buy cards or end the turn", "action")
        if isinstance(a, Buy | End | Cash) and st.phase != BUY:
            raise IllegalActionError("make a word first (spell, or pass)", "action")
        if isinstance(a, Discard):
            self._rule(st.options.cube_discard, "cube_discard")
        if isinstance(a, Pass | End | Discard):
            self._cube_due()
        if isinstance(a, Spell):
            self._spell(a)
        elif isinstance(a, Pass):
            st.players[st.current].passes += 1
            self._end_turn()
        elif isinstance(a, Discard):
            self._discard()
        elif isinstance(a, Buy):
            self._buy(a)
        elif isinstance(a, Cash):
            self._cash(a)
        elif isinstance(a, Place):
            self._place(a)
        else:
            self._end_turn()
        self.log.append(a)

    # -- the phases ----------------------------------------------------------------------------------------------

    def _spell(self, a: Spell) -> None:
        st = self.state
        p = st.players[st.current]
        played = read_spell(st, a, self.lexicon)
        self._check_advice(a)
        move = played.move
        cards = [
            st.card(p.hand[q.kind]) if q.kind >= 0 else (st.common if q.kind == COMMON else None) for q in move.pieces
        ]
        # the abilities, in the order asked: checked on copies of the piles first
        hand_budget = len(abilities_of(move, cards, Act.TRASH_HAND)) + expansions.power_amount(
            st, st.current, "trash-hand"
        )
        offer_budget = sum(abilities_of(move, cards, Act.TRASH_OFFER))
        offer_abilities = len(abilities_of(move, cards, Act.TRASH_OFFER))
        offer = [list(pile) for pile in st.offer]
        row = list(st.row)
        trashed_hand: list[int] = []
        trashed_offer: list[int] = []
        piles_hit: Counter[int] = Counter()
        for k, step in enumerate(a.resolve):
            where = f"resolve[{k}]"
            if step.trash == "hand":
                if len(trashed_hand) >= hand_budget:
                    raise IllegalActionError(
                        f"{where}: the word has {hand_budget} trash-hand abilit"
                        f"{'y' if hand_budget == 1 else 'ies'}, all used",
                        where,
                    )
                if step.card >= len(p.hand) or step.card in played.used or step.card in trashed_hand:
                    raise IllegalActionError(f"{where}: hand card {step.card} is not a card left in hand", where)
                trashed_hand.append(step.card)
            else:
                if len(trashed_offer) >= offer_budget:
                    raise IllegalActionError(
                        f"{where}: the word's trash-offer abilities allow {offer_budget} cards", where
                    )
                if step.pile >= OFFER_PILES:
                    raise IllegalActionError(f"{where}: the Offer has piles 0 to {OFFER_PILES - 1}", where)
                if piles_hit[step.pile] >= offer_abilities:
                    raise IllegalActionError(f"{where}: each trash-offer ability trashes from different piles", where)
                card = _take(offer, row, step.pile, step.slot)
                if card is None:
                    raise IllegalActionError(f"{where}: no card shows there on pile {step.pile}", where)
                piles_hit[step.pile] += 1
                trashed_offer.append(card)
        # all checked: the word is played
        gained = st.track[0] if move.gains_common and st.track else None
        word_ids = [p.hand[i] for i in played.used]
        trash_ids = [p.hand[i] for i in trashed_hand]
        p.hand = [c for i, c in enumerate(p.hand) if i not in played.used and i not in trashed_hand]
        st.word = word_ids
        st.trash += trash_ids + trashed_offer
        st.offer, st.row = offer, row
        if st.cubes is not None:
            for c in trashed_offer:  # a trashed row card's discount tokens go back to the supply
                st.cubes.clear(c)
            if a.advice_from is not None:
                st.cubes.give(a.advice_from)
        self._recycle()
        if gained is not None:
            st.track.pop(0)
            p.discard.append(gained)
            if not st.track:
                st.ending = True
        st.coins = expansions.coins(st, move.score)
        p.extra = move.cards_next
        p.words += 1
        expansions.spelled(st, move.word, move.length, len(trash_ids) + len(trashed_offer))
        st.phase = BUY
        self.last_move = move

    def _buy(self, a: Buy) -> None:
        st = self.state
        if not expansions.may_buy(st):
            raise IllegalActionError(f"an attack in play: at most {expansions.buy_limit(st)} cards this turn", "action")
        self._buy_card(a)
        expansions.bought(st)  # the buy-max attack's count (every kind of purchase)

    def _buy_card(self, a: Buy) -> None:
        st = self.state
        p = st.players[st.current]
        if a.pile == "fame" and st.coop is not None:
            self._buy_pyramid(a)
            return
        if a.pile == "fame":
            if a.index >= len(st.fame):
                raise IllegalActionError(f"index: the Fame piles are 0 to {len(st.fame) - 1}", "index")
            if not st.fame[a.index]:
                raise IllegalActionError(f"the {st.deck.fame[a.index].cost}¢ Fame pile is empty", "index")
            card = st.fame[a.index][-1]
            if st.box[card].cost > st.coins:
                raise IllegalActionError(f"a {st.box[card].cost}¢ Fame card: {st.coins}¢ left", "index")
            st.fame[a.index].pop()
        else:
            if a.index >= OFFER_PILES:
                raise IllegalActionError(f"index: the Offer's piles are 0 to {OFFER_PILES - 1}", "index")
            shown = st.showing(a.index, a.slot)
            if shown is None:
                raise IllegalActionError(f"no card shows on Offer pile {a.index}'s {a.slot}", "slot")
            if st.price(shown) > st.coins:
                raise IllegalActionError(f"{st.card(shown).code}: {st.coins}¢ left", "index")
            cost = st.price(shown)
            _take(st.offer, st.row, a.index, a.slot)
            if st.cubes is not None:
                self._discount(shown, a)
            st.coins -= cost
            p.discard.append(shown)
            self._recycle()
            return
        st.coins -= st.box[card].cost
        p.discard.append(card)

    def _end_turn(self) -> None:
        st = self.state
        p = st.players[st.current]
        if st.coop is not None:
            over = self._coop_over()  # the team's end: every Fame card bought, or a due cube the supply lacks
        else:
            over = sum(1 for pile in st.fame if not pile) >= 2 or st.ending
        p.discard += expansions.turn_over(st, st.word, over) + p.hand  # Attack cards stay in play
        st.word, p.hand = [], []
        st.coins = 0
        st.turns += 1
        if over:
            st.phase = OVER
            return
        _draw(st, p, expansions.hand_size(st, st.current, HAND + p.extra))
        p.extra = 0
        st.current = (st.current + 1) % len(st.players)
        st.phase = WORD
        expansions.turn_starts(st)

    # -- the optional rules and co-op (``cubes``, ``coop``): small hooks, the rules' arithmetic there ----------------

    def _rule(self, on: bool, name: str, field: str = "action") -> None:
        if not on:
            raise IllegalActionError(f"options.{name} is off: this table does not play that rule", field)

    def _check_advice(self, a: Spell) -> None:
        """"If you use a word that someone suggested, the player who suggested the word receives a cube"."""
        st = self.state
        if a.advice_from is None:
            return
        self._rule(st.options.cube_advice, "cube_advice", "advice_from")
        if a.advice_from >= len(st.players):
            raise IllegalActionError(f"advice_from: the seats are 0 to {len(st.players) - 1}", "advice_from")
        if a.advice_from == st.current:
            raise IllegalActionError("advice_from: the adviser is another player, not the speller", "advice_from")

    def _cash(self, a: Cash) -> None:
        """"Players may cash in cubes at any time on their turn for +1¢ each" (in the buy phase: a reading)."""
        st = self.state
        self._rule(st.options.cube_advice or st.options.cube_discard, "cube_advice (or cube_discard)")
        assert st.cubes is not None
        held = st.cubes.held[st.current]
        if a.cubes > held:
            raise IllegalActionError(f"cubes: you hold {held} cube{'s' if held != 1 else ''}", "cubes")
        st.cubes.cash(st.current, a.cubes)
        st.coins += a.cubes

    def _discard(self) -> None:
        """"you may discard your entire hand (not forming a word), and gain a cube from supply"; the turn ends."""
        st = self.state
        self._rule(st.options.cube_discard, "cube_discard")
        assert st.cubes is not None
        st.cubes.give(st.current)
        st.players[st.current].passes += 1
        self._end_turn()

    def _discount(self, bought: int, a: Buy) -> None:
        """"When a card is purchased off the top of a pile in the Offer, the other card gets a cube as a discount
        token ... Remove the tokens when the discounted card is purchased."
        """
        st = self.state
        assert st.cubes is not None
        st.cubes.clear(bought)
        other = st.row[a.index]
        if st.options.cube_discount and a.slot == "top" and other is not None:
            st.cubes.put(other)

    def _recycle(self) -> None:
        """"If the 2¢ pile runs out, take all the 2¢ cards in the Trash, shuffle them, and re-create the 2¢ pile"."""
        st = self.state
        if not st.options.recycle_twos or st.offer[0]:
            return
        twos = [c for c in st.trash if st.box[c].kind == "offer" and pile_of(st.box[c].cost) == 0]
        if twos:
            st.trash = [c for c in st.trash if c not in twos]
            st.rng.shuffle(twos)
            st.offer[0] = twos

    def _buy_pyramid(self, a: Buy) -> None:
        """"You may only buy cards that are uncovered"; its cubes go back to the supply."""
        st = self.state
        coop, cubes = st.coop, st.cubes
        assert coop is not None and cubes is not None
        if a.index >= len(coop.pyramid) or coop.pyramid[a.index] is None:
            raise IllegalActionError(f"index: no Fame card at pyramid position {a.index}", "index")
        if not coop.uncovered(a.index):
            raise IllegalActionError(f"index: the Fame card at pyramid position {a.index} is covered", "index")
        card = coop.pyramid[a.index]
        assert card is not None
        if st.box[card].cost > st.coins:
            raise IllegalActionError(f"a {st.box[card].cost}¢ Fame card: {st.coins}¢ left", "index")
        coop.pyramid[a.index] = None
        cubes.clear(card)
        coop.bought = True
        st.coins -= st.box[card].cost
        st.players[st.current].discard.append(card)

    def _place(self, a: Place) -> None:
        """"During any turn in which you don't buy a Fame Card, you must put a cube on an uncovered Fame Card. If any
        card gets 5 cubes on it, then all players lose!"
        """
        st = self.state
        coop, cubes = st.coop, st.cubes
        self._rule(coop is not None, "coop")
        assert coop is not None and cubes is not None
        if not coop.due():
            why = "a Fame card was bought" if coop.bought else "the cube is placed"
            raise IllegalActionError(f"card: no cube is due this turn ({why})", "card")
        if a.card >= len(coop.pyramid) or coop.pyramid[a.card] is None:
            raise IllegalActionError(f"card: no Fame card at pyramid position {a.card}", "card")
        if not coop.uncovered(a.card):
            raise IllegalActionError(f"card: the Fame card at pyramid position {a.card} is covered", "card")
        if cubes.supply <= 0:
            raise IllegalActionError(
                "card: the supply is empty: no cube to place (end the turn: the team loses)", "card"
            )
        card = coop.pyramid[a.card]
        assert card is not None
        cubes.put(card)
        coop.placed = True
        if cubes.on(card) >= st.options.coop_loss_cubes:  # all players lose, at once
            coop.result = LOST
            p = st.players[st.current]
            p.discard += expansions.turn_over(st, st.word, True) + p.hand  # every Attack card back to its owner
            st.word, p.hand = [], []
            st.coins = 0
            st.turns += 1
            st.phase = OVER

    def _cube_due(self) -> None:
        """A turn of co-op ends only with a Fame card bought or a cube placed (unless the supply is empty)."""
        st = self.state
        if st.coop is not None and st.cubes is not None and st.coop.due() and st.cubes.supply > 0 and st.coop.open():
            raise IllegalActionError(
                "co-op: a turn without a Fame card puts a cube on an uncovered Fame card first (place)", "action"
            )

    def _coop_over(self) -> bool:
        """Co-op's end, at the end of a turn: every Fame card bought (won), or a cube due that the empty supply
        cannot give (lost: a reading). The competitive ends do not apply (a reading)."""
        st = self.state
        coop, cubes = st.coop, st.cubes
        assert coop is not None and cubes is not None
        if not coop.left():
            coop.result = WON
        elif coop.due() and cubes.supply <= 0:
            coop.result = LOST
        coop.bought = coop.placed = False
        if coop.result is None:
            return False
        st.phase = OVER
        return True

    def result(self) -> str | None:
        """Co-op: the team's result once the game is over ("won", "lost"); None in a competitive game."""
        return self.state.coop.result if self.state.coop is not None else None

    # -- the result ------------------------------------------------------------------------------------------------

    def scores(self) -> list[int]:
        """Each seat's Fame; at the end, the Award, Theme and power cards' Fame too (``expansions.results``)."""
        extra = expansions.bonus(self.state) if self.state.phase == OVER else [0] * len(self.state.players)
        return [self.state.fame_of(s) + extra[s] for s in range(len(self.state.players))]

    def winner(self) -> int | None:
        """The seat with the most Fame, ties to the most Common cards; None while seats still tie (and in co-op,
        where the team wins or loses together: ``result``)."""
        if self.state.coop is not None:
            return None
        ranks = [(f, self.state.commons_of(s)) for s, f in enumerate(self.scores())]
        best = max(ranks)
        top = [s for s, r in enumerate(ranks) if r == best]
        return top[0] if len(top) == 1 else None

    def to_json(self) -> dict[str, Any]:
        """The game saved: the state (the random generator's included) and the log."""
        data = self.state.to_json()
        data["log"] = [a.to_json() for a in self.log]
        return data

    @staticmethod
    def load(data: object, lexicon: Lexicon) -> PaperbackGame:
        """A saved game, checked in full; its log is kept as it was (``replay`` plays it again)."""
        state = PaperbackState.from_json(
            {k: v for k, v in data.items() if k != "log"} if isinstance(data, dict) else data
        )
        raw = data.get("log", []) if isinstance(data, dict) else []
        if not isinstance(raw, list):
            raise GameStateError("log must be a list of actions", "log")
        log: list[Action] = []
        for i, x in enumerate(raw):
            try:
                log.append(action_from_json(x))
            except IllegalActionError as e:
                raise GameStateError(f"log[{i}]: {e}", f"log[{i}]") from None
        return PaperbackGame(state, lexicon, log)

    @staticmethod
    def replay(deck: Deck, options: PaperbackOptions, seed: int, log: list[Action], lexicon: Lexicon) -> PaperbackGame:
        """The game its seed and log make, every action applied again (one the rules refuse is named)."""
        game = PaperbackGame.new(deck, options, seed, lexicon)
        for i, a in enumerate(log):
            try:
                game.apply(a)
            except IllegalActionError as e:
                raise IllegalActionError(f"log[{i}]: the engine refuses this action: {e}", f"log[{i}]") from None
        return game


def _take(offer: list[list[int]], row: list[int | None], pile: int, slot: str) -> int | None:
    """Take the card showing on a pile's top or in its row; a row card is replaced by the pile's top card."""
    if slot == "row":
        card = row[pile]
        if card is not None:
            row[pile] = offer[pile].pop() if offer[pile] else None
        return card
    return offer[pile].pop() if offer[pile] else None


__all__ = ["BUY", "OVER", "WORD", "PaperbackGame", "PaperbackOptions", "PaperbackState", "Step", "deal"]
