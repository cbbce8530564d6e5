"""A Paperback game reviewed turn by turn (``solver.answers.paperback_review``): each word's rank among every move
the hand could make, the gap to the best move, the best move, and the Fame after each turn.

As Hardback's review (``service.routers.review``): the record is dealt again from its deck, options and seed and
replayed through the engine (``solver.game.paperback.record``), which refuses any action the rules do not allow, so
it need not be signed; the log's length (``MAX_REVIEW_ACTIONS``), the body's size and the service's time budget
bound the work (past the budget the turns not reached are left out, ``complete`` false). A heavy request.
"""

from __future__ import annotations

import time
from typing import Annotated

from fastapi import APIRouter, Depends
from fastapi.responses import JSONResponse

from service.deps import Context, caller, context
from service.errors import QUERY_ERRORS, FieldError
from service.runner import Caller, Lane, server_timing
from service.schemas import PaperbackReviewIn, PaperbackReviewOut
from solver.answers.paperback_review import Review, review
from solver.game.hardback.replay import RecordError
from solver.game.paperback.record import read_record, replay, replays_to_state
from solver.paperback.moves import PaperbackObjective

MAX_REVIEW_ACTIONS = 5_000  # a 2-player game of the house deck takes about 60 actions; 5 players, a few hundred

router = APIRouter(prefix="/v1/paperback", tags=["paperback games"])


@router.post("/review", response_model=PaperbackReviewOut, responses=QUERY_ERRORS)
async def review_game(
    body: PaperbackReviewIn, ctx: Annotated[Context, Depends(context)], who: Annotated[Caller, Depends(caller)]
) -> JSONResponse:
    """Review a Paperback game record: for every turn that spelled a word or passed, the seat, the hand as it was,
    the word and its score, its rank among every move the hand could make, the gap to the best move, the best move
    and each seat's Fame after the turn (a pass: no word, no rank, the gap is the best move's whole worth)."""
    start = time.perf_counter()
    d = (await ctx.dictionaries()).get(body.dictionary)
    try:
        record = read_record(body.record, MAX_REVIEW_ACTIONS)
    except RecordError as e:
        raise _refused(e) from None
    objective = PaperbackObjective.parse(body.objective)
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
    out["deck"] = record.deck.name
    out["replays_to_state"] = consistent
    out["dictionary"] = d.name
    out["elapsed_ms"] = round((time.perf_counter() - start) * 1000, 3)
    return JSONResponse(out, headers=server_timing())


def _refused(e: RecordError) -> FieldError:
    """A record's fault as the request's field: ``record.log[12]``, ``record.deck.offer[3].abilities[0]``."""
    if not e.field:
        return FieldError("record", f"record: {e}")
    return FieldError(f"record.{e.field}", f"record.{e}")
