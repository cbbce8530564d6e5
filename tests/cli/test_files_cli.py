"""Issue 30's "Saves lost", attacked through the real ``ghostwriter`` command in a process of its own.

- An autosave that cannot be written in full (a file-size limit, ``RLIMIT_FSIZE``, set in the child): the previous
  good save stays byte for byte, the game says the autosave failed, and the command ends with exit 74 and one line.
- ``--save`` onto a symbolic link writes the file it points to (the link stays); onto a FIFO or a device it is
  refused at once, and the FIFO or device is left as it was.
- ``tournament --records`` cut short leaves no half-written record: every record in the folder reads as JSON.
- ``/dev/zero`` named as any input (``--state``, ``play --load``, ``review``, ``--words``, ``--event-deck``,
  ``--deck``) is one line at once, in little memory; a FIFO no one writes to is given up on after the pipe timeout.
- A closed stdout (``>&-``), a closed stdin (``<&-``) and a pipe closed by its reader are one line and exit 74
  (not 70, an internal error), never a traceback.
"""

from __future__ import annotations

import io
import json
import os
import resource
import stat
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_files import file_size_limit

from solver.cli.main import main
from solver.cli.options import Parser
from solver.cli.play import add_parser, run
from solver.files import WriteError
from solver.lexicon import Lexicon

from tests_paths import DATA

WORDS = str(DATA / "examples-words.txt")
EXIT_IO = 74
MEMORY = 2 * 1024**3  # the address space a child may take (a runaway read fails here instead of on the machine)


@dataclass
class Done:
    code: int
    out: str
    err: str
    seconds: float
    peak_kb: int  # the child's peak resident memory


def ghostwriter(
    cwd: Path,
    *argv: str,
    stdin: str | None = "",
    limit: int | None = None,
    close: Sequence[int] = (),
    stdout_pipe_closed: bool = False,
    env: dict[str, str] | None = None,
    timeout: float = 120,
) -> Done:
    """Run ``python -m solver.cli ARGV`` in ``cwd`` with ``stdin`` as its input (None: the file descriptors of
    ``close`` closed instead), a file-size ``limit`` if given (its output goes to pipes, which the limit does not
    bound), its time and peak memory measured."""

    def before() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))
        if limit is not None:
            resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))
        for fd in close:
            os.close(fd)

    stdout: int = subprocess.PIPE
    if stdout_pipe_closed:
        read_end, stdout = os.pipe()
        os.close(read_end)  # the reader is gone before the first line is written
    start = time.monotonic()
    p = subprocess.Popen(
        [sys.executable, "-m", "solver.cli", *argv],
        stdin=subprocess.PIPE if stdin is not None else None,
        stdout=stdout,
        stderr=subprocess.PIPE,
        cwd=cwd,
        env={**os.environ, "GHOSTWRITER_CACHE": str(cwd / "cache"), "NO_COLOR": "1", **(env or {})},
        preexec_fn=before,
    )
    if stdout_pipe_closed:
        os.close(stdout)
    got: dict[str, bytes] = {}
    readers = [
        threading.Thread(target=lambda k=k, f=f: got.__setitem__(k, f.read()))
        for k, f in (("out", p.stdout), ("err", p.stderr))
        if f is not None
    ]
    for t in readers:
        t.start()
    if p.stdin is not None:
        try:
            p.stdin.write((stdin or "").encode())
            p.stdin.close()
        except BrokenPipeError:
            pass
    code, peak = _wait(p, start + timeout)
    seconds = time.monotonic() - start
    for t in readers:
        t.join()
    if code is None:
        raise AssertionError(f"ghostwriter {' '.join(argv)} still ran after {timeout} s; killed")
    return Done(code, got.get("out", b"").decode(), got.get("err", b"").decode(), seconds, peak)


def _wait(p: subprocess.Popen[bytes], deadline: float) -> tuple[int | None, int]:
    """The child's exit code (None when it outlived ``deadline`` and was killed) and its own peak memory in KB."""
    while True:
        pid, status, usage = os.wait4(p.pid, os.WNOHANG)
        if pid:
            p.returncode = os.waitstatus_to_exitcode(status)
            return p.returncode, usage.ru_maxrss
        if time.monotonic() > deadline:
            p.kill()
            p.wait()
            return None, 0
        time.sleep(0.02)


def one_line(done: Done, *says: str) -> None:
    lines = done.err.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in done.err and "Exception ignored" not in done.err, done.err
    for s in says:
        assert s in lines[0], lines[0]


def inside(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, cwd: Path, *argv: str) -> Done:
    """The same command run in this process (``solver.cli.main.main``: the same code, without a process's start-up),
    for the cases that need no limit of their own."""
    monkeypatch.setenv("GHOSTWRITER_CACHE", str(cwd / "cache"))
    capsys.readouterr()
    start = time.monotonic()
    code = main(list(argv))
    seconds = time.monotonic() - start
    out, err = capsys.readouterr()
    return Done(code, out, err, seconds, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)


# -- autosaves cut short -------------------------------------------------------------------------------------------


def _cut_short(tmp_path: Path, game: Sequence[str], first: str, second: str) -> tuple[Done, bytes]:
    """A game played and saved, then resumed with its autosave under a file-size limit of the save's own size
    (every later save is larger): the run, and the good save's bytes."""
    save = tmp_path / "game.json"
    done = ghostwriter(tmp_path, "play", *game, "--save", str(save), "--words", WORDS, stdin=first)
    assert done.code == 0, done.err
    good = save.read_bytes()
    json.loads(good)
    done = ghostwriter(
        tmp_path, "play", "--load", str(save), "--save", str(save), "--words", WORDS, stdin=second, limit=len(good)
    )
    return done, good


def test_a_paperback_autosave_cut_short_keeps_the_good_save_byte_for_byte(tmp_path: Path) -> None:
    game = ["--game", "paperback", "--bots", "greedy", "--seed", "5"]
    done, good = _cut_short(tmp_path, game, "pass\n" * 8, "pass\n" * 3)
    assert (tmp_path / "game.json").read_bytes() == good
    assert "Autosave failed: save to" in done.out and "file-size limit" in done.out
    assert "saved to" not in done.out.rsplit("Game left", 1)[-1], "the end does not claim a save"
    assert done.code == EXIT_IO
    one_line(done, "ghostwriter: error: the game was not saved in full", "the file there is left as it was")
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")] == []


def test_a_hardback_autosave_cut_short_keeps_the_good_save_byte_for_byte(tmp_path: Path) -> None:
    game = ["--bots", "easy", "--seed", "4"]
    done, good = _cut_short(tmp_path, game, "pass\nend\n" * 3, "pass\nend\n" * 2)
    assert (tmp_path / "game.json").read_bytes() == good
    assert "autosave failed: save to" in done.out and "file-size limit" in done.out
    assert "could not be saved" in done.out
    assert done.code == EXIT_IO
    one_line(done, "ghostwriter: error: the game was not saved in full")
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")] == []


def test_a_save_command_cut_short_is_refused_and_the_game_goes_on(tmp_path: Path) -> None:
    other = tmp_path / "other.json"
    other.write_text('{"kept": true}\n')
    assert ghostwriter(tmp_path, "hint", "E", "A", "T", "--words", WORDS).code == 0  # the word list cached
    done = ghostwriter(
        tmp_path,
        "play", "--game", "paperback", "--bots", "greedy", "--seed", "5", "--words", WORDS,
        stdin=f"save {other}\npass\nsave {tmp_path / 'small.json'}\n",
        limit=200,
    )  # fmt: skip
    assert other.read_text() == '{"kept": true}\n'
    assert "Cannot save: save to" in done.out and "Saved to" not in done.out
    assert done.code == EXIT_IO
    one_line(done, "not saved in full (and 1 other save(s))")


def test_a_lexicon_cache_that_cannot_be_written_is_a_warning(tmp_path: Path) -> None:
    done = ghostwriter(tmp_path, "hint", "E", "A", "T", "--words", WORDS, "--json", limit=2000)
    assert done.code == 0 and json.loads(done.out)["moves"]  # the word list is built in memory
    one_line(done, "warning: cannot cache the compiled word list")
    assert not any((tmp_path / "cache").iterdir()), "no half-built folder is left in the cache"


# -- targets that are not plain files --------------------------------------------------------------------------------


@pytest.mark.parametrize("game", [[], ["--game", "paperback"]], ids=["hardback", "paperback"])
def test_save_onto_a_link_writes_the_file_it_points_to(tmp_path: Path, game: list[str]) -> None:
    real = tmp_path / "real.json"
    real.write_text("old")
    link = tmp_path / "link.json"
    link.symlink_to(real.name)
    argv = ["play", *game, "--bots", "greedy", "--save", str(link), "--words", WORDS]
    done = ghostwriter(tmp_path, *argv, stdin="pass\n")
    assert done.code == 0, done.err
    assert link.is_symlink() and os.readlink(link) == real.name
    assert json.loads(real.read_text())["seats"][0] == "you"


@pytest.mark.parametrize("game", [[], ["--game", "paperback"]], ids=["hardback", "paperback"])
def test_save_onto_a_fifo_or_a_device_is_refused_at_once(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path, game: list[str]
) -> None:
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    to_null = tmp_path / "to-null"
    to_null.symlink_to(os.devnull)
    for target, says in ((fifo, "that is a FIFO"), (to_null, f"it points to {os.devnull}, which is a device")):
        done = inside(capsys, monkeypatch, tmp_path, "play", *game, "--bots", "greedy", "--save", str(target))
        assert done.code == 2 and done.seconds < 5
        one_line(done, f"--save {target}: {says}", "nothing was written")
    assert stat.S_ISFIFO(fifo.lstat().st_mode) and to_null.is_symlink()
    assert stat.S_ISCHR(os.stat(os.devnull).st_mode)


@pytest.mark.parametrize("game", [[], ["--game", "paperback"]], ids=["hardback", "paperback"])
def test_save_at_the_prompt_onto_a_fifo_is_refused_and_the_game_goes_on(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path, game: list[str]
) -> None:
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    kept = tmp_path / "kept.json"
    monkeypatch.setattr("sys.stdin", io.StringIO(f"save {fifo}\nsave {kept}\nboard\n"))
    done = inside(capsys, monkeypatch, tmp_path, "play", *game, "--bots", "greedy", "--words", WORDS)
    assert f"save to {fifo}: that is a FIFO (named pipe), not a plain file; nothing was written" in done.out
    assert f"Saved to {kept}" in done.out and json.loads(kept.read_text())["seats"] == ["you", "greedy"]
    assert stat.S_ISFIFO(fifo.lstat().st_mode) and done.seconds < 30
    assert done.code == EXIT_IO  # the save asked for was not made: said at the end too
    one_line(done, "the game was not saved in full")


def test_save_onto_dev_null_itself_is_refused(tmp_path: Path) -> None:
    """(Only after the change: the old Hardback save renamed its temporary file over ``/dev/null`` itself.)"""
    done = ghostwriter(tmp_path, "play", "--bots", "greedy", "--save", os.devnull, "--words", WORDS, timeout=30)
    assert done.code == 2
    one_line(done, f"--save {os.devnull}: that is a device")
    assert stat.S_ISCHR(os.stat(os.devnull).st_mode)


def test_tournament_records_cut_short_leave_no_half_written_record(tmp_path: Path) -> None:
    records = tmp_path / "records"
    assert ghostwriter(tmp_path, "hint", "E", "A", "T", "--words", WORDS).code == 0  # the word list cached
    done = ghostwriter(
        tmp_path,
        "tournament", "--bots", "greedy,greedy", "--games", "2", "--workers", "1", "--words", WORDS,
        "--records", str(records),
        limit=3000,
    )  # fmt: skip
    assert done.code == EXIT_IO
    one_line(done, "--records", "not written", "file-size limit")
    for p in records.iterdir():
        assert not p.name.endswith(".tmp"), "no temporary file is left"
        json.loads(p.read_text())  # every record there is whole


@pytest.mark.parametrize("flag", ["--out-json", "--plot", "--csv"])
def test_tournament_outputs_onto_a_fifo_are_refused_before_any_game(tmp_path: Path, flag: str) -> None:
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    done = ghostwriter(
        tmp_path, "tournament", "--bots", "greedy,greedy", "--games", "1", "--words", WORDS, flag, str(fifo), timeout=30
    )
    assert done.code == 2
    one_line(done, f"{flag} {fifo}: that is a FIFO")


# -- inputs that never end -------------------------------------------------------------------------------------------


INPUTS: dict[str, Callable[[str], list[str]]] = {
    "hint --state": lambda p: ["hint", "--state", p, "--words", WORDS],
    "play --load": lambda p: ["play", "--load", p, "--words", WORDS],
    "review": lambda p: ["review", p, "--words", WORDS],
    "--words": lambda p: ["hint", "E", "A", "T", "--words", p],
    "--event-deck": lambda p: ["play", "--bots", "greedy", "--event-deck", p, "--words", WORDS],
    "--deck": lambda p: ["play", "--game", "paperback", "--deck", p, "--words", WORDS],
    "--extra-words @": lambda p: ["hint", "E", "A", "T", "--words", WORDS, "--extra-words", "@" + p],
}


ALONE = ("hint --state", "play --load", "review")  # the cases, in a process of their own: its memory measured


@pytest.mark.parametrize("name", ALONE)
def test_dev_zero_as_an_input_is_one_line_at_once(tmp_path: Path, name: str) -> None:
    done = ghostwriter(tmp_path, *INPUTS[name]("/dev/zero"), timeout=60)
    assert done.code == 2, done.err
    one_line(done, "/dev/zero", "device")
    assert done.seconds < 30  # at once (a process start and the imports, on a loaded machine)
    # KB: nothing of /dev/zero was held. A child's peak counts the test process's own memory up to the exec (the
    # fork), which grows over a long run: the baseline is a command that reads nothing, started the same way
    baseline = ghostwriter(tmp_path, "--version", timeout=60).peak_kb
    assert done.peak_kb < baseline + 150_000, (done.peak_kb, baseline)


@pytest.mark.parametrize("name", sorted(set(INPUTS) - set(ALONE)))
def test_dev_zero_as_any_other_input_is_one_line_at_once(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path, name: str
) -> None:
    done = inside(capsys, monkeypatch, tmp_path, *INPUTS[name]("/dev/zero"))
    assert done.code == 2 and done.seconds < 5
    one_line(done, "/dev/zero", "device")


def test_a_fifo_no_one_writes_to_is_given_up_on(tmp_path: Path) -> None:
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    done = ghostwriter(tmp_path, *INPUTS["hint --state"](str(fifo)), env={"GHOSTWRITER_PIPE_TIMEOUT": "1"})
    assert done.code == 2, done.err
    one_line(done, "a pipe that sent nothing for 1 s")


@pytest.mark.parametrize("name", ["play --load", "review", "--words", "--deck"])
def test_a_fifo_no_one_writes_to_is_given_up_on_as_any_input(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path, name: str
) -> None:
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    monkeypatch.setenv("GHOSTWRITER_PIPE_TIMEOUT", "0.5")
    done = inside(capsys, monkeypatch, tmp_path, *INPUTS[name](str(fifo)))
    assert done.code == 2 and 0.4 < done.seconds < 10
    one_line(done, "a pipe that sent nothing for 0.5 s")


def test_a_state_from_a_fifo_with_a_writer_is_read(tmp_path: Path) -> None:
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    writer = subprocess.Popen(["sh", "-c", f"sleep 0.5; printf '%s' '{{\"hand\": [\"E\", \"A\", \"T\"]}}' > {fifo}"])
    try:
        done = ghostwriter(tmp_path, "hint", "--state", str(fifo), "--words", WORDS, "--json", timeout=60)
    finally:
        writer.wait(timeout=30)
    assert done.code == 0, done.err
    assert json.loads(done.out)["moves"]


def test_dev_zero_on_stdin_is_refused_at_once(tmp_path: Path) -> None:
    with open("/dev/zero", "rb") as zero:
        start = time.monotonic()
        r = subprocess.run(
            [sys.executable, "-m", "solver.cli", "hint", "--state", "-", "--words", WORDS],
            stdin=zero,
            capture_output=True,
            text=True,
            env={**os.environ, "GHOSTWRITER_CACHE": str(tmp_path)},
            preexec_fn=lambda: resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY)),
            timeout=60,
            check=False,
        )
    assert r.returncode == 2 and time.monotonic() - start < 30
    assert r.stderr.strip() == "ghostwriter: error: state file stdin: standard input is a device, not a file or a pipe"


# -- closed standard streams -----------------------------------------------------------------------------------------


def test_a_closed_stdout_is_one_line_and_exit_74(tmp_path: Path) -> None:
    done = ghostwriter(tmp_path, "hint", "E", "A", "T", "--words", WORDS, stdin=None, close=(1,))
    assert done.code == EXIT_IO
    one_line(done, "standard output is closed")


def test_a_closed_stdin_is_one_line_and_exit_74(tmp_path: Path) -> None:
    for argv in (["play", "--bots", "greedy"], ["hint", "--state", "-"], ["review", "-"]):
        done = ghostwriter(tmp_path, *argv, "--words", WORDS, stdin=None, close=(0,))
        assert done.code == EXIT_IO, done.err
        one_line(done, "standard input is closed")


def test_a_pipe_closed_by_its_reader_is_one_line_and_exit_74(tmp_path: Path) -> None:
    for argv in (["cards"], ["hint", "E", "A", "T", "--words", WORDS, "--top", "20"]):
        done = ghostwriter(tmp_path, *argv, stdout_pipe_closed=True)
        assert done.code == EXIT_IO, done.err
        one_line(done, "the output was closed before all of it was written (broken pipe)")


def test_output_to_a_file_cut_short_is_one_line_and_exit_74(tmp_path: Path) -> None:
    out = tmp_path / "cards.txt"
    with out.open("wb") as f:
        r = subprocess.run(
            [sys.executable, "-m", "solver.cli", "cards"],
            stdout=f,
            stderr=subprocess.PIPE,
            text=True,
            preexec_fn=lambda: resource.setrlimit(resource.RLIMIT_FSIZE, (1000, 1000)),
            timeout=60,
            check=False,
        )
    assert r.returncode == EXIT_IO
    line = r.stderr.strip()
    assert line.startswith("ghostwriter: error: input or output failed") and line.endswith("File too large"), line
    assert "\n" not in line


# -- autosaves under any limit, in process -------------------------------------------------------------------------


@pytest.fixture(scope="module")
def paperback_save(example_lexicon: Lexicon, tmp_path_factory: pytest.TempPathFactory) -> bytes:
    """A Paperback game of a few turns, as its autosave wrote it."""
    save = tmp_path_factory.mktemp("good") / "game.json"
    _session(example_lexicon, ["--bots", "greedy", "--seed", "5", "--save", str(save)], "pass\n" * 4)
    return save.read_bytes()


def _session(lexicon: Lexicon, argv: list[str], lines: str) -> tuple[int | str, str]:
    parser = Parser(prog="ghostwriter")
    add_parser(parser.add_subparsers(dest="command", parser_class=Parser))
    out = io.StringIO()
    try:
        code: int | str = run(parser.parse_args(["play", "--game", "paperback", *argv]), io.StringIO(lines), out,
                              lexicon=lexicon)  # fmt: skip
    except WriteError as e:
        code = str(e)
    return code, out.getvalue()


@settings(max_examples=25)
@given(extra=st.integers(-2000, 4000), turns=st.integers(1, 3))
def test_any_limit_leaves_the_good_save_or_a_whole_later_one(
    example_lexicon: Lexicon, tmp_path_factory: pytest.TempPathFactory, paperback_save: bytes, extra: int, turns: int
) -> None:
    """Under a file-size limit anywhere around the save's size, the file after the game is the good save byte for
    byte or a whole later save; the game says each failure and ends with a ``WriteError`` when its last failed."""
    save = tmp_path_factory.mktemp("cut") / "game.json"
    save.write_bytes(paperback_save)
    limit = max(1, len(paperback_save) + extra)
    with file_size_limit(limit):
        code, out = _session(example_lexicon, ["--load", str(save), "--save", str(save)], "pass\n" * turns)
    now = save.read_bytes()
    assert now == paperback_save or (len(now) <= limit and json.loads(now)["seats"][0] == "you")
    if "Autosave failed" in out:
        assert "file-size limit" in out and "the file there is left as it was" in out
    else:
        assert code == 0 and now != paperback_save, "every autosave written: the file holds the last"
    if isinstance(code, str):  # the last autosave failed: the game ends saying so
        assert "Autosave failed" in out and code.startswith("the game was not saved in full")
    assert [p.name for p in save.parent.iterdir()] == ["game.json"]
