"""Positions a search makes and drops go at once, by reference counting: none of them is caught in a
reference cycle that only the cyclic collector (which the search pauses) could free."""

from __future__ import annotations

import weakref

import pytest

from laguna.bots import GreedyBot
from laguna.bots.ismcts import collector_paused
from laguna.core import Rng, games, get_game


@pytest.mark.parametrize("game_id", [game.id for game in games()])
def test_judged_and_sampled_positions_need_no_cyclic_collector(game_id: str) -> None:
    game = get_game(game_id)
    players = max(2, game.min_players)
    state = game.new_game(players, seed=3)
    bots = [GreedyBot(seat) for seat in range(players)]
    rng = Rng(4)
    checked = 0
    with collector_paused():
        for step in range(60):
            if state.is_terminal():
                break
            seat = state.to_act()[0]
            if step % 6 == 0:
                sample = state.determinize(seat, rng)
                sample.estimate()
                dropped = [weakref.ref(sample)]
                for action in sample.legal_actions(seat)[:8]:
                    after = sample.copy()
                    after.apply_unchecked(seat, action)
                    after.estimate()
                    dropped.append(weakref.ref(after))
                del sample, after
                assert [ref for ref in dropped if ref() is not None] == [], f"step {step}"
                checked += len(dropped)
            state.apply(seat, bots[seat].choose(state, seat))
    assert checked > 20
