"""Jobs the event loop runs itself in a worker its lane lends (``service.runner``'s fast path when a lane is idle,
``service.pool.Worker.call_on_loop``), with real worker processes: the same answers, errors, kills and hang-ups as
a lane thread's; a large answer read without blocking the loop; a request cancelled mid-job never leaves its answer
for the next job; whoever comes while the worker is lent waits in the lane, in turn."""

from __future__ import annotations

import asyncio
import os
import signal
import socket
import struct
import threading
import time
from collections.abc import Awaitable, Callable, Iterator
from multiprocessing.reduction import ForkingPickler
from typing import TypeVar

import pytest
from pool_jobs import big, echo, pause, refuse, spin, wait_for_cancel

from service.errors import FieldError
from service.pool import KILL_GRACE, LOOP_JOB, Job, JobError, _Reader
from service.runner import Caller, Lane, Runner, Unavailable

T = TypeVar("T")


@pytest.fixture
def runner() -> Iterator[Runner]:
    r = Runner(threads=1, max_queue=64, jobs_only=True)
    r.start()
    yield r
    r.close()


def lent(r: Runner, lane: Lane = Lane.LIGHT) -> bool:
    return any(r._lanes[lane]._lent)


def run(coro: Callable[[], Awaitable[T]]) -> T:
    return asyncio.run(coro())  # type: ignore[arg-type]


def test_an_idle_lane_lends_its_worker_and_gets_it_back(runner: Runner) -> None:
    async def scenario() -> None:
        task = asyncio.ensure_future(runner.run(Job(pause, (0.3, "a")), 5, Lane.LIGHT, Caller("a")))
        await asyncio.sleep(0.1)
        assert lent(runner), "an idle lane's job runs on the loop"
        assert await task == "a"
        assert not lent(runner) and runner.pending == 0
        assert await runner.run(Job(echo, ({"k": [1, 2]},)), 5, Lane.LIGHT, Caller("a")) == {"k": [1, 2]}

    run(scenario)


def test_a_jobs_error_comes_back_with_its_field(runner: Runner) -> None:
    async def scenario() -> None:
        with pytest.raises(FieldError) as e:
            await runner.run(Job(refuse), 5, Lane.LIGHT, Caller("a"))
        assert e.value.field == "hand[2]" and not lent(runner)

    run(scenario)


def test_a_loop_that_never_looks_at_the_clock_is_killed_and_its_worker_replaced(runner: Runner) -> None:
    async def scenario() -> None:
        worker = runner._lanes[Lane.LIGHT].workers[0]
        pid = worker.pid
        start = time.monotonic()
        with pytest.raises(Unavailable) as e:
            await runner.run(Job(spin), 0.2, Lane.LIGHT, Caller("a"))
        assert time.monotonic() - start < 0.2 + KILL_GRACE + 0.3 and "time budget" in str(e.value)
        for _ in range(100):  # its thread replaces it
            if worker.ready.is_set():
                break
            await asyncio.sleep(0.05)
        assert worker.pid not in (None, pid)
        assert await runner.run(Job(echo, (3,)), 5, Lane.LIGHT, Caller("b")) == 3

    run(scenario)


def test_a_hang_up_stops_the_search_through_the_shared_flag(runner: Runner) -> None:
    async def scenario() -> None:
        asked: list[float] = []
        start = time.monotonic()

        async def gone() -> bool:
            asked.append(time.monotonic())
            return time.monotonic() - start > 0.3

        caller = Caller("a", gone=gone)
        assert await runner.run(Job(wait_for_cancel), 10, Lane.LIGHT, caller) == "stopped"
        assert caller.cancel.is_set() and asked and time.monotonic() - start < 2.0

    run(scenario)


def test_a_large_answer_comes_back_whole(runner: Runner) -> None:
    n = 8 << 20  # 8 MB: a hundred reads of the worker's pipe

    async def scenario() -> None:
        out = await runner.run(Job(big, (n,)), 20, Lane.LIGHT, Caller("a"))
        assert out == bytes(range(256)) * (n // 256)

    run(scenario)


def test_an_answer_that_trickles_in_is_read_as_it_comes() -> None:
    """The loop's reader of a worker's pipe (``service.pool._Reader``) reads what is there at each readiness: an
    answer written a piece every 50 ms (as a worker on a loaded machine writes a large one) leaves the loop free."""
    message = ForkingPickler.dumps({"moves": ["x" * 100_000] * 3})
    framed = struct.pack("!i", len(message)) + bytes(message)
    pieces = [framed[:2], framed[2:7], *(framed[i : i + 50_000] for i in range(7, len(framed), 50_000))]

    async def scenario() -> None:
        ours, theirs = socket.socketpair()
        loop = asyncio.get_running_loop()

        def write() -> None:
            for piece in pieces:
                time.sleep(0.05)
                theirs.sendall(piece)

        reader = _Reader(ours.fileno(), loop)
        writer = loop.run_in_executor(None, write)
        seen: set[int] = set()  # how much of the answer the loop saw read, between its turns
        while not reader.done.done():
            await asyncio.sleep(0.005)
            seen.add(len(reader._buf))
        await writer
        assert reader.body is not None and ForkingPickler.loads(reader.body) == {"moves": ["x" * 100_000] * 3}
        partial = {n for n in seen if 0 < n < len(framed)}
        assert len(partial) >= 2, f"the loop was held while the answer came (it saw {sorted(seen)} bytes read)"
        theirs.close()
        ended = _Reader(ours.fileno(), loop)  # the other end closed: done, with no body
        await asyncio.wait_for(ended.done, 1.0)
        assert ended.body is None
        ours.close()

    run(scenario)


def test_a_request_cancelled_mid_job_never_leaves_its_answer_for_the_next(runner: Runner) -> None:
    async def scenario() -> None:
        first = asyncio.ensure_future(runner.run(Job(pause, (0.3, "first")), 5, Lane.LIGHT, Caller("a")))
        await asyncio.sleep(0.1)
        assert lent(runner)
        first.cancel()
        with pytest.raises(asyncio.CancelledError):
            await first
        assert not lent(runner)
        for _ in range(100):  # killed (its answer would still come): replaced by its thread
            if runner._lanes[Lane.LIGHT].workers[0].ready.is_set():
                break
            await asyncio.sleep(0.05)
        await asyncio.sleep(0.4)  # past the time the first answer would have come
        assert await runner.run(Job(echo, ("second",)), 5, Lane.LIGHT, Caller("b")) == "second"

    run(scenario)


def test_who_comes_while_the_worker_is_lent_waits_in_the_lane_in_turn(runner: Runner) -> None:
    async def scenario() -> None:
        order: list[str] = []

        async def ask(client: str, seconds: float) -> None:
            order.append(await runner.run(Job(pause, (seconds, client)), 5, Lane.LIGHT, Caller(client)))

        first = asyncio.ensure_future(ask("a", 0.3))
        await asyncio.sleep(0.1)
        assert lent(runner)
        queued = [asyncio.ensure_future(ask(c, 0.01)) for c in ("b", "c")]
        await asyncio.sleep(0.05)
        assert runner.pending == 3  # one running on the loop, two waiting for its thread
        await asyncio.gather(first, *queued)
        assert order == ["a", "b", "c"]
        assert not lent(runner) and runner.pending == 0

    run(scenario)


def test_a_worker_that_died_while_it_waited_is_replaced(runner: Runner) -> None:
    """A worker killed from outside between two jobs (the out-of-memory killer's way): the next request is answered
    as a worker's death, not sent into the void, and the worker is replaced for the one after, on the loop's path
    and on a thread's (``Worker.call``)."""

    async def scenario() -> None:
        worker = runner._lanes[Lane.LIGHT].workers[0]
        for _ in range(2):
            pid = worker.pid
            assert pid is not None
            os.kill(pid, signal.SIGKILL)
            time.sleep(0.2)
            with pytest.raises(JobError, match="had died"):
                await runner.run(Job(echo, (1,)), 5, Lane.LIGHT, Caller("a"))
            for _ in range(100):
                if worker.ready.is_set():
                    break
                await asyncio.sleep(0.05)
            assert worker.pid not in (None, pid)
            assert await runner.run(Job(echo, (2,)), 5, Lane.LIGHT, Caller("a")) == 2
        pid = worker.pid
        assert pid is not None
        os.kill(pid, signal.SIGKILL)
        time.sleep(0.2)
        with pytest.raises(JobError, match="had died"):
            worker.call(Job(echo, (3,)), time.monotonic() + 5, threading.Event())
        assert not worker.ready.is_set()

    run(scenario)


def test_a_job_too_large_for_the_loop_goes_through_the_lanes_thread(runner: Runner) -> None:
    payload = "x" * (LOOP_JOB + 1)

    async def scenario() -> None:
        task = asyncio.ensure_future(runner.run(Job(pause, (0.2, payload)), 5, Lane.LIGHT, Caller("a")))
        await asyncio.sleep(0.1)
        assert not lent(runner) and runner.pending == 1
        assert await task == payload

    run(scenario)


def test_a_worker_given_back_wakes_no_thread_when_none_has_work(monkeypatch: pytest.MonkeyPatch) -> None:
    """A lent worker given back with nobody waiting and nothing to replace wakes none of the lane's threads (each
    woken thread takes the GIL from the event loop and goes back to sleep); when a request waits meanwhile, it is
    served all the same."""
    r = Runner(threads=2, max_queue=64, jobs_only=True)
    r.start()
    try:
        lane = r._lanes[Lane.LIGHT]
        wakes: list[int] = []
        notify_all = lane._cv.notify_all

        def counted() -> None:
            wakes.append(1)
            notify_all()

        monkeypatch.setattr(lane._cv, "notify_all", counted)

        async def scenario() -> None:
            for n in range(5):
                assert await r.run(Job(echo, (n,)), 5, Lane.LIGHT, Caller("a")) == n
            assert wakes == [] and not lent(r)
            # both workers lent, a third request waits in the lane: the first worker given back serves it
            jobs = [asyncio.ensure_future(r.run(Job(pause, (0.2, c)), 5, Lane.LIGHT, Caller(c))) for c in "xyz"]
            assert await asyncio.gather(*jobs) == ["x", "y", "z"]

        run(scenario)
    finally:
        r.close()
