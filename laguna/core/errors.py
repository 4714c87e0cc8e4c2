"""The errors of the rules library: each one names what went wrong, so a user never sees a traceback."""

from __future__ import annotations


class LagunaError(Exception):
    """Base of every error the library raises on bad input."""


class IllegalAction(LagunaError):
    """An action that the rules forbid now; the message names the rule."""


class NotationError(LagunaError):
    """Text that is not the notation of any action of the game."""


class OptionsError(LagunaError):
    """An unknown option, a bad option value or an unsupported player count."""


class UnknownGame(LagunaError):
    """A game id that is not registered."""


class RecordError(LagunaError):
    """A game record that cannot be read or does not replay."""


class CardDataError(LagunaError):
    """A component data file that is missing, malformed or breaks a count the rulebook states."""


class UndoError(LagunaError):
    """An undo that the undo policy does not allow."""
