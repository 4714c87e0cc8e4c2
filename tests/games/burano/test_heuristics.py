"""The bots' heuristic: every seat's expected final score (laguna/games/burano/heuristics.py), and the
sampling of hidden information it is used on (determinize)."""

from __future__ import annotations

import math

import pytest

from laguna.bots import GreedyBot
from laguna.core.rng import Rng
from laguna.games.burano import GAME, BuranoState, Phase
from laguna.games.burano.components import COLOURS, RoofKind, RoofTile
from tests.games.burano.scenario import (
    act,
    build_at,
    build_pyramids,
    changed,
    choose_roofs,
    first_turn,
    hand,
    new,
    set_pyramid,
    set_turn,
)
from tests.games.common import play_out

PINK, BLUE, YELLOW, GREEN, ORANGE, WHITE = COLOURS


def start(seed: int = 0) -> BuranoState:
    """The first turn of spring with the action board fixed: pink and blue fish, yellow and green make
    lace, orange and white earn."""
    state = first_turn(2, seed)
    state.markers = [PINK, BLUE, YELLOW, GREEN, ORANGE, WHITE]
    changed(state)
    return state


@pytest.mark.parametrize(("players", "seed"), [(2, 3), (3, 4), (4, 5)])
def test_once_the_game_is_over_the_estimate_is_the_final_score(players: int, seed: int) -> None:
    state = new(players, seed)
    play_out(state, seed)
    assert state.phase is Phase.OVER
    assert state.estimate() == tuple(float(r.score) for r in state.outcome().results)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_one_expected_score_per_seat(players: int) -> None:
    state = new(players, 11)
    choose_roofs(state)
    values = state.estimate()
    assert len(values) == players
    assert all(math.isfinite(v) and 0 < v < 200 for v in values)


def test_equal_seats_are_valued_alike() -> None:
    """At the first turn both seats hold the same kind of things; the estimate tells them apart only by
    what differs (roof tiles, pyramid colours, ring order), not by a favoured seat."""
    state = start()
    twin = state.copy()
    twin.boards = [twin.boards[1], twin.boards[0]]
    for counts in twin.island_workers.values():
        counts.reverse()
    changed(twin)
    assert twin.estimate() == pytest.approx(tuple(reversed(state.estimate())))


def test_the_estimate_reads_nothing_random() -> None:
    """The same position gives the same estimate, whatever the order of the decks or the generator."""
    state = start(2)
    first = state.estimate()
    assert state.estimate() == first
    twin = state.copy()
    rng = Rng(9)
    rng.shuffle(twin.fish_deck)
    rng.shuffle(twin.building_deck)
    for stack in twin.roof_stacks.values():
        rng.shuffle(stack)
    twin.rng = Rng(12345)
    changed(twin)
    assert twin.estimate() == first


def test_victory_points_count_in_full() -> None:
    state = start()
    ahead = state.copy()
    ahead.boards[0].gain("roofs", 9)
    changed(ahead)
    assert ahead.estimate()[0] - state.estimate()[0] == pytest.approx(9)
    assert ahead.estimate()[1] == state.estimate()[1]


def test_an_island_majority_is_worth_its_clean_ups() -> None:
    """6. Clean-up 1: the majority on an island scores at every clean-up still to come."""
    state = start()
    seat = 0
    island = next(i for i, counts in state.island_workers.items() if not any(counts))
    more = state.copy()
    more.island_workers[island] = [int(other == seat) for other in range(state.players)]  # copies share lists
    changed(more)
    gain = more.estimate()[seat] - state.estimate()[seat]
    assert gain > 2, "2 VP now (two players), more at the later clean-ups"
    late = state.copy()
    late.season = 3
    changed(late)
    late_more = more.copy()
    late_more.season = 3
    changed(late_more)
    assert late_more.estimate()[seat] - late.estimate()[seat] < gain, "fewer clean-ups are left in winter"


def test_lace_makers_count_more_with_their_cubes_in_the_pyramid() -> None:
    """6. Clean-up 2: a lace maker scores when a cube of its square's colour is in the pyramid."""
    state = start()
    seat = 0
    pink = next(sq for sq, colour in sorted(state.area.colours.items()) if colour is PINK)
    state.lace_workers[pink] = seat
    state.boards[seat].privilege = 0  # no privilege point to buy the cube instead
    with_cube = state.copy()
    set_pyramid(with_cube, seat, "PBBBBBBBBBBBBB")
    without = state.copy()
    set_pyramid(without, seat, "BBBBBBBBBBBBBB")
    assert with_cube.estimate()[seat] > without.estimate()[seat] + 1


def test_a_committed_secret_pyramid_is_valued_by_its_owner() -> None:
    """Cube Pyramid Construction: while the pyramids are built in secret, a seat's committed slots count.
    The top and the second level come free first, so lace colours there (this season's best action) are
    worth more than earning colours, the lace colours left in the base."""
    names = {"P": "pink", "B": "blue", "Y": "yellow", "G": "green", "O": "orange", "W": "white"}
    slots = [f"b{k}" for k in range(1, 10)] + [f"m{k}" for k in range(1, 5)] + ["t"]
    values = []
    for layout in ("OOOWWWPPPYYYGG", "YYYGGGPPPOOOWW"):
        state = new(2, 0)
        choose_roofs(state)
        state.markers = [PINK, BLUE, YELLOW, GREEN, ORANGE, WHITE]
        changed(state)
        for slot, letter in zip(slots, layout, strict=True):
            act(state, 0, f"stack {slot} {names[letter]}")
        assert state.phase is Phase.CONSTRUCTION, "the other pyramid is still being built"
        assert state.view(1)["seats"][0]["pyramid"] is None
        values.append(state.estimate()[0])
    lace_on_top, earning_on_top = values
    assert lace_on_top > earning_on_top + 2


def test_fish_cards_nearer_a_ship_are_worth_more() -> None:
    """Trade fish: a ship pays 24 VP for three cards of each of its two kinds."""
    state = start()
    seat = 0
    towards = state.copy()
    hand(towards, seat, ["tuna", "tuna", "squid", "squid"])
    scattered = state.copy()
    hand(scattered, seat, ["tuna", "lobster", "octopus", "sardine"])
    assert towards.estimate()[seat] > scattered.estimate()[seat] + 1
    assert scattered.estimate()[seat] > state.estimate()[seat] + 3, "each card is at least 1 VP at the end"


def test_a_roof_tile_with_a_place_to_go_is_worth_more() -> None:
    state = start()
    seat = 0
    state.boards[seat].roofs = [RoofTile(RoofKind.FLAT, (PINK, BLUE))]
    state.stacks = {}
    build_at(state, [("d1", "Y"), ("a5", "P"), ("c5", "B")])
    apart = state.copy()
    together = state.copy()
    build_at(together, [("b5", "B")])
    assert together.estimate()[seat] > apart.estimate()[seat]


def test_building_a_cube_shows_its_action_one_decision_ahead() -> None:
    """Build A House step 3: the action follows the build, several decisions later for fishing. The
    boat about to sail is worth the fish cards it will bring, so building is not a loss."""
    state = start()
    seat = state.actor
    player = state.boards[seat]
    player.preparation = [PINK]
    player.coins = 10
    for island in state.docks:
        state.docks[island] = [ORANGE, ORANGE, WHITE]
    island = next(p for p in state.components.waters.neighbours(player.boat) if p in state.docks)
    arrows = player.ring.arrow_colours()
    state.docks[island] = sorted(arrows, key=[PINK, BLUE, YELLOW, GREEN, ORANGE, WHITE].index)
    changed(state)
    site = next(a for a in state.legal_actions(seat) if str(a).startswith("build pink"))
    built = state.copy()
    built.apply(seat, site)
    assert built.phase is Phase.FISHING
    assert built.estimate()[seat] > state.estimate()[seat]


def test_a_roof_awaiting_its_bonus_counts_its_points() -> None:
    """Roof Houses: the bonus is chosen before the roof scores; the roof's VP count from its placement."""
    state = start()
    seat = state.actor
    player = state.boards[seat]
    player.roofs = [RoofTile(RoofKind.FLAT, (PINK, BLUE))]
    player.coins = 10
    state.stacks = {}
    build_at(state, [("d1", "P"), ("e1", "B")])
    set_turn(state, seat)
    before = state.estimate()[seat]
    act(state, seat, "roof 4vp pink-blue d1-e1")
    assert state.phase is Phase.BONUS
    pending = state.estimate()[seat]
    assert pending > before
    act(state, seat, "bonus privilege")
    assert state.boards[seat].vp["roofs"] == 4
    assert state.estimate()[seat] > before


def test_determinizing_reads_only_the_view_of_a_secret_pyramid() -> None:
    """A seat's samples of a pyramid built in secret depend on the reserve and how far it is built (both
    shown), not on the colours really placed."""
    state = new(2, 0)
    choose_roofs(state)
    a, b = state.copy(), state.copy()
    for twin, colour in ((a, "pink"), (b, "white")):
        act(twin, 1, f"stack b1 {colour}")
        act(twin, 1, "stack b2 blue")
    assert a.view(0) == b.view(0)
    for seed in range(5):
        assert a.determinize(0, Rng(seed)) == b.determinize(0, Rng(seed))
    build_pyramids(a)
    assert a.phase is Phase.TURN


def test_the_greedy_bot_does_not_sail_to_a_port_it_cannot_trade_in() -> None:
    """5. Fishing, B: "You may not move your fishing boat to a port that has no merchant ship": a port
    with ships whose demand the hand does not meet is open too, but the trip brings nothing. The estimate
    values it at nothing, so the greedy bot fishes at a matching island instead."""
    state = start()
    seat = state.actor
    player = state.boards[seat]
    player.preparation = [PINK]
    player.coins = 10
    player.boat = "B"
    state.markers = [PINK, BLUE, YELLOW, GREEN, ORANGE, WHITE]
    for island in state.docks:
        state.docks[island] = [ORANGE, ORANGE, WHITE]
    state.docks["D"] = sorted(player.ring.arrow_colours(), key=[PINK, BLUE, YELLOW, GREEN, ORANGE, WHITE].index)
    state.ports = {"left": [], "right": ["tuna-squid"]}
    changed(state)
    site = next(a for a in state.legal_actions(seat) if str(a).startswith("build pink"))
    state.apply(seat, site)
    assert state.phase is Phase.FISHING
    choices = [str(a) for a in state.legal_actions(seat)]
    assert "sail right" in choices and "sail D" in choices
    port, island = state.copy(), state.copy()
    port.apply(seat, GAME.parse_action("sail right"))
    island.apply(seat, GAME.parse_action("sail D"))
    assert port.estimate()[seat] < island.estimate()[seat]
    assert str(GreedyBot(seed=1).choose(state, seat)) == "sail D"
