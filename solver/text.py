"""Text from people, read the same way everywhere: Unicode normalised or refused, and JSON nesting bounded.

People type card codes and words on phones and in other scripts, and hostile clients send anything. A
fullwidth ``Ｅ`` is the letter E as a keyboard in a CJK input mode types it, so it is read as E (NFKC, the
normalisation that folds such compatibility forms); but a character that cannot be part of a code or a word
(a control character, an invisible formatting mark such as a zero-width joiner or a right-to-left override, a
lone surrogate, a combining mark left over once letters are composed) is refused, with a message naming the
text and the character, rather than read as something else or matched against nothing.

JSON nested deeper than any real input would be is refused before ``json.loads`` recurses into it (Python's
parser recurses once a level, so 100,000 ``[`` exhaust the interpreter's stack): ``check_depth`` measures the
text's bracket depth outside strings, in linear time and constant stack.
"""

from __future__ import annotations

import enum
import unicodedata
from typing import TypeVar

from solver.errors import GhostwriterError, TextError

Choice = TypeVar("Choice", bound=enum.Enum)

FOLD = str.maketrans({"ё": "е"})  # Russian players write е for ё; й stays a letter of its own


def normalize_word(text: str) -> str:
    """The form words are stored and looked up in: NFC, lowercase, ё folded to е."""
    return unicodedata.normalize("NFC", text.strip()).lower().translate(FOLD)


def parse_choice(
    choices: type[Choice], text: str, what: str, error: type[GhostwriterError] = GhostwriterError, quote: bool = False
) -> Choice:
    """The member of the enum ``choices`` whose value ``text`` names (spaces around and case ignored), or ``error``:
    "unknown {what} {text!r}: use a, b or c" (each value quoted with ``quote``)."""
    key = text.strip().lower()
    for choice in choices:
        if key == choice.value:
            return choice
    values = [repr(c.value) if quote else str(c.value) for c in choices]
    listed = f"{', '.join(values[:-1])} or {values[-1]}" if len(values) > 1 else values[0]
    raise error(f"unknown {what} {text!r}: use {listed}")


MAX_DEPTH = 32  # a turn state is 3 or 4 levels deep, a whole game's state about 6

_WHY = {
    "Cc": "a control character",
    "Cf": "an invisible formatting character (such as a zero-width joiner or a right-to-left override)",
    "Cs": "a lone surrogate (half of a character, which cannot stand alone)",
    "Co": "a private-use character",
    "Cn": "not a character Unicode assigns",
    "Mn": "a combining mark that no letter before it takes",
    "Mc": "a combining mark that no letter before it takes",
    "Me": "a combining mark that no letter before it takes",
    "Zl": "a line break",
    "Zp": "a paragraph break",
}
_REPLACEMENT = "\ufffd"  # stands where bytes were not UTF-8: the text was damaged before it arrived


def describe_char(ch: str) -> str:
    """A character as people can read it in a message: its code point and Unicode name."""
    name = unicodedata.name(ch, "")
    return f"U+{ord(ch):04X}" + (f" ({name})" if name else "")


def normalise(text: str, what: str, error: type[GhostwriterError] = TextError) -> str:
    """``text`` in Unicode's NFKC form (fullwidth ``Ｅ`` as ``E``, ``１`` as ``1``, ``ﬁ`` as ``fi``, a letter and
    its combining accent as one letter), or ``error`` naming ``what``, the text and the first character no code
    or word can hold: control and formatting characters, lone surrogates, unassigned and private-use characters,
    combining marks that compose with nothing, line breaks."""
    out = unicodedata.normalize("NFKC", text)
    for i, ch in enumerate(out):
        why = _WHY.get(unicodedata.category(ch))
        if ch == _REPLACEMENT:
            why = "the replacement character, left where bytes were not UTF-8 (send the text as UTF-8)"
        if why is not None:
            raise error(
                f"{what} {text!r} has {describe_char(ch)} at character {i + 1}, {why}: type it without that character"
            )
    return out


def lower_word(text: str, what: str, error: type[GhostwriterError] = TextError) -> str:
    """A word as the word lists hold it (``normalize_word``: lowercase, ё folded to е) once ``normalise`` has read
    it; ``error`` for a letter whose lowercase is two characters (``İ``, whose lowercase is i and a combining dot
    that no list holds: type ``I``)."""
    word = normalise(text, what, error).strip()
    for ch in word:
        if len(ch.lower()) != 1:
            raise error(
                f"{what} {text!r}: {describe_char(ch)} lowercases to {len(ch.lower())} characters "
                f"({ch.lower()!r}), which no word list holds: type the plain letter ({_plain(ch)})"
            )
    return normalize_word(word)


def card_letter(text: str, what: str, error: type[GhostwriterError] = TextError) -> str:
    """One letter as a card shows it: uppercase, with the word lists' fold (``Ё`` as ``Е``); ``error`` for a
    letter whose case does not map one to one (``İ``, ``ß``, dotless ``ı``), which could not match a word."""
    lower = lower_word(text, what, error)
    upper = lower.upper()
    if len(lower) != 1:
        raise error(
            f"{what} {text!r} reads as {lower!r} once normalised (NFKC), and a card has one letter: type the "
            "card's one letter"
        )
    if len(upper) != 1 or upper.lower() != lower:
        raise error(
            f"{what} {text!r}: its capital is {upper!r}, whose small form is {upper.lower()!r}, so it could not "
            f"match a word's letter: type the plain letter ({_plain(text)})"
        )
    return upper


def _plain(text: str) -> str:
    """The letters of ``text`` without their accents or dots, for a suggestion (``İ`` gives ``I``)."""
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch)).upper() or "a letter"


def json_depth(text: str | bytes) -> int:
    """The deepest nesting of arrays and objects in JSON text, brackets inside strings not counted, a closing
    bracket with nothing open ignored (the text need not be valid JSON). Linear and vectorised: a quote counts
    when an even run of backslashes stands before it, and the brackets between an odd and an even counting
    quote are inside a string; a 64 KiB body of brackets, of quotes or of escaped quotes takes a few
    milliseconds, so a hostile body cannot hold the service's event loop (a regular expression for strings
    backtracks: quadratic on a body of escaped quotes)."""
    import numpy as np  # here, not at the top: the command line's --help reads this module and needs no numpy

    data = text if isinstance(text, bytes) else text.encode("utf-8", "surrogatepass")
    codes = np.frombuffer(data, dtype=np.uint8)
    if not codes.size:
        return 0
    where = np.arange(codes.size, dtype=np.int64 if codes.size >= 2**31 else np.int32)
    slash = codes == 0x5C
    # for each byte, the run of backslashes just before it: its index less the last non-backslash before it
    last_other = np.maximum.accumulate(np.where(slash, -1, where))
    run = np.empty_like(where)
    run[0] = 0
    run[1:] = where[:-1] - last_other[:-1]
    quotes = (codes == 0x22) & (run % 2 == 0)
    inside = (np.cumsum(quotes, dtype=where.dtype) - quotes) % 2 == 1  # after an odd number of counting quotes
    # "[" and "{" are 0x5B and 0x7B, "]" and "}" 0x5D and 0x7D: setting bit 0x20 maps each pair, and only it, to one
    pair = codes | 0x20
    steps = ((pair == 0x7B).astype(np.int8) - (pair == 0x7D)) * ~inside
    depth = np.cumsum(steps, dtype=where.dtype)
    depth = depth - np.minimum.accumulate(np.minimum(depth, 0))  # as if each unmatched closing bracket were dropped
    return int(depth.max())


def check_depth(
    text: str | bytes, what: str, limit: int = MAX_DEPTH, error: type[GhostwriterError] = TextError
) -> None:
    """``error`` when the JSON text ``what`` nests arrays and objects deeper than ``limit`` levels; call it before
    ``json.loads``, whose recursion such text would exhaust."""
    opening = text.count(b"[") + text.count(b"{") if isinstance(text, bytes) else text.count("[") + text.count("{")
    if opening <= limit:
        return  # the common case, in two fast passes: too few brackets to nest deeper
    depth = json_depth(text)
    if depth > limit:
        raise error(
            f"{what} is nested {depth} levels deep, and at most {limit} levels are read: give the JSON Ghostwriter "
            "asks for (a turn state nests 3 or 4 levels, a whole game 6)"
        )


def plural(n: int, word: str, many: str = "") -> str:
    """``n`` of a thing in words: "1 coin", "2 coins" (``many``, when given, is the word for any count but 1)."""
    return f"{n} {word if n == 1 else many or word + 's'}"
