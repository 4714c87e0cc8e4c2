"""Abuse at the browser table: honest players keep playing Walking in Burano against a bot while
strangers flood "Play now" and send absurd requests, all at once against one `laguna serve`.

Every client works as a browser does (a session cookie, the CSRF token read from a page, the table's
changing part at `/t/<id>/main`, decisions posted to `/t/<id>/act`, versions heard on `/t/<id>/live`):

- honest games (`--games`): each honest player, an account of its own (a guest, or `--accounts
  signup`) connecting from a loopback address of its own (127.1.x.y; `--honest-addresses shared` for
  127.0.0.1), starts a game against one bot (`--honest-level`, through the table form or "Play now")
  and plays its seat to the end, thinking `--think` seconds on average before each decision (the
  players arrive one after another over `--arrive` seconds);
- a "Play now" flood (`--flooders`) at level expert from 127.0.0.1, each flooder and attacker pressing
  every `--press-every` seconds (0: as fast as a script can): half of the flooders are a new
  visitor without cookies at every press, half the same visitor again and again (signed in as the
  guest its first press made);
- attackers (`--attackers`) from 127.0.0.1 asking for absurd bot budgets, player counts and numbers
  of opponents and handing a seat to a bot of absurd budget: all should be refused with a 4xx. On a
  table wrongly accepted, the attacker makes its decision so that the bot has to think.

The flood and the attacks run `--duration` seconds; the honest games run to their end, or are stopped
after `--max-seconds`. Every request has a time limit (`--timeout`), and the server is stopped at the
end with every process it started.

Figures: the latency of an honest decision as the client saw it (the POST to its answer) and as the
server measured it (its Server-Timing header), also for the decisions made while the flood ran; the
bot decisions on the honest tables (every version of a table that was not one of its honest player's
own decisions, from the player's first look at it to its last), per second of the honest games' wall
time; the wait for a bot (from the acknowledgement of an honest decision to the page where it is the
player's turn again or the game is over, when a bot decided in between), counting those still waiting
when the time was up; the resident memory of the server and all its processes (VmRSS) before, at the
peak of (sampled every 0.25 s) and after the load; every answer to the flood and the attacks by
status. It exits non-zero when the honest p99 reaches `--p99-limit` ms, a bot kept an honest player
waiting `--wait-limit` seconds, an honest player was refused, failed a request or did not finish, an
attack was accepted or answered with a 5xx or not at all, or the server died.

python benchmarks/bench_table_abuse.py                                      # 200 games, 50 flooders, 20 attackers
python benchmarks/bench_table_abuse.py --games 5 --flooders 2 --attackers 2 --duration 20   # a quick look
python benchmarks/bench_table_abuse.py --games 200 --accounts signup --json > abuse.json
python benchmarks/bench_table_abuse.py --workers 2 --bot-workers 2 --db postgresql://postgres@127.0.0.1/laguna_bench
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import re
import secrets
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import aiohttp
from bench_table_load import LISTED, SERVER_TIMING, STATE, TABLE
from common import counted_refusal

GAME = "walking-in-burano"
CSRF = re.compile(r'(?:name="csrf" value|data-csrf)="([^"]+)"')
"""A CSRF token, from a form or from the table's ``data-csrf``."""
ERROR = re.compile(r'class="error"[^>]*>([^<]*)<')
HUGE = "ismcts:999999999999"
ATTACKS: list[tuple[str, str, dict[str, str]]] = [
    (f"/tables seat2={HUGE}", "/tables", {"players": "2", "seat2": HUGE, "move_seconds": ""}),
    ("/tables seat2=ismcts:99999999ms", "/tables", {"players": "2", "seat2": "ismcts:99999999ms", "move_seconds": ""}),
    ("/tables players=3000000", "/tables", {"players": "3000000", "move_seconds": ""}),
    ("/play-now opponents=10**19", "/play-now", {"level": "medium", "opponents": str(10**19)}),
    ("/play-now opponents=-5", "/play-now", {"level": "medium", "opponents": "-5"}),
    ("/play-now opponents=3000000", "/play-now", {"level": "medium", "opponents": "3000000"}),
    (f"/t/<id>/handover level={HUGE}", "handover", {"seat": "2", "level": HUGE}),
]
"""The attacks: a name for the report, the path (``handover``: the attacker's own table's), the form."""


KEEP_ALIVE = 4.0
"""Seconds a client keeps an idle connection: less than the server's keep-alive."""


def _now() -> float:
    return time.perf_counter()


def _client(address: str, timeout: float, source: str | None = None) -> aiohttp.ClientSession:
    """A browser of its own: its own cookies (the server is addressed by its IP address), a time limit
    on every request, and the loopback address `source` to connect from if given (else 127.0.0.1)."""
    jar = aiohttp.CookieJar(unsafe=True)
    # An idle connection is dropped before the server's keep-alive (uvicorn's 5 s) closes it under a
    # request, as browsers do with a server's Keep-Alive timeout.
    connector = aiohttp.TCPConnector(local_addr=(source, 0) if source else None, keepalive_timeout=KEEP_ALIVE)
    return aiohttp.ClientSession(
        base_url=address, timeout=aiohttp.ClientTimeout(total=timeout), cookie_jar=jar, connector=connector
    )


def _honest_source(index: int, addresses: str) -> str | None:
    """Where honest player `index` connects from: a loopback address of its own (127.1.x.y), as players
    at home each have theirs, or with `addresses` ``shared`` the same 127.0.0.1 as the abusers."""
    return f"127.1.{index // 250}.{index % 250 + 1}" if addresses == "own" else None


def _why(text: str) -> str:
    """The server's reason for a refusal, from its error page or JSON answer."""
    found = ERROR.search(text)
    if found:
        return found.group(1).strip()[:120]
    with contextlib.suppress(ValueError, AttributeError):
        return str(json.loads(text).get("error", ""))[:120]
    return text.strip()[:120]


# ---------------------------------------------------------------------------------------------- honest games


@dataclass
class Honest:
    decisions: list[tuple[float, float]] = field(default_factory=list)
    """(when acknowledged, seconds) of every decision as the client saw it."""
    server_times: list[float] = field(default_factory=list)
    bot_waits: list[tuple[float, float]] = field(default_factory=list)
    """(when the wait began, seconds) of every wait for a bot's decision."""
    waiting_since: dict[int, float] = field(default_factory=dict)
    """Honest players waiting for a bot's decision now, since when."""
    bot_decisions: int = 0
    started: int = 0
    finished: int = 0
    broken: int = 0
    """Games given up: refused by the server in play, or too many failed requests."""
    last_end: float = 0.0
    stale: int = 0
    limited: int = 0
    refused: Counter[str] = field(default_factory=Counter)
    errors: list[str] = field(default_factory=list)


async def _account(client: aiohttp.ClientSession, index: int, accounts: str, honest: Honest) -> str | None:
    """Sign the client in (as a guest, or as a new account) and return its CSRF token."""
    if accounts == "signup":
        name = f"h{secrets.token_hex(4)}-{index}"
        path, form = "/signup", {"name": name, "password": secrets.token_hex(8)}
    else:
        path, form = "/guest", {}
    async with client.post(path, data=form) as answer:
        text = await answer.text()
    found = CSRF.search(text)
    if answer.status != 200 or found is None:
        honest.refused[f"{path} {answer.status}: {_why(text)}"] += 1
        return None
    return found.group(1)


async def _new_game(client: aiohttp.ClientSession, csrf: str, level: str, start: str, honest: Honest) -> str | None:
    """Start a game against one bot of `level`, through the lobby's table form or "Play now"."""
    if start == "tables":
        path, form = "/tables", {"players": "2", "seat2": level, "move_seconds": ""}
    else:
        path, form = "/play-now", {"level": level, "opponents": "1"}
    async with client.post(path, data={"csrf": csrf, "game": GAME, **form}) as answer:
        text = await answer.text()
    found = TABLE.search(answer.url.path)
    if answer.status != 200 or found is None:
        honest.refused[f"{path} {answer.status}: {_why(text)}"] += 1
        return None
    return found.group(1)


@dataclass
class Seat:
    """An honest player's game as its client follows it, kept when the client reconnects after a failure."""

    index: int
    csrf: str
    table_id: str
    rng: random.Random
    heard: int = 0
    """The newest version heard of: the page is asked for at that version or later."""
    first: int | None = None
    newest: int = 0
    own: int = 0
    """Version bumps made by the client's own decisions."""
    acknowledged: tuple[float, int] | None = None
    """When the client's last decision was acknowledged and its version, while it waits for its turn."""


async def _play(client: aiohttp.ClientSession, game: Seat, think: float, honest: Honest) -> bool:
    """Play the client's seat to the end of the game (true once it is over, false if the server
    refused it): act when it is the seat's turn, else wait for a newer version on the table's WebSocket."""
    table_id = game.table_id
    async with client.ws_connect(f"/t/{table_id}/live", heartbeat=None) as live:
        heard = asyncio.Event()
        closed: list[str] = []

        async def listen() -> None:
            """Read the WebSocket all the time, as a browser does (so the server's pings are answered
            while the player thinks)."""
            async for message in live:
                if message.type == aiohttp.WSMsgType.TEXT:
                    game.heard = max(game.heard, int(json.loads(message.data)["version"]))
                    heard.set()
            closed.append(f"the table's WebSocket closed ({live.close_code})")
            heard.set()

        listener = asyncio.create_task(listen())
        try:
            return await _turns(client, game, think, honest, heard, closed)
        finally:
            listener.cancel()


async def _turns(  # noqa: PLR0917
    client: aiohttp.ClientSession, game: Seat, think: float, honest: Honest, heard: asyncio.Event, closed: list[str]
) -> bool:
    """Play the turns until the game is over (true) or the server refuses a decision (false); between
    them, wait until the listener hears of a version newer than the page showed."""
    table_id = game.table_id
    while True:
        async with client.get(f"/t/{table_id}/main", params={"version": game.heard}) as response:
            page = await response.text()
        state = STATE.search(page)
        if state is None:
            honest.errors.append(f"game {game.index}: a table page without its state, {response.status} {_why(page)}")
            return False
        version, seat, status = int(state.group(1)), state.group(2), state.group(3)
        game.first = version if game.first is None else game.first
        game.newest = max(game.newest, version)
        listed = LISTED.findall(page)
        owing = 'data-owing="1"' in page if "data-owing=" in page else "Your turn" in page
        if game.acknowledged is not None and (status == "finished" or (listed and owing)):
            if version > game.acknowledged[1]:  # a bot decided since (else the client simply goes on)
                honest.bot_waits.append((game.acknowledged[0], _now() - game.acknowledged[0]))
            honest.waiting_since.pop(game.index, None)
            game.acknowledged = None
        if status == "finished":
            return True
        if listed and owing:
            if think:
                await asyncio.sleep(game.rng.uniform(0.5 * think, 1.5 * think))
            if not await _decide(client, game, honest, seat=int(seat), action=game.rng.choice(listed), version=version):
                return False
            continue
        while game.heard <= version:  # wait for a newer version than the page showed
            if closed:
                raise ConnectionError(closed[0])
            heard.clear()
            if game.heard <= version:
                await heard.wait()


async def _decide(
    client: aiohttp.ClientSession, game: Seat, honest: Honest, *, seat: int, action: str, version: int
) -> bool:
    """Send one decision and note its latency (false if the server refused it for good). A decision
    left without an answer counts as taking as long as the client waited."""
    body = {"seat": seat, "action": action, "version": version}
    began = _now()
    try:
        async with client.post(
            f"/t/{game.table_id}/act", json=body, headers={"X-CSRF-Token": game.csrf}
        ) as answer:  # fmt: skip
            text = await answer.text()
            spent = _now() - began
            timing = SERVER_TIMING.search(answer.headers.get("Server-Timing", ""))
    except TimeoutError:
        honest.decisions.append((_now(), _now() - began))
        raise
    if answer.status == 200:
        acknowledged = int(json.loads(text)["version"])
        game.own += acknowledged - version
        game.heard = game.newest = max(game.heard, game.newest, acknowledged)
        game.acknowledged = (_now(), acknowledged)
        honest.waiting_since[game.index] = game.acknowledged[0]
        honest.decisions.append((game.acknowledged[0], spent))
        if timing:
            honest.server_times.append(float(timing.group(1)) / 1000)
    elif not await counted_refusal(answer.status, honest):
        honest.errors.append(f"game {game.index}: a decision refused, {answer.status} {_why(text)}")
        return False
    return True


async def _honest(address: str, index: int, args: argparse.Namespace, honest: Honest) -> None:
    """One honest player: an account, a game against a bot, played to the end. A request that fails
    (no answer in time, a connection lost) is tried again after a second, as a person reloads the
    page; after `args.retries` such retries the player gives up."""
    await asyncio.sleep(args.arrive * index / max(1, args.games))  # players arrive one after another
    client = _client(address, args.timeout, _honest_source(index, args.honest_addresses))
    csrf: str | None = None
    game: Seat | None = None
    failures = 0
    try:
        while True:
            try:
                stage = "signing in"
                if csrf is None:
                    csrf = await _account(client, index, args.accounts, honest)
                    if csrf is None:
                        return
                stage = "starting its game"
                if game is None:
                    table_id = await _new_game(client, csrf, args.honest_level, args.honest_start, honest)
                    if table_id is None:
                        return
                    honest.started += 1
                    game = Seat(index, csrf, table_id, random.Random(args.seed * 1_000_003 + index))
                stage = "playing"
                if await _play(client, game, args.think, honest):
                    honest.finished += 1
                    honest.last_end = max(honest.last_end, _now())
                else:
                    honest.broken += 1
                return
            except (aiohttp.ClientError, ConnectionError, TimeoutError, ValueError, KeyError) as error:
                failures += 1
                why = f"no answer within {args.timeout} s" if isinstance(error, TimeoutError) else f"{error!r}"[:160]
                honest.errors.append(f"game {index}, {stage}: {why}")
                if failures > args.retries:
                    honest.broken += 1
                    return
                await asyncio.sleep(1)
    finally:
        if game is not None and game.first is not None:  # the table's version bumps not made by the client
            honest.bot_decisions += game.newest - game.first - game.own
        honest.waiting_since.pop(index, None)
        await client.close()


# ------------------------------------------------------------------------------------ the flood and the attacks


@dataclass
class Abuse:
    answers: dict[str, Counter[str]] = field(default_factory=dict)
    """By the kind of request, how often each answer came: a status, ``timeout`` or ``no answer``."""
    failures: Counter[str] = field(default_factory=Counter)
    accepted: Counter[str] = field(default_factory=Counter)

    def count(self, name: str, answer: str) -> None:
        self.answers.setdefault(name, Counter())[answer] += 1


async def _send(
    client: aiohttp.ClientSession, name: str, path: str, form: dict[str, str], abuse: Abuse
) -> tuple[int, str, str]:
    """Post a form once, without following the answer's redirection; count the answer. Returns the
    status (0 for none), the redirection's target and the body."""
    try:
        async with client.post(path, data=form, allow_redirects=False) as answer:
            text = await answer.text()
    except TimeoutError:
        abuse.count(name, "timeout")
        abuse.failures[f"{name}: no answer within the time limit"] += 1
        return 0, "", ""
    except aiohttp.ClientError as error:
        abuse.count(name, "no answer")
        abuse.failures[f"{name}: {type(error).__name__}"] += 1
        await asyncio.sleep(0.2)  # the server may be gone: do not spin
        return 0, "", ""
    abuse.count(name, str(answer.status))
    if answer.status >= 500:
        abuse.failures[f"{name}: {answer.status} {_why(text)}"] += 1
    return answer.status, answer.headers.get("Location", ""), text


async def _token(client: aiohttp.ClientSession, path: str) -> str:
    """The CSRF token shown on a page ('' if none could be read)."""
    with contextlib.suppress(aiohttp.ClientError, TimeoutError):
        async with client.get(path) as page:
            found = CSRF.search(await page.text())
            return found.group(1) if found else ""
    return ""


async def _flooder(address: str, keep: bool, args: argparse.Namespace, abuse: Abuse, until: float) -> None:
    """Press "Play now" in a loop until `until`: a new anonymous visitor at every press, or (`keep`)
    the same visitor again and again, signed in as the guest its first press made."""
    name = f"/play-now level={args.flood_level}, " + ("the same visitor" if keep else "a new visitor each time")
    client: aiohttp.ClientSession | None = None
    csrf = ""
    try:
        while _now() < until:
            if client is None or not keep:
                if client is not None:
                    await client.close()
                client, csrf = _client(address, args.timeout), ""
            form = {"level": args.flood_level, "game": GAME, "opponents": "1"} | ({"csrf": csrf} if csrf else {})
            status, target, _ = await _send(client, name, "/play-now", form, abuse)
            if keep and not csrf and status == 303:
                csrf = await _token(client, target or "/")
            await asyncio.sleep(args.press_every)
    finally:
        if client is not None:
            await client.close()


async def _attacker(address: str, index: int, args: argparse.Namespace, abuse: Abuse, until: float) -> None:
    """Send every attack in turn until `until`, as one guest. A table that the server wrongly accepts
    gets one decision from the attacker, so that its bot has to think."""
    client = _client(address, args.timeout)
    try:
        csrf = ""
        with contextlib.suppress(aiohttp.ClientError, TimeoutError):
            async with client.post("/guest") as page:
                found = CSRF.search(await page.text())
                csrf = found.group(1) if found else ""
        form = {"csrf": csrf, "game": GAME, "players": "2", "seat2": "open", "move_seconds": "3600"}
        status, target, _ = await _send(
            client, "(set-up) the attacker's own table, seat 2 open", "/tables", form, abuse
        )
        mine = TABLE.search(target) if status == 303 else None
        own = mine.group(1) if mine else "no-such-table"  # a table of the attacker's own, for the hand-over
        turn = index
        while _now() < until:
            name, path, form = ATTACKS[turn % len(ATTACKS)]
            turn += 1
            path = f"/t/{own}/handover" if path == "handover" else path
            status, target, _ = await _send(client, name, path, {"csrf": csrf, "game": GAME, **form}, abuse)
            await asyncio.sleep(args.press_every)
            if 200 <= status < 400:
                abuse.accepted[name] += 1
                found = TABLE.search(target)
                if found:
                    await _one_decision(client, csrf, found.group(1))
    finally:
        await client.close()


async def _one_decision(client: aiohttp.ClientSession, csrf: str, table_id: str) -> None:
    """Make the attacker's decision at a table where it owes one (failures are of no interest)."""
    with contextlib.suppress(aiohttp.ClientError, TimeoutError, ValueError):
        async with client.get(f"/t/{table_id}/main") as response:
            page = await response.text()
        state, listed = STATE.search(page), LISTED.findall(page)
        if state and state.group(2) and listed:
            body = {"seat": int(state.group(2)), "action": listed[0], "version": int(state.group(1))}
            async with client.post(f"/t/{table_id}/act", json=body, headers={"X-CSRF-Token": csrf}) as answer:
                await answer.read()


# ------------------------------------------------------------------------------------------------ the server


def _children(pid: int) -> list[int]:
    tasks = Path(f"/proc/{pid}/task")
    found: list[int] = []
    if (tasks / str(pid) / "children").exists():
        for task in tasks.glob("*/children"):
            with contextlib.suppress(OSError):
                found += [int(child) for child in task.read_text().split()]
        return found
    for stat in Path("/proc").glob("[0-9]*/stat"):  # a kernel without the children files
        with contextlib.suppress(OSError, ValueError, IndexError):
            if int(stat.read_text().rsplit(")", 1)[1].split()[1]) == pid:
                found.append(int(stat.parent.name))
    return found


def _tree(pid: int) -> list[int]:
    """The process and all its descendants."""
    found, waiting = [], [pid]
    while waiting:
        current = waiting.pop()
        found.append(current)
        waiting += _children(current)
    return found


def _memory(pid: int) -> tuple[float, int]:
    """MB resident in the process and its descendants (VmRSS summed), and how many processes."""
    kilobytes, processes = 0, 0
    for member in _tree(pid):
        with contextlib.suppress(OSError, ValueError):
            for line in Path(f"/proc/{member}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    kilobytes += int(line.split()[1])
                    processes += 1
    return kilobytes / 1024, processes


@dataclass
class Memory:
    before: tuple[float, int] = (0.0, 0)
    peak: tuple[float, int] = (0.0, 0)
    after: tuple[float, int] = (0.0, 0)

    async def watch(self, pid: int) -> None:
        while True:
            now = await asyncio.to_thread(_memory, pid)
            if now[0] > self.peak[0]:
                self.peak = now
            await asyncio.sleep(0.25)


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def _answers(address: str, timeout: float) -> float | None:
    """Milliseconds the server takes to show its welcome page, None if it does not."""
    began = _now()
    try:
        with urllib.request.urlopen(f"{address}/", timeout=timeout) as page:
            page.read()
    except OSError:
        return None
    return 1000 * (_now() - began)


def _serve(args: argparse.Namespace, database_url: str, port: int, folder: Path) -> subprocess.Popen[bytes]:
    """Start `laguna serve` in a session of its own (so that it is stopped with all its processes), its
    warnings and errors written to `folder`/server.log."""
    command = [sys.executable, "-c", "from laguna.cli.app import main; main()", "serve", "--port", str(port)]
    command += ["--db", database_url, "--workers", str(args.workers), "--bot-workers", str(args.bot_workers)]
    with (folder / "server.log").open("wb") as log:
        process = subprocess.Popen(
            command, stdout=subprocess.DEVNULL, stderr=log, cwd=folder, start_new_session=True
        )  # fmt: skip
    deadline = _now() + 60
    while _now() < deadline and process.poll() is None:
        if _answers(f"http://127.0.0.1:{port}", 2) is not None:
            return process
        time.sleep(0.2)
    _stop(process)
    raise RuntimeError(f"laguna serve did not start: {_log_tail(folder)}")


def _group(group: int) -> list[int]:
    """The live processes of a process group (not those that have ended but were never reaped)."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        with contextlib.suppress(OSError, ValueError, IndexError):
            state, _, group_id = stat.read_text().rsplit(")", 1)[1].split()[:3]
            if int(group_id) == group and state != "Z":
                found.append(int(stat.parent.name))
    return found


def _stop(process: subprocess.Popen[bytes]) -> str:
    """Stop the server and every process it started (its process group); say how it went."""
    if process.poll() is not None:
        how = f"had already ended (exit code {process.returncode})"
    else:
        process.terminate()
        try:
            process.wait(10)
            how = "stopped when asked"
        except subprocess.TimeoutExpired:
            how = "did not stop within 10 s of being asked: killed"
    deadline = _now() + 2  # its workers may take a moment to notice that it is gone
    while (left := [pid for pid in _group(process.pid) if pid != process.pid]) and _now() < deadline:
        time.sleep(0.1)
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(process.pid, signal.SIGKILL)
    with contextlib.suppress(subprocess.TimeoutExpired):
        process.wait(5)
    return how + (f"; {len(left)} of its processes were still running and were killed" if left else "")


def _log_tail(folder: Path, lines: int = 5) -> str:
    with contextlib.suppress(OSError):
        return " | ".join((folder / "server.log").read_text(errors="replace").strip().splitlines()[-lines:])
    return ""


# ------------------------------------------------------------------------------------------------- the run


async def _watch(process: subprocess.Popen[bytes]) -> None:
    """Return when the server process ends."""
    while process.poll() is None:
        await asyncio.sleep(0.5)


@dataclass
class Outcome:
    honest: Honest
    flood: Abuse
    attacks: Abuse
    memory: Memory
    seconds: float = 0.0
    """From the start of the load until every client had ended (or the time was up)."""
    honest_seconds: float = 0.0
    """From the start until the last honest game ended (the whole run if one did not)."""
    floods_seconds: float = 0.0
    floods_end: float = 0.0
    """When the flood and the attacks stopped (on the `_now` clock)."""
    unfinished: int = 0
    still_waiting: list[tuple[float, float]] = field(default_factory=list)
    began: float = 0.0
    died: bool = False
    answers_after: float | None = None


async def _run(args: argparse.Namespace, address: str, server: subprocess.Popen[bytes]) -> Outcome:
    outcome = Outcome(Honest(), Abuse(), Abuse(), Memory())
    honest, memory = outcome.honest, outcome.memory
    memory.before = memory.peak = await asyncio.to_thread(_memory, server.pid)
    began = outcome.began = _now()
    floods_end = began + min(args.duration, args.max_seconds)
    sampling = asyncio.create_task(memory.watch(server.pid))
    watcher = asyncio.create_task(_watch(server))
    games = [asyncio.create_task(_honest(address, index, args, honest)) for index in range(args.games)]
    floods = [
        asyncio.create_task(_flooder(address, i % 2 == 1, args, outcome.flood, floods_end))
        for i in range(args.flooders)
    ]
    attacks = [
        asyncio.create_task(_attacker(address, i, args, outcome.attacks, floods_end)) for i in range(args.attackers)
    ]
    pending: set[asyncio.Task[None]] = {*games, *floods, *attacks}
    while pending and not watcher.done() and (left := began + args.max_seconds - _now()) > 0:
        _, waiting = await asyncio.wait({*pending, watcher}, timeout=left, return_when=asyncio.FIRST_COMPLETED)
        pending = {task for task in waiting if task is not watcher}
    ended = _now()
    outcome.unfinished = sum(not task.done() for task in games)
    outcome.still_waiting = [(since, ended - since) for since in honest.waiting_since.values()]
    for task in pending:
        task.cancel()
    await asyncio.gather(*pending, return_exceptions=True)
    outcome.seconds, outcome.floods_seconds, outcome.floods_end = ended - began, floods_end - began, floods_end
    outcome.honest_seconds = (honest.last_end if honest.last_end and not outcome.unfinished else ended) - began
    outcome.died = server.poll() is not None
    if not outcome.died:
        await asyncio.sleep(args.settle)
        outcome.answers_after = await asyncio.to_thread(_answers, address, args.timeout)
    sampling.cancel()
    watcher.cancel()
    memory.after = await asyncio.to_thread(_memory, server.pid)
    return outcome


def _spread(values: list[float]) -> dict[str, float] | None:
    """p50, p90, p99 and the largest of some seconds, in milliseconds."""
    if not values:
        return None
    ordered = sorted(values)

    def at(share: float) -> float:
        return round(1000 * ordered[min(len(ordered) - 1, int(share * len(ordered)))], 1)

    return {"n": len(values), "p50_ms": round(1000 * statistics.median(ordered), 1), "p90_ms": at(0.9),
            "p99_ms": at(0.99), "max_ms": round(1000 * ordered[-1], 1)}  # fmt: skip


def _report(args: argparse.Namespace, outcome: Outcome, database: str, stopped: str, log: str) -> dict[str, Any]:
    honest, memory = outcome.honest, outcome.memory
    failures = outcome.flood.failures + outcome.attacks.failures
    accepted = outcome.attacks.accepted
    flood_end = [seconds for when, seconds in honest.decisions if when <= outcome.floods_end]
    waits = [seconds for _, seconds in honest.bot_waits + outcome.still_waiting]
    longest = max(honest.bot_waits + outcome.still_waiting, key=lambda wait: wait[1], default=None)
    client = _spread([seconds for _, seconds in honest.decisions])
    report: dict[str, Any] = {
        "server": {
            "database": database, "workers": args.workers, "bot_workers": args.bot_workers, "died": outcome.died,
            "page_after_the_load_ms": None if outcome.answers_after is None else round(outcome.answers_after, 1),
            "stopped": stopped, "tracebacks_logged": log.count("Traceback (most recent call last)"),
            "log_tail": log.strip().splitlines()[-3:],
        },
        "honest": {
            "games": args.games, "level": args.honest_level, "started_by": args.honest_start,
            "accounts": args.accounts, "addresses": args.honest_addresses, "think_s": args.think,
            "arrive_s": args.arrive, "press_every_s": args.press_every,
            "started": honest.started, "finished": honest.finished, "unfinished_at_the_cap": outcome.unfinished,
            "broken_off": honest.broken, "refused_at_the_start": dict(honest.refused),
            "failed_requests": len(honest.errors),
            "error_examples": honest.errors[:5], "seconds": round(outcome.honest_seconds, 1),
            "decision_client": client, "decision_client_while_flooded": _spread(flood_end),
            "decision_server": _spread(honest.server_times), "stale": honest.stale, "rate_limited": honest.limited,
        },
        "bots": {
            "decisions_on_honest_tables": honest.bot_decisions,
            "per_second": round(honest.bot_decisions / outcome.honest_seconds, 2) if outcome.honest_seconds else 0,
            "wait": _spread([seconds for _, seconds in honest.bot_waits]),
            "longest_wait_s": round(longest[1], 2) if longest else None,
            "longest_wait_began_s": round(longest[0] - outcome.began, 1) if longest else None,
            "still_waiting_at_the_end": len(outcome.still_waiting),
        },
        "memory_mb": {
            name: {"rss": round(value[0], 1), "processes": value[1]}
            for name, value in (("before", memory.before), ("peak", memory.peak), ("after", memory.after))
        },
        "floods_s": round(outcome.floods_seconds, 1), "load_s": round(outcome.seconds, 1),
        "flood": {name: dict(counts) for name, counts in outcome.flood.answers.items()},
        "attacks": {name: dict(counts) for name, counts in outcome.attacks.answers.items()},
        "attacks_accepted": dict(accepted), "failures": dict(failures),
    }  # fmt: skip
    reasons = []
    if client is None and args.games:
        reasons.append("no honest decision was acknowledged")
    elif client is not None and client["p99_ms"] >= args.p99_limit:
        reasons.append(f"honest p99 {client['p99_ms']} ms ≥ {args.p99_limit} ms")
    if honest.refused:
        reasons.append(f"{sum(honest.refused.values())} honest players were refused at the start")
    if outcome.unfinished:
        when = "when the server died" if outcome.died else f"after {args.max_seconds} s"
        reasons.append(f"{outcome.unfinished} honest games had not ended {when}")
    if honest.broken:
        reasons.append(f"{honest.broken} honest games broke off")
    if honest.errors:
        reasons.append(f"{len(honest.errors)} honest requests failed")
    if waits and max(waits) >= args.wait_limit:
        reasons.append(f"an honest player waited {max(waits):.1f} s for a bot (limit {args.wait_limit} s)")
    if accepted:
        reasons.append(f"{sum(accepted.values())} attacks were accepted")
    if failures:
        reasons.append(f"{sum(failures.values())} abusive requests got a 5xx or no answer")
    if outcome.died:
        reasons.append("the server died")
    report["verdict"] = {"ok": not reasons, "reasons": reasons}
    return report


def _ms(spread: dict[str, float] | None) -> str:
    if spread is None:
        return "none"
    shown = ", ".join(f"{name} {spread[f'{name}_ms']}" for name in ("p50", "p90", "p99", "max"))
    return f"{shown} ms (n={spread['n']})"


def _counts(counts: dict[str, int]) -> str:
    return ", ".join(f"{answer}×{number}" for answer, number in sorted(counts.items()))


def _print(report: dict[str, Any]) -> None:
    server, honest, bots, memory = report["server"], report["honest"], report["bots"], report["memory_mb"]
    print(
        f"server: {server['database']}, {server['workers']} server process(es), {server['bot_workers']} bot "
        f"worker(s); floods for {report['floods_s']} s (a request every {honest['press_every_s']} s per client), "
        f"load for {report['load_s']} s"
    )
    print(
        f"honest games ({honest['accounts']} accounts, {honest['addresses']} addresses, level {honest['level']} "
        f"via /{honest['started_by']}, think {honest['think_s']} s, arriving over {honest['arrive_s']} s): "
        f"{honest['games']} asked, {honest['started']} "
        f"started, {honest['finished']} finished in {honest['seconds']} s, {honest['unfinished_at_the_cap']} "
        f"unfinished at the cap, {honest['broken_off']} broken off; {honest['failed_requests']} failed requests"
    )
    for refusal, number in honest["refused_at_the_start"].items():
        print(f"  refused at the start ×{number}: {refusal}")
    for error in honest["error_examples"]:
        print(f"  error: {error}")
    print(f"  decision, client:            {_ms(honest['decision_client'])}")
    print(f"  decision, client, flooded:   {_ms(honest['decision_client_while_flooded'])}")
    print(f"  decision, server (Timing):   {_ms(honest['decision_server'])}")
    print(f"  stale: {honest['stale']}, rate-limited: {honest['rate_limited']}")
    print(
        f"bots on the honest tables: {bots['decisions_on_honest_tables']} decisions ({bots['per_second']} per "
        f"second); longest wait {bots['longest_wait_s']} s (from {bots['longest_wait_began_s']} s into the load), "
        f"{bots['still_waiting_at_the_end']} still waiting at the end"
    )
    print(f"  wait for a bot:              {_ms(bots['wait'])}")
    print(
        "server memory (RSS of all its processes): "
        + ", ".join(f"{name} {value['rss']} MB ({value['processes']} processes)" for name, value in memory.items())
    )
    for title, section in (("play-now flood", report["flood"]), ("attacks", report["attacks"])):
        print(f"{title}:")
        for name, counts in section.items():
            print(f"  {name:<50} {_counts(counts)}")
    for name, number in report["attacks_accepted"].items():
        print(f"  ACCEPTED ×{number}: {name}")
    for failure, number in report["failures"].items():
        print(f"  FAILED ×{number}: {failure}")
    after = server["page_after_the_load_ms"]
    print(
        f"server after the load: {'died' if server['died'] else 'alive'}, a page in "
        f"{'no time: it did not answer' if after is None else f'{after} ms'}; {server['stopped']}; "
        f"{server['tracebacks_logged']} tracebacks logged"
    )
    for line in server["log_tail"]:
        print(f"  log: {line[:160]}")
    verdict = report["verdict"]
    print("verdict: " + ("ok" if verdict["ok"] else "FAILED: " + "; ".join(verdict["reasons"])))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Honest games at the browser table while strangers abuse it.")
    parser.add_argument("--games", type=int, default=200, help="concurrent honest games against a bot")
    parser.add_argument("--think", type=float, default=10.0, help="mean seconds an honest player thinks")
    parser.add_argument("--arrive", type=float, default=60.0, help="seconds over which the honest players arrive")
    parser.add_argument(
        "--press-every",
        type=float,
        default=0.5,
        help="seconds each flooder and attacker waits between requests (0: as fast as it can)",
    )
    parser.add_argument("--honest-level", default="medium", help="the bot level of the honest games")
    parser.add_argument("--honest-start", choices=("tables", "play-now"), default="tables",
                        help="how an honest player starts its game: the lobby's table form or Play now")  # fmt: skip
    parser.add_argument("--accounts", choices=("guest", "signup"), default="guest",
                        help="honest players as guests or as signed-up accounts (one each)")  # fmt: skip
    parser.add_argument("--honest-addresses", choices=("own", "shared"), default="own",
                        help="each honest player connects from a loopback address of its own, or all from the "
                        "abusers' 127.0.0.1 (where per-address limits count them together)")  # fmt: skip
    parser.add_argument("--flooders", type=int, default=50, help="anonymous visitors pressing Play now")
    parser.add_argument("--flood-level", default="expert", help="the bot level the flooders ask for")
    parser.add_argument("--attackers", type=int, default=20, help="clients sending absurd requests")
    parser.add_argument("--duration", type=float, default=120.0, help="seconds the flood and the attacks run")
    parser.add_argument("--max-seconds", type=float, default=900.0, help="the honest games are stopped after this")
    parser.add_argument("--timeout", type=float, default=30.0, help="seconds any one HTTP request may take")
    parser.add_argument("--retries", type=int, default=3, help="failed requests an honest player retries")
    parser.add_argument("--settle", type=float, default=3.0, help="seconds after the load before memory is read")
    parser.add_argument("--p99-limit", type=float, default=250.0, help="fail when the honest p99 reaches this (ms)")
    parser.add_argument("--wait-limit", type=float, default=30.0, help="fail when a bot keeps a player this long (s)")
    parser.add_argument("--db", default=None, help="database URL (default: a new SQLite file)")
    parser.add_argument("--workers", type=int, default=1, help="server processes (several need PostgreSQL)")
    parser.add_argument("--bot-workers", type=int, default=1, help="processes in which the server's bots think")
    parser.add_argument("--port", type=int, default=0, help="the server's port (default: a free one)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the honest players' choices and pauses")
    parser.add_argument("--json", action="store_true", help="print the report as JSON")
    args = parser.parse_args(argv)
    port = args.port or _free_port()
    with tempfile.TemporaryDirectory() as folder:
        url = args.db or f"sqlite:///{Path(folder) / 'bench.sqlite3'}"
        try:
            server = _serve(args, url, port, Path(folder))
        except RuntimeError as error:
            print(error, file=sys.stderr)
            return 2
        stopped = "not stopped"
        try:
            outcome = asyncio.run(_run(args, f"http://127.0.0.1:{port}", server))
        finally:
            stopped = _stop(server)
        log = (Path(folder) / "server.log").read_text(errors="replace")
    report = _report(args, outcome, url.split(":", 1)[0], stopped, log)
    if args.json:
        print(json.dumps(report, indent=2, ensure_ascii=False))
    else:
        _print(report)
    return 0 if report["verdict"]["ok"] else 1


if __name__ == "__main__":
    sys.exit(main())
