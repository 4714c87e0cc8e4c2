"""The decorations a die circles (rulebook: Using a Die) as the boards name them, the same at the
terminal and in the browser: each kind's name by the word the view writes, and the kinds whose
number is written under them once circled."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from laguna.games.burano_roll_and_write.sheets import KIND_LABELS

KIND_NAMES: Final[Mapping[str, str]] = {kind.value: label for kind, label in KIND_LABELS.items()}
"""The view's word for a kind (red and blue are the curtains, light the streetlight) → its name."""

WRITTEN: Final = frozenset({"plant", "chimney"})
"""The kinds with a space underneath for the number (the others' number is a rule)."""
