"""A process that lives only as long as the process that started it.

Processes started by the server (its bot workers; with ``laguna serve --workers N``, the server
processes themselves) would go on running, holding the port or thinking for nobody, if the process
that started them were killed: nothing tells a child that its parent is gone. So each child watches
its parent: once `os.getppid` no longer names it (the child was handed to another process, as
orphans are), the child stops. Looking four times a second costs nothing and works on every Unix,
whoever killed the parent and however."""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable

INTERVAL_SECONDS = 0.25
"""How often a child looks whether its parent is still there."""


def follow_parent(parent: int, gone: Callable[[], None], interval: float = INTERVAL_SECONDS) -> threading.Thread:
    """Call `gone` (in a daemon thread of its own) as soon as the process `parent` is no longer this
    process's parent, at once if it already is not."""

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(interval)
        gone()

    thread = threading.Thread(target=watch, name="laguna-parent-watch", daemon=True)
    thread.start()
    return thread


def exit_now() -> None:
    """Leave at once, running nothing more (what a bot worker does when its server is gone)."""
    os._exit(0)
