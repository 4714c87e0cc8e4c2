"""The errors of the rules library: each one names what went wrong, so a user never sees a traceback."""

from __future__ import annotations

from laguna.core.messages import Message


class LagunaError(Exception):
    """Base of every error the library raises on bad input. Its message may be a translatable
    `laguna.core.messages.Message`; ``str()`` gives it in English."""

    @property
    def message(self) -> Message | str:
        """What went wrong, to be translated where it is shown."""
        first = self.args[0] if self.args else ""
        return first if isinstance(first, Message) else str(first)


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
