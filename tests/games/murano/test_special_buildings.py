"""The special building cards of Murano (rules page: Build — special buildings, the Special Building Card
Index, and the online options One Studio Limit and No Studios During Scoring).

A card is handed to a player with `scenario.give_card` (it then works at once, as a card taken on an
earlier turn) or taken by building a special building, with the wanted cards put on top of the deck.
San Donato is the island built on (its map is in scenario.py).
"""

from __future__ import annotations

import pytest

from laguna.core.errors import IllegalAction
from laguna.games.murano import MuranoState, Phase
from laguna.games.murano.components import Bead
from tests.games.murano import scenario

BUILD = 13
RECRUIT = 3
PLACE_GONDOLIER = 5
TAKE_GOLD = 6
PRODUCTION = 15
GONDOLIER = 18


def start(space: int, seat: int = 0, gold: int | None = None, card: str | None = None, **options: bool) -> MuranoState:
    """`seat`'s turn, with the action space `space` free to sail onto; the seat holds the special
    building card `card`, if one is named."""
    state = scenario.new(2, seed=9, **options)
    scenario.ready(state, space, seat, gold)
    if card is not None:
        scenario.give_card(state, seat, card)
    return state


def special(state: MuranoState, seat: int = 0, count: int = 1) -> None:
    """Give `seat` bought special building tiles."""
    state.boards[seat].specials += count
    state.special_stack -= count
    scenario.changed(state)


def on_top(state: MuranoState, *cards: str) -> None:
    """Put these special building cards on top of the deck (the last one topmost): the next special
    building drawn shows them."""
    state.special_deck = [*(c for c in state.special_deck if c not in cards), *cards]
    scenario.changed(state)


def vp(state: MuranoState, seat: int = 0) -> int:
    return state.boards[seat].score()


def special_vp(state: MuranoState, seat: int = 0) -> int:
    return state.boards[seat].vp["special buildings"]


def sales(state: MuranoState) -> list[str]:
    return [a for a in scenario.legal(state) if a.startswith("sell")]


def to_selling(state: MuranoState) -> None:
    """Production with no glass factory: only to sell the beads held."""
    scenario.act(state, f"act {PRODUCTION}")
    assert scenario.legal(state) == ["produce 0"]
    scenario.act(state, "produce 0")
    assert scenario.phase_of(state) is Phase.SELL


def factories(state: MuranoState, count: int, seat: int = 0) -> None:
    """Built glass factories of `seat`, one per island, each next to a street."""
    for island in ("donato", "mattia", "pietro")[:count]:
        street, site = {"donato": ("5", "1"), "mattia": ("7", "1"), "pietro": ("4", "1")}[island]
        scenario.street(state, f"{island}.{street}")
        scenario.building(state, f"{island}.{site}", "factory", owner=seat)


def only_in_bag(state: MuranoState, colour: Bead, holder: int = 1) -> None:
    """Hand every bead of the other colours to seat `holder`: only `colour` can be drawn from the bag."""
    scenario.beads(state, holder, **{b.value: state.bag[b] for b in Bead if b is not colour})


# --------------------------------------------------------------------------- from the next turn


def test_card_taken_in_a_build_action_works_from_the_next_turn() -> None:
    """Build a special building: the card's effect can be used until the end of the game, beginning with
    the owner's next turn (the Bank, taken in a Build action, pays on the owner's next Take 2 Gold)."""
    state = start(BUILD, gold=0)
    special(state)
    scenario.street(state, "donato.5")
    on_top(state, "X02")
    scenario.act(state, f"act {BUILD}")
    scenario.act(state, "build special donato.1")
    scenario.act(state, "card X02")
    assert state.boards[0].special_cards == ["X02"]
    scenario.act(state, "done")
    assert state.actor == 1
    scenario.ready(state, TAKE_GOLD, seat=0, gold=0)
    scenario.act(state, f"act {TAKE_GOLD}")
    assert state.boards[0].gold == 4


def test_construction_crane_not_within_the_build_action_that_took_it() -> None:
    """Construction Crane: 1 VP for each building of its kind built, from the owner's next turn: a crane
    taken during a Build action does not count for the rest of that action."""
    state = start(BUILD)
    special(state)
    scenario.give_shop(state, 0, "red")
    scenario.give_shop(state, 0, "red")
    scenario.street(state, "donato.5")
    scenario.street(state, "donato.6")
    on_top(state, "X04")
    scenario.act(state, f"act {BUILD}")
    scenario.act(state, "build special donato.1")
    scenario.act(state, "card X04")
    scenario.act(state, "build shop-red donato.4")
    assert vp(state) == 5 + 2 and special_vp(state) == 0, "the shop scores 2 VP, the new crane nothing"
    scenario.act(state, "done")
    scenario.ready(state, BUILD, seat=0)
    scenario.act(state, f"act {BUILD}")
    scenario.act(state, "build shop-red donato.2")
    assert vp(state) == 5 + 2 + 2 + 1 and special_vp(state) == 1, "on the next turn the crane gives 1 VP"


# --------------------------------------------------------------------------- the index


@pytest.mark.parametrize(("hall", "gain"), [(True, 5), (False, 3)])
def test_assembly_hall_dismiss(hall: bool, gain: int) -> None:
    """Assembly Hall: receive 5 gold (instead of 3) for dismissing a gondolier."""
    state = start(GONDOLIER, gold=0, card="assembly-hall" if hall else None)
    scenario.act(state, f"act {GONDOLIER}")
    scenario.act(state, "dismiss")
    assert state.boards[0].gold == gain
    assert state.boards[0].gondoliers == 4


def test_assembly_hall_hire_for_one_gold() -> None:
    """Assembly Hall: pay only 1 gold for hiring a gondolier."""
    state = start(GONDOLIER, gold=1, card="assembly-hall")
    scenario.act(state, f"act {GONDOLIER}")
    assert scenario.legal(state) == ["dismiss", "hire"]
    scenario.act(state, "hire")
    assert state.boards[0].gold == 0 and state.boards[0].gondoliers == 6


def test_hire_without_assembly_hall_costs_three() -> None:
    """Gondolier (without the Assembly Hall): hiring costs 3 gold, so 1 gold is not enough."""
    state = start(GONDOLIER, gold=1)
    scenario.act(state, f"act {GONDOLIER}")
    assert scenario.legal(state) == ["dismiss"]
    with pytest.raises(IllegalAction, match="3 gold"):
        scenario.act(state, "hire")


@pytest.mark.parametrize(("bank", "gain"), [(True, 4), (False, 2)])
def test_bank(bank: bool, gain: int) -> None:
    """Bank: receive 2 more gold every time you use the Take 2 Gold action."""
    state = start(TAKE_GOLD, gold=1, card="bank" if bank else None)
    scenario.act(state, f"act {TAKE_GOLD}")
    assert state.boards[0].gold == 1 + gain


def test_basilica_five_vp_at_once() -> None:
    """Basilica: receive 5 VP immediately when building the Basilica (during the Build action itself)."""
    state = start(BUILD)
    special(state)
    scenario.street(state, "donato.5")
    on_top(state, "X01", "X03", "X02")
    scenario.act(state, f"act {BUILD}")
    scenario.act(state, "build special donato.1")
    assert vp(state) == 5, "a special building scores no VP of its own"
    events = scenario.act(state, "card X03")
    assert special_vp(state) == 5 and vp(state) == 10
    assert any(e.kind == "special" and "5 VP" in e.text for e in events)
    assert scenario.phase_of(state) is Phase.BUILD, "the Build action goes on"


@pytest.mark.parametrize(
    ("crane", "built", "tile", "points"),
    [
        ("shop", "shop", "shop-blue", 2 + 1),
        ("shop", "palace", "palace-2", 3),
        ("palace", "palace", "palace-2", 3 + 1),
        ("palace", "shop", "shop-blue", 2),
        ("palace", "factory", "factory", 1),
    ],
)
def test_construction_crane(crane: str, built: str, tile: str, points: int) -> None:
    """Construction Crane: receive 1 VP every time you build the depicted building (and only that kind)."""
    state = start(BUILD)
    scenario.give_card(state, 0, "construction-crane", crane)
    scenario.street(state, "donato.5")
    if built == "shop":
        scenario.give_shop(state, 0, "blue")
    elif built == "palace":
        scenario.give_palace(state, 0, 2)
    else:
        state.boards[0].factories += 1
        state.factory_stack -= 1
    scenario.act(state, f"act {BUILD}")
    scenario.act(state, f"build {tile} donato.1")
    assert vp(state) == 5 + points
    assert special_vp(state) == (1 if crane == built else 0)


def test_construction_crane_every_building() -> None:
    """Construction Crane: 1 VP for every building of its kind, so two shops in one action give 2 VP."""
    state = start(BUILD)
    scenario.give_card(state, 0, "construction-crane", "shop")
    scenario.give_shop(state, 0, "blue")
    scenario.give_shop(state, 0, "grey")
    scenario.street(state, "donato.5")
    scenario.act(state, f"act {BUILD}")
    scenario.act(state, "build shop-blue donato.1")
    scenario.act(state, "build shop-grey donato.4")
    assert special_vp(state) == 2 and vp(state) == 5 + 4 + 2


@pytest.mark.parametrize(("bar", "points"), [(True, 1), (False, 0)])
def test_dockside_bar(bar: bool, points: int) -> None:
    """Dockside Bar: receive 1 VP every time you place a gondolier on a gondola."""
    state = start(PLACE_GONDOLIER, gold=5, card="dockside-bar" if bar else None)
    scenario.act(state, f"act {PLACE_GONDOLIER}")
    scenario.act(state, "gondola donato orange")
    assert special_vp(state) == points and vp(state) == 5 + points
    assert state.boards[0].gold == 3


def test_dockside_bar_not_for_hiring() -> None:
    """Dockside Bar: the VP is for placing a gondolier on a gondola, not for hiring one."""
    state = start(GONDOLIER, gold=3, card="dockside-bar")
    scenario.act(state, f"act {GONDOLIER}")
    scenario.act(state, "hire")
    assert special_vp(state) == 0


@pytest.mark.parametrize("count", [1, 2])
def test_guild_hall_one_vp_after_producing(count: int) -> None:
    """Guild Hall: 1 VP after producing at least one glass bead, only 1 VP whatever the number of glass
    factories used."""
    state = start(PRODUCTION)
    factories(state, 2)
    state.boards[0].vp["start"] = 8
    scenario.give_card(state, 0, "guild-hall")
    scenario.act(state, f"act {PRODUCTION}")
    scenario.act(state, f"produce {count}")
    assert special_vp(state) == 1
    assert state.boards[0].vp["production"] == -2 * count
    assert vp(state) == 8 - 2 * count + 1


def test_guild_hall_not_for_selling_only() -> None:
    """Guild Hall: you do not receive the VP if the only thing you do is sell and not produce."""
    state = start(PRODUCTION, gold=0, card="guild-hall")
    scenario.beads(state, 0, red=2)
    to_selling(state)
    scenario.act(state, "sell red 2")
    assert state.boards[0].gold == 12
    assert special_vp(state) == 0 and vp(state) == 5


def test_harbor_own_gondola_for_one_gold() -> None:
    """Harbor: pay only 1 gold for placing a gondolier on your own gondola (so 1 gold is enough)."""
    state = start(PLACE_GONDOLIER, gold=1, card="harbor")
    scenario.act(state, f"act {PLACE_GONDOLIER}")
    islands = [i.id for i in state.side.islands]
    assert scenario.legal(state) == [f"gondola {i} orange" for i in islands]
    with pytest.raises(IllegalAction):
        scenario.act(state, "gondola donato grey")
    scenario.act(state, "gondola mattia orange")
    assert state.boards[0].gold == 0 and state.gondolas[("mattia", "orange")] == 0


def test_harbor_other_gondola_for_three_gold() -> None:
    """Harbor: pay only 3 gold for placing a gondolier on an opponent's gondola."""
    state = start(PLACE_GONDOLIER, gold=3, card="harbor")
    scenario.act(state, f"act {PLACE_GONDOLIER}")
    assert "gondola donato white" in scenario.legal(state)
    scenario.act(state, "gondola donato white")
    assert state.boards[0].gold == 0


def test_without_harbor_one_gold_places_no_gondolier() -> None:
    """Place a Gondolier (without the Harbor): 2 gold for your own gondola, so with 1 gold the action
    cannot be chosen."""
    state = start(PLACE_GONDOLIER, gold=1)
    assert f"act {PLACE_GONDOLIER}" not in scenario.legal(state)


@pytest.mark.parametrize(("hostel", "drawn"), [(True, 5), (False, 3)])
def test_hostel_draws_five(hostel: bool, drawn: int) -> None:
    """Hostel: choose from 5 instead of 3 cards when recruiting; keep one, the rest go to the bottom."""
    state = start(RECRUIT, gold=5, card="hostel" if hostel else None)
    deck = list(state.character_deck)
    scenario.act(state, f"act {RECRUIT}")
    top = deck[-drawn:]
    assert sorted(state.drawn) == sorted(top)
    assert sorted(scenario.legal(state)) == sorted([*(f"recruit {c}" for c in top), "decline"])
    scenario.act(state, f"recruit {top[0]}")
    assert state.boards[0].characters == [top[0]]
    assert sorted(state.character_deck[: drawn - 1]) == sorted(top[1:]), "the rest go to the bottom"
    assert len(state.character_deck) == len(deck) - 1


def lighthouse_ring(state: MuranoState) -> None:
    """The red ship on space 3, spaces 4 and 5 empty, the next ship on space 6 (Take 2 Gold)."""
    scenario.set_ships(state, [3, 6, 9, 10, 11, 12, 13, 14], red=3)


def test_lighthouse_red_ship_onto_the_next_occupied_space() -> None:
    """Lighthouse: move the red ship onto the first occupied action space it meets (not past other ships)
    and use its action rather than emptying the space; no ship is paid for."""
    state = start(TAKE_GOLD, gold=0, card="lighthouse")
    lighthouse_ring(state)
    assert "lighthouse" in scenario.legal(state)
    events = scenario.act(state, "lighthouse")
    assert state.ring.red == 5 and state.ring.occupied[5] == 2 and state.ring.occupied[2] == 0
    assert state.ring.occupied[8] == 1, "the ships beyond are not moved"
    assert state.boards[0].gold == 2, "Take 2 Gold, for free"
    assert any(e.kind == "lighthouse" for e in events)
    assert state.actor == 1


def test_lighthouse_only_for_its_owner() -> None:
    """Lighthouse: only its owner may sail the red ship onto an occupied space."""
    state = start(TAKE_GOLD, gold=0)
    lighthouse_ring(state)
    assert "lighthouse" not in scenario.legal(state)
    with pytest.raises(IllegalAction, match="Lighthouse"):
        scenario.act(state, "lighthouse")


def test_lighthouse_only_where_the_action_can_be_carried_out() -> None:
    """Lighthouse: the action of the space reached must be one the player can carry out (Buy a Special
    Building needs 2 gold)."""
    state = start(TAKE_GOLD, gold=1, card="lighthouse")
    scenario.set_ships(state, [15, 17, 1, 3, 5, 7, 9, 11], red=15)
    assert "lighthouse" not in scenario.legal(state)
    state.boards[0].gold = 2
    scenario.changed(state)
    assert "lighthouse" in scenario.legal(state)
    scenario.act(state, "lighthouse")
    assert state.boards[0].specials == 1 and state.boards[0].gold == 0 and state.ring.red == 16


def test_lighthouse_two_ships_on_a_space_choose_which_moves() -> None:
    """Lighthouse: the other players use the red ship like any other ship; where two ships share a space,
    the player moving one chooses which (`sail 6 7 red` / `sail 6 7 black`)."""
    state = start(TAKE_GOLD, gold=0, card="lighthouse")
    lighthouse_ring(state)
    scenario.act(state, "lighthouse")
    scenario.act(state, "pass 7", seat=1)
    assert scenario.phase_of(state) is Phase.MOVER
    assert scenario.legal(state) == ["sail 6 7 red", "sail 6 7 black"]
    scenario.act(state, "sail 6 7 black")
    assert state.ring.occupied[5] == 1 and state.ring.occupied[6] == 1 and state.ring.red == 5
    assert state.actor == 0


def test_lighthouse_gives_no_red_ship_gold() -> None:
    """Red Ship Gold: 1 gold for moving the red ship onto the action used, but not by the Lighthouse."""
    state = start(TAKE_GOLD, gold=0, red_ship_gold=True, card="lighthouse")
    lighthouse_ring(state)
    scenario.act(state, "lighthouse")
    assert state.boards[0].gold == 2


# Studio


def test_studio_sells_one_colour_as_the_other() -> None:
    """Studio: the red/green Studio lets red beads be used as green ones and vice versa when selling."""
    state = start(PRODUCTION, gold=0)
    scenario.give_card(state, 0, "studio", "red/green")
    scenario.beads(state, 0, red=2, green=1)
    to_selling(state)
    assert sales(state) == [f"sell {c} {n}" for c in ("red", "green") for n in (1, 2, 3)]
    scenario.act(state, "sell green 3")
    assert state.boards[0].gold == 20 and state.boards[0].beads.total() == 0


def test_without_studio_only_beads_of_the_colour() -> None:
    """Production: without a Studio, 1-3 beads of one colour that you have."""
    state = start(PRODUCTION, gold=0)
    scenario.beads(state, 0, red=2, green=1)
    to_selling(state)
    assert sales(state) == ["sell red 1", "sell red 2", "sell green 1"]
    with pytest.raises(IllegalAction, match="beads"):
        scenario.act(state, "sell green 3")


def test_studio_own_colour_used_first() -> None:
    """Studio: a sale of green with green and red beads (red/green Studio) spends the green bead first."""
    state = start(PRODUCTION, gold=0)
    scenario.give_card(state, 0, "studio", "red/green")
    scenario.beads(state, 0, red=2, green=1)
    to_selling(state)
    scenario.act(state, "sell green 1")
    assert state.boards[0].beads[Bead.GREEN] == 0 and state.boards[0].beads[Bead.RED] == 2


def test_studio_one_per_bead_no_chains() -> None:
    """Studio, Yucata: no more than one Studio for a bead: with the red/blue and blue/green Studios a red
    bead cannot be used as a green one (the rules' example)."""
    state = start(PRODUCTION, gold=0)
    scenario.give_card(state, 0, "studio", "red/blue")
    scenario.give_card(state, 0, "studio", "blue/green")
    scenario.beads(state, 0, red=1, blue=1)
    to_selling(state)
    legal = sales(state)
    assert "sell green 1" in legal, "the blue bead may be green"
    assert "sell green 2" not in legal, "the red one may not"
    assert "sell red 2" in legal and "sell blue 2" in legal
    with pytest.raises(IllegalAction):
        scenario.act(state, "sell green 2")


def test_studio_no_chain_with_a_red_bead_only() -> None:
    """Studio, Yucata: with the red/blue and blue/green Studios and only a red bead, nothing is sold as
    green."""
    state = start(PRODUCTION, gold=0)
    scenario.give_card(state, 0, "studio", "red/blue")
    scenario.give_card(state, 0, "studio", "blue/green")
    scenario.beads(state, 0, red=1)
    to_selling(state)
    assert sales(state) == ["sell red 1", "sell blue 1"]


def final_scoring(state: MuranoState, seat: int = 0) -> None:
    """`seat` takes the last turn of the game: the final scoring begins with it."""
    state.triggered_by = seat
    state.last_turns = []
    scenario.ready(state, TAKE_GOLD, seat)
    scenario.act(state, f"act {TAKE_GOLD}")
    assert scenario.phase_of(state) is Phase.SCORING


@pytest.mark.parametrize(("option", "most"), [(False, 3), (True, 1)])
def test_studio_during_scoring(option: bool, most: int) -> None:
    """Studio: usable when scoring the bead character cards; not with the option No Studios During
    Scoring."""
    state = scenario.new(2, seed=9, no_studios_in_scoring=option)
    scenario.give_card(state, 0, "studio", "red/blue")
    scenario.beads(state, 0, red=1, blue=2)
    scenario.gondolier_at(state, 0, "donato", "orange")
    scenario.give_character(state, 0, "C38")
    final_scoring(state)
    assert scenario.legal(state) == [f"score C38 donato {n}" for n in range(most + 1)]
    scenario.act(state, f"score C38 donato {most}")
    assert state.boards[0].vp["character cards"] == 7 * most
    assert state.boards[0].beads[Bead.RED] == 0, "the red bead is returned first"
    assert state.boards[0].beads[Bead.BLUE] == 3 - most


def test_studio_no_chain_during_scoring() -> None:
    """Studio, Yucata: one Studio per bead also when scoring: with the red/blue and blue/green Studios the
    red beads cannot be returned for the green bead card."""
    state = scenario.new(2, seed=9)
    scenario.give_card(state, 0, "studio", "red/blue")
    scenario.give_card(state, 0, "studio", "blue/green")
    scenario.beads(state, 0, red=3)
    scenario.gondolier_at(state, 0, "mattia", "orange")
    scenario.give_character(state, 0, "C39")
    final_scoring(state)
    assert scenario.legal(state) == ["score C39 mattia 0", "skip C39"]


@pytest.mark.parametrize("limit", [True, False])
def test_one_studio_limit(limit: bool) -> None:
    """One Studio Limit: a player can take only one Studio; a second one drawn cannot be chosen (without
    the option it can)."""
    state = start(BUILD, one_studio_limit=limit)
    first = scenario.give_card(state, 0, "studio", "red/green")
    special(state)
    scenario.street(state, "donato.5")
    on_top(state, "X12", "X01", "X02")
    scenario.act(state, f"act {BUILD}")
    scenario.act(state, "build special donato.1")
    legal = scenario.legal(state)
    assert ("card X12" in legal) is not limit
    assert "card X01" in legal and "card X02" in legal
    if limit:
        with pytest.raises(IllegalAction, match=r"(?i)studio"):
            scenario.act(state, "card X12")
    else:
        scenario.act(state, "card X12")
        assert state.boards[0].special_cards == [first, "X12"]


def test_one_studio_limit_first_studio_allowed() -> None:
    """One Studio Limit: the first Studio can be taken."""
    state = start(BUILD, one_studio_limit=True)
    special(state)
    scenario.street(state, "donato.5")
    on_top(state, "X12", "X01", "X02")
    scenario.act(state, f"act {BUILD}")
    scenario.act(state, "build special donato.1")
    scenario.act(state, "card X12")
    assert state.boards[0].special_cards == ["X12"]


@pytest.mark.parametrize(("tavern", "owned", "cost"), [(True, 0, 0), (True, 1, 0), (True, 3, 2), (False, 3, 4)])
def test_tavern(tavern: bool, owned: int, cost: int) -> None:
    """Tavern: pay 2 fewer gold (not below zero) for a character card; no gold is received when the first
    card costs nothing."""
    state = start(RECRUIT, gold=5, card="tavern" if tavern else None)
    for card in state.character_deck[:owned]:
        scenario.give_character(state, 0, card)
    scenario.act(state, f"act {RECRUIT}")
    scenario.act(state, f"recruit {state.drawn[0]}")
    assert state.boards[0].gold == 5 - cost
    assert len(state.boards[0].characters) == owned + 1


def test_tavern_free_card_with_no_gold() -> None:
    """Tavern: the first card costs 0 gold, so it can be recruited with an empty purse."""
    state = start(RECRUIT, gold=0, card="tavern")
    scenario.act(state, f"act {RECRUIT}")
    assert len(scenario.legal(state)) == 4
    scenario.act(state, f"recruit {state.drawn[1]}")
    assert state.boards[0].gold == 0 and len(state.boards[0].characters) == 1


def test_trading_station_one_more_bead_one_returned() -> None:
    """Trading Station: draw one more glass bead when producing; at the end of the turn return a glass bead
    to the bag, so the number of beads does not grow."""
    state = start(PRODUCTION, gold=0)
    factories(state, 1)
    scenario.give_card(state, 0, "trading-station")
    only_in_bag(state, Bead.RED)
    bag = state.bag[Bead.RED]
    scenario.act(state, f"act {PRODUCTION}")
    scenario.act(state, "produce 1")
    assert state.boards[0].beads[Bead.RED] == 2 and state.bag[Bead.RED] == bag - 2
    scenario.act(state, "keep")
    assert scenario.phase_of(state) is Phase.RETURN_BEAD and state.actor == 0
    assert scenario.legal(state) == ["return red"]
    scenario.act(state, "return red")
    assert state.boards[0].beads[Bead.RED] == 1 and state.bag[Bead.RED] == bag - 1
    assert scenario.phase_of(state) is Phase.TURN and state.actor == 1


def test_trading_station_sale_must_leave_a_bead() -> None:
    """Trading Station: you cannot escape the return by selling all your beads; you must keep at least 1
    glass bead to return."""
    state = start(PRODUCTION, gold=0)
    factories(state, 1)
    scenario.give_card(state, 0, "trading-station")
    only_in_bag(state, Bead.RED)
    scenario.act(state, f"act {PRODUCTION}")
    scenario.act(state, "produce 1")
    assert sales(state) == ["sell red 1"]
    with pytest.raises(IllegalAction):
        scenario.act(state, "sell red 2")
    scenario.act(state, "sell red 1")
    assert state.boards[0].gold == 5
    assert scenario.phase_of(state) is Phase.RETURN_BEAD
    scenario.act(state, "return red")
    assert state.boards[0].beads.total() == 0


def test_trading_station_choice_of_bead() -> None:
    """Trading Station: the player returns a bead of their choice."""
    state = start(PRODUCTION, gold=0)
    factories(state, 1)
    scenario.give_card(state, 0, "trading-station")
    scenario.beads(state, 0, blue=1, green=1)
    only_in_bag(state, Bead.RED)
    scenario.act(state, f"act {PRODUCTION}")
    scenario.act(state, "produce 1")
    scenario.act(state, "keep")
    assert scenario.legal(state) == ["return red", "return green", "return blue"]
    scenario.act(state, "return green")
    beads = state.boards[0].beads
    assert (beads[Bead.RED], beads[Bead.GREEN], beads[Bead.BLUE]) == (2, 0, 1)


def test_trading_station_not_when_only_selling() -> None:
    """Trading Station: it works when producing glass; a Production used only to sell draws nothing more,
    may sell every bead and returns none."""
    state = start(PRODUCTION, gold=0, card="trading-station")
    scenario.beads(state, 0, red=2)
    bag = state.bag.total()
    to_selling(state)
    assert "sell red 2" in sales(state)
    scenario.act(state, "sell red 2")
    assert state.boards[0].beads.total() == 0 and state.bag.total() == bag + 2
    assert scenario.phase_of(state) is Phase.TURN and state.actor == 1
