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
from importlib import resources
from pathlib import Path

from fastapi import FastAPI
from fastapi.middleware.cors import CORSMiddleware
from fastapi.openapi.docs import get_swagger_ui_html
from fastapi.responses import FileResponse, HTMLResponse
from fastapi.staticfiles import StaticFiles

from service import errors
from service.context import Context
from service.routers import cards, games, hardback, health, ink, paperback, words
from service.settings import Settings
from solver import __version__

STATIC = Path(str(resources.files("service").joinpath("static")))


def create_app(settings: Settings | None = None) -> FastAPI:
    settings = settings or Settings.from_env()

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

    app = FastAPI(
        title="Ghostwriter",
        version=__version__,
        summary="The best words a Hardback hand can spell, exactly, with the arrangement of cards and the reasons.",
        lifespan=lifespan,
        docs_url=None,
        redoc_url=None,
    )
    errors.install(app)
    for r in (health.router, cards.router, words.router, hardback.router, ink.router, games.router, paperback.router):
        app.include_router(r)
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
    """The web page at ``/`` and the API docs at ``/docs``, every asset served from the package (no network)."""
    import swagger_ui_bundle

    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    app.mount("/docs-assets", StaticFiles(directory=swagger_ui_bundle.swagger_ui_path), name="docs-assets")

    @app.get("/", include_in_schema=False)
    def page() -> FileResponse:
        return FileResponse(STATIC / "index.html", media_type="text/html")

    @app.get("/docs", include_in_schema=False)
    def docs() -> HTMLResponse:
        return get_swagger_ui_html(
            openapi_url="/openapi.json",
            title="Ghostwriter API",
            swagger_js_url="/docs-assets/swagger-ui-bundle.js",
            swagger_css_url="/docs-assets/swagger-ui.css",
            swagger_favicon_url="/docs-assets/favicon-32x32.png",
        )
