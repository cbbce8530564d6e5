"""The cards' vocabulary for clients (genre names, the benefit and ability notation, in words), and codes read as
cards while they are typed, by the solver's own parsers: the web page is a client of these, not a copy of them.

``vocabulary()`` is the one place that turns the solver's types into the vocabulary a client sees: Hardback's benefit
kinds are the rows of the benefit table (``solver.hardback.benefits``) with their amount named ``N`` and their genre
``GENRE``; a Paperback ability is the solver's own text form of an example with its numbers named (``N``, ``L``).
"""

from __future__ import annotations

import functools
import re
from typing import Annotated

from fastapi import APIRouter, Depends

from service.deps import Context, context
from service.errors import responses
from service.schemas import (
    MAX_CHECKED_CODES,
    MAX_CHECKED_LENGTH,
    CardOut,
    CheckedOut,
    CheckIn,
    CheckOut,
    GenreOut,
    HardbackVocabularyOut,
    NotationOut,
    PaperbackCardFactsOut,
    PaperbackVocabularyOut,
    ReadingOut,
    SpecialCardOut,
    VocabularyOut,
)
from solver.errors import GhostwriterError
from solver.hardback.benefits import BENEFIT_NOTATION_HELP, TABLE, Row
from solver.hardback.cards import parse_code
from solver.hardback.catalogue import Catalogue, Rules
from solver.hardback.genres import RUSSIAN_GENRES, Genre
from solver.paperback import cards as paperback
from solver.paperback.abilities import effects

router = APIRouter(tags=["vocabulary"])

AMOUNT, LENGTH = 7, 5  # a Paperback example's numbers, named N and L (neither is a digit of the other)


def _named(text: str) -> str:
    """An example's text with its numbers named: ``len>=5:+7`` is ``len>=L:+N``."""
    text = re.sub(rf"(?<![0-9]){AMOUNT}(?![0-9])", "N", text)
    return re.sub(rf"(?<![0-9]){LENGTH}(?![0-9])", "L", text)


def _genre(genre: Genre) -> GenreOut:
    russian = RUSSIAN_GENRES[genre.value]
    initial = genre.value[0]
    ru_initial = next(name for name in russian if len(name) == 1)
    return GenreOut(
        name=genre.value,
        initial=initial,
        names={"en": [genre.value], "ru": [name for name in russian if len(name) > 1]},
        initials={"en": initial, "ru": ru_initial},
    )


def _benefit(row: Row) -> NotationOut:
    """A row of the benefit table, its amount named N and its genre GENRE."""
    return NotationOut(
        kind=row.kind.value,
        notation=row.token.format(n="N", genre="GENRE"),
        words=row.words.format(n="N", s="s", genre="GENRE"),
    )


def _ability(effect: paperback.Effect) -> NotationOut:
    example = paperback.Ability(effect, AMOUNT, LENGTH)
    return NotationOut(kind=effect.name, notation=_named(str(example)), words=_named(example.describe()))


@functools.cache
def vocabulary() -> VocabularyOut:
    """The vocabulary, built from the solver's types: its genres, benefit kinds, abilities and special cards."""
    wild = paperback.PCard("")
    specials = [SpecialCardOut(code=c.code, words=c.describe()) for c in (wild, paperback.DYSLEXIC, paperback.SPACEBAR)]
    return VocabularyOut(
        hardback=HardbackVocabularyOut(
            genres=[_genre(g) for g in Genre],
            benefits=[_benefit(row) for row in TABLE.values()],
            benefit_help=BENEFIT_NOTATION_HELP,
        ),
        paperback=PaperbackVocabularyOut(
            abilities=[_ability(e) for e in effects()],
            specials=specials,
            ability_help=paperback.VOCABULARY,
        ),
        max_codes=MAX_CHECKED_CODES,
        max_code_length=MAX_CHECKED_LENGTH,
    )


@router.get("/v1/vocabulary", response_model=VocabularyOut)
def get_vocabulary(ctx: Annotated[Context, Depends(context)]) -> VocabularyOut:
    """The cards' vocabulary: the genres with their names and initials in English and Russian, each benefit
    kind's notation and words, and Paperback's abilities and special cards; with the service's limits (the most
    codes a check reads, and the largest ``top`` a hint may ask)."""
    return vocabulary().model_copy(update={"max_top": ctx.settings.max_top})


def _hardback(code: str, catalogue: Catalogue) -> CheckedOut:
    try:
        parsed = parse_code(code)
    except GhostwriterError as e:
        return CheckedOut(code=code, card=None, error=str(e), inline=False, reading=None, words=[])
    try:
        card = catalogue.lookup(code)
    except GhostwriterError as e:
        genre = parsed.genre.value if parsed.genre else None
        reading = ReadingOut.model_validate({"genre": genre, "letter": parsed.letter})
        return CheckedOut(code=code, card=None, error=str(e), inline=False, reading=reading, words=[])
    return CheckedOut(
        code=code, card=CardOut.model_validate(card.to_json()), error=None, inline=card.inline, reading=None, words=[]
    )


def _paperback(code: str) -> CheckedOut:
    try:
        card = paperback.parse_card(code)
    except GhostwriterError as e:
        return CheckedOut(code=code, card=None, error=str(e), inline=False, reading=None, words=[])
    facts = PaperbackCardFactsOut.model_validate(card.to_json())
    words = [a.describe() for a in card.abilities]
    return CheckedOut(code=code, card=facts, error=None, inline=False, reading=None, words=words)


@router.post("/v1/cards/check", response_model=CheckOut, responses=responses(400, 413, 422))
def check_codes(body: CheckIn) -> CheckOut:
    """Each code read as a card of the game, by the parsers the hint endpoints use: the card it reads as, or the
    solver's own message saying what is wrong. Hardback codes name cards of the edition and rules given."""
    if body.game == "paperback":
        read = {code: _paperback(code) for code in dict.fromkeys(body.codes)}
    else:
        catalogue = Catalogue.edition(body.edition, Rules.parse(body.rules))
        read = {code: _hardback(code, catalogue) for code in dict.fromkeys(body.codes)}  # each code read once
    return CheckOut(game=body.game, results=[read[code] for code in body.codes])
