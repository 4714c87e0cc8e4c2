"""The table server's persistence, on SQLite and PostgreSQL alike: accounts, sessions, tables, seats,
and the append-only action log that guards a game's order and replays to its position."""

from __future__ import annotations

import random
import subprocess
import sys
import threading
import time
from datetime import UTC, datetime, timedelta

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import Engine, inspect, text

from laguna.core import get_game, replay
from laguna.server.account_store import NameTaken, StoreError, User
from laguna.server.db import DatabaseError, default_database_url, make_engine, upgrade
from laguna.server.schema import metadata
from laguna.server.store import (
    BOT,
    FINISHED,
    HUMAN,
    INVITED,
    OPEN,
    PLAYING,
    WAITING,
    NotFound,
    SeatInfo,
    SeatTaken,
    StaleVersion,
    Store,
)

NOW = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)


@pytest.fixture
def store(engine: Engine) -> Store:
    return Store(engine)


def _table(store: Store, owner: User, seat_list: list[SeatInfo] | None = None, table_id: str = "t1") -> str:
    seat_list = seat_list or [SeatInfo(0, HUMAN, owner.id), SeatInfo(1, OPEN)]
    store.create_table(
        table_id, "walking-in-burano", {}, 42, seat_list, created_by=owner.id, invite_token=f"inv-{table_id}",
        move_seconds=None, now=NOW,
    )  # fmt: skip
    return table_id


# ---------------------------------------------------------------------- the database


def test_the_migrations_build_exactly_the_schema(engine: Engine) -> None:
    with engine.connect() as c:
        differences = compare_metadata(MigrationContext.configure(c), metadata)
    assert differences == []
    expected = {"users", "sessions", "tables", "seats", "actions", "login_throttles", "blocks", "ratings",
                "rating_changes", "standings", "chat_messages", "mutes"}  # fmt: skip
    assert expected <= set(inspect(engine).get_table_names())


def test_upgrading_twice_changes_nothing(engine: Engine) -> None:
    upgrade(engine)
    with engine.connect() as c:
        assert c.execute(text("SELECT version_num FROM alembic_version")).scalar() == "0005"


def test_sqlite_is_set_up_to_keep_every_commit(tmp_path: pytest.TempPathFactory) -> None:
    engine = make_engine(f"sqlite:///{tmp_path}/sub/folder/db.sqlite3")  # the folder is made
    with engine.connect() as c:
        assert c.execute(text("PRAGMA journal_mode")).scalar() == "wal"
        assert c.execute(text("PRAGMA synchronous")).scalar() == 2  # FULL
        assert c.execute(text("PRAGMA foreign_keys")).scalar() == 1


@pytest.mark.parametrize(
    ("url", "message"),
    [
        ("not a url", "is not a database URL"),
        ("mysql://root@localhost/test", "'mysql' databases are not supported"),
    ],
)
def test_a_bad_database_url_is_named(url: str, message: str) -> None:
    with pytest.raises(DatabaseError, match=message):
        make_engine(url)


def test_an_unreachable_database_is_named() -> None:
    engine = make_engine("postgresql://nobody@127.0.0.1:1/none")
    with pytest.raises(DatabaseError, match="cannot prepare the database at postgresql"):
        upgrade(engine)


def test_the_embedded_database_lives_in_the_data_folder(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LAGUNA_DATA", "/srv/laguna-data")
    assert default_database_url() == "sqlite:////srv/laguna-data/laguna.sqlite3"
    monkeypatch.delenv("LAGUNA_DATA")
    assert default_database_url().startswith("sqlite:///") and default_database_url().endswith("laguna.sqlite3")


# ---------------------------------------------------------------------- accounts and sessions


def test_names_are_unique_whatever_their_case(store: Store) -> None:
    ada = store.create_user("Ada", "hash", NOW)
    with pytest.raises(NameTaken, match="the name 'ADA' is taken"):
        store.create_user("ADA", "other", NOW)
    found = store.login_of("ada")
    assert found == (ada, "hash")
    assert store.login_of("nobody") is None
    assert store.user(ada.id) == ada
    guest = store.create_user("Guest-1", None, NOW, guest=True)
    assert store.login_of("guest-1") == (guest, None) and guest.guest


def test_a_session_lasts_until_it_expires_or_is_deleted(store: Store) -> None:
    ada = store.create_user("Ada", "hash", NOW)
    store.create_session(ada.id, "a" * 64, NOW, NOW + timedelta(days=30))
    assert store.session("a" * 64, NOW + timedelta(days=29)) == (ada, NOW + timedelta(days=30))
    assert store.session("a" * 64, NOW + timedelta(days=30)) is None  # expired, and forgotten
    assert store.session("a" * 64, NOW) is None
    store.create_session(ada.id, "b" * 64, NOW, NOW + timedelta(days=30))
    store.delete_session("b" * 64)
    assert store.session("b" * 64, NOW) is None
    assert store.session("c" * 64, NOW) is None


# ---------------------------------------------------------------------- tables and seats


def test_a_new_table_gathers_players(store: Store) -> None:
    ada = store.create_user("Ada", "h", NOW)
    table = store.table(_table(store, ada))
    assert (table.status, table.version, table.players, table.seed, table.game) == (
        WAITING,
        0,
        2,
        42,
        "walking-in-burano",
    )
    assert table.created_at == NOW and table.started_at is None
    assert [s.label for s in table.seats] == ["Ada", "open seat"]
    assert table.seat_of(ada.id) == [0]
    assert store.table_by_invite("inv-t1") == table
    with pytest.raises(NotFound, match="there is no table 'nope'"):
        store.table("nope")
    with pytest.raises(NotFound, match="invitation link leads to no table"):
        store.table_by_invite("nope")


def test_a_malformed_seat_list_is_refused(store: Store) -> None:
    ada = store.create_user("Ada", "h", NOW)
    with pytest.raises(StoreError, match="seat 1 is malformed"):
        _table(store, ada, [SeatInfo(0, HUMAN, ada.id), SeatInfo(1, "sofa")])


def test_open_and_invited_seats_are_taken_by_the_right_players(store: Store) -> None:
    ada, bob, cy, dan = (store.create_user(name, "h", NOW) for name in ("Ada", "Bob", "Cy", "Dan"))
    seat_list = [SeatInfo(0, HUMAN, ada.id), SeatInfo(1, INVITED, invited="bob"), SeatInfo(2, OPEN),
                 SeatInfo(3, BOT, bot="hard")]  # fmt: skip
    table_id = _table(store, ada, seat_list)
    with pytest.raises(SeatTaken, match="seat 2 is not open to Cy: bob \\(invited\\)"):  # seats named from 1
        store.take_seat(table_id, 1, cy)
    assert store.take_seat(table_id, 1, bob).version == 1  # every change of a table is a new version
    table = store.take_seat(table_id, 2, cy)
    assert [s.label for s in table.seats] == ["Ada", "Bob", "Cy", "hard"] and table.version == 2
    with pytest.raises(SeatTaken, match="seat 4 is not open to Dan: hard"):
        store.take_seat(table_id, 3, dan)
    with pytest.raises(SeatTaken, match="you already sit at seat 3 of this table: one seat per player"):
        store.take_seat(table_id, 3, cy)
    with pytest.raises(NotFound, match="the table has no seat 8: its seats are 1 to 4"):
        store.take_seat(table_id, 7, dan)
    store.start(table_id, [0], NOW)
    with pytest.raises(SeatTaken, match="the game has started"):
        store.take_seat(table_id, 2, cy)
    with pytest.raises(StoreError, match="already started"):
        store.start(table_id, [0], NOW)


def test_my_tables_are_those_i_sit_at_made_or_am_invited_to(store: Store) -> None:
    ada, bob, cy = (store.create_user(name, "h", NOW) for name in ("Ada", "Bob", "Cy"))
    _table(store, ada, table_id="a")
    _table(store, cy, [SeatInfo(0, HUMAN, cy.id), SeatInfo(1, INVITED, invited="BOB")], table_id="b")
    _table(store, cy, [SeatInfo(0, HUMAN, cy.id), SeatInfo(1, OPEN)], table_id="c")
    assert {t.id for t in store.user_tables(ada.id)} == {"a"}
    assert {t.id for t in store.user_tables(bob.id)} == {"b"}
    assert {t.id for t in store.user_tables(cy.id)} == {"b", "c"}


# ---------------------------------------------------------------------- the action log


def test_a_game_is_its_log_and_replays_to_its_position(store: Store) -> None:
    ada, bob = store.create_user("Ada", "h", NOW), store.create_user("Bob", "h", NOW)
    table_id = _table(store, ada, [SeatInfo(0, HUMAN, ada.id), SeatInfo(1, HUMAN, bob.id)])
    game = get_game("walking-in-burano")
    state = game.new_game(2, seed=42)
    first = version = store.start(table_id, list(state.to_act()), NOW).version
    rng = random.Random(1)
    while not state.is_terminal():
        seat = state.to_act()[0]
        action = rng.choice(state.legal_actions(seat))
        state.apply(seat, action)
        over = state.is_terminal()
        result = {"scores": list(state.outcome().scores)} if over else None
        version = store.append(table_id, version, seat, str(action), waiting=state.to_act(), now=NOW, result=result)
    table = store.table(table_id)
    assert (table.status, table.version, table.waiting) == (FINISHED, version, ())
    assert table.finished_at == NOW and table.result == {"scores": list(state.outcome().scores)}
    record = store.record(table_id)
    assert record.seats == ["Ada", "Bob"] and record.seed == 42 and len(record.actions) == version - first
    assert replay(record) == state
    assert [entry.number for entry in store.log(table_id)] == list(range(first, version))
    with pytest.raises(StaleVersion, match="the game is over"):
        store.append(table_id, version, 0, "anything", waiting=(), now=NOW)


def test_an_action_against_an_old_version_is_refused_and_writes_nothing(store: Store) -> None:
    ada = store.create_user("Ada", "h", NOW)
    table_id = _table(store, ada)
    with pytest.raises(StaleVersion, match="has not started"):
        store.append(table_id, 0, 0, "take 1", waiting=[0], now=NOW)
    assert store.start(table_id, [0], NOW).version == 1  # the start is a change of the table
    assert store.append(table_id, 1, 0, "first", waiting=[1], now=NOW) == 2
    with pytest.raises(StaleVersion, match=r"moved on \(version 2, not 1\)"):
        store.append(table_id, 1, 1, "second", waiting=[0], now=NOW)
    assert [(e.number, e.action) for e in store.log(table_id)] == [(1, "first")]
    assert store.table(table_id).waiting == (1,)


def test_an_undo_takes_back_the_latest_standing_decision(store: Store) -> None:
    ada = store.create_user("Ada", "h", NOW)
    table_id = _table(store, ada)
    version = store.start(table_id, [0], NOW).version
    later = NOW + timedelta(minutes=5)
    version = store.append(table_id, version, 0, "a", waiting=[0], now=NOW)
    version = store.append(table_id, version, 0, "b", waiting=[0], now=NOW)
    version = store.append(table_id, version, 0, "b", waiting=[0], now=later, undo=True)
    version = store.append(table_id, version, 0, "c", waiting=[1], now=later)
    assert version == 5
    assert [a.action for a in store.record(table_id).actions] == ["a", "c"]
    log = store.log(table_id)
    assert [(e.action, e.undo) for e in log] == [("a", False), ("b", False), ("b", True), ("c", False)]
    assert log[-1].made_at == later and store.table(table_id).last_move_at == later


def test_a_seat_change_is_a_version_that_refuses_older_decisions(store: Store) -> None:
    ada, bob = store.create_user("Ada", "h", NOW), store.create_user("Bob", "h", NOW)
    table_id = _table(store, ada, [SeatInfo(0, HUMAN, ada.id), SeatInfo(1, HUMAN, bob.id)])
    started = store.start(table_id, [1], NOW).version
    table = store.set_seat(table_id, SeatInfo(1, BOT, bot="medium"), version=started)
    assert table.version == started + 1 and table.seats[1].label == "medium"
    with pytest.raises(StaleVersion):
        store.append(table_id, started, 1, "late", waiting=[0], now=NOW)
    with pytest.raises(StaleVersion):
        store.set_seat(table_id, SeatInfo(1, BOT, bot="hard"), version=started)
    assert store.append(table_id, started + 1, 1, "bot", waiting=[0], now=NOW) == started + 2
    assert [e.number for e in store.log(table_id)] == [started + 1]
    assert store.record(table_id).seats == ["Ada", "medium"]


def test_of_two_servers_acting_on_one_version_exactly_one_wins(engine: Engine, database_url: str) -> None:
    """Two engines stand for two server processes; each tries the same version at the same moment."""
    store = Store(engine)
    ada = store.create_user("Ada", "h", NOW)
    table_id = _table(store, ada)
    started = store.start(table_id, [0], NOW).version
    other = Store(make_engine(database_url))
    outcomes: list[str] = []
    barrier = threading.Barrier(2)

    def act(server: Store, name: str) -> None:
        barrier.wait()
        try:
            server.append(table_id, started, 0, name, waiting=[1], now=NOW)
            outcomes.append(f"won {name}")
        except StaleVersion:
            outcomes.append("stale")

    threads = [threading.Thread(target=act, args=(s, n)) for s, n in ((store, "one"), (other, "two"))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    other.engine.dispose()
    assert sorted(outcomes)[0] == "stale" and sorted(outcomes)[1].startswith("won")
    winner = sorted(outcomes)[1].removeprefix("won ")
    assert [e.action for e in store.log(table_id)] == [winner]
    assert store.table(table_id).version == started + 1
    assert store.table(table_id).status == PLAYING


def test_server_processes_starting_at_once_migrate_the_database_once(postgres_url: str) -> None:
    """Processes starting together on a new PostgreSQL database: one builds the schema, the others wait
    for it and find it done, and none fails. (Processes, since Alembic runs one migration at a time per
    process.)"""
    script = (
        "import sys, time\n"
        "from laguna.server.db import make_engine, upgrade\n"
        "engine = make_engine(sys.argv[1])\n"
        "time.sleep(max(0.0, float(sys.argv[2]) - time.time()))\n"
        "upgrade(engine)\n"
    )
    at = time.time() + 3  # every process has imported what it needs by then, and they start together
    processes = [
        subprocess.Popen([sys.executable, "-c", script, postgres_url, str(at)], stderr=subprocess.PIPE)
        for _ in range(3)
    ]
    failures = [process.communicate(timeout=60)[1].decode() for process in processes]
    assert [process.returncode for process in processes] == [0, 0, 0], failures
    engine = make_engine(postgres_url)
    with engine.connect() as c:
        assert c.execute(text("SELECT version_num FROM alembic_version")).scalar() == "0005"
    engine.dispose()


def test_a_write_is_announced_once_committed_and_a_listeners_trouble_does_not_undo_it(engine: Engine) -> None:
    store = Store(engine)
    heard: list[str] = []
    store.heard = heard.append  # (PostgreSQL tells every process through the database as well)
    ada = store.create_user("Ada", "hash", NOW)
    _table(store, ada)
    bob = store.create_user("Bob", "hash", NOW)
    store.take_seat("t1", 1, bob)
    assert heard == ["lobby", "table t1 1", "lobby"]
    with pytest.raises(StoreError):  # a refused write announces nothing
        store.take_seat("t1", 1, bob)
    assert len(heard) == 3

    def broken(payload: str) -> None:
        raise RuntimeError(payload)

    store.heard = broken
    _table(store, ada, table_id="t2")
    assert store.table("t2").status == WAITING
