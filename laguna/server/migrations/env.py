"""Alembic's entry point: migrations run on the engine the server hands over (`laguna.server.db`)."""

from __future__ import annotations

from alembic import context

from laguna.server.schema import metadata

engine = context.config.attributes["engine"]
with engine.begin() as connection:
    context.configure(connection=connection, target_metadata=metadata, render_as_batch=True)
    with context.begin_transaction():
        context.run_migrations()
