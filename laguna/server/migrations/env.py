"""Alembic's entry point: migrations run on the engine the server hands over (`laguna.server.db`).

On PostgreSQL, several server processes may start at once on one database: each takes the same
transaction-level advisory lock before it reads the schema's version, so one migrates and the others,
waiting, then find the schema up to date (PostgreSQL's DDL is transactional, so they see all of it or
none)."""

from __future__ import annotations

from alembic import context
from sqlalchemy import text

from laguna.server.schema import metadata

MIGRATION_LOCK = 0x6C6167756E61  # "laguna"
"""The advisory lock's key: any number no other user of the database takes."""

engine = context.config.attributes["engine"]
with engine.begin() as connection:
    if connection.dialect.name == "postgresql":
        connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": MIGRATION_LOCK})
    context.configure(connection=connection, target_metadata=metadata, render_as_batch=True)
    with context.begin_transaction():
        context.run_migrations()
