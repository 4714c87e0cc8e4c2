"""Invitations between players: each player answers them (declines, or blocks their sender), and no
player fills the others' lobbies with more tables and invitations than can be answered."""

from __future__ import annotations

import re
from typing import Any

import pytest
from fastapi.testclient import TestClient

from laguna.server.service import GATHERING_TABLES, OPEN_INVITATIONS

CSRF = re.compile(r'name="csrf" value="([0-9a-f]+)"')
JSON = {"accept": "application/json"}


@pytest.fixture
def app(minute_app: Any) -> Any:
    return minute_app


@pytest.fixture
def clients(three_players: dict[str, tuple[TestClient, str]]) -> dict[str, tuple[TestClient, str]]:
    return three_players


def _invite(client: TestClient, csrf: str, *names: str) -> Any:
    data = {"csrf": csrf, "game": "walking-in-burano", "players": str(len(names) + 1)}
    for seat, name in enumerate(names, start=2):
        data |= {f"seat{seat}": "invited", f"invite{seat}": name}
    return client.post("/tables", data=data, headers=JSON)


def _table(answer: Any) -> str:
    assert answer.status_code == 200, answer.text
    found = re.search(r"/t/([\w-]+)$", str(answer.url))
    assert found is not None
    return found.group(1)


def test_an_invited_player_declines_and_the_seat_opens(clients: Any) -> None:
    (ada, ada_csrf), (bob, bob_csrf), (cy, cy_csrf) = clients["Ada"], clients["Bob"], clients["Cy"]
    table = _table(_invite(ada, ada_csrf, "Bob"))
    page = bob.get(f"/t/{table}").text
    assert "Decline the invitation" in page and "block invitations from Ada" in page
    refused = cy.post(f"/t/{table}/decline", data={"csrf": cy_csrf}, headers=JSON)
    assert refused.status_code == 404 and refused.json()["error"] == "you have no invitation to this table still open"
    assert bob.post(f"/t/{table}/decline", data={"csrf": bob_csrf}).status_code == 200
    my_games = bob.get("/").text.partition('id="open-tables"')[0]  # the seat is open: the table is listed below
    assert f"/t/{table}" not in my_games
    assert "Join as seat 2" in cy.get(f"/t/{table}").text  # the seat is open to anyone with the link
    again = bob.post(f"/t/{table}/decline", data={"csrf": bob_csrf}, headers=JSON)
    assert again.status_code == 404


def test_a_blocked_player_can_no_longer_invite_until_unblocked(clients: Any) -> None:
    (ada, ada_csrf), (bob, bob_csrf) = clients["Ada"], clients["Bob"]
    first, second = _table(_invite(ada, ada_csrf, "Bob")), _table(_invite(ada, ada_csrf, "Bob"))
    assert bob.post(f"/t/{first}/decline", data={"csrf": bob_csrf, "block": "yes"}).status_code == 200
    lobby = bob.get("/").text
    assert f"/t/{first}" not in lobby and f"/t/{second}" not in lobby  # every invitation from Ada declined
    refused = _invite(ada, ada_csrf, "Bob")
    assert refused.status_code == 400
    assert refused.json()["error"] == "seat 2: Bob does not take invitations from you"
    page = ada.post("/tables", data={"csrf": ada_csrf, "game": "burano", "players": "2", "seat2": "invited",
                                     "invite2": "Bob"})  # fmt: skip
    assert page.status_code == 400 and "Log out" in page.text  # the refusal's page still knows who asked
    player = re.search(r'name="player" value="(\d+)"', lobby)
    assert player is not None and "Players whose invitations you decline" in lobby
    assert bob.post("/unblock", data={"csrf": bob_csrf, "player": player.group(1)}).status_code == 200
    _table(_invite(ada, ada_csrf, "Bob"))


def test_a_player_gathers_players_at_a_bounded_number_of_tables(clients: Any) -> None:
    ada, ada_csrf = clients["Ada"]
    for _ in range(GATHERING_TABLES):
        _table(ada.post("/tables", data={"csrf": ada_csrf, "game": "walking-in-burano", "players": "2"}))
    refused = ada.post("/tables", data={"csrf": ada_csrf, "game": "walking-in-burano", "players": "2"}, headers=JSON)
    assert refused.status_code == 429
    assert refused.json()["error"].startswith(f"you already gather players at {GATHERING_TABLES} tables")


def test_a_player_holds_a_bounded_number_of_invitations_waiting(app: Any, clients: Any) -> None:
    ada, ada_csrf = clients["Ada"]
    guests = []
    for number in range(OPEN_INVITATIONS + 1):
        with TestClient(app) as client:
            client.post("/signup", data={"name": f"Player{number}", "password": "correct horse"})
        guests.append(f"Player{number}")
    for start in range(0, OPEN_INVITATIONS, 3):
        _table(_invite(ada, ada_csrf, *guests[start : min(start + 3, OPEN_INVITATIONS)]))
    refused = _invite(ada, ada_csrf, guests[-1])
    assert refused.status_code == 429
    assert refused.json()["error"].startswith(f"you already have {OPEN_INVITATIONS} invitations waiting")
