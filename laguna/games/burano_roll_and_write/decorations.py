"""The decorations a die circles (rulebook: Using a Die) as the boards name them, the same at the
terminal and in the browser: each kind's name by the word the view writes, and the kinds whose
number is written under them once circled."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from laguna.i18n import N_

KIND_NAMES: Final[Mapping[str, str]] = {
    "plant": N_("plant"),
    "cat": N_("cat"),
    "red": N_("red curtain"),
    "blue": N_("blue curtain"),
    "light": N_("streetlight"),
    "chimney": N_("chimney"),
}
"""The view's word for a kind (red and blue are the curtains, light the streetlight) → its name."""

WRITTEN: Final = frozenset({"plant", "chimney"})
"""The kinds with a space underneath for the number (the others' number is a rule)."""
