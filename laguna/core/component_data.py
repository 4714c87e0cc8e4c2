"""Reading component data files, shared by every game's loader.

A game's components live in a TOML file inside its package (``"reconstructed"``) or in a file a user
points at. Every problem is a one-line `CardDataError` naming the file and the item at fault, so a bad
data file never shows up later as a wrong score.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from importlib import resources
from pathlib import Path
from typing import Any, Final

from laguna.core.errors import CardDataError
from laguna.core.messages import msg

PACKAGED: Final = "reconstructed"
"""The source name of a game's packaged data; any other source is a file path."""

PROVENANCES: Final = ("rulebook", "public", "reconstructed")
"""Where an item's data comes from: a rulebook passage, a public source, or our reconstruction."""


def read_toml(package: str, filename: str, source: str, kind: str) -> tuple[str, dict[str, Any]]:
    """The label for messages and the parsed document of `source`.

    `package`/``data``/`filename` is read for `PACKAGED`; `kind` names the file in messages
    ("card file", "sheet file").
    """
    if source == PACKAGED:
        label = f"packaged {filename}"
        resource = resources.files(package) / "data" / filename
        try:
            text = resource.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise CardDataError(
                msg("{label}: cannot be read ({problem})", label=label, problem=exc.__class__.__name__)
            ) from None
    else:
        label = source
        try:
            raw = Path(source).read_bytes()
        except FileNotFoundError:
            raise CardDataError(msg("{source}: {kind} not found", source=source, kind=kind)) from None
        except OSError as exc:
            raise CardDataError(
                msg(
                    "{source}: {kind} cannot be read ({problem})", source=source, kind=kind, problem=exc.strerror or exc
                )
            ) from None
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            raise CardDataError(msg("{source}: {kind} is not UTF-8 text", source=source, kind=kind)) from None
    try:
        return label, tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise CardDataError(msg("{label}: TOML syntax error: {problem}", label=label, problem=str(exc))) from None


def check_keys(table: Mapping[str, Any], allowed: frozenset[str], where: str, what: str) -> None:
    """Reject unknown keys, so a typo in a data file is never silently ignored."""
    unknown = sorted(set(table) - allowed)
    if unknown:
        raise CardDataError(
            msg(
                "{where}: unknown {what} {unknown} (allowed: {allowed})",
                where=where,
                what=what,
                unknown=repr(unknown[0]),
                allowed=", ".join(sorted(allowed)),
            )
        )


def table_array(table: Mapping[str, Any], key: str, where: str, full_name: str) -> list[Any]:
    """A required array of tables (``[[full_name]]``), named in messages by its TOML header."""
    value = table.get(key)
    if value is None:
        raise CardDataError(msg("{where}: no [[{full_name}]] tables", where=where, full_name=full_name))
    if not isinstance(value, list):
        raise CardDataError(
            msg(
                "{where}: {key} must be an array of tables ([[{full_name}]])",
                where=where,
                key=repr(key),
                full_name=full_name,
            )
        )
    return value


def optional_str(table: Mapping[str, Any], key: str, where: str) -> str | None:
    """A string field that may be absent."""
    value = table.get(key)
    if value is not None and not isinstance(value, str):
        raise CardDataError(
            msg("{where}: field {key} must be a string, not {kind}", where=where, key=repr(key), kind=type_name(value))
        )
    return value


def required_str(table: Mapping[str, Any], key: str, where: str) -> str:
    """A string field that must be present."""
    value = optional_str(table, key, where)
    if value is None:
        raise CardDataError(msg("{where}: field {key} is missing", where=where, key=repr(key)))
    return value


def int_field(
    table: Mapping[str, Any], key: str, where: str, default: int | None = None, non_negative: bool = False
) -> int:
    """An integer field; `default=None` makes it required. Booleans are not integers here."""
    value = table.get(key, default)
    if value is None:
        raise CardDataError(msg("{where}: field {key} is missing", where=where, key=repr(key)))
    if isinstance(value, bool) or not isinstance(value, int):
        raise CardDataError(
            msg(
                "{where}: field {key} must be an integer, not {kind}", where=where, key=repr(key), kind=type_name(value)
            )
        )
    if non_negative and value < 0:
        raise CardDataError(msg("{where}: field {key} is negative ({value})", where=where, key=repr(key), value=value))
    return value


def optional_provenance(table: Mapping[str, Any], where: str) -> str | None:
    """A provenance field that may be absent but must be one of `PROVENANCES`."""
    provenance = optional_str(table, "provenance", where)
    if provenance is not None and provenance not in PROVENANCES:
        raise CardDataError(
            msg(
                "{where}: provenance {provenance} is not one of {allowed}",
                where=where,
                provenance=repr(provenance),
                allowed=", ".join(PROVENANCES),
            )
        )
    return provenance


def type_name(value: object) -> str:
    """A TOML-ish name for a parsed value's type, for error messages."""
    names = {bool: "boolean", int: "integer", float: "float", str: "string", list: "array", dict: "table"}
    return names.get(type(value), type(value).__name__)


def required_table(data: Mapping[str, Any], key: str, where: str) -> Mapping[str, Any]:
    """A required single table (``[key]``)."""
    value = data.get(key)
    if value is None:
        raise CardDataError(msg("{where}: no [{key}] table", where=where, key=key))
    if not isinstance(value, dict):
        raise CardDataError(
            msg("{where}: [{key}] must be a table, not {kind}", where=where, key=key, kind=type_name(value))
        )
    return value


def table_item(raw: object, where: str, keys: frozenset[str]) -> Mapping[str, Any]:
    """An item of an array of tables, with known keys only."""
    if not isinstance(raw, dict):
        raise CardDataError(msg("{where}: must be a table, not {kind}", where=where, kind=type_name(raw)))
    check_keys(raw, keys, where, "key")
    return raw


def item_label(label: str, kind: str, raw: object, key: str, number: int) -> str:
    """How messages name an item: by its name or id when it has a string one, else by its position."""
    name = raw.get(key) if isinstance(raw, dict) else None
    return f"{label}: {kind} {name!r}" if isinstance(name, str) else f"{label}: {kind} #{number}"


def required_provenance(table: Mapping[str, Any], where: str) -> str:
    """Every item states where its data comes from; a note may say more."""
    provenance = optional_provenance(table, where)
    if provenance is None:
        raise CardDataError(msg("{where}: field 'provenance' is missing", where=where))
    optional_str(table, "note", where)
    return provenance


def positive_int(table: Mapping[str, Any], key: str, where: str) -> int:
    value = int_field(table, key, where)
    if value <= 0:
        raise CardDataError(
            msg("{where}: field {key} must be positive, not {value}", where=where, key=repr(key), value=value)
        )
    return value
