"""The database schema of the table server, one SQLAlchemy `MetaData` for SQLite and PostgreSQL alike.

A game is stored as its record: the table row holds what starts the game (game id, seats, options,
seed) and `actions` is its append-only log, one row per decision in notation, or per undo (which takes
back the latest decision still standing). The position is never stored: it is rebuilt by replaying
the log. The table's version counts its changes (decisions, undos, a bot taking over a seat); a log
row is numbered by the version it was made against, so two servers accepting a decision for the same
version cannot both write it: the second write fails and its maker is told that the game has moved on.
"""

from __future__ import annotations

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    Column,
    DateTime,
    Float,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    false,
    true,
)

NAMING = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}
"""Constraint names fixed by convention, so that migrations can name what they change on every database."""

metadata = MetaData(naming_convention=NAMING)

users = Table(
    "users",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("name", String(32), nullable=False),
    Column("name_key", String(32), nullable=False, unique=True, comment="the name in lower case: names are unique"),
    Column("password_hash", String(200), nullable=True, comment="argon2; empty for a guest"),
    Column("guest", Boolean, nullable=False, default=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
    Column("address", String(45), nullable=True, comment="for a guest: the address it came from"),
    Index("ix_users_address_created_at", "address", "created_at"),
)

sessions = Table(
    "sessions",
    metadata,
    Column("token_hash", String(64), primary_key=True, comment="SHA-256 of the cookie's token, never the token"),
    Column("user_id", Integer, ForeignKey("users.id", ondelete="CASCADE"), nullable=False, index=True),
    Column("created_at", DateTime(timezone=True), nullable=False),
    Column("expires_at", DateTime(timezone=True), nullable=False),
)

tables = Table(
    "tables",
    metadata,
    Column("id", String(16), primary_key=True, comment="random, URL-safe: the table's address"),
    Column("game", String(64), nullable=False),
    Column("players", Integer, nullable=False),
    Column("options", JSON, nullable=False),
    Column("seed", BigInteger, nullable=False),
    Column("status", String(16), nullable=False, comment="open, playing or finished"),
    Column("version", Integer, nullable=False, default=0, comment="changes so far: decisions, undos, seat changes"),
    Column("waiting", JSON, nullable=True, comment="the seats owing a decision (a cache of the position)"),
    Column("move_seconds", Integer, nullable=True, comment="time per move; none: no time limit"),
    Column("invite_token", String(32), nullable=False, unique=True),
    Column("created_by", Integer, ForeignKey("users.id"), nullable=False, index=True),
    Column("created_at", DateTime(timezone=True), nullable=False),
    Column("started_at", DateTime(timezone=True), nullable=True),
    Column("last_move_at", DateTime(timezone=True), nullable=True),
    Column("finished_at", DateTime(timezone=True), nullable=True),
    Column("result", JSON, nullable=True, comment="scores, ranks and breakdown once the game is over"),
    Column("listed", Boolean, nullable=False, server_default=true(), comment="shown in the lobby's open tables"),
    Column("rated", Boolean, nullable=False, server_default=false(), comment="the end changes its players' ratings"),
    Column("spectator_chat", Boolean, nullable=False, server_default=true(), comment="spectators may read the chat"),
    Index("ix_tables_status_listed_created_at", "status", "listed", "created_at"),
)

seats = Table(
    "seats",
    metadata,
    Column("table_id", String(16), ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("kind", String(16), nullable=False, comment="open, invited, human or bot"),
    Column("user_id", Integer, ForeignKey("users.id"), nullable=True, index=True),
    Column("bot", String(64), nullable=True, comment="the bot's level or name"),
    Column("invited", String(32), nullable=True, comment="the name of the user invited to the seat"),
)

actions = Table(
    "actions",
    metadata,
    Column("table_id", String(16), ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True),
    Column("number", Integer, primary_key=True, comment="the game's version the action was made against"),
    Column("seat", Integer, nullable=False),
    Column("action", Text, nullable=False, comment="the decision in the game's notation (for an undo: the one undone)"),
    Column("undo", Boolean, nullable=False, default=False),
    Column("made_at", DateTime(timezone=True), nullable=False),
)

login_throttles = Table(
    "login_throttles",
    metadata,
    Column("key", String(64), primary_key=True, comment="'name <name in lower case>' or 'address <address>'"),
    Column("failures", Integer, nullable=False, comment="failed log-ins, and those under way, since counting began"),
    Column("locked_until", DateTime(timezone=True), nullable=True, comment="no log-in is checked before then"),
    Column("expires_at", DateTime(timezone=True), nullable=False, index=True, comment="when the count is forgotten"),
)
"""Failed log-ins per name and per address, shared by every server process (`Store.count_attempt`)."""

blocks = Table(
    "blocks",
    metadata,
    Column("user_id", Integer, ForeignKey("users.id", ondelete="CASCADE"), primary_key=True, comment="who blocks"),
    Column(
        "blocked_id",
        Integer,
        ForeignKey("users.id", ondelete="CASCADE"),
        primary_key=True,
        index=True,
        comment="whose invitations they no longer take",
    ),
    Column("created_at", DateTime(timezone=True), nullable=False),
)
"""Players whose invitations a player declines for good (`Store.decline_invitation`)."""

ratings = Table(
    "ratings",
    metadata,
    Column("user_id", Integer, ForeignKey("users.id", ondelete="CASCADE"), primary_key=True),
    Column("game", String(64), primary_key=True),
    Column("mu", Float, nullable=False, comment="OpenSkill's Plackett-Luce mean"),
    Column("sigma", Float, nullable=False, comment="and its standard deviation"),
    Column("games", Integer, nullable=False, comment="rated games finished"),
    Column("updated_at", DateTime(timezone=True), nullable=False),
    Index("ix_ratings_game_mu", "game", "mu"),
)
"""Each player's rating per game, changed only in the transaction that finishes a rated game."""

rating_changes = Table(
    "rating_changes",
    metadata,
    Column("table_id", String(16), ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True),
    Column("user_id", Integer, ForeignKey("users.id", ondelete="CASCADE"), primary_key=True),
    Column("game", String(64), nullable=False),
    Column("mu_before", Float, nullable=False),
    Column("sigma_before", Float, nullable=False),
    Column("mu_after", Float, nullable=False),
    Column("sigma_after", Float, nullable=False),
    Column("games_before", Integer, nullable=False, comment="the player's rated games of the game before this one"),
    Column("made_at", DateTime(timezone=True), nullable=False),
    Index("ix_rating_changes_user_id_game_made_at", "user_id", "game", "made_at"),
)
"""What a rated game did to each rated player: one row per game and player, never two (the key)."""

standings = Table(
    "standings",
    metadata,
    Column("table_id", String(16), ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("user_id", Integer, ForeignKey("users.id", ondelete="CASCADE"), nullable=False),
    Column("game", String(64), nullable=False),
    Column("players", Integer, nullable=False),
    Column("rank", Integer, nullable=False),
    Column("score", Integer, nullable=False),
    Column("finished_at", DateTime(timezone=True), nullable=False),
    Index("ix_standings_user_id_finished_at", "user_id", "finished_at"),
)
"""Where each player finished each game (a player page's counts and last games, read by index)."""

chat_messages = Table(
    "chat_messages",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("table_id", String(16), ForeignKey("tables.id", ondelete="CASCADE"), nullable=False),
    Column("user_id", Integer, ForeignKey("users.id", ondelete="CASCADE"), nullable=False),
    Column("text", String(500), nullable=False),
    Column("made_at", DateTime(timezone=True), nullable=False),
    Index("ix_chat_messages_table_id_id", "table_id", "id"),
    Index("ix_chat_messages_user_id_made_at", "user_id", "made_at"),
)
"""A table's chat, kept with the table (and shown in its replay)."""

mutes = Table(
    "mutes",
    metadata,
    Column("user_id", Integer, ForeignKey("users.id", ondelete="CASCADE"), primary_key=True, comment="who mutes"),
    Column("muted_id", Integer, ForeignKey("users.id", ondelete="CASCADE"), primary_key=True, comment="whom"),
    Column("created_at", DateTime(timezone=True), nullable=False),
)
"""Players whose chat messages a player no longer sees, at any table."""
