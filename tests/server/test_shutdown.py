"""A server whose bots are thinking stops when asked: after SIGTERM the server and its bot workers are
gone within 5 s, however long the bots' budgets; after SIGKILL of the server no worker is left, nor
after SIGKILL of the first process of ``--workers N``."""

from __future__ import annotations

import contextlib
import os
import signal
import time
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest
from sqlalchemy import Engine

from laguna.core import get_game
from laguna.server.db import make_engine, upgrade
from laguna.server.store import BOT, SeatInfo, Store
from tests.server.conftest import launch_server

NOW = datetime(2026, 3, 1, tzinfo=UTC)


def _descendants(pid: int) -> set[int]:
    """The processes `pid` started, and theirs, as Linux lists them."""
    found: set[int] = set()
    try:
        tasks = os.listdir(f"/proc/{pid}/task")
    except FileNotFoundError:
        return found
    for task in tasks:
        try:
            children = Path(f"/proc/{pid}/task/{task}/children").read_text().split()
        except FileNotFoundError:
            continue
        for child in map(int, children):
            found |= {child} | _descendants(child)
    return found


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except FileNotFoundError:
        return False
    return state != "Z"


@pytest.fixture
def thinking_server(tmp_path: Path) -> Iterator[tuple[int, set[int]]]:
    """A `laguna serve` process whose bots think with a budget of years (stored by an older server, say)
    at a table of two bots; its pid and its workers' pids once they are thinking."""
    url = f"sqlite:///{tmp_path / 'laguna.sqlite3'}"
    engine = make_engine(url)
    upgrade(engine)
    store = Store(engine)
    owner = store.create_user("Ada", "h", NOW)
    bots = [SeatInfo(seat, BOT, bot="ismcts:999999999999") for seat in range(2)]
    store.create_table("busy", "murano", {}, 1, bots, created_by=owner.id, invite_token="t", move_seconds=None, now=NOW)
    store.start("busy", get_game("murano").new_game(2, seed=1).to_act(), NOW)
    engine.dispose()
    process, _ = launch_server(url, tmp_path)
    try:
        workers: set[int] = set()
        for _ in range(300):  # the workers start, and one thinks
            workers = _descendants(process.pid)
            if workers and _busy(workers):
                break
            time.sleep(0.1)
        assert workers, "no bot worker started"
        yield process.pid, workers
    finally:
        if process.poll() is None:
            process.kill()
        process.wait(10)
        for pid in _descendants(process.pid):
            os.kill(pid, signal.SIGKILL)


def _busy(pids: set[int]) -> bool:
    """Whether one of `pids` is running (thinking) rather than sleeping."""
    for pid in pids:
        try:
            if Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] == "R":
                return True
        except FileNotFoundError:
            continue
    return False


def test_sigterm_stops_the_server_and_its_thinking_bots_within_five_seconds(
    thinking_server: tuple[int, set[int]],
) -> None:
    server, workers = thinking_server
    os.kill(server, signal.SIGTERM)
    began = time.monotonic()
    while time.monotonic() - began < 5 and (_alive(server) or any(_alive(pid) for pid in workers)):
        time.sleep(0.05)
    assert not _alive(server), "the server did not stop within 5 s of SIGTERM"
    assert not [pid for pid in workers if _alive(pid)], "a bot worker outlived the server"


def test_a_killed_server_leaves_no_bot_worker_running(thinking_server: tuple[int, set[int]]) -> None:
    server, workers = thinking_server
    os.kill(server, signal.SIGKILL)
    began = time.monotonic()
    while time.monotonic() - began < 5 and any(_alive(pid) for pid in workers):
        time.sleep(0.05)
    assert not [pid for pid in workers if _alive(pid)], "a bot worker kept thinking after its server was killed"


def test_a_killed_master_of_several_server_processes_leaves_no_process_behind(
    postgres_engine: Engine, postgres_url: str, tmp_path: Path
) -> None:
    """With --workers 2 the first process starts the server processes; killed, it can stop none of them,
    so they (and their bot workers) must notice by themselves."""
    store = Store(postgres_engine)
    owner = store.create_user("Ada", "h", NOW)
    bots = [SeatInfo(seat, BOT, bot="ismcts:999999999999") for seat in range(2)]
    store.create_table("busy", "murano", {}, 1, bots, created_by=owner.id, invite_token="t", move_seconds=None, now=NOW)
    store.start("busy", get_game("murano").new_game(2, seed=1).to_act(), NOW)
    master, _ = launch_server(postgres_url, tmp_path, options=["--workers", "2"])
    tracked: set[int] = set()
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:  # both server processes up, and a bot thinking in one of them
            servers = _children(master.pid)
            tracked = _descendants(master.pid)
            if len(servers) == 2 and _busy(tracked - servers):
                break
            time.sleep(0.1)
        assert len(servers) == 2 and _busy(tracked - servers), f"no bot thinking under the server processes {servers}"
        os.kill(master.pid, signal.SIGKILL)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and any(_alive(pid) for pid in tracked):
            for pid in list(tracked):  # a server process may start its bot workers even now
                if _alive(pid):
                    tracked |= _descendants(pid)
            time.sleep(0.05)
        left = sorted(pid for pid in tracked if _alive(pid))
        assert not left, f"processes outlived the killed master by 10 s: {left}"
    finally:
        if master.poll() is None:
            master.kill()
        master.wait(10)
        for pid in tracked:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)


def _children(pid: int) -> set[int]:
    """The server processes `pid` started (not multiprocessing's resource tracker)."""
    found = {child for task in os.listdir(f"/proc/{pid}/task") for child in _task_children(pid, task)}
    return {child for child in found if b"spawn_main" in _command(child)}


def _command(pid: int) -> bytes:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes()
    except FileNotFoundError:
        return b""


def _task_children(pid: int, task: str) -> list[int]:
    try:
        return [int(child) for child in Path(f"/proc/{pid}/task/{task}/children").read_text().split()]
    except FileNotFoundError:
        return []
