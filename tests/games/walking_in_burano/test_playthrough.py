"""Golden playthroughs of Walking in Burano, diffed against the stored files.

To regenerate after an intended rules change: ``LAGUNA_REGENERATE=1 pytest`` on this file, then read
the diff before committing it.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from laguna.core.playthrough import playthrough

DATA = Path(__file__).parent / "data"
CASES = [(1, 3, {}), (2, 7, {}), (3, 5, {"beginner_characters": True}), (4, 2, {"closed_window_penalty": False})]


@pytest.mark.parametrize(("players", "seed", "options"), CASES, ids=str)
def test_playthrough_matches_the_golden_file(players: int, seed: int, options: dict) -> None:
    path = DATA / f"playthrough-{players}p-seed{seed}.txt"
    text = playthrough("walking-in-burano", players, seed, options)
    if os.environ.get("LAGUNA_REGENERATE") or not path.exists():
        path.write_text(text, encoding="utf-8")
    assert text == path.read_text(encoding="utf-8")
