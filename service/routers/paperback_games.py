"""Paperback games and bots, stateless like Hardback's (``service.routers.games``): deal a game (the house deck, or
a table's deck given inline), apply one action of the seat in turn, and let a bot play that seat's whole turn.

The service keeps no games: every request carries the whole state (as ``PaperbackState.to_json`` saves it, its
deck in full) and gets the new state back. A state from a client is checked in full before anything is played on
it (every card of the box in exactly one place, each kind of card where the rules can put it: a 422 naming the
field at fault), and with a state key it must carry the service's own signature (``service.signing``). A refused
action is a 422 naming the rule, and the game is left as it was (the engine checks an action completely first).
"""

from __future__ import annotations

import time
from typing import Annotated, Any

from fastapi import APIRouter, Depends
from fastapi.responses import JSONResponse

from service.deps import Context, caller, context
from service.errors import QUERY_ERRORS, FieldError
from service.runner import Caller, Lane
from service.schemas import (
    PaperbackBotMoveIn,
    PaperbackBotMoveOut,
    PaperbackGameActionIn,
    PaperbackGameOut,
    PaperbackNewGameIn,
)
from service.signing import sign, verify
from solver.bots.paperback import make_bot
from solver.bots.registry import bot_seed
from solver.errors import GhostwriterError
from solver.game.hardback.actions import IllegalActionError
from solver.game.hardback.state import GameStateError
from solver.game.paperback import PaperbackGame, PaperbackOptions, PaperbackState, Spell, action_from_json, expansions
from solver.game.paperback.engine import BUY, OVER
from solver.lexicon import Lexicon
from solver.paperback.deck import Deck, DeckError, deck_from_json, house_deck

router = APIRouter(prefix="/v1/paperback", tags=["paperback games"])
START = "/v1/paperback/game/new"

def read_table_deck(data: dict[str, Any] | None) -> Deck:
    """The house deck, or the table's own deck checked by the deck loader (a 422 naming the JSON path of the deck's
    field at fault, ``deck.offer[3].abilities[0]``: a line of the deck as the loader re-reads it means nothing to
    the client)."""
    if data is None:
        return house_deck()
    try:
        return deck_from_json(data, "deck")
    except DeckError as e:
        field = f"deck.{e.path}" if e.path else "deck"
        raise FieldError(field, f"{field}: {e.reason}") from None


def load_game(data: dict[str, Any], lexicon: Lexicon, key: str) -> PaperbackGame:
    """The game of a request, its signature checked (with a state key) and the state checked in full."""
    verify(data, key, START)
    try:
        state = PaperbackState.from_json(data)
    except GameStateError as e:
        field = e.field if e.field.startswith("game") else f"game.{e.field}"
        raise FieldError(field, str(e)) from None
    except GhostwriterError as e:
        raise FieldError("game", str(e)) from None
    return PaperbackGame(state, lexicon)


def answer(
    game: PaperbackGame, extra: dict[str, Any] | None = None, start: float | None = None, *, key: str = ""
) -> JSONResponse:
    st = game.state
    common = st.common
    out: dict[str, Any] = {
        "game": sign(st.to_json(), key),
        "seat": st.current,
        "phase": st.phase,
        "coins": st.coins,
        "scores": game.scores(),
        "commons": [st.commons_of(s) for s in range(len(st.players))],
        "common": common.code if common is not None else None,
        "threshold": st.threshold,
        "winner": game.winner() if st.phase == OVER else None,
        "result": game.result(),
        "expansions": expansions.view(st),
    }
    out.update(extra or {})
    if start is not None:
        out["elapsed_ms"] = round((time.perf_counter() - start) * 1000, 3)
    return JSONResponse(out)


@router.post("/game/new", response_model=PaperbackGameOut, responses=QUERY_ERRORS)
async def new_game(body: PaperbackNewGameIn, ctx: Annotated[Context, Depends(context)]) -> JSONResponse:
    """Deal a new game from a seed: each seat's starting deck and first hand, the Offer's seven piles and their
    row, the Fame piles for the player count, the Common cards on the length track. The deck: the house deck, or
    the table's own given inline (checked as a deck file is: a 422 naming the deck's field at fault)."""
    d = (await ctx.dictionaries()).get(None)
    deck = read_table_deck(body.deck)
    try:
        options = PaperbackOptions.from_json(body.options)
    except GameStateError as e:
        raise FieldError(e.field, str(e)) from None
    try:
        game = PaperbackGame.new(deck, options, body.seed, d.lexicon)
    except IllegalActionError as e:
        raise FieldError(f"options.{e.field}" if e.field else "options", str(e)) from None
    return answer(game, key=ctx.settings.state_key)


@router.post("/game/action", response_model=PaperbackGameOut, responses=QUERY_ERRORS)
async def game_action(body: PaperbackGameActionIn, ctx: Annotated[Context, Depends(context)]) -> JSONResponse:
    """Apply one action of the seat in turn (spell, pass, buy, end); a refused action is a 422 naming the rule,
    and changes nothing."""
    d = (await ctx.dictionaries()).get(body.dictionary)
    game = load_game(body.game, d.lexicon, ctx.settings.state_key)
    try:
        action = action_from_json(body.action)
        await ctx.runner.run(lambda: game.apply(action), ctx.settings.time_budget)
    except IllegalActionError as e:
        raise FieldError(f"action.{e.field}" if e.field else "action", str(e)) from None
    return answer(game, key=ctx.settings.state_key)


@router.post("/bot/move", response_model=PaperbackBotMoveOut, responses=QUERY_ERRORS)
async def bot_move(
    body: PaperbackBotMoveIn, ctx: Annotated[Context, Depends(context)], who: Annotated[Caller, Depends(caller)]
) -> JSONResponse:
    """The bot plays the seat in turn's whole turn, from whatever phase it is in (its word or a pass, its
    abilities, its purchases, the end of the turn): its actions, the word it spelled, and the game after."""
    start = time.perf_counter()
    d = (await ctx.dictionaries()).get(body.dictionary)
    game = load_game(body.game, d.lexicon, ctx.settings.state_key)
    st = game.state
    if st.phase == OVER:
        raise FieldError("game", "the game is over: there is no turn to play")
    seat = st.current
    limit = ctx.settings.time_budget * 0.8  # the turn's search, with room for the rest of the turn
    # a request is bounded: a search cut short plays the best move it found, never a search without a limit
    bot = make_bot(body.bot, d.lexicon, bot_seed(st.seed, seat), time_limit=limit, rerun=False)
    before = len(game.log)

    def turn() -> None:  # a whole turn, or the rest of one whose word a person made
        if st.phase == BUY:
            bot.finish_turn(game)
        else:
            bot.play_turn(game)

    await ctx.runner.run(turn, ctx.settings.time_budget, Lane.HEAVY, who)
    actions = game.log[before:]
    word = next((a.word for a in actions if isinstance(a, Spell)), None)
    extra = {"bot": body.bot, "played": seat, "actions": [a.to_json() for a in actions], "word": word}
    return answer(game, extra, start, key=ctx.settings.state_key)
