"""Searches run in worker processes that the server kills and replaces at their request's deadline.

A search is bounded by its own clock looks (``solver.budget``: every loop of the search asks the clock), and
that is how it stops with a clean partial answer; but a bound kept by every loop remembering to look is broken
by the first loop that does not. So the search runs in a process of its own (``Worker``), and the server waits
for its answer until the request's deadline plus ``KILL_GRACE``: past that the process is killed (SIGKILL, which
no loop can ignore) and a fresh one started in its place, and the request is answered 503. No request holds a
core past its limit, whatever code it reaches.

A job is a module-level function and picklable arguments (``Job``): the worker has its own dictionaries, loaded
once when it starts by the pool's ``load`` (``service.dictionaries.load``; then ``gc.freeze()``, so the
collector never walks them), and the function receives them with the request's deadline and its cancel flag
(``Work``). An exception a job raises is raised again in the server, of its class, with its message and
attributes (a ``FieldError``'s field), and mapped to its answer as if it were raised there. The cancel flag
is a byte of shared memory the server sets when the client hangs up; a search given ``work.cancel`` stops at its
next clock look.

Workers are forked from multiprocessing's fork server, started once a process with the service's modules
imported, so that a replacement starts in well under a second (most of it the dictionaries' load, from the
memory-mapped compiled cache: several workers share its pages).
"""

from __future__ import annotations

import asyncio
import gc
import logging
import multiprocessing
import os
import struct
import threading
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from multiprocessing.connection import Connection
from multiprocessing.reduction import ForkingPickler
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from solver.errors import GhostwriterError

if TYPE_CHECKING:
    from multiprocessing.sharedctypes import Synchronized

T = TypeVar("T")
log = logging.getLogger("ghostwriter.service")

KILL_GRACE = 0.3  # seconds past a request's deadline before its worker is killed
MIN_RUN = 0.01  # seconds a job has at least (``Work.time_limit``), even one that starts at its deadline
MARGIN = 0.05  # seconds before the deadline at which a search is asked to stop, for its answer to come back ...
MARGIN_SHARE, MARGIN_CAP = 0.1, 0.5  # ... or this share of the time left, at most the cap: its moves explained and
# encoded on a loaded machine, where the worker (niced) may get a fifth of a core, before the kill's grace runs out
CANCEL_GRACE = 0.5  # seconds a search may take to stop once its client went away, before it is killed
START_WAIT = 120.0  # seconds a worker may take to start (load its dictionaries) before it is given up
NICE = 5  # a worker's niceness above the server's: a busy worker never delays the answers the server writes
POLL = 0.05  # seconds between two looks at a client's cancel flag while its job runs
LOOP_JOB = 1 << 16  # bytes of a pickled job at most that the event loop sends itself (``Worker.call_on_loop``)
READ = 1 << 16  # bytes read from a worker's pipe at one readiness of its end (``_Reader``)

_context = multiprocessing.get_context("forkserver")
PRELOAD = ["service.main"]  # imported once by the fork server, so that a worker starts with every module loaded


def prepare() -> None:
    """Name the modules the fork server imports (before it starts: the first worker starts it)."""
    _context.set_forkserver_preload(PRELOAD)


@dataclass(frozen=True)
class Job(Generic[T]):
    """A search to run in a worker: ``fn(work, *args)``; ``fn`` a module-level function (pickled by name), the
    arguments plain data (a request's JSON, numbers)."""

    fn: Callable[..., T]
    args: tuple[Any, ...] = ()


class SharedFlag(threading.Event):
    """A ``threading.Event`` whose state is one byte of memory shared with the server, so that the server can
    stop a search in the worker as a thread stops one with an event (``solver.budget.Budget.cancel``)."""

    def __init__(self, value: Synchronized[int]) -> None:
        super().__init__()
        self._value = value

    def is_set(self) -> bool:
        return bool(self._value.value)

    def set(self) -> None:
        self._value.value = 1

    def clear(self) -> None:
        self._value.value = 0


@dataclass
class Work:
    """What a job receives in its worker: the dictionaries, the request's deadline (``time.monotonic()``, one
    clock for every process of the machine) and the flag that stops a search when the client went away."""

    dictionaries: Any  # what the pool's ``load`` made: the service's ``Dictionaries``
    deadline: float
    cancel: threading.Event

    def time_limit(self, limit: float) -> float:
        """The seconds a search may take: ``limit``, cut to what is left before the deadline (queue time
        counts), less a margin for the answer to come back."""
        left = self.deadline - time.monotonic()
        margin = min(MARGIN_CAP, max(MARGIN, MARGIN_SHARE * left))
        return max(MIN_RUN, min(limit, round(left - margin, 3)))


class JobError(Exception):
    """A job failed in its worker with an error that is not the request's fault (logged; a 500)."""


def _serve(conn: Connection, flag: Synchronized[int], load: Callable[[], Any]) -> None:
    """A worker's life: ``load()`` what its jobs share (the dictionaries, with their tables made), freeze it out
    of the collector's passes, say so, then run jobs one at a time until the pipe closes."""
    os.nice(NICE)  # the server's event loop and lane threads first: they answer, the workers search
    shared = load()
    gc.collect()
    gc.freeze()  # what start-up made lives as long as the worker: kept out of the collector's passes
    cancel = SharedFlag(flag)
    conn.send(("ready", os.getpid()))
    while True:
        try:
            fn, args, deadline = conn.recv()
        except (EOFError, OSError):
            return
        work = Work(shared, deadline, cancel)
        try:
            out: tuple[str, Any] = ("ok", fn(work, *args))
        except Exception as e:  # handed to the server, which raises it again
            if not isinstance(e, GhostwriterError):
                log.exception("a search job failed")
            out = ("error", (type(e), str(e), e.__dict__))
        try:
            conn.send(out)
        except Exception as e:  # an answer (or an error) that cannot be pickled
            conn.send(("internal", f"the answer could not be sent back: {type(e).__name__}: {e}"))


async def wait_until(done: asyncio.Future[Any], timeout: float) -> None:
    """Wait until ``done`` is done or ``timeout`` seconds have passed (``asyncio.wait`` for one future, without its
    sets, its tasks and its callbacks on every future: this wait is on every job's path, the loop's and a lane
    thread's). ``done`` is neither awaited nor cancelled."""
    if done.done():
        return
    loop = asyncio.get_running_loop()
    waiter: asyncio.Future[None] = loop.create_future()

    def wake(*_: object) -> None:
        if not waiter.done():
            waiter.set_result(None)

    timer = loop.call_later(timeout, wake)
    done.add_done_callback(wake)
    try:
        await waiter
    finally:
        timer.cancel()
        done.remove_done_callback(wake)


def _rebuild(kind: str, value: Any) -> Any:
    """The answer of a job from what its worker sent: its value, or its exception raised again (its class, its
    message and its attributes: a field error keeps its field, an ``Unavailable`` its status)."""
    if kind == "ok":
        return value
    if kind == "error":
        cls, message, attributes = value
        error = cls.__new__(cls)
        Exception.__init__(error, message)
        error.__dict__.update(attributes)
        raise error
    raise JobError(str(value))


class Outran(Exception):  # noqa: N818 - a signal to the runner
    """The job outran its deadline (or its client went away and it did not stop): its worker was replaced."""

    def __init__(self, gone: bool) -> None:
        super().__init__("the client went away" if gone else "the job outran its deadline")
        self.gone = gone


class _Reader:
    """One message of a worker's pipe read on the event loop as its bytes arrive, in multiprocessing's framing (a
    4-byte size, or -1 and an 8-byte size): one ``os.read`` a readiness of the pipe, so that a large answer never
    blocks the loop. ``done`` is set when the message is whole, or the pipe closed (``body`` then None); a whole
    message calls ``whole`` at once, the pipe no longer watched (the worker is free for its next job)."""

    def __init__(
        self, fd: int, loop: asyncio.AbstractEventLoop, whole: Callable[[], None] | None = None
    ) -> None:
        self._fd, self._loop, self._whole = fd, loop, whole
        self._buf = bytearray()
        self._need = -1  # bytes of the whole message, its size's bytes included (-1: the size is not read yet)
        self._head = 0
        self.body: bytes | None = None
        self.done: asyncio.Future[None] = loop.create_future()
        loop.add_reader(fd, self._readable)
        self._watching = True

    def _readable(self) -> None:
        try:
            chunk = os.read(self._fd, READ)  # (ready: data or the end is there, so a blocking read returns at once)
        except (BlockingIOError, InterruptedError):
            return
        except OSError:
            chunk = b""
        if not chunk:  # the worker died (killed, out of memory): the pipe's end
            self.close()
            return
        buf = self._buf
        buf += chunk
        if self._need < 0 and len(buf) >= 4:
            (size,) = struct.unpack_from("!i", buf)
            if size >= 0:
                self._head = 4
            elif len(buf) >= 12:
                (size,) = struct.unpack_from("!Q", buf, 4)
                self._head = 12
            else:
                return
            self._need = self._head + size
        if 0 <= self._need <= len(buf):
            self.body = bytes(buf[self._head : self._need])
            self.close()
            if self._whole is not None:
                self._whole()

    def close(self) -> None:
        """Stop watching the pipe (once: the worker's next job may watch it again) and say it is done."""
        if self._watching:
            self._watching = False
            self._loop.remove_reader(self._fd)
        if not self.done.done():
            self.done.set_result(None)


class Worker:
    """One worker process and the pipe to it; ``call`` runs a job there (from a lane's thread), or kills the
    process and starts another when the job outruns its deadline; ``call_on_loop`` does the same on the event
    loop."""

    def __init__(self, load: Callable[[], Any], name: str) -> None:
        self._load = load
        self._name = name
        self._flag: Synchronized[int] = _context.Value("b", 0, lock=False)
        self._process: multiprocessing.process.BaseProcess | None = None
        self._conn: Connection | None = None
        self.ready = threading.Event()
        self._lock = threading.Lock()
        self.pid: int | None = None
        self.started = 0  # processes started, replacements included

    def start(self) -> None:
        """Start the process (it loads its dictionaries) and wait until it says it is ready."""
        mine, theirs = _context.Pipe()
        process = _context.Process(
            target=_serve, args=(theirs, self._flag, self._load), name=self._name, daemon=True
        )
        process.start()
        theirs.close()
        self._process, self._conn = process, mine
        self.started += 1
        if not mine.poll(START_WAIT):
            self.stop()
            raise JobError(f"a search worker did not start within {START_WAIT:g} s")
        _, pid = mine.recv()
        self.pid = pid
        self.ready.set()

    def stop(self) -> None:
        """Kill the process (it may be in any loop: SIGKILL) and reap it; the server's shutdown and the lane's
        thread may both call it."""
        with self._lock:
            self.ready.clear()
            process, conn = self._process, self._conn
            self._process = self._conn = None
            self.pid = None
        if process is not None:
            process.kill()
            process.join(5)
            process.close()
        if conn is not None:
            conn.close()

    def kill(self) -> None:
        """SIGKILL at once, the process reaped later (``stop``, by ``restart``)."""
        self.ready.clear()
        with self._lock:
            process = self._process
        if process is not None:
            process.kill()

    def replace(self) -> None:
        self.stop()
        try:
            self.start()
        except Exception:
            log.exception("a search worker could not be started again")

    def restart(self) -> None:
        """A new process in place of one killed (none when the worker was never started)."""
        if self.started and not self.ready.is_set():
            self.replace()

    def call(self, job: Job[T], deadline: float, cancel: threading.Event, data: bytes | None = None) -> T:
        """``job`` run in the worker: its value, or its error raised; ``Outran`` when it is still running at
        ``deadline`` plus ``KILL_GRACE``, or ``CANCEL_GRACE`` after ``cancel`` was set (the worker is then killed
        and replaced). ``data``: the job already ``pickled`` with this deadline (the runner pickles it once)."""
        if not self.ready.is_set() or self._conn is None:
            self.replace()
        conn = self._conn
        assert conn is not None
        self._flag.value = 0
        self._send(conn, self.pickled(job, deadline) if data is None else data)
        kill_at = max(deadline, time.monotonic() + MIN_RUN) + KILL_GRACE
        gone = False
        while True:
            now = time.monotonic()
            if now >= kill_at:
                self.kill()  # reaped, and another started, once the request is answered (``restart``)
                raise Outran(gone)
            if conn.poll(min(POLL, kill_at - now)):
                try:
                    kind, value = conn.recv()
                except (EOFError, OSError):  # the process died (killed from outside, out of memory)
                    self.kill()
                    raise JobError("the search worker died on this request") from None
                return _rebuild(kind, value)  # type: ignore[no-any-return]
            if not gone and cancel.is_set():
                gone = True
                self._flag.value = 1  # a search stops at its next clock look ...
                kill_at = min(kill_at, time.monotonic() + CANCEL_GRACE)  # ... or is killed

    def _send(self, conn: Connection, data: bytes) -> None:
        """A job (``pickled``) to the worker; a worker that died while it waited (killed from outside, out of
        memory) is marked for replacement and the request answered as a worker's death."""
        try:
            conn.send_bytes(data)
        except OSError:
            self.kill()
            raise JobError("the search worker had died before this request: it is being replaced") from None

    @staticmethod
    def pickled(job: Job[Any], deadline: float) -> bytes:
        """What the worker receives for ``job``: the bytes ``Connection.send`` would write, made once for either
        path (``call``, ``call_on_loop``); an argument that cannot be pickled raises here, as it would there."""
        return bytes(ForkingPickler.dumps((job.fn, job.args, deadline)))

    async def call_on_loop(
        self, data: bytes, deadline: float, cancel: threading.Event, gone: Callable[[], Awaitable[bool]] | None,
        poll: float, free: Callable[[], None],
    ) -> Any:
        """``call`` without a thread, on the event loop, for a worker that is ready and idle (the runner lends it,
        ``service.runner``): the job (``pickled``) sent, its answer read as it arrives (``_Reader``), the same
        kill at ``deadline`` plus ``KILL_GRACE``, or ``CANCEL_GRACE`` after a hang-up, which is asked of ``gone``
        every ``poll`` seconds (``cancel`` set then). Two wake-ups a job fewer than a lane thread's: the request's
        and the answer's. If the wait is cancelled while the job runs, the worker is killed: an answer left in its
        pipe must never be read as the next job's. ``free`` is called once, as soon as the worker is free (its
        answer read whole, as a lane's thread counts it free) or killed, whatever happens."""
        freed = False

        def once() -> None:
            nonlocal freed
            if not freed:
                freed = True
                free()

        try:
            return await self._on_loop(data, deadline, cancel, gone, poll, once)
        finally:
            once()

    async def _on_loop(
        self, data: bytes, deadline: float, cancel: threading.Event, gone: Callable[[], Awaitable[bool]] | None,
        poll: float, free: Callable[[], None],
    ) -> Any:
        conn = self._conn
        if conn is None or not self.ready.is_set():
            raise JobError("the search worker is not ready")
        self._flag.value = 0
        self._send(conn, data)
        reader = _Reader(conn.fileno(), asyncio.get_running_loop(), free)
        kill_at = max(deadline, time.monotonic() + MIN_RUN) + KILL_GRACE
        stopping = False
        try:
            while not reader.done.done():
                left = kill_at - time.monotonic()
                if left <= 0:
                    self.kill()  # reaped, and another started, by the lane's thread
                    raise Outran(stopping)
                await wait_until(reader.done, min(left, poll))
                if reader.done.done() or stopping:
                    continue
                if (cancel.is_set() or (gone is not None and await gone())) and not reader.done.done():
                    stopping = True  # (answered while ``gone`` was asked: the worker may be another job's by now)
                    cancel.set()
                    self._flag.value = 1  # a search stops at its next clock look ...
                    kill_at = min(kill_at, time.monotonic() + CANCEL_GRACE)  # ... or is killed
        except BaseException:
            if reader.body is None:  # still running (its answer read whole, the worker is free and may be lent again)
                reader.close()
                if self.ready.is_set():
                    self.kill()
            raise
        if reader.body is None:  # the process died (killed from outside, out of memory)
            self.kill()
            raise JobError("the search worker died on this request")
        kind, value = ForkingPickler.loads(reader.body)
        return _rebuild(kind, value)
