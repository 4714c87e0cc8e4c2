"""Seats at a table being gathered: one seat per player, refusals that name the seat the player chose,
and out-of-bounds seats and names refused as the player's mistake (4xx), never as the server's."""

from __future__ import annotations

import re
import threading
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import Engine

from laguna.server.account_store import User
from laguna.server.app import create_app
from laguna.server.store import HUMAN, OPEN, SeatInfo, SeatTaken, Store

CSRF = re.compile(r'name="csrf" value="([0-9a-f]+)"')
NOW = datetime(2026, 3, 1, tzinfo=UTC)


@pytest.fixture
def app(engine: Engine, database_url: str) -> Iterator[Any]:
    del engine
    yield create_app(database_url)


def _player(app: Any, name: str) -> tuple[TestClient, str]:
    client = TestClient(app, follow_redirects=True)
    client.__enter__()
    page = client.post("/signup", data={"name": name, "password": "correct horse"})
    assert page.status_code == 200, page.text
    found = CSRF.search(page.text)
    assert found is not None
    return client, found.group(1)


def _table(client: TestClient, csrf: str, players: int = 4, **seats: str) -> str:
    data = {"csrf": csrf, "game": "walking-in-burano", "players": str(players)} | seats
    made = client.post("/tables", data=data)
    assert made.status_code == 200, made.text
    found = re.search(r"/t/([\w-]+)$", str(made.url))
    assert found is not None
    return found.group(1)


def _join(client: TestClient, csrf: str, table: str, seat: str) -> Any:
    return client.post(f"/t/{table}/join", data={"csrf": csrf, "seat": seat}, headers={"accept": "application/json"})


@pytest.fixture
def players(app: Any) -> Iterator[tuple[tuple[TestClient, str], tuple[TestClient, str]]]:
    ada, bob = _player(app, "Ada"), _player(app, "Bob")
    yield ada, bob
    for client, _ in (ada, bob):
        client.__exit__(None, None, None)


def test_a_player_takes_one_seat_of_a_table_at_most(players: Any) -> None:
    (ada, ada_csrf), (bob, bob_csrf) = players
    table = _table(ada, ada_csrf)  # Ada sits at seat 1; seats 2 to 4 are open
    assert _join(bob, bob_csrf, table, "2").status_code == 200
    again = _join(bob, bob_csrf, table, "3")
    assert again.status_code == 409
    assert again.json()["error"] == "you already sit at seat 2 of this table: one seat per player"
    creator = _join(ada, ada_csrf, table, "4")
    assert creator.status_code == 409 and "seat 1" in creator.json()["error"]
    page = bob.get(f"/t/{table}").text
    assert "Join as seat" not in page  # no button offers what would be refused


def test_a_refused_seat_is_named_as_the_player_numbered_it(players: Any) -> None:
    (ada, ada_csrf), (bob, bob_csrf) = players
    table = _table(ada, ada_csrf, players=2)
    taken = _join(bob, bob_csrf, table, "1")
    assert taken.status_code == 409
    assert taken.json()["error"].startswith("seat 1 is not open to Bob")
    missing = _join(bob, bob_csrf, table, "3")
    assert missing.status_code == 404
    assert missing.json()["error"] == "the table has no seat 3: its seats are 1 to 2"


@pytest.mark.parametrize("seat", ["0", "-1", "5", "99999999999999999999", "1e3", "²", "", "x" * 5000])
def test_a_seat_number_out_of_bounds_is_the_player_s_mistake(players: Any, seat: str) -> None:
    (ada, ada_csrf), (bob, bob_csrf) = players
    table = _table(ada, ada_csrf)
    refused = _join(bob, bob_csrf, table, seat)
    assert 400 <= refused.status_code < 500, refused.text
    assert "seat" in refused.json()["error"]
    assert len(refused.json()["error"]) < 200


@pytest.mark.parametrize("name", ["B" * 33, "B" * 65, "B" * 10_000])
def test_an_invited_name_longer_than_any_name_is_refused(players: Any, name: str) -> None:
    (ada, ada_csrf), _ = players
    refused = ada.post(
        "/tables",
        data={"csrf": ada_csrf, "game": "walking-in-burano", "players": "2", "seat2": "invited", "invite2": name},
        headers={"accept": "application/json"},
    )
    assert refused.status_code == 400, refused.text
    assert refused.json()["error"] == "the invited player's name is too long (at most 32 characters)"


def test_a_table_invites_each_player_once_and_never_its_creator(players: Any) -> None:
    (ada, ada_csrf), _ = players
    for seats, error in [
        ({"seat2": "invited", "invite2": "ada"}, "seat 2: you sit at seat 1 already; invite someone else"),
        (
            {"seat2": "invited", "invite2": "Bob", "seat3": "invited", "invite3": "BOB"},
            "seat 3: Bob is already invited to seat 2",
        ),
    ]:
        data = {"csrf": ada_csrf, "game": "walking-in-burano", "players": "3"} | seats
        refused = ada.post("/tables", data=data, headers={"accept": "application/json"})
        assert refused.status_code == 400, refused.text
        assert refused.json()["error"] == error


def test_two_requests_of_one_player_for_two_seats_at_once_seat_them_once(engine: Engine) -> None:
    store = Store(engine)
    ada, bob = (store.create_user(name, "h", NOW) for name in ("Ada", "Bob"))
    for attempt in range(5):
        seat_list = [SeatInfo(0, HUMAN, ada.id)] + [SeatInfo(s, OPEN) for s in (1, 2, 3)]
        table_id = store.create_table(
            f"race{attempt}", "walking-in-burano", {}, 1, seat_list,
            created_by=ada.id, invite_token=f"invite{attempt}", move_seconds=None, now=NOW,
        ).id  # fmt: skip
        with ThreadPoolExecutor(3) as pool:
            outcomes = sorted(pool.map(_taking(engine, table_id, bob, threading.Barrier(3)), (1, 2, 3)))
        assert outcomes == ["refused", "refused", "seated"]
        assert len(store.table(table_id).seat_of(bob.id)) == 1


def _taking(engine: Engine, table_id: str, user: User, barrier: threading.Barrier) -> Callable[[int], str]:
    """Take a seat for `user` once every thread is ready, through a store of its own (as another
    request would): whether the seat was given."""

    def take(seat: int) -> str:
        barrier.wait()
        try:
            Store(engine).take_seat(table_id, seat, user)
        except SeatTaken:
            return "refused"
        return "seated"

    return take
