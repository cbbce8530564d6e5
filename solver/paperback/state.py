"""A Paperback turn (``PaperbackTurn``: the hand the ghost writer searches; a contract, like Hardback's turn state)::

    {"game": "paperback", "hand": ["TH/3", "E/1", "?"], "common": "O/1" | "spacebar" | "dyslexic" | null,
     "threshold": 7, "options": {"min_length": 2, "double_words_additive": false}}

``hand``: the cards in hand, by notation (``solver.paperback.cards``) or as objects. ``common``: the Common card on
top of the length track, usable once this turn by referring to it. ``threshold``: the length track's number (a
word at least that long gains the Common card); null when the track is spent. ``options``: the shortest word, and
``double_words_additive`` (a reading of "If you copy the "Double Word Score" ability, your score is tripled, not
quadrupled": each double-word ability adds one to the word factor, three x4; off, the rulebook's letter, at most
x3; ``moves.word_factor``), written only when on.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from solver.errors import GhostwriterError, StateError
from solver.paperback.abilities import Scoring
from solver.paperback.cards import PCard, parse_card
from solver.states import state_object

MAX_HAND = 24
MAX_COPIES = 4  # copy abilities in the hand and the Common card: a layout tries every combination of their choices
STATE_KEYS = {"game", "hand", "common", "threshold", "options"}


@dataclass(frozen=True)
class PaperbackTurn:
    hand: tuple[PCard, ...]
    common: PCard | None = None
    threshold: int | None = 7
    min_length: int = 2
    double_words_additive: bool = False

    def __post_init__(self) -> None:
        held = (*self.hand, *([self.common] if self.common else []))
        copies = sum(1 for c in held for a in c.abilities if a.effect.scoring is Scoring.COPY)
        if copies > MAX_COPIES:
            raise StateError(
                f"{copies} copy abilities in the hand and the Common card: at most {MAX_COPIES} (each layout tries "
                "every combination of their choices)"
            )

    def to_json(self) -> dict[str, Any]:
        return {
            "game": "paperback",
            "hand": [c.code for c in self.hand],
            "common": self.common.code if self.common else None,
            "threshold": self.threshold,
            "options": self.options_json(),
        }

    def options_json(self) -> dict[str, Any]:
        """The options as the state's JSON writes them (the reading only when on)."""
        out: dict[str, Any] = {"min_length": self.min_length}
        if self.double_words_additive:
            out["double_words_additive"] = True
        return out

    @staticmethod
    def from_json(data: object) -> PaperbackTurn:
        data = state_object(
            data,
            STATE_KEYS,
            "paperback",
            'a Paperback state must be a JSON object with at least a "hand" list of cards',
            'a Paperback state has "game": "paperback"',
        )
        hand = data.get("hand")
        if not isinstance(hand, list) or not hand:
            raise StateError('"hand" must be a non-empty list of cards, e.g. ["TH/3", "E/1", "?"]')
        if len(hand) > MAX_HAND:
            raise StateError(f"{len(hand)} cards in hand: at most {MAX_HAND}")
        cards = []
        for i, c in enumerate(hand):
            try:
                card = parse_card(c, f"hand[{i}]")
            except GhostwriterError as e:
                raise StateError(str(e)) from None
            if card.special == "spacebar":
                raise StateError(f"hand[{i}]: the Spacebar is used as the common card (\"common\": \"spacebar\")")
            cards.append(card)
        common_raw = data.get("common")
        common = None
        if common_raw is not None:
            try:
                common = parse_card(common_raw, "common")
            except GhostwriterError as e:
                raise StateError(str(e)) from None
            if common.wild:
                raise StateError("common: the Common card is a letter card, spacebar or dyslexic, not a wild")
        threshold = data.get("threshold", 7)
        bad = isinstance(threshold, bool) or not isinstance(threshold, int) or not 1 <= threshold <= 30
        if threshold is not None and bad:
            raise StateError('"threshold" must be the length track\'s number, 1 to 30, or null')
        options = data.get("options", {})
        if not isinstance(options, dict) or set(options) - {"min_length", "double_words_additive"}:
            raise StateError('"options" must be an object with at most "min_length" and "double_words_additive"')
        min_length = options.get("min_length", 2)
        if isinstance(min_length, bool) or not isinstance(min_length, int) or not 1 <= min_length <= 30:
            raise StateError("options.min_length (--min-length) must be a whole number from 1 to 30")
        additive = options.get("double_words_additive", False)
        if not isinstance(additive, bool):
            raise StateError("options.double_words_additive (--double-words-additive) is true or false")
        return PaperbackTurn(tuple(cards), common, threshold, min_length, additive)
