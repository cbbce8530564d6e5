"""Each game's part of the game routes both games share (``service.gamestate``): Hardback's (``HARDBACK``) and
Paperback's (``PAPERBACK``): its paths' prefix and schemas, how a state from a client and a new game's request are
read (a 422 naming the field at fault: Hardback's state checked by ``solver.game.hardback.validate``, Paperback's
by ``solver.game.paperback.validate``), the table its answers carry, and how its bots play a turn.
``service.routers.table`` reads Hardback's games through it too.
"""

from __future__ import annotations

from typing import Any

from service.errors import FieldError
from service.gamestate import GameFace, bot_turn
from service.pool import Work
from service.schemas import (
    BotMoveIn,
    BotMoveOut,
    GameActionIn,
    GameOut,
    NewGameIn,
    PaperbackBotMoveIn,
    PaperbackBotMoveOut,
    PaperbackGameActionIn,
    PaperbackGameOut,
    PaperbackNewGameIn,
)
from solver.advice.games import finish_turn
from solver.bots.paperback_expert import make_any as paperback_bot
from solver.bots.registry import bot_seed, make_bot
from solver.errors import GhostwriterError
from solver.game.hardback.actions import IllegalActionError
from solver.game.hardback.actions import action_from_json as hardback_action
from solver.game.hardback.engine import Game
from solver.game.hardback.options import GameOptions
from solver.game.paperback import PaperbackGame, PaperbackOptions
from solver.game.paperback import action_from_json as paperback_action
from solver.game.paperback.protocol import PaperbackTable, summary
from solver.game.saving import GameStateError
from solver.lexicon import Lexicon
from solver.paperback.deck import Deck, DeckError, deck_from_json, house_deck

# -- Hardback ---------------------------------------------------------------------------------------------------


def read_hardback(data: dict[str, Any], lexicon: Lexicon) -> Game:
    """The game of a state from a client, checked in full (``validate.load``)."""
    try:
        return Game.from_json(data, lexicon)
    except GameStateError as e:
        raise FieldError(e.field, str(e)) from None
    except GhostwriterError as e:
        raise FieldError("game", str(e)) from None


def deal_hardback(body: NewGameIn, lexicon: Lexicon) -> Game:
    try:
        options = GameOptions.from_json(body.options.model_dump())
    except GhostwriterError as e:
        raise FieldError("options", str(e)) from None
    return Game.new(options, body.seed, lexicon)


def table_hardback(game: Game) -> dict[str, Any]:
    """The seat in turn, the seat acting, the phase, the scores and the end."""
    st = game.state
    return {
        "seat": st.current,
        "acting": st.acting,
        "phase": st.phase,
        "scores": game.final_scores(),
        "winner": game.winner() if game.over() else None,
        "result": game.result(),
    }


def turn_hardback(name: str, lexicon: Lexicon, game: Game, limit: float) -> None:
    """The bot's turn for the seat the game waits on (``Bot.play_turn``)."""
    seat = game.state.acting
    make_bot(name, lexicon, bot_seed(game.state.seed, seat), time_limit=limit).play_turn(game)


def hardback_bot_job(work: Work, *args: Any) -> dict[str, Any]:
    """A Hardback bot's turn in a search worker (``service.gamestate.bot_turn``)."""
    return bot_turn(HARDBACK, work, *args)


HARDBACK: GameFace[Game] = GameFace(
    prefix="/v1/hardback",
    tag="games",
    read=read_hardback,
    deal=deal_hardback,
    action=hardback_action,
    table=table_hardback,
    turn=turn_hardback,
    bot_job=hardback_bot_job,
    schemas=(NewGameIn, GameActionIn, BotMoveIn, GameOut, BotMoveOut),
    docs={
        "/game/new": "Deal a new game from a seed: starter decks, the offer row, the first hands.",
        "/game/action": "Apply one action: the player in turn's, an ink or remover another seat uses out of turn, "
        "or an opponent's return; a refused action is a 422 naming the rule, and changes nothing.",
        "/bot/move": "The bot plays for the seat the game waits on (``acting``): the whole turn of the seat in turn "
        "(from whatever phase the turn is in; it stops when printed Horror H leaves an opponent to choose the token "
        "it returns), or, in the return phase, that opponent's choice. Its actions, the word it spelled, and the "
        "game state after.",
    },
)


# -- Paperback --------------------------------------------------------------------------------------------------


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


def read_paperback(data: dict[str, Any], lexicon: Lexicon) -> PaperbackTable:
    """The game of a state from a client, checked in full."""
    try:
        return PaperbackTable.from_json(data, lexicon)
    except GameStateError as e:
        field = e.field if e.field.startswith("game") else f"game.{e.field}"
        raise FieldError(field, str(e)) from None
    except GhostwriterError as e:
        raise FieldError("game", str(e)) from None


def deal_paperback(body: PaperbackNewGameIn, lexicon: Lexicon) -> PaperbackTable:
    deck = read_table_deck(body.deck)
    try:
        options = PaperbackOptions.from_json(body.options)
    except GameStateError as e:
        raise FieldError(e.field, str(e)) from None
    try:
        return PaperbackTable(PaperbackGame.new(deck, options, body.seed, lexicon))
    except IllegalActionError as e:
        raise FieldError(f"options.{e.field}" if e.field else "options", str(e)) from None


def turn_paperback(name: str, lexicon: Lexicon, table: PaperbackTable, limit: float) -> None:
    """The bot's turn for the seat in turn: a whole turn, or the rest of one whose word a person made. A request is
    bounded: a search cut short plays the best move it found, never a search without a limit."""
    game = table.game
    seat = game.state.current
    bot = paperback_bot(name, lexicon, bot_seed(game.state.seed, seat), time_limit=limit, rerun=False)
    finish_turn(bot, game)


def paperback_bot_job(work: Work, *args: Any) -> dict[str, Any]:
    """A Paperback bot's turn in a search worker (``service.gamestate.bot_turn``)."""
    return bot_turn(PAPERBACK, work, *args)


PAPERBACK: GameFace[PaperbackTable] = GameFace(
    prefix="/v1/paperback",
    tag="paperback games",
    read=read_paperback,
    deal=deal_paperback,
    action=paperback_action,
    table=lambda t: summary(t.game),
    turn=turn_paperback,
    bot_job=paperback_bot_job,
    schemas=(PaperbackNewGameIn, PaperbackGameActionIn, PaperbackBotMoveIn, PaperbackGameOut, PaperbackBotMoveOut),
    docs={
        "/game/new": "Deal a new game from a seed: each seat's starting deck and first hand, the Offer's seven piles "
        "and their row, the Fame piles for the player count, the Common cards on the length track. The deck: the "
        "house deck, or the table's own given inline (checked as a deck file is: a 422 naming the deck's field at "
        "fault).",
        "/game/action": "Apply one action of the seat in turn (spell, pass, buy, end); a refused action is a 422 "
        "naming the rule, and changes nothing.",
        "/bot/move": "The bot plays the seat in turn's whole turn, from whatever phase it is in (its word or a "
        "pass, its abilities, its purchases, the end of the turn): its actions, the word it spelled, and the game "
        "after.",
    },
)
