"""A flood of wrong log-ins against one `laguna serve`: what it costs the server, and what it tells the
guesser.

Each of `--guessers` clients connects from a loopback address of its own (127.2.x.y) and sends
`--tries` wrong log-ins at once with the others: half of them guess the password of one real account,
half of them names that do not exist. Meanwhile the resident memory of the server and all its
processes is sampled every 0.1 s. Figures: the answers by status (400 wrong, 429 throttled, 503
busy), the peak memory against the memory before, and the median time of an answer to a wrong
password for the real name and for an unknown name, each asked alone after the flood from fresh
addresses (the difference is what timing tells a guesser about whether a name exists).

python benchmarks/bench_login_flood.py                  # 60 guessers, 3 tries each
python benchmarks/bench_login_flood.py --guessers 200 --json
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

import aiohttp
from bench_table_abuse import Memory, _client, _free_port, _memory, _serve, _stop

NAME, PROBED, PASSWORD = "Ada", "Bea", "correct horse battery"
"""The account the guessers try, the account timed after the flood (never locked), their password."""


async def _log_in(address: str, source: str, name: str, password: str) -> tuple[int, float]:
    """One log-in from `source`: the status and the milliseconds it took."""
    async with _client(address, 60, source) as client:
        began = time.perf_counter()
        async with client.post("/login", data={"name": name, "password": password}, allow_redirects=False) as answer:
            await answer.read()
            return answer.status, 1000 * (time.perf_counter() - began)


async def _flood(args: argparse.Namespace, address: str, pid: int) -> dict[str, Any]:
    for name in (NAME, PROBED):
        async with (
            _client(address, 60) as client,
            client.post("/signup", data={"name": name, "password": PASSWORD}) as answer,
        ):
            assert answer.status == 200, await answer.text()
    memory = Memory(before=await asyncio.to_thread(_memory, pid))
    watching = asyncio.create_task(memory.watch(pid))
    tries = []
    for guesser in range(args.guessers):
        source = f"127.2.{guesser // 250}.{guesser % 250 + 1}"
        for attempt in range(args.tries):
            name = NAME if guesser % 2 == 0 else f"nobody{guesser}x{attempt}"
            tries.append(_log_in(address, source, name, f"wrong guess {attempt}"))
    began = time.perf_counter()
    answers = await asyncio.gather(*tries)
    flood_seconds = time.perf_counter() - began
    await asyncio.sleep(0.5)
    watching.cancel()
    memory.after = await asyncio.to_thread(_memory, pid)
    known, unknown = [], []
    for probe in range(args.probes):  # one at a time, each from an address and for a name never throttled
        source = f"127.3.{probe // 250}.{probe % 250 + 1}"
        known.append((await _log_in(address, source, PROBED, f"probe {probe}"))[1])
        unknown.append((await _log_in(address, source, f"stranger{probe}", f"probe {probe}"))[1])
    return {
        "guessers": args.guessers,
        "log_ins": len(tries),
        "flood_seconds": round(flood_seconds, 2),
        "answers": dict(sorted(Counter(str(status) for status, _ in answers).items())),
        "memory_mb": {
            "before": round(memory.before[0]),
            "peak": round(memory.peak[0]),
            "after": round(memory.after[0]),
        },
        "wrong_password_ms": {
            "real_name_median": round(statistics.median(known), 1),
            "unknown_name_median": round(statistics.median(unknown), 1),
        },
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--guessers", type=int, default=60, help="clients at once, each from its own address")
    parser.add_argument("--tries", type=int, default=3, help="wrong log-ins per guesser")
    parser.add_argument("--probes", type=int, default=4, help="timed single log-ins after the flood, per name kind")
    parser.add_argument("--workers", type=int, default=1, help=argparse.SUPPRESS)
    parser.add_argument("--bot-workers", type=int, default=1, help=argparse.SUPPRESS)
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as folder:
        port = _free_port()
        server = _serve(args, f"sqlite:///{Path(folder) / 'laguna.sqlite3'}", port, Path(folder))
        try:
            report = asyncio.run(_flood(args, f"http://127.0.0.1:{port}", server.pid))
        except aiohttp.ClientError as error:
            print(f"the flood failed: {error}", file=sys.stderr)
            return 1
        finally:
            report_stop = _stop(server)
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        memory, timing = report["memory_mb"], report["wrong_password_ms"]
        print(f"{report['log_ins']} wrong log-ins from {report['guessers']} addresses in {report['flood_seconds']} s")
        print(f"answers: {', '.join(f'{status}: {count}' for status, count in report['answers'].items())}")
        print(f"memory: {memory['before']} MB before, {memory['peak']} MB at the peak, {memory['after']} MB after")
        print(
            f"a wrong password takes {timing['real_name_median']} ms for a real name and "
            f"{timing['unknown_name_median']} ms for an unknown one (medians)"
        )
        print(f"server: {report_stop}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
