"""Load on the browser table: many concurrent two-player games of Walking in Burano, every decision made
by a client through the HTTP and WebSocket interface as a browser would (read the table, pick a listed
decision at random, send it, wait for the next version on the WebSocket). Reports decisions per second
and the latency of a decision's acknowledgement.

python benchmarks/bench_table_load.py --games 200
python benchmarks/bench_table_load.py --games 200 --db postgresql://postgres@127.0.0.1/laguna_bench
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx
import websockets

CSRF = re.compile(r'name="csrf" value="([0-9a-f]+)"')
LISTED = re.compile(r'class="act listed" data-action="([^"]+)"')
STATE = re.compile(r'data-version="(\d+)" data-seat="(\d*)" data-status="(\w+)"')
TABLE = re.compile(r"/t/([\w-]+)$")


class Results:
    def __init__(self) -> None:
        self.latencies: list[float] = []
        self.stale = 0
        self.limited = 0
        self.errors: list[str] = []
        self.finished = 0


async def _guest(address: str) -> tuple[httpx.AsyncClient, str]:
    client = httpx.AsyncClient(base_url=address, follow_redirects=True, timeout=60)
    page = await client.post("/guest")
    found = CSRF.search(page.text)
    if found is None:
        raise RuntimeError(f"no session for a guest: {page.status_code}")
    return client, found.group(1)


async def _player(
    client: httpx.AsyncClient, csrf: str, table_id: str, ws_url: str, *, rng: random.Random, results: Results
) -> None:
    """Play one seat to the end of the game: act when it is this seat's turn, else wait for a version."""
    async with websockets.connect(ws_url, open_timeout=60, close_timeout=1) as live:
        while True:
            page = (await client.get(f"/t/{table_id}/main")).text
            state = STATE.search(page)
            if state is None:
                results.errors.append("a table page without its state")
                return
            version, seat, status = int(state.group(1)), state.group(2), state.group(3)
            if status == "finished":
                return
            listed = LISTED.findall(page)
            if listed and "Your turn" in page:
                body = {"seat": int(seat), "action": rng.choice(listed), "version": version}
                began = time.perf_counter()
                answer = await client.post(f"/t/{table_id}/act", json=body, headers={"X-CSRF-Token": csrf})
                spent = time.perf_counter() - began
                if answer.status_code == 200:
                    results.latencies.append(spent)
                elif answer.status_code == 409:
                    results.stale += 1
                elif answer.status_code == 429:  # the per-player rate limit: a person is never this quick
                    results.limited += 1
                    await asyncio.sleep(0.2)
                else:
                    results.errors.append(f"{answer.status_code}: {answer.text[:200]}")
                    return
                continue
            while True:  # wait for a newer version than the page showed
                message = json.loads(await asyncio.wait_for(live.recv(), timeout=120))
                if message["version"] != version:
                    break


async def _game(address: str, index: int, results: Results) -> None:
    (first, first_csrf), (second, second_csrf) = await asyncio.gather(_guest(address), _guest(address))
    try:
        created = await first.post(
            "/tables", data={"csrf": first_csrf, "game": "walking-in-burano", "players": "2", "seat2": "open"}
        )
        found = TABLE.search(str(created.url))
        if found is None:
            results.errors.append(f"no table created: {created.status_code}")
            return
        table_id = found.group(1)
        await second.post(f"/t/{table_id}/join", data={"csrf": second_csrf, "seat": "2"})
        await first.post(f"/t/{table_id}/start", data={"csrf": first_csrf})
        ws_url = address.replace("http", "ws", 1) + f"/t/{table_id}/live"
        await asyncio.gather(
            _player(first, first_csrf, table_id, ws_url, rng=random.Random(2 * index), results=results),
            _player(second, second_csrf, table_id, ws_url, rng=random.Random(2 * index + 1), results=results),
        )
        results.finished += 1
    except (httpx.HTTPError, websockets.WebSocketException, TimeoutError) as error:
        results.errors.append(f"game {index}: {type(error).__name__} {error}")
    finally:
        await first.aclose()
        await second.aclose()


async def _run(address: str, games: int) -> tuple[Results, float]:
    results = Results()
    began = time.perf_counter()
    await asyncio.gather(*(_game(address, index, results) for index in range(games)))
    return results, time.perf_counter() - began


def _serve(database_url: str, port: int, folder: Path) -> subprocess.Popen[bytes]:
    command = [sys.executable, "-c", "from laguna.cli.app import main; main()", "serve", "--port", str(port)]
    process = subprocess.Popen([*command, "--db", database_url], stdout=subprocess.DEVNULL, cwd=folder)
    for _ in range(300):
        try:
            httpx.get(f"http://127.0.0.1:{port}/", timeout=1)
            return process
        except httpx.HTTPError:
            time.sleep(0.1)
    process.kill()
    raise RuntimeError("laguna serve did not start")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Concurrent games through the browser table's interface.")
    parser.add_argument("--games", type=int, default=200, help="concurrent two-player games")
    parser.add_argument("--db", default=None, help="database URL (default: a new SQLite file)")
    parser.add_argument("--port", type=int, default=8765)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as folder:
        url = args.db or f"sqlite:///{Path(folder) / 'bench.sqlite3'}"
        server = _serve(url, args.port, Path(folder))
        try:
            results, seconds = asyncio.run(_run(f"http://127.0.0.1:{args.port}", args.games))
        finally:
            server.terminate()
            server.wait(10)
    latencies = sorted(results.latencies)
    if not latencies:
        print("no decision was acknowledged", file=sys.stderr)
        return 1
    p50 = statistics.median(latencies)
    p99 = latencies[min(len(latencies) - 1, int(0.99 * len(latencies)))]
    print(f"{args.games} concurrent games on {url.split(':', 1)[0]}: {results.finished} finished in {seconds:.1f} s")
    print(f"decisions acknowledged: {len(latencies)} ({len(latencies) / seconds:.1f} per second)")
    print(
        f"acknowledgement latency: p50 {1000 * p50:.1f} ms, p99 {1000 * p99:.1f} ms, max {1000 * latencies[-1]:.1f} ms"
    )
    print(f"refused as stale: {results.stale}; held back by the rate limit: {results.limited}")
    print(f"errors: {len(results.errors)}")
    for error in results.errors[:5]:
        print("  " + error)
    return 0 if not results.errors else 1


if __name__ == "__main__":
    sys.exit(main())
