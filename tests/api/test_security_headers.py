"""The service's answers as a browser or an attacker meets them, over real servers on loopback: security headers
on every answer (pages, static files, the API, errors), HEAD wherever GET works, the docs page without inline
script, and the request-head deadline that closes slow or silent connections (slowloris) while normal
requests, keep-alive ones included, go on being answered."""

from __future__ import annotations

import asyncio
import re
import socket
import sys
import time
from collections.abc import Iterator

import httpx
import pytest
from starlette.types import Message, Receive, Scope, Send

from service.security import CONTENT_SECURITY_POLICY, SECURITY_HEADERS, SecurityHeaders
from service.settings import Settings, SettingsError
from solver.cli.main import main as cli_main

from live_server import live_server

HEADER_TIMEOUT = 1.0
SLACK = 1.5  # seconds past the deadline within which the connection must be gone (a loaded 2-core CI machine)

SERVE = [sys.executable, "-m", "solver.cli", "serve", "--header-timeout", str(HEADER_TIMEOUT), "--log-level", "error"]
UVICORN_H11 = [
    sys.executable, "-m", "uvicorn", "--factory", "service.main:create_app", "--host", "127.0.0.1",
    "--http", "service.http:H11HeadDeadlineProtocol", "--log-level", "error",
]  # fmt: skip


@pytest.fixture(scope="module")
def serve() -> Iterator[str]:
    """``ghostwriter serve`` (uvicorn's default httptools parser, with the head deadline) on a loopback port."""
    with live_server(SERVE) as base:
        yield base


@pytest.fixture(scope="module", params=["serve (httptools)", "uvicorn --http H11HeadDeadlineProtocol"])
def any_server(request: pytest.FixtureRequest, serve: str) -> Iterator[str]:
    """Both protocols with the head deadline: the one ``serve`` uses and the pure-Python h11 one."""
    if request.param.startswith("serve"):
        yield serve
        return
    with live_server(UVICORN_H11, env={"GHOSTWRITER_HEADER_TIMEOUT": str(HEADER_TIMEOUT)}) as base:
        yield base


# -- headers -------------------------------------------------------------------------------------------------------


def _assert_secured(r: httpx.Response) -> None:
    where = f"{r.request.method} {r.request.url.path} ({r.status_code})"
    for name, value in SECURITY_HEADERS:
        assert r.headers.get(name.decode()) == value.decode(), f"{where}: header {name.decode()}"


def test_every_answer_carries_the_security_headers(serve: str) -> None:
    with httpx.Client(base_url=serve, timeout=10) as c:
        answers = [
            c.get("/"),
            c.get("/static/app.js"),
            c.get("/static/style.css"),
            c.get("/docs"),
            c.get("/docs-assets/swagger-ui-bundle.js"),
            c.get("/openapi.json"),
            c.get("/healthz"),
            c.get("/v1/cards", params={"letter": "F"}),
            c.post("/v1/hardback/hint", json={"hand": ["r:F6", "E", "S", "T"], "top": 1}),
            c.get("/no/such/path"),  # 404
            c.get("/static/no-such-file.js"),  # 404 from the static files
            c.get("/v1/hardback/hint"),  # 405
            c.post("/v1/hardback/hint", content=b"{not json", headers={"content-type": "application/json"}),  # 400
            c.post("/v1/hardback/hint", json={"hand": ["q:Z9"]}),  # 422
            c.post("/v1/hardback/hint", content=b"x" * 70_000),  # 413
        ]
    assert [r.status_code for r in answers] == [200] * 9 + [404, 404, 405, 400, 422, 413]
    for r in answers:
        _assert_secured(r)
    csp = answers[0].headers["content-security-policy"]
    assert "'unsafe-inline'" not in csp and "'unsafe-eval'" not in csp
    assert "default-src 'self'" in csp and "script-src 'self'" in csp and "frame-ancestors 'none'" in csp


def test_a_header_the_answer_sets_itself_is_kept() -> None:
    """The middleware fills in what is missing; it never overrides an answer's own header."""
    async def app(scope: Scope, receive: Receive, send: Send) -> None:
        await send({"type": "http.response.start", "status": 200, "headers": [(b"referrer-policy", b"same-origin")]})
        await send({"type": "http.response.body", "body": b"hi"})

    sent: list[Message] = []

    async def send(message: Message) -> None:
        sent.append(message)

    async def receive() -> Message:
        return {"type": "http.request", "body": b""}

    asyncio.run(SecurityHeaders(app)({"type": "http", "method": "GET", "headers": []}, receive, send))
    headers = dict(sent[0]["headers"])
    assert headers[b"referrer-policy"] == b"same-origin"
    assert headers[b"content-security-policy"] == CONTENT_SECURITY_POLICY.encode()
    assert sent[1]["body"] == b"hi"


@pytest.mark.parametrize(
    "path",
    ["/", "/healthz", "/readyz", "/v1/cards", "/v1/cards/romance:F6", "/v1/dictionaries", "/static/app.js",
     "/static/icon.svg", "/docs", "/docs-assets/swagger-ui.css", "/openapi.json"],
)  # fmt: skip
def test_head_answers_wherever_get_does(serve: str, path: str) -> None:
    with httpx.Client(base_url=serve, timeout=10) as c:
        got = c.get(path)
        head = c.head(path)
    assert got.status_code == 200 and head.status_code == 200, (got.status_code, head.status_code)
    assert head.content == b""
    assert head.headers.get("content-type") == got.headers.get("content-type")
    assert int(head.headers["content-length"]) == len(got.content)
    _assert_secured(head)


def test_head_where_get_is_refused_is_refused_too(serve: str) -> None:
    with httpx.Client(base_url=serve, timeout=10) as c:
        assert c.head("/v1/hardback/hint").status_code == 405
        assert c.head("/no/such/path").status_code == 404


def test_the_docs_page_runs_no_inline_script_and_fetches_nothing_from_elsewhere(serve: str) -> None:
    with httpx.Client(base_url=serve, timeout=10) as c:
        html = c.get("/docs").text
        scripts = re.findall(r"<script\b([^>]*)>(.*?)</script>", html, flags=re.S)
        assert scripts and all('src="' in attrs and not body.strip() for attrs, body in scripts)
        assert not re.search(r'(?:src|href)="(?:https?:)?//', html), "an asset from another host"
        assert "style=" not in html and "<style" not in html
        for asset in re.findall(r'(?:src|href)="([^"#]+)"', html):
            assert c.get("/" + asset.lstrip("/")).status_code == 200, asset
        bundle = c.get("/docs-assets/swagger-ui-bundle.js").text
        assert re.search(r'"5\.\d+\.\d+"', bundle), "Swagger UI 5 (the first major version to read OpenAPI 3.1)"


# -- the request-head deadline ---------------------------------------------------------------------------------------


def _port(base: str) -> int:
    return int(base.rsplit(":", 1)[1])


def _closed_within(sock: socket.socket, seconds: float) -> float:
    """Seconds until the server closes ``sock`` (reading only); fails if it is still open after ``seconds``."""
    start = time.monotonic()
    sock.settimeout(seconds)
    try:
        while sock.recv(4096):
            pass
    except (ConnectionResetError, BrokenPipeError):
        pass
    except TimeoutError:
        pytest.fail(f"the connection was still open after {seconds:.1f} s")
    return time.monotonic() - start


def _request(sock: socket.socket, path: str = "/healthz") -> bytes:
    """One keep-alive GET on an open socket; the whole answer (its body is small JSON with Content-Length)."""
    sock.sendall(f"GET {path} HTTP/1.1\r\nHost: test\r\n\r\n".encode())
    sock.settimeout(10)
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = sock.recv(4096)
        assert chunk, f"the server closed the connection instead of answering: {data!r}"
        data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    length = int(re.search(rb"content-length: (\d+)", head, flags=re.I).group(1))  # type: ignore[union-attr]
    while len(body) < length:
        body += sock.recv(4096)
    return head


def test_a_silent_connection_is_closed_at_the_deadline(any_server: str) -> None:
    with socket.create_connection(("127.0.0.1", _port(any_server)), timeout=5) as sock:
        waited = _closed_within(sock, HEADER_TIMEOUT + SLACK)
    assert waited >= HEADER_TIMEOUT - 0.2


def test_a_head_sent_a_byte_at_a_time_is_cut_at_the_deadline(any_server: str) -> None:
    """Slowloris: bytes keep coming, so no idle timeout fires; the head never completes in time."""
    head = b"GET /healthz HTTP/1.1\r\nHost: test\r\nX-Slow: " + b"a" * 200
    start = time.monotonic()
    with socket.create_connection(("127.0.0.1", _port(any_server)), timeout=5) as sock:
        closed = False
        for byte in head:
            try:
                sock.sendall(bytes([byte]))
            except (BrokenPipeError, ConnectionResetError):
                closed = True
                break
            time.sleep(0.05)
            if time.monotonic() - start > HEADER_TIMEOUT + SLACK:
                break
        if not closed:
            sock.settimeout(0.5)
            try:
                closed = sock.recv(4096) == b""
            except (ConnectionResetError, BrokenPipeError):
                closed = True
            except TimeoutError:
                closed = False
    assert closed, "the server kept a head that trickled in for longer than its deadline"
    assert time.monotonic() - start < HEADER_TIMEOUT + SLACK + 0.6


BODY = b'{"hand": ["r:F6", "E", "S", "T"], "top": 1}'
POST_HEAD = (
    b"POST /v1/hardback/hint HTTP/1.1\r\nHost: test\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n"
)


def test_a_body_sent_a_byte_at_a_time_is_cut_at_the_deadline(any_server: str) -> None:
    """Slow POST: the head comes at once, the body trickles in; the body has the same deadline again."""
    with socket.create_connection(("127.0.0.1", _port(any_server)), timeout=5) as sock:
        sock.sendall(POST_HEAD % 4096)
        start = time.monotonic()
        closed = False
        while time.monotonic() - start < HEADER_TIMEOUT + SLACK:
            try:
                sock.sendall(b" ")
            except (BrokenPipeError, ConnectionResetError):
                closed = True
                break
            sock.settimeout(0.05)
            try:
                if sock.recv(4096) == b"":
                    closed = True
                    break
            except TimeoutError:
                pass
            except ConnectionResetError:
                closed = True
                break
        assert closed, "the server kept a body that trickled in for longer than its deadline"
        assert time.monotonic() - start >= HEADER_TIMEOUT - 0.2


def test_a_body_that_arrives_in_time_is_answered(any_server: str) -> None:
    """Head and body each within the deadline, though together longer than it: the search is answered."""
    with socket.create_connection(("127.0.0.1", _port(any_server)), timeout=5) as sock:
        head = POST_HEAD % len(BODY)
        sock.sendall(head[:20])
        time.sleep(HEADER_TIMEOUT * 0.6)
        sock.sendall(head[20:])
        time.sleep(HEADER_TIMEOUT * 0.6)
        sock.sendall(BODY[:10])
        time.sleep(HEADER_TIMEOUT * 0.3)
        sock.sendall(BODY[10:])
        sock.settimeout(10)
        answer = sock.recv(65536)
    assert answer.startswith(b"HTTP/1.1 200"), answer[:200]


def test_half_open_connections_do_not_pile_up_and_others_are_served(any_server: str) -> None:
    socks = [socket.create_connection(("127.0.0.1", _port(any_server)), timeout=5) for _ in range(30)]
    try:
        for s in socks:
            s.sendall(b"GET / HTTP/1.1\r\nHost: te")  # a head begun, never finished
        with httpx.Client(base_url=any_server, timeout=5) as c:
            assert c.get("/healthz").status_code == 200
        deadline = time.monotonic() + HEADER_TIMEOUT + SLACK
        for s in socks:
            _closed_within(s, max(0.1, deadline - time.monotonic()))
    finally:
        for s in socks:
            s.close()


def test_normal_requests_and_keep_alive_outlive_the_deadline(any_server: str) -> None:
    """The deadline is per request head: a keep-alive connection used for longer than it goes on working, and
    a head that arrives slowly but in time is answered."""
    with socket.create_connection(("127.0.0.1", _port(any_server)), timeout=5) as sock:
        for _ in range(3):
            assert _request(sock).startswith(b"HTTP/1.1 200")
            time.sleep(HEADER_TIMEOUT * 0.6)  # 1.8 deadlines in all, within the keep-alive timeout (5 s)
        assert _request(sock).startswith(b"HTTP/1.1 200")
    with socket.create_connection(("127.0.0.1", _port(any_server)), timeout=5) as sock:
        for part in (b"GET /healthz HTTP/1.1\r\n", b"Host: test\r\n", b"\r\n"):
            sock.sendall(part)
            time.sleep(HEADER_TIMEOUT * 0.25)
        sock.settimeout(5)
        assert sock.recv(4096).startswith(b"HTTP/1.1 200")


def test_the_header_timeout_setting() -> None:
    assert Settings().header_timeout == 10.0
    s = Settings.from_env({"GHOSTWRITER_HEADER_TIMEOUT": "2.5"})
    assert s.header_timeout == 2.5 and Settings.from_env(s.to_env()) == s
    with pytest.raises(SettingsError, match="GHOSTWRITER_HEADER_TIMEOUT"):
        Settings.from_env({"GHOSTWRITER_HEADER_TIMEOUT": "0"})


def test_serve_refuses_a_bad_header_timeout_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli_main(["serve", "--header-timeout", "-1"]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "GHOSTWRITER_HEADER_TIMEOUT" in err
