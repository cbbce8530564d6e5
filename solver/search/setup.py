"""What a search of one turn over one lexicon holds whatever its game (``Setup``): the lexicon, the turn, the
objective, the time limit, whether its answer is proven best, the budget its steps are counted in (with the cancel
event of a client gone away) and the engine (Python, or compiled). Hardback's ``Search`` and Paperback's
``PaperbackSearch`` begin with it."""

from __future__ import annotations

import threading
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
