"""The ghost writer for Hardback: the best moves of a turn, and how a played word ranks."""

from __future__ import annotations

import time
from typing import Annotated, Any

from fastapi import APIRouter, Depends
from fastapi.responses import JSONResponse

from service.deps import Context, caller, context, read_query
from service.errors import QUERY_ERRORS, FieldError
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


async def _search(ctx: Context, body: QueryIn, who: Caller) -> tuple[Search, float, str]:
    """The search a request asks for (not yet run; stopped if its caller goes), its time limit and the
    dictionary's name."""
    d, state, weights, limit = await read_query(ctx, body)
    objective = Objective.parse(body.objective)
    return Search(d.lexicon, state, objective, weights, time_limit=limit, cancel=who.cancel), limit, d.name


def lane_of(state: TurnState, heavy: bool = False) -> Lane:
    """The runner's lane for a search of this state: by its cards and how many of them uncover or double."""
    cards = (*state.hand, *state.inked, *state.mine, *state.others)
    moving = (Role.UNCOVER, Role.DOUBLE)
    specials = sum(1 for c in cards if any(b.row.role in moving for b in (*c.basic, *c.genre_bonus)))
    return Lane.HEAVY if heavy else Lane.for_hand(len(cards), specials)


def _timed(out: dict[str, Any], name: str, start: float) -> JSONResponse:
    out["dictionary"] = name
    out["elapsed_ms"] = round((time.perf_counter() - start) * 1000, 3)
    return JSONResponse(out, headers=server_timing())


@router.post("/hint", response_model=HintOut, responses=QUERY_ERRORS)
async def hint(
    body: HintIn, ctx: Annotated[Context, Depends(context)], who: Annotated[Caller, Depends(caller)]
) -> JSONResponse:
    """The best words of a turn, each with its arrangement of cards, coins, prestige and reasons (or, with
    ``pareto``, the prestige/coins frontier)."""
    start = time.perf_counter()
    if body.top > ctx.settings.max_top:
        raise FieldError("top", f"top: {body.top} is more than this service gives; ask for 1 to {ctx.settings.max_top}")
    search, limit, name = await _search(ctx, body, who)
    familiar = body.familiar

    def run() -> answers.Answer:
        edition = search.state.options.edition
        allowed, familiarity = filters.familiar(search.lexicon, familiar, edition, body.allow_offensive)
        if allowed is not None:
            search.allowed = allowed
        return answers.hint(search, body.top, body.pareto, familiarity)

    answer = await ctx.runner.run(run, limit, lane_of(search.state, body.pareto), who)
    return _timed(answer.json, name, start)


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
    search, limit, name = await _search(ctx, body, who)
    arrangement = None
    if body.arrangement is not None:
        arrangement = [e if isinstance(e, str) else e.model_dump(exclude_none=True) for e in body.arrangement]
    answer, _ = await ctx.runner.run(
        lambda: answers.rate(search, body.word, arrangement), limit, lane_of(search.state), who
    )
    return _timed(answer.json, name, start)
