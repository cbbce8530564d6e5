"""The table's arbiter: which dictionaries there are, and whether a word is in one."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, Path, Query

from service.deps import Context, caller, context
from service.errors import FieldError
from service.pool import Job, Work
from service.runner import Caller, Lane
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
    who: Annotated[Caller, Depends(caller)],
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
    budget = ctx.settings.time_budget
    close = [] if valid else await ctx.runner.run(Job(close_job, (d.name, w)), budget, Lane.LIGHT, who)
    return WordOut(word=w, dictionary=d.name, valid=valid, close=close)


def close_job(work: Work, dictionary: str, word: str) -> list[str]:
    """The real words one or two edits from ``word``, in a search worker (killed at the request's deadline)."""
    close: list[str] = work.dictionaries.get(dictionary).lexicon.close_words(word)
    return close
