"""Cube pyramid construction (rulebook: 4. SEQUENCE OF PLAY, Cube Pyramid Construction).

All players build at the same time and in secret: 9 cubes as a 3×3 base, then a 2×2 second level, then
the top cube; a player short of 14 cubes fills the base first; the cubes left in the reserve go to the
supply for 1 coin each, and every pyramid is revealed once all are built (decision 24).
"""

from __future__ import annotations

from collections import Counter

import pytest

from laguna.core.errors import IllegalAction
from laguna.core.rng import Rng
from laguna.games.burano import BuranoState, Phase
from laguna.games.burano.components import COLOURS, Colour
from laguna.games.burano.pyramid import SLOT_NAMES
from tests.games.burano.scenario import (
    BLUE,
    GREEN,
    ORANGE,
    PINK,
    WHITE,
    YELLOW,
    act,
    build_pyramids,
    changed,
    choose_roofs,
    colours,
    legal,
    new,
)

LAYOUT = "PPPBBBYYYGGGOO"
"""14 cubes: the base row by row, the second level, the top (3 of four colours, 2 orange, no white)."""
OTHER = "BPPPBBYYYGGGOO"
"""Another 14-cube layout, starting with blue."""


def at_construction(players: int = 2, seed: int = 0) -> BuranoState:
    state = new(players, seed)
    choose_roofs(state)
    assert state.phase is Phase.CONSTRUCTION
    return state


def stack_all(state: BuranoState, seat: int, layout: str) -> None:
    """Play `seat`'s slots with the colour initials of `layout` (``.`` for none) until its pyramid is done."""
    for letter in layout:
        if seat not in state.to_act():
            return
        slot = SLOT_NAMES[state.boards[seat].cursor]
        act(state, seat, f"stack {slot} {'none' if letter == '.' else colours(letter)[0].value}")


def give_reserve(state: BuranoState, seat: int, cubes: Counter[Colour]) -> None:
    """Replace `seat`'s cube reserve (a player short of cubes in a later season), cubes to/from the supply."""
    state.supply += state.boards[seat].reserve
    state.supply -= cubes
    state.boards[seat].reserve = Counter(cubes)
    changed(state)


def phase_of(state: BuranoState) -> Phase:
    return state.phase


def slots_offered(state: BuranoState, seat: int) -> set[str]:
    return {text.split()[1] for text in legal(state, seat)}


# --------------------------------------------------------------------------- simultaneous and secret


@pytest.mark.parametrize("players", [2, 3, 4])
def test_construction_is_simultaneous(players: int) -> None:
    """Cube Pyramid Construction: "all players must choose 14 cube houses ... simultaneously": every
    seat owes a decision at once, in any order, and a seat drops out of `to_act` once its pyramid is
    complete."""
    state = at_construction(players, 4)
    assert state.to_act() == tuple(range(players))
    last = players - 1
    act(state, last, "stack b1 white")  # the last seat goes first: no turn order
    act(state, 0, "stack b1 pink")
    assert state.to_act() == tuple(range(players))
    stack_all(state, 0, LAYOUT[1:])
    assert 0 not in state.to_act()
    assert state.to_act() == tuple(range(1, players))
    assert state.legal_actions(0) == ()
    with pytest.raises(IllegalAction, match="seat 0 owes no decision now"):
        act(state, 0, "stack t pink")


def test_construction_is_secret_until_all_are_built() -> None:
    """Cube Pyramid Construction, note: "You may not look at other players' pyramid while you are
    constructing yours": another seat's view shows no pyramid while building (even once that one is
    complete), its own view shows it; all are revealed together when the last pyramid is done."""
    state = at_construction(3, 1)
    act(state, 0, "stack b1 pink")
    act(state, 1, "stack b1 blue")
    own = state.view(0)["seats"][0]["pyramid"]
    assert own[0] == "pink" and own[1:] == [None] * 13
    assert state.view(1)["seats"][0]["pyramid"] is None
    assert state.view(None)["seats"][0]["pyramid"] is None
    assert state.view(0)["seats"][1]["pyramid"] is None
    assert state.view(0)["actor"] is None
    stack_all(state, 0, LAYOUT[1:])
    stack_all(state, 1, OTHER[1:])
    assert state.phase is Phase.CONSTRUCTION
    assert state.view(0)["seats"][0]["pyramid_ready"] is True
    assert state.view(2)["seats"][0]["pyramid"] is None
    assert state.view(2)["seats"][0]["pyramid_ready"] is True
    assert state.view(2)["seats"][1]["pyramid"] is None
    # The last pyramid completes: all three are revealed at once, with one event each.
    events = []
    for letter in LAYOUT:
        events = act(state, 2, f"stack {SLOT_NAMES[state.boards[2].cursor]} {colours(letter)[0].value}")
    assert [e.seat for e in events if e.kind == "pyramid"] == [0, 1, 2]
    assert phase_of(state) is Phase.TURN
    # Each is shown whole to its owner; to the others with its covered centre b5 face down.
    for viewer in (0, 1, 2, None):
        pyramids = [seat["pyramid"] for seat in state.view(viewer)["seats"]]
        for seat, layout in enumerate((LAYOUT, OTHER, LAYOUT)):
            shown = [c.value for c in colours(layout)]
            if seat != viewer:
                shown[4] = "hidden"
            assert pyramids[seat] == shown


def test_determinization_resamples_only_the_others_secret_pyramids() -> None:
    """Cube Pyramid Construction: the other pyramids are secret while they are built, so a seat's
    determinization may rearrange them (within their cubes) but keeps the seat's own."""
    state = at_construction(2, 0)
    stack_all(state, 0, "PPPBBBYYY")
    stack_all(state, 1, "PPPBBBYYY")
    seen = set()
    for k in range(12):
        twin = state.determinize(0, Rng(k))
        assert twin.boards[0].pyramid == state.boards[0].pyramid
        other = twin.boards[1].pyramid
        assert [c is None for c in other] == [c is None for c in state.boards[1].pyramid]
        assert Counter(c for c in other if c) <= state.boards[1].reserve
        seen.add(tuple(other))
    assert len(seen) > 1


# --------------------------------------------------------------------------- 9 + 4 + 1


def test_rulebook_example_base_then_second_level_then_top() -> None:
    """Cube Pyramid Construction and its example: the blue player "placed 9 cubes as a 3x3 base (1),
    then stacked 4 cubes as a 2x2 level on it (2), and finally put 1 cube on the top (3)". Only the next
    slot is offered, the base first."""
    state = at_construction(2, 3)
    board = state.boards[0]
    order: list[str] = []
    for letter in LAYOUT:
        offered = slots_offered(state, 0)
        assert len(offered) == 1
        order.extend(offered)
        act(state, 0, f"stack {offered.pop()} {colours(letter)[0].value}")
        if len(order) == 9:
            assert board.pyramid[:9] == colours(LAYOUT[:9]) and board.pyramid[9:] == [None] * 5
            assert board.cursor == 9
    assert order == [*(f"b{i}" for i in range(1, 10)), "m1", "m2", "m3", "m4", "t"]
    assert board.pyramid == colours(LAYOUT)
    assert board.cursor == 14


def test_slots_cannot_be_filled_out_of_order() -> None:
    """Cube Pyramid Construction: "First, place 9 cubes as a 3x3 base. Second, stack 2x2 cubes on the
    second level. After that stack the last cube on the top": a slot of a higher level, or a later
    slot, is refused while an earlier one is open."""
    state = at_construction(2, 3)
    with pytest.raises(IllegalAction, match="the next slot to fill is b1"):
        act(state, 0, "stack m1 pink")
    with pytest.raises(IllegalAction, match="the next slot to fill is b1"):
        act(state, 0, "stack t pink")
    stack_all(state, 0, LAYOUT[:9])
    with pytest.raises(IllegalAction, match="the next slot to fill is m1"):
        act(state, 0, "stack t pink")
    with pytest.raises(IllegalAction, match="the next slot to fill is m1"):
        act(state, 0, "stack b9 pink")
    assert state.boards[0].pyramid[13] is None


def test_a_full_reserve_must_build_all_fourteen_cubes() -> None:
    """Cube Pyramid Construction: the players "must choose 14 cube houses": with 18 cubes no slot may
    stay empty, and the offered colours are those still in the reserve."""
    state = at_construction(2, 6)
    for letter in LAYOUT:
        offered = legal(state, 0)
        assert all(not text.endswith(" none") for text in offered)
        slot = SLOT_NAMES[state.boards[0].cursor]
        with pytest.raises(IllegalAction, match="every remaining slot of this layer must take a cube"):
            act(state, 0, f"stack {slot} none")
        act(state, 0, f"stack {slot} {colours(letter)[0].value}")
    assert state.boards[0].pyramid_cubes() == 14


def test_a_colour_runs_out_in_the_reserve() -> None:
    """Cube Pyramid Construction: the cubes come from the player's own cube reserve (3 of each colour
    in spring), so a fourth pink cube cannot be stacked."""
    state = at_construction(2, 6)
    stack_all(state, 1, "PPP")
    assert "stack b4 pink" not in legal(state, 1)
    assert "stack b4 blue" in legal(state, 1)
    with pytest.raises(IllegalAction, match="no pink cube is left in your cube reserve"):
        act(state, 1, "stack b4 pink")


# --------------------------------------------------------------------------- short of cubes


def test_eleven_cubes_fill_the_base_then_two_middle_slots() -> None:
    """Cube Pyramid Construction: "If your cubes are less than 14, you must place base at first until
    the cubes are run out." With 11 cubes: the 9 base slots must take cubes, then 2 of the 4 middle
    slots; a middle slot may stay empty only while the rest of the level can still take the 2 cubes
    (decision 24); there is no top."""
    state = at_construction(2, 2)
    give_reserve(state, 0, Counter({PINK: 3, BLUE: 3, YELLOW: 3, GREEN: 2}))
    for letter in "PPPBBBYYY":
        assert not any(text.endswith(" none") for text in legal(state, 0))
        act(state, 0, f"stack {SLOT_NAMES[state.boards[0].cursor]} {colours(letter)[0].value}")
    assert state.boards[0].cursor == 9
    assert "stack m1 none" in legal(state, 0)
    act(state, 0, "stack m1 none")
    assert "stack m2 none" in legal(state, 0)
    act(state, 0, "stack m2 none")
    assert legal(state, 0) == ["stack m3 green"]
    with pytest.raises(IllegalAction, match="every remaining slot of this layer must take a cube"):
        act(state, 0, "stack m3 none")
    act(state, 0, "stack m3 green")
    assert legal(state, 0) == ["stack m4 green"]
    act(state, 0, "stack m4 green")
    board = state.boards[0]
    assert board.cursor == 14 and 0 not in state.to_act()
    assert board.pyramid == [*colours("PPPBBBYYY"), None, None, GREEN, GREEN, None]


def test_eleven_cubes_may_leave_any_two_middle_slots_empty() -> None:
    """Cube Pyramid Construction (decision 24): the two middle cubes of an 11-cube pyramid may go into
    any two middle slots; after the second one the pyramid is complete (no top, no further slot)."""
    state = at_construction(2, 2)
    give_reserve(state, 1, Counter({PINK: 3, BLUE: 3, YELLOW: 3, WHITE: 2}))
    stack_all(state, 1, "PPPBBBYYY")
    act(state, 1, "stack m1 white")
    assert "stack m2 none" in legal(state, 1)
    act(state, 1, "stack m2 none")
    assert "stack m3 none" in legal(state, 1)
    act(state, 1, "stack m3 white")
    assert 1 not in state.to_act()
    assert state.boards[1].pyramid[9:] == [WHITE, None, WHITE, None, None]


def test_seven_cubes_go_into_seven_base_slots() -> None:
    """Cube Pyramid Construction: "If your cubes are less than 14, you must place base at first until
    the cubes are run out": 7 cubes take 7 of the 9 base slots; two base slots may stay empty, but no
    more than the reserve allows (decision 24)."""
    state = at_construction(2, 8)
    give_reserve(state, 0, Counter({ORANGE: 3, WHITE: 3, PINK: 1}))
    assert "stack b1 none" in legal(state, 0)
    act(state, 0, "stack b1 none")
    act(state, 0, "stack b2 orange")
    act(state, 0, "stack b3 none")
    assert not any(text.endswith(" none") for text in legal(state, 0))
    with pytest.raises(IllegalAction, match="every remaining slot of this layer must take a cube"):
        act(state, 0, "stack b4 none")
    stack_all(state, 0, "OOWWWP")
    board = state.boards[0]
    assert board.cursor == 14 and 0 not in state.to_act()
    assert board.pyramid[:9] == [None, ORANGE, None, *colours("OOWWWP")]
    assert board.pyramid[9:] == [None] * 5
    assert board.pyramid_cubes() == 7


# --------------------------------------------------------------------------- leftovers


def test_leftover_cubes_go_to_the_supply_for_one_coin_each() -> None:
    """Cube Pyramid Construction: "After you finish the pyramid, you must remove the remaining cubes
    from your cube reserve to the cube supply. Each cube you remove gives you 1 coin." The coins are
    paid once every pyramid is done (decision 24); a player who used every cube gets none."""
    state = at_construction(2, 9)
    supply = Counter(state.supply)
    give_reserve(state, 1, Counter({PINK: 3, BLUE: 3, YELLOW: 3, GREEN: 2}))
    stack_all(state, 0, LAYOUT)
    assert state.boards[0].coins == 3  # not yet: seat 1 is still building
    assert state.boards[0].reserve.total() == 18
    events = []
    for letter in "PPPBBBYYYGG":
        events = act(state, 1, f"stack {SLOT_NAMES[state.boards[1].cursor]} {colours(letter)[0].value}")
    assert state.phase is Phase.TURN
    assert state.boards[0].coins == 3 + 4
    assert state.boards[1].coins == 3
    # Seat 1's reserve of 11 gave 7 of its 18 cubes back by hand; at the reveal seat 0 returns 1 orange, 3 white.
    expected = supply + Counter({GREEN: 1, ORANGE: 3, WHITE: 3}) + Counter({ORANGE: 1, WHITE: 3})
    assert state.supply == expected
    assert all(board.reserve.total() == 0 for board in state.boards)
    texts = [e.text for e in events if e.kind == "pyramid"]
    assert "4 cubes back to the supply for 4 coins" in texts[0]
    assert "0 cubes back to the supply for 0 coins" in texts[1]


def test_the_supply_totals_stay_at_120_cubes() -> None:
    """3. SETUP, step 14: there are 120 cubes; after the construction they are in the supply, on the
    main island and in the pyramids (the reserves are empty)."""
    state = at_construction(4, 2)
    build_pyramids(state)
    on_island = sum(len(stack.cubes) for stack in state.stacks.values())
    in_pyramids = sum(board.pyramid_cubes() for board in state.boards)
    assert state.supply.total() + on_island + in_pyramids == 120
    assert Counter(c for board in state.boards for c in board.pyramid if c) + state.supply + Counter(
        c for stack in state.stacks.values() for c in stack.cubes
    ) == Counter({colour: 20 for colour in COLOURS})
