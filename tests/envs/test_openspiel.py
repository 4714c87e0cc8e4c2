"""The OpenSpiel games: OpenSpiel's own random simulation test, its ISMCTS bot playing each game
against a random bot, determinization through `resample_from_infostate`, seeds and observers."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402
from open_spiel.python.bots import uniform_random  # noqa: E402

from laguna.core import games, get_game  # noqa: E402
from laguna.envs.openspiel import LagunaGame, LagunaState, load, spiel_name  # noqa: E402

GAME_IDS = [game.id for game in games()]
LATE_START = {"burano": 180, "murano": 250}
"""Random decisions played before the CI checks start, for games whose views are slow to build:
OpenSpiel asks for several views per decision. `benchmarks/bench_env_steps.py --ismcts` plays them
from the start."""
ISMCTS_OPTIONS: dict[str, dict[str, Any]] = {"walking-in-burano-roll-and-write": {"round_limit": 10}}
ISMCTS_LATE_START = {"burano": 200, "murano": 310}


def _advanced(game: LagunaGame, decisions: int, seed: int = 0) -> LagunaState:
    state = game.new_initial_state()
    rng = np.random.default_rng(seed)
    for _ in range(decisions):
        if state.is_terminal():
            break
        state.apply_action(int(rng.choice(state.legal_actions())))
    return state


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_openspiel_random_simulation(game_id: str) -> None:
    game = load(game_id, 2, same_game=True)
    start = _advanced(game, LATE_START.get(game_id, 0))
    assert not start.is_terminal()
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False, specific_initial_state=start)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_ismcts_plays_against_a_random_bot(game_id: str) -> None:
    """OpenSpiel's ISMCTS (which re-samples hidden information with `resample_from_infostate` and
    checks the sample's information state) plays seat 0 to the end of the game."""
    game = load(game_id, 2, ISMCTS_OPTIONS.get(game_id), seed=4)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(1), max_length=10)
    bot = ismcts.ISMCTSBot(
        game=game,
        evaluator=evaluator,
        uct_c=2.0,
        max_simulations=5,
        random_state=np.random.RandomState(2),
        allow_inconsistent_action_sets=True,
    )
    opponent = uniform_random.UniformRandomBot(1, np.random.RandomState(3))
    state = _advanced(game, ISMCTS_LATE_START.get(game_id, 0), seed=5)
    assert not state.is_terminal()
    searched = 0
    while not state.is_terminal():
        if state.current_player() == 0:
            action = bot.step(state)
            searched += 1
        else:
            action = opponent.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
    assert searched > 0
    returns = state.returns()
    assert sum(returns) == pytest.approx(0.0)
    ranks = [r.rank for r in state.laguna_state.outcome().results]
    assert (returns[0] > returns[1]) == (ranks[0] < ranks[1])


def test_resampling_keeps_the_information_state_and_changes_the_hidden() -> None:
    game = load("walking-in-burano", 2)
    state = _advanced(game, 12, seed=1)
    player = state.current_player()
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    changed = 0
    for _ in range(5):
        sample = state.resample_from_infostate(player, sampler)
        assert sample.information_state_string(player) == state.information_state_string(player)
        assert sample.legal_actions() == state.legal_actions()
        changed += sample.laguna_state != state.laguna_state
    assert changed > 0


def test_seeds_clones_and_observations() -> None:
    laguna = get_game("walking-in-burano")
    game, twin = load(laguna.id, 2, seed=3), load(laguna.id, 2, seed=3)
    first = game.new_initial_state()
    first.clone()
    first.observation_tensor(0)
    game.observation_tensor_shape()
    second = game.new_initial_state()
    twin_first, twin_second = twin.new_initial_state(), twin.new_initial_state()
    assert first.laguna_state == twin_first.laguna_state
    assert second.laguna_state == twin_second.laguna_state, "clones and observations use up no seed"
    assert first.laguna_state != second.laguna_state
    assert game.state_for_seed(9).laguna_state == laguna.new_game(2, seed=9)
    fixed = load(laguna.id, 2, seed=9, same_game=True)
    assert fixed.new_initial_state().laguna_state == fixed.new_initial_state().laguna_state
    assert fixed.new_initial_state().laguna_state == laguna.new_game(2, seed=9)

    state = _advanced(game, 7)
    clone = state.clone()
    action = clone.legal_actions()[0]
    clone.apply_action(action)
    assert state.laguna_state != clone.laguna_state, "a clone is independent"
    assert state.history() != clone.history()


def test_game_type_info_and_observer() -> None:
    assert all(spiel_name(game_id) in pyspiel.registered_names() for game_id in GAME_IDS)
    laguna = get_game("walking-in-burano")
    game = load(laguna.id, 2)
    kind = game.get_type()
    assert kind.short_name == "laguna_walking_in_burano"
    assert kind.utility == pyspiel.GameType.Utility.ZERO_SUM
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
    assert load(laguna.id, 1).get_type().utility == pyspiel.GameType.Utility.GENERAL_SUM
    assert game.num_distinct_actions() == len(laguna.action_space(2, laguna.options()))
    assert load(laguna.id, 2, {"round_limit": 2}).max_game_length() == 2 * 2 * 12

    state = _advanced(game, 9)
    seat = state.current_player()
    observer = game.make_py_observer()
    observer.set_from(state, seat)
    expected = laguna.observation(state.laguna_state.view(seat), 2, laguna.options())
    assert list(observer.dict) == list(expected)
    for name, values in expected.items():
        assert observer.dict[name].tolist() == values
    assert state.observation_tensor(seat) == observer.tensor.tolist()
    public = game.make_py_observer(
        pyspiel.IIGObservationType(perfect_recall=False, private_info=pyspiel.PrivateInfoType.NONE)
    )
    assert '"viewer":null' in public.string_from(state, seat)
    assert f'"viewer":{seat}' in state.information_state_string(seat)
