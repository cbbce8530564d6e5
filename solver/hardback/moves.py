"""Moves: a word with its arrangement of cards, what it earns, and why; in JSON and as a table for people."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from solver.hardback.benefits import GAINS, ON_CARD, weight
from solver.hardback.explain import CardReport, explain
from solver.hardback.objectives import Objective, Weights
from solver.hardback.outcome import Outcome, Totals


def value_of(t: Totals, w: Weights) -> float:
    """The ``value`` of a move's totals under weights (the same sum the search maximises)."""
    gains = 0.0
    for g in GAINS:
        gains += weight(w, g) * getattr(t, g)
    return (
        gains
        + w.classic_kept * len(t.classics_kept)
        + w.classic_sent_home * len(t.classics_sent_home)
        - w.trash * len(t.trashed)
        - w.dump * t.dumped
        - w.remover_spent * t.removers_spent
        + w.award * t.award
    )


@dataclass
class Move:
    """A word as an answer: its cards and the classics in play explained, its totals and value, and why."""

    word: str
    cards: list[CardReport]
    in_play: list[CardReport]
    totals: Totals
    value: float
    rank: int | None = None
    reasons: list[str] = field(default_factory=list)

    @property
    def prestige(self) -> int:
        return self.totals.prestige

    @property
    def coins(self) -> int:
        return self.totals.coins

    def to_json(self) -> dict[str, Any]:
        t = self.totals
        out: dict[str, Any] = {
            "word": self.word,
            "coins": t.coins,
            "prestige": t.prestige,
            "value": round(self.value, 6),
            "cards": [card_json(c) for c in self.cards],
            "in_play": [card_json(c) for c in self.in_play],
            **{g: getattr(t, g) for g in GAINS if g not in ON_CARD},
            "trashed": t.trashed,
            "dumped": t.dumped,
            "removers_spent": t.removers_spent,
            "classics_kept": t.classics_kept,
            "classics_sent_home": t.classics_sent_home,
            "award": t.award,
            "genres_active": t.genres_active,
            "reasons": self.reasons,
            "layout": layout_json(self),
        }
        if self.rank is not None:
            out["rank"] = self.rank
        return out


def move_of(outcome: Outcome, weights: Weights) -> Move:
    """The move of an outcome: explained, valued under the weights of ``value``, with its reasons."""
    cards, in_play = explain(outcome)
    m = Move(outcome.word, cards, in_play, outcome.totals, value_of(outcome.totals, weights))
    m.reasons = summarize(m)
    return m


def layout_json(move: Move) -> list[dict[str, Any]]:
    """The move as a ``spell`` action's layout: each letter's card, face and source, and the choices the move
    assumes (either, token, trash, double), so that a client plays it exactly."""
    out = []
    for c in move.cards:
        entry: dict[str, Any] = {"code": c.code, "face": c.face, "source": c.source}
        if c.choices is not None:
            entry.update(c.choices.to_json())
        out.append(entry)
    return out


@dataclass(frozen=True)
class OpenChoice:
    """A free choice a move's card offers a person: the letter it is at, the choice's key (``either``, ``token``,
    ``trash``, ``double``), its answers as a spell's layout entry writes them, and the move's own answer."""

    position: int
    key: str
    answers: tuple[str | bool, ...]
    best: str | bool


def open_choices(move: Move) -> list[OpenChoice]:
    """The free choices the move's cards offer, letter by letter: either, token, trash, and which side a single
    double aims at where both neighbours are the person's own standing cards (the terminal's ``play`` and the
    page ask them)."""
    out: list[OpenChoice] = []
    for i, card in enumerate(move.cards):
        c = card.choices
        if c is None:
            continue
        if c.either is not None:
            out.append(OpenChoice(i, "either", ("coins", "prestige"), c.either[0]))
        if c.token is not None:
            out.append(OpenChoice(i, "token", ("ink", "remover"), c.token[0]))
        if c.trash is not None:
            out.append(OpenChoice(i, "trash", (True, False), c.trash))
        if c.double is not None and len(c.double) == 1 and all(_doublable(move, q) for q in (i - 1, i + 1)):
            out.append(OpenChoice(i, "double", ("left", "right"), c.double[0]))
    return out


def _doublable(move: Move, q: int) -> bool:
    """Whether the card at letter ``q`` can take a double: one of the person's own, standing."""
    if not 0 <= q < len(move.cards):
        return False
    c = move.cards[q]
    return c.face != "wild" and c.source != "other"


def card_json(c: CardReport) -> dict[str, Any]:
    """A card's part in a move as JSON (by hand: ``dataclasses.asdict`` deep-copies and is slow on a hot path)."""
    out: dict[str, Any] = {
        "code": c.code,
        "letter": c.letter,
        "face": c.face,
        "source": c.source,
        "position": c.position,
        "factor": c.factor,
        "coins": c.coins,
        "prestige": c.prestige,
        "notes": list(c.notes),
        "choices": c.choices.to_json() if c.choices is not None else {},  # the choices its benefits offered, made
    }
    return out


def summarize(move: Move) -> list[str]:
    """Short sentences on why the move scores what it does."""
    t = move.totals
    out = []
    if t.genres_active:
        out.append("active genres: " + ", ".join(t.genres_active))
    wild = sum(c.face == "wild" for c in move.cards)
    if wild:
        out.append(f"{wild} card{'s' * (wild != 1)} played wild")
    if t.classics_sent_home:
        out.append("sends home " + ", ".join(t.classics_sent_home))
    if t.classics_kept:
        out.append("puts into play " + ", ".join(t.classics_kept))
    if t.removers_spent:
        out.append(f"spends {t.removers_spent} remover{'s' * (t.removers_spent != 1)} on inked cards")
    tokens = [
        f"{n} {name}"
        for n, name in ((t.ink, "ink"), (t.remover, "remover"), (t.jail, "jail"), (t.preview, "preview"))
        if n
    ]
    if tokens:
        out.append("also: " + ", ".join(tokens))
    if t.award:
        out.append(f"claims the {min(len(move.word), 12)}-letter literary award ({t.award} prestige at game end)")
    return out


def format_table(moves: list[Move], title: str = "") -> str:
    """A readable table: one block a move, one line a card with its contribution."""
    lines: list[str] = []
    if title:
        lines.append(title)
    if not moves:
        lines.append("  no playable word")
        return "\n".join(lines)
    for n, m in enumerate(moves, 1):
        rank = f" (rank {m.rank})" if m.rank is not None else ""
        lines.append(
            f"{n:>2}. {m.word.upper():<14} {m.prestige:>3} prestige {m.coins:>3} {'coin ' if m.coins == 1 else 'coins'}"
            f"   value {m.value:.2f}{rank}"
        )
        for c in m.cards:
            face = {"up": "", "wild": " wild", "uncovered": " uncovered"}[c.face]
            factor = f" x{c.factor}" if c.factor > 1 else ""
            gain = _gain(c)
            note = f"  ({'; '.join(c.notes)})" if c.notes else ""
            lines.append(f"      {c.letter.upper()}  {c.code:<16}{face}{factor:<4} {gain}{note}")
        for c in m.in_play:
            note = f"  ({'; '.join(c.notes)})" if c.notes else ""
            lines.append(f"      +  {c.code:<16} in play {_gain(c)}{note}")
        for r in m.reasons:
            lines.append(f"      - {r}")
    return "\n".join(lines)


def _gain(c: CardReport) -> str:
    parts = []
    if c.prestige:
        parts.append(f"{c.prestige}p")
    if c.coins:
        parts.append(f"{c.coins}c")
    return " ".join(parts) or "-"


def gap(best: Move, played: Move, objective: Objective) -> dict[str, float | int]:
    """How far the played move is behind the best, in the objective's own terms (best minus played): the value
    difference under ``value``; under ``prestige`` or ``coins``, the prestige and the coins differences (the
    objective's lexicographic sort key, a million a point, is no number for people)."""
    if objective is Objective.VALUE:
        return {"value": round(best.value - played.value, 6)}
    return {"prestige": best.prestige - played.prestige, "coins": best.coins - played.coins}
