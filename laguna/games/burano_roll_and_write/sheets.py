"""Game sheets of Walking in Burano Roll & Write: the typed model and the loader of the sheet data.

The rulebook (COMPONENTS) gives 40 game sheets, 10 of each of 4 layouts, and a record sheet; USING A
DIE names the five decorations (plants, cats, curtains, streetlights, chimneys) and the dice that
circle them; the streetlight example names one layout, Viale Marcello, whose red streetlight is
labeled 1 and pink streetlight 6. The pictures of the sheets are lost, so the packaged data file is a
reconstruction that honours every stated fact and makes every rulebook example reachable. A player
who owns the game can load the exact sheets from any file of the same schema; the loader checks the
stated rules either way.
"""

from __future__ import annotations

import enum
import functools
import re
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Annotated, Any, ClassVar, Final

from pydantic import field_validator, model_validator

from laguna.core.colours import GLYPHS
from laguna.core.component_data import PACKAGED, Provenance, read_toml, type_name
from laguna.core.data_model import (
    DataFile,
    DataModel,
    ItemName,
    Name,
    Problem,
    a_table,
    check_count,
    one_of,
    tables,
    validate,
)
from laguna.core.errors import CardDataError
from laguna.core.messages import N_, Message, msg


class DieColour(enum.Enum):
    """The six dice, each tied to the building of its colour on every sheet (the values are the
    notation, and words a log line shows, marked for the catalogues)."""

    RED = N_("red")
    ORANGE = N_("orange")
    YELLOW = N_("yellow")
    GREEN = N_("green")
    BLUE = N_("blue")
    PINK = N_("pink")

    __hash__ = object.__hash__
    """By identity, as a member is equal only to itself: the rules and the heuristic key tables by
    colour at every step of a search, and the default hashes the member's name in Python."""

    @property
    def letter(self) -> str:
        """The first letter of symbol ids in this building, so an id alone tells the building."""
        return _LETTERS[self]

    @property
    def symbol(self) -> str:
        """A distinct printable mark, so colour-blind players never have to rely on colour alone."""
        return _GLYPHS[self]


_LETTERS: Final[Mapping[DieColour, str]] = {colour: colour.value[0].upper() for colour in DieColour}
_GLYPHS: Final[Mapping[DieColour, str]] = {colour: GLYPHS[colour.value] for colour in DieColour}
_COLOUR_BY_LETTER: Final[Mapping[str, DieColour]] = {letter: colour for colour, letter in _LETTERS.items()}


class Kind(enum.Enum):
    """The decorations a die can circle; a red and a blue curtain are circled by odd and even dice."""

    PLANT = "plant"
    CAT = "cat"
    RED_CURTAIN = "red"
    BLUE_CURTAIN = "blue"
    STREETLIGHT = "light"
    CHIMNEY = "chimney"

    __hash__ = object.__hash__
    """By identity, like `DieColour`'s."""


_KIND_ORDER: Final[Mapping[Kind, int]] = {kind: i for i, kind in enumerate(Kind)}
KIND_LABELS: Final[Mapping[Kind, str]] = {
    Kind.PLANT: N_("plant"),
    Kind.CAT: N_("cat"),
    Kind.RED_CURTAIN: N_("red curtain"),
    Kind.BLUE_CURTAIN: N_("blue curtain"),
    Kind.STREETLIGHT: N_("streetlight"),
    Kind.CHIMNEY: N_("chimney"),
}
"""Each kind's name, for messages and boards."""
# The kinds of which every building has exactly one, by their plural.
_PLURAL_LABEL: Final[Mapping[Kind, str]] = {Kind.STREETLIGHT: N_("streetlights"), Kind.CHIMNEY: N_("chimneys")}
# Kinds that appear at most once per floor, so their ids carry no running number; the rule says why.
_SINGLE_KINDS: Final[Mapping[Kind, str]] = {
    Kind.CAT: N_("at most one cat per floor, since the floor decides the die (1-2, 3-4, 5-6)"),
    Kind.STREETLIGHT: N_("every building has exactly one streetlight"),
    Kind.CHIMNEY: N_("every building has exactly one chimney"),
}
# The only floor a streetlight or a chimney may sit on (each building has one of each).
_ONLY_FLOOR: Final[Mapping[Kind, int]] = {Kind.STREETLIGHT: 2, Kind.CHIMNEY: 3}
# Precircled symbols start with nothing written: plants and chimneys need a number, a streetlight is kept out.
_PRECIRCLABLE: Final = frozenset({Kind.CAT, Kind.RED_CURTAIN, Kind.BLUE_CURTAIN})

_FLOORS: Final = (1, 2, 3)
_DIE_FACES: Final = range(1, 7)
_LAYOUTS: Final = 4
_PRECIRCLED: Final = 2
# Where a symbol sits, as whole phrases, so that a language can inflect them.
_ON_THE_FLOOR: Final[Mapping[int, str]] = {
    1: N_("on the 1st floor"),
    2: N_("on the 2nd floor"),
    3: N_("on the 3rd floor"),
}
_ID_PATTERN: Final = re.compile(r"([A-Z])([0-9])\.([a-z]+)([0-9]*)")


@dataclass(frozen=True, slots=True)
class Symbol:
    """One printed decoration: where it is, what circles it, and whether circling it pays a coin."""

    id: str
    building: DieColour
    floor: int
    kind: Kind
    number: int | None = None
    coin: bool = False
    provenance: str = "reconstructed"
    note: str = ""


@dataclass(frozen=True, slots=True)
class SheetLayout:
    """One of the printed layouts: six buildings left to right and every symbol on them."""

    name: str
    buildings: tuple[DieColour, ...]
    symbols: tuple[Symbol, ...]
    precircled: tuple[str, ...]
    provenance: str
    note: str
    _index: Mapping[str, Symbol] = field(init=False, repr=False, compare=False, hash=False)
    _positions: Mapping[DieColour, int] = field(init=False, repr=False, compare=False, hash=False)
    _by_building: Mapping[DieColour, tuple[Symbol, ...]] = field(init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        """Sort the symbols left to right and bottom to top and index them, so lookups are constant-time."""
        positions = {colour: i for i, colour in enumerate(self.buildings)}
        if len(positions) != len(self.buildings) or set(positions) != set(DieColour):
            raise CardDataError(
                msg("sheet {name}: the buildings must show each die colour exactly once", name=repr(self.name))
            )
        missing = [s.id for s in self.symbols if s.building not in positions]
        if missing:
            raise CardDataError(
                msg(
                    "sheet {name}: symbol {symbol} is in no building of the sheet",
                    name=repr(self.name),
                    symbol=repr(missing[0]),
                )
            )
        ordered = tuple(sorted(self.symbols, key=lambda s: (positions[s.building], s.floor, _KIND_ORDER[s.kind], s.id)))
        index = {symbol.id: symbol for symbol in ordered}
        if len(index) != len(ordered):
            duplicate = next(sid for sid, n in Counter(s.id for s in ordered).items() if n > 1)
            raise CardDataError(
                msg("sheet {name}: duplicate symbol id {symbol}", name=repr(self.name), symbol=repr(duplicate))
            )
        by_building = {colour: tuple(s for s in ordered if s.building is colour) for colour in self.buildings}
        object.__setattr__(self, "symbols", ordered)
        object.__setattr__(self, "_index", index)
        object.__setattr__(self, "_positions", positions)
        object.__setattr__(self, "_by_building", by_building)

    def symbol(self, symbol_id: str) -> Symbol:
        """The symbol with this id; records name symbols by id, so an unknown one is an error."""
        try:
            return self._index[symbol_id]
        except KeyError:
            raise CardDataError(
                msg("sheet {name}: no symbol with id {symbol}", name=repr(self.name), symbol=repr(symbol_id))
            ) from None

    def in_building(self, colour: DieColour) -> tuple[Symbol, ...]:
        """The symbols one die colour can circle, bottom floor first."""
        return self._by_building[colour]

    def position(self, colour: DieColour) -> int:
        """The building's place from the left (0..5); the Policeman scores by adjacency."""
        return self._positions[colour]


@dataclass(frozen=True, slots=True)
class SheetSet:
    """The layouts of one data file and the record sheet's coin track that goes with them."""

    name: str
    source: str
    layouts: tuple[SheetLayout, ...]
    coin_track: int
    coin_track_note: str

    def layout(self, name: str) -> SheetLayout:
        """The layout with this name; records name layouts, so an unknown one is an error."""
        for layout in self.layouts:
            if layout.name == name:
                return layout
        known = ", ".join(layout.name for layout in self.layouts)
        raise CardDataError(
            msg("{source}: no sheet named {name} (sheets: {known})", source=self.source, name=repr(name), known=known)
        )


DEFAULT_SHEET_FILE = PACKAGED
"""The name that selects the packaged, reconstructed sheets; any other source is a file path."""


def load_sheets(source: str = DEFAULT_SHEET_FILE) -> SheetSet:
    """Load and validate game sheets: the packaged reconstruction, or a TOML file the user points at.

    Every problem raises CardDataError with one line naming the file and the sheet, symbol or field
    at fault, so a bad data file never shows up later as a wrong score. Results are cached: the data
    is immutable.

    >>> sheets = load_sheets()
    >>> sheets.layout("Viale Marcello").symbol("R2.light").number
    1
    """
    return _load_cached(source)


@functools.lru_cache(maxsize=16)
def _load_cached(source: str) -> SheetSet:
    """The cached body of `load_sheets`, keyed on the source alone so a default argument hits too."""
    label, data = read_toml("laguna.games.burano_roll_and_write", "sheets.toml", source, "sheet file")
    return _parse(data, label, source)


def _bad_kind(name: str, names: str) -> Message:
    return msg("{where}: kind {kind} is not one of {kinds}", kind=name, kinds=names)


class _RecordSheet(DataModel):
    coins: int
    provenance: Provenance | None = None
    note: str | None = None

    @field_validator("coins")
    @classmethod
    def _positive(cls, coins: int) -> int:
        if coins < 1:
            raise Problem(msg("{where}: coins {coins} must be positive", coins=coins))
        return coins


class _Symbol(DataModel):
    id: str
    floor: int
    kind: Annotated[Kind, one_of(Kind, _bad_kind)]
    number: int | None = None
    coin: bool = False
    provenance: Provenance | None = None
    note: str | None = None

    @field_validator("floor")
    @classmethod
    def _of_the_sheet(cls, floor: int) -> int:
        if floor not in _FLOORS:
            raise Problem(msg("{where}: floor {floor} is not 1, 2 or 3", floor=floor))
        return floor

    @field_validator("coin", mode="before")
    @classmethod
    def _boolean(cls, coin: object) -> object:
        if not isinstance(coin, bool):
            raise Problem(msg("{where}: field 'coin' must be a boolean, not {kind}", kind=type_name(coin)))
        return coin

    @model_validator(mode="after")
    def _as_printed(self) -> _Symbol:
        """The id agrees with floor and kind; streetlights and chimneys on their floor, a number only
        on a streetlight."""
        _check_id(self.id, self.floor, self.kind)
        only = _ONLY_FLOOR.get(self.kind)
        if only is not None and self.floor != only:
            raise Problem(
                msg(
                    "{where}: {kind} {on_floor}; {kinds} are {only_on_floor}",
                    kind=msg(KIND_LABELS[self.kind]),
                    kinds=msg(_PLURAL_LABEL[self.kind]),
                    on_floor=msg(_ON_THE_FLOOR[self.floor]),
                    only_on_floor=msg(_ON_THE_FLOOR[only]),
                )
            )
        if self.kind is Kind.STREETLIGHT:
            if self.number is None:
                raise Problem(msg("{where}: field {key} is missing", key=repr("number")))
            if self.number not in _DIE_FACES:
                raise Problem(msg("{where}: streetlight number {number} is not a die face 1-6", number=self.number))
        elif self.number is not None:
            raise Problem(msg("{where}: only streetlights print a number"))
        return self


class _Sheet(DataModel):
    item_names: ClassVar = {"symbol": ItemName("symbol", "id")}
    name: Name
    buildings: list[DieColour]
    provenance: Provenance | None = None
    note: str | None = None
    symbol: Annotated[
        list[_Symbol], tables(lambda number: msg("{where}: symbol #{number} must be a table", number=number))
    ]
    precircled: list[str]

    @field_validator("buildings", mode="before")
    @classmethod
    def _six_buildings(cls, raw: object) -> object:
        """The printed order of the buildings: six colours, each exactly once."""
        if not isinstance(raw, list) or not all(isinstance(item, str) for item in raw):
            raise Problem(msg("{where}: field 'buildings' must be an array of colour names"))
        colours: list[DieColour] = []
        for item in raw:
            try:
                colour = DieColour(item)
            except ValueError:
                names = ", ".join(c.value for c in DieColour)
                raise Problem(
                    msg("{where}: building colour {colour} is not one of {colours}", colour=repr(item), colours=names)
                ) from None
            if colour in colours:
                raise Problem(msg("{where}: building colour {colour} appears twice", colour=repr(item)))
            colours.append(colour)
        check_count(
            len(colours),
            len(DieColour),
            lambda count: msg(
                "{where}: {count} buildings, a sheet has {buildings} (one per die colour)",
                count=count,
                buildings=len(DieColour),
            ),
        )
        return colours

    @field_validator("precircled", mode="before")
    @classmethod
    def _two_precircled(cls, raw: object) -> object:
        """Every copy of the sheet starts with two symbols circled."""
        if not isinstance(raw, list) or not all(isinstance(item, str) for item in raw):
            raise Problem(msg("{where}: field 'precircled' must be an array of symbol ids"))
        twice = [symbol_id for symbol_id, n in Counter(raw).items() if n > 1]
        if twice:
            raise Problem(msg("{where}: precircled names {symbol} twice", symbol=repr(twice[0])))
        check_count(
            len(raw),
            _PRECIRCLED,
            lambda count: msg(
                "{where}: precircled names {count} symbols, a sheet starts with {precircled}",
                count=count,
                precircled=_PRECIRCLED,
            ),
        )
        return raw


class _SheetFile(DataFile):
    item_names: ClassVar = {"sheet": ItemName("sheet", "name")}
    record_sheet: Annotated[_RecordSheet, a_table(msg("{file}: [record_sheet] must be a table"))]
    sheet: Annotated[list[_Sheet], tables(lambda number: msg("{file}: sheet #{number} must be a table", number=number))]


def _parse(data: Mapping[str, Any], label: str, source: str) -> SheetSet:
    """Check the document, the record sheet and every layout."""
    document = validate(_SheetFile, data, label)
    default_provenance = document.meta.provenance
    record = document.record_sheet
    _provenance(record.provenance, f"{label}: [record_sheet]", default_provenance)
    layouts: list[SheetLayout] = []
    for raw in document.sheet:
        layout = _layout(raw, f"{label}: sheet {raw.name!r}", default_provenance)
        if any(other.name == layout.name for other in layouts):
            raise CardDataError(msg("{file}: sheet {name}: duplicate sheet name", file=label, name=repr(layout.name)))
        layouts.append(layout)
    if len(layouts) != _LAYOUTS:
        raise CardDataError(
            msg(
                "{file}: {count} sheet layouts, the rulebook has {layouts} (40 game sheets, 10 each)",
                file=label,
                count=len(layouts),
                layouts=_LAYOUTS,
            )
        )
    name = document.set_name(source)
    return SheetSet(
        name=name, source=source, layouts=tuple(layouts), coin_track=record.coins, coin_track_note=record.note or ""
    )


def _layout(raw: _Sheet, where: str, default_provenance: str | None) -> SheetLayout:
    """One layout: its symbols each once, every building's streetlight and chimney, the precircled
    symbols among them."""
    provenance = _provenance(raw.provenance, where, default_provenance)
    symbols: list[Symbol] = []
    for symbol in raw.symbol:
        if any(other.id == symbol.id for other in symbols):
            raise CardDataError(msg("{where}: symbol {symbol}: duplicate id", where=where, symbol=repr(symbol.id)))
        symbols.append(
            Symbol(
                id=symbol.id,
                building=_COLOUR_BY_LETTER[symbol.id[0]],
                floor=symbol.floor,
                kind=symbol.kind,
                number=symbol.number,
                coin=symbol.coin,
                provenance=_provenance(symbol.provenance, f"{where}: symbol {symbol.id!r}", provenance),
                note=symbol.note or "",
            )
        )
    _check_buildings(symbols, where)
    _check_precircled(raw.precircled, {s.id: s for s in symbols}, where)
    return SheetLayout(
        name=raw.name,
        buildings=tuple(raw.buildings),
        symbols=tuple(symbols),
        precircled=tuple(raw.precircled),
        provenance=provenance,
        note=raw.note or "",
    )


def _check_id(symbol_id: str, floor: int, kind: Kind) -> None:
    """Ids read '<building letter><floor>.<kind>[n]', so a record's symbol ids can be read without the data."""
    match = _ID_PATTERN.fullmatch(symbol_id)
    if match is None or match.group(1) not in _COLOUR_BY_LETTER:
        raise Problem(
            msg(
                "{where}: id must be a building letter (R, O, Y, G, B, P), the floor, '.', the kind "
                "and an optional running number, like 'R1.plant2'",
            )
        )
    _, id_floor, id_kind, suffix = match.groups()
    if int(id_floor) != floor:
        raise Problem(msg("{where}: id floor {id_floor} does not match floor {floor}", id_floor=id_floor, floor=floor))
    if id_kind != kind.value:
        raise Problem(
            msg(
                "{where}: id kind {id_kind} does not match kind {kind}",
                id_kind=repr(id_kind),
                kind=repr(kind.value),
            )
        )
    if suffix and kind in _SINGLE_KINDS:
        raise Problem(
            msg(
                "{where}: a {kind} id takes no running number: {reason}",
                kind=msg(KIND_LABELS[kind]),
                reason=msg(_SINGLE_KINDS[kind]),
            )
        )
    if suffix and (suffix.startswith("0") or int(suffix) < 2):
        raise Problem(
            msg(
                "{where}: running number {suffix} not allowed "
                "(2, 3, ... for the further plants and curtains of a floor)",
                suffix=repr(suffix),
            )
        )


def _check_buildings(symbols: list[Symbol], where: str) -> None:
    """Per building: one streetlight (2nd floor), one chimney (3rd floor), gap-free running numbers."""
    for colour in DieColour:
        mine = [s for s in symbols if s.building is colour]
        for kind in (Kind.STREETLIGHT, Kind.CHIMNEY):
            found = [s.id for s in mine if s.kind is kind]
            if len(found) != 1:
                listed = f" ({', '.join(found)})" if found else ""
                raise CardDataError(
                    msg(
                        "{where}: {colour} building has {count} {kinds}{listed}; every building has exactly one {kind}",
                        where=where,
                        colour=colour.value,
                        count=len(found),
                        kinds=msg(_PLURAL_LABEL[kind]),
                        listed=listed,
                        kind=msg(KIND_LABELS[kind]),
                    )
                )
        per_group = Counter((s.floor, s.kind) for s in mine)
        for s in mine:
            suffix = s.id.split(".", 1)[1].removeprefix(s.kind.value)
            if suffix and int(suffix) > per_group[s.floor, s.kind]:
                raise CardDataError(
                    msg(
                        "{where}: symbol {symbol}: running number {suffix} but the floor has {count} {kind}(s)",
                        where=where,
                        symbol=repr(s.id),
                        suffix=suffix,
                        count=per_group[s.floor, s.kind],
                        kind=msg(KIND_LABELS[s.kind]),
                    )
                )


def _check_precircled(precircled: list[str], symbols: Mapping[str, Symbol], where: str) -> None:
    """The precircled symbols are cats or curtains of the sheet: nothing is written under them."""
    for symbol_id in precircled:
        symbol = symbols.get(symbol_id)
        if symbol is None:
            raise CardDataError(
                msg("{where}: precircled {symbol} is not a symbol of the sheet", where=where, symbol=repr(symbol_id))
            )
        if symbol.kind not in _PRECIRCLABLE:
            raise CardDataError(
                msg(
                    "{where}: precircled {symbol} is a {kind}; only cats and curtains start circled",
                    where=where,
                    symbol=repr(symbol_id),
                    kind=msg(KIND_LABELS[symbol.kind]),
                )
            )


def _provenance(provenance: str | None, where: str, default: str | None) -> str:
    """An item's provenance, inherited from the enclosing table when the item states none."""
    chosen = provenance or default
    if chosen is None:
        raise CardDataError(msg("{where}: provenance missing (set it here or in [meta])", where=where))
    return chosen
