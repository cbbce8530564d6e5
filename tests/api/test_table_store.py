"""The store of the tables the service holds (``service.store``), against both back ends: a SQLite file and a real
PostgreSQL server (a throwaway cluster, ``postgres_server``): each change one transaction, no lost update when
several writers race, nothing lost when the store is opened again, tokens kept only as digests."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from postgres_server import postgres_server

from service.store import Move, StaleTable, Table, TableStore, digest, open_store


@pytest.fixture(scope="module")
def postgres_url() -> Iterator[str]:
    with postgres_server() as url:
        yield url


@pytest.fixture(params=["sqlite", "postgres"])
def spec(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """Where a fresh store is kept: a new SQLite file, or a new database of the throwaway PostgreSQL server."""
    if request.param == "sqlite":
        return str(tmp_path / "deep" / "tables.sqlite3")
    url: str = request.getfixturevalue("postgres_url")
    import psycopg

    name = f"t{abs(hash(request.node.name)) % 10**9}"
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(f"DROP DATABASE IF EXISTS {name}")
        conn.execute(f"CREATE DATABASE {name}")
    return url.replace("/postgres?", f"/{name}?")


@pytest.fixture
def store(spec: str) -> Iterator[TableStore]:
    s = open_store(spec)
    yield s
    s.close()


def a_table(table_id: str = "t1") -> Table:
    return Table(table_id, "hardback", None, ["person", "person", "hard"], {"count": 0, "phase": "prepare"})


def test_a_table_is_kept_with_its_tokens_and_moves(store: TableStore, spec: str) -> None:
    table = a_table()
    store.create(table, {0: "token-zero", 1: "token-one"})
    assert store.seat_of("token-one") == ("t1", 1)
    assert store.seat_of("token-two") is None
    table.state = {"count": 1, "phase": "prepare"}
    store.save(table, [Move(0, {"action": "pass"}), Move(0, {"action": "end"})])
    assert (table.version, table.moves) == (1, 2)
    again = open_store(spec)  # another process's view of the same database
    got = again.get("t1")
    assert got is not None
    assert (got.state, got.seats, got.version, got.moves) == (table.state, table.seats, 1, 2)
    assert again.moves("t1") == [Move(0, {"action": "pass"}), Move(0, {"action": "end"})]
    assert again.get("nope") is None
    again.close()


def test_tokens_are_kept_only_as_digests(store: TableStore, spec: str) -> None:
    store.create(a_table(), {0: "a-secret-token-of-seat-zero"})
    if spec.startswith("postgresql"):
        import psycopg

        with psycopg.connect(spec) as conn:
            kept = [r[0] for r in conn.execute("SELECT digest FROM gw_tokens").fetchall()]
    else:
        import sqlite3

        with sqlite3.connect(spec) as conn:
            kept = [r[0] for r in conn.execute("SELECT digest FROM gw_tokens").fetchall()]
    assert kept == [digest("a-secret-token-of-seat-zero")]
    assert "a-secret-token-of-seat-zero" not in kept[0]


def test_a_save_from_a_stale_read_is_refused_and_writes_nothing(store: TableStore) -> None:
    store.create(a_table(), {0: "tok"})
    first, second = store.get("t1"), store.get("t1")
    assert first is not None and second is not None
    first.state = {"count": 1}
    store.save(first, [Move(0, {"action": "pass"})])
    second.state = {"count": 99}
    with pytest.raises(StaleTable, match="changed"):
        store.save(second, [Move(1, {"action": "pass"})])
    now = store.get("t1")
    assert now is not None and now.state == {"count": 1} and now.moves == 1 and now.version == 1


def test_a_save_that_fails_half_way_writes_nothing(store: TableStore) -> None:
    """The state's update and the moves' inserts are one transaction: a move that cannot be written (its number
    already taken) undoes the state's update too."""
    table = a_table()
    store.create(table, {0: "tok"})
    store.save(table, [Move(0, {"action": "pass"})])
    table.moves = 0  # a wrong count: the next move's number collides with move 0
    table.state = {"count": 2}
    with pytest.raises(Exception):  # noqa: B017 - either driver's integrity error
        store.save(table, [Move(0, {"action": "end"})])
    now = store.get("t1")
    assert now is not None and now.state == {"count": 0, "phase": "prepare"}
    assert now.version == 1 and now.moves == 1


def test_racing_writers_lose_no_update(store: TableStore, spec: str) -> None:
    """Four threads, each with its own store (as four server processes would), each add 1 to a counter 15 times,
    retrying a stale read: the counter ends at 60 and every one of the 60 moves is kept."""
    store.create(a_table(), {0: "tok"})
    errors: list[BaseException] = []

    def writer(k: int) -> None:
        mine = open_store(spec)
        try:
            done = 0
            while done < 15:
                table = mine.get("t1")
                assert table is not None
                table.state = {"count": table.state["count"] + 1}
                try:
                    mine.save(table, [Move(k, {"action": "add"})])
                except StaleTable:
                    continue
                done += 1
        except BaseException as e:  # reported by the test
            errors.append(e)
        finally:
            mine.close()

    threads = [threading.Thread(target=writer, args=(k,)) for k in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(120)
    assert not errors, errors
    table = store.get("t1")
    assert table is not None
    assert table.state["count"] == 60 and table.moves == 60 and table.version == 60
    assert sorted(m.seat for m in store.moves("t1")) == sorted([0, 1, 2, 3] * 15)


def test_tables_untouched_for_long_are_pruned_with_their_moves_and_tokens(store: TableStore) -> None:
    old, new = a_table("old"), a_table("new")
    store.create(old, {0: "old-token"})
    store.save(old, [Move(0, {"action": "pass"})])
    cut = time.time() + 0.01
    time.sleep(0.02)
    store.create(new, {0: "new-token"})
    assert store.count() == 2
    assert store.prune(cut) == 1
    assert store.get("old") is None and store.seat_of("old-token") is None and store.moves("old") == []
    assert store.get("new") is not None and store.seat_of("new-token") == ("new", 0) and store.count() == 1


def test_a_new_sqlite_file_is_its_owners_only(tmp_path: Path) -> None:
    path = tmp_path / "t.sqlite3"
    store = open_store(str(path))
    store.create(a_table(), {0: "tok"})
    for made in (path, path.with_name("t.sqlite3-wal"), path.with_name("t.sqlite3-shm")):
        assert made.stat().st_mode & 0o777 == 0o600, made
    store.close()
