"""How a log line names a player, gold and victory points, for every section of the rules.

Each part is immutable and the same for the same seat or amount, so it is made once: the rules name
players and amounts in every decision, also in the positions a search tries."""

from __future__ import annotations

from functools import cache

from laguna.core.game import Seat
from laguna.core.messages import Message, msg_plural
from laguna.core.messages import Player as Named


@cache
def name(seat: Seat) -> Named:
    """A seat named in a log line: its player's name where the reader's table knows it."""
    return Named(seat)


@cache
def gold(amount: int) -> Message:
    return msg_plural("{count} gold", "{count} gold", amount)


@cache
def vp(amount: int) -> Message:
    return msg_plural("{count} VP", "{count} VP", amount)
