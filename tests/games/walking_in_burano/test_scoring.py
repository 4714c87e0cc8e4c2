"""Final scoring A–D: every character, shops, tokens, closed windows, tie-breakers, and the rulebook's
scoring example (64 points) and closed-window example (3/2/5: Johnson loses 5)."""

from __future__ import annotations

import tomllib
from pathlib import Path

from laguna.games.walking_in_burano import scoring
from laguna.games.walking_in_burano.cards import Colour, FloorCard
from laguna.games.walking_in_burano.characters import Character
from laguna.games.walking_in_burano.position import Phase
from tests.games.walking_in_burano.scenario import build, new, visitors

EXAMPLE = Path(__file__).parent / "data" / "scoring_example.toml"


def card(floor: int, **symbols: int | str) -> FloorCard:
    return FloorCard(id=f"X{floor}a", colour=Colour.RED, floor=floor, **symbols)  # type: ignore[arg-type]


def grid_of(*rows: list[FloorCard | None]) -> list[list[FloorCard | None]]:
    """Rows 1st floor first, padded to five columns."""
    return [row + [None] * (5 - len(row)) for row in rows] + [[None] * 5] * (3 - len(rows))


def finish(state) -> None:
    state.turn = None
    state.phase = Phase.OVER


def test_tourists_score_their_house_plus_two() -> None:
    """Woman 1/flower, Man 1/plant, Girl 3/cat, Boy 2 per cat, curtain, streetlight and chimney; +2 each."""
    house = grid_of(
        [card(1, flowers=2, cats=1)],
        [card(2, plants=2, streetlights=1, red_curtains=1)],
        [card(3, chimneys=1, blue_curtains=1, flowers=1)],
    )
    assert scoring.character_points(Character.WOMAN, 1, house) == 2 + 3
    assert scoring.character_points(Character.MAN, 1, house) == 2 + 2
    assert scoring.character_points(Character.GIRL, 1, house) == 2 + 3
    assert scoring.character_points(Character.BOY, 1, house) == 2 + 2 * (1 + 2 + 1 + 1)
    # Only the house above the tourist counts.
    assert scoring.character_points(Character.WOMAN, 2, house) == 2


def test_mayor_counts_pedestrians_on_first_floors() -> None:
    g = grid_of([card(1, pedestrians=2), card(1, pedestrians=1)], [card(2, pedestrians=5)])
    assert scoring.character_points(Character.MAYOR, 3, g) == 3


def test_policeman_counts_non_adjacent_streetlights() -> None:
    """Policeman: 5/9/15 for 1/2/3 non-adjacent streetlights on 2nd floors."""
    lit = card(2, streetlights=1)
    dark = card(2)
    assert scoring.character_points(Character.POLICEMAN, 1, grid_of([], [lit])) == 5
    assert scoring.character_points(Character.POLICEMAN, 1, grid_of([], [lit, dark, lit])) == 9
    assert scoring.character_points(Character.POLICEMAN, 1, grid_of([], [lit, dark, lit, dark, lit])) == 15
    # Neighbouring streetlights do not count.
    assert scoring.character_points(Character.POLICEMAN, 1, grid_of([], [lit, lit, dark, lit])) == 5
    assert scoring.character_points(Character.POLICEMAN, 1, grid_of([], [lit, lit])) == 0


def test_santa_claus_counts_chimneys_on_third_floors() -> None:
    g = grid_of([], [], [card(3, chimneys=2), None, card(3, chimneys=1)])
    assert scoring.character_points(Character.SANTA_CLAUS, 1, g) == 9


def test_shop_owner_counts_different_shops() -> None:
    """Shop Owner: 2/5/9/15 for 1/2/3/4 different shops on 1st floors."""
    shops = [card(1, shop=kind, shop_points=2) for kind in ("pizza", "clothes", "mask", "lace")]
    for count, points in ((1, 2), (2, 5), (3, 9), (4, 15)):
        assert scoring.character_points(Character.SHOP_OWNER, 1, grid_of(shops[:count])) == points
    same = [card(1, shop="pizza", shop_points=2), card(1, shop="pizza", shop_points=3)]
    assert scoring.character_points(Character.SHOP_OWNER, 1, grid_of(same)) == 2


def test_tailor_scores_pairs_of_red_and_blue_curtains() -> None:
    """Tailor: 4 per pair of a red and a blue curtain ("pair of different curtains"), over all floors."""
    g = grid_of([card(1, red_curtains=2)], [card(2, blue_curtains=1)], [card(3, red_curtains=1, blue_curtains=1)])
    assert scoring.character_points(Character.TAILOR, 1, g) == 4 * 2


def test_florist_and_gardener_take_the_best_three_adjacent_floors() -> None:
    """Florist / Gardener: any 3 floors horizontally adjacent to each other."""
    g = grid_of(
        [card(1, flowers=1), card(1, flowers=1), card(1, flowers=1), card(1, flowers=3)],
        [card(2, plants=4), None, card(2, plants=1)],
    )
    assert scoring.character_points(Character.FLORIST, 1, g) == 5
    assert scoring.character_points(Character.GARDENER, 1, g) == 5


def test_closed_window_example_3_2_5() -> None:
    """D: Maisherly 3, Wei-Min 2, Johnson 5 closed windows: Johnson has the most and loses 5 points."""
    assert scoring.closed_window_penalties([3, 2, 5], solo=False) == [0, 0, -5]


def test_every_player_tied_for_most_closed_windows_loses() -> None:
    """Russian edition: if several players have the most closed windows, they all lose points."""
    assert scoring.closed_window_penalties([4, 4, 1], solo=False) == [-4, -4, 0]
    assert scoring.closed_window_penalties([0, 0], solo=False) == [0, 0]


def test_scoring_example_64_points() -> None:
    """The scoring example: Woman 11, Florist 9, Santa Claus 12, Policeman 9, Boy 10, shops 5,
    4 tokens 12, 4 closed windows −4: 64 points."""
    example = tomllib.loads(EXAMPLE.read_text(encoding="utf-8"))
    state = new(3, seed=0)
    build(state, 0, {h["column"]: h["cards"] for h in example["house"]})
    visitors(state, 0, {h["column"]: Character(h["character"]) for h in example["house"]})
    finish(state)
    result = state.outcome().results[0]
    expected = example["expected"]
    lines = dict(result.breakdown)
    for house in example["house"]:
        character = Character(house["character"])
        assert lines[f"A. {character.title} (house {house['column']})"] == expected[house["character"]]
    assert lines["B. shops"] == expected["shops"] == 5
    assert lines["C. regulatory bonus tokens"] == expected["tokens"] == 12
    assert lines["D. closed windows"] == expected["closed_windows"] == -4
    assert result.score == expected["total"] == 64
    assert result.rank == 1


def test_beginner_option_ignores_closed_windows() -> None:
    """Optional rule for beginners: ignore the penalty rule D."""
    example = tomllib.loads(EXAMPLE.read_text(encoding="utf-8"))
    state = new(3, seed=0, closed_window_penalty=False)
    build(state, 0, {h["column"]: h["cards"] for h in example["house"]})
    visitors(state, 0, {h["column"]: Character(h["character"]) for h in example["house"]})
    finish(state)
    result = state.outcome().results[0]
    assert "D. closed windows" not in dict(result.breakdown)
    assert result.score == 68


def test_ties_are_broken_by_coins_then_cats_then_shared() -> None:
    """A tie goes to more coins, then more cats in the houses; otherwise the victory is shared."""
    state = new(2, seed=0)
    finish(state)
    state.coins = [3, 5]
    assert [r.rank for r in state.outcome().results] == [2, 1]
    state.coins = [4, 4]
    assert [r.rank for r in state.outcome().results] == [1, 1]
    assert state.outcome().winners == (0, 1)
    cat = next(c for c in state.cards.cards if c.floor == 1 and c.cats and not c.shop and not c.closed_windows)
    build(state, 1, {1: [cat.id, None, None]})
    outcome = state.outcome()
    assert outcome.scores[0] == outcome.scores[1]
    assert [r.rank for r in outcome.results] == [2, 1]
    assert dict(outcome.results[1].tiebreakers) == {"coins": 4, "cats": cat.cats}


def test_unspent_tokens_score_three_each() -> None:
    """C: 3 points for each remaining regulatory bonus token."""
    state = new(2, seed=0)
    finish(state)
    state.tokens = [4, 1]
    assert state.outcome().scores == (12, 3)
