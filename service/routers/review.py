"""A game reviewed turn by turn (``solver.answers.review``), either game's: each word's rank among every move the
hand could make, the gap to the best move, the best move, and every seat's score after each turn. One
implementation serves both paths, ``/v1/hardback/review`` and ``/v1/paperback/review``: only the record's format
(``solver.game.records``) and the schemas differ.

The record is replayed from what deals its game (the seed, the options, Hardback's powers, Paperback's deck) and its
log through the engine, which refuses any action the rules do not allow, so it need not be signed: a review reads
nothing from the client that a game dealt that way could not have done, and returns no state to play on. The work
is bounded: the log's length (``MAX_REVIEW_ACTIONS``), the body's size, and the service's time budget for the whole
review (each turn's search gets what is left; past it the turns not reached are left out, ``complete`` false). A
review is a heavy request. Under the win objective (the default) the review is ``solver.advice.review``'s: each
turn's chance to win before and after it and the expert's turn, within the same budget (``win_complete``).
"""

from __future__ import annotations

import time
from typing import Annotated, Any

from fastapi import APIRouter, Depends
from fastapi.responses import JSONResponse
from pydantic import BaseModel

from service.deps import Context, caller, context
from service.errors import QUERY_ERRORS, FieldError
from service.pool import Job, Work
from service.runner import Caller, Lane, server_timing
from service.schemas import PaperbackReviewIn, PaperbackReviewOut, ReviewIn, ReviewOut, ReviewRequest
from solver.advice.review import WIN, review_record
from solver.game.hardback.replay import HARDBACK
from solver.game.paperback.record import PAPERBACK
from solver.game.records import RecordError, replays_to_state
from solver.game.saved import AnyFormat

# a 2-player Hardback game of 20 rounds takes about 160 actions, 5 players over 60 rounds 1,500; a 2-player game of
# Paperback's house deck about 60, 5 players a few hundred
MAX_REVIEW_ACTIONS = 5_000

router = APIRouter()


def serve(fmt: AnyFormat, tag: str, body: type[ReviewRequest], answer: type[BaseModel], doc: str) -> None:
    """Register ``POST /v1/{game}/review`` for one game's records: ``body`` and ``answer`` its schemas, ``doc`` its
    description in the OpenAPI document."""

    async def review_game(
        body: ReviewRequest, ctx: Annotated[Context, Depends(context)], who: Annotated[Caller, Depends(caller)]
    ) -> JSONResponse:
        return await _review(fmt, body, ctx, who)

    review_game.__annotations__["body"] = body  # the game's own schema, for FastAPI to read and check the request
    review_game.__doc__ = doc
    router.post(f"/v1/{fmt.game}/review", response_model=answer, responses=QUERY_ERRORS, tags=[tag])(review_game)


async def _review(fmt: AnyFormat, body: ReviewRequest, ctx: Context, who: Caller) -> JSONResponse:
    """The review of one request: the record read, replayed and reviewed within the budget, on the heavy lane."""
    start = time.perf_counter()
    d = (await ctx.dictionaries()).get(body.dictionary)
    try:
        record = fmt.read(body.record, MAX_REVIEW_ACTIONS)
    except RecordError as e:
        raise _refused(e) from None
    if body.objective != WIN:
        fmt.objectives.parse(body.objective)  # a bad objective is answered here, before it is queued
    limit = min(body.time_limit or ctx.settings.time_budget, ctx.settings.time_budget)
    job = Job(review_job, (fmt.game, body.record, body.dictionary, body.objective, limit))
    rev, consistent = await ctx.runner.run(job, limit, Lane.HEAVY, who)
    out = rev
    out["seats"] = list(record.seats) if record.seats else None
    out.update(fmt.extra_json(record))
    out["replays_to_state"] = consistent
    out["dictionary"] = d.name
    out["elapsed_ms"] = round((time.perf_counter() - start) * 1000, 3)
    return JSONResponse(out, headers=server_timing())


FORMATS: dict[str, AnyFormat] = {"hardback": HARDBACK, "paperback": PAPERBACK}


def review_job(
    work: Work, game: str, data: Any, dictionary: str | None, objective: str, limit: float
) -> tuple[dict[str, Any], bool]:
    """The review, in a search worker: the record replayed, then each turn searched in what is left of the
    limit; its JSON and whether the record's state is the replay's."""
    start = time.monotonic()
    fmt = FORMATS[game]
    d = work.dictionaries.get(dictionary)
    try:
        record = fmt.read(data, MAX_REVIEW_ACTIONS)
        played, turns = fmt.replay(record, d.lexicon)
    except RecordError as e:
        raise _refused(e) from None
    # the replay's share comes off the limit: the searches get what is left, with room for their graces
    left = max(0.001, work.time_limit(limit) * 0.8 - (time.monotonic() - start))
    rev = review_record(fmt, record, d.lexicon, turns, objective, time_limit=left, cancel=work.cancel)
    return rev.to_json(), replays_to_state(record, played)


def _refused(e: RecordError) -> FieldError:
    """A record's fault as the request's field: ``record.log[12]``, ``record.deck.offer[3].abilities[0]``."""
    if not e.field:
        return FieldError("record", f"record: {e}")
    return FieldError(f"record.{e.field}", f"record.{e}")


serve(
    HARDBACK,
    "games",
    ReviewIn,
    ReviewOut,
    "Review a game record: for every turn that spelled a word or passed, the seat, the hand as it was, the word\n"
    "and its value, its rank among all words, the gap to the best move and the best move (a pass: no word, no rank,\n"
    "the gap is the best move's whole worth). Each word is rated as it was played, laid out with its choices.",
)
serve(
    PAPERBACK,
    "paperback games",
    PaperbackReviewIn,
    PaperbackReviewOut,
    "Review a Paperback game record: for every turn that spelled a word or passed, the seat, the hand as it was,\n"
    "the word and its score, its rank among every move the hand could make, the gap to the best move, the best move\n"
    "and each seat's Fame after the turn (a pass: no word, no rank, the gap is the best move's whole worth).",
)
