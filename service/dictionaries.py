"""The word lists a service offers, loaded once and shared by every request."""

from __future__ import annotations

from dataclasses import dataclass

from service.errors import FieldError
from service.settings import DEFAULT_DICTIONARY
from solver.lexicon import Lexicon, default_lexicon, load_word_file, registry
from wordlists import SHIPPED

BUILTIN = "builtin:"  # NAME=builtin:ru offers a named dictionary (see ghostwriter dictionaries)


@dataclass(frozen=True)
class Dictionary:
    name: str
    lexicon: Lexicon
    licence: str
    source: str
    language: str = "en"  # ru: a request that names no edition plays the Russian one

    def to_json(self, default: str) -> dict[str, object]:
        return {
            "name": self.name,
            "language": self.language,
            "words": len(self.lexicon),
            "licence": self.licence,
            "source": self.source,
            "sha256": self.lexicon.sha256,
            "default": self.name == default,
        }


class Dictionaries:
    """The shipped ENABLE list and any house lists, by name."""

    def __init__(self, extra: dict[str, str]) -> None:
        self.default = DEFAULT_DICTIONARY
        shipped = SHIPPED[DEFAULT_DICTIONARY]
        self._by_name: dict[str, Dictionary] = {
            DEFAULT_DICTIONARY: Dictionary(DEFAULT_DICTIONARY, default_lexicon(), shipped.licence, shipped.source)
        }
        for name, path in extra.items():
            if path.startswith(BUILTIN):  # a named dictionary of ghostwriter dictionaries, built once and cached
                entry = registry.entry(path[len(BUILTIN) :])
                lex = registry.load(entry.name, progress=False)
                self._by_name[name] = Dictionary(name, lex, entry.licence, entry.provenance, entry.language)
                continue
            lex = load_word_file(path)
            self._by_name[name] = Dictionary(name, lex, "as given by the operator", f"file {path}", language_of(lex))

    def get(self, name: str | None) -> Dictionary:
        key = (name or self.default).strip().lower()
        found = self._by_name.get(key)
        if found is None:
            here = ", ".join(self.names)
            raise FieldError("dictionary", f"unknown dictionary {name!r}: the dictionaries here are {here}")
        return found

    @property
    def names(self) -> list[str]:
        return list(self._by_name)

    def to_json(self) -> list[dict[str, object]]:
        return [d.to_json(self.default) for d in self._by_name.values()]


def load(extra: dict[str, str]) -> Dictionaries:
    """The dictionaries with the tables their searches make once a list (Paperback's word ends, 0.3 s for
    ENABLE, and its words' alphabetical order, 0.1 s, which every-word lists read), for a search worker
    (``service.pool``): ``functools.partial(load, extra)`` is its loader. (Made at the first request instead, they
    were that request's time: a short time limit's worker was killed for it on a busy machine.)"""
    from solver.search.paperback import word_ends
    from solver.search.paperback.every import alphabetical

    dictionaries = Dictionaries(extra)
    for name in dictionaries.names:
        word_ends(dictionaries.get(name).lexicon)
        alphabetical(dictionaries.get(name).lexicon)
    return dictionaries


def language_of(lexicon: Lexicon) -> str:
    """The language a house list is written in, as far as the edition goes: ru when most of its letters are
    Cyrillic, else en."""
    cyrillic = sum(1 for ch in lexicon.alphabet if "\u0400" <= ch <= "\u04ff")
    return "ru" if cyrillic * 2 > len(lexicon.alphabet) else "en"
