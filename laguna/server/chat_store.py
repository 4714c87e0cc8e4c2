"""Tables' chat and the players a player mutes, in the database with the tables (so that a table's chat
is kept with it, shown in its replay, and heard by every server process).

A message is counted against its writer's rate and its table's size in the transaction that writes it,
after taking a lock of the table's and one of the writer's (PostgreSQL advisory locks, always in that
order; SQLite has one writer at a time): messages sent at once through several server processes are
counted one after the other, and none passes a bound the one before it reached.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import delete, func, insert, select, text, update

from laguna.core.messages import msg
from laguna.server.account_store import AccountStore, StoreError, User, aware, lock_key
from laguna.server.schema import chat_messages, mutes, tables, users

RATE_WINDOW = timedelta(minutes=1)
"""The span a writer's messages are counted over."""


class ChatRefused(StoreError):
    """A message over its writer's rate or its table's size: nothing was written."""

    def __init__(self, message: object, retry_after: int | None = None) -> None:
        super().__init__(message)
        self.retry_after = retry_after
        """Seconds until the writer may send again, when waiting helps."""


@dataclass(frozen=True, slots=True)
class ChatMessage:
    id: int
    user_id: int
    name: str
    text: str
    made_at: datetime

    def to_json(self) -> dict[str, object]:
        """What a page's script is sent: the time as the page shows it (UTC) and whole (`when`), for the
        script to show in the reader's own time zone."""
        return {
            "id": self.id,
            "name": self.name,
            "text": self.text,
            "at": self.made_at.strftime("%H:%M"),
            "when": self.made_at.isoformat(),
        }


class ChatStore(AccountStore):
    """Chat messages and mutes."""

    def post_message(
        self, table_id: str, user: User, words: str, now: datetime, *, per_minute: int, per_table: int
    ) -> ChatMessage:
        """Keep `user`'s message at the table, unless they sent `per_minute` messages in the last minute
        or the table holds `per_table` already (`ChatRefused`)."""
        with self._writing() as c:
            if self.shared:
                for name in (f"chat table {table_id}", f"chat user {user.id}"):
                    c.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": lock_key(name)})
            recent = select(chat_messages.c.made_at).where(
                chat_messages.c.user_id == user.id, chat_messages.c.made_at > now - RATE_WINDOW
            )
            sent = c.execute(select(func.count()).select_from(recent.subquery())).scalar_one()
            if sent >= per_minute:
                oldest = aware(c.execute(select(func.min(recent.subquery().c.made_at))).scalar_one())
                wait = max(1, int((oldest + RATE_WINDOW - now).total_seconds()) + 1)
                raise ChatRefused(
                    msg("you sent {count} messages in the last minute: wait a moment", count=sent), retry_after=wait
                )
            held = c.execute(
                select(func.count()).select_from(chat_messages).where(chat_messages.c.table_id == table_id)
            ).scalar_one()
            if held >= per_table:
                raise ChatRefused(msg("this table's chat is full ({count} messages)", count=held))
            new_id = c.execute(
                insert(chat_messages).values(table_id=table_id, user_id=user.id, text=words, made_at=now)
            ).inserted_primary_key
            assert new_id is not None
            self._announce(c, f"chat {table_id} {new_id[0]}")
        return ChatMessage(int(new_id[0]), user.id, user.name, words, now)

    def messages(self, table_id: str, *, reader: int | None, after: int = 0) -> list[ChatMessage]:
        """The table's messages after the one numbered `after`, oldest first, but those of the players
        `reader` mutes."""
        query = (
            select(chat_messages, users.c.name)
            .join(users, users.c.id == chat_messages.c.user_id)
            .where(chat_messages.c.table_id == table_id, chat_messages.c.id > after)
            .order_by(chat_messages.c.id)
        )
        if reader is not None:
            muted = select(mutes.c.muted_id).where(mutes.c.user_id == reader)
            query = query.where(chat_messages.c.user_id.not_in(muted))
        with self.engine.connect() as c:
            rows = c.execute(query).all()
        return [ChatMessage(row.id, row.user_id, row.name, row.text, aware(row.made_at)) for row in rows]

    def mute(self, user_id: int, other_id: int, now: datetime) -> None:
        """`user_id` no longer sees `other_id`'s messages, at any table."""
        with self._writing() as c:
            c.execute(self._insert_or_keep(mutes, [{"user_id": user_id, "muted_id": other_id, "created_at": now}]))

    def unmute(self, user_id: int, other_id: int) -> None:
        with self._writing() as c:
            c.execute(delete(mutes).where(mutes.c.user_id == user_id, mutes.c.muted_id == other_id))

    def muted(self, user_id: int) -> list[User]:
        """The players `user_id` mutes, by name."""
        return self._named_by(user_id, mutes, mutes.c.muted_id)

    def set_spectator_chat(self, table_id: str, on: bool) -> bool:
        """Let whoever does not sit at the table read its chat, or not; whether the table exists. The
        table's version is not bumped (its game did not change): whoever decides who reads the chat
        reads the flag from here, not from a cached table."""
        with self._writing() as c:
            changed = c.execute(update(tables).where(tables.c.id == table_id).values(spectator_chat=on)).rowcount
        return bool(changed)
