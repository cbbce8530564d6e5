"""The table's arbiter: which dictionaries there are, and whether a word is in one."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, Path, Query

from service.deps import Context, context
from service.errors import FieldError
from service.schemas import DictionariesOut, DictionaryOut, ErrorOut, WordOut
from solver.errors import GhostwriterError
from solver.text import lower_word

router = APIRouter(prefix="/v1", tags=["words"])


@router.get("/dictionaries", response_model=DictionariesOut, responses={503: {"model": ErrorOut}})
async def dictionaries(ctx: Annotated[Context, Depends(context)]) -> DictionariesOut:
    """The word lists this service offers, with their size, licence and source."""
    d = await ctx.dictionaries()
    return DictionariesOut(default=d.default, dictionaries=[DictionaryOut.model_validate(x) for x in d.to_json()])


@router.get("/words/{word}", response_model=WordOut, responses={422: {"model": ErrorOut}, 503: {"model": ErrorOut}})
async def word(
    ctx: Annotated[Context, Depends(context)],
    word: Annotated[str, Path(min_length=1, max_length=64, examples=["qi"])],
    dictionary: Annotated[str | None, Query(max_length=40)] = None,
) -> WordOut:
    """Is it a word? With close real words (one or two edits away) when it is not. The word is read as the word
    lists hold it (``solver.text.lower_word``): a control or invisible character is refused, not looked up."""
    try:
        w = lower_word(word, "word")
    except GhostwriterError as e:
        raise FieldError("word", str(e)) from None
    d = (await ctx.dictionaries()).get(dictionary)
    valid = w in d.lexicon
    close = [] if valid else await ctx.runner.run(lambda: d.lexicon.close_words(w), ctx.settings.time_budget)
    return WordOut(word=w, dictionary=d.name, valid=valid, close=close)
