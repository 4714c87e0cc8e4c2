"""The strength acceptance runs: greedy against random, "hard" against greedy and "expert" against
"hard" (2 players, seats swapped on the same deal), and the solo medians, for every game. Slow by
design: run it on purpose.

python benchmarks/bench_strength.py --games 200 --jobs 2 --out runs/strength
python benchmarks/bench_strength.py walking-in-burano --pairs hard:greedy --games 40

Each match-up is an ordinary `laguna tournament` (its games.jsonl, summary.json and ratings.png are
written under --out), and each solo run an ordinary `laguna solo`.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

from common import report_errors

from laguna.core import games, get_game
from laguna.sim.backends import LocalBackend
from laguna.sim.solo import solo
from laguna.sim.tournament import tournament


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Measure bot strength against the acceptance targets.")
    parser.add_argument("game_ids", nargs="*", metavar="GAME", help="game ids (default: every game)")
    parser.add_argument("--pairs", default="greedy:random,hard:greedy,expert:hard", help="match-ups, stronger first")
    parser.add_argument("--games", type=int, default=200, help="games per match-up (even: seats swapped)")
    parser.add_argument("--solo-bots", default="medium,hard,expert", help="bots for the solo runs ('' for none)")
    parser.add_argument("--solo-games", type=int, default=100, help="games per solo run")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--out", type=Path, default=Path("runs/strength"))
    args = parser.parse_args(argv)
    return report_errors(lambda: measure(args))


def measure(args: argparse.Namespace) -> None:
    """Play each match-up and solo run, printing win rates and solo scores as they finish."""
    ids = args.game_ids or [game.id for game in games()]
    pairs = [tuple(pair.split(":", 1)) for pair in args.pairs.split(",") if pair]
    for game_id in ids:
        for strong, weak in pairs:
            began = time.perf_counter()
            result = tournament(
                game_id,
                2,
                [strong, weak],
                args.games,
                args.seed,
                backend=LocalBackend(args.jobs),
                out_dir=args.out / game_id / f"{strong}-vs-{weak}",
            )
            rate = next(b.win for b in result.summary.per_bot if b.bot == strong)
            print(
                f"{game_id:<34} {strong:>7} beats {weak:<7} {100 * rate.rate:5.1f}% "
                f"[{100 * rate.low:.1f}, {100 * rate.high:.1f}] of {args.games} games "
                f"({time.perf_counter() - began:.0f} s)",
                flush=True,
            )
        if get_game(game_id).min_players > 1:
            continue
        for bot in [b for b in args.solo_bots.split(",") if b]:
            began = time.perf_counter()
            summary = solo(
                game_id,
                bot,
                args.solo_games,
                args.seed,
                backend=LocalBackend(args.jobs),
                out_dir=args.out / game_id / f"solo-{bot}",
            )
            tiers = ", ".join(f"{t.tier.title} {t.reached}" for t in summary.tiers)
            print(
                f"{game_id:<34} solo {bot:<7} median {statistics.median(summary.scores):.1f} "
                f"mean {summary.score} over {summary.games} games; reached: {tiers} "
                f"({time.perf_counter() - began:.0f} s)",
                flush=True,
            )


if __name__ == "__main__":
    sys.exit(main())
