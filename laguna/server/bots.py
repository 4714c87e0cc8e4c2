"""Bots at the table: a seat's bot thinks in a worker process, so that no request waits for it, and its
decision goes through the table service like a player's."""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool

from laguna.bots import make_bot
from laguna.core import GameRecord, LagunaError, replay
from laguna.server.service import TableService
from laguna.server.store import StaleVersion

_LOG = logging.getLogger("laguna.server")


def think(record: GameRecord, seat: int, bot: str, seed: int) -> str:
    """A bot's decision for `seat` in the position the record reaches (run in a worker process)."""
    state = replay(record)
    return str(make_bot(bot, seed, record.game).choose(state, seat))


class BotPlayers:
    """Plays every bot seat that owes a decision, one table at a time each, in a pool of processes."""

    def __init__(self, service: TableService, workers: int = 1, *, announce: Callable[[str, int], None]) -> None:
        self.service = service
        self.announce = announce
        self.pool = ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("spawn"))
        self._busy: set[str] = set()
        self._again: set[str] = set()
        self._tasks: set[asyncio.Task[None]] = set()

    def wake(self, table_id: str) -> None:
        """Let the table's bots play, in the background (call from the event loop)."""
        task = asyncio.create_task(self.play(table_id))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def _think(self, record: GameRecord, seat: int, bot: str, seed: int) -> str:
        return self.pool.submit(think, record, seat, bot, seed).result()

    async def play(self, table_id: str) -> None:
        """Let the table's bots decide until a human (or nobody) owes a decision; `announce(table,
        version)` tells the watchers of each decision."""
        if table_id in self._busy:
            self._again.add(table_id)  # the running loop looks once more before it stops
            return
        self._busy.add(table_id)
        try:
            while True:
                self._again.discard(table_id)
                try:
                    played = await asyncio.to_thread(self.service.bot_turn, table_id, self._think)
                except StaleVersion:
                    continue  # a player or a seat change came first: look again
                except LagunaError as error:
                    _LOG.error("table %s: a bot could not play: %s", table_id, error)
                    return
                except (RuntimeError, BrokenProcessPool):  # the server is shutting down
                    return
                if played is None:
                    if table_id in self._again:
                        continue
                    return
                self.announce(table_id, played.version)
        finally:
            self._busy.discard(table_id)

    def close(self) -> None:
        for task in list(self._tasks):
            task.cancel()
        self.pool.shutdown(cancel_futures=True)
