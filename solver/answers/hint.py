"""Answers to the questions people ask of a turn, in the JSON form the command line and the service share.

``hint``: the best moves (or the prestige/coins frontier); ``rate``: how a played word ranks. Each returns the
moves as objects (for tables) beside the JSON answer, which says whether it is exact and, when there is no
move, why.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from solver.errors import GhostwriterError
from solver.hardback.moves import Move
from solver.hardback.state import TurnState
from solver.search.hardback import Search
from solver.text import lower_word

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt


@dataclass
class Answer:
    moves: list[Move]
    json: dict[str, Any]


def hint(search: Search, top: int, pareto: bool = False, familiarity: npt.NDArray[np.uint8] | None = None) -> Answer:
    """The ``top`` best moves by the search's objective, or with ``pareto`` the prestige/coins frontier; with a
    familiarity array (``solver.lexicon.familiarity``) each move says how familiar its word is (Zipf frequency)."""
    moves = search.pareto() if pareto else search.top(top)
    out: dict[str, Any] = {
        "moves": [m.to_json() for m in moves],
        "objective": "pareto" if pareto else search.objective.value,
    }
    if familiarity is not None:
        for m, j in zip(moves, out["moves"], strict=True):
            i = search.lexicon.index(m.word)
            j["familiarity"] = None if i is None else float(familiarity[i]) / 10.0
    _finish(search, out)
    return Answer(moves, out)


def rate(search: Search, word: str, arrangement: object = None) -> tuple[Answer, Move]:
    """A played word: its best arrangement (or the one given), its rank among all words and the gap to the best.

    Returns the answer, whose moves are the played move and then the best move, and the best move. The word is
    read as the word lists hold it (``solver.text.lower_word``: ``ＫＨＡＦＳ`` is khafs, ``Ёлка`` is елка).
    """
    word = lower_word(word, "word", GhostwriterError)
    rating = search.rate(word, arrangement=arrangement)
    out: dict[str, Any] = {
        "word": rating.move.word,
        "played": rating.move.to_json(),
        "best": rating.best.to_json(),
        "moves": [rating.best.to_json()],  # the command line's earlier form: the best move, as in a hint
        "rank": rating.rank,
        "gap": rating.gap,
        "objective": search.objective.value,
    }
    _finish(search, out)
    return Answer([rating.move, rating.best], out), rating.best


def inexact_warning(time_limit: float | None) -> str:
    return (
        f"the search stopped at its time limit ({time_limit or 0:g} s): these are the best moves found, not proven "
        "best; allow more time for an exact answer"
    )


def no_move_reason(state: TurnState) -> str:
    if state.inked:
        return (
            "no word in the dictionary uses every inked card face-up "
            f"({', '.join(c.code for c in state.inked)}) with {state.remover} remover(s) to free some"
        )
    return "no word in the dictionary can be spelled with these cards at the minimum length"


def _finish(search: Search, out: dict[str, Any]) -> None:
    out["exact"] = search.exact
    if not search.exact:
        out["warning"] = inexact_warning(search.time_limit)
    elif "moves" in out and not out["moves"]:
        out["reason"] = no_move_reason(search.state)
