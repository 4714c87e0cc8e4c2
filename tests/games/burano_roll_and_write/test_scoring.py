"""Character scoring A–J, tie-breakers and the solo rating, with the rulebook's Policeman example (15),
Male Tourist example (12) and scoring example (107)."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from laguna.games.burano_roll_and_write import GAME, Phase
from laguna.games.burano_roll_and_write.characters import Character
from laguna.games.burano_roll_and_write.scoring import character_points, solo_rating
from laguna.games.burano_roll_and_write.sheets import DieColour, load_sheets

EXAMPLE = tomllib.loads((Path(__file__).parent / "data" / "scoring_example.toml").read_text(encoding="utf-8"))
MARCELLO = load_sheets().layout("Viale Marcello")
R, Y, P = DieColour.RED, DieColour.YELLOW, DieColour.PINK
ORANGE = DieColour.ORANGE


def points(character: Character, circled: dict[str, int | None], building: DieColour = R, floor=None) -> int:
    return character_points(character, building, floor, MARCELLO, circled)


def test_female_tourist_adds_the_plant_numbers_of_her_building() -> None:
    """A. Female Tourist: the sum of the numbers under the circled plants in the corresponding building."""
    circled = {"R1.plant": 5, "R2.plant": 3, "B1.plant": 6}
    assert points(Character.FEMALE_TOURIST, circled, R) == 8
    assert points(Character.FEMALE_TOURIST, circled, Y) == 0


def test_photographer_and_backpacker_count_their_building() -> None:
    """B. 4 per circled cat; C. 4 per circled curtain, streetlight and chimney, in the building."""
    circled = {"R1.cat": 1, "R2.cat": 3, "R1.red": 1, "R2.blue": 2, "R2.light": 1, "R3.chimney": 5, "Y2.cat": 4}
    assert points(Character.PHOTOGRAPHER, circled, R) == 8
    assert points(Character.BACKPACKER, circled, R) == 16


def test_policeman_example_three_isolated_streetlights_score_15() -> None:
    """D. Policeman example: red, orange and pink streetlights circled, none adjacent: 5 × 3 = 15."""
    circled = {"R2.light": 1, "O2.light": 3, "P2.light": 6}
    assert [MARCELLO.position(c) for c in (R, ORANGE, P)] == [0, 2, 4]
    assert points(Character.POLICEMAN, circled) == 15


def test_policeman_ignores_streetlights_next_to_circled_ones() -> None:
    """An isolated streetlight has no circled streetlight in a neighbouring building."""
    circled = {"R2.light": 1, "Y2.light": 4, "P2.light": 6}  # red and yellow are neighbours
    assert points(Character.POLICEMAN, circled) == 5


def test_santa_claus_counts_chimneys() -> None:
    """E. 4 per circled chimney on the whole third floor."""
    assert points(Character.SANTA_CLAUS, {"R3.chimney": 1, "G3.chimney": 2}) == 8


def test_florist_fisherman_painter_score_their_designated_floor() -> None:
    """F. plant numbers, G. 4 per cat, H. 3 per cat and plant, on the designated floor."""
    circled = {"R1.plant": 5, "B1.plant": 2, "R2.plant": 1, "R1.cat": 2, "P1.cat": 1, "R2.cat": 3}
    assert points(Character.FLORIST, circled, floor=1) == 7
    assert points(Character.FISHERMAN, circled, floor=1) == 8
    assert points(Character.PAINTER, circled, floor=1) == 3 * 4
    assert points(Character.PAINTER, circled, floor=2) == 3 * 2


def test_tailor_scores_sets_of_red_and_blue_curtains() -> None:
    """I. 6 per set of a circled red and a circled blue curtain, in all buildings."""
    circled = {"R1.red": 1, "R3.red": 3, "Y3.red": 5, "B2.blue": None, "R2.blue": 2}
    assert points(Character.TAILOR, circled) == 12


def test_male_tourist_example_scores_12() -> None:
    """J. Male Tourist example: in red, plant 1 matches the streetlight 1 and plant 4 the chimney 4 (6 + 6);
    in blue a plant 2 matches nothing and the streetlight is not circled."""
    circled = {"R1.plant": 4, "R2.plant": 1, "R2.light": 1, "R3.chimney": 4, "B1.plant": 2, "B3.chimney": 5}
    assert points(Character.MALE_TOURIST, circled) == 12


def test_male_tourist_counts_each_symbol_once() -> None:
    """ "When calculating, each symbol can only be counted once": one plant 1 cannot pair twice."""
    circled = {"R2.plant": 1, "R2.light": 1, "R3.chimney": 1}
    assert points(Character.MALE_TOURIST, circled) == 6
    circled["R1.plant"] = 1
    assert points(Character.MALE_TOURIST, circled) == 12


def finished(layout: str = "Viale Marcello", players: int = 1):
    state = GAME.new_game(players, {"shared_layout": layout}, 0)
    state.phase = Phase.OVER
    return state


def test_scoring_example_107() -> None:
    """The scoring example: Fisherman 20, Photographer 12, Backpacker 24, Tailor 24, Santa Claus 12,
    Policeman 15 = 107 points."""
    state = finished(EXAMPLE["layout"], players=2)
    state.circled[0] = {sid: EXAMPLE["values"].get(sid) for sid in EXAMPLE["circled"]}
    state.characters[0] = {
        DieColour(c["building"]): (Character(c["letter"]), c.get("floor")) for c in EXAMPLE["character"]
    }
    result = state.outcome().results[0]
    lines = {name.split(".")[0]: value for name, value in result.breakdown}
    for letter, expected in EXAMPLE["expected"].items():
        if letter != "total":
            assert lines[letter] == expected
    assert result.score == EXAMPLE["expected"]["total"] == 107


def test_solo_score_subtracts_filled_coins_and_rates() -> None:
    """Solo: subtract 1 point for each filled coin; the rating table reads the result."""
    state = finished()
    state.circled[0] = {sid: EXAMPLE["values"].get(sid) for sid in EXAMPLE["circled"]}
    state.characters[0] = {
        DieColour(c["building"]): (Character(c["letter"]), c.get("floor")) for c in EXAMPLE["character"]
    }
    state.filled[0] = 16
    outcome = state.outcome()
    assert dict(outcome.results[0].breakdown)["filled coins"] == -16
    assert outcome.scores == (91,)
    assert outcome.rating == "Awesome!"


@pytest.mark.parametrize(
    ("score", "title"),
    [(-3, "So-so"), (69, "So-so"), (70, "Not bad"), (79, "Not bad"), (80, "Good job!"), (89, "Good job!"),
     (90, "Awesome!"), (99, "Awesome!"), (100, "Masterpiece!"), (102, "Masterpiece!")],
)  # fmt: skip
def test_solo_rating_table(score: int, title: str) -> None:
    """0-69 So-so, 70-79 Not bad, 80-89 Good job!, 90-99 Awesome!, 100+ Masterpiece!"""
    assert solo_rating(score) == title


def test_ties_go_to_remaining_coins_then_circled_cats() -> None:
    """A tie goes to more remaining coins, then more circled cats; otherwise the victory is shared."""
    state = finished(players=2)
    state.gained = [5, 5]
    state.spent = [1, 0]
    assert [r.rank for r in state.outcome().results] == [2, 1]
    state.spent = [0, 0]
    assert state.outcome().winners == (0, 1)
    state.circled[0]["R1.cat"] = 1
    assert [r.rank for r in state.outcome().results] == [1, 2]
    assert dict(state.outcome().results[0].tiebreakers) == {"coins": 5, "cats": 2}
