"""Is this a Paperback state a game can reach? The checks a state from outside (a request, a saved file) must pass
before the engine plays on from it, as Hardback's ``solver.game.hardback.validate``.

``PaperbackState.from_json`` reads the form and counts the cards (every card of the box in exactly one place, the
cubes all there, the expansions' fields in range); this module asks whether a game could ever have got there:

- **places**: each kind of card where the rules can put it (an Offer card in its own pile or row, a Fame card in its
  Fame pile, a Common card on the track or among those not dealt; a 2¢ starting wild back in the 2¢ pile only when
  the table recycles the Trash's 2¢ cards), a pile's row card gone only once the pile is empty, the word and the
  coins only in the buy phase (cubes cashed before the word aside);
- **turns**: the seat in turn and the phase follow from the turns played, and each seat's words and passes add up
  to the turns it has finished (one more for the seat in turn once it has spelled): the turn counter cannot be reset
  nor a seat's words made up;
- **owners**: every starting card is its own seat's (the box numbers them by seat), or in the Trash, or, recycled,
  anyone's; a seat that has spelled no word holds exactly its starting cards (no card is gained, bought or trashed
  without a word), holds no more Common cards than its words, and nothing is in the Trash before a word;
- **hands**: a hand drawn at the end of a turn holds at most 5 cards, the seat's ``draw+N`` power's and the ``cards+N``
  its cards can give; at least 5 and its power's (less the most the deck's ``draw-N`` attacks take) unless the seat
  drew every card it had; exactly the deal's before a seat's first turn; the seat in turn's word and what is left of
  its hand come from such a hand, and once the game is over its hand is discarded;
- **the end**: ``ending`` is said exactly when the last Common card left the track, and outside co-op a turn starts
  only while fewer than two Fame piles are empty; co-op's result and its turn's flags agree with the phase;
- **counts**: a seat's cubes come from its passes (``cube_discard``) and the others' words (``cube_advice``), the
  pyramid's cubes from the turns played; the expansions' counts (longest word, cards trashed, the Theme's holder)
  from words spelled.

Every check is an invariant the engine keeps (``tests/game/test_paperback_invariants.py`` checks every state of
random games, with the options and expansions on, against ``problems``), so no state a game reaches is refused.
What a state alone cannot tell is in docs/game-states.md: who bought which card, and the order of hidden cards.
``problems`` lists what is wrong; ``check`` raises a ``GameStateError`` naming the first field at fault; ``load``
reads and checks.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

import solver.game.paperback.expansions as expansions
from solver.game.paperback.coop import LOST, WON, pile_at
from solver.game.paperback.cubes import CUBES
from solver.game.paperback.dealing import HAND
from solver.game.paperback.state import BUY, OVER, WORD, PaperbackState
from solver.game.saving import Problem, refuse
from solver.paperback.abilities import Scoring
from solver.paperback.deck import pile_of

ORIGINS: dict[str, tuple[str, ...]] = {  # the table's places and the kinds of card the rules put there
    "offer": ("offer",),
    "row": ("offer",),
    "fame": ("fame",),
    "track": ("common",),
    "unused": ("common",),
    "simultaneous.deck": ("offer",),
    "simultaneous.aside": ("offer",),
}


def problems(st: PaperbackState) -> list[Problem]:
    """Everything wrong with a state, as (field, message); empty for a state a game can reach."""
    out: list[Problem] = []
    # simultaneous play's rounds (seats announcing in any order, drafted starting cards, 6-card hands, an end at the
    # round's end) are not read by the turn, owner, hand, end and count checks: its states get the places checked
    # (and the cards counted, by ``from_json``) only
    checks = (_places,) if st.simul is not None else (_places, _turns, _owners, _hands, _end, _counts)
    for check_ in checks:
        out.extend(check_(st))
    return out


def check(st: PaperbackState) -> None:
    """Raise a ``GameStateError`` naming the first field at fault, if anything is wrong."""
    refuse(problems(st))


def load(data: object) -> PaperbackState:
    """A game state from its JSON form (``PaperbackState.from_json``: the form, the cards counted), then checked in
    full (a ``GameStateError`` naming the field either way)."""
    st = PaperbackState.from_json(data)
    refuse(problems(st))
    return st


# -- what each seat has done -------------------------------------------------------------------------------------


def finished(st: PaperbackState, seat: int) -> int:
    """The turns ``seat`` has finished: turns go round the seats in order from seat 0."""
    n = len(st.players)
    return st.turns // n + (1 if seat < st.turns % n else 0)


def recyclable(st: PaperbackState, card: int) -> bool:
    """Whether a starting card can leave its seat's deck for another's: a 2¢ wild trashed and shuffled back into
    the 2¢ pile (``recycle_twos``, unless read as the pile's own cards)."""
    o = st.options
    return o.recycle_twos and not o.twos_pile_only and st.box[card].cost == 2


def starters(st: PaperbackState, seat: int) -> range:
    """The ids of a seat's starting cards (``build_box`` deals them first, seat by seat)."""
    each = sum(c.copies for c in st.deck.starter_letters) + st.deck.starter_wilds
    return range(seat * each, (seat + 1) * each)


def holdings(st: PaperbackState, seat: int) -> list[int]:
    """Every card a seat holds: its draw pile, hand and discard pile, its word, its Attack cards in play."""
    held = st.held(seat)
    if st.extras is not None:
        held += st.extras.in_play[seat]
    return held


def _seat_of(st: PaperbackState) -> dict[int, int]:
    return {c: s for s in range(len(st.players)) for c in holdings(st, s)}


# -- the checks ----------------------------------------------------------------------------------------------------


def _places(st: PaperbackState) -> Iterator[Problem]:
    """Each kind of card where the rules put it; the word and the coins in their phase."""
    for where, ids in st.places():
        allowed = ORIGINS.get(where.split("[")[0])
        for i in ids:
            if allowed is None or st.box[i].origin in allowed or (where == "offer[0]" and recyclable(st, i)):
                continue
            yield Problem(f"game.{where}", f"a {st.box[i].origin} card cannot be there ({st.card(i).code})")
    for i, pile in enumerate(st.offer if st.simul is None else ()):  # simultaneous play: one row, no piles by price
        row_card = st.row[i]
        for c in [*pile, *([row_card] if row_card is not None else [])]:
            if pile_of(st.box[c].cost) != i:
                yield Problem(f"game.offer[{i}]", f"{st.card(c).code} belongs to another pile")
        if i and row_card is None and pile:
            yield Problem(f"game.row[{i}]", "a row card taken is replaced from its pile while the pile lasts")
    for i, pile in enumerate(st.fame):
        if any(st.box[c].cost != st.deck.fame[i].cost for c in pile):
            yield Problem(f"game.fame[{i}]", "a card of another Fame pile")
    if st.phase != BUY and st.word:
        yield Problem("game.word", "a word is on the table only in the buy phase")
    o = st.options
    early = (o.cube_advice or o.cube_discard) and not o.cash_buy_only  # cubes cashed before the word
    if (st.phase == OVER or (st.phase == WORD and not early)) and st.coins:
        yield Problem("game.coins", f"{st.coins}¢ in the {st.phase} phase: coins are the buy phase's")
    elif st.phase == WORD and st.coins > CUBES:
        yield Problem("game.coins", f"{st.coins}¢ before the word: only cubes cashed (at most {CUBES})")
    yield from _pyramid(st)


def _pyramid(st: PaperbackState) -> Iterator[Problem]:
    coop = st.coop
    if coop is None:
        return
    if any(st.fame):
        yield Problem("game.fame", "in co-op every Fame card is in the pyramid")
    piles = pile_at(st.deck.pyramid_rows(st.options.players))
    for k, at in enumerate(coop.pyramid):
        want = st.deck.fame[piles[k]].cost
        if at is not None and (st.box[at].origin != "fame" or st.box[at].cost != want):
            yield Problem(f"game.coop.pyramid[{k}]", "not a card of its Fame pile")
    if (coop.result is not None) != (st.phase == OVER):
        yield Problem("game.coop.result", "the team's result is given once the game is over, and only then")
    if st.phase == WORD and coop.bought:
        yield Problem("game.coop.bought", "a Fame card is bought in the buy phase: none yet this turn")


def _turns(st: PaperbackState) -> Iterator[Problem]:
    """The seat in turn from the turns played; each seat's words and passes, the turns it finished."""
    n, t = len(st.players), st.turns
    if st.phase == OVER and t == 0:
        yield Problem("game.turns", "the game is over, and no turn has been played")
        return
    seat = (t - (st.phase == OVER)) % n
    if st.current != seat:
        yield Problem(
            "game.current",
            f"seat {st.current} cannot be in turn in the {st.phase} phase after {t} turns: seat {seat} is "
            f"(turns go round the {n} seats in order)",
        )
        return
    lost = st.coop is not None and st.coop.result == LOST  # co-op lost on a cube placed before the word
    for s, p in enumerate(st.players):
        want = finished(st, s) + (st.phase == BUY and s == st.current)
        done = p.words + p.passes
        if done != want and not (lost and s == st.current and done == want - 1):
            yield Problem(
                f"game.players[{s}].words",
                f"seat {s} has {_count(p.words, 'word')} and {_count(p.passes, 'pass')}, {done} turns, after {t} "
                f"turns of {n} seats in the {st.phase} phase: it has played {want}",
            )
        if p.extra and not (s == st.current and st.phase != WORD):
            yield Problem(f"game.players[{s}].extra", "cards next hand come from the word of the seat in turn")


def _count(n: int, what: str) -> str:
    return f"{n} {what}" if n == 1 else f"{n} {what}{'es' if what.endswith('s') else 's'}"


def _owners(st: PaperbackState) -> Iterator[Problem]:
    """Starting cards with their seat; nothing gained, bought or trashed before a word; a Common card a word."""
    seat_of = _seat_of(st)
    for s in range(len(st.players)):
        for c in starters(st, s):
            at = seat_of.get(c, s)
            if at != s and not recyclable(st, c):
                yield Problem(
                    f"game.players[{at}]", f"{st.card(c).code} (card {c}) is one of seat {s}'s starting cards"
                )
                break
    for s, p in enumerate(st.players):
        held = holdings(st, s)
        if p.words == 0 and sorted(held) != list(starters(st, s)):
            others = [c for c in held if c not in starters(st, s)]
            what = f"holds {len(others)} other cards ({st.card(others[0]).code}...)" if others else "lacks some"
            yield Problem(
                f"game.players[{s}]",
                f"seat {s} has spelled no word, so it holds exactly its starting cards: it {what}",
            )
        commons = sum(1 for c in held if st.box[c].origin == "common")
        if commons > p.words:
            yield Problem(f"game.players[{s}]", f"seat {s} holds {commons} Common cards from {p.words} words")
    words = sum(p.words for p in st.players)
    if not words and st.trash:
        yield Problem("game.trash", "cards are trashed by a word's abilities, and no word has been spelled")
    gone = st.deck.commons_dealt - len(st.track)
    if gone > words:
        yield Problem("game.track", f"{gone} Common cards gone from the track, by {words} words (one each at most)")


def cards_next(st: PaperbackState, ids: list[int]) -> int:
    """The most ``cards+N`` a word of these cards (and a Common card) can give: each card's own, and each copy
    taking the largest."""
    commons = [c for c in range(len(st.box)) if st.box[c].origin == "common"]

    def amount(c: int) -> int:
        return sum(a.amount for a in st.card(c).abilities if a.effect.scoring is Scoring.CARDS)

    def copies(c: int) -> int:
        return sum(1 for a in st.card(c).abilities if a.effect.scoring is Scoring.COPY)

    most = max((amount(c) for c in [*ids, *commons]), default=0)
    common = max(((amount(c), copies(c)) for c in commons), default=(0, 0))
    return sum(amount(c) for c in ids) + common[0] + most * (sum(copies(c) for c in ids) + common[1])


@dataclass(frozen=True)
class HandSize:
    """What a seat's hand drawn at the end of its last turn holds: ``low`` unless its cards ran out, at most
    ``high``, ``dealt`` before its first turn."""

    low: int
    high: int
    dealt: int


def hand_size(st: PaperbackState, seat: int) -> HandSize:
    p = st.players[seat]
    power = expansions.power_amount(st, seat, "draw")
    attacks = [st.box[c].attack for c in range(len(st.box))] if st.options.attacks else []
    fewer = sum(a.amount for attack in attacks for a in attack if a.kind == "draw")
    held = holdings(st, seat) + (st.trash if seat == st.current and st.phase == BUY else [])
    more = cards_next(st, held) if p.words else 0
    dealt = min(HAND + power, len(starters(st, seat)))
    return HandSize(max(0, HAND + power - fewer), HAND + power + more, dealt)


def _hands(st: PaperbackState) -> Iterator[Problem]:
    """Hands of the size their draw gives; the seat in turn's word from its hand; no hand once the game is over."""
    for s, p in enumerate(st.players):
        where = f"game.players[{s}].hand"
        size = hand_size(st, s)
        if s == st.current and st.phase != WORD:
            if st.phase == OVER and p.hand:
                yield Problem(where, "the hand of the seat whose turn ended the game was discarded")
            elif len(p.hand) + len(st.word) > size.high:
                why = f"{len(p.hand)} cards and a word of {len(st.word)}: the hand was {size.high} at most"
                yield Problem(where, why)
            most = cards_next(st, st.word if st.phase == BUY else holdings(st, s))  # the word's, a Common's
            if p.extra > most:
                yield Problem(f"game.players[{s}].extra", f"{p.extra} cards next hand: the word gives {most} at most")
            continue
        if p.words + p.passes == 0 and len(p.hand) != size.dealt:
            yield Problem(where, f"{len(p.hand)} cards before the seat's first turn: the deal gives {size.dealt}")
        elif len(p.hand) > size.high:
            yield Problem(where, f"{len(p.hand)} cards: a hand is {size.high} cards at most here")
        elif len(p.hand) < size.low and (p.draw or any(not st.box[c].attack for c in p.discard)):
            yield Problem(where, f"{len(p.hand)} cards with cards left to draw: a hand is drawn to {size.low}")


def _end(st: PaperbackState) -> Iterator[Problem]:
    """``ending`` with the track's last Common card gone; a turn starts only while the game goes on."""
    dealt = st.deck.commons_dealt
    commons = sum(1 for b in st.box if b.origin == "common")
    if len(st.unused) != commons - dealt:
        yield Problem("game.unused", f"the {commons - dealt} Common cards not dealt stay out of the game")
    if st.ending != (not st.track and dealt > 0):
        yield Problem("game.ending", "the end is called exactly when the last Common card leaves the track")
    if st.coop is not None:
        yield from _coop_end(st)
        return
    empty = sum(1 for pile in st.fame if not pile)
    if st.phase == WORD and st.turns and empty >= 2:
        yield Problem("game.fame", f"{empty} Fame piles are empty: the game ended with the turn that emptied the 2nd")
    if st.phase == OVER and empty < 2 and not st.ending:
        yield Problem("game.phase", "the game ends with two Fame piles empty or the last Common card gained")


def _coop_end(st: PaperbackState) -> Iterator[Problem]:
    coop, cubes = st.coop, st.cubes
    assert coop is not None and cubes is not None
    most = max((cubes.on(c) for c in coop.pyramid if c is not None), default=0)
    if coop.result == WON and coop.left():
        yield Problem("game.coop.result", "the team wins when every Fame card is bought")
    if coop.result == LOST and most < st.options.coop_loss_cubes and cubes.supply:
        yield Problem("game.coop.result", "the team loses on a card's cubes or a cube due from an empty supply")
    if coop.result is None and most >= st.options.coop_loss_cubes:
        yield Problem("game.cubes", f"a Fame card holds {most} cubes: the team lost")
    placed = sum(cubes.on(c) for c in coop.pyramid if c is not None)
    if placed > st.turns + (coop.placed and st.phase != OVER):
        yield Problem("game.cubes", f"{placed} cubes on the pyramid after {st.turns} turns (one a turn at most)")


def _counts(st: PaperbackState) -> Iterator[Problem]:
    """The seats' cubes and the expansions' counts, from the words and passes that give them."""
    o, n = st.options, len(st.players)
    words = [p.words for p in st.players]
    if st.cubes is not None:
        for s, held in enumerate(st.cubes.held):
            given = (sum(words) - words[s]) * o.cube_advice + st.players[s].passes * o.cube_discard
            if held > given:
                yield Problem(f"game.cubes.held[{s}]", f"{held} cubes: its passes and the others' words gave {given}")
    ex = st.extras
    if ex is None:
        return
    for s in range(n):
        if not words[s] and (ex.longest[s] or ex.trashed[s]):
            yield Problem(f"game.expansions.longest[{s}]", f"seat {s} has spelled no word: its counts are 0")
    if ex.holder is not None and not words[ex.holder]:
        yield Problem("game.expansions.holder", f"seat {ex.holder} holds the Theme card without a word")
    trashed = sum(ex.trashed)
    if trashed < len(st.trash) or (trashed != len(st.trash) and not o.recycle_twos):
        yield Problem("game.expansions.trashed", f"{trashed} cards trashed, and the Trash holds {len(st.trash)}")
