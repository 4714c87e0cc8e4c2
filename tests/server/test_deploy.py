"""The deployment in `deploy/` holds together, so that it and `docs/deploy.md` cannot drift from the
command they run: the proxy routes every path (the live WebSockets too) to every table service, the
table services run `laguna serve` with options it has, on the PostgreSQL service, trusting the
proxy's forwarded headers and nobody else's."""

from __future__ import annotations

import ipaddress
import re
from pathlib import Path
from typing import Any

import pytest
import typer.main
import yaml
from sqlalchemy import make_url

from laguna.cli import app as cli
from laguna.server.serving import parse_origin, parse_trusted

ROOT = Path(__file__).resolve().parents[2]
DEPLOY = ROOT / "deploy"
SAMPLE = {"LAGUNA_SITE": "games.example.org", "POSTGRES_PASSWORD": "0123abcd"}
"""What an operator writes in deploy/.env."""


def _interpolated(text: str) -> str:
    """`text` with Compose's ``${NAME}``, ``${NAME:?message}`` and ``${NAME:-default}`` filled from
    `SAMPLE` (a name it lacks fails the test: the guide tells the operator to set only these)."""

    def value(match: re.Match[str]) -> str:
        assert match[1] in SAMPLE, f"compose.yaml uses ${{{match[1]}}}, which docs/deploy.md does not ask for"
        return SAMPLE[match[1]]

    return re.sub(r"\$\{(\w+)(?::?[?-][^}]*)?\}", value, text)


@pytest.fixture(scope="module")
def compose() -> dict[str, Any]:
    loaded: dict[str, Any] = yaml.safe_load(_interpolated((DEPLOY / "compose.yaml").read_text()))
    return loaded


@pytest.fixture(scope="module")
def serve() -> Any:
    """The click command Typer makes of `laguna serve`."""
    return typer.main.get_command(cli.app).commands["serve"]  # type: ignore[attr-defined]


def _tables(compose: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """The services that run `laguna serve`."""
    return {
        name: service for name, service in compose["services"].items() if service.get("command", [None])[0] == "serve"
    }


def _caddyfile() -> list[list[str]]:
    """The Caddyfile's lines as tokens, comments left out."""
    lines = []
    for line in (DEPLOY / "Caddyfile").read_text().splitlines():
        tokens = line.split("#", 1)[0].split()
        if tokens:
            lines.append(tokens)
    return lines


def test_the_services_are_there(compose: dict[str, Any]) -> None:
    services = compose["services"]
    assert {"proxy", "postgres"} <= set(services)
    assert len(_tables(compose)) >= 2
    assert services["proxy"]["image"].startswith("caddy:")
    assert "./Caddyfile:/etc/caddy/Caddyfile:ro" in services["proxy"]["volumes"]
    assert {"80:80", "443:443"} <= set(services["proxy"]["ports"])
    for name, table in _tables(compose).items():
        assert "ports" not in table, f"{name} must be reached through the proxy only"
        assert (DEPLOY / table["build"]["context"] / table["build"]["dockerfile"]).resolve().is_file()
    assert "ports" not in services["postgres"]


def test_every_serve_option_exists_and_is_valid(compose: dict[str, Any], serve: Any) -> None:
    known = {option for parameter in serve.params for option in parameter.opts}
    for name, table in _tables(compose).items():
        used = {word for word in table["command"][1:] if word.startswith("--")}
        assert used <= known, f"{name} uses options laguna serve does not have: {used - known}"
        serve.make_context("serve", [str(word) for word in table["command"][1:]])  # the values parse too


def test_the_tables_use_postgresql_and_trust_only_the_proxy(compose: dict[str, Any], serve: Any) -> None:
    services = compose["services"]
    proxy_addresses = {network["ipv4_address"] for network in services["proxy"]["networks"].values()}
    environment = services["postgres"]["environment"]
    for name, table in _tables(compose).items():
        options = serve.make_context("serve", [str(word) for word in table["command"][1:]]).params
        database = make_url(options["db"])
        assert database.get_backend_name() == "postgresql", name
        assert database.host in services and database.host == "postgres"
        assert (database.username, database.password, database.database) == (
            environment["POSTGRES_USER"],
            environment["POSTGRES_PASSWORD"],
            environment["POSTGRES_DB"],
        )
        assert table["depends_on"], f"{name} must wait for the database or for the table that migrates it"
        assert options["host"] == "0.0.0.0"
        assert options["workers"] >= 1
        trusted = parse_trusted(options["forwarded_allow_ips"]).split(",")
        assert trusted != ["*"] and set(trusted) <= proxy_addresses, f"{name} must trust the proxy only"
        assert options["secure_cookies"], f"{name} is served over HTTPS by the proxy: its cookies must be Secure"
        assert [parse_origin(origin) for origin in options["origin"]] == [f"https://{SAMPLE['LAGUNA_SITE']}"]
        subnets = [
            ipaddress.ip_network(block["subnet"])
            for network in table["networks"]
            for block in compose["networks"][network].get("ipam", {}).get("config", [])
        ]
        assert any(ipaddress.ip_address(address) in subnet for address in trusted for subnet in subnets)


def test_the_proxy_routes_every_path_to_every_table(compose: dict[str, Any], serve: Any) -> None:
    lines = _caddyfile()
    depth, sites = 0, []
    for i, tokens in enumerate(lines):
        if depth == 0 and tokens != ["{"] and tokens[-1] == "{":
            sites.append(i)
        depth += sum(token == "{" for token in tokens) - sum(token == "}" for token in tokens)
    assert len(sites) == 1, "one site"
    site = sites[0]
    assert lines[site][:-1] == ["{$LAGUNA_SITE}"], "the site is the host name the tables' --origin names"
    assert compose["services"]["proxy"]["environment"]["LAGUNA_SITE"] == SAMPLE["LAGUNA_SITE"]
    proxies = [tokens for tokens in lines[site:] if tokens[0] == "reverse_proxy"]
    assert len(proxies) == 1
    upstreams = proxies[0][1:-1] if proxies[0][-1] == "{" else proxies[0][1:]
    assert upstreams and not upstreams[0].startswith(("/", "@", "*")), "every path, the live channel's included"
    expected = set()
    for name, table in _tables(compose).items():
        port = serve.make_context("serve", [str(word) for word in table["command"][1:]]).params["port"]
        expected.add(f"{name}:{port}")
    assert set(upstreams) == expected
    assert not [tokens for tokens in lines if tokens[0] in ("handle", "handle_path", "route", "respond", "redir")]


def test_the_websocket_upgrade_and_the_forwarded_headers_pass(compose: dict[str, Any], serve: Any) -> None:
    """Caddy passes an Upgrade and sets X-Forwarded-For and -Proto by itself: nothing may undo that,
    no write timeout may cut a WebSocket, and Caddy's idle connections to a table must close before
    the table closes them."""
    lines = _caddyfile()
    for tokens in lines:
        if tokens[0] in ("header_up", "header_down", "request_header"):
            assert not re.search(r"(?i)upgrade|connection|x-forwarded", " ".join(tokens[1:])), tokens
    assert not [tokens for tokens in lines if tokens[0] in ("write", "flush_interval", "stream_timeout")]
    assert not [tokens for tokens in lines if tokens[0] == "trusted_proxies"], "clients' X-Forwarded-For is dropped"
    keepalive = next(tokens for tokens in lines if tokens[0] == "keepalive")
    idle = int(keepalive[1].removesuffix("s"))
    for table in _tables(compose).values():
        options = serve.make_context("serve", [str(word) for word in table["command"][1:]]).params
        assert idle < options["keep_alive_timeout"]


def test_the_guide_names_only_options_that_exist(serve: Any) -> None:
    known = {option for parameter in serve.params for option in parameter.opts}
    guide = (ROOT / "docs" / "deploy.md").read_text()
    named = set(re.findall(r"(?<![\w-])--[a-z][a-z-]+", guide))
    docker_options = {"--build", "--username", "--dbname", "--format", "--file", "--clean", "--if-exists"}
    assert named - docker_options <= known, named - docker_options - known
    assert {"--forwarded-allow-ips", "--secure-cookies", "--origin", "--header-timeout", "--max-connections"} <= named
