"""The lobby's open tables: every listed table gathering players with a seat open to anyone, newest
first, as one viewer reads them (the seat a click takes, their own tables marked, the rule options a
table changed, how long ago it was made).

The list's query walks the index of the tables by status (only the tables gathering players, a few per
player at most: `GATHERING_TABLES`), so finished games, however many, cost it nothing. Each process
keeps the list it read per game filter (`OpenTablesCache`) until the open tables change: every lobby
page fetches the list again at every change, and a change would otherwise cost the database a query
per lobby watching."""

from __future__ import annotations

import threading
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from laguna import i18n
from laguna.core import get_game
from laguna.core.messages import N_, excerpt
from laguna.server.account_store import User
from laguna.server.store import HUMAN, OPEN, Store, TableInfo

OPEN_TABLES = 50
"""Open tables the lobby lists at most (the newest)."""


class OpenTablesCache:
    """The open tables as last read, per game filter (the games and "every game": a bounded few), kept
    until `changed` says the open tables changed (the lobby's announcement, heard by every process). A
    read that raced with a change is not kept: each read notes the count of changes before it asks
    the database, and keeps what it read only if no change came meanwhile. Thread-safe."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._changes = 0
        self._tables: dict[str | None, tuple[TableInfo, ...]] = {}

    def changed(self) -> None:
        """The open tables changed (or may have: announcements were missed): read them again."""
        with self._lock:
            self._changes += 1
            self._tables.clear()

    def read(self, store: Store, game: str | None) -> tuple[TableInfo, ...]:
        """The newest `OPEN_TABLES` open tables (of `game`), from memory if nothing changed since."""
        with self._lock:
            found = self._tables.get(game)
            changes = self._changes
        if found is not None:
            return found
        found = tuple(store.open_tables(game, most=OPEN_TABLES))
        with self._lock:
            if changes == self._changes:
                self._tables[game] = found
        return found


@dataclass(frozen=True, slots=True)
class OpenTable:
    """A table of the lobby's list as one viewer reads it."""

    table: TableInfo
    options: tuple[str, ...]
    """The table's rule options that differ from the game's defaults, in the reader's language."""
    seat: int | None
    """The first seat open to anyone (numbered from 1, as the page shows seats)."""
    mine: bool
    """The viewer made the table or sits at it: there is nothing to join."""
    creator: str | None
    ago: str
    """How long ago the table was made, in the reader's language."""


def open_tables(
    found: Sequence[TableInfo], viewer: User | None, now: datetime, *, blocked: Collection[int] = ()
) -> list[OpenTable]:
    """The open tables `found` as `viewer` reads them, without those made by a player `viewer` declines
    every invitation from (`blocked`: their ids)."""
    return [_open_table(table, viewer, now) for table in found if table.created_by not in blocked]


def _open_table(table: TableInfo, viewer: User | None, now: datetime) -> OpenTable:
    seated = viewer is not None and (table.created_by == viewer.id or bool(table.seat_of(viewer.id)))
    return OpenTable(
        table=table,
        options=changed_options(table.game, table.options),
        seat=next((s.seat + 1 for s in table.seats if s.kind == OPEN), None),
        mine=seated,
        creator=next((s.user_name for s in table.seats if s.kind == HUMAN and s.user_id == table.created_by), None),
        ago=ago(table.created_at, now),
    )


def changed_options(game_id: str, options: dict[str, Any]) -> tuple[str, ...]:
    """The rule options of a table that differ from its game's defaults, as the reader reads them: a
    rule's description with "yes" or "no", another option's name with its value."""
    said = []
    for info in get_game(game_id).options_type.describe():
        value = options.get(info.name, info.default)
        if value == info.default:
            continue
        if info.kind == "bool":
            answer = i18n.gettext(N_("yes") if value else N_("no"))
            said.append(f"{i18n.gettext(info.help)}: {answer}")
        else:
            said.append(f"{info.name.replace('_', '-')}: {excerpt(str(value))}")
    return tuple(said)


def ago(then: datetime, now: datetime) -> str:
    """How long before `now` the moment `then` was, in the reader's language (minutes, hours, days)."""
    minutes = max(int((now - then).total_seconds()) // 60, 0)
    if minutes < 1:
        return i18n.gettext(N_("just now"))
    if minutes < 60:
        return i18n.ngettext("%(num)d minute ago", "%(num)d minutes ago", minutes) % {"num": minutes}
    hours = minutes // 60
    if hours < 48:
        return i18n.ngettext("%(num)d hour ago", "%(num)d hours ago", hours) % {"num": hours}
    days = hours // 24
    return i18n.ngettext("%(num)d day ago", "%(num)d days ago", days) % {"num": days}
