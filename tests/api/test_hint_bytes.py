"""The hint's answer is encoded in the search worker (``service.routers.hardback.encoded``): the bytes the server
sends are JSONResponse's own, ``elapsed_ms`` last; the worker reads the query as plain data."""

from __future__ import annotations

import json
import threading
import time

import pytest
from fastapi.responses import JSONResponse
from hypothesis import given
from hypothesis import strategies as st

from service.deps import plain_query, query_of, read_plain
from service.dictionaries import Dictionaries
from service.pool import Work
from service.routers.hardback import _timed_bytes, encoded, hint_job
from service.schemas import HintIn


def test_the_worker_writes_what_json_response_would() -> None:
    out = {"moves": [{"word": "étude", "value": 1.5, "cards": [], "notes": ["ё", "x\u2028y"]}], "exact": True}
    assert encoded(out) == JSONResponse(out).body
    sent = _timed_bytes(encoded({**out, "dictionary": "enable"}), time.perf_counter())
    assert sent.media_type == "application/json" and sent.headers["content-type"] == "application/json"
    body = json.loads(bytes(sent.body))
    assert list(body)[-2:] == ["dictionary", "elapsed_ms"] and body["elapsed_ms"] >= 0


def test_a_plain_query_reads_as_the_model() -> None:
    d = Dictionaries({}).get(None)
    body = HintIn.model_validate({"hand": ["r:F6", "E", "S", "T"], "inked": ["a:A5"], "weights": {"coins": 0.7},
                                  "options": {"stage": 0.5}, "time_limit": 3, "top": 3})
    query = plain_query(body, d)
    assert json.loads(json.dumps(query)) == query  # plain data
    assert read_plain(d, query, 10.0) == query_of(d, body, 10.0)
    answer = json.loads(hint_job(Work(Dictionaries({}), time.monotonic() + 30, threading.Event()), query, 10.0))
    assert answer["dictionary"] == d.name and len(answer["moves"]) == 3 and answer["exact"]


def test_the_worker_refuses_a_number_json_has_not() -> None:
    for bad in (float("nan"), float("inf"), -float("inf")):
        with pytest.raises(ValueError):
            encoded({"moves": [{"value": bad}]})
    text = {"moves": [{"word": "NaN", "notes": ["Infinity", "−0"]}], "value": -0.0}
    assert encoded(text) == JSONResponse(text).body  # the letters in a text: json's bytes, the same


@given(st.recursive(
    st.none() | st.booleans() | st.integers(-(2**63), 2**63 - 1) | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=20,
))
def test_the_worker_writes_the_json_of_any_answer(value: object) -> None:
    """Whatever plain data an answer holds, its bytes read back as JSONResponse's do (numbers may differ in form)."""
    out = {"moves": [value]}
    assert json.loads(encoded(out)) == json.loads(bytes(JSONResponse(out).body))
