"""The dataclasses' generated code kept between runs (``solver.cli.generated_code``): the classes made with it
behave as without it, the file is read by the same Python only, and a bad or unwritable file is no error."""

from __future__ import annotations

import dataclasses
import marshal
import sys
from dataclasses import FrozenInstanceError, dataclass, field
from pathlib import Path

import pytest

from solver.cli.generated_code import FILE, kept_generated_code, read


def _make() -> type:
    @dataclass(frozen=True)
    class Point:
        """A point."""

        x: int
        y: int = 2
        tags: tuple[str, ...] = field(default=())

    return Point


def _check(point: type) -> None:
    p = point(1)
    assert (p.x, p.y, p.tags) == (1, 2, ())
    assert p == point(1, 2) and p != point(1, 3) and hash(p) == hash(point(1, 2))
    assert repr(p).endswith("Point(x=1, y=2, tags=())")
    with pytest.raises(FrozenInstanceError):
        p.x = 3


def test_classes_made_with_the_kept_code_behave_as_without_it(tmp_path: Path) -> None:
    _check(_make())
    with kept_generated_code(tmp_path) as first:
        _check(_make())
    assert first.compiled > 0 and (tmp_path / FILE).exists()
    assert "exec" not in dataclasses.__dict__  # the builtin again once the block is over
    with kept_generated_code(tmp_path) as second:
        _check(_make())
    assert second.compiled == 0 and set(second.used) <= set(first.used)  # every text read from the file


def test_a_file_that_is_not_this_pythons_is_ignored_and_written_anew(tmp_path: Path) -> None:
    path = tmp_path / FILE
    for bad in (
        b"not marshal at all",
        marshal.dumps(("2.7.18", {})),
        marshal.dumps([1, 2, 3]),
        marshal.dumps((sys.version, {"x = 1": "not code"})),
    ):
        path.write_bytes(bad)
        assert read(path) == {}
        with kept_generated_code(tmp_path) as kept:
            _check(_make())
        assert kept.compiled > 0 and read(path)  # compiled, and written over the bad file


def test_an_unwritable_cache_is_no_error(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    with kept_generated_code(blocker / "cache") as kept:
        _check(_make())
    assert kept.compiled > 0 and not (blocker / "cache").exists()


def test_only_the_texts_used_are_kept(tmp_path: Path) -> None:
    # a file from an older version holds texts no class makes any more: the next run that compiles drops them
    path = tmp_path / FILE
    path.write_bytes(marshal.dumps((sys.version, {"stale = 1": compile("stale = 1", "<string>", "exec")})))
    with kept_generated_code(tmp_path):
        _check(_make())
    assert "stale = 1" not in read(path) and read(path)


def test_a_file_others_may_write_is_never_run(tmp_path: Path) -> None:
    with kept_generated_code(tmp_path):
        _check(_make())
    path = tmp_path / FILE
    assert read(path) and path.stat().st_mode & 0o777 == 0o600  # written for the user alone
    path.chmod(0o666)  # code someone else could have planted: not read
    assert read(path) == {}
    with kept_generated_code(tmp_path) as kept:
        _check(_make())
    assert kept.compiled > 0 and path.stat().st_mode & 0o777 == 0o600 and read(path)
