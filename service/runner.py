"""Searches run off the event loop, in two lanes, each within its request's deadline, fairly between clients.

A request's cost is estimated before it runs (``Lane``: a hand whose cards carry little work is light; a hand
rich in uncovers, doubles and choices, a frontier, the ink advisor, a bot's turn are heavy). Each lane has
threads of its own, each thread a worker process (``service.pool``), so light requests never wait behind heavy
ones. A lane serves its clients in turn (one request of each client that has any waiting, round and round), so
one client's pile of requests delays another's by at most one request each; a client may have at most
``per_client`` requests of a lane under way or waiting (``light_per_client`` in the light lane), and beyond that
is answered 429 at once.

The deadline starts when the request arrives (``Caller.arrived``): time spent waiting for a worker counts. A
request that cannot start before its deadline, by the lane's own reckoning of the work ahead of it (the time
left of the searches running, the limits of those that will be served first), is answered 503 at once with a
``Retry-After``; one that reaches the front of its lane with too little time left, likewise. A job (``Job``) runs
in a worker process that is killed at the deadline plus ``service.pool.KILL_GRACE``, whatever loop it is in; its
search stops on its own a little before, with what it has (marked not exact). A hang-up sets the job's cancel
flag and its worker is killed if it does not stop within ``service.pool.CANCEL_GRACE``.

When a job comes to a lane where nobody waits and a worker is idle, the lane lends that worker to the event loop
(``_FairLane.lend``), which sends the job and reads the answer itself (``service.pool.Worker.call_on_loop``: the
same deadline, kill and hang-up), as though the worker's thread had taken it at once: the lane counts it as
running and as its client's, and whoever comes meanwhile waits for the thread in turn. That spares a request the
two hand-overs between the loop and a thread (some 0.1 ms of a 1 ms hint on a 2-core machine); a worker killed on
the loop is replaced by its thread.

A plain function (not a ``Job``) runs in the lane's thread, in the server's process: it is bounded by its own
checks only, and its request is answered 503 at its deadline plus ``GRACE``. That is for tests of the lanes: the
service's runner (``jobs_only``) refuses one, so every route's work (a search, a game's action, a bot's turn, a
view, close words) is a job in a worker process that the pool kills at its deadline.
"""

from __future__ import annotations

import asyncio
import enum
import math
import threading
import time
from collections import deque
from collections.abc import Awaitable, Callable
from concurrent.futures import Future
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any, TypeVar

from service.pool import KILL_GRACE, LOOP_JOB, Job, Outran, Worker, prepare, wait_until

T = TypeVar("T")

CANCELLED_COST = 1.0  # seconds a search whose client went away is reckoned to take, its worker's restart included
RESTART_COST = 1.0  # seconds a killed worker's replacement is first reckoned to take to start (then measured)
MIN_SEARCH = 0.05  # seconds a request that could start at once may search, whatever its reading took before
GRACE = 3.0  # seconds past its deadline before a request running a plain function (not a job) is given up
POLL = 0.5  # seconds between two looks at whether a waiting request's client went away
# a request the reckoning would refuse only for searches that started a moment ago (``_FairLane.submit``) waits this
# long for them instead: a heavy search is reckoned at its whole limit, and most end within milliseconds
YOUNG = 0.02  # seconds a running search has run at most to be such a search
PATIENCE = 0.05  # seconds such a request waits to start before it is refused as it would have been at once
LIGHT_CARDS = 8  # a hand (with inked cards and classics) of at most this many cards is light ...
LIGHT_SPECIALS = 3  # ... when its cards carry at most this many uncover and double benefits ...
LIGHT_CHOICES = 6  # ... and at most this many choices (coins or prestige, trash, dump)


# the last search of this request: seconds it waited for a thread, and seconds it held one
TIMING: ContextVar[tuple[float, float] | None] = ContextVar("search_timing", default=None)


def server_timing() -> dict[str, str]:
    """A ``Server-Timing`` header with the request's queue wait and search time (none when it ran no search)."""
    timing = TIMING.get()
    if timing is None:
        return {}
    queued, ran = timing
    return {"Server-Timing": f"queue;dur={queued * 1000:.1f}, search;dur={ran * 1000:.1f}"}


@dataclass
class Caller:
    """Who asks (the lanes' turns and limits are by address), when the request arrived (``time.monotonic()``;
    0: now), whether they went away, and the flag that stops their search then."""

    address: str = ""
    gone: Callable[[], Awaitable[bool]] | None = None
    cancel: threading.Event = field(default_factory=threading.Event)
    arrived: float = 0.0


class Lane(enum.Enum):
    LIGHT = "light"
    HEAVY = "heavy"

    @staticmethod
    def for_hand(cards: int, specials: int = 0, choices: int = 0) -> Lane:
        """The lane of a search over ``cards`` cards carrying ``specials`` uncover and double benefits and
        ``choices`` benefits that are a choice (the search's cost grows steeply with each)."""
        light = cards <= LIGHT_CARDS and specials <= LIGHT_SPECIALS and choices <= LIGHT_CHOICES
        return Lane.LIGHT if light else Lane.HEAVY


class Unavailable(Exception):  # noqa: N818 - an answer, mapped to 503
    """The service cannot answer now: too busy, or the search outran its budget."""

    def __init__(self, message: str, retry_after: int = 1, status: int = 503) -> None:
        super().__init__(message)
        self.retry_after = retry_after
        self.status = status


@dataclass(eq=False)
class _Item:
    future: Future[Any]
    call: Callable[[Worker], Any]
    client: str
    deadline: float
    cost: float  # seconds of a thread it is reckoned to take at most
    cancel: threading.Event
    queued: bool = False  # it had work ahead of it when it came (a worker being replaced included)
    started: float = 0.0
    refusal: Unavailable | None = None  # admitted on patience: refused so unless started by ``give_up``
    give_up: float = 0.0

    def left(self, now: float) -> float:
        """Seconds it is reckoned to hold its thread still (a search whose client went away stops soon)."""
        cost = min(self.cost, CANCELLED_COST) if self.cancel.is_set() else self.cost
        return max(0.0, self.started + cost - now)


class _Replace:
    """What a lane's thread is given to do when its lent worker came back killed: replace it."""


_REPLACE = _Replace()


def _unused(worker: Worker) -> Any:
    raise AssertionError("a lent worker's request runs on the event loop, not in its lane's thread")


def _min_run(deadline: float, arrived: float) -> float:
    """The least time a request must be reckoned to have left when it starts: a tenth of its limit, at most 0.5 s."""
    return min(0.5, (deadline - arrived) * 0.1)


class _FairLane:
    """Threads serving clients in turn: each client's requests in order, one client after another; each thread
    runs its jobs in a worker process of its own."""

    def __init__(
        self, threads: int, name: str, load: Callable[[], Any], per_client: int, max_queue: int
    ) -> None:
        self.workers = [Worker(load, f"{name}-{i}") for i in range(threads)]
        self.per_client = per_client
        self.max_queue = max_queue
        self.name = name
        self.typical = 0.05  # seconds a request of this lane takes, a moving average
        self._queues: dict[str, deque[_Item]] = {}
        self._turn: deque[str] = deque()  # clients with work waiting, in the order they are served
        self._running: list[_Item | None] = [None] * threads
        self._restarting = [0.0] * threads  # when each thread's worker, being replaced, is reckoned ready (0: it is)
        self._lent = [False] * threads  # each thread's worker lent to the event loop (``lend``)
        self._replace = [False] * threads  # a lent worker came back killed: its thread replaces it
        self.restart_cost = RESTART_COST  # seconds a replacement takes to start, a moving average
        self._by_client: dict[str, int] = {}
        self._cv = threading.Condition()
        self._closed = False
        self._threads = [
            threading.Thread(target=self._work, args=(i,), name=f"{name}-{i}", daemon=True) for i in range(threads)
        ]
        for t in self._threads:
            t.start()

    @property
    def pending(self) -> int:
        with self._cv:
            return sum(self._by_client.values())

    def submit(
        self, client: str, call: Callable[[Worker], Any], deadline: float, arrived: float, cancel: threading.Event
    ) -> _Item:
        """Queue ``call``, or ``Unavailable`` at once: the client has too many requests here, the lane is full,
        or the work ahead of it would not let it start before ``deadline``."""
        future: Future[Any] = Future()
        now = time.monotonic()
        with self._cv:
            mine = self._by_client.get(client, 0)
            if mine >= self.per_client:
                raise Unavailable(
                    f"too many {self.name} searches from one client at once (at most {self.per_client}): wait for "
                    "the answers before asking more, or ask with smaller hands",
                    retry_after=2,
                    status=429,
                )
            pending = sum(self._by_client.values())
            if pending >= len(self._threads) + self.max_queue:
                raise Unavailable(
                    f"the service is busy ({pending} {self.name} searches under way or waiting): retry in a moment"
                )
            ahead = self._ahead(client, now) / len(self._threads)
            cost = min(deadline - now, self._typical_cost())
            item = _Item(future, call, client, deadline, cost, cancel, queued=ahead > 0)
            if ahead > 0 and now + ahead > deadline - _min_run(deadline, arrived):
                refusal = Unavailable(
                    f"the service is busy: a {self.name} search could start in {ahead:.1f} s at the soonest, past "
                    "this request's time limit: retry then, or give a larger time_limit",
                    retry_after=max(1, math.ceil(ahead)),
                )
                if not self._only_young(now):
                    raise refusal
                item.refusal, item.give_up = refusal, now + PATIENCE  # (``_wait`` refuses it then, if still queued)
            self._by_client[client] = mine + 1
            if client not in self._queues:
                self._queues[client] = deque()
                self._turn.append(client)
            self._queues[client].append(item)
            if any(self._lent):  # a lent worker's thread waits on: wake every thread, one that is free takes it
                self._cv.notify_all()
            else:
                self._cv.notify()
        future.add_done_callback(lambda _: self._done(client))
        return item

    def lend(self, client: str, deadline: float, cancel: threading.Event) -> tuple[int, _Item] | None:
        """An idle worker that the event loop may use itself (``Runner.run``), when nobody waits in this lane: the
        lane's bookkeeping as if a thread had taken the request at once (it counts as running, and as its client's).
        None when every worker is busy, being replaced or lent, someone waits, or the client has its share (the
        queue then answers as it does)."""
        now = time.monotonic()
        with self._cv:
            if self._turn or self._closed or self._by_client.get(client, 0) >= self.per_client:
                return None
            for index, worker in enumerate(self.workers):
                idle = self._running[index] is None and not self._lent[index] and not self._restarting[index]
                if idle and worker.ready.is_set():
                    break
            else:
                return None
            item = _Item(Future(), _unused, client, deadline, min(deadline - now, self._typical_cost()), cancel)
            item.started = now
            self._running[index] = item
            self._lent[index] = True
            self._by_client[client] = self._by_client.get(client, 0) + 1
            return index, item

    def give_back(self, index: int, item: _Item) -> None:
        """A lent worker back from the event loop; killed at its job's deadline, its thread replaces it (the lane
        reckons it busy for the time a start takes from now on)."""
        now = time.monotonic()
        with self._cv:
            self._running[index] = None
            self._lent[index] = False
            self.typical = 0.9 * self.typical + 0.1 * (now - item.started)
            if self.workers[index].started and not self.workers[index].ready.is_set():
                self._restarting[index] = now + self.restart_cost
                self._replace[index] = True
            if self._replace[index] or self._turn:  # its thread: to replace it, or to serve who came meanwhile
                self._cv.notify_all()  # (else no thread has anything to do: waking them all costs the loop the GIL)
        self._done(item.client)

    def _only_young(self, now: float) -> bool:
        """Is the work ahead only searches running for less than ``YOUNG`` (none queued, none being replaced)?"""
        running = [it for it in self._running if it is not None]
        return (
            bool(running)
            and not self._turn
            and not any(self._restarting)
            and all(now - it.started < YOUNG for it in running)
        )

    def _typical_cost(self) -> float:
        return math.inf if self.name == "heavy" else max(0.05, 4 * self.typical)

    def _ahead(self, client: str, now: float) -> float:
        """Thread-seconds of work to be done before a new request of ``client`` starts (at most): what the
        running searches have left, the client's own queued requests, and as many of each other client's as the
        turns serve first."""
        running = sum(it.left(now) for it in self._running if it is not None)
        running += sum(max(0.0, ready - now) for ready in self._restarting)  # a worker killed, being replaced
        own = self._queues.get(client, deque())
        rounds = len(own) + 1
        others = sum(
            sum(it.cost for it in list(q)[:rounds]) for c, q in self._queues.items() if c != client
        )
        return running + others + sum(it.cost for it in own)

    def _next(self, index: int) -> _Item | _Replace | None:
        with self._cv:
            while not self._closed and not self._replace[index] and (not self._turn or self._lent[index]):
                self._cv.wait()
            if self._closed:
                return None
            if self._replace[index]:
                self._replace[index] = False
                return _REPLACE
            client = self._turn.popleft()
            queue = self._queues[client]
            item = queue.popleft()
            if queue:
                self._turn.append(client)  # its next request waits for every other client's turn
            else:
                del self._queues[client]
            item.started = time.monotonic()
            self._running[index] = item
            return item

    def _work(self, index: int) -> None:
        worker = self.workers[index]
        while (item := self._next(index)) is not None:
            if isinstance(item, _Replace):  # its worker, lent to the event loop, came back killed
                self._restart(index, worker)
                continue
            answer = self._run(item, worker) if item.future.set_running_or_notify_cancel() else None
            with self._cv:  # counted done before it is answered: its client's next request finds the lane free
                self._running[index] = None
                self.typical = 0.9 * self.typical + 0.1 * (time.monotonic() - item.started)
            if answer is not None:
                answer()
            self._restart(index, worker)  # after the answer: a request is never kept waiting for a new worker's start

    def _restart(self, index: int, worker: Worker) -> None:
        """A new process in place of one killed; meanwhile the lane reckons the thread busy for the time a start
        takes, so that a request that could not start before its deadline is refused at once, not left to wait."""
        if not worker.started or worker.ready.is_set():
            return
        began = time.monotonic()
        with self._cv:
            self._restarting[index] = began + self.restart_cost
        try:
            worker.restart()
        finally:
            with self._cv:
                self._restarting[index] = 0.0
                self.restart_cost = 0.7 * self.restart_cost + 0.3 * (time.monotonic() - began)

    @staticmethod
    def _run(item: _Item, worker: Worker) -> Callable[[], None]:
        """The search's outcome, as what hands it to its request."""
        if item.queued and item.started >= item.deadline:  # waited behind others, or for a worker's replacement
            busy = Unavailable("the service is busy: this request waited its whole time limit for a search worker")
            return lambda: item.future.set_exception(busy)
        try:
            value = item.call(worker)
        except BaseException as e:  # handed to the request, which maps it
            return lambda error=e: item.future.set_exception(error)  # type: ignore[misc]
        return lambda: item.future.set_result(value)

    def _done(self, client: str) -> None:
        with self._cv:
            left = self._by_client.get(client, 0) - 1
            if left > 0:
                self._by_client[client] = left
            else:
                self._by_client.pop(client, None)

    def close(self) -> None:
        with self._cv:
            self._closed = True
            for queue in self._queues.values():
                for item in queue:
                    item.future.cancel()
            self._queues.clear()
            self._turn.clear()
            self._cv.notify_all()
        for w in self.workers:
            w.stop()


def _outran(e: Outran, time_limit: float) -> Unavailable:
    """The answer to a job that outran its deadline, or whose client went away, and whose worker was killed."""
    if e.gone:
        return Unavailable("the client went away: its search was stopped")
    return Unavailable(
        f"the search did not finish within its time budget ({time_limit:g} s, counted from the request's arrival): "
        "retry, or ask with a smaller hand or top",
        retry_after=int(time_limit) + 1,
    )


async def _wait(answer: asyncio.Future[Any], until: float, item: _Item, caller: Caller, job: bool) -> None:
    """Until ``answer`` is done or ``until`` (``time.monotonic()``) passes. If the caller goes away (asked twice a
    second) its search is dropped from the queue, or stopped: a job's worker stops it (or is killed), and its
    answer is awaited; a plain function is left to finish on its own."""
    gone = caller.gone
    while (left := until - time.monotonic()) > 0:
        step = min(left, POLL) if gone is not None else left
        if item.refusal is not None:
            step = min(step, max(0.0, item.give_up - time.monotonic()))
        await wait_until(answer, step)
        if answer.done():
            return
        if item.refusal is not None and time.monotonic() >= item.give_up:
            if item.future.cancel():  # not started within its patience: refused as the reckoning said at once
                raise item.refusal
            item.refusal = None  # started: it runs to its answer
        if gone is not None and not caller.cancel.is_set() and await gone():
            item.future.cancel()  # still queued: it never runs
            caller.cancel.set()  # running: it stops at its next look at the clock, or its worker is killed
            if not job:
                raise Unavailable("the client went away: its search was stopped")


def _nothing() -> None:
    """A worker's loader when it is given none (a runner of plain functions only, in tests)."""


class Runner:
    def __init__(
        self,
        threads: int,
        max_queue: int,
        heavy_threads: int = 1,
        per_client: int = 4,
        light_per_client: int = 16,
        load: Callable[[], Any] | None = None,
        jobs_only: bool = False,
    ) -> None:
        load = load or _nothing
        self.jobs_only = jobs_only  # the service's: a plain function (run in the server's process) is refused
        self._lanes = {
            Lane.LIGHT: _FairLane(threads, "light", load, light_per_client, max_queue),
            Lane.HEAVY: _FairLane(heavy_threads, "heavy", load, per_client, max_queue),
        }
        self.threads = threads
        self.heavy_threads = heavy_threads
        self.max_queue = max_queue
        self.per_client = per_client
        self.ready_at = 0.0  # when every worker had started (``time.monotonic()``)

    def start(self) -> None:
        """Start every lane's worker processes and wait until each has loaded its dictionaries."""
        prepare()
        workers = self.workers()
        starts = [threading.Thread(target=w.start) for w in workers]
        for t in starts:
            t.start()
        for t in starts:
            t.join()

    @property
    def ready(self) -> bool:
        return all(w.ready.is_set() for lane in self._lanes.values() for w in lane.workers)

    @property
    def pending(self) -> int:
        return sum(lane.pending for lane in self._lanes.values())

    def workers(self) -> list[Worker]:
        return [w for lane in self._lanes.values() for w in lane.workers]

    async def run(
        self,
        fn: Job[T] | Callable[[], T],
        time_limit: float,
        lane: Lane = Lane.LIGHT,
        caller: Caller | None = None,
    ) -> T:
        """``fn`` (a ``Job``, run in a worker process, or a plain function, run in the lane's thread) within
        ``time_limit`` seconds of the request's arrival; ``Unavailable`` when the lane is full, the caller has
        too many requests in it, it cannot start in time, or it outruns its limit. Whether the caller went away
        is asked twice a second while it waits: then its search is dropped from the queue, or stopped."""
        if self.jobs_only and not isinstance(fn, Job):
            raise TypeError("this runner runs jobs only (service.pool.Job): no work runs in the server's process")
        caller = caller or Caller()
        now = time.monotonic()
        arrived = min(max(caller.arrived or now, self.ready_at), now)  # one that came during start-up: from then
        # reading and checking the request on the event loop is linear in its size: a request that can start at once
        # but whose reading used up its limit still gets a moment to search (and the worker's kill past that)
        deadline = max(arrived + time_limit, now + min(time_limit, MIN_SEARCH))
        cancel = caller.cancel
        if isinstance(fn, Job):
            job = fn
            data = Worker.pickled(job, deadline)  # (once, for either path)
            lent = self._lanes[lane].lend(caller.address, deadline, cancel) if len(data) <= LOOP_JOB else None
            if lent is not None:
                done: T = await self._on_loop(self._lanes[lane], lent, data, deadline, arrived, caller, time_limit)
                return done

            def call(worker: Worker) -> T:
                return worker.call(job, deadline, cancel, data)

            until = deadline + KILL_GRACE  # a job still queued then is answered; a running one is being killed
        else:
            plain = fn

            def call(worker: Worker) -> T:
                return plain()

            until = deadline + GRACE
        item = self._lanes[lane].submit(caller.address, call, deadline, arrived, cancel)
        answer = asyncio.wrap_future(item.future)
        await _wait(answer, until, item, caller, isinstance(fn, Job))
        if not answer.done():  # still queued: it never runs; running: its worker is being killed at this moment
            item.future.cancel()
            raise Unavailable(
                f"the search did not finish within its time budget ({time_limit:g} s): retry, or ask with a "
                "smaller hand or top",
                retry_after=int(time_limit) + 1,
            )
        try:
            out: T = await answer
        except Outran as e:
            raise _outran(e, time_limit) from None
        except asyncio.CancelledError:
            if caller.cancel.is_set():
                raise Unavailable("the client went away: its search was stopped") from None
            raise
        TIMING.set((item.started - arrived, time.monotonic() - item.started))
        return out

    @staticmethod
    async def _on_loop(
        lane: _FairLane, lent: tuple[int, _Item], data: bytes, deadline: float, arrived: float, caller: Caller,
        time_limit: float,
    ) -> Any:
        """A job run by the event loop itself in the worker its lane lent (``_FairLane.lend``), within the same
        deadline and kill as a thread's; the worker given back once free (or killed), whatever happened."""
        index, item = lent
        try:  # given back as soon as its answer is read (``free``), before this coroutine goes on, as a thread does
            out = await lane.workers[index].call_on_loop(
                data, deadline, caller.cancel, caller.gone, POLL, lambda: lane.give_back(index, item)
            )
        except Outran as e:
            raise _outran(e, time_limit) from None
        TIMING.set((item.started - arrived, time.monotonic() - item.started))
        return out

    def close(self) -> None:
        for lane in self._lanes.values():
            lane.close()

