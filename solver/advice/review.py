"""The review's win objective, either game's: a record's turns judged by what they did to the chance to win.

The record's log is played again through the engine from what deals its game; at every turn's start (and at the
end) each seat's chance to win is estimated by ``solver.advice.chances.win_chances`` with a few sampled worlds
(``samples``). A turn's row gains ``win_before`` and ``win_after``: the chance of the seat in turn when its turn
began and when the whole turn was over (its ink, its word, its choices, its buys: everything it did), and the
expert's turn from the same start (``expert``: its actions, its plans as the planner judged them, and ``win``: the
same estimate as ``win_after`` on the state its turn reaches, so the two compare). The turns that lost the most
(``worst``: the largest drops in the seat's own chance) are named.

The word review by value (``solver.answers.review``: rank, gap, best word) is kept beside it, so the rows say both.
Everything is bounded by ``time_limit`` for the whole review: the chances at every turn's start come first (the
graph), then the expert's turns, the turns that lost the most first; a row the limit left without its expert says
``expert`` null, and ``complete`` says whether all were reached. The estimates are seeded from the record's seed:
the same record gives the same review (without a time limit; with one, the worlds played may differ).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from solver.advice.chances import Chances, win_chances
from solver.advice.games import rules_of
from solver.advice.suggest import expert_turn
from solver.answers.review import PlayedTurn, Review, format_review, review
from solver.game.hardback.engine import Game as Hardback
from solver.game.paperback import PaperbackGame
from solver.game.paperback.protocol import PaperbackTable
from solver.game.protocol import Game
from solver.game.saved import AnyFormat
from solver.lexicon import Lexicon
from solver.planner.core import seed_of

SAMPLES = 4  # worlds a turn's chances are estimated from
WORST = 3  # the turns named as those that lost the most
WORST_DROP = 0.02  # ... when they lost at least this chance
MAX_TURNS = 2_000  # turn starts kept (a record's log is bounded by its reader)
WIN = "win"  # the objective's name


@dataclass
class WinReview:
    """The chances at every turn's start (``points``: (turns done, seat in turn next, chances)) and the expert's
    turn at the starts reached (``experts``: by turns done)."""

    points: list[tuple[int, int | None, Chances]] = field(default_factory=list)
    experts: dict[int, dict[str, Any]] = field(default_factory=dict)
    samples: int = SAMPLES
    complete: bool = True

    def chances_at(self, done: int) -> Chances | None:
        return next((c for d, _, c in self.points if d == done), None)

    def drop(self, turn: int, seat: int) -> float | None:
        """The seat's chance lost over turn ``turn`` (counted from 1); None when not estimated."""
        before, after = self.chances_at(turn - 1), self.chances_at(turn)
        if before is None or after is None:
            return None
        return before.win[seat] - after.win[seat]

    def lost(self, turn: int, seat: int) -> float | None:
        """What turn ``turn`` lost: the expert's turn from the same start less the turn as played (each the
        seat's chance once the turn is over, by the same estimate), or, where the expert was not reached, the
        seat's own drop over the turn; None when not estimated."""
        after = self.chances_at(turn)
        expert = self.experts.get(turn - 1)
        if expert is not None and after is not None:
            return float(expert["win"]) - after.win[seat]
        return self.drop(turn, seat)

    def worst(self, turns: Sequence[tuple[int, int]]) -> list[int]:
        """The turns (of ``(turn, seat)``) that lost the most, worst first."""
        lost = [(d, t) for t, s in turns if (d := self.lost(t, s)) is not None and d >= WORST_DROP]
        return [t for _, t in sorted(lost, key=lambda x: (-x[0], x[1]))[:WORST]]

    def row(self, turn: int, seat: int) -> dict[str, Any]:
        """The fields a reviewed turn's JSON gains."""
        before, after = self.chances_at(turn - 1), self.chances_at(turn)
        lost = self.lost(turn, seat)
        return {
            "win_before": round(before.win[seat], 4) if before else None,
            "win_after": round(after.win[seat], 4) if after else None,
            "win_se": round(max(before.se[seat], after.se[seat]), 4) if before and after else None,
            "win_lost": round(lost, 4) if lost is not None else None,
            "expert": self.experts.get(turn - 1),
        }

    def to_json(self, turns: Sequence[tuple[int, int]]) -> dict[str, Any]:
        return {
            "win_progress": [
                {"turn": d, "next": s, "win": [round(w, 4) for w in c.win], "se": [round(e, 4) for e in c.se]}
                for d, s, c in self.points
            ],
            "worst": self.worst(turns),
            "win_samples": self.samples,
            "win_complete": self.complete,
        }


def deal(record: Any, lexicon: Lexicon) -> Game[Any]:
    """The game a record's log starts from (its seed, options, Hardback's powers or Paperback's deck)."""
    if hasattr(record, "deck"):
        return PaperbackTable(PaperbackGame.new(record.deck, record.options, record.seed, lexicon))
    return Hardback.new(record.options, record.seed, lexicon, record.powers)


def turn_starts(record: Any, lexicon: Lexicon) -> list[Game[Any]]:
    """The game at every turn's start, by turns done (``[k]``: after ``k`` turns), the end last. The record was
    replayed once already (``RecordFormat.replay``): the engine accepts every action again."""
    game = deal(record, lexicon)
    turns = rules_of(game).turns
    starts = [game.copy()]
    for action in record.actions:
        game.apply(action)
        if turns(game) > len(starts) - 1 and len(starts) < MAX_TURNS:
            starts.append(game.copy())
    if game.over() and len(game.log) != len(starts[-1].log):
        starts.append(game.copy())  # the game ended inside a turn's count: its end is the last turn's after
    return starts


def review_win(
    record: Any,
    lexicon: Lexicon,
    turns: Sequence[tuple[int, int]],
    samples: int = SAMPLES,
    time_limit: float | None = None,
) -> WinReview:
    """The win review of a record whose reviewed turns are ``turns`` (``(turn, seat)``, turns counted from 1):
    the module's docstring."""
    end = None if time_limit is None else time.monotonic() + time_limit
    starts = turn_starts(record, lexicon)
    out = WinReview(samples=samples)
    for done, game in enumerate(starts):
        if end is not None and time.monotonic() >= end:
            out.complete = False
            break
        chances = win_chances(game, samples, seed_of(record.seed, done), end)
        out.points.append((done, game.to_act(), chances))
    order = sorted(turns, key=lambda ts: -(out.drop(*ts) or 0.0))
    for turn, seat in order:
        if turn - 1 >= len(starts) or starts[turn - 1].to_act() != seat:
            continue
        left = None if end is None else end - time.monotonic()
        if left is not None and left <= 0:
            out.complete = False
            break
        # the seed of the turn's after: the expert's turn, when the same as the played one, is estimated the same
        out.experts[turn - 1] = expert_json(starts[turn - 1], samples, seed_of(record.seed, turn), left, end)
    return out


def expert_json(game: Game[Any], samples: int, seed: int, limit: float | None, end: float | None) -> dict[str, Any]:
    """The expert's whole turn from ``game`` (the seat in turn's): its actions, its plans judged, and the chance to
    win of the state it reaches, estimated as the played turn's ``win_after`` is."""
    seat = game.to_act()
    assert seat is not None
    played, decisions = expert_turn(game, limit)
    chances = win_chances(played, samples, seed, end)
    return {
        "actions": [a.to_json() for a in played.log[len(game.log):]],
        "plans": [
            {"decision": kind, "plan": j.plan.label, "win": round(j.win, 4), "se": round(j.se, 4), "worlds": j.worlds}
            for kind, judged in decisions
            if judged and (j := judged[0])
        ],
        "win": round(chances.win[seat], 4),
        "se": round(chances.se[seat], 4),
    }


WORDS_SHARE = 0.4  # of a win review's time limit, the word review by value (the rest: the chances, the expert)


@dataclass
class RecordReview:
    """A record's review: the words (``solver.answers.review``, by value under the win objective) and, under the
    win objective, the chances (``win``)."""

    words: Review[Any, Any, Any]
    win: WinReview | None
    played: list[tuple[int, int]]  # every turn reviewed or not: (turn, seat)

    def to_json(self) -> dict[str, Any]:
        out = self.words.to_json()
        if self.win is None:
            return out
        out["objective"] = "win"
        out["words_by"] = self.words.objective.value
        worst = self.win.worst(self.played)
        for row in out["turns"]:
            row.update(self.win.row(row["turn"], row["seat"]), worst=row["turn"] in worst)
        out.update(self.win.to_json(self.played))
        return out


def review_record(
    fmt: AnyFormat,
    record: Any,
    lexicon: Lexicon,
    turns: Sequence[PlayedTurn[Any, Any]],
    objective: str,
    time_limit: float | None = None,
    cancel: threading.Event | None = None,
    samples: int = SAMPLES,
) -> RecordReview:
    """A replayed record reviewed under ``objective``: the game's word objectives (``solver.answers.review``), or
    ``win``: the words by value and the chances (``review_win``), within ``time_limit`` for the whole."""
    start = time.monotonic()
    win = objective == WIN
    words_by = fmt.objectives.parse("value" if win else objective)
    share = None if time_limit is None else time_limit * (WORDS_SHARE if win else 1.0)
    words = review(fmt.review, lexicon, turns, words_by, time_limit=share, cancel=cancel)
    played = [(t.turn, t.seat) for t in turns]
    if not win:
        return RecordReview(words, None, played)
    left = None if time_limit is None else max(0.001, time_limit - (time.monotonic() - start))
    return RecordReview(words, review_win(record, lexicon, played, samples, left), played)


def _pct(x: float | None, sign: bool = False) -> str:
    return "-" if x is None else f"{100 * x:+.0f}%" if sign else f"{100 * x:.0f}%"


def format_win_review(rr: RecordReview, title: str = "") -> str:
    """A win review for people: a line a turn (the chance before and after, what it lost, the expert's turn with
    its chance), then the turns that lost the most."""
    win = rr.win
    if win is None:
        return format_review(rr.words, title)
    lines = [title] if title else []
    head = f"  {'turn':>4}  {'player':<12} {'word':<14} {'rank':>5}  {'win':>4} -> {'after':<5} {'lost':>5}  expert"
    lines.append(head)
    worst = win.worst(rr.played)
    for t in rr.words.turns:
        turn, seat = t.turn.turn, t.turn.seat
        who = t.turn.player or f"seat {seat}"
        word = t.played.word.upper() if t.played is not None else "(pass)"
        rank = str(t.rank) if t.rank is not None else f">{t.below}" if t.below is not None else "-"
        row = win.row(turn, seat)
        expert = row["expert"]
        said = "-"
        if expert is not None:
            plans = ", ".join(p["plan"] for p in expert["plans"]) or "its policy's turn"
            said = f"{plans}: {_pct(expert['win'])}"
        mark = "  <- worst" if turn in worst else ""
        lines.append(
            f"  {turn:>4}  {who[:12]:<12} {word:<14} {rank:>5}  {_pct(row['win_before']):>4} -> "
            f"{_pct(row['win_after']):<5} {_pct(row['win_lost'], True):>5}  {said}{mark}"
        )
    if worst:
        lines.append("  the turns that lost the most: " + ", ".join(str(t) for t in worst))
    lines.append(
        f"  (win: the seat in turn's chance to win before its turn and after it, estimates from {win.samples} sampled "
        "worlds and the learned win model; lost: the expert's turn from the same start less the turn as played; "
        f"words ranked by {rr.words.objective.value}; {rr.words.game.as_played}; {rr.words.game.ranks})"
    )
    if rr.words.warning:
        lines.append(f"  warning: {rr.words.warning}")
    if not win.complete:
        lines.append("  warning: the time limit stopped the win review before every turn was estimated")
    return "\n".join(lines)
