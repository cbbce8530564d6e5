"""The ghost writer for Hardback: the best moves of a turn, and how a played word ranks."""

from __future__ import annotations

import time
from typing import Annotated, Any

from fastapi import APIRouter, Depends
from fastapi.responses import JSONResponse

from service.deps import Context, caller, context, query_of, read_query
from service.errors import QUERY_ERRORS, FieldError
from service.pool import Job, Work
from service.runner import Caller, Lane, server_timing
from service.schemas import HintIn, HintOut, QueryIn, RateIn, RateOut
from solver.answers import filters
from solver.answers import hint as answers
from solver.errors import GhostwriterError
from solver.hardback.benefits import Role
from solver.hardback.objectives import Objective
from solver.hardback.state import TurnState
from solver.search.hardback import Search
from solver.text import lower_word

router = APIRouter(prefix="/v1/hardback", tags=["hardback"])


def lane_of(state: TurnState, heavy: bool = False) -> Lane:
    """The runner's lane for a search of this state: by the work its cards can cause (their number, their
    uncover and double benefits, their choices), not by how many cards carry such benefits."""
    cards = (*state.hand, *state.inked, *state.mine, *state.others)
    moving = (Role.UNCOVER, Role.DOUBLE)
    benefits = [b for c in cards for b in (*c.basic, *c.genre_bonus)]
    specials = sum(1 for b in benefits if b.row.role in moving)
    choices = sum(1 for b in benefits if b.row.role in (Role.TRASH, Role.DUMP) or len(b.row.gives) > 1)
    return Lane.HEAVY if heavy else Lane.for_hand(len(cards), specials, choices)


def _search(work: Work, body: QueryIn, budget: float) -> tuple[Search, str]:
    """The search a request asks for, in a search worker: its time limit cut to the request's deadline, stopped
    when its caller goes away; and the dictionary's name."""
    d, state, weights, limit = query_of(work.dictionaries.get(body.dictionary), body, budget)
    objective = Objective.parse(body.objective)
    search = Search(d.lexicon, state, objective, weights, time_limit=work.time_limit(limit), cancel=work.cancel)
    return search, d.name


def _timed(out: dict[str, Any], name: str, start: float) -> JSONResponse:
    out["dictionary"] = name
    out["elapsed_ms"] = round((time.perf_counter() - start) * 1000, 3)
    return JSONResponse(out, headers=server_timing())


def hint_job(work: Work, body: HintIn, budget: float) -> tuple[dict[str, Any], str]:
    """``/hint``'s search, in a search worker: the answer's JSON and the dictionary's name."""
    search, name = _search(work, body, budget)
    allowed, familiarity = filters.familiar(
        search.lexicon, body.familiar, search.state.options.edition, body.allow_offensive
    )
    if allowed is not None:
        search.allowed = allowed
    return answers.hint(search, body.top, body.pareto, familiarity).json, name


def rate_job(work: Work, body: RateIn, budget: float) -> tuple[dict[str, Any], str]:
    """``/rate``'s search, in a search worker: the answer's JSON and the dictionary's name."""
    search, name = _search(work, body, budget)
    arrangement = None
    if body.arrangement is not None:
        arrangement = [e if isinstance(e, str) else e.model_dump(exclude_none=True) for e in body.arrangement]
    answer, _ = answers.rate(search, body.word, arrangement)
    return answer.json, name


@router.post("/hint", response_model=HintOut, responses=QUERY_ERRORS)
async def hint(
    body: HintIn, ctx: Annotated[Context, Depends(context)], who: Annotated[Caller, Depends(caller)]
) -> JSONResponse:
    """The best words of a turn, each with its arrangement of cards, coins, prestige and reasons (or, with
    ``pareto``, the prestige/coins frontier)."""
    start = time.perf_counter()
    if body.top > ctx.settings.max_top:
        raise FieldError("top", f"top: {body.top} is more than this service gives; ask for 1 to {ctx.settings.max_top}")
    _, state, _, limit = await read_query(ctx, body)  # a bad request is answered here, before it is queued
    budget = ctx.settings.time_budget
    out, name = await ctx.runner.run(Job(hint_job, (body, budget)), limit, lane_of(state, body.pareto), who)
    return _timed(out, name, start)


@router.post("/rate", response_model=RateOut, responses=QUERY_ERRORS)
async def rate(
    body: RateIn, ctx: Annotated[Context, Depends(context)], who: Annotated[Caller, Depends(caller)]
) -> JSONResponse:
    """How a played word ranks: as it was laid out (``arrangement``) or at its best, its rank among every word
    (1 = best; tied words share a rank) and the gap to the best move, in the objective's own terms."""
    start = time.perf_counter()
    try:
        lower_word(body.word, "word")  # a word no list can hold is the request's fault, named before any search
    except GhostwriterError as e:
        raise FieldError("word", str(e)) from None
    _, state, _, limit = await read_query(ctx, body)
    out, name = await ctx.runner.run(Job(rate_job, (body, ctx.settings.time_budget)), limit, lane_of(state), who)
    return _timed(out, name, start)
