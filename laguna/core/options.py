"""Typed game options: a frozen dataclass per game, named after the rulebook's optional rules.

Options arrive from the command line, records and the web as strings or JSON values; this module turns
them into the typed dataclass and names the problem when one is wrong.
"""

from __future__ import annotations

import dataclasses
import itertools
import typing
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any, Self

from laguna.core.errors import OptionsError
from laguna.core.messages import msg, quoted

_TRUE = {"true", "yes", "on", "1"}
_FALSE = {"false", "no", "off", "0"}


@dataclass(frozen=True, slots=True)
class OptionInfo:
    """What `laguna games` shows of one option."""

    name: str
    kind: str
    default: Any
    help: str


def option(default: Any, help: str) -> Any:
    """Declare an option field with its help text."""
    return dataclasses.field(default=default, metadata={"help": help})


@dataclass(frozen=True)
class GameOptions:
    """Base of every game's options. Subclasses are frozen dataclasses whose fields use `option`."""

    @classmethod
    def _types(cls) -> dict[str, type]:
        hints = typing.get_type_hints(cls)
        return {f.name: hints[f.name] for f in dataclasses.fields(cls)}

    @classmethod
    def describe(cls) -> list[OptionInfo]:
        types = cls._types()
        return [
            OptionInfo(f.name, types[f.name].__name__, f.default, f.metadata.get("help", ""))
            for f in dataclasses.fields(cls)
        ]

    @classmethod
    def from_mapping(cls, values: Mapping[str, Any] | None) -> Self:
        """Build options from names (``-`` or ``_``) and values (typed, or strings to convert)."""
        types = cls._types()
        kwargs: dict[str, Any] = {}
        for raw_name, raw_value in (values or {}).items():
            name = raw_name.replace("-", "_")
            if name not in types:
                known = ", ".join(n.replace("_", "-") for n in types) or "none"
                raise OptionsError(msg("unknown option {name} (options: {known})", name=quoted(raw_name), known=known))
            kwargs[name] = _convert(name, types[name], raw_value)
        return cls(**kwargs)

    @classmethod
    def parse_pairs(cls, pairs: list[str]) -> Self:
        """Build options from ``name=value`` strings, as the command line gives them."""
        values: dict[str, str] = {}
        for pair in pairs:
            name, sep, value = pair.partition("=")
            if not sep or not name:
                raise OptionsError(msg("option {pair} is not of the form name=value", pair=quoted(pair)))
            values[name.strip()] = value.strip()
        return cls.from_mapping(values)

    def to_dict(self) -> dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in dataclasses.fields(self)}

    @classmethod
    def boolean_variants(cls) -> Iterator[Self]:
        """Option sets for the conformance suite, the others at their defaults: every combination of
        up to three boolean options; with more, the defaults, each boolean flipped alone, and all
        flipped (2^n combinations would not finish)."""
        names = [n for n, t in cls._types().items() if t is bool]
        if len(names) <= 3:
            for values in itertools.product((False, True), repeat=len(names)):
                yield cls(**dict(zip(names, values, strict=True)))
            return
        defaults = cls()
        yield defaults
        for name in names:
            yield dataclasses.replace(defaults, **{name: not getattr(defaults, name)})
        yield dataclasses.replace(defaults, **{name: not getattr(defaults, name) for name in names})


def _convert(name: str, kind: type, value: Any) -> Any:
    label = name.replace("_", "-")
    if kind is bool:
        if isinstance(value, bool):
            return value
        if isinstance(value, str) and value.lower() in _TRUE | _FALSE:
            return value.lower() in _TRUE
        raise OptionsError(msg("option {label} takes true or false, not {value}", label=label, value=quoted(value)))
    if kind is int:
        if isinstance(value, bool):
            raise OptionsError(
                msg("option {label} takes a whole number, not {value}", label=label, value=quoted(value))
            )
        if isinstance(value, int):
            return value
        if isinstance(value, str):
            try:
                return int(value)
            except ValueError:
                pass
        raise OptionsError(msg("option {label} takes a whole number, not {value}", label=label, value=quoted(value)))
    if kind is str:
        if isinstance(value, str):
            return value
        raise OptionsError(msg("option {label} takes a text, not {value}", label=label, value=quoted(value)))
    raise OptionsError(msg("option {label} has an unsupported type {kind}", label=label, kind=repr(kind)))
