"""Moves: a word with its arrangement of cards, what it earns, and why; in JSON and as a table for people."""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from typing import Any

from solver.hardback.benefits import GAINS, ON_CARD, weight
from solver.hardback.explain import FACE_NAME, SOURCE_NAME, CardReport, card_json, explain
from solver.hardback.objectives import Objective, Weights
from solver.hardback.outcome import CardPart, Outcome, Totals
from solver.hardback.resolve import Face


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
    """A word as an answer: its outcome card by card, its totals and value, and why. Its cards and the classics in
    play are explained for people (``CardReport``) when first read; its JSON is made from the outcome directly."""

    word: str
    outcome: Outcome
    value: float
    rank: int | None = None
    reasons: list[str] = field(default_factory=list)

    @property
    def totals(self) -> Totals:
        return self.outcome.totals

    @property
    def prestige(self) -> int:
        return self.outcome.totals.prestige

    @property
    def coins(self) -> int:
        return self.outcome.totals.coins

    @functools.cached_property
    def _reports(self) -> tuple[list[CardReport], list[CardReport]]:
        return explain(self.outcome)

    @property
    def cards(self) -> list[CardReport]:
        """The word's cards left to right, each with what it brought and why."""
        return self._reports[0]

    @property
    def in_play(self) -> list[CardReport]:
        """The player's classics in play outside the word, each with what it brought."""
        return self._reports[1]

    def to_json(self) -> dict[str, Any]:
        o = self.outcome
        t = o.totals
        cards, layout = [], []
        for part in o.cards:
            chosen = _chosen(part)
            cards.append(card_json(part, o, chosen))
            layout.append(_layout_entry(part, chosen))
        in_play = [card_json(part, o, _chosen(part)) for part in o.in_play]
        out: dict[str, Any] = {
            "word": self.word,
            "coins": t.coins,
            "prestige": t.prestige,
            "value": round(self.value, 6),
            "cards": cards,
            "in_play": in_play,
            **{g: getattr(t, g) for g in _TOKENS},
            "trashed": t.trashed,
            "dumped": t.dumped,
            "removers_spent": t.removers_spent,
            "classics_kept": t.classics_kept,
            "classics_sent_home": t.classics_sent_home,
            "award": t.award,
            "genres_active": t.genres_active,
            "reasons": self.reasons,
            "layout": layout,  # the move as a ``spell`` action's layout: it plays the move exactly
        }
        if self.rank is not None:
            out["rank"] = self.rank
        return out


_WILD = Face.WILD  # (a member read off its class goes through EnumType's hook)
_TOKENS = [g for g in GAINS if g not in ON_CARD]  # the turn's tokens in a move's JSON, beside its coins and prestige


def move_of(outcome: Outcome, weights: Weights) -> Move:
    """The move of an outcome: valued under the weights of ``value``, with its reasons."""
    m = Move(outcome.word, outcome, value_of(outcome.totals, weights))
    m.reasons = summarize(m)
    return m


def layout_json(move: Move) -> list[dict[str, Any]]:
    """The move as a ``spell`` action's layout: each letter's card, face and source, and the choices the move
    assumes (either, token, trash, double), so that a client plays it exactly."""
    return [_layout_entry(part, _chosen(part)) for part in move.outcome.cards]


def _chosen(part: CardPart) -> dict[str, Any]:
    """The choices a card's benefits offered, as made, as layout keys ({} for none)."""
    made = part.choices()
    return made.to_json() if made is not None else {}


def _layout_entry(part: CardPart, chosen: dict[str, Any]) -> dict[str, Any]:
    return {"code": part.card.code, "face": FACE_NAME[part.face], "source": SOURCE_NAME[part.source], **chosen}


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


def summarize(move: Move) -> list[str]:
    """Short sentences on why the move scores what it does."""
    t = move.totals
    out = []
    if t.genres_active:
        out.append("active genres: " + ", ".join(t.genres_active))
    wild = sum(part.face is _WILD for part in move.outcome.cards)
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
