"""What the schemas of every endpoint share: the strict and open model settings, a card code, an answer's
common fields, and the dictionaries, words, status and errors."""

from __future__ import annotations

from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field

Code = Annotated[str, Field(min_length=1, max_length=200, examples=["romance:F6"])]
STRICT = ConfigDict(extra="forbid", strict=True, allow_inf_nan=False)
OPEN = ConfigDict(extra="allow")


class AnswerOut(BaseModel):
    exact: bool
    dictionary: str
    elapsed_ms: float
    warning: str | None = Field(default=None, description="present when the search stopped at its time limit")


class DictionaryOut(BaseModel):
    name: str
    language: str = Field(description="en, ru, de or fr: a Russian dictionary implies the Russian edition")
    words: int
    licence: str
    source: str
    sha256: str
    default: bool


class DictionariesOut(BaseModel):
    default: str
    dictionaries: list[DictionaryOut]


class WordOut(BaseModel):
    word: str
    dictionary: str
    valid: bool
    close: list[str] = Field(description="real words one or two edits away, when the word is not one")


class StatusOut(BaseModel):
    status: str
    dictionaries: list[str] = Field(default_factory=list)


class ErrorOut(BaseModel):
    error: str = Field(description="what is wrong and how to fix it")
    field: str | None = Field(default=None, description="the request field at fault, when there is one")
