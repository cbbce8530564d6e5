"""The table a player's page shows: what a seat sees of a game and may do now, the ghost writer's words for the
seat in turn and the choices a laid-out word leaves open, and actions applied one after the other with each told
in words. Every answer comes from the engine (the legal actions are the candidates it accepts, tried on a copy),
so a client shows a game without knowing its rules; the service still keeps no games (``service.routers.games``).
"""

from __future__ import annotations

import itertools
import time
from typing import Annotated, Any

from fastapi import APIRouter, Depends
from fastapi.responses import JSONResponse

from service.deps import Context, caller, context
from service.errors import QUERY_ERRORS, FieldError
from service.gamestate import answer as _answer
from service.gamestate import load_game as _load
from service.runner import Caller, Lane
from service.schemas import GameHintIn, GameOut, GameReadIn, GameStepsIn, GameViewIn
from solver.answers import hint as answers
from solver.bots.registry import bot_seed, make_bot
from solver.errors import GhostwriterError
from solver.game.hardback.actions import (
    Action,
    Advert,
    Buy,
    Convert,
    Dump,
    End,
    EventChoice,
    Flush,
    IllegalActionError,
    Ink,
    InkBuy,
    Jail,
    Look,
    Pass,
    Power,
    Preview,
    Remover,
    Return,
    Skip,
    Spell,
    action_from_json,
)
from solver.game.hardback.engine import Game
from solver.game.hardback.narrate import apply_described
from solver.game.hardback.rules import ADVERTS, POWERS
from solver.game.hardback.state import Phase
from solver.hardback.arrangement import read_arrangement
from solver.hardback.cards import Card
from solver.hardback.moves import Move, open_choices
from solver.hardback.resolve import AWARDS
from solver.search.hardback import Search

router = APIRouter(prefix="/v1/hardback/game", tags=["games"])

HINT_TIME_LIMIT = 20.0
GENRES = ("adventure", "horror", "mystery", "romance")
SUGGEST_LIMIT = 5.0  # seconds the hard bot's suggestion may search, within the service's budget
MAX_PICKS = 24  # the combinations of per-opponent cards a power's candidates try


def card_json(card: Card) -> dict[str, Any]:
    """A card as a page shows it: its code, letter, genre, cost and benefits in words."""
    return {
        "code": card.code,
        "letter": card.letter,
        "genre": card.genre.value if card.genre else None,
        "cost": card.cost,
        "timeless": card.timeless,
        "starter": card.is_starter,
        "text": card.describe().partition(": ")[2],
    }


def _candidates(game: Game) -> list[Action]:
    """Every action worth trying for the seat the game waits on (a spell aside: the word is the player's)."""
    st = game.state
    p = st.player
    out: list[Action] = []
    if st.phase == Phase.RETURN:
        return [Return(st.acting, "ink"), Return(st.acting, "remover")]
    if st.turn.peek:
        return [Preview(())]
    out += [Ink(), Pass(), Skip(), Look(), Flush(), Advert(), End(), EventChoice(), Buy(None)]
    out += [Remover(c.code) for c in dict.fromkeys(p.inked)]
    out += [Dump(c.code) for c in dict.fromkeys(p.discard)]
    out += [Buy(i) for i in range(len(st.offer_row))]
    out += [Jail(i, keep) for i in range(len(st.offer_row)) for keep in (True, False)]
    out += [EventChoice(q.seat) for q in st.players if q.seat != p.seat]
    out += [InkBuy(n) for n in range(1, min(st.turn.coins, 9) + 1)]
    out += [Convert(n) for n in range(1, min(p.ink // 3, 9) + 1)]
    if st.turn.previews:
        out.append(Preview(()))
    if p.power:
        out += _power_candidates(game)
    return out


def _power_candidates(game: Game) -> list[Action]:
    st = game.state
    p = st.player
    name = p.power
    if name == "unnatural":
        return [Power(name, slot=i) for i in range(len(st.offer_row))]
    if name == "exploration":
        return [Power(name, genre=g) for g in GENRES]
    if name == "miniaturize":
        return [Power(name, n=n) for n in range(1, min(p.ink, 9) + 1)]
    if name in ("triangle", "journey"):
        opponents = [q for q in st.players if q.seat != p.seat]
        piles: list[list[Card | None]] = [
            [*dict.fromkeys(q.discard if name == "triangle" else q.hand)] or [None] for q in opponents
        ]
        out: list[Action] = []
        for picks in itertools.islice(itertools.product(*piles), MAX_PICKS):
            cards = tuple((q.seat, c.code) for q, c in zip(opponents, picks, strict=True) if c is not None)
            out.append(Power(name, cards=cards))
        return out
    return [Power(name)]


def legal(game: Game) -> list[dict[str, Any]]:
    """The actions the engine accepts now from the seat it waits on (a spell aside), in their JSON form."""
    if game.state.phase == Phase.OVER:
        return []
    return [a.to_json() for a in _candidates(game) if game.allows(a)]


def _player(game: Game, seat: int, names: list[str] | None) -> dict[str, Any]:
    st = game.state
    q = st.players[seat]
    event = game.event_of(q)
    power = POWERS.get(q.power)
    return {
        "seat": seat,
        "prestige": q.prestige,
        "score": game.final_scores()[seat],
        "ink": q.ink,
        "remover": q.remover,
        "deck": len(q.draw),
        "discard": len(q.discard),
        "hand": len(q.hand),
        "adverts": q.adverts,
        "jail": [card_json(c) for c in q.jail],
        "in_play": [card_json(c) for c in q.in_play],
        "power": {"name": q.power, "title": power[0], "cost": power[1], "text": power[2]} if power else None,
        "event": {"name": event.name, "text": event.text} if event else None,
        "award": seat in st.award_holders,
    }


def view(game: Game, seat: int, with_legal: bool = True) -> dict[str, Any]:
    """What ``seat`` sees of the game and may do now (``legal``, each candidate tried on a copy of the game: about
    a tenth of a second, so ``steps`` asks for it after the last step only)."""
    st = game.state
    me = st.players[seat]
    t = st.turn
    mine = st.current == seat
    out: dict[str, Any] = {
        "seat": seat,
        "current": st.current,
        "acting": st.acting,
        "phase": st.phase,
        "turns": st.turns,
        "rounds": st.rounds,
        "target": st.options.target,
        "ending": st.ending,
        "over": st.phase == Phase.OVER,
        "scores": game.final_scores(),
        "winner": game.winner() if st.phase == Phase.OVER else None,
        "result": game.result(),
        "players": [_player(game, q.seat, None) for q in st.players],
        "offer_row": [card_json(c) for c in st.offer_row],
        "offer_deck": len(st.offer_deck),
        "hand": [card_json(c) for c in me.hand],
        "inked": [card_json(c) for c in me.inked],
        "must_wild": [card_json(c) for c in me.must_wild],
        "disfigured": [c.letter for c in me.disfigured],
        "discard": [card_json(c) for c in me.discard],
        "penny": st.penny.to_json() if st.penny is not None else None,
        "award": {"length": st.award_length, "prestige": AWARDS.get(st.award_length, 0), "holders": st.award_holders}
        if st.options.literary_awards
        else None,
        "next_advert": (
            {"cost": ADVERTS[me.adverts][0], "prestige": ADVERTS[me.adverts][1]}
            if st.options.adverts and me.adverts < len(ADVERTS)
            else None
        ),
        "turn": {
            "coins": t.coins,
            "word": t.word_text,
            "dumps": list(t.dumps),
            "jails": t.jails,
            "previews": list(t.previews),
            "peek": [card_json(c) for c in t.peek],
            "flushed": t.flushed,
            "bought": t.bought,
            "borrowed": [card_json(st.offer_row[i]) for i in t.borrowed if i < len(st.offer_row)],
        }
        if mine
        else None,
        "legal": legal(game) if with_legal and st.acting == seat else [],
    }
    return out


# -- the words of a move's open choices -------------------------------------------------------------------------


def questions(move: Move) -> list[dict[str, Any]]:
    """Each free choice the move's cards offer (``open_choices``): the letter it is at, its key, the answers, the
    ghost writer's."""
    return [
        {"position": q.position, "key": q.key, "answers": list(q.answers), "best": q.best} for q in open_choices(move)
    ]


def _seat(game: Game, seat: int) -> int:
    if not 0 <= seat < len(game.state.players):
        raise FieldError("seat", f"seat: the game has seats 0 to {len(game.state.players) - 1}")
    return seat


@router.post("/view", responses=QUERY_ERRORS)
async def game_view(
    body: GameViewIn, ctx: Annotated[Context, Depends(context)], who: Annotated[Caller, Depends(caller)]
) -> JSONResponse:
    """What a seat sees of the game and may do now (``legal``: the actions the engine accepts from it, a spell
    aside); with ``suggest``, the action the hard bot would take next in the seat's place (not before a word:
    ask ``hint`` for words)."""
    d = (await ctx.dictionaries()).get(body.dictionary)
    game = _load(body.game, d.lexicon, ctx.settings.state_key)
    seat = _seat(game, body.seat)
    out = await ctx.runner.run(lambda: view(game, seat), ctx.settings.time_budget, Lane.LIGHT, who)
    if body.suggest and out["legal"] and not (game.state.phase == Phase.PREPARE and not game.state.turn.peek):
        limit = min(SUGGEST_LIMIT, ctx.settings.time_budget * 0.8)
        out["suggestion"] = await ctx.runner.run(
            lambda: _suggest(game, limit), ctx.settings.time_budget, Lane.HEAVY, who
        )
    return JSONResponse(out)


def _suggest(game: Game, limit: float) -> dict[str, Any] | None:
    shadow = game.copy()
    seat = game.state.acting
    bot = make_bot("hard", game.lexicon, bot_seed(game.state.seed, seat), time_limit=limit)
    try:
        actions = bot.play_turn(shadow)
    except GhostwriterError:
        return None
    return actions[0].to_json() if actions else None


@router.post("/steps", response_model=GameOut, responses=QUERY_ERRORS)
async def game_steps(
    body: GameStepsIn, ctx: Annotated[Context, Depends(context)], who: Annotated[Caller, Depends(caller)]
) -> JSONResponse:
    """Apply actions one after the other (a player's own, or a bot's turn as ``/v1/hardback/bot/move`` gave it),
    each told in words with what ``seat`` sees after it (``legal`` after the last only); the game after the last.
    A refused action is a 422 naming it, and nothing is applied; so are actions that outrun the time budget."""
    d = (await ctx.dictionaries()).get(body.dictionary)
    game = _load(body.game, d.lexicon, ctx.settings.state_key)
    seat = _seat(game, body.seat)
    budget = ctx.settings.time_budget

    def run() -> list[dict[str, Any]]:
        deadline = time.monotonic() + budget * 0.8
        steps = []
        last = len(body.actions) - 1
        for i, data in enumerate(body.actions):
            if time.monotonic() > deadline:
                raise FieldError(
                    "actions", f"the actions outran the time budget at actions[{i}]: send fewer actions a request"
                )
            by = game.state.acting
            try:
                action = action_from_json(data)
                text = apply_described(game, action)
            except IllegalActionError as e:
                raise FieldError(f"actions[{i}]" + (f".{e.field}" if e.field else ""), str(e)) from None
            steps.append({"action": action.to_json(), "seat": by, "text": text, "view": view(game, seat, i == last)})
        return steps

    steps = await ctx.runner.run(run, budget, Lane.LIGHT, who)
    return _answer(game, {"steps": steps}, key=ctx.settings.state_key)


@router.post("/hint", responses=QUERY_ERRORS)
async def game_hint(
    body: GameHintIn, ctx: Annotated[Context, Depends(context)], who: Annotated[Caller, Depends(caller)]
) -> JSONResponse:
    """The ghost writer's best words for the seat in turn, before its word: the moves the engine accepts now,
    each with its ``layout`` (to play as it is) and its open ``questions`` (the choices, the ghost writer's
    marked ``best``)."""
    d = (await ctx.dictionaries()).get(body.dictionary)
    game = _load(body.game, d.lexicon, ctx.settings.state_key)
    st = game.state
    if st.phase != Phase.PREPARE or st.turn.peek:
        raise FieldError("game", f"hints are for a word, before it is played; the game is in the {st.phase} phase")
    limit = min(HINT_TIME_LIMIT, ctx.settings.time_budget)
    search = Search(game.lexicon, game.turn_state(), time_limit=limit, cancel=who.cancel)
    p = st.player
    constrained = bool(p.event or p.must_wild or p.disfigured)

    def run() -> dict[str, Any]:
        answer = answers.hint(search, min(body.top + 20, 1000) if constrained else body.top)
        moves = [m for m in answer.moves if not constrained or game.allows(Spell.of_move(m))][: body.top]
        out = dict(answer.json)
        out["moves"] = [{**m.to_json(), "questions": questions(m)} for m in moves]
        return out

    out = await ctx.runner.run(run, limit, Lane.HEAVY, who)
    out["dictionary"] = d.name
    return JSONResponse(out)


@router.post("/read", responses=QUERY_ERRORS)
async def game_read(
    body: GameReadIn, ctx: Annotated[Context, Depends(context)], who: Annotated[Caller, Depends(caller)]
) -> JSONResponse:
    """A word laid out by the seat in turn, read by the ghost writer before it is played: the move (its coins,
    prestige and the choices it would make), its open ``questions``, and whether the engine accepts it now (with
    the reason when not)."""
    d = (await ctx.dictionaries()).get(body.dictionary)
    game = _load(body.game, d.lexicon, ctx.settings.state_key)
    st = game.state
    if st.phase != Phase.PREPARE or st.turn.peek:
        raise FieldError("game", f"a word is read before it is played; the game is in the {st.phase} phase")
    search = Search(game.lexicon, game.turn_state(), time_limit=min(HINT_TIME_LIMIT, ctx.settings.time_budget))
    entries = [e.model_dump(exclude_none=True) for e in body.layout]

    def run() -> dict[str, Any]:
        word = body.word.strip().lower()
        try:
            placement = read_arrangement(word, entries, search.pool, search.resolver)
        except GhostwriterError as e:
            return {"word": word, "ok": False, "reason": str(e), "move": None, "questions": []}
        move = search.move(placement)
        reason = None
        if word not in game.lexicon:
            reason = f"{word.upper()} is not in the dictionary {game.lexicon.name}"
        else:
            try:
                game.copy().apply(action_from_json({"action": "spell", "word": word, "layout": entries}))
            except GhostwriterError as e:
                reason = str(e)
        return {"word": word, "ok": reason is None, "reason": reason, "move": move.to_json(),
                "questions": questions(move)}

    out = await ctx.runner.run(run, ctx.settings.time_budget, Lane.HEAVY, who)
    return JSONResponse(out)
