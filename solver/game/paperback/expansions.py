"""Paperback's expansions in the engine: Attack cards, Player Powers, the Award card and the Theme card (the deck
file's texts, ``solver.paperback.expansions``), each on with its option (``PaperbackOptions``: ``attacks``,
``powers``, ``award``, ``theme``; all off by default, as the rulebook suggests for a first game).

The rulebook's lines it follows:

- Attacks: "add the Attack cards to the Offer piles when setting up the game. When you use Attack cards in a word,
  they stay in play until your next turn. Attacks only affect other players while in play ... At the start of your
  next turn, discard any of your Attack cards in play"; the end of a turn: "If you played any attack cards in your
  word, leave them on the table face up";
- Player Powers: "deal one randomly face-up to each player during setup to give each player a unique power to use
  during their turn";
- Award cards: "shuffle the Award cards and reveal one. This card is awarded at the end of the game based on the
  conditions listed on the card";
- Theme cards: "reveal one. This card is given to the player who forms a word that fits the theme ... If another
  player forms a word fitting the Theme Card later in the game, they take the card from the previous player. At the
  end of the game, the player in possession of the Theme Card adds its value towards their Fame total" and "Theme
  cards are not added to your deck".

Readings where the rulebook is silent (also in docs/paperback-rules.md and the README):

- the theme's word list (the deck file's) stands for the table's vote: a word fits when it is on the list, and a
  Spacebar move fits when either of its words does;
- an award tied between players gives each of them its Fame; nobody gets it when the most is 0;
- attacks of several cards in play add up (``min-length``, ``draw``, ``score``); ``buy-max`` takes the lowest;
- an attack affects a player's turn while it is in play: the attacker's word sets it, and the attacker's next turn
  starts by discarding it; a ``draw`` attack shrinks the hand the victim draws at the end of that turn;
- the first hand is dealt with the ``draw+N`` power's cards too; Attack cards still in play when the game ends go
  back to their owners (they are cards of the deck and count its Fame);
- a ``trash-hand`` power is one more ``{"trash": "hand"}`` step, once a turn, with a word (not with a pass).

The expansion state (``Extras``) is saved under ``"expansions"`` in the game's JSON, present exactly when one of the
options is on, and checked in full when a game is loaded.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from typing import Any, Protocol

from solver.game.protocol import IllegalActionError
from solver.game.saving import GameStateError
from solver.paperback.cards import PCard
from solver.paperback.deck import Deck
from solver.paperback.expansions import Attack

MAX_COUNT = 1_000_000
MAX_LENGTH = 30  # the longest word a turn can ask for (the length track's longest)


@dataclass
class Extras:
    """The expansions' part of a game: the powers dealt (by seat, an index into the deck's powers), the award and
    theme revealed (indices), the theme's holder, each seat's Attack cards in play, and what the awards count."""

    powers: list[int] = field(default_factory=list)
    award: int | None = None
    theme: int | None = None
    holder: int | None = None
    in_play: list[list[int]] = field(default_factory=list)
    longest: list[int] = field(default_factory=list)  # the longest word's length
    trashed: list[int] = field(default_factory=list)  # cards trashed
    bought: int = 0  # cards bought this turn

    def to_json(self) -> dict[str, Any]:
        return asdict(self)  # its fields, in order


class _Options(Protocol):
    @property
    def min_length(self) -> int: ...
    @property
    def attacks(self) -> bool: ...
    @property
    def powers(self) -> bool: ...
    @property
    def award(self) -> bool: ...
    @property
    def theme(self) -> bool: ...


class _Player(Protocol):
    words: int
    discard: list[int]

    def owned(self) -> list[int]: ...


class _Card(Protocol):
    @property
    def card(self) -> PCard: ...
    @property
    def attack(self) -> tuple[Attack, ...]: ...


class EngineState(Protocol):
    """What the expansions read of the engine's state (``state.PaperbackState``, which imports this module)."""

    extras: Extras | None

    @property
    def options(self) -> _Options: ...
    @property
    def deck(self) -> Deck: ...
    @property
    def players(self) -> Sequence[_Player]: ...
    @property
    def box(self) -> Sequence[_Card]: ...
    @property
    def rng(self) -> random.Random: ...
    @property
    def current(self) -> int: ...
    @property
    def phase(self) -> str: ...
    @property
    def common(self) -> PCard | None: ...


def enabled(state: EngineState) -> bool:
    o = state.options
    return o.attacks or o.powers or o.award or o.theme


# -- setup ---------------------------------------------------------------------------------------------------------


def check_deck(state: EngineState) -> None:
    """The deck holds the cards the options ask for (``IllegalActionError`` naming the option)."""
    o, d = state.options, state.deck
    n = len(state.players)
    if o.attacks and not any(c.attack for c in d.offer):
        raise IllegalActionError(f"attacks: the deck {d.name!r} has no Attack cards", "attacks")
    if o.powers and len(d.powers) < n:
        raise IllegalActionError(
            f"powers: the deck {d.name!r} has {len(d.powers)} Player Powers, fewer than the {n} players", "powers"
        )
    if o.award and not d.awards:
        raise IllegalActionError(f"award: the deck {d.name!r} has no Award cards", "award")
    if o.theme and not d.themes:
        raise IllegalActionError(f"theme: the deck {d.name!r} has no Theme cards", "theme")


def deal(state: EngineState) -> None:
    """The setup's expansion cards, from the game's random generator (after the base deal, so a game without the
    options deals as before): a power to each player, an award and a theme revealed."""
    if not enabled(state):
        return
    check_deck(state)
    n = len(state.players)
    o, rng = state.options, state.rng
    ex = Extras(in_play=[[] for _ in range(n)], longest=[0] * n, trashed=[0] * n)
    if o.powers:
        ex.powers = rng.sample(range(len(state.deck.powers)), n)
    if o.award:
        ex.award = rng.randrange(len(state.deck.awards))
    if o.theme:
        ex.theme = rng.randrange(len(state.deck.themes))
    state.extras = ex  # the engine then draws a draw+N power's cards


# -- what is in force ----------------------------------------------------------------------------------------------


def power_amount(state: EngineState, seat: int, kind: str) -> int:
    """The amount of the seat's power of this kind (1 for ``trash-hand`` and ``shield``), else 0."""
    ex = state.extras
    if ex is None or not ex.powers:
        return 0
    p = state.deck.powers[ex.powers[seat]]
    return (p.amount or 1) if p.kind == kind else 0


def attacks_on(state: EngineState, seat: int) -> list[Attack]:
    """The attacks in play against a seat: the Attack cards the other seats have in play (none with a shield)."""
    ex = state.extras
    if ex is None or power_amount(state, seat, "shield"):
        return []
    return [a for s, ids in enumerate(ex.in_play) if s != seat for i in ids for a in state.box[i].attack]


def min_length(state: EngineState) -> int:
    """The shortest word the seat in turn may form."""
    extra = sum(a.amount for a in attacks_on(state, state.current) if a.kind == "min-length")
    return min(MAX_LENGTH, state.options.min_length + extra)


def common(state: EngineState) -> PCard | None:
    """The Common card the seat in turn may use and gain (None under a ``no-common`` attack)."""
    if any(a.kind == "no-common" for a in attacks_on(state, state.current)):
        return None
    return state.common


def coins(state: EngineState, score: int) -> int:
    """A word's buying power: its score, a ``score+N`` power's cents added, ``score-N`` attacks' taken."""
    seat = state.current
    less = sum(a.amount for a in attacks_on(state, seat) if a.kind == "score")
    return max(0, score + power_amount(state, seat, "score") - less)


def buy_limit(state: EngineState) -> int | None:
    """The most cards the seat in turn may buy this turn (None: no limit)."""
    limits = [a.amount for a in attacks_on(state, state.current) if a.kind == "buy-max"]
    return min(limits) if limits else None


def may_buy(state: EngineState) -> bool:
    limit = buy_limit(state)
    return limit is None or state.extras is None or state.extras.bought < limit


def hand_size(state: EngineState, seat: int, base: int) -> int:
    """The cards the seat draws for its next hand: ``base``, a ``draw+N`` power's more, ``draw-N`` attacks' fewer."""
    fewer = sum(a.amount for a in attacks_on(state, seat) if a.kind == "draw")
    return max(0, base + power_amount(state, seat, "draw") - fewer)


# -- the hooks of the turn -----------------------------------------------------------------------------------------


def spelled(state: EngineState, word: str, length: int, trashed: int) -> None:
    """A word was formed by the seat in turn: the awards' counts, and the Theme card taken when the word fits."""
    ex = state.extras
    if ex is None:
        return
    seat = state.current
    ex.longest[seat] = max(ex.longest[seat], length)
    ex.trashed[seat] += trashed
    if ex.theme is not None and any(w in state.deck.themes[ex.theme].words for w in word.split(" ")):
        ex.holder = seat


def bought(state: EngineState) -> None:
    if state.extras is not None:
        state.extras.bought += 1


def turn_over(state: EngineState, word: list[int], game_over: bool) -> list[int]:
    """The end of a turn: the word's Attack cards stay in play (the cards returned go on to the discard pile).
    At the end of the game every Attack card in play goes back to its owner's discard pile."""
    ex = state.extras
    if ex is None:
        return word
    ex.bought = 0
    seat = state.current
    attacks = [i for i in word if state.box[i].attack]
    ex.in_play[seat] += attacks
    if game_over:
        for s, ids in enumerate(ex.in_play):
            state.players[s].discard += ids
            ex.in_play[s] = []
    return [i for i in word if not state.box[i].attack]


def turn_starts(state: EngineState) -> None:
    """The start of a turn: "Discard any Attack cards you played during your previous turn"."""
    ex = state.extras
    if ex is None:
        return
    seat = state.current
    state.players[seat].discard += ex.in_play[seat]
    ex.in_play[seat] = []


# -- the end -------------------------------------------------------------------------------------------------------


def results(state: EngineState) -> list[dict[str, Any]]:
    """The end's expansion Fame: which card went to whom and why (seats, fame a seat, the reason)."""
    ex = state.extras
    if ex is None:
        return []
    n = len(state.players)
    out: list[dict[str, Any]] = []
    if ex.award is not None:
        award = state.deck.awards[ex.award]
        counts = {
            "most-words": [p.words for p in state.players],
            "longest-word": ex.longest,
            "most-trashed": ex.trashed,
            "most-two-letter": [
                sum(1 for i in state.players[s].owned() if len(state.box[i].card.letters) == 2) for s in range(n)
            ],
        }[award.kind]
        most = max(counts)
        seats = [s for s in range(n) if counts[s] == most] if most > 0 else []
        out.append(
            {
                "card": f"award {award}",
                "seats": seats,
                "fame": award.fame,
                "why": f"{award.describe()}: counts {counts}" + ("" if seats else " (nobody scored any)"),
            }
        )
    if ex.theme is not None:
        theme = state.deck.themes[ex.theme]
        out.append(
            {
                "card": f"theme {theme.name}",
                "seats": [] if ex.holder is None else [ex.holder],
                "fame": theme.fame,
                "why": "the last player to form a word that fits holds it"
                if ex.holder is not None
                else "nobody formed a word that fits",
            }
        )
    for s, k in enumerate(ex.powers):
        power = state.deck.powers[k]
        if power.kind == "fame":
            out.append({"card": f"power {power}", "seats": [s], "fame": power.amount, "why": power.describe()})
    return out


def bonus(state: EngineState) -> list[int]:
    """Each seat's Fame from the expansions' cards (``results``)."""
    out = [0] * len(state.players)
    for r in results(state):
        for s in r["seats"]:
            out[s] += r["fame"]
    return out


# -- save and load -------------------------------------------------------------------------------------------------


def read(state: EngineState, data: object) -> Extras | None:
    """The saved ``"expansions"`` of a game, checked against its options and deck (``GameStateError`` naming the
    field)."""
    if not enabled(state):
        if data is not None:
            raise GameStateError("game.expansions: the options play no expansion", "game.expansions")
        return None
    where = "game.expansions"
    if not isinstance(data, dict):
        raise GameStateError(f"{where} must be an object (the options play expansions)", where)
    keys = set(Extras().to_json())
    unknown = sorted(set(data) - keys)
    if unknown:
        raise GameStateError(f"{where}: unknown field {unknown[0]!r}", f"{where}.{unknown[0]}")
    missing = sorted(keys - set(data))
    if missing:
        raise GameStateError(f"{where} has no {missing[0]!r}", f"{where}.{missing[0]}")
    f = _Saved(data, len(state.players))
    o, d = state.options, state.deck
    powers = _powers(f, o.powers, len(d.powers))
    award = f.maybe("award", o.award, len(d.awards) - 1)
    theme = f.maybe("theme", o.theme, len(d.themes) - 1)
    holder = data.get("holder")
    if holder is not None:
        if theme is None:
            raise GameStateError(f"{where}.holder: there is no Theme card to hold", f"{where}.holder")
        holder = f.whole(holder, "holder", f.n - 1)
    in_play = _in_play(data.get("in_play"), state)
    bought = f.whole(data.get("bought"), "bought", MAX_COUNT)
    return Extras(
        powers=powers,
        award=award,
        theme=theme,
        holder=holder,
        in_play=in_play,
        longest=f.per_seat("longest", 61),
        trashed=f.per_seat("trashed", MAX_COUNT),
        bought=bought,
    )


class _Saved:
    """The saved expansions' fields, read and checked (``where`` names them in an error)."""

    where = "game.expansions"

    def __init__(self, data: dict[str, Any], n: int) -> None:
        self.data, self.n = data, n

    def whole(self, value: object, name: str, hi: int) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= hi:
            raise GameStateError(f"{self.where}.{name} must be a whole number from 0 to {hi}", f"{self.where}.{name}")
        return value

    def maybe(self, name: str, on: bool, hi: int) -> int | None:
        """A card revealed when its option is on (an index up to ``hi``), else null."""
        value = self.data.get(name)
        if not on:
            if value is not None:
                raise GameStateError(f"{self.where}.{name}: the options do not play it (null)", f"{self.where}.{name}")
            return None
        if hi < 0:
            raise GameStateError(f"{self.where}.{name}: the deck has none", f"{self.where}.{name}")
        return self.whole(value, name, hi)

    def per_seat(self, name: str, hi: int) -> list[int]:
        value = self.data.get(name)
        if not isinstance(value, list) or len(value) != self.n:
            raise GameStateError(
                f"{self.where}.{name} must list a number for each of the {self.n} seats", f"{self.where}.{name}"
            )
        return [self.whole(v, f"{name}[{s}]", hi) for s, v in enumerate(value)]


def _powers(f: _Saved, on: bool, dealt: int) -> list[int]:
    """The powers dealt, a different one to each seat (none without the option)."""
    where = f.where
    if not on:
        if f.data.get("powers") != []:
            raise GameStateError(f"{where}.powers: the options deal no powers ([])", f"{where}.powers")
        return []
    powers = f.per_seat("powers", dealt - 1)
    if len(set(powers)) != f.n:
        raise GameStateError(f"{where}.powers: each player's power is a different card", f"{where}.powers")
    return powers


def _in_play(raw: object, state: EngineState) -> list[list[int]]:
    """Each seat's Attack cards in play."""
    where = "game.expansions"
    if not isinstance(raw, list) or len(raw) != len(state.players):
        raise GameStateError(f"{where}.in_play must list each seat's Attack cards in play", f"{where}.in_play")
    in_play: list[list[int]] = []
    for s, ids in enumerate(raw):
        at = f"{where}.in_play[{s}]"
        if not isinstance(ids, list) or any(
            isinstance(i, bool) or not isinstance(i, int) or not 0 <= i < len(state.box) for i in ids
        ):
            raise GameStateError(f"{at} must list card ids from 0 to {len(state.box) - 1}", at)
        if any(not state.box[i].attack for i in ids):
            raise GameStateError(f"{at}: only Attack cards stay in play", at)
        in_play.append(list(ids))
    return in_play


def check(state: EngineState) -> None:
    """What the rules allow of the expansions in a state: the seat in turn has no Attack card in play (its turn
    began by discarding them), no cards bought outside the buy phase, no more than the limit."""
    ex = state.extras
    if ex is None:
        return
    if ex.in_play[state.current] and state.phase != "over":
        raise GameStateError(
            "game.expansions.in_play: the seat in turn discarded its Attack cards when its turn began",
            f"game.expansions.in_play[{state.current}]",
        )
    if state.phase == "over" and any(ex.in_play):
        where = "game.expansions.in_play"
        raise GameStateError(f"{where}: the Attack cards went back to their owners at the end", where)
    limit = buy_limit(state)
    if (state.phase != "buy" and ex.bought) or (limit is not None and ex.bought > limit):
        raise GameStateError("game.expansions.bought: more cards bought than the turn allows", "game.expansions.bought")


# -- what the table shows --------------------------------------------------------------------------------------------


def view(state: EngineState) -> dict[str, Any] | None:
    """The expansions as the table shows them (None when the options play none): each seat's power, the Attack
    cards in play (by the seat that played them), the award and the theme with its holder, what is in force against
    the seat in turn, and at the end ``results``."""
    ex = state.extras
    if ex is None:
        return None
    d = state.deck
    seat = state.current
    award = None if ex.award is None else d.awards[ex.award]
    return {
        "powers": [{"power": str(d.powers[k]), "text": d.powers[k].describe()} for k in ex.powers],
        "in_play": [
            [{"card": state.box[i].card.code, "attack": [str(a) for a in state.box[i].attack]} for i in ids]
            for ids in ex.in_play
        ],
        "against_current": [str(a) for a in attacks_on(state, seat)],
        "min_length": min_length(state),
        "award": None if award is None else {"award": str(award), "text": award.describe()},
        "theme": None if ex.theme is None else {"name": d.themes[ex.theme].name, "fame": d.themes[ex.theme].fame},
        "holder": ex.holder,
        "results": results(state) if state.phase == "over" else None,
    }


def lines(state: EngineState, name: Any) -> list[str]:
    """The board's lines for the expansions (``name(seat)`` names a seat)."""
    v = view(state)
    if v is None:
        return []
    out: list[str] = []
    if v["powers"]:
        out.append("Powers: " + "; ".join(f"{name(s)} {p['power']} ({p['text']})" for s, p in enumerate(v["powers"])))
    for s, cards in enumerate(v["in_play"]):
        if cards:
            shown = ", ".join(f"{c['card']} [{' '.join(c['attack'])}]" for c in cards)
            out.append(f"Attacks in play by {name(s)}: {shown}")
    if v["against_current"]:
        out.append(f"In force on {name(state.current)}: {', '.join(v['against_current'])}")
    if v["award"] is not None:
        out.append(f"Award: {v['award']['award']} ({v['award']['text']})")
    if v["theme"] is not None:
        holder = "nobody yet" if v["holder"] is None else name(v["holder"])
        out.append(f"Theme: {v['theme']['name']} ({v['theme']['fame']} Fame), held by {holder}")
    for r in v["results"] or []:
        who = ", ".join(name(s) for s in r["seats"]) or "nobody"
        out.append(f"End: {r['card']} to {who} (+{r['fame']} Fame): {r['why']}")
    return out
