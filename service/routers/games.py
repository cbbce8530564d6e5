"""Games and bots: deal a game, apply a player's action, and let a bot play the seat in turn.

The service keeps no games: every request carries the whole game state (as the engine saves it) and gets the
new state back, so any client can hold a table and call a bot to fill an empty seat.
"""

from __future__ import annotations

import time
from typing import Annotated, Any

from fastapi import APIRouter, Depends
from fastapi.responses import JSONResponse

from service.context import Context, context
from service.errors import FieldError
from service.routers.hardback import Errors
from service.schemas import BotMoveIn, BotMoveOut, GameActionIn, GameOut, NewGameIn
from solver.bots.base import make_bot
from solver.errors import GhostwriterError
from solver.game.engine import Game, IllegalActionError
from solver.game.options import GameOptions
from solver.game.state import GameState, Phase
from solver.lexicon import Lexicon

router = APIRouter(prefix="/v1/hardback", tags=["games"])


def _answer(game: Game, extra: dict[str, Any] | None = None, start: float | None = None) -> JSONResponse:
    st = game.state
    over = st.phase == Phase.OVER
    out: dict[str, Any] = {
        "game": st.to_json(),
        "seat": st.current,
        "phase": st.phase,
        "scores": game.final_scores(),
        "winner": game.winner() if over else None,
    }
    out.update(extra or {})
    if start is not None:
        out["elapsed_ms"] = round((time.perf_counter() - start) * 1000, 3)
    return JSONResponse(out)


def _load(data: dict[str, Any], lexicon: Lexicon) -> Game:
    try:
        state = GameState.from_json(data)
    except GhostwriterError as e:
        raise FieldError("game", str(e)) from None
    return Game(state, lexicon)


@router.post("/game/new", response_model=GameOut, responses=Errors)
async def new_game(body: NewGameIn, ctx: Annotated[Context, Depends(context)]) -> JSONResponse:
    """Deal a new game from a seed: starter decks, the offer row, the first hands."""
    d = (await ctx.dictionaries()).get(None)
    try:
        options = GameOptions.from_json(body.options.model_dump())
    except GhostwriterError as e:
        raise FieldError("options", str(e)) from None
    return _answer(Game.new(options, body.seed, d.lexicon))


@router.post("/game/action", response_model=GameOut, responses=Errors)
async def game_action(body: GameActionIn, ctx: Annotated[Context, Depends(context)]) -> JSONResponse:
    """Apply one action of the player in turn; a refused action is a 422 naming the rule, and changes nothing."""
    d = (await ctx.dictionaries()).get(body.dictionary)
    game = _load(body.game, d.lexicon)
    try:
        await ctx.runner.run(lambda: game.apply(body.action), ctx.settings.time_budget)
    except IllegalActionError as e:
        raise FieldError("action", str(e)) from None
    return _answer(game)


@router.post("/bot/move", response_model=BotMoveOut, responses=Errors)
async def bot_move(body: BotMoveIn, ctx: Annotated[Context, Depends(context)]) -> JSONResponse:
    """The bot plays the whole turn of the seat in turn (from whatever phase the turn is in): its actions, the
    word it spelled, and the game state after."""
    start = time.perf_counter()
    d = (await ctx.dictionaries()).get(body.dictionary)
    game = _load(body.game, d.lexicon)
    if game.state.phase == Phase.OVER:
        raise FieldError("game", "the game is over: there is no turn to play")
    seat = game.state.current
    limit = ctx.settings.time_budget / 4  # a turn runs a few searches
    bot = make_bot(body.bot, d.lexicon, game.state.seed * 7919 + seat, time_limit=limit)
    actions = await ctx.runner.run(lambda: bot.play_turn(game), ctx.settings.time_budget)
    word = next((a["word"] for a in actions if a.get("action") == "spell"), None)
    extra = {"bot": body.bot, "played": seat, "actions": actions, "word": word}
    return _answer(game, extra, start)
