"""Murano's board in the component file: the building islands, the two board sides and the ring of
action spaces (rules page: Components, The Actions).

The rules page does not show the board, so the islands' maps are reconstructed; what the rules lean on is
checked for any file: spaces numbered row by row with orthogonal, symmetric neighbours, every building
space next to a street, gondolas of the players' colours, room on each side for the tiles its games play
with, and each action on as many spaces as the rules say.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from typing import Annotated, ClassVar, Final

from pydantic import BeforeValidator, field_validator, model_validator

from laguna.core.data_model import DataModel, Item, ItemName, Problem, array_of, check_count, check_counts
from laguna.core.errors import CardDataError
from laguna.core.messages import N_, msg, msg_plural
from laguna.games.murano.components import PLAYER_COLOURS, Action, ActionSpace, BoardSide, Island, Space
from laguna.games.murano.data_fields import ONCE, STRINGS, Anchor, NonEmpty, component, named

SIDES: Final[Mapping[str, int]] = {"4": 6, "2-3": 5}
"""Board side → its building islands: on the 2–3-player side Sacca Serenella only holds cards."""
CARD_ISLAND: Final = "Sacca Serenella"
"""The island that is only a space for cards on the 2–3-player side."""
NAMED_ISLANDS: Final = ("Sacca Serenella", "San Donato", "Sacca Mattia")
"""The building islands the rules page names (the production example)."""
_SPACE_KINDS: Final = ("street", "building")

ACTION_SPACES: Final[Mapping[Action, int]] = {
    Action.BUILD: 3,
    **dict.fromkeys((Action.BUY_FACTORY, Action.BUY_SHOP, Action.BUY_PALACE, Action.RECRUIT), 2),
    Action.PLACE_GONDOLIER: 2,
    **dict.fromkeys((Action.TAKE_GOLD, Action.BUY_SPECIAL, Action.INCOME, Action.PRODUCTION, Action.GONDOLIER), 1),
}
"""Action → how many action spaces show it (The Actions: "2x on the game board", …); 18 in all."""
ANCHORS: Final = 8
"""Setup puts one of the eight ships on each action space with an anchor."""


# --------------------------------------------------------------------------- the islands


def _space_numbers(value: object) -> object:
    if not all(type(item) is int for item in array_of(value, "neighbours", N_("space numbers"))):
        raise Problem(msg("{where}: field 'neighbours' must be an array of space numbers"))
    return value


class SpaceData(DataModel):
    """A space of an island, numbered row by row from 1: a street or building space and its neighbours."""

    n: int
    row: int
    column: int
    kind: str
    neighbours: Annotated[list[int], BeforeValidator(_space_numbers)]

    @property
    def street(self) -> bool:
        return self.kind == "street"


class _SpaceName(ItemName):
    """A space is named by its position while its number is read (``space #3``), then as the rules engine
    names it (``space donato.3``)."""

    def of(self, raw: object, number: int, parent: object, field: str | None) -> str:
        island = parent.get("id") if isinstance(parent, dict) else None
        if field in SpaceData.model_fields and field != "n" and isinstance(island, str):
            return f"space {island}.{number}"
        return super().of(raw, number, parent, field)


class IslandData(Item):
    """A building island: spaces numbered row by row with orthogonal, symmetric neighbours, every building
    space next to a street space, and gondolas of the players' colours."""

    item_names: ClassVar = {"spaces": _SpaceName("space", tables=N_("space tables"))}

    id: NonEmpty
    name: NonEmpty
    gondolas: Annotated[list[str], STRINGS]
    spaces: list[SpaceData]

    @field_validator("id")
    @classmethod
    def _word(cls, island_id: str) -> str:
        if "." in island_id or island_id != island_id.strip():
            raise Problem(msg("{where}: an island id is a word without dots or spaces"))
        return island_id

    @field_validator("gondolas")
    @classmethod
    def _gondolas(cls, gondolas: list[str]) -> list[str]:
        if not gondolas:
            raise Problem(msg("{where}: no gondolas; a character card is scored by a gondolier next to an island"))
        for colour in gondolas:
            if colour not in PLAYER_COLOURS:
                raise Problem(
                    msg(
                        "{where}: gondola colour {colour} is not one of {colours}",
                        colour=repr(colour),
                        colours=", ".join(PLAYER_COLOURS),
                    )
                )
        return gondolas

    @model_validator(mode="after")
    def _map(self) -> IslandData:
        for number, space in enumerate(self.spaces, start=1):
            self._check_space(number, space)
        if not any(space.street for space in self.spaces):
            raise Problem(msg("{where}: no street space"))
        for space in self.spaces:
            self._check_neighbours(space)
        return self

    def _check_space(self, number: int, space: SpaceData) -> None:
        if space.n != number:
            raise Problem(
                msg("{where}: numbered {number}; number the spaces 1, 2, 3, … row by row", number=space.n),
                f"space #{number}",
            )
        within = f"space {self.id}.{number}"
        for key in ("row", "column"):
            if getattr(space, key) <= 0:
                raise Problem(
                    msg("{where}: field {key} must be positive, not {value}", key=repr(key), value=getattr(space, key)),
                    within,
                )
        if space.kind not in _SPACE_KINDS:
            raise Problem(
                msg("{where}: kind {kind} is not one of {kinds}", kind=repr(space.kind), kinds=", ".join(_SPACE_KINDS)),
                within,
            )
        if len(set(space.neighbours)) != len(space.neighbours):
            raise Problem(msg("{where}: a neighbour is named twice"), within)
        before = self.spaces[number - 2] if number > 1 else None
        if before is not None and (space.row, space.column) <= (before.row, before.column):
            raise Problem(
                msg(
                    "{where}: row {row}, column {column} does not come after space {space}; "
                    "number the spaces row by row",
                    row=space.row,
                    column=space.column,
                    space=f"{self.id}.{before.n}",
                ),
                within,
            )

    def _check_neighbours(self, space: SpaceData) -> None:
        within = f"space {self.id}.{space.n}"
        for other in space.neighbours:
            if not 1 <= other <= len(self.spaces):
                raise Problem(msg("{where}: neighbour {other} is not a space of the island", other=other), within)
            if other == space.n:
                raise Problem(msg("{where}: names itself as a neighbour"), within)
            neighbour = self.spaces[other - 1]
            if abs(neighbour.row - space.row) + abs(neighbour.column - space.column) != 1:
                raise Problem(
                    msg(
                        "{where}: neighbour {space} at row {other_row}, column {other_column} "
                        "is not orthogonally next to row {row}, column {column}",
                        space=f"{self.id}.{other}",
                        other_row=neighbour.row,
                        other_column=neighbour.column,
                        row=space.row,
                        column=space.column,
                    ),
                    within,
                )
            if space.n not in neighbour.neighbours:
                raise Problem(
                    msg(
                        "{where}: names {space} as a neighbour, but {space} does not name it back",
                        space=f"{self.id}.{other}",
                    ),
                    within,
                )
        if not space.street and not any(self.spaces[other - 1].street for other in space.neighbours):
            raise Problem(
                msg("{where}: a building space with no street space next to it; a building goes only next to a street"),
                within,
            )

    def island(self) -> Island:
        return component(
            Island,
            self,
            spaces=tuple(
                Space(
                    id=f"{self.id}.{space.n}",
                    island=self.id,
                    street=space.street,
                    row=space.row,
                    column=space.column,
                    neighbours=tuple(f"{self.id}.{other}" for other in space.neighbours),
                )
                for space in self.spaces
            ),
            gondolas=tuple(self.gondolas),
        )


def check_islands(raws: list[IslandData], label: str) -> dict[str, Island]:
    """The building islands by id, under names of their own, the islands the rules name among them."""
    islands: dict[str, Island] = {}
    for data in raws:
        if data.id in islands:
            raise CardDataError(msg("{label}: island {island}: duplicate id", label=label, island=repr(data.id)))
        if any(other.name == data.name for other in islands.values()):
            raise CardDataError(
                msg(
                    "{label}: island {island}: duplicate name {name}",
                    label=label,
                    island=repr(data.id),
                    name=repr(data.name),
                )
            )
        islands[data.id] = data.island()
    missing = [name for name in NAMED_ISLANDS if all(island.name != name for island in islands.values())]
    if missing:
        raise CardDataError(
            msg("{label}: no island named {name}, which the rules name", label=label, name=repr(missing[0]))
        )
    return islands


def check_known(names: Iterable[str], islands: Mapping[str, Island], place: str) -> None:
    """Every island a side or a card names is one of the building islands."""
    unknown = [name for name in names if name not in islands]
    if unknown:
        raise CardDataError(
            msg(
                "{where}: unknown island {island} (islands: {islands})",
                where=place,
                island=repr(unknown[0]),
                islands=", ".join(islands),
            )
        )


# --------------------------------------------------------------------------- the board sides


class SideData(Item):
    """A board side: its building islands, as many as the rules' side has."""

    name: str
    islands: Annotated[list[str], STRINGS, ONCE]

    @field_validator("name")
    @classmethod
    def _side(cls, name: str) -> str:
        if name not in SIDES:
            raise Problem(msg("{where}: name must be one of {names}", names=", ".join(map(repr, SIDES))))
        return name


def check_sides(
    raws: list[SideData], islands: Mapping[str, Island], in_play: Mapping[str, tuple[int, int]], label: str
) -> dict[str, BoardSide]:
    """The two board sides: the 4-player side builds on every island, the 2–3-player side on all but the
    card island; each has room for the tiles its games play with and gondolas of every colour."""
    sides: dict[str, BoardSide] = {}
    for data in raws:
        place = f"{label}: side {data.name!r}"
        if data.name in sides:
            raise CardDataError(msg("{where}: the side is listed twice", where=place))
        check_known(data.islands, islands, place)
        if len(data.islands) != SIDES[data.name]:
            raise CardDataError(
                msg_plural(
                    "{where}: {count} building island, the rules' side has {stated}",
                    "{where}: {count} building islands, the rules' side has {stated}",
                    len(data.islands),
                    where=place,
                    stated=SIDES[data.name],
                )
            )
        side = BoardSide(name=data.name, islands=tuple(islands[island_id] for island_id in data.islands))
        _check_room(side, in_play[side.name], place)
        sides[side.name] = side
    missing = [name for name in SIDES if name not in sides]
    if missing:
        raise CardDataError(
            msg("{label}: no board side {side}; the board has sides '4' and '2-3'", label=label, side=repr(missing[0]))
        )
    four = {island.id for island in sides["4"].islands}
    stray = [island_id for island_id in islands if island_id not in four]
    if stray:
        raise CardDataError(
            msg(
                "{label}: island {island} is not on side '4', which builds on every island",
                label=label,
                island=repr(stray[0]),
            )
        )
    if any(island.name == CARD_ISLAND for island in sides["2-3"].islands):
        raise CardDataError(
            msg(
                "{label}: side '2-3' builds on {island}, which holds only cards on the 2–3-player side",
                label=label,
                island=CARD_ISLAND,
            )
        )
    return {name: sides[name] for name in SIDES}


def _check_room(side: BoardSide, in_play: tuple[int, int], place: str) -> None:
    """Room for the street tiles and buildings in play, and gondolas of every player's colour."""
    spaces = [space for island in side.islands for space in island.spaces]
    streets, buildings = in_play
    street_spaces = sum(1 for space in spaces if space.street)
    if street_spaces < streets:
        raise CardDataError(
            msg_plural(
                "{where}: {count} street space for {streets} street tiles in play",
                "{where}: {count} street spaces for {streets} street tiles in play",
                street_spaces,
                where=place,
                streets=streets,
            )
        )
    if len(spaces) - street_spaces < buildings:
        raise CardDataError(
            msg_plural(
                "{where}: {count} building space for {buildings} buildings",
                "{where}: {count} building spaces for {buildings} buildings",
                len(spaces) - street_spaces,
                where=place,
                buildings=buildings,
            )
        )
    colours = {colour for island in side.islands for colour in island.gondolas}
    lacking = [colour for colour in PLAYER_COLOURS if colour not in colours]
    if lacking:
        raise CardDataError(
            msg(
                "{where}: no {colour} gondola; every player places gondoliers of their colour",
                where=place,
                colour=lacking[0],
            )
        )


# --------------------------------------------------------------------------- the action spaces


class ActionSpaceData(DataModel):
    """An action space: its action and whether it shows an anchor."""

    number: int
    action: Annotated[Action, named(Action, N_("action"))]
    anchor: Anchor = False


class ActionRingData(Item):
    """The 18 action spaces numbered 1–18 in sailing order, each action as often as the rules say, 8
    anchors."""

    item_names: ClassVar = {"spaces": ItemName("action space", tables=N_("action space tables"))}

    spaces: list[ActionSpaceData]

    @model_validator(mode="after")
    def _stated(self) -> ActionRingData:
        for number, space in enumerate(self.spaces, start=1):
            if space.number != number:
                raise Problem(
                    msg("{where}: numbered {number}; number the spaces 1–18 in sailing order", number=space.number),
                    f"action space #{number}",
                )
        total = sum(ACTION_SPACES.values())
        check_count(
            len(self.spaces),
            total,
            lambda count: msg_plural(
                "{where}: {count} action space, the rules have {stated}",
                "{where}: {count} action spaces, the rules have {stated}",
                count,
                stated=total,
            ),
        )
        check_counts(
            Counter(space.action for space in self.spaces),
            ACTION_SPACES,
            lambda action, count, stated: msg_plural(
                "{where}: {count} {action} space, the rules have {stated}",
                "{where}: {count} {action} spaces, the rules have {stated}",
                count,
                action=repr(action.value),
                stated=stated,
            ),
        )
        check_count(
            sum(1 for space in self.spaces if space.anchor),
            ANCHORS,
            lambda count: msg_plural(
                "{where}: {count} anchor, the rules put {stated} ships on anchor spaces",
                "{where}: {count} anchors, the rules put {stated} ships on anchor spaces",
                count,
                stated=ANCHORS,
            ),
        )
        return self

    def action_spaces(self) -> tuple[ActionSpace, ...]:
        return tuple(
            ActionSpace(number=space.number, action=space.action, anchor=space.anchor) for space in self.spaces
        )
