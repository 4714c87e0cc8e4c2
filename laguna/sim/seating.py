"""Where the bots of a tournament sit: games in deal groups of N games (N = players) that share one
game seed, so one deal of the cards and dice is played from every seat.

Group g uses ``game_seed(seed, g)``, and its N games are the N rotations of one base lineup (game r of
the group seats ``base[(s + r) % N]`` at seat s). The base lineups, one per group, repeat in a cycle:

- B bots for N = B seats: the bots in the order given (the cycle is one group, N games);
- B > N: every ordered choice of N of the B bots, one rotation class per group, in a fixed order
  (combinations in list order, then the orders of each that keep its first bot first);
- B < N: the bot list repeated to fill the seats, starting from each bot in turn (rotation
  duplicates dropped), so every bot holds the same number of seats over a cycle.

Over a whole cycle every bot sits in every seat equally often; a run whose number of games is not a
multiple of the cycle length says so.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations, permutations

from laguna.sim.simulate import game_seed


def _rotation(lineup: Sequence[str], shift: int) -> tuple[str, ...]:
    n = len(lineup)
    return tuple(lineup[(seat + shift) % n] for seat in range(n))


def base_lineups(bots: Sequence[str], players: int) -> list[tuple[str, ...]]:
    """One base lineup per deal group of a cycle (see the module's description).

    >>> base_lineups(["a", "b", "c"], 2)
    [('a', 'b'), ('a', 'c'), ('b', 'c')]
    >>> base_lineups(["a", "b"], 3)
    [('a', 'b', 'a'), ('b', 'a', 'b')]
    """
    count = len(bots)
    if count < 1 or players < 1:
        raise ValueError("a lineup needs bots and seats")
    if count == players:
        return [tuple(bots)]
    if count > players:
        return [(chosen[0], *order) for chosen in combinations(bots, players) for order in permutations(chosen[1:])]
    bases: list[tuple[str, ...]] = []
    seen: set[tuple[str, ...]] = set()
    for start in range(count):
        base = tuple(bots[(start + seat) % count] for seat in range(players))
        if base not in seen:
            bases.append(base)
            seen.update(_rotation(base, shift) for shift in range(players))
    return bases


@dataclass(frozen=True, slots=True)
class Seating:
    """Game `index` of a tournament: its deal group, game seed and the bot of each seat."""

    index: int
    group: int
    seed: int
    lineup: tuple[str, ...]


def schedule(bots: Sequence[str], players: int, games: int, seed: int) -> list[Seating]:
    """The seating of every game: a function of the bot list, the seat count, the index and the seed.

    >>> [s.lineup for s in schedule(["a", "b"], 2, 4, 0)]
    [('a', 'b'), ('b', 'a'), ('a', 'b'), ('b', 'a')]
    >>> [s.seed for s in schedule(["a", "b"], 2, 4, 0)]
    [0, 0, 1, 1]
    """
    bases = base_lineups(bots, players)
    seatings = []
    for index in range(games):
        group, shift = divmod(index, players)
        base = bases[group % len(bases)]
        seatings.append(Seating(index, group, game_seed(seed, group), _rotation(base, shift)))
    return seatings


def cycle_length(bots: Sequence[str], players: int) -> int:
    """Games after which every bot has sat in every seat equally often."""
    return len(base_lineups(bots, players)) * players
