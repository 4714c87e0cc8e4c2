"""Shared by the research-interface tests: which games have their encodings yet."""

from __future__ import annotations

from typing import Any

import pytest

from laguna.core import Game, get_game


def encoded_game(game_id: str, players: int = 2) -> Game[Any, Any, Any]:
    """The game, or a skip naming it while its action space or observation encoding is missing."""
    game = get_game(game_id)
    options = game.options()
    try:
        game.action_space(players, options)
        game.observation(game.new_game(players, options, 0).view(None), players, options)
    except NotImplementedError:
        pytest.skip(f"{game_id} has no action space and observation encoding yet")
    return game
