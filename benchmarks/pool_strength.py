"""Pool the games of several strength runs of one match-up (say, runs with different seeds) into one win
rate, so that a long run can be played in parts.

python benchmarks/pool_strength.py runs/strength*/burano/hard-vs-greedy/games.jsonl

Each game counts once: a deal met twice (the same seed and seating in two files) is refused, since it
would count one game as two. A shared victory counts as a split win, as in `laguna tournament`.
"""

from __future__ import annotations

import argparse
import sys
from collections import defaultdict
from pathlib import Path

from laguna.core import LagunaError, load_records
from laguna.sim.ratings import wilson
from laguna.sim.stats import mean_ci


def pool(paths: list[Path]) -> list[str]:
    """Lines of the pooled report: per match-up, each bot's win rate and mean score over every game."""
    shares: dict[tuple[str, ...], dict[str, float]] = defaultdict(lambda: defaultdict(float))
    scores: dict[tuple[str, ...], dict[str, list[int]]] = defaultdict(lambda: defaultdict(list))
    seen: dict[tuple[str, int, tuple[str, ...]], Path] = {}
    for path in paths:
        for record in load_records(path):
            if record.result is None:
                raise LagunaError(f"{path}: a game with seed {record.seed} has no result")
            deal = (record.game, record.seed, tuple(record.seats))
            if deal in seen:
                raise LagunaError(f"{path}: the game with seed {record.seed} is also in {seen[deal]}")
            seen[deal] = path
            matchup = (record.game, *sorted(set(record.seats)))
            winners = record.result["winners"]
            for seat, bot in enumerate(record.seats):
                scores[matchup][bot].append(record.result["scores"][seat])
                if seat in winners:
                    shares[matchup][bot] += 1 / len(winners)
    lines = []
    for matchup, by_bot in scores.items():
        lines.append(f"{matchup[0]}: {' – '.join(matchup[1:])}")
        for bot, values in by_bot.items():
            rate = wilson(shares[matchup][bot], len(values))
            lines.append(f"  {bot:<12} wins {rate} of {len(values)} games, mean score {mean_ci(values)}")
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Pool the games of several strength runs into one win rate.")
    parser.add_argument("records", nargs="+", type=Path, help="games.jsonl files of the runs")
    args = parser.parse_args(argv)
    try:
        print("\n".join(pool(args.records)))
    except (LagunaError, OSError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
