"""A Paperback game reviewed turn by turn: for each turn that spelled a word or passed, the hand as it was, the word
and its score, its rank among every word that hand could spell, the gap to the best move, the best move, and every
seat's Fame once the turn was over.

The turns come from a game's replay (``solver.game.paperback.record``, the layer above): the hand as the ghost writer
reads it at the moment of the word (the turn state the bots search) and the word as the engine scored it. Each turn
is answered by the exact search (``PaperbackSearch``) under the objective asked for (score, length or value). The
word is rated as it was played: laid out as the spell laid it, scored as the engine scored it (its ``copy`` abilities
taking the highest score, the engine's reading); it is not re-laid at its best, so a word laid worse than it could
be ranks below its own best layout. Its rank is one more than the moves the search ranks strictly above it (the
objective's measure, then its tie-break: tied moves share a rank); the search keeps at most ``MAX_TOP`` moves, so a
word ranked below them all is given as ``rank`` null with ``below`` that count. A pass has no word and no rank; its
gap is the whole of the best move (a hand discarded for a cube, the optional ``cube_discard`` rule, is reviewed as a
pass, ``discard`` true). With a time limit the review is bounded as a whole: each search gets what is left,
and past the limit the turns not reached are left out (``complete`` false); a search the limit cut short says so
(``exact`` false: its rank and best move are the best found, not proven).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from solver.lexicon import Lexicon
from solver.paperback.moves import PaperbackObjective, PMove, key
from solver.paperback.state import PaperbackTurn
from solver.search.paperback import PaperbackSearch
from solver.search.paperback.search import MAX_TOP

EPS = 1e-9
FIRST_TOP = 16  # moves the first search keeps; each next one keeps four times more, up to MAX_TOP
AS_PLAYED = (
    "each word is rated as it was played: laid out as the spell laid it, scored as the engine scored it (its copy "
    "abilities taking the highest score)"
)


@dataclass(frozen=True)
class PlayedTurn:
    """A turn that spelled a word (``played``: the move as the engine scored it) or passed (``played`` None);
    ``turn`` counts the game's turns from 1; ``hand`` is every card in hand (codes), ``state`` the hand as the
    search reads it at the moment of the word; ``action`` the spell as the log holds it; ``fame`` each seat's Fame
    once the turn is over (its purchases counted); ``discard``: the turn had no word because it discarded its hand
    for a cube (the optional ``cube_discard`` rule), reviewed as a pass."""

    turn: int
    seat: int
    player: str | None
    hand: tuple[str, ...]
    state: PaperbackTurn
    played: PMove | None = None
    action: dict[str, Any] | None = None
    fame: tuple[int, ...] = ()
    discard: bool = False


@dataclass
class TurnReview:
    turn: PlayedTurn
    best: PMove | None
    rank: int | None
    below: int | None  # the word ranks below this many moves (the search's cap), its rank unknown beyond
    gap: dict[str, float | int]
    exact: bool

    def to_json(self) -> dict[str, Any]:
        t = self.turn
        p = t.played
        return {
            "turn": t.turn,
            "seat": t.seat,
            "player": t.player,
            "hand": list(t.hand),
            "state": t.state.to_json(),
            "word": p.word if p is not None else None,
            "score": p.score if p is not None else None,
            "played": brief(p, t.action) if p is not None else None,
            "discard": t.discard,
            "rank": self.rank,
            "below": self.below,
            "gap": self.gap,
            "best": self.best.to_json() if self.best is not None else None,
            "exact": self.exact,
            "fame": list(t.fame),
        }


@dataclass
class Review:
    objective: PaperbackObjective
    turns: list[TurnReview] = field(default_factory=list)
    total: int = 0  # the turns to review (``turns`` holds fewer when the time limit cut the review short)
    warning: str | None = None
    progress: list[tuple[int, int, tuple[int, ...]]] = field(default_factory=list)  # (turn, seat, Fame after)

    @property
    def complete(self) -> bool:
        return len(self.turns) == self.total

    @property
    def exact(self) -> bool:
        return self.complete and all(t.exact for t in self.turns)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "game": "paperback",
            "objective": self.objective.value,
            "turns": [t.to_json() for t in self.turns],
            "reviewed": len(self.turns),
            "total": self.total,
            "complete": self.complete,
            "exact": self.exact,
            "rated": AS_PLAYED,
            "fame": [{"turn": t, "seat": s, "fame": list(f)} for t, s, f in self.progress],
        }
        if self.warning:
            out["warning"] = self.warning
        return out


def brief(move: PMove, action: dict[str, Any] | None) -> dict[str, Any]:
    """A played move in short: its word, score, length, value, and the spell as the log holds it."""
    return {
        "word": move.word,
        "score": move.score,
        "length": move.length,
        "value": round(move.value, 6),
        "gains_common": move.gains_common,
        "cards_next": move.cards_next,
        "spell": action,
    }


def better(objective: PaperbackObjective, a: PMove, b: PMove) -> bool:
    """Whether move ``a`` ranks strictly above ``b``: the objective's measure, then its tie-break."""
    (a1, a2), (b1, b2) = key(objective, a), key(objective, b)
    if abs(a1 - b1) > EPS:
        return a1 > b1
    return a2 > b2 + EPS


def gap(objective: PaperbackObjective, best: PMove | None, played: PMove | None) -> dict[str, float | int]:
    """The best move less the played one (a pass: the whole best move) in the objective's own terms."""
    if objective is PaperbackObjective.VALUE:
        b = best.value if best is not None else 0.0
        return {"value": round(b - (played.value if played is not None else 0.0), 6)}
    bs, bl = (best.score, best.length) if best is not None else (0, 0)
    ps, pl = (played.score, played.length) if played is not None else (0, 0)
    if objective is PaperbackObjective.LENGTH:
        return {"length": bl - pl, "score": bs - ps}
    return {"score": bs - ps, "length": bl - pl}


def standing(search: PaperbackSearch, played: PMove, end: float | None) -> tuple[int | None, int | None, PMove | None]:
    """The played move's rank (None when every one of the ``MAX_TOP`` moves kept ranks above it), the count it ranks
    below in that case, and the best move: ``top`` asked for more moves until one ranks at or below the word."""
    n = FIRST_TOP
    while True:
        if end is not None:
            search.time_limit = max(0.001, end - time.monotonic())
        moves = search.top(n)
        above = sum(1 for m in moves if better(search.objective, m, played))
        if above < len(moves) or len(moves) < n or n >= MAX_TOP or not search.exact:
            break
        n = min(n * 4, MAX_TOP)
    best = moves[0] if moves else None
    if above == len(moves) == MAX_TOP:
        return None, MAX_TOP, best
    return above + 1, None, best


def review_turn(
    lexicon: Lexicon,
    turn: PlayedTurn,
    objective: PaperbackObjective,
    end: float | None = None,
    cancel: threading.Event | None = None,
) -> TurnReview:
    """One turn reviewed by the exact search (until ``end``, a ``time.monotonic`` instant: past it, ``exact`` is
    false)."""
    left = None if end is None else max(0.001, end - time.monotonic())
    search = PaperbackSearch(lexicon, turn.state, objective, time_limit=left, cancel=cancel)
    if turn.played is None:
        found = search.top(1)
        best = found[0] if found else None
        return TurnReview(turn, best, None, None, gap(objective, best, None), search.exact)
    rank, below, best = standing(search, turn.played, end)
    if best is None or better(objective, turn.played, best):
        best, rank, below = turn.played, 1, None  # the search found nothing as good (a search cut short)
    return TurnReview(turn, best, rank, below, gap(objective, best, turn.played), search.exact)


def review(
    lexicon: Lexicon,
    turns: Sequence[PlayedTurn],
    objective: PaperbackObjective = PaperbackObjective.VALUE,
    time_limit: float | None = None,
    cancel: threading.Event | None = None,
) -> Review:
    """Every turn reviewed, in order; with ``time_limit`` (seconds) the whole review is bounded: each turn's
    search gets what is left, and the turns not reached by then are left out, with a warning."""
    out = Review(objective, total=len(turns), progress=[(t.turn, t.seat, t.fame) for t in turns])
    end = None if time_limit is None else time.monotonic() + time_limit
    for turn in turns:
        if (end is not None and end - time.monotonic() <= 0) or (cancel is not None and cancel.is_set()):
            break
        out.turns.append(review_turn(lexicon, turn, objective, end, cancel))
    if not out.complete:
        out.warning = (
            f"the review stopped at its time limit ({time_limit or 0:g} s) after {len(out.turns)} of {out.total} "
            "turns: allow more time, or review fewer turns"
        )
    elif not out.exact:
        out.warning = (
            "some turns' searches stopped short (the time limit, or the Spacebar's pairs past their cap): their "
            "ranks and best moves are the best found, not proven best (exact false)"
        )
    return out


def format_review(rev: Review, title: str = "") -> str:
    """A table for people: one line a turn."""
    o = rev.objective
    gap_head = (
        "gap (value)" if o is PaperbackObjective.VALUE else f"gap ({'len sc' if o.value == 'length' else 'sc len'})"
    )
    lines = [title] if title else []
    lines.append(f"  {'turn':>4}  {'player':<12} {'word':<14} {'sc':>3} {'len':>3} {'rank':>5}  {gap_head:<13} best")
    for t in rev.turns:
        who = t.turn.player or f"seat {t.turn.seat}"
        p = t.turn.played
        word = p.word.upper() if p is not None else "(discard)" if t.turn.discard else "(pass)"
        sl = f"{p.score:>3} {p.length:>3}" if p is not None else f"{'-':>3} {'-':>3}"
        rank = str(t.rank) if t.rank is not None else f">{t.below}" if t.below is not None else "-"
        g = " ".join(f"{v:.2f}" if isinstance(v, float) else str(v) for v in t.gap.values())
        b = t.best
        best = f"{b.word.upper()} (score {b.score}, length {b.length}, value {b.value:.2f})" if b else "no word"
        mark = "" if t.exact else "  (not proven best)"
        fame = "/".join(str(f) for f in t.turn.fame)
        lines.append(f"  {t.turn.turn:>4}  {who[:12]:<12} {word:<14} {sl} {rank:>5}  {g:<13} {best}  Fame {fame}{mark}")
    lines.append(f"  ({AS_PLAYED}; rank 1 = best, tied moves share a rank; Fame: each seat's after the turn)")
    if rev.warning:
        lines.append(f"  warning: {rev.warning}")
    return "\n".join(lines)
