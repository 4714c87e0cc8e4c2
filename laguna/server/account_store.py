"""The table server's persistence of accounts: users and guests, sessions, the counts of failed
log-ins, and the players each user blocks, over SQLAlchemy Core (the same statements on SQLite and
PostgreSQL); and what every write of the store goes through.

Every write is one transaction, committed before the call returns, so an acknowledged change is on
disk. Times are passed in by the caller (the store reads no clock).
"""

from __future__ import annotations

import contextlib
import hashlib
import logging
import threading
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import (
    Column,
    Connection,
    Engine,
    Insert,
    Table,
    and_,
    case,
    delete,
    func,
    insert,
    or_,
    select,
    text,
    update,
)
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.exc import DBAPIError, IntegrityError
from sqlalchemy.sql.dml import ReturningInsert

from laguna.core import LagunaError
from laguna.core.messages import msg, quoted
from laguna.server.db import DatabaseError
from laguna.server.limits import Throttle
from laguna.server.schema import blocks, login_throttles, seats, sessions, tables, users

CHANNEL = "laguna_tables"
"""The PostgreSQL channel every change is announced on: ``table <id> <version>``, ``session <hash>``,
``chat <table id> <message id>`` or ``lobby`` (the open tables changed)."""
_LOG = logging.getLogger("laguna.server")
_SAID = "laguna_announcements"
"""Where a write transaction's connection keeps what it announces, until it commits."""


class StoreError(LagunaError):
    """A request the stored data cannot satisfy; the message says what is wrong."""


class NameTaken(StoreError):
    """A user name already in use (names compare without case)."""


class AddressFull(StoreError):
    """An address that has made as many guest accounts as it may for now."""

    def __init__(self, until: datetime) -> None:
        super().__init__(f"the address may make another guest account at {until.isoformat()}")
        self.until = until
        """When the oldest guest counted stops counting."""


class _Locked(Exception):
    """A key of a log-in attempt is locked until `until` (ends the attempt's transaction, rolled back)."""

    def __init__(self, until: datetime) -> None:
        super().__init__(until)
        self.until = until


class NotSaved(StoreError):
    """A write the database did not take (a lost connection, a full disk, a locked or vanished file):
    its transaction was rolled back, so nothing changed, and the same request may be made again."""


@dataclass(frozen=True, slots=True)
class User:
    id: int
    name: str
    guest: bool


class AccountStore:
    """Every read and write of accounts, and the transactions every write of the store takes."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.shared = engine.dialect.name == "postgresql"
        """Whether several server processes may share the database (and hear its announcements)."""
        self._write_lock: contextlib.AbstractContextManager[Any] = (
            contextlib.nullcontext() if self.shared else threading.Lock()
        )
        self.heard: Callable[[str], None] | None = None
        """Where this process hears the announcements of its own writes, once they are committed: at
        once, so that what it caches is dropped before the writer's next request (on PostgreSQL it
        hears them again from the database, as every process does)."""

    # ------------------------------------------------------------------ accounts

    def create_user(
        self, name: str, password_hash: str | None, now: datetime, *, guest: bool = False, address: str | None = None
    ) -> User:
        """A new account (`address`: where a guest came from, to bound what one address may hold)."""
        try:
            with self._writing() as c:
                new_id = c.execute(
                    insert(users).values(
                        name=name, name_key=name.lower(), password_hash=password_hash, guest=guest, created_at=now,
                        address=address,
                    )
                ).inserted_primary_key  # fmt: skip
        except IntegrityError as error:
            raise NameTaken(msg("the name {name} is taken", name=quoted(name))) from error
        assert new_id is not None
        return User(int(new_id[0]), name, guest)

    def create_guest(self, name: str, now: datetime, address: str, *, most: int, since: datetime) -> User:
        """A new guest account from `address`, unless the address has made `most` guests after `since`
        already: then `AddressFull`. The new account and the count are one transaction that counts
        every process's guests: it writes first, so that on SQLite it holds the one writer's lock while
        it counts, and on PostgreSQL it first takes a lock of the address's for the transaction."""
        made_by_address = and_(users.c.guest.is_(True), users.c.address == address, users.c.created_at > since)
        try:
            with self._writing() as c:
                if self.shared:
                    c.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": lock_key(f"guests {address}")})
                new_id = c.execute(
                    insert(users).values(
                        name=name, name_key=name.lower(), password_hash=None, guest=True, created_at=now,
                        address=address,
                    )
                ).inserted_primary_key  # fmt: skip
                made = c.execute(select(func.count()).select_from(users).where(made_by_address)).scalar_one()
                if made > most:
                    oldest = c.execute(select(func.min(users.c.created_at)).where(made_by_address)).scalar_one()
                    raise AddressFull(aware(oldest) + (now - since))
        except IntegrityError as error:
            raise NameTaken(msg("the name {name} is taken", name=quoted(name))) from error
        assert new_id is not None
        return User(int(new_id[0]), name, True)

    def user(self, user_id: int) -> User | None:
        with self.engine.connect() as c:
            row = c.execute(select(users).where(users.c.id == user_id)).first()
        return None if row is None else User(row.id, row.name, row.guest)

    def login_of(self, name: str) -> tuple[User, str | None] | None:
        """A user by name (any case) with the password hash to check, if there is one."""
        with self.engine.connect() as c:
            row = c.execute(select(users).where(users.c.name_key == name.lower())).first()
        return None if row is None else (User(row.id, row.name, row.guest), row.password_hash)

    def create_session(self, user_id: int, token_hash: str, now: datetime, expires_at: datetime) -> None:
        with self._writing() as c:
            c.execute(
                insert(sessions).values(token_hash=token_hash, user_id=user_id, created_at=now, expires_at=expires_at)
            )

    def session(self, token_hash: str, now: datetime) -> tuple[User, datetime] | None:
        """The user of a live session and when it expires; an expired one is forgotten."""
        with self.engine.connect() as c:
            row = c.execute(
                select(users.c.id, users.c.name, users.c.guest, sessions.c.expires_at)
                .join(sessions, sessions.c.user_id == users.c.id)
                .where(sessions.c.token_hash == token_hash)
            ).first()
        if row is None:
            return None
        expires_at = aware(row.expires_at)
        if expires_at <= now:
            self.delete_session(token_hash)
            return None
        return User(row.id, row.name, row.guest), expires_at

    def delete_session(self, token_hash: str) -> None:
        with self._writing() as c:
            c.execute(delete(sessions).where(sessions.c.token_hash == token_hash))
            self._announce(c, f"session {token_hash}")

    # ------------------------------------------------------------------ failed log-ins

    def count_attempt(self, keys: Sequence[tuple[str, Throttle]], now: datetime) -> datetime | None:
        """Count a log-in attempt as a failure against every key (a name, an address) until it is taken
        back (`take_back_attempt`), and lock a key that reaches its throttle's failures; unless a key is
        locked already: then nothing is counted, and the end of the latest lock is returned.

        A key's count is one upsert that skips a locked row, so that attempts at once, here or in
        other processes, are counted one after the other, and none passes the lock that the one before
        it set; the keys are taken in one order, so two attempts never wait for each other's rows."""
        ordered = sorted(keys, key=lambda pair: pair[0])
        try:
            with self._writing() as c:
                for key, throttle in ordered:
                    failures = c.execute(self._count_failure(key, throttle, now)).scalar()
                    if failures is None:
                        raise _Locked(
                            c.execute(
                                select(func.max(login_throttles.c.locked_until)).where(
                                    login_throttles.c.key.in_([k for k, _ in ordered])
                                )
                            ).scalar_one()
                        )
                    lock = throttle.lock(int(failures))
                    if lock is not None:
                        c.execute(
                            update(login_throttles).where(login_throttles.c.key == key).values(locked_until=now + lock)
                        )
        except _Locked as locked:
            return aware(locked.until)
        return None

    def _count_failure(self, key: str, throttle: Throttle, now: datetime) -> ReturningInsert[Any]:
        """Add a failure to `key` (its first if the count was forgotten), unless it is locked."""
        counts = login_throttles
        upsert = (postgresql.insert if self.shared else sqlite.insert)(counts).values(
            key=key, failures=1, locked_until=None, expires_at=now + throttle.forget
        )
        return upsert.on_conflict_do_update(
            index_elements=[counts.c.key],
            set_={
                "failures": case((counts.c.expires_at <= now, 1), else_=counts.c.failures + 1),
                "locked_until": None,
                "expires_at": upsert.excluded.expires_at,
            },
            where=or_(counts.c.locked_until.is_(None), counts.c.locked_until <= now),
        ).returning(counts.c.failures)

    def take_back_attempt(self, keys: Sequence[tuple[str, Throttle]], *, forget: Sequence[str] = ()) -> None:
        """An attempt counted by `count_attempt` that was no failure after all: its count is taken back
        from `keys` (with the lock it set, if the count is under the throttle again), and the keys of
        `forget` lose their count altogether (the name that logged in)."""
        counts = login_throttles
        with self._writing() as c:
            for key, throttle in sorted(keys, key=lambda pair: pair[0]):
                c.execute(
                    update(counts)
                    .where(counts.c.key == key, counts.c.failures > 0)
                    .values(
                        failures=counts.c.failures - 1,
                        locked_until=case((counts.c.failures - 1 < throttle.free, None), else_=counts.c.locked_until),
                    )
                )
            if forget:
                c.execute(delete(counts).where(counts.c.key.in_(sorted(forget))))

    def purge_attempts(self, now: datetime, most: int = 10_000) -> int:
        """Forget up to `most` counts whose time is over; how many were. (Rows another transaction holds
        are left for the next purge, so that a purge never waits for an attempt, nor one for it.)"""
        counts = login_throttles
        over = select(counts.c.key).where(counts.c.expires_at <= now).limit(most).with_for_update(skip_locked=True)
        with self._writing() as c:
            return int(c.execute(delete(counts).where(counts.c.key.in_(over))).rowcount)

    def purge_sessions_and_guests(self, now: datetime, guests_before: datetime, most: int = 10_000) -> tuple[int, int]:
        """Forget up to `most` sessions past their expiry, and up to `most` guest accounts made before
        `guests_before` that have no live session and never sat at or made a table (a visitor who
        pressed "Play now" and left at once); how many of each. Rows another transaction holds are left
        for the next purge."""
        expired = select(sessions.c.token_hash).where(sessions.c.expires_at <= now).limit(most)
        live = select(sessions.c.user_id).where(sessions.c.expires_at > now)
        idle = (
            select(users.c.id)
            .where(
                users.c.guest.is_(True),
                users.c.created_at < guests_before,
                users.c.id.not_in(live),
                users.c.id.not_in(select(seats.c.user_id).where(seats.c.user_id.is_not(None))),
                users.c.id.not_in(select(tables.c.created_by)),
            )
            .limit(most)
        )
        if self.shared:
            expired, idle = expired.with_for_update(skip_locked=True), idle.with_for_update(skip_locked=True)
        with self._writing() as c:
            ended = int(c.execute(delete(sessions).where(sessions.c.token_hash.in_(expired))).rowcount)
            gone = int(c.execute(delete(users).where(users.c.id.in_(idle))).rowcount)
        return ended, gone

    # ------------------------------------------------------------------ blocks

    def refuses_invitations(self, user_id: int, other_id: int) -> bool:
        """Whether `user_id` no longer takes invitations from `other_id` (blocks them)."""
        with self.engine.connect() as c:
            return (
                c.execute(
                    select(blocks.c.user_id).where(blocks.c.user_id == user_id, blocks.c.blocked_id == other_id)
                ).first()
                is not None
            )

    def blocked(self, user_id: int) -> list[User]:
        """The players `user_id` blocks, by name."""
        return self._named_by(user_id, blocks, blocks.c.blocked_id)

    def _named_by(self, user_id: int, links: Table, other: Column[int]) -> list[User]:
        """The players `user_id` names in `links` (a table of pairs: `user_id` and `other`), by name."""
        with self.engine.connect() as c:
            rows = c.execute(
                select(users.c.id, users.c.name, users.c.guest)
                .join(links, other == users.c.id)
                .where(links.c.user_id == user_id)
                .order_by(users.c.name_key)
            ).all()
        return [User(row.id, row.name, row.guest) for row in rows]

    def unblock(self, user_id: int, other_id: int) -> None:
        with self._writing() as c:
            c.execute(delete(blocks).where(blocks.c.user_id == user_id, blocks.c.blocked_id == other_id))

    # ------------------------------------------------------------------ writes

    @contextlib.contextmanager
    def _writing(self) -> Iterator[Connection]:
        """A write transaction. SQLite takes one writer at a time and makes the others sleep and retry,
        which costs a waiting writer milliseconds; the threads of this process queue on a lock instead
        (PostgreSQL takes concurrent writers as they come). A database that fails the write raises
        `NotSaved` (a unique key refused stays an `IntegrityError`, for the caller to name)."""
        said: list[str] = []
        try:
            with self._write_lock, self.engine.begin() as c:
                c.info[_SAID] = said
                try:
                    yield c
                finally:
                    c.info.pop(_SAID, None)
        except IntegrityError:
            raise
        except (DBAPIError, DatabaseError) as error:
            _LOG.warning("a write failed and was rolled back: %s", error)
            raise NotSaved(
                msg("not saved: the database could not take it just now; nothing changed, try again")
            ) from error
        if self.heard is not None:
            for payload in said:
                try:
                    self.heard(payload)
                except Exception:  # the change is committed: a listener's trouble must not say otherwise
                    _LOG.exception("could not pass on the announcement %r", payload)

    def _insert_or_keep(self, table: Table, rows: list[dict[str, Any]]) -> Insert:
        """Insert `rows` into `table`, keeping any row already there with the same key (one statement
        that races with nothing, on either database)."""
        return (postgresql.insert if self.shared else sqlite.insert)(table).values(rows).on_conflict_do_nothing()

    def _announce(self, c: Connection, payload: str) -> None:
        """Tell every server process of a change when (and only if) its transaction commits: this
        process through `heard` as soon as the commit returns, and on PostgreSQL every process (this
        one again) through the database."""
        if self.shared:
            c.execute(text("SELECT pg_notify(:channel, :payload)"), {"channel": CHANNEL, "payload": payload})
        if _SAID in c.info:
            c.info[_SAID].append(payload)


def lock_key(name: str) -> int:
    """A PostgreSQL advisory lock's number for `name` (a signed 64-bit integer)."""
    return int.from_bytes(hashlib.sha256(name.encode()).digest()[:8], "big", signed=True)


def aware(moment: datetime) -> datetime:
    """SQLite hands back naive datetimes: every stored time is UTC."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def aware_or_none(moment: datetime | None) -> datetime | None:
    return None if moment is None else aware(moment)
