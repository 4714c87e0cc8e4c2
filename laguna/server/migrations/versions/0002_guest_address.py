"""The address a guest account was made from, so that the games one address holds can be bounded

Revision ID: 0002
Revises: 0001
Created: 2026-11-25
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("users", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column("address", sa.String(length=45), nullable=True, comment="for a guest: the address it came from")
        )


def downgrade() -> None:
    with op.batch_alter_table("users", schema=None) as batch_op:
        batch_op.drop_column("address")
