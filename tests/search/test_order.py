"""The best-first loop's orders (``solver.search.order``): the compiled ones (``_order.c``) give numpy's positions in
numpy's order, ties included, over bounds with repeated values and infinities, as ``array('d')`` or numpy arrays."""

from __future__ import annotations

import math
from array import array
from collections.abc import Callable, Iterator
from contextlib import contextmanager, nullcontext
from typing import Any, TypeVar

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solver.search import order

T = TypeVar("T")
VALUES = st.sampled_from([math.inf, -math.inf, 0.0, 1.0, 2.0, 2.00005, 2.00015, 3.5, -1.25])
BOUNDS = st.lists(st.one_of(VALUES, st.floats(-10, 10, allow_nan=False)), max_size=60)


@contextmanager
def numpy_only() -> Iterator[None]:
    """numpy's code, as where the kernel was not built."""
    compiled, order.compiled = order.compiled, None
    try:
        yield
    finally:
        order.compiled = compiled


def both(call: Callable[[], T]) -> tuple[T, T]:
    if order.compiled is None:
        pytest.skip("the orders' kernel was not built")
    got = call()
    with numpy_only():
        want = call()
    return got, want


@settings(max_examples=300, deadline=None)
@given(
    values=BOUNDS, as_numpy=st.booleans(), cut=VALUES, ties=st.booleans(), take=st.integers(1, 80),
    width=st.sampled_from([0.0, 1e-4, 0.5]), efforts=st.lists(st.integers(0, 3), min_size=60, max_size=60),
)
def test_the_compiled_orders_are_numpys(
    values: list[float], as_numpy: bool, cut: float, ties: bool, take: int, width: float, efforts: list[int]
) -> None:
    bounds: Any = np.array(values, dtype=np.float64) if as_numpy else array("d", values)
    effort = array("q", efforts[: len(values)])
    above, want = both(lambda: order.above(bounds, cut, ties))
    assert above == want and all(isinstance(x, array) for x in (above, want))
    if above:
        k = min(take, len(above))
        assert (got := both(lambda: order.select(bounds, above, k, width)))[0] == got[1]
    asks: list[dict[str, Any]] = [{}, {"positions": above}, {"inf_last": True}, {"inf_last": True, "take": take}]
    for kwargs in [*asks, {"positions": above, "effort": effort, "width": width}]:
        assert (got2 := both(lambda kw=kwargs: order.ordered(bounds, **kw)))[0] == got2[1], kwargs  # type: ignore[misc]
    for under in (math.inf, cut, 2.0):
        assert (got3 := both(lambda u=under: order.largest(bounds, u)))[0] == got3[1]  # type: ignore[misc]
    assert (got4 := both(lambda: order.maximum(bounds)))[0] == got4[1]


def test_the_orders_by_hand() -> None:
    """What the orders mean, on one small array (both codes)."""
    b = array("d", [1.0, 3.0, -math.inf, 3.0, math.inf, 2.0])
    for code in (False, True):
        with numpy_only() if code else nullcontext():
            assert list(order.above(b, 1.0, False)) == [1, 3, 4, 5]
            assert list(order.above(b, 1.0, True)) == [0, 1, 3, 4, 5]
            assert list(order.ordered(b)) == [4, 1, 3, 5, 0, 2]  # ties in the positions' order
            assert list(order.ordered(b, inf_last=True)) == [1, 3, 5, 0, 2, 4]  # +inf counted as -inf, stably
            chosen, rest = order.select(b, array("q", [0, 1, 3, 5]), 1)
            assert (list(chosen), list(rest)) == ([1, 3], [0, 5])  # cut at the value: both 3.0s
            assert order.largest(b, 3.0) == 2.0 and order.largest(b, 1.0) is None
            assert order.maximum(b) == math.inf and order.maximum(array("d")) == -math.inf
