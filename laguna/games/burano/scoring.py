"""Scoring rules of Burano as pure functions: majorities, roofs, lace unions, island majority in the
clean-up and the final scoring (rulebook: Roof Houses step 3, 6. CLEAN-UP 1–2, 7. END OF THE GAME).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Final

from laguna.games.burano.components import Square

MAJORITY_VP: Final = (0, 2, 5, 9)
"""Roofs of majority in islands or workshops: 2/5/9 VP for 1/2/3 majorities (more count as 3)."""
FOUNTAIN_VP: Final = (0, 2, 3, 5, 9)
"""A fountains roof: 2/3/5/9 VP for 1/2/3/4 visible fountain symbols."""
FLAT_ROOF_VP: Final = 4
UNION_VP: Final = {2: 1, 3: 2, 4: 4, 5: 6, 6: 9, 7: 12, 8: 16, 9: 21}
"""Additional VP for a union of orthogonally adjacent paid lace makers (Score for lace making)."""
LACE_VP: Final = 2
ISLAND_MAJORITY_VP: Final = {2: 2, 3: 3, 4: 4}
"""Clean-up 1: the island majority is worth 4 VP (3 players: 3 VP, 2 players: 2 VP)."""
COINS_PER_VP: Final = 5


def leaders(counts: Sequence[int], tie_winner: int | None = None) -> tuple[int, ...]:
    """The seats with the most workers in one place (none if nobody is there). The holder of the
    island-ties card (`tie_winner`) wins a tie for first alone.

    >>> leaders([2, 2, 1]), leaders([2, 2, 1], tie_winner=1), leaders([0, 0])
    ((0, 1), (1,), ())
    """
    most = max(counts)
    if most == 0:
        return ()
    first = tuple(seat for seat, count in enumerate(counts) if count == most)
    if tie_winner is not None and tie_winner in first:
        return (tie_winner,)
    return first


def majorities(seat: int, places: Iterable[Sequence[int]], tie_winner: int | None = None) -> int:
    """In how many places `seat` has the majority; a tie for first counts for nobody (but the card)."""
    return sum(1 for counts in places if leaders(counts, tie_winner) == (seat,))


def majority_roof_vp(count: int) -> int:
    return MAJORITY_VP[min(count, 3)]


def fountain_roof_vp(fountains: int) -> int:
    return FOUNTAIN_VP[min(fountains, 4)]


def split_majority(counts: Sequence[int], players: int, tie_winner: int | None = None) -> dict[int, int]:
    """Clean-up 1 for one island: the leader's VP, or the tied leaders' share rounded down.

    >>> split_majority([2, 2, 1], 3), split_majority([1, 0, 3, 0], 4)
    ({0: 1, 1: 1}, {2: 4})
    """
    first = leaders(counts, tie_winner)
    if not first:
        return {}
    share = ISLAND_MAJORITY_VP[players] // len(first)
    return {seat: share for seat in first}


def unions(paid: Iterable[Square], neighbours: Mapping[Square, tuple[Square, ...]]) -> list[int]:
    """The sizes of the groups of orthogonally adjacent paid workers, largest first.

    >>> n = {(0, 0): ((0, 1),), (0, 1): ((0, 0), (0, 2)), (0, 2): ((0, 1),), (1, 2): ()}
    >>> unions([(0, 0), (0, 1), (1, 2)], n)
    [2, 1]
    """
    left = set(paid)
    sizes = []
    while left:
        frontier = [left.pop()]
        size = 0
        while frontier:
            square = frontier.pop()
            size += 1
            for near in neighbours[square]:
                if near in left:
                    left.remove(near)
                    frontier.append(near)
        sizes.append(size)
    return sorted(sizes, reverse=True)


def lace_vp(paid: Iterable[Square], neighbours: Mapping[Square, tuple[Square, ...]]) -> tuple[int, int]:
    """Clean-up 2: (2 VP per paid worker, the unions' additional VP).

    The rulebook's examples: a 4-worker union scores 4 × 2 + 4 = 12; three paid workers, two of them
    side by side, score 3 × 2 + 1 = 7.
    """
    squares = list(paid)
    return LACE_VP * len(squares), sum(UNION_VP.get(size, 0) for size in unions(squares, neighbours))


def coin_vp(coins: int) -> int:
    """Final scoring: 1 VP for every 5 coins (privilege points already turned into coins)."""
    return coins // COINS_PER_VP
