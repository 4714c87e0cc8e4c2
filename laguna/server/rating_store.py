"""What finished games leave behind: where each player finished (`standings`), and for a rated table
each rated player's new rating (`ratings`, with the change in `rating_changes`); and the reads of a
player page and a leaderboard.

A game's standings and ratings are written by `RatingStore._settle`, inside the very transaction that
logs the game's last decision (`Store.append`): only the process whose write of that version takes
writes them, and if anything fails nothing of the decision is kept either. So a game changes ratings
exactly once, however many server processes race to finish it. The ratings of the players are locked
(PostgreSQL) in the order of their ids before they are read, so that two games ending at once for the
same player are rated one after the other and neither change is lost.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import Connection, case, distinct, func, insert, select, update

from laguna.server.account_store import AccountStore, User, aware
from laguna.server.kinds import HUMAN
from laguna.server.ratings import PROVISIONAL_GAMES, Skill, rate
from laguna.server.schema import rating_changes, ratings, seats, standings, tables, users

LEADERS = 50
"""Players a leaderboard lists."""
NEWCOMERS = 20
"""Players with a provisional rating listed under the leaderboard."""
HISTORY_POINTS = 100
"""The latest rated games a rating history shows, per game."""


@dataclass(frozen=True, slots=True)
class RatingChange:
    """What one rated game did to a player's rating."""

    before: Skill
    after: Skill

    @property
    def delta(self) -> int:
        """The change as the player reads it (``+23``)."""
        return self.after.shown - self.before.shown


@dataclass(frozen=True, slots=True)
class Leader:
    """A line of a leaderboard."""

    name: str
    skill: Skill


@dataclass(frozen=True, slots=True)
class GameRecordLine:
    """A player's games of one game: how many they finished, won (of those with others), and their rating."""

    game: str
    played: int
    won: int
    skill: Skill | None


@dataclass(frozen=True, slots=True)
class HistoryPoint:
    """The rating after one rated game."""

    made_at: datetime
    skill: Skill


class RatingStore(AccountStore):
    """Standings, ratings and their history."""

    def _settle(self, c: Connection, table_id: str, result: dict[str, Any], now: datetime) -> None:
        """A game just finished with `result` (in the transaction logging its last decision): every
        human seat's standing, and on a rated table the new ratings of its signed-up human players
        (two or more: bots, guests and seats handed to bots are not rated)."""
        table = c.execute(select(tables.c.game, tables.c.players, tables.c.rated).where(tables.c.id == table_id)).one()
        humans = c.execute(
            select(seats.c.seat, seats.c.user_id, users.c.guest)
            .join(users, users.c.id == seats.c.user_id)
            .where(seats.c.table_id == table_id, seats.c.kind == HUMAN)
            .order_by(seats.c.seat)
        ).all()
        lines = {line["seat"]: line for line in result.get("results", ()) if isinstance(line, dict)}
        placed = [human for human in humans if human.seat in lines]
        if placed:
            c.execute(
                insert(standings),
                [
                    {"table_id": table_id, "seat": h.seat, "user_id": h.user_id, "game": table.game,
                     "players": table.players, "rank": int(lines[h.seat]["rank"]),
                     "score": int(lines[h.seat]["score"]), "finished_at": now}
                    for h in placed
                ],
            )  # fmt: skip
        rated = sorted((h for h in placed if not h.guest), key=lambda h: h.user_id)
        if not table.rated or len(rated) < 2 or len({h.user_id for h in rated}) != len(rated):
            return
        ids = [h.user_id for h in rated]
        c.execute(
            self._insert_or_keep(
                ratings,
                [{"user_id": i, "game": table.game, "mu": Skill().mu, "sigma": Skill().sigma, "games": 0,
                  "updated_at": now} for i in ids],
            )
        )  # fmt: skip
        held = c.execute(
            select(ratings.c.user_id, ratings.c.mu, ratings.c.sigma, ratings.c.games)
            .where(ratings.c.game == table.game, ratings.c.user_id.in_(ids))
            .order_by(ratings.c.user_id)
            .with_for_update()
        ).all()
        before = {row.user_id: Skill(row.mu, row.sigma, row.games) for row in held}
        after = rate([before[i] for i in ids], [int(lines[h.seat]["rank"]) for h in rated])
        for user_id, skill in zip(ids, after, strict=True):
            c.execute(
                update(ratings)
                .where(ratings.c.user_id == user_id, ratings.c.game == table.game)
                .values(mu=skill.mu, sigma=skill.sigma, games=skill.games, updated_at=now)
            )
        c.execute(
            insert(rating_changes),
            [
                {"table_id": table_id, "user_id": user_id, "game": table.game, "mu_before": before[user_id].mu,
                 "sigma_before": before[user_id].sigma, "mu_after": skill.mu, "sigma_after": skill.sigma,
                 "games_before": before[user_id].games, "made_at": now}
                for user_id, skill in zip(ids, after, strict=True)
            ],
        )  # fmt: skip
        self._announce(c, "lobby")  # the lobby shows ratings beside the names

    # ------------------------------------------------------------------ reads

    def player(self, name: str) -> User | None:
        """The player called `name` (any case)."""
        with self.engine.connect() as c:
            row = c.execute(
                select(users.c.id, users.c.name, users.c.guest).where(users.c.name_key == name.lower())
            ).first()
        return None if row is None else User(row.id, row.name, row.guest)

    def games_of(self, user_id: int) -> list[GameRecordLine]:
        """Per game the player finished or is rated in: games finished, won (a first place, shared or
        not, in a game with others) and the rating."""
        first = (standings.c.rank == 1) & (standings.c.players > 1)
        played = func.count(distinct(standings.c.table_id))  # a game counts once, whatever seats were theirs
        won = func.count(distinct(case((first, standings.c.table_id))))
        with self.engine.connect() as c:
            counts = {
                row.game: (int(row.played), int(row.won or 0))
                for row in c.execute(
                    select(standings.c.game, played.label("played"), won.label("won"))
                    .where(standings.c.user_id == user_id)
                    .group_by(standings.c.game)
                )
            }
            skills = {
                row.game: Skill(row.mu, row.sigma, row.games)
                for row in c.execute(select(ratings).where(ratings.c.user_id == user_id))
            }
        return [
            GameRecordLine(game, *counts.get(game, (0, 0)), skills.get(game))
            for game in sorted(set(counts) | set(skills))
        ]

    def rating_history(self, user_id: int, game: str, most: int = HISTORY_POINTS) -> list[HistoryPoint]:
        """The rating after each of the player's latest `most` rated games of `game`, oldest first,
        preceded by the rating before the first of them."""
        with self.engine.connect() as c:
            rows = list(
                c.execute(
                    select(rating_changes)
                    .where(rating_changes.c.user_id == user_id, rating_changes.c.game == game)
                    .order_by(rating_changes.c.made_at.desc(), rating_changes.c.table_id.desc())
                    .limit(most)
                ).all()
            )
        if not rows:
            return []
        rows.reverse()
        first = rows[0]
        points = [HistoryPoint(aware(first.made_at), Skill(first.mu_before, first.sigma_before, first.games_before))]
        points += [
            HistoryPoint(aware(row.made_at), Skill(row.mu_after, row.sigma_after, row.games_before + 1)) for row in rows
        ]
        return points

    def last_finished(self, user_id: int, most: int) -> list[str]:
        """The tables of the player's latest `most` finished games, newest first."""
        with self.engine.connect() as c:
            return list(
                c.execute(
                    select(standings.c.table_id, standings.c.finished_at)
                    .where(standings.c.user_id == user_id)
                    .distinct()  # a table once, whatever seats were theirs
                    .order_by(standings.c.finished_at.desc(), standings.c.table_id)
                    .limit(most)
                ).scalars()
            )

    def leaderboard(self, game: str, *, provisional: bool = False, most: int | None = None) -> list[Leader]:
        """The best-rated players of `game`: those past `PROVISIONAL_GAMES` rated games, or with
        `provisional` the newcomers with fewer."""
        played = ratings.c.games < PROVISIONAL_GAMES if provisional else ratings.c.games >= PROVISIONAL_GAMES
        with self.engine.connect() as c:
            rows = c.execute(
                select(users.c.name, ratings.c.mu, ratings.c.sigma, ratings.c.games)
                .join(users, users.c.id == ratings.c.user_id)
                .where(ratings.c.game == game, played)
                .order_by(ratings.c.mu.desc(), users.c.name_key)
                .limit(most or (NEWCOMERS if provisional else LEADERS))
            ).all()
        return [Leader(row.name, Skill(row.mu, row.sigma, row.games)) for row in rows]
