"""A game reviewed turn by turn: for each turn that spelled a word or passed, the hand as it was, the word and what
it earned, its rank among every word the hand could spell, the gap to the best move, and the best move.

The turns come from a game's replay (``solver.game.hardback.replay``, the layer above: the engine's own turn state at
the
moment of the word, the one its bots and its spell action search, and the word as the engine resolved it). Each is
answered by the exact search under the objective asked for, as ``solver.answers.hint.rate`` answers a played word:
its rank among all words (1 = best; tied words share a rank) and the gap to the best move in the objective's own
terms. The word is rated as it was played: laid out as the spell action laid it, with the choices its layout made
(the player's) and those it left open, the classics in play's included, made as the engine made them then (for
the spell action's own objective and weights); it is not re-laid at its best. A pass has no word and no rank; its
gap is the whole of the best move. With a time limit the review is
bounded as a whole: each turn's search gets what is left, and past the limit the turns not reached are left out
(``complete`` false).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from solver.errors import GhostwriterError
from solver.hardback.moves import Move, gap, layout_json, move_of, value_of
from solver.hardback.objectives import Objective, Weights
from solver.hardback.outcome import Outcome
from solver.hardback.resolve import EPS
from solver.hardback.state import TurnState
from solver.lexicon import Lexicon
from solver.search.hardback import Search

AS_PLAYED = (
    "each word is rated as it was played: laid out as the spell laid it, with the choices it made and those it left "
    "open (the classics in play's included) made as the engine made them then"
)


@dataclass(frozen=True)
class PlayedTurn:
    """A turn that spelled a word (``outcome``: the word as the engine resolved it when it was played, every card
    and choice as laid, the classics in play included) or passed (``outcome`` None); ``turn`` counts the game's
    turns from 1; ``state`` is the seat's turn as the search reads it, at the moment of the word; ``scores`` is each
    seat's prestige (the literary award's included) once the turn is over, as the engine counted it (empty when not
    known)."""

    turn: int
    seat: int
    player: str | None
    state: TurnState
    outcome: Outcome | None = None
    scores: tuple[int, ...] = ()


@dataclass
class TurnReview:
    turn: PlayedTurn
    played: Move | None
    best: Move | None
    rank: int | None
    gap: dict[str, float | int]
    exact: bool

    def to_json(self) -> dict[str, Any]:
        t = self.turn
        return {
            "turn": t.turn,
            "seat": t.seat,
            "player": t.player,
            "hand": [c.code for c in t.state.hand],
            "state": t.state.to_json(),
            "word": self.played.word if self.played is not None else None,  # as the word lists hold it
            "value": round(self.played.value, 6) if self.played is not None else None,
            "played": brief(self.played) if self.played is not None else None,
            "rank": self.rank,
            "gap": self.gap,
            "best": brief(self.best) if self.best is not None else None,
            "exact": self.exact,
            "scores": list(t.scores),
        }


@dataclass
class Review:
    objective: Objective
    turns: list[TurnReview] = field(default_factory=list)
    total: int = 0  # the turns to review (``turns`` holds fewer when the time limit cut the review short)
    warning: str | None = None
    # every turn of the game, reviewed or not: (turn, seat, each seat's prestige once it was over)
    progress: list[tuple[int, int, tuple[int, ...]]] = field(default_factory=list)

    @property
    def complete(self) -> bool:
        return len(self.turns) == self.total

    @property
    def exact(self) -> bool:
        return self.complete and all(t.exact for t in self.turns)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "objective": self.objective.value,
            "turns": [t.to_json() for t in self.turns],
            "reviewed": len(self.turns),
            "total": self.total,
            "complete": self.complete,
            "exact": self.exact,
            "rated": AS_PLAYED,
            "prestige": [{"turn": t, "seat": s, "scores": list(sc)} for t, s, sc in self.progress],
        }
        if self.warning:
            out["warning"] = self.warning
        return out


def brief(move: Move) -> dict[str, Any]:
    """A move in short: its word, prestige, coins, value, and its layout (as a spell action lays it out)."""
    return {
        "word": move.word,
        "prestige": move.prestige,
        "coins": move.coins,
        "value": round(move.value, 6),
        "layout": layout_json(move),
    }


def review_turn(
    lexicon: Lexicon,
    turn: PlayedTurn,
    objective: Objective,
    weights: Weights | None = None,
    time_limit: float | None = None,
    cancel: threading.Event | None = None,
) -> TurnReview:
    """One turn reviewed by the exact search (within ``time_limit`` seconds: past it, ``exact`` is false).

    The played word is valued from its outcome as the engine resolved it (``value_of`` its totals under the
    search's ranking weights, the sum the search maximises), and ranked by ``Search.standing``: how many words
    have a best arrangement worth more, and the best move."""
    search = Search(lexicon, turn.state, objective, weights, time_limit=time_limit, cancel=cancel)
    if turn.outcome is None:
        found = search.top(1)
        best = found[0] if found else None
        return TurnReview(turn, None, best, None, pass_gap(best, objective), search.exact)
    played = move_of(turn.outcome, search.value_weights)
    score = value_of(turn.outcome.totals, search.weights)
    better, top = search.standing(score)
    played.rank = better + 1
    best = search.move(top) if top is not None and top.value > score + EPS else played
    best.rank = 1
    return TurnReview(turn, played, best, played.rank, gap(best, played, objective), search.exact)


def pass_gap(best: Move | None, objective: Objective) -> dict[str, float | int]:
    """A pass's gap: the whole of the best move, in the objective's own terms (nothing when no word could be
    spelled)."""
    if objective is Objective.VALUE:
        return {"value": round(best.value, 6) if best is not None else 0.0}
    return {"prestige": best.prestige if best else 0, "coins": best.coins if best else 0}


def review(
    lexicon: Lexicon,
    turns: Sequence[PlayedTurn],
    objective: Objective = Objective.VALUE,
    weights: Weights | None = None,
    time_limit: float | None = None,
    cancel: threading.Event | None = None,
) -> Review:
    """Every turn reviewed, in order; with ``time_limit`` (seconds) the whole review is bounded: each turn's
    search gets what is left, and the turns not reached by then are left out, with a warning."""
    out = Review(objective, total=len(turns), progress=[(t.turn, t.seat, t.scores) for t in turns])
    end = None if time_limit is None else time.monotonic() + time_limit
    for turn in turns:
        left = None if end is None else end - time.monotonic()
        if (left is not None and left <= 0) or (cancel is not None and cancel.is_set()):
            break
        try:
            out.turns.append(review_turn(lexicon, turn, objective, weights, left, cancel))
        except GhostwriterError:
            if left is None:
                raise
            break  # the word could not be laid out within what was left of the time limit
    if not out.complete:
        out.warning = (
            f"the review stopped at its time limit ({time_limit or 0:g} s) after {len(out.turns)} of {out.total} "
            "turns: allow more time, or review fewer turns"
        )
    elif not out.exact:
        out.warning = (
            "some turns' searches stopped at the time limit: their ranks and best moves are the best found, not "
            "proven best (exact false)"
        )
    return out


def format_review(rev: Review, title: str = "") -> str:
    """A table for people: one line a turn."""
    gap_head = "gap (value)" if rev.objective is Objective.VALUE else "gap (p c)"
    lines = [title] if title else []
    lines.append(f"  {'turn':>4}  {'player':<12} {'word':<14} {'p':>3} {'c':>3} {'rank':>5}  {gap_head:<12} best")
    for t in rev.turns:
        who = t.turn.player or f"seat {t.turn.seat}"
        p = t.played
        word = p.word.upper() if p is not None else "(pass)"
        pc = f"{p.prestige:>3} {p.coins:>3}" if p is not None else f"{'-':>3} {'-':>3}"
        rank = str(t.rank) if t.rank is not None else "-"
        gap = " ".join(_number(v) for v in t.gap.values())
        b = t.best
        best = f"{b.word.upper()} ({b.prestige}p {b.coins}c, value {b.value:.2f})" if b is not None else "no word"
        mark = "" if t.exact else "  (not proven best)"
        lines.append(f"  {t.turn.turn:>4}  {who[:12]:<12} {word:<14} {pc} {rank:>5}  {gap:<12} {best}{mark}")
    lines.append(f"  ({AS_PLAYED}; rank 1 = best, tied words share a rank)")
    if rev.warning:
        lines.append(f"  warning: {rev.warning}")
    return "\n".join(lines)


def _number(v: float | int) -> str:
    return f"{v:.2f}" if isinstance(v, float) else str(v)
