"""`laguna serve` facing the open internet: a real server closes connections that never finish their
headers, idle ones, and those beyond its cap, and still answers a normal request meanwhile; its
options reach the application and uvicorn, and bad ones are refused in one line."""

from __future__ import annotations

import contextlib
import http.client
import select
import socket
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from laguna.cli import app as cli
from laguna.cli.commands import serve as serve_command
from laguna.core import LagunaError
from laguna.server.app import ORIGINS_VARIABLE, SECURE_COOKIES_VARIABLE
from laguna.server.serving import (
    HEADER_TIMEOUT,
    KEEP_ALIVE_TIMEOUT,
    MAX_CONNECTIONS,
    Limits,
    Serving,
    TableProtocol,
    make_config,
    parse_origin,
    parse_trusted,
)
from tests.server.conftest import launch_server

PARTIAL = b"GET / HTTP/1.1\r\nHost: table\r\n"
"""A request whose headers never end."""
QUICK = 1.0
"""The header and keep-alive timeouts of the quick server, in seconds."""
CAP = 20
"""The connection cap of the capped server."""


def _served(tmp_path_factory: pytest.TempPathFactory, *options: str) -> Iterator[tuple[str, int]]:
    folder = tmp_path_factory.mktemp("serve")
    process, address = launch_server(f"sqlite:///{folder / 'laguna.sqlite3'}", folder, options=options)
    try:
        yield "127.0.0.1", int(address.rsplit(":", 1)[1])
    finally:
        process.terminate()
        process.wait(10)


@pytest.fixture(scope="module")
def quick_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, int]]:
    """A server giving a second for a request's headers and keeping idle connections a second."""
    yield from _served(tmp_path_factory, "--header-timeout", str(QUICK), "--keep-alive-timeout", str(int(QUICK)))


@pytest.fixture(scope="module")
def capped_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, int]]:
    """A server holding at most `CAP` connections, and patient with headers (a minute)."""
    yield from _served(tmp_path_factory, "--max-connections", str(CAP), "--header-timeout", "60")


def _connect(address: tuple[str, int], sent: bytes = b"") -> socket.socket:
    connection = socket.create_connection(address, timeout=10)
    if sent:
        connection.sendall(sent)
    return connection


def _closed(connection: socket.socket, wait: float = 0.0) -> bool:
    """Whether the server has closed `connection` (it sends nothing on these), waiting up to `wait` s."""
    readable, _, _ = select.select([connection], [], [], wait)
    if not readable:
        return False
    try:
        return connection.recv(1) == b""
    except OSError:  # reset: the server dropped it
        return True


def _wait_closed(connection: socket.socket, deadline: float) -> float | None:
    """The moment the server closed `connection`, or None if it was still open at `deadline`."""
    while time.monotonic() < deadline:
        if _closed(connection, 0.05):
            return time.monotonic()
    return None


def _fetch(client: http.client.HTTPConnection) -> http.client.HTTPResponse:
    """The lobby, read whole over `client`'s connection."""
    client.request("GET", "/")
    response = client.getresponse()
    response.read()
    return response


def _get(address: tuple[str, int]) -> int:
    client = http.client.HTTPConnection(*address, timeout=10)
    try:
        return _fetch(client).status
    finally:
        client.close()


def test_connections_that_never_finish_their_headers_are_closed_after_the_header_timeout(
    quick_server: tuple[str, int],
) -> None:
    opened = time.monotonic()
    silent = _connect(quick_server)
    partial = _connect(quick_server, PARTIAL)
    dribbling = _connect(quick_server, PARTIAL + b"X-Slow: ")
    try:
        closed: float | None = None
        deadline = opened + QUICK + 5
        while closed is None and time.monotonic() < deadline:  # a byte every 0.1 s does not keep it open
            try:
                dribbling.send(b"a")
            except OSError:
                closed = time.monotonic()
                break
            if _closed(dribbling, 0.1):
                closed = time.monotonic()
        assert closed is not None, "a connection sending a byte at a time was never closed"
        assert closed - opened >= QUICK * 0.9, "the dribbling connection was closed before its time"
        for connection in (silent, partial):
            moment = _wait_closed(connection, deadline)
            assert moment is not None, "a connection that never finished its headers was kept"
            assert moment - opened >= QUICK * 0.9
        assert _get(quick_server) == 200  # the server itself is fine
    finally:
        for connection in (silent, partial, dribbling):
            connection.close()


def test_an_idle_connection_is_closed_after_the_keep_alive_timeout(quick_server: tuple[str, int]) -> None:
    client = http.client.HTTPConnection(*quick_server, timeout=10)
    try:
        response = _fetch(client)
        assert response.status == 200
        assert response.getheader("server") is None  # the server does not say what it runs
        answered = time.monotonic()
        assert client.sock is not None
        moment = _wait_closed(client.sock, answered + QUICK + 5)
        assert moment is not None, "an idle connection was kept past the keep-alive timeout"
        assert moment - answered >= QUICK * 0.9
    finally:
        client.close()


def test_headers_too_large_are_refused(capped_server: tuple[str, int]) -> None:
    with _connect(capped_server, PARTIAL + b"X-Big: " + b"a" * 70_000) as connection:
        answer = b""
        deadline = time.monotonic() + 5
        with contextlib.suppress(ConnectionResetError):  # the refusal may reach us as a reset
            while time.monotonic() < deadline and select.select([connection], [], [], 0.1)[0]:
                chunk = connection.recv(4096)
                if not chunk:
                    break
                answer += chunk
        assert _closed(connection, max(0.0, deadline - time.monotonic())), "oversized headers were kept waiting"
    assert answer == b"" or answer.startswith(b"HTTP/1.1 431 "), answer[:80]


def test_slow_connections_beyond_the_cap_are_closed_and_a_request_is_still_answered(
    capped_server: tuple[str, int],
) -> None:
    slow = [_connect(capped_server, PARTIAL) for _ in range(3 * CAP)]
    try:
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and sum(not _closed(c) for c in slow) > CAP:
            time.sleep(0.05)
        still_open = [not _closed(c) for c in slow]
        assert sum(still_open) <= CAP, "more connections were kept open than the cap"
        assert all(still_open[-CAP // 2 :]), "the newest connections were closed, not the oldest"
        assert _get(capped_server) == 200, "a normal request was not answered while slow connections held the cap"
        assert _get(capped_server) == 200
        assert sum(not _closed(c) for c in slow) <= CAP - 2  # the requests took the places of the oldest
    finally:
        for connection in slow:
            connection.close()


def test_the_limits_reach_uvicorn() -> None:
    serving = Serving("0.0.0.0", 8123, 1, Limits(2.5, 7, 50), "10.0.0.2")
    config = make_config("laguna.server.serving:worker_app", serving)
    assert config.http is TableProtocol
    assert (config.limit_concurrency, config.timeout_keep_alive, config.limits.header_timeout) == (50, 7, 2.5)
    assert config.forwarded_allow_ips == "10.0.0.2"
    assert config.proxy_headers
    assert config.factory
    assert (HEADER_TIMEOUT, KEEP_ALIVE_TIMEOUT, MAX_CONNECTIONS) == (10.0, 20, 1000)


def test_origins_are_written_as_browsers_send_them_and_anything_else_is_refused() -> None:
    assert parse_origin("https://games.example.org") == "https://games.example.org"
    assert parse_origin("HTTPS://Games.Example.ORG:443") == "https://games.example.org"
    assert parse_origin("http://localhost:8000") == "http://localhost:8000"
    assert parse_origin("http://[::1]:8000") == "http://[::1]:8000"
    assert parse_origin("https://10.0.0.5") == "https://10.0.0.5"
    for bad in (
        "games.example.org",
        "ftp://games.example.org",
        "https://games.example.org/",
        "https://games.example.org/table",
        "https://games.example.org?x=1",
        "https://games.example.org#top",
        "https://user@games.example.org",
        "https://games.example.org:99999",
        "https://games.example.org:port",
        "https://",
        "https://bad_host.org",
        "https://-bad.org",
        "https://a b.org",
    ):
        with pytest.raises(LagunaError, match="--origin takes"):
            parse_origin(bad)


def test_trusted_proxies_are_addresses_or_networks() -> None:
    assert parse_trusted("127.0.0.1, ::1") == "127.0.0.1,::1"
    assert parse_trusted("172.28.0.0/24") == "172.28.0.0/24"
    assert parse_trusted("*") == "*"
    for bad in ("proxy", "127.0.0.1,", "10.0.0.0/33", ""):
        with pytest.raises(LagunaError, match="--forwarded-allow-ips takes"):
            parse_trusted(bad)


def _invoke(*args: str) -> Any:
    return CliRunner().invoke(cli.app, ["serve", *args], env={"LAGUNA_LANGUAGE": "en"})


def test_the_proxy_options_reach_one_process(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    seen: dict[str, Any] = {}
    monkeypatch.setattr(serve_command, "create_app", lambda url, **settings: seen.update(settings) or "app")
    monkeypatch.setattr(serve_command, "serve", lambda app, serving: seen.update(app=app, serving=serving))
    result = _invoke(
        "--db", f"sqlite:///{tmp_path / 'x.sqlite3'}", "--secure-cookies", "--forwarded-allow-ips", "10.0.0.2",
        "--origin", "https://Games.example.org", "--origin", "http://localhost:8000", "--header-timeout", "3",
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert seen["secure_cookies"] is True
    assert seen["origins"] == ["https://games.example.org", "http://localhost:8000"]
    assert seen["app"] == "app"
    assert seen["serving"].forwarded_allow_ips == "10.0.0.2"
    assert seen["serving"].limits == Limits(3.0, KEEP_ALIVE_TIMEOUT, MAX_CONNECTIONS)
    seen.clear()
    assert _invoke("--db", f"sqlite:///{tmp_path / 'y.sqlite3'}").exit_code == 0
    assert (seen["secure_cookies"], seen["origins"]) == (False, [])
    assert seen["serving"].forwarded_allow_ips == "127.0.0.1,::1"


def test_the_proxy_options_reach_every_process(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: dict[str, Any] = {}
    monkeypatch.setattr(serve_command, "upgrade", lambda engine: None)
    monkeypatch.setattr(
        serve_command, "serve_workers", lambda serving, environment: seen.update(environment, serving=serving)
    )
    url = "postgresql://laguna@db.invalid/laguna"
    result = _invoke(
        "--db", url, "--workers", "3", "--secure-cookies", "--origin", "https://a.org", "--origin", "https://b.org"
    )
    assert result.exit_code == 0, result.output
    assert seen[SECURE_COOKIES_VARIABLE] == "1"
    assert seen[ORIGINS_VARIABLE].split() == ["https://a.org", "https://b.org"]
    assert seen["serving"].workers == 3
    seen.clear()
    assert _invoke("--db", url, "--workers", "2").exit_code == 0
    assert (seen[SECURE_COOKIES_VARIABLE], seen[ORIGINS_VARIABLE]) == ("", "")


@pytest.mark.parametrize(
    ("options", "fragment"),
    [
        (["--origin", "https://games.example.org/"], "--origin takes scheme://host[:port]"),
        (["--forwarded-allow-ips", "my-proxy"], "--forwarded-allow-ips takes IP addresses"),
        (["--header-timeout", "0"], "--header-timeout must be more than 0"),
        (["--keep-alive-timeout", "0"], "--keep-alive-timeout must be at least 1"),
        (["--max-connections", "0"], "--max-connections must be at least 1"),
    ],
)
def test_bad_serving_options_are_refused_in_one_line(options: list[str], fragment: str, tmp_path: Path) -> None:
    result = _invoke("--db", f"sqlite:///{tmp_path / 'x.sqlite3'}", *options)
    assert result.exit_code == 2
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("error: ") and fragment in lines[0], result.stderr
