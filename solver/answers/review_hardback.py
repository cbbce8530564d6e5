"""Hardback's part of a review (``solver.answers.review``): a turn answered by the exact search, as
``solver.answers.hint.rate`` answers a played word.

The word is rated as it was played: laid out as the spell action laid it, with the choices its layout made (the
player's) and those it left open, the classics in play's included, made as the engine made them then (for the spell
action's own objective and weights); it is not re-laid at its best. It is valued from its outcome as the engine
resolved it (``value_of`` its totals under the search's ranking weights, the sum the search maximises) and ranked by
``Search.standing``: how many words have a best arrangement worth more (tied words share a rank). Its gap to the best
move is in the objective's own terms: value, or prestige and coins.
"""

from __future__ import annotations

from typing import Any

from solver.answers.review import Cancel, GameReview, Limit, PlayedTurn, Searched, TurnReview
from solver.hardback.moves import Move, gap, layout_json, move_of, summarize, value_of
from solver.hardback.objectives import Objective
from solver.hardback.outcome import Outcome
from solver.hardback.resolve import EPS
from solver.hardback.state import TurnState
from solver.lexicon import Lexicon
from solver.objectives import GameObjective
from solver.search.hardback import Search

Turn = PlayedTurn[TurnState, Outcome]
Reviewed = TurnReview[TurnState, Outcome, Move]


class HardbackReview(GameReview[TurnState, Outcome, Move]):
    as_played = (
        "each word is rated as it was played: laid out as the spell laid it, with the choices it made and those it "
        "left open (the classics in play's included) made as the engine made them then"
    )
    not_exact = (
        "some turns' searches stopped at the time limit: their ranks and best moves are the best found, not proven "
        "best (exact false)"
    )
    ranks = "rank 1 = best, tied words share a rank"
    head = ()
    scores = "scores"
    progress = "prestige"
    columns = ("p", "c")
    gap_width = 12

    def search(
        self, lexicon: Lexicon, state: TurnState, objective: GameObjective, limit: Limit, cancel: Cancel
    ) -> Search:
        assert isinstance(objective, Objective)
        return Search(lexicon, state, objective, time_limit=limit, cancel=cancel)

    def rate(
        self, search: Searched[Move], turn: Turn, played: Outcome, objective: GameObjective, limit: Limit
    ) -> Reviewed:
        """The word valued from its outcome as the engine resolved it and ranked by ``Search.standing``."""
        assert isinstance(search, Search)
        move = move_of(played, search.value_weights)
        score = value_of(played.totals, search.weights)
        better, top = search.standing(score)
        move.rank = better + 1
        best = search.move(top) if top is not None and top.value > score + EPS else move
        best.rank = 1
        return TurnReview(self, turn, move, best, move.rank, self.gap(objective, best, move), search.exact)

    def gap(self, objective: GameObjective, best: Move | None, played: Move | None) -> dict[str, float | int]:
        assert isinstance(objective, Objective)
        if played is None:
            return pass_gap(best, objective)
        assert best is not None
        return gap(best, played, objective)

    def played_json(self, t: Reviewed) -> dict[str, Any]:
        p = t.played
        return {
            "value": round(p.value, 6) if p is not None else None,
            "played": self.move_json(p) if p is not None else None,
        }

    def rank_json(self, t: Reviewed) -> dict[str, Any]:
        return {"rank": t.rank}

    def move_json(self, move: Move) -> dict[str, Any]:
        """A move in short: its word, prestige, coins, value, and its layout (as a spell action lays it out)."""
        return {
            "word": move.word,
            "prestige": move.prestige,
            "coins": move.coins,
            "value": round(move.value, 6),
            "layout": layout_json(move),
        }

    def gap_head(self, objective: GameObjective) -> str:
        return "gap (value)" if objective is Objective.VALUE else "gap (p c)"

    def figures(self, move: Move) -> tuple[int, int]:
        return move.prestige, move.coins

    def differs(self, best: Move, played: Move) -> str:
        return layout_difference(best, played) + worth_apart(best, played)

    def best_text(self, move: Move) -> str:
        """The best move, and each card of it that is not in the hand shown, with where it comes from (an inked
        card, a classic of yours in play, an opponent's classic): the word is then not the hand's alone."""
        own = {"inked": "inked", "mine": "your classic", "other": "opponent's classic"}
        extra = [f"{c.code} {own[c.source]}" for c in [*move.cards, *move.in_play] if c.source in own]
        uses = f"; uses {', '.join(extra)}" if extra else ""
        return f"{move.word.upper()} ({move.prestige}p {move.coins}c, value {move.value:.2f}{uses})"


def layout_difference(best: Move, played: Move) -> str:
    """The same word laid out two ways: each letter whose card, face or choices differ, the best's way first
    ("letter 3: a:A5 face-up, played wild"); "" for two different words."""
    if best.word != played.word:
        return ""
    out = []
    for i, (b, p) in enumerate(zip(layout_json(best), layout_json(played), strict=False)):
        if b == p:
            continue
        keys = [k for k in ("code", "face", "either", "token", "trash", "double") if b.get(k) != p.get(k)]
        said = ", ".join(f"{k} {b.get(k, '-')} (played {p.get(k, '-')})" for k in keys if k != "source")
        out.append(f"letter {i + 1}: {said}")
    return f"; same word, laid out otherwise: {'; '.join(out)}" if out else ""


def worth_apart(best: Move, played: Move) -> str:
    """Two moves of equal prestige and coins whose values differ: what the best one gains or spends otherwise
    (tokens, classics, trashes), so that no gap is left unexplained; "" when their totals differ."""
    if (best.prestige, best.coins) != (played.prestige, played.coins):
        return ""

    def parts(m: Move) -> list[str]:
        trashed = [f"trashes {', '.join(m.totals.trashed)}"] if m.totals.trashed else []
        return [*summarize(m), *trashed]

    gains = [x for x in parts(best) if x not in parts(played)]
    lacks = [x for x in parts(played) if x not in parts(best)]
    said = ["the best " + ", ".join(gains)] if gains else []
    said += ["the played " + ", ".join(lacks)] if lacks else []
    return f"; equal prestige and coins: {'; '.join(said)}" if said else ""


def pass_gap(best: Move | None, objective: Objective) -> dict[str, float | int]:
    """A pass's gap: the whole of the best move, in the objective's own terms (nothing when no word could be
    spelled)."""
    if objective is Objective.VALUE:
        return {"value": round(best.value, 6) if best is not None else 0.0}
    return {"prestige": best.prestige if best else 0, "coins": best.coins if best else 0}


HARDBACK = HardbackReview()
