"""The engine's refusals in the terminal's own notation: a layout's entries are letters of the word (``letter 3
(L)``, not ``layout[2]``) and a face is written as ``play`` takes it (``N/wild``, not ``"face": "wild"``)."""

from __future__ import annotations

import re

_ENTRY = re.compile(r"layout\[(\d+)\](?: \(letter (\w)\))?")
_FACE_UP = re.compile(r'(\S+) shows (\S+) face-up, not (\S+); play it face-down with "face": "wild"')
_FACE = re.compile(r'"face": "(wild|uncovered|up)"')


def terminal_words(message: str) -> str:
    """``message`` with the JSON layout's notation put as the terminal types it."""
    message = _FACE_UP.sub(r"\1 shows \2 face-up, not \3; lay it face-down as \1/wild", message)
    message = _ENTRY.sub(_letter, message)
    return _FACE.sub(lambda m: "face-up" if m.group(1) == "up" else f"CODE/{m.group(1)}", message)


def _letter(m: re.Match[str]) -> str:
    n = int(m.group(1)) + 1
    return f"letter {n} ({m.group(2).upper()})" if m.group(2) else f"letter {n}"
