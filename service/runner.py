"""Searches run off the event loop, a few at a time, each within a time budget.

A worker process runs at most ``threads`` searches at once and lets at most ``max_queue`` wait; beyond that it
answers 503 at once instead of piling up work. The search itself stops at its time limit and answers with
what it has (marked not exact); the runner's own deadline, a little later, is a guard for anything that does
not: its request gets a 503 while the thread finishes on its own.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import TypeVar

T = TypeVar("T")

GRACE = 3.0  # seconds past a search's own limit before its request is given up


class Unavailable(Exception):  # noqa: N818 - an answer, mapped to 503
    """The service cannot answer now: too busy, or the search outran its budget."""

    def __init__(self, message: str, retry_after: int = 1) -> None:
        super().__init__(message)
        self.retry_after = retry_after


class Runner:
    def __init__(self, threads: int, max_queue: int) -> None:
        self._pool = ThreadPoolExecutor(max_workers=threads, thread_name_prefix="search")
        self._lock = threading.Lock()
        self._pending = 0
        self.threads = threads
        self.max_queue = max_queue

    @property
    def pending(self) -> int:
        return self._pending

    async def run(self, fn: Callable[[], T], time_limit: float) -> T:
        """``fn()`` in a search thread; ``Unavailable`` when the queue is full or it outruns ``time_limit``."""
        with self._lock:
            if self._pending >= self.threads + self.max_queue:
                raise Unavailable(
                    f"the service is busy ({self._pending} searches under way or waiting): retry in a moment"
                )
            self._pending += 1
        future: Future[T] = self._pool.submit(fn)
        future.add_done_callback(self._done)
        try:
            return await asyncio.wait_for(asyncio.wrap_future(future), timeout=time_limit * 1.25 + GRACE)
        except TimeoutError:
            future.cancel()  # still queued: never runs; already running: ends at its own time limit
            raise Unavailable(
                f"the search did not finish within its time budget ({time_limit:g} s): retry, or ask with a "
                "smaller hand or top",
                retry_after=int(time_limit) + 1,
            ) from None

    def _done(self, _: Future[T]) -> None:
        with self._lock:
            self._pending -= 1

    def close(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)
