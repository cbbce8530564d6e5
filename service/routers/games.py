"""Games and bots: deal a game, apply a player's action, and let a bot play the seat in turn.

The service keeps no games: every request carries the whole game state (as the engine saves it) and gets the
new state back, so any client can hold a table and call a bot to fill an empty seat. A state from a client is
checked in full before anything is played on it (``solver.game.hardback.validate``: a 422 naming the field at fault),
and
with a state key it must carry the service's own signature (``service.signing``).
"""

from __future__ import annotations

import time
from typing import Annotated

from fastapi import APIRouter, Depends
from fastapi.responses import JSONResponse

from service.deps import Context, caller, context
from service.errors import QUERY_ERRORS, FieldError
from service.gamestate import answer as _answer
from service.gamestate import load_game as _load
from service.runner import Caller, Lane
from service.schemas import BotMoveIn, BotMoveOut, GameActionIn, GameOut, NewGameIn
from solver.bots.registry import bot_seed, make_bot
from solver.errors import GhostwriterError
from solver.game.hardback.actions import IllegalActionError, Spell, action_from_json
from solver.game.hardback.engine import Game
from solver.game.hardback.options import GameOptions
from solver.game.hardback.state import Phase

router = APIRouter(prefix="/v1/hardback", tags=["games"])


@router.post("/game/new", response_model=GameOut, responses=QUERY_ERRORS)
async def new_game(body: NewGameIn, ctx: Annotated[Context, Depends(context)]) -> JSONResponse:
    """Deal a new game from a seed: starter decks, the offer row, the first hands."""
    d = (await ctx.dictionaries()).get(None)
    try:
        options = GameOptions.from_json(body.options.model_dump())
    except GhostwriterError as e:
        raise FieldError("options", str(e)) from None
    return _answer(Game.new(options, body.seed, d.lexicon), key=ctx.settings.state_key)


@router.post("/game/action", response_model=GameOut, responses=QUERY_ERRORS)
async def game_action(body: GameActionIn, ctx: Annotated[Context, Depends(context)]) -> JSONResponse:
    """Apply one action: the player in turn's, an ink or remover another seat uses out of turn, or an opponent's
    return; a refused action is a 422 naming the rule, and changes nothing."""
    d = (await ctx.dictionaries()).get(body.dictionary)
    game = _load(body.game, d.lexicon, ctx.settings.state_key)
    try:
        action = action_from_json(body.action)
        await ctx.runner.run(lambda: game.apply(action), ctx.settings.time_budget)
    except IllegalActionError as e:
        raise FieldError(f"action.{e.field}" if e.field else "action", str(e)) from None
    return _answer(game, key=ctx.settings.state_key)


@router.post("/bot/move", response_model=BotMoveOut, responses=QUERY_ERRORS)
async def bot_move(
    body: BotMoveIn, ctx: Annotated[Context, Depends(context)], who: Annotated[Caller, Depends(caller)]
) -> JSONResponse:
    """The bot plays for the seat the game waits on (``acting``): the whole turn of the seat in turn (from whatever
    phase the turn is in; it stops when printed Horror H leaves an opponent to choose the token it returns), or, in
    the return phase, that opponent's choice. Its actions, the word it spelled, and the game state after."""
    start = time.perf_counter()
    d = (await ctx.dictionaries()).get(body.dictionary)
    game = _load(body.game, d.lexicon, ctx.settings.state_key)
    if game.state.phase == Phase.OVER:
        raise FieldError("game", "the game is over: there is no turn to play")
    seat = game.state.acting
    limit = ctx.settings.time_budget * 0.8  # the whole turn's searches, with room for their graces
    bot = make_bot(body.bot, d.lexicon, bot_seed(game.state.seed, seat), time_limit=limit)
    actions = await ctx.runner.run(lambda: bot.play_turn(game), ctx.settings.time_budget, Lane.HEAVY, who)
    word = next((a.word for a in actions if isinstance(a, Spell)), None)
    extra = {"bot": body.bot, "played": seat, "actions": [a.to_json() for a in actions], "word": word}
    return _answer(game, extra, start, key=ctx.settings.state_key)
