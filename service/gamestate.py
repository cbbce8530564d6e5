"""The game routes of both games, written once over the game protocol (``solver.game.protocol``): deal a game,
apply one action of the seat the game waits on, and let a bot play that seat's turn.

The service keeps no games: every request carries the whole game state (as the engine saves it) and gets the new
state back, so any client can hold a table and call a bot to fill an empty seat. A state from a client is checked
in full before anything is played on it (a 422 naming the field at fault), and with a state key it must carry the
service's own signature (``service.signing``). A refused action is a 422 naming the rule, and the game is left as
it was (the engines check an action completely first).

What differs between the games is a ``GameFace``: its paths' prefix, its request and answer schemas, how a state
and a new game's request are read, the table its answers carry beside the state, and how its bots play a turn
(``service.routers.games`` for Hardback, ``service.routers.paperback_games`` for Paperback).

Nothing of a game is read or played in the server's own process: each route is a job (``service.pool``) that
reads the state, checks it, plays and writes the answer in a search worker, killed at the request's deadline.
"""

from __future__ import annotations

import inspect
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Annotated, Any, Generic, TypeVar

from fastapi import APIRouter, Depends
from fastapi.responses import JSONResponse
from pydantic import BaseModel

from service.deps import Context, caller, context
from service.errors import QUERY_ERRORS, FieldError
from service.pool import Job, Work
from service.runner import Caller, Lane
from service.signing import sign, verify
from solver.game.protocol import Action, Game, IllegalActionError
from solver.lexicon import Lexicon

G = TypeVar("G", bound=Game[Any])
FACES: dict[str, GameFace[Any]] = {}  # every game's face, by its prefix ("/v1/hardback")


@dataclass(frozen=True)
class GameFace(Generic[G]):
    """One game's part of the game routes (the module's docstring); ``docs`` holds each route's description."""

    prefix: str  # "/v1/hardback"
    tag: str
    read: Callable[[dict[str, Any], Lexicon], G]  # a state checked in full: a FieldError naming the fault
    deal: Callable[[Any, Lexicon], G]  # a new game from its request's body
    action: Callable[[object], Action]  # an action from its JSON (``IllegalActionError`` naming the fault)
    table: Callable[[G], dict[str, Any]]  # what every answer carries beside the state
    turn: Callable[[str, Lexicon, G, float], None]  # the bot named plays the seat the game waits on
    bot_job: Callable[..., dict[str, Any]]  # ``bot_turn`` with this face: a module-level function (a search job)
    schemas: tuple[type[BaseModel], ...]  # new game in, action in, bot in, game out, bot out
    docs: dict[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        FACES[self.prefix] = self  # a job names its face by prefix (a face holds functions no pickle carries)

    @property
    def start(self) -> str:
        """The route that deals a game."""
        return f"{self.prefix}/game/new"


def load_game(face: GameFace[G], data: dict[str, Any], lexicon: Lexicon, key: str) -> G:
    """The game of a request, its signature checked (with a state key) and the state checked in full."""
    verify(data, key, face.start)
    return face.read(data, lexicon)


def answer_json(face: GameFace[G], game: G, extra: dict[str, Any] | None, key: str) -> dict[str, Any]:
    out: dict[str, Any] = {"game": sign(game.to_json(), key), **face.table(game)}
    out.update(extra or {})
    return out


def bot_turn(
    face: GameFace[G], work: Work, data: dict[str, Any], dictionary: str | None, bot: str, key: str, budget: float
) -> dict[str, Any]:
    """A bot's turn, in a search worker (the game read again there; ``GameFace.bot_job`` calls it with its face):
    the answer's JSON."""
    lexicon = work.dictionaries.get(dictionary).lexicon
    game = load_game(face, data, lexicon, key)
    seat, played = game.to_act(), len(game.log)
    if seat is None:
        raise FieldError("game", "the game is over: there is no turn to play")
    face.turn(bot, lexicon, game, work.time_limit(budget * 0.8))  # the searches, with room for the rest of the turn
    actions = [a.to_json() for a in game.log[played:]]
    word = next((a["word"] for a in actions if a["action"] == "spell"), None)
    return answer_json(face, game, {"bot": bot, "played": seat, "actions": actions, "word": word}, key)


def new_job(work: Work, prefix: str, body: Any, key: str) -> dict[str, Any]:
    """A new game dealt, in a search worker: the answer's JSON (``body``: the face's new-game request)."""
    face = FACES[prefix]
    return answer_json(face, face.deal(body, work.dictionaries.get(None).lexicon), None, key)


def action_job(
    work: Work, prefix: str, data: dict[str, Any], dictionary: str | None, action: object, key: str
) -> dict[str, Any]:
    """One action applied, in a search worker (the state read and checked there too): the answer's JSON."""
    face = FACES[prefix]
    game = load_game(face, data, work.dictionaries.get(dictionary).lexicon, key)
    try:
        game.apply(face.action(action))
    except IllegalActionError as e:
        raise FieldError(f"action.{e.field}" if e.field else "action", str(e)) from None
    return answer_json(face, game, None, key)


def _timed(out: dict[str, Any], start: float) -> JSONResponse:
    """The answer, with the time taken since ``start``."""
    out["elapsed_ms"] = round((time.perf_counter() - start) * 1000, 3)
    return JSONResponse(out)


Route = Callable[..., Awaitable[JSONResponse]]


def _with_body(route: Route, model: type[BaseModel]) -> Route:
    """The route with its ``body`` parameter read as ``model`` (the face's schema, which FastAPI reads from the
    route's signature)."""
    sig = inspect.signature(route, eval_str=True)
    params = [p.replace(annotation=model) if p.name == "body" else p for p in sig.parameters.values()]
    route.__signature__ = sig.replace(parameters=params)  # type: ignore[attr-defined]
    return route


def game_routes(face: GameFace[G]) -> APIRouter:
    """The three game routes of one game: ``/game/new``, ``/game/action``, ``/bot/move`` under its prefix."""
    router = APIRouter(prefix=face.prefix, tags=[face.tag])
    new_in, action_in, bot_in, out, bot_out = face.schemas

    async def new_game(
        body: Any, ctx: Annotated[Context, Depends(context)], who: Annotated[Caller, Depends(caller)]
    ) -> JSONResponse:
        await ctx.dictionaries()
        job = Job(new_job, (face.prefix, body, ctx.settings.state_key))
        return JSONResponse(await ctx.runner.run(job, ctx.settings.time_budget, Lane.LIGHT, who))

    async def game_action(
        body: Any, ctx: Annotated[Context, Depends(context)], who: Annotated[Caller, Depends(caller)]
    ) -> JSONResponse:
        (await ctx.dictionaries()).get(body.dictionary)  # an unknown dictionary is named before the job is queued
        job = Job(action_job, (face.prefix, body.game, body.dictionary, body.action, ctx.settings.state_key))
        return JSONResponse(await ctx.runner.run(job, ctx.settings.time_budget, Lane.LIGHT, who))

    async def bot_move(
        body: Any, ctx: Annotated[Context, Depends(context)], who: Annotated[Caller, Depends(caller)]
    ) -> JSONResponse:
        start = time.perf_counter()
        (await ctx.dictionaries()).get(body.dictionary)
        budget, key = ctx.settings.time_budget, ctx.settings.state_key
        job = Job(face.bot_job, (body.game, body.dictionary, body.bot, key, budget))
        return _timed(await ctx.runner.run(job, budget, Lane.HEAVY, who), start)

    for path, route, model, response in (
        ("/game/new", new_game, new_in, out),
        ("/game/action", game_action, action_in, out),
        ("/bot/move", bot_move, bot_in, bot_out),
    ):
        description = face.docs.get(path, "")
        router.post(path, response_model=response, responses=QUERY_ERRORS, description=description)(
            _with_body(route, model)
        )
    return router
