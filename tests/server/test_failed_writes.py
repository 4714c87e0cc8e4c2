"""A write the database fails changes nothing anywhere: not the cached position, not the log, not
another server process. The database is made to fail the Nth write of the log (at its statement or at
its commit, as a lost connection, a full disk or a locked file would), on SQLite and PostgreSQL; the
cache, the stored log and a fresh server then agree, the player is told the decision was not saved,
and the same decision made again is saved."""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import UTC, datetime
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import Engine, event
from sqlalchemy.exc import OperationalError

from laguna.core import replay
from laguna.server.account_store import NotSaved, User
from laguna.server.app import create_app
from laguna.server.service import SeatRequest, TableService
from laguna.server.store import BOT, HUMAN, INVITED, Store

NOW = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)
GAME = "walking-in-burano"
STARTED = 2
CSRF = re.compile(r'name="csrf" value="([0-9a-f]+)"')


class FailingWrites:
    """Makes the database fail writes to the game's log: the `at`-th one from now (1: the next), at
    its statement (``statement``: the change never reaches the database) or at its commit (``commit``:
    the change was made, then rolled back)."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.countdown = 0
        self.stage = "statement"
        self.failed = 0
        self._in_log_write: set[int] = set()
        event.listen(engine, "before_cursor_execute", self._statement)
        event.listen(engine, "commit", self._commit)

    def arm(self, at: int = 1, stage: str = "statement") -> None:
        self.countdown, self.stage = at, stage

    def remove(self) -> None:
        event.remove(self.engine, "before_cursor_execute", self._statement)
        event.remove(self.engine, "commit", self._commit)

    def _fail(self) -> None:
        self.failed += 1
        raise OperationalError("INSERT INTO actions", {}, Exception("disk I/O error"))

    def _statement(self, conn: Any, cursor: Any, statement: str, *args: Any) -> None:
        if not statement.lstrip().upper().startswith("INSERT INTO ACTIONS") or not self.countdown:
            return
        self.countdown -= 1
        if self.countdown == 0:
            if self.stage == "statement":
                self._fail()
            self._in_log_write.add(id(conn))

    def _commit(self, conn: Any) -> None:
        if id(conn) in self._in_log_write:
            self._in_log_write.discard(id(conn))
            self._fail()


@pytest.fixture
def failing(engine: Engine) -> Iterator[FailingWrites]:
    failing = FailingWrites(engine)
    yield failing
    failing.remove()


@pytest.fixture
def service(engine: Engine) -> TableService:
    return TableService(Store(engine), lambda: NOW)


def _users(service: TableService) -> tuple[User, User]:
    return service.store.create_user("Ada", "h", NOW), service.store.create_user("Bob", "h", NOW)


def _two_players(service: TableService, ada: User, bob: User) -> str:
    table = service.create(ada, GAME, [SeatRequest(HUMAN), SeatRequest(INVITED, invited="bob")], seed=42)
    assert service.join(table.id, 1, bob).version == STARTED  # the join and the start it brings
    return table.id


def _agree(service: TableService, table_id: str) -> None:
    """The cached table, the stored log and a fresh server's table are the same game."""
    cached_table, cached = service.position(table_id)
    stored_table = service.store.table(table_id)
    fresh_table, fresh = TableService(Store(service.store.engine), lambda: NOW).position(table_id)
    assert cached_table == stored_table == fresh_table
    assert cached == fresh == replay(service.store.record(table_id))
    fresh_log = TableService(Store(service.store.engine), lambda: NOW).snapshot(table_id).decided
    assert service.snapshot(table_id).decided == fresh_log


@pytest.mark.parametrize("stage", ["statement", "commit"])
def test_a_decision_the_database_fails_changes_nothing_and_can_be_made_again(
    service: TableService, failing: FailingWrites, stage: str
) -> None:
    ada, bob = _users(service)
    table_id = _two_players(service, ada, bob)
    service.act(table_id, ada, 0, "take c1 f1", STARTED)
    before = service.position(table_id)
    failing.arm(1, stage)
    with pytest.raises(NotSaved, match="not saved"):
        service.act(table_id, ada, 0, "place O1b c1", STARTED + 1)
    assert failing.failed == 1
    assert service.position(table_id) == before
    _agree(service, table_id)
    with pytest.raises(Exception, match="moved on"):  # nothing was saved: the old version still stands
        service.act(table_id, ada, 0, "place O1b c1", STARTED + 2)
    assert service.act(table_id, ada, 0, "place O1b c1", STARTED + 1).version == STARTED + 2
    _agree(service, table_id)
    assert [a.action for a in service.store.record(table_id).actions] == ["take c1 f1", "place O1b c1"]


def test_a_failed_write_never_lets_the_next_decision_stand_on_an_unsaved_one(
    service: TableService, failing: FailingWrites
) -> None:
    """Today's fault: the cache kept the unsaved decision, so the next one was accepted on top of it
    and a restarted server found the log broken."""
    ada, bob = _users(service)
    table_id = _two_players(service, ada, bob)
    failing.arm(1)
    with pytest.raises(NotSaved):
        service.act(table_id, ada, 0, "take c1 f1", STARTED)
    with pytest.raises(Exception, match=r"moved on|illegal"):
        service.act(table_id, ada, 0, "place O1b c1", STARTED + 1)
    _agree(service, table_id)


def test_an_undo_the_database_fails_changes_nothing(service: TableService, failing: FailingWrites) -> None:
    ada, bob = _users(service)
    table_id = _two_players(service, ada, bob)
    service.act(table_id, ada, 0, "take c1 f1", STARTED)
    failing.arm(1, "commit")
    with pytest.raises(NotSaved):
        service.undo(table_id, ada, 0, STARTED + 1)
    assert service.position(table_id)[0].version == STARTED + 1
    _agree(service, table_id)
    assert service.undo(table_id, ada, 0, STARTED + 1) == STARTED + 2
    _agree(service, table_id)


def test_a_bot_decision_the_database_fails_changes_nothing(service: TableService, failing: FailingWrites) -> None:
    ada, _ = _users(service)
    table = service.create(ada, GAME, [SeatRequest(HUMAN), SeatRequest(BOT, bot="medium")], seed=8)
    service.start(table.id, ada)
    while service.bot_owing(table.id) is None:  # play until the bot owes a decision
        info, state = service.position(table.id)
        service.act(table.id, ada, 0, str(state.legal_actions(0)[0]), info.version)
    failing.arm(1)
    with pytest.raises(NotSaved):
        service.bot_turn(table.id)
    _agree(service, table.id)
    assert service.bot_turn(table.id) is not None
    _agree(service, table.id)


def test_a_hand_over_the_database_fails_changes_nothing(service: TableService, engine: Engine) -> None:
    ada, bob = _users(service)
    table_id = _two_players(service, ada, bob)
    service.act(table_id, ada, 0, "take c1 f1", STARTED)
    service.position(table_id)

    def refuse(conn: Any, cursor: Any, statement: str, *args: Any) -> None:
        if statement.lstrip().upper().startswith("UPDATE SEATS"):
            raise OperationalError("UPDATE seats", {}, Exception("database is locked"))

    event.listen(engine, "before_cursor_execute", refuse)
    try:
        with pytest.raises(NotSaved):
            service.hand_to_bot(table_id, 1, "easy", STARTED + 1)
    finally:
        event.remove(engine, "before_cursor_execute", refuse)
    assert service.position(table_id)[0].seats[1].kind == HUMAN
    _agree(service, table_id)


def test_another_server_process_goes_on_with_the_game_after_one_failed_to_save(
    engine: Engine, failing: FailingWrites
) -> None:
    """Two server processes (two services on one database): the first fails to save a decision; the
    second, which never heard of it, takes the same version; the first then follows the second."""
    first = TableService(Store(engine), lambda: NOW)
    second = TableService(Store(engine), lambda: NOW)
    ada, bob = _users(first)
    table_id = _two_players(first, ada, bob)
    second.position(table_id)
    failing.arm(1, "commit")
    with pytest.raises(NotSaved):
        first.act(table_id, ada, 0, "take c1 f1", STARTED)
    assert second.act(table_id, ada, 0, "take c2 f1", STARTED).version == STARTED + 1
    first.heard(table_id, STARTED + 1)
    _agree(first, table_id)
    assert first.position(table_id) == second.position(table_id)


def test_a_position_whose_catching_up_fails_half_way_is_rebuilt(service: TableService, engine: Engine) -> None:
    """A cached table is brought up to date from the log: a read failing then leaves no half-changed
    position in the cache."""
    ada, bob = _users(service)
    table_id = _two_players(service, ada, bob)
    service.position(table_id)
    other = TableService(Store(engine), lambda: NOW)
    other.act(table_id, ada, 0, "take c1 f1", STARTED)
    other.act(table_id, ada, 0, "place O1b c1", STARTED + 1)
    service.heard(table_id, STARTED + 2)

    def fail_second_read(conn: Any, cursor: Any, statement: str, *args: Any) -> None:
        if "FROM actions" in statement:
            raise OperationalError("SELECT actions", {}, Exception("server closed the connection unexpectedly"))

    event.listen(engine, "before_cursor_execute", fail_second_read)
    try:
        with pytest.raises(OperationalError):
            service.position(table_id)
    finally:
        event.remove(engine, "before_cursor_execute", fail_second_read)
    _agree(service, table_id)


def test_the_player_is_told_the_decision_was_not_saved_and_trying_again_works(
    engine: Engine, database_url: str
) -> None:
    del engine  # the database is ready
    app = create_app(database_url, clock=lambda: NOW)
    failing = FailingWrites(app.state.server.store.engine)
    with TestClient(app, follow_redirects=True) as ada:
        page = ada.post("/signup", data={"name": "Ada", "password": "correct horse"})
        found = CSRF.search(page.text)
        assert found is not None
        headers = {"X-CSRF-Token": found.group(1)}
        table_id = str(ada.post("/play-now", data={"csrf": found.group(1), "opponents": "0"}).url).rsplit("/", 1)[-1]
        body = {"seat": 0, "action": "take c1 f1", "version": 1}
        failing.arm(1)
        refused = ada.post(f"/t/{table_id}/act", json=body, headers=headers)
        assert refused.status_code == 503
        assert "not saved" in refused.json()["error"] and "safe" not in refused.json()["error"]
        assert 'data-version="1"' in ada.get(f"/t/{table_id}/main").text
        assert ada.post(f"/t/{table_id}/act", json=body, headers=headers).json() == {"version": 2}
        assert [a.action for a in app.state.server.store.record(table_id).actions] == ["take c1 f1"]


def test_a_sign_up_the_database_fails_is_the_server_s_trouble_not_the_form_s(engine: Engine, database_url: str) -> None:
    del engine
    app = create_app(database_url, clock=lambda: NOW)

    def insert_fails(conn: Any, cursor: Any, statement: str, *args: Any) -> None:
        if statement.lstrip().upper().startswith("INSERT INTO USERS"):
            raise OperationalError("INSERT INTO users", {}, Exception("disk I/O error"))

    target = app.state.server.store.engine
    event.listen(target, "before_cursor_execute", insert_fails)
    try:
        with TestClient(app) as client:
            refused = client.post("/signup", data={"name": "Ada", "password": "correct horse"})
        assert refused.status_code == 503 and "not saved" in refused.text
    finally:
        event.remove(target, "before_cursor_execute", insert_fails)
