"""Which onlookers of a position a board test checks: the seats owing no decision, and the spectator.

A board's buttons come only from the decisions it is given, and an onlooker is given none, so an
onlooker's board is checked in every phase it looks on at but not at every position: an onlooker
looking on at a phase for the first time is always checked, and so is every onlooker at the end;
otherwise one onlooker is drawn from a seeded generator, so that every one of them keeps coming round.
"""

from __future__ import annotations

import random

SPECTATOR = None
"""The spectator among the onlookers: the view of nobody."""


class Onlookers:
    """Draws the onlookers to check at each checked position of one game, the same ones for the same seed."""

    def __init__(self, seed: int) -> None:
        self._rng = random.Random(seed)
        self.checked: set[tuple[str, int | None]] = set()
        """Every phase and onlooker checked so far, the spectator as None."""

    def draw(self, players: int, owing: set[int], phase: str, final: bool) -> list[int | None]:
        """The onlookers to check at a position in `phase` where the seats `owing` owe a decision."""
        onlookers: list[int | None] = [seat for seat in range(players) if seat not in owing]
        onlookers.append(SPECTATOR)
        drawn = [seat for seat in onlookers if final or (phase, seat) not in self.checked]
        if not drawn:
            drawn = [self._rng.choice(onlookers)]
        self.checked.update((phase, seat) for seat in drawn)
        return drawn

    def every_one_checked(self, players: int) -> bool:
        """Whether every seat and the spectator were checked as onlookers at least once."""
        return {seat for _, seat in self.checked} == {*range(players), SPECTATOR}
