"""Random-play speed of a game at every player count it supports (or one, with --players).

python benchmarks/bench_random_play.py walking-in-burano --seconds 3
"""

from __future__ import annotations

import argparse
import sys

from common import report_errors

from laguna.core import get_game
from laguna.sim import bench


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Measure random play: decisions, games and copies per second.")
    parser.add_argument("game", nargs="?", default="walking-in-burano", help="game id")
    parser.add_argument("--players", type=int, help="only this player count")
    parser.add_argument("--seconds", type=float, default=3.0, help="seconds per measure")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    return report_errors(lambda: measure(args))


def measure(args: argparse.Namespace) -> None:
    """Print decisions, games and copies per second of random play at each player count."""
    game = get_game(args.game)
    counts = [args.players] if args.players else list(game.player_counts)
    print(f"{game.id}: random play on one core, {args.seconds:g} s per measure")
    print(f"{'players':>7} {'decisions/s':>12} {'games/s':>9} {'copies/s':>10} {'decisions/game':>15}")
    for players in counts:
        result = bench(game.id, players, args.seconds, args.seed)
        print(
            f"{players:>7} {result.decisions_per_second:>12,.0f} {result.games_per_second:>9,.1f}"
            f" {result.copies_per_second:>10,.0f} {result.decisions_per_game:>15,.1f}"
        )


if __name__ == "__main__":
    sys.exit(main())
