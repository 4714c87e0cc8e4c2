"""Writing component data back to TOML, so schema tests can load altered copies of a packaged file."""

from __future__ import annotations

import copy
import json
import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any

Data = dict[str, Any]


def toml_value(value: Any) -> str:
    """An inline TOML value: strings, numbers, booleans, arrays and inline tables."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, list):
        return "[" + ", ".join(toml_value(item) for item in value) + "]"
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{key} = {toml_value(item)}" for key, item in value.items()) + " }"
    return str(value)


def _table_array(value: Any) -> bool:
    return isinstance(value, list) and bool(value) and all(isinstance(item, dict) for item in value)


def dump_toml(data: Data) -> str:
    """A minimal TOML writer: values first, then tables and arrays of tables, nested by dotted headers.

    >>> print(dump_toml({"a": 1, "t": {"b": [1, 2]}, "x": [{"c": "d"}]}).strip())
    a = 1
    <BLANKLINE>
    [t]
    b = [1, 2]
    <BLANKLINE>
    [[x]]
    c = "d"
    """
    lines: list[str] = []

    def table(prefix: str, body: Data) -> None:
        for key, value in body.items():
            if not isinstance(value, dict) and not _table_array(value):
                lines.append(f"{key} = {toml_value(value)}")
        for key, value in body.items():
            if isinstance(value, dict):
                lines.extend(("", f"[{prefix}{key}]"))
                table(f"{prefix}{key}.", value)
            elif _table_array(value):
                for item in value:
                    lines.extend(("", f"[[{prefix}{key}]]"))
                    table(f"{prefix}{key}.", item)

    table("", data)
    return "\n".join(lines) + "\n"


def write_variant(tmp_path: Path, packaged: str, change: Callable[[Data], None], name: str = "components.toml") -> str:
    """Write the packaged file's data, altered by `change`, to a file; return its path."""
    data = copy.deepcopy(tomllib.loads(packaged))
    change(data)
    path = tmp_path / name
    path.write_text(dump_toml(data), encoding="utf-8")
    return str(path)


def top_level(key: str, value: Any) -> Callable[[Data], None]:
    """A change for `write_variant`: set a top-level key."""

    def change(data: Data) -> None:
        data[key] = value

    return change


def drop_top_level(key: str) -> Callable[[Data], None]:
    """A change for `write_variant`: remove a top-level key."""

    def change(data: Data) -> None:
        del data[key]

    return change


class ItemChanges:
    """Changes for `write_variant` to items of a file's arrays of tables, each found by `named(data, key,
    name)`, or to a table itself where the name is None."""

    def __init__(self, named: Callable[[Data, str, str], Data]) -> None:
        self.named = named

    def _item(self, data: Data, key: str, name: str | None) -> Data:
        item: Data = data[key] if name is None else self.named(data, key, name)
        return item

    def set_field(self, key: str, name: str | None, field: str, value: Any) -> Callable[[Data], None]:
        """Set a field of a table (`name` None) or of the named item of an array of tables."""

        def change(data: Data) -> None:
            self._item(data, key, name)[field] = value

        return change

    def drop_field(self, key: str, name: str | None, field: str) -> Callable[[Data], None]:
        def change(data: Data) -> None:
            del self._item(data, key, name)[field]

        return change

    def drop_item(self, key: str, name: str) -> Callable[[Data], None]:
        def change(data: Data) -> None:
            data[key].remove(self.named(data, key, name))

        return change
