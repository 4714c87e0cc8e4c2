"""The decisions of Murano and their notation.

A turn starts with ``act 7`` (carry out the action of space 7, moving ships as needed), ``pass 7``
(bring the nearest ship clockwise onto the empty space 7 and take 1 gold) or ``lighthouse``. Blocking
ships are sailed on with ``sail 7 9`` (from space 7 to 9; ``sail 7 9 red`` when the red ship shares
the space). The actions then ask: ``shop top`` (2 gold) or ``shop look`` then ``shop red`` (4 gold to
look through the stack and choose), the same for ``palace`` (``palace 2``: 2 crests), ``recruit C07``
/ ``decline``, ``gondola donato orange``, ``street`` then ``place donato.6``, ``build shop-red
donato.4``, ``card X05``, ``done``, ``income donato``, ``produce 2``, ``sell green 3`` / ``keep``,
``dismiss`` / ``hire``, ``return green``; the final scoring ``score C07 donato 4`` (gold paid or
beads returned last, where the card asks) and ``skip C09``.

>>> str(parse_action("SAIL 7 9 Red"))
'sail 7 9 red'
>>> parse_action("build palace-2 donato.4")
Build(tile='palace-2', space='donato.4')
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

from laguna.core.errors import NotationError
from laguna.core.messages import Message, msg, quoted
from laguna.core.notation import Notation, Words, alone, number, one_word, two_words


@dataclass(frozen=True, slots=True)
class Act:
    """Carry out the action of action space `space` (1–18)."""

    space: int

    def __str__(self) -> str:
        return f"act {self.space}"


@dataclass(frozen=True, slots=True)
class Pass:
    """Pass: the nearest ship clockwise of the empty space `space` sails onto it; take 1 gold."""

    space: int

    def __str__(self) -> str:
        return f"pass {self.space}"


@dataclass(frozen=True, slots=True)
class Lighthouse:
    """Sail the red ship onto the first occupied space ahead and carry out its action."""

    def __str__(self) -> str:
        return "lighthouse"


@dataclass(frozen=True, slots=True)
class Sail:
    """Move a ship from space `start` to space `end` (the red ship if `red`, a black one if not, None
    when the space holds one ship)."""

    start: int
    end: int
    red: bool | None = None

    def __str__(self) -> str:
        which = "" if self.red is None else " red" if self.red else " black"
        return f"sail {self.start} {self.end}{which}"


@dataclass(frozen=True, slots=True)
class BuyTile:
    """Buy a shop or a palace: the top tile (`choice` None) for 2 gold, or pay 4 gold to look through
    the stack (``look``) and then take a chosen one (a shop colour, a palace's number of crests)."""

    kind: str
    choice: str | None = None

    def __str__(self) -> str:
        return f"{self.kind} {self.choice or 'top'}"


@dataclass(frozen=True, slots=True)
class Recruit:
    card: str

    def __str__(self) -> str:
        return f"recruit {self.card}"


@dataclass(frozen=True, slots=True)
class Decline:
    """Buy none of the drawn character cards."""

    def __str__(self) -> str:
        return "decline"


@dataclass(frozen=True, slots=True)
class Gondola:
    """Place a gondolier on the gondola of `colour` at `island`."""

    island: str
    colour: str

    def __str__(self) -> str:
        return f"gondola {self.island} {self.colour}"


@dataclass(frozen=True, slots=True)
class DrawStreet:
    """Build: draw a street tile from the face-down stack (then place it)."""

    def __str__(self) -> str:
        return "street"


@dataclass(frozen=True, slots=True)
class Place:
    """Place the street tile just drawn (or, in a final turn, the building just bought) on `space`."""

    space: str

    def __str__(self) -> str:
        return f"place {self.space}"


@dataclass(frozen=True, slots=True)
class Build:
    """Build a bought tile (factory, shop-red, palace-2, special, …) on building space `space`."""

    tile: str
    space: str

    def __str__(self) -> str:
        return f"build {self.tile} {self.space}"


@dataclass(frozen=True, slots=True)
class TakeCard:
    """Keep special building card `card` of the ones drawn."""

    card: str

    def __str__(self) -> str:
        return f"card {self.card}"


@dataclass(frozen=True, slots=True)
class Done:
    """End a Build action early, or keep a building bought in the final turn instead of placing it."""

    def __str__(self) -> str:
        return "done"


@dataclass(frozen=True, slots=True)
class Income:
    island: str

    def __str__(self) -> str:
        return f"income {self.island}"


@dataclass(frozen=True, slots=True)
class Produce:
    """Production in `count` glass factories."""

    count: int

    def __str__(self) -> str:
        return f"produce {self.count}"


@dataclass(frozen=True, slots=True)
class Sell:
    """Sell `count` beads of `colour` (1/2/3 for 5/12/20 gold), or none (count 0: ``keep``)."""

    colour: str | None
    count: int

    def __str__(self) -> str:
        return "keep" if self.colour is None else f"sell {self.colour} {self.count}"


@dataclass(frozen=True, slots=True)
class Dismiss:
    def __str__(self) -> str:
        return "dismiss"


@dataclass(frozen=True, slots=True)
class Hire:
    def __str__(self) -> str:
        return "hire"


@dataclass(frozen=True, slots=True)
class ReturnBead:
    """Trading Station: at the end of the turn, return a bead of `colour` to the bag."""

    colour: str

    def __str__(self) -> str:
        return f"return {self.colour}"


@dataclass(frozen=True, slots=True)
class Score:
    """Final scoring: score character `card` at `island` with a gondolier from a gondola there;
    `amount` is the gold exchanged or the beads returned, for the cards that ask."""

    card: str
    island: str
    amount: int | None = None

    def __str__(self) -> str:
        return f"score {self.card} {self.island}" + ("" if self.amount is None else f" {self.amount}")


@dataclass(frozen=True, slots=True)
class Skip:
    """Final scoring: leave a character card that cannot score unscored (Yucata's rule)."""

    card: str

    def __str__(self) -> str:
        return f"skip {self.card}"


Action = (
    Act | Pass | Lighthouse | Sail | BuyTile | Recruit | Decline | Gondola | DrawStreet | Place | Build | TakeCard
    | Done | Income | Produce | Sell | Dismiss | Hire | ReturnBead | Score | Skip
)  # fmt: skip

_FORMS: Final = (
    "act <1-18>, pass <1-18>, lighthouse, sail <from> <to> [red|black], shop top|<colour>, palace top|<crests>, "
    "recruit <card>, decline, gondola <island> <colour>, street, place <space>, build <tile> <space>, card <id>, "
    "done, income <island>, produce <n>, sell <colour> <n>, keep, dismiss, hire, return <colour>, "
    "score <card> <island> [<n>], skip <card>"
)
_WORD = re.compile(r"[a-z][a-z0-9-]*")
_SPACE = re.compile(r"[a-z]+\.[0-9]+")


def _word(word: str, what: Message) -> str:
    if not _WORD.fullmatch(word):
        raise NotationError(msg("{word} is not {what}", word=quoted(word), what=what))
    return word


def _space(word: str) -> str:
    if not _SPACE.fullmatch(word):
        raise NotationError(
            msg("{word} is not an island space (an island and a number, like donato.3)", word=quoted(word))
        )
    return word


def _island(word: str) -> str:
    return _word(word, msg("an island"))


def _bead(word: str) -> str:
    return _word(word, msg("a bead colour"))


def _act(words: Words) -> Action | None:
    if len(words.rest) != 1:
        return None
    space = number(words.rest[0], 1, 18, msg("an action space"))
    return Act(space) if words.verb == "act" else Pass(space)


def _sail(words: Words) -> Action | None:
    rest = words.rest
    if len(rest) not in (2, 3):
        return None
    start = number(rest[0], 1, 18, msg("an action space"))
    end = number(rest[1], 1, 18, msg("an action space"))
    if len(rest) == 3 and rest[2] not in ("red", "black"):
        raise NotationError(msg("{text}: name the ship red or black", text=quoted(words.text)))
    return Sail(start, end, None if len(rest) == 2 else rest[2] == "red")


def _buy(words: Words) -> Action | None:
    verb, rest = words.verb, words.rest
    if len(rest) != 1:
        return None
    if rest[0] == "top":
        return BuyTile(verb, None)
    if rest[0] == "look":
        return BuyTile(verb, "look")
    if verb == "palace":
        return BuyTile(verb, str(number(rest[0], 1, 9, msg("a number of crests"))))
    return BuyTile(verb, _word(rest[0], msg("a shop colour")))


def _score(words: Words) -> Action | None:
    rest = words.rest
    if len(rest) not in (2, 3):
        return None
    amount = number(rest[2], 0, 8, msg("an amount")) if len(rest) == 3 else None
    return Score(rest[0].upper(), _island(rest[1]), amount)


_NOTATION: Final = Notation[Action](
    {
        "lighthouse": alone(Lighthouse()), "decline": alone(Decline()), "street": alone(DrawStreet()),
        "done": alone(Done()), "keep": alone(Sell(None, 0)), "dismiss": alone(Dismiss()), "hire": alone(Hire()),
        "act": _act, "pass": _act, "sail": _sail, "shop": _buy, "palace": _buy,
        "recruit": one_word(lambda card: Recruit(card.upper())),
        "gondola": two_words(lambda island, colour: Gondola(_island(island), _word(colour, msg("a colour")))),
        "place": one_word(lambda space: Place(_space(space))),
        "build": two_words(lambda tile, space: Build(_word(tile, msg("a building tile")), _space(space))),
        "card": one_word(lambda card: TakeCard(card.upper())),
        "income": one_word(lambda island: Income(_island(island))),
        "produce": one_word(lambda count: Produce(number(count, 0, 99, msg("a number of glass factories")))),
        "sell": two_words(lambda colour, count: Sell(_bead(colour), number(count, 1, 3, msg("a number of beads")))),
        "return": one_word(lambda colour: ReturnBead(_bead(colour))),
        "score": _score,
        "skip": one_word(lambda card: Skip(card.upper())),
    },
    lambda text: msg("{text} is not a Murano action (forms: {forms})", text=text, forms=_FORMS),
    empty=msg("an empty action is not a Murano action (forms: {forms})", forms=_FORMS),
)  # fmt: skip


def parse_action(text: str) -> Action:
    """Parse the canonical notation (any case); `NotationError` names the problem."""
    return _NOTATION.parse(text)
