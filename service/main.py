"""The Ghostwriter HTTP service: ``create_app()`` builds it (``uvicorn --factory service.main:create_app``, or
``ghostwriter serve``).

The app is stateless between requests: each worker process loads the dictionaries once, at start-up, and
shares them (memory-mapped, so several workers on one machine share the pages too). It scales out as several
uvicorn workers or as replicas behind any load balancer, which should send traffic once ``/readyz`` says so.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import replace
from importlib import resources
from pathlib import Path
from typing import Any

from fastapi import FastAPI
from fastapi.middleware.cors import CORSMiddleware
from fastapi.responses import FileResponse
from fastapi.staticfiles import StaticFiles
from starlette.types import ASGIApp

from service import errors
from service.deps import Context
from service.routers import (
    advice,
    cards,
    games,
    hardback,
    health,
    ink,
    paperback,
    paperback_games,
    review,
    table,
    tables,
    vocabulary,
    words,
)
from service.security import SecurityHeaders
from service.settings import Settings
from service.signing import kept_key, sign
from solver import __version__

STATIC = Path(str(resources.files("service").joinpath("static")))
# Swagger UI 5 as the fastapi-offline package ships it (Swagger UI 4 cannot read the OpenAPI 3.1 FastAPI writes)
SWAGGER_UI = Path(str(resources.files("fastapi_offline").joinpath("static")))


DESCRIPTION = """Ghostwriter finds, over a real dictionary, the best words a hand of cards can spell in the
deck-building word games **Hardback** and **Paperback**, with the arrangement of the cards (which card at which
letter, face-up or wild) and what each earns; it plays whole games of both, with bots for any seat, and reviews a
finished game turn by turn.

- **Hardback**: `/v1/hardback/hint` and `/rate` (a turn state), `/ink-advice`, the games (`/game/new`, `/game/action`,
  `/game/view`, `/game/steps`, `/game/hint`, `/game/read`, `/bot/move`) and `/review`; the cards under `/v1/cards`.
- **Paperback**: `/v1/paperback/hint` (a hand in the printed notation, `TH/3`, `?`), the games (`/game/new`,
  `/game/action`, `/bot/move`) and `/review`.
- Both: `/v1/vocabulary` (the notation of both games), `/v1/cards/check`, `/v1/dictionaries`, `/v1/words/{word}`.

Every request body below has an example that the service answers: "Try it out" and "Execute" send it as it is. The
game requests' examples carry a game dealt from seed 1; a game's state is whole in every request (the service keeps
none), and it takes only the states it signed (unless started with `--unsigned-states`). Errors are one form,
`{"error": "...", "field": "..."}`, with a 4xx naming the field and the fix."""


class GhostwriterApp(FastAPI):
    """FastAPI with the security headers outside everything else, the server-error handler included, so that
    every answer carries them (a middleware added with ``add_middleware`` sits inside that handler)."""

    state_key = ""  # the key of the game states: the examples of the API's document are signed with it

    def build_middleware_stack(self) -> ASGIApp:
        return SecurityHeaders(super().build_middleware_stack())

    def openapi(self) -> dict[str, Any]:
        """The API's document, the game states of its examples signed (so that "Try it out" sends what the
        service takes)."""
        if self.openapi_schema is None:
            doc = super().openapi()
            for schema in doc.get("components", {}).get("schemas", {}).values():
                for body in [*schema.get("examples", []), schema.get("example")]:
                    if isinstance(body, dict) and isinstance(body.get("game"), dict):
                        body["game"] = sign(body["game"], self.state_key)
        return self.openapi_schema  # type: ignore[return-value]  # set by FastAPI's own openapi()


def signing(settings: Settings) -> Settings:
    """The settings with the key that signs game states: the one given, else the one kept in the data folder (made
    on the first start); none with ``unsigned_states``."""
    if settings.unsigned_states:
        return replace(settings, state_key="")
    if settings.state_key:
        return settings
    return replace(settings, state_key=kept_key(settings.state_key_file))


def create_app(settings: Settings | None = None) -> FastAPI:
    settings = signing(settings or Settings.from_env())

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        ctx = Context(settings)
        app.state.context = ctx
        loading = asyncio.get_running_loop().run_in_executor(None, ctx.load)
        try:
            yield
        finally:
            await loading
            ctx.runner.close()

    app = GhostwriterApp(
        title="Ghostwriter",
        version=__version__,
        summary="The best words a hand can spell in Hardback and Paperback, exactly, with the cards' arrangement.",
        description=DESCRIPTION,
        lifespan=lifespan,
        docs_url=None,
        redoc_url=None,
    )
    app.state_key = settings.state_key
    errors.install(app)
    routers = (
        *(health, cards, vocabulary, words, hardback, ink, games, table, review),
        *(paperback, paperback_games, advice, tables),
    )
    for r in routers:
        app.include_router(r.router)
    _pages(app)
    if settings.cors_origins:
        app.add_middleware(
            CORSMiddleware,
            allow_origins=list(settings.cors_origins),
            allow_methods=["GET", "POST"],
            allow_headers=["Content-Type"],
            max_age=600,
        )
    app.add_middleware(errors.BodyLimit, max_body=settings.max_body)
    return app


def _pages(app: FastAPI) -> None:
    """The web page at ``/`` and the API docs at ``/docs``, every asset served from the package (no network).

    The docs page is a file of ours rather than FastAPI's ``get_swagger_ui_html``, whose inline start-up script
    the Content-Security-Policy would refuse."""
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    app.mount("/docs-assets", StaticFiles(directory=SWAGGER_UI), name="docs-assets")

    @app.get("/", include_in_schema=False)
    def page() -> FileResponse:
        return FileResponse(STATIC / "index.html", media_type="text/html")

    @app.get("/docs", include_in_schema=False)
    def docs() -> FileResponse:
        return FileResponse(STATIC / "docs.html", media_type="text/html")
