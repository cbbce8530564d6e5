"""Whole games of both: a new game, an action, a bot's turn, a seat's view, and the state each returns."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, Field

import service.schemas.examples as examples
from service.schemas.common import OPEN, STRICT
from service.schemas.examples import with_example
from service.schemas.hardback import ArrangementEntryIn

# -- games and bots ------------------------------------------------------------------------------------------------

GameJson = Annotated[
    dict[str, Any],
    Field(description="a whole game state as the engine saves it (GameState.to_json): from POST /v1/hardback/game/new"),
]


class GameOptionsIn(BaseModel):
    model_config = STRICT
    players: int = Field(default=2, ge=1, le=5)
    target: int = Field(default=60, ge=10, le=500)
    rules: Literal["printed", "bga"] = "printed"
    literary_awards: bool = False
    adverts: bool = False
    ghost_writer: bool = False
    powers: Literal["none", "passive", "aggressive"] = "none"
    events: bool = False
    event_deck: list[dict[str, Any]] = Field(
        default_factory=list,
        max_length=100,
        description='the table\'s own events, e.g. [{"name": "Haiku", "max_length": 3}] (empty: the shipped set)',
    )
    coop: bool = False
    penny_genre: Literal["none", "adventure", "horror", "mystery", "romance"] = "none"
    min_length: int = Field(default=2, ge=2, le=30)
    max_turns: int = Field(default=200, ge=1, le=10_000)


class NewGameIn(BaseModel):
    model_config = with_example(STRICT, examples.new_game)
    options: GameOptionsIn = Field(default_factory=lambda: GameOptionsIn())
    seed: int = Field(default=0, ge=0, le=2**53)


class GameActionIn(BaseModel):
    model_config = with_example(STRICT, examples.game_action)
    game: GameJson
    action: dict[str, Any] = Field(
        description='one action of the player in turn, e.g. {"action": "ink"} (the kinds and their fields: '
        'solver.game.hardback.actions). A spell: {"action": "spell", "word": W, "layout": [ENTRY, ...]} with one '
        "ArrangementEntryIn a letter, whose either, token, trash and double fields make the card's choices (those "
        "left out are made for the action's objective); a move's layout is in that form. Out of turn (the "
        'rulebook: ink "At any time before you Create a Word, even during another player\'s turn"): '
        '{"action": "ink", "seat": S} or {"action": "remover", "card": CODE, "seat": S} by a seat whose turn is '
        "not under way (another seat in the prepare, choices, buy and event phases; the seat in turn in the event "
        "phase), for its next word: the card drawn joins its inked cards. In the return phase (printed Horror H: "
        '"each other player return one unused ink or remover"), the seat named by acting chooses: {"action": '
        '"return", "seat": S, "token": "ink" | "remover"}; an action without seat is the player in turn\'s',
        examples=[{"action": "spell", "word": "oat", "layout": [
            {"code": "horror:O4", "either": "coins"}, {"code": "horror:A3", "either": "prestige"}, {"code": "T"}]}],
    )
    dictionary: str | None = Field(default=None, max_length=40)


class BotMoveIn(BaseModel):
    model_config = with_example(STRICT, examples.bot_move)
    game: GameJson
    bot: Literal["greedy", "easy", "medium", "hard", "expert"] = "hard"
    dictionary: str | None = Field(default=None, max_length=40)


class GameViewIn(BaseModel):
    model_config = with_example(STRICT, examples.game_view)
    game: GameJson
    seat: int = Field(default=0, ge=0, le=4, description="the seat whose view it is")
    suggest: bool = Field(
        default=False, description="add the expert's next action in the seat's place, with its chance to win (advice)"
    )
    dictionary: str | None = Field(default=None, max_length=40)


class GameStepsIn(BaseModel):
    model_config = with_example(STRICT, examples.game_steps)
    game: GameJson
    actions: list[dict[str, Any]] = Field(min_length=1, max_length=200, description="actions, applied in order")
    seat: int = Field(default=0, ge=0, le=4, description="the seat whose view each step carries")
    dictionary: str | None = Field(default=None, max_length=40)


class GameHintIn(BaseModel):
    model_config = with_example(STRICT, examples.game_hint)
    game: GameJson
    top: int = Field(default=5, ge=1, le=50)
    dictionary: str | None = Field(default=None, max_length=40)
    familiar: float | None = Field(
        default=None, ge=0, le=8,
        description="only words at least this familiar (a Zipf frequency from wordfreq: 3 is met now and then, 4 "
        "common); the player may still play any word",
    )


class GameReadIn(BaseModel):
    model_config = with_example(STRICT, examples.game_read)
    game: GameJson
    word: str = Field(min_length=1, max_length=64)
    layout: list[ArrangementEntryIn] = Field(min_length=1, max_length=64, description="one entry a letter")
    dictionary: str | None = Field(default=None, max_length=40)


class GameOut(BaseModel):
    model_config = OPEN
    game: dict[str, Any] = Field(description="the game state after the request")
    seat: int = Field(description="the seat in turn after the request")
    acting: int = Field(
        description="the seat whose action the game waits for: in the return phase the opponent choosing the token "
        "it returns to printed Horror H, else the seat in turn"
    )
    phase: Literal["prepare", "choices", "return", "buy", "event", "over"]
    scores: list[int] = Field(description="each seat's prestige with the award it holds")
    winner: int | None = Field(
        default=None,
        description="the winning seat once the game is over (null: tied, and always null in the cooperative anthology)",
    )
    result: Literal["won", "lost"] | None = Field(
        default=None,
        description="the cooperative anthology once it is over: won (the players completed their final lap first) "
        "or lost (Penny Dreadful did, or the round limit stopped the game); null otherwise",
    )


class BotMoveOut(GameOut):
    bot: str
    played: int = Field(description="the seat the bot played (acting when it was called)")
    actions: list[dict[str, Any]] = Field(description="the bot's whole turn, action by action, as the engine took them")
    word: str | None = Field(description="the word the bot spelled, or null when it passed")


# -- Paperback games and bots --------------------------------------------------------------------------------------

PaperbackGameJson = Annotated[
    dict[str, Any],
    Field(
        description='a whole Paperback game state as the engine saves it ("game": "paperback", its deck in full): '
        "from POST /v1/paperback/game/new"
    ),
]


class PaperbackNewGameIn(BaseModel):
    model_config = with_example(STRICT, examples.paperback_new_game)
    options: dict[str, Any] = Field(
        default_factory=dict,
        description="the table's options, read by the engine's PaperbackOptions (a bad one is a 422 naming it): "
        "players, min_length, spacebar, dyslexic; the optional rules cube_advice, cube_discard, cube_discount, "
        "recycle_twos (true or false, default false); coop (the cooperative pyramid) with coop_loss_cubes 5 or 4; "
        "the expansions attacks (the deck's Attack cards added to the Offer piles), powers (a Player Power dealt to "
        "each seat), award (an Award card revealed, awarded at the end), theme (a Theme card revealed: its word "
        "list decides); the readings twos_pile_only, cash_buy_only, double_words_additive (docs/paperback-rules.md); "
        "simultaneous (simultaneous play: a draft, then rounds of words announced and bought in that order), true or "
        "false, default false; turn_timer, seconds for a word (0: none; with cube_advice), past which the seat's hand "
        "shows in every view as its bounty",
        examples=[{"players": 2, "cube_discount": True, "coop": True, "coop_loss_cubes": 4, "attacks": True}],
    )
    deck: dict[str, Any] | None = Field(
        default=None,
        description="a table's deck, inline, as a deck file holds it (format ghostwriter-paperback-deck/1); "
        "null: the house deck (invented for trying the game, not the published cards)",
    )
    seed: int = Field(default=0, ge=0, le=2**53)


class PaperbackGameActionIn(BaseModel):
    model_config = with_example(STRICT, examples.paperback_action)
    game: PaperbackGameJson
    action: dict[str, Any] = Field(
        description='one action of the seat in turn (solver.game.paperback.actions): {"action": "spell", "word": W, '
        '"layout": [{"card": I} | {"card": I, "as": "e"} | {"card": I, "reversed": true} | {"common": true} | '
        '{"space": true}, ...], "resolve": [{"trash": "hand", "card": I} | {"trash": "offer", "pile": P, "slot": '
        '"top" | "row"}, ...]}, {"action": "pass"}, {"action": "buy", "pile": "offer", "index": P, "slot": "top" | '
        '"row"}, {"action": "buy", "pile": "fame", "index": F} (co-op: F a pyramid position), {"action": "end"}; '
        'the optional rules: a spell\'s "advice_from": S, {"action": "cash", "cubes": N}, {"action": "discard"}, '
        '{"action": "place", "card": K} (co-op)',
        examples=[{"action": "spell", "word": "rat", "layout": [{"card": 0}, {"card": 4, "as": "a"}, {"card": 2}]}],
    )
    dictionary: str | None = Field(default=None, max_length=40)


class PaperbackBotMoveIn(BaseModel):
    model_config = with_example(STRICT, examples.paperback_bot_move)
    game: PaperbackGameJson
    bot: Literal["greedy", "hard", "random", "expert"] = "hard"
    dictionary: str | None = Field(default=None, max_length=40)


class PaperbackGameOut(BaseModel):
    model_config = OPEN
    game: dict[str, Any] = Field(description="the game state after the request")
    seat: int = Field(description="the seat in turn after the request")
    phase: Literal["word", "buy", "over"]
    coins: int = Field(description="the coins left to spend this turn (the word's score, in the buy phase)")
    scores: list[int] = Field(description="each seat's Fame: on the cards of its deck, hand and discard pile")
    commons: list[int] = Field(description="each seat's Common cards (the tie-break)")
    common: str | None = Field(description="the Common card on top of the length track (its code), or null")
    threshold: int | None = Field(description="the length a word needs to gain the Common card, or null")
    winner: int | None = Field(default=None, description="the winning seat once the game is over (null: tied)")
    result: Literal["won", "lost"] | None = Field(
        default=None, description="co-op: the team's result once the game is over (null in a competitive game)"
    )
    expansions: dict[str, Any] | None = Field(
        default=None,
        description="with an expansion option on: each seat's power, the Attack cards in play, the award and the "
        "theme (its holder), and at the end which card went to whom and why; else null",
    )


class PaperbackBotMoveOut(PaperbackGameOut):
    bot: str
    played: int = Field(description="the seat the bot played (the seat in turn when it was called)")
    actions: list[dict[str, Any]] = Field(description="the bot's whole turn, action by action, as the engine took them")
    word: str | None = Field(description="the word the bot spelled, or null when it passed")
