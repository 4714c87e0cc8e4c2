"""Rule tests of Lace Making and Earning (rulebook: 5. ACTIONS) and of the privilege for lace making
(8. PRIVILEGE), played in the notation on positions arranged with the scenario helpers.

The four-player first-game workshop area is used throughout (column letters a–g, rows 1–4 from the top):

    row 1:  a1 pink(coin)  b1 pink   c1 pink    d1 blue   e1 blue(coin)  f1 blue    g1 orange
    row 2:  a2 pink        b2 yellow c2 yellow  d2 green  e2 blue        f2 orange  g2 orange(coin)
    row 3:  --             b3 yellow c3 yellow(coin) d3 green e3 green   --         g3 orange
    row 4:  a4 white       b4 white(coin) c4 white d4 white e4 green(coin) --       --
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from laguna.core.errors import IllegalAction
from laguna.games.burano import BuranoState, Phase
from laguna.games.burano.components import Colour, square_name
from tests.games.burano import scenario
from tests.games.burano.scenario import BLUE, GREEN, ORANGE, PINK, WHITE, YELLOW, act, legal, square

ME, RED = 0, 1
"""The player whose turn it is (blue in the rulebook's examples) and another player (red)."""
MARKERS = [PINK, BLUE, YELLOW, GREEN, ORANGE, WHITE]
"""The action board of the rulebook's example: fishing pink/blue, lace making yellow/green, earning
orange/white."""
FILLER = "BYGWBYGWB"
"""Ring houses after the three arrow-pointed ones, when their colours do not matter."""


def position(
    arrows: str = "POP",
    workers: int = 9,
    privilege: int = 0,
    symbols: str | None = None,
    *,
    mine: Sequence[str] = (),
    red: Sequence[str] = (),
) -> BuranoState:
    """A four-player game at the start of seat 0's turn, whose arrows point at houses of `arrows`,
    with `workers` workers on its ring, `privilege` points, nobody on islands and nobody in the workshops
    but its workers on the squares `mine` and the red player's on `red`."""
    state = scenario.first_turn(4)
    scenario.set_turn(state, ME)
    state.markers = list(MARKERS)
    houses = arrows + FILLER[: 12 - len(arrows)]
    scenario.set_ring(state, ME, houses, workers, symbols)
    state.boards[ME].privilege = privilege
    scenario.set_ring(state, RED, "GOW" + FILLER, 6)  # three empty sectors: red can take workers back
    state.lace_workers.clear()
    for seat, names in ((ME, mine), (RED, red)):
        for name in names:
            state.lace_workers[square(name)] = seat
    for counts in state.island_workers.values():
        counts[:] = [0] * state.players
    scenario.changed(state)
    return state


def put_lace_workers(state: BuranoState, seat: int, *names: str) -> None:
    for name in names:
        state.lace_workers[square(name)] = seat
    scenario.changed(state)


def build(state: BuranoState, colour: Colour) -> None:
    """Build a cube of `colour` next to the fountain cube (the turn's first move)."""
    state.boards[ME].preparation = [colour]
    scenario.changed(state)
    act(state, ME, f"build {colour.value} c1")


def make_lace(state: BuranoState) -> None:
    """Build a yellow cube: lace making this season."""
    build(state, YELLOW)


def earn(state: BuranoState) -> None:
    """Build an orange cube: earning this season."""
    build(state, ORANGE)


def lace_squares(state: BuranoState, seat: int = ME) -> set[str]:
    return {square_name(s) for s, owner in state.lace_workers.items() if owner == seat}


# --------------------------------------------------------------------------- lace making: which squares


def test_arrow_colours_decide_the_workshops_for_the_first_worker() -> None:
    """Lace Making, step 1–2: the colours of the three arrow-pointed houses indicate the workshops; with
    none of your workers in the workshop area, the first goes to any free square of a matching colour."""
    state = position("POP")
    make_lace(state)
    assert state.phase is Phase.LACE
    pink_and_orange = {"a1", "b1", "c1", "a2", "g1", "f2", "g2", "g3"}
    assert set(legal(state)) == {f"lace {name}" for name in pink_and_orange} | {"done"}


def test_order_of_arrow_houses_does_not_matter() -> None:
    """Lace Making, step 1: "The order of the three arrow-pointed houses does not matter."""
    first, second = position("POP"), position("PPO")
    make_lace(first)
    make_lace(second)
    assert set(legal(first)) == set(legal(second))


def test_non_matching_colour_is_refused() -> None:
    """Lace Making: a worker goes only to a workshop whose colour an arrow-pointed house shows."""
    state = position("POP")
    make_lace(state)
    with pytest.raises(IllegalAction, match="no arrow-pointed house left to use is yellow"):
        act(state, ME, "lace b2")


def test_each_arrow_house_serves_one_worker() -> None:
    """Lace Making, step 2: "You may place one worker to each lace workshop with matching colour": with
    orange, blue, pink a second orange lace maker is refused once the orange house is used."""
    state = position("OBP")
    make_lace(state)
    act(state, ME, "lace f2")
    assert set(legal(state)) == {"lace e2", "lace f1", "done"}  # blue; g2 is orange
    with pytest.raises(IllegalAction, match="no arrow-pointed house left to use is orange"):
        act(state, ME, "lace g2")


def test_rulebook_example_pink_orange_pink() -> None:
    """Lace Making, the rulebook's example: matching pink, orange and pink, the worker of sector 1 goes to
    a pink square, the worker of sector 2 to a pink square orthogonally adjacent to it, and the worker of
    sector 3 stays because no orange square is adjacent to the workers placed before."""
    state = position("POP", privilege=1)
    make_lace(state)
    act(state, ME, "lace b1")
    assert state.boards[ME].ring.workers == 8
    assert "lace c1" in legal(state)
    assert "lace d1" not in legal(state)  # blue: no arrow points at a blue house
    act(state, ME, "lace c1")
    options = legal(state)
    # No orange square is adjacent: only the privilege forms remain, besides done.
    assert not [o for o in options if o.startswith("lace") and not o.endswith("privilege")]
    assert "done" in options
    with pytest.raises(IllegalAction, match="next to one of yours"):
        act(state, ME, "lace g1")
    act(state, ME, "done")
    assert state.phase is Phase.TURN
    assert lace_squares(state) == {"b1", "c1"}
    assert state.boards[ME].ring.workers == 7  # the worker of sector 3 stays
    assert state.boards[ME].privilege == 1


def test_rulebook_example_ends_by_itself_without_privilege() -> None:
    """Lace Making, the rulebook's example without privilege points: once no square is left for the
    orange house, the series ends by itself and the worker of sector 3 stays on the ring."""
    state = position("POP", privilege=0)
    make_lace(state)
    act(state, ME, "lace b1")
    act(state, ME, "lace c1")
    assert state.phase is Phase.TURN
    assert state.boards[ME].ring.workers == 7


def test_later_workers_must_be_orthogonally_adjacent() -> None:
    """Lace Making: with workers of yours already in the workshop area you must place the worker
    orthogonally adjacent to one of them — a diagonal neighbour is not adjacent."""
    state = position("PPY")
    make_lace(state)
    act(state, ME, "lace a1")
    # b2 (yellow) touches a1 only corner to corner.
    assert set(legal(state)) == {"lace a2", "lace b1", "done"}
    with pytest.raises(IllegalAction, match="next to one of yours"):
        act(state, ME, "lace b2")


def test_workers_from_earlier_actions_count_for_adjacency() -> None:
    """Lace Making: "If there are already one or more of your workers in the workshop area, you must place
    the worker orthogonally adjacent to one of your workers" — also workers from an earlier action."""
    state = position("YYB", mine=["c4"])
    make_lace(state)
    assert set(legal(state)) == {"lace c3", "done"}
    act(state, ME, "lace c3")
    assert set(legal(state)) == {"lace b3", "lace c2", "done"}


def test_one_worker_per_square() -> None:
    """Lace Making: "Each space may accommodate only 1 worker" — neither your own nor another player's
    worker may share it (without privilege or the building card)."""
    state = position("YYY", mine=["c3"], red=["b3"])
    make_lace(state)
    assert set(legal(state)) == {"lace c2", "done"}
    with pytest.raises(IllegalAction, match="one of your workers already stands there"):
        act(state, ME, "lace c3")
    with pytest.raises(IllegalAction, match="another player's worker stands there"):
        act(state, ME, "lace b3")


def test_at_most_three_workers() -> None:
    """Lace Making: "You may dispatch no more than 3 workers at one time." Three pink arrows and a fourth
    adjacent pink square: after three lace makers the action is over and the fourth square stays free."""
    state = position("PPP")
    make_lace(state)
    act(state, ME, "lace b1")
    act(state, ME, "lace c1")
    act(state, ME, "lace a1")
    assert state.phase is Phase.TURN
    assert lace_squares(state) == {"a1", "b1", "c1"}
    assert state.boards[ME].ring.workers == 6


def test_last_worker_stays_on_the_ring() -> None:
    """Lace Making: "There must always be at least one worker on your schedule ring. You may not dispatch
    the last worker": with two workers, one lace maker goes and the action ends."""
    state = position("PPP", workers=2)
    make_lace(state)
    act(state, ME, "lace b1")
    assert state.phase is Phase.TURN
    assert state.boards[ME].ring.workers == 1
    assert lace_squares(state) == {"b1"}


def test_a_single_worker_never_goes_lace_making() -> None:
    """Lace Making: with one worker on the ring nobody can go: the action ends at once."""
    state = position("PPP", workers=1)
    make_lace(state)
    assert state.phase is Phase.TURN
    assert state.lace_workers == {}
    assert state.boards[ME].ring.workers == 1


def test_coin_square_gives_a_coin() -> None:
    """Lace Making: "Immediately gain 1 coin if you place your worker in a square with a coin symbol.\""""
    state = position("PPP")
    make_lace(state)
    coins = state.boards[ME].coins
    act(state, ME, "lace b1")
    assert state.boards[ME].coins == coins
    act(state, ME, "lace a1")  # a1 shows a coin
    assert state.boards[ME].coins == coins + 1


def test_wheel_turns_by_the_number_sent() -> None:
    """Lace Making: take the workers from sector 1–3 and "rotate the time wheel by the number of
    dispatching workers in clockwise direction": the arrows then point two houses further."""
    state = position("POP")
    ring = state.boards[ME].ring
    make_lace(state)
    act(state, ME, "lace b1")
    act(state, ME, "lace c1")
    after = state.boards[ME].ring
    assert after.arrows == (ring.arrows + 2) % 12
    assert after.arrow_colours() == (ring.houses[2].colour, ring.houses[3].colour, ring.houses[4].colour)
    assert after.workers == ring.workers - 2


# --------------------------------------------------------------------------- privilege for lace making


def test_privilege_places_a_worker_away_from_your_others() -> None:
    """8. PRIVILEGE, Privilege for lace making: spend 1 privilege point to dispatch a worker into a
    colour-matched workshop without being adjacent to your other workers."""
    state = position("OBY", privilege=1, mine=["a4"])
    make_lace(state)
    assert "lace f2" not in legal(state)
    assert "lace f2 privilege" in legal(state)
    act(state, ME, "lace f2 privilege")
    assert state.boards[ME].privilege == 0
    assert state.lace_workers[square("f2")] == ME
    # The next worker goes next to the one placed with the point, without another point.
    assert "lace e2" in legal(state)
    assert "lace f1" in legal(state)


def test_privilege_form_only_when_needed() -> None:
    """Privilege for lace making: the point lifts adjacency and occupancy; a square that needs neither
    is taken without it (decision 10: the privilege form is offered only when needed)."""
    state = position("POP", privilege=1)
    make_lace(state)
    assert not [o for o in legal(state) if o.endswith("privilege")]
    with pytest.raises(IllegalAction, match="needs no privilege point"):
        act(state, ME, "lace b1 privilege")


def test_privilege_needs_a_point() -> None:
    """Privilege for lace making costs 1 privilege point: without one the square stays out of reach."""
    state = position("PWP", privilege=0, mine=["a4"], red=["b1"])
    make_lace(state)
    assert set(legal(state)) == {"lace b4", "done"}
    with pytest.raises(IllegalAction, match="no privilege point"):
        act(state, ME, "lace b1 privilege")


def test_rulebook_example_replacing_a_red_worker() -> None:
    """8. PRIVILEGE, the rulebook's example: blue spends 1 privilege point to dispatch a worker to a
    matching, not adjacent orange square and replaces a red worker there; red withdraws that worker to
    the lowest-numbered empty sector of his ring and gains 2 coins."""
    state = position("OBY", privilege=1, mine=["a4"], red=["g3", "g1"])
    scenario.set_ring(state, RED, "GOW" + FILLER, 5)
    red_coins = state.boards[RED].coins
    make_lace(state)
    assert "lace g3" not in legal(state)
    assert "lace g3 privilege" in legal(state)
    events = act(state, ME, "lace g3 privilege")
    assert state.lace_workers[square("g3")] == ME
    assert state.lace_workers[square("g1")] == RED
    assert state.boards[ME].privilege == 0
    assert state.boards[RED].ring.workers == 6  # back on sector 6, the lowest empty one
    assert state.boards[RED].coins == red_coins + 2
    assert any("goes back for 2 coins" in event.text for event in events)


def test_no_bump_onto_a_full_ring() -> None:
    """Decision 9: a player whose ring has no empty sector cannot take a worker back, so a lace maker may
    not replace that player's worker."""
    state = position("OBY", privilege=1, red=["g3"])
    scenario.set_ring(state, RED, "GOW" + FILLER, 9)
    make_lace(state)
    assert "lace g3 privilege" not in legal(state)
    with pytest.raises(IllegalAction, match="no empty sector"):
        act(state, ME, "lace g3 privilege")


# --------------------------------------------------------------------------- earning

# Ring houses 0–2 are arrow-pointed, 3–5 covered by three workers (sectors 1–3), 6–11 empty sectors 4–9.
EXAMPLE_SYMBOLS = "cc.cc.cccc.f"
"""Six visible coins (two under the arrows, four on empty sectors) and two covered ones."""


def test_rulebook_earning_example() -> None:
    """Earning, the rulebook's example: 6 visible coins on the schedule ring give 6 coins; then one worker
    withdrawn from a neighbouring island goes to sector 4 and gains 1 more coin."""
    state = position("OWG", workers=3, symbols=EXAMPLE_SYMBOLS)
    state.island_workers["A"][ME] = 1
    coins = state.boards[ME].coins
    earn(state)
    assert state.boards[ME].coins == coins + 1 + 6  # the first move's coin, then the 6 visible coins
    assert state.phase.value == "earning: withdraw workers"
    assert legal(state) == ["withdraw island A", "done"]
    act(state, ME, "withdraw island A")
    assert state.boards[ME].ring.workers == 4  # sector 4
    assert state.boards[ME].coins == coins + 1 + 6 + 1
    assert state.island_workers["A"][ME] == 0
    assert state.phase is Phase.TURN  # nothing left to withdraw: the series ends by itself


def test_covered_coins_do_not_count() -> None:
    """Earning, Base: only coins not covered by workers count."""
    state = position("OWG", workers=9, symbols="..." + "c" * 9)
    coins = state.boards[ME].coins
    earn(state)
    assert state.boards[ME].coins == coins + 1


def test_withdraw_from_islands_and_workshops() -> None:
    """Earning, Bonus: withdraw any number of workers from the neighbouring islands and the workshop area,
    back to the lowest-numbered sectors, 1 coin each."""
    state = position("OWG", workers=3)
    state.island_workers["A"][ME] = 2
    state.island_workers["C"][RED] = 1
    put_lace_workers(state, ME, "c4")
    put_lace_workers(state, RED, "d4")
    earn(state)
    coins = state.boards[ME].coins
    assert set(legal(state)) == {"withdraw island A", "withdraw workshop c4", "done"}
    with pytest.raises(IllegalAction, match="none of your workers is there"):
        act(state, ME, "withdraw island C")
    act(state, ME, "withdraw workshop c4")
    assert square("c4") not in state.lace_workers
    act(state, ME, "withdraw island A")
    act(state, ME, "withdraw island A")
    assert state.boards[ME].ring.workers == 6
    assert state.boards[ME].coins == coins + 3
    assert state.lace_workers == {square("d4"): RED}
    assert state.phase is Phase.TURN


def test_withdrawing_is_optional() -> None:
    """Earning, Bonus: the withdrawal is optional (`done` keeps every worker where it is)."""
    state = position("OWG", workers=3)
    state.island_workers["A"][ME] = 1
    earn(state)
    act(state, ME, "done")
    assert state.phase is Phase.TURN
    assert state.island_workers["A"][ME] == 1
    assert state.boards[ME].ring.workers == 3


def test_withdrawals_limited_by_empty_sectors() -> None:
    """Earning, Bonus (decision 11): a withdrawn worker needs an empty sector; with one empty sector only
    one worker comes back and the series ends by itself."""
    state = position("OWG", workers=8)
    state.island_workers["A"][ME] = 2
    put_lace_workers(state, ME, "c4")
    earn(state)
    act(state, ME, "withdraw island A")
    assert state.boards[ME].ring.workers == 9
    assert state.phase is Phase.TURN
    assert state.island_workers["A"][ME] == 1
    assert state.lace_workers == {square("c4"): ME}


def test_full_ring_withdraws_nothing() -> None:
    """Earning (decision 11): with no empty sector there is nothing to withdraw: only the base coins."""
    state = position("OWG", workers=9, symbols="c" * 12)
    state.island_workers["A"][ME] = 1
    coins = state.boards[ME].coins
    earn(state)
    assert state.phase is Phase.TURN
    assert state.boards[ME].coins == coins + 1 + 3  # the three arrow-pointed houses show coins
    assert state.island_workers["A"][ME] == 1
