"""The tables the service holds: each game's state, its moves and its seats' tokens, kept in a database so that a
restart of the server (or another instance of it, with PostgreSQL) loses nothing.

One small interface, ``TableStore``, two back ends: SQLite (``service.store.sqlite``, the default: one file, WAL)
and PostgreSQL (``service.store.postgres``, a ``postgresql://`` URL, for several service instances). ``open_store``
picks one from the setting ``GHOSTWRITER_TABLES``.

Every change is one transaction: a table made with its tokens, or an action's state saved with the moves it played.
A save names the version it was read at and is refused (``StaleTable``) when another save came first, so two
actions on one table never both land on the same state (no lost update, whichever process played them). Tokens are
kept only as their SHA-256: a copy of the database does not let anyone act for a seat.
"""

from __future__ import annotations

from service.store.base import Move, StaleTable, StoreError, Table, TableStore, digest


def open_store(spec: str) -> TableStore:
    """The store a setting names: a ``postgresql://`` (or ``postgres://``) URL, else the path of a SQLite file
    (made with its folder when missing); its tables made if they are not there."""
    store: TableStore
    if spec.startswith(("postgresql://", "postgres://")):
        from service.store.postgres import PostgresStore

        store = PostgresStore(spec)
    else:
        from service.store.sqlite import SqliteStore

        store = SqliteStore(spec)
    store.migrate()
    return store


__all__ = ["Move", "StaleTable", "StoreError", "Table", "TableStore", "digest", "open_store"]
