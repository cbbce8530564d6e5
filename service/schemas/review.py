"""The review of a whole game's record, each game's: the request, each turn's rating and the prestige or
Fame over the game."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

import service.schemas.examples as examples
from service.schemas.common import STRICT
from service.schemas.examples import with_example
from service.schemas.hardback import TotalsGapOut, ValueGapOut
from service.schemas.paperback import PaperbackMoveOut

OBJECTIVE = (
    "what the review judges: win (the default: each turn's chance to win before and after it, estimates, beside "
    "the expert's turn from the same start; the words ranked by value), or one of the game's word objectives"
)


class WinTurnOut(BaseModel):
    """What a turn gains under the win objective (estimates: the learned win model after a few sampled worlds)."""

    win_before: float | None = Field(default=None, description="the seat's chance to win when its turn began")
    win_after: float | None = Field(default=None, description="... and when its whole turn was over")
    win_se: float | None = Field(default=None, description="the larger standard error of the two (sampled worlds)")
    win_lost: float | None = Field(
        default=None, description="the expert's turn's chance less win_after (or the drop, without the expert)"
    )
    expert: dict[str, Any] | None = Field(
        default=None, description="the expert's turn from the same start: actions, plans (judged), win, se"
    )
    worst: bool | None = Field(default=None, description="one of the turns that lost the most")


class WinReviewOut(BaseModel):
    """What a review gains under the win objective."""

    words_by: str | None = Field(default=None, description="the objective the words are ranked by (value)")
    win_progress: list[dict[str, Any]] | None = Field(
        default=None, description="each seat's chance to win at every turn's start: turn (done), next, win, se"
    )
    worst: list[int] | None = Field(default=None, description="the turns that lost the most, worst first")
    win_samples: int | None = None
    win_complete: bool | None = Field(default=None, description="false: the time limit left turns unestimated")


class ReviewRequest(BaseModel):
    """What a review request holds, either game's: each game's schema says its record and its objectives (the
    fields keep this order)."""

    model_config = STRICT
    record: dict[str, Any]
    objective: str
    dictionary: str | None = Field(
        default=None, max_length=40, description="a name from GET /v1/dictionaries: the list the game was played over"
    )
    time_limit: float | None = Field(
        default=None, gt=0, le=600, description="seconds the whole review may take (capped by the service's budget)"
    )


class ReviewIn(ReviewRequest):
    model_config = with_example(ConfigDict(), examples.review)
    record: dict[str, Any] = Field(
        description="a game record as ghostwriter play --save and tournament --records write it: the game state "
        'plus "log" (its actions), "seats" and "lexicon". Only "options", "seed" and "log" are read (and each '
        'seat\'s "players[i].power" when powers are on, "seats" for the names): the game is replayed from its seed '
        "through the engine, which refuses any action the rules do not allow; the rest of the state is not needed",
        examples=[{"options": {"players": 2}, "seed": 7, "log": [{"action": "pass"}]}],
    )
    objective: Literal["win", "value", "prestige", "coins"] = Field(default="win", description=OBJECTIVE)


class ReviewMoveOut(BaseModel):
    word: str
    prestige: int
    coins: int
    value: float
    layout: list[dict[str, Any]] = Field(description="the move as a spell action lays it out, its choices included")


class ReviewedTurn(BaseModel):
    """What a reviewed turn says first, either game's (each game's schema says its hand and its state in its own
    words, in place: the fields keep this order)."""

    turn: int = Field(description="the game's turn, from 1")
    seat: int
    player: str | None = Field(description="the seat's name from the record's seats, when it has them")
    hand: list[str]
    state: dict[str, Any]
    word: str | None = Field(description="the word played, or null for a pass")


class ReviewTurnOut(ReviewedTurn, WinTurnOut):
    hand: list[str] = Field(description="the hand as it was at the word (codes), borrowed offer cards included")
    state: dict[str, Any] = Field(
        description="the whole turn as the ghost writer read it then (the hint's turn state: hand, inked cards, "
        "classics, discard, tokens, options), ready for POST /v1/hardback/hint"
    )
    value: float | None = Field(description="the played move's value (null for a pass)")
    played: ReviewMoveOut | None
    rank: int | None = Field(description="the word's rank among every word (1 = best; tied words share a rank)")
    gap: ValueGapOut | TotalsGapOut = Field(
        description="the best move less the played one in the objective's terms; for a pass the whole best move"
    )
    best: ReviewMoveOut | None = Field(description="the best move (null when no word could be spelled)")
    exact: bool
    scores: list[int] = Field(
        description="each seat's prestige once this turn was over (the literary award's included), as the engine "
        "counted it"
    )


class ReviewProgressOut(BaseModel):
    turn: int = Field(description="the game's turn, from 1")
    seat: int = Field(description="the seat that played it")
    scores: list[int] = Field(description="each seat's prestige once the turn was over (the award's included)")


class ReviewOut(WinReviewOut):
    objective: Literal["win", "value", "prestige", "coins"]
    turns: list[ReviewTurnOut]
    reviewed: int
    total: int = Field(description="turns that spelled or passed; more than reviewed when the time limit cut it short")
    complete: bool
    exact: bool
    rated: str = Field(description="how the played words are rated")
    prestige: list[ReviewProgressOut] = Field(
        description="the prestige over the game: every turn the log played, reviewed or not (all of them when the "
        "time limit cut the review short)"
    )
    warning: str | None = None
    seats: list[str] | None = None
    replays_to_state: bool = Field(
        description="false when the record carries a state its log does not replay to (the log's game is reviewed)"
    )
    dictionary: str
    elapsed_ms: float


# -- Paperback review ----------------------------------------------------------------------------------------------


class PaperbackReviewIn(ReviewRequest):
    model_config = with_example(ConfigDict(), examples.paperback_review)
    record: dict[str, Any] = Field(
        description='a Paperback game record as ghostwriter play --game paperback --save and tournament --game '
        'paperback --records write it: the game state ("game": "paperback", its deck in full) plus "log", "seats" '
        'and "lexicon". "game", "deck", "options", "seed" and "log" are read ("seats" for the names): the game is '
        "dealt again from the deck, options and seed and replayed through the engine, which refuses any action the "
        "rules do not allow",
    )
    objective: Literal["win", "value", "score", "length"] = Field(default="win", description=OBJECTIVE)


class PaperbackPlayedOut(BaseModel):
    word: str
    score: int
    length: int
    value: float
    gains_common: bool
    cards_next: int
    spell: dict[str, Any] = Field(description="the spell action as the record's log holds it")


class PaperbackReviewTurnOut(ReviewedTurn, WinTurnOut):
    hand: list[str] = Field(description="every card in hand at the word (codes)")
    state: dict[str, Any] = Field(
        description="the hand as the ghost writer read it then (a Paperback turn state, ready for "
        "POST /v1/paperback/hint)"
    )
    score: int | None = Field(description="the played word's score, as the engine scored it (null for a pass)")
    played: PaperbackPlayedOut | None
    discard: bool = Field(
        default=False, description="the turn discarded its hand for a cube (cube_discard): no word, reviewed as a pass"
    )
    rank: int | None = Field(
        description="the word's rank among every move the hand could make (1 = best; tied moves share a rank); null "
        "for a pass, or when it ranks below every move the search keeps (see below)"
    )
    below: int | None = Field(description="with rank null for a word: it ranks below this many moves")
    gap: dict[str, float] = Field(
        description="the best move less the played one in the objective's terms (value; score and length); for a "
        "pass the whole best move"
    )
    best: PaperbackMoveOut | None = Field(description="the best move (null when no word could be spelled)")
    exact: bool = Field(description="false when the time limit cut this turn's search short: not proven best")
    fame: list[int] = Field(description="each seat's Fame once this turn was over (its purchases counted)")


class PaperbackFameOut(BaseModel):
    turn: int
    seat: int
    fame: list[int]


class PaperbackReviewOut(WinReviewOut):
    game: Literal["paperback"]
    objective: Literal["win", "value", "score", "length"]
    turns: list[PaperbackReviewTurnOut]
    reviewed: int
    total: int = Field(description="turns that spelled or passed; more than reviewed when the time limit cut it short")
    complete: bool
    exact: bool
    rated: str = Field(description="how the played words are rated")
    fame: list[PaperbackFameOut] = Field(description="the Fame over the game: every turn the log played")
    warning: str | None = None
    seats: list[str] | None = None
    deck: str = Field(description="the record's deck, by name")
    replays_to_state: bool
    dictionary: str
    elapsed_ms: float
