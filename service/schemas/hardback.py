"""Hardback's turn questions: the turn state (the command line's state file, field for field), the hint, the
rating and the ink advice, their moves, and the catalogue's cards."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

import service.schemas.examples as examples
from service.schemas.common import STRICT, AnswerOut, Code
from service.schemas.examples import with_example
from solver.answers.ink import MAX_DRAW, MAX_EXACT_LIMIT, MAX_K, MAX_RESHUFFLE, MAX_SAMPLES, MAX_SEED
from solver.hardback.state import MAX_DISCARD, MAX_HAND, MAX_IN_PLAY, MAX_MIN_LENGTH, MAX_TOKENS, STATE_KEYS


class TimelessIn(BaseModel):
    model_config = STRICT
    mine: list[Code] = Field(default_factory=list, max_length=MAX_IN_PLAY, description="your classics in play")
    others: list[Code] = Field(default_factory=list, max_length=MAX_IN_PLAY, description="opponents' classics")


class OptionsIn(BaseModel):
    model_config = STRICT
    rules: Literal["printed", "bga"] = "printed"
    literary_awards: bool = False
    award_held: int = Field(default=0, ge=0, le=MAX_MIN_LENGTH, description="length of the award already claimed")
    min_length: int = Field(default=2, ge=1, le=MAX_MIN_LENGTH)
    stage: float | None = Field(
        default=None,
        ge=0,
        le=1,
        description="how far the game has run, 0 (start) to 1 (a player reaches the target): sets a coin's worth",
    )
    edition: Literal["en", "ru"] | None = Field(
        default=None,
        description="the cards' edition: en, or ru (the Russian starters; genre cards inline); by default the "
        "dictionary's language decides (a Russian dictionary plays the Russian edition)",
    )


class StateIn(BaseModel):
    """The turn state: the command line's state file, field for field."""

    model_config = STRICT
    game: Literal["hardback"] = "hardback"
    hand: list[Code] = Field(min_length=1, max_length=MAX_HAND, examples=[["r:F6", "E", "a:A5", "S", "T"]])
    inked: list[Code] = Field(default_factory=list, max_length=MAX_HAND, description="cards drawn with ink")
    imposed: list[Code] = Field(
        default_factory=list,
        max_length=MAX_HAND,
        description="the inked entries that are letters a rival imposed (Disfigured Letter), each given in inked too: "
        "it must be in the word face-up, and it is not a card drawn with ink",
        examples=[["starter:O0{- | -}"]],
    )
    timeless: TimelessIn = Field(default_factory=lambda: TimelessIn())
    discard: list[Code] = Field(default_factory=list, max_length=MAX_DISCARD)
    remover: int = Field(default=0, ge=0, le=MAX_TOKENS)
    ink: int = Field(default=0, ge=0, le=MAX_TOKENS)
    options: OptionsIn = Field(default_factory=lambda: OptionsIn())

    def state_json(self, language: str = "en") -> dict[str, Any]:
        """The state as the solver reads it; an edition not given is the dictionary's ``language``'s."""
        out = self.model_dump(include=set(STATE_KEYS))
        if out["options"]["edition"] is None:
            out["options"]["edition"] = "ru" if language == "ru" else "en"
        return out


class QueryIn(StateIn):
    objective: Literal["value", "prestige", "coins"] = "value"
    weights: dict[Annotated[str, Field(max_length=40)], float] = Field(
        default_factory=dict,
        max_length=20,
        description="weights of the value objective by name (prestige, coins, ink, remover, jail, preview, "
        "opponents_return, classic_kept, classic_sent_home, trash, dump, remover_spent, award), each -1000..1000",
        examples=[{"coins": 0.7}],
    )
    dictionary: str | None = Field(default=None, max_length=40, description="a name from GET /v1/dictionaries")
    time_limit: float | None = Field(
        default=None, gt=0, le=600, description="seconds the search may take (capped by the service's budget)"
    )


class HintIn(QueryIn):
    model_config = with_example(ConfigDict(), examples.hint)
    top: int = Field(default=5, ge=1, le=1000, description="how many distinct words (the service's cap: 50 by default)")
    pareto: bool = Field(default=False, description="list the prestige/coins frontier instead of the top moves")
    familiar: float | None = Field(
        default=None,
        ge=0,
        le=8,
        description="only words at least this familiar (a Zipf frequency from wordfreq: 3 is met now and then, 4 "
        "common); each move then carries its familiarity",
    )
    allow_offensive: bool = Field(
        default=False,
        description="also words of the shipped offensive-words list (wordlists/offensive-en.txt, LDNOOBW's), which "
        "hints leave out by default",
    )


Either = Literal["coins", "prestige"]
Token = Literal["ink", "remover"]
Side = Literal["left", "right"]


class CardChoicesOut(BaseModel):
    """A card's free choices (``solver.hardback.choices``): a single answer, or a list with one for each of the
    card's benefits of that kind in effect (its basic one first)."""

    either: Either | list[Either] | None = Field(
        default=None, description="coins or prestige, for the card's coins-or-prestige benefits"
    )
    token: Token | list[Token] | None = Field(
        default=None, description="ink or remover, for its ink-or-remover benefits"
    )
    trash: bool | None = Field(default=None, description="trash the card for its trash benefit (true) or keep it")
    double: Side | list[Side] | None = Field(
        default=None, description="the neighbour it doubles, one for each doubling in effect"
    )


class ArrangementEntryIn(CardChoicesOut):
    """One letter of a layout: the card, its face, where it is held, and the choices the player makes for it
    (those left out are made for the objective). The same form is a ``spell`` action's layout entry, and each
    move's ``layout`` is written in it."""

    model_config = STRICT
    code: Code
    face: Literal["up", "wild", "uncovered"] = "up"
    source: Literal["hand", "inked", "mine", "other"] | None = None


class RateIn(QueryIn):
    model_config = with_example(ConfigDict(), examples.rate)
    word: str = Field(min_length=1, max_length=64, examples=["khafs"])
    arrangement: list[ArrangementEntryIn | Code] | None = Field(
        default=None, max_length=64, description="how the word was laid out, one card a letter, left to right: "
        '{"code": "r:F6", "face": "wild"} or a bare code for a face-up card (else the word\'s best arrangement)'
    )


class InkAdviceIn(QueryIn):
    """A turn state and the draw pile: how many cards to draw with ink (``solver.answers.ink``)."""

    model_config = with_example(ConfigDict(), examples.ink_advice)
    draw: list[Code] = Field(
        min_length=1,
        max_length=MAX_DRAW,
        description="the draw pile's cards, in any order",
        examples=[["A", "N", "r:Z4"]],
    )
    reshuffle: list[Code] = Field(
        default_factory=list, max_length=MAX_RESHUFFLE, description="discard cards shuffled in when the pile is out"
    )
    max_k: int = Field(default=MAX_K, ge=0, le=MAX_K, description="most cards to consider drawing")
    samples: int = Field(default=48, ge=1, le=MAX_SAMPLES, description="random draws a k takes when it is sampled")
    seed: int = Field(default=0, ge=0, le=MAX_SEED, description="seed of the random draws")
    exact_limit: int = Field(
        default=64, ge=1, le=MAX_EXACT_LIMIT, description="a k with at most this many distinct draws is enumerated"
    )


# -- responses ---------------------------------------------------------------------------------------------------


class CardInWordOut(BaseModel):
    code: str
    letter: str
    face: Literal["up", "wild", "uncovered"]
    source: Literal["hand", "inked", "mine", "other"]
    position: int | None
    factor: int
    coins: int
    prestige: int
    notes: list[str]
    choices: CardChoicesOut = Field(description="the choices its benefits offered, as the move makes them")


class LayoutEntryOut(CardChoicesOut):
    code: str
    face: Literal["up", "wild", "uncovered"]
    source: Literal["hand", "inked", "mine", "other"]


class MoveOut(BaseModel):
    word: str
    coins: int
    prestige: int
    value: float
    cards: list[CardInWordOut]
    in_play: list[CardInWordOut]
    ink: int
    remover: int
    jail: int
    preview: int
    opponents_return: int
    trashed: list[str]
    dumped: int
    removers_spent: int
    classics_kept: list[str]
    classics_sent_home: list[str]
    award: int
    genres_active: list[str]
    reasons: list[str]
    layout: list[LayoutEntryOut] = Field(
        description='the move as a spell action\'s "layout", with the choices it assumes: play it exactly with '
        '{"action": "spell", "word": WORD, "layout": LAYOUT}'
    )
    rank: int | None = None
    familiarity: float | None = Field(default=None, description="the word's Zipf frequency, when asked for")


class HintOut(AnswerOut):
    moves: list[MoveOut]
    objective: Literal["value", "prestige", "coins", "pareto"]
    weights: dict[str, float] | None = Field(
        default=None, description="what a move's value counts: prestige 1, and each coin, ink, remover... in prestige"
    )
    reason: str | None = Field(default=None, description="why there is no move, when there is none")


class ValueGapOut(BaseModel):
    """A rating's gap under the value objective."""

    model_config = ConfigDict(extra="forbid")
    value: float = Field(description="the best move's value less the played move's (0 when it is the best)")


class TotalsGapOut(BaseModel):
    """A rating's gap under the prestige or coins objective, in the game's own units."""

    model_config = ConfigDict(extra="forbid")
    prestige: int = Field(description="the best move's prestige less the played move's")
    coins: int = Field(description="the best move's coins less the played move's (negative when the best has fewer)")


class RateOut(AnswerOut):
    word: str
    played: MoveOut
    best: MoveOut
    moves: list[MoveOut]
    rank: int
    gap: ValueGapOut | TotalsGapOut = Field(
        description='how far the played move is behind the best: {"value": ...} under the value objective, '
        '{"prestige": ..., "coins": ...} under prestige or coins'
    )
    objective: Literal["value", "prestige", "coins"]


class InkOptionOut(BaseModel):
    k: int
    expected: float = Field(description="mean value of the best move, a forfeit counting 0")
    stderr: float | None = Field(description="standard error of expected: 0 when exact, null from one sample")
    forfeit: float = Field(description="probability that no word uses every inked card")
    expected_prestige: float
    expected_coins: float
    net: float = Field(description="expected less k times the ink weight")
    exact: bool
    method: Literal["enumerated", "sampled"]
    outcomes: int = Field(description="distinct draws searched, or samples drawn")
    affordable: bool = Field(description="k is at most the ink held")


class InkAdviceOut(AnswerOut):
    options: list[InkOptionOut]
    best_k: int
    objective: Literal["value", "prestige", "coins"]
    skipped: list[int] = Field(description="the ks left unanswered when the time limit ran out")
    ink_weight: float
    ink_held: int
    searches: int = Field(description="distinct turn states searched")


class CardOut(BaseModel):
    code: str
    letter: str
    genre: Literal["adventure", "horror", "mystery", "romance"] | None
    cost: int
    timeless: bool
    purchase_prestige: int
    copies: int
    basic: list[str]
    genre_bonus: list[str]
    text: str


class CardsOut(BaseModel):
    count: int
    cards: list[CardOut]
