"""Tables, seats and action logs; accounts and sessions

Revision ID: 0001
Revises: nothing (the first)
Created: 2026-11-24
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "users",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("name", sa.String(length=32), nullable=False),
        sa.Column("name_key", sa.String(length=32), nullable=False, comment="the name in lower case: names are unique"),
        sa.Column("password_hash", sa.String(length=200), nullable=True, comment="argon2; empty for a guest"),
        sa.Column("guest", sa.Boolean(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_users")),
        sa.UniqueConstraint("name_key", name=op.f("uq_users_name_key")),
    )
    op.create_table(
        "sessions",
        sa.Column(
            "token_hash", sa.String(length=64), nullable=False, comment="SHA-256 of the cookie's token, never the token"
        ),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["user_id"], ["users.id"], name=op.f("fk_sessions_user_id_users"), ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("token_hash", name=op.f("pk_sessions")),
    )
    with op.batch_alter_table("sessions", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_sessions_user_id"), ["user_id"], unique=False)

    op.create_table(
        "tables",
        sa.Column("id", sa.String(length=16), nullable=False, comment="random, URL-safe: the table's address"),
        sa.Column("game", sa.String(length=64), nullable=False),
        sa.Column("players", sa.Integer(), nullable=False),
        sa.Column("options", sa.JSON(), nullable=False),
        sa.Column("seed", sa.BigInteger(), nullable=False),
        sa.Column("status", sa.String(length=16), nullable=False, comment="open, playing or finished"),
        sa.Column("version", sa.Integer(), nullable=False, comment="changes so far: decisions, undos, seat changes"),
        sa.Column("waiting", sa.JSON(), nullable=True, comment="the seats owing a decision (a cache of the position)"),
        sa.Column("move_seconds", sa.Integer(), nullable=True, comment="time per move; none: no time limit"),
        sa.Column("invite_token", sa.String(length=32), nullable=False),
        sa.Column("created_by", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("started_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("last_move_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("finished_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("result", sa.JSON(), nullable=True, comment="scores, ranks and breakdown once the game is over"),
        sa.ForeignKeyConstraint(["created_by"], ["users.id"], name=op.f("fk_tables_created_by_users")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_tables")),
        sa.UniqueConstraint("invite_token", name=op.f("uq_tables_invite_token")),
    )
    with op.batch_alter_table("tables", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_tables_created_by"), ["created_by"], unique=False)

    op.create_table(
        "actions",
        sa.Column("table_id", sa.String(length=16), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False, comment="the game's version the action was made against"),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column(
            "action",
            sa.Text(),
            nullable=False,
            comment="the decision in the game's notation (for an undo: the one undone)",
        ),
        sa.Column("undo", sa.Boolean(), nullable=False),
        sa.Column("made_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["table_id"], ["tables.id"], name=op.f("fk_actions_table_id_tables"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("table_id", "number", name=op.f("pk_actions")),
    )
    op.create_table(
        "seats",
        sa.Column("table_id", sa.String(length=16), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(length=16), nullable=False, comment="open, invited, human or bot"),
        sa.Column("user_id", sa.Integer(), nullable=True),
        sa.Column("bot", sa.String(length=64), nullable=True, comment="the bot's level or name"),
        sa.Column("invited", sa.String(length=32), nullable=True, comment="the name of the user invited to the seat"),
        sa.ForeignKeyConstraint(["table_id"], ["tables.id"], name=op.f("fk_seats_table_id_tables"), ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["user_id"], ["users.id"], name=op.f("fk_seats_user_id_users")),
        sa.PrimaryKeyConstraint("table_id", "seat", name=op.f("pk_seats")),
    )
    with op.batch_alter_table("seats", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_seats_user_id"), ["user_id"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("seats", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_seats_user_id"))

    op.drop_table("seats")
    op.drop_table("actions")
    with op.batch_alter_table("tables", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_tables_created_by"))

    op.drop_table("tables")
    with op.batch_alter_table("sessions", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_sessions_user_id"))

    op.drop_table("sessions")
    op.drop_table("users")
