"""How familiar each word of a lexicon is, from real frequency data (the ``wordfreq`` package).

A word's familiarity is its Zipf frequency in the language (about 7 for "the", 3 for a word met now and then in
print, 0 for words wordfreq has never seen), stored as tenths in one byte a word and cached beside the compiled
lexicon. Russian forms are looked up with ё folded to е, as the lexicon stores them (a form's variants summed).
"""

from __future__ import annotations

import math
import sys
from pathlib import Path

import numpy as np
import numpy.typing as npt

from solver.cache import cache_root
from solver.errors import GhostwriterError
from solver.files import FileError, replacing
from solver.lexicon.lexicon import FORMAT_VERSION, Lexicon
from solver.text import normalize_word

LANGUAGES = ("en", "ru", "de", "fr")


class FamiliarityError(GhostwriterError):
    """Familiarity that cannot be had (an unknown language, wordfreq missing)."""


def familiarity(lex: Lexicon, language: str = "en", cache: Path | None = None) -> npt.NDArray[np.uint8]:
    """Zipf frequency x 10 of every word of the lexicon (by index), 0 for unknown words; computed once, cached."""
    if language not in LANGUAGES:
        raise FamiliarityError(f"no frequency data for language {language!r}: use one of {', '.join(LANGUAGES)}")
    root = cache if cache is not None else cache_root()
    path = root / "familiarity" / f"{lex.sha256}-{language}-v{FORMAT_VERSION}.npy"
    if path.exists():
        try:
            return np.asarray(np.load(path, mmap_mode="r"), dtype=np.uint8)
        except (OSError, ValueError):
            path.unlink(missing_ok=True)
    freq = _frequencies(language)
    out = np.zeros(len(lex), dtype=np.uint8)
    for i in range(len(lex)):
        f = freq.get(lex.word(i), 0.0)
        if f > 0:
            out[i] = max(1, min(255, round(10 * (math.log10(f) + 9))))
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with replacing(path) as tmp, tmp.open("wb") as stream:  # whole or not at all (solver.files)
            np.save(stream, out)
    except OSError as e:
        print(f"ghostwriter: warning: cannot cache word familiarity in {root} ({e.strerror})", file=sys.stderr)
    except FileError as e:
        print(f"ghostwriter: warning: cannot cache word familiarity ({e})", file=sys.stderr)
    return out


def _frequencies(language: str) -> dict[str, float]:
    try:
        import wordfreq
    except ImportError:
        raise FamiliarityError(
            "word familiarity needs the wordfreq package: pip install 'ghostwriter[familiar]'"
        ) from None
    raw: dict[str, float] = wordfreq.get_frequency_dict(language, wordlist="large")
    out: dict[str, float] = {}
    for word, f in raw.items():
        key = normalize_word(word)
        out[key] = out.get(key, 0.0) + f
    return out


familiarity_of = familiarity  # a name that does not shadow the arrays callers keep


def familiar_words(lex: Lexicon, threshold: float, language: str = "en") -> npt.NDArray[np.bool_]:
    """One flag a word: is it at least as familiar as ``threshold`` (a Zipf frequency, e.g. 3)?"""
    if not 0 <= threshold <= 8:
        raise FamiliarityError("the familiarity threshold is a Zipf frequency from 0 to 8 (3: a word met now and then)")
    flags: npt.NDArray[np.bool_] = familiarity(lex, language) >= round(threshold * 10)
    return flags
