"""A word as someone laid it out: which card at which letter, face-up, wild or uncovered.

People rating a played word may say how they played it. ``read_arrangement`` turns that into the search's
placement, checking what the rules demand of a layout (a face-up card shows its own letter, only cards from
the hand or drawn with ink go face-down, no card is used more often than the state holds it, inked cards are
face-up or freed by a remover, every uncovered card has an uncoverer beside it); the resolver then makes the
remaining choices (what to double, either choices, trash) in the objective's favour.

JSON form, one entry a letter, left to right::

    [{"code": "r:K5", "face": "up", "source": "other"}, {"code": "E", "face": "wild"}, ...]

``face`` is ``up`` when absent; ``source`` (``hand``, ``inked``, ``mine``, ``other``) is needed only when the
same card is held in more than one place, and otherwise found.
"""

from __future__ import annotations

from typing import Any

from solver.errors import CardCodeError, GhostwriterError
from solver.hardback.catalogue import Catalogue
from solver.hardback.profile import Pool, Source
from solver.hardback.resolve import Face, Placement, Resolver, Slot
from solver.text import normalize_word

ENTRY_KEYS = {"code", "face", "source"}


class ArrangementError(GhostwriterError):
    """A layout of cards that cannot spell the word, or cannot be played."""


def read_arrangement(word: str, entries: object, pool: Pool, resolver: Resolver, quickly: bool = False) -> Placement:
    """The placement an arrangement describes, resolved at its best (with ``quickly``, well but not proven best:
    ``Resolver.resolve_quickly``); an ``ArrangementError`` naming the entry."""
    word = normalize_word(word)
    slots = arrangement_slots(word, entries, pool)
    resolution = resolver.resolve_quickly(slots) if quickly else resolver.resolve(slots)
    if resolution is None:
        raise ArrangementError(f"this arrangement of {word!r} cannot be played: {_why(slots, pool)}")
    return Placement(word, slots, resolution)


def arrangement_slots(word: str, entries: object, pool: Pool) -> list[Slot]:
    """The cards and faces an arrangement lays at each letter of ``word`` (normalised); an ``ArrangementError``
    naming the entry."""
    if not isinstance(entries, list):
        raise ArrangementError('"arrangement" must be a list with one {"code": ..., "face": ...} a letter')
    if len(entries) != len(word):
        raise ArrangementError(
            f'"arrangement" has {len(entries)} entries but {word!r} has {len(word)} letters: give one card a letter'
        )
    catalogue = Catalogue.edition(pool.state.options.edition, pool.state.options.rules)
    left = list(pool.counts)
    slots: list[Slot] = []
    for i, entry in enumerate(entries):
        where = f"arrangement[{i}] (letter {word[i].upper()})"
        code, face, source = read_entry(entry, where)
        try:
            card = catalogue.lookup(code)
        except CardCodeError as e:
            raise ArrangementError(f"{where}: {e}") from None
        kinds = [
            k
            for k, p in enumerate(pool.profiles)
            if p.card == card and (source is None or p.source is source) and left[k] > 0
        ]
        if not kinds:
            held = "" if source is None else f" in {source.value}"
            raise ArrangementError(
                f"{where}: {card.code} is not among the state's cards{held} (or is already used at another letter)"
            )
        k = kinds[0]
        p = pool.profiles[k]
        if face is Face.UP and p.letter != word[i]:
            raise ArrangementError(
                f"{where}: {card.code} shows {p.card.letter} face-up, not {word[i].upper()}; "
                'play it face-down with "face": "wild" or choose another card'
            )
        if face is not Face.UP and not p.pool:
            raise ArrangementError(
                f"{where}: {card.code} is a timeless classic in play; only cards from the hand or drawn with ink "
                "can be played face-down"
            )
        left[k] -= 1
        slots.append((k, face))
    return slots


def read_entry(entry: object, where: str) -> tuple[str, Face, Source | None]:
    """One entry of a layout: its card code, face and source (None: found); an ``ArrangementError`` naming
    ``where``."""
    if isinstance(entry, str):
        entry = {"code": entry}
    if not isinstance(entry, dict):
        raise ArrangementError(f'{where}: give {{"code": "r:F6", "face": "up"}} or a card code')
    unknown = set(entry) - ENTRY_KEYS
    if unknown:
        raise ArrangementError(f"{where}: unknown field {sorted(unknown)[0]!r}; the fields are code, face, source")
    code = entry.get("code")
    if not isinstance(code, str) or not code.strip():
        raise ArrangementError(f'{where}: "code" must be a card code, e.g. "romance:F6"')
    face_text: Any = entry.get("face", "up")
    faces = {f.value: f for f in Face}
    if face_text not in faces:
        raise ArrangementError(f'{where}: "face" must be one of up, wild, uncovered')
    source_text: Any = entry.get("source")
    sources = {s.value: s for s in Source}
    if source_text is not None and source_text not in sources:
        raise ArrangementError(f'{where}: "source" must be one of hand, inked, mine, other')
    return code, faces[face_text], None if source_text is None else sources[source_text]


def _why(slots: list[Slot], pool: Pool) -> str:
    """The first rule a layout that the resolver refused breaks."""
    state = pool.state
    inked_up = sum(1 for k, f in slots if pool.profiles[k].source is Source.INKED and f is Face.UP)
    if len(state.inked) - inked_up > state.remover:
        return (
            f"every inked card ({', '.join(c.code for c in state.inked)}) must be in the word face-up, "
            f"unless a remover frees it ({state.remover} held)"
        )
    if any(f is Face.UNCOVERED for _, f in slots):
        return "an uncovered card needs a face-up card beside it whose uncover it can use"
    return "the cards cannot be laid out this way"
