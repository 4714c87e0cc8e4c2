"""Several `laguna serve` processes on one PostgreSQL database serve the same games: a decision made
through one reaches, live, a browser connected to the other (LISTEN/NOTIFY), and a decision for a
version the other process already took is refused; a session closed through one is closed on the other."""

from __future__ import annotations

import json
import re
import time
from pathlib import Path

import httpx
from sqlalchemy import Engine
from websockets.sync.client import connect

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
