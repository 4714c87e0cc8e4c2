"""Serving the table on a network: uvicorn's configuration for `laguna serve`, in one process or in
several (``--workers N``), and the limits that keep a table facing the open internet answering.

A connection costs the server a file descriptor and some memory for as long as it stays open, and
uvicorn alone keeps one open for as long as its client likes until the client has sent a request's
headers: a client that opens connections and sends nothing, or a byte now and then (slowloris), runs
the process out of descriptors and nobody else gets in. So every connection served here
(`TableProtocol`)

- must send each request's headers within `Limits.header_timeout` seconds: from the moment it is
  accepted for the first request, from the request's first byte for the next ones; it is closed
  otherwise. Headers longer than `MAX_HEADER_BYTES` are refused (status 431);
- is closed once it has stayed idle between requests for `Limits.keep_alive_timeout` seconds;
- counts against `Limits.max_connections` per server process, WebSockets included. When a new
  connection would pass the cap, the connection that has waited longest without a request in hand
  (one still sending headers, or idle between requests) is closed to make room, and the new one is
  closed instead when every open connection is busy. A request whose headers are complete likewise
  takes the place of such a connection; if there is none, uvicorn's own `limit_concurrency` (the same
  number) answers it 503 rather than running it. Slow clients can therefore fill the cap only with
  connections that the first real request pushes out.

The cap is lowered, if it must, so that it stays below the process's limit of open files (raised to
the hard limit when the soft one is lower), keeping `DESCRIPTOR_RESERVE` descriptors for the database,
the bot workers and the logs.

With ``--workers N`` a first process holds the port and starts N server processes that share it
(uvicorn's supervisor); each of those stops by itself, gracefully, as soon as that first process is
gone, even killed (`worker_app`), and its bot workers follow it.

Behind a reverse proxy (docs/deploy.md) the proxy's address is given to ``--forwarded-allow-ips``, so
that the client's address and the scheme come from the proxy's ``X-Forwarded-For`` and
``X-Forwarded-Proto`` headers (which nobody else may set).
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import os
import re
import resource
import signal
import time
import weakref
from collections import OrderedDict
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit

import uvicorn
from fastapi import FastAPI
from uvicorn.config import STARTUP_FAILURE
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
from uvicorn.server import ServerState
from uvicorn.supervisors import Multiprocess

from laguna.core import LagunaError
from laguna.core.messages import msg
from laguna.server.app import app_from_environment
from laguna.server.lifeline import exit_now, follow_parent

HEADER_TIMEOUT = 10.0
"""Seconds a client has to send a request's headers. A browser sends them in one packet as soon as
it connects, so a legitimate client needs a fraction of a second even on a poor mobile link; 10 s
leaves room for a link that drops packets, while a client that connects and dawdles holds a
connection for 10 s at most (nginx waits 60 s, which suits a proxy built to hold many more)."""
KEEP_ALIVE_TIMEOUT = 20
"""Seconds an idle connection is kept for the client's next request. A player clicks every few
seconds to a minute and the page's live updates come over its WebSocket, so 20 s saves most
reconnections of an active player without keeping a closed tab's connection for long. A reverse
proxy must close its idle connections to the table sooner (docs/deploy.md: 15 s), else it may send a
request on a connection the table is closing."""
MAX_CONNECTIONS = 1000
"""Open connections per server process, WebSockets included (each open table page holds one). A few
hundred players at once fit one process with room to spare; an idle connection costs the process tens
of kilobytes, so 1000 stay within a few tens of megabytes; and the process keeps some descriptors of
its own (see `DESCRIPTOR_RESERVE`). More players: more processes (``--workers``)."""
MAX_HEADER_BYTES = 64 * 1024
"""The size of a request's headers past which it is refused (431): a browser's, cookies included, are
a few kilobytes (nginx allows 4 headers of 8 KB by default; 64 KB is ample)."""
WEBSOCKET_MAX_BYTES = 64 * 1024
"""The largest message the table accepts over a WebSocket: the page sends none that matter (the table
only tells it what changed), so nothing is gained by letting a client make the server buffer
uvicorn's default of 16 MB."""
DESCRIPTOR_RESERVE = 128
"""File descriptors each server process keeps out of the connection cap: database connections (up to
30 with PostgreSQL), the bot workers' pipes, logs, the listening socket."""
GRACEFUL_SECONDS = 3
"""Seconds a stopping server gives the requests under way before it closes them (its bots stop at once)."""
TRUSTED_PROXIES = "127.0.0.1,::1"
"""Whose ``X-Forwarded-*`` headers are believed unless ``--forwarded-allow-ips`` says otherwise: a
proxy on the same machine only."""
MASTER_VARIABLE = "LAGUNA_SERVE_MASTER"
"""The process id of the process that starts the server processes of ``--workers N``."""


@dataclass(frozen=True)
class Limits:
    """What each connection may hold of a server process (see the module's documentation)."""

    header_timeout: float = HEADER_TIMEOUT
    keep_alive_timeout: int = KEEP_ALIVE_TIMEOUT
    max_connections: int = MAX_CONNECTIONS

    def check(self) -> None:
        """`LagunaError` naming the option out of range."""
        if not self.header_timeout > 0:
            raise LagunaError(
                msg("--header-timeout must be more than 0 seconds, not {value}", value=self.header_timeout)
            )
        if self.keep_alive_timeout < 1:
            raise LagunaError(
                msg("--keep-alive-timeout must be at least 1 second, not {value}", value=self.keep_alive_timeout)
            )
        if self.max_connections < 1:
            raise LagunaError(msg("--max-connections must be at least 1, not {value}", value=self.max_connections))


@dataclass(frozen=True)
class Serving:
    """Where and how `laguna serve` listens."""

    host: str = "127.0.0.1"
    port: int = 8000
    workers: int = 1
    limits: Limits = field(default_factory=Limits)
    forwarded_allow_ips: str = TRUSTED_PROXIES


def parse_origin(text: str) -> str:
    """The public origin `text` names, as browsers write it in their ``Origin`` header (the scheme and
    host in small letters, the port only when it is not the scheme's own): ``scheme://host[:port]``
    with http or https and nothing more; `LagunaError` otherwise.

    >>> parse_origin("HTTPS://Games.Example.org:443"), parse_origin("http://[::1]:8000")
    ('https://games.example.org', 'http://[::1]:8000')
    """
    problem = msg(
        "--origin takes scheme://host[:port] with http or https and nothing after it, like "
        "https://games.example.org, not {text}",
        text=repr(text),
    )
    try:
        parts = urlsplit(text.strip())
        port = parts.port
    except ValueError:
        raise LagunaError(problem) from None
    host = parts.hostname or ""
    shape_ok = parts.scheme in ("http", "https") and not (parts.path or parts.query or parts.fragment)
    if not shape_ok or "@" in parts.netloc or text.strip().endswith(("?", "#")) or not _is_host(host):
        raise LagunaError(problem)
    shown = f"[{host}]" if ":" in host else host.encode("idna").decode("ascii").lower()
    if port is not None and port != {"http": 80, "https": 443}[parts.scheme]:
        shown += f":{port}"
    return f"{parts.scheme}://{shown}"


_LABEL = re.compile(r"(?!-)[\w-]{1,63}(?<!-)")


def _is_host(host: str) -> bool:
    """Whether `host` is an IP address or a domain name (letters, digits and hyphens between dots)."""
    with contextlib.suppress(ValueError):
        ipaddress.ip_address(host)
        return True
    labels = host.rstrip(".").split(".")
    return bool(host) and len(host) <= 253 and all(_LABEL.fullmatch(label) and "_" not in label for label in labels)


def parse_trusted(text: str) -> str:
    """The proxies `--forwarded-allow-ips` trusts, checked: addresses and networks (``10.0.0.0/8``)
    separated by commas, or ``*`` for any (only for a server nobody but the proxy can reach)."""
    items = [item.strip() for item in text.split(",")]
    if items == ["*"]:
        return "*"
    for item in items:
        try:
            ipaddress.ip_network(item, strict=False) if "/" in item else ipaddress.ip_address(item)
        except ValueError:
            raise LagunaError(
                msg(
                    "--forwarded-allow-ips takes IP addresses or networks separated by commas (like "
                    "127.0.0.1,10.0.0.0/8), or *, not {text}",
                    text=repr(item),
                )
            ) from None
    return ",".join(items)


def usable_connections(wanted: int) -> int:
    """The connection cap one process can hold: `wanted`, or fewer if the process may not open that
    many files (after raising its soft limit of open files to the hard one)."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != resource.RLIM_INFINITY and (hard == resource.RLIM_INFINITY or soft < hard):
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
            soft = hard
    if soft == resource.RLIM_INFINITY:
        return wanted
    return max(1, min(wanted, soft - DESCRIPTOR_RESERVE))


class TableConfig(uvicorn.Config):
    """uvicorn's configuration carrying the connections' `Limits` to every server process (it travels
    to the processes of ``--workers`` whole)."""

    def __init__(self, app: Any, *, limits: Limits, **settings: Any) -> None:
        cap = usable_connections(limits.max_connections)
        self.limits = Limits(limits.header_timeout, limits.keep_alive_timeout, cap)
        super().__init__(
            app, http=TableProtocol, limit_concurrency=cap, timeout_keep_alive=limits.keep_alive_timeout,
            ws_max_size=WEBSOCKET_MAX_BYTES, **settings,
        )  # fmt: skip


def make_config(app: FastAPI | str, serving: Serving) -> TableConfig:
    """The configuration of `laguna serve`: `app`, or the import string of the application factory of
    each server process when there are several."""
    return TableConfig(
        app, limits=serving.limits, host=serving.host, port=serving.port, workers=serving.workers,
        factory=isinstance(app, str), forwarded_allow_ips=serving.forwarded_allow_ips, proxy_headers=True,
        server_header=False, log_level="warning", timeout_graceful_shutdown=GRACEFUL_SECONDS,
    )  # fmt: skip


def serve(app: FastAPI, serving: Serving) -> None:
    """Serve `app` in this process until it is stopped (Ctrl+C, SIGTERM)."""
    server = uvicorn.Server(make_config(app, serving))
    with contextlib.suppress(KeyboardInterrupt):
        server.run()
    if not server.started:  # uvicorn has logged why (the port is taken, say)
        raise SystemExit(STARTUP_FAILURE)


def serve_workers(serving: Serving, environment: Mapping[str, str]) -> None:
    """Serve ``--workers`` server processes on one port, each building its application from
    `environment` (`laguna.server.app.app_from_environment`), until stopped."""
    os.environ.update(environment)
    os.environ[MASTER_VARIABLE] = str(os.getpid())
    config = make_config(f"{__name__}:worker_app", serving)
    with contextlib.suppress(KeyboardInterrupt):
        Multiprocess(config, sockets=[config.bind_socket()]).run()


def worker_app() -> FastAPI:
    """The application of one of the ``--workers`` processes; the process stops gracefully as soon as
    the process that started it is gone (killed, say), and at once if that takes too long."""
    follow_parent(int(os.environ[MASTER_VARIABLE]), _stop_alone)
    return app_from_environment()


def _stop_alone() -> None:
    """Stop this server process as SIGTERM does (its requests get `GRACEFUL_SECONDS`, its bots stop),
    and leave for good if it has not within a few more seconds."""
    os.kill(os.getpid(), signal.SIGTERM)
    time.sleep(GRACEFUL_SECONDS + 5)
    exit_now()


_WAITING: weakref.WeakKeyDictionary[ServerState, OrderedDict[TableProtocol, None]] = weakref.WeakKeyDictionary()
"""For each server, its connections without a request in hand, the longest waiting first."""


class TableProtocol(HttpToolsProtocol):
    """uvicorn's HTTP/1.1 connection (httptools) with a timeout on request headers, a limit on their
    size, and a cap on the process's connections kept by closing idle ones (the module's documentation)."""

    def __init__(
        self,
        config: uvicorn.Config,
        server_state: ServerState,
        app_state: dict[str, Any],
        _loop: asyncio.AbstractEventLoop | None = None,
    ) -> None:
        super().__init__(config, server_state, app_state, _loop)
        limits: Limits = getattr(config, "limits", Limits())
        self.limits = limits
        self.header_timer: asyncio.TimerHandle | None = None
        self.header_bytes = 0
        self.waiting = _WAITING.setdefault(server_state, OrderedDict())

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._start_headers()
        self._wait()
        if len(self.connections) > self.limits.max_connections and not self._make_room():
            self._drop(self)

    def connection_lost(self, exc: Exception | None) -> None:
        self._stop_headers()
        self.waiting.pop(self, None)
        super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        if self.header_timer is not None:  # still within a request's headers: all of it was headers
            self.header_bytes += len(data)
            if self.header_bytes > MAX_HEADER_BYTES and not self.transport.is_closing():
                self._stop_headers()
                self.transport.write(b"HTTP/1.1 431 Request Header Fields Too Large\r\n")
                self.transport.write(b"content-length: 0\r\nconnection: close\r\n\r\n")
                self.transport.close()

    def on_message_begin(self) -> None:
        super().on_message_begin()
        self._start_headers()

    def on_headers_complete(self) -> None:
        self._stop_headers()
        self.waiting.pop(self, None)
        if len(self.connections) >= self.limits.max_connections:  # room for the request, if there can be
            self._make_room()
        super().on_headers_complete()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        if self.timeout_keep_alive_task is not None:  # idle until the next request
            self._wait()

    def handle_websocket_upgrade(self) -> None:
        self._stop_headers()
        self.waiting.pop(self, None)
        super().handle_websocket_upgrade()

    def _start_headers(self) -> None:
        """Give the client `Limits.header_timeout` for the headers it starts (unless it already has)."""
        if self.header_timer is None and self.transport is not None:
            self.header_bytes = 0
            self.header_timer = self.loop.call_later(self.limits.header_timeout, self._headers_too_slow)

    def _stop_headers(self) -> None:
        if self.header_timer is not None:
            self.header_timer.cancel()
            self.header_timer = None

    def _headers_too_slow(self) -> None:
        self.header_timer = None
        self._drop(self)

    def _wait(self) -> None:
        self.waiting[self] = None
        self.waiting.move_to_end(self)

    def _make_room(self) -> bool:
        """Close the connection waiting longest without a request (not this one); whether there was one."""
        for other in self.waiting:
            if other is not self:
                self._drop(other)
                return True
        return False

    def _drop(self, connection: TableProtocol) -> None:
        """Close `connection` now, without flushing what it has not read, and count it out at once."""
        connection._stop_headers()
        self.waiting.pop(connection, None)
        self.connections.discard(connection)
        connection.transport.abort()
