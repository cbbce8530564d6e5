"""Paperback's part of a review (``solver.answers.review``): a turn answered by the exact search
(``PaperbackSearch``) under the objective asked for (score, length or value).

The word is rated as it was played: laid out as the spell laid it, scored as the engine scored it (its ``copy``
abilities taking the highest score, the engine's reading); it is not re-laid at its best, so a word laid worse than
it could be ranks below its own best layout. Its rank is one more than the moves the search ranks strictly above it
(the objective's measure, then its tie-break: tied moves share a rank); the search keeps at most ``MAX_TOP`` moves,
so a word ranked below them all is given as ``rank`` null with ``below`` that count. A hand discarded for a cube
(the optional ``cube_discard`` rule) is reviewed as a pass (``discard`` true). Each turn's JSON carries every seat's
Fame once the turn was over.
"""

from __future__ import annotations

import time
from typing import Any

from solver.answers.review import Cancel, GameReview, Limit, PlayedTurn, Searched, TurnReview
from solver.lexicon import Lexicon
from solver.objectives import GameObjective
from solver.paperback.moves import PaperbackObjective, PMove, key
from solver.paperback.state import PaperbackTurn
from solver.search.paperback import PaperbackSearch
from solver.search.paperback.search import MAX_TOP

EPS = 1e-9
FIRST_TOP = 16  # moves the first search keeps; each next one keeps four times more, up to MAX_TOP

Turn = PlayedTurn[PaperbackTurn, PMove]
Reviewed = TurnReview[PaperbackTurn, PMove, PMove]


class PaperbackReview(GameReview[PaperbackTurn, PMove, PMove]):
    as_played = (
        "each word is rated as it was played: laid out as the spell laid it, scored as the engine scored it (its copy "
        "abilities taking the highest score)"
    )
    not_exact = (
        "some turns' searches stopped short (the time limit, or the Spacebar's pairs past their cap): their ranks "
        "and best moves are the best found, not proven best (exact false)"
    )
    ranks = "rank 1 = best, tied moves share a rank; Fame: each seat's after the turn"
    head = (("game", "paperback"),)
    scores = "fame"
    progress = "fame"
    columns = ("sc", "len")
    gap_width = 13

    def search(
        self, lexicon: Lexicon, state: PaperbackTurn, objective: GameObjective, limit: Limit, cancel: Cancel
    ) -> PaperbackSearch:
        assert isinstance(objective, PaperbackObjective)
        left = None if limit is None else max(0.001, limit)
        return PaperbackSearch(lexicon, state, objective, time_limit=left, cancel=cancel)

    def rate(
        self, search: Searched[PMove], turn: Turn, played: PMove, objective: GameObjective, limit: Limit
    ) -> Reviewed:
        """The word as the engine scored it, ranked among the moves the search keeps (``standing``)."""
        assert isinstance(search, PaperbackSearch) and isinstance(objective, PaperbackObjective)
        end = None if limit is None else time.monotonic() + limit
        rank, below, best = standing(search, played, end)
        if best is None or better(objective, played, best):
            best, rank, below = played, 1, None  # the search found nothing as good (a search cut short)
        return TurnReview(self, turn, played, best, rank, self.gap(objective, best, played), search.exact, below)

    def gap(self, objective: GameObjective, best: PMove | None, played: PMove | None) -> dict[str, float | int]:
        """The best move less the played one (a pass: the whole best move) in the objective's own terms."""
        assert isinstance(objective, PaperbackObjective)
        if objective is PaperbackObjective.VALUE:
            b = best.value if best is not None else 0.0
            return {"value": round(b - (played.value if played is not None else 0.0), 6)}
        bs, bl = (best.score, best.length) if best is not None else (0, 0)
        ps, pl = (played.score, played.length) if played is not None else (0, 0)
        if objective is PaperbackObjective.LENGTH:
            return {"length": bl - pl, "score": bs - ps}
        return {"score": bs - ps, "length": bl - pl}

    def played_json(self, t: Reviewed) -> dict[str, Any]:
        p = t.played
        return {
            "score": p.score if p is not None else None,
            "played": brief(p, t.turn.action) if p is not None else None,
            "discard": t.turn.discard,
        }

    def rank_json(self, t: Reviewed) -> dict[str, Any]:
        return {"rank": t.rank, "below": t.below}

    def move_json(self, move: PMove) -> dict[str, Any]:
        return move.to_json()

    def gap_head(self, objective: GameObjective) -> str:
        if objective is PaperbackObjective.VALUE:
            return "gap (value)"
        return f"gap ({'len sc' if objective is PaperbackObjective.LENGTH else 'sc len'})"

    def figures(self, move: PMove) -> tuple[int, int]:
        return move.score, move.length

    def best_text(self, move: PMove) -> str:
        return f"{move.word.upper()} (score {move.score}, length {move.length}, value {move.value:.2f})"

    def row_end(self, turn: Turn) -> str:
        return "  Fame " + "/".join(str(f) for f in turn.scores)


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


PAPERBACK = PaperbackReview()
