"""Security headers on every answer, HEAD wherever GET works, and each request's time of arrival.

The page and the API docs load only the package's own files (no CDN, no inline script or style), so the
Content-Security-Policy can allow ``'self'`` alone: an injected ``<script>`` or a script from elsewhere does not
run, and no other site may frame the page (clickjacking). ``img-src`` also allows ``data:`` because Swagger UI's
stylesheet draws its icons as ``data:`` SVG images.

HEAD is answered as GET without the body (HTTP requires a server that answers GET to answer HEAD; load
balancers and uptime checks use it), for every route at once instead of one declaration per route.
"""

from __future__ import annotations

import time

from starlette.types import ASGIApp, Message, Receive, Scope, Send

ARRIVED = "ghostwriter.arrived"  # the scope's key for the moment (``time.monotonic()``) the request reached the app

CONTENT_SECURITY_POLICY = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        "connect-src 'self'",
        "font-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ]
)

SECURITY_HEADERS: tuple[tuple[bytes, bytes], ...] = (
    (b"content-security-policy", CONTENT_SECURITY_POLICY.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-frame-options", b"DENY"),
    (b"cross-origin-opener-policy", b"same-origin"),
)


class SecurityHeaders:
    """Adds ``SECURITY_HEADERS`` to every HTTP answer that does not set them itself, and answers HEAD as GET.

    It wraps the whole application, error handlers included (``service.main`` puts it outside Starlette's
    server-error middleware), so a 404, a 413 or a 500 carries the headers as a page does.
    """

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        scope[ARRIVED] = time.monotonic()  # a request's time limit counts from here, queue time included
        head = scope["method"] == "HEAD"
        if head:
            scope = {**scope, "method": "GET"}

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                present = {name.lower() for name, _ in headers}
                headers += [(name, value) for name, value in SECURITY_HEADERS if name not in present]
                message = {**message, "headers": headers}
            elif message["type"] == "http.response.body" and head:
                if message.get("more_body", False):
                    return
                message = {"type": "http.response.body", "body": b"", "more_body": False}
            await send(message)

        await self.app(scope, receive, send_with_headers)
