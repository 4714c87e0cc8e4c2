"""What the tests of every game check the same way: perft counts read from a game's data folder, golden
playthroughs, invariants checked after every decision of a random game, and the encoding of actions and
observations met in random games."""

from __future__ import annotations

import importlib.util
import math
import os
import sys
import tomllib
from array import array
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path
from types import ModuleType
from typing import Any, TypeVar

from laguna.bots import RandomBot
from laguna.core import Game, GameState, Rng
from laguna.core.perft import divide, perft
from laguna.core.playthrough import playthrough

State = TypeVar("State", bound=GameState[Any])


def from_source(name: str) -> ModuleType:
    """A fresh copy of the module `name` run from its Python source, also where a compiled build of it is
    installed (setup.py): its functions call each other through its globals, so a test can replace one
    and count the calls."""
    source = Path(__file__).resolve().parents[2] / (name.replace(".", "/") + ".py")
    copy_name = f"{name}__from_source"
    spec = importlib.util.spec_from_file_location(copy_name, source)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[copy_name] = module
    spec.loader.exec_module(module)
    return module


def perft_vectors(data: Path) -> list[dict[str, Any]]:
    """The positions of a game's `perft.toml`, each with its node counts by depth."""
    vectors: list[dict[str, Any]] = tomllib.loads((data / "perft.toml").read_text(encoding="utf-8"))["position"]
    return vectors


def assert_perft(state: GameState[Any], nodes: list[int]) -> None:
    """The decision sequences from `state` number `nodes[d - 1]` at each depth d (the divide on failure)."""
    for depth, count in enumerate(nodes, start=1):
        assert perft(state, depth) == count, f"depth {depth}: {divide(state, depth)}"


def assert_golden_playthrough(data: Path, game_id: str, players: int, seed: int, options: dict[str, Any]) -> None:
    """A seeded game, every decision with its legal list, diffed with the stored file.

    Regenerate after an intended rules change with ``LAGUNA_REGENERATE=1`` and read the diff.
    """
    path = data / f"playthrough-{players}p-seed{seed}.txt"
    text = playthrough(game_id, players, seed, options)
    if os.environ.get("LAGUNA_REGENERATE"):
        path.write_text(text, encoding="utf-8")
    assert text == path.read_text(encoding="utf-8")


def play_checking(state: State, seed: int, check: Callable[[State], None]) -> State:
    """Play random decisions (seeded) to the end, checking `check` before the first and after each."""
    rng = Rng(seed)
    check(state)
    while not state.is_terminal():
        seat = state.to_act()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        check(state)
    return state


Observe = Callable[[Any, int | None], dict[str, list[float]]]


def decisions(
    game: Game[Any, Any, Any], players: int, options: Any, seed: int, every_seat: bool = False
) -> Iterator[tuple[Any, int, Sequence[Any]]]:
    """Each decision of a random game, before it is taken; with `every_seat`, each seat owing a decision
    at once takes its own in turn, else only the first."""
    state = game.new_game(players, options, seed)
    rng = Rng(seed + 1000)
    while not state.is_terminal():
        for seat in state.to_act() if every_seat else state.to_act()[:1]:
            legal = state.legal_actions(seat)
            yield state, seat, legal
            state.apply(seat, rng.choice(legal))


def observer(game: Game[Any, Any, Any]) -> Observe:
    """The observation of a state as one seat (or a spectator, None) sees it."""

    def observe(state: Any, seat: int | None) -> dict[str, list[float]]:
        return game.observation(state.view(seat), state.players, state.options)

    return observe


def buffer_numbers(game: Game[Any, Any, Any], state: Any, seat: int | None, options: Any = None) -> list[float]:
    """The numbers `observation_buffer` writes for the seat (a spectator: None)."""
    numbers = array("f")
    numbers.frombytes(game.observation_buffer(state, seat, state.players, options or state.options))
    return numbers.tolist()


def assert_buffers_hold_the_views(game: Game[Any, Any, Any], state: Any) -> None:
    """Every seat's buffer, and a spectator's, holds its view's observation segment after segment."""
    for seat in [*range(state.players), None]:
        observation = game.observation(state.view(seat), state.players, state.options)
        written = buffer_numbers(game, state, seat)
        start = 0
        for name, values in observation.items():
            assert written[start : start + len(values)] == values, f"segment {name}, seat {seat}, {state.phase}"
            start += len(values)
        assert len(written) == start


def rebuilt_action_space(game: Game[Any, Any, Any], cached: Any, players: int, options: Any) -> Sequence[Any]:
    """The action space, built again after clearing the cache `cached`: equal, but a new list."""
    first = game.action_space(players, options)
    cached.cache_clear()
    again = game.action_space(players, options)
    assert first == again and first is not again
    return first


def assert_legal_actions_in_space(
    game: Game[Any, Any, Any], players: int, options: Any, games: int, every_seat: bool = False
) -> None:
    """The action space lists each action once, and every legal action met in `games` random games
    (seeds 0, 1, …; `every_seat` as for `decisions`) is in it."""
    space = game.action_space(players, options)
    assert len(set(space)) == len(space), "the action space lists an action twice"
    index = {action: k for k, action in enumerate(space)}
    for seed in range(games):
        for _, _, legal in decisions(game, players, options, seed, every_seat):
            missing = [str(a) for a in legal if a not in index]
            assert not missing, f"legal actions outside the action space: {missing}"


def sizes(observation: dict[str, list[float]]) -> dict[str, int]:
    return {name: len(values) for name, values in observation.items()}


def assert_observations_fixed(
    game: Game[Any, Any, Any],
    players: int,
    options: Any,
    expected: dict[str, int],
    every: int,
    *,
    every_seat: bool = False,
) -> Any:
    """A new game (seed 9) seen by seat 0, then every `every`-th decision of a random game (seed `players`;
    `every_seat` as for `decisions`) seen by the seat to act and by a spectator, give segments of the
    expected sizes, the decisions' holding finite floats; returns the state the decisions came from."""
    observe = observer(game)
    assert sizes(observe(game.new_game(players, options, 9), 0)) == expected
    state = None
    for step, (state, seat, _) in enumerate(decisions(game, players, options, players, every_seat)):
        if step % every:
            continue
        for viewer in (seat, None):
            observation = observe(state, viewer)
            assert sizes(observation) == expected
            assert all(isinstance(x, float) and math.isfinite(x) for seg in observation.values() for x in seg)
    return state


def assert_same_view_same_observation(
    observe: Observe, players: int, positions: Iterable[tuple[Any, int, Sequence[Any]]], every: int
) -> None:
    """A position sampled from what a seat sees (determinize) looks the same to that seat."""
    rng = Rng(players)
    checked = 0
    for step, (state, seat, _) in enumerate(positions):
        if step % every:
            continue
        for viewer in (seat, (seat + 1) % players):
            twin = state.determinize(viewer, rng.spawn())
            assert observe(twin, viewer) == observe(state, viewer)
            checked += 1
    assert checked > 20


def random_positions(state: State, seed: int) -> Iterator[State]:
    """Every position of a game of random decisions (seeded) from `state`, as the live state: the next
    decision changes it, so copy one to keep it."""
    rng = Rng(seed)
    while not state.is_terminal():
        yield state
        seat = state.to_act()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))


def random_bot_positions(state: State, seed: int) -> list[State]:
    """Copies of every position of a game played from `state` by random bots (seat k's seeded
    ``seed + k``), the finished one last."""
    bots = [RandomBot(seed + seat) for seat in range(state.players)]
    seen = []
    while not state.is_terminal():
        seen.append(state.copy())
        seat = state.to_act()[0]
        state.apply(seat, bots[seat].choose(state, seat))
    seen.append(state)
    return seen


def play_out(state: GameState[Any], seed: int) -> None:
    """Random decisions (seeded) until no seat owes one: the end of the game."""
    rng = Rng(seed)
    while state.to_act():
        seat = state.to_act()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))


def play_until(state: State, seed: int, phase: Any) -> State:
    """Random decisions (seeded) until the game reaches `phase`."""
    rng = Rng(seed)
    while state.phase is not phase:  # type: ignore[attr-defined]
        seat = state.to_act()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state
