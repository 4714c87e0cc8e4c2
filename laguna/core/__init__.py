"""The game protocol, seeded chance, options, outcomes, records and the registry of games.

Nothing here knows any particular game.
"""

from laguna.core.errors import (
    CardDataError,
    IllegalAction,
    LagunaError,
    NotationError,
    OptionsError,
    RecordError,
    UndoError,
    UnknownGame,
)
from laguna.core.game import JSON, Event, Game, GameState, Seat, copy_counter
from laguna.core.match import Match
from laguna.core.options import GameOptions, OptionInfo, option
from laguna.core.outcome import Outcome, SeatResult, rank
from laguna.core.record import GameRecord, RecordedAction, load_records, read_records, replay, verify
from laguna.core.registry import games, get_game, register
from laguna.core.rng import Rng

__all__ = [
    "JSON",
    "CardDataError",
    "Event",
    "Game",
    "GameOptions",
    "GameRecord",
    "GameState",
    "IllegalAction",
    "LagunaError",
    "Match",
    "NotationError",
    "OptionInfo",
    "OptionsError",
    "Outcome",
    "RecordError",
    "RecordedAction",
    "Rng",
    "Seat",
    "SeatResult",
    "UndoError",
    "UnknownGame",
    "copy_counter",
    "games",
    "get_game",
    "load_records",
    "option",
    "rank",
    "read_records",
    "register",
    "replay",
    "verify",
]
