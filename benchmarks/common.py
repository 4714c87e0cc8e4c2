"""What the benchmark scripts share: a user's mistake (an unknown game id, a bad option) ends a run with
one ``error:`` line and exit code 2, as the ``laguna`` command does; the load tests count the decisions
a table refuses in honest play the same way."""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Callable
from typing import Protocol

from laguna.core import LagunaError


def report_errors(measure: Callable[[], None]) -> int:
    """Run `measure`; the exit code: 0, or 2 after one error line on stderr for a user's mistake."""
    try:
        measure()
    except LagunaError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    return 0


class Refusals(Protocol):
    """The tally of decisions a table refused without fault: a stale version, the rate limit."""

    stale: int
    limited: int


async def counted_refusal(status: int, refusals: Refusals) -> bool:
    """Whether a refused decision's status is one a player meets in honest play: 409 (another decision
    came first) or 429 (the per-player rate limit: a person is never this quick, so pause); counted."""
    if status == 409:
        refusals.stale += 1
        return True
    if status == 429:
        refusals.limited += 1
        await asyncio.sleep(0.2)
        return True
    return False
