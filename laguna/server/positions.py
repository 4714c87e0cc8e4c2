"""The tables in use, kept in memory with their positions: a table is shown, and a decision checked,
without reading the database, until a newer version of it is heard of. Each position keeps the
decisions still standing with their events and the pieces they changed, for the table's log and its
highlights.
"""

from __future__ import annotations

import contextlib
import threading
from collections import OrderedDict
from collections.abc import Collection, Iterator
from dataclasses import dataclass, replace
from typing import Any

from laguna.core import Event, GameRecord, GameState, LagunaError, Match, RecordedAction, RecordError
from laguna.server.store import WAITING, Store, TableInfo
from laguna.web.boards import changes, pieces

CACHE_TABLES = 2048
"""Positions kept in memory, the most recently used; any other is rebuilt from its log when needed."""
HEARD_TABLES = 100_000
"""Tables whose newest announced version is remembered, the most recently changed."""


@dataclass(frozen=True, slots=True)
class Decided:
    """A decision still standing, as the table shows it: whose it was, its events (the log's lines) and
    the keys of the board's pieces it changed as everyone sees them."""

    seat: int
    events: tuple[Event, ...]
    changed: frozenset[str]


class LoggedMatch(Match):
    """A match that keeps each decision still standing with its events (the table's game log, shown in
    each reader's language) and the pieces of the public board it changed (the board's highlights)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.decided: list[Decided] = []
        self._shown = self._public_pieces()

    def act(self, seat: int, action: Any) -> list[Event]:
        events = super().act(seat, action)
        shown = self._public_pieces()
        self.decided.append(Decided(seat, tuple(events), changes(self._shown, shown)))
        self._shown = shown
        return events

    def undo(self, seat: int) -> None:
        super().undo(seat)
        self.decided.pop()
        self._shown = self._public_pieces()

    def _public_pieces(self) -> dict[str, int]:
        """The public board's pieces, each by the hash of what it shows (kept for every cached table,
        so kept small)."""
        return {key: hash(shown) for key, shown in pieces(self.game.id, self.state.view(None)).items()}


@dataclass(frozen=True, slots=True)
class Snapshot:
    """A table as a page shows it: the position (a copy), the log, and who may undo now."""

    table: TableInfo
    state: GameState[Any]
    decided: tuple[Decided, ...]
    undoable: frozenset[int]

    def changed_since(self, seats: Collection[int], decisions: int | None = None) -> frozenset[str]:
        """The pieces changed by the decisions after the last one of `seats` (a player's previous
        decision), or after the first `decisions` ones (what a spectator has seen)."""
        if decisions is None:
            decisions = next((n + 1 for n in range(len(self.decided) - 1, -1, -1) if self.decided[n].seat in seats), 0)
        return frozenset().union(*(decided.changed for decided in self.decided[max(decisions, 0) :]))


class TableLocks:
    """A lock per table, kept only while someone holds or waits for it: requests for any number of
    tables (existing or not) leave nothing behind, so nobody can make the map grow.

    >>> locks = TableLocks()
    >>> with locks.hold("t1"):
    ...     len(locks)
    1
    >>> len(locks)
    0
    """

    def __init__(self) -> None:
        self._guard = threading.Lock()
        self._locks: dict[str, tuple[threading.Lock, int]] = {}

    def __len__(self) -> int:
        return len(self._locks)

    @contextlib.contextmanager
    def hold(self, table_id: str) -> Iterator[None]:
        """The table's lock, waited for."""
        lock = self._enter(table_id)
        try:
            with lock:
                yield
        finally:
            self._leave(table_id)

    @contextlib.contextmanager
    def try_hold(self, table_id: str) -> Iterator[bool]:
        """The table's lock if it is free at once (True), else nothing held (False)."""
        lock = self._enter(table_id)
        try:
            taken = lock.acquire(blocking=False)
            try:
                yield taken
            finally:
                if taken:
                    lock.release()
        finally:
            self._leave(table_id)

    def _enter(self, table_id: str) -> threading.Lock:
        with self._guard:
            lock, users = self._locks.get(table_id) or (threading.Lock(), 0)
            self._locks[table_id] = (lock, users + 1)
            return lock

    def _leave(self, table_id: str) -> None:
        with self._guard:
            lock, users = self._locks[table_id]
            if users == 1:
                del self._locks[table_id]
            else:
                self._locks[table_id] = (lock, users - 1)


class Positions:
    """The positions of the tables in use over a `Store`, read under each table's lock. A cached table
    is trusted until a newer version of it is heard of (`heard`: every change made through another
    server process is announced). A change reaches the cache only with its write: should the write
    fail in any way, the cached table is dropped and rebuilt from what the database holds."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._matches: OrderedDict[str, tuple[TableInfo, LoggedMatch]] = OrderedDict()
        self._heard: OrderedDict[str, int] = OrderedDict()
        self._cache_lock = threading.Lock()
        self._locks = TableLocks()

    def position(self, table_id: str) -> tuple[TableInfo, GameState[Any]]:
        """The table and its current position (a copy: the caller may not change the game)."""
        with self._locks.hold(table_id):
            table, match = self._match(table_id)
            return table, match.state.copy()

    def snapshot(self, table_id: str, at_least: int = -1) -> Snapshot:
        """The table as a page shows it, at version `at_least` or newer: a browser that heard of a
        version (through any server process) is never shown an older one."""
        with self._locks.hold(table_id):
            return _snapshot(*self._match(table_id, at_least=at_least))

    def cached_snapshot(self, table_id: str, at_least: int = -1) -> Snapshot | None:
        """The snapshot if the table is cached, current (and at `at_least` or newer) and not busy; None
        rather than wait or read the database (so that the event loop may call it)."""
        with self._locks.try_hold(table_id) as free:
            if not free:
                return None
            with self._cache_lock:
                cached = self._matches.get(table_id)
                if cached is None or cached[0].version < max(at_least, self._heard.get(table_id, -1)):
                    return None
            return _snapshot(*cached)

    def table(self, table_id: str) -> TableInfo:
        """The table as it stands (from the cache when it is current)."""
        with self._locks.hold(table_id):
            return self._match(table_id)[0]

    def record(self, table_id: str) -> GameRecord:
        """The game's record as it stands (a copy)."""
        with self._locks.hold(table_id):
            record = self._match(table_id)[1].record
            return replace(record, actions=list(record.actions))

    # ------------------------------------------------------------------ the cache

    def heard(self, table_id: str, version: int) -> None:
        """A table's change was announced: a cached position older than `version` is no longer used."""
        with self._cache_lock:
            if version > self._heard.get(table_id, -1):
                self._heard[table_id] = version
                self._heard.move_to_end(table_id)
                if len(self._heard) > HEARD_TABLES:
                    self._heard.popitem(last=False)

    def forget_all(self) -> None:
        """Drop every cached position (announcements may have been missed)."""
        with self._cache_lock:
            self._matches.clear()

    @contextlib.contextmanager
    def _written_or_forgotten(self, table_id: str) -> Iterator[None]:
        """Around a change made to the cached position and then written: if anything fails before the
        write is committed and the cache updated (the rules, the database, the connection), the
        cached table is dropped, so that it is rebuilt from what the database holds."""
        try:
            yield
        except BaseException:
            self._forget(table_id)
            raise

    def _match(self, table_id: str, *, at_least: int = -1) -> tuple[TableInfo, LoggedMatch]:
        """The table and its position (the caller holds the table's lock): the cached ones if no newer
        version has been heard of (nor `at_least` asked for), else brought up to date from the log.
        A cached position being caught up is taken out of the cache until it is current, so that a
        read failing half-way leaves nothing half-changed behind."""
        with self._cache_lock:
            cached = self._matches.get(table_id)
            if cached is not None and cached[0].version >= max(at_least, self._heard.get(table_id, -1)):
                self._matches.move_to_end(table_id)
                return cached
            self._matches.pop(table_id, None)
        table = self.store.table(table_id)
        match = self._caught_up(cached, table) if cached is not None else None
        if match is None:
            match = self._fresh(table)
            if table.status != WAITING:
                for number, entry in enumerate(self.store.record(table_id, table).actions, start=1):
                    replayed(table_id, number, match, entry)
        self._remember(table, match)
        return table, match

    def _caught_up(self, cached: tuple[TableInfo, LoggedMatch], table: TableInfo) -> LoggedMatch | None:
        """The cached position with the decisions logged since, if the seats are unchanged (who sits
        where names the players of the match); None when it must be rebuilt."""
        old, match = cached
        if old.status == WAITING or old.seats != table.seats or table.version < old.version:
            return None
        try:
            for entry in self.store.log(table.id, since=old.version, until=table.version):
                if entry.undo:
                    match.undo(entry.seat)
                else:
                    match.act(entry.seat, entry.action)
        except LagunaError:
            return None
        return match

    def _fresh(self, table: TableInfo) -> LoggedMatch:
        return LoggedMatch(table.game, [s.label for s in table.seats], table.options, table.seed)

    def _remember(self, table: TableInfo, match: LoggedMatch) -> None:
        with self._cache_lock:
            self._matches[table.id] = (table, match)
            self._matches.move_to_end(table.id)
            while len(self._matches) > CACHE_TABLES:
                self._matches.popitem(last=False)

    def _forget(self, table_id: str) -> None:
        with self._cache_lock:
            self._matches.pop(table_id, None)


def replayed(table_id: str, number: int, match: Match, entry: RecordedAction) -> list[Event]:
    """Apply the table's logged decision `number` while rebuilding its game; should the rules refuse it
    (a log written by other rules), the error names the table and the decision."""
    try:
        return match.act(entry.seat, entry.action)
    except LagunaError as error:
        raise RecordError(f"table {table_id}, decision {number} ({entry.action!r}): {error}") from None


def _snapshot(table: TableInfo, match: LoggedMatch) -> Snapshot:
    undoable = frozenset(s for s in range(table.players) if match.can_undo(s))
    return Snapshot(table, match.state.copy(), tuple(match.decided), undoable)
