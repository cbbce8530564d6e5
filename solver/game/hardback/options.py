"""The options a table chooses before a game: players, length, rules edition and the variants in play."""

from __future__ import annotations

import enum
from dataclasses import asdict, dataclass, fields
from typing import Any

from solver.errors import GhostwriterError
from solver.game.hardback.events import MAX_EVENTS, Event, EventError, read_event_deck
from solver.hardback.catalogue import Rules


class GameOptionsError(GhostwriterError):
    """Options a game cannot be played with."""


class Powers(enum.Enum):
    NONE = "none"
    PASSIVE = "passive"
    AGGRESSIVE = "aggressive"


@dataclass(frozen=True)
class GameOptions:
    """``target``: the prestige that ends the game (any from 10 to 500; BGA offers 40/60/80/90/180).
    ``rules``: printed (default) or bga (the offer-row clock, Horror H's redesign, awards shared at a length).
    ``powers``: none, passive or aggressive player powers, dealt at random. ``events``: play with the event
    deck (``event_deck``: the table's own events, written out in full so that a saved game or a request carries
    them; empty for the shipped set).
    ``coop``: the cooperative anthology against Penny Dreadful, with ``penny_genre`` her signature genre
    (adventure, horror, mystery, romance or none).
    """

    players: int = 2
    target: int = 60
    rules: Rules = Rules.PRINTED
    literary_awards: bool = False
    adverts: bool = False
    ghost_writer: bool = False
    powers: Powers = Powers.NONE
    events: bool = False
    event_deck: tuple[Event, ...] = ()
    coop: bool = False
    penny_genre: str = "none"
    min_length: int = 2
    max_turns: int = 200  # a safety stop: a game that has not ended after this many rounds ends there

    def check(self) -> None:
        low = 1 if self.coop else 2
        high = 4 if self.coop else 5
        if not low <= self.players <= high:
            raise GameOptionsError(
                f"players must be from {low} to {high}{' in the cooperative anthology' if self.coop else ''}"
            )
        if not 10 <= self.target <= 500:
            raise GameOptionsError("target must be from 10 to 500 prestige (the printed game plays to 60)")
        if self.penny_genre not in ("none", "adventure", "horror", "mystery", "romance"):
            raise GameOptionsError("penny_genre must be adventure, horror, mystery, romance or none")
        if not 2 <= self.min_length <= 30:
            raise GameOptionsError("min_length must be from 2 to 30")
        if not 1 <= self.max_turns <= 10_000:
            raise GameOptionsError("max_turns must be from 1 to 10000")
        if len(self.event_deck) > MAX_EVENTS:
            raise GameOptionsError(f"event_deck holds at most {MAX_EVENTS} events")
        names = [e.name for e in self.event_deck]
        if len(set(names)) != len(names):
            raise GameOptionsError("the events of event_deck need names of their own (a name is given twice)")

    def to_json(self) -> dict[str, Any]:
        out = asdict(self)
        out["rules"] = self.rules.value
        out["powers"] = self.powers.value
        out["event_deck"] = [e.to_json() for e in self.event_deck]
        return out

    @staticmethod
    def from_json(data: object) -> GameOptions:
        if not isinstance(data, dict):
            raise GameOptionsError("options must be a JSON object")
        names = {f.name: f for f in fields(GameOptions)}
        unknown = set(data) - set(names)
        if unknown:
            raise GameOptionsError(
                f"unknown game option {sorted(unknown)[0]!r}: the options are {', '.join(sorted(names))}"
            )
        values: dict[str, Any] = {}
        for key, value in data.items():
            default = names[key].default
            if key == "rules":
                if not isinstance(value, str):
                    raise GameOptionsError('options.rules must be "printed" or "bga"')
                try:
                    values[key] = Rules.parse(value)
                except ValueError as e:
                    raise GameOptionsError(f"options.rules: {e}") from None
            elif key == "powers":
                try:
                    values[key] = Powers(value)
                except ValueError:
                    raise GameOptionsError('options.powers must be "none", "passive" or "aggressive"') from None
            elif key == "event_deck":
                try:
                    values[key] = tuple(read_event_deck(value, "options.event_deck")) if value != [] else ()
                except EventError as e:
                    raise GameOptionsError(str(e)) from None
            elif isinstance(default, bool):
                if not isinstance(value, bool):
                    raise GameOptionsError(f"options.{key} must be true or false")
                values[key] = value
            elif isinstance(default, int):
                if isinstance(value, bool) or not isinstance(value, int):
                    raise GameOptionsError(f"options.{key} must be a whole number")
                values[key] = value
            else:
                if not isinstance(value, str):
                    raise GameOptionsError(f"options.{key} must be a string")
                values[key] = value
        opts = GameOptions(**values)
        opts.check()
        return opts
