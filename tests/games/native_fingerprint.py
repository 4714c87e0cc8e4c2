"""Prints a fingerprint of a game's rules, estimates and seeded search, with the compiled modules or
(``--sources``) with their Python sources in their place, and which modules ran compiled.

Run as a script (``python tests/games/native_fingerprint.py GAME [--sources]``): the choice of sources
must be made before anything of laguna is imported.
"""

from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import json
import sys
import tomllib
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[2]
NATIVE = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["laguna"]["native"]
NAMES = {path.removesuffix(".py").replace("/", "."): ROOT / path for path in NATIVE}


class _Sources(importlib.abc.MetaPathFinder):
    """Finds each compiled module's source instead of its extension."""

    def find_spec(
        self, fullname: str, path: object = None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        source = NAMES.get(fullname)
        return None if source is None else importlib.util.spec_from_file_location(fullname, source)


def fingerprint(game_id: str) -> str:
    """Legal decisions, estimates and a sample's estimates along a seeded random 2-player game, and a
    seeded search's and the greedy bot's decisions along a seeded greedy game."""
    from laguna.bots import GreedyBot, make_bot  # noqa: PLC0415  (after the choice of sources)
    from laguna.core import Rng, get_game  # noqa: PLC0415

    game = get_game(game_id)
    digest = hashlib.sha256()
    state = game.new_game(2, seed=3)
    rng = Rng(4)
    step = 0
    while not state.is_terminal():
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        digest.update(repr(([str(a) for a in legal], state.estimate())).encode())
        digest.update(repr(state.determinize(seat, Rng(step)).estimate()).encode())
        state.apply(seat, rng.choice(legal))
        step += 1
    digest.update(repr(state.estimate()).encode())
    state = game.new_game(2, seed=5)
    bots = [GreedyBot(6), GreedyBot(7)]
    search = make_bot("ismcts:30", 8, game.id)
    step = 0
    while not state.is_terminal():
        seat = state.to_act()[0]
        if step % 6 == 0 and len(state.legal_actions(seat)) > 1:
            digest.update(str(search.choose(state, seat)).encode())
        action = bots[seat].choose(state, seat)
        digest.update(str(action).encode())
        state.apply(seat, action)
        step += 1
    return digest.hexdigest()


def main() -> None:
    if "--sources" in sys.argv[2:]:
        sys.meta_path.insert(0, _Sources())
    result = fingerprint(sys.argv[1])
    extensions = tuple(importlib.machinery.EXTENSION_SUFFIXES)
    compiled = sorted(name for name in NAMES if str(sys.modules[name].__file__).endswith(extensions))
    print(json.dumps({"fingerprint": result, "compiled": compiled}))


if __name__ == "__main__":
    main()
