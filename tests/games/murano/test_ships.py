"""The ships and the action spaces of Murano (rules page: A turn, Carry out an action on an action space,
Pass, the Lighthouse of the Special Building Card Index, and the Red Ship Gold option).

The action spaces are numbered 1–18 in the direction the ships sail; from the components data:
1 Build, 2 Buy a Glass Factory, 3 Recruit, 4 Buy a Shop, 5 Place a Gondolier, 6 Take 2 Gold, 7 Build,
8 Buy a Palace, 9 Income, 10 Buy a Glass Factory, 11 Place a Gondolier, 12 Buy a Shop, 13 Build,
14 Recruit, 15 Production, 16 Buy a Palace, 17 Buy a Special Building, 18 Gondolier.
Each test lays the eight ships out by hand and hands the turn to a seat with a known purse.
"""

from __future__ import annotations

import pytest

from laguna.core.errors import IllegalAction
from laguna.core.game import Event
from laguna.games.murano import MuranoState, Phase
from laguna.games.murano.components import SpecialEffect
from laguna.games.murano.ships import SPACES, Ring
from tests.games.murano import scenario

ANCHORS = (1, 3, 5, 7, 10, 12, 14, 16)


def start(
    spaces: tuple[int, ...] = ANCHORS,
    red: int = 1,
    seat: int = 0,
    gold: int = 5,
    players: int = 2,
    **options: bool,
) -> MuranoState:
    """A game with one ship on each of `spaces` (the red one on `red`), seat `seat` to play with `gold`."""
    state = scenario.new(players, seed=3, **options)
    scenario.set_ships(state, spaces, red)
    scenario.turn_of(state, seat)
    state.boards[seat].gold = gold
    return state


def with_double(state: MuranoState, double: int, singles: tuple[int, ...]) -> None:
    """Two ships (the red one and a black one) on `double`, one on each of `singles` (six spaces)."""
    occupied = [0] * SPACES
    occupied[double - 1] = 2
    for number in singles:
        occupied[number - 1] += 1
    assert sum(occupied) == 8
    state.ring = Ring(tuple(occupied), double - 1)
    scenario.changed(state)


def ships(state: MuranoState) -> list[int]:
    """The numbers of the occupied spaces, a space with two ships twice."""
    return [n + 1 for n in range(SPACES) for _ in range(state.ring.occupied[n])]


def sails(events: list[Event]) -> list[str]:
    """The ship moves of these events, as ``from>to``."""
    moves = []
    for event in events:
        if event.kind == "sail":
            words = event.text.split()
            moves.append(f"{words[-3]}>{words[-1]}")
    return moves


def acts(state: MuranoState) -> list[int]:
    return [int(a.split()[1]) for a in scenario.legal(state) if a.startswith("act ")]


def passes(state: MuranoState) -> list[int]:
    return [int(a.split()[1]) for a in scenario.legal(state) if a.startswith("pass ")]


def lighthouse_for(state: MuranoState, seat: int = 0) -> str:
    return scenario.give_card(state, seat, "lighthouse")


# --------------------------------------------------------------------------- carry out an action


@pytest.mark.parametrize(("space", "comes_from"), [(6, 5), (9, 7), (2, 1), (18, 16)])
def test_empty_space_nearest_ship_behind_sails_on_for_free(space: int, comes_from: int) -> None:
    """Carry out an action: "you must first move a ship to that space"; on an empty space the nearest ship
    behind it (clockwise) sails onto it, and moving the first ship costs nothing."""
    state = start(gold=5)
    before = state.boards[0].gold
    events = scenario.act(state, f"act {space}")
    assert sails(events)[0] == f"{comes_from}>{space}"
    assert state.ring.occupied[space - 1] == 1 and state.ring.occupied[comes_from - 1] == 0
    assert not any(e.kind == "pay" for e in events)
    if space == 6:
        assert state.boards[0].gold == before + 2


def test_choosing_a_space_then_the_turn_passes_to_the_left() -> None:
    """Carry out an action: "Then the player to your left may take his turn"."""
    state = start(players=3, seat=1)
    scenario.act(state, "act 6")
    assert state.to_act() == (2,) and state.phase is Phase.TURN


def test_occupied_space_front_ship_may_sail_to_any_reachable_empty_space() -> None:
    """Carry out an action: "A ship can be moved counter-clockwise to any empty action space that it can
    reach without skipping over an action space containing another ship"; the blocking ships sail on front
    first (decision 2)."""
    state = start((1, 3, 5, 7, 8, 12, 14, 16), red=1, gold=5)
    scenario.act(state, "act 7")
    assert state.phase is Phase.CLEAR
    assert scenario.legal(state) == ["sail 8 9", "sail 8 10", "sail 8 11"]
    scenario.act(state, "sail 8 10")
    assert scenario.phase_of(state) is Phase.CLEAR
    assert scenario.legal(state) == ["sail 7 8", "sail 7 9"]
    events = scenario.act(state, "sail 7 9")
    assert sails(events) == ["7>9", "5>7"]
    assert ships(state) == [1, 3, 7, 9, 10, 12, 14, 16]
    assert state.boards[0].gold == 5 - 3
    assert scenario.phase_of(state) is Phase.BUILD


def test_front_ship_sails_first() -> None:
    """Carry out an action: the ships in the way are moved front first (decision 2): the ship behind may not
    go before the one in front of it."""
    state = start((1, 3, 5, 7, 8, 12, 14, 16), red=1)
    scenario.act(state, "act 7")
    with pytest.raises(IllegalAction, match="ship in front, on space 8, must sail first"):
        scenario.act(state, "sail 7 9")
    assert ships(state) == [1, 3, 5, 7, 8, 12, 14, 16]


@pytest.mark.parametrize("move", ["sail 8 12", "sail 8 13", "sail 8 2"])
def test_ships_never_pass_one_another(move: str) -> None:
    """Carry out an action: a ship may not skip over an action space containing another ship (nor stop on
    one)."""
    state = start((1, 3, 5, 7, 8, 12, 14, 16), red=1)
    scenario.act(state, "act 7")
    with pytest.raises(IllegalAction, match="without passing another ship"):
        scenario.act(state, move)


def test_rules_example_build_blocked_by_two_ships_costs_three_gold() -> None:
    """Carry out an action, the example: Build is blocked by two ships; the front one moves for free, the
    second for 1 gold, and the third ship onto Build for 2 gold: 0 + 1 + 2 = 3 gold. Each blocking ship here
    has one empty space to go to, so the moves happen by themselves."""
    state = start((1, 3, 5, 7, 8, 10, 12, 14), red=1, gold=5)
    events = scenario.act(state, "act 7")
    assert sails(events) == ["8>9", "7>8", "5>7"]
    assert ships(state) == [1, 3, 7, 8, 9, 10, 12, 14]
    assert state.boards[0].gold == 2
    assert [e.text for e in events if e.kind == "pay"] == ["Player 1 pays 3 gold for moving 3 ships"]
    assert state.phase is Phase.BUILD and state.to_act() == (0,)


def test_only_as_many_ships_as_needed_move() -> None:
    """Carry out an action: "You can move multiple ships if and only if doing so is necessary to empty the
    chosen action space": with one empty space ahead of the blocker, the ships beyond it stay."""
    state = start((1, 3, 5, 7, 9, 10, 11, 12), red=11, gold=5)
    events = scenario.act(state, "act 7")
    assert sails(events) == ["7>8", "5>7"]
    assert ships(state) == [1, 3, 7, 8, 9, 10, 11, 12]
    assert state.ring.red == 10
    assert state.boards[0].gold == 4


def test_forced_move_happens_by_itself() -> None:
    """Carry out an action: a blocking ship with only one empty space to reach sails there without a
    decision (decision 2); the action follows at once."""
    state = start((1, 3, 5, 6, 7, 9, 12, 14), red=1, gold=5)
    events = scenario.act(state, "act 6")
    assert sails(events) == ["7>8", "6>7", "5>6"]
    assert state.boards[0].gold == 5 - 3 + 2
    assert state.to_act() == (1,)


@pytest.mark.parametrize(("gold", "offered"), [(2, False), (3, True)])
def test_space_you_cannot_pay_for_is_not_offered(gold: int, offered: bool) -> None:
    """Carry out an action: the ships moved cost 0, 1, 2, … gold; a space whose ships cost more than the
    player has cannot be chosen (decision 2)."""
    state = start((1, 3, 5, 7, 8, 10, 12, 14), red=1, gold=gold)
    assert (7 in acts(state)) is offered
    if offered:
        scenario.act(state, "act 7")
        assert state.boards[0].gold == 0
    else:
        with pytest.raises(IllegalAction, match="moving the ships to free space 7 costs 3 gold; you have 2"):
            scenario.act(state, "act 7")
        assert ships(state) == [1, 3, 5, 7, 8, 10, 12, 14] and state.boards[0].gold == 2


@pytest.mark.parametrize(("gold", "offered"), [(2, False), (3, True)])
def test_action_must_be_affordable_after_paying_for_the_ships(gold: int, offered: bool) -> None:
    """Carry out an action: a space is offered only if its action can still be carried out with the gold
    left once the ships are paid (decisions 2 and 3): Buy a Shop blocked by one ship costs 1 gold for the
    ships, then 2 for the shop."""
    state = start((1, 3, 4, 7, 10, 12, 14, 16), red=1, gold=gold)
    assert (4 in acts(state)) is offered
    if not offered:
        with pytest.raises(IllegalAction, match="cannot carry out buy a shop"):
            scenario.act(state, "act 4")
    else:
        scenario.act(state, "act 4")
        assert scenario.legal(state) == ["sail 4 5", "sail 4 6"]
        scenario.act(state, "sail 4 6")
        assert state.phase is Phase.BUY and state.boards[0].gold == 2
        assert scenario.legal(state) == ["shop top"]


def test_wrap_around_onto_space_one() -> None:
    """Ships sail counter-clockwise round the ring: the nearest ship behind space 1 may be on space 17
    (decision 1: 18 → 1 wraps)."""
    state = start((3, 5, 7, 10, 12, 14, 15, 17), red=17, gold=5)
    events = scenario.act(state, "act 1")
    assert sails(events) == ["17>1"]
    assert ships(state) == [1, 3, 5, 7, 10, 12, 14, 15]
    assert state.ring.red == 0


def test_blocking_ships_wrap_from_eighteen_to_one() -> None:
    """Ships blocking space 18 sail on past it to spaces 1, 2, …, never passing a ship (decision 1)."""
    state = start((1, 5, 7, 10, 12, 14, 16, 18), red=1, gold=5)
    scenario.act(state, "act 18")
    assert scenario.legal(state) == ["sail 1 2", "sail 1 3", "sail 1 4"]
    scenario.act(state, "sail 1 3")
    assert scenario.legal(state) == ["sail 18 1", "sail 18 2"]
    events = scenario.act(state, "sail 18 2")
    assert sails(events) == ["18>2", "16>18"]
    assert ships(state) == [2, 3, 5, 7, 10, 12, 14, 18]
    assert state.boards[0].gold == 2
    assert state.phase is Phase.GONDOLIER


# --------------------------------------------------------------------------- pass


def test_pass_on_an_empty_space() -> None:
    """Pass: "choose an empty action space, move the nearest (clockwise) ship onto the action space, and take
    1 gold"; then the player to the left takes a turn."""
    state = start(players=3, seat=2, gold=0)
    assert passes(state) == [n for n in range(1, 19) if n not in ANCHORS]
    events = scenario.act(state, "pass 9")
    assert sails(events) == ["7>9"]
    assert ships(state) == [1, 3, 5, 9, 10, 12, 14, 16]
    assert state.boards[2].gold == 1
    assert [e.kind for e in events] == ["pass", "sail"]
    assert state.to_act() == (0,) and state.phase is Phase.TURN


def test_pass_on_a_space_whose_action_cannot_be_carried_out() -> None:
    """Pass: "If you cannot or do not want to carry out an action, you can pass": Production is not offered
    without glass factories or beads, but passing on its space is."""
    state = start(gold=5)
    assert 15 not in acts(state)
    scenario.act(state, "pass 15")
    assert ships(state) == [1, 3, 5, 7, 10, 12, 15, 16]
    assert state.boards[0].gold == 6


def test_pass_wraps_around() -> None:
    """Pass: the nearest ship clockwise of space 1 may lie beyond space 18 (decision 1)."""
    state = start((3, 5, 7, 10, 12, 14, 15, 16), red=3)
    events = scenario.act(state, "pass 2")
    assert sails(events) == ["16>2"]


@pytest.mark.parametrize("space", ANCHORS)
def test_cannot_pass_on_an_occupied_space(space: int) -> None:
    """Pass: only an empty action space can be chosen for passing."""
    state = start()
    with pytest.raises(IllegalAction, match=f"space {space} holds a ship"):
        scenario.act(state, f"pass {space}")
    assert state.boards[0].gold == 5 and ships(state) == list(ANCHORS)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_turns_go_clockwise(players: int) -> None:
    """A turn: "Play goes around the table in clockwise order" from the start player."""
    state = scenario.new(players, seed=4)
    first = state.start_player
    order = []
    for _ in range(2 * players):
        order.append(state.to_act()[0])
        scenario.act(state, f"pass {passes(state)[0]}")
    assert order == [(first + k) % players for k in range(2 * players)]


# --------------------------------------------------------------------------- feasibility


def test_buy_shop_not_offered_with_one_gold() -> None:
    """Buy a Shop: it costs 2 gold, so with 1 gold its spaces are not offered (decision 3)."""
    state = start(gold=1)
    assert 4 not in acts(state) and 12 not in acts(state)
    with pytest.raises(IllegalAction, match="cannot carry out buy a shop"):
        scenario.act(state, "act 4")


def test_place_gondolier_not_offered_without_a_gondolier_in_hand() -> None:
    """Place a Gondolier: it needs a gondolier in front of the player (decision 3)."""
    state = start(gold=5)
    assert 5 in acts(state) and 11 in acts(state)
    state.boards[0].gondoliers = 0
    scenario.changed(state)
    assert 5 not in acts(state) and 11 not in acts(state)
    with pytest.raises(IllegalAction, match="cannot carry out place a gondolier"):
        scenario.act(state, "act 11")


def test_take_two_gold_and_income_always_offered() -> None:
    """Take 2 Gold and Income can always be carried out, even with no gold (decision 3)."""
    state = start(gold=0)
    assert {6, 9} <= set(acts(state))
    assert 2 not in acts(state), "a glass factory costs 1 gold"


# --------------------------------------------------------------------------- the Lighthouse


def test_lighthouse_sails_red_ship_onto_first_occupied_space_ahead() -> None:
    """Lighthouse: "you may move the red ship onto an occupied action space and use its action. You may not
    move the red ship past other ships": it stops at the first occupied space ahead (skipping empty ones),
    two ships share it, and the move costs nothing."""
    state = start((3, 6, 7, 10, 12, 14, 16, 18), red=3, gold=5)
    lighthouse_for(state)
    assert "lighthouse" in scenario.legal(state)
    events = scenario.act(state, "lighthouse")
    assert [e.kind for e in events] == ["lighthouse", "gold"]
    assert state.ring.occupied[5] == 2 and state.ring.red == 5
    assert ships(state) == [6, 6, 7, 10, 12, 14, 16, 18]
    assert state.boards[0].gold == 7
    assert state.to_act() == (1,)


def test_lighthouse_only_with_the_card() -> None:
    """Lighthouse: only its owner may sail the red ship onto an occupied space."""
    state = start((3, 6, 7, 10, 12, 14, 16, 18), red=3)
    scenario.refused(state, "lighthouse", "only the owner of the Lighthouse")
    lighthouse_for(state, seat=1)
    assert "lighthouse" not in scenario.legal(state)


def test_lighthouse_works_from_the_turn_after_it_was_taken() -> None:
    """Special building cards act from the owner's next turn (decision 9): the Lighthouse taken during a
    Build action is offered at the start of that player's following turn."""
    state = start((3, 5, 7, 10, 12, 14, 16, 18), red=3, gold=5)
    card = next(c for c in state.special_deck if state._special(c).effect is SpecialEffect.LIGHTHOUSE)
    state.special_deck = [*(c for c in state.special_deck if c != card), card]
    scenario.street(state, "donato.5")
    state.boards[0].specials = 1
    scenario.changed(state)
    scenario.act(state, "act 1")
    scenario.act(state, "build special donato.1")
    assert state.phase is Phase.SPECIAL_CARD and card in state.drawn
    scenario.act(state, f"card {card}")
    assert not state.has(0, SpecialEffect.LIGHTHOUSE)
    scenario.act(state, "done")
    assert state.to_act() == (1,)
    scenario.act(state, "pass 2")
    assert state.to_act() == (0,)
    assert "lighthouse" in scenario.legal(state)


def test_lighthouse_not_offered_when_its_action_is_impossible() -> None:
    """Lighthouse: the red ship's target space must hold an action the player can carry out (decision 3):
    Buy a Shop with 1 gold is not."""
    state = start((3, 4, 7, 10, 12, 14, 16, 18), red=3, gold=1)
    lighthouse_for(state)
    assert "lighthouse" not in scenario.legal(state)


@pytest.mark.parametrize("first", ["red", "black"])
def test_choosing_a_double_space_moves_both_ships(first: str) -> None:
    """Lighthouse: after it brought the red ship onto an occupied space, "If there are two ships on one action
    space, you may choose which one to move": a player choosing that space sails both on (the one chosen
    first), then the nearest ship behind comes: 0 + 1 + 2 = 3 gold."""
    state = start((3, 6, 9, 10, 12, 14, 16, 18), red=3, gold=5)
    lighthouse_for(state)
    scenario.act(state, "lighthouse")
    state.boards[1].gold = 5
    scenario.act(state, "act 6")
    assert state.phase is Phase.CLEAR
    # The first ship must leave room for the second: space 7 would trap it.
    assert scenario.legal(state) == ["sail 6 8 red", "sail 6 8 black"]
    events = scenario.act(state, f"sail 6 8 {first}")
    assert sails(events) == ["6>8", "6>7", "18>6"]
    assert ships(state) == [6, 7, 8, 9, 10, 12, 14, 16]
    assert state.ring.red == (7 if first == "red" else 6)
    assert state.boards[1].gold == 5 - 3 + 2


def test_ship_on_a_double_space_cannot_take_the_space_the_other_needs() -> None:
    """Carry out an action: both ships of a double space must be able to leave it, so the first may not stop
    on the only space left for the second."""
    state = start()
    with_double(state, 6, (1, 3, 9, 10, 12, 14))
    scenario.act(state, "act 6")
    with pytest.raises(IllegalAction, match="would leave no room for the ships still behind it"):
        scenario.act(state, "sail 6 7 red")


def test_double_space_in_the_blocking_run() -> None:
    """Carry out an action: a double space just ahead of the chosen one blocks with both its ships; all three
    blockers sail on, front first, then the ship behind comes: 0 + 1 + 2 + 3 = 6 gold."""
    state = start(gold=6)
    with_double(state, 8, (1, 3, 5, 7, 11, 12))
    assert 7 in acts(state)
    scenario.act(state, "act 7")
    assert scenario.legal(state) == ["sail 8 10 red", "sail 8 10 black"]
    events = scenario.act(state, "sail 8 10 black")
    assert sails(events) == ["8>10", "8>9", "7>8", "5>7"]
    assert ships(state) == [1, 3, 7, 8, 9, 10, 11, 12]
    assert state.ring.red == 8
    assert state.boards[0].gold == 0
    poorer = start(gold=5)
    with_double(poorer, 8, (1, 3, 5, 7, 11, 12))
    assert 7 not in acts(poorer), "four ships cost 6 gold"


@pytest.mark.parametrize("which", ["red", "black"])
def test_pass_next_to_a_double_space_lets_the_mover_choose(which: str) -> None:
    """Lighthouse: "If there are two ships on one action space, you may choose which one to move" — also
    when passing onto the space just ahead of it."""
    state = start(gold=0)
    with_double(state, 6, (1, 3, 9, 10, 12, 14))
    scenario.act(state, "pass 7")
    assert state.phase is Phase.MOVER
    assert scenario.legal(state) == ["sail 6 7 red", "sail 6 7 black"]
    scenario.act(state, f"sail 6 7 {which}")
    assert state.ring.occupied[5] == 1 and state.ring.occupied[6] == 1
    assert state.ring.red == (6 if which == "red" else 5)
    assert state.boards[0].gold == 1
    assert state.to_act() == (1,)


def test_act_next_to_a_double_space_lets_the_mover_choose() -> None:
    """Lighthouse: the player choosing the empty space just ahead of a double space chooses which of its two
    ships comes onto it."""
    state = start(gold=5)
    with_double(state, 5, (1, 3, 9, 10, 12, 14))
    scenario.act(state, "act 6")
    assert scenario.legal(state) == ["sail 5 6 red", "sail 5 6 black"]
    scenario.act(state, "sail 5 6 black")
    assert state.ring.red == 4
    assert state.boards[0].gold == 7


# --------------------------------------------------------------------------- Red Ship Gold


def test_red_ship_gold_for_moving_the_red_ship_onto_the_action() -> None:
    """Red Ship Gold: "A player gets 1 gold at the end of his turn if he moved the red ship without using the
    Lighthouse to the action space he did the action of"."""
    state = start(red=5, gold=5, red_ship_gold=True)
    events = scenario.act(state, "act 6")
    assert state.boards[0].gold == 5 + 2 + 1
    assert [e.kind for e in events][-1] == "red-ship"


def test_no_red_ship_gold_without_the_option() -> None:
    """Red Ship Gold is a rule option: off, moving the red ship pays nothing extra."""
    state = start(red=5, gold=5)
    events = scenario.act(state, "act 6")
    assert state.boards[0].gold == 7
    assert not any(e.kind == "red-ship" for e in events)


def test_no_red_ship_gold_for_a_black_ship() -> None:
    """Red Ship Gold: only the red ship coming onto the action space earns the gold."""
    state = start(red=7, gold=5, red_ship_gold=True)
    scenario.act(state, "act 6")
    assert state.boards[0].gold == 7


def test_no_red_ship_gold_when_the_red_ship_only_made_room() -> None:
    """Red Ship Gold: the gold is for the red ship sailing onto the action used, not for sailing it out of
    the way."""
    state = start((1, 3, 5, 7, 8, 10, 12, 14), red=8, gold=5, red_ship_gold=True)
    scenario.act(state, "act 7")
    assert state.ring.red == 8
    assert state.boards[0].gold == 2
    scenario.act(state, "done")
    assert state.boards[0].gold == 2


def test_red_ship_gold_after_paying_for_blockers() -> None:
    """Red Ship Gold: the red ship coming onto the chosen space after the blockers sailed on earns the gold
    at the end of the turn."""
    state = start((1, 3, 5, 6, 7, 9, 12, 14), red=5, gold=5, red_ship_gold=True)
    scenario.act(state, "act 6")
    assert state.ring.red == 5
    assert state.boards[0].gold == 5 - 3 + 2 + 1


def test_no_red_ship_gold_for_passing() -> None:
    """Red Ship Gold: passing is not doing an action: passing with the red ship gives only the pass's 1 gold
    (decision 4)."""
    state = start(red=5, gold=5, red_ship_gold=True)
    events = scenario.act(state, "pass 6")
    assert state.ring.red == 5
    assert state.boards[0].gold == 6
    assert not any(e.kind == "red-ship" for e in events)


def test_no_red_ship_gold_with_the_lighthouse() -> None:
    """Red Ship Gold: "without using the Lighthouse": the Lighthouse move earns no extra gold."""
    state = start((3, 6, 7, 10, 12, 14, 16, 18), red=3, gold=5, red_ship_gold=True)
    lighthouse_for(state)
    events = scenario.act(state, "lighthouse")
    assert state.boards[0].gold == 7
    assert not any(e.kind == "red-ship" for e in events)


@pytest.mark.parametrize(("which", "gold"), [("red", 8), ("black", 7)])
def test_red_ship_gold_when_choosing_the_red_ship_of_a_double(which: str, gold: int) -> None:
    """Red Ship Gold: choosing the red ship of a double space to come onto the action earns the gold;
    choosing the black one does not."""
    state = start(gold=5, red_ship_gold=True)
    with_double(state, 5, (1, 3, 9, 10, 12, 14))
    scenario.act(state, "act 6")
    scenario.act(state, f"sail 5 6 {which}")
    assert state.boards[0].gold == gold


def test_red_ship_gold_comes_only_at_the_end_of_the_turn() -> None:
    """Red Ship Gold: the gold comes "at the end of his turn", so it cannot pay for the action itself: with
    1 gold, Buy a Shop stays out of reach even with the red ship behind it."""
    state = start((1, 3, 5, 7, 10, 12, 14, 16), red=3, gold=1, red_ship_gold=True)
    assert 4 not in acts(state)
    state.boards[0].gold = 2
    scenario.changed(state)
    scenario.act(state, "act 4")
    scenario.act(state, "shop top")
    assert state.boards[0].gold == 1
    assert len(state.boards[0].shops) == 1
