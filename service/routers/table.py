"""The table a player's page shows: what a seat sees of a game and may do now, the ghost writer's words for the
seat in turn and the choices a laid-out word leaves open, and actions applied one after the other with each told
in words. Every answer comes from the engine (the seat's view and its legal actions: ``solver.game.hardback.view``
and ``legal``), so a client shows a game without knowing its rules; the service still keeps no games
(``service.routers.games``).
"""

from __future__ import annotations

import time
from typing import Annotated, Any

from fastapi import APIRouter, Depends
from fastapi.responses import JSONResponse

from service.advice import SUGGEST_SHARE, advice
from service.deps import Context, caller, context
from service.errors import QUERY_ERRORS, FieldError
from service.game_faces import HARDBACK
from service.gamestate import answer_json, load_game
from service.pool import Job, Work
from service.runner import Caller, Lane
from service.schemas import GameHintIn, GameOut, GameReadIn, GameStepsIn, GameViewIn
from service.seat_help import HINT_TIME_LIMIT, hardback_hint, hardback_read
from solver.game.hardback.actions import IllegalActionError, action_from_json
from solver.game.hardback.engine import Game
from solver.game.hardback.narrate import apply_described
from solver.game.hardback.view import seat_view as view

router = APIRouter(prefix="/v1/hardback/game", tags=["games"])

SUGGEST_LIMIT = 5.0  # seconds the expert's suggestion may take, within the service's budget


def _seat(game: Game, seat: int) -> int:
    if not 0 <= seat < len(game.state.players):
        raise FieldError("seat", f"seat: the game has seats 0 to {len(game.state.players) - 1}")
    return seat


@router.post("/view", responses=QUERY_ERRORS)
async def game_view(
    body: GameViewIn, ctx: Annotated[Context, Depends(context)], who: Annotated[Caller, Depends(caller)]
) -> JSONResponse:
    """What a seat sees of the game and may do now (``legal``: the actions the engine accepts from it, a spell
    aside); with ``suggest``, when the game waits on the seat, the expert's next action in its place, in every
    phase (an ink draw, the word as a spell action with its choices made, a choice, a buy...): ``suggestion`` the
    action as ``/game/steps`` takes it, ``advice`` the same with the chance to win it leads to and the
    runner-up's (estimates, with their standard errors)."""
    (await ctx.dictionaries()).get(body.dictionary)
    key, budget = ctx.settings.state_key, ctx.settings.time_budget
    job = Job(view_job, (body.game, body.dictionary, key, body.seat))
    out, to_act = await ctx.runner.run(job, budget, Lane.LIGHT, who)
    if body.suggest and out["legal"] and to_act == body.seat:
        limit = min(SUGGEST_LIMIT, budget * SUGGEST_SHARE)
        suggest = Job(suggest_job, (body.game, body.dictionary, key, limit))
        found = await ctx.runner.run(suggest, budget, Lane.HEAVY, who)
        out["suggestion"] = found["action"] if found else None
        out["advice"] = found
    return JSONResponse(out)


def _game(work: Work, data: Any, dictionary: str | None, key: str) -> Game:
    """The game of a request, read and checked in a search worker."""
    return load_game(HARDBACK, data, work.dictionaries.get(dictionary).lexicon, key)


def view_job(work: Work, data: Any, dictionary: str | None, key: str, seat: int) -> tuple[dict[str, Any], int | None]:
    """What ``seat`` sees, in a search worker; and the seat the game waits on."""
    game = _game(work, data, dictionary, key)
    return view(game, _seat(game, seat)), game.to_act()


def suggest_job(work: Work, data: Any, dictionary: str | None, key: str, limit: float) -> dict[str, Any] | None:
    """The expert's next action in the seat's place, with the chance it leads to, in a search worker."""
    return advice(_game(work, data, dictionary, key), work.time_limit(limit))


@router.post("/steps", response_model=GameOut, responses=QUERY_ERRORS)
async def game_steps(
    body: GameStepsIn, ctx: Annotated[Context, Depends(context)], who: Annotated[Caller, Depends(caller)]
) -> JSONResponse:
    """Apply actions one after the other (a player's own, or a bot's turn as ``/v1/hardback/bot/move`` gave it),
    each told in words with what ``seat`` sees after it (``legal`` after the last only); the game after the last.
    A refused action is a 422 naming it, and nothing is applied; so are actions that outrun the time budget."""
    (await ctx.dictionaries()).get(body.dictionary)
    budget = ctx.settings.time_budget
    job = Job(steps_job, (body.game, body.dictionary, ctx.settings.state_key, body.seat, body.actions, budget))
    return JSONResponse(await ctx.runner.run(job, budget, Lane.LIGHT, who))


def steps_job(
    work: Work, data: Any, dictionary: str | None, key: str, seat: int, actions: list[Any], budget: float
) -> dict[str, Any]:
    """The actions applied and told, in a search worker: the answer's JSON."""
    game = _game(work, data, dictionary, key)
    seat = _seat(game, seat)
    deadline = time.monotonic() + work.time_limit(budget) * 0.8
    steps = []
    last = len(actions) - 1
    for i, item in enumerate(actions):
        if time.monotonic() > deadline:
            raise FieldError(
                "actions", f"the actions outran the time budget at actions[{i}]: send fewer actions a request"
            )
        by = game.state.acting
        try:
            action = action_from_json(item)
            text = apply_described(game, action)
        except IllegalActionError as e:
            raise FieldError(f"actions[{i}]" + (f".{e.field}" if e.field else ""), str(e)) from None
        steps.append({"action": action.to_json(), "seat": by, "text": text, "view": view(game, seat, i == last)})
    return answer_json(HARDBACK, game, {"steps": steps}, key)


@router.post("/hint", responses=QUERY_ERRORS)
async def game_hint(
    body: GameHintIn, ctx: Annotated[Context, Depends(context)], who: Annotated[Caller, Depends(caller)]
) -> JSONResponse:
    """The ghost writer's best words for the seat in turn, before its word: the moves the engine accepts now,
    each with its ``layout`` (to play as it is) and its open ``questions`` (the choices, the ghost writer's
    marked ``best``)."""
    d = (await ctx.dictionaries()).get(body.dictionary)
    limit = min(HINT_TIME_LIMIT, ctx.settings.time_budget)
    job = Job(hint_job, (body.game, body.dictionary, ctx.settings.state_key, body.top, limit, body.familiar))
    out = await ctx.runner.run(job, limit, Lane.HEAVY, who)
    out["dictionary"] = d.name
    return JSONResponse(out)


def hint_job(
    work: Work, data: Any, dictionary: str | None, key: str, top: int, limit: float, familiar: float | None = None
) -> dict[str, Any]:
    """The seat's best words (those at least ``familiar``, when given), in a search worker: the hint's JSON."""
    return hardback_hint(_game(work, data, dictionary, key), top, familiar, work.time_limit(limit), work.cancel)


@router.post("/read", responses=QUERY_ERRORS)
async def game_read(
    body: GameReadIn, ctx: Annotated[Context, Depends(context)], who: Annotated[Caller, Depends(caller)]
) -> JSONResponse:
    """A word laid out by the seat in turn, read by the ghost writer before it is played: the move (its coins,
    prestige and the choices it would make), its open ``questions``, and whether the engine accepts it now (with
    the reason when not)."""
    (await ctx.dictionaries()).get(body.dictionary)
    entries = [e.model_dump(exclude_none=True) for e in body.layout]
    job = Job(read_job, (body.game, body.dictionary, ctx.settings.state_key, body.word, entries))
    out = await ctx.runner.run(job, ctx.settings.time_budget, Lane.HEAVY, who)
    return JSONResponse(out)


def read_job(
    work: Work, data: Any, dictionary: str | None, key: str, word: str, entries: list[dict[str, Any]]
) -> dict[str, Any]:
    """The laid-out word read by the ghost writer, in a search worker."""
    game = _game(work, data, dictionary, key)
    return hardback_read(game, word, entries, work.time_limit(HINT_TIME_LIMIT), work.cancel)
