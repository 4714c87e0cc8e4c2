"""The modules compiled with mypyc (pyproject's ``[tool.laguna] native``, built by setup.py) are built
and decide exactly as their Python sources."""

from __future__ import annotations

import importlib
import importlib.machinery
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.games.native_fingerprint import NAMES

COMPILING = os.environ.get("LAGUNA_PURE_PYTHON", "") in ("", "0")
SCRIPT = Path(__file__).with_name("native_fingerprint.py")
GAMES = ["walking-in-burano", "walking-in-burano-roll-and-write", "burano", "murano"]

pytestmark = pytest.mark.skipif(not COMPILING, reason="LAGUNA_PURE_PYTHON: nothing is compiled")


@pytest.mark.parametrize("name", sorted(NAMES))
def test_each_listed_module_runs_compiled(name: str) -> None:
    module = importlib.import_module(name)
    assert str(module.__file__).endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES)), (
        f"{name} runs from its source: build the compiled modules (make test does)"
    )


def _run(game_id: str, *flags: str) -> dict[str, object]:
    done = subprocess.run(
        [sys.executable, str(SCRIPT), game_id, *flags], capture_output=True, text=True, timeout=600, check=True
    )
    result: dict[str, object] = json.loads(done.stdout)
    return result


@pytest.mark.parametrize("game_id", GAMES)
def test_compiled_modules_decide_as_their_sources(game_id: str) -> None:
    compiled = _run(game_id)
    sources = _run(game_id, "--sources")
    assert compiled["compiled"] == sorted(NAMES)
    assert sources["compiled"] == []
    assert compiled["fingerprint"] == sources["fingerprint"]
