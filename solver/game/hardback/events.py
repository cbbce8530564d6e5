"""Events: cards whose requirements bind the player holding one. The printed event texts are not published, so
events are data: each is a name, a text, and requirements from a small closed vocabulary, and a table can load
its own deck from JSON (``GameOptions.event_deck`` holds it in full; ``ghostwriter play --event-deck FILE`` reads
one from a file).

Vocabulary (every field optional)::

    {"name": "Brevity", "text": "...", "min_length": 0, "max_length": 4, "banned_letters": "E",
     "required_letters": "", "max_wilds": -1, "no_ink": false, "coins": 0, "prestige_per_word": 0}

``min_length``/``max_length``: the word's length (0: no bound). ``banned_letters``: letters the word may not
contain. ``required_letters``: the word must contain at least one of them. ``max_wilds``: the most face-down
cards (-1: no bound). ``no_ink``: no drawing with ink. ``coins``: coins gained (or, negative, lost) each turn a
word is spelled. ``prestige_per_word``: prestige each turn a word is spelled.
"""

from __future__ import annotations

import functools
import json
from dataclasses import asdict, dataclass, fields
from importlib import resources
from typing import Any

from solver.errors import GhostwriterError

MAX_EVENTS = 100  # the most events a table's deck may hold (the box has 25)
MAX_EVENT_FILE = 1024 * 1024  # bytes of an event deck's file (a full deck of MAX_EVENTS is some 30 KB)


class EventError(GhostwriterError):
    """An event card that cannot be read."""


@dataclass(frozen=True)
class Event:
    name: str
    text: str = ""
    min_length: int = 0
    max_length: int = 0
    banned_letters: str = ""
    required_letters: str = ""
    max_wilds: int = -1
    no_ink: bool = False
    coins: int = 0
    prestige_per_word: int = 0

    def allows(self, word: str, wilds: int) -> str | None:
        """None when a word of this many wilds keeps the event's requirements, else the reason it does not."""
        w = word.lower()
        if self.min_length and len(w) < self.min_length:
            return f"event {self.name}: words of at least {self.min_length} letters"
        if self.max_length and len(w) > self.max_length:
            return f"event {self.name}: words of at most {self.max_length} letters"
        banned = [c for c in self.banned_letters.lower() if c in w]
        if banned:
            return f"event {self.name}: the word may not contain {banned[0].upper()}"
        if self.required_letters and not any(c in w for c in self.required_letters.lower()):
            return f"event {self.name}: the word must contain one of {self.required_letters.upper()}"
        if self.max_wilds >= 0 and wilds > self.max_wilds:
            return f"event {self.name}: at most {self.max_wilds} wild cards"
        return None

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @staticmethod
    def from_json(data: object) -> Event:
        if not isinstance(data, dict) or not isinstance(data.get("name"), str) or not data["name"]:
            raise EventError('an event must be a JSON object with at least a "name"')
        known = {f.name: f for f in fields(Event)}
        unknown = set(data) - set(known)
        if unknown:
            raise EventError(
                f"event {data['name']!r}: unknown field {sorted(unknown)[0]!r}; the fields are {', '.join(known)}"
            )
        for key, value in data.items():
            default = known[key].default
            if isinstance(default, bool):
                ok = isinstance(value, bool)
            elif isinstance(default, int):
                ok = isinstance(value, int) and not isinstance(value, bool) and -99 <= value <= 99
            else:
                ok = isinstance(value, str) and len(value) <= 200
            if not ok:
                raise EventError(f"event {data['name']!r}: {key} must be like {default!r}")
        return Event(**data)


def load_events(path: str = "") -> list[Event]:
    """The events of a JSON file (a list of events, read with a size cap and a type check: ``solver.files``), or
    the shipped house set when no path is given."""
    from solver.files import FileError, read_text

    if not path:
        return parse_events(resources.files("solver").joinpath("data/events.json").read_text(encoding="utf-8"), "")
    try:
        text = read_text(path, "cannot read the event deck", limit=MAX_EVENT_FILE)
    except FileError as e:
        raise EventError(str(e)) from None
    return parse_events(text, path)


def parse_events(text: str, path: str) -> list[Event]:
    """The events of an event deck's text (``path`` names it in the errors; "" for the shipped set)."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise EventError(f"the event deck {path or 'events.json'} is not JSON ({e.msg} at line {e.lineno})") from None
    return read_event_deck(data, f"the event deck {path or 'events.json'}")


def read_event_deck(data: object, where: str) -> list[Event]:
    """A deck of events from parsed JSON: a list of 1 to ``MAX_EVENTS`` event objects with distinct names."""
    if not isinstance(data, list) or not data or len(data) > MAX_EVENTS:
        raise EventError(f"{where} must be a JSON list of 1 to {MAX_EVENTS} events")
    events = [Event.from_json(e) for e in data]
    names = [e.name for e in events]
    twice = sorted({n for n in names if names.count(n) > 1})
    if twice:
        raise EventError(f"{where}: the event name {twice[0]!r} is given twice; each event needs a name of its own")
    return events


@functools.cache
def shipped_events() -> tuple[Event, ...]:
    """The shipped house set of events (``solver/data/events.json``)."""
    return tuple(load_events())
