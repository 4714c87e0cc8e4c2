"""Nothing acknowledged is ever lost: a `laguna serve` process is killed with SIGKILL in the middle of a
game, while decisions are arriving, and the restarted server has every acknowledged decision, in
order, and plays on. On SQLite and PostgreSQL alike."""

from __future__ import annotations

import re
import signal
import threading
from pathlib import Path

import httpx
from sqlalchemy import Engine

from laguna.server.store import Store
from tests.server.conftest import launch_server

CSRF = re.compile(r'name="csrf" value="([0-9a-f]+)"')
LISTED = re.compile(r'class="act listed" data-action="([^"]+)"')
VERSION = re.compile(r'data-version="(\d+)" data-seat="(\d*)"')


def _sign_up(client: httpx.Client) -> str:
    page = client.post("/signup", data={"name": "Ada", "password": "correct horse"})
    found = CSRF.search(page.text)
    assert found is not None, page.text
    return found.group(1)


def _decide(client: httpx.Client, table_id: str, csrf: str) -> tuple[str, httpx.Response]:
    page = client.get(f"/t/{table_id}/main").text
    version = VERSION.search(page)
    assert version is not None, page
    action = LISTED.findall(page)[0]
    body = {"seat": int(version.group(2)), "action": action, "version": int(version.group(1))}
    return action, client.post(f"/t/{table_id}/act", json=body, headers={"X-CSRF-Token": csrf})


def test_a_killed_server_loses_no_acknowledged_decision(engine: Engine, database_url: str, tmp_path: Path) -> None:
    process, address = launch_server(database_url, tmp_path)
    acknowledged: list[str] = []
    try:
        with httpx.Client(base_url=address, follow_redirects=True, timeout=10) as client:
            csrf = _sign_up(client)
            solo = client.post("/play-now", data={"csrf": csrf, "opponents": "0", "game": "walking-in-burano"})
            table_id = str(solo.url).rsplit("/", 1)[-1]
            for _ in range(15):
                action, answer = _decide(client, table_id, csrf)
                assert answer.status_code == 200, answer.text
                acknowledged.append(action)
            # Decisions keep arriving from another thread while the process is killed.
            stop = threading.Event()

            def keep_deciding() -> None:
                while not stop.is_set():
                    try:
                        action, answer = _decide(client, table_id, csrf)
                    except (httpx.HTTPError, AssertionError):
                        return
                    if answer.status_code == 200:
                        acknowledged.append(action)

            worker = threading.Thread(target=keep_deciding)
            worker.start()
            while len(acknowledged) < 25:
                stop.wait(0.01)
            process.send_signal(signal.SIGKILL)
            process.wait(10)
            stop.set()
            worker.join(10)
    finally:
        if process.poll() is None:
            process.kill()
    stored = [entry.action for entry in Store(engine).record(table_id).actions]
    assert stored[: len(acknowledged)] == acknowledged
    assert len(stored) <= len(acknowledged) + 1  # at most the decision in flight, never acknowledged

    restarted, address = launch_server(database_url, tmp_path)
    try:
        with httpx.Client(base_url=address, follow_redirects=True, timeout=10) as client:
            csrf = _sign_up_again(client)
            page = client.get(f"/t/{table_id}/main").text
            assert f'data-version="{len(stored) + 1}"' in page  # the start, then one version per decision
            action, answer = _decide(client, table_id, csrf)
            assert answer.status_code == 200, answer.text
    finally:
        restarted.terminate()
        restarted.wait(10)
    assert [entry.action for entry in Store(engine).record(table_id).actions] == [*stored, action]


def _sign_up_again(client: httpx.Client) -> str:
    page = client.post("/login", data={"name": "Ada", "password": "correct horse"})
    found = CSRF.search(page.text)
    assert found is not None, page.text
    return found.group(1)
