"""Every failure becomes one JSON body ``{"error": ..., "field": ...}`` with a 4xx (503 when the service cannot
answer now): input errors of the solver, schema errors, unknown paths, oversized bodies. Nothing else reaches
a client, and never a traceback."""

from __future__ import annotations

import logging
import re
from collections.abc import Sequence
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from service.runner import Unavailable
from service.schemas import ErrorOut
from solver.errors import GhostwriterError, TextError
from solver.hardback.objectives import Weights
from solver.text import MAX_DEPTH, check_depth

log = logging.getLogger("ghostwriter.service")

# the error answers the routes declare in the API's schema, each route naming the ones it can give
RESPONSES: dict[int, dict[str, Any]] = {
    400: {"model": ErrorOut, "description": "the body is not JSON"},
    404: {"model": ErrorOut, "description": "no such resource"},
    413: {"model": ErrorOut, "description": "the body is too large"},
    422: {"model": ErrorOut, "description": "a field is wrong: the message names it and the fix"},
    503: {"model": ErrorOut, "description": "busy, still loading, or over the time budget: retry"},
}


def responses(*codes: int) -> dict[int | str, dict[str, Any]]:
    """The declared error answers of a route."""
    return {code: RESPONSES[code] for code in codes}


QUERY_ERRORS = responses(400, 413, 422, 503)  # a query that searches: what every search route can answer

FIELD_AT_START = re.compile(r'^(?:"([a-z_.]+)"|([a-z_]+(?:\.[a-z_]+)*(?:\[\d+\])?)(?: \([^)]*\))?:) ')


class FieldError(GhostwriterError):
    """An input error of one request field, named."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(message)
        self.field = field


class NotFound(GhostwriterError):  # noqa: N818 - reads as what it reports
    """A resource named in the path that does not exist (404)."""


def error_body(message: str, field: str | None = None) -> dict[str, Any]:
    return {"error": message, "field": field}


def error_response(status: int, message: str, field: str | None = None, **headers: str) -> JSONResponse:
    return JSONResponse(error_body(message, field), status_code=status, headers=headers or None)


def field_of(message: str) -> str | None:
    """The field a solver message names first (``hand[2]: ...``, ``"remover" must ...``), if any."""
    m = FIELD_AT_START.match(message)
    return (m.group(1) or m.group(2)) if m else None


UNION_TAGS = re.compile(r"^(?:[A-Z]\w*|str|int|float|bool|list\[.*\]|dict\[.*\]|[a-z-]+\[.*\])$")


def _loc(loc: Sequence[int | str]) -> str:
    """A field's place as the API names it (``arrangement[0].face``), without pydantic's tags of union members
    (``ArrangementEntryIn``, ``str``), which are no field of the request."""
    parts = [p for p in loc if p not in ("body", "query", "path") and not (isinstance(p, str) and UNION_TAGS.match(p))]
    out = ""
    for p in parts:
        out += f"[{p}]" if isinstance(p, int) else (f".{p}" if out else str(p))
    return out


def describe_validation(errors: Sequence[Any]) -> tuple[int, str, str | None]:
    """A status, one sentence and the field for a request the schema refused (the first error found)."""
    e = errors[0]
    kind = e.get("type", "")
    where = _loc(e.get("loc", ()))
    if kind == "json_invalid":
        why = e.get("ctx", {}).get("error", "malformed")
        return 400, f"the body is not valid JSON ({why}): send a JSON object", None
    if kind == "string_unicode":
        return (
            422,
            f"{where}: the text holds a lone surrogate (half of a character, which cannot stand alone): send valid "
            "Unicode text",
            where or None,
        )
    if kind == "missing":
        if not where:
            return 400, 'the body is missing: send a JSON object such as {"hand": ["r:F6", "E"]}', None
        return 422, f'{where} is required (e.g. "hand": ["r:F6", "E", "a:A5"])', where
    if kind == "extra_forbidden":
        return 422, f"unknown field {where!r}: see the request's fields at /docs", where
    if kind in ("model_type", "dict_type", "model_attributes_type") and not where:
        return 422, 'the body must be a JSON object such as {"hand": ["r:F6", "E"]}', None
    if where.startswith("weights"):
        names = ", ".join(f.name for f in Weights.__dataclass_fields__.values())
        return 422, f"{where}: {e.get('msg', 'invalid')}; weights are numbers by name ({names})", where
    message = e.get("msg", "invalid value")
    message = message[0].lower() + message[1:] if message else message
    value = e.get("input")
    shown = f" (got {value!r})" if isinstance(value, str | int | float | bool) and len(repr(value)) <= 60 else ""
    return 422, f"{where or 'the request'}: {message}{shown}", where or None


def install(app: FastAPI) -> None:
    """Map every error to the one JSON form."""

    @app.exception_handler(RequestValidationError)
    async def _validation(request: Request, exc: RequestValidationError) -> JSONResponse:
        status, message, field = describe_validation(exc.errors())
        kind = request.headers.get("content-type", "").partition(";")[0].strip().lower()
        if field is None and request.method == "POST" and kind not in ("application/json", ""):
            message = f"{message}, sent with the header content-type: application/json (this body came as {kind!r})"
        return error_response(status, message, field)

    @app.exception_handler(NotFound)
    async def _not_found(_: Request, exc: NotFound) -> JSONResponse:
        return error_response(404, str(exc))

    @app.exception_handler(GhostwriterError)
    async def _input(_: Request, exc: GhostwriterError) -> JSONResponse:
        field = exc.field if isinstance(exc, FieldError) else field_of(str(exc))
        return error_response(422, str(exc), field)

    @app.exception_handler(Unavailable)
    async def _unavailable(_: Request, exc: Unavailable) -> JSONResponse:
        return error_response(exc.status, str(exc), None, **{"Retry-After": str(exc.retry_after)})

    @app.exception_handler(HTTPException)
    async def _http(request: Request, exc: HTTPException) -> JSONResponse:
        if exc.status_code == 404:
            message = f"no such path {request.url.path!r}: the API is under /v1 (see /docs)"
        elif exc.status_code == 405:
            message = f"{request.method} is not allowed on {request.url.path}: see /docs for the methods"
        elif exc.status_code == 400 and exc.__cause__ is not None:  # FastAPI could not parse the body
            message = unreadable_body(exc.__cause__)
        else:
            message = str(exc.detail)
        return error_response(exc.status_code, message, None, **(exc.headers or {}))

    @app.exception_handler(Exception)
    async def _internal(request: Request, exc: Exception) -> JSONResponse:
        log.exception("internal error on %s %s", request.method, request.url.path)
        return error_response(500, "internal error: the service failed on this request (it is logged)")


def unreadable_body(cause: BaseException) -> str:
    """Why a body that FastAPI could not parse as JSON was unreadable, in words (never the exception's name)."""
    if isinstance(cause, UnicodeDecodeError):
        return "the body is not UTF-8 text: send the JSON encoded as UTF-8"
    if isinstance(cause, ValueError) and "digits" in str(cause):
        return "the body holds a number thousands of digits long: every number a request takes is small"
    if isinstance(cause, RecursionError):
        return f"the body is nested too deep: at most {MAX_DEPTH} levels are read (a turn state is 3 or 4 deep)"
    return 'the body cannot be read as JSON: send a JSON object such as {"hand": ["r:F6", "E"]}'


class BodyLimit:
    """Refuses request bodies over ``max_body`` bytes with a 413, whether announced by Content-Length or not, and
    bodies nested deeper than ``solver.text.MAX_DEPTH`` with a 400.

    The body is read (up to the limit) before the app sees it, so an oversized body never reaches a handler, nor
    does one whose nesting would exhaust the JSON parser's recursion (FastAPI would answer a bare "error parsing
    the body"; a body nested a few hundred deep would reach the schema's validators).
    """

    def __init__(self, app: ASGIApp, max_body: int) -> None:
        self.app = app
        self.max_body = max_body

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        too_big = error_body(
            f"the request body is larger than {self.max_body} bytes: send a smaller turn state", None
        )
        for name, value in scope.get("headers", []):
            if name == b"content-length":
                try:
                    announced = int(value)
                except ValueError:
                    announced = -1
                if announced > self.max_body:
                    await JSONResponse(too_big, status_code=413)(scope, receive, send)
                    return
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] == "http.disconnect":
                return
            body = message.get("body", b"")
            size += len(body)
            if size > self.max_body:
                await JSONResponse(too_big, status_code=413)(scope, receive, send)
                return
            chunks.append(body)
            if not message.get("more_body", False):
                break
        try:
            check_depth(b"".join(chunks), "the body")
        except TextError as e:
            await JSONResponse(error_body(str(e), None), status_code=400)(scope, receive, send)
            return
        replayed = False

        async def replay() -> Message:
            nonlocal replayed
            if not replayed:
                replayed = True
                return {"type": "http.request", "body": b"".join(chunks), "more_body": False}
            return await receive()

        await self.app(scope, replay, send)
