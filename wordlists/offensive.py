"""The shipped lists of offensive words: LDNOOBW's English and Russian lists, their one-word entries
(``offensive-en.txt``, ``offensive-ru.txt``), and the slurs LDNOOBW lacks that ENABLE holds
(``offensive-en-house.txt``, the project's own); provenance, licences and sha256 in ``wordlists/README.md``.
Ghostwriter keeps these words out of its close-word suggestions always, and out of hints and the bots' words
unless asked (``--allow-offensive``, the service's ``allow_offensive``)."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from solver.text import normalize_word

# language: its files (LDNOOBW's, then the project's own additions) with the sha256 of each (checked by the tests,
# as ENABLE's is: hashing them on every start would cost each command line's first answer)
LISTS = {
    "en": (
        ("offensive-en.txt", "92a83fd95ff5501a1b0d100c16a855b6690a2138f9719a39854c0c186fca7630"),
        ("offensive-en-house.txt", "07e1019520e43119e85553bcf913d4b19bb49a3b5c08f82f922cc8e54fa40900"),
    ),
    "ru": (("offensive-ru.txt", "ed23d4e39ace9d5026b72c464a9a89578ecffda21ef0b3ce62ee1b7987ad2f43"),),
}
PLURALS = {"en": ("s", "es")}  # the lists hold the singular: "-s" and "-es" forms count too


@cache
def offensive_words(language: str = "") -> frozenset[str]:
    """The offensive words of ``language`` (``en``, ``ru``; any other language has none), or of every list
    when ``language`` is empty; as the lexicon stores words (``normalize_word``: lowercase, ё as е)."""
    if not language:
        return frozenset().union(*(offensive_words(lang) for lang in LISTS))
    if language not in LISTS:
        return frozenset()
    words: set[str] = set()
    for file, _ in LISTS[language]:
        data = (Path(__file__).parent / file).read_bytes()
        words.update(normalize_word(w) for w in data.decode("utf-8").split())
    return frozenset(words | {w + end for w in words for end in PLURALS.get(language, ())})


def list_key(language: str) -> str:
    """A name for the offensive words of ``language`` that changes whenever they do (their files' recorded sha256
    and the plural endings): what a lexicon remembers their indices under (``Lexicon.found``)."""
    languages = [language] if language else sorted(LISTS)
    files = [digest[:16] for lang in languages for _, digest in LISTS.get(lang, ())]
    endings = [end for lang in languages for end in PLURALS.get(lang, ())]
    return "_".join(["offensive", language or "all", *files, *endings])
