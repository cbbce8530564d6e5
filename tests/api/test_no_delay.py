"""Answers leave at once on a keep-alive connection, whatever the number of workers (``service.http.no_delay``).

``ghostwriter serve --workers 2`` hands its workers a listening socket that uvicorn bound with no protocol number,
so asyncio did not turn Nagle's algorithm off on the connections it accepted: an answer's body, written after its
head, waited for the client's delayed acknowledgement of the head (40 ms on Linux), on every request after a
connection's first.
"""

from __future__ import annotations

import asyncio
import http.client
import socket
import statistics
import sys
import time

from service.http import no_delay

from live_server import live_server


def test_a_keep_alive_client_is_answered_without_waiting_for_its_acknowledgements() -> None:
    cmd = [sys.executable, "-m", "solver.cli", "serve", "--workers", "2"]
    with live_server(cmd) as base:
        host, port = base.removeprefix("http://").split(":")
        conn = http.client.HTTPConnection(host, int(port), timeout=10)
        try:
            times = []
            for _ in range(40):
                t0 = time.perf_counter()
                conn.request("GET", "/healthz")
                r = conn.getresponse()
                r.read()
                assert r.status == 200
                times.append(time.perf_counter() - t0)
        finally:
            conn.close()
    # with Nagle's algorithm on, nearly every round trip took 40-44 ms; without, about half a millisecond (a few
    # on a loaded machine)
    assert statistics.median(times) < 0.02, f"median round trip {statistics.median(times) * 1e3:.1f} ms"


def test_no_delay_is_set_on_a_connection_accepted_from_a_socket_bound_as_uvicorn_binds_it() -> None:
    async def run() -> tuple[int, int]:
        listening = socket.socket(family=socket.AF_INET)  # uvicorn's bind_socket: no protocol number
        listening.bind(("127.0.0.1", 0))
        accepted: asyncio.Future[asyncio.BaseTransport] = asyncio.get_running_loop().create_future()

        class Keep(asyncio.Protocol):
            def connection_made(self, transport: asyncio.BaseTransport) -> None:
                accepted.set_result(transport)

        server = await asyncio.get_running_loop().create_server(Keep, sock=listening)
        _, writer = await asyncio.open_connection(*listening.getsockname())
        transport = await accepted
        sock = transport.get_extra_info("socket")
        before = sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY)
        no_delay(transport)
        after = sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY)
        writer.close()
        transport.close()
        server.close()
        await server.wait_closed()
        return before, after

    before, after = asyncio.run(run())
    assert before == 0  # what asyncio leaves on such a socket (the reason for no_delay)
    assert after != 0
