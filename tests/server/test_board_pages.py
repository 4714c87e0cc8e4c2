"""The weight of a drawn board's page: a player of a four-player table downloads under 150 kB for the
whole table page at every point of a random game, whichever game it is, drawings and log included;
the page shows the newest decisions of the log, and the log's own page all of them."""

from __future__ import annotations

import html
import random
import re
from collections.abc import Iterator
from datetime import UTC, datetime
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import Engine

from laguna.server.app import create_app
from laguna.server.pages import LOG_DECISIONS
from laguna.server.service import SeatRequest
from laguna.server.store import HUMAN, INVITED, PLAYING
from laguna.server.web import COOKIE

NOW = datetime(2026, 3, 1, tzinfo=UTC)
PAGE_BYTES = 150_000
WEIGHED = (20, 80, 160, 10_000)
"""Decisions after which the page is weighed (the last: the end of the game, score sheet and all)."""


@pytest.fixture
def app(engine: Engine, database_url: str) -> Iterator[Any]:
    del engine
    yield create_app(database_url)


@pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)
@pytest.mark.parametrize("game_id", ["walking-in-burano", "walking-in-burano-roll-and-write", "burano", "murano"])
def test_a_four_player_table_page_weighs_under_150_kilobytes(app: Any, game_id: str) -> None:
    server = app.state.server
    users = [server.store.create_user(f"P{n}", "h", NOW) for n in range(4)]
    seats = [SeatRequest(HUMAN)] + [SeatRequest(INVITED, invited=f"P{n}") for n in range(1, 4)]
    table = server.service.create(users[0], game_id, seats, seed=2)
    for seat in range(1, 4):
        server.service.join(table.id, seat, users[seat])  # the last join starts the game
    assert server.service.table(table.id).status == PLAYING
    rng = random.Random(game_id)
    made = 0
    with TestClient(app) as client:
        for target in WEIGHED:
            while made < target:
                snapshot = server.service.snapshot(table.id)
                if snapshot.state.is_terminal():
                    break
                seat = snapshot.state.to_act()[0]
                action = str(rng.choice(snapshot.state.legal_actions(seat)))
                server.service.act(table.id, users[seat], seat, action, snapshot.table.version)
                made += 1
            for user in users:
                client.cookies.set(COOKIE, server.accounts.open_session(user, server.clock()))
                page = client.get(f"/t/{table.id}")
                assert page.status_code == 200
                assert len(page.content) < PAGE_BYTES, (
                    f"{user.name}'s page after {made} decisions: {len(page.content)} B"
                )
    assert server.service.snapshot(table.id).state.is_terminal()


@pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)
def test_the_table_shows_the_newest_decisions_and_links_the_whole_log(app: Any) -> None:
    server = app.state.server
    ada, bob = server.store.create_user("Ada", "h", NOW), server.store.create_user("Bob", "h", NOW)
    table = server.service.create(ada, "murano", [SeatRequest(HUMAN), SeatRequest(INVITED, invited="Bob")], seed=4)
    assert server.service.join(table.id, 1, bob).status == PLAYING  # the last seat taken: the game begins
    rng = random.Random(4)
    for _ in range(LOG_DECISIONS + 30):
        snapshot = server.service.snapshot(table.id)
        seat = snapshot.state.to_act()[0]
        action = str(rng.choice(snapshot.state.legal_actions(seat)))
        server.service.act(table.id, (ada, bob)[seat], seat, action, snapshot.table.version)
    decided = server.service.snapshot(table.id).decided
    with TestClient(app) as visitor:
        page = visitor.get(f"/t/{table.id}").text
        log = re.search(r'<ol id="log".*?</ol>', page, re.S)
        assert log is not None and log.group(0).count("<li data-seat=") == LOG_DECISIONS
        assert f"the whole log ({len(decided) - LOG_DECISIONS} earlier decisions)" in page
        whole = visitor.get(f"/t/{table.id}/log")
        assert whole.status_code == 200
        numbers = [int(n) for n in re.findall(r'<li value="(\d+)">', whole.text)]
        assert numbers == [n for n in range(len(decided), 0, -1) if decided[n - 1].events]
        first = html.escape(str(decided[0].events[0].text).replace("Player 1", "Ada").replace("Player 2", "Bob"))
        assert first in whole.text
        missing = visitor.get("/t/no-such-table/log")
        assert missing.status_code == 404 and "no-such-table" in missing.text
