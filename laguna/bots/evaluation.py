"""How bots turn a game's estimate into a preference: margins over the best rival, squashed into [0, 1].

Both the greedy bot and the search use these, so a seat wants the same thing from either: to end
ahead of its strongest opponent (or, alone, to score as much as it can).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from laguna.core import GameState

SCALE = 10.0
"""Victory points at which a lead counts as clear: a margin of one scale maps to a reward of about 0.88."""

WIN_WEIGHT = 0.75
"""At the end of a game the reward is mostly the victory itself, and a little the margin, so a search
prefers a sure win over a larger but riskier one and still separates wins from wins."""


def margin(values: Sequence[float], seat: int) -> float:
    """A seat's estimated lead over its best rival (its own value when it plays alone).

    >>> margin((40.0, 31.0, 45.0), 2), margin((12.0,), 0)
    (5.0, 12.0)
    """
    if len(values) == 1:
        return values[0]
    mine = values[seat]
    return mine - max(v for s, v in enumerate(values) if s != seat)


def squash(points: float, scale: float = SCALE) -> float:
    """Map victory points to (0, 1), monotonically: 0.5 at zero.

    >>> squash(0.0), round(squash(10.0), 3), round(squash(-10.0), 3)
    (0.5, 0.881, 0.119)
    """
    return 0.5 + 0.5 * math.tanh(points / scale)


def leads(values: Sequence[float]) -> tuple[float, ...]:
    """Every seat's estimated lead over its best rival (alone: its estimated score), from every seat's
    estimate: `margin` for each seat, with the best and second-best values found once.

    >>> leads((40.0, 31.0, 45.0)), leads((7.0, 7.0)), leads((12.0,))
    ((-5.0, -14.0, 5.0), (0.0, 0.0), (12.0,))
    """
    if len(values) == 1:
        return (values[0],)
    if len(values) == 2:
        first, second = values
        return (first - second, second - first)
    best = max(values)
    top = values.index(best)
    runner_up = max(value for seat, value in enumerate(values) if seat != top)
    return tuple(value - (runner_up if seat == top else best) for seat, value in enumerate(values))


def rewards(
    state: GameState[Any], reference: Sequence[float], scale: float = SCALE, values: Sequence[float] | None = None
) -> tuple[float, ...]:
    """Every seat's reward in [0, 1] at `state`: its lead (alone: its score) above `reference[seat]`,
    squashed, from the estimate before the end and from the final scores at the end, where the victory
    itself counts most (a victory shared by k seats is worth 1/k).

    Search passes the leads of the position it started from, in the same sample of the hidden
    information: what the sample itself is worth (an opponent's hidden cards, the next draws) then
    cancels, and rewards from different samples compare what the decisions changed. `values` is
    every seat's estimate at `state` (before the end), when the caller has it already: a learned
    evaluation judges many positions in one product.
    """
    players = state.players
    if state.is_terminal():
        outcome = state.outcome()
        scores = outcome.scores
        if players == 1:
            return (squash(scores[0] - reference[0], scale),)
        share = 1.0 / len(outcome.winners)
        return tuple(
            WIN_WEIGHT * (share if seat in outcome.winners else 0.0)
            + (1 - WIN_WEIGHT) * squash(margin(scores, seat) - reference[seat], scale)
            for seat in range(players)
        )
    if values is None:
        values = state.estimate()
    tanh = math.tanh
    return tuple(
        0.5 + 0.5 * tanh((lead - before) / scale) for lead, before in zip(leads(values), reference, strict=True)
    )
