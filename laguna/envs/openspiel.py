"""Every registered Laguna game as an OpenSpiel game, so OpenSpiel's algorithms (ISMCTS, CFR-style
sampling, RL agents) can play it.

>>> from laguna.envs.openspiel import load
>>> game = load("walking-in-burano", players=2)
>>> game.get_type().short_name, game.num_players()
('laguna_walking_in_burano', 2)
>>> state = game.new_initial_state()
>>> state.action_to_string(state.current_player(), state.legal_actions()[0])
'take c1 f1'

Importing this module registers ``laguna_<game id with _>`` for every registered game, with the
parameters ``players``, ``options`` (JSON of the game's options, e.g. ``{"round_limit": 2}``),
``seed`` (new initial states take their games' seeds from a generator started with it) and
``same_game`` (true: every new initial state is the game of ``seed`` itself, so a history replays
on a new initial state, as OpenSpiel's replaying tools expect).

How the games map onto OpenSpiel:

- dynamics SEQUENTIAL: a simultaneous decision is taken seat by seat in `GameState.to_act` order;
  the secret choices are hidden by the views, hence IMPERFECT_INFORMATION;
- chance SAMPLED_STOCHASTIC: a game draws its chance (shuffles, dice) inside `apply` from the
  state's own seeded generator, so there are no chance nodes; two copies of a state draw the same;
  `resample_from_infostate` re-samples everything hidden with `GameState.determinize`, the dice and
  cards still to come included;
- rewards TERMINAL (`laguna.envs.common`): ZERO_SUM with 2 or more players, GENERAL_SUM solo;
- actions are numbered by `Game.action_space`; observation and information state tensors are
  `Game.observation` of the player's view, their strings the view as JSON. The information state is
  the current view, not the full history of what the player saw (ISMCTS keys its nodes on it).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any

import numpy as np
import pyspiel  # type: ignore[import-not-found]

from laguna.core import Rng, games
from laguna.envs.common import AnyGame, AnyState, GameEncoding, reward_bounds, terminal_rewards

PREFIX = "laguna_"
FALLBACK_LENGTH_PER_PLAYER = 2_500
"""Decisions per player allowed to a game without a known bound (random games stay far below)."""


def spiel_name(game_id: str) -> str:
    return PREFIX + game_id.replace("-", "_")


def _turn_bound(decisions_per_turn: int) -> Callable[[int, Any], int]:
    """A bound for games that end by a round limit option: rounds × players × decisions per turn."""
    return lambda players, options: options.round_limit * players * decisions_per_turn


MAX_LENGTH: dict[str, Callable[[int, Any], int]] = {
    # take, up to 3 places, done, up to 3 visits, up to 3 returns (6 cards in hand), solo removal
    "walking-in-burano": _turn_bound(12),
    # 2 boats each (placed and used, or flipped), then the invitation
    "walking-in-burano-roll-and-write": _turn_bound(5),
}
"""The most decisions a game can take, per game id."""


def max_game_length(game: AnyGame, players: int, options: Any) -> int:
    bound = MAX_LENGTH.get(game.id)
    return bound(players, options) if bound is not None else FALLBACK_LENGTH_PER_PLAYER * players


def _game_type(game: AnyGame, utility: Any) -> Any:
    return pyspiel.GameType(
        short_name=spiel_name(game.id),
        long_name=f"Laguna {game.name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=utility,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=game.max_players,
        min_num_players=game.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"players": max(2, game.min_players), "options": "{}", "seed": 0, "same_game": False},
    )


def _utility(players: int) -> Any:
    return pyspiel.GameType.Utility.ZERO_SUM if players > 1 else pyspiel.GameType.Utility.GENERAL_SUM


class LagunaGame(pyspiel.Game):  # type: ignore[misc]
    """One set-up (game, players, options) of a Laguna game; `register` makes a subclass per game."""

    laguna: AnyGame

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        game = self.laguna
        values = dict(params or {})
        players = int(values.get("players", max(2, game.min_players)))
        options = json.loads(values.get("options") or "{}")
        self.encoding = GameEncoding(game, players, options)
        low, high = reward_bounds(players)
        info = pyspiel.GameInfo(
            num_distinct_actions=self.encoding.num_actions,
            max_chance_outcomes=0,
            num_players=players,
            min_utility=low,
            max_utility=high,
            utility_sum=0.0 if players > 1 else None,
            max_game_length=max_game_length(game, players, self.encoding.options),
        )
        super().__init__(_game_type(game, _utility(players)), info, values)
        seed = int(values.get("seed", 0))
        self._seeds = Rng(seed)
        self._same = seed if values.get("same_game", False) else None
        self._next: int | None = None
        self._first: tuple[int, AnyState] | None = None

    def new_initial_state(self) -> LagunaState:
        """A new game, with the next seed of the game's generator (taken when the game is first played)."""
        return LagunaState(self)

    def state_for_seed(self, seed: int) -> LagunaState:
        """The game `Game.new_game(players, options, seed)` would start, as an OpenSpiel state."""
        state = LagunaState(self)
        state._holder = _Holder(self, self.encoding.new_state(seed))
        return state

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> LagunaObserver:
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        return LagunaObserver(self.encoding, iig_obs_type)

    def observation_tensor_shape(self) -> list[int]:
        return [self.encoding.size]

    def observation_tensor_size(self) -> int:
        return self.encoding.size

    information_state_tensor_shape = observation_tensor_shape
    information_state_tensor_size = observation_tensor_size

    # ------------------------------------------------------------------ seeds of new games

    def peek_seed(self) -> int:
        """The seed the next new game will take, without taking it."""
        if self._same is not None:
            return self._same
        if self._next is None:
            self._next = self._seeds.next_u64() >> 1
        return self._next

    def take_seed(self, seed: int) -> None:
        """A new game starts with `seed`: the generator moves on if it was the next one."""
        if self._next == seed:
            self._next = None

    def first_state(self, seed: int) -> AnyState:
        """The start of the game with `seed`, kept for observing states not yet played: OpenSpiel
        builds and observes throw-away initial states (to learn tensor shapes, and when cloning)."""
        if self._first is None or self._first[0] != seed:
            self._first = (seed, self.encoding.new_state(seed))
        return self._first[1]


class _Holder:
    """The Laguna state inside an OpenSpiel state, with its legal actions by number.

    OpenSpiel clones a Python state by deep-copying its attributes; this holder copies the game state
    with its own cheap `copy` instead. A new state is bound to a seed when first looked at, and
    builds its game only when first played, so OpenSpiel's throw-away initial states cost little and
    do not use up seeds.
    """

    __slots__ = ("_game", "_legal", "_seed", "_state", "_strings", "_tensors", "_views")

    def __init__(self, game: LagunaGame, state: AnyState | None = None) -> None:
        self._game = game
        self._state = state
        self._seed: int | None = None
        self._legal: dict[int, Any] | None = None
        self._clear()

    def _clear(self) -> None:
        """Forget what was computed for the position (views, their strings and tensors)."""
        self._views: dict[int | None, Any] = {}
        self._strings: dict[int | None, str] = {}
        self._tensors: dict[int | None, np.ndarray[Any, Any]] = {}

    def view(self, seat: int | None) -> Any:
        """The seat's view, computed once per position: OpenSpiel asks for the same observation as a
        string and as a tensor, for the observation and the information state."""
        if seat not in self._views:
            self._views[seat] = self.seen.view(seat)
        return self._views[seat]

    def string(self, seat: int | None) -> str:
        text = self._strings.get(seat)
        if text is None:
            text = self._strings[seat] = json.dumps(self.view(seat), separators=(",", ":"))
        return text

    def tensor(self, seat: int | None) -> np.ndarray[Any, Any]:
        tensor = self._tensors.get(seat)
        if tensor is None:
            tensor = self._tensors[seat] = self._game.encoding.encode(self.view(seat))
        return tensor

    @property
    def seen(self) -> AnyState:
        """The state to look at (not to change)."""
        if self._state is not None:
            return self._state
        if self._seed is None:
            self._seed = self._game.peek_seed()
        return self._game.first_state(self._seed)

    @property
    def state(self) -> AnyState:
        """The state to play."""
        if self._state is None:
            first = self.seen
            assert self._seed is not None
            self._game.take_seed(self._seed)
            self._state = first.copy()
        return self._state

    def legal(self) -> dict[int, Any]:
        """Action number → action for the seat to act, in increasing numbers."""
        if self._legal is None:
            state = self.state
            to_act = state.to_act()
            actions = state.legal_actions(to_act[0]) if to_act else ()
            pairs = zip(self._game.encoding.legal_indices(actions), actions, strict=True)
            self._legal = dict(sorted(pairs, key=lambda pair: pair[0]))
        return self._legal

    def apply(self, index: int) -> None:
        chosen = self.legal().get(index)
        state = self.state
        if chosen is None:
            raise ValueError(f"action {index} is not legal now (legal: {sorted(self.legal())})")
        state.apply_unchecked(state.to_act()[0], chosen)
        self._legal = None
        self._clear()

    def __deepcopy__(self, memo: dict[int, Any]) -> _Holder:
        """A copy of the position; what was computed for it is shared (views are never changed)."""
        twin = _Holder(self._game, self.state.copy())
        twin._legal = self._legal
        twin._views, twin._strings, twin._tensors = dict(self._views), dict(self._strings), dict(self._tensors)
        return twin


class LagunaState(pyspiel.State):  # type: ignore[misc]
    """A position; the Laguna state is `laguna_state`."""

    def __init__(self, game: LagunaGame) -> None:
        super().__init__(game)
        self._holder = _Holder(game)

    @property
    def laguna_state(self) -> AnyState:
        return self._holder.state

    def current_player(self) -> int:
        to_act = self._holder.state.to_act()
        return to_act[0] if to_act else int(pyspiel.PlayerId.TERMINAL)

    def _legal_actions(self, player: int) -> list[int]:
        to_act = self._holder.state.to_act()
        if not to_act or player != to_act[0]:
            return []
        return list(self._holder.legal())

    def _apply_action(self, action: int) -> None:
        self._holder.apply(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        return str(self._holder._game.encoding.actions[action])

    def is_terminal(self) -> bool:
        return self._holder.state.is_terminal()

    def returns(self) -> list[float]:
        state = self._holder.state
        return terminal_rewards(state) if state.is_terminal() else [0.0] * state.players

    def resample_from_infostate(self, player_id: int, probability_sampler: Callable[[], float]) -> LagunaState:
        """A state the player cannot tell from this one: everything hidden from it re-sampled."""
        seed = int(probability_sampler() * 2**53)
        game = self._holder._game
        twin = LagunaState(game)
        twin._holder = _Holder(game, self._holder.state.determinize(player_id, Rng(seed)))
        return twin

    # The observations, computed here for Python callers (OpenSpiel's own path builds a throw-away
    # state per call to learn the tensor size).

    def _player(self, player: int | None) -> int:
        return self.current_player() if player is None else player

    def observation_tensor(self, player: int | None = None) -> list[float]:
        return self._holder.tensor(self._player(player)).tolist()  # type: ignore[no-any-return]

    information_state_tensor = observation_tensor

    def observation_string(self, player: int | None = None) -> str:
        return self._holder.string(self._player(player))

    information_state_string = observation_string

    def __str__(self) -> str:
        return self._holder.string(None)


class LagunaObserver:
    """Observations (OpenSpiel's PyObserver): the player's view, encoded and as JSON.

    With no private information asked for (public observations), the spectator's view is used.
    """

    def __init__(self, encoding: GameEncoding, iig_obs_type: Any = None) -> None:
        self._encoding = encoding
        self._public = iig_obs_type is not None and iig_obs_type.private_info == pyspiel.PrivateInfoType.NONE
        self.tensor = np.zeros(encoding.size, np.float32)
        self.dict: dict[str, np.ndarray[Any, Any]] = {}
        start = 0
        for name, size in encoding.segments:
            self.dict[name] = self.tensor[start : start + size]
            start += size

    def _seat(self, player: int) -> int | None:
        return None if self._public else player

    def set_from(self, state: LagunaState, player: int) -> None:
        self.tensor[:] = state._holder.tensor(self._seat(player))

    def string_from(self, state: LagunaState, player: int) -> str:
        return state._holder.string(self._seat(player))


_CLASSES: dict[str, type[LagunaGame]] = {}


def register(game: AnyGame) -> str:
    """Register one Laguna game with OpenSpiel (once); returns its OpenSpiel name.

    OpenSpiel keeps the class it is given until the process ends, so each game gets a class of its
    own (a closure in its place would be released after the interpreter, which aborts the exit).
    """
    name = spiel_name(game.id)
    if name not in _CLASSES:
        cls = type(f"Laguna{game.id.title().replace('-', '')}Game", (LagunaGame,), {"laguna": game})
        _CLASSES[name] = cls
        if name not in pyspiel.registered_names():
            pyspiel.register_game(_game_type(game, _utility(max(2, game.min_players))), cls)
    return name


def register_all() -> list[str]:
    return [register(game) for game in games()]


def load(
    game_id: str,
    players: int = 2,
    options: Mapping[str, Any] | None = None,
    seed: int = 0,
    same_game: bool = False,
) -> LagunaGame:
    """The OpenSpiel game for a Laguna game id and set-up (the parameters of the module docstring)."""
    params = {"players": players, "options": json.dumps(dict(options or {})), "seed": seed, "same_game": same_game}
    game = pyspiel.load_game(spiel_name(game_id), params)
    assert isinstance(game, LagunaGame)
    return game


register_all()

__all__ = ["LagunaGame", "LagunaObserver", "LagunaState", "load", "register", "register_all", "spiel_name"]
