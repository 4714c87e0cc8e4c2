"""What the browser sends, validated before any work is done: each form and JSON body is a pydantic
model with bounds on every field, so that a number of players in the millions, a negative number of
opponents or a bot budget nobody offered is refused with a message that names the field, before a
seat is built or the database is asked anything. Names and passwords are only checked to be text here:
the rules of accounts (`laguna.server.auth`) refuse the rest in their own words, on the account page."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Annotated, Any, Self, TypeVar

from annotated_types import Ge, Le, MaxLen
from pydantic import (
    AfterValidator,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    StrictBool,
    StrictStr,
    ValidationError,
    model_validator,
)

from laguna import i18n
from laguna.bots import LEVELS
from laguna.core import LagunaError, games
from laguna.core.messages import N_, Message, excerpt, msg, quoted

GAME_IDS = tuple(game.id for game in games())
"""The games a table may be made for (the registry is fixed once the server runs)."""
MOST_PLAYERS = max(game.max_players for game in games())
"""The most seats any game has: no form may ask for more."""
MOST_VERSIONS = 2**31 - 1
"""A table's version is at most this (a decision per second for 68 years)."""
ACTION_LENGTH = 200
"""Characters of a decision's notation: the longest legal one is far shorter."""
NAME_LENGTH = 32
"""Characters of a user name (the database's column)."""
SEAT_CHOICES = ("open", "invited", *LEVELS)
"""What the creator of a table may put in each seat besides their own."""
MOVE_CHOICES = ("", "3600", "86400", "259200")
"""The times per move offered (seconds; empty for none)."""


class FormError(LagunaError):
    """A field of a form or request that is missing, malformed or out of bounds; the message names it."""


def _what(description: str) -> Any:
    """A field's name as the message shows it (marked for translation)."""
    return Field(description=description)


def _offered(choices: Iterable[str], what: str, empty: str = "") -> AfterValidator:
    """Keep a value only if it is among `choices` (an empty one stands for `empty`)."""
    return AfterValidator(lambda value: _one_of(value or empty, choices, what))


def _language(code: str) -> str:
    if code not in i18n.LANGUAGES:
        raise ValueError(
            msg(
                "{code} is not a language of Laguna ({languages})",
                code=quoted(code),
                languages=", ".join(i18n.LANGUAGES),
            )
        )
    return code


def _local(path: str) -> str:
    """A path on this site, else the lobby's (never another site's page, not even ``//host/...``)."""
    return path if path.startswith("/") and not path.startswith("//") else "/"


Token = Annotated[str, MaxLen(128), _what(N_("the form's token"))]


class TokenForm(BaseModel):
    """A button of a signed-in player's page that sends nothing but the form's token."""

    model_config = ConfigDict(extra="ignore")

    csrf: Token = ""


class LanguageForm(BaseModel):
    """Switching the table's language, and the page to go back to."""

    model_config = ConfigDict(extra="ignore")

    code: Annotated[StrictStr, AfterValidator(_language)] = ""
    back: Annotated[StrictStr, AfterValidator(_local)] = "/"


class AccountForm(BaseModel):
    """Signing up or logging in: a name and a password, as typed."""

    model_config = ConfigDict(extra="ignore")

    name: StrictStr = ""
    password: StrictStr = ""


class DeclineForm(TokenForm):
    """Declining an invitation, and with ``block=yes`` every invitation from the table's creator."""

    block: Annotated[bool, BeforeValidator(lambda sent: sent == "yes")] = False


Level = Annotated[str, _offered(LEVELS, N_("the bots' level"), "medium"), _what(N_("the bots' level"))]


Checkbox = Annotated[bool, BeforeValidator(lambda sent: sent == "on")]
"""A checkbox of a form: sent as ``on`` when checked, not sent at all when not."""


class TableForm(BaseModel):
    """Creating a table: the game, how many play, the time per move, and whether the table is listed in
    the lobby, rated, and its chat open to spectators. The seats are read after, once the number of
    players is known to be in bounds.

    An unchecked box is not sent, so the form says that it showed the boxes (``choices=shown``); a
    form without them (an older page) makes a listed, unrated table whose chat spectators read.

    >>> asked = validated(TableForm, {"players": "2", "choices": "shown", "rated": "on"})
    >>> asked.listed, asked.rated, asked.spectator_chat
    (False, True, False)
    >>> asked = validated(TableForm, {"players": "2", "rated": "on"})
    >>> asked.listed, asked.rated, asked.spectator_chat
    (True, False, True)
    """

    model_config = ConfigDict(str_strip_whitespace=True, extra="ignore")

    csrf: Token = ""
    game: Annotated[str, MaxLen(64), _offered(GAME_IDS, N_("the game")), _what(N_("the game"))] = ""
    players: Annotated[int, Ge(1), Le(MOST_PLAYERS), _what(N_("the number of players"))]
    move_seconds: Annotated[str, _offered(MOVE_CHOICES, N_("the time per move")), _what(N_("the time per move"))] = ""
    choices: Annotated[str, MaxLen(16), _what(N_("the table's choices"))] = ""
    listed: Checkbox = True
    rated: Checkbox = False
    spectator_chat: Checkbox = True

    @model_validator(mode="after")
    def _unsent_boxes(self) -> Self:
        """A box the form showed but did not send is unchecked; the boxes of a form that did not show
        them keep their defaults."""
        if self.choices != "shown":
            self.listed, self.rated, self.spectator_chat = True, False, True
            return self
        for box in ("listed", "rated", "spectator_chat"):
            if box not in self.model_fields_set:
                setattr(self, box, False)
        return self


class SeatForm(BaseModel):
    """One seat of a new table other than the creator's: open, a named player, or a bot level."""

    model_config = ConfigDict(str_strip_whitespace=True)

    choice: Annotated[str, _offered(SEAT_CHOICES, N_("the seat"), "open"), _what(N_("the seat"))] = "open"
    invited: Annotated[str, MaxLen(NAME_LENGTH), _what(N_("the invited player's name"))] = ""


class PlayNowForm(BaseModel):
    """A game against bots at once: the game, the bots' level and how many there are."""

    model_config = ConfigDict(str_strip_whitespace=True, extra="ignore")

    csrf: Token = ""
    game: Annotated[str, MaxLen(64), _offered(GAME_IDS, N_("the game"), "walking-in-burano"), _what(N_("the game"))] = (
        "walking-in-burano"
    )
    level: Level = "medium"
    opponents: Annotated[int, Ge(0), Le(MOST_PLAYERS - 1), _what(N_("the number of opponents"))] = 1


class JoinForm(BaseModel):
    """Taking a seat at a table being gathered (numbered from 1, as the page shows seats)."""

    model_config = ConfigDict(str_strip_whitespace=True, extra="ignore")

    csrf: Token = ""
    seat: Annotated[int, Ge(1), Le(MOST_PLAYERS), _what(N_("the seat"))]


class UnblockForm(TokenForm):
    """Taking invitations again from a player once blocked (by their account's number)."""

    player: Annotated[int, Ge(1), Le(MOST_VERSIONS), _what(N_("the player"))] = Field("", validate_default=True)


class HandOverForm(BaseModel):
    """Handing a seat whose player ran out of time to a bot of a level offered."""

    model_config = ConfigDict(str_strip_whitespace=True, extra="ignore")

    csrf: Token = ""
    seat: Annotated[int, Ge(1), Le(MOST_PLAYERS), _what(N_("the seat"))]
    level: Level = "medium"


class Decision(BaseModel):
    """A decision (or an undo) sent from the table: the seat, the version it was made against and the
    decision's notation."""

    model_config = ConfigDict(extra="ignore")

    seat: Annotated[int, Ge(0), Le(MOST_PLAYERS - 1), _what(N_("the seat"))]
    version: Annotated[int, Ge(0), Le(MOST_VERSIONS), _what(N_("the version"))]
    action: Annotated[str, MaxLen(ACTION_LENGTH), _what(N_("the decision"))] = ""
    undo: Annotated[StrictBool, _what(N_("undo"))] = False


CHAT_LENGTH = 2000
"""Characters of a chat message as sent, before it is cleaned: the chat keeps at most 500, and says so;
far more is refused at once."""


class ChatForm(TokenForm):
    """A message for a table's chat, as typed (the chat's rules clean and bound it)."""

    text: Annotated[StrictStr, MaxLen(CHAT_LENGTH), _what(N_("the message"))] = ""


class ChatSince(BaseModel):
    """The chat messages a page asks for: those after the newest it shows."""

    after: Annotated[int, Ge(0), Le(MOST_VERSIONS), _what(N_("the newest message shown"))] = 0


class MuteForm(TokenForm):
    """Muting a player (or no longer), by name, and the page to go back to."""

    model_config = ConfigDict(str_strip_whitespace=True, extra="ignore")

    player: Annotated[StrictStr, MaxLen(NAME_LENGTH), _what(N_("the player"))] = ""
    back: Annotated[StrictStr, MaxLen(300), AfterValidator(_local)] = "/"


class SpectatorChatForm(TokenForm):
    """The table's creator letting spectators read its chat (``on=yes``), or not (``on=no``)."""

    on: Annotated[str, _offered(("yes", "no"), N_("the spectators' chat")), _what(N_("the spectators' chat"))] = ""


Model = TypeVar("Model", bound=BaseModel)


def validated(model: type[Model], data: Mapping[str, Any]) -> Model:
    """`data` as a `model`, or `FormError` naming the first field at fault and what it must be.

    >>> validated(PlayNowForm, {"opponents": "2"}).opponents
    2
    >>> validated(PlayNowForm, {"opponents": "-5"})
    Traceback (most recent call last):
    ...
    laguna.server.forms.FormError: the number of opponents must be a whole number from 0 to 3, not '-5'
    """
    try:
        return model.model_validate(dict(data))
    except ValidationError as error:
        raise FormError(_problem(model, error.errors()[0])) from None


def _one_of(value: str, choices: Any, what: str) -> str:
    if value not in choices:
        raise ValueError(msg("{value} is not {what} offered ({choices})", value=_excerpt(value), what=msg(what),
                             choices=", ".join(choices)))  # fmt: skip
    return value


def _problem(model: type[BaseModel], error: Any) -> Message:
    """The message for one of pydantic's errors, in our words (and translatable)."""
    name = str(error["loc"][0]) if error["loc"] else ""
    info = model.model_fields.get(name)
    kind = error["type"]
    value = error.get("input")
    if kind == "value_error":
        cause = error.get("ctx", {}).get("error")
        if isinstance(cause, ValueError) and cause.args and isinstance(cause.args[0], Message):
            return cause.args[0]
    described = info.description if info is not None else None
    if name and not described:  # a field the page sends as it is, such as a name
        return msg("{field} is not valid here: {value}", field=excerpt(name), value=quoted(value))
    what = msg(described or N_("the form"))  # the form as a whole, where no one field is at fault
    if kind == "missing":
        return msg("{what} is missing", what=what)
    bounds = [m for m in (info.metadata if info else []) if isinstance(m, Ge | Le)]
    if kind.startswith("int") or kind in ("greater_than_equal", "less_than_equal"):
        low = next((m.ge for m in bounds if isinstance(m, Ge)), None)
        high = next((m.le for m in bounds if isinstance(m, Le)), None)
        return msg(
            "{what} must be a whole number from {low} to {high}, not {value}",
            what=what,
            low=low,
            high=high,
            value=_excerpt(value),
        )
    if kind == "string_too_long":
        return msg("{what} is too long (at most {most} characters)", what=what, most=error["ctx"]["max_length"])
    if kind.startswith("bool"):
        return msg("{what} must be true or false, not {value}", what=what, value=_excerpt(value))
    return msg("{what} must be text, not {value}", what=what, value=_excerpt(value))


def _excerpt(value: Any) -> str:
    """A refused value as the message quotes it: its first characters only."""
    return quoted(value if isinstance(value, str) else repr(value))
