"""The search pool (``service.pool``) and the runner's lanes (``service.runner``), with real worker processes: a
job that never looks at the clock is killed at its deadline and its worker replaced; a hang-up stops a search
through the shared cancel flag; a job's errors come back as they were raised; each lane caps each client."""

from __future__ import annotations

import asyncio
import functools
import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest
from pool_jobs import refuse, spin, wait_for_cancel

from service import runner as runner_module
from service.dictionaries import load
from service.errors import FieldError
from service.pool import KILL_GRACE, Job, Outran, Work, Worker, prepare
from service.runner import Caller, Lane, Runner, Unavailable


def answer(work: Work, x: int) -> dict[str, Any]:
    return {"x": x, "dictionaries": work.dictionaries.names, "left": work.time_limit(10.0)}


@pytest.fixture(scope="module")
def worker() -> Iterator[Worker]:
    prepare()
    w = Worker(functools.partial(load, {}), "test")
    w.start()
    yield w
    w.stop()


def test_a_job_answers_with_the_workers_dictionaries_and_what_is_left_of_its_deadline(worker: Worker) -> None:
    out = worker.call(Job(answer, (7,)), time.monotonic() + 2.0, threading.Event())
    assert out["x"] == 7 and out["dictionaries"] == ["enable"]
    assert 1.0 < out["left"] < 2.0  # the deadline, not the limit, less a margin


def test_a_loop_that_never_looks_at_the_clock_is_killed_and_its_worker_replaced(worker: Worker) -> None:
    pid = worker.pid
    start = time.monotonic()
    with pytest.raises(Outran):
        worker.call(Job(spin), start + 0.2, threading.Event())
    assert time.monotonic() - start < 0.2 + KILL_GRACE + 0.3
    worker.restart()
    assert worker.pid not in (None, pid)
    assert worker.call(Job(answer, (1,)), time.monotonic() + 2.0, threading.Event())["x"] == 1


def test_a_hang_up_stops_the_search_through_the_shared_flag(worker: Worker) -> None:
    cancel = threading.Event()
    threading.Timer(0.2, cancel.set).start()
    start = time.monotonic()
    assert worker.call(Job(wait_for_cancel), start + 5.0, cancel) == "stopped"
    assert time.monotonic() - start < 1.0


def test_a_jobs_error_comes_back_with_its_field(worker: Worker) -> None:
    with pytest.raises(FieldError) as e:
        worker.call(Job(refuse), time.monotonic() + 2.0, threading.Event())
    assert e.value.field == "hand[2]" and "no such card" in str(e.value)


def test_each_lane_caps_each_client() -> None:
    """Plain functions in the lanes' threads (no worker process): a client's third light request waits its
    turn no more, it is a 429; another client is still served."""
    release = threading.Event()

    async def scenario() -> None:
        runner = Runner(threads=1, max_queue=64, light_per_client=2)
        held = [asyncio.ensure_future(runner.run(lambda: release.wait(5), 10, Lane.LIGHT, Caller("a"))) for _ in "ab"]
        await asyncio.sleep(0.05)
        with pytest.raises(Unavailable) as e:
            await runner.run(lambda: None, 10, Lane.LIGHT, Caller("a"))
        assert e.value.status == 429
        other = asyncio.ensure_future(runner.run(lambda: "b", 10, Lane.LIGHT, Caller("b")))
        release.set()
        assert await other == "b" and all(await asyncio.gather(*held))
        runner.close()

    asyncio.run(scenario())


def test_a_request_that_cannot_start_before_its_deadline_is_refused_at_once() -> None:
    release = threading.Event()

    async def scenario() -> None:
        runner = Runner(threads=1, max_queue=64)
        busy = asyncio.ensure_future(runner.run(lambda: release.wait(5), 5, Lane.HEAVY, Caller("a")))
        await asyncio.sleep(0.05)
        start = time.monotonic()
        with pytest.raises(Unavailable) as e:  # 5 s of work ahead, a 1 s limit
            await runner.run(lambda: None, 1, Lane.HEAVY, Caller("b"))
        assert time.monotonic() - start < 0.1 and e.value.status == 503 and e.value.retry_after >= 4
        release.set()
        await busy
        runner.close()

    asyncio.run(scenario())


def test_a_search_that_started_a_moment_ago_is_waited_for_a_moment_not_reckoned_at_its_limit(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A heavy search is reckoned at its whole limit; one that started a moment ago most often ends within
    milliseconds. A request that only such a search would keep from starting in time waits ``PATIENCE`` for it: it
    is served when the search ends by then, and refused as before (the same message) when it does not. (A moment
    and the patience are widened here, so that a loaded machine's slow thread does not decide the test.)"""
    monkeypatch.setattr(runner_module, "YOUNG", 0.5)
    monkeypatch.setattr(runner_module, "PATIENCE", 1.0)

    async def started(runner: Runner) -> None:
        while runner._lanes[Lane.HEAVY]._running[0] is None:
            await asyncio.sleep(0.001)

    async def scenario() -> None:
        runner = Runner(threads=1, max_queue=64)

        def a_moment() -> str:
            time.sleep(0.1)
            return "a"

        try:
            short = asyncio.ensure_future(runner.run(a_moment, 5, Lane.HEAVY, Caller("a")))
            await started(runner)  # it runs, for 0.1 s of its 5 s
            assert await runner.run(lambda: "b", 1, Lane.HEAVY, Caller("b")) == "b"
            assert await short == "a"

            release = threading.Event()
            long = asyncio.ensure_future(runner.run(lambda: release.wait(5), 5, Lane.HEAVY, Caller("a")))
            await started(runner)
            start, ran = time.monotonic(), []
            with pytest.raises(Unavailable) as e:
                await runner.run(lambda: ran.append("c"), 2, Lane.HEAVY, Caller("c"))
            waited = time.monotonic() - start
            assert 0.99 <= waited < 1.8 and "could start in" in str(e.value), waited
            assert e.value.status == 503 and e.value.retry_after >= 4
            release.set()
            await long
            assert await runner.run(lambda: "d", 1, Lane.HEAVY, Caller("c")) == "d"
            assert ran == []  # the refused one never ran
        finally:
            runner.close()

    asyncio.run(scenario())


def slow_load() -> Any:
    """A worker's start that takes a while (a loaded machine's): the dictionaries, a second late."""
    time.sleep(1.0)
    return load({})


def test_a_request_that_comes_while_a_killed_worker_is_replaced_is_refused_at_once() -> None:
    async def scenario() -> None:
        runner = Runner(threads=1, max_queue=64, load=slow_load)
        runner.start()
        try:
            with pytest.raises(Unavailable):  # killed at its deadline: its worker is replaced, a second or more
                await runner.run(Job(spin), 0.2, Lane.LIGHT, Caller("a"))
            await asyncio.sleep(0.1)
            start = time.monotonic()
            with pytest.raises(Unavailable) as refused:
                await runner.run(Job(answer, (1,)), 0.5, Lane.LIGHT, Caller("b"))
            assert time.monotonic() - start < 0.2, "refused at once, not after waiting out its limit"
            assert refused.value.retry_after >= 1 and "could start in" in str(refused.value)
            await asyncio.sleep(2.0)  # replaced: served again
            out = await runner.run(Job(answer, (2,)), 2.0, Lane.LIGHT, Caller("b"))
            assert out["x"] == 2
        finally:
            runner.close()

    asyncio.run(scenario())
