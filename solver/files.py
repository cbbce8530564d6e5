"""Every file Ghostwriter writes, and every file a person names for it to read.

Writing (``write_text``, ``write_bytes``, ``replacing``): the new content goes to a temporary file beside the
target, is flushed and synced to the disk, and only then renamed over the target, so a reader sees the old file or
the new one, never half of either. A target that is a symbolic link is followed: the file it points to is replaced
and the link stays a link. A target that is a FIFO, a device, a socket or a folder is refused before anything is
written (a save onto one would otherwise replace it with a plain file); a write that fails (the disk full, a
file-size limit, no permission) removes the temporary file, leaves the old file as it was, and raises a
``WriteError`` that says so.

Reading (``read_bytes``, ``read_text``): a file a person names is read only if it is a regular file or a pipe
(``<(command)``), at most ``limit`` bytes of it: a device (``/dev/zero``), a folder or a socket is refused at once, a
file larger than the limit is refused without reading it, and a named pipe that sends nothing for ``pipe_timeout``
seconds is given up on. ``-`` is standard input, read with the same limit (a pipe there waits for its writer, as
the shell's tools do; a device other than a terminal is refused).

Standard streams: ``stream_closed`` says whether a standard stream was closed when the process started (it is then
held open on ``/dev/null``, so that no file the process opens takes its descriptor); the command line turns that,
and a pipe closed under its output, into one line and ``EXIT_IO``.
"""

from __future__ import annotations

import errno
import io
import os
import select
import stat
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from solver.errors import GhostwriterError

MAX_INPUT = 64 * 1024 * 1024  # bytes of a file a person names, unless the caller gives another limit
PIPE_TIMEOUT = 30.0  # seconds a named pipe may stay silent before its reading is given up ($GHOSTWRITER_PIPE_TIMEOUT)
EXIT_IO = 74  # a file or stream that could not be read or written (EX_IOERR); 70 stays for internal errors


class FileError(GhostwriterError):
    """A file that cannot be read or written as asked: one line naming it and why."""


class WriteError(FileError):
    """A write that failed; the file it was to replace is left as it was."""


class StreamError(FileError):
    """A standard stream that is closed (stdin or stdout closed by the shell, a pipe closed by its reader)."""


# -- what a path is -------------------------------------------------------------------------------------------------


def _kind(mode: int) -> str | None:
    """What a file of ``mode`` is, when it is not a regular file (None for a regular file)."""
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISLNK(mode):
        return "a symbolic link"
    if stat.S_ISFIFO(mode):
        return "a FIFO (named pipe)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def _reason(e: OSError) -> str:
    """An OS error's reason in words: the disk full and a file-size limit named as such."""
    if e.errno == errno.ENOSPC:
        return "the disk is full"
    if e.errno == errno.EFBIG:
        return "the file would exceed the file-size limit"
    if e.errno == errno.EDQUOT:
        return "the disk quota is used up"
    return e.strerror or str(e)


# -- writing --------------------------------------------------------------------------------------------------------


def check_target(path: str | os.PathLike[str], what: str = "") -> Path:
    """The file to write for ``path``: ``path`` itself, or the file a symbolic link there points to (so the link
    stays a link); a FIFO, a device, a socket or a folder is refused with a ``FileError`` (a missing file is fine),
    and so is a folder that does not exist."""
    p = Path(path)
    label = f"{what} {p}" if what else str(p)
    target = Path(os.path.realpath(p)) if p.is_symlink() else p
    try:
        mode: int | None = os.stat(target).st_mode
    except FileNotFoundError:
        mode = None
    except OSError as e:
        raise FileError(f"{label}: cannot look at it ({_reason(e)})") from None
    if mode is not None:
        kind = _kind(mode)
        if kind is not None:
            where = f"it points to {target}, which" if target != p else "that"
            raise FileError(f"{label}: {where} is {kind}, not a plain file; nothing was written")
    if not target.parent.is_dir():
        raise FileError(f"{label}: the folder {str(target.parent)!r} does not exist")
    return target


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        n = os.write(fd, view)
        view = view[n:]


def _mode_for(target: Path) -> int:
    """The permissions the new file gets: the old file's, else the usual ones for a new file (0666 less umask)."""
    try:
        return stat.S_IMODE(os.stat(target).st_mode)
    except OSError:
        mask = os.umask(0)
        os.umask(mask)
        return 0o666 & ~mask


def _sync_folder(folder: Path) -> None:
    """The rename made durable: the folder's entry synced (best effort: some file systems refuse it)."""
    try:
        fd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


@contextmanager
def replacing(path: str | os.PathLike[str], what: str = "") -> Iterator[Path]:
    """A temporary path beside ``path`` for a writer that wants a path of its own (``numpy.save``, a trie's
    ``save``); on leaving, the file written there is synced and renamed over ``path``. A failure anywhere removes
    the temporary file, keeps the old file, and raises a ``WriteError``."""
    target = check_target(path, what)
    label = f"{what} {target}" if what else str(target)
    import tempfile  # here, not at the top: a hint writes no file, and tempfile costs the first answer ~10 ms

    fd, name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    os.close(fd)
    tmp = Path(name)
    try:
        yield tmp
        os.chmod(tmp, _mode_for(target))
        fd = os.open(tmp, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(tmp, target)
    except OSError as e:
        tmp.unlink(missing_ok=True)
        raise WriteError(f"{label}: not written ({_reason(e)}); {_kept(target)}") from None
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    _sync_folder(target.parent)


def _kept(target: Path) -> str:
    return "the file there is left as it was" if target.exists() else "no file was made"


def write_bytes(path: str | os.PathLike[str], data: bytes, what: str = "") -> None:
    """Write ``data`` to ``path`` whole or not at all (see the module's docstring); ``what`` names the file in the
    errors (e.g. ``--save``)."""
    target = check_target(path, what)
    label = f"{what} {target}" if what else str(target)
    try:
        import tempfile

        fd, name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    except OSError as e:
        raise WriteError(f"{label}: not written ({_reason(e)}); {_kept(target)}") from None
    try:
        try:
            os.fchmod(fd, _mode_for(target))
            _write_all(fd, data)
            os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(name, target)
    except OSError as e:
        Path(name).unlink(missing_ok=True)
        raise WriteError(f"{label}: not written ({_reason(e)}); {_kept(target)}") from None
    except BaseException:
        Path(name).unlink(missing_ok=True)
        raise
    _sync_folder(target.parent)


def write_text(path: str | os.PathLike[str], text: str, what: str = "") -> None:
    """Write ``text`` (UTF-8) to ``path`` whole or not at all (``write_bytes``)."""
    write_bytes(path, text.encode("utf-8"), what)


def sync_tree(folder: str | os.PathLike[str]) -> None:
    """Every file of a folder (one level) synced to the disk, then the folder itself: a folder built beside its
    final place is complete on the disk before it is renamed into it."""
    root = Path(folder)
    for p in root.iterdir():
        if p.is_file() and not p.is_symlink():
            fd = os.open(p, os.O_RDONLY)
            try:
                os.fsync(fd)
            finally:
                os.close(fd)
    _sync_folder(root)


# -- reading --------------------------------------------------------------------------------------------------------


def _mib(n: int) -> str:
    return f"{n // (1024 * 1024)} MiB" if n >= 1024 * 1024 else f"{n:,} bytes"


def _read_pipe(fd: int, limit: int, timeout: float, label: str) -> bytes:
    """A pipe read to its end, at most ``limit`` bytes, giving up when it sends nothing for ``timeout`` seconds."""
    chunks: list[bytes] = []
    size = 0
    poll = select.poll()
    poll.register(fd, select.POLLIN | select.POLLHUP | select.POLLERR)
    while True:
        if not poll.poll(max(1, int(timeout * 1000))):
            raise FileError(f"{label}: a pipe that sent nothing for {timeout:g} s; is anything writing to it?")
        try:
            chunk = os.read(fd, min(1 << 20, limit + 1 - size))
        except BlockingIOError:
            continue
        if not chunk:
            return b"".join(chunks)
        chunks.append(chunk)
        size += len(chunk)
        if size > limit:
            raise FileError(f"{label}: more than {_mib(limit)}; far more than it should hold")


def _read_file(fd: int, size: int, limit: int, label: str) -> bytes:
    if size > limit:
        raise FileError(f"{label}: {_mib(size)}, more than the {_mib(limit)} it may be; far more than it should hold")
    chunks: list[bytes] = []
    got = 0
    while got <= limit:
        chunk = os.read(fd, min(1 << 20, limit + 1 - got))
        if not chunk:
            break
        chunks.append(chunk)
        got += len(chunk)
    if got > limit:  # it grew while read
        raise FileError(f"{label}: more than {_mib(limit)}; far more than it should hold")
    return b"".join(chunks)


def _label(path: str | os.PathLike[str], what: str) -> str:
    """How the errors name an input: ``what`` (a flag) and the path, ``stdin`` for ``-``."""
    name = "stdin" if str(path) == "-" else str(path)
    return f"{what} {name}" if what else name


def read_bytes(
    path: str | os.PathLike[str],
    what: str = "",
    *,
    limit: int = MAX_INPUT,
    pipe_timeout: float | None = None,
) -> bytes:
    """The bytes of a file a person names (``-`` is standard input), or a ``FileError`` in one line: no such file,
    a folder, a device or a socket, larger than ``limit``, a pipe silent for ``pipe_timeout`` seconds, or unreadable
    (see the module's docstring). ``what`` names it in the errors (e.g. ``--state``)."""
    label = _label(path, what)
    if str(path) == "-":
        return _read_stdin(label, limit)
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)  # a FIFO opens at once, writer or not
    except FileNotFoundError:
        raise FileError(f"{label}: no such file (it does not exist)") from None
    except IsADirectoryError:
        raise FileError(f"{label}: that is a folder; give a file") from None
    except OSError as e:
        raise FileError(f"{label}: cannot read it ({_reason(e)})") from None
    try:
        return _read_fd(fd, label, limit, _pipe_timeout() if pipe_timeout is None else pipe_timeout)
    finally:
        os.close(fd)


def _pipe_timeout() -> float:
    """$GHOSTWRITER_PIPE_TIMEOUT when it is a number of seconds above 0, else ``PIPE_TIMEOUT``."""
    try:
        value = float(os.environ.get("GHOSTWRITER_PIPE_TIMEOUT", ""))
    except ValueError:
        return PIPE_TIMEOUT
    return value if 0 < value <= 86_400 else PIPE_TIMEOUT


def _read_fd(fd: int, label: str, limit: int, pipe_timeout: float) -> bytes:
    st = os.fstat(fd)
    try:
        if stat.S_ISFIFO(st.st_mode):
            return _read_pipe(fd, limit, pipe_timeout, label)
        kind = _kind(st.st_mode)
        if kind is not None:
            raise FileError(f"{label}: that is {kind}, not a file; give a file")
        os.set_blocking(fd, True)
        return _read_file(fd, st.st_size, limit, label)
    except OSError as e:
        raise FileError(f"{label}: cannot read it ({_reason(e)})") from None


def _read_stdin(label: str, limit: int) -> bytes:
    """Standard input, read as a shell reads it (a pipe waits for its writer), at most ``limit`` bytes; a device
    other than a terminal (``< /dev/zero``) refused at once. A stream without a descriptor (a test's) is read as
    text."""
    stream = sys.stdin
    if stream is None or stream_closed(0):
        raise StreamError(f"{label}: standard input is closed; give a file, or pipe the input in")
    try:
        try:
            mode: int | None = os.fstat(stream.fileno()).st_mode
        except (io.UnsupportedOperation, AttributeError):
            mode = None
        if mode is not None and (stat.S_ISCHR(mode) or stat.S_ISBLK(mode)) and not stream.isatty():
            raise FileError(f"{label}: standard input is a device, not a file or a pipe")
        if mode is not None and stat.S_ISDIR(mode):
            raise FileError(f"{label}: standard input is a folder, not a file or a pipe")
        buffer = getattr(stream, "buffer", None)
        data = buffer.read(limit + 1) if buffer is not None else stream.read(limit + 1).encode("utf-8")
    except OSError as e:
        raise FileError(f"{label}: cannot read it ({_reason(e)})") from None
    if len(data) > limit:
        raise FileError(f"{label}: more than {_mib(limit)}; far more than it should hold")
    return data


def read_text(
    path: str | os.PathLike[str],
    what: str = "",
    *,
    limit: int = MAX_INPUT,
    pipe_timeout: float | None = None,
) -> str:
    """The UTF-8 text of a file a person names (``read_bytes``), or a ``FileError`` naming the first byte that is not
    UTF-8."""
    data = read_bytes(path, what, limit=limit, pipe_timeout=pipe_timeout)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise FileError(f"{_label(path, what)}: not UTF-8 text (byte {e.start}): save it as UTF-8") from None


# -- standard streams -----------------------------------------------------------------------------------------------

_CLOSED: set[int] = set()


def hold_standard_streams() -> None:
    """Call once at start: a standard stream (0, 1, 2) closed by the shell is held open on ``/dev/null`` (so a file
    the process opens cannot take its descriptor, and a save never lands on stdout's number) and remembered as
    closed (``stream_closed``)."""
    for fd in (0, 1, 2):
        try:
            os.fstat(fd)
        except OSError:
            _CLOSED.add(fd)
    for fd in sorted(_CLOSED):
        opened = os.open(os.devnull, os.O_RDWR)
        if opened != fd:
            os.dup2(opened, fd)
            os.close(opened)


def stream_closed(fd: int) -> bool:
    """Whether standard stream ``fd`` was closed when the process started (``hold_standard_streams``)."""
    return fd in _CLOSED
