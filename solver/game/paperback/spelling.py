"""A spell read against the game (``read_spell``): each piece of its layout checked and the word scored by the rules;
then the trashes its abilities allow (``read_trashes``), checked on copies of the Offer piles. Nothing of the game
changes here: the engine plays a spell once both are read."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

import solver.game.paperback.expansions as expansions
from solver.game.paperback.actions import Piece, Spell, Step
from solver.game.paperback.state import PaperbackState, take
from solver.game.protocol import IllegalActionError
from solver.lexicon import Lexicon
from solver.paperback.abilities import Ability, Act, Scoring
from solver.paperback.cards import PCard
from solver.paperback.moves import COMMON, SPACE, WILD, Copies, PaperbackObjective, PMove
from solver.paperback.moves import Piece as RulePiece
from solver.paperback.rules import score, score_copied


@dataclass
class Played:
    """A spell checked against the game: the move as the rules score it and the cards it uses."""

    move: PMove
    used: list[int]  # hand positions used in the word (letters and Dyslexic cards)


@dataclass
class _Laid:
    """The pieces read so far, each with its card (None for a wild or the Spacebar), the hand positions used."""

    pieces: list[RulePiece] = field(default_factory=list)
    cards: list[PCard | None] = field(default_factory=list)
    used: list[int] = field(default_factory=list)
    reversals: int = 0

    def add(self, piece: RulePiece, card: PCard | None) -> None:
        self.pieces.append(piece)
        self.cards.append(card)


def read_spell(state: PaperbackState, action: Spell, lexicon: Lexicon, words: bool = True) -> Played:
    """The spell scored, or ``IllegalActionError`` naming the piece or the rule it breaks; without ``words``, its
    words are not checked against the dictionary and the shortest length (``words_fault``)."""
    hand = [state.card(i) for i in state.players[state.current].hand]
    common = expansions.common(state)  # None under a no-common attack
    laid = _Laid()
    for k, piece in enumerate(action.layout):
        if piece.common or piece.space:
            _lay_common(laid, piece, common, f"layout[{k}]")
        else:
            _lay_card(laid, piece, hand, f"layout[{k}]")
    if laid.reversals:
        _dyslexics(laid, hand, common)
    pieces = laid.pieces
    text = "".join(q.letters for q in pieces)
    if text != action.word:
        raise IllegalActionError(f"the layout spells {text!r}, not {action.word!r}", "word")
    if pieces[0].kind == SPACE or pieces[-1].kind == SPACE:
        raise IllegalActionError("the Spacebar stands between two words", "layout")
    fault = words_fault(state, text, lexicon) if words else None
    if fault is not None:
        raise IllegalActionError(fault, "word")
    additive = state.options.double_words_additive  # the word factor's reading (moves.word_factor)
    if any(piece.copies for piece in action.layout):
        copied = _chosen_copies(action, laid)
        move = score_copied(text, pieces, laid.cards, state.threshold, common is not None, copied, additive=additive)
    else:  # no choice named: the copies take the best for the score
        move = score(text, pieces, laid.cards, state.threshold, common is not None, PaperbackObjective.SCORE, additive)
    return Played(move, laid.used)


def words_fault(state: PaperbackState, text: str, lexicon: Lexicon) -> str | None:
    """Why the words of a spell are not valid (too short, or not in the dictionary), or None."""
    shortest = expansions.min_length(state)
    for w in text.split(" "):
        if len(w) < shortest:
            return f"{w!r} is shorter than the {shortest} letters this turn asks for"
        if w not in lexicon:
            return f"{w!r} is not in the dictionary"
    return None


def _chosen_copies(action: Spell, laid: _Laid) -> Copies:
    """What the spell's copy abilities copy, each checked: one named a copy ability of the piece's card, an
    ability printed on another card of the word (not a copy)."""
    copied: list[tuple[int, Ability]] = []
    for k, piece in enumerate(action.layout):
        card = laid.cards[k]
        held = [a for a in card.abilities if a.effect.scoring is Scoring.COPY] if card is not None else []
        if len(piece.copies) > len(held):
            what = card.code if card is not None else "a wild"
            raise IllegalActionError(f"layout[{k}]: {what} has {len(held)} copy abilities, not {len(piece.copies)}",
                                     f"layout[{k}]")
        others = {
            str(a): a
            for j, c in enumerate(laid.cards)
            if c is not None and j != k
            for a in c.abilities
            if a.effect.scoring is not Scoring.COPY
        }
        for notation in piece.copies:
            if notation not in others:
                offered = ", ".join(sorted(others)) or "none"
                raise IllegalActionError(
                    f"layout[{k}]: a copy takes an ability printed on another card of the word ({offered}), "
                    f"not {notation}",
                    f"layout[{k}]",
                )
            copied.append((k, others[notation]))
    return tuple(copied)


def _lay_common(laid: _Laid, piece: Piece, common: PCard | None, where: str) -> None:
    """The Common card as a piece: its letters, or the Spacebar."""
    want = "spacebar" if piece.space else ""
    if common is None:
        raise IllegalActionError(f"{where}: the length track is spent: there is no Common card", where)
    if any(q.kind in (COMMON, SPACE) for q in laid.pieces):
        raise IllegalActionError(f"{where}: the Common card can only be used once a turn", where)
    if common.special != want or common.special == "dyslexic":
        what = "the Spacebar" if piece.space else "a letter card"
        raise IllegalActionError(f"{where}: the Common card is {common.code}, not {what}", where)
    if piece.space:
        laid.add(RulePiece(SPACE, " "), None)
    else:
        laid.add(RulePiece(COMMON, common.letters), common)


def _lay_card(laid: _Laid, piece: Piece, hand: list[PCard], where: str) -> None:
    """A card of the hand as a piece: a wild standing for a letter, or a card's own letters (reversed by a
    Dyslexic)."""
    assert piece.card is not None
    if piece.card >= len(hand):
        raise IllegalActionError(f"{where}: hand card {piece.card}: the hand holds {len(hand)} cards", where)
    if piece.card in laid.used:
        raise IllegalActionError(f"{where}: hand card {piece.card} is already in the word", where)
    card = hand[piece.card]
    laid.used.append(piece.card)
    if card.special:
        raise IllegalActionError(f"{where}: {card.code} is not a letter card", where)
    if card.wild:
        if not piece.as_letter:
            raise IllegalActionError(f'{where}: a wild stands for a letter: {{"card": {piece.card}, "as": "e"}}', where)
        laid.add(RulePiece(WILD, piece.as_letter), None)
        return
    if piece.as_letter:
        raise IllegalActionError(f"{where}: {card.code} is not a wild: it stands for its own letters", where)
    letters = card.letters
    if piece.reversed:
        if len(letters) != 2:
            raise IllegalActionError(f"{where}: only a two-letter card can be reversed", where)
        letters = letters[::-1]
        laid.reversals += 1
    laid.add(RulePiece(piece.card, letters, piece.reversed), card)


def _dyslexics(laid: _Laid, hand: list[PCard], common: PCard | None) -> None:
    """A Dyslexic for each reversed card: the Common card's first, then the hand's (which join the word)."""
    in_hand = [i for i, c in enumerate(hand) if c.special == "dyslexic" and i not in laid.used]
    from_common = 1 if common is not None and common.special == "dyslexic" else 0
    if laid.reversals > len(in_hand) + from_common:
        raise IllegalActionError(
            "a reversed two-letter card needs a Dyslexic for each (the Common card or one in hand)", "layout"
        )
    laid.used += in_hand[: laid.reversals - from_common]


def abilities_of(move: PMove, cards: list[PCard | None], act: Act) -> list[int]:
    """The amounts of the abilities that let the engine do one thing (the table's ``act``) the word's cards hold,
    copies included."""
    held = [a.amount for c in cards if c is not None for a in c.abilities if a.effect.act is act]
    return held + [a.amount for _, a in move.copied if a.effect.act is act]


@dataclass
class Trashes:
    """A spell's trashes, checked: the hand positions trashed, the Offer cards trashed, and the Offer piles and row
    as they are once those are taken."""

    hand: list[int]
    offer_cards: list[int]
    offer: list[list[int]]
    row: list[int | None]
    gained: list[int] = field(default_factory=list)  # Offer cards gained (gain, trash-gain), to the discard pile


@dataclass
class _Budget:
    """What the word's abilities (and a ``trash-hand`` power) allow: hand cards, Offer cards, abilities."""

    hand: int
    offer: int
    offer_abilities: int
    piles_hit: Counter[int] = field(default_factory=Counter)
    gains: list[int] = field(default_factory=list)  # the gain:N abilities left, by N
    upgrades: list[int] = field(default_factory=list)  # the trash-gain:N abilities left, by N


def read_trashes(state: PaperbackState, action: Spell, played: Played) -> Trashes:
    """The spell's ``resolve`` steps, in the order asked, checked on copies of the piles (``IllegalActionError``)."""
    p = state.players[state.current]
    move = played.move
    cards = [
        state.card(p.hand[q.kind]) if q.kind >= 0 else (state.common if q.kind == COMMON else None) for q in move.pieces
    ]
    budget = _Budget(
        len(abilities_of(move, cards, Act.TRASH_HAND)) + expansions.power_amount(state, state.current, "trash-hand"),
        sum(abilities_of(move, cards, Act.TRASH_OFFER)),
        len(abilities_of(move, cards, Act.TRASH_OFFER)),
        gains=sorted(abilities_of(move, cards, Act.GAIN)),
        upgrades=abilities_of(move, cards, Act.TRASH_GAIN),
    )
    out = Trashes([], [], [list(pile) for pile in state.offer], list(state.row))
    for k, step in enumerate(action.resolve):
        where = f"resolve[{k}]"
        if step.trash == "hand":
            _trash_hand(out, budget, step, len(p.hand), played.used, where)
        elif step.trash == "offer":
            _trash_offer(out, budget, step, where)
        else:
            _gain(state, out, budget, step, (len(p.hand), played.used, p.hand), where)
    return out


def _gain(
    state: PaperbackState, out: Trashes, budget: _Budget, step: Step, hand: tuple[int, list[int], list[int]], where: str
) -> None:
    """A gain:N ability (the card showing on a pile, costing at most N¢: the least such N is used), or a
    trash-gain:N one (a card left in hand trashed, the Offer card costing exactly N¢ more gained); the card to the
    discard pile."""
    held, used, ids = hand
    if step.pile >= len(out.offer):
        raise IllegalActionError(f"{where}: the Offer has piles 0 to {len(out.offer) - 1}", where)
    pile = out.offer[step.pile]
    shown = out.row[step.pile] if step.slot == "row" else pile[-1] if pile else None
    if shown is None:
        raise IllegalActionError(f"{where}: no card shows there on pile {step.pile}", where)
    cost = state.box[shown].cost
    if step.trash == "gain":
        fits = [n for n in budget.gains if n >= cost]
        if not fits:
            raise IllegalActionError(f"{where}: no gain ability of the word left reaches a {cost}¢ card", where)
        budget.gains.remove(fits[0])
    else:
        if step.card >= held or step.card in used or step.card in out.hand:
            raise IllegalActionError(f"{where}: hand card {step.card} is not a card left in hand", where)
        more = cost - state.box[ids[step.card]].cost
        if more not in budget.upgrades:
            raise IllegalActionError(
                f"{where}: the {cost}¢ card costs {more}¢ more than the trashed one: no trash-gain:{more} of the word "
                "left",
                where,
            )
        budget.upgrades.remove(more)
        out.hand.append(step.card)
    take(out.offer, out.row, step.pile, step.slot)
    out.gained.append(shown)


def _trash_hand(out: Trashes, budget: _Budget, step: Step, held: int, used: list[int], where: str) -> None:
    if len(out.hand) >= budget.hand:
        raise IllegalActionError(
            f"{where}: the word has {budget.hand} trash-hand abilit{'y' if budget.hand == 1 else 'ies'}, all used",
            where,
        )
    if step.card >= held or step.card in used or step.card in out.hand:
        raise IllegalActionError(f"{where}: hand card {step.card} is not a card left in hand", where)
    out.hand.append(step.card)


def _trash_offer(out: Trashes, budget: _Budget, step: Step, where: str) -> None:
    if len(out.offer_cards) >= budget.offer:
        raise IllegalActionError(f"{where}: the word's trash-offer abilities allow {budget.offer} cards", where)
    if step.pile >= len(out.offer):
        raise IllegalActionError(f"{where}: the Offer has piles 0 to {len(out.offer) - 1}", where)
    if budget.piles_hit[step.pile] >= budget.offer_abilities:
        raise IllegalActionError(f"{where}: each trash-offer ability trashes from different piles", where)
    card = take(out.offer, out.row, step.pile, step.slot)
    if card is None:
        raise IllegalActionError(f"{where}: no card shows there on pile {step.pile}", where)
    budget.piles_hit[step.pile] += 1
    out.offer_cards.append(card)
