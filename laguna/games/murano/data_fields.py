"""Field types of Murano's component file, for its models (`laguna.core.data_model`): a colour, kind or
action named by its value, a name that is not blank, an array that names nothing twice, the anchor flag
of an action space, each refused in the words of the loader's messages; and the components the rules
use, made of the validated tables.
"""

from __future__ import annotations

import enum
from collections import Counter
from typing import TYPE_CHECKING, Annotated, Any, Final, TypeVar

from pydantic import AfterValidator, BaseModel, BeforeValidator, ValidationInfo

from laguna.core.component_data import type_name
from laguna.core.data_model import Problem, array_of, one_of
from laguna.core.messages import N_, msg

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

_E = TypeVar("_E", bound=enum.Enum)
_C = TypeVar("_C", bound="DataclassInstance")


def named(kind: type[_E], what: str) -> BeforeValidator:
    """A field or array entry naming a member of `kind` by its value; `what`, a word marked for the
    catalogues, names it in the message."""
    return one_of(
        kind,
        lambda name, names: msg("{where}: {what} {name} is not one of {names}", what=msg(what), name=name, names=names),
    )


def _strings(value: object, info: ValidationInfo) -> object:
    return array_of(value, str(info.field_name), N_("strings"))


def _nonempty(value: str, info: ValidationInfo) -> str:
    if not value.strip():
        raise Problem(msg("{where}: {key} is empty", key=info.field_name))
    return value


def _once(value: list[Any], info: ValidationInfo) -> list[Any]:
    twice = [item for item, n in Counter(value).items() if n > 1]
    if twice:
        name = twice[0].value if isinstance(twice[0], enum.Enum) else twice[0]
        raise Problem(msg("{where}: field {key} names {item} twice", key=repr(info.field_name), item=repr(name)))
    return value


def _flag(value: object) -> object:
    if not isinstance(value, bool):
        raise Problem(msg("{where}: field 'anchor' must be true or false, not {kind}", kind=type_name(value)))
    return value


NonEmpty = Annotated[str, AfterValidator(_nonempty)]
"""An id, name or title: not blank."""
ONCE: Final = AfterValidator(_once)
"""On an array: it names nothing twice."""
STRINGS: Final = BeforeValidator(_strings)
"""On an array of strings or names: a value of another type is refused with its type."""
Anchor = Annotated[bool, BeforeValidator(_flag)]
"""Whether an action space shows an anchor: true or false."""


def component(kind: type[_C], data: BaseModel, **fields: object) -> _C:
    """The component `kind` the rules use, made of the validated `data`'s fields of the same names;
    `fields` give the others or replace some (a frozenset for an array)."""
    names = kind.__dataclass_fields__
    return kind(**{name: value for name, value in data if name in names} | fields)
