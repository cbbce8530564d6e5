"""The compiled kernel against the Python search it ports (``solver.search.hardback.compiled``).

The kernel follows the Python search step by step, so on every word it must give the same placement (cards and
faces), the same value and the same number of steps, with or without a floor, a step limit or a checkpoint; and a
whole query must give the same moves. The oracle comparisons (``oracle_cases.check``) hold both engines to the
oracle as well.
"""

from __future__ import annotations

import random
import threading
from dataclasses import replace
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solver.budget import Checkpoint, OutOfTime
from solver.errors import GhostwriterError
from solver.hardback.objectives import Objective
from solver.hardback.resolve import Placement, Resolver
from solver.hardback.state import TurnState
from solver.lexicon import Lexicon
from solver.search.hardback import Search, compiled, native

from oracle_cases import engines, random_hand, states

pytestmark = pytest.mark.skipif("compiled" not in engines(), reason="the compiled kernel is not built here")

HARD_8 = [
    {"hand": ["mystery:O3", "romance:J6", "horror:A3", "mystery:N7", "T", "N", "S", "R"]},
    {"hand": ["romance:B3", "mystery:N7", "romance:S4", "mystery:R4", "R", "A", "R", "A"]},
]


def _key(p: Placement | float | None) -> tuple[float, list[Any]] | float | None:
    """A placement's value and cards; an upper bound (what a search that found nothing proved) as it is, to the
    last bit."""
    return p if p is None or isinstance(p, float) else (round(p.value, 9), p.slots)


def _pair(lex: Lexicon, state: TurnState, objective: Objective = Objective.VALUE) -> tuple[Search, Search]:
    return Search(lex, state, objective, engine="python"), Search(lex, state, objective, engine="compiled")


def _same_solve(py: Search, cc: Search, word: str, floor: float, max_nodes: int | None = None) -> None:
    t_py, t_cc = py.budget.ticks, cc.budget.ticks
    a = py.solver.solve(word, floor, max_nodes) if max_nodes else py.solver._solve(word, floor, None)
    b = cc.solver.solve(word, floor, max_nodes) if max_nodes else cc.solver._solve(word, floor, None)
    assert _key(a) == _key(b), (word, floor, max_nodes)
    assert py.budget.ticks - t_py == cc.budget.ticks - t_cc, (word, floor, "steps differ")


@settings(max_examples=30)
@given(state=states(max_hand=6), seed=st.integers(0, 2**32 - 1), objective=st.sampled_from(list(Objective)))
def test_each_word_as_the_python_search(
    state: dict[str, Any], seed: int, objective: Objective, enable: Lexicon
) -> None:
    py, cc = _pair(enable, TurnState.from_json(state), objective)
    assert isinstance(cc.solver, compiled.CompiledWordSolver) and cc.solver.compiled
    index = py.bounds.index
    rng = random.Random(seed)
    for i in rng.sample(range(len(index)), min(40, len(index))):
        word = enable.word(int(index[i]))
        full = py.solver._solve(word, float("-inf"), None)
        floors = [float("-inf"), rng.uniform(-2, 12)]
        if isinstance(full, Placement):
            floors += [full.value - 0.5, full.value, full.value + 0.5]  # (the last: nothing found, a bound proved)
        for floor in floors:
            _same_solve(py, cc, word, floor)
        _same_solve(py, cc, word, float("-inf"), max_nodes=rng.randint(1, 60))  # cut short: the best so far


@pytest.mark.parametrize("size", [8, 12])
def test_whole_queries_as_the_python_search(size: int, enable: Lexicon) -> None:
    for seed in range(6):
        state = TurnState.from_json(random_hand(1000 * size + seed, size))
        py, cc = _pair(enable, state)
        a, b = py.top(5), cc.top(5)
        assert [(m.word, m.value, m.cards) for m in a] == [(m.word, m.value, m.cards) for m in b], seed
        assert py.budget.ticks == cc.budget.ticks, seed


def _same_resolution(cc: Search, p: Placement | float) -> tuple[int, int]:
    """The kernel's resolution of its placement (read from its answer, not resolved again) is the Python resolver's
    best one, the same double for the value; how many uncovers and doubles it has."""
    if not isinstance(p, Placement):
        return 0, 0
    assert isinstance(p, compiled.Solved) and p._packed is not None
    got, want = p.resolution, Resolver(cc.pool).resolve(p.slots)
    assert want is not None, (p.word, p.slots)
    assert (got.factors, got.active, got.uncovers, got.doubles) == (
        want.factors, want.active, want.uncovers, want.doubles
    ), (p.word, p.slots)
    assert got.value == p.value and abs(got.value - want.value) < 1e-9
    assert cc.move(p).value == pytest.approx(cc.move(Placement(p.word, p.slots, want)).value)
    return len(got.uncovers), len(got.doubles)


@settings(max_examples=30, deadline=None)
@given(state=states(max_hand=6), seed=st.integers(0, 2**32 - 1), objective=st.sampled_from(list(Objective)))
def test_the_kernels_resolution_is_the_python_resolvers(
    state: dict[str, Any], seed: int, objective: Objective, enable: Lexicon
) -> None:
    """The kernel answers with its placement's resolution (the uncover order, the doubles' aims, the factors, the
    active genres): the one the Python resolver makes of the same cards and faces, on any word and floor."""
    cc = Search(enable, TurnState.from_json(state), objective, engine="compiled")
    index = cc.bounds.index
    rng = random.Random(seed)
    for i in rng.sample(range(len(index)), min(40, len(index))):
        word = enable.word(int(index[i]))
        _same_resolution(cc, cc.solver._solve(word, float("-inf"), None))
        _same_resolution(cc, cc.solver._solve(word, rng.uniform(-2, 12), None))


@pytest.mark.parametrize(
    "hand",
    [
        ["m:A3", "m:D4", "m:T6", "m:V9", "r:U9", "a:K9", "T", "E"],  # uncover chains
        ["r:F6", "r:J6", "r:P6", "r:S4", "T", "N", "E", "A"],  # Romance doubles
        ["r:F6", "r:J6", "m:V9", "m:A3", "m:D4", "E", "A", "T"],  # doubles on uncovered cards
        ["m:N7", "m:O3", "r:J6", "r:F6", "E", "N", "S", "R"],  # Mystery N, doubled
    ],
)
def test_the_kernels_resolution_of_uncovers_and_doubles(hand: list[str], enable: Lexicon) -> None:
    """Hands of uncover chains and doubles: the kernel's resolutions of the words with the best bounds are the
    Python resolver's, many of them with uncovers or doubles."""
    cc = Search(enable, TurnState.from_json({"hand": hand}), engine="compiled")
    best = np.argsort(-np.asarray(cc.bounds.bound), kind="stable")[:60]
    uncovers = doubles = 0
    for j in best:
        u, d = _same_resolution(cc, cc.solver._solve(enable.word(int(cc.bounds.index[j])), float("-inf"), None))
        uncovers += u > 0
        doubles += d > 0
    assert uncovers + doubles >= 10, (uncovers, doubles)


def test_a_kernel_answer_its_outcome_disputes_is_refused(enable: Lexicon) -> None:
    """A move shown checks the kernel's answer: its outcome, valued under the search's weights, must be worth the
    kernel's value. An answer worth another value, or whose resolution does not reach it (a double left out), is an
    AssertionError, never a move; so is one the Python resolver, asked where the kernel gave no resolution, values
    otherwise."""
    for objective in (Objective.VALUE, Objective.PRESTIGE):
        state = TurnState.from_json({"hand": ["r:F6", "E", "a:A5", "S", "T"], "inked": ["h:H7"]})
        cc = Search(enable, state, objective, engine="compiled")
        p = cc.solver._solve("shaft", float("-inf"), None)
        assert isinstance(p, compiled.Solved) and p._packed is not None and p.resolution.doubles
        cc.move(p)  # as the kernel gave it: shown
        with pytest.raises(AssertionError, match="not"):
            cc.move(compiled.Solved(p.word, p.slots, p.value + 0.5, cc.pool, p._packed))
        undoubled = replace(p.resolution, doubles=[], factors=[1] * len(p.slots))
        with pytest.raises(AssertionError, match="not"):
            cc.move(Placement(p.word, p.slots, undoubled))
        assert cc.move(compiled.Solved(p.word, p.slots, p.value, cc.pool)).value == cc.move(p).value  # resolved again
        with pytest.raises(AssertionError, match="kernel"):
            cc.move(compiled.Solved(p.word, p.slots, p.value + 0.5, cc.pool))


@pytest.mark.parametrize("remover", [0, 1])
def test_a_letter_a_rival_imposed_as_the_python_search(remover: int, enable: Lexicon) -> None:
    """Disfigured Letter under BGA rules: a blank T a rival imposed beside an inked Horror A3, with Horror H7 in
    hand (1p per inked card); the kernel reads which inked entry is the rival's letter."""
    state = TurnState.from_json(
        {
            "hand": ["horror:H7", "horror:I4", "romance:F6", "E", "S", "R"],
            "inked": ["horror:A3", "starter:T0{- | -}"],
            "imposed": ["starter:T0{- | -}"],
            "remover": remover,
            "options": {"rules": "bga"},
        }
    )
    py, cc = _pair(enable, state)
    assert isinstance(cc.solver, compiled.CompiledWordSolver) and cc.solver.compiled
    a, b = py.top(5), cc.top(5)
    assert [(m.word, m.value, m.cards) for m in a] == [(m.word, m.value, m.cards) for m in b]
    assert py.budget.ticks == cc.budget.ticks
    assert a and all("t" in m.word for m in a)
    for word in ("hat", "heart", "fathers", "fairest", "shirt", "fresh", "hares"):
        _same_solve(py, cc, word, float("-inf"))


@pytest.mark.parametrize("hand", HARD_8, ids=["O-J-A-N", "B-N-S-R"])
def test_hard_hands_with_a_step_budget(hand: dict[str, Any], enable: Lexicon) -> None:
    """A step budget cuts both engines at the same step, so a bot's game replays the same with or without the
    kernel (the Python engine's whole search of these hands takes seconds; a budget keeps this test short)."""
    state = TurnState.from_json(hand)
    py = Search(enable, state, node_budget=40_000, engine="python")
    cc = Search(enable, state, node_budget=40_000, engine="compiled")
    a, b = py.top(3), cc.top(3)
    assert [(m.word, m.value) for m in a] == [(m.word, m.value) for m in b]
    assert py.exact == cc.exact
    assert py.budget.ticks == cc.budget.ticks


def test_signals_at_the_same_step(enable: Lexicon) -> None:
    """Out of steps and the checkpoint arrive at the same step in both engines."""
    state = TurnState.from_json(HARD_8[0])
    for limit, checkpoint in ((500, None), (10_000, 0.25)):
        outcomes = []
        for engine in compiled.ENGINES:
            s = Search(enable, state, engine=engine)
            s.budget.start(None, limit, checkpoint)
            signal = None
            for j in np.argsort(-np.asarray(s.bounds.bound), kind="stable")[:400]:  # the longest, richest words first
                try:
                    s.solver.solve(enable.word(int(s.bounds.index[j])))
                except (OutOfTime, Checkpoint) as e:
                    signal = type(e).__name__
                    break
            outcomes.append((signal, s.budget.ticks))
        assert outcomes[0] == outcomes[1], outcomes
        assert outcomes[0][0] is not None


def test_a_cancelled_query_stops(enable: Lexicon) -> None:
    """The kernel looks at the cancel event with the clock: a query whose client went away ends at once."""
    cancel = threading.Event()
    cancel.set()
    s = Search(enable, TurnState.from_json(HARD_8[1]), time_limit=30, cancel=cancel, engine="compiled")
    s.top(5)
    assert not s.exact


def test_words_beyond_the_kernel_go_to_python(enable: Lexicon, monkeypatch: pytest.MonkeyPatch) -> None:
    """A word longer than the kernel holds is searched in Python, with the same answer."""
    state = TurnState.from_json({"hand": ["romance:B3", "mystery:N7", "romance:S4", "A", "R", "T", "S"]})
    want = {w: _key(Search(enable, state, engine="python").solve(w)) for w in ("bats", "starboard", "arts")}
    assert native.kernel is not None
    monkeypatch.setattr(native.kernel, "MAX_LETTERS", 4)
    cc = Search(enable, state, engine="compiled")
    assert {w: _key(cc.solve(w)) for w in want} == want


def test_without_the_kernel(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """Where the kernel was not built: the Python search, said once; asking for the kernel names the fix."""
    monkeypatch.setattr(compiled, "kernel", None)
    monkeypatch.setattr(compiled, "_noticed", False)
    monkeypatch.delenv("GHOSTWRITER_ENGINE", raising=False)
    assert compiled.default_engine() == "python"
    assert compiled.default_engine() == "python"
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Python search" in err
    with pytest.raises(GhostwriterError, match="reinstall with a C compiler"):
        compiled.check_engine("compiled")
    with pytest.raises(GhostwriterError, match="choose one of python, compiled"):
        compiled.check_engine("fortran")


def test_the_environment_picks_the_engine(monkeypatch: pytest.MonkeyPatch, enable: Lexicon) -> None:
    monkeypatch.setenv("GHOSTWRITER_ENGINE", "python")
    s = Search(enable, TurnState.from_json({"hand": ["A", "R", "T"]}))
    assert s.engine == "python" and not hasattr(s.solver, "compiled")
    monkeypatch.setenv("GHOSTWRITER_ENGINE", "compiled")
    assert Search(enable, TurnState.from_json({"hand": ["A", "R", "T"]})).engine == "compiled"


@pytest.mark.parametrize(
    ("shortest", "longest", "caps"),
    [
        (2, 12, {0: 2, 4: 3, 8: 1, 13: 1, 14: 2, 17: 1, 18: 2, 19: 1, 3: 1, 11: 1}),  # keys past 16 bits
        (2, 6, {0: 1, 4: 1, 8: 1, 13: 1, 17: 1, 18: 1}),  # a 5-card hand's: 16-bit keys
        (3, 8, {0: 2, 4: 3, 25: 1, 16: 1, 18: 2, 19: 1}),  # 16-bit keys, repeated letters, rare ones
        (2, 5, {}),  # no card letter: the length alone
        (2, 9, dict.fromkeys(range(13), 1)),  # 13 letters: 2^13 * 8 = 65,536 keys, the 16-bit path at its edge
    ],
)
def test_signatures_as_numpy_numbers_them(
    enable: Lexicon, monkeypatch: pytest.MonkeyPatch, shortest: int, longest: int, caps: dict[int, int]
) -> None:
    """The kernel's one pass over the words gives the signatures and numbers numpy's passes give, with keys of 16
    bits (its vector path) and wider."""
    lo, hi = enable.length_range(shortest, longest)
    from solver.search.hardback import signatures

    in_c = signatures.signatures(enable, lo, hi, caps)
    monkeypatch.setattr(signatures, "kernel", None)
    in_numpy = signatures.signatures(enable, lo, hi, caps)
    assert np.array_equal(in_c.counts, in_numpy.counts)
    assert np.array_equal(in_c.lengths, in_numpy.lengths)
    assert np.array_equal(in_c.inverse, in_numpy.inverse)


@pytest.mark.parametrize("infeasible", [0.0, 0.3, 1.0])
def test_per_word_bounds_as_numpy_reads_them(monkeypatch: pytest.MonkeyPatch, infeasible: float) -> None:
    """The kernel's one pass from the signatures' bounds to the words' gives numpy's words and bounds: those whose
    signature's bound is above -inf (none, some, all of them), in order."""
    from solver.search.hardback import signatures

    rng = np.random.default_rng(int(infeasible * 10))
    sig_bound = rng.uniform(-3, 20, 300)
    sig_bound[rng.random(300) < infeasible] = -np.inf
    inverse = rng.integers(0, 300, 20_000).astype(np.int64)
    in_c = signatures.per_word(sig_bound, inverse, 1234)
    monkeypatch.setattr(signatures, "kernel", None)
    in_numpy = signatures.per_word(sig_bound, inverse, 1234)
    assert np.array_equal(in_c[0], in_numpy[0]) and np.array_equal(in_c[1], in_numpy[1])
    assert len(in_c[0]) == int((sig_bound[inverse] > -np.inf).sum())


def test_odd_input_to_the_kernel_is_refused(enable: Lexicon) -> None:
    """The kernel checks what it is given: a packed pool of another layout, an empty word, a letter index past the
    card letters."""
    kernel = native.kernel
    assert kernel is not None
    with pytest.raises(ValueError, match="layout"):
        kernel.Context(b"\x00" * 8, b"")
    cc = Search(enable, TurnState.from_json({"hand": ["A", "R", "T"]}), engine="compiled")
    solver = cc.solver
    assert isinstance(solver, compiled.CompiledWordSolver)
    context = solver._context
    assert context is not None
    nan = float("nan")
    with pytest.raises(ValueError, match="1 to 32 letters"):
        kernel.solve(context, b"", 0.0, -1, 0, -1, -1, nan, nan, None)
    with pytest.raises(ValueError, match="beyond the card letters"):
        kernel.solve(context, b"\x09", 0.0, -1, 0, -1, -1, nan, nan, None)
    keys, inverse = np.empty(4, np.int64), np.empty(2, np.int64)
    counts, words, lengths = enable.counts, enable.counts.shape[1], enable.lengths
    with pytest.raises(ValueError, match="malformed"):  # a slice past the lexicon's words
        kernel.signatures(counts, words, 0, 10**9, lengths, 2, b"\x00", b"\x01", 4, keys, inverse)
    with pytest.raises(ValueError, match="beyond its space"):  # a space too small for the keys
        kernel.signatures(counts, words, 0, 2, lengths, 0, b"\x00", b"\x01", 1, keys, inverse)
    index, bounds = np.empty(3, np.int64), np.empty(3, np.float64)
    with pytest.raises(ValueError, match="beyond the signatures"):  # a word's signature past the signatures
        kernel.per_word(np.zeros(2), np.array([0, 2, 1], np.int64), 0, index, bounds)
    with pytest.raises(ValueError, match="other sizes"):  # outputs too short for the words
        kernel.per_word(np.zeros(2), np.array([0, 1, 1, 0], np.int64), 0, index, bounds)
