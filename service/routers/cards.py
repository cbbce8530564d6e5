"""The card catalogue: search it, or look up one code."""

from __future__ import annotations

from typing import Annotated, Literal

from fastapi import APIRouter, Path, Query

from service.errors import FieldError, NotFound, responses
from service.schemas import CardOut, CardsOut
from solver.errors import CardCodeError, TextError
from solver.hardback.cards import Card
from solver.hardback.catalogue import Catalogue, Rules
from solver.hardback.genres import Genre
from solver.text import card_letter, normalise

router = APIRouter(prefix="/v1/cards", tags=["cards"])
GenreName = Literal["adventure", "horror", "mystery", "romance", "starter", "a", "h", "m", "r", "s"]


def _out(card: Card) -> CardOut:
    return CardOut.model_validate(card.to_json())


@router.get("", response_model=CardsOut, responses=responses(404, 422))
def list_cards(
    genre: Annotated[GenreName | None, Query(description="a genre or its initial; starter for starters")] = None,
    letter: Annotated[str | None, Query(min_length=1, max_length=1)] = None,
    cost: Annotated[int | None, Query(ge=0, le=20)] = None,
    timeless: Annotated[bool | None, Query(description="only timeless classics (true) or only others")] = None,
    q: Annotated[str, Query(max_length=100, description="text to find in the code or benefits")] = "",
    rules: Annotated[Literal["printed", "bga"], Query()] = "printed",
) -> CardsOut:
    """The cards matching every filter given."""
    try:
        normalise(q, "q")
        letter = card_letter(letter, "letter") if letter else None
    except TextError as e:
        raise FieldError("letter" if str(e).startswith("letter") else "q", str(e)) from None
    g: Genre | str | None = "" if genre is None else Genre.parse(genre)
    cards = Catalogue.hardback(Rules.parse(rules)).search(q, g, letter or "", cost, timeless)
    return CardsOut(count=len(cards), cards=[_out(c) for c in cards])


@router.get("/{code}", response_model=CardOut, responses=responses(404, 422))
def get_card(
    code: Annotated[str, Path(min_length=1, max_length=200, examples=["romance:F6"])],
    rules: Annotated[Literal["printed", "bga"], Query()] = "printed",
) -> CardOut:
    """One card by its code (genre name or initial, letter, cost: ``r:F6``; a starter by its letter)."""
    try:
        normalise(code, "code")  # text no code can hold is a wrong field (422), not an unknown card (404)
    except TextError as e:
        raise FieldError("code", str(e)) from None
    try:
        return _out(Catalogue.hardback(Rules.parse(rules)).lookup(code))
    except CardCodeError as e:
        raise NotFound(str(e)) from None
