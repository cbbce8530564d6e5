"""A game reviewed turn by turn (``solver.answers.review``): each word's rank among all words, the gap to the best
move, and the best move.

The record is replayed from its seed, options and log through the engine (``solver.game.hardback.replay``), which
refuses
any action the rules do not allow, so it need not be signed: a review reads nothing from the client that a game
dealt from that seed could not have done, and returns no state to play on. The work is bounded: the log's length
(``MAX_REVIEW_ACTIONS``), the body's size, and the service's time budget for the whole review (each turn's search
gets what is left; past it the turns not reached are left out, ``complete`` false). A review is a heavy request.
"""

from __future__ import annotations

import time
from typing import Annotated

from fastapi import APIRouter, Depends
from fastapi.responses import JSONResponse

from service.deps import Context, caller, context
from service.errors import QUERY_ERRORS, FieldError
from service.runner import Caller, Lane, server_timing
from service.schemas import ReviewIn, ReviewOut
from solver.answers.review import Review, review
from solver.game.hardback.replay import RecordError, read_record, replay, replays_to_state
from solver.hardback.objectives import Objective

MAX_REVIEW_ACTIONS = 5_000  # a 2-player game of 20 rounds takes about 160 actions; 5 players over 60 rounds, 1,500

router = APIRouter(prefix="/v1/hardback", tags=["games"])


@router.post("/review", response_model=ReviewOut, responses=QUERY_ERRORS)
async def review_game(
    body: ReviewIn, ctx: Annotated[Context, Depends(context)], who: Annotated[Caller, Depends(caller)]
) -> JSONResponse:
    """Review a game record: for every turn that spelled a word or passed, the seat, the hand as it was, the word
    and its value, its rank among all words, the gap to the best move and the best move (a pass: no word, no rank,
    the gap is the best move's whole worth). Each word is rated as it was played, laid out with its choices."""
    start = time.perf_counter()
    d = (await ctx.dictionaries()).get(body.dictionary)
    try:
        record = read_record(body.record, MAX_REVIEW_ACTIONS)
    except RecordError as e:
        raise _refused(e) from None
    objective = Objective.parse(body.objective)
    limit = min(body.time_limit or ctx.settings.time_budget, ctx.settings.time_budget)

    def run() -> tuple[Review, bool]:
        try:
            game, turns = replay(record, d.lexicon)
        except RecordError as e:
            raise _refused(e) from None
        # the replay's share comes off the budget: the searches get what is left, with room for their graces
        left = max(0.001, limit * 0.8 - (time.perf_counter() - start))
        return review(d.lexicon, turns, objective, time_limit=left, cancel=who.cancel), replays_to_state(record, game)

    rev, consistent = await ctx.runner.run(run, limit, Lane.HEAVY, who)
    out = rev.to_json()
    out["seats"] = list(record.seats) if record.seats else None
    out["replays_to_state"] = consistent
    out["dictionary"] = d.name
    out["elapsed_ms"] = round((time.perf_counter() - start) * 1000, 3)
    return JSONResponse(out, headers=server_timing())


def _refused(e: RecordError) -> FieldError:
    """A record's fault as the request's field: ``record.log[12]``."""
    if not e.field:
        return FieldError("record", f"record: {e}")
    return FieldError(f"record.{e.field}", f"record.{e}")
