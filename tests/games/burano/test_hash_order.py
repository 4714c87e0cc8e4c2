"""Colours, roof kinds and phases hash by identity (`laguna.games.burano.components.Colour`), which
differs from one process to the next like the hashes of names: a game's decisions, estimates and
samples never depend on the order of a set or on a hash, so two processes agree on all of them."""

from __future__ import annotations

import os
import subprocess
import sys

from laguna.games.burano.components import COLOURS, Colour, RoofKind
from laguna.games.burano.position import Phase

SCRIPT = """
from laguna.core.rng import Rng
from laguna.games.burano import GAME
for players in (2, 3, 4):
    state = GAME.new_game(players, seed=players)
    rng = Rng(players)
    while not state.is_terminal():
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        print(legal, state.estimate(), state.determinize(seat, Rng(len(legal))).estimate())
        state.apply(seat, rng.choice(legal))
    print(state.outcome())
"""


def run(hash_seed: str) -> str:
    env = {**os.environ, "PYTHONHASHSEED": hash_seed}
    return subprocess.run([sys.executable, "-c", SCRIPT], env=env, capture_output=True, text=True, check=True).stdout


def test_two_processes_play_alike() -> None:
    first = run("1")
    assert first.count("\n") > 300
    assert run("2") == first


def test_members_hash_by_identity() -> None:
    for member in (*COLOURS, *RoofKind, *Phase):
        assert hash(member) == object.__hash__(member)
    assert len({*COLOURS, Colour("pink")}) == len(COLOURS)
