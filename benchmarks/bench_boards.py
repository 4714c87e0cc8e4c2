"""What a drawn board costs the server and the player, per game at its largest player count: the time
to draw a seat's board (view → board model → template, with its decisions and highlights) at
positions all through seeded random games, the time to find what a decision changed (the public
board's pieces, computed after every decision), and the weight of the whole table page a player
downloads, measured over HTTP from a table on SQLite.

python benchmarks/bench_boards.py                       # every game, 4 players
python benchmarks/bench_boards.py murano --games 5 --json
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from laguna.core import LagunaError, get_game
from laguna.server.app import create_app
from laguna.server.service import SeatRequest
from laguna.server.store import HUMAN, INVITED
from laguna.server.web import COOKIE
from laguna.web.boards import BOARDS, pieces, render_board

NOW = datetime(2026, 1, 1, tzinfo=UTC)
EVERY = 5
"""Decisions between two measured positions."""


def _drawing(game_id: str, players: int, games: int, seed: int) -> dict[str, float]:
    """Milliseconds to draw a seat's board and to take the public board's pieces, over positions of
    `games` random games: median, 95th percentile and worst."""
    game = get_game(game_id)
    draws: list[float] = []
    takes: list[float] = []
    names = [f"Player {n + 1}" for n in range(players)]
    for number in range(games):
        state = game.new_game(players, None, seed + number)
        rng = random.Random(seed + number)
        decisions = 0
        while not state.is_terminal():
            seat = state.to_act()[0]
            legal = state.legal_actions(seat)
            if decisions % EVERY == 0:
                actions = [str(a) for a in legal]
                changed = frozenset(list(pieces(game_id, state.view(None)))[:12])
                began = time.perf_counter()
                render_board(game_id, state.view(seat), actions, names, changed)
                draws.append(1000 * (time.perf_counter() - began))
                began = time.perf_counter()
                pieces(game_id, state.view(None))
                takes.append(1000 * (time.perf_counter() - began))
            state.apply(seat, rng.choice(legal))
            decisions += 1
    return {
        "positions": len(draws),
        "draw_median_ms": statistics.median(draws),
        "draw_p95_ms": statistics.quantiles(draws, n=20)[-1],
        "draw_max_ms": max(draws),
        "pieces_median_ms": statistics.median(takes),
    }


def _page_weight(game_id: str, players: int, seed: int, decisions: int) -> dict[str, int]:
    """Bytes of the table page of a `players`-seat table after `decisions` random decisions (or at its
    end), as the first seat's player downloads it: the page, and its fragment (the part the page
    fetches again after every decision)."""
    with tempfile.TemporaryDirectory() as folder:
        app = create_app(f"sqlite:///{Path(folder) / 'laguna.sqlite3'}")
        with TestClient(app) as client:
            server = app.state.server
            users = [server.store.create_user(f"P{n}", "h", NOW) for n in range(players)]
            requests = [SeatRequest(HUMAN)] + [SeatRequest(INVITED, invited=f"P{n}") for n in range(1, players)]
            table = server.service.create(users[0], game_id, requests, seed=seed)
            for seat in range(1, players):
                server.service.join(table.id, seat, users[seat])  # the last join starts the game
            rng = random.Random(seed)
            for _ in range(decisions):
                snapshot = server.service.snapshot(table.id)
                if snapshot.state.is_terminal():
                    break
                seat = snapshot.state.to_act()[0]
                action = str(rng.choice(snapshot.state.legal_actions(seat)))
                server.service.act(table.id, users[seat], seat, action, snapshot.table.version)
            client.cookies.set(COOKIE, server.accounts.open_session(users[0], server.clock()))
            page = client.get(f"/t/{table.id}")
            fragment = client.get(f"/t/{table.id}/main")
            assert page.status_code == 200 and fragment.status_code == 200, page.text[:300]
            return {"page_bytes": len(page.content), "fragment_bytes": len(fragment.content)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Measure drawing the boards: milliseconds and page weight.")
    parser.add_argument("games", nargs="*", default=list(BOARDS), help="game ids (default: every game)")
    parser.add_argument("--players", type=int, default=4, help="player count (default 4)")
    parser.add_argument("--games", dest="count", type=int, default=3, help="random games per game id")
    parser.add_argument("--decisions", type=int, default=150, help="decisions before the page is weighed")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true", help="print JSON")
    args = parser.parse_args(argv)
    results: dict[str, Any] = {}
    try:
        for game_id in args.games:
            players = min(args.players, max(get_game(game_id).player_counts))
            results[game_id] = {"players": players}
            results[game_id] |= _drawing(game_id, players, args.count, args.seed)
            results[game_id] |= _page_weight(game_id, players, args.seed, args.decisions)
    except LagunaError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(results, indent=1))
        return 0
    heads = f"{'game':<34} {'players':>7} {'draw ms (median/p95/max)':>26} {'pieces ms':>10}"
    print(f"{heads} {'page kB':>8} {'fragment kB':>12}")
    for game_id, r in results.items():
        drawn = f"{r['draw_median_ms']:.2f}/{r['draw_p95_ms']:.2f}/{r['draw_max_ms']:.2f}"
        print(
            f"{game_id:<34} {r['players']:>7} {drawn:>26} {r['pieces_median_ms']:>10.2f}"
            f" {r['page_bytes'] / 1000:>8.1f} {r['fragment_bytes'] / 1000:>12.1f}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
