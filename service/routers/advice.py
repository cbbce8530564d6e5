"""The expert's advice for both games (``solver.advice``): each seat's chance to win a game as it stands
(``POST /v1/{game}/evaluate``), and Paperback's table seen by one seat, with the expert's next action
(``POST /v1/paperback/game/view``; Hardback's view is ``service.routers.table``'s).

A state is read and checked as the game routes read it (``service.gamestate.load_game``: signed with a state key,
checked in full, a 422 naming the field at fault). Both are heavy requests bounded by the service's time budget:
the win chances stop sampling worlds at a deadline (at least one world is played), and the expert's suggestion
plays its turn under a time limit.
"""

from __future__ import annotations

import time
from typing import Annotated, Any

from fastapi import APIRouter, Depends
from fastapi.responses import JSONResponse

from service.advice import SUGGEST_SHARE, advice
from service.deps import Context, caller, context
from service.errors import QUERY_ERRORS, FieldError
from service.game_faces import HARDBACK, PAPERBACK
from service.gamestate import FACES, GameFace, load_game
from service.pool import Job, Work
from service.runner import Caller, Lane
from service.schemas.advice import EvaluateIn, EvaluateOut, PaperbackEvaluateIn, PaperbackGameViewIn
from solver.advice.chances import win_chances
from solver.game.protocol import Game

router = APIRouter()

EVALUATE_SHARE = 0.8  # of the time budget, the sampled worlds of an evaluation


async def _evaluate(face: GameFace[Any], body: EvaluateIn, ctx: Context, who: Caller) -> JSONResponse:
    start = time.perf_counter()
    (await ctx.dictionaries()).get(body.dictionary)
    budget = ctx.settings.time_budget
    job = Job(evaluate_job, (face.prefix, body.game, body.dictionary, ctx.settings.state_key, body.samples, body.seed,
                             budget))
    out = await ctx.runner.run(job, budget, Lane.HEAVY, who)
    out["elapsed_ms"] = round((time.perf_counter() - start) * 1000, 3)
    return JSONResponse(out)


def evaluate_job(
    work: Work, prefix: str, data: Any, dictionary: str | None, key: str, samples: int, seed: int, budget: float
) -> dict[str, Any]:
    """The win chances, in a search worker (killed past the request's deadline): the worlds stop at a share of
    what is left of it; ``seat`` the seat the game waits on."""
    game: Game[Any] = load_game(FACES[prefix], data, work.dictionaries.get(dictionary).lexicon, key)
    deadline = time.monotonic() + work.time_limit(budget) * EVALUATE_SHARE
    return {**win_chances(game, samples, seed, deadline).to_json(), "seat": game.to_act()}


def paperback_view_job(
    work: Work, data: Any, dictionary: str | None, key: str, seat: int
) -> tuple[dict[str, Any], int | None]:
    """What a Paperback seat sees, in a search worker; and the seat the game waits on."""
    game = load_game(PAPERBACK, data, work.dictionaries.get(dictionary).lexicon, key)
    players = len(game.state.players)
    if not 0 <= seat < players:
        raise FieldError("seat", f"seat: the game has seats 0 to {players - 1}")
    return game.view(seat), game.to_act()


def paperback_advice_job(
    work: Work, data: Any, dictionary: str | None, key: str, limit: float
) -> dict[str, Any] | None:
    """The expert's next action in a Paperback seat's place, in a search worker."""
    game = load_game(PAPERBACK, data, work.dictionaries.get(dictionary).lexicon, key)
    return advice(game, work.time_limit(limit) * SUGGEST_SHARE)


EVALUATE_DOC = (
    "Each seat's chance to win the game as it stands, an estimate: worlds drawn from what the seat to act sees "
    "(the hidden cards and future shuffles redrawn), each played a round ahead by the hard bot's policy and read by "
    "the learned win model; the chances are the worlds' mean and se their standard error (it covers the sampled "
    "worlds only, not the model's own error). A finished game gives its outcome (estimate false). Bounded by the "
    "service's time budget: fewer worlds than asked may be played (samples says how many)."
)


def serve_evaluate(face: GameFace[Any], body: type[EvaluateIn], tag: str) -> None:
    """Register ``POST {prefix}/evaluate`` for one game (``body``: its schema, for FastAPI to read the request)."""

    async def evaluate(
        body: EvaluateIn, ctx: Annotated[Context, Depends(context)], who: Annotated[Caller, Depends(caller)]
    ) -> JSONResponse:
        return await _evaluate(face, body, ctx, who)

    evaluate.__annotations__["body"] = body
    router.post(f"{face.prefix}/evaluate", response_model=EvaluateOut, responses=QUERY_ERRORS, tags=[tag],
                description=EVALUATE_DOC)(evaluate)


serve_evaluate(HARDBACK, EvaluateIn, "games")
serve_evaluate(PAPERBACK, PaperbackEvaluateIn, "paperback games")


@router.post("/v1/paperback/game/view", responses=QUERY_ERRORS, tags=["paperback games"])
async def paperback_view(
    body: PaperbackGameViewIn, ctx: Annotated[Context, Depends(context)], who: Annotated[Caller, Depends(caller)]
) -> JSONResponse:
    """What a seat sees of a Paperback game and may do now (``legal``: the actions the engine accepts from it, a
    spell aside); with ``suggest``, the expert's next action in the seat's place when the game waits on it
    (``suggestion``: the action as ``/game/action`` takes it; ``advice``: the same with the chance to win it leads
    to and the runner-up's, estimates)."""
    (await ctx.dictionaries()).get(body.dictionary)
    budget = ctx.settings.time_budget
    seen = Job(paperback_view_job, (body.game, body.dictionary, ctx.settings.state_key, body.seat))
    out, to_act = await ctx.runner.run(seen, budget, Lane.LIGHT, who)
    if body.suggest and to_act == body.seat:
        job = Job(paperback_advice_job, (body.game, body.dictionary, ctx.settings.state_key, budget))
        found = await ctx.runner.run(job, budget, Lane.HEAVY, who)
        out["suggestion"] = found["action"] if found else None
        out["advice"] = found
    return JSONResponse(out)
