"""The ghost writer for Hardback: the best moves of a turn, and how a played word ranks."""

from __future__ import annotations

import json
import time
from typing import Annotated, Any

from fastapi import APIRouter, Depends
from fastapi.responses import JSONResponse, Response
from pydantic_core import to_json

from service.deps import Context, caller, context, plain_query, query_of, read_plain, read_query
from service.errors import QUERY_ERRORS, FieldError
from service.pool import Job, Work
from service.runner import Caller, Lane, server_timing
from service.schemas import HintIn, HintOut, QueryIn, RateIn, RateOut
from solver.answers import filters
from solver.answers import hint as answers
from solver.errors import GhostwriterError
from solver.hardback.benefits import Role
from solver.hardback.cards import Card
from solver.hardback.objectives import Objective
from solver.hardback.state import TurnState
from solver.search.hardback import Search
from solver.search.setup import inside_call
from solver.text import lower_word

router = APIRouter(prefix="/v1/hardback", tags=["hardback"])


def lane_of(state: TurnState, heavy: bool = False) -> Lane:
    """The runner's lane for a search of this state: by the work its cards can cause (their number, their
    uncover and double benefits, their choices), not by how many cards carry such benefits."""
    cards = (*state.hand, *state.inked, *state.mine, *state.others)
    specials = choices = 0
    for c in cards:
        s, ch = _work_of(c)
        specials += s
        choices += ch
    return Lane.HEAVY if heavy else Lane.for_hand(len(cards), specials, choices)


_MOVING = (Role.UNCOVER, Role.DOUBLE)
_CHOOSING = (Role.TRASH, Role.DUMP)
_WORK: dict[Card, tuple[int, int]] = {}  # ``_work_of`` by card (catalogue cards are found by identity at once)
WORK_CAP = 4096  # cards remembered before they are forgotten at once (house cards are made per request)


def _work_of(card: Card) -> tuple[int, int]:
    """A card's uncover and double benefits, and its benefits that offer a choice (``lane_of``'s counts)."""
    got = _WORK.get(card)
    if got is None:
        benefits = (*card.basic, *card.genre_bonus)
        specials = sum(1 for b in benefits if b.row.role in _MOVING)
        choices = sum(1 for b in benefits if b.row.role in _CHOOSING or len(b.row.gives) > 1)
        if len(_WORK) >= WORK_CAP:
            _WORK.clear()
        got = _WORK[card] = (specials, choices)
    return got


def _search(work: Work, body: QueryIn, budget: float) -> tuple[Search, str]:
    """The search a request asks for, in a search worker: its time limit cut to the request's deadline, stopped
    when its caller goes away; and the dictionary's name."""
    d, state, weights, limit = query_of(work.dictionaries.get(body.dictionary), body, budget)
    objective = Objective.parse(body.objective)
    search = Search(d.lexicon, state, objective, weights, time_limit=work.time_limit(limit), cancel=work.cancel)
    return search, d.name


def _timed(out: dict[str, Any], name: str, start: float) -> JSONResponse:
    out["dictionary"] = name
    out["elapsed_ms"] = round((time.perf_counter() - start) * 1000, 3)
    return JSONResponse(out, headers=server_timing())


def encoded(out: dict[str, Any]) -> bytes:
    """An answer's JSON as ``JSONResponse`` writes it, in the search worker: the server's event loop, which every
    request shares, neither unpickles a tree of dicts nor encodes it. pydantic's encoder (in Rust, three times
    json's speed on a hint) writes the same bytes but for a number's exponent (``1e-6`` where json writes
    ``1e-06``: the same number). It writes a number that is not finite as ``NaN`` or ``Infinity``, which JSON has
    not: where those letters appear, json's own encoder answers, which refuses such a number (a ValueError, as
    ``JSONResponse``'s)."""
    raw = to_json(out)
    if b"NaN" in raw or b"Infinity" in raw:  # (or the letters in a text: json's bytes are then as good)
        return json.dumps(out, ensure_ascii=False, allow_nan=False, indent=None, separators=(",", ":")).encode()
    return raw


def _timed_bytes(raw: bytes, start: float) -> Response:
    """``_timed`` of an answer the worker encoded (its ``dictionary`` in it): ``elapsed_ms`` added as the last key."""
    elapsed = json.dumps(round((time.perf_counter() - start) * 1000, 3)).encode()
    return Response(raw[:-1] + b',"elapsed_ms":' + elapsed + b"}", media_type="application/json",
                    headers=server_timing())


def hint_job(work: Work, query: dict[str, Any], budget: float) -> bytes:
    """``/hint``'s search, in a search worker, of a ``plain_query`` of a ``HintIn``: the answer's JSON encoded
    (``encoded``), the dictionary's name in it."""
    with inside_call():  # (a long full collection in it is logged as such: ``settle_heap``)
        return _hint(work, query, budget)


def _hint(work: Work, query: dict[str, Any], budget: float) -> bytes:
    d, state, weights, limit = read_plain(work.dictionaries.get(query["dictionary"]), query, budget)
    objective = Objective.parse(query["objective"])
    search = Search(d.lexicon, state, objective, weights, time_limit=work.time_limit(limit), cancel=work.cancel)
    allowed, familiarity = filters.familiar(
        search.lexicon, query["familiar"], state.options.edition, query["allow_offensive"]
    )
    if allowed is not None:
        search.allowed = allowed
    out = answers.hint(search, query["top"], query["pareto"], familiarity).json
    out["weights"] = search.value_weights.to_json()  # what a move's value counts (the page says it)
    out["dictionary"] = d.name
    return encoded(out)


def rate_job(work: Work, body: RateIn, budget: float) -> tuple[dict[str, Any], str]:
    """``/rate``'s search, in a search worker: the answer's JSON and the dictionary's name."""
    search, name = _search(work, body, budget)
    arrangement = None
    if body.arrangement is not None:
        arrangement = [e if isinstance(e, str) else e.model_dump(exclude_none=True) for e in body.arrangement]
    answer, _ = answers.rate(search, body.word, arrangement)
    return answer.json, name


@router.post("/hint", response_model=HintOut, responses=QUERY_ERRORS)
async def hint(
    body: HintIn, ctx: Annotated[Context, Depends(context)], who: Annotated[Caller, Depends(caller)]
) -> Response:
    """The best words of a turn, each with its arrangement of cards, coins, prestige and reasons (or, with
    ``pareto``, the prestige/coins frontier)."""
    start = time.perf_counter()
    if body.top > ctx.settings.max_top:
        raise FieldError("top", f"top: {body.top} is more than this service gives; ask for 1 to {ctx.settings.max_top}")
    d = (await ctx.dictionaries()).get(body.dictionary)
    query = plain_query(body, d)  # what the worker receives: plain data
    budget = ctx.settings.time_budget
    _, state, _, limit = read_plain(d, query, budget)  # a bad request is answered here, before it is queued
    raw = await ctx.runner.run(Job(hint_job, (query, budget)), limit, lane_of(state, body.pareto), who)
    return _timed_bytes(raw, start)


@router.post("/rate", response_model=RateOut, responses=QUERY_ERRORS)
async def rate(
    body: RateIn, ctx: Annotated[Context, Depends(context)], who: Annotated[Caller, Depends(caller)]
) -> JSONResponse:
    """How a played word ranks: as it was laid out (``arrangement``) or at its best, its rank among every word
    (1 = best; tied words share a rank) and the gap to the best move, in the objective's own terms."""
    start = time.perf_counter()
    try:
        lower_word(body.word, "word")  # a word no list can hold is the request's fault, named before any search
    except GhostwriterError as e:
        raise FieldError("word", str(e)) from None
    _, state, _, limit = await read_query(ctx, body)
    out, name = await ctx.runner.run(Job(rate_job, (body, ctx.settings.time_budget)), limit, lane_of(state), who)
    return _timed(out, name, start)
