"""What every response and every state-changing request goes through before a route sees it: the
security headers a browser needs to keep a page to itself, and the origin check that refuses a
request another site's page made a visitor's browser send (cross-site request forgery).

The origin check is the strict same-origin check browsers make possible: every browser sends
`Origin` with a POST (and `Sec-Fetch-Site` with every request), so a form posted from another site
names that site. A request naming any origin other than the table's own (or one the operator
declared public) is refused before its body is read; a request naming none does not come from a
browser page, so no visitor's cookies are at stake. Forms of a signed-in player also carry a token
derived from their session (`laguna.server.auth.csrf_token`), checked by the routes.
"""

from __future__ import annotations

from collections.abc import Sequence
from urllib.parse import urlsplit

from starlette.datastructures import Headers, MutableHeaders
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from laguna.core.messages import N_

CONTENT_SECURITY_POLICY = "; ".join(
    (
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    )
)
"""Scripts, styles and connections only from the table itself: no inline script or style, no plug-in,
no page of ours inside another site's frame, and forms post only to us."""
HEADERS = (
    ("content-security-policy", CONTENT_SECURITY_POLICY),
    ("x-content-type-options", "nosniff"),
    ("x-frame-options", "DENY"),
    ("referrer-policy", "same-origin"),
    ("cross-origin-opener-policy", "same-origin"),
    ("permissions-policy", "camera=(), microphone=(), geolocation=(), payment=()"),
)
"""Sent with every response (`X-Frame-Options` for the browsers that do not read `frame-ancestors`)."""
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
FOREIGN = N_("this request came from another site, so it was refused: use the table's own pages")
"""The refusal of a request from a foreign origin (HTTP 403)."""
_DEFAULT_PORTS = {"http": 80, "https": 443, "ws": 80, "wss": 443}
_WEB_SCHEMES = {"ws": "http", "wss": "https"}


def origin_of(url: str) -> str | None:
    """`url` as an origin (``scheme://host[:port]``, the port only when it is not the scheme's own),
    or None if it is not an http(s) URL.

    >>> origin_of("https://laguna.example:443/t/x")
    'https://laguna.example'
    >>> origin_of("null") is None
    True
    """
    try:
        parts = urlsplit(url.strip())
        port = parts.port
    except ValueError:
        return None
    scheme = _WEB_SCHEMES.get(parts.scheme.lower(), parts.scheme.lower())
    if scheme not in ("http", "https") or not parts.hostname:
        return None
    host = parts.hostname.lower()
    if ":" in host:
        host = f"[{host}]"
    shown_port = "" if port is None or port == _DEFAULT_PORTS[scheme] else f":{port}"
    return f"{scheme}://{host}{shown_port}"


def own_origin(scope: Scope) -> str | None:
    """The origin this request was addressed to: its scheme (as the proxy reported it, where uvicorn
    trusts the proxy) and its `Host` header."""
    host = Headers(scope=scope).get("host")
    if not host:
        return None
    return origin_of(f"{scope.get('scheme', 'http')}://{host}")


def from_foreign_origin(scope: Scope, trusted: frozenset[str]) -> bool:
    """Whether a browser sent this request for a page of another origin than the table's own or the
    `trusted` ones."""
    headers = Headers(scope=scope)
    sent = headers.get("origin")
    if sent is not None:
        origin = origin_of(sent)  # "null" (a sandboxed frame, a file) is no origin of ours
        return origin is None or (origin != own_origin(scope) and origin not in trusted)
    if headers.get("sec-fetch-site", "").lower() in ("cross-site", "same-site"):
        return True
    referer = headers.get("referer")
    if referer is None:
        return False  # not sent by a browser's page: no visitor's cookies are at stake
    origin = origin_of(referer)
    return origin is None or (origin != own_origin(scope) and origin not in trusted)


class Guard:
    """Plain ASGI middleware: refuse a state-changing request (or a WebSocket) from a foreign origin
    with 403 before anything of it is read, and add `HEADERS` to every response."""

    def __init__(self, app: ASGIApp, *, origins: Sequence[str] = (), refuse: ASGIApp) -> None:
        self.app = app
        self.trusted = frozenset(o for o in (origin_of(u) for u in origins) if o)
        self.refuse = refuse

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "websocket":
            if from_foreign_origin(scope, self.trusted):
                await send({"type": "websocket.close", "code": 1008, "reason": "foreign origin"})
                return
            await self.app(scope, receive, send)
            return
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        if scope["method"] not in SAFE_METHODS and from_foreign_origin(scope, self.trusted):
            await self.refuse(scope, receive, _with_headers(send))
            return
        await self.app(scope, receive, _with_headers(send))


def _with_headers(send: Send) -> Send:
    async def sending(message: Message) -> None:
        if message["type"] == "http.response.start":
            headers = MutableHeaders(scope=message)
            for name, value in HEADERS:
                headers.setdefault(name, value)
        await send(message)

    return sending
