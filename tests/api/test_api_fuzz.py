"""Property-based fuzzing of the API from its own OpenAPI schema (schemathesis), against a live server.

Every generated request, valid or not, must get an answer the schema declares (status, content type, body):
never a 5xx, and a request the schema forbids must be refused with a 4xx.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    negative_data_rejection,
    response_schema_conformance,
    status_code_conformance,
)

from service.main import create_app
from service.settings import Settings

from live_server import live_server


def negative_data_refused(ctx: Any, response: Any, case: Any) -> bool | None:
    """Schema-invalid input must be refused; a body past the size limit is refused before it is read (413)."""
    if response.status_code == 413:
        return None
    result: bool | None = negative_data_rejection(ctx, response, case)
    return result


def not_a_server_error_nor_busy(ctx: Any, response: Any, case: Any) -> bool | None:
    """No 5xx, except a busy service's 503 with its ``Retry-After`` (declared: on a loaded machine a 1 s budget can
    run out; a crash is a 500)."""
    if response.status_code == 503 and "retry-after" in {k.lower() for k in response.headers}:
        return None
    result: bool | None = not_a_server_error(ctx, response, case)
    return result


CHECKS = [
    not_a_server_error_nor_busy,
    status_code_conformance,
    content_type_conformance,
    response_schema_conformance,
    negative_data_refused,
]


@pytest.fixture(scope="module")
def base_url() -> Iterator[str]:
    # a short time budget keeps each fuzzed search small; the answers must still conform
    with live_server(env={"GHOSTWRITER_TIME_BUDGET": "1"}) as base:
        yield base


# the schema the live server publishes at /openapi.json is the app's own
schema = schemathesis.openapi.from_dict(create_app(Settings()).openapi())


@schema.parametrize()
@settings(max_examples=30, deadline=None, suppress_health_check=list(HealthCheck))
def test_every_request_gets_a_declared_answer(case: schemathesis.Case[Any], base_url: str) -> None:
    case.call_and_validate(base_url=base_url, checks=CHECKS)
