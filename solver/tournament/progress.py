"""A small progress bar on a terminal: done/total, rate and time left, redrawn at most ten times a second."""

from __future__ import annotations

import time
from collections.abc import Callable
from types import TracebackType
from typing import IO


def wanted(stream: IO[str], quiet: bool = False, forced: bool = False) -> bool:
    """Whether to draw: never when quiet, always when forced, else only on a terminal."""
    if quiet:
        return False
    if forced:
        return True
    isatty = getattr(stream, "isatty", None)
    return bool(isatty and isatty())


def _clock_text(seconds: float) -> str:
    seconds = max(0, round(seconds))
    h, rest = divmod(seconds, 3600)
    m, s = divmod(rest, 60)
    return f"{h}:{m:02d}:{s:02d}" if h else f"{m}:{s:02d}"


class Progress:
    """``with Progress(total, sys.stderr) as bar: ... bar.advance()``. Disabled, it draws nothing."""

    def __init__(
        self,
        total: int,
        stream: IO[str],
        *,
        enabled: bool = True,
        label: str = "games",
        interval: float = 0.1,
        clock: Callable[[], float] = time.monotonic,
        width: int = 24,
    ) -> None:
        self.total = total
        self.stream = stream
        self.enabled = enabled
        self.label = label
        self.interval = interval
        self.clock = clock
        self.width = width
        self.done = 0
        self.start = clock()
        self._drawn_at: float | None = None
        self._drawn_done = -1
        self._last_len = 0

    def advance(self, n: int = 1) -> None:
        self.update(self.done + n)

    def update(self, done: int) -> None:
        self.done = done
        if not self.enabled:
            return
        now = self.clock()
        if done < self.total and self._drawn_at is not None and now - self._drawn_at < self.interval:
            return
        self._drawn_at = now
        self._draw(now)

    def line(self, now: float | None = None) -> str:
        """The bar as text: ``games [#######.....] 120/400  30%  12.5/s  ETA 0:22``."""
        now = self.clock() if now is None else now
        elapsed = now - self.start
        frac = self.done / self.total if self.total else 1.0
        filled = round(self.width * frac)
        bar = "#" * filled + "." * (self.width - filled)
        rate = self.done / elapsed if elapsed > 0 else 0.0
        if self.done >= self.total:
            tail = f"in {_clock_text(elapsed)}"
        elif rate > 0:
            tail = f"ETA {_clock_text((self.total - self.done) / rate)}"
        else:
            tail = "ETA -:--"
        return f"{self.label} [{bar}] {self.done}/{self.total} {frac:4.0%}  {rate:.1f}/s  {tail}"

    def _draw(self, now: float) -> None:
        text = self.line(now)
        pad = " " * max(0, self._last_len - len(text))
        self._last_len = len(text)
        self._drawn_done = self.done
        self.stream.write("\r" + text + pad)
        self.stream.flush()

    def close(self) -> None:
        if self.enabled and self._drawn_at is not None:
            if self._drawn_done != self.done:
                self._draw(self.clock())
            self.stream.write("\n")
            self.stream.flush()
            self._drawn_at = None

    def __enter__(self) -> Progress:
        return self

    def __exit__(self, kind: type[BaseException] | None, value: BaseException | None, tb: TracebackType | None) -> None:
        self.close()
