"""The service's settings, in one place, read from the environment (``ghostwriter serve`` sets them from its flags).

| variable | meaning | default |
|---|---|---|
| ``GHOSTWRITER_DICTIONARIES`` | extra word lists, ``name=path`` separated by ``;`` | none (ENABLE only) |
| ``GHOSTWRITER_CORS_ORIGINS`` | origins allowed to call the API from a browser, comma-separated, ``*`` for any | none |
| ``GHOSTWRITER_TIME_BUDGET`` | seconds one request's search may take | 10 |
| ``GHOSTWRITER_MAX_BODY`` | largest request body, in bytes | 65536 |
| ``GHOSTWRITER_MAX_TOP`` | largest ``top`` a request may ask | 50 |
| ``GHOSTWRITER_THREADS`` | searches run at once in one worker process (they share its GIL: scale with workers) | 1 |
| ``GHOSTWRITER_MAX_QUEUE`` | searches waiting in one worker's lane before it answers 503 | 64 |
| ``GHOSTWRITER_HEAVY_PER_CLIENT`` | heavy searches (``service.runner.Lane``) of one client under way or waiting | 4 |
|   | in one worker before it answers 429 | |
| ``GHOSTWRITER_LIGHT_PER_CLIENT`` | light searches of one client under way or waiting in one worker before 429 | 16 |
| ``GHOSTWRITER_HEADER_TIMEOUT`` | seconds to send a request head, and again its body (``service.http``) | 10 |
| ``GHOSTWRITER_STATE_KEY`` | the key that signs returned game states (``service.signing``; 16+ chars) | one made |
|   | and kept on first start, ``state-key`` in the data folder (beside the tables' SQLite file) | |
| ``GHOSTWRITER_UNSIGNED_STATES`` | ``1``: game states are neither signed nor checked (clients' own engines) | off |
| ``GHOSTWRITER_TABLES`` | where the tables the service holds are kept (``service.store``): a SQLite file's path, | |
|   | or a ``postgresql://`` URL | ``ghostwriter/tables.sqlite3`` in the user's data dir |
| ``GHOSTWRITER_TABLES_DAYS`` | days a table may go untouched before it is removed | 30 |
| ``GHOSTWRITER_MAX_TABLES`` | tables held at most (beyond, a new table is a 503) | 100000 |
| ``GHOSTWRITER_TABLES_PER_HOUR`` | tables one client may make in an hour, in one worker (beyond, a 429) | 30 |
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field

from solver.errors import GhostwriterError

DEFAULT_DICTIONARY = "enable"


class SettingsError(GhostwriterError):
    """A setting that cannot be read."""


@dataclass(frozen=True)
class Settings:
    dictionaries: dict[str, str] = field(default_factory=dict)
    cors_origins: tuple[str, ...] = ()
    time_budget: float = 10.0
    max_body: int = 65_536
    max_top: int = 50
    threads: int = 1
    max_queue: int = 64
    heavy_per_client: int = 4
    light_per_client: int = 16
    header_timeout: float = 10.0
    state_key: str = field(default="", repr=False)  # a secret: kept out of logs and tracebacks; "": the kept one
    unsigned_states: bool = False  # states neither signed nor checked (an explicit choice: off by default)
    # -- the tables the service holds (service.store) --
    tables: str = field(default="", repr=False)  # a SQLite path or a PostgreSQL URL (which may hold a password)
    tables_days: float = 30.0
    max_tables: int = 100_000
    tables_per_hour: int = 30

    @staticmethod
    def from_env(env: Mapping[str, str] | None = None) -> Settings:
        e = os.environ if env is None else env
        return Settings(
            dictionaries=parse_dictionaries(e.get("GHOSTWRITER_DICTIONARIES", "")),
            cors_origins=tuple(o.strip() for o in e.get("GHOSTWRITER_CORS_ORIGINS", "").split(",") if o.strip()),
            time_budget=_number(e, "GHOSTWRITER_TIME_BUDGET", 10.0, 0.05, 600.0),
            max_body=int(_number(e, "GHOSTWRITER_MAX_BODY", 65_536, 1024, 16 * 1024 * 1024)),
            max_top=int(_number(e, "GHOSTWRITER_MAX_TOP", 50, 1, 1000)),
            threads=int(_number(e, "GHOSTWRITER_THREADS", 1, 1, 64)),
            max_queue=int(_number(e, "GHOSTWRITER_MAX_QUEUE", 64, 1, 100_000)),
            heavy_per_client=int(_number(e, "GHOSTWRITER_HEAVY_PER_CLIENT", 4, 1, 10_000)),
            light_per_client=int(_number(e, "GHOSTWRITER_LIGHT_PER_CLIENT", 16, 1, 10_000)),
            header_timeout=_number(e, "GHOSTWRITER_HEADER_TIMEOUT", 10.0, 0.1, 600.0),
            state_key=state_key(e.get("GHOSTWRITER_STATE_KEY", "")),
            unsigned_states=_flag(e, "GHOSTWRITER_UNSIGNED_STATES"),
            tables=e.get("GHOSTWRITER_TABLES", "").strip(),
            tables_days=_number(e, "GHOSTWRITER_TABLES_DAYS", 30.0, 0.001, 36_500.0),
            max_tables=int(_number(e, "GHOSTWRITER_MAX_TABLES", 100_000, 1, 100_000_000)),
            tables_per_hour=int(_number(e, "GHOSTWRITER_TABLES_PER_HOUR", 30, 1, 1_000_000)),
        )

    def to_env(self) -> dict[str, str]:
        """The environment that gives these settings (for worker processes started by uvicorn)."""
        return {
            "GHOSTWRITER_DICTIONARIES": ";".join(f"{k}={v}" for k, v in self.dictionaries.items()),
            "GHOSTWRITER_CORS_ORIGINS": ",".join(self.cors_origins),
            "GHOSTWRITER_TIME_BUDGET": repr(self.time_budget),
            "GHOSTWRITER_MAX_BODY": str(self.max_body),
            "GHOSTWRITER_MAX_TOP": str(self.max_top),
            "GHOSTWRITER_THREADS": str(self.threads),
            "GHOSTWRITER_MAX_QUEUE": str(self.max_queue),
            "GHOSTWRITER_HEAVY_PER_CLIENT": str(self.heavy_per_client),
            "GHOSTWRITER_LIGHT_PER_CLIENT": str(self.light_per_client),
            "GHOSTWRITER_HEADER_TIMEOUT": repr(self.header_timeout),
            "GHOSTWRITER_STATE_KEY": self.state_key,
            "GHOSTWRITER_UNSIGNED_STATES": "1" if self.unsigned_states else "",
            "GHOSTWRITER_TABLES": self.tables,
            "GHOSTWRITER_TABLES_DAYS": repr(self.tables_days),
            "GHOSTWRITER_MAX_TABLES": str(self.max_tables),
            "GHOSTWRITER_TABLES_PER_HOUR": str(self.tables_per_hour),
        }

    @property
    def tables_store(self) -> str:
        """Where the tables are kept: the setting, else ``ghostwriter/tables.sqlite3`` in the user's data folder
        (``$XDG_DATA_HOME``, else ``~/.local/share``)."""
        if self.tables:
            return self.tables
        return os.path.join(_data_folder(), "tables.sqlite3")

    @property
    def state_key_file(self) -> str:
        """Where the key made on first start is kept: ``state-key`` beside the tables' SQLite file, else in the
        user's data folder (with the tables in PostgreSQL)."""
        store = self.tables_store
        folder = _data_folder() if "://" in store else os.path.dirname(os.path.abspath(store))
        return os.path.join(folder, "state-key")


def _data_folder() -> str:
    """``ghostwriter`` in the user's data folder (``$XDG_DATA_HOME``, else ``~/.local/share``)."""
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local", "share")
    return os.path.join(base, "ghostwriter")


def _flag(env: Mapping[str, str], name: str) -> bool:
    text = env.get(name, "").strip().lower()
    if text in ("", "0", "false", "no", "off"):
        return False
    if text in ("1", "true", "yes", "on"):
        return True
    raise SettingsError(f"{name}={text!r}: use 1 or 0")


MIN_STATE_KEY = 16


def state_key(text: str) -> str:
    """The key that signs game states (empty: off); a ``SettingsError`` for one too short to be a secret."""
    key = text.strip()
    if key and len(key) < MIN_STATE_KEY:
        raise SettingsError(
            f"GHOSTWRITER_STATE_KEY (--state-key) is {len(key)} characters: use a secret of at least {MIN_STATE_KEY}, "
            "e.g. from: python3 -c 'import secrets; print(secrets.token_hex(32))'"
        )
    return key


def parse_dictionaries(text: str) -> dict[str, str]:
    """``name=path;name=path`` into a mapping; a ``SettingsError`` naming a bad part."""
    out: dict[str, str] = {}
    for part in text.split(";"):
        if not part.strip():
            continue
        name, sep, path = part.partition("=")
        name = name.strip().lower()
        if not sep or not name or not path.strip():
            raise SettingsError(f"dictionary {part.strip()!r}: write NAME=PATH, e.g. house=/srv/words.txt")
        if not name.replace("-", "").replace("_", "").isalnum() or len(name) > 40:
            raise SettingsError(f"dictionary name {name!r}: use letters, digits, - and _ (at most 40)")
        if name == DEFAULT_DICTIONARY or name in out:
            raise SettingsError(f"dictionary name {name!r} is given twice (enable is the shipped list)")
        out[name] = path.strip()
    return out


def _number(env: Mapping[str, str], name: str, default: float, lo: float, hi: float) -> float:
    text = env.get(name, "").strip()
    if not text:
        return default
    try:
        value = float(text)
    except ValueError:
        raise SettingsError(f"{name}={text!r} is not a number") from None
    if not lo <= value <= hi:
        raise SettingsError(f"{name}={text!r}: use a number from {lo:g} to {hi:g}")
    return value
