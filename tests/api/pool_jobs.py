"""Jobs for the tests of the search pool and the runner (``test_search_pool``, ``test_loop_calls``): module-level
functions, so that a worker process finds them by name."""

from __future__ import annotations

import time
from typing import Any

from service.errors import FieldError
from service.pool import Work


def spin(work: Work) -> None:
    """A loop without a look at the clock: only a kill stops it."""
    while True:
        pass


def wait_for_cancel(work: Work) -> str:
    """A search that looks at its cancel flag, as ``solver.budget`` does."""
    while not work.cancel.is_set():
        time.sleep(0.005)
    return "stopped"


def refuse(work: Work) -> None:
    raise FieldError("hand[2]", "hand[2]: no such card")


def echo(work: Work, x: Any) -> Any:
    return x


def pause(work: Work, seconds: float, x: Any) -> Any:
    time.sleep(seconds)
    return x


def big(work: Work, n: int) -> bytes:
    return bytes(range(256)) * (n // 256)
