"""The ink advisor over HTTP: how many cards to draw with ink before spelling a word (``solver.answers.ink``)."""

from __future__ import annotations

import time
from typing import Annotated, Any

from fastapi import APIRouter, Depends
from fastapi.responses import JSONResponse

from service.deps import Context, caller, context, query_of, read_query
from service.errors import QUERY_ERRORS, FieldError
from service.pool import Job, Work
from service.runner import Caller, Lane
from service.schemas import InkAdviceIn, InkAdviceOut
from solver.answers.ink import InkError, advise, read_cards, validate
from solver.hardback.objectives import Objective

router = APIRouter(prefix="/v1/hardback", tags=["hardback"])


@router.post("/ink-advice", response_model=InkAdviceOut, responses=QUERY_ERRORS)
async def ink_advice(
    body: InkAdviceIn, ctx: Annotated[Context, Depends(context)], who: Annotated[Caller, Depends(caller)]
) -> JSONResponse:
    """The expected worth of the turn if you draw k = 0..``max_k`` more cards with ink (each must be in the word
    face-up unless a remover frees it; none playable forfeits the turn), over every draw the unknown order of the
    pile allows (enumerated, or sampled when a k has more than ``exact_limit`` distinct draws), and the best
    affordable k. ``time_limit`` bounds the whole advice; the ks it does not reach are listed in ``skipped``."""
    start = time.perf_counter()
    d, state, _, limit = await read_query(ctx, body)
    settings = (body.max_k, body.samples, body.exact_limit, body.seed, limit)
    try:
        draw = read_cards(body.draw, "draw", state.options.rules)
        reshuffle = read_cards(body.reshuffle, "reshuffle", state.options.rules)
        validate(state, draw, reshuffle, *settings)  # before queueing: a bad request never waits for a thread
    except InkError as e:
        raise FieldError(e.field, str(e)) from None
    out = await ctx.runner.run(Job(advice_job, (body, ctx.settings.time_budget)), limit, Lane.HEAVY, who)
    out["dictionary"] = d.name
    out["elapsed_ms"] = round((time.perf_counter() - start) * 1000, 3)
    return JSONResponse(out)


def advice_job(work: Work, body: InkAdviceIn, budget: float) -> dict[str, Any]:
    """The advice, in a search worker (a search for every draw): its JSON."""
    d, state, weights, limit = query_of(work.dictionaries.get(body.dictionary), body, budget)
    draw = read_cards(body.draw, "draw", state.options.rules)
    reshuffle = read_cards(body.reshuffle, "reshuffle", state.options.rules)
    advice = advise(
        d.lexicon,
        state,
        draw,
        reshuffle,
        max_k=body.max_k,
        objective=Objective.parse(body.objective),
        weights=weights,
        exact_limit=body.exact_limit,
        samples=body.samples,
        seed=body.seed,
        time_limit=work.time_limit(limit),
    )
    return advice.to_json()
