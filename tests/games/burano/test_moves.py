"""Player turns and the moves Pick Up A House and Build A House (rulebook: 4. SEQUENCE OF PLAY, Player
Turns; Details On "Pick Up A House"; Details On "Build A House"; 8. PRIVILEGE for coins and cubes).
"""

from __future__ import annotations

from collections import Counter

import pytest

from laguna.core.errors import IllegalAction
from laguna.games.burano import BuranoState, Phase
from laguna.games.burano.actions import Done, End
from laguna.games.burano.components import COLOURS, HouseSymbol
from tests.games.burano.scenario import (
    act,
    build_at,
    changed,
    choose_roofs,
    colours,
    first_turn,
    legal,
    new,
    set_pyramid,
    set_turn,
    square,
)

PINK, BLUE, YELLOW, GREEN, ORANGE, WHITE = COLOURS

FULL = "PPPBBBYYY" + "GGOO" + "W"
"""A complete pyramid: the base row by row, the second level, the top."""
NO_TOP = "PPPBBBYYY" + "GGOO" + "."
"""The full pyramid with its top cube picked up: exactly four free cubes, the second level."""


def turn_start(players: int = 2, seed: int = 0, coins: int = 3, pyramid: str = FULL) -> tuple[BuranoState, int]:
    """A game at the start player's first turn of spring, with this pyramid and these coins."""
    state = first_turn(players, seed)
    seat = state.actor
    state.boards[seat].coins = coins
    set_pyramid(state, seat, pyramid)
    return state, seat


def lace_markers(state: BuranoState) -> None:
    """Put every colour but pink and blue (fishing) on lace making and earning: green and yellow are
    lace making, so a built green cube's action can be closed with `done`."""
    state.markers = colours("PBGYOW")
    changed(state)


def close_action(state: BuranoState, seat: int) -> None:
    """End an optional lace-making or earning series at once."""
    while state.phase in (Phase.LACE, Phase.EARNING):
        act(state, seat, "done")
    assert state.phase is Phase.TURN


def moves_offered(state: BuranoState, seat: int) -> list[str]:
    return [text for text in legal(state, seat) if text.split()[0] in ("pick", "build", "roof")]


# --------------------------------------------------------------------------- turns


def test_turns_per_season_are_4_4_3_3() -> None:
    """Player Turns: "Different seasons can have a different number of turns": spring 4, summer 4,
    autumn 3, winter 3. Every turn begins with the start player and goes on clockwise. Each player
    here passes every turn; the game ends after winter."""
    state = first_turn(3, 5)
    turns: Counter[tuple[int, int]] = Counter()
    orders: dict[tuple[int, int], list[int]] = {}
    steps = 0
    while state.phase is not Phase.OVER:
        steps += 1
        assert steps < 2000
        seat = state.to_act()[0]
        if state.phase is Phase.TURN:
            turns[state.season, seat] += 1
            orders.setdefault((state.season, state.round), []).append(seat)
            state.apply(seat, End())
            continue
        options = state.legal_actions(seat)
        state.apply(seat, Done() if Done() in options else options[0])
    for seat in range(3):
        assert [turns[season, seat] for season in range(4)] == [4, 4, 3, 3]
    assert sorted({r for s, r in orders if s == 0}) == [0, 1, 2, 3]
    assert sorted({r for s, r in orders if s == 2}) == [0, 1, 2]
    for (season, _), order in orders.items():
        start = order[0]
        assert order == [(start + k) % 3 for k in range(3)], season


def test_spring_turn_order_from_the_start_player() -> None:
    """Player Turns: "Beginning with the starting player and proceeding clockwise, each player takes
    one player turn"; after the last player the next turn begins with the start player again."""
    state = first_turn(4, 3)
    start = state.start_player
    seen = []
    for _ in range(6):
        seen.append(state.actor)
        assert state.to_act() == (state.actor,)
        act(state, state.actor, "end")
    assert seen == [(start + k) % 4 for k in (0, 1, 2, 3, 4, 5)]
    assert state.round == 1


# --------------------------------------------------------------------------- costs


def test_move_costs_plus_one_minus_three_minus_three_minus_four() -> None:
    """Player Turns: "You must pay coins before you do the move": the 1st move gains 1 coin, the 2nd
    and 3rd cost 3 coins, the 4th costs 4 (net +1, −2, −5, −9); the moves track advances one space per
    move."""
    state, seat = turn_start(coins=20)
    lace_markers(state)
    board = state.boards[seat]
    act(state, seat, "pick t")
    assert (board.coins, board.moves) == (21, 1)
    act(state, seat, "pick m1")
    assert (board.coins, board.moves) == (18, 2)
    act(state, seat, "pick m2")
    assert (board.coins, board.moves) == (15, 3)
    act(state, seat, "build green e2")
    assert (board.coins, board.moves) == (11, 4)
    close_action(state, seat)
    assert board.coins == 20 - 9


def test_rulebook_example_pick_pick_build_costs_five() -> None:
    """Player Turns, example: the blue player picked up a house (+1 coin), picked up another (−3), built
    a house with a cube from his preparation area (−3) and ended his turn: 1−3−3 = −5 coins."""
    state, seat = turn_start(coins=10)
    lace_markers(state)
    board = state.boards[seat]
    act(state, seat, "pick t")
    act(state, seat, "pick m1")
    assert board.preparation == [WHITE, GREEN]
    act(state, seat, "build green e2")
    close_action(state, seat)
    assert board.preparation == [WHITE]
    assert state.stacks[square("e2")].cubes == (GREEN,)
    events = act(state, seat, "end")
    assert board.coins == 10 - 5
    assert not any(e.kind == "pass" for e in events)
    assert state.actor != seat


def test_at_most_four_moves() -> None:
    """Player Turns: "You may take up to 4 total moves": after the 4th move no pick, build or roof is
    offered, and one is refused, even with coins, free cubes and cubes to build."""
    state, seat = turn_start(coins=30)
    lace_markers(state)
    for text in ("pick t", "pick m1", "pick m2", "build green e2"):
        act(state, seat, text)
    close_action(state, seat)
    board = state.boards[seat]
    assert board.moves == 4 and board.coins == 21 and len(board.preparation) == 2
    assert moves_offered(state, seat) == []
    assert "end" in legal(state, seat)
    with pytest.raises(IllegalAction, match="you have made 4 moves this turn, the most a turn allows"):
        act(state, seat, "pick m3")
    with pytest.raises(IllegalAction, match="you have made 4 moves this turn"):
        act(state, seat, "build white e1")


def test_a_move_you_cannot_afford_is_illegal() -> None:
    """Player Turns: "You must pay coins before you do the move" (decision 21: the cost must be in
    hand): with 3 coins, pick (+1 → 4) and pick (−3 → 1) leave 1 coin, short of the 3rd move's 3."""
    state, seat = turn_start(coins=3)
    act(state, seat, "pick t")
    act(state, seat, "pick m1")
    board = state.boards[seat]
    assert board.coins == 1
    assert moves_offered(state, seat) == []
    with pytest.raises(IllegalAction, match="your move 3 costs 3 coins and you have 1"):
        act(state, seat, "pick m2")
    with pytest.raises(IllegalAction, match="your move 3 costs 3 coins and you have 1"):
        act(state, seat, "build white e2")
    assert board.coins == 1 and board.moves == 2 and len(board.preparation) == 2


@pytest.mark.parametrize(("coins", "affordable"), [(3, False), (4, True)])
def test_the_fourth_move_needs_four_coins(coins: int, affordable: bool) -> None:
    """Player Turns: the 4th move costs 4 coins: with exactly 4 it can be made, with 3 it cannot."""
    state, seat = turn_start(coins=20)
    lace_markers(state)
    for text in ("pick t", "pick m1", "pick m2"):
        act(state, seat, text)
    state.boards[seat].coins = coins
    changed(state)
    assert ("build green e2" in legal(state, seat)) is affordable
    if affordable:
        act(state, seat, "build green e2")
        assert state.boards[seat].coins == 0
    else:
        with pytest.raises(IllegalAction, match="your move 4 costs 4 coins and you have 3"):
            act(state, seat, "build green e2")


def test_no_move_takes_one_coin() -> None:
    """Player Turns, note: "If you can't or decide not to do any move in a turn, you take 1 coin from
    the bank and end your turn"; a turn with moves ends without that coin."""
    state, seat = turn_start(coins=3)
    events = act(state, seat, "end")
    assert state.boards[seat].coins == 4
    assert events[0].kind == "pass"
    other = state.actor
    assert other != seat
    set_pyramid(state, other, FULL)
    board = state.boards[other]
    coins = board.coins
    act(state, other, "pick t")
    events = act(state, other, "end")
    assert board.coins == coins + 1  # the first move's coin only
    assert not any(e.kind == "pass" for e in events)


def test_a_player_who_cannot_move_takes_one_coin() -> None:
    """Player Turns, note: a player who *can't* make any move (no coins for the 1st is never the
    case, but no free cube, nothing to build or roof) still takes 1 coin on ending the turn."""
    state, seat = turn_start(coins=0, pyramid="." * 14)
    board = state.boards[seat]
    board.roofs = []
    board.privilege = 0
    changed(state)
    assert legal(state, seat) == ["end"]
    act(state, seat, "end")
    assert board.coins == 1


def test_the_moves_track_resets_for_the_next_turn() -> None:
    """Player Turns: "After you finish your turn, return the worker to the space 1": the next turn's
    first move gains 1 coin again."""
    state, seat = turn_start(players=2, coins=10)
    board = state.boards[seat]
    act(state, seat, "pick t")
    act(state, seat, "pick m1")
    assert board.moves == 2 and board.coins == 8
    act(state, seat, "end")
    assert board.moves == 0
    act(state, state.actor, "end")
    assert state.actor == seat and board.moves == 0
    act(state, seat, "pick m2")
    assert board.moves == 1 and board.coins == 9


def test_privilege_coin_between_moves() -> None:
    """8. PRIVILEGE and decision 20: a privilege point becomes 1 coin at a decision point between
    moves; it is no move itself. With 1 coin: pick (+1 → 2), short of the 2nd move's 3 coins; a
    privilege point makes 3, and the 2nd move is paid."""
    state, seat = turn_start(coins=1)
    board = state.boards[seat]
    board.privilege = 2
    changed(state)
    act(state, seat, "pick t")
    assert board.coins == 2
    assert moves_offered(state, seat) == []
    act(state, seat, "privilege coin")
    assert (board.coins, board.privilege, board.moves) == (3, 1, 1)
    assert "pick m1" in legal(state, seat)
    act(state, seat, "pick m1")
    assert (board.coins, board.moves) == (0, 2)


def test_privilege_coin_alone_is_no_move() -> None:
    """Player Turns, note, and 8. PRIVILEGE: spending a privilege point is no move, so a turn with only
    that still takes the coin for making no move; without privilege points it is refused."""
    state, seat = turn_start(coins=3)
    board = state.boards[seat]
    act(state, seat, "privilege coin")
    assert (board.coins, board.privilege, board.moves) == (4, 0, 0)
    assert "privilege coin" not in legal(state, seat)
    with pytest.raises(IllegalAction, match="you have no privilege point"):
        act(state, seat, "privilege coin")
    act(state, seat, "end")
    assert board.coins == 5


# --------------------------------------------------------------------------- pick up a house


def picks(state: BuranoState, seat: int) -> set[str]:
    return {text.split()[1] for text in legal(state, seat) if text.startswith("pick ")}


def test_rulebook_example_four_free_cubes() -> None:
    """Pick Up A House: "A cube can be picked up if it's not stacked under other cubes, i.e., a free
    cube"; the example shows a pyramid with 4 free cubes: here the full pyramid whose top is gone,
    leaving the four cubes of the second level free and the base under them."""
    state, seat = turn_start(pyramid=NO_TOP)
    assert picks(state, seat) == {"m1", "m2", "m3", "m4"}
    with pytest.raises(IllegalAction, match="the cube in b5 is not free: another cube rests on it"):
        act(state, seat, "pick b5")
    with pytest.raises(IllegalAction, match="slot t of your pyramid is empty"):
        act(state, seat, "pick t")


def test_four_free_cubes_on_a_partial_second_level() -> None:
    """Pick Up A House: a base cube is free once no second-level cube rests on it: with only m1 and m4
    on the base, m1, m4 and the corners b3 and b7 are the 4 free cubes."""
    state, seat = turn_start(pyramid="PPPBBBYYY" + "G..O" + ".")
    assert picks(state, seat) == {"m1", "m4", "b3", "b7"}
    act(state, seat, "pick b7")
    assert state.boards[seat].pyramid[6] is None
    assert state.boards[seat].preparation == [YELLOW]


def test_only_the_top_of_a_full_pyramid_is_free() -> None:
    """Pick Up A House: in a complete pyramid every cube but the top one is under another."""
    state, seat = turn_start(pyramid=FULL)
    assert picks(state, seat) == {"t"}
    act(state, seat, "pick t")
    assert state.boards[seat].pyramid[13] is None
    assert state.boards[seat].preparation == [WHITE]
    assert picks(state, seat) == {"m1", "m2", "m3", "m4"}


def test_all_nine_base_cubes_are_free_when_only_the_base_remains() -> None:
    """Pick Up A House: "If there are only 9 cubes on your pyramid, they are all free cubes"."""
    state, seat = turn_start(pyramid="PPPBBBYYY" + ".....")
    assert picks(state, seat) == {f"b{i}" for i in range(1, 10)}


def test_no_pick_with_three_cubes_in_preparation() -> None:
    """Pick Up A House, example: "Since there are already 3 cubes in preparation area, the blue player
    may not pick up a house"; building is still possible."""
    state, seat = turn_start(pyramid=FULL)
    state.boards[seat].preparation = [PINK, BLUE, ORANGE]
    changed(state)
    assert picks(state, seat) == set()
    assert any(text.startswith("build ") for text in legal(state, seat))
    with pytest.raises(IllegalAction, match=r"your preparation area is full \(3 cubes\)"):
        act(state, seat, "pick t")


def test_privilege_cube_onto_an_open_slot() -> None:
    """8. PRIVILEGE (decision 20): a privilege point buys a cube from the supply onto the pyramid, into an
    empty base slot or onto a complete 2×2 of cubes; it is no move. With b1 empty and no second level,
    the open slots are b1, m2, m3, m4 (m1 rests on b1; the top needs the whole second level)."""
    state, seat = turn_start(pyramid=".PPBBBYYY" + ".....")
    board = state.boards[seat]
    offered = {text.split()[3] for text in legal(state, seat) if text.startswith("privilege cube pink")}
    assert offered == {"b1", "m2", "m3", "m4"}
    with pytest.raises(IllegalAction, match="a cube can go into m1 only if it is empty and the cubes under it"):
        act(state, seat, "privilege cube pink m1")
    with pytest.raises(IllegalAction, match="a cube can go into t only if"):
        act(state, seat, "privilege cube pink t")
    supply = state.supply[WHITE]
    act(state, seat, "privilege cube white m2")
    assert board.pyramid[10] is WHITE
    assert (board.privilege, board.moves, board.coins) == (0, 0, 3)
    assert state.supply[WHITE] == supply - 1
    assert "pick m2" in legal(state, seat)


def test_privilege_cube_onto_the_top_of_a_complete_second_level() -> None:
    """8. PRIVILEGE (decision 20): the top slot is open when the four second-level cubes are there."""
    state, seat = turn_start(pyramid=NO_TOP)
    act(state, seat, "privilege cube orange t")
    assert state.boards[seat].pyramid[13] is ORANGE
    assert state.boards[seat].pyramid_cubes() == 14


def test_privilege_cube_refused_at_fourteen_cubes() -> None:
    """8. PRIVILEGE: the pyramid holds at most 14 cubes, so a full pyramid takes no privilege cube."""
    state, seat = turn_start(pyramid=FULL)
    assert not any(text.startswith("privilege cube") for text in legal(state, seat))
    with pytest.raises(IllegalAction, match="your pyramid already has 14 cubes"):
        act(state, seat, "privilege cube pink t")


# --------------------------------------------------------------------------- build a house


def builds(state: BuranoState, seat: int, colour: str) -> set[str]:
    return {text.split()[2] for text in legal(state, seat) if text.startswith(f"build {colour} ")}


def test_build_needs_a_cube_in_preparation() -> None:
    """Build A House, step 1: "If there is no cube you may not build a house"."""
    state, seat = turn_start()
    assert state.boards[seat].preparation == []
    assert not any(text.startswith("build ") for text in legal(state, seat))
    with pytest.raises(IllegalAction, match="there is no pink cube in your preparation area"):
        act(state, seat, "build pink e2")
    act(state, seat, "pick t")
    assert builds(state, seat, "white") and not builds(state, seat, "pink")


def test_pits_next_to_the_fountain_cube() -> None:
    """Build A House, step 2a: a cube goes "in a square pit ... next to at least one other cube ...
    corner to corner" (decision 1: any of the 8 squares around). At the start only the fountain cube at
    d1 stands: c1, e1, c2, d2, e2 are the pits; e2 is diagonal to it, d3 two squares away."""
    state, seat = turn_start()
    lace_markers(state)
    act(state, seat, "pick t")
    assert builds(state, seat, "white") == {"c1", "e1", "c2", "d2", "e2"}
    with pytest.raises(IllegalAction, match="d3 touches no house, not even corner to corner"):
        act(state, seat, "build white d3")
    with pytest.raises(IllegalAction, match="f1 touches no house"):
        act(state, seat, "build white f1")
    act(state, seat, "build white e2")
    assert state.stacks[square("e2")].cubes == (WHITE,)
    assert state.boards[seat].preparation == []


def test_a_diagonal_neighbour_is_allowed_and_two_away_is_not() -> None:
    """Build A House, step 2a and decision 1: around a lone cube at c3 the eight squares around it can
    be built in, the diagonal ones included; a square two away (e3, c5, a1) cannot."""
    state, seat = turn_start()
    lace_markers(state)
    state.stacks.clear()
    build_at(state, [("c3", "P")])
    act(state, seat, "pick t")
    assert builds(state, seat, "white") == {"b2", "c2", "d2", "b3", "d3", "b4", "c4", "d4"}
    for far in ("e3", "c5", "a1", "e5"):
        with pytest.raises(IllegalAction, match=f"{far} touches no house, not even corner to corner"):
            act(state, seat, f"build white {far}")
    act(state, seat, "build white b4")
    assert state.stacks[square("b4")].cubes == (WHITE,)


def test_rooftop_block_colour_match_gives_a_privilege_point() -> None:
    """Build A House, step 2b: a cube goes "on a rooftop block, and if the color of the cube matches the
    rooftop block, you gain 1 privilege point"; the cube is one floor higher (decision 2)."""
    state, seat = turn_start()
    state.markers = colours("PWBGYO")  # blue and green: lace making
    state.stacks.clear()
    build_at(state, [("c3", "P/B"), ("d3", "Y/O")])
    board = state.boards[seat]
    board.preparation = [BLUE, GREEN]
    changed(state)
    assert "c3" in builds(state, seat, "blue") and "d3" in builds(state, seat, "blue")
    events = act(state, seat, "build blue c3")
    assert board.privilege == 2
    assert "colours match: 1 privilege point" in events[0].text
    assert state.stacks[square("c3")].cubes == (PINK, BLUE)
    assert state.stacks[square("c3")].floor == 2
    close_action(state, seat)


def test_rooftop_block_without_colour_match_gives_no_privilege() -> None:
    """Build A House, step 2b: a cube on a rooftop block of another colour is built, but gains no
    privilege point."""
    state, seat = turn_start()
    state.markers = colours("PWBGYO")  # blue and green: lace making
    changed(state)
    state.stacks.clear()
    build_at(state, [("c3", "P/B"), ("d3", "Y/O")])
    board = state.boards[seat]
    board.preparation = [GREEN]
    changed(state)
    events = act(state, seat, "build green d3")
    assert board.privilege == 1
    assert "privilege" not in events[0].text
    assert state.stacks[square("d3")].cubes == (YELLOW, GREEN)
    assert state.stacks[square("d3")].rooftop is None


@pytest.mark.parametrize(
    ("colour", "space"),
    [
        ("pink", "fishing"),
        ("blue", "fishing"),
        ("yellow", "lace making"),
        ("green", "lace making"),
        ("orange", "earning"),
        ("white", "earning"),
    ],
)
def test_the_action_is_the_one_whose_marker_matches(colour: str, space: str) -> None:
    """Build A House, step 3 and its example: "players perform Fishing by building a pink or blue
    house, perform Lace Making by building a yellow or green house, and perform Earning by building an
    orange or white house"."""
    state, seat = turn_start()
    state.markers = colours("PBYGOW")
    board = state.boards[seat]
    board.preparation = colours(colour[0].upper())
    changed(state)
    coins = board.coins
    events = act(state, seat, f"build {colour} e2")
    assert events[0].kind == "build" and events[0].text.endswith(f"then goes {space}")
    earned = [e for e in events if e.kind == "earn"]
    if space == "fishing":
        assert state.phase is Phase.FISHING
        assert not earned and board.coins == coins + 1  # the 1st move's coin, nothing earned
    elif space == "lace making":
        assert not earned and state.phase in (Phase.LACE, Phase.TURN)
        assert state.arrows == list(board.ring.arrow_colours())
    else:
        assert len(earned) == 1
        assert board.coins == coins + 1 + board.ring.visible(HouseSymbol.COIN)
        assert state.phase in (Phase.EARNING, Phase.TURN)


def test_rulebook_example_green_cube_goes_fishing() -> None:
    """Build A House, step 3, example: "The blue player placed a green cube in a square pit on the main
    island, and performed Fishing because the green action color marker was in Fishing"."""
    state, seat = turn_start()
    state.markers = colours("GOWPYB")
    state.boards[seat].preparation = [GREEN]
    changed(state)
    events = act(state, seat, "build green c2")
    assert events[0].text.endswith("then goes fishing")
    assert state.phase is Phase.FISHING
    assert state.to_act() == (seat,)
    assert all(text.split()[0] in ("sail", "swap", "forgo") for text in legal(state, seat))
    # The built cube's action comes first: no further move, privilege coin or end until it is done.
    for text in ("pick m1", "privilege coin", "end"):
        with pytest.raises(IllegalAction, match="now is fishing: sail: sail your fishing boat"):
            act(state, seat, text)


# --------------------------------------------------------------------------- illegal actions


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("stack b1 pink", "now is player turn: make a move, spend privilege points or end your turn"),
        ("roofs islands workshops fountains", "now is player turn"),
        ("done", "now is player turn"),
        ("pick t", "slot t of your pyramid is empty"),
        ("pick b1", "the cube in b1 is not free: another cube rests on it"),
        ("build yellow e2", "there is no yellow cube in your preparation area"),
        ("build green d1", "d1 holds a house without a rooftop block to build on"),
        ("build green h1", "h1 is not a pit of the main island"),
        ("build green a6", "a6 touches no house, not even corner to corner"),
        ("roof 4vp pink-blue d1-e1", "you have no 4vp:pink-blue roof tile"),
        ("privilege cube pink m1", "a cube can go into m1 only if it is empty"),
        ("privilege cube pink", "during your turn a privilege cube goes onto your pyramid: name the slot"),
    ],
)
def test_illegal_turn_actions_name_the_rule(text: str, message: str) -> None:
    """Player Turns, Pick Up A House, Build A House: every refused decision says which rule forbids it,
    and leaves the position as it was."""
    state, seat = turn_start(pyramid=NO_TOP)
    state.boards[seat].preparation = [GREEN]
    state.boards[seat].roofs = []
    changed(state)
    before = state.copy()
    with pytest.raises(IllegalAction, match=f"^{text} is illegal: {message}"):
        act(state, seat, text)
    assert state == before


def test_illegal_actions_during_construction_and_out_of_turn() -> None:
    """Cube Pyramid Construction and Player Turns: a move during the construction, a slot out of order,
    an empty slot with 14 cubes to place, and a decision by a seat whose turn it is not are refused with
    the rule named."""
    state = new(2, 4)
    choose_roofs(state)
    cases = [
        ("pick b1", "now is cube pyramid construction: build your cube pyramid first: the next slot is b1"),
        ("end", "now is cube pyramid construction"),
        ("stack b2 pink", "the next slot to fill is b1 \\(the base first, then up\\)"),
        ("stack b1 none", "every remaining slot of this layer must take a cube"),
    ]
    for text, message in cases:
        with pytest.raises(IllegalAction, match=message):
            act(state, 0, text)
    assert state.boards[0].cursor == 0
    state, seat = turn_start(players=3)
    other = (seat + 1) % 3
    with pytest.raises(IllegalAction, match=f"seat {other} owes no decision now \\(waiting for seat {seat}\\)"):
        act(state, other, "end")
    set_turn(state, other)
    coins = state.boards[other].coins
    act(state, other, "end")
    assert state.boards[other].coins == coins + 1
