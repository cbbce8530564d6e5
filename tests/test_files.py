"""``solver.files``: every file written whole or not at all, every named input read bounded.

The attacks of issue 30's "Saves lost", on the module itself: a write cut short by a file-size limit
(``RLIMIT_FSIZE``, the kernel's own refusal, EFBIG) leaves the old file byte for byte and no temporary file; a
target that is a symbolic link is written through (the link stays a link), one that is a FIFO, a device or a folder
is refused before anything is written; ``/dev/zero`` and a FIFO no one writes to are refused at once or after the
pipe timeout, never read without end. The command line's side is in ``tests/cli/test_files_cli.py``.
"""

from __future__ import annotations

import json
import os
import re
import resource
import stat
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from solver.files import (
    FileError,
    StreamError,
    WriteError,
    check_target,
    read_bytes,
    read_text,
    replacing,
    write_bytes,
    write_text,
)


@contextmanager
def file_size_limit(limit: int) -> Iterator[None]:
    """The kernel's file-size limit lowered to ``limit`` bytes for this process, then restored (Python ignores
    SIGXFSZ, so a write past it fails with EFBIG). Nothing else writes while it holds: the tests are one thread."""
    soft, hard = resource.getrlimit(resource.RLIMIT_FSIZE)
    resource.setrlimit(resource.RLIMIT_FSIZE, (limit, hard))
    try:
        yield
    finally:
        resource.setrlimit(resource.RLIMIT_FSIZE, (soft, hard))


def leftovers(folder: Path) -> list[str]:
    """Temporary files a write left beside its target."""
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".tmp"))


# -- writing --------------------------------------------------------------------------------------------------------


def test_a_write_replaces_the_file_and_keeps_its_permissions(tmp_path: Path) -> None:
    target = tmp_path / "save.json"
    write_text(target, "first\n")
    assert target.read_text() == "first\n"
    target.chmod(0o640)
    write_text(target, "second\n")
    assert target.read_text() == "second\n"
    assert stat.S_IMODE(target.stat().st_mode) == 0o640
    assert leftovers(tmp_path) == []


def test_a_new_file_gets_the_usual_permissions(tmp_path: Path) -> None:
    mask = os.umask(0o022)
    try:
        write_text(tmp_path / "new.json", "x")
    finally:
        os.umask(mask)
    assert stat.S_IMODE((tmp_path / "new.json").stat().st_mode) == 0o644  # not mkstemp's 0600


@given(old=st.binary(max_size=3000), new=st.binary(max_size=3000), limit=st.integers(1, 3000))
def test_a_write_cut_short_leaves_the_old_file_byte_for_byte(
    tmp_path_factory: pytest.TempPathFactory, old: bytes, new: bytes, limit: int
) -> None:
    folder = tmp_path_factory.mktemp("cut")
    target = folder / "save.json"
    target.write_bytes(old)
    with file_size_limit(limit):
        try:
            write_bytes(target, new, "save to")
        except WriteError as e:
            error: str | None = str(e)
        else:
            error = None
    if len(new) > limit:
        assert error is not None and "file-size limit" in error and "left as it was" in error
        assert target.read_bytes() == old
    else:
        assert error is None and target.read_bytes() == new
    assert leftovers(folder) == []


def test_a_write_cut_short_says_no_file_was_made_when_there_was_none(tmp_path: Path) -> None:
    with file_size_limit(10), pytest.raises(WriteError, match=r"not written \(.*\); no file was made"):
        write_text(tmp_path / "new.json", "x" * 100)
    assert list(tmp_path.iterdir()) == []


def test_a_symbolic_link_is_written_through_and_stays_a_link(tmp_path: Path) -> None:
    real = tmp_path / "real.json"
    real.write_text("old")
    link = tmp_path / "link.json"
    link.symlink_to(real.name)
    write_text(link, "new")
    assert link.is_symlink() and os.readlink(link) == real.name
    assert real.read_text() == "new"
    dangling = tmp_path / "dangling.json"
    dangling.symlink_to("made.json")
    write_text(dangling, "made")
    assert dangling.is_symlink() and (tmp_path / "made.json").read_text() == "made"


def test_a_fifo_a_device_and_a_folder_are_refused_untouched(tmp_path: Path) -> None:
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    link = tmp_path / "to-null"
    link.symlink_to(os.devnull)
    cases = {
        fifo: "a FIFO (named pipe), not a plain file; nothing was written",
        Path(os.devnull): "a device, not a plain file",
        link: f"it points to {os.devnull}, which is a device",
        tmp_path: "a folder, not a plain file",
        tmp_path / "no" / "save.json": "does not exist",
    }
    for target, message in cases.items():
        start = time.monotonic()
        with pytest.raises(FileError, match=re.escape(message)) as caught:
            write_text(target, "x", "--save")
        assert time.monotonic() - start < 1, "refused at once, without opening the FIFO"
        assert not isinstance(caught.value, WriteError) and str(caught.value).startswith(f"--save {target}:")
    assert stat.S_ISFIFO(fifo.lstat().st_mode) and stat.S_ISCHR(os.stat(os.devnull).st_mode) and link.is_symlink()
    assert leftovers(tmp_path) == []


def test_check_target_names_the_file_it_writes(tmp_path: Path) -> None:
    real = tmp_path / "real.json"
    link = tmp_path / "link.json"
    link.symlink_to(real)
    assert check_target(link) == real.resolve()
    assert check_target(tmp_path / "plain.json") == tmp_path / "plain.json"


def test_replacing_gives_a_path_to_writers_of_their_own(tmp_path: Path) -> None:
    target = tmp_path / "cache.npy"
    target.write_bytes(b"old")
    with replacing(target) as tmp:
        assert tmp.parent == tmp_path and tmp != target
        tmp.write_bytes(b"new")
        assert target.read_bytes() == b"old", "replaced only at the end"
    assert target.read_bytes() == b"new"
    with pytest.raises(RuntimeError), replacing(target) as tmp:
        tmp.write_bytes(b"half")
        raise RuntimeError("the writer failed")
    assert target.read_bytes() == b"new" and leftovers(tmp_path) == []
    with file_size_limit(100), pytest.raises(WriteError, match="left as it was"), replacing(target) as tmp:
        tmp.write_bytes(b"x" * 1000)
    assert target.read_bytes() == b"new" and leftovers(tmp_path) == []


# -- reading --------------------------------------------------------------------------------------------------------


@given(data=st.binary(max_size=5000), limit=st.integers(0, 5000))
def test_a_file_is_read_whole_or_refused_over_its_limit(
    tmp_path_factory: pytest.TempPathFactory, data: bytes, limit: int
) -> None:
    path = tmp_path_factory.mktemp("read") / "input"
    path.write_bytes(data)
    if len(data) <= limit:
        assert read_bytes(path, limit=limit) == data
    else:
        with pytest.raises(FileError, match="more than"):
            read_bytes(path, "--state", limit=limit)


def test_a_device_is_refused_at_once_without_reading() -> None:
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    for device in ("/dev/zero", "/dev/urandom", os.devnull):
        start = time.monotonic()
        with pytest.raises(FileError, match=f"--state {device}: that is a device, not a file"):
            read_bytes(device, "--state")
        assert time.monotonic() - start < 0.5
    assert resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - peak < 10_000  # KB: nothing was read


def test_a_fifo_no_one_writes_to_times_out(tmp_path: Path) -> None:
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    start = time.monotonic()
    with pytest.raises(FileError, match=re.escape("a pipe that sent nothing for 0.3 s")):
        read_bytes(fifo, "--state", pipe_timeout=0.3)
    assert 0.25 < time.monotonic() - start < 2


def test_a_fifo_with_a_writer_is_read_to_its_end(tmp_path: Path) -> None:
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    data = b"".join(b'{"hand": ["E"]}\n' for _ in range(20_000))  # larger than a pipe's buffer

    def writer() -> None:
        time.sleep(0.1)
        with fifo.open("wb") as f:
            for k in range(0, len(data), 7000):
                f.write(data[k : k + 7000])
                f.flush()

    t = threading.Thread(target=writer)
    t.start()
    try:
        assert read_bytes(fifo, pipe_timeout=5) == data
    finally:
        t.join()


def test_a_fifo_that_sends_too_much_is_cut_off(tmp_path: Path) -> None:
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    writer = subprocess.Popen(["sh", "-c", f"cat /dev/zero > {fifo}"], stderr=subprocess.DEVNULL)
    try:
        with pytest.raises(FileError, match="more than 65,536 bytes"):
            read_bytes(fifo, limit=65_536, pipe_timeout=5)
    finally:
        writer.kill()
        writer.wait()


def test_missing_folders_and_text_that_is_not_utf8_are_one_line(tmp_path: Path) -> None:
    with pytest.raises(FileError, match=r"--load .*: no such file"):
        read_bytes(tmp_path / "none.json", "--load")
    with pytest.raises(FileError, match="that is a folder, not a file"):
        read_bytes(tmp_path)
    bad = tmp_path / "latin1.json"
    bad.write_bytes(b'{"hand": ["\xc9"]}')
    with pytest.raises(FileError, match=r"not UTF-8 text \(byte 11\)"):
        read_text(bad)


# -- standard streams ----------------------------------------------------------------------------------------------

STDIN_SCRIPT = """
import sys
from solver.files import FileError, StreamError, hold_standard_streams, read_bytes
hold_standard_streams()
try:
    read_bytes("-", "--state")
except StreamError as e:
    print("closed:", e)
except FileError as e:
    print("refused:", e)
else:
    print("read")
"""


@pytest.mark.parametrize(
    ("stdin", "says"),
    [
        ("/dev/null", "refused: --state stdin: standard input is a device"),
        ("/dev/zero", "refused: --state stdin: standard input is a device"),
        ("closed", "closed: --state stdin: standard input is closed"),
        ("pipe", "read"),
    ],
)
def test_standard_input_is_read_bounded(stdin: str, says: str) -> None:
    run = [sys.executable, "-c", STDIN_SCRIPT]
    if stdin == "pipe":
        r = subprocess.run(run, input=b"{}", capture_output=True, timeout=30, check=False)
    elif stdin == "closed":
        r = subprocess.run(run, capture_output=True, preexec_fn=lambda: os.close(0), timeout=30, check=False)
    else:
        with open(stdin, "rb") as source:
            r = subprocess.run(run, stdin=source, capture_output=True, timeout=30, check=False)
    assert r.stdout.decode().strip().startswith(says), r.stderr.decode()


def test_stream_error_is_a_file_error() -> None:
    assert issubclass(StreamError, FileError) and issubclass(WriteError, FileError)


def test_the_files_benchmark_runs_and_finds_the_save_kept(tmp_path: Path) -> None:
    """benchmarks/bench_files.py (the closing note's figures) in its smallest run: one game, a few writes."""
    out = tmp_path / "bench_files.json"
    root = Path(__file__).resolve().parent.parent
    proc = subprocess.run(
        [sys.executable, str(root / "benchmarks" / "bench_files.py"), "--games", "paperback", "--rounds", "3",
         "--out", str(out)],
        capture_output=True, text=True, timeout=300, check=False,
    )  # fmt: skip
    assert proc.returncode == 0, proc.stdout + proc.stderr
    report = json.loads(out.read_text())
    save = report["saves"]["paperback"]
    assert save["exit"] == 74 and save["byte_for_byte"] and save["valid_json"] and save["left_beside"] == []
    for name, r in report["dev_zero"].items():
        assert r["exit"] == 2 and r["peak_mb"] < 400, name
    assert report["cost"]["rounds"] == 3
