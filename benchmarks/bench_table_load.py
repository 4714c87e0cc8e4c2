"""Load on the browser table: many concurrent two-player games of Walking in Burano, every decision made
by a client through the HTTP and WebSocket interface as a browser does it: read the table's changing
part, pick a listed decision at random after a pause to think, send it, and wait on the table's
WebSocket for the next version. Reports decisions per second and the latency of a decision's
acknowledgement, as the client saw it and as the server measured it (its Server-Timing header).

python benchmarks/bench_table_load.py --games 200 --think 1
python benchmarks/bench_table_load.py --games 200 --think 0          # as fast as the server goes
python benchmarks/bench_table_load.py --games 200 --workers 2 --db postgresql://postgres@127.0.0.1/laguna_bench
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
from dataclasses import dataclass, field
from pathlib import Path

import aiohttp
from common import counted_refusal

CSRF = re.compile(r'name="csrf" value="([0-9a-f]+)"')
LISTED = re.compile(r'class="act listed" data-action="([^"]+)"')
STATE = re.compile(r'data-version="(\d+)" data-seat="(\d*)" data-status="(\w+)"')
TABLE = re.compile(r"/t/([\w-]+)$")
SERVER_TIMING = re.compile(r"dur=([\d.]+)")


@dataclass
class Results:
    latencies: list[float] = field(default_factory=list)
    server_times: list[float] = field(default_factory=list)
    stale: int = 0
    limited: int = 0
    errors: list[str] = field(default_factory=list)
    finished: int = 0


async def _guest(address: str) -> tuple[aiohttp.ClientSession, str]:
    jar = aiohttp.CookieJar(unsafe=True)  # the server is addressed by its IP address
    client = aiohttp.ClientSession(base_url=address, timeout=aiohttp.ClientTimeout(total=120), cookie_jar=jar)
    async with client.post("/guest") as page:
        found = CSRF.search(await page.text())
    if found is None:
        await client.close()
        raise RuntimeError(f"no session for a guest: {page.status}")
    return client, found.group(1)


async def _player(
    client: aiohttp.ClientSession, csrf: str, table_id: str, *, think: float, rng: random.Random, results: Results
) -> None:
    """Play one seat to the end of the game: act when it is this seat's turn, else wait for a version."""
    heard = 0  # the newest version heard of: the page is asked for at that version or later
    async with client.ws_connect(f"/t/{table_id}/live", heartbeat=None) as live:
        while True:
            async with client.get(f"/t/{table_id}/main", params={"version": heard}) as response:
                page = await response.text()
            state = STATE.search(page)
            if state is None:
                results.errors.append("a table page without its state")
                return
            version, seat, status = int(state.group(1)), state.group(2), state.group(3)
            if status == "finished":
                return
            listed = LISTED.findall(page)
            if listed and "Your turn" in page:
                if think:
                    await asyncio.sleep(rng.uniform(0.5 * think, 1.5 * think))
                body = {"seat": int(seat), "action": rng.choice(listed), "version": version}
                began = time.perf_counter()
                async with client.post(f"/t/{table_id}/act", json=body, headers={"X-CSRF-Token": csrf}) as answer:
                    body_text = await answer.text()
                    spent = time.perf_counter() - began
                    timing = SERVER_TIMING.search(answer.headers.get("Server-Timing", ""))
                if answer.status == 200:
                    heard = max(heard, json.loads(body_text)["version"])
                    results.latencies.append(spent)
                    if timing:
                        results.server_times.append(float(timing.group(1)) / 1000)
                elif not await counted_refusal(answer.status, results):
                    results.errors.append(f"{answer.status}: {body_text[:200]}")
                    return
                continue
            while True:  # wait for a newer version than the page showed
                message = await asyncio.wait_for(live.receive(), timeout=300)
                if message.type != aiohttp.WSMsgType.TEXT:
                    raise ConnectionError(f"the table's WebSocket closed ({message.type.name})")
                heard = max(heard, json.loads(message.data)["version"])
                if heard > version:
                    break


async def _game(address: str, index: int, think: float, results: Results) -> None:
    (first, first_csrf), (second, second_csrf) = await asyncio.gather(_guest(address), _guest(address))
    try:
        form = {"csrf": first_csrf, "game": "walking-in-burano", "players": "2", "seat2": "open"}
        async with first.post("/tables", data=form) as created:
            found = TABLE.search(str(created.url))
        if found is None:
            results.errors.append(f"no table created: {created.status}")
            return
        table_id = found.group(1)
        async with second.post(f"/t/{table_id}/join", data={"csrf": second_csrf, "seat": "2"}):
            pass
        async with first.post(f"/t/{table_id}/start", data={"csrf": first_csrf}):
            pass
        await asyncio.gather(
            _player(first, first_csrf, table_id, think=think, rng=random.Random(2 * index), results=results),
            _player(second, second_csrf, table_id, think=think, rng=random.Random(2 * index + 1), results=results),
        )
        results.finished += 1
    except (aiohttp.ClientError, ConnectionError, TimeoutError) as error:
        results.errors.append(f"game {index}: {type(error).__name__} {error}")
    finally:
        await first.close()
        await second.close()


async def _run(address: str, games: int, think: float) -> tuple[Results, float]:
    results = Results()
    began = time.perf_counter()
    await asyncio.gather(*(_game(address, index, think, results) for index in range(games)))
    return results, time.perf_counter() - began


def _serve(database_url: str, port: int, workers: int, folder: Path) -> subprocess.Popen[bytes]:
    command = [sys.executable, "-c", "from laguna.cli.app import main; main()", "serve", "--port", str(port)]
    command += ["--db", database_url, "--workers", str(workers)]
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, cwd=folder)
    for _ in range(300):
        try:
            subprocess.run(
                [sys.executable, "-c", f"import urllib.request; urllib.request.urlopen('http://127.0.0.1:{port}/')"],
                check=True, capture_output=True, timeout=5,
            )  # fmt: skip
            return process
        except subprocess.CalledProcessError:
            time.sleep(0.1)
    process.kill()
    raise RuntimeError("laguna serve did not start")


def _percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Concurrent games through the browser table's interface.")
    parser.add_argument("--games", type=int, default=200, help="concurrent two-player games")
    parser.add_argument("--think", type=float, default=1.0, help="mean seconds a player thinks before deciding")
    parser.add_argument("--db", default=None, help="database URL (default: a new SQLite file)")
    parser.add_argument("--workers", type=int, default=1, help="server processes (several need PostgreSQL)")
    parser.add_argument("--port", type=int, default=8765)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as folder:
        url = args.db or f"sqlite:///{Path(folder) / 'bench.sqlite3'}"
        server = _serve(url, args.port, args.workers, Path(folder))
        try:
            results, seconds = asyncio.run(_run(f"http://127.0.0.1:{args.port}", args.games, args.think))
        finally:
            server.terminate()
            server.wait(10)
    if not results.latencies:
        print("no decision was acknowledged", file=sys.stderr)
        return 1
    where = f"{url.split(':', 1)[0]}, {args.workers} server process{'es' if args.workers > 1 else ''}"
    print(
        f"{args.games} concurrent games ({where}, think {args.think} s): {results.finished} finished in {seconds:.1f} s"
    )
    print(f"decisions acknowledged: {len(results.latencies)} ({len(results.latencies) / seconds:.1f} per second)")
    for name, values in (("as the client saw it", results.latencies), ("inside the server", results.server_times)):
        if values:
            p50, p99 = statistics.median(values), _percentile(values, 0.99)
            shown = f"p50 {1000 * p50:.1f} ms, p99 {1000 * p99:.1f} ms, max {1000 * max(values):.1f} ms"
            print(f"acknowledgement, {name}: {shown}")
    print(f"refused as stale: {results.stale}; held back by the rate limit: {results.limited}")
    print(f"errors: {len(results.errors)}")
    for error in results.errors[:5]:
        print("  " + error)
    return 0 if not results.errors else 1


if __name__ == "__main__":
    sys.exit(main())
