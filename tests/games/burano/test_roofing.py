"""Rule tests of the move Roof Houses (rulebook: 4. SEQUENCE OF PLAY, C) Details On "Roof Houses"): where a
roof tile may go, the bonus, the four kinds of roof scores, and building on rooftop blocks.

Houses are arranged on an emptied main island with `scenario.build_at`: "PB/Y" is a square whose
1st-floor cube is pink, covered by a yellow roof half, with a blue cube on the 2nd floor.
"""

from __future__ import annotations

import pytest

from laguna.core.errors import IllegalAction
from laguna.games.burano import BuranoState, Phase
from laguna.games.burano.components import RoofKind, RoofTile
from laguna.games.burano.position import ROOFS
from tests.games.burano import scenario
from tests.games.burano.scenario import BLUE, GREEN, ORANGE, PINK, WHITE, YELLOW, act, legal, square

ME = 0
ISLANDS_PB = RoofTile(RoofKind.ISLANDS, (PINK, BLUE))
FLAT_PY = RoofTile(RoofKind.FLAT, (PINK, YELLOW))
FILLER = "BYGWBYGWB"


def position(houses: list[tuple[str, str]], tiles: list[RoofTile] | None = None) -> BuranoState:
    """A four-player game at the start of seat 0's turn with only `houses` on the main island, seat 0
    holding `tiles` (default: the islands pink-blue tile), and nobody on islands or in workshops."""
    state = scenario.first_turn(4)
    scenario.set_turn(state, ME)
    state.stacks = {}
    scenario.build_at(state, houses)
    state.boards[ME].roofs = list(tiles or [ISLANDS_PB])
    state.lace_workers.clear()
    for counts in state.island_workers.values():
        counts[:] = [0] * state.players
    scenario.changed(state)
    return state


def roofs_in(options: list[str]) -> list[str]:
    return [option for option in options if option.startswith("roof ")]


# --------------------------------------------------------------------------- where a roof goes


@pytest.mark.parametrize(
    ("houses", "message"),
    [
        pytest.param([("b2", "Y"), ("c2", "G")], "colours must match", id="colours-do-not-match"),
        pytest.param([("b2", "P"), ("c3", "B")], "horizontal or vertical line", id="not-in-a-line-diagonal"),
        pytest.param([("b2", "P"), ("d2", "B")], "horizontal or vertical line", id="not-in-a-line-apart"),
        pytest.param([("b2", "YP/G"), ("c2", "B")], "same floor", id="not-the-same-floor"),
        pytest.param([("b2", "YGP/OW"), ("c2", "GYB/WO")], "3rd floor", id="third-floor"),
        pytest.param([("b2", "P/G"), ("c2", "B"), ("a2", "G/W")], "cannot overlap", id="overlapping-tile"),
    ],
)
def test_rulebook_counter_examples(houses: list[tuple[str, str]], message: str) -> None:
    """Roof Houses, step 1, and its five counter-examples: the two cubes must match the tile's two colours,
    lie on a horizontal or vertical line, be on the same floor, not on the 3rd floor, and roof tiles
    cannot overlap. Each refusal names the rule broken; no roof is possible at all here. The tile is
    tried across the first two houses."""
    (first, _), (second, _) = houses[:2]
    action = f"roof islands pink-blue {first}-{second}"
    state = position(houses)
    assert roofs_in(legal(state)) == []
    with pytest.raises(IllegalAction, match=message):
        act(state, ME, action)
    assert state.boards[ME].roofs == [ISLANDS_PB]
    assert state.boards[ME].moves == 0


@pytest.mark.parametrize(
    ("houses", "action"),
    [
        pytest.param([("b2", "P"), ("c2", "B")], "roof islands pink-blue b2-c2", id="horizontal"),
        pytest.param([("b2", "B"), ("c2", "P")], "roof islands pink-blue c2-b2", id="horizontal-turned"),
        pytest.param([("b2", "P"), ("b3", "B")], "roof islands pink-blue b2-b3", id="vertical"),
        pytest.param([("b2", "B"), ("b3", "P")], "roof islands pink-blue b3-b2", id="vertical-turned"),
        pytest.param([("b2", "YP/G"), ("c2", "WB/O")], "roof islands pink-blue b2-c2", id="second-floor"),
    ],
)
def test_valid_roof_in_either_orientation(houses: list[tuple[str, str]], action: str) -> None:
    """Roof Houses, step 1: a tile goes across two matching cubes side by side in a row or a column, on the
    same floor (1st or 2nd), with its colours either way round; each half covers the cube of its colour."""
    state = position(houses)
    assert roofs_in(legal(state)) == [action]
    act(state, ME, action)
    first, second = action.rsplit(maxsplit=1)[-1].split("-")
    assert state.stacks[square(first)].roofs[-1] is PINK
    assert state.stacks[square(second)].roofs[-1] is BLUE
    assert state.stacks[square(first)].roofed and state.stacks[square(second)].roofed
    assert state.boards[ME].roofs == []
    assert state.boards[ME].moves == 1
    assert state.phase is Phase.BONUS


def test_no_roof_without_a_tile() -> None:
    """Roof Houses, step 1: the tile comes from a roof space of your player board."""
    state = position([("b2", "P"), ("c2", "B")], tiles=[FLAT_PY])
    with pytest.raises(IllegalAction, match="no islands:pink-blue roof tile"):
        act(state, ME, "roof islands pink-blue b2-c2")


# --------------------------------------------------------------------------- the bonus


def roofed(state: BuranoState) -> BuranoState:
    act(state, ME, "roof islands pink-blue b2-c2")
    return state


def test_bonus_choices() -> None:
    """Roof Houses, step 2: gain 2 privilege points or a building card — one of the face-up building supply
    or the top card of the building deck."""
    state = roofed(position([("b2", "P"), ("c2", "B")]))
    supply = list(state.building_supply)
    assert len(supply) == 4
    assert legal(state) == ["bonus privilege", *(f"bonus card {card}" for card in supply), "bonus card deck"]
    with pytest.raises(IllegalAction, match="take the roof's bonus"):
        act(state, ME, "end")


def test_bonus_privilege() -> None:
    """Roof Houses, step 2: "If you choose to gain 2 privilege points, advance the worker 2 spaces on your
    privilege track.\""""
    state = roofed(position([("b2", "P"), ("c2", "B")]))
    before = state.boards[ME].privilege
    act(state, ME, "bonus privilege")
    assert state.boards[ME].privilege == before + 2
    assert state.boards[ME].cards == []
    assert state.phase is Phase.TURN


def test_bonus_card_from_supply_refills_it() -> None:
    """Roof Houses, step 2: take a building card from the building supply and place it in front of you;
    then immediately refill the supply to four cards from the top of the building deck."""
    state = roofed(position([("b2", "P"), ("c2", "B")]))
    taken = state.building_supply[1]
    top = state.building_deck[-1]
    deck = len(state.building_deck)
    act(state, ME, f"bonus card {taken}")
    assert state.boards[ME].cards == [taken]
    assert taken not in state.building_supply
    assert len(state.building_supply) == 4
    assert top in state.building_supply
    assert len(state.building_deck) == deck - 1


def test_bonus_card_from_deck_top() -> None:
    """Roof Houses, step 2: or draw the top card of the building deck; the supply keeps its four cards."""
    state = roofed(position([("b2", "P"), ("c2", "B")]))
    supply = list(state.building_supply)
    top = state.building_deck[-1]
    act(state, ME, "bonus card deck")
    assert state.boards[ME].cards == [top]
    assert state.building_supply == supply


def test_bonus_card_not_in_supply_is_refused() -> None:
    """Roof Houses, step 2: only a face-up building card of the supply may be taken by name."""
    state = roofed(position([("b2", "P"), ("c2", "B")]))
    hidden = state.building_deck[0]
    with pytest.raises(IllegalAction, match="not in the building supply"):
        act(state, ME, f"bonus card {hidden}")


# --------------------------------------------------------------------------- the roof scores


def score_roof(state: BuranoState, tile: RoofTile) -> int:
    """Lay `tile` over b2–c2 (cubes of its colours), take the privilege bonus and return the roof VP."""
    a, b = tile.colours
    state.stacks = {}
    scenario.build_at(state, [("b2", a.value[0].upper()), ("c2", b.value[0].upper())])
    state.boards[ME].roofs = [tile]
    scenario.changed(state)
    before = state.boards[ME].vp[ROOFS]
    act(state, ME, f"roof {tile.kind.value} {a.value}-{b.value} b2-c2")
    act(state, ME, "bonus privilege")
    return state.boards[ME].vp[ROOFS] - before


def test_islands_roof_rulebook_tie_example() -> None:
    """Roof Houses, step 3, majority in neighbouring islands, the rulebook's example: blue scores 2 VP for
    the majority on one island only, because the majority on the other island is a tie."""
    state = position([])
    state.island_workers["A"][:] = [2, 1, 0, 0]
    state.island_workers["B"][:] = [1, 1, 0, 0]
    assert score_roof(state, ISLANDS_PB) == 2


@pytest.mark.parametrize(("majorities", "vp"), [(0, 0), (1, 2), (2, 5), (3, 9), (4, 9)])
def test_islands_roof_scale(majorities: int, vp: int) -> None:
    """Roof Houses, step 3: 2/5/9 VP for the majority on 1/2/3 neighbouring islands (decision 15: more
    than three count as three)."""
    state = position([])
    for island in "ABCDEF"[:majorities]:
        state.island_workers[island][:] = [1, 0, 0, 0]
    state.island_workers["F"][:] = [0, 3, 0, 0]
    assert score_roof(state, ISLANDS_PB) == vp


def test_workshops_roof_rulebook_example() -> None:
    """Roof Houses, step 3, majority in lace workshops, the rulebook's example: blue scores 2 VP for the
    majority on the green workshop only; a tie for first in a workshop counts for nobody."""
    state = position([])
    for name, seat in (("d2", ME), ("d3", ME), ("e3", 1), ("d1", ME), ("e1", 1), ("g1", 2)):
        state.lace_workers[square(name)] = seat
    assert score_roof(state, RoofTile(RoofKind.WORKSHOPS, (PINK, BLUE))) == 2


@pytest.mark.parametrize(("workshops", "vp"), [(0, 0), (1, 2), (2, 5), (3, 9), (4, 9)])
def test_workshops_roof_scale(workshops: int, vp: int) -> None:
    """Roof Houses, step 3: 2/5/9 VP for the majority on 1/2/3 lace workshops."""
    state = position([])
    for name in ("a1", "d1", "b2", "d2")[:workshops]:  # pink, blue, yellow, green workshops
        state.lace_workers[square(name)] = ME
    state.lace_workers[square("a4")] = 1
    assert score_roof(state, RoofTile(RoofKind.WORKSHOPS, (PINK, BLUE))) == vp


def test_fountains_roof_rulebook_example() -> None:
    """Roof Houses, step 3, fountains on schedule ring, the rulebook's example: 3 visible fountain symbols
    score 5 VP; fountains under workers are not visible."""
    state = position([])
    # Houses 0–2 under the arrows, 3–5 covered by three workers, 6–11 on empty sectors.
    scenario.set_ring(state, ME, "PBY" + FILLER, 3, "f..ff.f...f.")
    assert score_roof(state, RoofTile(RoofKind.FOUNTAINS, (PINK, BLUE))) == 5


@pytest.mark.parametrize(("fountains", "vp"), [(0, 0), (1, 2), (2, 3), (3, 5), (4, 9)])
def test_fountains_roof_scale(fountains: int, vp: int) -> None:
    """Roof Houses, step 3: 2/3/5/9 VP for 1/2/3/4 visible fountain symbols."""
    state = position([])
    symbols = "f" * fountains + "." * (12 - fountains)
    scenario.set_ring(state, ME, "PBY" + FILLER, 0 if fountains else 9, symbols)
    assert score_roof(state, RoofTile(RoofKind.FOUNTAINS, (PINK, BLUE))) == vp


def test_flat_roof() -> None:
    """Roof Houses, step 3: the "4VP" roof scores 4 VP."""
    state = position([])
    assert score_roof(state, FLAT_PY) == 4


def test_roof_scores_after_its_bonus() -> None:
    """Roof Houses: the three steps are in fixed order — place, bonus, score: nothing is scored until the
    bonus is chosen."""
    state = position([("b2", "P"), ("c2", "Y")], tiles=[FLAT_PY])
    act(state, ME, "roof 4vp pink-yellow b2-c2")
    assert state.boards[ME].vp[ROOFS] == 0
    act(state, ME, "bonus privilege")
    assert state.boards[ME].vp[ROOFS] == 4


# --------------------------------------------------------------------------- rooftop blocks


def build(state: BuranoState, colour: str, where: str) -> None:
    """Build a cube (pink and blue are earning colours here) and decline the withdrawals."""
    state.boards[ME].preparation.append(scenario.LETTER[colour[0].upper()])
    scenario.changed(state)
    act(state, ME, f"build {colour} {where}")
    if state.phase is Phase.EARNING:
        act(state, ME, "done")


def test_cubes_on_rooftop_blocks_are_a_floor_higher() -> None:
    """Build A House, step 2b and decision 2: a cube goes on a rooftop block one floor higher, gaining 1
    privilege point if it matches the block's colour; each block takes one cube; two 2nd-floor cubes can
    be roofed again, and the cubes built on those roofs are on the 3rd floor, which cannot be roofed."""
    pink_white = RoofTile(RoofKind.FLAT, (PINK, WHITE))
    state = position([("b2", "P"), ("c2", "B")], tiles=[ISLANDS_PB, pink_white])
    state.markers = [YELLOW, GREEN, ORANGE, BLUE, PINK, WHITE]  # pink and white: earning
    state.boards[ME].coins = 50
    scenario.changed(state)
    roofed(state)
    act(state, ME, "bonus privilege")
    privilege = state.boards[ME].privilege
    build(state, "pink", "b2")  # on the pink rooftop block: matching
    assert state.stacks[square("b2")].floor == 2
    assert state.boards[ME].privilege == privilege + 1
    build(state, "white", "c2")  # on the blue rooftop block: no privilege point
    assert state.stacks[square("c2")].floor == 2
    assert state.boards[ME].privilege == privilege + 1
    state.boards[ME].preparation.append(PINK)
    scenario.changed(state)
    with pytest.raises(IllegalAction, match="without a rooftop block"):
        act(state, ME, "build pink b2")
    state.boards[ME].preparation.clear()
    scenario.changed(state)
    assert roofs_in(legal(state)) == ["roof 4vp pink-white b2-c2"]
    act(state, ME, "roof 4vp pink-white b2-c2")
    act(state, ME, "bonus privilege")
    assert state.roofs_placed[-1].floor == 2
    # Next turn: build the 3rd floor on the new rooftop blocks; it cannot be roofed.
    scenario.set_turn(state, ME)
    build(state, "pink", "b2")
    build(state, "white", "c2")
    assert state.stacks[square("b2")].floor == 3
    assert state.stacks[square("c2")].floor == 3
    state.boards[ME].roofs = [pink_white]
    scenario.changed(state)
    assert roofs_in(legal(state)) == []
    with pytest.raises(IllegalAction, match="3rd floor"):
        act(state, ME, "roof 4vp pink-white b2-c2")
