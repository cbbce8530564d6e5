"""uvicorn's HTTP protocols with deadlines on reading a request (``GHOSTWRITER_HEADER_TIMEOUT``, 10 s).

uvicorn closes a keep-alive connection left idle between requests (``timeout_keep_alive``), but it waits for
ever on a connection that opened and sent nothing, or that sends a request head a byte at a time (slowloris),
or a body so (its slow-POST variant): each such connection holds a socket, a file descriptor and a coroutine,
and enough of them exhaust the worker's. These protocols close a connection whose request head is not complete
within the deadline, counted from the first moment the server waits for a head (the connection's start, or the
first byte of the next request on a keep-alive connection; the idle gap before it stays the keep-alive
timeout's), and one whose body is not complete within the same deadline again, counted from the end of the
head (a body is at most ``GHOSTWRITER_MAX_BODY``, 64 KiB: 10 s allows 6.5 KB/s). Once a request has arrived
nothing is cut: the search has its own limit (the time budget). A client that stops reading its answer is
dropped once writing to it has waited the same deadline (``_ReadDeadline``: the write deadline).

``ghostwriter serve`` uses ``HeadDeadlineProtocol``; with plain uvicorn, pass
``--http service.http:HeadDeadlineProtocol``.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import os
import socket

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

from service.settings import Settings


@functools.lru_cache(maxsize=4)
def _header_timeout(text: str) -> float:
    return Settings.from_env({"GHOSTWRITER_HEADER_TIMEOUT": text}).header_timeout


def header_timeout() -> float:
    """The deadline in seconds, from the environment (``ghostwriter serve`` sets it for its workers)."""
    return _header_timeout(os.environ.get("GHOSTWRITER_HEADER_TIMEOUT", ""))


class _ReadDeadline:
    """The deadlines' timers, shared by the two protocols below; ``transport`` and ``loop`` are theirs.

    The write deadline: a client that does not read its answer fills the socket's buffers, and uvicorn then
    waits (``pause_writing``) for ever, holding the socket, its file descriptor and the answer's coroutine. From
    the moment writing pauses, the client has the same deadline (``GHOSTWRITER_HEADER_TIMEOUT``) to read enough
    for writing to resume; past it the connection is dropped (``abort``: the unsent bytes are thrown away)."""

    transport: asyncio.Transport
    loop: asyncio.AbstractEventLoop
    _read_timer: asyncio.TimerHandle | None = None
    _write_timer: asyncio.TimerHandle | None = None

    def pause_writing(self) -> None:
        super().pause_writing()  # type: ignore[misc]
        if self._write_timer is None:
            self._write_timer = self.loop.call_later(header_timeout(), self._not_reading)

    def resume_writing(self) -> None:
        self._disarm_write()
        super().resume_writing()  # type: ignore[misc]

    def _disarm_write(self) -> None:
        if self._write_timer is not None:
            self._write_timer.cancel()
            self._write_timer = None

    def _not_reading(self) -> None:
        self._write_timer = None
        self.transport.abort()

    def _arm_deadline(self) -> None:
        """Start the deadline, unless one runs already."""
        if self._read_timer is None:
            self._read_timer = self.loop.call_later(header_timeout(), self._too_slow)

    def _restart_deadline(self) -> None:
        """A new deadline from now (the head is in: the body gets a deadline of its own)."""
        self._disarm_deadline()
        self._arm_deadline()

    def _disarm_deadline(self) -> None:
        if self._read_timer is not None:
            self._read_timer.cancel()
            self._read_timer = None

    def _too_slow(self) -> None:
        self._read_timer = None
        if not self.transport.is_closing():
            self.transport.close()


def no_delay(transport: asyncio.BaseTransport) -> None:
    """Send each write at once (``TCP_NODELAY``) on a TCP connection. asyncio sets it only on sockets whose
    protocol number says TCP, and ``uvicorn --workers N`` (``ghostwriter serve --workers 2``) binds its listening
    socket with none: every accepted connection then kept Nagle's algorithm, which holds an answer's body (written
    after its head) until the client acknowledges the head, and a client delays that acknowledgement by up to
    40 ms. A keep-alive client waited about 40 ms an answer (a 2 ms hint took 44 ms), and 16 connections could not
    pass about 400 answers a second whatever the search cost."""
    sock = transport.get_extra_info("socket")
    if sock is not None and sock.family in (socket.AF_INET, socket.AF_INET6):
        with contextlib.suppress(OSError):  # (the connection closed already)
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)


class H11HeadDeadlineProtocol(_ReadDeadline, H11Protocol):
    """The pure-Python protocol (h11) with the deadlines: h11 reads a head while the client's state is IDLE and
    a body while it is SEND_BODY."""

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        no_delay(transport)
        super().connection_made(transport)
        self._arm_deadline()

    def data_received(self, data: bytes) -> None:
        before = self.conn.their_state
        if before is h11.IDLE:
            self._arm_deadline()
        super().data_received(data)
        after = self.conn.their_state
        if after is h11.SEND_BODY:
            if before is not h11.SEND_BODY:
                self._restart_deadline()
        elif after is not h11.IDLE:
            self._disarm_deadline()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm_deadline()
        self._disarm_write()
        super().connection_lost(exc)


try:
    from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
except ImportError:  # pragma: no cover - uvicorn[standard] brings httptools on CPython
    HeadDeadlineProtocol: type[asyncio.Protocol] = H11HeadDeadlineProtocol
else:

    class HttpToolsHeadDeadlineProtocol(_ReadDeadline, HttpToolsProtocol):
        """The C parser's protocol (httptools, uvicorn's default) with the deadlines: a request begins with
        ``on_message_begin``, its head is complete at ``on_headers_complete`` and its body at
        ``on_message_complete``."""

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            no_delay(transport)
            super().connection_made(transport)
            self._arm_deadline()

        def on_message_begin(self) -> None:
            self._arm_deadline()
            super().on_message_begin()

        def on_headers_complete(self) -> None:
            self._restart_deadline()
            super().on_headers_complete()
            if self.parser.should_upgrade():  # a WebSocket's connection is no longer a request being read
                self._disarm_deadline()

        def on_message_complete(self) -> None:
            self._disarm_deadline()
            super().on_message_complete()

        def connection_lost(self, exc: Exception | None) -> None:
            self._disarm_deadline()
            self._disarm_write()
            super().connection_lost(exc)

    HeadDeadlineProtocol = HttpToolsHeadDeadlineProtocol

