"""The command ``laguna serve``: the browser table, live and asynchronous games with friends and bots."""

from __future__ import annotations

import contextlib
from typing import Annotated

import typer
from rich.text import Text
from sqlalchemy import make_url

from laguna.cli.commands.shared import _command, _stdout, _user_errors
from laguna.core import LagunaError
from laguna.core.messages import msg
from laguna.i18n import N_, gettext
from laguna.server.app import (
    BOT_NICENESS_VARIABLE,
    BOT_WORKERS_VARIABLE,
    DATABASE_VARIABLE,
    ORIGINS_VARIABLE,
    SECURE_COOKIES_VARIABLE,
    create_app,
)
from laguna.server.bots import NICENESS
from laguna.server.db import default_database_url, make_engine, only_server, upgrade
from laguna.server.serving import (
    HEADER_TIMEOUT,
    KEEP_ALIVE_TIMEOUT,
    MAX_CONNECTIONS,
    TRUSTED_PROXIES,
    Limits,
    Serving,
    parse_origin,
    parse_trusted,
    serve,
    serve_workers,
)

commands = typer.Typer()
"""The commands of this module, which `laguna.cli.app` adds to ``laguna``."""


@_command(commands, "serve", N_("Start the browser table: live and asynchronous games with friends and bots."))
def serve_command(  # noqa: PLR0917 -- one parameter per command-line option
    host: Annotated[str, typer.Option("--host", help=N_("The address to listen on."))] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", help=N_("The port to listen on."))] = 8000,
    db: Annotated[
        str | None,
        typer.Option(
            "--db", help=N_("The database: sqlite:///file or postgresql://host/db (default: an embedded file).")
        ),
    ] = None,
    bot_workers: Annotated[int, typer.Option("--bot-workers", help=N_("Processes in which bots think."))] = 1,
    bot_niceness: Annotated[
        int,
        typer.Option("--bot-niceness", help=N_("How much lower the bots' priority is than the server's (0 to 19).")),
    ] = NICENESS,
    workers: Annotated[
        int,
        typer.Option("--workers", help=N_("Server processes sharing the port (more than one needs PostgreSQL).")),
    ] = 1,
    forwarded_allow_ips: Annotated[
        str,
        typer.Option(
            "--forwarded-allow-ips",
            help=N_(
                "The reverse proxies whose X-Forwarded-For and X-Forwarded-Proto headers give the client's "
                "address and scheme: IP addresses or networks separated by commas."
            ),
        ),
    ] = TRUSTED_PROXIES,
    secure_cookies: Annotated[
        bool,
        typer.Option(
            "--secure-cookies", help=N_("Mark every cookie Secure (behind a proxy that serves the table over HTTPS).")
        ),
    ] = False,
    origin: Annotated[
        list[str] | None,
        typer.Option(
            "--origin",
            help=N_(
                "A public address the table is reached at, scheme://host[:port], from which forms are accepted "
                "(repeat for several)."
            ),
        ),
    ] = None,
    header_timeout: Annotated[
        float, typer.Option("--header-timeout", help=N_("Seconds a client has to send a request's headers."))
    ] = HEADER_TIMEOUT,
    keep_alive_timeout: Annotated[
        int,
        typer.Option("--keep-alive-timeout", help=N_("Seconds an idle connection is kept for its next request.")),
    ] = KEEP_ALIVE_TIMEOUT,
    max_connections: Annotated[
        int,
        typer.Option("--max-connections", help=N_("Open connections per server process, WebSockets included.")),
    ] = MAX_CONNECTIONS,
) -> None:
    url = db or default_database_url()
    with contextlib.ExitStack() as held, _user_errors():
        if workers < 1 or bot_workers < 1:
            raise LagunaError(msg("--workers and --bot-workers must be at least 1"))
        if not 0 <= bot_niceness <= 19:
            raise LagunaError(msg("--bot-niceness must be from 0 to 19, not {niceness}", niceness=bot_niceness))
        limits = Limits(header_timeout, keep_alive_timeout, max_connections)
        limits.check()
        origins = [parse_origin(given) for given in origin or ()]
        serving = Serving(host, port, workers, limits, parse_trusted(forwarded_allow_ips))
        engine = make_engine(url)
        if engine.dialect.name != "postgresql":
            if workers > 1:
                raise LagunaError(
                    msg(
                        "several server processes need PostgreSQL (--db postgresql://…): an embedded SQLite file "
                        "is served by one process"
                    )
                )
            held.enter_context(only_server(engine))
        web = None
        if workers == 1:
            web = create_app(
                url, bot_workers=bot_workers, bot_niceness=bot_niceness, secure_cookies=secure_cookies, origins=origins
            )
        else:
            upgrade(engine)  # once, before the processes start
        shown_host = "localhost" if host in ("127.0.0.1", "0.0.0.0", "::") else host
        opened = gettext("Laguna's table is open at {url}  (database: {database}; Ctrl+C stops it)")
        _stdout().print(Text(opened.format(url=f"http://{shown_host}:{port}/", database=_safe_url(url))))
        if web is not None:
            serve(web, serving)
            return
    serve_workers(
        serving,
        {
            DATABASE_VARIABLE: url,
            BOT_WORKERS_VARIABLE: str(bot_workers),
            BOT_NICENESS_VARIABLE: str(bot_niceness),
            SECURE_COOKIES_VARIABLE: "1" if secure_cookies else "",
            ORIGINS_VARIABLE: " ".join(origins),
        },
    )


def _safe_url(url: str) -> str:
    return make_url(url).render_as_string(hide_password=True)
