"""The best-first loop both games share (``solver.search.best_first``), against the plain sort it stands for.

Candidates are numbers with a value and a bound at least as high; ``solve`` answers a candidate's value, or None
when it does not beat the level it is asked to beat (as the games' exact solvers do). Whatever the bounds, the
moves kept are the n best: by (value, tie) when a bound equal to the n-th value is still tried (Paperback), by
value when it is not (Hardback, whose ties may go either way).
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from solver.budget import OutOfTime
from solver.search.best_first import CLASS, BestFirst, Kept, Proved, Reach, Tie

HARDBACK = Reach(1e-9, ties=False)
PAPERBACK = Reach(0.0, ties=True)

candidates = st.lists(
    st.tuples(st.integers(0, 12), st.integers(0, 5)), min_size=0, max_size=60
)  # (value, slack): the bound is value + slack


def run(
    pairs: list[tuple[int, int]], n: int, reach: Reach, stepped: bool, batch: int | None = 4
) -> tuple[BestFirst[int], list[int]]:
    values = [float(v) for v, _ in pairs]
    bounds = np.array([v + s for v, s in pairs], dtype=np.float64)
    solved: list[int] = []

    def solve(j: int, level: float) -> int | None:
        solved.append(j)
        beats = values[j] >= level if reach.ties else values[j] > level
        return j if beats else None

    search: BestFirst[int] = BestFirst(
        bounds, n, solve, lambda j, _: (values[j], (-j,)), reach, stepped=stepped, batch=batch
    )
    search.run()
    return search, solved


@given(candidates, st.integers(1, 8), st.booleans(), st.sampled_from([None, 1, 4, 64]))
def test_with_ties_tried_the_moves_kept_are_the_n_best_by_value_then_tie(
    pairs: list[tuple[int, int]], n: int, stepped: bool, batch: int | None
) -> None:
    if stepped and batch is None:
        batch = 4  # a stepped search makes several passes: it sorts its candidates a batch at a time
    search, _ = run(pairs, n, PAPERBACK, stepped, batch)
    want = sorted(range(len(pairs)), key=lambda j: (pairs[j][0], -j), reverse=True)[:n]
    assert [m for _, _, m in search.kept.ranked()] == want


@given(candidates, st.integers(1, 8), st.booleans())
def test_without_ties_the_values_kept_are_the_n_best(pairs: list[tuple[int, int]], n: int, stepped: bool) -> None:
    search, _ = run(pairs, n, HARDBACK, stepped)
    want = sorted((v for v, _ in pairs), reverse=True)[:n]
    assert [v for v, _, _ in search.kept.ranked()] == want


def test_a_candidate_whose_bound_cannot_beat_the_kept_is_never_solved() -> None:
    # two words worth 10 fill the top 2; the others' bounds (at most 9) cannot beat them
    pairs = [(10, 0), (10, 0), (3, 6), (1, 2), (0, 0)]
    _, solved = run(pairs, 2, PAPERBACK, stepped=False, batch=None)
    assert solved == [0, 1]


def test_a_signal_from_the_solver_passes_through_and_the_search_goes_on() -> None:
    values = [5.0, 9.0, 7.0, 1.0]
    bounds = np.array([6.0, 9.0, 8.0, 2.0])
    calls = [0]

    def solve(j: int, level: float) -> int | None:
        calls[0] += 1
        if calls[0] == 2:
            raise OutOfTime  # as a ``Budget`` does past its limits (or at its checkpoint)
        return j if values[j] > level else None

    search: BestFirst[int] = BestFirst(bounds, 2, solve, lambda j, _: (values[j], (-j,)), HARDBACK, stepped=True)
    with pytest.raises(OutOfTime):
        search.run()
    assert [m for _, _, m in search.kept] == [1]  # what was found so far stays
    search.run()
    assert [m for _, _, m in search.kept.ranked()] == [1, 2]


def test_kept_keeps_the_n_best_in_any_order_of_offers() -> None:
    kept: Kept[str] = Kept(2)
    ties: dict[str, Tie] = {"b": (-2,), "a": (-1,), "c": (-3,), "d": (-4,)}
    for word, value in [("c", 3.0), ("a", 5.0), ("d", 5.0), ("b", 3.0)]:
        kept.offer(value, ties[word], word)
    assert [w for _, _, w in kept.ranked()] == ["a", "d"]
    assert kept.floor() == 5.0 and kept.worst() == "d"


def test_a_stepped_search_sorts_a_batch_at_a_time() -> None:
    with pytest.raises(ValueError, match="several passes"):
        BestFirst(np.zeros(3), 1, lambda j, level: j, lambda j, _: (0.0, (-j,)), HARDBACK, stepped=True, batch=None)


def run_many(
    pairs: list[tuple[int, int]], n: int, cut: int | None = None
) -> tuple[BestFirst[int], list[tuple[int, float]]]:
    """``run`` with ``solve_many``: a chunk against one level, as Paperback's compiled loop answers it (``cut``: the
    limits pass after that many candidates, as the kernel stops after the word they cut short)."""
    values = [float(v) for v, _ in pairs]
    bounds = np.array([v + s for v, s in pairs], dtype=np.float64)
    asked: list[tuple[int, float]] = []

    def solve_many(js: np.ndarray, level: float) -> tuple[int, list[tuple[int, int]]]:
        if cut is not None and len(asked) >= cut:
            raise OutOfTime
        found: list[tuple[int, int]] = []
        for k, j in enumerate(js.tolist()):
            asked.append((j, level))
            if values[j] >= level:
                found.append((k, j))
            if cut is not None and len(asked) >= cut:
                return k + 1, found
        return len(js), found

    def solve(j: int, level: float) -> int | None:
        raise AssertionError("solve_many answers every candidate")

    search: BestFirst[int] = BestFirst(
        bounds, n, solve, lambda j, _: (values[j], (-j,)), PAPERBACK, stepped=False, batch=None, solve_many=solve_many
    )
    search.run()
    return search, asked


@given(candidates, st.integers(1, 8))
def test_chunks_solved_against_one_level_keep_the_n_best(pairs: list[tuple[int, int]], n: int) -> None:
    # the level may rise while a chunk is solved: a word solved against the stale level costs work, not exactness
    search, asked = run_many(pairs, n)
    want = sorted(range(len(pairs)), key=lambda j: (pairs[j][0], -j), reverse=True)[:n]
    assert [m for _, _, m in search.kept.ranked()] == want
    assert len({j for j, _ in asked}) == len(asked)  # each candidate once
    for j, level in asked:
        assert pairs[j][0] + pairs[j][1] >= level  # each chunk's candidates beat the level when it was taken


@given(candidates, st.integers(1, 8), st.integers(0, 20))
def test_chunks_cut_short_end_the_search_where_the_limits_passed(
    pairs: list[tuple[int, int]], n: int, cut: int
) -> None:
    whole, asked_all = run_many(pairs, n)
    try:
        search, asked = run_many(pairs, n, cut)
    except OutOfTime:
        assert len(asked_all) > cut  # cut short only where the whole search goes further
    else:
        assert len(asked) <= cut or cut >= len(asked_all)
        assert [m for _, _, m in search.kept.ranked()] == [m for _, _, m in whole.kept.ranked()]



def test_a_chunk_cut_short_where_the_pass_ends_is_not_taken_for_a_finished_pass() -> None:
    """Hypothesis found it: the last chunk of a pass (cut where a bound falls under the level) was cut short by the
    limits after its first word, and the pass ended as if every word of it were searched, so the search stopped
    with an answer it called whole (the move worth 1 at position 9 never looked at). The pass now goes on, and the
    next call says the limits passed."""
    pairs = [(0, 0), *[(0, 1)] * 8, (1, 0), (1, 1)]
    whole, _ = run_many(pairs, 1)
    assert [m for _, _, m in whole.kept.ranked()] == [9]
    with pytest.raises(OutOfTime):
        run_many(pairs, 1, cut=9)


def test_solve_many_serves_one_pass_over_one_sort() -> None:
    with pytest.raises(ValueError, match="one pass"):
        BestFirst(np.zeros(3), 1, lambda j, _l: None, lambda j, _m: (0.0, ()), PAPERBACK, stepped=True, batch=4,
                  solve_many=lambda js, _l: (len(js), []))


def test_a_pass_that_found_moves_lowers_the_threshold_to_the_next_bound_only() -> None:
    """The first pass (threshold 98: the top bound less its first gap of 2) finds 100. As a move was found, the
    next pass goes down to the next bound, 97, where the candidate bounded at 98 (worth 97.8) is found and the
    search ends: it was asked to beat 97, not 90 as when the gap grew to 8 (a dearer proof, in a real search), and
    the candidate bounded at 97 is never searched."""
    values = [100.0, 97.8, 96.0, 50.0]
    bounds = np.array([100.0, 98.0, 97.0, 50.0])
    levels: dict[int, list[float]] = {}

    def solve(j: int, level: float) -> int | None:
        levels.setdefault(j, []).append(level)
        return j if values[j] > level else None

    search: BestFirst[int] = BestFirst(bounds, 2, solve, lambda j, _: (values[j], (-j,)), HARDBACK, stepped=True)
    search.run()
    assert [v for v, _, _ in search.kept.ranked()] == [100.0, 97.8]
    assert levels[1] == [97.0]
    assert 2 not in levels


@given(
    st.lists(st.tuples(st.integers(0, 12), st.integers(0, 5), st.integers(0, 50)), max_size=60),
    st.integers(1, 6),
)
def test_counting_the_proofs_steps_keeps_the_n_best_when_bounds_lie_close(
    triples: list[tuple[int, int, int]], n: int
) -> None:
    """With ``steps``, bounds closer than ``CLASS`` are one class, ordered by the steps of their last proofs; the
    values and bounds here lie a tenth of a class apart, so a class holds bounds that beat a level and bounds that
    do not, in any order: the search must not end a pass at the first of them that does not (it fails here if it
    does)."""
    unit = CLASS / 10
    values = [v * unit for v, _, _ in triples]
    bounds = np.array([(v + s) * unit for v, s, _ in triples], dtype=np.float64)
    clock = [0]

    def solve(j: int, level: float) -> int | None:
        clock[0] += triples[j][2]  # each proof its own number of steps
        return j if values[j] > level else None

    search: BestFirst[int] = BestFirst(
        bounds, n, solve, lambda j, _: (values[j], (-j,)), Reach(unit / 100, ties=False), stepped=True, batch=2,
        steps=lambda: clock[0],
    )
    search.run()
    assert [v for v, _, _ in search.kept.ranked()] == sorted(values, reverse=True)[:n]


def test_among_close_bounds_the_candidate_whose_proof_took_most_steps_goes_first() -> None:
    """The first pass (threshold 98: the top bound less its first gap of 2) proves candidates 0 and 1 worth no more
    than 98, 1 at more cost; their bounds become 98, the class of candidate 2's bound (98, not over the threshold,
    so never searched yet). The next pass (threshold 90) takes 1, then 0, then 2: by the steps of their last proofs
    (2 has none), where by bound alone it would take them in the lexicon's order."""
    values = [97.4, 97.5, 96.0, 1.0]
    bounds = np.array([100.0, 100.0, 98.0, 1.0])
    cost = [3, 40, 0, 0]
    clock = [0]
    order: list[int] = []

    def solve(j: int, level: float) -> int | None:
        order.append(j)
        clock[0] += cost[j]
        return j if values[j] > level else None

    search: BestFirst[int] = BestFirst(
        bounds, 2, solve, lambda j, _: (values[j], (-j,)), HARDBACK, stepped=True, steps=lambda: clock[0]
    )
    search.run()
    assert order == [0, 1, 1, 0, 2]
    assert [v for v, _, _ in search.kept.ranked()] == [97.5, 97.4]


def test_a_pass_goes_on_past_a_candidate_that_fails_while_one_of_its_class_may_still_beat_the_level() -> None:
    """One move kept. The first pass (threshold 98) proves 0 and 1 worth no more than 98, 0 at more cost; 2's bound
    (98 + 2.5u) is within the margin (3u) of the threshold, so it waits. The next pass takes the class of 98 by the
    proofs' steps: 0 is found (98 - u), so the level is 98 - u; 1 (bound 98) then cannot beat it, but 2 (bound
    98 + 2.5u) can, and is worth 98 + 2u: the pass must not end at 1."""
    u = CLASS / 10
    values = [98 - u, 50.0, 98 + 2 * u]
    bounds = np.array([100.0, 100.0, 98 + 2.5 * u])
    assert np.floor(98 / CLASS) == np.floor(bounds[2] / CLASS)  # 98 and 2's bound: one class
    cost = [50, 10, 0]
    clock = [0]

    def solve(j: int, level: float) -> int | None:
        clock[0] += cost[j]
        return j if values[j] > level else None

    search: BestFirst[int] = BestFirst(
        bounds, 1, solve, lambda j, _: (values[j], (-j,)), Reach(3 * u, ties=False), stepped=True,
        steps=lambda: clock[0],
    )
    search.run()
    assert [m for _, _, m in search.kept.ranked()] == [2]


@given(candidates, st.integers(1, 8), st.integers(0, 3))
def test_a_solver_that_fails_soft_keeps_the_n_best_and_solves_no_candidate_it_proved_lower(
    pairs: list[tuple[int, int]], n: int, under: int
) -> None:
    """``Proved``: a candidate that does not beat the level answers the most it is worth (its value plus up to
    ``under``, no more than the level). The values kept are the n best, and a candidate is solved again only at a
    level under what it proved."""
    values = [float(v) for v, _ in pairs]
    bounds = np.array([v + s for v, s in pairs], dtype=np.float64)
    proved: dict[int, float] = {}

    def solve(j: int, level: float) -> int | Proved:
        assert j not in proved or proved[j] > level + HARDBACK.margin, (j, proved[j], level)
        if values[j] > level:
            return j
        proved[j] = min(level, values[j] + under)
        return Proved(proved[j])

    search: BestFirst[int] = BestFirst(bounds, n, solve, lambda j, _: (values[j], (-j,)), HARDBACK, stepped=True)
    search.run()
    assert sorted((v for v, _, _ in search.kept), reverse=True) == sorted(values, reverse=True)[:n]
