"""The store's part both back ends share: the tables' schema, a table, a move, and every statement, written
once over a transaction each back end gives (``TableStore``). The package's docstring says what is kept and how."""

from __future__ import annotations

import hashlib
import json
import time
from abc import ABC, abstractmethod
from collections.abc import Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass, field
from typing import Any, Protocol

from solver.errors import GhostwriterError

SCHEMA = (
    """CREATE TABLE IF NOT EXISTS gw_tables (
        id TEXT PRIMARY KEY, game TEXT NOT NULL, dictionary TEXT, seats TEXT NOT NULL, state TEXT NOT NULL,
        version INTEGER NOT NULL, created DOUBLE PRECISION NOT NULL, updated DOUBLE PRECISION NOT NULL)""",
    """CREATE TABLE IF NOT EXISTS gw_moves (
        table_id TEXT NOT NULL REFERENCES gw_tables(id) ON DELETE CASCADE, n INTEGER NOT NULL, seat INTEGER NOT NULL,
        action TEXT NOT NULL, PRIMARY KEY (table_id, n))""",
    """CREATE TABLE IF NOT EXISTS gw_tokens (
        digest TEXT PRIMARY KEY, table_id TEXT NOT NULL REFERENCES gw_tables(id) ON DELETE CASCADE,
        seat INTEGER NOT NULL)""",
    "CREATE INDEX IF NOT EXISTS gw_tables_updated ON gw_tables (updated)",
)


class StoreError(GhostwriterError):
    """The store cannot be opened or read (a bad setting, a missing driver, a database that refuses)."""


class StaleTable(GhostwriterError):  # noqa: N818 - reads as what it reports
    """A save refused: the table changed since it was read (another action came first)."""


@dataclass
class Table:
    """One table: its game (``hardback`` or ``paperback``), word list, seats (``"person"`` or a bot's name, seat
    0 first), the game's state as the engine saves it, and the version it was read at."""

    id: str
    game: str
    dictionary: str | None
    seats: list[str]
    state: dict[str, Any]
    version: int = 0
    moves: int = 0  # how many moves it has played
    created: float = field(default_factory=time.time)


@dataclass(frozen=True)
class Move:
    """One action played at a table, by ``seat`` (the JSON form its game's ``action_from_json`` reads)."""

    seat: int
    action: dict[str, Any]


def digest(token: str) -> str:
    """What the store keeps of a seat's token."""
    return hashlib.sha256(token.encode()).hexdigest()


class Cursor(Protocol):
    """What both drivers' cursors do for the store (DB-API)."""

    @property
    def rowcount(self) -> int: ...

    def execute(self, sql: str, params: Sequence[Any] = ()) -> Any: ...

    def fetchone(self) -> Any: ...

    def fetchall(self) -> list[Any]: ...


class TableStore(ABC):
    """The tables in a database, written once for both back ends: each subclass gives a transaction
    (``_transaction``: a cursor whose statements commit together, or not at all) and its placeholder."""

    placeholder = "?"

    @abstractmethod
    def _transaction(self) -> AbstractContextManager[Cursor]: ...

    @abstractmethod
    def close(self) -> None:
        """Let go of the database (the connections it keeps closed)."""

    def _sql(self, sql: str) -> str:
        return sql if self.placeholder == "?" else sql.replace("?", self.placeholder)

    def _run(self, cur: Cursor, sql: str, params: Sequence[Any] = ()) -> None:
        cur.execute(self._sql(sql), params)

    def migrate(self) -> None:
        """Make the store's tables if they are not there."""
        with self._transaction() as cur:
            for statement in SCHEMA:
                self._run(cur, statement)

    def create(self, table: Table, tokens: dict[int, str]) -> None:
        """A new table with its seats' tokens (``tokens``: seat -> token), in one transaction."""
        now = time.time()
        with self._transaction() as cur:
            self._run(
                cur,
                "INSERT INTO gw_tables (id, game, dictionary, seats, state, version, created, updated) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (table.id, table.game, table.dictionary, _dump(table.seats), _dump(table.state), 0, now, now),
            )
            for seat, token in sorted(tokens.items()):
                self._run(cur, "INSERT INTO gw_tokens (digest, table_id, seat) VALUES (?, ?, ?)",
                          (digest(token), table.id, seat))
        table.version, table.created = 0, now

    def seat_of(self, token: str) -> tuple[str, int] | None:
        """The table and seat a token acts for (None: no such token)."""
        with self._transaction() as cur:
            self._run(cur, "SELECT table_id, seat FROM gw_tokens WHERE digest = ?", (digest(token),))
            row = cur.fetchone()
        return None if row is None else (str(row[0]), int(row[1]))

    def get(self, table_id: str) -> Table | None:
        """A table as it is now (None: no such table)."""
        with self._transaction() as cur:
            self._run(
                cur,
                "SELECT id, game, dictionary, seats, state, version, created, "
                "(SELECT COUNT(*) FROM gw_moves WHERE table_id = gw_tables.id) FROM gw_tables WHERE id = ?",
                (table_id,),
            )
            row = cur.fetchone()
        if row is None:
            return None
        return Table(
            id=str(row[0]),
            game=str(row[1]),
            dictionary=None if row[2] is None else str(row[2]),
            seats=json.loads(row[3]),
            state=json.loads(row[4]),
            version=int(row[5]),
            created=float(row[6]),
            moves=int(row[7]),
        )

    def save(self, table: Table, moves: Sequence[Move]) -> None:
        """The table's new state and the moves that made it, in one transaction, if no other save came since the
        table was read (its ``version``); else ``StaleTable`` and nothing is written. The table's version and
        count of moves follow."""
        with self._transaction() as cur:
            self._run(
                cur,
                "UPDATE gw_tables SET state = ?, version = version + 1, updated = ? WHERE id = ? AND version = ?",
                (_dump(table.state), time.time(), table.id, table.version),
            )
            if cur.rowcount != 1:
                raise StaleTable("the table changed while this action was played: read the view again and retry")
            for i, move in enumerate(moves):
                self._run(cur, "INSERT INTO gw_moves (table_id, n, seat, action) VALUES (?, ?, ?, ?)",
                          (table.id, table.moves + i, move.seat, _dump(move.action)))
        table.version += 1
        table.moves += len(moves)

    def prune(self, before: float) -> int:
        """Remove the tables (their moves and tokens with them) last changed before ``before`` (a time); how many."""
        with self._transaction() as cur:
            self._run(cur, "DELETE FROM gw_moves WHERE table_id IN (SELECT id FROM gw_tables WHERE updated < ?)",
                      (before,))
            self._run(cur, "DELETE FROM gw_tokens WHERE table_id IN (SELECT id FROM gw_tables WHERE updated < ?)",
                      (before,))
            self._run(cur, "DELETE FROM gw_tables WHERE updated < ?", (before,))
            return cur.rowcount

    def count(self) -> int:
        """How many tables the store holds."""
        with self._transaction() as cur:
            self._run(cur, "SELECT COUNT(*) FROM gw_tables")
            return int(cur.fetchone()[0])

    def moves(self, table_id: str) -> list[Move]:
        """The moves played at a table, in order."""
        with self._transaction() as cur:
            self._run(cur, "SELECT seat, action FROM gw_moves WHERE table_id = ? ORDER BY n", (table_id,))
            rows = cur.fetchall()
        return [Move(int(seat), json.loads(action)) for seat, action in rows]


def _dump(value: object) -> str:
    return json.dumps(value, separators=(",", ":"), sort_keys=True)


__all__ = ["SCHEMA", "Cursor", "Move", "StaleTable", "StoreError", "Table", "TableStore", "digest"]
