"""Playing a schedule's games: in this process, on a pool of local processes, or on a Dask cluster.

Each worker loads the lexicon once (a process pool's initializer; on a Dask worker, on its first game) and
plays whole games. Results come back as they finish and are put back in schedule order, so a tournament's
records are the same whatever the number of workers or where they run.
"""

from __future__ import annotations

import importlib
import os
import signal
import threading
import time
import traceback
import uuid
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import replace
from typing import Any, Protocol

from solver.game.hardback.options import GameOptions
from solver.game.record import GameRecord
from solver.lexicon import Lexicon
from solver.search.setup import keep_heap
from solver.tournament.errors import GameFailedError, TournamentError
from solver.tournament.seating import Match

MAX_WORKERS = 1024
CONNECT_TIMEOUT = 10.0  # seconds to reach a Dask scheduler


class PlayFn(Protocol):
    """The engine's entry point, ``solver.tournament.play.play_game``, or any function of its signature."""

    def __call__(
        self, bots: Sequence[str], seed: int, options: GameOptions | None = None, lexicon: Lexicon | None = None
    ) -> GameRecord: ...


LexiconLoader = Callable[[], "Lexicon | None"]


def play_game(
    bots: Sequence[str], seed: int, options: GameOptions | None = None, lexicon: Lexicon | None = None
) -> GameRecord:
    """The engine's ``play_game``, imported on first use (so that ``--help`` stays instant)."""
    from solver.tournament.play import play_game as play

    return play(bots, seed, options, lexicon)


def play_game_kept(
    bots: Sequence[str], seed: int, options: GameOptions | None = None, lexicon: Lexicon | None = None
) -> GameRecord:
    """``play_game`` keeping the game's record in ``extra["record"]`` (``tournament --records``)."""
    from solver.tournament.play import play_game as play

    return play(bots, seed, options, lexicon, keep_log=True)


def shipped_lexicon() -> Lexicon:
    """The shipped dictionary (ENABLE), memory-mapped from the compiled cache."""
    from solver.lexicon import default_lexicon

    return default_lexicon()


def default_workers() -> int:
    """The cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


# -- one game, in whatever process plays it ---------------------------------------------------------------------

_lexicons: dict[LexiconLoader, Lexicon | None] = {}
_lexicons_lock = threading.Lock()


def _worker_lexicon(loader: LexiconLoader) -> Lexicon | None:
    """The lexicon of this process, loaded on first use (and the memory its searches free kept for the next ones:
    ``keep_heap``)."""
    with _lexicons_lock:
        if loader not in _lexicons:
            _lexicons[loader] = loader()
            keep_heap()
        return _lexicons[loader]


def _init_worker(loader: LexiconLoader) -> None:
    """A pool worker: Ctrl-C is the parent's to handle (it cancels the games not started), then the lexicon."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _worker_lexicon(loader)


def play_match(match: Match, play: PlayFn, options: GameOptions, loader: LexiconLoader) -> GameRecord:
    """Play one scheduled game. Its record's seed and seats are checked against the schedule, and its
    ``seconds`` filled in when the engine left it at zero."""
    lexicon = _worker_lexicon(loader)
    start = time.perf_counter()
    failed: GameFailedError | None = None
    try:
        record = play(list(match.seats), match.seed, options, lexicon)
    except Exception as e:
        # the engine's exception travels neither as the cause nor as the context: its class may not rebuild from
        # its args where the result is collected (a broken pool); its traceback travels as a note instead
        failed = GameFailedError(
            f"game {match.index + 1} (seed {match.seed}, seats {','.join(match.seats)}) failed: {type(e).__name__}: {e}"
        )
        failed.add_note("".join(traceback.format_exception(e)).rstrip())
    if failed is not None:
        raise failed
    seconds = time.perf_counter() - start
    if list(record.seats) != list(match.seats) or len(record.prestige) != len(match.seats):
        raise GameFailedError(
            f"game {match.index + 1} (seed {match.seed}) came back with seats {record.seats} and prestige "
            f"{record.prestige}: expected one score for each of the seats {list(match.seats)}"
        )
    return record if record.seconds else replace(record, seconds=seconds)


# -- the drivers ------------------------------------------------------------------------------------------------


def run_games(
    matches: Sequence[Match],
    options: GameOptions,
    *,
    workers: int | None = None,
    cluster: str | None = None,
    play: PlayFn | None = None,
    lexicon: LexiconLoader = shipped_lexicon,
    on_result: Callable[[GameRecord], None] | None = None,
) -> list[GameRecord]:
    """Play every match and return the records in schedule order. ``workers``: local processes (default one a
    core; 1 plays in this process). ``cluster``: the address of a Dask scheduler instead. ``on_result`` is
    called in this process as each game finishes (in the order they finish)."""
    play = play_game if play is None else play
    if cluster is not None and workers is not None:
        raise TournamentError("give --workers or --cluster, not both (a cluster's size is its own)")
    if workers is not None and not 1 <= workers <= MAX_WORKERS:
        raise TournamentError(f"workers must be from 1 to {MAX_WORKERS} (got {workers})")
    done: dict[int, GameRecord] = {}

    def collect(index: int, record: GameRecord) -> None:
        done[index] = record
        if on_result is not None:
            on_result(record)

    if cluster is not None:
        _run_dask(cluster, matches, play, options, lexicon, collect)
    else:
        n = min(default_workers() if workers is None else workers, max(1, len(matches)))
        if n == 1:
            for m in matches:
                collect(m.index, play_match(m, play, options, lexicon))
        else:
            _run_pool(n, matches, play, options, lexicon, collect)
    return [done[m.index] for m in matches]


def _run_pool(
    workers: int,
    matches: Sequence[Match],
    play: PlayFn,
    options: GameOptions,
    loader: LexiconLoader,
    collect: Callable[[int, GameRecord], None],
) -> None:
    """A local process pool, a few games in flight a worker (so that a long tournament holds little)."""
    todo: Iterable[Match] = iter(matches)
    pending: dict[Future[GameRecord], int] = {}
    with ProcessPoolExecutor(max_workers=workers, initializer=_init_worker, initargs=(loader,)) as pool:
        try:
            for m in todo:
                pending[pool.submit(play_match, m, play, options, loader)] = m.index
                if len(pending) < 4 * workers:
                    continue
                finished, _ = wait(pending, return_when=FIRST_COMPLETED)
                for f in finished:
                    collect(pending.pop(f), f.result())
            while pending:
                finished, _ = wait(pending, return_when=FIRST_COMPLETED)
                for f in finished:
                    collect(pending.pop(f), f.result())
        except BaseException:
            pool.shutdown(wait=True, cancel_futures=True)
            raise


def _run_dask(
    address: str,
    matches: Sequence[Match],
    play: PlayFn,
    options: GameOptions,
    loader: LexiconLoader,
    collect: Callable[[int, GameRecord], None],
) -> None:
    """The games as tasks of an existing Dask cluster. Its workers need Ghostwriter installed (the same
    version); each loads the lexicon on its first game."""
    try:
        dask: Any = importlib.import_module("distributed")
    except ImportError:
        raise TournamentError(
            "--cluster needs Dask's distributed package: pip install 'ghostwriter[cluster]'"
        ) from None
    try:
        client = dask.Client(address, timeout=CONNECT_TIMEOUT)
    except (OSError, TimeoutError, ValueError) as e:
        raise TournamentError(
            f"cannot reach the Dask scheduler at {address!r} ({e or 'no answer'}): "
            "give the address it prints (tcp://HOST:8786), or drop --cluster to play locally"
        ) from None
    try:
        run = uuid.uuid4().hex[:12]  # keys of this run alone: another run may share the cluster
        futures = client.map(
            play_match,
            list(matches),
            play=play,
            options=options,
            loader=loader,
            pure=False,
            key=[f"ghostwriter-game-{run}-{m.index}" for m in matches],
        )
        index = {f.key: m.index for f, m in zip(futures, matches, strict=True)}
        try:
            for f in dask.as_completed(futures):
                collect(index[f.key], f.result())
        except BaseException:
            client.cancel(futures)
            raise
    finally:
        client.close()
