"""Players' ratings per game: OpenSkill's Plackett–Luce model, made for games of two to four players
ranked first to last (ties shared), and the number a player sees.

A rating is a belief about a player's skill: a mean `mu` and a standard deviation `sigma`, starting at
25 ± 8.33 and narrowing with every rated game; the model's drift `tau` (its default, 0.083) keeps it
from freezing, since people, unlike bots, learn. A player sees ``60 × mu`` rounded (1500 to start,
Elo-like numbers), marked provisional (``1500?``) until `PROVISIONAL_GAMES` rated games are behind
them; the leaderboard ranks only the players past that. Pure functions: the store calls `rate` inside
the transaction that finishes a game.

>>> after = rate([Skill(), Skill()], [1, 2])
>>> [shown(skill.mu) for skill in after]
[1658, 1342]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce

MODEL = PlackettLuce()
"""The rating model, with OpenSkill's defaults (mu 25, sigma 25/3, beta 25/6, tau 25/300)."""
SCALE = 60.0
"""Points shown per unit of `mu`: a new player shows 1500."""
PROVISIONAL_GAMES = 5
"""Rated games after which a rating is no longer provisional (and the player is on the leaderboard)."""


@dataclass(frozen=True, slots=True)
class Skill:
    """A player's rating in one game: mean, deviation and the rated games behind it."""

    mu: float = MODEL.mu
    sigma: float = MODEL.sigma
    games: int = 0

    @property
    def shown(self) -> int:
        """The rating as a player reads it."""
        return shown(self.mu)

    @property
    def deviation(self) -> int:
        """How far the rating may be off, on the same scale (one standard deviation)."""
        return round(SCALE * self.sigma)

    @property
    def provisional(self) -> bool:
        return self.games < PROVISIONAL_GAMES

    def __str__(self) -> str:
        return f"{self.shown}?" if self.provisional else str(self.shown)


def shown(mu: float) -> int:
    """A mean as the rating a player reads."""
    return round(SCALE * mu)


def rate(skills: Sequence[Skill], ranks: Sequence[int]) -> list[Skill]:
    """The players' ratings after a game where they finished at `ranks` (1 = first; equal ranks are a
    shared place), each with one more game behind it. At least two players."""
    if len(skills) < 2 or len(skills) != len(ranks):
        raise ValueError(f"a rated game needs two players or more, each with a rank: {len(skills)}, {len(ranks)}")
    teams = [[MODEL.rating(mu=skill.mu, sigma=skill.sigma)] for skill in skills]
    rated = MODEL.rate(teams, ranks=[float(rank) for rank in ranks])
    return [Skill(after.mu, after.sigma, skill.games + 1) for skill, [after] in zip(skills, rated, strict=True)]
