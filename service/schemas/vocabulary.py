"""The vocabulary of both games' cards, and codes checked as they are typed."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, Field

import service.schemas.examples as examples
from service.schemas.common import STRICT
from service.schemas.examples import with_example
from service.schemas.hardback import CardOut

MAX_CHECKED_CODES = 64  # codes one check reads: a hand and its zones are fewer; the page asks in chunks of this
MAX_CHECKED_LENGTH = 200  # characters a checked code holds, as a code of a turn state does


class GenreOut(BaseModel):
    name: str = Field(description="the genre as codes and answers name it (adventure)")
    initial: str = Field(description="its one-letter short form (a)")
    names: dict[str, list[str]] = Field(description="by edition (en, ru), every name a code may give it")
    initials: dict[str, str] = Field(description="by edition, the one-letter form a code may give it")


class NotationOut(BaseModel):
    kind: str = Field(description="the kind's name in the solver")
    notation: str = Field(description="how a card gives it: N an amount, L a length, GENRE a genre's name")
    words: str = Field(description="what it does, in words for people, with the same N, L and GENRE")


class HardbackVocabularyOut(BaseModel):
    genres: list[GenreOut]
    benefits: list[NotationOut] = Field(description="each benefit kind: its notation in a house card and its words")
    benefit_help: str = Field(description="the benefit notation in one sentence, as errors give it")


class SpecialCardOut(BaseModel):
    code: str
    words: str


class PaperbackVocabularyOut(BaseModel):
    abilities: list[NotationOut] = Field(description="each ability: its notation after a card's colon, and its words")
    specials: list[SpecialCardOut] = Field(description="the wild and the two special common cards")
    ability_help: str = Field(description="the ability notation in one line, as errors give it")


class VocabularyOut(BaseModel):
    hardback: HardbackVocabularyOut
    paperback: PaperbackVocabularyOut
    max_codes: int = Field(description="the most codes one POST /v1/cards/check reads")
    max_code_length: int = Field(description="the most characters one checked code holds")
    max_top: int = Field(default=50, description="the largest `top` a hint request may ask of this service")


class CheckIn(BaseModel):
    """Codes as a person types them, to read as cards of a game (nothing is searched: a light request)."""

    model_config = with_example(STRICT, examples.check)
    game: Literal["hardback", "paperback"] = "hardback"
    codes: list[Annotated[str, Field(min_length=1, max_length=MAX_CHECKED_LENGTH)]] = Field(
        min_length=1, max_length=MAX_CHECKED_CODES, examples=[["r:F6", "E", "q:Z9"]]
    )
    rules: Literal["printed", "bga"] = "printed"
    edition: Literal["en", "ru"] = Field(default="en", description="Hardback: the edition whose cards the codes name")


class ReadingOut(BaseModel):
    genre: Literal["adventure", "horror", "mystery", "romance"] | None
    letter: str


class PaperbackCardFactsOut(BaseModel):
    code: str
    letters: str
    score: int
    cost: int | None
    wild: bool
    special: str | None
    abilities: list[str]
    text: str


class CheckedOut(BaseModel):
    code: str = Field(description="the code as it was given")
    card: CardOut | PaperbackCardFactsOut | None = Field(description="the card it reads as, or null")
    error: str | None = Field(description="the solver's own message when it reads as no card")
    inline: bool = Field(description="Hardback: a house card given with its benefits, not a catalogue card")
    reading: ReadingOut | None = Field(
        description="Hardback: the genre and letter of a well-formed code that names no card (r:Z9), else null"
    )
    words: list[str] = Field(description="Paperback: each of the card's abilities in words")


class CheckOut(BaseModel):
    game: Literal["hardback", "paperback"]
    results: list[CheckedOut]
