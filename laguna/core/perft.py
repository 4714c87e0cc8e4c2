"""Perft: the number of decision sequences of a given length from a position, as in chess engines.

Fixed positions with their counts are language-neutral test vectors: a change in the rules engine that
changes any legal-action list changes a count, and `divide` shows under which first action.
"""

from __future__ import annotations

from typing import Any

from laguna.core.game import GameState


def perft(state: GameState[Any], depth: int) -> int:
    """Count the leaves of the decision tree `depth` decisions deep (ended games count as leaves).

    With simultaneous decisions, the first seat in `to_act` decides first.
    """
    if depth == 0 or state.is_terminal():
        return 1
    seat = state.to_act()[0]
    total = 0
    for action in state.legal_actions(seat):
        child = state.copy()
        child.apply(seat, action)
        total += perft(child, depth - 1)
    return total


def divide(state: GameState[Any], depth: int) -> dict[str, int]:
    """Perft split by the first decision, keyed by its notation."""
    seat = state.to_act()[0]
    counts = {}
    for action in state.legal_actions(seat):
        child = state.copy()
        child.apply(seat, action)
        counts[str(action)] = perft(child, depth - 1)
    return counts
