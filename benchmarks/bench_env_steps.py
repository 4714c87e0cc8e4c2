"""PettingZoo environment steps per second: a Laguna game against PettingZoo's own Connect Four.
With ``--ismcts``: OpenSpiel's ISMCTS bot plays full games of every game against a random bot.

python benchmarks/bench_env_steps.py --seconds 3 --rounds 3
python benchmarks/bench_env_steps.py --ismcts --simulations 10

Both are driven the same way, in the same process, in alternating rounds (so a busy machine slows
both alike): ``last()`` for the observation and its action mask, a uniformly random legal action
from the mask, ``step``, and ``reset`` at the end of a game. Each round times both for `--seconds`;
the best round of each is reported, by the wall clock and by the processor time of this process
(the steadier measure on a machine busy with other work).
"""

from __future__ import annotations

import argparse
import sys
import time
import types
from collections.abc import Callable
from typing import Any

import numpy as np
from open_spiel.python.algorithms import ismcts, mcts
from open_spiel.python.bots import uniform_random

from laguna.core import games
from laguna.envs.openspiel import load
from laguna.envs.pettingzoo import env


def connect_four() -> Any:
    """PettingZoo's Connect Four; its module imports pygame for drawing only, so a stand-in will do."""
    try:
        import pygame  # noqa: F401, PLC0415
    except ImportError:
        sys.modules["pygame"] = types.ModuleType("pygame")
    from pettingzoo.classic import connect_four_v3  # noqa: PLC0415

    return connect_four_v3.env()


def steps_per_second(make: Callable[[], Any], seconds: float, seed: int) -> tuple[float, float, int]:
    """Random legal steps for `seconds`; returns steps per wall-clock second and per processor second,
    and the finished games."""
    env = make()
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    steps = games = 0
    start, start_cpu = time.perf_counter(), time.process_time()
    deadline = start + seconds
    while True:
        for _ in range(100):
            observation, _reward, termination, truncation, _info = env.last()
            if termination or truncation:
                env.step(None)
                if not env.agents:
                    games += 1
                    env.reset()
            else:
                legal = np.flatnonzero(observation["action_mask"])
                env.step(int(legal[rng.integers(len(legal))]))
            steps += 1
        if time.perf_counter() >= deadline:
            break
    wall, cpu = time.perf_counter() - start, time.process_time() - start_cpu
    return steps / wall, steps / cpu, games


def ismcts_games(simulations: int, seed: int) -> None:
    """A full game of every game, 2 players: ISMCTS (random rollouts) as seat 0 against a random bot.

    The tests play the long games from a late position only; this plays them from the start.
    """
    for laguna in games():
        game = load(laguna.id, 2, seed=seed)
        evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(seed))
        bot = ismcts.ISMCTSBot(
            game=game,
            evaluator=evaluator,
            uct_c=2.0,
            max_simulations=simulations,
            random_state=np.random.RandomState(seed + 1),
            allow_inconsistent_action_sets=True,
        )
        opponent = uniform_random.UniformRandomBot(1, np.random.RandomState(seed + 2))
        start = time.perf_counter()
        state = game.new_initial_state()
        decisions = 0
        while not state.is_terminal():
            bot_to_act = bot if state.current_player() == 0 else opponent
            state.apply_action(bot_to_act.step(state))
            decisions += 1
        seconds = time.perf_counter() - start
        scores = state.laguna_state.outcome().scores
        print(
            f"{laguna.id:<34} {decisions:>4} decisions  {seconds:>6.1f} s  scores ISMCTS {scores[0]} - random "
            f"{scores[1]}  returns {state.returns()}"
        )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Compare PettingZoo env steps per second with Connect Four.")
    parser.add_argument("game", nargs="?", default="walking-in-burano", help="game id")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seconds", type=float, default=3.0, help="seconds per measure")
    parser.add_argument("--rounds", type=int, default=3, help="alternating rounds; the best of each is kept")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--ismcts", action="store_true", help="play ISMCTS against random in every game instead")
    parser.add_argument("--simulations", type=int, default=10, help="ISMCTS simulations per decision")
    args = parser.parse_args(argv)
    if args.ismcts:
        ismcts_games(args.simulations, args.seed)
        return 0

    name = f"{args.game} {args.players}p"
    contenders: dict[str, Callable[[], Any]] = {
        name: lambda: env(args.game, args.players),
        "connect_four_v3": connect_four,
    }
    best: dict[str, tuple[float, float]] = {}
    for round_ in range(args.rounds):
        for label, make in contenders.items():
            wall, cpu, games = steps_per_second(make, args.seconds, args.seed + round_)
            print(f"round {round_ + 1}: {label:<28} {wall:>8,.0f} steps/s  {cpu:>8,.0f} steps/cpu-s  ({games} games)")
            old_wall, old_cpu = best.get(label, (0.0, 0.0))
            best[label] = (max(old_wall, wall), max(old_cpu, cpu))
    (ours_wall, ours_cpu), (theirs_wall, theirs_cpu) = best[name], best["connect_four_v3"]
    print(f"best: {name} {ours_wall:,.0f} steps/s ({ours_cpu:,.0f} per cpu-s)")
    print(f"best: connect_four_v3 {theirs_wall:,.0f} steps/s ({theirs_cpu:,.0f} per cpu-s)")
    print(f"ratio: {ours_wall / theirs_wall:.2f} (wall clock), {ours_cpu / theirs_cpu:.2f} (processor time)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
