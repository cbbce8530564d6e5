"""Games held by the server (``service.store``): a table of people and bots, made once, played by each person
from any device with their seat's token, the bots playing on the server.

- ``POST /v1/{game}/tables``: a table made (the seats, the options; the seed chosen by the server), one token a
  person's seat (its invite); the bots in the first seats play at once.
- ``GET /v1/tables/seat``: what the token's seat sees (its own hand, the table, the counts of what it cannot see:
  never the draw order, another seat's hand or the random state).
- ``POST /v1/tables/seat/action``: one action of the token's seat (refused, 409, when the game waits on another
  seat), then the bots' turns, until a person must act or the service's time budget is spent (then
  ``waiting`` is ``"bot"``: ``POST /v1/tables/seat/bots`` lets them go on).
- ``GET /v1/tables/seat/moves``: the moves played so far, and once the game is over its record, which
  ``POST /v1/{game}/review`` reads.

The token goes in the ``Authorization: Bearer TOKEN`` header (never in the path: paths are logged). Every change
is one transaction of the store; one worker plays a table's requests one at a time, and a save refused because
another instance saved first is a 409 (no lost update).

The games are played in the search workers (``service.table_jobs``: the deal, each action, each bot's turn, each
seat's view are jobs killed at the request's deadline); this process only reads and writes the store.
"""

from __future__ import annotations

import asyncio
import secrets
import threading
import time
import weakref
from collections import OrderedDict, deque
from dataclasses import dataclass, field
from typing import Annotated, Any

from fastapi import APIRouter, Depends, HTTPException, Query, Request
from fastapi.responses import JSONResponse

from service.advice import SUGGEST_SHARE
from service.deps import Context, caller, context
from service.errors import QUERY_ERRORS, FieldError, NotFound, responses
from service.pool import Job
from service.runner import Caller, Lane, Unavailable
from service.schemas import ErrorOut, NewGameIn, PaperbackNewGameIn
from service.schemas.tables import (
    HardbackTableIn,
    NewTableOut,
    PaperbackTableIn,
    TableActionIn,
    TableOut,
    TableReadIn,
)
from service.seat_help import MAX_HINTS
from service.settings import Settings
from service.store import Move, StaleTable, Table, TableStore, open_store
from service.table_jobs import (
    KINDS,
    PERSON,
    At,
    Help,
    Kind,
    Refused,
    Step,
    act_job,
    bot_job,
    deal_job,
    help_job,
    load_job,
    read_job,
    view_job,
)

router = APIRouter(tags=["tables"])

SEED_BITS = 53  # a seed as the game routes take it
PRIVATE = {"Cache-Control": "no-store"}  # a seat's view and tokens: kept by no cache on the way
CLIENTS_KEPT = 10_000  # clients whose tables made in the last hour a worker follows (``Makers``)
GAMES_KEPT = 256  # recent tables whose games a search worker may keep (``Games``)
MIN_BOT_TURN = 0.2  # seconds: a bot's turn is not started with less of the budget left
TABLE_ERRORS: dict[int | str, dict[str, Any]] = {
    **QUERY_ERRORS,
    **responses(404),
    401: {"model": ErrorOut, "description": "no token, or a token no table gave"},
    403: {"model": ErrorOut, "description": "the action names another seat than the token's"},
    409: {"model": ErrorOut, "description": "not this seat's turn, the game is over, or the table changed meanwhile"},
    429: {"model": ErrorOut, "description": "too many tables made by this client this hour"},
}


# -- the store and the seat of a request -----------------------------------------------------------------------

_opening = threading.Lock()


def _open(request: Request, ctx: Context) -> TableStore:
    with _opening:
        store: TableStore | None = getattr(request.app.state, "tables", None)
        if store is None:
            store = request.app.state.tables = open_store(ctx.settings.tables_store)
        return store


async def store(request: Request, ctx: Annotated[Context, Depends(context)]) -> TableStore:
    """The app's store, opened on first use (off the event loop)."""
    found: TableStore | None = getattr(request.app.state, "tables", None)
    return found if found is not None else await asyncio.to_thread(_open, request, ctx)


class Games:
    """The tables this worker played last, each at the version it was saved at, with the name a search worker
    keeps its game under (``service.table_jobs``): a table read again at that version is handed to the jobs with
    that name, and a worker that still has the game takes it rather than reading the state's JSON. Any save bumps
    the version, so a table another worker changed is read afresh."""

    def __init__(self, size: int = GAMES_KEPT) -> None:
        self.size = size
        self._games: OrderedDict[str, tuple[int, str]] = OrderedDict()

    def get(self, table: Table) -> str:
        kept = self._games.get(table.id)
        if kept is None or kept[0] != table.version:
            return ""
        self._games.move_to_end(table.id)
        return kept[1]

    def put(self, table: Table, name: str) -> None:
        self._games[table.id] = (table.version, name)
        self._games.move_to_end(table.id)
        while len(self._games) > self.size:
            self._games.popitem(last=False)


class Makers:
    """The tables each client made in the last hour in this worker (by address), to refuse more than the setting
    allows (a 429): one client cannot fill the store for everyone. At most ``CLIENTS_KEPT`` clients are followed
    (the longest quiet forgotten first)."""

    def __init__(self) -> None:
        self._made: OrderedDict[str, deque[float]] = OrderedDict()

    def admit(self, client: str, per_hour: int, now: float) -> None:
        made = self._made.pop(client, None) or deque()
        while made and made[0] <= now - 3600:
            made.popleft()
        self._made[client] = made
        while len(self._made) > CLIENTS_KEPT:
            self._made.popitem(last=False)
        if len(made) >= per_hour:
            wait = int(made[0] + 3600 - now) + 1
            raise Unavailable(
                f"too many tables made by one client ({per_hour} an hour): retry in {wait} s", retry_after=wait,
                status=429,
            )
        made.append(now)


@dataclass(frozen=True)
class Env:
    """What every table route uses: the worker's context, who asks, the store, and the games kept."""

    ctx: Context
    who: Caller
    store: TableStore
    games: Games
    makers: Makers


async def env(
    request: Request,
    ctx: Annotated[Context, Depends(context)],
    who: Annotated[Caller, Depends(caller)],
    tables: Annotated[TableStore, Depends(store)],
) -> Env:
    state = request.app.state
    if getattr(state, "table_games", None) is None:
        state.table_games, state.table_makers = Games(), Makers()
    return Env(ctx, who, tables, state.table_games, state.table_makers)


@dataclass(frozen=True)
class Seat:
    table: str
    seat: int


async def seat(request: Request, tables: Annotated[TableStore, Depends(store)]) -> Seat:
    """The table and seat of the request's token (401 without one, or with one no table gave)."""
    scheme, _, token = request.headers.get("authorization", "").partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise HTTPException(401, "send the seat's token as the header Authorization: Bearer TOKEN",
                            headers={"WWW-Authenticate": "Bearer"})
    found = await asyncio.to_thread(tables.seat_of, token.strip())
    if found is None:
        raise HTTPException(401, "no seat has this token (a table's tokens are given when it is made)",
                            headers={"WWW-Authenticate": "Bearer"})
    return Seat(*found)


def _lock(request: Request, table_id: str) -> asyncio.Lock:
    """The lock that plays one table's requests one at a time in this worker."""
    locks: weakref.WeakValueDictionary[str, asyncio.Lock] | None = getattr(request.app.state, "table_locks", None)
    if locks is None:
        locks = request.app.state.table_locks = weakref.WeakValueDictionary()
    lock = locks.get(table_id)
    if lock is None:
        lock = locks[table_id] = asyncio.Lock()
    return lock


# -- a table read, played and answered --------------------------------------------------------------------------


@dataclass
class Playing:
    """A table read from the store, the last step of its game (None before any), and the moves this request
    played."""

    table: Table
    kind: Kind
    step: Step | None
    played: list[Move]
    told: list[str | None] = field(default_factory=list)  # each move played in words (Hardback), as the seat sees it

    def at(self, games: Games) -> At:
        """The table as a job receives it."""
        return At(self.table.game, self.table.dictionary, self.table.state, games.get(self.table))


async def _read(e: Env, table_id: str) -> Playing:
    table = await asyncio.to_thread(e.store.get, table_id)
    if table is None:
        raise NotFound(f"no table {table_id!r}")
    (await e.ctx.dictionaries()).get(table.dictionary)
    return Playing(table, KINDS[table.game], None, [])


async def _run(e: Env, job: Job[Step], limit: float, lane: Lane = Lane.LIGHT) -> Step:
    """A job of the table's game, in a search worker; a refusal of the table's rules as its HTTP answer."""
    try:
        return await e.ctx.runner.run(job, limit, lane, e.who)
    except Refused as err:
        raise HTTPException(err.status, str(err)) from None


async def _save(e: Env, p: Playing, step: Step) -> None:
    """The game's step saved with its moves (a 409 when another save came first), its worker's name for the game
    remembered."""
    moves = [Move(seat, action) for seat, action in step.moves]
    if step.state is not None:
        p.table.state = step.state
        try:
            await asyncio.to_thread(e.store.save, p.table, moves)
        except StaleTable as err:
            raise HTTPException(409, str(err)) from None
    p.played += moves
    p.told += [*step.told, *[None] * (len(moves) - len(step.told))][: len(moves)]
    p.step = step
    e.games.put(p.table, step.kept)


async def _bots(e: Env, p: Playing, deadline: float, viewer: int | None) -> None:
    """The bots' turns, each saved, until a person must act, the game ends or the budget is spent (one turn at
    least, whatever is left of the budget, so that asking again always gets on). A turn the service cannot run
    now (busy, or past its deadline: its worker killed) is left for later (``waiting`` stays ``"bot"``)."""
    first = True
    while p.step is None or (p.step.to_act is not None and p.table.seats[p.step.to_act] != PERSON):
        left = deadline - time.monotonic()
        if left < MIN_BOT_TURN and not first:  # one turn a request at least: a small budget still goes on
            return
        left, first = max(left, MIN_BOT_TURN), False
        try:
            step = await _run(e, Job(bot_job, (p.at(e.games), p.table.seats, left * 0.8, viewer)), left, Lane.HEAVY)
        except Unavailable:
            return
        await _save(e, p, step)
        if not step.moves:
            return


def public(move: Move, viewer: int | None) -> dict[str, Any]:
    """A move as a seat may see it (``viewer`` None: as no seat): another seat's Hardback card played as a wild
    (face down) without its code."""
    action = move.action
    layout = action.get("layout")
    if move.seat != viewer and isinstance(layout, list):
        hidden = [{**e, "code": None} if isinstance(e, dict) and e.get("face") == "wild" else e for e in layout]
        action = {**action, "layout": hidden}
    return {"seat": move.seat, "action": action}


async def _answer(e: Env, p: Playing, seat: int | None, status: int = 200, **extra: Any) -> JSONResponse:
    table, step = p.table, p.step
    if step is None or (seat is not None and step.view is None):
        step = await _run(e, Job(view_job, (p.at(e.games), seat)), e.ctx.settings.time_budget)
        e.games.put(table, step.kept)
    acting = step.to_act
    out = {
        "table": table.id,
        "game": table.game,
        "seat": seat,
        "seats": table.seats,
        "version": table.version,
        "moves": table.moves,
        "to_act": acting,
        "waiting": None if acting is None else PERSON if table.seats[acting] == PERSON else "bot",
        "over": acting is None,
        "view": None if seat is None else step.view,
        "played": [{**public(m, seat), **({"text": t} if t else {})} for m, t in zip(p.played, p.told, strict=True)],
        **extra,
    }
    return JSONResponse(out, status_code=status, headers=PRIVATE)


# -- the routes ---------------------------------------------------------------------------------------------------


def _check_seats(kind: Kind, seats: list[str]) -> None:
    for i, name in enumerate(seats):
        if name != PERSON and name not in kind.bots:
            bots = ", ".join(kind.bots)
            raise FieldError(f"seats[{i}]", f'seats[{i}]: {name!r} is neither "person" nor a bot ({bots})')
    if PERSON not in seats:
        raise FieldError("seats", "seats: a table needs a person (bots alone play through /v1/{game}/bot/move)")


async def _create(name: str, body: Any, job: Job[Step], e: Env) -> JSONResponse:
    start = time.monotonic()
    ctx, tables = e.ctx, e.store
    kind = KINDS[name]
    _check_seats(kind, body.seats)
    e.makers.admit(e.who.address, ctx.settings.tables_per_hour, time.monotonic())
    await asyncio.to_thread(_make_room, tables, ctx.settings)
    (await ctx.dictionaries()).get(body.dictionary)
    step = await _run(e, job, ctx.settings.time_budget)
    assert step.state is not None
    table = Table(secrets.token_urlsafe(12), name, body.dictionary, list(body.seats), step.state)
    tokens = {i: secrets.token_urlsafe(24) for i, s in enumerate(body.seats) if s == PERSON}
    await asyncio.to_thread(tables.create, table, tokens)
    e.games.put(table, step.kept)
    p = Playing(table, kind, step, [])
    await _bots(e, p, start + ctx.settings.time_budget, None)
    invites = [{"seat": i, "player": s, "token": tokens.get(i)} for i, s in enumerate(body.seats)]
    return await _answer(e, p, None, 201, invites=invites)


def _make_room(tables: TableStore, settings: Settings) -> None:
    """The tables untouched for ``tables_days`` removed; a 503 when the store still holds ``max_tables``."""
    tables.prune(time.time() - settings.tables_days * 86_400)
    held = tables.count()
    if held >= settings.max_tables:
        raise Unavailable(f"the service holds as many tables as it may ({held}): retry later", retry_after=3600)


def _players(options: dict[str, Any], seats: list[str]) -> dict[str, Any]:
    given = options.get("players")
    if given is not None and given != len(seats):
        raise FieldError("options.players", f"options.players: {given} players, but {len(seats)} seats")
    return {**options, "players": len(seats)}


@router.post("/v1/hardback/tables", response_model=NewTableOut, status_code=201, responses=TABLE_ERRORS)
async def new_hardback_table(body: HardbackTableIn, e: Annotated[Env, Depends(env)]) -> JSONResponse:
    """A Hardback table: its seats (people and bots), its options; the seed is the server's. Each person's seat
    gets a token (its invite: give it to that player only). Or a saved game going on at a table (``game``: a
    state this service signed, its seats as many as the game's players)."""
    if body.game is not None:  # a saved game goes on at the table
        key = e.ctx.settings.state_key
        return await _create("hardback", body, Job(load_job, ("hardback", body.game, body.dictionary, key,
                                                              len(body.seats))), e)
    options = _players(body.options.model_dump(exclude_unset=True), body.seats)
    request = NewGameIn.model_validate({"options": options, "seed": secrets.randbits(SEED_BITS)}, strict=False)
    return await _create("hardback", body, Job(deal_job, ("hardback", request, body.dictionary)), e)


@router.post("/v1/paperback/tables", response_model=NewTableOut, status_code=201, responses=TABLE_ERRORS)
async def new_paperback_table(body: PaperbackTableIn, e: Annotated[Env, Depends(env)]) -> JSONResponse:
    """A Paperback table: its seats (people and bots), its options and deck; the seed is the server's. Each
    person's seat gets a token (its invite: give it to that player only)."""
    options = _players(body.options, body.seats)
    request = PaperbackNewGameIn(options=options, deck=body.deck, seed=secrets.randbits(SEED_BITS))
    return await _create("paperback", body, Job(deal_job, ("paperback", request, body.dictionary)), e)


@router.get("/v1/tables/seat", response_model=TableOut, responses=TABLE_ERRORS)
async def seat_view(
    e: Annotated[Env, Depends(env)],
    me: Annotated[Seat, Depends(seat)],
    hints_: Annotated[int, Query(alias="hints", ge=0, le=MAX_HINTS, description="the ghost writer's best words for "
                                 "the seat's hand when it is to spell (Paperback's as spells, Hardback's as its hint "
                                 "answer)")] = 0,
    suggest: Annotated[bool, Query(description="the expert's next action in the seat's place, when it is to act")]
    = False,
    familiar: Annotated[float | None, Query(ge=0, le=8, description="Hardback: hints keep to words at least this "
                                            "familiar (as /v1/hardback/game/hint's familiar)")] = None,
) -> JSONResponse:
    """What the token's seat sees now (``view``: its own hand and the table; ``legal`` when it is to act; a
    Paperback table's ``fame_piles`` and ``cubes``); asked for, when the game waits on the seat: ``hints``
    (Paperback: the ghost writer's best words for its hand, each with the spell that plays it), ``hint``
    (Hardback: the ghost writer's answer, its moves with their layouts and open questions, and the weights its
    value counts) and ``advice`` (the expert's next action and its chance to win; heavy, bounded by the service's
    time budget). They are worked out in a search worker (``help_job``), never for another seat."""
    p = await _read(e, me.table)
    extra: dict[str, Any] = {}
    if hints_ or suggest:
        budget = e.ctx.settings.time_budget
        at = At(p.table.game, p.table.dictionary, p.table.state)  # read from its state: the kept game stays kept
        wanted = Help(hints_, suggest, familiar, budget * SUGGEST_SHARE)
        extra = await e.ctx.runner.run(Job(help_job, (at, me.seat, wanted)), budget,
                                       Lane.HEAVY if suggest or p.table.game == "hardback" else Lane.LIGHT, e.who)
    return await _answer(e, p, me.seat, **extra)


@router.post("/v1/tables/seat/read", responses=TABLE_ERRORS)
async def seat_read(
    body: TableReadIn, e: Annotated[Env, Depends(env)], me: Annotated[Seat, Depends(seat)]
) -> JSONResponse:
    """Hardback: a word the token's seat laid out, read by the ghost writer before it is played (as
    ``/v1/hardback/game/read``): the move, its open ``questions``, and whether the engine accepts it now (the reason
    when not). Only when the game waits on the seat's word (a 409 otherwise)."""
    p = await _read(e, me.table)
    at = At(p.table.game, p.table.dictionary, p.table.state)
    entries = [x.model_dump(exclude_none=True) for x in body.layout]
    try:
        out = await e.ctx.runner.run(Job(read_job, (at, me.seat, body.word, entries)), e.ctx.settings.time_budget,
                                     Lane.HEAVY, e.who)
    except Refused as err:
        raise HTTPException(err.status, str(err)) from None
    return JSONResponse(out, headers=PRIVATE)


@router.post("/v1/tables/seat/action", response_model=TableOut, responses=TABLE_ERRORS)
async def seat_action(
    body: TableActionIn, request: Request, e: Annotated[Env, Depends(env)], me: Annotated[Seat, Depends(seat)]
) -> JSONResponse:
    """One action of the token's seat (a 409 when the game waits on another seat, a 422 naming the rule when the
    engine refuses it), then the bots' turns until a person must act, within the service's time budget."""
    start = time.monotonic()
    budget = e.ctx.settings.time_budget
    async with _lock(request, me.table):
        p = await _read(e, me.table)
        await _save(e, p, await _run(e, Job(act_job, (p.at(e.games), me.seat, body.action)), budget))
        await _bots(e, p, start + budget, me.seat)
    return await _answer(e, p, me.seat)


@router.post("/v1/tables/seat/bots", response_model=TableOut, responses=TABLE_ERRORS)
async def seat_bots(
    request: Request, e: Annotated[Env, Depends(env)], me: Annotated[Seat, Depends(seat)]
) -> JSONResponse:
    """The bots' turns go on (after an answer whose ``waiting`` was ``"bot"``), until a person must act."""
    start = time.monotonic()
    async with _lock(request, me.table):
        p = await _read(e, me.table)
        await _bots(e, p, start + e.ctx.settings.time_budget, me.seat)
    return await _answer(e, p, me.seat)


@router.get("/v1/tables/seat/moves", responses=TABLE_ERRORS)
async def seat_moves(
    tables: Annotated[TableStore, Depends(store)],
    me: Annotated[Seat, Depends(seat)],
    since: Annotated[int, Query(ge=0, description="the first move wanted (0: all)")] = 0,
) -> JSONResponse:
    """The moves played so far, from ``since`` (each with its seat; another seat's cards played face down without
    their codes); once the game is over, its ``record`` as ``POST /v1/{game}/review`` reads it (its seed and state
    included: nothing is hidden any more)."""
    table = await asyncio.to_thread(tables.get, me.table)
    if table is None:
        raise NotFound(f"no table {me.table!r}")
    moves = await asyncio.to_thread(tables.moves, me.table)
    over = table.state.get("phase") == "over"
    record = None
    if over:
        record = {**table.state, "log": [m.action for m in moves], "seats": table.seats, "lexicon": None}
    shown = [{"n": i, **({"seat": m.seat, "action": m.action} if over else public(m, me.seat))}
             for i, m in enumerate(moves) if i >= since]
    out = {"table": table.id, "game": table.game, "over": over, "moves": shown, "record": record,
           "dictionary": table.dictionary}
    return JSONResponse(out, headers=PRIVATE)
