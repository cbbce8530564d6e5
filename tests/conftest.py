"""Shared fixtures: small named word lists and the shipped lexicon, compiled into a per-session cache."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, settings

from service.main import create_app
from service.settings import Settings
from solver.lexicon import Lexicon, default_lexicon, load_word_file

from tests_paths import DATA

# the exhaustive oracle comparisons (pytest -m slow): a bounded slice in CI (ci-slow), a long run by hand
# (--hypothesis-profile=exhaustive)
settings.register_profile("ci-slow", max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile(
    "exhaustive", max_examples=2000, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile("default", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("default")


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    """The service in process (the shipped dictionary, default settings)."""
    with TestClient(create_app(Settings())) as c:
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
