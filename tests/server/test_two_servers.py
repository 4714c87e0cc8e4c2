"""Several `laguna serve` processes on one PostgreSQL database serve the same games: a decision made
through one reaches, live, a browser connected to the other (LISTEN/NOTIFY), and a decision for a
version the other process already took is refused; a session closed through one is closed on the other."""

from __future__ import annotations

import json
import random
import re
import threading
import time
from datetime import UTC, datetime
from pathlib import Path

import httpx
from sqlalchemy import Engine, func, select
from websockets.sync.client import connect

from laguna.server.schema import rating_changes, ratings, standings
from laguna.server.service import SeatRequest, TableService
from laguna.server.store import HUMAN, OPEN, Store
from tests.server.conftest import launch_server

CSRF = re.compile(r'name="csrf" value="([0-9a-f]+)"')
LISTED = re.compile(r'class="act listed" data-action="([^"]+)"')
VERSION = re.compile(r'data-version="(\d+)" data-seat="(\d*)"')


def test_a_decision_through_one_server_reaches_the_other_live(
    postgres_engine: Engine, postgres_url: str, tmp_path: Path
) -> None:
    del postgres_engine  # the database is migrated, and emptied afterwards
    first, first_address = launch_server(postgres_url, tmp_path)
    second, second_address = launch_server(postgres_url, tmp_path)
    try:
        with (
            httpx.Client(base_url=first_address, follow_redirects=True, timeout=10) as one,
            httpx.Client(base_url=second_address, follow_redirects=True, timeout=10) as two,
        ):
            page = one.post("/signup", data={"name": "Ada", "password": "correct horse"})
            csrf = CSRF.search(page.text)
            assert csrf is not None, page.text
            solo = one.post("/play-now", data={"csrf": csrf.group(1), "opponents": "0", "game": "walking-in-burano"})
            table_id = str(solo.url).rsplit("/", 1)[-1]
            two.cookies.update(one.cookies)  # the same player, through the other server
            ws_address = first_address.replace("http", "ws") + f"/t/{table_id}/live"
            with connect(ws_address, open_timeout=10) as live:
                assert json.loads(live.recv(timeout=10)) == {"version": 1}  # started
                main = two.get(f"/t/{table_id}/main").text
                version = VERSION.search(main)
                assert version is not None and version.group(1) == "1"
                body = {"seat": 0, "action": LISTED.findall(main)[0], "version": 1}
                answer = two.post(f"/t/{table_id}/act", json=body, headers={"X-CSRF-Token": csrf.group(1)})
                assert answer.status_code == 200, answer.text
                assert json.loads(live.recv(timeout=5)) == {"version": 2}  # heard through the first server
            again = one.post(f"/t/{table_id}/act", json=body, headers={"X-CSRF-Token": csrf.group(1)})
            assert again.status_code == 409 and "moved on" in again.json()["error"]
            assert 'data-version="2"' in one.get(f"/t/{table_id}/main").text
            assert "Log out" in two.get("/").text  # the other server knows the session now
            one.post("/logout", data={"csrf": csrf.group(1)})
            for _ in range(50):  # the logging out is announced to the other server
                if "Log out" not in two.get("/").text:
                    break
                time.sleep(0.1)
            else:
                raise AssertionError("the other server still takes a closed session")
    finally:
        for process in (first, second):
            process.terminate()
            process.wait(10)


def test_two_servers_taking_a_games_last_decision_at_once_rate_it_once(
    postgres_engine: Engine, postgres_url: str, tmp_path: Path
) -> None:
    """The same last decision of a rated game reaches two `laguna serve` processes at the same moment:
    one takes it and the other answers that the game has moved on; the game's end changes each player's
    rating once, with one row of standings and of rating change per player."""
    service = TableService(Store(postgres_engine), lambda: datetime.now(UTC))
    first, first_address = launch_server(postgres_url, tmp_path)
    second, second_address = launch_server(postgres_url, tmp_path)
    clients = {
        name: (
            httpx.Client(base_url=first_address, follow_redirects=True, timeout=20),
            httpx.Client(base_url=second_address, follow_redirects=True, timeout=20),
        )
        for name in ("Ada", "Bob")
    }
    try:
        csrf = {}
        for name, (one, two) in clients.items():
            page = one.post("/signup", data={"name": name, "password": "correct horse"})
            found = CSRF.search(page.text)
            assert found is not None, page.text
            csrf[name] = found.group(1)
            two.cookies.update(one.cookies)  # the same player, through the other server
        users = [service.store.login_of(name)[0] for name in clients]  # type: ignore[index]
        table = service.create(users[0], "walking-in-burano", [SeatRequest(HUMAN), SeatRequest(OPEN)],
                               rated=True, seed=5)  # fmt: skip
        table = service.join(table.id, 1, users[1])
        rng = random.Random(5)
        while True:  # to the decision that ends the game
            info, state = service.position(table.id)
            seat = state.to_act()[0]
            action = rng.choice(state.legal_actions(seat))
            after = state.copy()
            after.apply(seat, action)
            if after.is_terminal():
                break
            service.act(table.id, users[seat], seat, str(action), info.version)
        name = users[seat].name
        body = {"seat": seat, "action": str(action), "version": info.version}
        for client in clients[name]:  # both servers have shown the table at this version
            assert f'data-version="{info.version}"' in client.get(f"/t/{table.id}/main").text
        barrier = threading.Barrier(2)
        statuses: list[int] = []

        def send(client: httpx.Client) -> None:
            barrier.wait()
            answer = client.post(f"/t/{table.id}/act", json=body, headers={"X-CSRF-Token": csrf[name]})
            statuses.append(answer.status_code)

        threads = [threading.Thread(target=send, args=(client,)) for client in clients[name]]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert sorted(statuses) == [200, 409], statuses
        with postgres_engine.connect() as c:
            games = dict(c.execute(select(ratings.c.user_id, ratings.c.games)).all())
            changes = c.execute(select(func.count()).select_from(rating_changes)).scalar_one()
            placed = c.execute(select(func.count()).select_from(standings)).scalar_one()
        assert games == {users[0].id: 1, users[1].id: 1}
        assert changes == 2 and placed == 2
        for client in clients[name]:  # both servers show the new ratings at the table
            assert 'class="player-rating"' in client.get(f"/t/{table.id}").text
    finally:
        for pair in clients.values():
            for client in pair:
                client.close()
        for process in (first, second):
            process.terminate()
            process.wait(10)
