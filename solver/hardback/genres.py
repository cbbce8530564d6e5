"""The four genres of Hardback, by their English and Russian names and initials."""

from __future__ import annotations

import enum

from solver.errors import CardCodeError
from solver.text import normalise


class Genre(enum.Enum):
    """The four genres of Hardback. Starter cards have no genre (``None``)."""

    __hash__ = object.__hash__  # members are singletons: hashed by identity (Enum's own hashes the name in Python)

    ADVENTURE = "adventure"
    HORROR = "horror"
    MYSTERY = "mystery"
    ROMANCE = "romance"

    @classmethod
    def parse(cls, text: str) -> Genre | None:
        """A genre from its name or initial, case-insensitive, in English or Russian (Приключения, Ужасы,
        Детективы, Романы; п, у, д, р); ``None`` for starters."""
        if text in _NAMES:
            return _NAMES[text]
        t = normalise(text, "genre", CardCodeError).strip().lower()
        if t in STARTER_NAMES:
            return None
        for g in cls:
            if t in (g.value, g.value[0], *RUSSIAN_GENRES[g.value]):
                return g
        raise CardCodeError(
            f"unknown genre {text!r}: use adventure (a), horror (h), mystery (m), romance (r) or starter"
        )


STARTER_NAMES = ("starter", "s", "", "стартовая", "с")

RUSSIAN_GENRES = {
    "adventure": ("приключения", "п"),
    "horror": ("ужасы", "у"),
    "mystery": ("детективы", "детектив", "д"),
    "romance": ("романы", "роман", "р"),
}

# the names as written in the catalogue and the usual codes, read without normalising (the catalogue reads ~160)
_NAMES: dict[str, Genre | None] = {
    **dict.fromkeys(STARTER_NAMES),
    **{name: g for g in Genre for name in (g.value, g.value[0], *RUSSIAN_GENRES[g.value])},
}
