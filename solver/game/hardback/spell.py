"""The word: a spell action checked in full (the dictionary, the layout as the ghost writer reads it, the event,
Wild Journey's and Disfigured Letter's demands, the ghost writer's seat), then played: the cards laid, the word's
totals gained, the literary award, the choices it earned.

The word's free choices (either coins or prestige, ink or remover, trash this card, what to double) are the
player's, card by card, in the layout's entries (``solver.hardback.choices``); those left out are made in favour
of the action's objective and weights, as the ghost writer makes them.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from solver.budget import Budget
from solver.errors import GhostwriterError
from solver.game.hardback.actions import IllegalActionError, LayoutEntry, Spell
from solver.game.hardback.events import Event
from solver.game.hardback.returns import owe_returns
from solver.game.hardback.rules import FACE_DOWN, blank
from solver.game.hardback.state import GameState
from solver.game.hardback.table import replace
from solver.game.hardback.turn import after_choices
from solver.game.hardback.view import event_of, turn_state
from solver.hardback.arrangement import read_arrangement
from solver.hardback.cards import Card
from solver.hardback.catalogue import Catalogue, Rules
from solver.hardback.choices import CardChoices, ChoiceError
from solver.hardback.objectives import Weights
from solver.hardback.outcome import CardPart, Totals
from solver.hardback.outcome import Outcome as Resolved
from solver.hardback.outcome import outcome as resolve_outcome
from solver.hardback.profile import Pool, Source
from solver.hardback.resolve import Face, Placement, Resolver
from solver.lexicon import Lexicon
from solver.text import normalize_word


@dataclass
class SpelledWord:
    """What a spell action resolved to: the word's totals, its cards as laid (code, face, source), and the
    resolved placement card by card, every choice made as it was played (a review rates the word from it)."""

    word: str
    totals: Totals
    layout: list[dict[str, str]]
    resolved: Resolved


@dataclass
class Laid:
    """Which physical cards a layout uses: the word's own cards (left to right), the offer-row slots borrowed,
    opponents' classics (with their owners), the hand and inked cards left over, how many inked cards stand
    face-up (still under their ink)."""

    word: list[Card] = field(default_factory=list)
    borrowed: list[int] = field(default_factory=list)
    sent_home: list[tuple[int, Card]] = field(default_factory=list)
    hand: list[Card] = field(default_factory=list)
    inked: list[Card] = field(default_factory=list)
    inked_up: int = 0


def resolver_of(st: GameState, action: Spell) -> Resolver:
    """The resolver of the seat in turn's cards (its pool) under the action's objective and weights."""
    state = turn_state(st)
    weights = Weights.for_objective(action.objective, action.weights or Weights.at_stage(state.options.stage))
    return Resolver(Pool.of(state, weights), Budget())


def spell(st: GameState, lexicon: Lexicon, action: Spell) -> SpelledWord:
    """Play a word (``IllegalActionError``, the state unchanged, when the rules refuse it)."""
    word = normalize_word(action.word)
    if word not in lexicon:
        raise IllegalActionError(f"{word!r} is not in the dictionary")
    _check_face_down(st, action.layout)
    resolver = resolver_of(st, action)
    shortest = resolver.pool.state.options.min_length
    if len(word) < shortest:
        raise IllegalActionError(f"words need at least {shortest} letters")
    try:
        placement = read_arrangement(word, [e.to_json() for e in action.layout], resolver.pool, resolver)
    except GhostwriterError as e:
        raise _layout_error(str(e)) from None
    resolved = resolution(resolver, word, placement, _classics(st, action))
    parts, totals = resolved.cards, resolved.totals
    event = event_of(st, st.player)
    if event:
        why = event.allows(word, sum(1 for part in parts if part.face is not Face.UP))
        if why:
            raise IllegalActionError(why)
    ghost = action.ghost
    if ghost is not None and (not st.options.ghost_writer or not 0 <= ghost < len(st.players) or ghost == st.current):
        raise IllegalActionError("ghost must be another player's seat, with the ghost-writer rule on")
    laid = _lay(st, parts)
    # Everything checked: change the state.
    _play(st, word, laid, totals, event)
    if st.options.literary_awards and len(word) >= 7:
        _award(st, len(word))
    if ghost is not None:  # a free ink, and the ink on the inked cards of the word (not ink a remover cancelled)
        st.players[ghost].ink += 1 + laid.inked_up
    st.turn.ghost = ghost
    st.player.words += 1
    after_choices(st)
    layout = [{"code": part.card.code, "face": part.face.value, "source": part.source.value} for part in parts]
    return SpelledWord(word, totals, layout, resolved)


def resolution(
    resolver: Resolver, word: str, placement: Placement, classics: Sequence[tuple[str, CardChoices]] = ()
) -> Resolved:
    """The typed outcome of the placement: the word's cards as laid, each with its face, source and gains, the
    classics in play (with the player's ``classics`` choices), the word's totals (the engine's one read of the
    resolver's results); an ``IllegalActionError`` naming ``in_play[i]`` for a classic's choice refused."""
    try:
        return resolve_outcome(
            resolver, word, placement.slots, placement.resolution, placement.choices, classics
        )
    except ChoiceError as e:
        raise IllegalActionError(str(e), str(e).partition(":")[0]) from None


def _classics(st: GameState, action: Spell) -> list[tuple[str, CardChoices]]:
    """The spell's choices for classics in play, each card by its catalogue code (``h:D4`` is ``horror:D4``)."""
    catalogue = Catalogue.hardback(st.options.rules)
    out = []
    for i, (code, chosen) in enumerate(action.in_play):
        try:
            out.append((catalogue.lookup(code).code, chosen))
        except GhostwriterError as e:
            raise IllegalActionError(f"in_play[{i}]: {e}", f"in_play[{i}]") from None
    return out


def _check_face_down(st: GameState, layout: Sequence[LayoutEntry]) -> None:
    """A layout that names a card that must be played face-down by its own letter is refused with the way to
    lay it: the ghost writer sees such a card as ``blank(FACE_DOWN)``, which can only stand as a wild."""
    p = st.player
    if not p.must_wild:
        return
    named = {blank(c.letter).code for c in p.must_wild} - {c.code for c in p.disfigured}  # those are inked
    for entry in layout:
        if entry.code in named:
            raise IllegalActionError(
                f"{entry.code} must be played face-down: lay it as {blank(FACE_DOWN).code} with face wild"
            )


def _lay(st: GameState, parts: list[CardPart]) -> Laid:
    """The physical cards of the word's parts; refused when a card that must be played face-down, or a
    disfigured letter, is left out (or the letter is not face-up)."""
    p = st.player
    catalogue = Catalogue.hardback(st.options.rules)
    laid = Laid(hand=list(p.hand), inked=list(p.inked))
    must = list(p.must_wild)
    disfigured = list(p.disfigured)
    borrowed = {st.offer_row[s]: s for s in st.turn.borrowed}
    owners = {c: q.seat for q in st.players if q.seat != p.seat for c in q.in_play}
    for part in parts:
        card = catalogue.lookup(part.card.code)
        if part.source is Source.HAND:
            if card == blank(FACE_DOWN) and must:
                # a card that must be played face-down (it can stand only as a wild): no benefits to show
                laid.word.append(must.pop(0))
            elif card in borrowed and card not in laid.hand:
                laid.borrowed.append(borrowed[card])
            else:
                laid.hand.remove(card)
                laid.word.append(card)
        elif part.source is Source.INKED:
            if card.inline and card in disfigured:
                if part.face is not Face.UP:  # a remover frees inked cards, not the letter a rival imposed
                    raise IllegalActionError(
                        f"the Disfigured Letter {card.letter} must stand face-up at its letter in this word"
                    )
                disfigured.remove(card)
            else:
                laid.inked.remove(card)
                laid.word.append(card)
                laid.inked_up += part.face is Face.UP  # still under its ink (a remover lets one be wild)
        elif part.source is Source.OTHER:
            laid.sent_home.append((owners[card], card))
    if must:
        raise IllegalActionError(
            f"{', '.join(c.code for c in must)} must be played face-down in this word (Wild Journey)"
        )
    if disfigured:
        raise IllegalActionError(
            f"the letter {', '.join(c.letter for c in disfigured)} must be in this word (Disfigured Letter)"
        )
    return laid


def _play(st: GameState, word: str, laid: Laid, totals: Totals, event: Event | None) -> None:
    """Lay the word's cards (trashed ones leave the game, kept classics wait for the turn's end, opponents'
    classics go home) and gain its totals."""
    p, t = st.player, st.turn
    p.remover -= totals.removers_spent
    p.discard.extend(laid.hand + laid.inked)  # unused cards are discarded before benefits resolve
    p.hand, p.inked, p.must_wild, p.disfigured = [], [], [], []
    t.word = list(laid.word)
    for code in totals.trashed:  # trash-this-card benefits taken: the cards leave the game
        gone = next((c for c in t.word if c.code == code), None)
        if gone is not None:
            t.word.remove(gone)
            st.removed.append(gone)
            continue
        slot = next((s for s in laid.borrowed if st.offer_row[s].code == code), None)
        if slot is not None:
            st.removed.append(st.offer_row[slot])
            replace(st, slot)
    t.word_text = word
    kept = Counter(totals.classics_kept)
    t.kept = []
    for c in list(t.word):
        if kept[c.code] > 0:
            kept[c.code] -= 1
            t.word.remove(c)
            t.kept.append(c)
    sent_home = [] if st.options.coop else laid.sent_home
    for owner, card in sent_home:
        st.players[owner].in_play.remove(card)
    t.sent_home = sent_home
    prestige = totals.prestige
    t.coins = totals.coins - sum(totals.dumps)
    if event:
        prestige += event.prestige_per_word
        t.coins = max(0, t.coins + event.coins)
    p.prestige += max(prestige, -p.prestige)  # a penalty event stops at 0 prestige
    p.ink += totals.ink
    p.remover += totals.remover
    t.dumps = sorted(totals.dumps, reverse=True)
    t.jails = totals.jail
    t.previews = [3] * totals.preview
    owe_returns(st, totals.opponents_return)


def _award(st: GameState, length: int) -> None:
    """A word of 7 letters or more claims the literary award at its length (12 and more count as 12); under BGA's
    rules outside the anthology, a word of the award's length shares it."""
    n, seat = min(length, 12), st.current
    if n > st.award_length:
        st.award_length, st.award_holders = n, [seat]
    elif (
        n == st.award_length
        and st.options.rules is Rules.BGA
        and not st.options.coop  # BGA's anthology: only one player may hold an award
        and seat not in st.award_holders
    ):
        st.award_holders.append(seat)


LAYOUT_ENTRY = re.compile(r"arrangement(\[\d+\])")


def _layout_error(message: str) -> IllegalActionError:
    """The ghost writer's arrangement error in the spell action's words: the action calls it ``layout``, so the
    message and the field name ``layout`` (``layout[2] (letter T): ...``), whichever entry is wrong."""
    text = LAYOUT_ENTRY.sub(r"layout\1", message)
    text = text.replace('"arrangement"', '"layout"').replace("this arrangement", "this layout")
    m = re.match(r"(layout(?:\[\d+\])?)", text.lstrip('"'))
    if not text.lstrip('"').startswith("layout"):
        text = f"layout: {text}"
    return IllegalActionError(text, m.group(1) if m else "layout")
