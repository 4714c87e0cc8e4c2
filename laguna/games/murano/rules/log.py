"""How a log line names a player, gold and victory points, for every section of the rules."""

from __future__ import annotations

from laguna.core.game import Seat
from laguna.core.messages import Message, msg_plural
from laguna.core.messages import Player as Named


def name(seat: Seat) -> Named:
    """A seat named in a log line: its player's name where the reader's table knows it."""
    return Named(seat)


def gold(amount: int) -> Message:
    return msg_plural("{count} gold", "{count} gold", amount)


def vp(amount: int) -> Message:
    return msg_plural("{count} VP", "{count} VP", amount)
