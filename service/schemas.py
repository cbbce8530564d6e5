"""Request and response schemas of the HTTP API, apart from the solver's own types.

Requests are strict (no ``"5"`` for 5) and refuse unknown fields; the turn state's fields are those of the
command line's state file (``solver.hardback.state``), which reads them again for what a schema cannot say (that a
code names a card, that the box holds so many copies).
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from solver.answers.ink import MAX_DRAW, MAX_EXACT_LIMIT, MAX_K, MAX_RESHUFFLE, MAX_SAMPLES, MAX_SEED
from solver.hardback.state import MAX_DISCARD, MAX_HAND, MAX_IN_PLAY, MAX_MIN_LENGTH, MAX_TOKENS, STATE_KEYS

Code = Annotated[str, Field(min_length=1, max_length=200, examples=["romance:F6"])]
STRICT = ConfigDict(extra="forbid", strict=True, allow_inf_nan=False)
OPEN = ConfigDict(extra="allow")


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
    top: int = Field(default=5, ge=1, le=1000, description="how many distinct words (the service's cap: 50 by default)")
    pareto: bool = Field(default=False, description="list the prestige/coins frontier instead of the top moves")
    familiar: float | None = Field(
        default=None,
        ge=0,
        le=8,
        description="only words at least this familiar (a Zipf frequency from wordfreq: 3 is met now and then, 4 "
        "common); each move then carries its familiarity",
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
    word: str = Field(min_length=1, max_length=64, examples=["khafs"])
    arrangement: list[ArrangementEntryIn | Code] | None = Field(
        default=None, max_length=64, description="how the word was laid out, one card a letter, left to right: "
        '{"code": "r:F6", "face": "wild"} or a bare code for a face-up card (else the word\'s best arrangement)'
    )


class InkAdviceIn(QueryIn):
    """A turn state and the draw pile: how many cards to draw with ink (``solver.answers.ink``)."""

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


class AnswerOut(BaseModel):
    exact: bool
    dictionary: str
    elapsed_ms: float
    warning: str | None = Field(default=None, description="present when the search stopped at its time limit")


class HintOut(AnswerOut):
    moves: list[MoveOut]
    objective: Literal["value", "prestige", "coins", "pareto"]
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


class DictionaryOut(BaseModel):
    name: str
    language: str = Field(description="en, ru, de or fr: a Russian dictionary implies the Russian edition")
    words: int
    licence: str
    source: str
    sha256: str
    default: bool


class DictionariesOut(BaseModel):
    default: str
    dictionaries: list[DictionaryOut]


class WordOut(BaseModel):
    word: str
    dictionary: str
    valid: bool
    close: list[str] = Field(description="real words one or two edits away, when the word is not one")


class StatusOut(BaseModel):
    status: str
    dictionaries: list[str] = Field(default_factory=list)


class ErrorOut(BaseModel):
    error: str = Field(description="what is wrong and how to fix it")
    field: str | None = Field(default=None, description="the request field at fault, when there is one")


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
    model_config = STRICT
    options: GameOptionsIn = Field(default_factory=lambda: GameOptionsIn())
    seed: int = Field(default=0, ge=0, le=2**53)


class GameActionIn(BaseModel):
    model_config = STRICT
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
    model_config = STRICT
    game: GameJson
    bot: Literal["greedy", "easy", "medium", "hard"] = "hard"
    dictionary: str | None = Field(default=None, max_length=40)


class GameViewIn(BaseModel):
    model_config = STRICT
    game: GameJson
    seat: int = Field(default=0, ge=0, le=4, description="the seat whose view it is")
    suggest: bool = Field(default=False, description="add the hard bot's next action in the seat's place")
    dictionary: str | None = Field(default=None, max_length=40)


class GameStepsIn(BaseModel):
    model_config = STRICT
    game: GameJson
    actions: list[dict[str, Any]] = Field(min_length=1, max_length=200, description="actions, applied in order")
    seat: int = Field(default=0, ge=0, le=4, description="the seat whose view each step carries")
    dictionary: str | None = Field(default=None, max_length=40)


class GameHintIn(BaseModel):
    model_config = STRICT
    game: GameJson
    top: int = Field(default=5, ge=1, le=50)
    dictionary: str | None = Field(default=None, max_length=40)


class GameReadIn(BaseModel):
    model_config = STRICT
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


class ReviewIn(BaseModel):
    model_config = STRICT
    record: dict[str, Any] = Field(
        description="a game record as ghostwriter play --save and tournament --records write it: the game state "
        'plus "log" (its actions), "seats" and "lexicon". Only "options", "seed" and "log" are read (and each '
        'seat\'s "players[i].power" when powers are on, "seats" for the names): the game is replayed from its seed '
        "through the engine, which refuses any action the rules do not allow; the rest of the state is not needed",
        examples=[{"options": {"players": 2}, "seed": 7, "log": [{"action": "pass"}]}],
    )
    objective: Literal["value", "prestige", "coins"] = "value"
    dictionary: str | None = Field(
        default=None, max_length=40, description="a name from GET /v1/dictionaries: the list the game was played over"
    )
    time_limit: float | None = Field(
        default=None, gt=0, le=600, description="seconds the whole review may take (capped by the service's budget)"
    )


class ReviewMoveOut(BaseModel):
    word: str
    prestige: int
    coins: int
    value: float
    layout: list[dict[str, Any]] = Field(description="the move as a spell action lays it out, its choices included")


class ReviewTurnOut(BaseModel):
    turn: int = Field(description="the game's turn, from 1")
    seat: int
    player: str | None = Field(description="the seat's name from the record's seats, when it has them")
    hand: list[str] = Field(description="the hand as it was at the word (codes), borrowed offer cards included")
    state: dict[str, Any] = Field(
        description="the whole turn as the ghost writer read it then (the hint's turn state: hand, inked cards, "
        "classics, discard, tokens, options), ready for POST /v1/hardback/hint"
    )
    word: str | None = Field(description="the word played, or null for a pass")
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


class ReviewOut(BaseModel):
    objective: Literal["value", "prestige", "coins"]
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


# -- Paperback -----------------------------------------------------------------------------------------------------

PaperbackCardIn = Annotated[
    str | dict[str, Any],
    Field(description='a card as notation ("TH/3", "E/1$2", "?", "Q/5:double-word") or {"letters", "score", ...}'),
]


class PaperbackOptionsIn(BaseModel):
    model_config = STRICT
    min_length: int = Field(default=2, ge=1, le=30)


class PaperbackHintIn(BaseModel):
    """A Paperback turn: the hand, the Common card on the length track and the track's number."""

    model_config = STRICT
    game: Literal["paperback"] = "paperback"
    hand: list[PaperbackCardIn] = Field(min_length=1, max_length=24, examples=[["TH/3", "E/1", "?", "R/2", "S/1"]])
    common: PaperbackCardIn | None = Field(default=None, examples=["O/1"])
    threshold: int | None = Field(default=7, ge=1, le=30)
    options: PaperbackOptionsIn = Field(default_factory=lambda: PaperbackOptionsIn())
    objective: Literal["score", "length", "value"] = "score"
    top: int = Field(default=5, ge=1, le=1000)
    dictionary: str | None = Field(default=None, max_length=40)
    time_limit: float | None = Field(default=None, gt=0, le=600)


class PaperbackCardOut(BaseModel):
    model_config = OPEN
    code: str
    letters: str
    source: Literal["hand", "common"]
    position: int
    factor: int
    copies: list[str] | None = Field(
        default=None, description="the abilities this card's copy abilities took, in the ability notation"
    )


class PaperbackMoveOut(BaseModel):
    word: str
    score: int
    length: int
    value: float
    cards: list[PaperbackCardOut]
    gains_common: bool
    uses_common: bool
    cards_next: int
    reasons: list[str]


class PaperbackHintOut(AnswerOut):
    game: Literal["paperback"]
    moves: list[PaperbackMoveOut]
    objective: Literal["score", "length", "value"]
    reason: str | None = None


# -- the vocabulary of the cards, and codes checked as they are typed -----------------------------------------------

MAX_CHECKED_CODES = 64  # codes one check reads: a hand and its zones are fewer; the page asks in chunks of this
MAX_CHECKED_LENGTH = 200  # characters a checked code holds, as a code of a turn state does


class GenreOut(BaseModel):
    name: str = Field(description="the genre as codes and answers name it (adventure)")
    initial: str = Field(description="its one-letter short form (a)")
    names: dict[str, list[str]] = Field(description="by edition (en, ru), every name a code may give it")
    initials: dict[str, str] = Field(description="by edition, the one-letter form a code may give it")


class NotationOut(BaseModel):
    kind: str = Field(description="the kind's name in the solver")
    notation: str = Field(description="how a card gives it: N an amount, L a length, GENRE a genre's name")
    words: str = Field(description="what it does, in words for people, with the same N, L and GENRE")


class HardbackVocabularyOut(BaseModel):
    genres: list[GenreOut]
    benefits: list[NotationOut] = Field(description="each benefit kind: its notation in a house card and its words")
    benefit_help: str = Field(description="the benefit notation in one sentence, as errors give it")


class SpecialCardOut(BaseModel):
    code: str
    words: str


class PaperbackVocabularyOut(BaseModel):
    abilities: list[NotationOut] = Field(description="each ability: its notation after a card's colon, and its words")
    specials: list[SpecialCardOut] = Field(description="the wild and the two special common cards")
    ability_help: str = Field(description="the ability notation in one line, as errors give it")


class VocabularyOut(BaseModel):
    hardback: HardbackVocabularyOut
    paperback: PaperbackVocabularyOut
    max_codes: int = Field(description="the most codes one POST /v1/cards/check reads")
    max_code_length: int = Field(description="the most characters one checked code holds")
    max_top: int = Field(default=50, description="the largest `top` a hint request may ask of this service")


class CheckIn(BaseModel):
    """Codes as a person types them, to read as cards of a game (nothing is searched: a light request)."""

    model_config = STRICT
    game: Literal["hardback", "paperback"] = "hardback"
    codes: list[Annotated[str, Field(min_length=1, max_length=MAX_CHECKED_LENGTH)]] = Field(
        min_length=1, max_length=MAX_CHECKED_CODES, examples=[["r:F6", "E", "q:Z9"]]
    )
    rules: Literal["printed", "bga"] = "printed"
    edition: Literal["en", "ru"] = Field(default="en", description="Hardback: the edition whose cards the codes name")


class ReadingOut(BaseModel):
    genre: Literal["adventure", "horror", "mystery", "romance"] | None
    letter: str


class PaperbackCardFactsOut(BaseModel):
    code: str
    letters: str
    score: int
    cost: int | None
    wild: bool
    special: str | None
    abilities: list[str]
    text: str


class CheckedOut(BaseModel):
    code: str = Field(description="the code as it was given")
    card: CardOut | PaperbackCardFactsOut | None = Field(description="the card it reads as, or null")
    error: str | None = Field(description="the solver's own message when it reads as no card")
    inline: bool = Field(description="Hardback: a house card given with its benefits, not a catalogue card")
    reading: ReadingOut | None = Field(
        description="Hardback: the genre and letter of a well-formed code that names no card (r:Z9), else null"
    )
    words: list[str] = Field(description="Paperback: each of the card's abilities in words")


class CheckOut(BaseModel):
    game: Literal["hardback", "paperback"]
    results: list[CheckedOut]


# -- Paperback games and bots --------------------------------------------------------------------------------------

PaperbackGameJson = Annotated[
    dict[str, Any],
    Field(
        description='a whole Paperback game state as the engine saves it ("game": "paperback", its deck in full): '
        "from POST /v1/paperback/game/new"
    ),
]


class PaperbackNewGameIn(BaseModel):
    model_config = STRICT
    options: dict[str, Any] = Field(
        default_factory=dict,
        description="the table's options, read by the engine's PaperbackOptions (a bad one is a 422 naming it): "
        "players, min_length, spacebar, dyslexic; the optional rules cube_advice, cube_discard, cube_discount, "
        "recycle_twos (true or false, default false); coop (the cooperative pyramid) with coop_loss_cubes 5 or 4; "
        "the expansions attacks (the deck's Attack cards added to the Offer piles), powers (a Player Power dealt to "
        "each seat), award (an Award card revealed, awarded at the end), theme (a Theme card revealed: its word "
        "list decides), true or false, default false",
        examples=[{"players": 2, "cube_discount": True, "coop": True, "coop_loss_cubes": 4, "attacks": True}],
    )
    deck: dict[str, Any] | None = Field(
        default=None,
        description="a table's deck, inline, as a deck file holds it (format ghostwriter-paperback-deck/1); "
        "null: the house deck (invented for trying the game, not the published cards)",
    )
    seed: int = Field(default=0, ge=0, le=2**53)


class PaperbackGameActionIn(BaseModel):
    model_config = STRICT
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
    model_config = STRICT
    game: PaperbackGameJson
    bot: Literal["greedy", "hard", "random"] = "hard"
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


# -- Paperback review ----------------------------------------------------------------------------------------------


class PaperbackReviewIn(BaseModel):
    model_config = STRICT
    record: dict[str, Any] = Field(
        description='a Paperback game record as ghostwriter play --game paperback --save and tournament --game '
        'paperback --records write it: the game state ("game": "paperback", its deck in full) plus "log", "seats" '
        'and "lexicon". "game", "deck", "options", "seed" and "log" are read ("seats" for the names): the game is '
        "dealt again from the deck, options and seed and replayed through the engine, which refuses any action the "
        "rules do not allow",
    )
    objective: Literal["value", "score", "length"] = "value"
    dictionary: str | None = Field(
        default=None, max_length=40, description="a name from GET /v1/dictionaries: the list the game was played over"
    )
    time_limit: float | None = Field(
        default=None, gt=0, le=600, description="seconds the whole review may take (capped by the service's budget)"
    )


class PaperbackPlayedOut(BaseModel):
    word: str
    score: int
    length: int
    value: float
    gains_common: bool
    cards_next: int
    spell: dict[str, Any] = Field(description="the spell action as the record's log holds it")


class PaperbackReviewTurnOut(BaseModel):
    turn: int = Field(description="the game's turn, from 1")
    seat: int
    player: str | None = Field(description="the seat's name from the record's seats, when it has them")
    hand: list[str] = Field(description="every card in hand at the word (codes)")
    state: dict[str, Any] = Field(
        description="the hand as the ghost writer read it then (a Paperback turn state, ready for "
        "POST /v1/paperback/hint)"
    )
    word: str | None = Field(description="the word played, or null for a pass")
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


class PaperbackReviewOut(BaseModel):
    game: Literal["paperback"]
    objective: Literal["value", "score", "length"]
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
