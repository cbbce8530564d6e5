"""The dictionaries Ghostwriter knows by name: the shipped ENABLE, and lists built once from openly licensed
packages (``wordlists/sources.py``: Russian from OpenCorpora or hunspell, British and larger English lists from
SCOWL, German and French from hunspell), then cached compiled and loaded memory-mapped.

A table may also play with a house list: any dictionary with extra words added and banned words taken out
(``house``), itself cached by its content.
"""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass
from pathlib import Path

from solver.cache import cache_root
from solver.errors import LexiconError
from solver.lexicon.lexicon import (
    FORMAT_VERSION,
    Lexicon,
    default_lexicon,
    load_lexicon,
    load_word_file,
    parse_words,
    read_word_file,
    remove_folder,
    store,
)
from solver.text import normalize_word

ALIASES = {
    "ru": "ru-opencorpora",
    "ru-nouns": "ru-opencorpora-nouns",
    "en-gb": "en-gb-scowl70",
    "en-large": "en-scowl80",
    "de": "de-hunspell",
    "fr": "fr-hunspell",
}


@dataclass(frozen=True)
class Entry:
    name: str
    language: str
    description: str
    licence: str
    provenance: str
    requires: str
    aliases: tuple[str, ...] = ()

    @property
    def edition(self) -> str:
        """The Hardback edition a dictionary implies (``--dictionary ru`` plays the Russian edition)."""
        return "ru" if self.language == "ru" else "en"

    def to_json(self) -> dict[str, object]:
        built = _built(self.name)
        return {
            "name": self.name,
            "aliases": list(self.aliases),
            "language": self.language,
            "description": self.description,
            "licence": self.licence,
            "provenance": self.provenance,
            "requires": self.requires,
            "built": built is not None,
            "words": built,
        }


def _shipped() -> Entry:
    from wordlists import SHIPPED

    enable = SHIPPED["enable"]
    return Entry(
        "enable", "en", "ENABLE, the default: North American English, 172,820 words", enable.licence, enable.source,
        "shipped",
    )


def entries() -> list[Entry]:
    """Every dictionary this installation knows, the shipped one first."""
    from wordlists.sources import available

    out = [_shipped()]
    for s in available():
        aliases = tuple(a for a, n in ALIASES.items() if n == s.name)
        out.append(Entry(s.name, s.language, s.description, s.licence, s.provenance, s.requires, aliases))
    return out


def entry(name: str) -> Entry:
    key = ALIASES.get(name.strip().lower(), name.strip().lower())
    if key == "enable":  # the default, known without the sources' module (the first answer's time)
        return _shipped()
    for e in entries():
        if e.name == key:
            return e
    known = ", ".join(e.name for e in entries()) + " (aliases: " + ", ".join(ALIASES) + ")"
    raise LexiconError(f"unknown dictionary {name!r}: the dictionaries are {known}; see ghostwriter dictionaries")


def _folder(name: str) -> Path:
    return cache_root() / "named" / f"{name}-v{FORMAT_VERSION}"


def _built(name: str) -> int | None:
    if name == "enable":
        return 172_820
    meta = _folder(name) / "meta.json"
    if not meta.exists():
        return None
    try:
        words: int = json.loads(meta.read_text(encoding="utf-8"))["words"]
        return words
    except (OSError, ValueError, KeyError):
        return None


def load(name: str, progress: bool = True) -> Lexicon:
    """A dictionary by name (or alias): from the cache when built, else built once (with a progress bar on a
    terminal) and cached."""
    e = entry(name)
    if e.name == "enable":
        return default_lexicon()
    folder = _folder(e.name)
    if (folder / "meta.json").exists():
        try:
            return Lexicon.open(folder, e.name)
        except (OSError, ValueError, KeyError):
            remove_folder(folder)
    from wordlists.sources import words

    show = progress and sys.stderr.isatty()
    state = {"last": 0.0}

    def report(done: int, total: int) -> None:
        import time

        now = time.monotonic()
        if show and (now - state["last"] > 0.2 or done >= total):
            state["last"] = now
            width = 28
            filled = int(width * done / total) if total else width
            sys.stderr.write(f"\rbuilding {e.name}: [{'#' * filled}{'.' * (width - filled)}] {done}/{total}")
            sys.stderr.flush()

    print(f"ghostwriter: building the {e.name} dictionary once ({e.requires}); it is cached after", file=sys.stderr)
    wl = parse_words(words(e.name, report), e.name)
    if show:
        sys.stderr.write("\n")
    lex = Lexicon.build(wl)
    why = store(lex, folder, replace=True)
    if why is not None:
        where = folder.parent
        print(f"ghostwriter: warning: cannot cache the {e.name} dictionary in {where} ({why})", file=sys.stderr)
        return lex
    return Lexicon.open(folder, e.name)


def house(base: Lexicon, extra: list[str], banned: list[str], name: str | None = None) -> Lexicon:
    """A house list: ``base`` with ``extra`` words added and ``banned`` words taken out (cached by content)."""
    add = {normalize_word(w) for w in extra if w.strip()}
    ban = {normalize_word(w) for w in banned if w.strip()}
    words = (set(base.words()) | add) - ban
    if not words:
        raise LexiconError("the house list holds no words once the banned words are taken out")
    data = "\n".join(sorted(words)).encode("utf-8")
    import hashlib  # only for a house list: a hint over a shipped list hashes nothing

    tag = hashlib.sha256(data).hexdigest()[:8]
    return load_lexicon(data, name or f"{base.name}+house-{tag}")


def read_word_args(values: list[str]) -> list[str]:
    """Words given on the command line: each value a word, or @FILE for a file of words (one a line)."""
    out: list[str] = []
    for v in values:
        if v.startswith("@"):
            text = read_word_file(v[1:]).decode("utf-8", errors="replace")
            out.extend(line.strip() for line in text.splitlines() if line.strip())
        else:
            out.extend(x for x in v.replace(",", " ").split() if x)
    return out




@dataclass(frozen=True)
class LexiconChoice:
    """The word list a command plays with: a named dictionary, a word file, or ENABLE when neither is given, with
    house extras and bans on top. It is small, hashable and picklable, so a tournament's worker processes (or a
    Dask cluster's workers) load the same list from it; a game saved by ``ghostwriter play`` records it."""

    dictionary: str | None = None
    words: str | None = None
    extra: tuple[str, ...] = ()
    banned: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if self.dictionary and self.words:
            raise LexiconError("give either --words FILE or --dictionary NAME, not both")

    @property
    def edition(self) -> str | None:
        """The Hardback edition a named dictionary implies (None for a word file or ENABLE: no implication)."""
        return entry(self.dictionary).edition if self.dictionary else None

    def load(self) -> Lexicon:
        if self.dictionary:
            lexicon = load(entry(self.dictionary).name)
        else:
            lexicon = load_word_file(self.words) if self.words else default_lexicon()
        if self.extra or self.banned:
            lexicon = house(lexicon, list(self.extra), list(self.banned))
        return lexicon

    def __call__(self) -> Lexicon:
        return self.load()

    def to_json(self) -> dict[str, object]:
        return {
            "dictionary": self.dictionary,
            "words": str(Path(self.words).resolve()) if self.words else None,
            "extra": list(self.extra),
            "banned": list(self.banned),
        }

    @staticmethod
    def from_json(data: object) -> LexiconChoice:
        """A choice as ``to_json`` wrote it; ``LexiconError`` naming the field that is wrong."""
        if not isinstance(data, dict):
            raise LexiconError('a word-list choice is an object {"dictionary", "words", "extra", "banned"}')
        name, words = data.get("dictionary"), data.get("words")
        for key, value in (("dictionary", name), ("words", words)):
            if value is not None and not isinstance(value, str):
                raise LexiconError(f"the word-list choice's {key} must be a string or null")
        lists: dict[str, tuple[str, ...]] = {}
        for key in ("extra", "banned"):
            value = data.get(key, [])
            if not isinstance(value, list) or not all(isinstance(w, str) for w in value):
                raise LexiconError(f"the word-list choice's {key} must be a list of words")
            lists[key] = tuple(value)
        return LexiconChoice(name or None, words or None, lists["extra"], lists["banned"])

