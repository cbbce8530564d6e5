"""The compiled engine's best-first loop in the kernel (``kernel.solve_run``, ``BestFirst``'s ``solve_run``) against
the loop in Python it replaces (``driver.RUNS`` off): the same steps (``search.budget.ticks``), the same top 5 words
and values, and the same answer cut short by a step budget, whose checkpoint and end come inside the kernel's loop.
A time-limited search still answers.

The hands are ``benchmarks/hands.py``'s ``box_state(seed, 12)`` (50159 is ``test_slow_hands``'s ``BOX``): 12 cards,
thousands of words asked, most of them proved no better than a level in the kernel's loop, many from the memo.
"""

from __future__ import annotations

import sys
import threading
import time
from collections import Counter
from typing import Any

import pytest

from solver.budget import Budget, Checkpoint, OutOfTime
from solver.hardback.state import TurnState
from solver.lexicon import Lexicon, default_lexicon
from solver.search import best_first
from solver.search.hardback import Search, compiled, driver, native
from solver.search.hardback.compiled import CompiledWordSolver, available

pytestmark = pytest.mark.skipif(not available(), reason="the compiled kernel is not built")

HANDS: dict[int, dict[str, Any]] = {
    50159: {
        "hand": [
            *["adventure:Y4", "mystery:O3", "adventure:W5", "mystery:N7", "romance:W4", "romance:F6", "romance:K5"],
            *["adventure:G6", "mystery:C5", "horror:J5", "mystery:E4", "S"],
        ],
        "timeless": {"mine": ["mystery:T8"]},
    },
    50101: {
        "hand": [
            *["A", "T", "S", "romance:X7", "mystery:E4", "L", "mystery:N7", "romance:U9", "romance:K5", "S"],
            *["mystery:A3", "O"],
        ],
        "timeless": {"mine": ["mystery:F5"]},
    },
    50027: {
        "hand": [
            *["adventure:Y2", "T", "romance:Y4", "N", "mystery:M3", "E", "romance:U9", "U", "D", "horror:N6"],
            "adventure:A7",
        ],
        "inked": ["Y"],
    },
    50009: {
        "hand": [
            *["mystery:Z5", "romance:N2", "horror:X2", "romance:I2", "romance:T3", "adventure:Y2", "romance:S4", "T"],
            *["mystery:V9", "adventure:C3", "horror:V4", "romance:B5"],
        ],
        "timeless": {"mine": ["adventure:C5"]},
    },
}


@pytest.fixture(scope="module")
def lexicon() -> Lexicon:
    return default_lexicon()


@pytest.fixture
def runs(monkeypatch: pytest.MonkeyPatch) -> Counter[str]:
    """What the kernel's loop answered, counted by kind (``RUN_`` name, a signal by its exception's name)."""
    seen: Counter[str] = Counter()
    names = {getattr(best_first, n): n for n in dir(best_first) if n.startswith("RUN_")}
    solve_run = CompiledWordSolver.solve_run

    def spy(self: CompiledWordSolver, *args: Any) -> tuple[int, int, int, Any]:
        answer = solve_run(self, *args)
        what, _, proofs, payload = answer
        seen[type(payload).__name__ if isinstance(payload, BaseException) else names[what]] += 1
        seen["proofs"] += proofs
        return answer

    monkeypatch.setattr(CompiledWordSolver, "solve_run", spy)
    return seen


def _top(lexicon: Lexicon, seed: int, loop: bool, **limits: Any) -> tuple[int, list[float], list[str], bool]:
    """A search's steps, top 5 values and words, and whether it is exact, with the kernel's loop or Python's."""
    saved = driver.RUNS
    driver.RUNS = loop
    try:
        search = Search(lexicon, TurnState.from_json(HANDS[seed]), engine="compiled", **limits)
        moves = search.top(5)
    finally:
        driver.RUNS = saved
    return search.budget.ticks, [m.value for m in moves], [m.word for m in moves], search.exact


@pytest.mark.parametrize("seed", sorted(HANDS))
def test_the_kernels_loop_takes_the_same_steps_to_the_same_answer(
    lexicon: Lexicon, runs: Counter[str], seed: int
) -> None:
    python = _top(lexicon, seed, loop=False)
    assert not runs  # (the Python loop: the kernel's was not asked)
    compiled = _top(lexicon, seed, loop=True)
    assert compiled == python
    assert compiled[3]
    # the kernel's loop did the work: thousands of words proved no better, a pass ended there, moves found there
    assert runs["proofs"] > 1000 and runs["RUN_STOP"] and runs["RUN_FOUND"]


@pytest.fixture
def checkpointed(monkeypatch: pytest.MonkeyPatch) -> None:
    """A step budget with a checkpoint (a query has one by the clock only): a fifth of the way, as a time limit's."""
    start = Budget.start

    def with_checkpoint(
        self: Budget, seconds: float | None, steps: int | None, checkpoint: float | None = None
    ) -> None:
        start(self, seconds, steps, driver.CHECKPOINT if steps is not None and checkpoint is None else checkpoint)

    monkeypatch.setattr(Budget, "start", with_checkpoint)


@pytest.mark.parametrize(("seed", "budget"), [(50159, 20_000), (50159, 111_111), (50027, 40_000), (50101, 3_000)])
def test_a_step_budget_cuts_the_kernels_loop_where_it_cut_pythons(
    lexicon: Lexicon, runs: Counter[str], seed: int, budget: int
) -> None:
    python = _top(lexicon, seed, loop=False, node_budget=budget)
    compiled = _top(lexicon, seed, loop=True, node_budget=budget)
    assert compiled == python
    assert not compiled[3] and compiled[1]
    assert runs[OutOfTime.__name__] == 1  # the budget ended inside the kernel's loop


@pytest.mark.usefixtures("checkpointed")
@pytest.mark.parametrize(("seed", "budget"), [(50159, 20_000), (50159, 200_000), (50027, 300_000), (50009, 40_000)])
def test_a_checkpoint_in_the_kernels_loop_goes_on_where_pythons_did(
    lexicon: Lexicon, runs: Counter[str], seed: int, budget: int
) -> None:
    python = _top(lexicon, seed, loop=False, node_budget=budget)
    compiled = _top(lexicon, seed, loop=True, node_budget=budget)
    assert compiled == python
    assert not compiled[3] and compiled[1]
    # the checkpoint came inside the kernel's loop (once), the quick layouts were made, the loop went on from there
    # to the end of the budget
    assert runs[Checkpoint.__name__] == 1 and runs[OutOfTime.__name__] == 1


def test_a_time_limited_search_still_answers(lexicon: Lexicon) -> None:
    # (where the clock cuts it, in the kernel's loop or out of it, depends on the machine: only the answer is checked)
    _, values, words, exact = _top(lexicon, 50159, loop=True, time_limit=0.005)
    assert not exact
    assert len(values) == 5 and len(set(words)) == 5


class _Watched:
    """The kernel with its ``solve_run`` watched: how much each call grew the memo and, at call ``armed``, the memo's
    size before it and as another thread saw it while the call ran."""

    def __init__(self, kernel: Any, armed: int = -1) -> None:
        self.kernel, self.armed = kernel, armed
        self.grew: list[int] = []
        self.before = -1
        self.seen = -1
        self.go = threading.Event()

    def __getattr__(self, name: str) -> Any:
        return getattr(self.kernel, name)

    def _watch(self, known: dict[bytes, Any]) -> None:
        """Once the call is under way (the memo grown since it began), the memo's size."""
        self.go.wait()
        end = time.monotonic() + 10
        while len(known) == self.before and time.monotonic() < end:
            time.sleep(0)  # (lets the GIL go: the call begins)
        self.seen = len(known)

    def solve_run(self, *args: Any) -> Any:
        known = args[1]
        before = len(known)
        if len(self.grew) == self.armed:
            self.before = before
            watcher = threading.Thread(target=self._watch, args=(known,))
            watcher.start()
            self.go.set()  # (the watcher wants the GIL from now on: it gets it only if the kernel's loop lets it go)
            answer = self.kernel.solve_run(*args)
            watcher.join()
        else:
            answer = self.kernel.solve_run(*args)
        self.grew.append(len(known) - before)
        return answer


def test_other_threads_run_while_the_kernels_loop_does(lexicon: Lexicon, monkeypatch: pytest.MonkeyPatch) -> None:
    counted = _Watched(native.kernel)
    monkeypatch.setattr(compiled, "kernel", counted)
    _top(lexicon, 50159, loop=True)
    longest = max(range(len(counted.grew)), key=counted.grew.__getitem__)
    assert counted.grew[longest] > 1000  # (a call of thousands of words: many offers of the GIL)
    watched = _Watched(counted.kernel, armed=longest)
    monkeypatch.setattr(compiled, "kernel", watched)
    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-4)
    try:
        _top(lexicon, 50159, loop=True)
    finally:
        sys.setswitchinterval(interval)
    assert watched.grew == counted.grew
    # the watcher ran while the call did: it saw the memo grown by some of the call's proofs, not by none or all
    assert 0 < watched.seen - watched.before < watched.grew[longest]


def test_words_the_memo_holds_found_go_back_to_python(lexicon: Lexicon, runs: Counter[str]) -> None:
    # ``standing`` counts the words worth more than a value (each solved alone: the memo learns their placements),
    # then asks the best move: the kernel's loop hands those words back to Python, which recalls their placements
    answers = []
    for loop in (False, True):
        saved = driver.RUNS
        driver.RUNS = loop
        try:
            search = Search(lexicon, TurnState.from_json(HANDS[50009]), engine="compiled")
            better, best = search.standing(30.0)
        finally:
            driver.RUNS = saved
        assert best is not None
        answers.append((better, best.word, best.value, best.slots, search.budget.ticks))
    assert answers[0] == answers[1]
    assert answers[1][:3] == (238, "subjectivize", 33.5)
    assert runs["RUN_HANDLE"] >= 3
