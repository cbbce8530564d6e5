"""Paperback's turn question: a hand, the Common card and the length track, and the moves of its hint."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, Field, PlainValidator

import service.schemas.examples as examples
from service.schemas.common import OPEN, STRICT, AnswerOut
from service.schemas.examples import with_example

# -- Paperback -----------------------------------------------------------------------------------------------------

PaperbackCardIn = Annotated[
    str | dict[str, Any],
    Field(description='a card as notation ("TH/3", "E/1$2", "?", "Q/5:double-word") or {"letters", "score", ...}'),
]


class PaperbackOptionsIn(BaseModel):
    model_config = STRICT
    min_length: int = Field(default=2, ge=1, le=30)
    double_words_additive: bool = Field(
        default=False,
        description='each double-word ability adds one to the word factor (three x4), a reading of "your score is '
        'tripled, not quadrupled"; false: the rulebook\'s letter, at most x3',
    )


def _top(value: object) -> int | Literal["all"]:
    """``top``: a whole number from 1 to 1000, or ``"all"`` (every word); one error on the field itself."""
    if value == "all":
        return "all"
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError('Input should be a whole number from 1 to 1000, or "all" for every word')
    if value < 1:
        raise ValueError("Input should be greater than or equal to 1")
    if value > 1000:
        raise ValueError("Input should be less than or equal to 1000")
    return value


TopIn = Annotated[int | Literal["all"], PlainValidator(_top, json_schema_input_type=int | Literal["all"])]


class PaperbackHintIn(BaseModel):
    """A Paperback turn: the hand, the Common card on the length track and the track's number."""

    model_config = with_example(STRICT, examples.paperback_hint)
    game: Literal["paperback"] = "paperback"
    hand: list[PaperbackCardIn] = Field(min_length=1, max_length=24, examples=[["TH/3", "E/1", "?", "R/2", "S/1"]])
    common: PaperbackCardIn | None = Field(default=None, examples=["O/1"])
    threshold: int | None = Field(default=7, ge=1, le=30)
    options: PaperbackOptionsIn = Field(default_factory=lambda: PaperbackOptionsIn())
    objective: Literal["score", "length", "value"] = "score"
    top: TopIn = Field(
        default=5,
        description='how many distinct moves; "all": every word the hand can spell with its best score, streamed as '
        'JSON Lines (application/x-ndjson), one {"word", "score", "length"} a line, best first, the last line '
        '{"done": true, "count", "complete", ...} (complete false: the time limit cut the list)',
    )
    dictionary: str | None = Field(default=None, max_length=40)
    time_limit: float | None = Field(default=None, gt=0, le=600)


class PaperbackCardOut(BaseModel):
    model_config = OPEN
    code: str
    letters: str
    source: Literal["hand", "common"]
    position: int
    factor: int
    copies: list[str] | None = Field(
        default=None, description="the abilities this card's copy abilities took, in the ability notation"
    )


class PaperbackMoveOut(BaseModel):
    word: str
    score: int
    length: int
    value: float
    cards: list[PaperbackCardOut]
    gains_common: bool
    uses_common: bool
    cards_next: int
    reasons: list[str]


class PaperbackHintOut(AnswerOut):
    game: Literal["paperback"]
    moves: list[PaperbackMoveOut]
    objective: Literal["score", "length", "value"]
    reason: str | None = None
