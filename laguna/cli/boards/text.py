"""Pieces of terminal text the boards share: marks joined into a line, and counted marks (a reserve's
cubes, a player's beads) written as each mark followed by its count."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from rich.text import Text


def joined(parts: Sequence[Text], separator: str = " ") -> Text:
    return Text(separator).join(parts)


def counted(counts: Mapping[str, int], mark: Callable[[str], Text]) -> Text:
    """``♥P 2  ●B 1``: each kind's mark followed by how many there are."""
    parts = []
    for kind, count in counts.items():
        part = mark(kind)
        part.append(f" {count}")
        parts.append(part)
    return joined(parts, "  ")
