"""The ghost writer for Paperback: the best words of a hand, with their score, length and the cards to use."""

from __future__ import annotations

import time
from typing import Annotated, Any

from fastapi import APIRouter, Depends
from fastapi.responses import JSONResponse, Response, StreamingResponse

from service.deps import Context, caller, context
from service.errors import QUERY_ERRORS, FieldError
from service.pool import Job, Work
from service.runner import Caller, Lane, server_timing
from service.schemas import PaperbackHintIn, PaperbackHintOut
from solver.answers.paperback import every, every_lines
from solver.answers.paperback import hint as paperback_hint
from solver.errors import GhostwriterError
from solver.paperback.moves import PaperbackObjective
from solver.paperback.state import PaperbackTurn
from solver.search.paperback import PaperbackSearch

router = APIRouter(prefix="/v1/paperback", tags=["paperback"])


EVERY_WORD = {
    "description": '"top": "all": every word with its best score, as JSON Lines (the last line {"done": true, ...})',
    "content": {"application/x-ndjson": {}},
}


@router.post("/hint", response_model=PaperbackHintOut, responses={**QUERY_ERRORS, 200: EVERY_WORD})
async def hint(
    body: PaperbackHintIn, ctx: Annotated[Context, Depends(context)], who: Annotated[Caller, Depends(caller)]
) -> Response:
    """The best words of a Paperback hand: score, length, the cards left to right (wilds, the Common card, a card
    reversed by Dyslexic, doubled cards) and the reasons; with the Spacebar as the Common card, two-word moves.
    With ``"top": "all"``, every word the hand can spell with its best score, streamed as JSON Lines."""
    start = time.perf_counter()
    if body.top != "all" and body.top > ctx.settings.max_top:
        raise FieldError("top", f"top: {body.top} is more than this service gives; ask for 1 to {ctx.settings.max_top}")
    d = (await ctx.dictionaries()).get(body.dictionary)
    state = _turn(body)  # a bad hand is answered here, before it is queued
    limit = min(body.time_limit or ctx.settings.time_budget, ctx.settings.time_budget)
    # two-word moves (the Spacebar) and hands of many cards or abilities are the costly searches
    abilities = sum(len(c.abilities) for c in state.hand)
    spacebar = state.common is not None and state.common.special == "spacebar"
    lane = Lane.HEAVY if spacebar else Lane.for_hand(len(state.hand), abilities // 2)
    if body.top == "all":
        found, summary = await ctx.runner.run(Job(every_job, (body, limit)), limit, lane, who)
        summary["dictionary"] = d.name
        summary["elapsed_ms"] = round((time.perf_counter() - start) * 1000, 3)
        return StreamingResponse(every_lines(found, summary), media_type="application/x-ndjson")
    out = await ctx.runner.run(Job(hint_job, (body, limit)), limit, lane, who)
    out["dictionary"] = d.name
    out["elapsed_ms"] = round((time.perf_counter() - start) * 1000, 3)
    return JSONResponse(out, headers=server_timing())


def _turn(body: PaperbackHintIn) -> PaperbackTurn:
    try:
        return PaperbackTurn.from_json(body.model_dump(include={"game", "hand", "common", "threshold", "options"}))
    except GhostwriterError as e:
        message = str(e)
        field = message.split(":", 1)[0] if message.startswith(("hand[", "common")) else "hand"
        raise FieldError(field, message) from None


def hint_job(work: Work, body: PaperbackHintIn, limit: float) -> dict[str, Any]:
    """The hint's search, in a search worker: its JSON."""
    d = work.dictionaries.get(body.dictionary)
    objective = PaperbackObjective(body.objective)
    search = PaperbackSearch(d.lexicon, _turn(body), objective, time_limit=work.time_limit(limit), cancel=work.cancel)
    assert body.top != "all"
    _, out = paperback_hint(search, body.top)
    return out


def every_job(work: Work, body: PaperbackHintIn, limit: float) -> tuple[Any, dict[str, Any]]:
    """Every word of the hand with its best score, in a search worker (``"top": "all"``)."""
    d = work.dictionaries.get(body.dictionary)
    objective = PaperbackObjective(body.objective)
    search = PaperbackSearch(d.lexicon, _turn(body), objective, time_limit=work.time_limit(limit), cancel=work.cancel)
    return every(search)
