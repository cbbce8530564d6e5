"""Is this a state a game can reach? The checks a game state from outside (a request, a saved file) must pass
before the engine plays on from it.

``GameState.from_json`` reads the form; this module asks whether the game could ever have got there: every card
of the box in exactly one place (no house card given inline: no option declares any), the starters as they were
dealt, the phase and the turn consistent with the options, every number within what a game can reach, events,
powers and Penny Dreadful only where the options put them. ``problems`` lists what is wrong without raising
(python-chess's ``Board.status()`` is the model); ``check`` raises a ``GameStateError`` naming the first field at
fault (``game.players[1].hand[3]``); ``load`` reads and checks.

The bounds on numbers are derived from the box and the rules, and are generous on purpose: no legal game may be
refused. A word's cards give each benefit at most three times (two doubles triple a card), so one turn's coins
are at most three times every coin benefit of the cards that could have been in the word; ink comes from the
ink/remover benefits, from coins (1 each, or BGA's leftover coins) and from the ghost writer, so a player holds
at most a turn's worth of the box's ink for each turn played; prestige stays under the target until the last
round, which adds at most one turn's worth (every prestige benefit of the box three times, every purchase,
every advert, the event's bonus, and Lyrical Prestige's ink). ``tests/game/test_game_invariants.py`` checks every
state of hundreds of random games against these rules.
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from solver.game.hardback.events import shipped_events
from solver.game.hardback.options import Powers
from solver.game.hardback.rules import ADVERTS, AGGRESSIVE, COIN_STARTERS, POWERS, PRESTIGE_STARTERS, exchange_seats
from solver.game.hardback.state import OFFER_ROW, PHASES, GameState, Phase
from solver.game.saving import Problem, refuse
from solver.hardback.benefits import Kind, Role, amounts, most
from solver.hardback.cards import Card
from solver.hardback.catalogue import Catalogue, Rules

PRESTIGE_STARTERS_EACH = 2  # prestige starters dealt to each player
NO_STARTERS = ("offer_deck", "offer_row", "in_play", "jail", "turn.kept")  # zones no starter ever reaches
PENNY_TURN = 2 * 9  # the most Penny Dreadful takes in her turn: the dearest card (9), doubled for her genre


@dataclass(frozen=True)
class Box:
    """What the box holds under a rules edition, and the most any one turn can give (see the module's docstring)."""

    copies: dict[Card, int]
    by_id: dict[int, Card]  # the catalogue's card values by identity
    canonical: dict[Card, Card]  # and by value
    starters: dict[int, str]  # the starters' letters, by identity
    starter_cards: dict[str, Card]  # and the starters by letter
    ids: dict[int, int]  # the box's cards by identity, with their copies
    letters: frozenset[str]
    coins: dict[int, tuple[int, int, int]]  # by identity: a card's fixed coins, coins per genre card, ink
    size: int
    turn_coins: int
    turn_ink: int
    turn_prestige: int
    jail: int
    dump: int
    preview: int
    returns: int  # the most tokens printed Horror H can ask of one opponent in a word

    def ink_cap(self, turns: int) -> int:
        """The most ink (or ink spent, or removers) a player can hold after ``turns`` turns and the current one."""
        return (turns + 1) * self.turn_ink


def coin_most(card: Card, cards: int) -> int:
    """The most coins a card's benefits can give once (before doubling), with ``cards`` cards in the tableau."""
    return most((*card.basic, *card.genre_bonus), "coins", cards)


def prestige_most(card: Card, cards: int) -> int:
    """The most prestige a card's benefits can give once (before doubling), with ``cards`` cards in the word."""
    return most((*card.basic, *card.genre_bonus), "prestige", cards)


def _tokens(cards: Iterable[Card], gain: str) -> int:
    """The most tokens of one kind (ink, jail) the cards' benefits can give once."""
    return sum(most((*c.basic, *c.genre_bonus), gain, 0) for c in cards)


@functools.cache
def box(rules: Rules) -> Box:
    """The box of the given rules edition, and its per-turn caps."""
    copies = {c: c.copies for c in Catalogue.hardback(rules)}
    every = [c for c, n in copies.items() for _ in range(n)]
    size = len(every)
    events = [*shipped_events()]
    event_coins = 99  # an event's coins a word (the most an event may give: its numbers are at most 99)
    turn_coins = 3 * sum(coin_most(c, size) for c in every) + event_coins
    ink = _tokens(every, "ink")
    turn_ink = turn_coins + 3 * ink + 1 + size  # coins bought as ink, ink/remover, the ghost writer's ink
    turn_prestige = (
        3 * sum(prestige_most(c, size) for c in every)
        + sum(c.purchase_prestige for c in every)
        + sum(gain for _, gain in ADVERTS)
        + max([99, *(e.prestige_per_word for e in events)])
    )
    return Box(
        copies=copies,
        by_id={id(c): c for c in copies},
        canonical={c: c for c in copies},
        starters={id(c): c.letter for c in copies if c.is_starter},
        starter_cards={c.letter: c for c in copies if c.is_starter},
        ids={id(c): n for c, n in copies.items()},
        letters=frozenset(c.letter for c in copies),
        coins={
            id(c): (coin_most(c, 0), coin_most(c, 1) - coin_most(c, 0), _tokens([c], "ink"))
            for c in copies
        },
        size=size,
        turn_coins=turn_coins,
        turn_ink=turn_ink,
        turn_prestige=turn_prestige,
        jail=3 * _tokens(every, "jail"),
        dump=3 * max((d for c in every for d in amounts((*c.basic, *c.genre_bonus), Role.DUMP)), default=0),
        preview=max((b.amount for c in every for b in (*c.basic, *c.genre_bonus) if b.kind is Kind.PREVIEW), default=3),
        returns=3 * _tokens(every, "opponents_return"),
    )


# -- the checks -------------------------------------------------------------------------------------------------


def problems(state: GameState) -> list[Problem]:
    """Everything wrong with a state, as (field, message); empty for a state a game can reach."""
    out: list[Problem] = []
    for check in (
        _turn_order,
        _starter_zones,
        _cards,
        _starters,
        _zones,
        _numbers,
        _turn,
        _powers,
        _events,
        _coop,
        _awards,
    ):
        out.extend(check(state))
    return out


def check(state: GameState) -> None:
    """Raise a ``GameStateError`` naming the first field at fault, if anything is wrong."""
    refuse(problems(state))


def load(data: object) -> GameState:
    """A game state from its JSON form, read and checked in full (``GameStateError`` naming the field)."""
    state = GameState.from_json(data)
    check(state)
    return state


def _turn_order(st: GameState) -> Iterator[Problem]:
    n = len(st.players)
    for i, p in enumerate(st.players):
        if p.seat != i:
            yield Problem(f"game.players[{i}].seat", f"the player at position {i} must say seat {i}, not {p.seat}")
    if st.phase not in PHASES:
        yield Problem("game.phase", f"unknown phase {st.phase!r}: one of {', '.join(PHASES)}")
    if st.turns > n * st.options.max_turns:
        yield Problem(
            "game.turns",
            f"{st.turns} turns: a game of {n} players stops after {st.options.max_turns} rounds "
            f"({n * st.options.max_turns} turns; options.max_turns)",
        )
    finished = st.phase in (Phase.EVENT, Phase.OVER)  # the turn is over but the next seat has not started
    if finished and st.turns == 0:
        yield Problem("game.turns", f"the {st.phase} phase comes after a turn, and no turn has been played")
    elif (st.turns - finished) % n != st.current:
        yield Problem(
            "game.current",
            f"seat {st.current} cannot be in turn in the {st.phase} phase after {st.turns} turns: "
            f"seat {(st.turns - finished) % n} is (turns go round the {n} seats in order)",
        )
    if st.phase == Phase.EVENT:
        if not st.options.events or st.options.coop:
            yield Problem("game.phase", "the event phase comes only with events on, outside the cooperative anthology")
        elif not st.player.event or not exchange_seats(st):
            yield Problem(
                "game.phase",
                "the event phase comes only when the player in turn drew an event and a player ahead holds one",
            )
    if st.ending and st.options.coop:
        yield Problem("game.ending", "the cooperative anthology ends when a side reaches its goal, not by rounds")


def _places(st: GameState) -> Iterator[tuple[str, list[Card]]]:
    """Every zone of the game with its field, in a fixed order."""
    yield "game.offer_deck", st.offer_deck
    yield "game.offer_row", st.offer_row
    yield "game.removed", st.removed
    yield "game.unused", st.unused
    for i, p in enumerate(st.players):
        for zone in ("draw", "discard", "hand", "inked", "in_play", "jail", "set_aside", "must_wild"):
            yield f"game.players[{i}].{zone}", getattr(p, zone)
    yield "game.turn.word", st.turn.word
    yield "game.turn.kept", st.turn.kept
    yield "game.turn.peek", st.turn.peek


def _slots(st: GameState) -> Iterator[tuple[str, list[Card]]]:
    """Every place a card can be, as a field with ``{}`` for the index, and the cards there."""
    for where, cards in _places(st):
        yield where + "[{}]", cards
    yield "game.turn.sent_home[{}][1]", [c for _, c in st.turn.sent_home]


def _times(n: int) -> str:
    return {1: "once", 2: "twice"}.get(n, f"{n} times")


def _cards(st: GameState) -> Iterator[Problem]:
    """Every card of the box in exactly one place; no house card given inline.

    Cards are counted by identity (a state read from JSON, like the engine's, holds the catalogue's own card
    values; hashing a card hashes all its benefits, which made this check the slowest), by value otherwise. The
    invariant tests run this after every action of hundreds of games, so the loop is kept plain."""
    b = box(st.options.rules)
    counted: Counter[int] = Counter()
    for _, cards in _slots(st):
        counted.update(map(id, cards))
    if dict.__eq__(counted, b.ids):  # dict's own comparison (Counter's is written in Python)
        return  # the common case, at C speed: exactly the box's cards, each as often as the box holds it
    by_id = b.by_id
    seen: dict[int, int] = {}
    first: dict[int, tuple[str, int]] = {}
    told: set[int] = set()
    for where, cards in _slots(st):
        for i, card in enumerate(cards):
            key = id(card)
            if key not in by_id:
                canonical = None if card.inline else b.canonical.get(card)
                if canonical is None:
                    yield Problem(
                        where.format(i),
                        f"{card.code} is a house card given inline; a game is played with the box's cards "
                        "(no game option declares house cards): give a catalogue code",
                    )
                    continue
                key = id(canonical)
            n = seen.get(key, 0) + 1
            seen[key] = n
            if n == 1:
                first[key] = (where, i)
            elif n > by_id[key].copies and key not in told:
                told.add(key)
                copies = by_id[key].copies
                yield Problem(
                    where.format(i),
                    f"{by_id[key].code} is in the box {_times(copies)} and is already at "
                    f"{first[key][0].format(first[key][1])}"
                    + (f" and {copies - 1} other place(s)" if copies > 1 else "")
                    + ": every card is in exactly one place",
                )
    if not told and sum(seen.values()) == b.size:
        return  # nothing over its copies and the whole box counted: nothing is missing
    missing = {c: n - seen.get(id(c), 0) for c, n in b.copies.items() if seen.get(id(c), 0) < n}
    if missing:
        listed = ", ".join(f"{c.code} x{n}" if n > 1 else c.code for c, n in sorted(missing.items(), key=_order)[:8])
        more = f" and {len(missing) - 8} more" if len(missing) > 8 else ""
        yield Problem(
            "game",
            f"cards of the box are missing: {listed}{more} (every card is in exactly one place; a dealt game "
            "holds the whole box, starters not dealt in game.unused)",
        )


def _order(item: tuple[Card, int]) -> str:
    return item[0].code


def _starter_zones(st: GameState) -> Iterator[Problem]:
    """Starters never reach the offer deck or row, a jail or the classics (asked before the count of cards, so that
    a starter put there is named where it was put)."""
    for where, cards in _places(st):
        if not where.endswith(NO_STARTERS):
            continue
        for i, c in enumerate(cards):
            if c.is_starter and not c.inline:
                yield Problem(f"{where}[{i}]", f"{c.code} is a starter: starters never reach {where.split('.')[-1]}")


def _starters(st: GameState) -> Iterator[Problem]:
    """The starters as dealt: each player's own (one of each coin starter, two prestige starters), the rest unused;
    only classics go home."""
    n = len(st.players)
    b = box(st.options.rules)
    starters = b.starter_cards
    for i, (_, c) in enumerate(st.turn.sent_home):
        if not c.timeless:
            yield Problem(f"game.turn.sent_home[{i}][1]", f"{c.code} is not a timeless classic: only classics go home")
    for seat, p in enumerate(st.players):
        own = [*p.draw, *p.discard, *p.hand, *p.inked, *p.set_aside, *p.must_wild]
        if seat == st.current:
            own += [*st.turn.word, *st.turn.kept, *st.turn.peek]
        ids = Counter(map(id, own))
        held = {x: ids[id(starters[x])] for x in COIN_STARTERS + PRESTIGE_STARTERS}
        extra = [x for x, k in held.items() if k > 1]
        prestige = sum(held[x] for x in PRESTIGE_STARTERS)
        if extra or prestige > PRESTIGE_STARTERS_EACH:
            why = f"{held[extra[0]]} copies of {extra[0]}" if extra else f"{prestige} prestige starters"
            yield Problem(
                f"game.players[{seat}]",
                f"{why}: each player is dealt one of each of {' '.join(COIN_STARTERS)} and two prestige starters",
            )
    unused = Counter(c.letter for c in st.unused if c.is_starter)
    wrong = [c for c in st.unused if not c.is_starter]
    if wrong:
        yield Problem("game.unused", f"{wrong[0].code} is not a starter: game.unused holds the starters not dealt")
    for x in COIN_STARTERS:
        want = starters[x].copies - n
        if unused[x] != want:
            yield Problem("game.unused", f"{unused[x]} copies of {x}: {n} players leave {want} undealt")
            break
    prestige_left = sum(starters[x].copies for x in PRESTIGE_STARTERS) - PRESTIGE_STARTERS_EACH * n
    if sum(unused[x] for x in PRESTIGE_STARTERS) != prestige_left:
        yield Problem("game.unused", f"{n} players leave {prestige_left} prestige starters undealt")


def _zones(st: GameState) -> Iterator[Problem]:
    """What each zone may hold: classics in play, one jailed card, a full offer row, blank disfigured letters."""
    if len(st.offer_row) > OFFER_ROW:
        yield Problem("game.offer_row", f"{len(st.offer_row)} cards: the offer row holds {OFFER_ROW}")
    elif len(st.offer_row) < OFFER_ROW and (st.offer_deck or any(not c.is_starter for c in st.removed)):
        yield Problem(
            "game.offer_row",
            f"{len(st.offer_row)} cards: the row is refilled to {OFFER_ROW} while the offer deck (or the removed "
            "cards it is remade from) lasts",
        )
    for i, age in enumerate(st.offer_age):
        if age > st.turns + 1:
            yield Problem(f"game.offer_age[{i}]", f"turn {age}: only {st.turns} turns have been played")
            break
    letters = box(st.options.rules).letters
    for i, p in enumerate(st.players):
        w = f"game.players[{i}]"
        for j, c in enumerate(p.in_play):
            if not c.timeless:
                yield Problem(f"{w}.in_play[{j}]", f"{c.code} is not a timeless classic: only classics stay in play")
        if len(p.jail) > 1:
            yield Problem(f"{w}.jail", "a jail holds one card")
        for j, c in enumerate(p.disfigured):
            if not (c.inline and c.genre is None and c.cost == 0 and not c.basic and not c.genre_bonus) or (
                c.letter not in letters
            ):
                yield Problem(
                    f"{w}.disfigured[{j}]",
                    f"{c.code}: a Disfigured Letter is a blank letter of the offer deck, starter:X0{{- | -}}",
                )
        if len(p.disfigured) > st.turns + 1:
            yield Problem(f"{w}.disfigured", "more Disfigured Letters than turns played")
    for i, c in enumerate(st.turn.kept):
        if not c.timeless:
            yield Problem(f"game.turn.kept[{i}]", f"{c.code} is not a timeless classic: only classics are kept")
    if len(st.turn.peek) > box(st.options.rules).preview:
        yield Problem("game.turn.peek", "more cards looked at than a preview shows")


def _numbers(st: GameState) -> Iterator[Problem]:
    """Tokens, prestige and counters within what a game can reach (see the module's docstring for the bounds)."""
    b = box(st.options.rules)
    n = len(st.players)
    ink_cap = b.ink_cap(st.turns)
    goal = st.options.target * (n if st.options.coop else 1)
    prestige_cap = goal - 1 + b.turn_prestige + ink_cap // 2
    own_turns = st.turns // n + 1
    for i, p in enumerate(st.players):
        w = f"game.players[{i}]"
        if p.prestige > prestige_cap:
            yield Problem(
                f"{w}.prestige",
                f"{p.prestige} prestige: more than a game to {goal} can reach after {st.turns} turns ({prestige_cap})",
            )
        if p.ink > ink_cap:
            yield Problem(f"{w}.ink", f"{p.ink} ink: more than {st.turns + 1} turns can give ({ink_cap})")
        if p.remover > ink_cap:
            yield Problem(f"{w}.remover", f"{p.remover} removers: more than {st.turns + 1} turns can give ({ink_cap})")
        if p.adverts and not st.options.adverts:
            yield Problem(f"{w}.adverts", "adverts are not in play (options.adverts is false)")
        if p.adverts > len(ADVERTS):
            yield Problem(f"{w}.adverts", f"there are {len(ADVERTS)} adverts")
        if p.words + p.passes > own_turns:
            yield Problem(
                f"{w}.words",
                f"{p.words} words and {p.passes} passes: more than the seat's {own_turns} turns after {st.turns}",
            )
        if p.bought > own_turns * b.size:
            yield Problem(f"{w}.bought", f"{p.bought} cards bought: more than {own_turns} turns can buy")
        if p.decade > prestige_cap // 10:
            yield Problem(f"{w}.decade", f"prestige decade {p.decade}: more than the prestige a game can reach")
        if p.rap_battle > 1:
            yield Problem(f"{w}.rap_battle", "a Mechanical Rap Battle takes one card of the next hand: 0 or 1")
    t = st.turn
    p = st.player
    if t.bought > p.bought:
        yield Problem("game.turn.bought", f"{t.bought} cards bought this turn but {p.bought} over the game")
    if t.ink_used > ink_cap:
        yield Problem("game.turn.ink_used", f"{t.ink_used} ink: more than the game can give ({ink_cap})")
    if t.jails > b.jail:
        yield Problem("game.turn.jails", f"{t.jails} jails: a word earns at most {b.jail}")
    for i, d in enumerate(t.dumps):
        if not 1 <= d <= b.dump:
            yield Problem(f"game.turn.dumps[{i}]", f"a dump gives 1 to {b.dump} coins, not {d}")
    for i, d in enumerate(t.previews):
        if not 1 <= d <= b.preview:
            yield Problem(f"game.turn.previews[{i}]", f"a preview looks at 1 to {b.preview} cards, not {d}")
    if t.coins > (cap := _coin_cap(st)):
        yield Problem(
            "game.turn.coins",
            f"{t.coins} coins: more than the cards in play and the ink held could give this turn ({cap})",
        )


def _coin_cap(st: GameState) -> int:
    """The most coins the player in turn can hold: every card that could have been in the word (their cards, the
    word, the classics kept, the offer-row cards borrowed, the cards trashed or dumped) giving its coins three
    times, and every ink held at the start of the turn or earned in it converted (3 ink a coin)."""
    b = box(st.options.rules)
    p, t = st.player, st.turn
    could = [*p.cards(), *t.word, *t.kept, *st.removed, *(st.offer_row[s] for s in t.borrowed if s < len(st.offer_row))]
    fixed = per_genre = ink = 0
    for c in could:
        f, g, k = b.coins.get(id(c)) or (coin_most(c, 0), coin_most(c, 1) - coin_most(c, 0), 0)
        fixed, per_genre, ink = fixed + f, per_genre + g, ink + k
    word_coins = 3 * (fixed + per_genre * len(could)) + 99  # 99: an event's coins
    return word_coins + (st.turns * b.turn_ink + 3 * ink) // 3


def _turn(st: GameState) -> Iterator[Problem]:
    """What the turn may hold in its phase: a fresh turn before the word, the word's choices after it."""
    t, p = st.turn, st.player
    if t.ghost is not None and (not st.options.ghost_writer or t.ghost == st.current or t.ghost >= len(st.players)):
        yield Problem("game.turn.ghost", "the ghost writer is another player's seat, with options.ghost_writer on")
    for i, (owner, _) in enumerate(t.sent_home):
        if owner == st.current or owner >= len(st.players):
            yield Problem(f"game.turn.sent_home[{i}][0]", "a classic sent home goes to another player's seat")
    if len(set(t.borrowed)) != len(t.borrowed) or any(s >= len(st.offer_row) for s in t.borrowed):
        yield Problem("game.turn.borrowed", "offer-row slots, each once, within the row")
    if len(t.word) + len(t.kept) > len(t.word_text):
        yield Problem("game.turn.word", f"{len(t.word) + len(t.kept)} cards in a word of {len(t.word_text)} letters")
    if st.phase == Phase.PREPARE:
        fresh = {
            "coins": t.coins == 0,
            "word": not t.word,
            "word_text": not t.word_text,
            "kept": not t.kept,
            "sent_home": not t.sent_home,
            "dumps": not t.dumps,
            "jails": t.jails == 0,
            "previews": not t.previews,
            "flushed": not t.flushed,
            "bought": t.bought == 0,
            "row_changed": not t.row_changed,
            "ghost": t.ghost is None,
            "returns": not t.returns,
        }
        for name, ok in fresh.items():
            if not ok:
                yield Problem(f"game.turn.{name}", "a turn in the prepare phase has not spelled or bought yet")
                break
    elif st.phase in (Phase.CHOICES, Phase.RETURN, Phase.BUY):
        if p.hand:
            yield Problem(
                f"game.players[{st.current}].hand", f"the hand is played or discarded by the {st.phase} phase"
            )
        if not t.word_text:
            yield Problem("game.turn.word_text", f"the {st.phase} phase comes after a word")
        if st.phase == Phase.CHOICES and not (t.dumps or t.jails or t.peek or t.previews):
            yield Problem("game.phase", "the choices phase needs a dump, a jail or a preview to choose")
        if st.phase == Phase.BUY and (t.dumps or t.jails or t.previews):
            yield Problem("game.turn.dumps", "the buy phase comes when the word's choices are made")
    else:
        for name, cards in (("word", t.word), ("kept", t.kept), ("peek", t.peek), ("sent_home", t.sent_home)):
            if cards:
                yield Problem(f"game.turn.{name}", f"a finished turn has put its word's cards away ({st.phase} phase)")
                break
    yield from _returns(st)
    if t.peek and st.phase != Phase.CHOICES and (p.power != "pint" or len(t.peek) > 1):
        yield Problem("game.turn.peek", "outside the choices phase only Pint-Sized Proficiency looks at a card")


def _returns(st: GameState) -> Iterator[Problem]:
    """Printed Horror H's tokens still owed: exactly in the return phase, by other seats holding both an unused ink
    and a remover (``solver.game.hardback.returns``), each owing no more than a word can ask."""
    t = st.turn
    if bool(t.returns) != (st.phase == Phase.RETURN):
        yield Problem(
            "game.turn.returns",
            "the return phase comes exactly while an opponent owes printed Horror H's token of its choice",
        )
    cap = box(st.options.rules).returns
    for i, seat in enumerate(t.returns):
        w = f"game.turn.returns[{i}]"
        if seat == st.current or seat >= len(st.players):
            yield Problem(w, "a token is returned by another player's seat at the table")
        elif not (st.players[seat].ink and st.players[seat].remover):
            yield Problem(w, f"seat {seat} does not hold both an ink and a remover: it has no token to choose")
        elif t.returns.count(seat) > cap:
            why = "no card of these rules asks for one" if not cap else f"a word asks at most {cap} of one player"
            yield Problem(w, f"seat {seat} owes {t.returns.count(seat)} tokens: {why}")
        else:
            continue
        return


def _powers(st: GameState) -> Iterator[Problem]:
    """Powers only when the options deal them, and what a power leaves only where a player holds it."""
    on = st.options.powers is not Powers.NONE
    held = [p.power for p in st.players]
    for i, p in enumerate(st.players):
        w = f"game.players[{i}]"
        if not on and p.power:
            yield Problem(f"{w}.power", "player powers are not in play (options.powers is none)")
        elif on and p.power not in POWERS:
            yield Problem(f"{w}.power", f"unknown power {p.power!r}: one of {', '.join(POWERS)}")
        others = {q for j, q in enumerate(held) if j != i}
        needs = {
            "must_wild": (bool(p.must_wild), {"journey"} & others or {"unsightly"} & {p.power}),
            "set_aside": (bool(p.set_aside), {"triangle"} & others),
            "disfigured": (bool(p.disfigured), {"disfigured"} & others),
            "rap_battle": (p.rap_battle > 0, {"rap"} & others),
        }
        for zone, (used, source) in needs.items():
            if used and not source:
                yield Problem(f"{w}.{zone}", "no player at the table holds the power that puts anything here")
    t, p = st.turn, st.player
    for i, name in enumerate(t.powers_used):
        if name != p.power:
            yield Problem(f"game.turn.powers_used[{i}]", f"{name!r} is not the power of the player in turn")
            break
    if any(n in AGGRESSIVE and t.powers_used.count(n) > 1 for n in t.powers_used):
        yield Problem("game.turn.powers_used", "an aggressive power is used once a turn")
    if t.borrowed and p.power != "unnatural":
        yield Problem("game.turn.borrowed", "only Unnatural Creation borrows offer-row cards")


def _events(st: GameState) -> Iterator[Problem]:
    """Events only with events on; each event of the table's deck in exactly one place."""
    players_events = [(f"game.players[{i}].event", p.event) for i, p in enumerate(st.players) if p.event]
    if not st.options.events:
        if st.events_deck or st.events_used:
            yield Problem("game.events_deck", "events are not in play (options.events is false)")
        for where, _ in players_events:
            yield Problem(where, "events are not in play (options.events is false)")
        for i, p in enumerate(st.players):
            if p.decade:
                yield Problem(f"game.players[{i}].decade", "events are not in play (options.events is false)")
        return
    deck = {e.name: e for e in (st.options.event_deck or shipped_events())}
    seen: dict[str, str] = {}
    places = [
        *((f"game.events_deck[{i}]", e.name, e) for i, e in enumerate(st.events_deck)),
        *((f"game.events_used[{i}]", e.name, e) for i, e in enumerate(st.events_used)),
        *((where, name, None) for where, name in players_events),
    ]
    for where, name, event in places:
        if name not in deck:
            yield Problem(where, f"no event {name!r} in the table's deck (options.event_deck, or the shipped set)")
        elif event is not None and event != deck[name]:
            yield Problem(where, f"event {name!r} differs from the table's deck (options.event_deck)")
        elif name in seen:
            yield Problem(where, f"event {name!r} is already at {seen[name]}: every event is in exactly one place")
        else:
            seen[name] = where
    lost = [name for name in deck if name not in seen]
    if lost:
        yield Problem("game.events_deck", f"events of the table's deck are missing: {', '.join(lost[:5])}")


def _coop(st: GameState) -> Iterator[Problem]:
    """Penny Dreadful exactly in the cooperative anthology, with the options' signature genre."""
    if st.result and (not st.options.coop or st.phase != Phase.OVER):
        yield Problem("game.result", "a result is given when the cooperative anthology is over (else it is empty)")
    if not st.options.coop:
        if st.penny is not None:
            yield Problem("game.penny", "Penny Dreadful plays only in the cooperative anthology (options.coop)")
        return
    if st.penny is None:
        yield Problem("game.penny", "the cooperative anthology needs Penny Dreadful: {genre, prestige}")
        return
    if st.penny.genre != st.options.penny_genre:
        yield Problem("game.penny.genre", f"Penny's genre is options.penny_genre, {st.options.penny_genre!r}")
    b = box(st.options.rules)
    cap = st.options.target * len(st.players) - 1 + PENNY_TURN + b.ink_cap(st.turns) + b.size
    if st.penny.prestige > cap:
        yield Problem("game.penny.prestige", f"{st.penny.prestige} prestige: more than Penny can reach ({cap})")
    goal = st.options.target * len(st.players)
    table = sum(q.prestige for q in st.players)
    stopped = st.rounds >= st.options.max_turns
    if st.result == "won" and table < goal:
        yield Problem("game.result", f"won: the players have {table} of the {goal} prestige they need")
    elif st.result == "lost" and st.penny.prestige < goal and not stopped:
        yield Problem(
            "game.result", f"lost: Penny has {st.penny.prestige} of the {goal} prestige she needs, and the game ran on"
        )
    elif st.phase != Phase.OVER and (table >= goal or st.penny.prestige >= goal):
        yield Problem("game.phase", f"a side has completed its final lap ({goal} prestige): the game is over")


def _awards(st: GameState) -> Iterator[Problem]:
    """The literary award: a length from 7 to 12, held by distinct seats (several only under BGA's rules)."""
    length, holders = st.award_length, st.award_holders
    if length and not st.options.literary_awards:
        yield Problem("game.award_length", "literary awards are not in play (options.literary_awards is false)")
    elif length and not 7 <= length <= 12:
        yield Problem("game.award_length", "an award is for a word of 7 to 12 letters (0: none claimed)")
    elif bool(length) != bool(holders):
        yield Problem("game.award_holders", "a claimed award has its holders, and holders have an award")
    elif len(set(holders)) != len(holders):
        yield Problem("game.award_holders", "each seat holds the award once")
    elif len(holders) > 1 and (st.options.rules is not Rules.BGA or st.options.coop):
        yield Problem("game.award_holders", "only BGA's rules share an award, outside the cooperative anthology")
