"""Seconds per decision of a bot (by default the "hard" level) on one core, for every game.

The bot plays 2-player games against greedy; every decision it takes with more than one legal action is
timed (a single legal action is answered without thinking and would flatter the figures).

python benchmarks/bench_bot_speed.py --bot hard --games 2
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time

from common import report_errors

from laguna.bots import bot_seed, make_bot
from laguna.core import games, get_game


def time_decisions(game_id: str, bot: str, opponent: str, games_count: int, seed: int) -> list[float]:
    """The seconds of each of `bot`'s real decisions over `games_count` games, seats alternating."""
    game = get_game(game_id)
    timings: list[float] = []
    for index in range(games_count):
        game_seed = seed + index
        lineup = [bot, opponent] if index % 2 == 0 else [opponent, bot]
        players = [make_bot(spec, bot_seed(game_seed, seat), game_id) for seat, spec in enumerate(lineup)]
        state = game.new_game(2, seed=game_seed)
        while not state.is_terminal():
            seat = state.to_act()[0]
            several = len(state.legal_actions(seat)) > 1
            start = time.process_time()
            action = players[seat].choose(state, seat)
            spent = time.process_time() - start
            if lineup[seat] == bot and several:
                timings.append(spent)
            state.apply(seat, action)
    return timings


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Measure a bot's CPU seconds per decision.")
    parser.add_argument("games_ids", nargs="*", metavar="GAME", help="game ids (default: every game)")
    parser.add_argument("--bot", default="hard", help="the bot to time (default: hard)")
    parser.add_argument("--opponent", default="greedy", help="its opponent (default: greedy)")
    parser.add_argument("--games", type=int, default=2, help="games per game id (seats alternate)")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    return report_errors(lambda: measure(args))


def measure(args: argparse.Namespace) -> None:
    """Print the bot's CPU seconds per real decision (mean, median, p95, max) for each game."""
    ids = args.games_ids or [game.id for game in games()]
    make_bot(args.bot, 0)
    make_bot(args.opponent, 0)
    print(f"{args.bot} against {args.opponent}, 2 players, CPU seconds per decision with a real choice")
    print(f"{'game':<34} {'decisions':>9} {'mean':>7} {'median':>7} {'p95':>7} {'max':>7}")
    for game_id in ids:
        timings = sorted(time_decisions(game_id, args.bot, args.opponent, args.games, args.seed))
        p95 = timings[min(len(timings) - 1, int(0.95 * len(timings)))]
        print(
            f"{game_id:<34} {len(timings):>9} {statistics.fmean(timings):>7.3f}"
            f" {statistics.median(timings):>7.3f} {p95:>7.3f} {timings[-1]:>7.3f}"
        )


if __name__ == "__main__":
    sys.exit(main())
