"""Component data checked by pydantic models, shared by every game's loader.

A game describes each kind of component of its data file as a model: strict types (a boolean is not an
integer, a float is not an integer), unknown keys refused, and the counts its rulebook states as
validators. `validate` runs the model of the whole document and turns the first problem into the
one-line `CardDataError` a person reads, naming the file and the item at fault::

    class Ship(Item):                                # one [[ship]]; `Item` brings provenance and note
        name: str
        vp: Positive                                 # "…: field 'vp' must be positive, not 0"
        colour: Annotated[Colour, one_of(Colour, lambda name, names: msg("{where}: colour {name} is …", …))]

        @field_validator("vp")
        @classmethod
        def _rulebook_vp(cls, vp: int) -> int:
            if vp > 24:
                raise Problem(msg("{where}: vp {vp} …", vp=vp))   # {where} names this ship
            return vp

    class ComponentFile(DataModel):                  # the document: its tables and arrays of tables
        item_names: ClassVar = {"ship": ItemName("ship", "name")}
        fish: Fish                                   # [fish]: "…: no [fish] table" when missing
        ship: list[Ship]                             # [[ship]]: "…: no [[ship]] tables" when missing

    label, data = read_toml("laguna.games.burano", "components.toml", source, "component file")
    document = validate(ComponentFile, data, label)

How an error is named: the file's label; a table as ``[fish]``; an item of an array of tables by its
name when it has a string one (``ship 'tuna-squid'``), else by its position (``ship #3``), or, for a
kind named without a key, by its number (``house 2``); then the field. What is wrong follows from the
pydantic error: a missing field, a wrong type (`type_name` of the value), an unknown key (with the keys
allowed), a negative or non-positive number, a provenance not in `PROVENANCES`. A rule of the game is a
validator raising `Problem` with its own message, whose ``{where}`` (and ``{file}``) `validate` fills
in. Checks across items (a name listed twice, the count of a kind) run on the validated models.
"""

from __future__ import annotations

import dataclasses
import enum
import types
import typing
from collections.abc import Callable, Hashable, Iterable, Mapping
from typing import Annotated, Any, ClassVar, Final, NamedTuple, TypeVar

from pydantic import AfterValidator, BaseModel, BeforeValidator, ConfigDict, Field, ValidationError
from pydantic_core import ErrorDetails, PydanticCustomError

from laguna.core.component_data import PROVENANCES, Provenance, source_name, type_name
from laguna.core.errors import CardDataError
from laguna.core.messages import N_, Message, msg

Positive = Annotated[int, Field(gt=0)]
"""An integer above zero (``field 'rows' must be positive, not 0``)."""

Count = Annotated[int, Field(ge=0)]
"""An integer of zero or more (``field 'cats' is negative (-1)``)."""


class ItemName(NamedTuple):
    """How messages name an item of an array of tables: `kind` and the value of `key` when it is a
    string (``ship 'tuna-squid'``), else its position after `sign` (``ship #3``, ``house 2``). An item
    `from_file` is named after the file, not after the table holding it (``fish kind 'eel'``). An array
    inside a table whose messages name its items in words (`tables`, marked for the catalogues) is
    refused as a field (``field 'spaces' must be an array of space tables, not string``), else by its
    TOML header (``'kind' must be an array of tables ([[fish.kind]])``)."""

    kind: str
    key: str | None = None
    from_file: bool = False
    sign: str = "#"
    tables: str | None = None

    def of(self, raw: object, number: int, parent: object, field: str | None) -> str:
        """The item's name in messages; `number` counts from 1, `parent` is the table holding the array
        and `field` the item's field at fault, if any."""
        name = raw.get(self.key) if isinstance(raw, dict) and self.key is not None else None
        return f"{self.kind} {name!r}" if isinstance(name, str) else f"{self.kind} {self.sign}{number}"


class DataModel(BaseModel):
    """Base of every component model: strict, frozen, unknown keys refused."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)

    item_names: ClassVar[Mapping[str, ItemName]] = {}
    """For each field holding an array of tables, how messages name one of its items."""


class Item(DataModel):
    """An item that states where its data comes from; a note may say more."""

    provenance: Provenance
    note: str | None = None


class Meta(DataModel):
    """The optional ``[meta]`` table of a data file: the set's name and the provenance its items inherit
    when they state none."""

    name: str | None = None
    provenance: Provenance | None = None
    note: str | None = None


def a_table(refusal: Message) -> BeforeValidator:
    """The validator of a field holding a table: anything else is refused with `refusal`."""

    def check(value: object) -> object:
        if not isinstance(value, dict):
            raise Problem(refusal)
        return value

    return BeforeValidator(check)


def tables(refusal: Callable[[int], Message]) -> BeforeValidator:
    """The validator of a field holding an array of tables: an item that is no table is refused with
    `refusal` of its position (from 1)."""

    def check(items: object) -> object:
        for number, item in enumerate(items if isinstance(items, list) else (), start=1):
            if not isinstance(item, dict):
                raise Problem(refusal(number))
        return items

    return BeforeValidator(check)


def _named(name: str) -> str:
    if not name.strip():
        raise Problem(msg("{where}: name is empty"))
    return name


Name = Annotated[str, AfterValidator(_named)]
"""A name that is not blank (``name is empty``)."""


class DataFile(DataModel):
    """A data file whose optional ``[meta]`` table names the set and the provenance its items inherit."""

    meta: Annotated[Meta, a_table(msg("{file}: [meta] must be a table"))] = Meta()

    def set_name(self, source: str) -> str:
        """The set's name: the one ``[meta]`` gives, else the file's (`source_name`)."""
        return self.meta.name if self.meta.name is not None else source_name(source)


class Problem(ValueError):
    """A rule of the game a validator refuses. Its message's ``{where}`` is the place of the error
    (followed by `within`, such as ``tile 3``, when the validator names a part of its field; with
    `from_file`, the file's label followed by `within`, for an item named after the file) and ``{file}``
    the file's label; `validate` fills both in."""

    def __init__(self, message: Message, within: str | None = None, *, from_file: bool = False) -> None:
        super().__init__(message.template)
        self.message = message
        self.within = within
        self.from_file = from_file


E = TypeVar("E", bound=enum.Enum)
T = TypeVar("T", bound=Hashable)
K = TypeVar("K")
M = TypeVar("M", bound=DataModel)


def one_of(kind: type[E], refusal: Callable[[str, str], Message]) -> BeforeValidator:
    """The validator of a field naming a value of `kind` by its value; `refusal` gives the message for a
    name that is none of them from that name (quoted) and the names of all the values."""
    names = ", ".join(str(value.value) for value in kind)

    def check(value: object) -> object:
        if not isinstance(value, str):
            raise PydanticCustomError("string_type", "Input should be a valid string")
        try:
            return kind(value)
        except ValueError:
            raise Problem(refusal(repr(value), names)) from None

    return BeforeValidator(check)


def check_count(count: int, stated: int, refusal: Callable[[int], Message], error: type[Exception] = Problem) -> None:
    """A count the rulebook states: any other is refused with `refusal(count)`, a `Problem` inside a
    validator or, after validation, a `CardDataError` whose message names its place."""
    if count != stated:
        raise error(refusal(count))


def check_counts(
    counts: Mapping[K, int],
    stated: Mapping[K, int],
    refusal: Callable[[K, int, int], Message],
    error: type[Exception] = Problem,
) -> None:
    """The count of each kind the rulebook states (`counts` holds those found); the first kind with
    another count is refused with `refusal(kind, count, stated)`."""
    for kind, wanted in stated.items():
        count = counts.get(kind, 0)
        if count != wanted:
            raise error(refusal(kind, count, wanted))


def repeated(values: Iterable[T]) -> T | None:
    """The first value met a second time, if any."""
    seen: set[T] = set()
    for value in values:
        if value in seen:
            return value
        seen.add(value)
    return None


_DUPLICATE: Final = {
    "id": N_("{where}: duplicate id"),
    "name": N_("{where}: duplicate name"),
    "letter": N_("{where}: duplicate letter"),
}


def unique(items: Iterable[Any], key: str, place: str, kind: str) -> None:
    """No two items of a kind share their `key` (``id``, ``name`` or ``letter``): a game names its
    components by it. The second is named after `place` (``…: ship 'tuna-squid': duplicate name``)."""
    twice = repeated(getattr(item, key) for item in items)
    if twice is not None:
        raise CardDataError(msg(_DUPLICATE[key], where=f"{place}: {kind} {twice!r}"))


def validate(model: type[M], raw: object, label: str) -> M:
    """`raw` (a parsed TOML document) checked by `model`; the first problem as a `CardDataError`."""
    try:
        return model.model_validate(raw)
    except ValidationError as exc:
        raise CardDataError(_message(_first(exc.errors()), model, raw, label)) from None


def _first(errors: list[ErrorDetails]) -> ErrorDetails:
    """The error a person reading the file from the top meets first: an unknown key before the other
    errors of its table, and an item's provenance and note after them."""
    first = errors[0]
    table = first["loc"][:-1]
    if first["loc"][-1:] in _LAST:
        inside = (e for e in errors if e["loc"][: len(table)] == table and e["loc"][len(table) :][:1] not in _LAST)
        first = next(inside, first)
    for error in errors:
        loc = error["loc"]
        if error["type"] == "extra_forbidden" and first["loc"][: len(loc) - 1] == loc[:-1]:
            return error
    return first


_LAST: Final = (("provenance",), ("note",))
"""The fields of an item a reader meets last."""


def _table_of(annotation: Any) -> tuple[type[DataModel] | None, bool]:
    """The model of a field holding a table or an array of tables, and whether it is an array."""
    origin = typing.get_origin(annotation)
    if origin in (typing.Union, types.UnionType):
        args = [arg for arg in typing.get_args(annotation) if arg is not type(None)]
        return _table_of(args[0]) if len(args) == 1 else (None, False)
    if origin in (list, tuple):
        inner, _ = _table_of(typing.get_args(annotation)[0])
        return inner, inner is not None
    if isinstance(annotation, type) and issubclass(annotation, DataModel):
        return annotation, False
    return None, False


def _is_strings(annotation: Any) -> bool:
    """Whether a field holds an array of strings or of names of `one_of` values (messages name both as
    arrays of strings)."""
    if typing.get_origin(annotation) not in (list, tuple):
        return False
    item = typing.get_args(annotation)[0]
    if typing.get_origin(item) is Annotated:
        item = typing.get_args(item)[0]
    return item is str or (isinstance(item, type) and issubclass(item, enum.Enum))


def array_of(value: object, key: str, what: str) -> list[Any]:
    """`value` if it is an array; `what`, marked for the catalogues, names its entries in the message."""
    if not isinstance(value, list):
        raise Problem(_not_an_array(value, key, what))
    return value


def _not_an_array(value: object, key: str, what: str) -> Message:
    return msg(
        "{where}: field {key} must be an array of {what}, not {kind}",
        key=repr(key),
        what=msg(what),
        kind=type_name(value),
    )


def _placed(message: Message, where: str, label: str) -> Message:
    """`message` with its ``{where}`` and ``{file}`` filled in."""
    return dataclasses.replace(message, fields={**message.fields, "where": where, "file": label})


def _message(error: ErrorDetails, model: type[DataModel], raw: object, label: str) -> Message | str:
    """Today's one-line message for a pydantic error: the place, then what is wrong there."""
    loc, kind, value = error["loc"], error["type"], error["input"]
    cls: type[DataModel] = model
    node, where, at = raw, label, 0
    path: list[str] = []
    # Walk down the tables and items the error lies in, naming each as messages do.
    while at < len(loc) and isinstance(loc[at], str) and loc[at] in cls.model_fields:
        key = str(loc[at])
        inner, array = _table_of(cls.model_fields[key].annotation)
        if inner is None or (at + 1 == len(loc) and (array or kind != "value_error")):
            break  # the error is the field's own, or a table's validator found it (then it lies inside)
        child = node.get(key) if isinstance(node, dict) else None
        path.append(key)
        if array:
            number = loc[at + 1]
            if not isinstance(number, int) or not isinstance(child, list):
                break
            names = cls.item_names[key]
            inside = str(loc[at + 2]) if at + 2 < len(loc) and isinstance(loc[at + 2], str) else None
            where = f"{label if names.from_file else where}: {names.of(child[number], number + 1, node, inside)}"
            node, at = child[number], at + 2
        else:
            where, node, at = f"{where}: [{'.'.join(path)}]", child, at + 1
        cls = inner
    field = str(loc[at]) if at < len(loc) and isinstance(loc[at], str) else None
    annotation = cls.model_fields[field].annotation if field in cls.model_fields else None
    table, array = _table_of(annotation)
    full_name = ".".join([*path, str(field)])
    if kind == "value_error":
        problem = error.get("ctx", {}).get("error")
        if isinstance(problem, Problem):
            place = where if problem.within is None else f"{label if problem.from_file else where}: {problem.within}"
            return _placed(problem.message, place, label)
    if kind == "extra_forbidden":
        what = msg("top-level key") if cls is model else msg("key")
        allowed = ", ".join(sorted(cls.model_fields))
        return msg(
            "{where}: unknown {what} {unknown} (allowed: {allowed})",
            where=where,
            what=what,
            unknown=repr(field),
            allowed=allowed,
        )
    if field is None:
        return msg("{where}: must be a table, not {kind}", where=where, kind=type_name(value))
    words = cls.item_names[field].tables if array and field in cls.item_names else None
    if kind == "missing":
        if array and words is None:
            return msg("{where}: no [[{full_name}]] tables", where=where, full_name=full_name)
        if table is not None and not array:
            return msg("{where}: no [{key}] table", where=where, key=field)
        return msg("{where}: field {key} is missing", where=where, key=repr(field))
    if kind == "model_type":
        return msg("{where}: [{key}] must be a table, not {kind}", where=where, key=field, kind=type_name(value))
    if words is not None and kind in ("list_type", "tuple_type"):
        return _placed(_not_an_array(value, field, words), where, label)
    if array and kind in ("list_type", "tuple_type"):
        return msg(
            "{where}: {key} must be an array of tables ([[{full_name}]])",
            where=where,
            key=repr(field),
            full_name=full_name,
        )
    if _is_strings(annotation) and kind in ("list_type", "tuple_type", "string_type"):
        return msg("{where}: field {key} must be an array of strings", where=where, key=repr(field))
    if kind == "string_type":
        return msg(
            "{where}: field {key} must be a string, not {kind}", where=where, key=repr(field), kind=type_name(value)
        )
    if kind == "int_type":
        return msg(
            "{where}: field {key} must be an integer, not {kind}", where=where, key=repr(field), kind=type_name(value)
        )
    if kind == "greater_than_equal":
        return msg("{where}: field {key} is negative ({value})", where=where, key=repr(field), value=value)
    if kind == "greater_than":
        return msg("{where}: field {key} must be positive, not {value}", where=where, key=repr(field), value=value)
    if kind == "literal_error" and field == "provenance" and not isinstance(value, str):
        return msg(
            "{where}: field {key} must be a string, not {kind}", where=where, key=repr(field), kind=type_name(value)
        )
    if kind == "literal_error" and field == "provenance":
        return msg(
            "{where}: provenance {provenance} is not one of {allowed}",
            where=where,
            provenance=repr(value),
            allowed=", ".join(PROVENANCES),
        )
    return f"{where}: field {field!r}: {error['msg']}"
