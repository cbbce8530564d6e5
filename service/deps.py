"""The dependencies of the routes: what every request shares in one worker (the settings, the dictionaries, loaded
once at start-up, and the search runner), who asks, and what every Hardback query reads."""

from __future__ import annotations

import asyncio
import functools
import logging
import threading
import time
from typing import Any

from fastapi import Request

from service.dictionaries import Dictionaries, Dictionary
from service.dictionaries import load as load_dictionaries
from service.errors import FieldError
from service.runner import Caller, Runner, Unavailable
from service.schemas import QueryIn
from service.security import ARRIVED
from service.settings import Settings
from solver.errors import GhostwriterError
from solver.hardback.objectives import Weights
from solver.hardback.state import STATE_KEYS, TurnState
from solver.search.paperback import word_ends
from solver.search.setup import settle_heap

log = logging.getLogger("ghostwriter.service")

WARM_WORDS = 1_000_000  # lists up to this size get their per-list tables made at start-up, not on first use
READY_WAIT = 30.0  # seconds a request waits for the dictionaries at start-up before it is answered 503


class Context:
    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.runner = Runner(
            settings.threads,
            settings.max_queue,
            per_client=settings.heavy_per_client,
            light_per_client=settings.light_per_client,
            load=functools.partial(worker_load, settings.dictionaries),
            jobs_only=True,
        )
        self._dictionaries: Dictionaries | None = None
        self.load_error: str | None = None
        self._loaded = threading.Event()

    def load(self) -> None:
        """Load every dictionary (from the compiled cache when it is there) and start the search workers (each
        loads its own); run once, at start-up."""
        try:
            dictionaries = Dictionaries(self.settings.dictionaries)
            for name in dictionaries.names:  # Paperback's table of word ends, made once a list (0.3 s for ENABLE)
                lexicon = dictionaries.get(name).lexicon
                if len(lexicon) <= WARM_WORDS:
                    word_ends(lexicon)
            log.info("dictionaries loaded: %s", ", ".join(dictionaries.names))
            self.runner.start()
            self._dictionaries = dictionaries
            # what start-up made (the lists' tables) lives as long as the worker: kept out of the collector's
            # passes, a full collection under load no longer walks it (a pause that every waiting request shares)
            settle_heap(where="server")  # (gc.collect, gc.freeze; with GHOSTWRITER_GC_LOG, long collections logged)
        except Exception as e:  # reported by /readyz and by every request that needs a dictionary
            self.load_error = str(e) or "a dictionary could not be read"
            log.error("cannot load the dictionaries: %s", self.load_error)
        finally:
            self.runner.ready_at = time.monotonic()  # a request that came during start-up is timed from here
            self._loaded.set()

    @property
    def ready(self) -> bool:
        return self._dictionaries is not None

    async def dictionaries(self) -> Dictionaries:
        """The dictionaries, waiting a little for them at start-up."""
        if self._dictionaries is None and not self._loaded.is_set():
            await asyncio.get_running_loop().run_in_executor(None, self._loaded.wait, READY_WAIT)
        if self._dictionaries is None:
            if self.load_error:
                raise Unavailable(f"the service cannot load its dictionaries ({self.load_error})", retry_after=60)
            raise Unavailable("the service is still loading its dictionaries: retry in a moment", retry_after=2)
        return self._dictionaries


def worker_load(extra: dict[str, str]) -> Dictionaries:
    """A search worker's start-up (``service.pool``'s ``load``): its dictionaries with their tables, then
    ``settle_heap`` (which, with ``GHOSTWRITER_GC_LOG``, logs the worker's long full collections; the jobs mark
    theirs inside a call)."""
    dictionaries = load_dictionaries(extra)
    settle_heap(where="worker")
    return dictionaries


# the two are ``async`` so that FastAPI calls them on the event loop: a plain function would be sent to its thread
# pool, two thread hops a request for a lookup
async def context(request: Request) -> Context:
    ctx: Context = request.app.state.context
    return ctx


async def caller(request: Request) -> Caller:
    """Who asks, for the lanes' turns and limits (the peer's address; behind a proxy named by
    ``--forwarded-allow-ips``, the address the proxy forwards), when the request arrived (``ARRIVED``, set by
    ``service.security.SecurityHeaders`` as the request reaches the app) and whether they went away."""
    host = request.client.host if request.client is not None else ""
    return Caller(host, request.is_disconnected, arrived=float(request.scope.get(ARRIVED, 0.0)))


async def read_query(ctx: Context, body: QueryIn) -> tuple[Dictionary, TurnState, Weights, float]:
    """What every Hardback query reads: its dictionary, turn state, value weights (on top of the state's stage)
    and time limit (at most the service's budget)."""
    return query_of((await ctx.dictionaries()).get(body.dictionary), body, ctx.settings.time_budget)


def query_of(d: Dictionary, body: QueryIn, budget: float) -> tuple[Dictionary, TurnState, Weights, float]:
    """``read_query`` once the dictionary is known: in the server, and again in a search worker (``service.pool``),
    which receives the request's body."""
    return read_plain(d, plain_query(body, d), budget)


def plain_query(body: QueryIn, d: Dictionary) -> dict[str, Any]:
    """A query as plain data, as a search worker receives it: its fields, and under ``state`` the state as the
    solver reads it (the edition the dictionary's language when not given). A dict of lists and numbers is
    pickled through the worker's pipe several times faster than the request's model."""
    out = body.model_dump(exclude=set(STATE_KEYS))
    out["state"] = body.state_json(d.language)
    return out


def read_plain(d: Dictionary, query: dict[str, Any], budget: float) -> tuple[Dictionary, TurnState, Weights, float]:
    """``query_of`` of a ``plain_query``: the dictionary, the turn state, the value weights (on top of the state's
    stage) and the time limit (at most ``budget``)."""
    state = TurnState.from_json(query["state"])
    try:
        weights = Weights.from_mapping(query["weights"], Weights.at_stage(state.options.stage))
    except GhostwriterError as e:
        raise FieldError("weights", str(e)) from None
    limit = min(query["time_limit"] or budget, budget)
    return d, state, weights, limit
