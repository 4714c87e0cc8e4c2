"""A table's chat, by its rules: who writes (the people seated at the table, while it gathers, while it
plays and after the end), who reads (the seated players always, and anyone else unless the table's
creator closed the chat to spectators), what a message may hold, how fast and how much may be written,
and who mutes whom. The store keeps what these rules let through (`laguna.server.chat_store`); the
routes (`laguna.server.routes.chat`) only read requests and answer them."""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from laguna.core import LagunaError
from laguna.core.messages import msg, quoted
from laguna.server.account_store import User
from laguna.server.chat_store import ChatMessage
from laguna.server.store import HUMAN, Store, TableInfo

MESSAGE_LENGTH = 500
"""Characters a message may hold once cleaned: a few sentences, never a wall of text."""
MESSAGES_PER_MINUTE = 10
"""Messages one player may send in a minute, at all tables together: a lively conversation, not a flood."""
MESSAGES_PER_TABLE = 1000
"""Messages a table's chat keeps: far more than a game's conversation, so that no one fills the
database through one table."""
MOST_MUTES = 500
"""Players one player may mute: their list is read with every chat they look at."""
BIDI_CONTROLS = frozenset(chr(code) for code in (*range(0x202A, 0x202F), *range(0x2066, 0x206A)))
"""Unicode's bidirectional overrides and isolates: text that would turn the rest of a line around (a
name or a message shown backwards), so a message never carries them."""
LINE_BREAKS = frozenset({"Cc", "Zl", "Zp"})
"""Unicode categories of control characters and line breaks: a chat message is one line, so each of
these becomes a space."""


class ChatError(LagunaError):
    """A message the chat does not keep (empty, too long), or a player to mute who is not there."""


class ChatNotAllowed(ChatError):
    """A chat the asker may not read or write, or a switch that is not theirs."""


@dataclass(frozen=True, slots=True)
class ChatView:
    """What a chat panel shows one viewer."""

    table_id: str
    readable: bool
    """The viewer may read the chat (a seated player, the creator, or anyone while spectators may)."""
    messages: list[ChatMessage] = field(default_factory=list)
    writer: bool = False
    """The viewer sits at the table, so may write."""
    creator: bool = False
    """The viewer created the table, so may close the chat to spectators or open it again."""
    spectators: bool = True
    """Whoever does not sit at the table may read the chat."""
    to_mute: list[str] = field(default_factory=list)
    """Players at the table (or who wrote in its chat) whom the viewer might mute."""
    muted: list[str] = field(default_factory=list)
    """Players the viewer mutes, at every table."""
    most: int = MESSAGE_LENGTH

    @property
    def newest(self) -> int:
        """The number of the newest message shown (0 for none): the script fetches what came after."""
        return self.messages[-1].id if self.messages else 0


def cleaned(text: str) -> str:
    """A message as the chat keeps it: one line (control characters and line breaks become spaces),
    without the characters that turn text around or stand for no character, and without the spaces
    around it; `ChatError` if nothing is left or more than `MESSAGE_LENGTH` characters are.

    >>> cleaned("  hello\\nthere\\x00!\\u202e ")
    'hello there !'
    >>> cleaned("\\u2066 \\t ")
    Traceback (most recent call last):
    ...
    laguna.server.chat.ChatError: the message is empty: write something first
    """
    kept = []
    for char in text:
        kind = unicodedata.category(char)
        if char in BIDI_CONTROLS or kind == "Cs":  # a lone surrogate stands for no character
            continue
        kept.append(" " if kind in LINE_BREAKS else char)
    words = "".join(kept).strip()
    if not words:
        raise ChatError(msg("the message is empty: write something first"))
    if len(words) > MESSAGE_LENGTH:
        raise ChatError(
            msg(
                "the message is too long: {count} characters, at most {most}",
                count=len(words),
                most=MESSAGE_LENGTH,
            )
        )
    return words


def may_read(table: TableInfo, user: User | None) -> bool:
    """Whether `user` (None: a visitor) may read the table's chat."""
    if table.spectator_chat:
        return True
    return user is not None and (bool(table.seat_of(user.id)) or table.created_by == user.id)


def post(store: Store, table_id: str, user: User, text: str, now: datetime) -> ChatMessage:
    """Keep `user`'s message at the table: only a player seated there writes, a message is cleaned
    first (`cleaned`), and a writer's rate and the table's size are bounded (`ChatRefused`)."""
    table = store.table(table_id)
    if not table.seat_of(user.id):
        raise ChatNotAllowed(msg("only the players seated at this table write in its chat"))
    return store.post_message(
        table_id, user, cleaned(text), now, per_minute=MESSAGES_PER_MINUTE, per_table=MESSAGES_PER_TABLE
    )


def read(store: Store, table_id: str, user: User | None, after: int = 0) -> list[ChatMessage]:
    """The table's messages after the one numbered `after`, but those of the players `user` mutes."""
    table = store.table(table_id)
    _check_reader(table, user)
    return store.messages(table_id, reader=user.id if user else None, after=after)


def _check_reader(table: TableInfo, user: User | None) -> None:
    if not may_read(table, user):
        raise ChatNotAllowed(msg("this table's chat is for its players only"))


def switch_spectators(store: Store, table_id: str, user: User, on: bool) -> None:
    """The table's creator lets spectators read its chat (`on`), or no longer."""
    table = store.table(table_id)
    if table.created_by != user.id:
        raise ChatNotAllowed(msg("only the player who created the table chooses who reads its chat"))
    store.set_spectator_chat(table_id, on)


def mute(store: Store, user: User, name: str, now: datetime) -> User:
    """`user` no longer sees the messages of the player called `name`, at any table; that player."""
    other = _player(store, name)
    if other.id == user.id:
        raise ChatError(msg("you cannot mute yourself"))
    muted = store.muted(user.id)
    if len(muted) >= MOST_MUTES and other not in muted:
        raise ChatError(msg("you mute {count} players already: unmute one first", count=len(muted)))
    store.mute(user.id, other.id, now)
    return other


def unmute(store: Store, user: User, name: str) -> User:
    """`user` sees the messages of the player called `name` again; that player."""
    other = _player(store, name)
    store.unmute(user.id, other.id)
    return other


def _player(store: Store, name: str) -> User:
    found = store.login_of(name.strip()) if name.strip() else None
    if found is None:
        raise ChatError(msg("there is no player called {name}", name=quoted(name.strip())))
    return found[0]


def chat_context(store: Store, table_id: str, user: User | None) -> dict[str, Any]:
    """The chat panel of a table or replay page, for `user` (None: a visitor). The table is read from
    the store, not from a cache: who may read its chat changes without a new version of the table."""
    table = store.table(table_id)
    if not may_read(table, user):
        return {"chat": ChatView(table_id, readable=False, spectators=table.spectator_chat)}
    messages = store.messages(table_id, reader=user.id if user else None)
    if user is None:
        return {"chat": ChatView(table_id, readable=True, messages=messages, spectators=table.spectator_chat)}
    muted = [other.name for other in store.muted(user.id)]
    seated = [s.user_name for s in table.seats if s.kind == HUMAN and s.user_name]
    others = {name.lower(): name for name in [*seated, *(m.name for m in messages)]}
    others.pop(user.name.lower(), None)
    shut = {name.lower() for name in muted}
    return {
        "chat": ChatView(
            table_id,
            readable=True,
            messages=messages,
            writer=bool(table.seat_of(user.id)),
            creator=table.created_by == user.id,
            spectators=table.spectator_chat,
            to_mute=sorted((name for key, name in others.items() if key not in shut), key=str.lower),
            muted=muted,
        )
    }
