"""The words the table server's data is made of: who sits in a seat, and where a table is in its life."""

from __future__ import annotations

OPEN, INVITED, HUMAN, BOT = "open", "invited", "human", "bot"
"""Who sits in a seat: nobody yet (anyone with the link may join), a named user, a user, a bot."""
SEAT_KINDS = (OPEN, INVITED, HUMAN, BOT)
WAITING, PLAYING, FINISHED = "open", "playing", "finished"
"""A table's status: gathering players, under way, over."""
