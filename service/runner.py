"""Searches run off the event loop, in two lanes, each within a time budget, fairly between clients.

A request's cost is estimated before it runs (``Lane``: a small hand is light; a large hand, a hand rich in
uncovers and doubles, a frontier, the ink advisor, a bot's turn are heavy). The two lanes have threads of their
own, so light requests never wait behind heavy ones: a heavy search shares the process with at most a few light
ones, which each take milliseconds. The heavy lane serves its clients in turn (one request of each client that
has any waiting, round and round), so one client's pile of heavy requests delays another client's by at most
one request each; a client may have at most ``per_client`` heavy requests under way or waiting in one worker,
and beyond that is answered 429 at once. Each lane lets at most ``max_queue`` wait, beyond that 503.

Every search stops at its own time limit (the whole search is bounded: see ``solver.budget``) and answers with
what it has, marked not exact; the runner's own deadline, a little later, is a guard for anything that does
not: its request gets a 503 while the thread finishes on its own.
"""

from __future__ import annotations

import asyncio
import enum
import threading
import time
from collections import deque
from collections.abc import Awaitable, Callable
from concurrent.futures import Future, ThreadPoolExecutor
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any, TypeVar

T = TypeVar("T")

GRACE = 3.0  # seconds past a search's own limit before its request is given up
POLL = 0.5  # seconds between two looks at whether a waiting request's client went away
LIGHT_CARDS = 8  # a hand (with inked cards and classics) of at most this many cards is light ...
LIGHT_SPECIALS = 3  # ... when at most this many of them uncover or double


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
    """Who asks (the heavy lane's turns and limits are by address), whether they went away, and the flag that
    stops their search then."""

    address: str = ""
    gone: Callable[[], Awaitable[bool]] | None = None
    cancel: threading.Event = field(default_factory=threading.Event)


class Lane(enum.Enum):
    LIGHT = "light"
    HEAVY = "heavy"

    @staticmethod
    def for_hand(cards: int, specials: int = 0) -> Lane:
        """The lane of a search over ``cards`` cards of which ``specials`` uncover or double (the search's cost
        grows steeply with both)."""
        return Lane.LIGHT if cards <= LIGHT_CARDS and specials <= LIGHT_SPECIALS else Lane.HEAVY


class Unavailable(Exception):  # noqa: N818 - an answer, mapped to 503
    """The service cannot answer now: too busy, or the search outran its budget."""

    def __init__(self, message: str, retry_after: int = 1, status: int = 503) -> None:
        super().__init__(message)
        self.retry_after = retry_after
        self.status = status


class _FairLane:
    """Worker threads serving clients in turn: each client's requests in order, one client after another."""

    def __init__(self, threads: int, name: str) -> None:
        self._queues: dict[str, deque[tuple[Future[Any], Callable[[], Any]]]] = {}
        self._turn: deque[str] = deque()  # clients with work waiting, in the order they are served
        self._cv = threading.Condition()
        self._closed = False
        self._threads = [
            threading.Thread(target=self._work, name=f"{name}-{i}", daemon=True) for i in range(threads)
        ]
        for t in self._threads:
            t.start()

    def submit(self, client: str, fn: Callable[[], T]) -> Future[T]:
        future: Future[T] = Future()
        with self._cv:
            if client not in self._queues:
                self._queues[client] = deque()
                self._turn.append(client)
            self._queues[client].append((future, fn))
            self._cv.notify()
        return future

    def _next(self) -> tuple[Future[Any], Callable[[], Any]] | None:
        with self._cv:
            while not self._turn and not self._closed:
                self._cv.wait()
            if self._closed:
                return None
            client = self._turn.popleft()
            queue = self._queues[client]
            item = queue.popleft()
            if queue:
                self._turn.append(client)  # its next request waits for every other client's turn
            else:
                del self._queues[client]
            return item

    def _work(self) -> None:
        while (item := self._next()) is not None:
            future, fn = item
            if not future.set_running_or_notify_cancel():
                continue
            try:
                future.set_result(fn())
            except BaseException as e:  # handed to the request, which maps it
                future.set_exception(e)

    def close(self) -> None:
        with self._cv:
            self._closed = True
            for queue in self._queues.values():
                for future, _ in queue:
                    future.cancel()
            self._queues.clear()
            self._turn.clear()
            self._cv.notify_all()


async def _wait(
    loop: asyncio.AbstractEventLoop,
    waiting: set[asyncio.Future[Any]],
    timeout: float,
    future: Future[Any],
    caller: Caller | None,
) -> None:
    """Until one of ``waiting`` is done or ``timeout`` passes; the search (``future``) is stopped if its caller goes
    away, which is asked twice a second."""
    gone = caller.gone if caller is not None else None
    end = loop.time() + timeout
    while (left := end - loop.time()) > 0:
        step = min(left, POLL) if gone is not None else left
        done, _ = await asyncio.wait(waiting, timeout=step, return_when=asyncio.FIRST_COMPLETED)
        if done:
            return
        if caller is not None and gone is not None and await gone():
            future.cancel()  # still queued: it never runs
            caller.cancel.set()  # running: it stops at its next look at the clock
            raise Unavailable("the client went away: its search was stopped")


class Runner:
    def __init__(
        self, threads: int, max_queue: int, heavy_threads: int = 1, per_client: int = 4, max_wait: float = 30.0
    ) -> None:
        self._light = ThreadPoolExecutor(max_workers=threads, thread_name_prefix="search")
        self._heavy = _FairLane(heavy_threads, "heavy-search")
        self._lock = threading.Lock()
        self._pending = {Lane.LIGHT: 0, Lane.HEAVY: 0}
        self._by_client: dict[str, int] = {}
        self.threads = threads
        self.heavy_threads = heavy_threads
        self.max_queue = max_queue
        self.per_client = per_client
        self.max_wait = max_wait  # seconds a request may wait for a thread before it is answered 503

    @property
    def pending(self) -> int:
        return sum(self._pending.values())

    async def run(
        self,
        fn: Callable[[], T],
        time_limit: float,
        lane: Lane = Lane.LIGHT,
        caller: Caller | None = None,
    ) -> T:
        """``fn()`` in a thread of its lane; ``Unavailable`` when the lane is full, the caller has too many heavy
        requests, or it outruns ``time_limit``. Whether the caller went away is asked twice a second while it
        waits: then its search is dropped from the queue, or its ``cancel`` flag is set to stop it."""
        client = caller.address if caller is not None else ""
        self._admit(lane, client)
        submitted = time.monotonic()
        started: list[float] = []
        loop = asyncio.get_running_loop()
        running = asyncio.Event()

        def timed() -> T:
            started.append(time.monotonic())
            loop.call_soon_threadsafe(running.set)
            return fn()

        future: Future[T] = self._heavy.submit(client, timed) if lane is Lane.HEAVY else self._light.submit(timed)
        future.add_done_callback(lambda _: self._done(lane, client))
        answer = asyncio.wrap_future(future)
        began = asyncio.ensure_future(running.wait())
        try:
            # the wait for a thread and the search itself are bounded apart: a request that waited its turn
            # behind other clients' searches still gets its whole time limit
            await _wait(loop, {answer, began}, self.max_wait, future, caller)
        finally:
            began.cancel()
        if not started and not answer.done():
            future.cancel()
            raise Unavailable(
                f"the service is busy (no search thread was free for {self.max_wait:g} s): retry in a moment",
                retry_after=int(self.max_wait),
            )
        await _wait(loop, {answer}, time_limit * 1.25 + GRACE, future, caller)
        if not answer.done():
            future.cancel()  # running: ends at its own time limit
            raise Unavailable(
                f"the search did not finish within its time budget ({time_limit:g} s): retry, or ask with a "
                "smaller hand or top",
                retry_after=int(time_limit) + 1,
            )
        out = await answer
        if started:
            TIMING.set((started[0] - submitted, time.monotonic() - started[0]))
        return out

    def _admit(self, lane: Lane, client: str) -> None:
        """Count a request in, or ``Unavailable`` when its lane is full or its client has too many heavy ones."""
        heavy = lane is Lane.HEAVY
        with self._lock:
            capacity = (self.heavy_threads if heavy else self.threads) + self.max_queue
            if self._pending[lane] >= capacity:
                raise Unavailable(
                    f"the service is busy ({self._pending[lane]} {lane.value} searches under way or waiting): "
                    "retry in a moment"
                )
            if heavy and self._by_client.get(client, 0) >= self.per_client:
                raise Unavailable(
                    f"too many large searches from one client at once (at most {self.per_client}): wait for the "
                    "answers before asking more, or ask with smaller hands",
                    retry_after=2,
                    status=429,
                )
            self._pending[lane] += 1
            if heavy:
                self._by_client[client] = self._by_client.get(client, 0) + 1

    def _done(self, lane: Lane, client: str) -> None:
        with self._lock:
            self._pending[lane] -= 1
            if lane is Lane.HEAVY:
                left = self._by_client.get(client, 0) - 1
                if left > 0:
                    self._by_client[client] = left
                else:
                    self._by_client.pop(client, None)

    def close(self) -> None:
        self._light.shutdown(wait=False, cancel_futures=True)
        self._heavy.close()
