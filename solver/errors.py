"""The errors Ghostwriter raises on bad input.

Every error is a ``ValueError`` whose message names the offending input and how to fix it, so the command
line and the service can show it as it is.
"""


class GhostwriterError(ValueError):
    """Base class of every input error."""


class CardCodeError(GhostwriterError):
    """A card code or an inline card that cannot be read, or names no card."""


class StateError(GhostwriterError):
    """A turn state that is not valid."""


class LexiconError(GhostwriterError):
    """A word list that cannot be read or holds no words."""


class TextError(GhostwriterError):
    """Text that cannot be read: a character no code or word can hold, or JSON nested deeper than any input."""
