"""uvicorn's HTTP protocols with a deadline on the request head (``GHOSTWRITER_HEADER_TIMEOUT``, 10 s).

uvicorn closes a keep-alive connection left idle between requests (``timeout_keep_alive``), but it waits for
ever on a connection that opened and sent nothing, or that sends a request head a byte at a time (slowloris):
each such connection holds a socket and a file descriptor, and enough of them exhaust the worker's. These
protocols close a connection whose request head is not complete within the deadline, counted from the first
moment the server waits for a head: the connection's start, or the first byte of the next request on a
keep-alive connection (the idle gap before it stays the keep-alive timeout's). A request whose head arrived
in time is never cut: the body and the search have limits of their own (``GHOSTWRITER_MAX_BODY`` and the
time budget).

``ghostwriter serve`` uses ``HeadDeadlineProtocol``; with plain uvicorn, pass
``--http service.http:HeadDeadlineProtocol``.
"""

from __future__ import annotations

import asyncio
import functools
import os

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

from service.settings import Settings


@functools.lru_cache(maxsize=4)
def _header_timeout(text: str) -> float:
    return Settings.from_env({"GHOSTWRITER_HEADER_TIMEOUT": text}).header_timeout


def header_timeout() -> float:
    """The deadline in seconds, from the environment (``ghostwriter serve`` sets it for its workers)."""
    return _header_timeout(os.environ.get("GHOSTWRITER_HEADER_TIMEOUT", ""))


class _HeadDeadline:
    """The deadline's timer, shared by the two protocols below; ``transport`` and ``loop`` are theirs."""

    transport: asyncio.Transport
    loop: asyncio.AbstractEventLoop
    _head_timer: asyncio.TimerHandle | None = None

    def _arm_head_deadline(self) -> None:
        if self._head_timer is None:
            self._head_timer = self.loop.call_later(header_timeout(), self._head_too_slow)

    def _disarm_head_deadline(self) -> None:
        if self._head_timer is not None:
            self._head_timer.cancel()
            self._head_timer = None

    def _head_too_slow(self) -> None:
        self._head_timer = None
        if not self.transport.is_closing():
            self.transport.close()


class H11HeadDeadlineProtocol(_HeadDeadline, H11Protocol):
    """The pure-Python protocol (h11) with the head deadline: h11 is waiting for a head while the client's
    state is IDLE."""

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._arm_head_deadline()

    def data_received(self, data: bytes) -> None:
        if self.conn.their_state is h11.IDLE:
            self._arm_head_deadline()
        super().data_received(data)
        if self.conn.their_state is not h11.IDLE:
            self._disarm_head_deadline()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm_head_deadline()
        super().connection_lost(exc)


try:
    from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
except ImportError:  # pragma: no cover - uvicorn[standard] brings httptools on CPython
    HeadDeadlineProtocol: type[asyncio.Protocol] = H11HeadDeadlineProtocol
else:

    class HttpToolsHeadDeadlineProtocol(_HeadDeadline, HttpToolsProtocol):
        """The C parser's protocol (httptools, uvicorn's default) with the head deadline: a head begins with
        ``on_message_begin`` and is complete at ``on_headers_complete``."""

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            super().connection_made(transport)
            self._arm_head_deadline()

        def on_message_begin(self) -> None:
            self._arm_head_deadline()
            super().on_message_begin()

        def on_headers_complete(self) -> None:
            self._disarm_head_deadline()
            super().on_headers_complete()

        def connection_lost(self, exc: Exception | None) -> None:
            self._disarm_head_deadline()
            super().connection_lost(exc)

    HeadDeadlineProtocol = HttpToolsHeadDeadlineProtocol

