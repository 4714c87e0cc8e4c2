"""The table server's persistence: tables with their seats, and each game's append-only action log,
over SQLAlchemy Core (the same statements on SQLite and PostgreSQL), on top of the accounts'
(`laguna.server.account_store`).

The store knows no rules: it keeps what it is given, guards the order of a game's log, and hands back
a game's record for replay. Every write is one transaction, committed before the call returns, so an
acknowledged action is on disk. Times are passed in by the caller (the store reads no clock).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any

from sqlalchemy import Connection, Row, and_, exists, func, insert, or_, select, update
from sqlalchemy.exc import IntegrityError

from laguna import i18n
from laguna.core import GameRecord, RecordedAction
from laguna.core.messages import N_, Message, msg
from laguna.server.account_store import StoreError, User, aware, aware_or_none
from laguna.server.chat_store import ChatStore
from laguna.server.kinds import BOT, FINISHED, HUMAN, INVITED, OPEN, PLAYING, SEAT_KINDS, WAITING
from laguna.server.rating_store import RatingChange, RatingStore
from laguna.server.ratings import Skill
from laguna.server.schema import actions, blocks, rating_changes, ratings, seats, tables, users

__all__ = ["BOT", "FINISHED", "HUMAN", "INVITED", "OPEN", "PLAYING", "WAITING"]


class NotFound(StoreError):
    """No table, user or seat by that name."""


class StaleVersion(StoreError):
    """The game has moved on since the version an action was made against."""


class SeatTaken(StoreError):
    """The seat is not open to this user (someone sits there, or another user is invited)."""


@dataclass(frozen=True, slots=True)
class SeatInfo:
    seat: int
    kind: str
    user_id: int | None = None
    user_name: str | None = None
    bot: str | None = None
    invited: str | None = None
    guest: bool = False
    skill: Skill | None = None
    """The player's rating in the table's game (none for a guest, a bot, or a player not yet rated)."""
    change: RatingChange | None = None
    """What the game did to the player's rating, once a rated game is over."""

    @property
    def label(self) -> str:
        """Who sits here, as the record and the table show it."""
        if self.kind == HUMAN and self.user_name:
            return self.user_name
        if self.kind == BOT and self.bot:
            return self.bot
        if self.kind == INVITED and self.invited:
            return f"{self.invited} (invited)"
        return "open seat"

    @property
    def shown(self) -> str:
        """Who sits here in the reader's language: the record keeps `label`, the table shows this."""
        if self.kind == HUMAN and self.user_name:
            return self.user_name
        if self.kind == BOT and self.bot:
            return i18n.gettext(self.bot)
        if self.kind == INVITED and self.invited:
            return i18n.gettext(N_("%(name)s (invited)")) % {"name": self.invited}
        return i18n.gettext(N_("open seat"))


@dataclass(frozen=True, slots=True)
class TableInfo:
    id: str
    game: str
    players: int
    options: dict[str, Any]
    seed: int
    status: str
    version: int
    waiting: tuple[int, ...]
    move_seconds: int | None
    invite_token: str
    created_by: int
    created_at: datetime
    started_at: datetime | None
    last_move_at: datetime | None
    finished_at: datetime | None
    result: dict[str, Any] | None
    seats: tuple[SeatInfo, ...]
    listed: bool = True
    """Shown in the lobby's open tables while it gathers players."""
    rated: bool = False
    """Its end changes the ratings of its signed-up human players."""
    spectator_chat: bool = True
    """Whoever does not sit at the table may read its chat."""

    @property
    def has_bots(self) -> bool:
        return any(s.kind == BOT for s in self.seats)

    def after_decision(
        self, version: int, waiting: Sequence[int], now: datetime, result: dict[str, Any] | None
    ) -> TableInfo:
        """The table as `Store.append` leaves it after a decision (or an undo) logged with these values."""
        changed = replace(self, version=version, waiting=tuple(waiting), last_move_at=now)
        if result is None:
            return changed
        return replace(changed, status=FINISHED, finished_at=now, result=result)

    def seat_of(self, user_id: int) -> list[int]:
        """The seats `user_id` plays at this table (a user may hold several in a hot-seat game)."""
        return [s.seat for s in self.seats if s.kind == HUMAN and s.user_id == user_id]


@dataclass(frozen=True, slots=True)
class LogEntry:
    """One row of a game's log: a decision, or the undo of the latest decision still standing."""

    number: int
    seat: int
    action: str
    undo: bool
    made_at: datetime


class Store(RatingStore, ChatStore):
    """Every read and write of the table server's data: accounts (`AccountStore`), ratings and
    standings (`RatingStore`), chat (`ChatStore`), and tables with their seats and each game's log."""

    # ------------------------------------------------------------------ tables

    def create_table(
        self,
        table_id: str,
        game: str,
        options: dict[str, Any],
        seed: int,
        seat_list: Sequence[SeatInfo],
        *,
        created_by: int,
        invite_token: str,
        move_seconds: int | None,
        now: datetime,
        listed: bool = True,
        rated: bool = False,
        spectator_chat: bool = True,
    ) -> TableInfo:
        """A new table gathering players; its seats in order (0, 1, …)."""
        for index, seat in enumerate(seat_list):
            if seat.seat != index or seat.kind not in SEAT_KINDS:
                raise StoreError(f"seat {index} is malformed: {seat}")
        with self._writing() as c:
            c.execute(
                insert(tables).values(
                    id=table_id, game=game, players=len(seat_list), options=options, seed=seed, status=WAITING,
                    version=0, waiting=None, move_seconds=move_seconds, invite_token=invite_token,
                    created_by=created_by, created_at=now, listed=listed, rated=rated, spectator_chat=spectator_chat,
                )
            )  # fmt: skip
            c.execute(
                insert(seats),
                [
                    {"table_id": table_id, "seat": s.seat, "kind": s.kind, "user_id": s.user_id, "bot": s.bot,
                     "invited": s.invited}
                    for s in seat_list
                ],
            )  # fmt: skip
            self._announce(c, "lobby")
        return self.table(table_id)

    def table(self, table_id: str) -> TableInfo:
        with self.engine.connect() as c:
            row = c.execute(select(tables).where(tables.c.id == table_id)).first()
            if row is None:
                raise NotFound(msg("there is no table {table}", table=repr(table_id)))
            return self._table(c, row)

    def table_by_invite(self, token: str) -> TableInfo:
        with self.engine.connect() as c:
            row = c.execute(select(tables).where(tables.c.invite_token == token)).first()
            if row is None:
                raise NotFound(msg("this invitation link leads to no table"))
            return self._table(c, row)

    def user_tables(self, user_id: int, *, finished: int | None = None) -> list[TableInfo]:
        """Every table `user_id` sits at, created or is invited to, newest first; of the finished ones,
        only the newest `finished` if given."""
        name = select(users.c.name_key).where(users.c.id == user_id).scalar_subquery()
        mine = select(seats.c.table_id).where(
            or_(
                and_(seats.c.kind == HUMAN, seats.c.user_id == user_id),
                and_(seats.c.kind == INVITED, func.lower(seats.c.invited) == name),
            )
        )
        theirs = or_(tables.c.id.in_(mine), tables.c.created_by == user_id)
        newest = tables.c.created_at.desc()
        with self.engine.connect() as c:
            if finished is None:
                rows = c.execute(select(tables).where(theirs).order_by(newest)).all()
            else:
                rows = list(c.execute(select(tables).where(theirs, tables.c.status != FINISHED)).all())
                rows += c.execute(
                    select(tables).where(theirs, tables.c.status == FINISHED).order_by(newest).limit(finished)
                ).all()
                rows.sort(key=lambda row: row.created_at, reverse=True)
            return self._tables(c, rows)

    def open_tables(self, game: str | None = None, *, most: int) -> list[TableInfo]:
        """The newest `most` listed tables gathering players with a seat open to anyone (of `game`)."""
        query = select(tables).where(
            tables.c.status == WAITING,
            tables.c.listed.is_(True),
            exists().where(seats.c.table_id == tables.c.id, seats.c.kind == OPEN),
        )
        if game is not None:
            query = query.where(tables.c.game == game)
        with self.engine.connect() as c:
            rows = c.execute(query.order_by(tables.c.created_at.desc(), tables.c.id).limit(most)).all()
            return self._tables(c, rows)

    def tables_by_id(self, table_ids: Sequence[str]) -> list[TableInfo]:
        """The tables of `table_ids` that exist, in that order."""
        with self.engine.connect() as c:
            rows = c.execute(select(tables).where(tables.c.id.in_(list(table_ids)))).all()
            found = {table.id: table for table in self._tables(c, rows)}
        return [found[table_id] for table_id in table_ids if table_id in found]

    def bot_games(self, since: datetime, *, user_id: int | None = None, guests_from: str | None = None) -> int:
        """Games with a bot under way and played since `since`, created by `user_id`, or by any guest
        from the address `guests_from`."""
        creators = select(users.c.id)
        if user_id is not None:
            creators = creators.where(users.c.id == user_id)
        if guests_from is not None:
            creators = creators.where(users.c.guest.is_(True), users.c.address == guests_from)
        with_bots = select(seats.c.table_id).where(seats.c.kind == BOT)
        with self.engine.connect() as c:
            return int(
                c.execute(
                    select(func.count())
                    .select_from(tables)
                    .where(
                        tables.c.status == PLAYING,
                        tables.c.last_move_at >= since,
                        tables.c.created_by.in_(creators),
                        tables.c.id.in_(with_bots),
                    )
                ).scalar_one()
            )

    def gathering(self, user_id: int) -> tuple[int, int]:
        """The tables `user_id` made that still gather players, and the invitations they hold open."""
        with self.engine.connect() as c:
            made = select(tables.c.id).where(tables.c.created_by == user_id, tables.c.status == WAITING)
            count = c.execute(select(func.count()).select_from(made.subquery())).scalar_one()
            invited = c.execute(
                select(func.count()).select_from(seats).where(seats.c.kind == INVITED, seats.c.table_id.in_(made))
            ).scalar_one()
        return int(count), int(invited)

    def decline_invitation(self, table_id: str, user: User, *, block: bool, now: datetime) -> list[str]:
        """`user` declines their invitation to `table_id`: the seat becomes open. With `block`, the
        table's creator may no longer invite them, and their other invitations from that player are
        declined too. The tables changed."""
        with self._writing() as c:
            found = c.execute(
                select(tables.c.created_by).where(tables.c.id == table_id, tables.c.status == WAITING).with_for_update()
            ).first()
            invited_here = and_(seats.c.kind == INVITED, func.lower(seats.c.invited) == user.name.lower())
            if (
                found is None
                or not c.execute(select(seats.c.seat).where(seats.c.table_id == table_id, invited_here)).first()
            ):
                raise NotFound(msg("you have no invitation to this table still open"))
            creator = found.created_by
            declined = [table_id]
            if block:
                if not c.execute(
                    select(blocks.c.user_id).where(blocks.c.user_id == user.id, blocks.c.blocked_id == creator)
                ).first():
                    c.execute(insert(blocks).values(user_id=user.id, blocked_id=creator, created_at=now))
                declined = list(
                    c.execute(
                        select(tables.c.id).where(
                            tables.c.created_by == creator,
                            tables.c.status == WAITING,
                            tables.c.id.in_(select(seats.c.table_id).where(invited_here)),
                        )
                    ).scalars()
                )
            for declined_id in declined:
                c.execute(
                    update(seats).where(seats.c.table_id == declined_id, invited_here).values(kind=OPEN, invited=None)
                )
                self._bump(c, declined_id)
        return declined

    def tables_waiting_for_bots(self) -> list[str]:
        """Tables under way where a bot owes a decision (after a restart, the bots pick up from there)."""
        with self.engine.connect() as c:
            rows = c.execute(select(tables.c.id, tables.c.waiting).where(tables.c.status == PLAYING)).all()
            bots = c.execute(
                select(seats.c.table_id, seats.c.seat)
                .join(tables, tables.c.id == seats.c.table_id)
                .where(tables.c.status == PLAYING, seats.c.kind == BOT)
            ).all()
        bot_seats = {(row.table_id, row.seat) for row in bots}
        return [row.id for row in rows if any((row.id, seat) in bot_seats for seat in row.waiting or ())]

    def take_seat(self, table_id: str, seat: int, user: User) -> TableInfo:
        """Seat `user` at an open seat, or at the seat they are invited to, while the table gathers and
        they sit nowhere else at it. The table's row is locked first, so that two requests of one
        player for two seats are taken one after the other and the second sees the first."""
        with self._writing() as c:
            c.execute(select(tables.c.id).where(tables.c.id == table_id).with_for_update())
            done = c.execute(
                update(seats)
                .where(
                    seats.c.table_id == table_id,
                    seats.c.seat == seat,
                    or_(
                        seats.c.kind == OPEN,
                        and_(seats.c.kind == INVITED, func.lower(seats.c.invited) == user.name.lower()),
                    ),
                    select(tables.c.status).where(tables.c.id == table_id).scalar_subquery() == WAITING,
                    ~exists().where(seats.c.table_id == table_id, seats.c.kind == HUMAN, seats.c.user_id == user.id),
                )
                .values(kind=HUMAN, user_id=user.id)
            ).rowcount
            if done == 1:
                self._bump(c, table_id)
        if done != 1:
            table = self.table(table_id)
            if table.status != WAITING:
                raise SeatTaken(msg("the game has started: its seats are taken"))
            if not 0 <= seat < table.players:
                raise NotFound(
                    msg("the table has no seat {seat}: its seats are 1 to {last}", seat=seat + 1, last=table.players)
                )
            held = table.seat_of(user.id)
            if held:
                raise SeatTaken(
                    msg("you already sit at seat {seat} of this table: one seat per player", seat=held[0] + 1)
                )
            raise SeatTaken(
                msg(
                    "seat {seat} is not open to {name}: {label}",
                    seat=seat + 1,
                    name=user.name,
                    label=table.seats[seat].label,
                )
            )
        return self.table(table_id)

    def set_seat(self, table_id: str, seat: SeatInfo, *, version: int) -> TableInfo:
        """Change who sits at a seat (a bot taking over an abandoned seat, say), if the game is still at
        `version`. The change is a new version without a row in the log, so that every view of the table
        refreshes and a decision made before it is refused."""
        with self._writing() as c:
            moved = c.execute(
                update(tables).where(tables.c.id == table_id, tables.c.version == version).values(version=version + 1)
            ).rowcount
            if moved != 1:
                raise StaleVersion(self._stale(table_id, version))
            c.execute(
                update(seats)
                .where(seats.c.table_id == table_id, seats.c.seat == seat.seat)
                .values(kind=seat.kind, user_id=seat.user_id, bot=seat.bot, invited=seat.invited)
            )
            self._announce_version(c, table_id, version + 1)
        return self.table(table_id)

    def start(self, table_id: str, waiting: Sequence[int], now: datetime) -> TableInfo:
        """The table's game begins: every seat is filled."""
        with self._writing() as c:
            done = c.execute(
                update(tables)
                .where(tables.c.id == table_id, tables.c.status == WAITING)
                .values(status=PLAYING, started_at=now, last_move_at=now, waiting=list(waiting))
            ).rowcount
            if done == 1:
                self._bump(c, table_id)
        if done != 1:
            self.table(table_id)  # a missing table is named as such
            raise StoreError(msg("the game has already started"))
        return self.table(table_id)

    def append(
        self,
        table_id: str,
        version: int,
        seat: int,
        action: str,
        *,
        waiting: Sequence[int],
        now: datetime,
        undo: bool = False,
        result: dict[str, Any] | None = None,
    ) -> int:
        """Log a decision (or an undo) made against `version`, with what the position now waits for,
        and the result if the game is over; returns the new version. `StaleVersion` if the game has
        moved on: nothing is written then."""
        values: dict[str, Any] = {"version": version + 1, "waiting": list(waiting), "last_move_at": now}
        if result is not None:
            values |= {"status": FINISHED, "finished_at": now, "result": result}
        try:
            with self._writing() as c:
                moved = c.execute(
                    update(tables)
                    .where(tables.c.id == table_id, tables.c.version == version, tables.c.status == PLAYING)
                    .values(**values)
                ).rowcount
                if moved != 1:
                    raise StaleVersion(self._stale(table_id, version))
                c.execute(
                    insert(actions).values(
                        table_id=table_id, number=version, seat=seat, action=action, undo=undo, made_at=now
                    )
                )
                if result is not None:
                    self._settle(c, table_id, result, now)
                self._announce_version(c, table_id, version + 1)
        except IntegrityError as error:  # another server wrote this version first
            raise StaleVersion(self._stale(table_id, version)) from error
        return version + 1

    def log(self, table_id: str, since: int = 0, until: int | None = None) -> list[LogEntry]:
        """The game's log, the entries made against versions `since` to `until` (excluded): the log
        that a table read at version `until` stands on, even if more has been written since."""
        bounds = [actions.c.table_id == table_id, actions.c.number >= since]
        if until is not None:
            bounds.append(actions.c.number < until)
        with self.engine.connect() as c:
            rows = c.execute(select(actions).where(*bounds).order_by(actions.c.number)).all()
        return [LogEntry(r.number, r.seat, r.action, r.undo, aware(r.made_at)) for r in rows]

    def record(self, table_id: str, table: TableInfo | None = None) -> GameRecord:
        """The game as a record: its set-up and the decisions still standing after the undos, as of
        `table` (read now if not given)."""
        table = table or self.table(table_id)
        standing: list[RecordedAction] = []
        for entry in self.log(table_id, until=table.version):
            if entry.undo:
                standing.pop()
            else:
                standing.append(RecordedAction(entry.seat, entry.action))
        return GameRecord(
            table.game, [s.label for s in table.seats], table.seed, dict(table.options), standing,
            result=table.result,
        )  # fmt: skip

    # ------------------------------------------------------------------ helpers

    def _bump(self, c: Connection, table_id: str) -> None:
        """A new version for a change outside the log (a player joining, the game starting)."""
        c.execute(update(tables).where(tables.c.id == table_id).values(version=tables.c.version + 1))
        version = c.execute(select(tables.c.version).where(tables.c.id == table_id)).scalar_one()
        self._announce_version(c, table_id, version)
        self._announce(c, "lobby")  # only a table gathering players, or one just started, changes so

    def _announce_version(self, c: Connection, table_id: str, version: int) -> None:
        self._announce(c, f"table {table_id} {version}")

    def _stale(self, table_id: str, version: int) -> Message:
        table = self.table(table_id)
        if table.status == FINISHED:
            return msg("the game is over")
        if table.status == WAITING:
            return msg("the game has not started")
        return msg(
            "the game has moved on (version {now}, not {version}): reload to see the latest decisions",
            now=table.version,
            version=version,
        )

    def _table(self, c: Connection, row: Row[Any]) -> TableInfo:
        return self._tables(c, [row])[0]

    def _tables(self, c: Connection, rows: Sequence[Row[Any]]) -> list[TableInfo]:
        """The tables of `rows` with their seats, their players' ratings in the table's game, and what a
        rated game over did to them (one query for all the seats)."""
        if not rows:
            return []
        seat_rows = c.execute(
            select(
                seats, users.c.name, users.c.guest, ratings.c.mu, ratings.c.sigma, ratings.c.games,
                rating_changes.c.mu_before, rating_changes.c.sigma_before, rating_changes.c.mu_after,
                rating_changes.c.sigma_after, rating_changes.c.games_before,
            )
            .join(tables, tables.c.id == seats.c.table_id)
            .outerjoin(users, users.c.id == seats.c.user_id)
            .outerjoin(ratings, and_(ratings.c.user_id == seats.c.user_id, ratings.c.game == tables.c.game))
            .outerjoin(
                rating_changes,
                and_(rating_changes.c.table_id == seats.c.table_id, rating_changes.c.user_id == seats.c.user_id),
            )
            .where(seats.c.table_id.in_([row.id for row in rows]))
            .order_by(seats.c.table_id, seats.c.seat)
        ).all()  # fmt: skip
        by_table: dict[str, list[SeatInfo]] = {row.id: [] for row in rows}
        for s in seat_rows:
            by_table[s.table_id].append(_seat(s))
        return [_table_info(row, by_table[row.id]) for row in rows]


def _seat(s: Row[Any]) -> SeatInfo:
    skill = None  # a guest's or a bot's; a player not yet rated in the game has a new player's rating
    if s.kind == HUMAN and not s.guest:
        skill = Skill(s.mu, s.sigma, s.games) if s.mu is not None else Skill()
    change = None
    if s.mu_before is not None and skill is not None:
        games = s.games_before
        change = RatingChange(Skill(s.mu_before, s.sigma_before, games), Skill(s.mu_after, s.sigma_after, games + 1))
    return SeatInfo(s.seat, s.kind, s.user_id, s.name, s.bot, s.invited, bool(s.guest), skill, change)


def _table_info(row: Row[Any], seat_list: list[SeatInfo]) -> TableInfo:
    return TableInfo(
        id=row.id, game=row.game, players=row.players, options=dict(row.options), seed=int(row.seed),
        status=row.status, version=row.version, waiting=tuple(row.waiting or ()),
        move_seconds=row.move_seconds, invite_token=row.invite_token, created_by=row.created_by,
        created_at=aware(row.created_at), started_at=aware_or_none(row.started_at),
        last_move_at=aware_or_none(row.last_move_at), finished_at=aware_or_none(row.finished_at),
        result=row.result, seats=tuple(seat_list), listed=row.listed, rated=row.rated,
        spectator_chat=row.spectator_chat,
    )  # fmt: skip
