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
from typing import Any, Final

from laguna.core.component_data import (
    PACKAGED,
    check_keys,
    int_field,
    optional_provenance,
    optional_str,
    read_toml,
    required_str,
    source_name,
    table_array,
    type_name,
)
from laguna.core.errors import CardDataError
from laguna.core.messages import N_, msg


class DieColour(enum.Enum):
    """The six dice, each tied to the building of its colour on every sheet (the values are the
    notation, and words a log line shows, marked for the catalogues)."""

    RED = N_("red")
    ORANGE = N_("orange")
    YELLOW = N_("yellow")
    GREEN = N_("green")
    BLUE = N_("blue")
    PINK = N_("pink")

    @property
    def letter(self) -> str:
        """The first letter of symbol ids in this building, so an id alone tells the building."""
        return _LETTERS[self]

    @property
    def symbol(self) -> str:
        """A distinct printable mark, so colour-blind players never have to rely on colour alone."""
        return _GLYPHS[self]


_LETTERS: Final[Mapping[DieColour, str]] = {
    DieColour.RED: "R",
    DieColour.ORANGE: "O",
    DieColour.YELLOW: "Y",
    DieColour.GREEN: "G",
    DieColour.BLUE: "B",
    DieColour.PINK: "P",
}
_GLYPHS: Final[Mapping[DieColour, str]] = {
    DieColour.RED: "♦",
    DieColour.ORANGE: "▲",
    DieColour.YELLOW: "★",
    DieColour.GREEN: "♣",
    DieColour.BLUE: "●",
    DieColour.PINK: "♥",
}
_COLOUR_BY_LETTER: Final[Mapping[str, DieColour]] = {letter: colour for colour, letter in _LETTERS.items()}


class Kind(enum.Enum):
    """The decorations a die can circle; a red and a blue curtain are circled by odd and even dice."""

    PLANT = "plant"
    CAT = "cat"
    RED_CURTAIN = "red"
    BLUE_CURTAIN = "blue"
    STREETLIGHT = "light"
    CHIMNEY = "chimney"


_KIND_ORDER: Final[Mapping[Kind, int]] = {kind: i for i, kind in enumerate(Kind)}
_LABEL: Final[Mapping[Kind, str]] = {
    Kind.PLANT: N_("plant"),
    Kind.CAT: N_("cat"),
    Kind.RED_CURTAIN: N_("red curtain"),
    Kind.BLUE_CURTAIN: N_("blue curtain"),
    Kind.STREETLIGHT: N_("streetlight"),
    Kind.CHIMNEY: N_("chimney"),
}
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

_TOP_KEYS: Final = frozenset({"meta", "record_sheet", "sheet"})
_META_KEYS: Final = frozenset({"name", "provenance", "note"})
_RECORD_KEYS: Final = frozenset({"coins", "provenance", "note"})
_SHEET_KEYS: Final = frozenset({"name", "buildings", "precircled", "provenance", "note", "symbol"})
_SYMBOL_KEYS: Final = frozenset({"id", "floor", "kind", "number", "coin", "provenance", "note"})


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


def _parse(data: Mapping[str, Any], label: str, source: str) -> SheetSet:
    """Check the document structure, the record sheet and every layout."""
    check_keys(data, _TOP_KEYS, label, "top-level key")
    name, default_provenance = _parse_meta(data.get("meta", {}), label, source)
    coins, coins_note = _parse_record_sheet(data.get("record_sheet"), label, default_provenance)
    raw_sheets = table_array(data, "sheet", label, "sheet")
    layouts: list[SheetLayout] = []
    for number, raw in enumerate(raw_sheets, start=1):
        layout = _parse_sheet(raw, number, label, default_provenance)
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
    return SheetSet(name=name, source=source, layouts=tuple(layouts), coin_track=coins, coin_track_note=coins_note)


def _parse_meta(meta: object, label: str, source: str) -> tuple[str, str | None]:
    """The set's name (default: the file name) and the provenance items inherit when they state none."""
    if not isinstance(meta, dict):
        raise CardDataError(msg("{file}: [meta] must be a table", file=label))
    where = f"{label}: [meta]"
    check_keys(meta, _META_KEYS, where, "key")
    name = optional_str(meta, "name", where)
    provenance = optional_provenance(meta, where)
    optional_str(meta, "note", where)
    if name is None:
        name = source_name(source)
    return name, provenance


def _parse_record_sheet(raw: object, label: str, default_provenance: str | None) -> tuple[int, str]:
    """The number of coin spaces on the record sheet, which bounds the coins a player can hold."""
    if raw is None:
        raise CardDataError(msg("{file}: no [record_sheet] table", file=label))
    if not isinstance(raw, dict):
        raise CardDataError(msg("{file}: [record_sheet] must be a table", file=label))
    where = f"{label}: [record_sheet]"
    check_keys(raw, _RECORD_KEYS, where, "key")
    coins = int_field(raw, "coins", where)
    if coins < 1:
        raise CardDataError(msg("{where}: coins {coins} must be positive", where=where, coins=coins))
    _provenance(raw, where, default_provenance)
    return coins, optional_str(raw, "note", where) or ""


def _parse_sheet(raw: object, number: int, label: str, default_provenance: str | None) -> SheetLayout:
    """One validated layout; `number` names the sheet in messages until its name is known."""
    if not isinstance(raw, dict):
        raise CardDataError(msg("{file}: sheet #{number} must be a table", file=label, number=number))
    raw_name = raw.get("name")
    where = f"{label}: sheet {raw_name!r}" if isinstance(raw_name, str) else f"{label}: sheet #{number}"
    check_keys(raw, _SHEET_KEYS, where, "key")
    name = required_str(raw, "name", where)
    if not name.strip():
        raise CardDataError(msg("{where}: name is empty", where=where))
    buildings = _parse_buildings(raw.get("buildings"), where)
    provenance = _provenance(raw, where, default_provenance)
    note = optional_str(raw, "note", where) or ""

    raw_symbols = table_array(raw, "symbol", where, "sheet.symbol")
    symbols: list[Symbol] = []
    seen: set[str] = set()
    for index, raw_symbol in enumerate(raw_symbols, start=1):
        symbol = _parse_symbol(raw_symbol, index, where, provenance)
        if symbol.id in seen:
            raise CardDataError(msg("{where}: symbol {symbol}: duplicate id", where=where, symbol=repr(symbol.id)))
        seen.add(symbol.id)
        symbols.append(symbol)
    _check_buildings(symbols, where)
    precircled = _parse_precircled(raw.get("precircled"), {s.id: s for s in symbols}, where)
    return SheetLayout(
        name=name,
        buildings=buildings,
        symbols=tuple(symbols),
        precircled=precircled,
        provenance=provenance,
        note=note,
    )


def _parse_buildings(raw: object, where: str) -> tuple[DieColour, ...]:
    """The printed order of the buildings: six colours, each exactly once."""
    if raw is None:
        raise CardDataError(msg("{where}: field 'buildings' is missing", where=where))
    if not isinstance(raw, list) or not all(isinstance(item, str) for item in raw):
        raise CardDataError(msg("{where}: field 'buildings' must be an array of colour names", where=where))
    colours: list[DieColour] = []
    for item in raw:
        try:
            colour = DieColour(item)
        except ValueError:
            names = ", ".join(c.value for c in DieColour)
            raise CardDataError(
                msg(
                    "{where}: building colour {colour} is not one of {colours}",
                    where=where,
                    colour=repr(item),
                    colours=names,
                )
            ) from None
        if colour in colours:
            raise CardDataError(msg("{where}: building colour {colour} appears twice", where=where, colour=repr(item)))
        colours.append(colour)
    if len(colours) != len(DieColour):
        raise CardDataError(
            msg(
                "{where}: {count} buildings, a sheet has {buildings} (one per die colour)",
                where=where,
                count=len(colours),
                buildings=len(DieColour),
            )
        )
    return tuple(colours)


def _parse_symbol(raw: object, index: int, sheet_where: str, default_provenance: str) -> Symbol:
    """One validated symbol; the id must agree with its floor and kind and name its building."""
    if not isinstance(raw, dict):
        raise CardDataError(msg("{where}: symbol #{number} must be a table", where=sheet_where, number=index))
    raw_id = raw.get("id")
    where = f"{sheet_where}: symbol {raw_id!r}" if isinstance(raw_id, str) else f"{sheet_where}: symbol #{index}"
    check_keys(raw, _SYMBOL_KEYS, where, "key")
    symbol_id = required_str(raw, "id", where)
    floor = int_field(raw, "floor", where)
    if floor not in _FLOORS:
        raise CardDataError(msg("{where}: floor {floor} is not 1, 2 or 3", where=where, floor=floor))
    kind_name = required_str(raw, "kind", where)
    try:
        kind = Kind(kind_name)
    except ValueError:
        names = ", ".join(k.value for k in Kind)
        raise CardDataError(
            msg("{where}: kind {kind} is not one of {kinds}", where=where, kind=repr(kind_name), kinds=names)
        ) from None
    building = _check_id(symbol_id, floor, kind, where)

    only = _ONLY_FLOOR.get(kind)
    if only is not None and floor != only:
        raise CardDataError(
            msg(
                "{where}: {kind} {on_floor}; {kinds} are {only_on_floor}",
                where=where,
                kind=msg(_LABEL[kind]),
                kinds=msg(_PLURAL_LABEL[kind]),
                on_floor=msg(_ON_THE_FLOOR[floor]),
                only_on_floor=msg(_ON_THE_FLOOR[only]),
            )
        )
    number: int | None = None
    if kind is Kind.STREETLIGHT:
        number = int_field(raw, "number", where)
        if number not in _DIE_FACES:
            raise CardDataError(
                msg("{where}: streetlight number {number} is not a die face 1-6", where=where, number=number)
            )
    elif "number" in raw:
        raise CardDataError(msg("{where}: only streetlights print a number", where=where))
    coin = raw.get("coin", False)
    if not isinstance(coin, bool):
        raise CardDataError(
            msg("{where}: field 'coin' must be a boolean, not {kind}", where=where, kind=type_name(coin))
        )
    return Symbol(
        id=symbol_id,
        building=building,
        floor=floor,
        kind=kind,
        number=number,
        coin=coin,
        provenance=_provenance(raw, where, default_provenance),
        note=optional_str(raw, "note", where) or "",
    )


def _check_id(symbol_id: str, floor: int, kind: Kind, where: str) -> DieColour:
    """Ids read '<building letter><floor>.<kind>[n]', so a record's symbol ids can be read without the data."""
    match = _ID_PATTERN.fullmatch(symbol_id)
    if match is None or match.group(1) not in _COLOUR_BY_LETTER:
        raise CardDataError(
            msg(
                "{where}: id must be a building letter (R, O, Y, G, B, P), the floor, '.', the kind "
                "and an optional running number, like 'R1.plant2'",
                where=where,
            )
        )
    letter, id_floor, id_kind, suffix = match.groups()
    if int(id_floor) != floor:
        raise CardDataError(
            msg(
                "{where}: id floor {id_floor} does not match floor {floor}", where=where, id_floor=id_floor, floor=floor
            )
        )
    if id_kind != kind.value:
        raise CardDataError(
            msg(
                "{where}: id kind {id_kind} does not match kind {kind}",
                where=where,
                id_kind=repr(id_kind),
                kind=repr(kind.value),
            )
        )
    if suffix and kind in _SINGLE_KINDS:
        raise CardDataError(
            msg(
                "{where}: a {kind} id takes no running number: {reason}",
                where=where,
                kind=msg(_LABEL[kind]),
                reason=msg(_SINGLE_KINDS[kind]),
            )
        )
    if suffix and (suffix.startswith("0") or int(suffix) < 2):
        raise CardDataError(
            msg(
                "{where}: running number {suffix} not allowed "
                "(2, 3, ... for the further plants and curtains of a floor)",
                where=where,
                suffix=repr(suffix),
            )
        )
    return _COLOUR_BY_LETTER[letter]


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
                        kind=msg(_LABEL[kind]),
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
                        kind=msg(_LABEL[s.kind]),
                    )
                )


def _parse_precircled(raw: object, symbols: Mapping[str, Symbol], where: str) -> tuple[str, ...]:
    """The symbols every copy of the sheet starts with circled: two, with nothing written under them."""
    if raw is None:
        raise CardDataError(msg("{where}: field 'precircled' is missing", where=where))
    if not isinstance(raw, list) or not all(isinstance(item, str) for item in raw):
        raise CardDataError(msg("{where}: field 'precircled' must be an array of symbol ids", where=where))
    twice = [symbol_id for symbol_id, n in Counter(raw).items() if n > 1]
    if twice:
        raise CardDataError(msg("{where}: precircled names {symbol} twice", where=where, symbol=repr(twice[0])))
    if len(raw) != _PRECIRCLED:
        raise CardDataError(
            msg(
                "{where}: precircled names {count} symbols, a sheet starts with {precircled}",
                where=where,
                count=len(raw),
                precircled=_PRECIRCLED,
            )
        )
    for symbol_id in raw:
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
                    kind=msg(_LABEL[symbol.kind]),
                )
            )
    return tuple(raw)


def _provenance(table: Mapping[str, Any], where: str, default: str | None) -> str:
    """An item's provenance, inherited from the enclosing table when the item states none."""
    provenance = optional_provenance(table, where) or default
    if provenance is None:
        raise CardDataError(msg("{where}: provenance missing (set it here or in [meta])", where=where))
    return provenance
