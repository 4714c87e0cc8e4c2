"""Perft: the first decision-sequence counts derived from the rules by hand. The stored counts and the
golden playthroughs are in tests/games/test_golden_files.py.
"""

from __future__ import annotations

import pytest

from laguna.core.perft import perft
from laguna.games.murano import GAME


@pytest.mark.parametrize("players", [2, 3, 4])
def test_first_decisions_follow_from_the_rules(players: int) -> None:
    """With 5 gold and nothing bought, every action space can be used except Production (no glass
    factory to produce in, no bead to sell): an empty space for free, an anchored one by moving its
    ship on for free and the next ship onto it for 1 gold. And a pass on each of the 10 empty spaces."""
    state = GAME.new_game(players, seed=11)
    seat = state.to_act()[0]
    acts = [str(a) for a in state.legal_actions(seat) if str(a).startswith("act")]
    production = next(s.number for s in state.components.action_spaces if s.action.value == "production")
    assert acts == [f"act {n}" for n in range(1, 19) if n != production]
    passes = [str(a) for a in state.legal_actions(seat) if str(a).startswith("pass")]
    assert len(passes) == 18 - 8
    assert perft(state, 1) == 17 + 10


def test_preliminary_character_card_comes_first() -> None:
    """Preliminary Character Card: before the first turn each player may buy one of 3 drawn cards for
    1 gold, or none (4 choices each)."""
    state = GAME.new_game(3, {"preliminary_character": True}, seed=4)
    assert perft(state, 3) == 4**3
