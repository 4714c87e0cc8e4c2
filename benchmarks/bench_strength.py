"""The strength acceptance runs, for every game: greedy against random, "hard" against greedy and
"expert" against "hard" (2 players, seats swapped on the same deal), the expert's first places against
two and three hard bots (seats rotated), and the solo medians. Slow by design: run it on purpose, on a
Ray cluster for a whole round (``--backend ray``).

python benchmarks/bench_strength.py --games 200 --jobs 2 --out runs/strength
python benchmarks/bench_strength.py walking-in-burano --matchups hard:greedy --games 40
python benchmarks/bench_strength.py --matchups expert:hard:hard --solo-bots '' --backend ray --jobs 64

Each match-up is an ordinary `laguna tournament` (its games.jsonl, summary.json and ratings.png are
written under --out; a game outside the match-up's player count is skipped), and each solo run an
ordinary `laguna solo`.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

from common import report_errors

from laguna.bots import make_bot
from laguna.core import OptionsError, games, get_game
from laguna.core.messages import msg
from laguna.sim.backends import BACKENDS, make_backend
from laguna.sim.solo import solo
from laguna.sim.tournament import check_tournament, tournament


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Measure bot strength against the acceptance targets.")
    parser.add_argument("game_ids", nargs="*", metavar="GAME", help="game ids (default: every game)")
    parser.add_argument(
        "--matchups",
        default="greedy:random,hard:greedy,expert:hard,expert:hard:hard,expert:hard:hard:hard",
        help="match-ups, the bot measured first, one bot per seat",
    )
    parser.add_argument("--games", type=int, default=200, help="games per match-up (even: seats swapped)")
    parser.add_argument("--solo-bots", default="medium,hard,expert", help="bots for the solo runs ('' for none)")
    parser.add_argument("--solo-games", type=int, default=100, help="games per solo run")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2, help="worker processes, or Ray CPUs")
    parser.add_argument("--backend", default="local", help=f"where games run: {', '.join(BACKENDS)}")
    parser.add_argument("--address", default=None, help="address of a Ray cluster (with --backend ray)")
    parser.add_argument("--out", type=Path, default=Path("runs/strength"))
    args = parser.parse_args(argv)
    return report_errors(lambda: measure(args))


def measure(args: argparse.Namespace) -> None:
    """Play each match-up and solo run, printing win rates, first places and solo scores as they
    finish."""
    ids = args.game_ids or [game.id for game in games()]
    matchups = [tuple(bots.split(":")) for bots in args.matchups.split(",") if bots]
    for bots in matchups:
        if len(bots) < 2 or not all(bots):
            raise OptionsError(
                msg("a match-up names two bots or more, as expert:hard, not {matchup}", matchup=repr(":".join(bots)))
            )
    solo_bots = [bot for bot in args.solo_bots.split(",") if bot]
    plan = {
        game: [bots for bots in matchups if game.min_players <= len(bots) <= game.max_players]
        for game in map(get_game, ids)
    }
    for game, lineups in plan.items():  # every mistake is named before the first game
        for bots in lineups:
            check_tournament(game.id, len(bots), bots, {}, args.games)
    for bot in solo_bots:
        make_bot(bot, 0)
    backend = make_backend(args.backend, args.jobs, args.address)
    for game, lineups in plan.items():
        game_id = game.id
        for bots in lineups:
            began = time.perf_counter()
            result = tournament(
                game_id,
                len(bots),
                list(bots),
                args.games,
                args.seed,
                backend=backend,
                out_dir=args.out / game_id / "-vs-".join(bots),
            )
            rate = next(b.win for b in result.summary.per_bot if b.bot == bots[0])
            share = f"{100 * rate.rate:5.1f}% [{100 * rate.low:.1f}, {100 * rate.high:.1f}] of {args.games} games"
            if len(bots) == 2:
                outcome = f"{bots[0]:>7} beats {bots[1]:<7} {share}"
            else:
                rivals = ":".join(bots[1:])
                outcome = f"{bots[0]:>7} first against {rivals} in {share} (fair share {100 / len(bots):.1f}%)"
            print(f"{game_id:<34} {outcome} ({time.perf_counter() - began:.0f} s)", flush=True)
        if game.min_players > 1:
            continue
        for bot in solo_bots:
            began = time.perf_counter()
            summary = solo(
                game_id,
                bot,
                args.solo_games,
                args.seed,
                backend=backend,
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
