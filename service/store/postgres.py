"""The tables in PostgreSQL (a ``postgresql://`` URL), for several service instances sharing them: psycopg 3 (the
extra ``ghostwriter[postgres]``), each transaction on a connection of a small pool kept by the store (a connection
that broke is dropped and a new one made)."""

from __future__ import annotations

import queue
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from service.store.base import Cursor, StoreError, TableStore

POOL = 8  # connections kept open at most
CONNECT_TIMEOUT = 10  # seconds


class PostgresStore(TableStore):
    placeholder = "%s"

    def __init__(self, url: str) -> None:
        try:
            import psycopg
        except ImportError:
            raise StoreError(
                "a postgresql:// tables URL needs the PostgreSQL driver: pip install 'ghostwriter[postgres]'"
            ) from None
        self._psycopg = psycopg
        self.url = url
        self._idle: queue.LifoQueue[Any] = queue.LifoQueue(maxsize=POOL)

    def _connect(self) -> Any:
        try:
            return self._psycopg.connect(self.url, autocommit=True, connect_timeout=CONNECT_TIMEOUT)
        except self._psycopg.Error as e:
            raise StoreError(f"cannot connect to the tables' database: {str(e).strip()}") from None

    @contextmanager
    def _transaction(self) -> Iterator[Cursor]:
        try:
            conn = self._idle.get_nowait()
        except queue.Empty:
            conn = self._connect()
        try:
            with conn.transaction(), conn.cursor() as cur:
                yield cur
        except self._psycopg.OperationalError as e:
            conn.close()
            raise StoreError(f"the tables' database: {str(e).strip()}") from None
        except BaseException:
            if conn.closed or conn.broken:
                conn.close()
            else:
                self._keep(conn)
            raise
        self._keep(conn)

    def _keep(self, conn: Any) -> None:
        try:
            self._idle.put_nowait(conn)
        except queue.Full:
            conn.close()

    def close(self) -> None:
        while True:
            try:
                self._idle.get_nowait().close()
            except queue.Empty:
                return
