"""Shared fixtures: small named word lists and the shipped lexicon, compiled into a per-session cache; the service
in process; and for the browser tests (tests/api/test_web_*.py) Debian's Chromium (``/usr/bin/chromium``, never one
downloaded by ``playwright install``; without it, or without Playwright, they skip, or fail under
``GHOSTWRITER_REQUIRE_BROWSER=1`` as in CI), a live service (uvicorn in a subprocess) and a headless browser."""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, settings
from web_page import LAPTOP, _new_page, _open

from service.main import create_app
from service.settings import Settings
from solver.lexicon import Lexicon, default_lexicon, load_word_file

from live_server import live_server
from tests_paths import DATA

# the exhaustive oracle comparisons (pytest -m slow): a bounded slice in CI (ci-slow), a long run by hand
# (--hypothesis-profile=exhaustive)
settings.register_profile("ci-slow", max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile(
    "exhaustive", max_examples=2000, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile("default", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("default")

# the tables a live server holds (service.store) go to a throwaway file, never the user's own
if not os.environ.get("GHOSTWRITER_TABLES", "").strip():
    os.environ["GHOSTWRITER_TABLES"] = os.path.join(tempfile.mkdtemp(prefix="gw-tables-"), "tables.sqlite3")
# and the key an app makes to sign game states (service.signing.kept_key) too
if not os.environ.get("XDG_DATA_HOME", "").strip():
    os.environ["XDG_DATA_HOME"] = tempfile.mkdtemp(prefix="gw-data-")


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    """The service in process (the shipped dictionary, default settings)."""
    with TestClient(create_app(Settings())) as c:
        yield c


@pytest.fixture(scope="module")
def unsigned() -> Iterator[TestClient]:
    """The service in process taking game states a client built or changed (``--unsigned-states``): for the tests
    that post a state built by the engine, or forge one to show it is checked in full (signed states are refused
    when changed, so a forgery reaches the checks only unsigned or with a leaked key)."""
    with TestClient(create_app(Settings(unsigned_states=True))) as c:
        yield c


@pytest.fixture(scope="session")
def cache_dir(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    yield tmp_path_factory.mktemp("lexicon-cache")


@pytest.fixture(scope="session")
def example_lexicon(cache_dir: Path) -> Lexicon:
    """The 3,012 words of the worked examples."""
    return load_word_file(DATA / "examples-words.txt", cache_dir)


@pytest.fixture(scope="session")
def enable(cache_dir: Path) -> Lexicon:
    """ENABLE, the shipped default list."""
    return default_lexicon(cache_dir)


# -- the browser tests ------------------------------------------------------------------------------------------

try:
    from playwright.sync_api import Browser, Page, sync_playwright
except ImportError:  # pragma: no cover - ``chromium`` says what is missing
    HAVE_PLAYWRIGHT = False
else:
    HAVE_PLAYWRIGHT = True

CHROMIUM_ARGS = [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def _unavailable(reason: str) -> None:
    """Skip, or fail when the environment says the browser tests must run."""
    if os.environ.get("GHOSTWRITER_REQUIRE_BROWSER") == "1":
        pytest.fail(f"GHOSTWRITER_REQUIRE_BROWSER=1 but {reason}", pytrace=False)
    pytest.skip(reason)


@pytest.fixture(scope="module")
def chromium() -> str:
    """The path of Debian's Chromium (a skip, or a failure under GHOSTWRITER_REQUIRE_BROWSER=1, without it)."""
    if not HAVE_PLAYWRIGHT:
        _unavailable("Playwright for Python is not installed (pip install playwright; no browser download needed)")
    path = shutil.which("chromium") or "/usr/bin/chromium"
    if not Path(path).exists():
        _unavailable(f"Chromium is not installed (looked for 'chromium' on PATH and at {path}; apt install chromium)")
    return path


@pytest.fixture(scope="module")
def server(chromium: str) -> Iterator[str]:
    """A live service on a free loopback port; yields its base URL once /readyz answers 200."""
    with live_server() as base:
        yield base


@pytest.fixture(scope="module")
def browser(chromium: str) -> Iterator[Browser]:
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
        try:
            yield b
        finally:
            b.close()


RUSSIAN_HOUSE_WORDS = ["кот", "ток", "кто", "ёлка", "рот"]


@pytest.fixture(scope="module")
def ru_server(chromium: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A second live service offering a small Russian house list as the dictionary ``ru``."""
    words = tmp_path_factory.mktemp("ru") / "house-ru.txt"
    words.write_text("\n".join(RUSSIAN_HOUSE_WORDS) + "\n", encoding="utf-8")
    with live_server(env={"GHOSTWRITER_DICTIONARIES": f"ru={words}"}) as base:
        yield base


@pytest.fixture
def page(browser: Browser, server: str) -> Iterator[Page]:
    """A laptop-sized page showing the service's web page, its catalogue loaded."""
    p, errors = _new_page(browser, LAPTOP)
    _open(p, server)
    yield p
    p.context.close()
    assert errors.errors == [], f"JavaScript errors on the page: {errors.errors}"
