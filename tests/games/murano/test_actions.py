"""The simple actions of Murano (rules page: The Actions — Take 2 Gold, Buy a Glass Factory, Buy a Shop,
Buy a Palace, Buy a Special Building, Recruit a Character, Place a Gondolier and Gondolier).

Each test puts the eight ships so that the chosen action space is empty and the nearest ship behind it
sails onto it for free, hands the turn to a seat with a known purse, and plays the action in the notation.
"""

from __future__ import annotations

from collections import Counter

import pytest

from laguna.core.errors import IllegalAction
from laguna.games.murano import MuranoState, Phase
from laguna.games.murano.rules.gondoliers import MAX_GONDOLIERS
from tests.games.murano import scenario

TAKE_GOLD = 6
BUY_FACTORY = 2
BUY_SHOP = 4
BUY_PALACE = 8
BUY_SPECIAL = 17
RECRUIT = 3
PLACE_GONDOLIER = 5
GONDOLIER = 18


def start(space: int, seat: int = 0, gold: int | None = None, players: int = 2, **options: bool) -> MuranoState:
    state = scenario.new(players, seed=3, **options)
    scenario.ready(state, space, seat, gold)
    return state


def chosen(space: int, gold: int) -> MuranoState:
    """Seat 0, holding `gold`, has just chosen the action of `space`."""
    state = start(space, gold=gold)
    scenario.act(state, f"act {space}")
    return state


# --------------------------------------------------------------------------- Take 2 Gold


def test_take_two_gold() -> None:
    """Take 2 Gold: take 2 gold from the supply; the turn then passes to the left."""
    state = start(TAKE_GOLD, gold=5)
    events = scenario.act(state, "act 6")
    assert state.boards[0].gold == 7
    assert state.boards[1].gold == 5
    assert any(e.kind == "gold" and e.seat == 0 for e in events)
    assert state.actor == 1 and state.phase is Phase.TURN


# --------------------------------------------------------------------------- Buy a Glass Factory


@pytest.mark.parametrize(
    ("space", "gold", "left", "stack", "tiles"),
    [
        pytest.param(BUY_FACTORY, 1, 0, "factory_stack", "factories", id="glass-factory-one-gold"),
        pytest.param(BUY_SPECIAL, 3, 1, "special_stack", "specials", id="special-building-two-gold"),
    ],
)
def test_buy_a_glass_factory_or_special_building(space: int, gold: int, left: int, stack: str, tiles: str) -> None:
    """Buy a Glass Factory: pay 1 gold and take a glass factory tile, put in front of the buyer. Buy a
    Special Building: pay 2 gold and take a special building tile. Both tiles come from a stack of
    face-down tiles that is only counted."""
    state = start(space, gold=gold)
    before = getattr(state, stack)
    scenario.act(state, f"act {space}")
    assert state.boards[0].gold == left
    assert getattr(state.boards[0], tiles) == 1
    assert getattr(state, stack) == before - 1
    assert state.actor == 1


def test_buy_a_glass_factory_needs_one_gold() -> None:
    """Buy a Glass Factory: without the 1 gold to pay, the action cannot be chosen."""
    state = start(BUY_FACTORY, gold=0)
    scenario.refused(state, "act 2", "cannot carry out buy a glass factory")
    assert state.boards[0].factories == 0


# --------------------------------------------------------------------------- Buy a Shop / Buy a Palace


def test_buy_shop_offers_top_or_look() -> None:
    """Buy a Shop: EITHER pay 2 gold for the topmost tile OR pay 4 gold to look through the stack."""
    state = chosen(BUY_SHOP, gold=4)
    assert scenario.phase_of(state) is Phase.BUY
    assert scenario.legal(state) == ["shop top", "shop look"]


def test_buy_shop_top_tile_for_two_gold() -> None:
    """Buy a Shop: pay 2 gold, take the topmost tile of the stack and put it face down in front of you."""
    state = start(BUY_SHOP, gold=4)
    top = state.shop_stack[-1]
    below = state.shop_stack[:-1]
    scenario.act(state, "act 4")
    scenario.act(state, "shop top")
    assert state.boards[0].shops == [top]
    assert state.boards[0].gold == 2
    assert state.shop_stack == below, "taking the top tile leaves the rest of the stack as it was"
    assert state.actor == 1


def test_buy_shop_look_then_choose_for_four_gold() -> None:
    """Buy a Shop: pay 4 gold, look through the stack, choose one; the remaining stack is shuffled."""
    state = start(BUY_SHOP, gold=6)
    before = list(state.shop_stack)
    scenario.act(state, "act 4")
    scenario.act(state, "shop look")
    assert state.boards[0].gold == 2, "looking costs 4 gold"
    assert scenario.legal(state) == ["shop red", "shop blue", "shop grey"]
    scenario.act(state, "shop blue")
    (bought,) = state.boards[0].shops
    assert state._shop(bought).colour.value == "blue"
    assert state.boards[0].gold == 2, "nothing more is paid for the chosen tile"
    rest = [t for t in before if t != bought]
    assert Counter(state.shop_stack) == Counter(rest)
    assert state.shop_stack != rest, "the remaining stack is shuffled"
    assert state.actor == 1


def test_buy_shop_choice_only_among_the_stack() -> None:
    """Buy a Shop: the chosen tile comes from the stack looked through; a colour no longer in it cannot be taken."""
    state = start(BUY_SHOP, gold=6)
    state.shop_stack = [t for t in state.shop_stack if state._shop(t).colour.value != "grey"]
    scenario.act(state, "act 4")
    scenario.act(state, "shop look")
    scenario.refused(state, "shop grey", "not in the stack")


def test_buy_shop_look_needs_four_gold() -> None:
    """Buy a Shop: with 3 gold only the topmost tile (2 gold) can be bought, not a look (4 gold)."""
    state = chosen(BUY_SHOP, gold=3)
    assert scenario.legal(state) == ["shop top"]
    with pytest.raises(IllegalAction, match="4 a chosen one"):
        scenario.act(state, "shop look")
    assert state.boards[0].gold == 3


@pytest.mark.parametrize(
    ("space", "action"),
    [
        pytest.param(BUY_SHOP, "buy a shop", id="buy-a-shop"),
        pytest.param(PLACE_GONDOLIER, "place a gondolier", id="place-a-gondolier"),
    ],
)
def test_an_action_costing_two_gold_needs_two_gold(space: int, action: str) -> None:
    """Buy a Shop: with less than 2 gold the action cannot be chosen. Place a Gondolier: with less than 2
    gold no gondola can be paid for."""
    state = start(space, gold=1)
    scenario.refused(state, f"act {space}", f"cannot carry out {action}")


def test_buy_palace_top_tile_for_two_gold() -> None:
    """Buy a Palace: pay 2 gold and take the topmost tile of the stack of palaces."""
    state = start(BUY_PALACE, gold=2)
    top = state.palace_stack[-1]
    scenario.act(state, "act 8")
    assert scenario.legal(state) == ["palace top"]
    scenario.act(state, "palace top")
    assert state.boards[0].palaces == [top]
    assert state.boards[0].gold == 0
    assert top not in state.palace_stack


def test_buy_palace_look_then_choose_for_four_gold() -> None:
    """Buy a Palace: pay 4 gold, look through the stack of palaces, choose one; the rest is shuffled."""
    state = start(BUY_PALACE, gold=4)
    before = list(state.palace_stack)
    scenario.act(state, "act 8")
    scenario.act(state, "palace look")
    crests = sorted({state._palace(p).crests for p in before})
    assert scenario.legal(state) == [f"palace {n}" for n in crests]
    scenario.act(state, "palace 3")
    (bought,) = state.boards[0].palaces
    assert state._palace(bought).crests == 3
    assert state.boards[0].gold == 0
    rest = [p for p in before if p != bought]
    assert Counter(state.palace_stack) == Counter(rest)
    assert state.palace_stack != rest, "the remaining stack is shuffled"


def test_bought_shops_and_palaces_lie_face_down() -> None:
    """Buy a Shop / Buy a Palace: the tile is put face down; its owner may look at it any time, the
    others see only how many there are."""
    state = chosen(BUY_SHOP, gold=10)
    scenario.act(state, "shop look")
    scenario.act(state, "shop red")
    scenario.give_palace(state, 0, 2)
    own = state.view(0)["seats"][0]
    other = state.view(1)["seats"][0]
    assert own["shops"] == ["red"] and own["palaces"] == [2]
    assert other["shops"] == 1 and other["palaces"] == 1
    assert state.view(None)["seats"][0]["shops"] == 1


# --------------------------------------------------------------------------- Buy a Special Building


def test_buy_a_special_building_needs_two_gold() -> None:
    """Buy a Special Building: with 1 gold the action cannot be chosen."""
    state = start(BUY_SPECIAL, gold=1)
    with pytest.raises(IllegalAction, match="cannot carry out buy a special building"):
        scenario.act(state, "act 17")
    assert state.boards[0].specials == 0


# --------------------------------------------------------------------------- Recruit a Character


def test_recruit_draws_three_and_returns_the_others_to_the_bottom() -> None:
    """Recruit a Character: draw 3 cards, buy one, return the other cards to the bottom of the stack."""
    state = start(RECRUIT, gold=5)
    before = list(state.character_deck)
    drawn = before[-3:]
    scenario.act(state, "act 3")
    assert scenario.phase_of(state) is Phase.RECRUIT
    assert sorted(state.drawn) == sorted(drawn)
    assert sorted(scenario.legal(state)) == sorted([*(f"recruit {c}" for c in drawn), "decline"])
    chosen = drawn[0]
    scenario.act(state, f"recruit {chosen}")
    assert state.boards[0].characters == [chosen]
    assert state.boards[0].gold == 4, "the first character card costs 1 gold"
    others = [c for c in drawn if c != chosen]
    assert sorted(state.character_deck[:2]) == sorted(others), "the others go to the bottom"
    assert state.character_deck[2:] == before[:-3], "the rest of the deck keeps its order"
    assert state.drawn == []
    assert state.actor == 1


@pytest.mark.parametrize("owned", [1, 2, 4])
def test_recruit_nth_card_costs_n(owned: int) -> None:
    """Recruit a Character: the first, second, third, etc. character card costs 1, 2, 3, etc. gold."""
    state = start(RECRUIT, gold=10)
    for card in state.character_deck[:owned]:
        scenario.give_character(state, 0, card)
    scenario.act(state, "act 3")
    card = state.drawn[1]
    scenario.act(state, f"recruit {card}")
    assert state.boards[0].gold == 10 - (owned + 1)
    assert len(state.boards[0].characters) == owned + 1


def test_recruit_may_buy_none_and_keep_the_gold() -> None:
    """Recruit a Character: a player may put all the drawn cards back (to the bottom) and keep the gold."""
    state = start(RECRUIT, gold=5)
    before = list(state.character_deck)
    scenario.act(state, "act 3")
    events = scenario.act(state, "decline")
    assert state.boards[0].gold == 5, "no gold paid, and none gained (this is not a pass)"
    assert state.boards[0].characters == []
    assert sorted(state.character_deck[:3]) == sorted(before[-3:])
    assert state.character_deck[3:] == before[:-3]
    assert len(state.character_deck) == len(before)
    assert not any(e.kind == "pass" for e in events)
    assert state.actor == 1


def test_recruit_draws_what_is_left() -> None:
    """Recruit a Character: draw 3 cards if available; otherwise draw whatever number is left."""
    state = start(RECRUIT, gold=5)
    state.boxed_characters = [*state.boxed_characters, *state.character_deck[:-2]]
    state.character_deck = state.character_deck[-2:]
    left = list(state.character_deck)
    scenario.changed(state)
    scenario.act(state, "act 3")
    assert sorted(state.drawn) == sorted(left)
    assert state.character_deck == []
    scenario.act(state, f"recruit {left[0]}")
    assert state.character_deck == [left[1]]


def test_recruit_needs_cards_in_the_deck() -> None:
    """Recruit a Character: with the deck empty there is nothing to draw; the action cannot be chosen."""
    state = start(RECRUIT, gold=5)
    state.boxed_characters = [*state.boxed_characters, *state.character_deck]
    state.character_deck = []
    scenario.changed(state)
    scenario.refused(state, "act 3", "cannot carry out recruit a character")


def test_recruit_drawn_cards_are_seen_by_the_drawer_only() -> None:
    """Recruit a Character: character cards are kept secret; the cards drawn are seen by the drawer alone."""
    state = chosen(RECRUIT, gold=5)
    assert sorted(state.view(0)["drawn"]) == sorted(state.drawn)
    assert state.view(1)["drawn"] == 3
    assert state.view(None)["drawn"] == 3


def test_recruit_cannot_pay() -> None:
    """Recruit a Character: a card must be paid for; without the gold only declining remains."""
    state = chosen(RECRUIT, gold=0)
    assert scenario.legal(state) == ["decline"]
    with pytest.raises(IllegalAction, match="costs 1 gold; you have 0"):
        scenario.act(state, f"recruit {state.drawn[0]}")


def test_recruit_only_a_drawn_card() -> None:
    """Recruit a Character: the card bought is one of the cards drawn."""
    state = chosen(RECRUIT, gold=5)
    elsewhere = state.character_deck[0]
    with pytest.raises(IllegalAction, match=f"{elsewhere} is not among the cards drawn"):
        scenario.act(state, f"recruit {elsewhere}")


# --------------------------------------------------------------------------- Place a Gondolier


def test_place_gondolier_on_own_colour_for_two_gold() -> None:
    """Place a Gondolier: pay 2 gold and place a gondolier on a gondola of your colour at one of the islands."""
    state = chosen(PLACE_GONDOLIER, gold=2)
    assert scenario.phase_of(state) is Phase.GONDOLA
    assert scenario.legal(state) == [f"gondola {i.id} orange" for i in state.side.islands]
    scenario.act(state, "gondola mattia orange")
    assert state.gondolas == {("mattia", "orange"): 0}
    assert state.boards[0].gold == 0
    assert state.boards[0].gondoliers == 4, "the gondolier leaves the player's supply"
    assert state.actor == 1


def test_place_gondolier_on_any_colour_for_five_gold() -> None:
    """Place a Gondolier: OR pay 5 gold and place a gondolier on a gondola of any colour."""
    state = start(PLACE_GONDOLIER, seat=1, gold=5)
    scenario.act(state, "act 5")
    assert "gondola donato orange" in scenario.legal(state)
    scenario.act(state, "gondola donato orange")
    assert state.gondolas == {("donato", "orange"): 1}
    assert state.boards[1].gold == 0
    assert state.boards[1].gondoliers == 4


def test_place_gondolier_other_colour_needs_five_gold() -> None:
    """Place a Gondolier: with 4 gold only a gondola of the player's own colour can be paid for."""
    state = chosen(PLACE_GONDOLIER, gold=4)
    assert all(a.endswith("orange") for a in scenario.legal(state))
    with pytest.raises(IllegalAction, match="5 any other"):
        scenario.act(state, "gondola donato grey")
    assert state.gondolas == {}


def test_each_gondola_holds_one_gondolier() -> None:
    """Place a Gondolier: a gondola already holding a gondolier cannot take another."""
    state = start(PLACE_GONDOLIER, gold=10)
    scenario.gondolier_at(state, 1, "donato", "orange")
    scenario.act(state, "act 5")
    scenario.refused(state, "gondola donato orange", "taken")
    assert state.gondolas[("donato", "orange")] == 1


@pytest.mark.parametrize(
    ("space", "gold", "action"),
    [
        pytest.param(PLACE_GONDOLIER, 10, "place a gondolier", id="place-a-gondolier-without-one-in-hand"),
        pytest.param(GONDOLIER, 2, "gondolier", id="gondolier-with-nothing-to-hire-or-dismiss"),
    ],
)
def test_no_gondolier_in_hand(space: int, gold: int, action: str) -> None:
    """Place a Gondolier: only a gondolier in front of the player can be placed. Gondolier: with no
    gondolier to dismiss and not the 3 gold to hire, the action cannot be chosen."""
    state = start(space, gold=gold)
    state.boards[0].gondoliers = 0
    scenario.changed(state)
    with pytest.raises(IllegalAction, match=f"cannot carry out {action}"):
        scenario.act(state, f"act {space}")


# --------------------------------------------------------------------------- Gondolier


def test_dismiss_a_gondolier_for_three_gold() -> None:
    """Gondolier: dismiss a gondolier from your supply and take 3 gold."""
    state = chosen(GONDOLIER, gold=0)
    assert scenario.phase_of(state) is Phase.GONDOLIER
    assert scenario.legal(state) == ["dismiss"]
    scenario.act(state, "dismiss")
    assert state.boards[0].gold == 3
    assert state.boards[0].gondoliers == 4
    assert state.actor == 1


def test_hire_a_gondolier_for_three_gold() -> None:
    """Gondolier: alternatively hire a gondolier of your colour from the general supply for 3 gold."""
    state = chosen(GONDOLIER, gold=3)
    assert scenario.legal(state) == ["dismiss", "hire"]
    scenario.act(state, "hire")
    assert state.boards[0].gold == 0
    assert state.boards[0].gondoliers == 6


def test_at_most_seven_gondoliers() -> None:
    """Gondolier: you cannot have more than 7 gondoliers (in the supply and on gondolas together)."""
    state = start(GONDOLIER, gold=10)
    scenario.gondolier_at(state, 0, "donato", "orange")
    state.boards[0].gondoliers = MAX_GONDOLIERS - 1
    scenario.changed(state)
    scenario.act(state, "act 18")
    assert scenario.legal(state) == ["dismiss"]
    with pytest.raises(IllegalAction, match="at most 7 gondoliers"):
        scenario.act(state, "hire")
    assert state.boards[0].gondoliers == MAX_GONDOLIERS - 1


def test_hire_needs_three_gold() -> None:
    """Gondolier: hiring costs 3 gold; with 2 only a dismissal is possible."""
    state = chosen(GONDOLIER, gold=2)
    with pytest.raises(IllegalAction, match="hiring costs 3 gold"):
        scenario.act(state, "hire")


def test_dismiss_needs_a_gondolier_in_the_supply() -> None:
    """Gondolier: only a gondolier from the player's supply can be dismissed (not one on a gondola)."""
    state = start(GONDOLIER, gold=3)
    scenario.gondolier_at(state, 0, "donato", "orange")
    state.boards[0].gondoliers = 0
    scenario.changed(state)
    scenario.act(state, "act 18")
    assert scenario.legal(state) == ["hire"]
    with pytest.raises(IllegalAction, match=r"(?i)no gondolier"):
        scenario.act(state, "dismiss")
