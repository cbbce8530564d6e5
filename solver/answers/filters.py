"""The filters the faces put on the ghost writer's answers, written once for the command line and the service:
only words at least so familiar (``familiar``), and only the words the game's rules allow now (``allowed_hint``).
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import numpy.typing as npt

from solver.answers.hint import Answer, hint
from solver.hardback.moves import Move
from solver.lexicon import Lexicon
from solver.search.hardback import Search

EXTRA = 20  # the moves asked for beyond ``top`` when the rules may refuse some of them
MOST = 1000


def familiar(
    lexicon: Lexicon, at_least: float | None, edition: str
) -> tuple[npt.NDArray[np.bool_] | None, npt.NDArray[np.uint8] | None]:
    """The words at least this familiar (a Zipf frequency from wordfreq, Russian's for the ``ru`` edition) as one
    flag a lexicon word (a search's ``allowed``), and each word's familiarity (``hint``'s); both None without a
    threshold."""
    if at_least is None:
        return None, None
    from solver.lexicon.familiarity import familiar_words, familiarity_of  # wordfreq: loaded when asked for

    language = "ru" if edition == "ru" else "en"
    return familiar_words(lexicon, at_least, language), familiarity_of(lexicon, language)


def allowed_hint(search: Search, top: int, allows: Callable[[Move], bool] | None) -> Answer:
    """The ``top`` best moves the game's rules allow now. ``allows`` is the engine's check of a move, for the rules
    the search does not see (an event, Wild Journey's face-down cards, Disfigured Letter's letters:
    ``solver.game.hardback.legal.word_check``); with one, the search is asked for ``EXTRA`` more moves and those
    refused are dropped."""
    if allows is None:
        return hint(search, top)
    answer = hint(search, min(top + EXTRA, MOST))
    answer.moves = [m for m in answer.moves if allows(m)][:top]
    answer.json["moves"] = [m.to_json() for m in answer.moves]
    return answer
