"""Final scoring A–D (rulebook: Visit from Characters; Game End & Final Scoring; Scoring Example).

A grid is ``grid[floor - 1][column - 1]``: the floor card there or ``None``.
"""

from __future__ import annotations

from collections.abc import Sequence

from laguna.core.messages import N_
from laguna.games.walking_in_burano.cards import FloorCard
from laguna.games.walking_in_burano.characters import Character
from laguna.games.walking_in_burano.house_area import COLUMNS

Grid = Sequence[Sequence[FloorCard | None]]

TOURIST_BONUS = 2
POLICEMAN_POINTS = (0, 5, 9, 15)
SHOP_OWNER_POINTS = (0, 2, 5, 9, 15)
POINTS_PER_TOKEN = 3
SOLO_RATINGS = ((86, N_("Masterpiece!")), (81, N_("Awesome!")), (71, N_("Good job!")), (61, N_("Not bad")))
LOWEST_RATING = N_("So-so")


def _cards(grid: Grid) -> list[FloorCard]:
    return [card for row in grid for card in row if card is not None]


def _house(grid: Grid, column: int) -> list[FloorCard]:
    return [card for row in grid if (card := row[column - 1]) is not None]


def _floor(grid: Grid, floor: int) -> list[FloorCard]:
    return [card for card in grid[floor - 1] if card is not None]


def counted_streetlights(grid: Grid) -> int:
    """Streetlights on 2nd floors whose left and right 2nd-floor neighbours show none ("non-adjacent")."""
    row = grid[1]
    total = 0
    for index, card in enumerate(row):
        if card is None or not card.streetlights:
            continue
        neighbours = [row[i] for i in (index - 1, index + 1) if 0 <= i < len(row)]
        if not any(n is not None and n.streetlights for n in neighbours):
            total += card.streetlights
    return total


def best_run(grid: Grid, symbol: str) -> int:
    """The most of `symbol` on three horizontally adjacent cards of one floor (Florist, Gardener)."""
    best = 0
    for row in grid:
        for start in range(COLUMNS - 2):
            best = max(best, sum(getattr(c, symbol) for c in row[start : start + 3] if c is not None))
    return best


def character_points(character: Character, column: int, grid: Grid) -> int:
    """What one character under house `column` scores."""
    house = _house(grid, column)
    if character is Character.WOMAN:
        return TOURIST_BONUS + sum(c.flowers for c in house)
    if character is Character.MAN:
        return TOURIST_BONUS + sum(c.plants for c in house)
    if character is Character.GIRL:
        return TOURIST_BONUS + 3 * sum(c.cats for c in house)
    if character is Character.BOY:
        return TOURIST_BONUS + 2 * sum(c.cats + c.curtains + c.streetlights + c.chimneys for c in house)
    if character is Character.MAYOR:
        return sum(c.pedestrians for c in _floor(grid, 1))
    if character is Character.POLICEMAN:
        return POLICEMAN_POINTS[min(counted_streetlights(grid), 3)]
    if character is Character.SANTA_CLAUS:
        return 3 * sum(c.chimneys for c in _floor(grid, 3))
    if character is Character.SHOP_OWNER:
        kinds = {c.shop for c in _floor(grid, 1) if c.shop is not None}
        return SHOP_OWNER_POINTS[min(len(kinds), 4)]
    if character is Character.TAILOR:
        cards = _cards(grid)
        return 4 * min(sum(c.red_curtains for c in cards), sum(c.blue_curtains for c in cards))
    if character is Character.FLORIST:
        return best_run(grid, "flowers")
    return best_run(grid, "plants")


def shop_points(grid: Grid) -> int:
    """B: 2 or 3 points for each shop on the 1st floors."""
    return sum(c.shop_points for c in _floor(grid, 1) if c.shop is not None)


def closed_windows(grid: Grid) -> int:
    return sum(c.closed_windows for c in _cards(grid))


def cats(grid: Grid) -> int:
    """The second tie-breaker: cats in the player's houses."""
    return sum(c.cats for c in _cards(grid))


def closed_window_penalties(windows: Sequence[int], solo: bool) -> list[int]:
    """D: every player tied for the most closed windows loses that many points; solo, always.

    >>> closed_window_penalties([3, 2, 5], solo=False)
    [0, 0, -5]
    >>> closed_window_penalties([4, 1, 4], solo=False)
    [-4, 0, -4]
    """
    if solo:
        return [-w for w in windows]
    most = max(windows)
    return [-w if w == most else 0 for w in windows]


def solo_rating(score: int) -> str:
    """The solo rating table: 0–60 So-so … 86+ Masterpiece! (a negative score is So-so too).

    >>> solo_rating(60), solo_rating(61), solo_rating(86)
    ('So-so', 'Not bad', 'Masterpiece!')
    """
    return next((title for floor, title in SOLO_RATINGS if score >= floor), LOWEST_RATING)
