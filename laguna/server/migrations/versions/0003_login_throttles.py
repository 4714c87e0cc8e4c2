"""Failed log-ins counted per name and per address, and guests found by address and time

Revision ID: 0003
Revises: 0002
Created: 2026-11-26
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "login_throttles",
        sa.Column(
            "key", sa.String(length=64), nullable=False, comment="'name <name in lower case>' or 'address <address>'"
        ),
        sa.Column(
            "failures", sa.Integer(), nullable=False,
            comment="failed log-ins, and those under way, since counting began",
        ),
        sa.Column(
            "locked_until", sa.DateTime(timezone=True), nullable=True, comment="no log-in is checked before then"
        ),
        sa.Column(
            "expires_at", sa.DateTime(timezone=True), nullable=False, comment="when the count is forgotten"
        ),
        sa.PrimaryKeyConstraint("key", name=op.f("pk_login_throttles")),
    )  # fmt: skip
    with op.batch_alter_table("login_throttles", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_login_throttles_expires_at"), ["expires_at"], unique=False)
    with op.batch_alter_table("users", schema=None) as batch_op:
        batch_op.create_index("ix_users_address_created_at", ["address", "created_at"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("users", schema=None) as batch_op:
        batch_op.drop_index("ix_users_address_created_at")
    with op.batch_alter_table("login_throttles", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_login_throttles_expires_at"))
    op.drop_table("login_throttles")
