"""The decisions of Burano and their notation.

A turn is a sequence of small decisions: moves (``pick m2``, ``build pink d2``, ``roof islands
pink-blue d2-e2``), privilege spending (``privilege coin``, ``privilege cube pink b4``) and ``end``;
a built cube's action asks for more (fishing: ``swap A pink B blue``, ``sail C``, ``fish tuna`` or
``fish deck``, ``dispatch 2``, ``trade tuna-squid``; lace making: ``lace c2`` or ``lace c2
privilege``; earning: ``withdraw island A``, ``withdraw workshop c2``; each list of optional steps
closes with ``done``), and a roof its bonus (``bonus privilege``, ``bonus card roof-vp-a``, ``bonus
card deck``). Setup and clean-up add ``roofs islands workshops fountains``, ``stack b1 pink`` for the
secret pyramid, ``pay c2`` for lace scoring, ``cube white`` or ``cube none``, ``discard 4vp:pink-green`` and ``refill
fountains``.

A tile's colours are written in the colour order pink, blue, yellow, green, orange, white, each over
the square in the same place (``roof islands pink-blue d2-e2``: pink over d2); the other order is
read too. Squares are a column letter and a row number from 1 at the top, on the main island for ``build`` and
``roof`` and in the workshop area for ``lace``, ``withdraw workshop`` and ``pay``.

>>> str(parse_action("ROOF islands Blue-Pink e2-D2"))
'roof islands pink-blue d2-e2'
>>> str(parse_action("roofs 4vp fountains islands"))
'roofs islands fountains 4vp'
>>> str(parse_action("swap B blue A white"))
'swap A white B blue'
>>> parse_action("stack m3 none")
Stack(slot=11, colour=None)
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Final

from laguna.core.errors import NotationError
from laguna.core.messages import msg, quoted
from laguna.core.notation import Notation, Words, alone, named, one_word, two_words
from laguna.games.burano.components import Colour, RoofKind, RoofTile, Square, parse_square, square_name
from laguna.games.burano.pyramid import SLOT_BY_NAME, SLOT_NAMES


@dataclass(frozen=True, slots=True)
class ChooseRoofs:
    """Setup: take the top tiles of three different roof kinds."""

    kinds: tuple[RoofKind, ...]

    def __str__(self) -> str:
        return "roofs " + " ".join(kind.value for kind in self.kinds)


@dataclass(frozen=True, slots=True)
class Stack:
    """Pyramid construction: put a cube of `colour` into the next slot, or leave it empty (None)."""

    slot: int
    colour: Colour | None

    def __str__(self) -> str:
        return f"stack {SLOT_NAMES[self.slot]} {self.colour.value if self.colour else 'none'}"


@dataclass(frozen=True, slots=True)
class Pick:
    """Move A: pick up the free cube in `slot` into the preparation area."""

    slot: int

    def __str__(self) -> str:
        return f"pick {SLOT_NAMES[self.slot]}"


@dataclass(frozen=True, slots=True)
class Build:
    """Move B: build a cube of `colour` from the preparation area at `square` of the main island."""

    colour: Colour
    square: Square

    def __str__(self) -> str:
        return f"build {self.colour.value} {square_name(self.square)}"


@dataclass(frozen=True, slots=True)
class Roof:
    """Move C: lay `tile` with its first colour over `first` and its second over `second`."""

    tile: RoofTile
    first: Square
    second: Square

    def __str__(self) -> str:
        a, b = self.tile.colours
        return f"roof {self.tile.kind.value} {a.value}-{b.value} {square_name(self.first)}-{square_name(self.second)}"


@dataclass(frozen=True, slots=True)
class End:
    """End the turn (with no move made: take 1 coin)."""

    def __str__(self) -> str:
        return "end"


@dataclass(frozen=True, slots=True)
class PrivilegeCoin:
    """Spend 1 privilege point for 1 coin."""

    def __str__(self) -> str:
        return "privilege coin"


@dataclass(frozen=True, slots=True)
class PrivilegeCube:
    """Spend 1 privilege point for a cube from the supply: onto the pyramid at `slot` during a turn,
    into the cube reserve (slot None) during the clean-up."""

    colour: Colour
    slot: int | None = None

    def __str__(self) -> str:
        where = "" if self.slot is None else f" {SLOT_NAMES[self.slot]}"
        return f"privilege cube {self.colour.value}{where}"


@dataclass(frozen=True, slots=True)
class Swap:
    """Privilege for fishing: swap a dock house of `colour` on `island` with one of `other_colour` on
    `other` (islands in alphabetical order)."""

    island: str
    colour: Colour
    other: str
    other_colour: Colour

    def __str__(self) -> str:
        return f"swap {self.island} {self.colour.value} {self.other} {self.other_colour.value}"


@dataclass(frozen=True, slots=True)
class Sail:
    """Fishing: move the fishing boat to a neighbouring island or a port."""

    place: str

    def __str__(self) -> str:
        return f"sail {self.place}"


@dataclass(frozen=True, slots=True)
class Forgo:
    """Fishing with nowhere to go (the boat stays), or in a port with no ship to trade with: the action
    ends."""

    def __str__(self) -> str:
        return "forgo"


@dataclass(frozen=True, slots=True)
class TakeFish:
    """Take a fish card: a face-up `kind` from the fish supply, or (None) the top of the fish deck."""

    kind: str | None

    def __str__(self) -> str:
        return f"fish {self.kind or 'deck'}"


@dataclass(frozen=True, slots=True)
class Dispatch:
    """With all three colours matched: send 1 or 2 workers to the island."""

    count: int

    def __str__(self) -> str:
        return f"dispatch {self.count}"


@dataclass(frozen=True, slots=True)
class Trade:
    """At a port: trade with the merchant ship `ship`."""

    ship: str

    def __str__(self) -> str:
        return f"trade {self.ship}"


@dataclass(frozen=True, slots=True)
class Lace:
    """Lace making: send the next worker to workshop `square` (with a privilege point: anywhere of a
    matching colour, even on another player's worker)."""

    square: Square
    privilege: bool = False

    def __str__(self) -> str:
        return f"lace {square_name(self.square)}{' privilege' if self.privilege else ''}"


@dataclass(frozen=True, slots=True)
class Withdraw:
    """Earning: bring a worker back from neighbouring island `island` or workshop square `square`."""

    island: str | None = None
    square: Square | None = None

    def __str__(self) -> str:
        if self.square is not None:
            return f"withdraw workshop {square_name(self.square)}"
        return f"withdraw island {self.island}"


@dataclass(frozen=True, slots=True)
class Done:
    """Stop an optional series: sending lace makers, withdrawing, paying for lace, buying cubes,
    discarding roof tiles."""

    def __str__(self) -> str:
        return "done"


@dataclass(frozen=True, slots=True)
class Bonus:
    """A roof's bonus: 2 privilege points (card None, privilege True), a face-up building card by id,
    or (card "deck") the top of the building deck."""

    card: str | None

    def __str__(self) -> str:
        return "bonus privilege" if self.card is None else f"bonus card {self.card}"


@dataclass(frozen=True, slots=True)
class Pay:
    """Lace scoring: return a cube matching workshop `square` — from the pyramid, bought with a
    privilege point, or spared by the lace-discount building card."""

    square: Square
    means: str = "cube"

    def __str__(self) -> str:
        return f"pay {square_name(self.square)}{'' if self.means == 'cube' else ' ' + self.means}"


@dataclass(frozen=True, slots=True)
class TakeCube:
    """Cube refill: the colour owed has run out in the supply, so take `colour` instead, or (None) take
    no cube for it."""

    colour: Colour | None

    def __str__(self) -> str:
        return f"cube {self.colour.value if self.colour else 'none'}"


@dataclass(frozen=True, slots=True)
class Discard:
    """Roof refill: remove one of your roof tiles from the game."""

    tile: RoofTile

    def __str__(self) -> str:
        return f"discard {self.tile}"


@dataclass(frozen=True, slots=True)
class Refill:
    """Roof refill: fill an empty roof space with the top tile of `kind` (different kinds each)."""

    kind: RoofKind

    def __str__(self) -> str:
        return f"refill {self.kind.value}"


Action = (
    ChooseRoofs | Stack | Pick | Build | Roof | End | PrivilegeCoin | PrivilegeCube | Swap | Sail | Forgo | TakeFish
    | Dispatch | Trade | Lace | Withdraw | Done | Bonus | Pay | TakeCube | Discard | Refill
)  # fmt: skip

END: Final = End()
DONE: Final = Done()
PRIVILEGE_COIN: Final = PrivilegeCoin()
one_stack: Final = cache(Stack)
one_pick: Final = cache(Pick)
one_build: Final = cache(Build)
one_lace: Final = cache(Lace)
one_pay: Final = cache(Pay)
one_privilege_cube: Final = cache(PrivilegeCube)
"""One object for each of the decisions the rules list most often: listing a position's decisions makes
no new objects, and the search, which keys what it learnt by decision, meets a decision it knows as the
very same object and compares no fields."""

_COLOURS: Final = {c.value: c for c in Colour}
_ORDER: Final = tuple(Colour)
_KINDS: Final = {k.value: k for k in RoofKind}
_FORMS: Final = (
    "roofs <kind> <kind> <kind>, stack <slot> <colour|none>, pick <slot>, build <colour> <square>, "
    "roof <kind> <colour>-<colour> <square>-<square>, end, privilege coin, privilege cube <colour> [<slot>], "
    "swap <island> <colour> <island> <colour>, sail <place>, forgo, fish <kind|deck>, dispatch <1|2>, "
    "trade <ship>, lace <square> [privilege], withdraw island <island>, withdraw workshop <square>, done, "
    "bonus privilege, bonus card <id|deck>, pay <square> [privilege|card], cube <colour|none>, "
    "discard <kind>:<colour>-<colour>, refill <kind>"
)


def _colour(word: str) -> Colour:
    return named(
        _COLOURS, word, lambda word, names: msg("unknown colour {word} (colours: {colours})", word=word, colours=names)
    )


def _kind(word: str) -> RoofKind:
    return named(
        _KINDS, word, lambda word, names: msg("unknown roof kind {word} (kinds: {kinds})", word=word, kinds=names)
    )


def _slot(word: str) -> int:
    return named(
        SLOT_BY_NAME, word, lambda word, _: msg("unknown pyramid slot {word} (slots: b1–b9, m1–m4, t)", word=word)
    )


def _square(word: str) -> Square:
    square = parse_square(word)
    if square is None:
        raise NotationError(
            msg("{word} is not a square (a column letter and a row number, like c2)", word=quoted(word))
        )
    return square


def _tile(kind: str, colours: str) -> tuple[RoofTile, bool]:
    """The tile, its colours in the fixed colour order, and whether the writer named them the other way."""
    pair = colours.split("-")
    if len(pair) != 2:
        raise NotationError(
            msg("{colours}: a roof tile's colours are written <colour>-<colour>", colours=quoted(colours))
        )
    first, second = _colour(pair[0]), _colour(pair[1])
    turned = _ORDER.index(first) > _ORDER.index(second)
    if turned:
        first, second = second, first
    return RoofTile(_kind(kind), (first, second)), turned


def _island(word: str) -> str:
    if len(word) != 1 or not word.isalpha():
        raise NotationError(msg("{word} is not a neighbouring island (islands are letters, like A)", word=quoted(word)))
    return word.upper()


def _roofs(words: Words) -> Action | None:
    if len(words.rest) != 3:
        return None
    kinds = {_kind(w) for w in words.rest}
    if len(kinds) != 3:
        raise NotationError(msg("{text}: the three roof tiles must be of different kinds", text=quoted(words.text)))
    return ChooseRoofs(tuple(kind for kind in RoofKind if kind in kinds))


def _roof(words: Words) -> Action | None:
    rest = words.rest
    if len(rest) != 3:
        return None
    squares = rest[2].split("-")
    if len(squares) != 2:
        raise NotationError(
            msg("{text}: a roof covers two squares, written <square>-<square>", text=quoted(words.text))
        )
    tile, turned = _tile(rest[0], rest[1])
    first, second = _square(squares[0]), _square(squares[1])
    return Roof(tile, second, first) if turned else Roof(tile, first, second)


def _privilege(words: Words) -> Action | None:
    rest = words.rest
    if rest == ["coin"]:
        return PrivilegeCoin()
    if len(rest) in (2, 3) and rest[0] == "cube":
        return PrivilegeCube(_colour(rest[1]), _slot(rest[2]) if len(rest) == 3 else None)
    return None


def _swap(words: Words) -> Action | None:
    rest = words.rest
    if len(rest) != 4:
        return None
    island, colour, other, other_colour = _island(rest[0]), _colour(rest[1]), _island(rest[2]), _colour(rest[3])
    if island > other:
        return Swap(other, other_colour, island, colour)
    return Swap(island, colour, other, other_colour)


def _lace(words: Words) -> Action | None:
    rest = words.rest
    if len(rest) == 1 or rest[1:] == ["privilege"]:
        return Lace(_square(rest[0]), len(rest) == 2)
    return None


def _withdraw(words: Words) -> Action | None:
    rest = words.rest
    if len(rest) == 2 and rest[0] == "island":
        return Withdraw(island=_island(rest[1]))
    if len(rest) == 2 and rest[0] == "workshop":
        return Withdraw(square=_square(rest[1]))
    return None


def _bonus(words: Words) -> Action | None:
    rest = words.rest
    if rest == ["privilege"]:
        return Bonus(None)
    if len(rest) == 2 and rest[0] == "card":
        return Bonus(rest[1])
    return None


def _pay(words: Words) -> Action | None:
    rest = words.rest
    if len(rest) not in (1, 2):
        return None
    means = rest[1] if len(rest) == 2 else "cube"
    if means not in ("cube", "privilege", "card"):
        raise NotationError(
            msg("{text}: pay with a cube (pay c2), a privilege point or the card", text=quoted(words.text))
        )
    return Pay(_square(rest[0]), means)


def _discard(words: Words) -> Action | None:
    rest = words.rest
    if len(rest) == 1 and rest[0].count(":") == 1:
        kind, colours = rest[0].split(":")
        return Discard(_tile(kind, colours)[0])
    return None


_NOTATION: Final = Notation[Action](
    {
        "roofs": _roofs,
        "stack": two_words(lambda slot, colour: Stack(_slot(slot), None if colour == "none" else _colour(colour))),
        "pick": one_word(lambda slot: Pick(_slot(slot))),
        "build": two_words(lambda colour, square: Build(_colour(colour), _square(square))),
        "roof": _roof,
        "end": alone(End()),
        "privilege": _privilege,
        "swap": _swap,
        "sail": one_word(lambda place: Sail(place if len(place) > 1 else place.upper())),
        "forgo": alone(Forgo()),
        "fish": one_word(lambda kind: TakeFish(None if kind == "deck" else kind)),
        "dispatch": lambda words: Dispatch(int(words.rest[0])) if words.rest in (["1"], ["2"]) else None,
        "trade": one_word(Trade),
        "lace": _lace,
        "withdraw": _withdraw,
        "done": alone(Done()),
        "bonus": _bonus,
        "pay": _pay,
        "cube": one_word(lambda colour: TakeCube(None if colour == "none" else _colour(colour))),
        "discard": _discard,
        "refill": one_word(lambda kind: Refill(_kind(kind))),
    },
    lambda text: msg("{text} is not a Burano action (forms: {forms})", text=text, forms=_FORMS),
    empty=msg("an empty action is not a Burano action (forms: {forms})", forms=_FORMS),
)


def parse_action(text: str) -> Action:
    """Parse the canonical notation (any case); `NotationError` names the problem."""
    return _NOTATION.parse(text)
