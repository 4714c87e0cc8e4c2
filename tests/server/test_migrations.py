"""Migrations that carry data over: a database made before ratings and standings keeps every finished
game, and each game's human players get the standing its stored result gives them (on SQLite and
PostgreSQL); going back down and up again loses nothing the older schema held."""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import UTC, datetime

import pytest
from alembic import command
from sqlalchemy import Engine, select, text

from laguna.server.db import alembic_config, make_engine, upgrade
from laguna.server.schema import metadata, standings

NOW = datetime(2026, 3, 1, tzinfo=UTC)


@pytest.fixture
def old_engine(database_url: str) -> Iterator[Engine]:
    """An empty database at the schema before ratings (revision 0004): built to the newest schema,
    emptied (PostgreSQL's is shared by a test process), and taken down to 0004."""
    engine = make_engine(database_url)
    upgrade(engine)
    _empty(engine)
    command.downgrade(alembic_config(engine), "0004")
    yield engine
    upgrade(engine)
    _empty(engine)
    engine.dispose()


def _empty(engine: Engine) -> None:
    with engine.begin() as c:
        for table in reversed(metadata.sorted_tables):
            c.execute(table.delete())


def test_finished_games_get_their_players_standings(old_engine: Engine) -> None:
    result = {
        "scores": [40, 52, 31],
        "results": [
            {"seat": 0, "score": 40, "rank": 2},
            {"seat": 1, "score": 52, "rank": 1},
            {"seat": 2, "score": 31, "rank": 3},
        ],
    }
    with old_engine.begin() as c:
        for number, name in ((1, "Ada"), (2, "Bob")):
            c.execute(
                text("INSERT INTO users (id, name, name_key, guest, created_at) VALUES (:i, :n, :k, false, :t)"),
                {"i": number, "n": name, "k": name.lower(), "t": NOW},
            )
        for table_id, status in (("done", "finished"), ("busy", "playing")):
            c.execute(
                text(
                    "INSERT INTO tables (id, game, players, options, seed, status, version, invite_token, "
                    "created_by, created_at, finished_at, result) VALUES (:id, 'murano', 3, '{}', 1, :status, 9, "
                    ":token, 1, :t, :t, :result)"
                ),
                {"id": table_id, "status": status, "token": f"token-{table_id}", "t": NOW,
                 "result": json.dumps(result) if status == "finished" else None},
            )  # fmt: skip
            for seat, kind, user in ((0, "human", 1), (1, "human", 2), (2, "bot", None)):
                c.execute(
                    text("INSERT INTO seats (table_id, seat, kind, user_id, bot) VALUES (:t, :s, :k, :u, :b)"),
                    {"t": table_id, "s": seat, "k": kind, "u": user, "b": "easy" if user is None else None},
                )
    upgrade(old_engine)
    with old_engine.connect() as c:
        rows = c.execute(select(standings).order_by(standings.c.seat)).all()
        listed = c.execute(text("SELECT listed, rated, spectator_chat FROM tables WHERE id = 'done'")).one()
    assert [(r.table_id, r.user_id, r.rank, r.score, r.players, r.game) for r in rows] == [
        ("done", 1, 2, 40, 3, "murano"),
        ("done", 2, 1, 52, 3, "murano"),
    ]
    assert tuple(bool(v) for v in listed) == (True, False, True)  # old tables: listed, unrated, chat shown
    command.downgrade(alembic_config(old_engine), "0004")
    with old_engine.connect() as c:
        assert c.execute(text("SELECT count(*) FROM tables")).scalar_one() == 2
    upgrade(old_engine)
