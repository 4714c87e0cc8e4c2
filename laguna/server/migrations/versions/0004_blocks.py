"""Players whose invitations a player no longer takes

Revision ID: 0004
Revises: 0003
Created: 2026-11-26
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "blocks",
        sa.Column("user_id", sa.Integer(), nullable=False, comment="who blocks"),
        sa.Column("blocked_id", sa.Integer(), nullable=False, comment="whose invitations they no longer take"),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["user_id"], ["users.id"], name=op.f("fk_blocks_user_id_users"), ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["blocked_id"], ["users.id"], name=op.f("fk_blocks_blocked_id_users"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("user_id", "blocked_id", name=op.f("pk_blocks")),
    )  # fmt: skip
    with op.batch_alter_table("blocks", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_blocks_blocked_id"), ["blocked_id"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("blocks", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_blocks_blocked_id"))
    op.drop_table("blocks")
