"""Bots at the table: a seat's bot thinks in a worker process, so that no request waits for it, and its
decision goes through the table service like a player's.

The event loop never waits on a bot: it hands the thinking to the worker processes and awaits the
answer (`asyncio.wrap_future`), so no thread is held meanwhile. The decisions owed wait in one fair
queue, one decision per table at a time: tables of expert bots cannot hold back a quick bot's table.
Every decision has a hard cap on its thinking time whatever the bot's budget, and a worker that does
not answer by then is replaced. A worker stops by itself as soon as its server process is gone, even
if that process was killed.
"""

from __future__ import annotations

import asyncio
import heapq
import itertools
import logging
import multiprocessing
import os
import time
from collections import OrderedDict
from collections.abc import Coroutine
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from sqlalchemy.exc import DBAPIError

from laguna.bots import EXPERT_SECONDS, make_bot
from laguna.core import GameRecord, GameState, LagunaError, games, get_game, replay
from laguna.server.account_store import NotSaved
from laguna.server.db import DatabaseError
from laguna.server.lifeline import exit_now, follow_parent
from laguna.server.service import BotTurn, TableService
from laguna.server.store import StaleVersion

CAP_SECONDS = EXPERT_SECONDS
"""Wall-clock seconds a bot may think over one decision, whatever its level or budget: past it the
search answers with the best decision it has found. The expert level's budget fits within it on a
typical day; on a slow machine or a busy server the cap keeps the expert's promise to the player."""
LEAST_SECONDS = 0.05
"""What a search keeps of the cap however long its worker took to reach the position: an iteration or
a few, enough to answer with a judged decision."""
GRACE_SECONDS = 1.0
"""How long past the cap a worker may take to answer before it is taken for hung and replaced."""
STARTUP_SECONDS = 60.0
"""How long new workers may take to start (a Python process loading the games) before their first
decisions are timed."""
RETRY_SECONDS = 5.0
"""How long a table waits before its bot tries again after the database failed to take its decision."""
FIRST_COSTS = {"easy": 0.05, "medium": 0.05, "hard": 1.0, "expert": 4.0}
"""Seconds a level's decision is taken to cost until its own decisions are measured: greedy judges
one step ahead, the search levels think up to a few seconds (docs/strength.md)."""
DEFAULT_COST = 1.0
"""Seconds a decision of any other bot is taken to cost until its own decisions are measured."""
LEARNING = 0.2
"""The weight of the latest decision in a bot's cost (a moving average)."""
KNOWN_BOTS = 64
"""Bots whose cost is learned (the levels, and stored bots of older tables): the rest cost the default."""
NICENESS = 5
"""How much lower `laguna serve` sets the workers' priority than the server's, unless told otherwise:
on a busy machine the pages and decisions of the players come before the bots' thinking."""
FALLBACK = "random"
"""The bot that decides for a seat whose bot's worker hung (so that the game goes on)."""
_LOG = logging.getLogger("laguna.server")


def think(turn: BotTurn, bot: str, cap_seconds: float) -> str:
    """The decision `bot` takes for the turn's seat in the position its record reaches (run in a worker
    process; `bot` is the seat's own, or the fallback). Reaching the position is part of the wait (a
    worker new to a long Burano game replays it, most of a second on a slow machine), so the search
    gets what is left of the cap."""
    began = time.monotonic()
    state = _position(turn.table_id, turn.record)
    left = max(cap_seconds - (time.monotonic() - began), LEAST_SECONDS)
    return str(make_bot(bot, turn.seed, turn.record.game, cap_seconds=left).choose(state, turn.seat))


_POSITIONS: OrderedDict[str, tuple[GameRecord, GameState[Any]]] = OrderedDict()
"""In a worker: the latest position it reached of each table it played, the most recent `KEPT`."""
KEPT = 256


def _position(table_id: str, record: GameRecord) -> GameState[Any]:
    """The position the record reaches, carried on from the one this worker reached last for the table
    when the record goes on from it (a bot's next decision replays only what was decided since), else
    replayed from the start. A worker's own copy: the bots never change the state they judge."""
    known = _POSITIONS.pop(table_id, None)
    state: GameState[Any] | None = None
    if known is not None:
        before, state = known
        done = len(before.actions)
        same = (before.game, before.seed, before.options, before.players) == (
            record.game,
            record.seed,
            record.options,
            record.players,
        )
        if not same or record.actions[:done] != before.actions:
            state = None
        else:
            game = get_game(record.game)
            for entry in record.actions[done:]:
                state.apply(entry.seat, game.parse_action(entry.action))
    if state is None:
        state = replay(record)
    _POSITIONS[table_id] = (record, state)
    while len(_POSITIONS) > KEPT:
        _POSITIONS.popitem(last=False)
    return state


def _start_worker(parent: int, niceness: int) -> None:
    """A worker's start: it loads the games now rather than in its first decision's time, and exits as
    soon as the server process that started it is gone (a killed server leaves no worker thinking)."""

    follow_parent(parent, exit_now)
    os.nice(niceness)
    games()


def _ready() -> None:
    """A job that only makes a new worker start."""


class BotPlayers:
    """Plays every bot seat that owes a decision: `workers` worker processes think over as many
    decisions at once.

    Decisions owed wait in a weighted fair queue (start-time fair queuing): each is tagged with the
    virtual time at which it would finish if every table waiting shared the workers equally, its cost
    being what its bot's decisions usually take, and the smallest tag is thought over first. A quick
    bot's decision therefore never waits behind a round of slow ones, and a slow bot still gets its
    turn, since the tags of later decisions keep growing.
    """

    def __init__(
        self,
        service: TableService,
        workers: int = 1,
        *,
        cap_seconds: float = CAP_SECONDS,
        niceness: int = 0,
    ) -> None:
        self.service = service
        self.niceness = niceness
        self.workers = workers
        self.cap_seconds = cap_seconds
        self.pool: ProcessPoolExecutor | None = None
        self._starting: list[Future[None]] = []
        self.decisions = 0
        """Bot decisions made since the start (for the benchmarks)."""
        self._queue: list[tuple[float, int, float, BotTurn]] = []
        """Decisions owed: (finish tag, arrival, start tag, the decision), a heap."""
        self._arrivals = itertools.count()
        self._virtual = 0.0
        """The queue's virtual time: the start tag of the decision taken last."""
        self._finish: dict[str, float] = {}
        """The finish tag of each waiting table's latest decision."""
        self._cost: dict[str, float] = {}
        """Seconds each bot's decisions take, a moving average."""
        self._ready: asyncio.Event | None = None
        self._pending: set[str] = set()
        """Tables looked at, queued or being served."""
        self._again: set[str] = set()
        """Tables woken while pending: looked at once more even if their bot seemed done."""
        self._tasks: set[asyncio.Task[None]] = set()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._starts = 0

    def _new_pool(self) -> ProcessPoolExecutor:
        """Worker processes, started at once (their start is not timed as the first decisions')."""
        pool = ProcessPoolExecutor(
            self.workers,
            mp_context=multiprocessing.get_context("spawn"),
            initializer=_start_worker,
            initargs=(os.getpid(), self.niceness),
        )
        self._starting = [pool.submit(_ready) for _ in range(self.workers)]
        return pool

    def start(self) -> None:
        """Serve the queue (call from the event loop): one server per worker. The workers start with
        the first decision owed (a server whose tables have no bots never starts them). An application
        started again while running (a test client's second connection, with its own event loop) goes
        on serving from the first loop, until the last of them stops."""
        self._starts += 1
        if self._starts > 1:
            return
        self._loop = asyncio.get_running_loop()
        self._ready = asyncio.Event()
        for _ in range(self.workers):
            self._spawn(self._serve())

    def _spawn(self, work: Coroutine[Any, Any, None]) -> None:
        task = asyncio.create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def wake(self, table_id: str) -> None:
        """Look for a decision the table's bots owe, and queue it (call from an event loop)."""
        if self._loop is not None and asyncio.get_running_loop() is not self._loop:
            self._loop.call_soon_threadsafe(self.wake, table_id)
            return
        if table_id in self._pending:
            self._again.add(table_id)
            return
        self._pending.add(table_id)
        self._spawn(self._look(table_id))

    @property
    def waiting(self) -> int:
        """Decisions queued."""
        return len(self._queue)

    async def _look(self, table_id: str) -> None:
        """Queue the decision one of the table's bots owes, if any (the table stays pending until it is
        served); else the table leaves the queue."""
        while True:
            self._again.discard(table_id)
            try:
                turn = await asyncio.to_thread(self.service.bot_owing, table_id)
            except (DBAPIError, DatabaseError) as error:  # the database failed: look again a little later
                _LOG.warning("table %s: cannot see whether a bot owes a decision (%s)", table_id, error)
                self._leave(table_id)
                asyncio.get_running_loop().call_later(RETRY_SECONDS, self.wake, table_id)
                return
            except LagunaError as error:  # no such table, a log the rules refuse: nothing to retry
                _LOG.error("table %s: its bots cannot play: %s", table_id, error)
                self._leave(table_id)
                return
            except Exception:  # never left pending for good by a fault of ours
                _LOG.exception("table %s: cannot see whether a bot owes a decision", table_id)
                self._leave(table_id)
                return
            if turn is not None:
                self._push(turn)
                return
            if table_id not in self._again:
                self._leave(table_id)
                return

    def _push(self, turn: BotTurn) -> None:
        """Queue a decision owed, tagged by when it would finish in a fair share of the workers."""
        start = max(self._virtual, self._finish.get(turn.table_id, 0.0))
        finish = start + self._cost.get(turn.bot, FIRST_COSTS.get(turn.bot, DEFAULT_COST))
        self._finish[turn.table_id] = finish
        heapq.heappush(self._queue, (finish, next(self._arrivals), start, turn))
        if self._ready is not None:
            self._ready.set()

    def _leave(self, table_id: str) -> None:
        self._pending.discard(table_id)
        self._finish.pop(table_id, None)

    async def _serve(self) -> None:
        ready = self._ready
        assert ready is not None, "the bots have not started"
        while True:
            while not self._queue:
                ready.clear()
                await ready.wait()
            _, _, start, turn = heapq.heappop(self._queue)
            self._virtual = max(self._virtual, start)
            try:
                more, following = await self._decide(turn)
            except asyncio.CancelledError:
                raise
            except Exception:  # one table's trouble never stops the bots of the others
                _LOG.exception("table %s: a bot could not play", turn.table_id)
                more, following = False, None
            # The table's next decision is queued before the next is taken: a bot's turn goes on.
            if following is not None and turn.table_id not in self._again:
                self._push(following)
            elif more or turn.table_id in self._again:
                await self._look(turn.table_id)
            else:
                self._leave(turn.table_id)

    async def _decide(self, turn: BotTurn) -> tuple[bool, BotTurn | None]:
        """The decision a bot owes, thought over and played; whether to look at the table again, and
        the decision a bot owes next if it was seen at once."""
        try:
            began = time.monotonic()
            choice = await self._think(turn)
            if choice is None:
                return True, None
            self._learn(turn.bot, time.monotonic() - began)
            following = await asyncio.to_thread(self._play, turn, choice)
        except StaleVersion:
            return True, None  # a player or a seat change came first: look again
        except NotSaved as error:
            _LOG.warning("table %s: a bot's decision was not saved (%s); trying again soon", turn.table_id, error)
            asyncio.get_running_loop().call_later(RETRY_SECONDS, self.wake, turn.table_id)
            return False, None
        except LagunaError as error:
            _LOG.error("table %s: a bot could not play: %s", turn.table_id, error)
            return False, None
        self.decisions += 1
        return True, following

    def _play(self, turn: BotTurn, choice: str) -> BotTurn | None:
        """Play the bot's decision (the store announces it) and see at once whether a bot owes the
        next (one hand-over to a thread rather than two: under load each costs the bots' turn
        milliseconds)."""
        self.service.act(turn.table_id, None, turn.seat, choice, turn.version)
        try:
            return self.service.bot_owing(turn.table_id)
        except Exception:  # the decision stands; the table is looked at again the usual way
            return None

    def _learn(self, bot: str, seconds: float) -> None:
        """Update what the bot's decisions cost (for bots the table offers, and a few others)."""
        if bot in self._cost or len(self._cost) < KNOWN_BOTS:
            self._cost[bot] = (1 - LEARNING) * self._cost.get(bot, seconds) + LEARNING * seconds

    async def _think(self, turn: BotTurn) -> str | None:
        """The bot's decision, thought over in a worker; None if the pool broke meanwhile (ask again).
        A worker that overruns the cap is replaced, and the fallback bot decides instead; should that
        one hang too, the table's bots stop (the error is logged)."""
        for bot in (turn.bot, FALLBACK):
            if self.pool is None:
                self.pool = self._new_pool()
            pool = self.pool
            limit = self.cap_seconds + GRACE_SECONDS
            if not all(started.done() for started in self._starting):
                limit += STARTUP_SECONDS
            try:
                future = pool.submit(think, turn, bot, self.cap_seconds)
                return await asyncio.wait_for(asyncio.wrap_future(future), limit)
            except BrokenProcessPool:
                self._replace(pool)
                return None
            except TimeoutError:
                _LOG.error(
                    "table %s: bot %s did not answer within %.0f s; its worker is replaced", turn.table_id, bot, limit
                )
                self._replace(pool)
        raise RuntimeError(f"table {turn.table_id}: no bot answered for seat {turn.seat + 1}")

    def _replace(self, pool: ProcessPoolExecutor) -> None:
        """A new pool in place of `pool`, whose workers are killed (unless it was replaced already)."""
        if pool is self.pool:
            self.pool = self._new_pool()
            _kill(pool)

    def close(self) -> None:
        """Stop at once: the queue is dropped and the workers are killed, whatever they are thinking."""
        self._starts = max(0, self._starts - 1)
        if self._starts:
            return
        self._loop = None
        for task in list(self._tasks):
            task.cancel()
        self._queue.clear()
        self._pending.clear()
        self._again.clear()
        self._finish.clear()
        if self.pool is not None:
            _kill(self.pool)
            self.pool = None


def _kill(pool: ProcessPoolExecutor) -> None:
    """Shut `pool` down without waiting for a decision under way: its workers are killed."""
    # Before Python 3.14 the executor has no public way to stop a busy worker: its processes are read.
    workers = list((getattr(pool, "_processes", None) or {}).values())
    pool.shutdown(wait=False, cancel_futures=True)
    for worker in workers:
        worker.kill()
    for worker in workers:
        worker.join(1)
