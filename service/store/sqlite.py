"""The tables in one SQLite file (the default store): the standard library's driver, the file in WAL mode with
full syncs (a committed action survives a crash of the machine, not only of the server), each transaction begun
IMMEDIATE (it takes the write lock at once, so two processes sharing the file wait for each other instead of
failing half way), a connection per thread, kept. A new file is made readable by its owner only (SQLite gives
its -wal and -shm files the same mode)."""

from __future__ import annotations

import os
import sqlite3
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from service.store.base import Cursor, StoreError, TableStore

BUSY_TIMEOUT = 30.0  # seconds a transaction waits for another process's write lock


class SqliteStore(TableStore):
    def __init__(self, path: str) -> None:
        self.path = Path(path).expanduser()
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            if not self.path.exists():  # the hands and draw piles of every game: readable by the service's user only
                os.close(os.open(self.path, os.O_CREAT | os.O_WRONLY, 0o600))
            conn = self._connect()
            try:
                mode = conn.execute("PRAGMA journal_mode=WAL").fetchone()[0]
            finally:
                conn.close()
        except (OSError, sqlite3.Error) as e:
            raise StoreError(f"cannot open the tables' database {self.path}: {e}") from None
        if str(mode).lower() != "wal":
            raise StoreError(f"the tables' database {self.path} cannot use WAL mode (it says {mode})")
        self._local = threading.local()

    def _connect(self) -> sqlite3.Connection:
        conn = sqlite3.connect(self.path, timeout=BUSY_TIMEOUT, isolation_level=None, check_same_thread=True)
        conn.execute("PRAGMA foreign_keys=ON")
        conn.execute("PRAGMA synchronous=FULL")
        return conn

    def _connection(self) -> sqlite3.Connection:
        conn: sqlite3.Connection | None = getattr(self._local, "conn", None)
        if conn is None:
            conn = self._local.conn = self._connect()
        return conn

    @contextmanager
    def _transaction(self) -> Iterator[Cursor]:
        conn = self._connection()
        try:
            cur = conn.cursor()
            cur.execute("BEGIN IMMEDIATE")
        except sqlite3.Error as e:
            raise StoreError(f"the tables' database {self.path}: {e}") from None
        try:
            yield cur
        except BaseException:
            conn.rollback()
            raise
        else:
            conn.commit()
        finally:
            cur.close()

    def close(self) -> None:
        """This thread's connection closed (each thread's other connection closes with its thread)."""
        conn: sqlite3.Connection | None = getattr(self._local, "conn", None)
        if conn is not None:
            conn.close()
            self._local.conn = None
