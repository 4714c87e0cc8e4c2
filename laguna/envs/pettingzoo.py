"""Any registered Laguna game as a PettingZoo AEC environment.

>>> from laguna.envs.pettingzoo import env
>>> table = env("walking-in-burano", players=2)
>>> table.reset(seed=7)
>>> observation, reward, termination, truncation, info = table.last()
>>> sorted(observation), bool(observation["action_mask"].any())
(['action_mask', 'observation'], True)

Agents are ``player_0`` … ``player_{n-1}`` (seat 0 …). The agent to act is the first seat of
`GameState.to_act`; a simultaneous decision (the Roll & Write's invitation, Burano's pyramids) is
taken seat by seat in that order, and the views hide each seat's secret choice from the others.
Every agent has one `Discrete` action space numbered by `Game.action_space`; observations are a dict
of the encoded view (`Game.observation`, float32) and the mask of legal actions (int8). Rewards come
at the end of the game (`laguna.envs.common`); the final infos hold each seat's score and rank.
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Mapping
from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv  # type: ignore[import-untyped]

from laguna.core import Rng
from laguna.envs.common import AnyGame, AnyState, GameEncoding, terminal_rewards

ObsType = dict[str, npt.NDArray[Any]]
_FLOAT32 = np.finfo(np.float32)


def agent_name(seat: int) -> str:
    return f"player_{seat}"


class LagunaAECEnv(AECEnv):  # type: ignore[misc]
    """A game of one set-up (game, player count, options); `reset(seed=...)` deals a new game.

    `illegal_reward` None: an illegal action raises ValueError naming the rule; a number: the game
    ends, with that reward for the agent at fault and 0 for the others (PettingZoo's classic games).
    """

    metadata: dict[str, Any] = {  # noqa: RUF012 (PettingZoo reads it from the class; each instance names its game)
        "render_modes": ["ansi"],
        "name": "laguna_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        game_id: str | AnyGame,
        players: int = 2,
        options: Mapping[str, Any] | Any = None,
        render_mode: str | None = None,
        illegal_reward: float | None = None,
    ) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}, not {render_mode!r}")
        self.encoding = GameEncoding(game_id, players, options)
        self.game = self.encoding.game
        self.players = players
        self.render_mode = render_mode
        self.illegal_reward = illegal_reward
        self.metadata = {**self.metadata, "name": f"laguna_{self.game.id.replace('-', '_')}_v0"}
        self.possible_agents = [agent_name(seat) for seat in range(players)]
        self._seat = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        size, count = self.encoding.size, self.encoding.num_actions
        observation_space = spaces.Dict(
            {
                "observation": spaces.Box(_FLOAT32.min, _FLOAT32.max, (size,), np.float32),
                "action_mask": spaces.Box(0, 1, (count,), np.int8),
            }
        )
        self.observation_spaces = {agent: observation_space for agent in self.possible_agents}
        self.action_spaces = {agent: spaces.Discrete(count) for agent in self.possible_agents}
        self._seeds: Rng | None = None
        self.seed: int | None = None
        self.state: AnyState | None = None
        self._last: tuple[str, Any] | None = None
        self.agents: list[str] = []
        self.agent_selection = self.possible_agents[0]
        self.rewards: dict[str, float] = {}
        self._cumulative_rewards: dict[str, float] = {}
        self.infos: dict[str, dict[str, Any]] = {}
        self.terminations: dict[str, bool] = {}
        self.truncations: dict[str, bool] = {}
        self._observed: dict[str, ObsType] = {}
        self._legal_by_seat: dict[int, dict[int, Any]] = {}

    # ------------------------------------------------------------------ the PettingZoo API

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new game: `seed` gives that very game (the game's own seed); without it, the next
        seed of a generator started by the last seed given (or by the operating system). The game's
        options are those of the constructor; `options` here is accepted and ignored."""
        if seed is not None:
            self._seeds = Rng(seed)
            game_seed = seed
        else:
            if self._seeds is None:
                self._seeds = Rng(secrets.randbits(64))
            game_seed = self._seeds.next_u64() >> 1
        self.seed = game_seed
        self.state = self.encoding.new_state(game_seed)
        self._last = None
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {agent: {} for agent in self.agents}
        self._observed.clear()
        self._legal_by_seat.clear()
        self.agent_selection = self.possible_agents[self.state.to_act()[0]]

    def observe(self, agent: str) -> ObsType:
        """The agent's observation now; computed once per step (repeated calls share it)."""
        observed = self._observed.get(agent)
        if observed is None:
            state = self._require_state()
            seat = self._seat[agent]
            observed = self._observed[agent] = {
                "observation": self.encoding.observe(state, seat),
                "action_mask": self._mask(state, seat),
            }
        return observed

    def step(self, action: int | None) -> None:
        state = self._require_state()
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} owes a decision: None is only for an agent whose game is over")
        seat = self._seat[agent]
        chosen = self._legal(state, seat).get(int(action))
        if chosen is None:
            self._refuse(seat, int(action))
            return
        self._cumulative_rewards[agent] = 0.0
        state.apply_unchecked(seat, chosen)
        self._last = (agent, chosen)
        self._observed.clear()
        self._legal_by_seat.clear()
        to_act = state.to_act()
        if to_act:
            self.agent_selection = self.possible_agents[to_act[0]]
        else:
            self._finish(state)
            self._accumulate_rewards()

    def render(self) -> str | None:
        """``ansi``: the last action in notation, who acts, and the spectator's view, one part a line."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() needs a render_mode (this environment offers 'ansi')")
            return None
        state = self._require_state()
        acting = ", ".join(agent_name(seat) for seat in state.to_act()) or "nobody (the game is over)"
        last = "-" if self._last is None else f"{self._last[0]} {self._last[1]}"
        lines = [
            f"{self.game.name}, {self.players} player{'s' if self.players > 1 else ''}, seed {self.seed}",
            f"last action: {last}",
            f"to act: {acting}",
        ]
        lines += [f"{key}: {json.dumps(value, separators=(',', ':'))}" for key, value in state.view(None).items()]
        return "\n".join(lines)

    def close(self) -> None:
        """Nothing to release: the game lives in memory."""

    # ------------------------------------------------------------------ helpers

    def action_of(self, index: int) -> Any:
        """The game's action numbered `index` (its notation is ``str(action)``)."""
        return self.encoding.actions[index]

    def index_of(self, action: Any) -> int:
        """The number of one of the game's actions, or of its notation."""
        if isinstance(action, str):
            action = self.game.parse_action(action)
        return self.encoding.index[action]

    def _require_state(self) -> AnyState:
        if self.state is None:
            raise RuntimeError("reset() must be called before step(), observe(), last() or render()")
        return self.state

    def _legal(self, state: AnyState, seat: int) -> dict[int, Any]:
        """Action number → action for the seat's legal actions now, built once per step."""
        legal = self._legal_by_seat.get(seat)
        if legal is None:
            actions = state.legal_actions(seat)
            legal = self._legal_by_seat[seat] = dict(zip(self.encoding.legal_indices(actions), actions, strict=True))
        return legal

    def _mask(self, state: AnyState, seat: int) -> npt.NDArray[np.int8]:
        if seat not in state.to_act():
            return np.zeros(self.encoding.num_actions, dtype=np.int8)
        return self.encoding.mask(self._legal(state, seat))

    def _refuse(self, seat: int, action: int) -> None:
        """An illegal action: raise, or (with an illegal reward) end the game with that reward for the
        agent at fault and 0 for the others, as PettingZoo's classic games do."""
        if not 0 <= action < self.encoding.num_actions:
            raise ValueError(f"action {action} is outside the action space 0–{self.encoding.num_actions - 1}")
        chosen = self.encoding.actions[action]
        agent = agent_name(seat)
        if self.illegal_reward is None:
            reason = self._require_state().explain_illegal(seat, chosen)
            raise ValueError(f"action {action} ({chosen}) is illegal for {agent} now: {reason}")
        gymnasium.logger.warn(f"{agent} chose the illegal action {action} ({chosen}): the game ends")
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self.rewards[agent] = float(self.illegal_reward)
        self.terminations = dict.fromkeys(self.agents, True)
        self.infos = {a: {"illegal_action": agent} for a in self.agents}
        self._observed.clear()
        self._legal_by_seat.clear()
        self._accumulate_rewards()

    def _finish(self, state: AnyState) -> None:
        rewards = terminal_rewards(state)
        outcome = state.outcome()
        for seat, agent in enumerate(self.possible_agents):
            self.rewards[agent] = rewards[seat]
            result = outcome.results[seat]
            self.infos[agent] = {"score": result.score, "rank": result.rank}
        self.terminations = dict.fromkeys(self.agents, True)


def raw_env(
    game_id: str | AnyGame, players: int = 2, options: Mapping[str, Any] | Any = None, render_mode: str | None = None
) -> LagunaAECEnv:
    """The environment that raises ValueError, naming the rule, on an illegal action."""
    return LagunaAECEnv(game_id, players, options, render_mode)


def env(
    game_id: str | AnyGame, players: int = 2, options: Mapping[str, Any] | Any = None, render_mode: str | None = None
) -> LagunaAECEnv:
    """The environment as PettingZoo's classic games behave: an illegal action ends the game with
    reward -1 for its agent (and 0 for the others).

    The checks PettingZoo's wrappers add (reset first, actions in range, legal actions) are built into
    the environment itself, so it is not wrapped: a wrapper layer costs more than a step of the game.
    """
    return LagunaAECEnv(game_id, players, options, render_mode, illegal_reward=-1.0)
