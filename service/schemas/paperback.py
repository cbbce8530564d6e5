"""Paperback's turn question: a hand, the Common card and the length track, and the moves of its hint."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, Field

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


class PaperbackHintIn(BaseModel):
    """A Paperback turn: the hand, the Common card on the length track and the track's number."""

    model_config = with_example(STRICT, examples.paperback_hint)
    game: Literal["paperback"] = "paperback"
    hand: list[PaperbackCardIn] = Field(min_length=1, max_length=24, examples=[["TH/3", "E/1", "?", "R/2", "S/1"]])
    common: PaperbackCardIn | None = Field(default=None, examples=["O/1"])
    threshold: int | None = Field(default=7, ge=1, le=30)
    options: PaperbackOptionsIn = Field(default_factory=lambda: PaperbackOptionsIn())
    objective: Literal["score", "length", "value"] = "score"
    top: int = Field(default=5, ge=1, le=1000)
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
