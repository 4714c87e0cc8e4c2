"""The lobby and a player page of a player with a thousand finished games behind them, on SQLite: how long
the server takes to answer each, through the whole application (FastAPI's test client, no network).

The database is filled directly, in bulk: one player who finished `--games` rated two-player games of
every game in turn against a few opponents (each game's score sheet taken from a random game of it
played out, the ratings computed game after game as the server does), with their standings and
rating changes; `--turns` games under way waiting for the player's decision, as many waiting for an
opponent's; and `--open` tables of other players gathering players in the lobby. Logged in as that
player, the lobby (``GET /``) and their own page (``GET /u/<name>``) are each asked `--runs` times
after a few unmeasured requests; the median and the 95th percentile are printed, and the exit code is
1 if a median reaches `BOUND_MS`.

python benchmarks/bench_community_pages.py                       # 1000 games, every game
python benchmarks/bench_community_pages.py murano --games 5000 --runs 50
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from common import report_errors
from fastapi.testclient import TestClient
from sqlalchemy import insert

from laguna.core import games, get_game
from laguna.server.account_store import User
from laguna.server.app import create_app
from laguna.server.db import make_engine, upgrade
from laguna.server.kinds import FINISHED, HUMAN, OPEN, PLAYING, WAITING
from laguna.server.player_pages import LAST_GAMES
from laguna.server.ratings import Skill, rate
from laguna.server.schema import rating_changes, ratings, seats, standings, tables, users
from laguna.server.web import COOKIE

PLAYER = "Ada"
OPPONENTS = 5
"""Players the player met, in turn."""
HOSTS = 10
"""Other players whose tables gather players in the lobby."""
BOUND_MS = 100.0
"""The most a page's median may take."""
WARM_UP = 3
"""Requests of each page before the measured ones (templates compiled, caches filled)."""
START = datetime(2024, 1, 1, tzinfo=UTC)


def _sample_results(game_ids: list[str], seed: int) -> dict[str, dict[str, Any]]:
    """A real two-player result of each game, from a random game played out: the score sheets the
    stored games show."""
    found = {}
    for game_id in game_ids:
        rng = random.Random(seed)
        state = get_game(game_id).new_game(2, seed=seed)
        while not state.is_terminal():
            seat = state.to_act()[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        found[game_id] = state.outcome().to_json()
    return found


def _swapped(result: dict[str, Any], winner: int) -> dict[str, Any]:
    """`result` with its lines given to the seats so that `winner` took the first place's."""
    lines = sorted(result["results"], key=lambda line: line["rank"])
    order = [lines[0], lines[1]] if winner == 0 else [lines[1], lines[0]]
    placed = [dict(line, seat=seat) for seat, line in enumerate(order)]
    return dict(result, results=placed, scores=[line["score"] for line in placed],
                winners=[line["seat"] for line in placed if line["rank"] == 1])  # fmt: skip


def _table(table_id: str, game_id: str, status: str, creator: int, at: datetime, **more: Any) -> dict[str, Any]:
    row = {
        "id": table_id, "game": game_id, "players": 2, "options": {}, "seed": int(table_id[1:]),
        "status": status, "version": 0, "waiting": None, "move_seconds": None, "invite_token": f"i{table_id}",
        "created_by": creator, "created_at": at, "started_at": None, "last_move_at": None, "finished_at": None,
        "result": None, "listed": True, "rated": False, "spectator_chat": True,
    }  # fmt: skip
    return row | more


def fill(url: str, args: argparse.Namespace) -> None:
    """The database at `url`, migrated and filled as the module says."""
    game_ids = args.game_ids or [game.id for game in games()]
    samples = _sample_results(game_ids, args.seed)
    rng = random.Random(args.seed)
    engine = make_engine(url)
    upgrade(engine)
    names = [PLAYER] + [f"Rival{n}" for n in range(OPPONENTS)] + [f"Host{n}" for n in range(HOSTS)]
    user_rows = [
        {"id": n + 1, "name": name, "name_key": name.lower(), "password_hash": "x", "guest": False, "created_at": START}
        for n, name in enumerate(names)
    ]
    me, rivals, hosts = 1, list(range(2, 2 + OPPONENTS)), list(range(2 + OPPONENTS, 2 + OPPONENTS + HOSTS))
    table_rows, seat_rows, standing_rows, change_rows = [], [], [], []
    skills: dict[tuple[int, str], Skill] = {}
    for n in range(args.games):
        game_id, rival = game_ids[n % len(game_ids)], rivals[n % OPPONENTS]
        table_id, at = f"f{n:07d}", START + timedelta(hours=n)
        finished = at + timedelta(minutes=40)
        sitting = [me, rival] if n % 2 == 0 else [rival, me]
        result = _swapped(samples[game_id], rng.randrange(2))
        table_rows.append(
            _table(table_id, game_id, FINISHED, sitting[0], at, version=120, waiting=[], started_at=at,
                   last_move_at=finished, finished_at=finished, result=result, rated=True)
        )  # fmt: skip
        before = [skills.get((user, game_id), Skill()) for user in sitting]
        after = rate(before, [line["rank"] for line in result["results"]])
        for seat, user in enumerate(sitting):
            line = result["results"][seat]
            seat_rows.append({"table_id": table_id, "seat": seat, "kind": HUMAN, "user_id": user})
            standing_rows.append(
                {"table_id": table_id, "seat": seat, "user_id": user, "game": game_id, "players": 2,
                 "rank": line["rank"], "score": line["score"], "finished_at": finished}
            )  # fmt: skip
            change_rows.append(
                {"table_id": table_id, "user_id": user, "game": game_id, "mu_before": before[seat].mu,
                 "sigma_before": before[seat].sigma, "mu_after": after[seat].mu, "sigma_after": after[seat].sigma,
                 "games_before": before[seat].games, "made_at": finished}
            )  # fmt: skip
            skills[(user, game_id)] = after[seat]
    now = START + timedelta(hours=args.games + 1)
    for n in range(2 * args.turns):  # games under way: every other one waits for the player
        table_id, game_id = f"p{n:07d}", game_ids[n % len(game_ids)]
        sitting = [me, rivals[n % OPPONENTS]]
        table_rows.append(
            _table(table_id, game_id, PLAYING, me, now, version=10, waiting=[n % 2], started_at=now,
                   last_move_at=now + timedelta(minutes=n), rated=True)
        )  # fmt: skip
        seat_rows += [{"table_id": table_id, "seat": s, "kind": HUMAN, "user_id": u} for s, u in enumerate(sitting)]
    for n in range(args.open):  # the lobby's open tables, gathering players
        table_id, game_id = f"o{n:07d}", game_ids[n % len(game_ids)]
        table_rows.append(
            _table(table_id, game_id, WAITING, hosts[n % HOSTS], now + timedelta(minutes=n), rated=n % 2 == 0)
        )
        seat_rows += [
            {"table_id": table_id, "seat": 0, "kind": HUMAN, "user_id": hosts[n % HOSTS]},
            {"table_id": table_id, "seat": 1, "kind": OPEN, "user_id": None},
        ]
    rating_rows = [
        {"user_id": user, "game": game_id, "mu": skill.mu, "sigma": skill.sigma, "games": skill.games,
         "updated_at": now}
        for (user, game_id), skill in skills.items()
    ]  # fmt: skip
    with engine.begin() as c:
        for table, rows in [
            (users, user_rows), (tables, table_rows), (seats, seat_rows), (standings, standing_rows),
            (ratings, rating_rows), (rating_changes, change_rows),
        ]:  # fmt: skip
            if rows:
                c.execute(insert(table), rows)
    engine.dispose()


def measure(args: argparse.Namespace) -> dict[str, list[float]]:
    """Milliseconds of each answer to the lobby and to the player's page, `args.runs` of each."""
    timings: dict[str, list[float]] = {}
    with tempfile.TemporaryDirectory() as folder:
        url = f"sqlite:///{Path(folder) / 'laguna.sqlite3'}"
        fill(url, args)
        app = create_app(url)
        with TestClient(app) as client:
            server = app.state.server
            player = server.store.player(PLAYER)
            assert player is not None
            client.cookies.set(
                COOKIE, server.accounts.open_session(User(player.id, player.name, False), server.clock())
            )
            for path in ("/", f"/u/{PLAYER}"):
                times = []
                for run in range(WARM_UP + args.runs):
                    began = time.perf_counter()
                    answer = client.get(path)
                    spent = 1000 * (time.perf_counter() - began)
                    if answer.status_code != 200:
                        raise RuntimeError(f"GET {path} answered {answer.status_code}: {answer.text[:300]}")
                    if run >= WARM_UP:
                        times.append(spent)
                timings[path] = times
            page = client.get(f"/u/{PLAYER}").text
            if page.count('class="finished-game"') != min(args.games, LAST_GAMES) or 'id="turn-tables"' not in page:
                raise RuntimeError("the player page does not show the player's last games and turns")
    return timings


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Time the lobby and a player page with many games behind them.")
    parser.add_argument("game_ids", nargs="*", metavar="GAME", help="the games played (default: every game)")
    parser.add_argument("--games", type=int, default=1000, help="finished rated games of the player (default 1000)")
    parser.add_argument("--turns", type=int, default=10, help="games under way waiting for the player (default 10)")
    parser.add_argument("--open", type=int, default=50, help="open tables in the lobby (default 50)")
    parser.add_argument("--runs", type=int, default=50, help="measured requests per page (default 50)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    if args.games < 1 or args.runs < 2:
        parser.error("--games must be at least 1 and --runs at least 2")
    timings: dict[str, list[float]] = {}
    code = report_errors(lambda: timings.update(measure(args)))
    if code:
        return code
    print(f"{args.games} finished games, {args.turns} turns waiting, {args.open} open tables; SQLite, {args.runs} runs")
    slow = False
    for path, times in timings.items():
        median, p95 = statistics.median(times), statistics.quantiles(times, n=20)[-1]
        slow = slow or median >= BOUND_MS
        print(f"GET {path:<10} median {median:6.1f} ms   p95 {p95:6.1f} ms")
    if slow:
        print(f"a median reached {BOUND_MS:.0f} ms", file=sys.stderr)
    return 1 if slow else 0


if __name__ == "__main__":
    sys.exit(main())
