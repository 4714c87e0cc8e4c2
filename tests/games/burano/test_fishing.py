"""The fishing action (rulebook: 5. ACTIONS, Fishing; 8. PRIVILEGE, Privilege for fishing; 9. BUILDING
CARDS, the two-step fishing card).

Every test reaches the fishing action the way a game does: the player to act builds a pink cube while
the pink colour marker lies on the fishing space. The schedule ring, the dock houses, the boat, the fish
cards and the ports are arranged by hand first.
"""

from __future__ import annotations

from collections import Counter

import pytest

from laguna.core.errors import IllegalAction
from laguna.core.rng import Rng
from laguna.games.burano import BuranoState, Phase
from laguna.games.burano.actions import Forgo
from laguna.games.burano.position import NO_FISH, SHIPS
from tests.games.burano.scenario import (
    act,
    changed,
    colours,
    first_turn,
    hand,
    legal,
    set_docks,
    set_ring,
)

FILLER = "GOWGOWGOW"
"""The nine houses after the arrows: none of them is yellow, blue or pink."""
NO_MATCH = "GOO"
"""Dock houses that match none of the arrow colours the tests use."""


def phase_of(state: BuranoState) -> Phase:
    """The phase, read through a call so that a type checker does not narrow it between decisions."""
    return state.phase


def fishing(
    *,
    players: int = 2,
    arrows: str = "YBP",
    workers: int = 9,
    boat: str = "A",
    docks: dict[str, str] | None = None,
    privilege: int = 1,
    card: bool = False,
) -> tuple[BuranoState, int]:
    """The seat to act has just built a pink cube and owes the fishing action. Its ring's arrows point at
    `arrows`, `workers` workers stand on sectors 1.., its boat moors at `boat`; every island's dock houses
    match nothing unless `docks` names them."""
    state = first_turn(players)
    seat = state.actor
    player = state.boards[seat]
    state.markers = colours("PBYGOW")
    player.preparation = colours("P")
    player.boat = boat
    player.privilege = privilege
    if card:
        player.cards.append("two-step-fishing")
    set_ring(state, seat, arrows + FILLER, workers)
    for island in state.docks:
        set_docks(state, island, (docks or {}).get(island, NO_MATCH))
    state.ports = {"left": [], "right": []}
    changed(state)
    act(state, seat, "build pink d2")
    assert phase_of(state) is Phase.FISHING
    return state, seat


def arrange_fish(state: BuranoState, supply: list[str], top: list[str]) -> None:
    """Lay these cards face up in the fish supply and on top of the fish deck (`top` in drawing order),
    keeping the 48 cards."""
    pool = state.fish_supply + state.fish_deck
    for card in [*supply, *top]:
        pool.remove(card)
    state.fish_supply = list(supply)
    state.fish_deck = pool + top[::-1]
    changed(state)


def sails(state: BuranoState, seat: int) -> set[str]:
    return {text.removeprefix("sail ") for text in legal(state, seat) if text.startswith("sail ")}


def neighbours_by_routes(state: BuranoState, place: str) -> set[str]:
    """The places one sailing route away, read straight from the component data's routes."""
    routes = state.components.waters.routes
    return {b for a, b in routes if a == place} | {a for a, b in routes if b == place}


# --------------------------------------------------------------------------- where the boat may go


@pytest.mark.parametrize("start", ["A", "B", "C", "D", "E", "F", "left", "right"])
def test_boat_moves_exactly_one_route(start: str) -> None:
    """5. Fishing: "Move your fishing boat along a sailing route from your current mooring area to a
    neighboring island or to a port ... You must move your boat exactly one space along the sailing
    route." With every island matching and both ports trading, the destinations are exactly the places
    one route away in the data."""
    state, seat = fishing(boat=start, docks={island: "PGO" for island in "ABCDEF"})
    hand(state, seat, ["tuna"] * 3 + ["squid"] * 3 + ["lobster"] * 3 + ["crab"] * 3)
    state.ports = {"left": ["tuna-squid"], "right": ["lobster-crab"]}
    changed(state)
    assert sails(state, seat) == neighbours_by_routes(state, start)
    assert start not in sails(state, seat)


def test_sailing_too_far_is_illegal() -> None:
    """5. Fishing: the boat moves exactly one space; an island two routes away cannot be reached."""
    state, seat = fishing(boat="A", docks={"B": "PGO", "C": "PGO"})
    assert sails(state, seat) == {"C"}
    with pytest.raises(IllegalAction, match="B is not one route away from your boat at A"):
        act(state, seat, "sail B")
    assert state.boards[seat].boat == "A"
    assert phase_of(state) is Phase.FISHING


def test_island_needs_a_matching_dock_house() -> None:
    """5. Fishing, step 1: "If there is no color-matched dock houses in any adjacent neighboring island,
    you may not perform Fishing action": an island whose dock houses match none of the three
    arrow-pointed colours is no destination."""
    state, seat = fishing(boat="A", docks={"F": "YGO"})
    assert sails(state, seat) == {"F"}
    with pytest.raises(IllegalAction, match="no dock house of C matches"):
        act(state, seat, "sail C")


def test_match_counts_each_house_once() -> None:
    """5. Fishing, step 1 (decision 4): the matches are the colours the arrow-pointed houses and the dock
    houses share, each house counting once and the order not mattering: arrows pink, pink, blue against
    docks pink, white, white is 1 match; against pink, pink, white it is 2."""
    state, seat = fishing(arrows="PPB", boat="A", docks={"C": "PWW", "F": "PPW"})
    act(state, seat, "sail C")
    assert state.matched == 1
    state, seat = fishing(arrows="PPB", boat="A", docks={"C": "PWW", "F": "PPW"})
    act(state, seat, "sail F")
    assert state.matched == 2


def test_port_with_a_ship_is_open_without_a_possible_trade() -> None:
    """5. Fishing, B, step 1: "Note: You may not move your fishing boat to a port that has no merchant
    ship." That is the only limit on a port: the boat may sail to a port whose ships ask for cards the
    player lacks (decision 5). Arriving there, the player has nothing to trade and says `forgo`, which
    ends the action; the boat stays in the port."""
    state, seat = fishing(boat="B", docks={"D": "PGO"}, privilege=0)
    hand(state, seat, ["tuna"] * 3 + ["squid"] * 2)
    state.ports = {"left": [], "right": ["tuna-squid"]}
    changed(state)
    assert sails(state, seat) == {"D", "right"}
    act(state, seat, "sail right")
    assert phase_of(state) is Phase.TRADE
    assert legal(state, seat) == ["forgo"]
    with pytest.raises(IllegalAction, match="your fish cards do not meet the demand of the ship tuna-squid"):
        act(state, seat, "trade tuna-squid")
    events = act(state, seat, "forgo")
    assert "no merchant ship" in str(events[-1].text) and "trade" in str(events[-1].text)
    assert phase_of(state) is Phase.TURN
    assert state.boards[seat].boat == "right"
    assert state.boards[seat].hand_size() == 5
    assert state.ports == {"left": [], "right": ["tuna-squid"]}


def test_a_possible_trade_is_made() -> None:
    """5. Fishing, B: "Movement to a port is executed in 3 fixed-ordering steps: 1. Choose a merchant
    ship ... 2. Trade": a player who can trade at the port trades; `forgo` is only for a player who
    cannot."""
    state, seat = fishing(boat="B", docks={"D": "PGO"}, privilege=0)
    hand(state, seat, ["tuna"] * 3 + ["squid"] * 3)
    state.ports = {"left": [], "right": ["tuna-squid"]}
    changed(state)
    act(state, seat, "sail right")
    assert legal(state, seat) == ["trade tuna-squid"]
    with pytest.raises(IllegalAction, match="trade with a merchant ship"):
        act(state, seat, "forgo")


def test_port_without_a_ship_cannot_be_sailed_to() -> None:
    """5. Fishing, B, step 1: "You may not move your fishing boat to a port that has no merchant ship.\""""
    state, seat = fishing(boat="B")
    hand(state, seat, ["tuna"] * 3 + ["squid"] * 3)
    state.ports = {"left": ["tuna-squid"], "right": []}
    changed(state)
    assert "right" not in sails(state, seat)
    with pytest.raises(IllegalAction, match="no merchant ship is in the right port"):
        act(state, seat, "sail right")


def test_forgo_only_when_nothing_is_possible() -> None:
    """5. Fishing (decision 5): fishing is mandatory once the cube is built; only when no neighbouring
    island matches and no port can trade is the action lost (`forgo`), and then the boat stays."""
    state, seat = fishing(boat="A", privilege=0)
    assert legal(state, seat) == ["forgo"]
    act(state, seat, "forgo")
    assert phase_of(state) is Phase.TURN
    assert state.boards[seat].boat == "A"
    assert state.boards[seat].hand_size() == 0

    state, seat = fishing(boat="A", docks={"C": "PGO"}, privilege=0)
    assert legal(state, seat) == ["sail C"]
    with pytest.raises(IllegalAction, match="fishing is not optional"):
        act(state, seat, "forgo")


def test_fishing_cannot_be_skipped_by_ending_the_turn() -> None:
    """5. Fishing: the built cube's action is performed before the turn goes on."""
    state, seat = fishing(boat="A", docks={"C": "PGO"})
    with pytest.raises(IllegalAction, match="sail your fishing boat"):
        act(state, seat, "end")


# --------------------------------------------------------------------------- the rulebook's examples


def test_rulebook_fishing_example() -> None:
    """5. Fishing, example: arrows yellow, blue, pink; dock houses pink, yellow, white: 2 matching colours
    give 2 fish cards. First a card (lobster) is drawn from the fish deck, then another lobster is taken
    from the fish supply; finally the supply is replenished to 3 cards. Step 3 a): 1-2 matches dispatch
    the worker of sector 1 to the island and turn the time wheel 1 sector."""
    state, seat = fishing(arrows="YBP", boat="A", docks={"C": "PYW"})
    arrange_fish(state, supply=["lobster", "tuna", "squid"], top=["lobster", "eel"])
    ring_before = state.boards[seat].ring
    on_island = state.island_workers["C"][seat]

    act(state, seat, "sail C")
    assert state.boards[seat].boat == "C"
    assert phase_of(state) is Phase.FISH_CARDS
    assert legal(state, seat) == ["fish tuna", "fish squid", "fish lobster", "fish deck"]

    act(state, seat, "fish deck")
    player = state.boards[seat]
    assert player.hand_secret == Counter({"lobster": 1})
    assert phase_of(state) is Phase.FISH_CARDS
    assert sorted(state.fish_supply) == ["lobster", "squid", "tuna"]

    act(state, seat, "fish lobster")
    assert player.hand_public == Counter({"lobster": 1})
    assert player.hand() == Counter({"lobster": 2})
    assert state.fish_supply == ["tuna", "squid", "eel"]

    assert player.ring.workers == ring_before.workers - 1
    assert player.ring.arrows == (ring_before.arrows + 1) % 12
    assert player.ring.arrow_colours() == tuple(colours("BPG"))
    assert state.island_workers["C"][seat] == on_island + 1
    assert phase_of(state) is Phase.TURN


def test_card_drawn_from_the_deck_is_secret() -> None:
    """5. Fishing, step 2: a card drawn from the fish deck is kept secret from the other players: they
    see that a card was drawn, not its kind; a card taken from the face-up supply is public."""
    state, seat = fishing(boat="A", docks={"C": "PYW"})
    other = 1 - seat
    arrange_fish(state, supply=["tuna", "squid", "eel"], top=["lobster"])
    act(state, seat, "sail C")
    events = act(state, seat, "fish deck")
    assert not any("lobster" in event.text or "lobster" in str(event.data) for event in events)
    act(state, seat, "fish tuna")

    theirs = state.view(other)["seats"][seat]
    assert theirs["hand"] == {"tuna": 1}
    assert theirs["hidden_fish"] == 1
    mine = state.view(seat)["seats"][seat]
    assert mine["hand"] == {"lobster": 1, "tuna": 1}
    assert mine["hidden_fish"] == 0
    public = state.view(None)["seats"][seat]
    assert public["hand"] == {"tuna": 1}
    assert public["hidden_fish"] == 1


def test_supply_refilled_only_after_all_cards_are_taken() -> None:
    """5. Fishing, step 2: "After you take all your rewarded fish cards, the fish supply is replenished
    to the total of 3 cards" (decision 8: one decision per card, the refill at the end)."""
    state, seat = fishing(boat="A", docks={"C": "PYB"})
    arrange_fish(state, supply=["tuna", "squid", "eel"], top=["crab", "shrimp", "octopus"])
    act(state, seat, "sail C")
    act(state, seat, "fish tuna")
    assert state.fish_supply == ["squid", "eel"]
    assert legal(state, seat) == ["fish squid", "fish eel", "fish deck"]
    act(state, seat, "fish squid")
    assert state.fish_supply == ["eel"]
    act(state, seat, "fish eel")
    assert state.fish_supply == ["crab", "shrimp", "octopus"]
    assert state.boards[seat].hand_public == Counter({"tuna": 1, "squid": 1, "eel": 1})


def test_taking_a_kind_not_in_the_supply_is_illegal() -> None:
    """5. Fishing, step 2: the face-up cards are the ones in the fish supply."""
    state, seat = fishing(boat="A", docks={"C": "PGO"})
    arrange_fish(state, supply=["tuna", "squid", "eel"], top=[])
    act(state, seat, "sail C")
    with pytest.raises(IllegalAction, match="no lobster card is face up"):
        act(state, seat, "fish lobster")


def test_three_matches_dispatch_two_workers() -> None:
    """5. Fishing, step 3 b): matching all 3 colours dispatches the workers of sectors 1 and 2 to the
    island and turns the time wheel 2 sectors; the player may choose to send only the worker of sector 1."""
    state, seat = fishing(arrows="YBP", boat="A", docks={"C": "PYB"}, workers=9)
    act(state, seat, "sail C")
    for _ in range(3):
        act(state, seat, "fish deck")
    assert phase_of(state) is Phase.DISPATCH
    assert legal(state, seat) == ["dispatch 1", "dispatch 2"]
    before = state.island_workers["C"][seat]
    act(state, seat, "dispatch 2")
    ring = state.boards[seat].ring
    assert (ring.workers, ring.arrows) == (7, 2)
    assert ring.arrow_colours() == tuple(colours("PGO"))
    assert state.island_workers["C"][seat] == before + 2
    assert phase_of(state) is Phase.TURN


def test_three_matches_may_dispatch_one_worker() -> None:
    """5. Fishing, step 3 b), note: with all 3 colours matched "you can choose to take only one worker"
    from sector 1; the wheel then turns 1 sector."""
    state, seat = fishing(boat="A", docks={"C": "PYB"}, workers=9)
    act(state, seat, "sail C")
    for _ in range(3):
        act(state, seat, "fish deck")
    before = state.island_workers["C"][seat]
    act(state, seat, "dispatch 1")
    ring = state.boards[seat].ring
    assert (ring.workers, ring.arrows) == (8, 1)
    assert state.island_workers["C"][seat] == before + 1


@pytest.mark.parametrize(("workers", "sent"), [(2, 1), (1, 0)])
def test_last_worker_stays_on_the_ring(workers: int, sent: int) -> None:
    """5. Fishing, step 3, note: "There must always be at least one worker on your schedule ring. If
    there are only two left ... while matching 3 colors, dispatch 1 worker instead of 2. And if there's
    only one worker ..., you skip dispatching workers." No choice is asked."""
    state, seat = fishing(boat="A", docks={"C": "PYB"}, workers=workers)
    before = state.island_workers["C"][seat]
    act(state, seat, "sail C")
    for _ in range(3):
        act(state, seat, "fish deck")
    assert phase_of(state) is Phase.TURN
    ring = state.boards[seat].ring
    assert (ring.workers, ring.arrows) == (workers - sent, sent)
    assert state.island_workers["C"][seat] == before + sent


def test_dispatch_drives_back_other_players_workers() -> None:
    """5. Fishing, step 3, example: blue dispatches 2 workers to an island where 2 red and 1 green worker
    stay. Red and green each withdraw one worker to the lowest-numbered empty sector of their ring
    (sector 3 for red, sector 7 for green) and gain 2 coins; 2 blue and 1 red worker are left."""
    state, blue = fishing(players=3, boat="C", docks={"E": "PYB"}, workers=9)
    red, green = (blue + 1) % 3, (blue + 2) % 3
    set_ring(state, red, "GOW" + FILLER, 2)
    set_ring(state, green, "GOW" + FILLER, 6)
    state.island_workers["E"] = [0, 0, 0]
    state.island_workers["E"][red] = 2
    state.island_workers["E"][green] = 1
    coins = {seat: state.boards[seat].coins for seat in (red, green)}
    arrows = {seat: state.boards[seat].ring.arrows for seat in (red, green)}
    act(state, blue, "sail E")
    for _ in range(3):
        act(state, blue, "fish deck")
    act(state, blue, "dispatch 2")

    assert state.boards[red].ring.workers == 3
    assert state.boards[green].ring.workers == 7
    for seat in (red, green):
        assert state.boards[seat].coins == coins[seat] + 2
        assert state.boards[seat].ring.arrows == arrows[seat]
    expected = [0, 0, 0]
    expected[blue], expected[red] = 2, 1
    assert state.island_workers["E"] == expected


@pytest.mark.parametrize(
    ("workers", "others"),
    [pytest.param(9, 9, id="full-ring-cannot-withdraw"), pytest.param(1, 4, id="no-dispatch-no-withdrawal")],
)
def test_no_withdrawal(workers: int, others: int) -> None:
    """5. Fishing, step 3 (decision 9): a player whose ring has no empty sector (9 workers) cannot take a
    worker back: it stays on the island and the player gains no coins. And the others withdraw "after you
    dispatched the worker(s)", so when the player's last worker stays on the ring nobody withdraws."""
    state, blue = fishing(boat="A", docks={"C": "PYW"}, workers=workers)
    other = 1 - blue
    set_ring(state, other, "GOW" + FILLER, others)
    state.island_workers["C"][other] = 1
    coins = state.boards[other].coins
    act(state, blue, "sail C")
    act(state, blue, "fish deck")
    act(state, blue, "fish deck")
    assert state.island_workers["C"][other] == 1
    assert state.boards[other].ring.workers == others
    assert state.boards[other].coins == coins


def test_no_fish_left_scores_two_vp_per_card() -> None:
    """5. Fishing, step 2, note: "If the fish supply is insufficient for the game, you instead gain 2VP
    for each fish card" (decision 8: when the supply and the deck are both empty)."""
    state, seat = fishing(boat="A", docks={"C": "PYW"})
    state.fish_supply = []
    state.fish_deck = []
    changed(state)
    act(state, seat, "sail C")
    player = state.boards[seat]
    assert player.vp[NO_FISH] == 4
    assert NO_FISH == "fish cards (none left)"
    assert player.hand_size() == 0
    assert phase_of(state) is Phase.TURN


def test_last_fish_card_then_two_vp() -> None:
    """5. Fishing, step 2, note (decision 8): cards are taken while any are left; only the cards the
    empty supply and deck cannot give turn into 2 VP each."""
    state, seat = fishing(boat="A", docks={"C": "PYW"})
    state.fish_supply = ["tuna"]
    state.fish_deck = []
    changed(state)
    act(state, seat, "sail C")
    assert legal(state, seat) == ["fish tuna"]
    with pytest.raises(IllegalAction, match="the fish deck is empty"):
        act(state, seat, "fish deck")
    act(state, seat, "fish tuna")
    player = state.boards[seat]
    assert player.hand_public == Counter({"tuna": 1})
    assert player.vp[NO_FISH] == 2
    assert state.fish_supply == []
    assert phase_of(state) is Phase.TURN


# --------------------------------------------------------------------------- trading at a port


def test_rulebook_trade_example() -> None:
    """5. Fishing, B, example: the player plays 3 tunas and 3 squids to the merchant ship and scores
    24 VP; the cards go face down to the sold fish area, and the ship sails to the other port."""
    state, seat = fishing(boat="B")
    hand(state, seat, ["tuna"] * 3 + ["squid"] * 3 + ["eel"])
    state.ports = {"left": ["octopus-eel"], "right": ["lobster-crab", "tuna-squid"]}
    changed(state)
    act(state, seat, "sail right")
    player = state.boards[seat]
    assert player.boat == "right"
    assert phase_of(state) is Phase.TRADE
    assert legal(state, seat) == ["trade tuna-squid"]
    act(state, seat, "trade tuna-squid")
    assert player.vp[SHIPS] == 24
    assert player.sold == Counter({"tuna": 3, "squid": 3})
    assert +player.hand() == Counter({"eel": 1})
    assert state.ports == {"left": ["octopus-eel", "tuna-squid"], "right": ["lobster-crab"]}
    assert phase_of(state) is Phase.TURN


def test_one_trade_per_action() -> None:
    """5. Fishing, B, step 2: "You can only trade with the merchant ship once per action": after one
    trade the action is over, even if the hand could satisfy a second ship in the same port."""
    state, seat = fishing(boat="B")
    hand(state, seat, ["tuna"] * 3 + ["squid"] * 3 + ["lobster"] * 3 + ["crab"] * 3)
    state.ports = {"left": [], "right": ["lobster-crab", "tuna-squid"]}
    changed(state)
    act(state, seat, "sail right")
    assert legal(state, seat) == ["trade lobster-crab", "trade tuna-squid"]
    act(state, seat, "trade tuna-squid")
    assert phase_of(state) is Phase.TURN
    assert "trade lobster-crab" not in legal(state, seat)
    with pytest.raises(IllegalAction):
        act(state, seat, "trade lobster-crab")
    assert state.boards[seat].vp[SHIPS] == 24


def test_trade_you_cannot_meet_is_illegal() -> None:
    """5. Fishing, B, step 2: the cards played "must match the requirement of the ship tile"; a ship
    elsewhere cannot be traded with either."""
    state, seat = fishing(boat="B")
    hand(state, seat, ["tuna"] * 3 + ["squid"] * 3 + ["lobster"] * 2 + ["crab"] * 3)
    state.ports = {"left": ["octopus-eel"], "right": ["lobster-crab", "tuna-squid"]}
    changed(state)
    act(state, seat, "sail right")
    assert legal(state, seat) == ["trade tuna-squid"]
    with pytest.raises(IllegalAction, match="do not meet the demand of the ship lobster-crab"):
        act(state, seat, "trade lobster-crab")
    with pytest.raises(IllegalAction, match="the ship octopus-eel is not in this port"):
        act(state, seat, "trade octopus-eel")


def test_public_cards_are_sold_before_secret_ones() -> None:
    """5. Fishing, B: the cards played go from the hand; the cards everyone saw taken from the supply are
    played before the secret ones, so the others still know nothing of the cards left."""
    state, seat = fishing(boat="B")
    hand(state, seat, ["tuna"] * 2 + ["squid"] * 3)
    hand(state, seat, ["tuna"] * 2 + ["squid"], secret=True)
    state.ports = {"left": [], "right": ["tuna-squid"]}
    changed(state)
    act(state, seat, "sail right")
    act(state, seat, "trade tuna-squid")
    player = state.boards[seat]
    assert +player.hand_public == Counter()
    assert +player.hand_secret == Counter({"tuna": 1, "squid": 1})
    assert state.view(1 - seat)["seats"][seat]["hidden_fish"] == 2
    assert state.view(1 - seat)["seats"][seat]["sold"] == {"tuna": 3, "squid": 3}


# --------------------------------------------------------------------------- privilege for fishing


def test_rulebook_swap_example() -> None:
    """8. Privilege for fishing, example: arrows white, pink, yellow; the player spends 1 privilege point
    to swap the white dock house of island A with the blue one of island B, so that island B matches all
    three colours. The islands need not be connected by sailing routes (A and B are not)."""
    state, seat = fishing(arrows="WPY", boat="D", docks={"A": "WGO", "B": "PBY"}, privilege=2)
    assert "B" not in neighbours_by_routes(state, "A")
    assert "swap A white B blue" in legal(state, seat)
    act(state, seat, "swap A white B blue")
    assert state.boards[seat].privilege == 1
    assert Counter(state.docks["A"]) == Counter(colours("BGO"))
    assert Counter(state.docks["B"]) == Counter(colours("PYW"))
    assert phase_of(state) is Phase.FISHING
    act(state, seat, "sail B")
    assert state.matched == 3


def test_no_port_after_a_swap() -> None:
    """8. Privilege for fishing: the swap is for moving "to a neighboring island" (decision 6): after a
    swap the boat must sail to an island, not to a port."""
    state, seat = fishing(arrows="WPY", boat="D", docks={"A": "WGO", "B": "PBY"})
    hand(state, seat, ["tuna"] * 3 + ["squid"] * 3)
    state.ports = {"left": [], "right": ["tuna-squid"]}
    changed(state)
    assert sails(state, seat) == {"B", "right"}
    act(state, seat, "swap A white B blue")
    assert sails(state, seat) == {"B"}
    with pytest.raises(IllegalAction, match="swapped dock houses"):
        act(state, seat, "sail right")


def test_swap_needs_a_privilege_point() -> None:
    """8. Privilege for fishing: the swap costs 1 privilege point; without one it is not offered."""
    state, seat = fishing(arrows="WPY", boat="D", docks={"A": "WGO", "B": "PBY"}, privilege=0)
    assert not any(text.startswith("swap ") for text in legal(state, seat))
    with pytest.raises(IllegalAction, match="costs a privilege point"):
        act(state, seat, "swap A white B blue")
    assert state.docks["A"] == colours("GOW")


def test_swap_needs_two_different_colours() -> None:
    """8. Privilege for fishing (decision 6): a swap exchanges dock houses of different colours."""
    state, seat = fishing(arrows="WPY", boat="D", docks={"A": "WGO", "B": "PGY"})
    with pytest.raises(IllegalAction, match="different colours"):
        act(state, seat, "swap A green B green")


def test_swap_may_open_fishing_where_nothing_matched() -> None:
    """8. Privilege for fishing: the exception to "you may not perform Fishing action": with no matching
    island nearby, a swap can make one match. Forgoing stays possible only while no island matches."""
    state, seat = fishing(arrows="YBP", boat="A", docks={"C": "GOO", "E": "PGO"})
    assert sails(state, seat) == set()
    assert "forgo" in legal(state, seat)
    act(state, seat, "swap C green E pink")
    assert sails(state, seat) == {"C"}
    assert "forgo" not in legal(state, seat)
    act(state, seat, "sail C")
    assert state.matched == 1


# --------------------------------------------------------------------------- the two-step fishing card


def test_two_step_card_reaches_two_routes() -> None:
    """9. Building cards, two-step fishing: "you may move your fishing boat two spaces along the sailing
    routes" (decision 7: one or two routes); "You may not move it back and forth", so the start is never
    a destination."""
    state, seat = fishing(boat="A", docks={island: "PGO" for island in "ABCDEF"}, card=True)
    hand(state, seat, ["tuna"] * 3 + ["squid"] * 3 + ["lobster"] * 3 + ["crab"] * 3)
    state.ports = {"left": ["tuna-squid"], "right": ["lobster-crab"]}
    changed(state)
    one = neighbours_by_routes(state, "A")
    two = {far for near in one for far in neighbours_by_routes(state, near)} - {"A"}
    assert sails(state, seat) == one | two
    assert "A" not in sails(state, seat)
    assert "D" not in sails(state, seat)
    with pytest.raises(IllegalAction, match="D is not two routes away from your boat at A"):
        act(state, seat, "sail D")
    act(state, seat, "sail B")
    assert state.boards[seat].boat == "B"
    assert phase_of(state) is Phase.FISH_CARDS


def test_two_step_card_fishes_only_at_the_end() -> None:
    """9. Building cards, two-step fishing, note: "you can only fish or trade in the ending island or
    port": sailing from F past island B to island D matches D's dock houses only, and the dispatched
    worker goes to D."""
    state, seat = fishing(boat="F", docks={"B": "PYB", "D": "PGO"}, card=True)
    on_b, on_d = state.island_workers["B"][seat], state.island_workers["D"][seat]
    assert "D" in sails(state, seat)
    act(state, seat, "sail D")
    assert state.matched == 1
    act(state, seat, "fish deck")
    assert phase_of(state) is Phase.TURN
    assert state.boards[seat].boat == "D"
    assert state.island_workers["D"][seat] == on_d + 1
    assert state.island_workers["B"][seat] == on_b


def test_two_step_card_trades_at_a_port_two_routes_away() -> None:
    """9. Building cards, two-step fishing: the two spaces may end at a port (F to B to the right port),
    and the trade happens there."""
    state, seat = fishing(boat="F", card=True)
    hand(state, seat, ["tuna"] * 3 + ["squid"] * 3)
    state.ports = {"left": [], "right": ["tuna-squid"]}
    changed(state)
    assert "right" not in neighbours_by_routes(state, "F")
    assert sails(state, seat) == {"right"}
    act(state, seat, "sail right")
    act(state, seat, "trade tuna-squid")
    assert state.boards[seat].vp[SHIPS] == 24
    assert state.ports == {"left": ["tuna-squid"], "right": []}


def test_a_copy_for_another_seat_deals_the_traders_secret_cards_freely() -> None:
    """5. Fishing, B: "You may not move your fishing boat to a port that has no merchant ship" is the
    only limit, so a boat in a port says nothing of its owner's secret cards. Copies for another seat
    deal them from all the unseen cards, a trade possible or not, and lose or double no card; the
    owner's copy keeps them."""
    state, seat = fishing(boat="B")
    hand(state, seat, ["tuna"] * 3 + ["squid"] * 3, secret=True)
    state.ports = {"left": [], "right": ["tuna-squid"]}
    changed(state)
    act(state, seat, "sail right")
    trades = set()
    for k in range(40):
        twin = state.determinize(1 - seat, Rng(k))
        trades.add(twin.legal_actions(seat) != (Forgo(),))
        cards = Counter(twin.fish_deck) + Counter(twin.fish_supply)
        for board in twin.boards:
            cards += board.hand_public + board.hand_secret + board.sold
        assert cards.total() == 48, "no card is dealt twice or lost"
    assert trades == {False}, "six random cards of eight kinds rarely make three tuna and three squid"
    assert state.determinize(seat, Rng(0)).boards[seat].hand_secret == state.boards[seat].hand_secret
