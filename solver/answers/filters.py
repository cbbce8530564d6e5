"""The filters the faces put on the ghost writer's answers, written once for the command line and the service:
only words at least so familiar (``familiar``), and only the words the game's rules allow now (``allowed_hint``).
"""

from __future__ import annotations

import weakref
from collections.abc import Callable
from typing import TYPE_CHECKING

from solver.answers.hint import Answer, hint
from solver.hardback.moves import Move
from solver.lexicon import Lexicon
from solver.search.hardback import Search

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    from solver.search.order import Flags

EXTRA = 20  # the moves asked for beyond ``top`` when the rules may refuse some of them
MOST = 1000


def familiar(
    lexicon: Lexicon, at_least: float | None, edition: str, allow_offensive: bool = False
) -> tuple[Flags | None, npt.NDArray[np.uint8] | None]:
    """The words a hint may show as one flag a lexicon word (a search's ``allowed``; None: every word), and each
    word's familiarity (``hint``'s; None without a threshold): the words at least ``at_least`` familiar (a Zipf
    frequency from wordfreq, Russian's for the ``ru`` edition), and none of the shipped offensive words unless
    ``allow_offensive``."""
    language = "ru" if edition == "ru" else "en"
    allowed = None if allow_offensive else inoffensive(lexicon, language)
    if at_least is None:
        return allowed, None
    import numpy as np

    from solver.lexicon.familiarity import familiar_words, familiarity_of  # wordfreq: loaded when asked for

    flags = familiar_words(lexicon, at_least, language)
    return (flags if allowed is None else flags & np.frombuffer(allowed, np.bool_)), familiarity_of(lexicon, language)


# a lexicon's flags by language, made once: looking up the ~900 words of a list cost a hint 1.5 ms. Held by the
# lexicon itself (a lexicon freed and another made at its address must not be given the first one's flags)
_FLAGS: weakref.WeakKeyDictionary[Lexicon, dict[str, bytes | None]] = weakref.WeakKeyDictionary()


def inoffensive(lexicon: Lexicon, language: str) -> bytes | None:
    """One flag a lexicon word, a byte each: 0 for the shipped list's offensive words of ``language``, 1 for the
    others (None: none of them is in the lexicon, so every word is allowed). Made once a lexicon and language, and
    read-only (bytes, which numpy reads as bools: ``np.frombuffer(flags, np.bool_)``): every search given it shares
    it."""
    known = _FLAGS.setdefault(lexicon, {})
    if language in known:
        return known[language]
    from wordlists.offensive import list_key, offensive_words

    found = lexicon.found(list_key(language), lambda: offensive_words(language))
    flags: bytes | None = None
    if found:
        marks = bytearray(b"\x01") * len(lexicon)
        for i in found:
            marks[i] = 0
        flags = bytes(marks)
    known[language] = flags
    return flags


def allowed_hint(search: Search, top: int, allows: Callable[[Move], bool] | None) -> Answer:
    """The ``top`` best moves the game's rules allow now. ``allows`` is the engine's check of a move, for the rules
    the search does not see (an event, Wild Journey's face-down cards, Disfigured Letter's letters:
    ``solver.game.hardback.legal.word_check``); with one, the search is asked for ``EXTRA`` more moves and those
    refused are dropped. The shipped offensive words are left out, as in any hint."""
    if search.allowed is None:
        search.allowed = inoffensive(search.lexicon, "ru" if search.state.options.edition == "ru" else "en")
    if allows is None:
        return hint(search, top)
    answer = hint(search, min(top + EXTRA, MOST))
    answer.moves = [m for m in answer.moves if allows(m)][:top]
    answer.json["moves"] = [m.to_json() for m in answer.moves]
    return answer
