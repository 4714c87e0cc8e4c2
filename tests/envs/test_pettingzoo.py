"""The PettingZoo AEC environment: PettingZoo's own API and seed tests, and what the environment
promises on top (numbering, masks, rewards, secrecy of simultaneous decisions, illegal actions)."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test, seed_test

from laguna.core import get_game
from laguna.envs.pettingzoo import LagunaAECEnv, env, raw_env

SET_UPS = [
    ("walking-in-burano", 2),
    ("walking-in-burano-roll-and-write", 2),
    ("burano", 2),
    ("murano", 2),
    ("walking-in-burano", 1),
    ("walking-in-burano-roll-and-write", 1),
    ("walking-in-burano", 4),
    ("walking-in-burano-roll-and-write", 3),
]


@pytest.mark.filterwarnings("ignore:Observation is not a NumPy array")
@pytest.mark.filterwarnings("ignore:Observation space for each agent probably")
@pytest.mark.parametrize(("game_id", "players"), SET_UPS, ids=[f"{g}-{p}p" for g, p in SET_UPS])
def test_pettingzoo_api_and_seed_tests(game_id: str, players: int) -> None:
    api_test(env(game_id, players), num_cycles=60)
    seed_test(lambda: env(game_id, players), num_cycles=60)


def _random_step(table: LagunaAECEnv, rng: np.random.Generator) -> int | None:
    """One step with a uniformly random legal action (None for an agent whose game is over)."""
    observation, _, termination, truncation, _ = table.last()
    if termination or truncation:
        table.step(None)
        return None
    legal = np.flatnonzero(observation["action_mask"])
    action = int(legal[rng.integers(len(legal))])
    table.step(action)
    return action


def test_the_seed_gives_the_game() -> None:
    game = get_game("walking-in-burano")
    a, b = raw_env(game.id, 2), raw_env(game.id, 2)
    a.reset(seed=5)
    b.reset(seed=5)
    assert a.state == game.new_game(2, seed=5) == b.state
    rng_a, rng_b = np.random.default_rng(0), np.random.default_rng(0)
    for _ in range(30):
        _random_step(a, rng_a)
        _random_step(b, rng_b)
        assert np.array_equal(a.observe(a.agent_selection)["observation"], b.observe(b.agent_selection)["observation"])
    a.reset()
    b.reset()
    assert a.state == b.state, "a reset without a seed follows the last seed given"
    assert a.state != game.new_game(2, seed=5)
    a.reset(seed=6)
    assert a.state != game.new_game(2, seed=5)


def test_masks_number_the_legal_actions_and_rewards_follow_the_ranks() -> None:
    table = raw_env("walking-in-burano", 2)
    table.reset(seed=11)
    state = table.state
    assert state is not None
    space = list(get_game("walking-in-burano").action_space(2, table.encoding.options))
    rng = np.random.default_rng(1)
    while not state.is_terminal():
        agent = table.agent_selection
        seat = int(agent.split("_")[1])
        assert state.to_act()[0] == seat
        mask = table.observe(agent)["action_mask"]
        legal = state.legal_actions(seat)
        assert sorted(np.flatnonzero(mask)) == sorted(space.index(a) for a in legal)
        other = f"player_{1 - seat}"
        assert not table.observe(other)["action_mask"].any(), "only the seat to act has legal actions"
        _random_step(table, rng)
    outcome = state.outcome()
    ranks = [r.rank for r in outcome.results]
    expected = [0.0, 0.0] if ranks[0] == ranks[1] else [1.0 if r == 1 else -1.0 for r in ranks]
    assert [table.rewards[f"player_{s}"] for s in range(2)] == expected
    assert [table.infos[f"player_{s}"]["score"] for s in range(2)] == list(outcome.scores)
    assert all(table.terminations.values())
    while table.agents:
        _, reward, termination, _, _ = table.last()
        assert termination
        assert reward == expected[int(table.agent_selection.split("_")[1])]
        table.step(None)


def test_solo_reward_is_the_score_over_100() -> None:
    table = raw_env("walking-in-burano", 1)
    table.reset(seed=3)
    rng = np.random.default_rng(2)
    while table.state is not None and not table.state.is_terminal():
        _random_step(table, rng)
    assert table.state is not None
    score = table.state.outcome().scores[0]
    assert table.rewards["player_0"] == pytest.approx(max(-2.0, min(2.0, score / 100)))


def test_a_simultaneous_decision_stays_secret_from_the_next_seat() -> None:
    """The Roll & Write's invitation is taken seat by seat: the second seat's observation must not
    depend on what the first one chose."""
    game_id = "walking-in-burano-roll-and-write"
    table = raw_env(game_id, 2)
    rng = np.random.default_rng(3)
    for seed in range(20):
        table.reset(seed=seed)
        state = table.state
        assert state is not None
        history: list[int] = []
        while not state.is_terminal():
            to_act = state.to_act()
            if len(to_act) == 2 and len(state.legal_actions(to_act[0])) > 1:
                break
            step = _random_step(table, rng)
            assert step is not None
            history.append(step)
        else:
            continue
        first, second = (f"player_{seat}" for seat in to_act)
        seen = []
        for action in state.legal_actions(to_act[0])[:2]:
            twin = raw_env(game_id, 2)
            twin.reset(seed=seed)
            for step in history:
                twin.step(step)
            assert twin.agent_selection == first
            twin.step(twin.index_of(action))
            assert twin.agent_selection == second
            seen.append(twin.observe(second)["observation"])
        assert np.array_equal(seen[0], seen[1])
        return
    pytest.fail("no invitation with a choice was reached")


def test_illegal_actions() -> None:
    table = raw_env("walking-in-burano", 2)
    with pytest.raises(RuntimeError, match="reset"):
        table.step(0)
    table.reset(seed=1)
    mask = table.observe(table.agent_selection)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(ValueError, match="illegal"):
        table.step(illegal)
    with pytest.raises(ValueError, match="outside the action space"):
        table.step(len(mask))

    wrapped = env("walking-in-burano", 2)
    wrapped.reset(seed=1)
    agent = wrapped.agent_selection
    with pytest.warns(UserWarning, match="illegal action"):
        wrapped.step(illegal)
    assert all(wrapped.terminations.values())
    assert wrapped.rewards[agent] == -1.0
    assert sum(wrapped.rewards.values()) == -1.0


def test_render_shows_the_last_action_in_notation() -> None:
    table = raw_env("walking-in-burano", 2, render_mode="ansi")
    table.reset(seed=7)
    state = table.state
    assert state is not None
    seat = state.to_act()[0]
    action = state.legal_actions(seat)[0]
    table.step(table.index_of(str(action)))
    text = table.render()
    assert text is not None
    assert text.startswith("Walking in Burano, 2 players, seed 7")
    assert f"last action: player_{seat} {action}" in text
    with pytest.warns(UserWarning, match="render_mode"):
        assert raw_env("walking-in-burano", 2).render() is None


def test_action_numbers_round_trip() -> None:
    table = raw_env("walking-in-burano", 2)
    for index in (0, 17, table.encoding.num_actions - 1):
        action: Any = table.action_of(index)
        assert table.index_of(action) == index
        assert table.index_of(str(action)) == index
