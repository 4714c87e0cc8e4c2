"""Typed game options: a frozen dataclass per game, named after the rulebook's optional rules.

Options arrive from the command line, records and the web as strings or JSON values; this module turns
them into the typed dataclass and names the problem when one is wrong.

A data option (`data_option`: a game's component, card or sheet data) holds ``"reconstructed"`` or the
digest of a data file (``"sha256:…"``), never a path, wherever the options come from: only the
command line (`GameOptions.parse_pairs`) takes a path, reads that file and puts its digest in its place.
Whole numbers are written in ASCII digits and bounded by `MAX_NUMBER`.
"""

from __future__ import annotations

import dataclasses
import itertools
import re
import typing
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any, Self

from laguna.core.component_data import PACKAGED, check_given, is_data_name, is_digest, register_file
from laguna.core.errors import CardDataError, OptionsError
from laguna.core.messages import Message, msg, quoted

_TRUE = {"true", "yes", "on", "1"}
_FALSE = {"false", "no", "off", "0"}

MAX_NUMBER = 2**63 - 1
"""The largest whole number an option takes (and the smallest is its negative): far beyond any
sensible value, and small enough for a database's 64-bit integer."""

_WHOLE = re.compile(r"[+-]?[0-9]{1,19}")


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


def data_option(help: str, kind: str) -> Any:
    """Declare a text option that selects component data: ``"reconstructed"`` (the default), or a data
    file by digest. `kind` names the file in messages ("card file")."""
    return dataclasses.field(default=PACKAGED, metadata={"help": help, "data": kind})


def check_data(
    value: str, load: Callable[[str], object], missing: Message, broken: Callable[[Message | str], Message]
) -> None:
    """Refuse (`OptionsError`) a data option that names no data (`missing`), or data that `load` refuses:
    `broken` words the loader's problem as the game's message."""
    if not value:
        raise OptionsError(missing)
    try:
        load(value)
    except CardDataError as error:
        raise OptionsError(broken(error.message)) from None


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
        data = cls.data_options()
        kwargs: dict[str, Any] = {}
        for raw_name, raw_value in (values or {}).items():
            name = raw_name.replace("-", "_")
            if name not in types:
                known = ", ".join(n.replace("_", "-") for n in types) or "none"
                raise OptionsError(msg("unknown option {name} (options: {known})", name=quoted(raw_name), known=known))
            kwargs[name] = _convert(name, types[name], raw_value)
            if name in data and is_digest(kwargs[name]):
                try:
                    check_given(kwargs[name], data[name])
                except CardDataError as error:
                    raise OptionsError(
                        msg("option {label}: {problem}", label=name.replace("_", "-"), problem=error.message)
                    ) from None
            elif name in data and kwargs[name] != PACKAGED:
                raise OptionsError(
                    msg(
                        "option {label} names its data as 'reconstructed' or by the digest of a {kind} "
                        "(sha256:…), not {value}; a {kind} itself is given on the command line",
                        label=name.replace("_", "-"),
                        kind=data[name],
                        value=quoted(kwargs[name]),
                    )
                )
        return cls(**kwargs)

    @classmethod
    def data_options(cls) -> dict[str, str]:
        """The data options by field name, each with the kind of file it reads ("card file")."""
        return {f.name: f.metadata["data"] for f in dataclasses.fields(cls) if "data" in f.metadata}

    @classmethod
    def parse_pairs(cls, pairs: list[str]) -> Self:
        """Build options from ``name=value`` strings, as the command line gives them.

        Here, and only here, a data option may name a file: it is read (a regular file of bounded
        size) and kept for the run, and the options hold its digest.
        """
        values: dict[str, str] = {}
        data = cls.data_options()
        for pair in pairs:
            name, sep, value = pair.partition("=")
            if not sep or not name:
                raise OptionsError(msg("option {pair} is not of the form name=value", pair=quoted(pair)))
            key, value = name.strip(), value.strip()
            kind = data.get(key.replace("-", "_"))
            if kind is not None and value and not is_data_name(value):
                try:
                    value = register_file(value, kind)
                except CardDataError as error:
                    raise OptionsError(msg("option {label}: {problem}", label=key, problem=error.message)) from None
            values[key] = value
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
        if isinstance(value, str) and _WHOLE.fullmatch(value.strip()):
            value = int(value.strip())
        if isinstance(value, int):
            if -MAX_NUMBER <= value <= MAX_NUMBER:
                return value
            raise OptionsError(
                msg(
                    "option {label} takes a whole number of at most {limit} in size, not {value}",
                    label=label,
                    limit=MAX_NUMBER,
                    value=quoted(value),
                )
            )
        raise OptionsError(msg("option {label} takes a whole number, not {value}", label=label, value=quoted(value)))
    if kind is str:
        if isinstance(value, str):
            return value
        raise OptionsError(msg("option {label} takes a text, not {value}", label=label, value=quoted(value)))
    raise OptionsError(msg("option {label} has an unsupported type {kind}", label=label, kind=repr(kind)))
