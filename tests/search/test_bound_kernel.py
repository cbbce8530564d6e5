"""The word bounds' compiled part (``solver/search/hardback/_bound_kernel.c``) against the numpy code it ports.

The kernel bounds each signature with the same arithmetic in the same order as ``bound._numpy_parts``, so every
bound must be the same double: ``word_bounds`` with and without the kernel must give equal arrays (``np.array_equal``,
no tolerance) on hands that exercise every part of the bound: uncover chains, doublers, per-wild specials (Mystery N
and cards of our own with many of each), genres that may or may not be active, dumps with and without fodder,
classics of either side, inked cards and removers, awards, and weights other than the defaults. That the bounds never
underestimate is ``test_bound_rules.py``'s (whose searches use the kernel where it was built).

The kernel must have been built where ``GHOSTWRITER_REQUIRE_KERNEL=1`` (CI): there these tests fail without it.
"""

from __future__ import annotations

import os
import random
from array import array
from collections.abc import Callable
from types import ModuleType
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solver.hardback.benefits import Tally
from solver.hardback.objectives import Objective, Weights
from solver.hardback.profile import Pool, Profile
from solver.hardback.state import TurnState
from solver.lexicon import Lexicon
from solver.search.hardback import Search, bound, kinds, native

from helpers import lexicon_of
from oracle_cases import ALL_WORDS, CARDS, CLASSICS, OFFER, random_hand, states

# cards of our own: many uncovers and doubles, per-wild specials on either side, dumps, genre-counted specials
CUSTOM = [
    "mystery:E9{2p uncover uncover double | 1c uncover double}",
    "romance:A9{1c double double | 2p double uncover}",
    "mystery:T9{1p 1p*wild | 2p*wild double}",
    "romance:S9{1p | 2p double double}",
    "horror:R9{1p*wild uncover | 2p*wild 1c*horror double}",
    "adventure:O9{dump=1c 1p | 2p dump=2c double}",
    "horror:N9{1c*horror 1p*inked | uncover 1p*wild}",
    "adventure:I9{double | uncover uncover uncover}",
]
STARTER_BOX = [c.code for c in CARDS if c.is_starter for _ in range(c.copies)]  # the starters, each copy of them


def _kernel() -> ModuleType:
    """The bounds' kernel; a skip where it was not built, a failure where it must have been."""
    if native.bound_kernel is None:
        if os.environ.get("GHOSTWRITER_REQUIRE_KERNEL") == "1":
            raise AssertionError("the bounds' kernel is not built, and GHOSTWRITER_REQUIRE_KERNEL=1 asks for it")
        pytest.skip("the bounds' kernel is not built here")
    return native.bound_kernel


def _same_bounds(lex: Lexicon, state: TurnState, objective: Objective = Objective.VALUE, weights: Any = None) -> int:
    """Both paths' bounds of one state are equal arrays; how many signatures the kernel bounded (0 when the state
    leaves none to bound)."""
    _kernel()
    pool = Search(lex, state, objective, weights, engine="python").pool
    bounded = 0
    compiled_parts = bound._compiled_parts

    def counted(*args: Any) -> Any:
        nonlocal bounded
        out = compiled_parts(*args)
        assert out is not None, "the kernel refused a state numpy bounds"
        bounded += len(out)
        return out

    bound._compiled_parts = counted  # type: ignore[assignment]
    try:
        in_c = bound.word_bounds(lex, pool, native=True)
    finally:
        bound._compiled_parts = compiled_parts
    in_numpy = bound.word_bounds(lex, pool, native=False)
    assert np.array_equal(in_c.index, in_numpy.index)
    assert in_c.bound.format == in_numpy.bound.format == "d" and in_c.index.format == in_numpy.index.format == "q"
    assert np.array_equal(in_c.bound, in_numpy.bound), _first_difference(in_c, in_numpy)
    return bounded


def _first_difference(a: bound.Bounds, b: bound.Bounds) -> str:
    at = np.nonzero(np.asarray(a.bound) != np.asarray(b.bound))[0]
    if not len(at):
        return ""
    return f"{len(at)} bounds differ, first at {int(at[0])}: {a.bound[at[0]]!r} vs {b.bound[at[0]]!r}"


@st.composite
def rich_states(draw: st.DrawFn) -> dict[str, Any]:
    """Hands heavy with the cards that push the bound: our own cards (a copy or two), uncoverers and doublers of
    the catalogue, starters (several of a letter); inked cards, classics of either side, a discard pile, removers,
    the awards under either rules."""
    rng = random.Random(draw(st.integers(0, 2**32 - 1)))
    size = draw(st.integers(1, 9))
    custom = [rng.choice(CUSTOM) for _ in range(draw(st.integers(0, min(4, size))))]
    hand = custom + rng.sample(OFFER, rng.randint(0, size - len(custom)))
    hand += rng.sample(STARTER_BOX, size - len(hand))
    rng.shuffle(hand)
    n_inked = draw(st.integers(0, min(3, len(hand) - 1)))
    inked = [hand.pop() for _ in range(n_inked)]
    classics = rng.sample(CLASSICS, 4)
    return {
        "hand": hand,
        "inked": inked,
        "timeless": {"mine": classics[: draw(st.integers(0, 2))], "others": classics[2 : 2 + draw(st.integers(0, 2))]},
        "discard": rng.sample([c for c in OFFER if c not in hand + inked], draw(st.integers(0, 3))),
        "remover": draw(st.integers(0, 2)),
        "options": {
            "rules": draw(st.sampled_from(["printed", "bga"])),
            "literary_awards": draw(st.booleans()),
            "award_held": draw(st.sampled_from([0, 7])),
        },
    }


weights = st.builds(  # some of them not dyadic, so that a sum in another order would round otherwise
    Weights,
    prestige=st.sampled_from([1.0, 0.7, 1.1]),
    coins=st.sampled_from([0.0, 0.5, 0.3, 1.3]),
    ink=st.sampled_from([0.4, 0.1]),
    dump=st.sampled_from([0.0, 0.2, 2.0]),
    classic_sent_home=st.sampled_from([1.0, -0.5]),
    classic_kept=st.sampled_from([1.5, 0.0]),
    remover_spent=st.sampled_from([0.5, -0.7]),
    award=st.sampled_from([0.5, 0.0, 2.0]),
)


@settings(max_examples=200, deadline=None)
@given(state=rich_states(), objective=st.sampled_from(list(Objective)), w=st.none() | weights)
def test_the_kernel_bounds_as_numpy_on_rich_hands(
    state: dict[str, Any], objective: Objective, w: Weights | None, enable: Lexicon
) -> None:
    _same_bounds(enable, TurnState.from_json(state), objective, w if objective is Objective.VALUE else None)


@settings(max_examples=100, deadline=None)
@given(state=states(max_hand=6), objective=st.sampled_from(list(Objective)))
def test_the_kernel_bounds_as_numpy_on_the_oracle_states(
    state: dict[str, Any], objective: Objective, enable: Lexicon
) -> None:
    _same_bounds(enable, TurnState.from_json(state), objective)


@settings(max_examples=100, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), size=st.integers(2, 9))
def test_the_kernel_bounds_as_numpy_on_small_lexicons(seed: int, size: int) -> None:
    """A few dozen words, most of them rich in the hand's letters: few signatures, each a pattern of its own."""
    rng = random.Random(seed)
    custom = rng.sample(CUSTOM, rng.randint(1, 3))
    state = TurnState.from_json({"hand": custom + rng.sample(STARTER_BOX, size), "remover": 1})
    letters = {c.match_letter for c in state.hand}
    rich = [w for w in ALL_WORDS if sum(ch in letters for ch in w) >= min(3, len(w))]
    lex = lexicon_of(*rng.sample(rich, min(30, len(rich))), *rng.sample(ALL_WORDS, 10))
    _same_bounds(lex, state)


@pytest.mark.parametrize("size", [5, 8, 12, 16])
def test_the_kernel_bounds_as_numpy_on_seeded_hands(size: int, enable: Lexicon) -> None:
    bounded = sum(_same_bounds(enable, TurnState.from_json(random_hand(7000 * size + seed, size))) for seed in range(8))
    assert bounded > 0


def test_the_engines_choose_the_bounds(enable: Lexicon, monkeypatch: pytest.MonkeyPatch) -> None:
    """The compiled engine's bounds are the kernel's, the Python engine's numpy's (the kernel is never asked)."""
    _kernel()
    state = TurnState.from_json(random_hand(5, 6))
    asked: list[str] = []
    compiled_parts = bound._compiled_parts

    def spy(*args: Any) -> Any:
        asked.append("kernel")
        return compiled_parts(*args)

    monkeypatch.setattr(bound, "_compiled_parts", spy)
    python = Search(enable, state, engine="python").bounds
    assert asked == []
    compiled = Search(enable, state, engine="compiled").bounds
    assert asked == ["kernel"]
    assert np.array_equal(python.bound, compiled.bound) and np.array_equal(python.index, compiled.index)


def test_numpy_answers_what_the_kernel_refuses(enable: Lexicon, monkeypatch: pytest.MonkeyPatch) -> None:
    """Where the kernel was not built, or refuses the input, the numpy code bounds the words all the same."""
    kernel = _kernel()
    pool = Search(enable, TurnState.from_json(random_hand(11, 8))).pool
    want = bound.word_bounds(enable, pool, native=False)
    monkeypatch.setattr(bound, "bound_kernel", None)
    assert np.array_equal(bound.word_bounds(enable, pool).bound, want.bound)

    class Refusing:
        MAX_LAMBDAS = kernel.MAX_LAMBDAS
        patterns = kernel.patterns

        @staticmethod
        def parts(*args: Any) -> None:
            raise ValueError("bound kernel: refused")

    monkeypatch.setattr(bound, "bound_kernel", Refusing)
    assert np.array_equal(bound.word_bounds(enable, pool).bound, want.bound)


def _inputs(n: int = 3, rows: int = 26) -> dict[str, Any]:
    """Well-formed inputs of both calls: one hand card A (letter 0) that uncovers, n signatures."""
    return {
        "kinds": array("q", [0, 1, 0, 1, 1, -1, 1, 1, 0, 1]),
        "counts": np.ones((rows, n), dtype=np.uint8),
        "rows": rows,
        "n": n,
        "lengths": np.full(n, 3, dtype=np.int64),
        "fill": np.full(n, 5, dtype=np.int64),
        "can_uncover": np.zeros(n, dtype=np.uint8),
        "spare": np.zeros(n, dtype=np.int64),
        "uncoverable": np.zeros(n, dtype=np.int64),
        "pattern": np.zeros(n, dtype=np.uint8),
        "slots": bytes([0] + [255] * 31),
        "doubles": array("q", [0]),
        "floats": array("d", [1.0, 0.0, 0.0, 0.0]),
        "out": np.zeros(n, dtype=np.float64),
    }


def _patterns(kernel: ModuleType, x: dict[str, Any]) -> int:
    return int(
        kernel.patterns(
            x["kinds"], x["counts"], x["rows"], x["n"], x["lengths"], x["fill"], 0, True, x["can_uncover"],
            x["spare"], x["uncoverable"], x["pattern"],
        )
    )


def _parts(kernel: ModuleType, x: dict[str, Any]) -> None:
    kernel.parts(
        x["kinds"], x["slots"], x["doubles"], x["floats"], x["counts"], x["rows"], x["n"], x["lengths"],
        x["can_uncover"], x["spare"], x["uncoverable"], x["pattern"], x["out"],
    )


def _a_sound_call_goes_through(kernel: ModuleType) -> None:
    """The inputs as given (``_inputs``, the fill set so nothing is left to dump) are taken by both calls."""
    x = _inputs()
    x["fill"][:] = 3  # nothing left to dump: pattern 16
    assert _patterns(kernel, x) == 1 << 16
    assert x["pattern"].tolist() == [16] * 3 and x["can_uncover"].tolist() == [1] * 3  # the A starts a chain
    assert x["spare"].tolist() == [1] * 3 and x["uncoverable"].tolist() == [1] * 3
    x["slots"] = bytes(0 if p == 16 else 255 for p in range(32))
    _parts(kernel, x)
    assert x["out"].tolist() == [1.0] * 3  # the A, worth 1


def _refused_by_both() -> list[tuple[str, Any, str]]:
    """Odd values of what both calls read, each with what the refusal says."""
    return [
        ("kinds", array("q", [0] * 9), "another layout"),
        ("kinds", array("q", [26, 1, 0, 1, 1, -1, 1, 1, 0, 1]), "beyond the letters"),
        ("kinds", array("q", [0, -1, 0, 1, 1, -1, 1, 1, 0, 1]), "count of cards"),
        ("kinds", array("q", [0, 1 << 40, 0, 1, 1, -1, 1, 1, 0, 1]), "count of cards"),
        ("kinds", array("q", [0, 1, 7, 1, 1, -1, 1, 1, 0, 1]), "out of range"),
        ("kinds", array("q", [0, 1, 0, 1, 1, 4, 1, 1, 0, 1]), "out of range"),
        ("kinds", array("q", [0, 1, 0, 1, 1, -1, 1 << 20, 1, 0, 1]), "uncovers"),
        ("counts", np.ones((26, 2), dtype=np.uint8), "rows x signatures"),
        ("rows", 0, "odd sizes"),
        ("rows", 1000, "odd sizes"),
        ("n", -1, "odd sizes"),
        ("lengths", np.full(2, 3, dtype=np.int64), "lengths"),
        ("lengths", np.full(3, -1, dtype=np.int64), "length out of range"),
        ("spare", np.zeros(2, dtype=np.int64), "another size"),
        ("uncoverable", np.zeros(4, dtype=np.int64), "another size"),
        ("pattern", np.zeros(4, dtype=np.uint8), "another size"),
    ]


def _refused_by_patterns() -> list[tuple[str, Any, str]]:
    """Odd values of what only ``patterns`` reads (or writes)."""
    return [
        ("fill", np.full(3, 1 << 40, dtype=np.int64), "fill"),
        ("fill", np.zeros(2, dtype=np.int64), "another size"),
        ("can_uncover", np.zeros(2, dtype=np.uint8), "another size"),
    ]


def _refused_by_parts() -> list[tuple[str, Any, str]]:
    """Odd values of what ``parts`` reads (or writes)."""
    return [
        ("slots", bytes(31), "slots"),
        ("slots", bytes([255] * 32), "pattern"),
        ("slots", bytes([1] + [255] * 31), "kinds of patterns"),
        ("doubles", array("q", [0, 0]), "kinds of patterns"),
        ("doubles", array("q", [1 << 20]), "doubles"),
        ("floats", array("d", [1.0, 0.0, 0.0]), "kinds of patterns"),
        ("floats", array("d", [float("inf"), 0.0, 0.0, 0.0]), "finite"),
        ("pattern", np.full(3, 40, dtype=np.uint8), "pattern"),
        ("pattern", np.full(3, 1, dtype=np.uint8), "pattern"),
        ("can_uncover", np.full(3, 2, dtype=np.uint8), "uncover budget"),
        ("spare", np.full(3, -1, dtype=np.int64), "uncover budget"),
        ("uncoverable", np.full(3, -1, dtype=np.int64), "uncover budget"),
        ("out", np.zeros(2, dtype=np.float64), "another size"),
    ]


def test_odd_input_to_the_kernel_is_refused() -> None:
    """The kernel checks what it is given and says no with a ValueError: sizes that disagree, a letter past the
    rows, counts or abilities out of range, a pattern without its kinds, a value not finite."""
    kernel = _kernel()
    _a_sound_call_goes_through(kernel)
    for field, value, message in _refused_by_both():
        with pytest.raises(ValueError, match=message):
            _patterns(kernel, {**_inputs(), field: value})
        with pytest.raises(ValueError, match=message):
            _parts(kernel, {**_inputs(), field: value})
    for field, value, message in _refused_by_patterns():
        with pytest.raises(ValueError, match=message):
            _patterns(kernel, {**_inputs(), field: value})
    for field, value, message in _refused_by_parts():
        with pytest.raises(ValueError, match=message):
            _parts(kernel, {**_inputs(), field: value})
    with pytest.raises(TypeError):  # an output that cannot be written
        _parts(kernel, {**_inputs(), "out": bytes(24)})


@settings(max_examples=30, deadline=None)
@given(state=rich_states(), a=weights, b=weights)
def test_the_optimism_remembered_on_profiles_is_what_they_give(state: dict[str, Any], a: Weights, b: Weights) -> None:
    """``Optimism.of`` and ``_Kinds.of`` remember their numbers on the profiles (``Profile.remembered``), by the
    weights and the counts they were asked for: asked again, or under other weights, they give what the profiles
    give afresh."""
    turn = TurnState.from_json(state)
    pool = Search(lexicon_of("cat"), turn, weights=a).pool

    def fresh(p: Pool) -> tuple[Any, ...]:
        for profile in p.profiles:
            profile.remembered.clear()
        om = kinds.Optimism.of(p)
        return om, kinds.Kinds.of(p, (1, 2, 0, 3), dumps=False), kinds.Kinds.of(p, (0, 0, 2, 2), dumps=True)

    def remembered(p: Pool) -> tuple[Any, ...]:
        om = kinds.Optimism.of(p)
        return om, kinds.Kinds.of(p, (1, 2, 0, 3), dumps=False), kinds.Kinds.of(p, (0, 0, 2, 2), dumps=True)

    want_a = fresh(pool)
    assert remembered(pool) == want_a
    other = Pool(pool.profiles, pool.counts, pool.state, b)  # the same profiles, other weights
    assert remembered(other) == fresh(other)
    assert remembered(pool) == want_a


@settings(max_examples=30, deadline=None)
@given(state=rich_states(), w=weights, seed=st.integers(0, 2**32 - 1))
def test_profiles_remember_their_optimism_by_what_they_read(state: dict[str, Any], w: Weights, seed: int) -> None:
    """A profile's optimistic numbers are remembered by what they read of the turn (``Profile.reading``), not by the
    whole turn: asked in turn under many genre counts, inked cards and pool sizes, each answer is what the profile
    gives afresh (a reading that left out a number the profile reads would hand on another turn's numbers)."""
    pool = Search(lexicon_of("cat"), TurnState.from_json(state), weights=w).pool
    rng = random.Random(seed)
    token = kinds.weights_token(w)
    def numbers(p: Profile, counts: tuple[int, int, int, int], inked: int, size: int, dumps: bool) -> tuple[Any, ...]:
        cards = size + 2  # (the most letters a word may hold cards on: the pool and a classic or two)
        reach = Tally(counts, 0, inked, cards)
        return kinds.optimism_of(p, counts, w, token, inked, size, cards), kinds.kinds_of(p, reach, w, token, dumps)

    for _ in range(12):
        counts = (rng.randint(0, 3), rng.randint(0, 3), rng.randint(0, 3), rng.randint(0, 3))
        inked, size, dumps = rng.randint(0, 3), rng.randint(1, 9), rng.random() < 0.5
        for p in pool.profiles:
            if not p.own:
                continue
            kept = numbers(p, counts, inked, size, dumps)  # read from what earlier turns left on the profile, if alike
            memo = dict(p.remembered)
            p.remembered.clear()
            assert kept == numbers(p, counts, inked, size, dumps), (p.card.code, counts, inked, size, dumps)
            p.remembered.clear()
            p.remembered.update(memo)


@settings(max_examples=40, deadline=None)
@given(state=rich_states(), native_=st.booleans(), stop_after=st.integers(1, 4))
def test_bounds_cut_by_the_clock_are_the_same_numbers_or_infinite(
    state: dict[str, Any], native_: bool, stop_after: int, enable: Lexicon
) -> None:
    """``word_bounds`` in chunks between looks at the clock: while the clock allows, the same numbers as one pass;
    once it says stop, every word not reached is bounded +inf (still an upper bound) and the answer says it is not
    complete. The first chunk (the longest words) is always bounded."""
    if native_:
        _kernel()
    pool = Search(enable, TurnState.from_json(state), engine="python").pool
    whole = bound.word_bounds(enable, pool, native=native_)
    chunk, bound.BOUND_CHUNK = bound.BOUND_CHUNK, 64
    try:
        never = bound.word_bounds(enable, pool, native=native_, out_of_time=lambda: False)
        cut = bound.word_bounds(enable, pool, native=native_, out_of_time=_stops_after(stop_after))
    finally:
        bound.BOUND_CHUNK = chunk
    assert never.complete and np.array_equal(never.index, whole.index) and np.array_equal(never.bound, whole.bound)
    assert np.array_equal(cut.index, whole.index)
    unknown = np.asarray(cut.bound) == np.inf
    assert np.array_equal(np.asarray(cut.bound)[~unknown], np.asarray(whole.bound)[~unknown])
    assert cut.complete == (not unknown.any())
    if unknown.any():
        lengths = np.array([len(enable.word(int(i))) for i in cut.index])
        assert lengths[~unknown].max() >= lengths[unknown].max()  # longest words first
        order = np.asarray(cut.promising(len(cut.bound)))
        assert not unknown[order[: int((~unknown).sum())]].any()  # the known bounds come first


def _stops_after(looks: int) -> Callable[[], bool]:
    """A clock that says "out of time" from its ``looks``-th look on."""
    seen = 0

    def clock() -> bool:
        nonlocal seen
        seen += 1
        return seen >= looks

    return clock


def test_the_allowed_words_are_kept_in_the_words_pass(enable: Lexicon) -> None:
    """``word_bounds`` given the allowed words (the kernel's pass over the words keeps them) answers what
    ``Bounds.only`` keeps of every word's bounds, on either route; and a shorter list of flags is refused."""
    _kernel()
    rng = random.Random(7)
    flags = bytes(rng.random() < 0.6 for _ in range(len(enable)))
    for seed in range(6):
        pool = Search(enable, TurnState.from_json(random_hand(40 + seed, 4 + seed))).pool
        for native_ in (True, False):
            want = bound.word_bounds(enable, pool, native=native_).only(flags)
            got = bound.word_bounds(enable, pool, native=native_, allowed=flags)
            assert len(got.index) < len(bound.word_bounds(enable, pool, native=native_).index)
            assert list(got.index) == list(want.index) and list(got.bound) == list(want.bound)
    sig, out = array("d", [1.0]), array("q", [0, 0])
    assert native.kernel is not None
    with pytest.raises(ValueError, match="beyond the allowed flags"):
        native.kernel.per_word(sig, array("q", [0, 0]), 5, out, array("d", [0.0, 0.0]), b"\x01" * 6)
