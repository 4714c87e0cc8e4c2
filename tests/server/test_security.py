"""What the table promises a visitor's browser: security headers on every answer, cookies that stay on
HTTPS and out of scripts, and no state-changing request or live channel opened from another site."""

from __future__ import annotations

import asyncio
import contextlib
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import func, select
from starlette.types import Message
from starlette.websockets import WebSocketDisconnect

from laguna.server.app import BodyLimit, create_app
from laguna.server.db import make_engine
from laguna.server.routes import live as live_routes
from laguna.server.schema import users
from laguna.server.security import origin_of

CSRF = re.compile(r'name="csrf" value="([0-9a-f]+)"')
EVIL = "https://evil.example"


@pytest.fixture
def url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'laguna.sqlite3'}"


@pytest.fixture
def app(url: str) -> Iterator[Any]:
    yield create_app(url)


def _users(url: str) -> int:
    engine = make_engine(url)
    with engine.connect() as c:
        count: int = c.execute(select(func.count()).select_from(users)).scalar_one()
    engine.dispose()
    return count


def _signed_up(client: TestClient, name: str = "Ada") -> str:
    page = client.post("/signup", data={"name": name, "password": "correct horse"}, follow_redirects=True)
    assert page.status_code == 200, page.text
    found = CSRF.search(page.text)
    assert found is not None
    return found.group(1)


@pytest.mark.parametrize(
    "path",
    ["/", "/login", "/static/table.css", "/no-such-page", "/t/nothing/record"],
)
def test_every_answer_carries_the_security_headers(app: Any, path: str) -> None:
    with TestClient(app) as client:
        answer = client.get(path)
    policy = answer.headers["content-security-policy"]
    assert "script-src 'self'" in policy and "unsafe-inline" not in policy and "unsafe-eval" not in policy
    assert "frame-ancestors 'none'" in policy and "object-src 'none'" in policy
    assert answer.headers["x-content-type-options"] == "nosniff"
    assert answer.headers["x-frame-options"] == "DENY"
    assert answer.headers["referrer-policy"] == "same-origin"


def test_a_request_too_large_is_refused_with_the_headers_too(app: Any) -> None:
    with TestClient(app) as client:
        answer = client.post("/login", content=b"x" * 100_000, headers={"content-type": "text/plain"})
    assert answer.status_code == 413
    assert answer.headers["x-frame-options"] == "DENY"


@pytest.mark.parametrize(
    "headers",
    [
        {"origin": EVIL},
        {"origin": "null"},
        {"origin": "http://testserver.evil.example"},
        {"sec-fetch-site": "cross-site"},
        {"sec-fetch-site": "same-site"},
        {"referer": f"{EVIL}/trap.html"},
    ],
)
def test_a_foreign_page_can_neither_sign_a_visitor_in_nor_make_them_a_guest(
    app: Any, url: str, headers: dict[str, str]
) -> None:
    with TestClient(app) as client:
        for path, data in [
            ("/signup", {"name": "Mallory", "password": "correct horse"}),
            ("/login", {"name": "Mallory", "password": "correct horse"}),
            ("/guest", {}),
            ("/play-now", {"game": "walking-in-burano", "opponents": "1"}),
            ("/language", {"code": "ru"}),
        ]:
            refused = client.post(path, data=data, headers=headers, follow_redirects=False)
            assert refused.status_code == 403, (path, refused.text)
            assert "came from another site" in refused.text
            assert "set-cookie" not in refused.headers
    assert _users(url) == 0


def test_a_foreign_page_cannot_act_for_a_signed_in_player(app: Any) -> None:
    with TestClient(app) as client:
        csrf = _signed_up(client)
        for path, data in [("/logout", {"csrf": csrf}), ("/tables", {"csrf": csrf, "game": "burano"})]:
            refused = client.post(path, data=data, headers={"origin": EVIL}, follow_redirects=False)
            assert refused.status_code == 403, path
        refused = client.post(
            "/t/x/act", json={"seat": 0, "version": 0}, headers={"origin": EVIL, "x-csrf-token": csrf}
        )
        assert refused.status_code == 403 and "another site" in refused.json()["error"]
        assert "My games" in client.get("/").text  # still signed in


def test_the_table_s_own_pages_and_declared_origins_are_answered(url: str) -> None:
    with TestClient(create_app(url, origins=["https://laguna.example"])) as client:
        own = client.post("/guest", headers={"origin": "http://testserver"}, follow_redirects=False)
        assert own.status_code == 303
        also_own = client.post(
            "/language", data={"code": "ru"}, headers={"origin": "https://laguna.example:443"}, follow_redirects=False
        )
        assert also_own.status_code == 303
        typed = client.post(
            "/language", data={"code": "en"}, headers={"sec-fetch-site": "none"}, follow_redirects=False
        )
        assert typed.status_code == 303
    assert _users(url) == 1


def test_the_session_cookie_is_http_only_same_site_and_secure_over_https(url: str) -> None:
    with TestClient(create_app(url)) as plain:
        cookie = plain.post("/guest", follow_redirects=False).headers["set-cookie"]
    assert "HttpOnly" in cookie and "SameSite=lax" in cookie and "Secure" not in cookie
    with TestClient(create_app(url), base_url="https://testserver") as https:
        cookie = https.post("/guest", headers={"origin": "https://testserver"}, follow_redirects=False).headers[
            "set-cookie"
        ]
        language = https.post("/language", data={"code": "ru"}, follow_redirects=False).headers["set-cookie"]
    assert "Secure" in cookie and "HttpOnly" in cookie
    assert "Secure" in language
    with TestClient(create_app(url, secure_cookies=True)) as behind_proxy:
        cookie = behind_proxy.post("/guest", follow_redirects=False).headers["set-cookie"]
    assert "Secure" in cookie


def test_the_live_channel_of_an_unknown_table_closes_with_4404(app: Any) -> None:
    with TestClient(app) as client, client.websocket_connect("/t/nothing/live") as socket:
        with pytest.raises(WebSocketDisconnect) as closed:
            socket.receive_json()
        assert closed.value.code == 4404


def test_the_live_channel_refuses_another_site_s_page(app: Any) -> None:
    with TestClient(app) as client:
        client.post("/guest")
        with (
            pytest.raises(WebSocketDisconnect) as refused,
            client.websocket_connect("/t/nothing/live", headers={"origin": EVIL}),
        ):
            pass
        assert refused.value.code == 1008


@pytest.mark.parametrize(
    ("url", "origin"),
    [
        ("https://Laguna.Example:443/x", "https://laguna.example"),
        ("http://laguna.example:8000", "http://laguna.example:8000"),
        ("wss://laguna.example/t/x/live", "https://laguna.example"),
        ("http://[::1]:8000/", "http://[::1]:8000"),
        ("null", None),
        ("javascript:alert(1)", None),
        ("http://host:99999/", None),
    ],
)
def test_origins_are_compared_as_browsers_write_them(url: str, origin: str | None) -> None:
    assert origin_of(url) == origin


def test_one_address_holds_a_bounded_number_of_live_channels(app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(live_routes, "LIVE_PER_ADDRESS", 3)
    with TestClient(app) as client, contextlib.ExitStack() as held:
        table = client.post("/play-now", data={"opponents": "1"}, follow_redirects=True).url.path.split("/")[-1]
        for _ in range(3):
            socket = held.enter_context(client.websocket_connect(f"/t/{table}/live"))
            assert "version" in socket.receive_json()
        with client.websocket_connect(f"/t/{table}/live") as refused, pytest.raises(WebSocketDisconnect) as closed:
            refused.receive_json()
        assert closed.value.code == 4429
        held.close()  # the page closes its tabs: the address may listen again
        with client.websocket_connect(f"/t/{table}/live") as socket:
            assert "version" in socket.receive_json()


def test_a_body_that_never_arrives_whole_is_refused_in_time(url: str) -> None:
    """A client that sends its headers and then a byte now and then is answered 408 once the body's
    time is up (every other test sends its body at once and is served)."""
    app = create_app(url)

    async def run(chunks: list[bytes]) -> list[Message]:
        sent: list[Message] = []
        pending = [{"type": "http.request", "body": chunk, "more_body": True} for chunk in chunks]

        async def receive() -> Message:
            if pending:
                return pending.pop(0)
            await asyncio.sleep(3600)  # the rest of the body never comes
            raise AssertionError("unreachable")

        async def send(message: Message) -> None:
            sent.append(message)

        scope = {
            "type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": "POST", "scheme": "http",
            "path": "/login", "raw_path": b"/login", "query_string": b"", "root_path": "", "app": app,
            "headers": [(b"host", b"testserver"), (b"content-type", b"application/x-www-form-urlencoded"),
                        (b"content-length", b"100")],
            "client": ("127.0.0.1", 5000), "server": ("testserver", 80), "state": {},
        }  # fmt: skip
        await BodyLimit(app, body_seconds=0.2)(scope, receive, send)
        return sent

    started = time.monotonic()
    sent = asyncio.run(run([b"name=", b"a"]))
    assert sent[0]["status"] == 408 and time.monotonic() - started < 5
    assert b"took too long to arrive" in b"".join(m.get("body", b"") for m in sent)
