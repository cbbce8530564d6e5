"""A game reviewed turn by turn, either game's: for each turn that spelled a word or passed, the hand as it was, the
word and what it earned, its rank among every move the hand could make, the gap to the best move, the best move, and
every seat's score once the turn was over.

The turns come from a game's replay (``solver.game.records``, the layer above: the engine's own turn state at the
moment of the word, the one its bots and its spell action search, and the word as the engine resolved or scored it).
Each is answered by the game's exact search under the objective asked for, in the objective's own terms: its rank
among all moves (1 = best; tied moves share a rank) and the gap to the best move. The word is rated as it was played,
not re-laid at its best. A pass has no word and no rank; its gap is the whole of the best move. With a time limit
the review is bounded as a whole: each turn's search gets what is left, and past the limit the turns not reached are
left out (``complete`` false); a search the limit cut short says so (``exact`` false).

What differs between the games (how a turn is searched and ranked, what a move says of itself, the table's columns)
is a ``GameReview``: Hardback's in ``review_hardback``, Paperback's in ``review_paperback``. This module is the rest.
"""

from __future__ import annotations

import threading
import time
from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, Protocol, TypeVar

from solver.errors import GhostwriterError
from solver.lexicon import Lexicon
from solver.objectives import GameObjective


class Saved(Protocol):
    def to_json(self) -> dict[str, Any]: ...


class Worded(Protocol):
    @property
    def word(self) -> str: ...


Limit = float | None  # seconds a search may take (None: no limit)
Cancel = threading.Event | None  # set: stop searching
S = TypeVar("S", bound=Saved)  # a seat's turn as its game's search reads it
W = TypeVar("W")  # a word as the engine played it (Hardback: its resolved outcome; Paperback: its scored move)
M = TypeVar("M", bound=Worded)  # a move as the game's search ranks it


class Searched(Protocol[M]):
    """A game's exact search of one turn: its best moves, and whether it ran to the end."""

    exact: bool

    def top(self, n: int = 10) -> list[M]: ...


@dataclass(frozen=True)
class PlayedTurn(Generic[S, W]):
    """A turn that spelled a word (``played``: the word as the engine resolved or scored it, every card and choice as
    laid) or passed (``played`` None). ``turn`` counts the game's turns from 1; ``hand`` is every card in hand
    (codes), ``state`` the seat's turn as the search reads it at the moment of the word; ``scores`` each seat's
    score once the turn is over as the engine counted it (Hardback: prestige, the literary award's included;
    Paperback: Fame, its purchases counted; empty when not known); ``action`` the spell as the log holds it, when the
    game's review shows it; ``discard``: the turn had no word because it discarded its hand for a cube (Paperback's
    optional ``cube_discard`` rule), reviewed as a pass."""

    turn: int
    seat: int
    player: str | None
    hand: tuple[str, ...]
    state: S
    played: W | None = None
    scores: tuple[int, ...] = ()
    action: dict[str, Any] | None = None
    discard: bool = False


@dataclass
class TurnReview(Generic[S, W, M]):
    """One turn's answer: the played move as rated (None for a pass), the best move (None when no word could be
    spelled), the played move's rank (None for a pass, or when it ranks below every move the search keeps: then
    ``below`` is that count), the gap in the objective's terms, and whether the search was exact; ``game`` the part
    of the review that answered it."""

    game: GameReview[S, W, M]
    turn: PlayedTurn[S, W]
    played: M | None
    best: M | None
    rank: int | None
    gap: dict[str, float | int]
    exact: bool
    below: int | None = None

    def to_json(self) -> dict[str, Any]:
        """The turn as JSON: who played it, the hand and the state, the word, the played move, the rank, the gap,
        the best move, and the scores after it."""
        p, g = self.turn, self.game
        return {
            "turn": p.turn,
            "seat": p.seat,
            "player": p.player,
            "hand": list(p.hand),
            "state": p.state.to_json(),
            "word": self.played.word if self.played is not None else None,  # as the word lists hold it
            **g.played_json(self),
            **g.rank_json(self),
            "gap": self.gap,
            "best": g.move_json(self.best) if self.best is not None else None,
            "exact": self.exact,
            g.scores: list(p.scores),
        }


class GameReview(ABC, Generic[S, W, M]):
    """What one game's review does its own way: a turn searched and ranked, a move's words in JSON and in the table."""

    as_played: str  # how the played words are rated
    not_exact: str  # the warning when some searches stopped short
    ranks: str  # the table's note on ranks
    head: tuple[tuple[str, Any], ...]  # the review's JSON starts with these fields
    scores: str  # the name of each seat's score after a turn, in a turn's JSON and in the progress's entries
    progress: str  # the name of the scores over the game, in the review's JSON
    columns: tuple[str, str]  # the table's two figures of a move
    gap_width: int

    def review_turn(
        self,
        lexicon: Lexicon,
        turn: PlayedTurn[S, W],
        objective: GameObjective,
        time_limit: float | None = None,
        cancel: threading.Event | None = None,
    ) -> TurnReview[S, W, M]:
        """One turn reviewed by the game's exact search (within ``time_limit`` seconds: past it, not exact): a pass
        by the best move alone, a word by ``rate``."""
        search = self.search(lexicon, turn.state, objective, time_limit, cancel)
        if turn.played is None:
            found = search.top(1)
            best = found[0] if found else None
            return TurnReview(self, turn, None, best, None, self.gap(objective, best, None), search.exact)
        return self.rate(search, turn, turn.played, objective, time_limit)

    @abstractmethod
    def search(self, lexicon: Lexicon, state: S, objective: GameObjective, limit: Limit, cancel: Cancel) -> Searched[M]:
        """The game's exact search of a turn."""

    @abstractmethod
    def rate(
        self, search: Searched[M], turn: PlayedTurn[S, W], played: W, objective: GameObjective, limit: Limit
    ) -> TurnReview[S, W, M]:
        """A word's turn answered: the word as played, its rank, the best move, the gap."""

    @abstractmethod
    def gap(self, objective: GameObjective, best: M | None, played: M | None) -> dict[str, float | int]:
        """The best move less the played one (a pass: the whole best move) in the objective's own terms."""

    @abstractmethod
    def played_json(self, t: TurnReview[S, W, M]) -> dict[str, Any]:
        """The played move's fields of a turn's JSON, after its word."""

    @abstractmethod
    def rank_json(self, t: TurnReview[S, W, M]) -> dict[str, Any]:
        """The rank's fields of a turn's JSON."""

    @abstractmethod
    def move_json(self, move: M) -> dict[str, Any]:
        """The best move in a turn's JSON."""

    @abstractmethod
    def gap_head(self, objective: GameObjective) -> str:
        """The table's heading of the gap's column."""

    @abstractmethod
    def figures(self, move: M) -> tuple[int, int]:
        """A move's two figures in the table (``columns``)."""

    @abstractmethod
    def best_text(self, move: M) -> str:
        """The best move in the table."""

    def row_end(self, turn: PlayedTurn[S, W]) -> str:
        """What a table's row ends with, before the mark of a search cut short."""
        return ""

    def differs(self, best: M, played: M) -> str:
        """When the best move is the played word laid out otherwise, what differs ("" when nothing is to say)."""
        return ""


@dataclass
class Review(Generic[S, W, M]):
    game: GameReview[S, W, M]
    objective: GameObjective
    turns: list[TurnReview[S, W, M]] = field(default_factory=list)
    total: int = 0  # the turns to review (``turns`` holds fewer when the time limit cut the review short)
    warning: str | None = None
    # every turn of the game, reviewed or not: (turn, seat, each seat's score once it was over)
    progress: list[tuple[int, int, tuple[int, ...]]] = field(default_factory=list)

    @property
    def complete(self) -> bool:
        return len(self.turns) == self.total

    @property
    def exact(self) -> bool:
        return self.complete and all(t.exact for t in self.turns)

    def to_json(self) -> dict[str, Any]:
        g = self.game
        out: dict[str, Any] = {
            **dict(g.head),
            "objective": self.objective.value,
            "turns": [self._turn_json(t) for t in self.turns],
            "reviewed": len(self.turns),
            "total": self.total,
            "complete": self.complete,
            "exact": self.exact,
            "rated": g.as_played,
            g.progress: [{"turn": t, "seat": s, g.scores: list(sc)} for t, s, sc in self.progress],
        }
        if self.warning:
            out["warning"] = self.warning
        return out

    def _turn_json(self, t: TurnReview[S, W, M]) -> dict[str, Any]:
        """A turn's JSON; with ``differs`` when the best move and the word played are apart and the game can say
        what differs (the same word laid out otherwise, equal totals of unequal worth), as the table's row does."""
        out = t.to_json()
        if t.best is not None and t.played is not None and any(t.gap.values()):
            said = self.game.differs(t.best, t.played).removeprefix("; ")
            if said:
                out["differs"] = said
        return out


def review(
    game: GameReview[S, W, M],
    lexicon: Lexicon,
    turns: Sequence[PlayedTurn[S, W]],
    objective: GameObjective,
    time_limit: float | None = None,
    cancel: threading.Event | None = None,
) -> Review[S, W, M]:
    """Every turn reviewed, in order; with ``time_limit`` (seconds) the whole review is bounded: each turn's
    search gets what is left, and the turns not reached by then are left out, with a warning."""
    out = Review(game, objective, total=len(turns), progress=[(t.turn, t.seat, t.scores) for t in turns])
    end = None if time_limit is None else time.monotonic() + time_limit
    for turn in turns:
        left = None if end is None else end - time.monotonic()
        if (left is not None and left <= 0) or (cancel is not None and cancel.is_set()):
            break
        try:
            out.turns.append(game.review_turn(lexicon, turn, objective, left, cancel))
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
        out.warning = game.not_exact
    return out


def format_review(rev: Review[S, W, M], title: str = "") -> str:
    """A table for people: one line a turn."""
    g = rev.game
    a, b = g.columns
    lines = [title] if title else []
    gap_head = f"{g.gap_head(rev.objective):<{g.gap_width}}"
    lines.append(f"  {'turn':>4}  {'player':<12} {'word':<14} {a:>3} {b:>3} {'rank':>5}  {gap_head} best")
    for t in rev.turns:
        who = t.turn.player or f"seat {t.turn.seat}"
        p = t.played
        word = p.word.upper() if p is not None else "(discard)" if t.turn.discard else "(pass)"
        figures = "{:>3} {:>3}".format(*g.figures(p)) if p is not None else f"{'-':>3} {'-':>3}"
        rank = str(t.rank) if t.rank is not None else f">{t.below}" if t.below is not None else "-"
        gap = " ".join(f"{v:.2f}" if isinstance(v, float) else str(v) for v in t.gap.values())
        best = g.best_text(t.best) if t.best is not None else "no word"
        if t.best is not None and p is not None and any(t.gap.values()):
            best += g.differs(t.best, p)
        mark = "" if t.exact else "  (not proven best)"
        lines.append(
            f"  {t.turn.turn:>4}  {who[:12]:<12} {word:<14} {figures} {rank:>5}  {gap:<{g.gap_width}} {best}"
            f"{g.row_end(t.turn)}{mark}"
        )
    lines.append(f"  ({g.as_played}; {g.ranks})")
    if rev.warning:
        lines.append(f"  warning: {rev.warning}")
    return "\n".join(lines)
