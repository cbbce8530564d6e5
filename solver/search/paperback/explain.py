"""A Paperback move in words: its cards left to right (``PMove.cards``) and the reasons it scores as it does."""

from __future__ import annotations

from typing import Any

from solver.paperback.abilities import Scoring
from solver.paperback.moves import COMMON, SPACE, WILD, Piece, PMove
from solver.search.paperback.hand import Hand


def explain(hand: Hand, m: PMove) -> None:
    """Fill in the move's cards and reasons."""
    cards: list[dict[str, Any]] = []
    pos = 0
    for i, (p, f) in enumerate(zip(m.pieces, m.factors, strict=True)):
        entry = _card(hand, p, f, pos)
        took = [str(a) for at, a in m.copied if at == i]
        if took:
            entry["copies"] = took
        cards.append(entry)
        pos += len(p.letters)
    m.cards = cards
    m.reasons = _reasons(hand, m)


def _card(hand: Hand, p: Piece, factor: int, pos: int) -> dict[str, Any]:
    """One piece of a move as the answer shows it."""
    if p.kind == SPACE:
        return {"code": "spacebar", "letters": " ", "source": "common", "position": pos, "factor": 1}
    if p.kind == WILD:
        code = hand.wild_card.code if hand.wild_card else "?"
        return {"code": code, "letters": p.letters, "source": "hand", "position": pos, "wild": True, "factor": 1}
    card = hand.card_of(p)
    assert card is not None
    entry: dict[str, Any] = {
        "code": card.code,
        "letters": p.letters,
        "source": "common" if p.kind == COMMON else "hand",
        "position": pos,
        "factor": factor,
        "score": card.score * factor,
    }
    if p.reversed:
        entry["reversed"] = True
    return entry


def _reasons(hand: Hand, m: PMove) -> list[str]:
    reasons = []
    wild = sum(1 for p in m.pieces if p.kind == WILD)
    if wild:
        reasons.append(f"{wild} wild card{'s' * (wild != 1)}")
    if any(p.kind == COMMON for p in m.pieces):
        reasons.append("uses the Common card")
    if any(p.kind == SPACE for p in m.pieces):
        reasons.append("two words with the Spacebar (+1)")
    rev = sum(1 for p in m.pieces if p.reversed)
    if rev:
        reasons.append(f"a two-letter card reversed with Dyslexic (+{rev})")
    doubled = [c["code"] for c in m.cards if c.get("factor", 1) > 1]
    if doubled:
        reasons.append("doubled: " + ", ".join(doubled))
    for at, a in m.copied:
        reasons.append(f"{m.cards[at]['code']} copies {a}")
    held = [a for p in m.pieces if (c := hand.card_of(p)) is not None for a in c.abilities]
    double_words = sum(1 for a in (*held, *(a for _, a in m.copied)) if a.effect.scoring is Scoring.WORD)
    mult = hand.word_factor(double_words)
    if mult > 1:
        reasons.append(f"word score x{mult}")
    if m.gains_common:
        reasons.append(f"{m.length} letters: gains the Common card")
    if m.cards_next:
        reasons.append(f"{m.cards_next} more card{'s' * (m.cards_next != 1)} next hand")
    return reasons

