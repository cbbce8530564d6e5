"""The turn state (a contract): what a player holds and what is in play.

JSON form::

    {"game": "hardback", "hand": [codes], "inked": [codes], "imposed": [codes],
     "timeless": {"mine": [codes], "others": [codes]}, "discard": [codes],
     "remover": 0, "ink": 0,
     "options": {"rules": "printed", "literary_awards": false, "award_held": 0, "min_length": 2}}

Only ``hand`` is required. ``award_held`` is the length of the literary award currently claimed at the table
(0 for none). ``imposed``: the inked entries that are rivals' letters (Disfigured Letter: "All opponents must
use that letter in their next word. They do not receive any Benefits provided by the card."), each also given in
``inked``: such a letter must stand face-up in the word (no remover frees it), and it is not a card drawn with ink
(BGA's Horror H counts only those).
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass, field, replace
from typing import Any

from solver.errors import CardCodeError, StateError
from solver.hardback.cards import Card
from solver.hardback.catalogue import EDITIONS, Catalogue, Rules
from solver.states import state_object
from solver.text import check_depth

MAX_HAND = 24  # hand + inked cards
MAX_IN_PLAY = 16  # timeless classics on each side (the box has 16)
MAX_DISCARD = 200
MAX_TOKENS = 99
MAX_MIN_LENGTH = 30

# the fields of a turn state and of its options (the service's request models have the same, a test says)
STATE_KEYS = frozenset({"game", "hand", "inked", "imposed", "timeless", "discard", "remover", "ink", "options"})
OPTION_KEYS = frozenset({"rules", "literary_awards", "award_held", "min_length", "stage", "edition"})


@dataclass(frozen=True)
class Options:
    rules: Rules = Rules.PRINTED
    literary_awards: bool = False
    award_held: int = 0
    min_length: int = 2
    stage: float | None = None  # how far the game has run (0 to 1): sets a coin's default worth
    edition: str = "en"  # en, or ru: the Russian edition's starters (its genre cards are given inline)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "rules": self.rules.value,
            "literary_awards": self.literary_awards,
            "award_held": self.award_held,
            "min_length": self.min_length,
        }
        if self.stage is not None:
            out["stage"] = self.stage
        if self.edition != "en":
            out["edition"] = self.edition
        return out


@dataclass(frozen=True)
class TurnState:
    hand: tuple[Card, ...]
    inked: tuple[Card, ...] = ()
    imposed: tuple[Card, ...] = ()  # the inked entries that are rivals' letters (Disfigured Letter), not inked cards
    mine: tuple[Card, ...] = ()
    others: tuple[Card, ...] = ()
    discard: tuple[Card, ...] = ()
    remover: int = 0
    ink: int = 0
    options: Options = field(default_factory=Options)
    game: str = "hardback"

    def to_json(self) -> dict[str, Any]:
        def codes(cards: tuple[Card, ...]) -> list[str]:
            return [c.code for c in cards]

        return {
            "game": self.game,
            "hand": codes(self.hand),
            "inked": codes(self.inked),
            "imposed": codes(self.imposed),
            "timeless": {"mine": codes(self.mine), "others": codes(self.others)},
            "discard": codes(self.discard),
            "remover": self.remover,
            "ink": self.ink,
            "options": self.options.to_json(),
        }

    @staticmethod
    def from_json(data: object) -> TurnState:
        """A state from its parsed JSON; a ``StateError`` naming the field when anything is wrong."""
        data = state_object(
            data,
            STATE_KEYS,
            "hardback",
            'a turn state must be a JSON object with at least a "hand" list of card codes',
            'game {given!r} is not supported here: use "hardback"',
        )
        options = _options(data.get("options", {}))
        catalogue = Catalogue.edition(options.edition, options.rules)
        timeless = data.get("timeless", {})
        if not isinstance(timeless, dict) or set(timeless) - {"mine", "others"}:
            raise StateError('"timeless" must be an object {"mine": [codes], "others": [codes]}')
        state = TurnState(
            hand=_cards(catalogue, data.get("hand"), "hand", required=True),
            inked=_cards(catalogue, data.get("inked", []), "inked"),
            imposed=_cards(catalogue, data.get("imposed", []), "imposed"),
            mine=_cards(catalogue, timeless.get("mine", []), "timeless.mine", timeless_only=True),
            others=_cards(catalogue, timeless.get("others", []), "timeless.others", timeless_only=True),
            discard=_cards(catalogue, data.get("discard", []), "discard"),
            remover=_count(data.get("remover", 0), "remover"),
            ink=_count(data.get("ink", 0), "ink"),
            options=options,
        )
        state.check()
        return state

    @staticmethod
    def from_text(text: str) -> TurnState:
        check_depth(text, "the state", error=StateError)  # before json.loads could recurse past the stack
        try:
            data = json.loads(text)
        except json.JSONDecodeError as e:
            raise StateError(f"the state is not JSON ({e.msg} at line {e.lineno} column {e.colno})") from None
        return TurnState.from_json(data)

    def check(self) -> None:
        """Raise a ``StateError`` when the state breaks a limit or holds a card more times than the box has."""
        if not self.hand:
            raise StateError('the hand is empty: give at least one card in "hand"')
        if len(self.hand) + len(self.inked) > MAX_HAND:
            raise StateError(f"{len(self.hand) + len(self.inked)} cards in hand and inked: at most {MAX_HAND}")
        left = Counter(self.inked)
        for i, card in enumerate(self.imposed):
            if left[card] <= 0:
                raise StateError(
                    f'imposed[{i}]: {card.code} is not one of the "inked" cards (or "imposed" names it more often): '
                    'a rival\'s letter (Disfigured Letter) is given in "inked" and again in "imposed"'
                )
            left[card] -= 1
        for name, cards in (("timeless.mine", self.mine), ("timeless.others", self.others)):
            if len(cards) > MAX_IN_PLAY:
                raise StateError(f"{len(cards)} cards in {name}: at most {MAX_IN_PLAY}")
        if len(self.discard) > MAX_DISCARD:
            raise StateError(f"{len(self.discard)} cards in discard: at most {MAX_DISCARD}")
        seen = Counter(c for c in (*self.hand, *self.inked, *self.mine, *self.others, *self.discard) if not c.inline)
        for card, n in seen.items():
            if n > card.copies:
                box = "one copy" if card.copies == 1 else f"{card.copies} copies"
                raise StateError(
                    f"card {card.code} is given {n} times but the box has {box}: remove the extra copies "
                    "(or give a house card inline)"
                )


def _options(data: object) -> Options:
    if not isinstance(data, dict):
        raise StateError('"options" must be an object')
    unknown = set(data) - OPTION_KEYS
    if unknown:
        raise StateError(f"unknown option {sorted(unknown)[0]!r}: the options are {', '.join(sorted(OPTION_KEYS))}")
    rules_text = data.get("rules", "printed")
    if not isinstance(rules_text, str):
        raise StateError('options.rules must be "printed" or "bga"')
    try:
        rules = Rules.parse(rules_text)
    except CardCodeError as e:
        raise StateError(f"options.rules: {e}") from None
    awards = data.get("literary_awards", False)
    if not isinstance(awards, bool):
        raise StateError("options.literary_awards must be true or false")
    held = _count(data.get("award_held", 0), "options.award_held", MAX_MIN_LENGTH)
    min_length = _count(data.get("min_length", 2), "options.min_length", MAX_MIN_LENGTH)
    if min_length < 1:
        raise StateError("options.min_length must be at least 1")
    stage = data.get("stage")
    if stage is not None and (isinstance(stage, bool) or not isinstance(stage, int | float) or not 0 <= stage <= 1):
        raise StateError(
            "options.stage must be a number from 0 (the game's start) to 1 (a player reaches the target), or null"
        )
    edition = data.get("edition", "en")
    if edition not in EDITIONS:
        raise StateError('options.edition must be "en" (the English cards) or "ru" (the Russian edition\'s starters)')
    return Options(rules, awards, held, min_length, None if stage is None else float(stage), edition)


def _count(value: object, name: str, limit: int = MAX_TOKENS) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= limit:
        raise StateError(f'"{name}" must be a whole number from 0 to {limit}')
    return value


def _cards(
    catalogue: Catalogue, value: object, name: str, required: bool = False, timeless_only: bool = False
) -> tuple[Card, ...]:
    if value is None and required:
        raise StateError(f'the state has no "{name}": give a list of card codes, e.g. ["r:F6", "E"]')
    if not isinstance(value, list):
        raise StateError(f'"{name}" must be a list of card codes, e.g. ["r:F6", "E"]')
    out = []
    for i, code in enumerate(value):
        if not isinstance(code, str):
            raise StateError(f'{name}[{i}] must be a card code string, e.g. "romance:F6"')
        try:
            card = catalogue.lookup(code)
        except CardCodeError as e:
            raise StateError(f"{name}[{i}]: {e}") from None
        if timeless_only and not card.timeless:
            if card.inline:
                card = replace(card, timeless=True)
            else:
                raise StateError(f"{name}[{i}]: {card.code} is not a timeless classic, so it cannot be in play")
        out.append(card)
    return tuple(out)
