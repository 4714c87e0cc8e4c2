"""The rules of Burano, one module per section of the rulebook: plain functions of a `Position` that
list a phase's legal decisions, apply them and explain why one is not legal. Each module ends with the
tables the state dispatches through: its phases' legal decisions (`LEGAL`), the decisions it applies
(`APPLY`), why one of them is not legal (`EXPLAIN`), and what its phases expect (`EXPECTED`). How
their messages word coins, VP and names is here too."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from laguna.core.game import Event, Seat
from laguna.core.messages import Message, msg, msg_plural, quoted
from laguna.games.burano.actions import Action
from laguna.games.burano.position import Position

Legal = Callable[[Position, Seat], list[Action]]
"""A phase's legal decisions for a seat."""
Handler = Callable[[Position, Seat, Any, list[Event]], None]
"""Applies one kind of decision (already known to be legal), appending what happened to the events."""
Explainer = Callable[[Position, Seat, Any], Message]
"""Why a decision of one kind is not legal now."""
Hint = Callable[[Position, Seat], Message]
"""What a phase expects of a seat."""


LOG_LINES: dict[tuple[Any, ...], Event] = {}
"""The log lines of the decisions a search tries most (picking, building, lace makers, payments, turns),
made once for everything they say (they are immutable) and kept by it: a key begins with the event's
kind and holds every value its message and data read."""


def coins_text(amount: int) -> Message:
    return msg_plural("{count} coin", "{count} coins", amount)


def vp_text(points: int) -> Message:
    return msg_plural("{count} VP", "{count} VP", points)


def named(name: str, ours: tuple[str, ...]) -> Message | str:
    """A place or fish kind as a player wrote it: one of the game's as a word the catalogue
    translates, any other text quoted as it was written (a field of the message, never its template)."""
    return msg(name) if name in ours else quoted(name)
