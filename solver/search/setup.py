"""What a search of one turn over one lexicon holds whatever its game (``Setup``): the lexicon, the turn, the
objective, the time limit, whether its answer is proven best, the budget its steps are counted in (with the cancel
event of a client gone away) and the engine (Python, or compiled). Hardback's ``Search`` and Paperback's
``PaperbackSearch`` begin with it. And what keeps the garbage collector and the memory's pages out of the searches:
``settle_heap`` (a long-lived process freezes what it loaded and keeps the memory it frees, ``keep_heap``) and
``Collections`` (full collections timed, inside calls or not)."""

from __future__ import annotations

import gc
import os
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Generic, TypeVar

from solver.budget import Budget
from solver.lexicon import Lexicon

Turn = TypeVar("Turn")
Goal = TypeVar("Goal")


class Setup(Generic[Turn, Goal]):
    """The set-up both games' searches share (``begin``)."""

    lexicon: Lexicon
    state: Turn
    objective: Goal
    time_limit: float | None
    exact: bool
    budget: Budget
    engine: str

    def begin(
        self,
        lexicon: Lexicon,
        state: Turn,
        objective: Goal,
        time_limit: float | None,
        cancel: threading.Event | None,
        engine: str,
    ) -> None:
        """The shared fields; ``engine`` as ``solver.search.hardback.compiled.check_engine`` gave it."""
        self.lexicon, self.state, self.objective = lexicon, state, objective
        self.time_limit, self.engine = time_limit, engine
        self.exact = True  # until a limit cuts a query short
        self.budget = Budget(cancel)


# -- the garbage collector, kept out of the searches ---------------------------------------------------------------

GC_LOG = "GHOSTWRITER_GC_LOG"  # set (to a number of ms, or 1 for 10): collections longer than that are logged
LONG_MS = 10.0  # a collection this long inside a call is counted (issue 32's target: none in the benchmarks)


class Collections:
    """The garbage collector's collections of a generation and up (2: the full ones), timed through
    ``gc.callbacks`` while ``watch`` is on: how many, how long each took, and which fell inside a call (``inside``,
    set by the caller around each call it times). ``on_long`` is told of each one longer than ``long_ms``."""

    def __init__(
        self, generation: int = 2, long_ms: float = LONG_MS, on_long: Callable[[float, bool], None] | None = None
    ) -> None:
        self.generation = generation
        self.long_ms = long_ms
        self.on_long = on_long
        self.inside = False
        self.count = 0
        self.durations_ms: list[float] = []  # every collection watched (wall clock)
        self.cpu_ms: list[float] = []  # the same, CPU time of the thread (what other work on the machine leaves out)
        self.inside_ms: list[float] = []  # those that fell inside a call
        self._started = self._cpu = 0.0

    def __enter__(self) -> Collections:
        gc.callbacks.append(self._callback)
        return self

    def __exit__(self, *_: object) -> None:
        if self._callback in gc.callbacks:
            gc.callbacks.remove(self._callback)

    def _callback(self, phase: str, info: dict[str, int]) -> None:
        if info.get("generation", 0) < self.generation:
            return
        if phase == "start":
            self._started, self._cpu = time.perf_counter(), time.thread_time()
            return
        took = (time.perf_counter() - self._started) * 1e3
        self.count += 1
        self.durations_ms.append(took)
        self.cpu_ms.append((time.thread_time() - self._cpu) * 1e3)
        if self.inside:
            self.inside_ms.append(took)
        if took > self.long_ms and self.on_long is not None:
            self.on_long(took, self.inside)

    def long_inside(self) -> int:
        """The collections longer than ``long_ms`` that fell inside a call."""
        return sum(ms > self.long_ms for ms in self.inside_ms)


_watch: Collections | None = None


HEAP_MMAP = 32 << 20  # blocks under this come from the heap, not pages of their own (glibc's most on 64 bits)
HEAP_TRIM = 256 << 20  # free memory the heap keeps at its top before handing it back


def keep_heap() -> bool:
    """Keep the memory a query frees for the next one (glibc's malloc, through the compiled ``_order``): a search's
    buffers of a word each (a megabyte or more) would otherwise be fresh pages every query, each a fault the system
    clears first, about a quarter of a 12-card hint's word bounds (``docs/performance.md``, section 9). Whether it
    was done (not without the compiled module or with another C library). It is process-wide, once: a process that
    answers many queries calls it (``settle_heap``)."""
    from solver.search import order

    return order.compiled is not None and bool(order.compiled.keep_heap(HEAP_MMAP, HEAP_TRIM))


def settle_heap(collect: bool = True, where: str = "") -> None:
    """What a long-lived process (a service's server or search worker, a command line) does once its dictionaries
    and tables are loaded: one full collection (unless not ``collect``: a command line's one query would pay for
    it, some 10-40 ms), then everything left frozen out of the collector's passes (``gc.freeze``, which costs
    nothing), so that a full collection under load walks only what the requests made, not the tables of every
    word list. With ``GHOSTWRITER_GC_LOG`` set (a number of ms; 1 means 10), each later full collection longer
    than that is logged (``ghostwriter.gc`` at warning: its milliseconds, its CPU, the objects tracked, ``where``
    it ran and whether inside a call, as ``inside_call`` marks them), which a benchmark reads from the log. The
    memory queries free is kept for the next ones (``keep_heap``)."""
    global _watch
    keep_heap()
    if collect:
        gc.collect()
    gc.freeze()
    asked = os.environ.get(GC_LOG, "").strip()
    if asked and _watch is None:
        try:
            limit = float(asked)
        except ValueError:
            limit = LONG_MS
        import logging  # only when collections are logged: the first answer needs no logging

        log = logging.getLogger("ghostwriter.gc")
        place = f"{where or 'process'} {os.getpid()}"

        def said(ms: float, inside: bool) -> None:
            assert _watch is not None
            log.warning("gc full %.1f ms (cpu %.1f ms, %d tracked; %s, %s)", ms, _watch.cpu_ms[-1],
                        len(gc.get_objects()), place, "inside a call" if inside else "between calls")

        _watch = Collections(2, LONG_MS if limit == 1 else limit, said)
        _watch.__enter__()


@contextmanager
def inside_call() -> Iterator[None]:
    """Marks a call (a service's search job) for ``settle_heap``'s log: a collection during it is inside a call."""
    watch = _watch
    if watch is None:
        yield
        return
    watch.inside = True
    try:
        yield
    finally:
        watch.inside = False
