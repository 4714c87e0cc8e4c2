"""Iterations a second of the search bot on one core, for every game: the same fixed positions each run.

The positions are those of one seeded 2-player game between greedy bots (every decision with more than
one legal action, a few spread over the game); the search thinks at each with a fixed budget, and the
processor time of the whole is divided into its iterations.

A position that opens judges each of its decisions, so iterations are cheaper when positions open
late (``--open``: the visit at which a position opens; 1 is the hard level's search).

python benchmarks/bench_search_rate.py                       # heuristic and learned, every game
python benchmarks/bench_search_rate.py murano --evals learned --positions 12 --open 1,4
"""

from __future__ import annotations

import argparse
import sys
import time
from typing import Any

from common import report_errors

from laguna.bots import GreedyBot, make_bot
from laguna.bots.ismcts import IsmctsBot
from laguna.core import GameState, OptionsError, games, get_game


def positions(game_id: str, count: int, seed: int) -> list[tuple[GameState[Any], int]]:
    """`count` positions spread over a seeded greedy game, each with the seat to decide."""
    state = get_game(game_id).new_game(2, seed=seed)
    bots = [GreedyBot(seed + 1), GreedyBot(seed + 2)]
    found: list[tuple[GameState[Any], int]] = []
    while not state.is_terminal():
        seat = state.to_act()[0]
        if len(state.legal_actions(seat)) > 1:
            found.append((state.copy(), seat))
        state.apply(seat, bots[seat].choose(state, seat))
    step = max(1, len(found) // count)
    return found[::step][:count]


def rate(game_id: str, search: str, count: int, seed: int) -> float:
    """Iterations per processor second of the search named `search` over the positions."""
    spots = positions(game_id, count, seed)
    bot = make_bot(search, seed, game_id)
    assert isinstance(bot, IsmctsBot)
    done = 0
    start = time.process_time()
    for state, seat in spots:
        bot.choose(state, seat)
        done += bot.last_iterations
    return done / (time.process_time() - start)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Measure the search's iterations per second on one core.")
    parser.add_argument("game_ids", nargs="*", metavar="GAME", help="game ids (default: every game)")
    parser.add_argument("--evals", default="heuristic,learned", help="evaluations to time (comma-separated)")
    parser.add_argument("--open", default="1,4", help="visits at which positions open (comma-separated)")
    parser.add_argument("--iterations", type=int, default=300, help="search budget per position")
    parser.add_argument("--positions", type=int, default=6, help="positions per game")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    return report_errors(lambda: measure(args))


def measure(args: argparse.Namespace) -> None:
    ids = [get_game(game_id).id for game_id in args.game_ids] or [game.id for game in games()]
    evaluations = [name.strip() for name in args.evals.split(",") if name.strip()]
    opens = [part.strip() for part in args.open.split(",") if part.strip()]
    if not all(part.isascii() and part.isdigit() and int(part) >= 1 for part in opens):
        raise OptionsError(f"--open takes visits of 1 or more separated by commas, not {args.open!r}")
    if args.iterations < 1 or args.positions < 1:
        raise OptionsError("--iterations and --positions must be positive")
    columns = [(name, int(part)) for name in evaluations for part in opens]
    print(f"ismcts:{args.iterations}, {args.positions} positions per game, iterations per processor second")
    print(f"{'game':<34} " + " ".join(f"{f'{name} open={visit}':>20}" for name, visit in columns))
    for game_id in ids:
        rates = [
            rate(game_id, f"ismcts:{args.iterations}:eval={name}:open={visit}", args.positions, args.seed)
            for name, visit in columns
        ]
        print(f"{game_id:<34} " + " ".join(f"{value:>20.0f}" for value in rates))


if __name__ == "__main__":
    sys.exit(main())
