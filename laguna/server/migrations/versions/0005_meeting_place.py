"""A place to meet: tables listed in the lobby and rated; ratings per game and what each rated game did
to them; where each player finished each game; the tables' chat, and the players a player mutes.
Every game already finished gets its players' standings, read from its stored result.

Revision ID: 0005
Revises: 0004
Created: 2026-11-27
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Columns added in place: SQLite's batch mode would copy the table and drop the old one, and with
    # foreign keys on, dropping it deletes every seat and action (ON DELETE CASCADE).
    op.add_column(
        "tables",
        sa.Column("listed", sa.Boolean(), server_default=sa.true(), nullable=False,
                  comment="shown in the lobby's open tables"),
    )  # fmt: skip
    op.add_column(
        "tables",
        sa.Column("rated", sa.Boolean(), server_default=sa.false(), nullable=False,
                  comment="the end changes its players' ratings"),
    )  # fmt: skip
    op.add_column(
        "tables",
        sa.Column("spectator_chat", sa.Boolean(), server_default=sa.true(), nullable=False,
                  comment="spectators may read the chat"),
    )  # fmt: skip
    op.create_index("ix_tables_status_listed_created_at", "tables", ["status", "listed", "created_at"], unique=False)
    op.create_table(
        "ratings",
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("game", sa.String(length=64), nullable=False),
        sa.Column("mu", sa.Float(), nullable=False, comment="OpenSkill's Plackett-Luce mean"),
        sa.Column("sigma", sa.Float(), nullable=False, comment="and its standard deviation"),
        sa.Column("games", sa.Integer(), nullable=False, comment="rated games finished"),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["user_id"], ["users.id"], name=op.f("fk_ratings_user_id_users"), ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("user_id", "game", name=op.f("pk_ratings")),
    )
    op.create_index("ix_ratings_game_mu", "ratings", ["game", "mu"], unique=False)
    op.create_table(
        "rating_changes",
        sa.Column("table_id", sa.String(length=16), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("game", sa.String(length=64), nullable=False),
        sa.Column("mu_before", sa.Float(), nullable=False),
        sa.Column("sigma_before", sa.Float(), nullable=False),
        sa.Column("mu_after", sa.Float(), nullable=False),
        sa.Column("sigma_after", sa.Float(), nullable=False),
        sa.Column(
            "games_before", sa.Integer(), nullable=False, comment="the player's rated games of the game before this one"
        ),
        sa.Column("made_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["table_id"], ["tables.id"], name=op.f("fk_rating_changes_table_id_tables"), ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["user_id"], ["users.id"], name=op.f("fk_rating_changes_user_id_users"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("table_id", "user_id", name=op.f("pk_rating_changes")),
    )
    op.create_index(
        "ix_rating_changes_user_id_game_made_at", "rating_changes", ["user_id", "game", "made_at"], unique=False
    )
    standings = op.create_table(
        "standings",
        sa.Column("table_id", sa.String(length=16), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("game", sa.String(length=64), nullable=False),
        sa.Column("players", sa.Integer(), nullable=False),
        sa.Column("rank", sa.Integer(), nullable=False),
        sa.Column("score", sa.Integer(), nullable=False),
        sa.Column("finished_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["table_id"], ["tables.id"], name=op.f("fk_standings_table_id_tables"), ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(["user_id"], ["users.id"], name=op.f("fk_standings_user_id_users"), ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("table_id", "seat", name=op.f("pk_standings")),
    )
    op.create_index("ix_standings_user_id_finished_at", "standings", ["user_id", "finished_at"], unique=False)
    op.create_table(
        "chat_messages",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("table_id", sa.String(length=16), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("text", sa.String(length=500), nullable=False),
        sa.Column("made_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["table_id"], ["tables.id"], name=op.f("fk_chat_messages_table_id_tables"), ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["user_id"], ["users.id"], name=op.f("fk_chat_messages_user_id_users"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_chat_messages")),
    )
    op.create_index("ix_chat_messages_table_id_id", "chat_messages", ["table_id", "id"], unique=False)
    op.create_index("ix_chat_messages_user_id_made_at", "chat_messages", ["user_id", "made_at"], unique=False)
    op.create_table(
        "mutes",
        sa.Column("user_id", sa.Integer(), nullable=False, comment="who mutes"),
        sa.Column("muted_id", sa.Integer(), nullable=False, comment="whom"),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["user_id"], ["users.id"], name=op.f("fk_mutes_user_id_users"), ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["muted_id"], ["users.id"], name=op.f("fk_mutes_muted_id_users"), ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("user_id", "muted_id", name=op.f("pk_mutes")),
    )
    _standings_of_finished_games(standings)


def _standings_of_finished_games(standings: sa.Table) -> None:
    """Each human seat of every finished game, where its stored result says it finished."""
    games = sa.table(
        "tables", sa.column("id", sa.String()), sa.column("game", sa.String()), sa.column("players", sa.Integer()),
        sa.column("status", sa.String()), sa.column("result", sa.JSON()),
        sa.column("finished_at", sa.DateTime(timezone=True)),
    )  # fmt: skip
    seats = sa.table(
        "seats", sa.column("table_id", sa.String()), sa.column("seat", sa.Integer()), sa.column("kind", sa.String()),
        sa.column("user_id", sa.Integer()),
    )  # fmt: skip
    finished = op.get_bind().execute(
        sa.select(games, seats.c.seat, seats.c.user_id)
        .join(seats, seats.c.table_id == games.c.id)
        .where(games.c.status == "finished", seats.c.kind == "human", seats.c.user_id.is_not(None))
    )
    rows = []
    for found in finished:
        lines = {line.get("seat"): line for line in (found.result or {}).get("results", ()) if isinstance(line, dict)}
        line = lines.get(found.seat)
        if line is None or found.finished_at is None:
            continue
        rows.append(
            {"table_id": found.id, "seat": found.seat, "user_id": found.user_id, "game": found.game,
             "players": found.players, "rank": int(line.get("rank", 0)), "score": int(line.get("score", 0)),
             "finished_at": found.finished_at}
        )  # fmt: skip
    if rows:
        op.bulk_insert(standings, rows)


def downgrade() -> None:
    op.drop_table("mutes")
    op.drop_index("ix_chat_messages_user_id_made_at", table_name="chat_messages")
    op.drop_index("ix_chat_messages_table_id_id", table_name="chat_messages")
    op.drop_table("chat_messages")
    op.drop_index("ix_standings_user_id_finished_at", table_name="standings")
    op.drop_table("standings")
    op.drop_index("ix_rating_changes_user_id_game_made_at", table_name="rating_changes")
    op.drop_table("rating_changes")
    op.drop_index("ix_ratings_game_mu", table_name="ratings")
    op.drop_table("ratings")
    op.drop_index("ix_tables_status_listed_created_at", table_name="tables")
    for column in ("spectator_chat", "rated", "listed"):  # in place, as they were added
        op.drop_column("tables", column)
