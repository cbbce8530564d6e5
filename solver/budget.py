"""The limits of one search: a wall-clock deadline, a step budget, or both, shared by everything the search runs.

Every loop whose work grows with the input (the per-word search, the resolution of a placement, the fill of an
answer cut short) calls ``Budget.tick`` once a step, so no path runs past the deadline by more than a few
milliseconds. A step budget gives the same answer on every machine (bots, whose games must replay); a deadline
bounds the wall time (a request). A ``checkpoint`` is passed once, part of the way in: the search then lays
out a few promising words cheaply, so that an answer cut short still has good moves.
"""

from __future__ import annotations

import threading
import time

CHECK_EVERY = 255  # ticks between two looks at the clock (a mask: one in 256)


class OutOfTime(Exception):  # noqa: N818 - a signal, not an error
    """The search's deadline or step budget passed."""


class Checkpoint(Exception):  # noqa: N818 - a signal, not an error
    """The search reached its checkpoint (raised once): time to secure a good answer before going on."""


class Budget:
    """A deadline (``time.monotonic()``) and a step limit, either or both None (no limit)."""

    __slots__ = ("cancel", "checkpoint_at", "checkpoint_ticks", "deadline", "node_limit", "ticks")

    def __init__(self, cancel: threading.Event | None = None) -> None:
        """``cancel``: set by another thread when the answer is no longer wanted (its client went away); a search
        with a deadline then stops at its next look at the clock, as if out of time."""
        self.cancel = cancel
        self.deadline: float | None = None
        self.node_limit: int | None = None
        self.checkpoint_at: float | None = None
        self.checkpoint_ticks: int | None = None
        self.ticks = 0

    def start(self, seconds: float | None, steps: int | None, checkpoint: float | None = None) -> None:
        """Limits from now: ``seconds`` of wall time and ``steps`` ticks; the checkpoint after that share of
        either (None: no checkpoint)."""
        now = time.monotonic()
        self.deadline = None if seconds is None else now + seconds
        self.node_limit = None if steps is None else self.ticks + steps
        self.checkpoint_at = None if seconds is None or checkpoint is None else now + seconds * checkpoint
        self.checkpoint_ticks = None if steps is None or checkpoint is None else self.ticks + int(steps * checkpoint)

    def extend(self, seconds: float | None, steps: int | None) -> None:
        """New limits from now, for a short last phase after the first ran out (no checkpoint)."""
        self.start(seconds, steps, None)

    def stop(self) -> None:
        self.deadline = self.node_limit = self.checkpoint_at = self.checkpoint_ticks = None

    def tick(self) -> None:
        """One step; ``OutOfTime`` past the limits, ``Checkpoint`` once at the checkpoint."""
        self.ticks += 1
        if self.node_limit is not None:
            if self.ticks > self.node_limit:
                raise OutOfTime
            if self.checkpoint_ticks is not None and self.ticks > self.checkpoint_ticks:
                self.skip_checkpoint()
                raise Checkpoint
        if self.deadline is not None and self.ticks & CHECK_EVERY == 0:
            now = time.monotonic()
            if now > self.deadline or (self.cancel is not None and self.cancel.is_set()):
                raise OutOfTime
            if self.checkpoint_at is not None and now > self.checkpoint_at:
                self.skip_checkpoint()
                raise Checkpoint

    def check(self) -> None:
        """A step that costs much (an explanation, a word laid out): the clock is read at once."""
        self.ticks += 1
        if self.expired():
            raise OutOfTime

    def expired(self) -> bool:
        """Whether the limits have passed (a look at the clock now, for loops between steps)."""
        if self.node_limit is not None and self.ticks > self.node_limit:
            return True
        if self.cancel is not None and self.cancel.is_set():
            return True
        return self.deadline is not None and time.monotonic() > self.deadline

    def past_deadline(self) -> bool:
        """Whether the time limit has passed or the search was cancelled; the step limit is not read (work that
        a bot's step budget must see whole, such as the word bounds, stops only for the clock)."""
        if self.cancel is not None and self.cancel.is_set():
            return True
        return self.deadline is not None and time.monotonic() > self.deadline

    def skip_checkpoint(self) -> None:
        """No checkpoint (any more): it is passed once, whichever limit reaches it first."""
        self.checkpoint_at = self.checkpoint_ticks = None
