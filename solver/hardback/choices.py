"""The free choices a card of a word offers, as the player makes them.

The rulebook leaves these to the player, card by card: coins or prestige on an "either" card (``either``), ink or
remover on a Horror card's token (``token``), whether to trash an Adventure card for its trash benefit
(``trash``), and which neighbour a doubler doubles (``double``: ``left`` or ``right``, one for each doubling the
card has in effect). A choice left out is made by the objective, as the ghost writer makes it. A card with two
either (or token) benefits in effect, its basic one and its genre's, takes one answer for both or a list of two,
the basic benefit's first.

JSON form: keys of a layout entry, beside its code, face and source::

    {"code": "horror:O4", "either": "coins"}
    {"code": "horror:H7", "token": "remover"}
    {"code": "adventure:F8", "trash": false}
    {"code": "romance:F6", "double": "left"}          (or ["left", "right"] for a card that doubles twice)
    {"code": "horror:O4", "either": ["coins", "prestige"]}   (its basic benefit to coins, its genre's to prestige)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from solver.errors import GhostwriterError

EITHER = ("coins", "prestige")
TOKEN = ("ink", "remover")
SIDES = ("left", "right")
KEYS = ("either", "token", "trash", "double")


class ChoiceError(GhostwriterError):
    """A choice that cannot be read, or that the card does not offer."""


@dataclass(frozen=True)
class CardChoices:
    """One card's choices; None where the player leaves the choice to the objective."""

    either: tuple[str, ...] | None = None  # one for all the card's either benefits, or one each
    token: tuple[str, ...] | None = None
    trash: bool | None = None
    double: tuple[str, ...] | None = None  # one a doubling

    @property
    def empty(self) -> bool:
        return self.either is None and self.token is None and self.trash is None and self.double is None

    def to_json(self) -> dict[str, Any]:
        """The choices made, as layout-entry keys (``double`` a string for one doubling, else a list)."""
        out: dict[str, Any] = {}
        for key, value in (("either", self.either), ("token", self.token), ("double", self.double)):
            if value is not None:
                out[key] = value[0] if len(value) == 1 else list(value)
        if self.trash is not None:
            out["trash"] = self.trash
        return {k: out[k] for k in KEYS if k in out}

    def pick(self, key: str, n: int) -> str | None:
        """The answer for the n-th (from 0) either or token benefit of the card (one answer serves them all)."""
        value: tuple[str, ...] | None = getattr(self, key)
        if value is None:
            return None
        return value[min(n, len(value) - 1)]

    def describe(self) -> str:
        """The choices in words (for errors and the terminal)."""
        parts = []
        if self.either is not None:
            parts.append(" and ".join(self.either))
        if self.token is not None:
            parts.append(" and ".join(self.token))
        if self.trash is not None:
            parts.append("trash it" if self.trash else "keep it")
        if self.double is not None:
            parts.append("double " + " and ".join(self.double))
        return ", ".join(parts)


def read_choices(entry: dict[str, Any], where: str) -> CardChoices | None:
    """The choices of a layout entry (None when it makes none); a ``ChoiceError`` naming ``where``."""
    if all(entry.get(k) is None for k in KEYS):
        return None
    trash = entry.get("trash")
    if trash is not None and not isinstance(trash, bool):
        raise ChoiceError(f'{where}: "trash" must be true (trash the card for its benefit) or false (keep it)')
    return CardChoices(
        _answers(entry, "either", EITHER, where, "for each of the card's coins-or-prestige benefits"),
        _answers(entry, "token", TOKEN, where, "for each of the card's ink-or-remover benefits"),
        trash,
        _answers(entry, "double", SIDES, where, "for a card that doubles more than once (the neighbour it doubles)"),
    )


def _answers(
    entry: dict[str, Any], key: str, allowed: tuple[str, ...], where: str, each: str
) -> tuple[str, ...] | None:
    """A choice's answers: one of ``allowed``, or a list of them (one for each benefit)."""
    value = entry.get(key)
    if value is None:
        return None
    items = [value] if isinstance(value, str) else value
    if not isinstance(items, list) or not 1 <= len(items) <= 4 or any(x not in allowed for x in items):
        kinds = {bool: "true or false", int: "a number", float: "a number", list: "a list", dict: "an object"}
        given = repr(value[:40]) if isinstance(value, str) else kinds.get(type(value), "that")  # never a deep echo
        raise ChoiceError(f'{where}: "{key}" must be {" or ".join(allowed)}, or a list of them {each}; not {given}')
    return tuple(items)
